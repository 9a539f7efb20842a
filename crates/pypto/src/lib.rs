//! `pto-pypto`: the `pypto` dialect (`td/pypto/*.td`), PyPTO's IR as MLIR. A program is a
//! `builtin.module` named after it; a function is a `func.func` whose PyPTO kind is the
//! discardable `pypto.function_type` attribute; `for` with iter_args, init values and
//! return variables and `if` with return variables are `scf.for`/`scf.if`/`scf.yield`.
//! This dialect holds PyPTO's types (`types.rs`: scalars are builtin types plus
//! `!pypto.hf4`/`!pypto.hf8`; `!pypto.tensor<[4, n], f32>` and `!pypto.tile<...>`, whose
//! shapes may name symbolic sizes and which carry a placement and a tile view), scalar
//! expressions with Python's semantics, tuples, and the registered operators
//! (`pypto.tensor.*`, `pypto.block.*`, `pypto.system.*`) with their keyword arguments as
//! attributes, whose result types are deduced (`infer.rs`): the importer builds with the
//! deduction and every registered op's verifier checks against it, naming the offending
//! operand.
//!
//! **Invariant:** a Python variable's name is the location of its definition (a
//! `NameLoc`, a fused location of them for several results; block arguments' locations,
//! and `pypto.arg_names` on `scf.for`, whose custom form drops block argument locations).
//! Names are not semantics: passes may drop them, and the exporter then invents `_tN`.
//!
//! Programs not in SSA form: a name defined again while an earlier definition is visible
//! (straight-line reassignment, an outer variable reassigned in a loop or branch, a
//! reassigned parameter or loop variable) is a cell, as a memory slot of mem2reg:
//! `%v = pypto.var : !pypto.var<T>` (named by its location, declared at the top of the
//! function), `pypto.assign`, `pypto.read`; [`ssa`] removes them. Other names stay SSA
//! values under PyPTO's block scoping. `y = x` is `pypto.alias` (a definition of its own,
//! as PyPTO's `AssignStmt` of a variable; it folds away). Structural equality and hashing
//! are `structural.rs` (`pypto-structural-equal`: `structural_check.rs`).
//!
//! PyPTO's passes are in [`transforms`] and [`ssa`]; its lowering goes to block level
//! ([`pypto_tensor_to_block`]), then to the `pto` dialect ([`pypto_block_to_pto`]), both
//! built with `build::PyptoBuilder`; [`pypto_to_llvm`] is the whole pipeline, and
//! [`run_abi`] is how `pto-run` calls a lowered entry. The Python form is
//! `pto-pypto-python`'s.

#![warn(missing_docs)]
#![allow(clippy::result_unit_err)]

// Generated code names this crate's items by absolute path (`::pto_pypto::...`).
extern crate self as pto_pypto;

pub mod build;
pub mod dims;
pub mod infer;
pub mod pypto_block_to_pto;
pub mod pypto_tensor_to_block;
pub mod pypto_to_llvm;
pub mod run_abi;
pub mod ssa;
pub mod structural;
pub mod structural_check;
pub mod transforms;
pub mod types;

use smallvec::{smallvec, SmallVec};

use pto_ir::asm::{OpAsmParser, OpAsmPrinter};
use pto_ir::builder::OpBuilder;
use pto_ir::verifier::op_error;
use pto_ir::{
    AttrKind, Attribute, Body, Context, Diagnostic, Folded, Location, OpId, OperationState, Type,
    TypeKind,
};

use types::{
    parse_type_tensor, parse_type_tile, print_type_tensor, print_type_tile, verify_type_tensor,
    verify_type_tile,
};

mod ods {
    include!(concat!(env!("OUT_DIR"), "/pypto_ods.rs"));
}
pub use ods::*;

include!(concat!(env!("OUT_DIR"), "/dialects.rs"));

/// Registers the `pypto` dialect in `ctx`.
pub fn register_dialects(ctx: &mut pto_ir::Context) {
    for dialect in DIALECTS {
        ctx.register_dialect(dialect);
    }
}

