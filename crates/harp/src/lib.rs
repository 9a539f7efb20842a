//! `pto-harp`: the `harp` dialect (`td/harp/HarpOps.td`), the kernel IR of Harp
//! (github.com/uthree/harp, `docs/ir_spec.md`) as MLIR, with what upstream leaves
//! undone: typed registers, stores, launch grids, buffer sizes and an arena that is
//! checked.
//!
//! A `harp.func` holds its buffer table and its kernels; a kernel's instructions are
//! SSA values (Harp's virtual registers, so "defined once, before use" is the SSA
//! rule). [`view`] is the ShapeTracker arithmetic (extents, bounds), [`verify`] the
//! function-level checks (buffers, liveness, accesses), [`text`] Harp's own printed
//! form (`--export-harp-ir`, `--import-harp-ir`), [`to_loops`] the lowering to
//! `scf`/`memref` loops that the interpreter and the LLVM path run, [`plan_arena`]
//! the arena planner.

#![warn(missing_docs)]

// Generated code names this crate's items by absolute path (`::pto_harp::...`).
extern crate self as pto_harp;

pub mod eclat;
pub mod edit;
pub mod graph;
pub mod lower_graph;
pub mod outline_parallel;
pub mod plan_arena;
pub mod text;
pub mod to_loops;
pub mod verify;
pub mod view;

use pto_ir::asm::{OpAsmParser, OpAsmPrinter};
use pto_ir::printer::TypePrinter;
use pto_ir::verifier::op_error;
use pto_ir::{
    AttrKind, Body, Context, Diagnostic, NamedAttribute, OpId, OperationState, Type, TypeKind,
    TypeParam,
};

mod ods {
    include!(concat!(env!("OUT_DIR"), "/harp_ods.rs"));
}
pub use ods::*;

mod passes {
    include!(concat!(env!("OUT_DIR"), "/passes.rs"));
}
pub use passes::*;

include!(concat!(env!("OUT_DIR"), "/dialects.rs"));

/// Registers the `harp` dialect in `ctx`.
pub fn register_dialects(ctx: &mut Context) {
    for dialect in DIALECTS {
        ctx.register_dialect(dialect);
    }
}

/// Adds the `harp` dialect, its passes, its lowering and its text form to a tool.
pub fn register(registry: &mut pto_pass::Registry) {
    use pto_pass::registry::{Lowering, LoweringGoal};
    registry
        .dialects(DIALECTS)
        .passes_from(register_passes)
        .lowering(Lowering {
            name: "harp-graph-to-harp",
            dialects: &["harp_graph"],
            produces: &["harp"],
            goals: &[LoweringGoal::Interpret, LoweringGoal::Compile],
            pipeline: graph_lowering,
        })
        .lowering(Lowering {
            name: "harp-to-loops",
            dialects: &["harp"],
            produces: &["func", "scf", "memref", "arith", "math"],
            goals: &[LoweringGoal::Interpret, LoweringGoal::Compile],
            // Compiled code runs its launch grids on the runtime's threads and
            // approximates `math` with polynomials that vectorize, as the PyPTO pipeline
            // does; the interpreter keeps libm's functions and one thread.
            pipeline: |t| match t.goal {
                LoweringGoal::Compile => {
                    "convert-harp-to-loops,outline-parallel-loops,math-polynomial-approximation"
                        .into()
                }
                LoweringGoal::Interpret => "convert-harp-to-loops".into(),
            },
        });
    text::register(registry);
    eclat::register(registry);
}

/// `pto-run`'s lowering of graphs: sizes bound from the entry's arguments, then
/// kernels.
fn graph_lowering(target: &pto_pass::registry::LoweringTarget) -> String {
    let shapes: Vec<String> = target
        .args
        .iter()
        .map(|a| match &a.shape {
            Some(s) => s.iter().map(i64::to_string).collect::<Vec<_>>().join("x"),
            None => String::new(),
        })
        .collect();
    format!(
        "harp-graph-specialize{{entry={} shapes=\"{}\"}},harp-lower-graph",
        target.entry,
        shapes.join(";")
    )
}

type VResult<'c> = Result<(), Diagnostic<'c>>;

/// The size in bytes of an element of `t` (`i1` takes a byte, as Harp's `bool`).
pub fn dtype_bytes(t: Type<'_>) -> Option<i64> {
    let bits = match t.kind() {
        TypeKind::Integer { width, .. } => *width,
        TypeKind::Float(k) => k.width(),
        _ => return None,
    };
    Some(i64::from(bits.div_ceil(8)))
}

// ---- #harp.buffer ------------------------------------------------------------------------

fn parse_int<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<i64, ()> {
    match p.parse_optional_integer()? {
        Some(v) => Ok(v),
        None => {
            p.emit_error("expected integer value");
            Err(())
        }
    }
}

/// `[1, 2, 3]` (possibly empty).
fn parse_int_list<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<i64>, ()> {
    p.parse_punct("[")?;
    let mut out = Vec::new();
    if p.parse_optional_punct("]") {
        return Ok(out);
    }
    loop {
        out.push(parse_int(p)?);
        if p.parse_optional_punct("]") {
            return Ok(out);
        }
        p.parse_punct(",")?;
    }
}

fn print_int_list(p: &mut TypePrinter<'_>, v: &[i64]) {
    p.write("[");
    for (i, x) in v.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_int(*x);
    }
    p.write("]");
}

/// `<0, f32, size 24, offset 0, host[, shape [2, 3]]>`.
fn parse_attr_buffer<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<TypeParam<'c>>, ()> {
    let ctx = p.context();
    p.parse_punct("<")?;
    let id = parse_int(p)?;
    p.parse_punct(",")?;
    let dtype = p.parse_type()?;
    p.parse_punct(",")?;
    p.parse_keyword("size")?;
    let size = parse_int(p)?;
    p.parse_punct(",")?;
    p.parse_keyword("offset")?;
    let offset = parse_int(p)?;
    p.parse_punct(",")?;
    let space = if p.parse_optional_keyword("host") {
        MemorySpace::Host
    } else if p.parse_optional_keyword("device") {
        MemorySpace::Device
    } else {
        p.emit_error("expected memory space 'host' or 'device'");
        return Err(());
    };
    let shape = if p.parse_optional_punct(",") {
        p.parse_keyword("shape")?;
        parse_int_list(p)?
    } else {
        Vec::new()
    };
    p.parse_punct(">")?;
    Ok(vec![
        TypeParam::Int(id),
        TypeParam::Type(dtype),
        TypeParam::Int(size),
        TypeParam::Int(offset),
        TypeParam::Int(space.value()),
        TypeParam::Ints(ctx.alloc_slice(&shape)),
    ])
}

fn print_attr_buffer(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    let int = |i: usize| params[i].as_int().unwrap_or(0);
    p.write("<");
    p.print_int(int(0));
    p.write(", ");
    if let Some(t) = params[1].as_type() {
        p.print_type(t);
    }
    p.write(", size ");
    p.print_int(int(2));
    p.write(", offset ");
    p.print_int(int(3));
    p.write(if int(4) == MemorySpace::Device.value() {
        ", device"
    } else {
        ", host"
    });
    if let TypeParam::Ints(shape) = params[5] {
        if !shape.is_empty() {
            p.write(", shape ");
            print_int_list(p, shape);
        }
    }
    p.write(">");
}