/// Adds the `pypto` dialect, its passes, its lowering to `pto` and the entry ABI of
/// PyPTO programs to a tool.
pub fn register(registry: &mut pto_pass::Registry) {
    use pto_pass::registry::{Lowering, LoweringGoal};
    registry
        .dialects(DIALECTS)
        .passes_from(register_passes)
        .lowering(Lowering {
            name: "pypto-to-pto",
            dialects: &["pypto"],
            produces: &["pto", "func", "scf", "arith", "memref"],
            goals: &[LoweringGoal::Interpret, LoweringGoal::Compile],
            pipeline: |_| run_abi::PYPTO_PIPELINE.to_string(),
        })
        .add(pto_interp::abi::EntryAbiProvider {
            dialect: DIALECT.name,
            capture: run_abi::capture,
        });
}

mod passes {
    include!(concat!(env!("OUT_DIR"), "/passes.rs"));
}
pub use passes::*;

/// The discardable attribute of a `func.func` that gives its PyPTO function type.
pub const FUNCTION_TYPE_ATTR: &str = "pypto.function_type";

/// The discardable attribute of an `scf.for` imported from Python that names its loop
/// variable and iter_args (MLIR's custom form of `scf.for` does not print block argument
/// locations).
pub const ARG_NAMES_ATTR: &str = "pypto.arg_names";

type VResult<'c> = Result<(), Diagnostic<'c>>;

// ---- constants -------------------------------------------------------------------------

/// `pypto.const 42 : i32`: arith.constant's syntax.
fn parse_const<'c>(p: &mut dyn OpAsmParser<'c>, state: &mut OperationState<'c>) -> Result<(), ()> {
    pto_dialects::arith::parse_constant(p, state)
}

fn print_const<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    pto_dialects::arith::print_constant(p, body, op)
}

fn verify_const<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let ty = body.value_type(body.result(op, 0));
    let Some(v) = body.attr(op, "value") else {
        return Ok(());
    };
    if v.ty() != Some(ty) {
        return Err(op_error(
            body,
            op,
            "failed to verify that all of {value, result} have same type",
        ));
    }
    if !matches!(v.kind(), AttrKind::Integer { .. } | AttrKind::Float { .. }) {
        return Err(op_error(body, op, "value must be an integer or float"));
    }
    Ok(())
}

/// Folder hook: a constant folds to its value.
fn fold_const<'c>(
    _: &'c Context,
    body: &Body<'c>,
    op: OpId,
    _: &[Option<Attribute<'c>>],
) -> Option<SmallVec<[Folded<'c>; 1]>> {
    body.attr(op, "value").map(|v| smallvec![Folded::Attr(v)])
}

/// Constants of folded `pypto` ops are `pypto.const`s.
pub fn materialize_constant<'c>(
    b: &mut OpBuilder<'_, 'c>,
    value: Attribute<'c>,
    ty: Type<'c>,
    loc: Location<'c>,
) -> Option<OpId> {
    if value.ty() != Some(ty)
        || !matches!(
            value.kind(),
            AttrKind::Integer { .. } | AttrKind::Float { .. }
        )
    {
        return None;
    }
    Some(ConstOp::build(b, loc, ty, value).0)
}

// ---- tuples ----------------------------------------------------------------------------

fn verify_make_tuple<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let TypeKind::Tuple(elems) = *body.value_type(body.result(op, 0)).kind() else {
        return Ok(());
    };
    let given: Vec<Type<'c>> = body.operands(op).map(|v| body.value_type(v)).collect();
    if given.as_slice() != elems {
        return Err(op_error(
            body,
            op,
            "result tuple type must list the operand types",
        ));
    }
    Ok(())
}

fn verify_tuple_get_item<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let TypeKind::Tuple(elems) = *body.value_type(body.operand(op, 0)).kind() else {
        return Ok(());
    };
    let index = body
        .attr(op, "index")
        .and_then(|a| a.as_int())
        .unwrap_or(-1);
    let Some(&t) = usize::try_from(index).ok().and_then(|i| elems.get(i)) else {
        return Err(op_error(
            body,
            op,
            &format!(
                "index {index} is out of range for a tuple of {} elements",
                elems.len()
            ),
        ));
    };
    if body.value_type(body.result(op, 0)) != t {
        return Err(op_error(
            body,
            op,
            "result type must be the type of the tuple element",
        ));
    }
    Ok(())
}

// ---- variables -------------------------------------------------------------------------