fn verify_attr_buffer<'c>(_: &'c Context, params: &[TypeParam<'c>]) -> Result<(), String> {
    let int = |i: usize| params[i].as_int().unwrap_or(0);
    let (id, size, offset) = (int(0), int(2), int(3));
    if id < 0 {
        return Err(format!("buffer id must be non-negative, got {id}"));
    }
    if size < 0 || offset < 0 {
        return Err(format!(
            "buffer {id}: size and offset must be non-negative, got size {size}, offset {offset}"
        ));
    }
    let Some(elem) = params[1].as_type().and_then(dtype_bytes) else {
        return Err(format!(
            "buffer {id}: element type must be a Harp data type"
        ));
    };
    if let TypeParam::Ints(shape) = params[5] {
        if let Some(&d) = shape.iter().find(|&&d| d < 0) {
            return Err(format!(
                "buffer {id}: shape sizes must be non-negative, got {d}"
            ));
        }
        let elems = shape.iter().try_fold(1i64, |a, &d| a.checked_mul(d));
        match elems.and_then(|n| n.checked_mul(elem)) {
            Some(bytes) if !shape.is_empty() && bytes > size => {
                return Err(format!(
                    "buffer {id}: shape {shape:?} needs {bytes} bytes, but its size is {size}"
                ))
            }
            None => return Err(format!("buffer {id}: shape {shape:?} overflows")),
            _ => {}
        }
    }
    Ok(())
}

// ---- #harp.view --------------------------------------------------------------------------

/// `<shape [2, 3], strides [3, 1][, offset 4][, valid [0 : 2, 1 : 3]]>`.
fn parse_attr_view<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<TypeParam<'c>>, ()> {
    let ctx = p.context();
    p.parse_punct("<")?;
    p.parse_keyword("shape")?;
    let shape = parse_int_list(p)?;
    p.parse_punct(",")?;
    p.parse_keyword("strides")?;
    let strides = parse_int_list(p)?;
    let mut offset = 0;
    let mut valid = Vec::new();
    while p.parse_optional_punct(",") {
        if p.parse_optional_keyword("offset") {
            offset = parse_int(p)?;
        } else if p.parse_optional_keyword("valid") {
            p.parse_punct("[")?;
            loop {
                valid.push(parse_int(p)?);
                p.parse_punct(":")?;
                valid.push(parse_int(p)?);
                if p.parse_optional_punct("]") {
                    break;
                }
                p.parse_punct(",")?;
            }
        } else {
            p.emit_error("expected 'offset' or 'valid'");
            return Err(());
        }
    }
    p.parse_punct(">")?;
    Ok(vec![
        TypeParam::Ints(ctx.alloc_slice(&shape)),
        TypeParam::Ints(ctx.alloc_slice(&strides)),
        TypeParam::Int(offset),
        TypeParam::Ints(ctx.alloc_slice(&valid)),
    ])
}

fn print_attr_view(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    let ints = |i: usize| match params[i] {
        TypeParam::Ints(v) => v,
        _ => &[],
    };
    p.write("<shape ");
    print_int_list(p, ints(0));
    p.write(", strides ");
    print_int_list(p, ints(1));
    let offset = params[2].as_int().unwrap_or(0);
    if offset != 0 {
        p.write(", offset ");
        p.print_int(offset);
    }
    let valid = ints(3);
    if !valid.is_empty() {
        p.write(", valid [");
        for (i, pair) in valid.chunks(2).enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_int(pair[0]);
            p.write(" : ");
            p.print_int(pair.get(1).copied().unwrap_or(0));
        }
        p.write("]");
    }
    p.write(">");
}

fn verify_attr_view<'c>(_: &'c Context, params: &[TypeParam<'c>]) -> Result<(), String> {
    let ints = |i: usize| match params[i] {
        TypeParam::Ints(v) => v,
        _ => &[],
    };
    let (shape, strides, valid) = (ints(0), ints(1), ints(3));
    if shape.len() != strides.len() {
        return Err(format!(
            "view has {} sizes but {} strides",
            shape.len(),
            strides.len()
        ));
    }
    if let Some(&d) = shape.iter().find(|&&d| d < 1) {
        return Err(format!("view sizes must be at least 1, got {d}"));
    }
    if !valid.is_empty() && valid.len() != 2 * shape.len() {
        return Err(format!(
            "view has {} dimensions but {} valid ranges",
            shape.len(),
            valid.len() / 2
        ));
    }
    for (d, r) in valid.chunks(2).enumerate() {
        if r[0] > r[1] {
            return Err(format!(
                "valid range {} : {} of dimension {d} is reversed",
                r[0], r[1]
            ));
        }
    }
    view::View::of_params(shape, strides, params[2].as_int().unwrap_or(0), valid)
        .extent()
        .map(|_| ())
        .ok_or_else(|| "view offsets overflow".to_string())
}

// ---- harp.const --------------------------------------------------------------------------

fn parse_const<'c>(p: &mut dyn OpAsmParser<'c>, state: &mut OperationState<'c>) -> Result<(), ()> {
    pto_dialects::arith::parse_constant(p, state)
}

fn print_const<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    pto_dialects::arith::print_constant(p, body, op)
}

fn verify_const<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let c = ConstOp(op);
    let ty = body.value_type(c.result(body));
    let value = body.attr(op, "value");
    let ok = value.is_some_and(|v| {
        v.ty() == Some(ty) && matches!(v.kind(), AttrKind::Integer { .. } | AttrKind::Float { .. })
    });
    if !ok {
        return Err(op_error(
            body,
            op,
            &format!("value must be an integer or float attribute of the result type {ty}"),
        ));
    }
    Ok(())
}

// ---- harp.alu ----------------------------------------------------------------------------

/// `Add %0, %1 : f32`, `Cast %0 : f32 -> i32`, `LessThan %0, %1 : f32 -> i1`,
/// `Where %c, %a, %b : f32` (the condition is `i1`).
fn parse_alu<'c>(p: &mut dyn OpAsmParser<'c>, state: &mut OperationState<'c>) -> Result<(), ()> {
    let ctx = p.context();
    let pos = p.current_pos();
    let kw = p.parse_keyword_or_string()?;
    let Some(kind) = AluKind::from_keyword(&kw) else {
        p.emit_error_at(pos, &format!("unknown Harp ALU operation '{kw}'"));
        return Err(());
    };
    let operands = p.parse_operand_list()?;
    p.parse_optional_attr_dict(state)?;
    p.parse_punct(":")?;
    let ty = p.parse_type()?;
    let result = if p.parse_optional_punct("->") {
        p.parse_type()?
    } else {
        ty
    };
    let types: Vec<Type<'c>> = operands
        .iter()
        .enumerate()
        .map(|(i, _)| match kind {
            AluKind::Where if i == 0 => ctx.int_type(1),
            _ => ty,
        })
        .collect();
    let pos = p.current_pos();
    let values = p.resolve_operands(&operands, &types, pos)?;
    state.operands.extend(values);
    state.result_types.push(result);
    let mut props = vec![NamedAttribute {
        name: ctx.ident("kind"),
        value: AluKindAttr::get(ctx, kind).attr(),
    }];
    props.extend_from_slice(state.props.and_then(|d| d.as_dictionary()).unwrap_or(&[]));
    state.props = Some(ctx.dictionary(&props));
    Ok(())
}

fn print_alu<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    let a = AluOp(op);
    let kind = alu_kind(body, a);
    p.write(" ");
    p.write(kind.map_or("?", |k| k.keyword()));
    let inputs: Vec<_> = body.operands(op).collect();
    for (i, &v) in inputs.iter().enumerate() {
        p.write(if i == 0 { " " } else { ", " });
        p.print_operand(body, v);
    }
    p.print_attr_dict(body, op, &["kind"], false);
    p.write(" : ");
    let operand_ty = match (kind, inputs.as_slice()) {
        (Some(AluKind::Where), [_, a, ..]) => body.value_type(*a),
        (_, [a, ..]) => body.value_type(*a),
        _ => body.value_type(a.result(body)),
    };
    p.print_type(operand_ty);
    let result = body.value_type(a.result(body));
    if result != operand_ty {
        p.write(" -> ");
        p.print_type(result);
    }
}