/// The type of the values a `!pypto.var<T>` cell holds (`T`), or `None` for another type.
pub fn var_value_type(ty: Type<'_>) -> Option<Type<'_>> {
    VarType::from_type(ty).map(|v| v.value_type())
}

fn check_cell_type<'c>(body: &Body<'c>, op: OpId, value: pto_ir::ValueId) -> VResult<'c> {
    let cell = body.value_type(body.operand(op, 0));
    if var_value_type(cell) != Some(body.value_type(value)) {
        return Err(op_error(
            body,
            op,
            &format!(
                "value of type {} does not fit a variable of type {}",
                pto_ir::printer::type_to_string(body.value_type(value)),
                pto_ir::printer::type_to_string(cell)
            ),
        ));
    }
    Ok(())
}

fn verify_assign<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    check_cell_type(body, op, body.operand(op, 1))
}

fn verify_read<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    check_cell_type(body, op, body.result(op, 0))
}

/// `y = x` is `x`.
fn fold_alias<'c>(
    _: &'c Context,
    body: &Body<'c>,
    op: OpId,
    _: &[Option<Attribute<'c>>],
) -> Option<SmallVec<[Folded<'c>; 1]>> {
    Some(smallvec![Folded::Value(body.operand(op, 0))])
}

// ---- registered operators --------------------------------------------------------------

macro_rules! registered_verifiers {
    ($($name:ident),* $(,)?) => {
        $(
            fn $name<'c>(ctx: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
                infer::verify_registered(ctx, body, op)
            }
        )*
    };
}

registered_verifiers!(
    verify_tensor_create,
    verify_tensor_view,
    verify_tensor_assemble,
    verify_tensor_add,
    verify_tensor_sub,
    verify_tensor_mul,
    verify_tensor_div,
    verify_tensor_maximum,
    verify_tensor_minimum,
    verify_tensor_add_scalar,
    verify_tensor_sub_scalar,
    verify_tensor_mul_scalar,
    verify_tensor_div_scalar,
    verify_tensor_exp,
    verify_tensor_neg,
    verify_tensor_sqrt,
    verify_tensor_rsqrt,
    verify_tensor_recip,
    verify_tensor_log,
    verify_tensor_abs,
    verify_tensor_relu,
    verify_tensor_maximum_scalar,
    verify_tensor_minimum_scalar,
    verify_tensor_matmul,
    verify_tensor_row_max,
    verify_tensor_row_sum,
    verify_tensor_row_min,
    verify_tensor_row_prod,
    verify_tensor_cast,
    verify_tensor_reshape,
    verify_tensor_transpose,
    verify_block_load,
    verify_block_store,
    verify_block_move,
    verify_block_alloc,
    verify_block_get_block_idx,
    verify_block_add,
    verify_block_sub,
    verify_block_mul,
    verify_block_div,
    verify_block_maximum,
    verify_block_minimum,
    verify_block_adds,
    verify_block_subs,
    verify_block_muls,
    verify_block_divs,
    verify_block_neg,
    verify_block_exp,
    verify_block_recip,
    verify_block_sqrt,
    verify_block_rsqrt,
    verify_block_log,
    verify_block_abs,
    verify_block_relu,
    verify_block_maxs,
    verify_block_mins,
    verify_block_cast,
    verify_block_sum,
    verify_block_max,
    verify_block_row_max,
    verify_block_row_min,
    verify_block_row_prod,
    verify_block_row_sum,
    verify_block_row_expand_sub,
    verify_block_row_expand_div,
    verify_block_row_expand_mul,
    verify_block_matmul,
    verify_block_matmul_acc,
    verify_system_sync_src,
    verify_system_sync_dst,
    verify_system_bar_v,
    verify_system_bar_m,
    verify_system_bar_all,
);

/// The hardware pipe that executes `op`: its `PipeOpInterface` model, which every
/// `block.*` op declares (PyPTO's registry). `None` for tensor-level ops, scalar
/// expressions and other dialects' ops.
pub fn op_pipe(body: &pto_ir::Body<'_>, op: pto_ir::OpId) -> Option<PipeKind> {
    Some(
        body.op_name(op)
            .def?
            .declared_interface::<dyn PipeOpInterface>()?
            .pipe(),
    )
}

fn pipe_block_load() -> PipeKind {
    PipeKind::MTE2
}
fn pipe_block_store() -> PipeKind {
    PipeKind::MTE3
}
fn pipe_block_move() -> PipeKind {
    PipeKind::MTE1
}
fn pipe_block_get_block_idx() -> PipeKind {
    PipeKind::S
}
fn pipe_block_matmul() -> PipeKind {
    PipeKind::M
}
fn pipe_block_matmul_acc() -> PipeKind {
    PipeKind::M
}