/// The operands an ALU operation takes.
pub fn alu_arity(kind: AluKind) -> usize {
    match kind {
        AluKind::Exp2
        | AluKind::Log2
        | AluKind::Sin
        | AluKind::Sqrt
        | AluKind::Recip
        | AluKind::Neg
        | AluKind::Cast => 1,
        AluKind::Add | AluKind::Mul | AluKind::LessThan | AluKind::Rem | AluKind::Max => 2,
        AluKind::Where => 3,
    }
}

fn verify_alu<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let a = AluOp(op);
    let Some(kind) = alu_kind(body, a) else {
        return Err(op_error(body, op, "has no ALU operation"));
    };
    let inputs: Vec<_> = body.operands(op).collect();
    let err = |msg: String| Err(op_error(body, op, &msg));
    if inputs.len() != alu_arity(kind) {
        return err(format!(
            "{} takes {} operands, got {}",
            kind.keyword(),
            alu_arity(kind),
            inputs.len()
        ));
    }
    let ty = |v| body.value_type(v);
    let result = ty(a.result(body));
    let is_float = |t: Type<'_>| t.is_float();
    match kind {
        AluKind::Cast => Ok(()),
        AluKind::LessThan => {
            if ty(inputs[0]) != ty(inputs[1]) {
                return err(format!(
                    "LessThan operands must have one type, got {} and {}",
                    ty(inputs[0]),
                    ty(inputs[1])
                ));
            }
            if !result.is_signless_int(1) {
                return err(format!("LessThan gives i1, not {result}"));
            }
            Ok(())
        }
        AluKind::Where => {
            if !ty(inputs[0]).is_signless_int(1) {
                return err(format!(
                    "Where's condition must be i1, got {}",
                    ty(inputs[0])
                ));
            }
            if ty(inputs[1]) != result || ty(inputs[2]) != result {
                return err(format!(
                    "Where's choices must have the result type {result}, got {} and {}",
                    ty(inputs[1]),
                    ty(inputs[2])
                ));
            }
            Ok(())
        }
        _ => {
            if let Some(&v) = inputs.iter().find(|&&v| ty(v) != result) {
                return err(format!(
                    "{} operands must have the result type {result}, got {}",
                    kind.keyword(),
                    ty(v)
                ));
            }
            let float_only = matches!(
                kind,
                AluKind::Exp2 | AluKind::Log2 | AluKind::Sin | AluKind::Sqrt | AluKind::Recip
            );
            if float_only && !is_float(result) {
                return err(format!(
                    "{} needs a float type, got {result}",
                    kind.keyword()
                ));
            }
            if result.is_signless_int(1) && !matches!(kind, AluKind::Max) {
                return err(format!("{} is not defined on i1", kind.keyword()));
            }
            Ok(())
        }
    }
}

/// The operation of a `harp.alu`.
pub fn alu_kind(body: &Body<'_>, a: AluOp) -> Option<AluKind> {
    a.kind(body)
        .and_then(AluKindAttr::from_attr)
        .map(|k| k.value())
}

// ---- accesses ----------------------------------------------------------------------------

/// The number of index dimensions at `op`: its kernel's launch dimensions and the
/// extents of the `harp.reduce` ops around it, outermost first.
pub fn index_space(body: &Body<'_>, op: OpId) -> Vec<i64> {
    let mut inner = Vec::new();
    let mut cur = body.parent_op(op);
    while let Some(p) = cur {
        if let Some(r) = ReduceOp::from_op(body, p) {
            let ext = body
                .attr(r.0, "extents")
                .and_then(|a| a.dense_int_values())
                .unwrap_or_default();
            inner.splice(0..0, ext);
        }
        cur = body.parent_op(p);
    }
    let mut dims: Vec<i64> = body
        .owner_attr("launch_dims")
        .and_then(|a| a.dense_int_values())
        .map(|v| v.to_vec())
        .unwrap_or_default();
    dims.extend(inner);
    dims
}

/// A view's shape is the index space it is used in.
fn verify_access<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    let Some(v) = body.attr(op, "view").and_then(ViewAttr::from_attr) else {
        return Ok(());
    };
    if body.owner_name().map(|n| n.as_str()) != Some(KernelOp::NAME) {
        return Err(op_error(body, op, "must be inside a 'harp.kernel'"));
    }
    let space = index_space(body, op);
    if v.shape() != space.as_slice() {
        return Err(op_error(
            body,
            op,
            &format!(
                "view shape {:?} must be the index space at this point {space:?} (the \
                 kernel's launch dimensions, then the enclosing reductions' extents)",
                v.shape()
            ),
        ));
    }
    Ok(())
}

fn verify_load<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    verify_access(body, op)
}

fn verify_store<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    verify_access(body, op)?;
    let masked = body
        .attr(op, "view")
        .and_then(ViewAttr::from_attr)
        .is_some_and(|v| !v.valid().is_empty());
    if masked {
        return Err(op_error(
            body,
            op,
            "a store's view cannot have valid ranges",
        ));
    }
    Ok(())
}

fn verify_rand<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    verify_access(body, op)
}

fn verify_reduce<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let r = ReduceOp(op);
    let ext = body
        .attr(op, "extents")
        .and_then(|a| a.dense_int_values())
        .unwrap_or_default();
    if ext.is_empty() || ext.iter().any(|&e| e < 1) {
        return Err(op_error(
            body,
            op,
            &format!(
                "extents must be one or more sizes of at least 1, got {:?}",
                &ext[..]
            ),
        ));
    }
    let result = body.value_type(r.result(body));
    let inner = body.region_body(op);
    let yielded = body.regions_of(op).first().and_then(|&reg| {
        let b = inner.entry_block(reg)?;
        let last = inner.block_ops(b).last()?;
        inner.operands(last).next().map(|v| inner.value_type(v))
    });
    if let Some(t) = yielded {
        if t != result {
            return Err(op_error(
                body,
                op,
                &format!("yields {t}, but its result is {result}"),
            ));
        }
    }
    if result.is_signless_int(1) {
        return Err(op_error(body, op, "cannot reduce i1 values"));
    }
    Ok(())
}

fn verify_kernel<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let dims = body
        .attr(op, "launch_dims")
        .and_then(|a| a.dense_int_values())
        .unwrap_or_default();
    if dims.is_empty() || dims.iter().any(|&d| d < 1) {
        return Err(op_error(
            body,
            op,
            &format!(
                "launch dimensions must be one or more sizes of at least 1, got {:?}",
                &dims[..]
            ),
        ));
    }
    Ok(())
}

fn verify_regions_func<'c>(ctx: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    verify::verify_func(ctx, body, op)
}

/// A float attribute of type `ty` (kind `kind`) holding `text` (`1.5`, `42`, `-0`,
/// `inf`, `-inf`, `NaN`; the latter three for `f32` and `f64`), rounded to nearest.
pub fn float_attr<'c>(
    ctx: &'c Context,
    ty: Type<'c>,
    kind: pto_ir::FloatKind,
    text: &str,
) -> Option<pto_ir::Attribute<'c>> {
    use pto_ir::FloatKind;
    let special = match text {
        "inf" => Some(f64::INFINITY),
        "-inf" => Some(f64::NEG_INFINITY),
        "NaN" => Some(f64::NAN),
        _ => None,
    };
    let bits = match (special, kind) {
        (Some(v), FloatKind::F32) => u128::from((v as f32).to_bits()),
        (Some(v), FloatKind::F64) => u128::from(v.to_bits()),
        (Some(_), _) => return None,
        (None, _) => {
            let (negative, digits) = match text.strip_prefix('-') {
                Some(rest) => (true, rest),
                None => (false, text),
            };
            if !digits.bytes().next().is_some_and(|c| c.is_ascii_digit()) {
                return None;
            }
            pto_ir::float::parse_decimal(digits, negative, kind)?
        }
    };
    Some(ctx.intern_attr(AttrKind::Float { bits, ty }))
}
