//! Type deduction of PyPTO's registered operators: the result types of a call from its
//! operands and keyword arguments. The Python importer builds calls with the deduced
//! types; the verifier of every registered op checks its declared types against them.
//!
//! A deduction error names the operand at fault (its index in the flattened operand
//! list), so that the importer can point at the argument in the `.py` file.

use pto_ir::{AttrKind, Attribute, Body, Context, OpId, Type, TypeKind, ValueId};

use super::types::{dtype_name, Dim, Shaped};
use super::MemRefType;
use pto_dialects::arith;

/// What deduction knows about one operand.
#[derive(Copy, Clone, Debug)]
pub struct Arg<'c> {
    /// Its type.
    pub ty: Type<'c>,
    /// Its value as a dimension, for integer scalars: a constant, or the name of the
    /// variable holding it; `None` when unknown.
    pub dim: Option<Dim<'c>>,
}

/// A failed deduction: the message, and the operand it is about.
#[derive(Clone, Debug)]
pub struct DeduceError {
    /// Index of the offending operand, if one is.
    pub arg: Option<usize>,
    /// What is wrong.
    pub message: String,
}

type R<T> = Result<T, DeduceError>;

fn err<T>(arg: Option<usize>, message: impl Into<String>) -> R<T> {
    Err(DeduceError {
        arg,
        message: message.into(),
    })
}

/// A keyword argument's value, looked up by name.
pub trait Kwargs<'c> {
    /// The attribute named `name`, if given.
    fn get(&self, name: &str) -> Option<Attribute<'c>>;
}

/// Keyword arguments given as a list of (name, value).
pub struct KwList<'a, 'c>(pub &'a [(String, Attribute<'c>)]);

impl<'c> Kwargs<'c> for KwList<'_, 'c> {
    fn get(&self, name: &str) -> Option<Attribute<'c>> {
        self.0.iter().find(|(k, _)| k == name).map(|(_, v)| *v)
    }
}

struct OpAttrs<'a, 'c>(&'a Body<'c>, OpId);

impl<'c> Kwargs<'c> for OpAttrs<'_, 'c> {
    fn get(&self, name: &str) -> Option<Attribute<'c>> {
        self.0.attr(self.1, name)
    }
}

fn int_kw<'c>(kw: &dyn Kwargs<'c>, name: &str, default: i64) -> i64 {
    kw.get(name)
        .and_then(|a| a.as_int())
        .map_or(default, |v| v as i64)
}

fn bool_kw<'c>(kw: &dyn Kwargs<'c>, name: &str) -> bool {
    kw.get(name)
        .and_then(|a| a.as_int())
        .is_some_and(|v| v != 0)
}

fn type_kw<'c>(kw: &dyn Kwargs<'c>, name: &str) -> Option<Type<'c>> {
    kw.get(name).and_then(|a| match *a.kind() {
        AttrKind::Type(t) => Some(t),
        _ => None,
    })
}

/// An unknown dimension (matches any in verification).
const ANY: Dim<'static> = Dim::Sym("?");

fn shape_str(dims: &[Dim<'_>]) -> String {
    let parts: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
    format!("[{}]", parts.join(", "))
}

fn tensor_arg<'c>(args: &[Arg<'c>], i: usize, what: &str) -> R<Shaped<'c>> {
    match Shaped::of(args[i].ty) {
        Some(s) if !s.is_tile => Ok(s),
        _ => err(Some(i), format!("{what} must be a tensor")),
    }
}

fn tile_arg<'c>(args: &[Arg<'c>], i: usize, what: &str) -> R<Shaped<'c>> {
    match Shaped::of(args[i].ty) {
        Some(s) if s.is_tile => Ok(s),
        _ => err(Some(i), format!("{what} must be a tile")),
    }
}

fn scalar_arg(args: &[Arg<'_>], i: usize, what: &str) -> R<()> {
    match dtype_name(args[i].ty) {
        Some(_) => Ok(()),
        None => err(Some(i), format!("{what} must be a scalar")),
    }
}

fn int_dims<'c>(args: &[Arg<'c>], range: std::ops::Range<usize>) -> R<Vec<Dim<'c>>> {
    range
        .map(|i| match *args[i].ty.kind() {
            TypeKind::Integer { .. } | TypeKind::Index => Ok(args[i].dim.unwrap_or(ANY)),
            _ => err(Some(i), "shape and offset values must be integers"),
        })
        .collect()
}

fn same_dtype(a: &Shaped<'_>, b: &Shaped<'_>, ib: usize, what: &str) -> R<()> {
    if a.dtype != b.dtype {
        return err(
            Some(ib),
            format!(
                "{what} has element type {}, expected {}",
                dtype_name(b.dtype).unwrap_or("?"),
                dtype_name(a.dtype).unwrap_or("?")
            ),
        );
    }
    Ok(())
}

/// numpy's broadcasting of two shapes.
fn broadcast<'c>(a: &[Dim<'c>], b: &[Dim<'c>], ib: usize) -> R<Vec<Dim<'c>>> {
    let n = a.len().max(b.len());
    let mut out = vec![Dim::Const(1); n];
    for (k, slot) in out.iter_mut().enumerate() {
        let da = (k + a.len() >= n).then(|| a[k + a.len() - n]);
        let db = (k + b.len() >= n).then(|| b[k + b.len() - n]);
        *slot = match (da, db) {
            (Some(x), None) | (None, Some(x)) => x,
            (Some(x), Some(y)) if x == y => x,
            (Some(Dim::Const(1)), Some(y)) => y,
            (Some(x), Some(Dim::Const(1))) => x,
            (Some(x), Some(y)) if x == ANY || y == ANY => ANY,
            _ => {
                return err(
                    Some(ib),
                    format!(
                        "shapes {} and {} cannot be broadcast together",
                        shape_str(a),
                        shape_str(b)
                    ),
                )
            }
        };
    }
    Ok(out)
}

fn dims_equal(a: Dim<'_>, b: Dim<'_>) -> bool {
    a == b || a == ANY || b == ANY
}

fn result<'c>(ctx: &'c Context, s: Shaped<'c>) -> Vec<Type<'c>> {
    vec![s.build(ctx)]
}

fn normalize_axis(axis: i64, rank: usize, i: usize) -> R<usize> {
    let r = rank as i64;
    let a = if axis < 0 { axis + r } else { axis };
    if !(0..r).contains(&a) {
        return err(
            Some(i),
            format!("axis {axis} is out of range for rank {rank}"),
        );
    }
    Ok(a as usize)
}

fn check_count(op: &str, args: &[Arg<'_>], n: usize) -> R<()> {
    if args.len() != n {
        return err(
            None,
            format!("{op} takes {n} arguments, got {}", args.len()),
        );
    }
    Ok(())
}

/// The matmul product type: float operands accumulate in f32, integers in i32.
fn accumulator_type<'c>(ctx: &'c Context, t: Type<'c>) -> Type<'c> {
    match *t.kind() {
        TypeKind::Integer { .. } => ctx.int_type(32),
        TypeKind::Float(pto_ir::FloatKind::F64) => t,
        _ => ctx.float_type(pto_ir::FloatKind::F32),
    }
}

/// The result types of the registered op `op` (`pypto.tensor.add`, the generated
/// `XOp::NAME`) on `args` with keyword arguments `kw`: PyPTO's type deduction, keyed
/// by op as its `OpRegistry` is.
pub fn deduce<'c>(
    ctx: &'c Context,
    op: &str,
    args: &[Arg<'c>],
    kw: &dyn Kwargs<'c>,
) -> R<Vec<Type<'c>>> {
    // Messages name the operator as PyPTO's registry does (`tensor.add`).
    let shown = op.strip_prefix("pypto.").unwrap_or(op);
    match op {
        crate::TensorCreateOp::NAME => {
            let dtype = type_kw(kw, "dtype").ok_or_else(|| DeduceError {
                arg: None,
                message: "tensor.create needs dtype".into(),
            })?;
            let dims = int_dims(args, 0..args.len())?;
            Ok(result(ctx, Shaped::tensor(dims, dtype)))
        }
        crate::TensorViewOp::NAME => {
            let t = tensor_arg(args, 0, "input")?;
            let rest = args.len() - 1;
            if rest != 2 * t.shape.len() {
                return err(
                    None,
                    format!(
                        "tensor.view of a rank-{} tensor takes {} sizes and {} offsets",
                        t.shape.len(),
                        t.shape.len(),
                        t.shape.len()
                    ),
                );
            }
            let dims = int_dims(args, 1..1 + t.shape.len())?;
            int_dims(args, 1 + t.shape.len()..args.len())?;
            Ok(result(ctx, Shaped::tensor(dims, t.dtype)))
        }
        crate::TensorAssembleOp::NAME => {
            let target = tensor_arg(args, 0, "target")?;
            let source = tensor_arg(args, 1, "source")?;
            same_dtype(&target, &source, 1, "source")?;
            if args.len() - 2 != target.shape.len() {
                return err(None, "tensor.assemble takes one offset per dimension");
            }
            int_dims(args, 2..args.len())?;
            Ok(result(ctx, Shaped::tensor(target.shape, target.dtype)))
        }
        crate::TensorAddOp::NAME
        | crate::TensorSubOp::NAME
        | crate::TensorMulOp::NAME
        | crate::TensorDivOp::NAME
        | crate::TensorMaximumOp::NAME
        | crate::TensorMinimumOp::NAME => {
            check_count(shown, args, 2)?;
            let a = tensor_arg(args, 0, "lhs")?;
            let b = tensor_arg(args, 1, "rhs")?;
            same_dtype(&a, &b, 1, "rhs")?;
            let dims = broadcast(&a.shape, &b.shape, 1)?;
            Ok(result(ctx, Shaped::tensor(dims, a.dtype)))
        }
        crate::TensorAddScalarOp::NAME
        | crate::TensorSubScalarOp::NAME
        | crate::TensorMulScalarOp::NAME
        | crate::TensorDivScalarOp::NAME
        | crate::TensorMaximumScalarOp::NAME
        | crate::TensorMinimumScalarOp::NAME => {
            check_count(shown, args, 2)?;
            let a = tensor_arg(args, 0, "lhs")?;
            scalar_arg(args, 1, "rhs")?;
            Ok(result(ctx, Shaped::tensor(a.shape, a.dtype)))
        }
        crate::TensorExpOp::NAME
        | crate::TensorNegOp::NAME
        | crate::TensorSqrtOp::NAME
        | crate::TensorRsqrtOp::NAME
        | crate::TensorRecipOp::NAME
        | crate::TensorLogOp::NAME
        | crate::TensorAbsOp::NAME
        | crate::TensorReluOp::NAME => {
            check_count(shown, args, 1)?;
            let a = tensor_arg(args, 0, "input")?;
            Ok(result(ctx, Shaped::tensor(a.shape, a.dtype)))
        }
        crate::TensorMatmulOp::NAME => {
            check_count(shown, args, 2)?;
            let a = tensor_arg(args, 0, "lhs")?;
            let b = tensor_arg(args, 1, "rhs")?;
            if a.shape.len() != 2 {
                return err(Some(0), "lhs must be a matrix (rank 2)");
            }
            if b.shape.len() != 2 {
                return err(Some(1), "rhs must be a matrix (rank 2)");
            }
            same_dtype(&a, &b, 1, "rhs")?;
            let (m, ka) = if bool_kw(kw, "a_trans") {
                (a.shape[1], a.shape[0])
            } else {
                (a.shape[0], a.shape[1])
            };
            let (kb, n) = if bool_kw(kw, "b_trans") {
                (b.shape[1], b.shape[0])
            } else {
                (b.shape[0], b.shape[1])
            };
            if !dims_equal(ka, kb) {
                return err(
                    Some(1),
                    format!("rhs has {kb} rows, expected {ka} (the columns of lhs)"),
                );
            }
            let dtype = type_kw(kw, "out_dtype").unwrap_or(a.dtype);
            Ok(result(ctx, Shaped::tensor(vec![m, n], dtype)))
        }
        crate::TensorRowMaxOp::NAME
        | crate::TensorRowSumOp::NAME
        | crate::TensorRowMinOp::NAME
        | crate::TensorRowProdOp::NAME => {
            check_count(shown, args, 1)?;
            let a = tensor_arg(args, 0, "input")?;
            let axis = normalize_axis(int_kw(kw, "axis", -1), a.shape.len(), 0)?;
            let keep = kw
                .get("keep_dim")
                .and_then(|v| v.as_int())
                .is_none_or(|v| v != 0);
            let mut dims = a.shape.clone();
            if keep {
                dims[axis] = Dim::Const(1);
            } else {
                dims.remove(axis);
            }
            Ok(result(ctx, Shaped::tensor(dims, a.dtype)))
        }
        crate::TensorCastOp::NAME | crate::BlockCastOp::NAME => {
            check_count(shown, args, 1)?;
            let tensor = op == crate::TensorCastOp::NAME;
            let a = if tensor {
                tensor_arg(args, 0, "input")?
            } else {
                tile_arg(args, 0, "tile")?
            };
            let t = type_kw(kw, "target_type").ok_or_else(|| DeduceError {
                arg: None,
                message: format!("{shown} needs target_type"),
            })?;
            if !(0..=2).contains(&int_kw(kw, "mode", 0)) {
                return err(None, "cast mode must be 0 (round), 1 (floor) or 2 (ceil)");
            }
            let shaped = if tensor {
                Shaped::tensor(a.shape, t)
            } else {
                Shaped::tile(a.shape, t)
            };
            Ok(result(ctx, shaped))
        }
        crate::TensorReshapeOp::NAME => {
            let a = tensor_arg(args, 0, "input")?;
            let dims = int_dims(args, 1..args.len())?;
            let count = |d: &[Dim<'_>]| d.iter().map(|x| x.as_const()).product::<Option<i64>>();
            if let (Some(x), Some(y)) = (count(&a.shape), count(&dims)) {
                if x != y {
                    return err(
                        None,
                        format!(
                            "cannot reshape {} ({x} elements) to {} ({y} elements)",
                            shape_str(&a.shape),
                            shape_str(&dims)
                        ),
                    );
                }
            }
            Ok(result(ctx, Shaped::tensor(dims, a.dtype)))
        }
        crate::TensorTransposeOp::NAME => {
            check_count(shown, args, 1)?;
            let a = tensor_arg(args, 0, "input")?;
            let x = normalize_axis(int_kw(kw, "axis1", 0), a.shape.len(), 0)?;
            let y = normalize_axis(int_kw(kw, "axis2", 1), a.shape.len(), 0)?;
            if x == y {
                return err(
                    None,
                    format!("tensor.transpose swaps two different axes, got axis {x} twice"),
                );
            }
            let mut dims = a.shape.clone();
            dims.swap(x, y);
            Ok(result(ctx, Shaped::tensor(dims, a.dtype)))
        }
        crate::BlockLoadOp::NAME => {
            check_count(shown, args, 5)?;
            let t = tensor_arg(args, 0, "tensor")?;
            if t.shape.len() != 2 {
                return err(Some(0), "block.load reads from a rank-2 tensor");
            }
            let d = int_dims(args, 1..5)?;
            if !matches!(int_kw(kw, "target_memory", 1), 1 | 2) {
                return err(None, "block.load target_memory must be 1 (UB) or 2 (L1)");
            }
            Ok(result(ctx, Shaped::tile(vec![d[2], d[3]], t.dtype)))
        }
        crate::BlockStoreOp::NAME => {
            check_count(shown, args, 6)?;
            let tile = tile_arg(args, 0, "tile")?;
            int_dims(args, 1..5)?;
            let out = tensor_arg(args, 5, "output")?;
            same_dtype(&out, &tile, 0, "tile")?;
            Ok(result(ctx, Shaped::tensor(out.shape, out.dtype)))
        }
        crate::BlockMoveOp::NAME => {
            check_count(shown, args, 1)?;
            let t = tile_arg(args, 0, "tile")?;
            if !(1..=4).contains(&int_kw(kw, "target_memory", 0)) {
                return err(
                    None,
                    "block.move target_memory must be 1 (UB), 2 (L1), 3 (L0A) or 4 (L0B)",
                );
            }
            let mut dims = t.shape.clone();
            if bool_kw(kw, "transpose") {
                dims.reverse();
            }
            Ok(result(ctx, Shaped::tile(dims, t.dtype)))
        }
        crate::BlockAllocOp::NAME => {
            check_count(shown, args, 4)?;
            int_dims(args, 0..4)?;
            Ok(vec![MemRefType::get(ctx).ty()])
        }
        crate::BlockGetBlockIdxOp::NAME => {
            check_count(shown, args, 0)?;
            Ok(vec![ctx.int_type(64)])
        }
        crate::BlockAddOp::NAME
        | crate::BlockSubOp::NAME
        | crate::BlockMulOp::NAME
        | crate::BlockDivOp::NAME
        | crate::BlockMaximumOp::NAME
        | crate::BlockMinimumOp::NAME => {
            check_count(shown, args, 2)?;
            let a = tile_arg(args, 0, "lhs")?;
            let b = tile_arg(args, 1, "rhs")?;
            same_dtype(&a, &b, 1, "rhs")?;
            let dims = broadcast(&a.shape, &b.shape, 1)?;
            Ok(result(ctx, Shaped::tile(dims, a.dtype)))
        }
        crate::BlockAddsOp::NAME
        | crate::BlockSubsOp::NAME
        | crate::BlockMulsOp::NAME
        | crate::BlockDivsOp::NAME
        | crate::BlockMaxsOp::NAME
        | crate::BlockMinsOp::NAME => {
            check_count(shown, args, 2)?;
            let a = tile_arg(args, 0, "lhs")?;
            scalar_arg(args, 1, "rhs")?;
            Ok(result(ctx, Shaped::tile(a.shape, a.dtype)))
        }
        crate::BlockNegOp::NAME
        | crate::BlockExpOp::NAME
        | crate::BlockRecipOp::NAME
        | crate::BlockSqrtOp::NAME
        | crate::BlockRsqrtOp::NAME
        | crate::BlockLogOp::NAME
        | crate::BlockAbsOp::NAME
        | crate::BlockReluOp::NAME => {
            check_count(shown, args, 1)?;
            let a = tile_arg(args, 0, "tile")?;
            Ok(result(ctx, Shaped::tile(a.shape, a.dtype)))
        }
        crate::BlockSumOp::NAME | crate::BlockMaxOp::NAME => {
            check_count(shown, args, 1)?;
            let a = tile_arg(args, 0, "tile")?;
            let axis = normalize_axis(int_kw(kw, "axis", -1), a.shape.len(), 0)?;
            let mut dims = a.shape.clone();
            if bool_kw(kw, "keepdim") {
                dims[axis] = Dim::Const(1);
            } else {
                dims.remove(axis);
            }
            Ok(result(ctx, Shaped::tile(dims, a.dtype)))
        }
        crate::BlockRowMaxOp::NAME
        | crate::BlockRowSumOp::NAME
        | crate::BlockRowMinOp::NAME
        | crate::BlockRowProdOp::NAME => {
            check_count(shown, args, 1)?;
            let a = tile_arg(args, 0, "tile")?;
            if a.shape.len() != 2 {
                return err(Some(0), "tile must have 2 dimensions");
            }
            Ok(result(
                ctx,
                Shaped::tile(vec![a.shape[0], Dim::Const(1)], a.dtype),
            ))
        }
        crate::BlockRowExpandSubOp::NAME
        | crate::BlockRowExpandDivOp::NAME
        | crate::BlockRowExpandMulOp::NAME => {
            check_count(shown, args, 2)?;
            let a = tile_arg(args, 0, "tile")?;
            let r = tile_arg(args, 1, "row")?;
            same_dtype(&a, &r, 1, "row")?;
            if a.shape.len() != 2
                || r.shape.len() != 2
                || !dims_equal(r.shape[0], a.shape[0])
                || !dims_equal(r.shape[1], Dim::Const(1))
            {
                return err(
                    Some(1),
                    format!(
                        "row has shape {}, expected [{}, 1]",
                        shape_str(&r.shape),
                        a.shape.first().copied().unwrap_or(ANY)
                    ),
                );
            }
            Ok(result(ctx, Shaped::tile(a.shape, a.dtype)))
        }
        crate::BlockMatmulOp::NAME | crate::BlockMatmulAccOp::NAME => {
            let acc = op == crate::BlockMatmulAccOp::NAME;
            check_count(shown, args, 2 + acc as usize)?;
            let (il, ir) = (acc as usize, acc as usize + 1);
            let a = tile_arg(args, il, "lhs")?;
            let b = tile_arg(args, ir, "rhs")?;
            if a.shape.len() != 2 || b.shape.len() != 2 {
                return err(Some(il), "matmul operands must have 2 dimensions");
            }
            same_dtype(&a, &b, ir, "rhs")?;
            if !dims_equal(a.shape[1], b.shape[0]) {
                return err(
                    Some(ir),
                    format!(
                        "rhs has {} rows, expected {} (the columns of lhs)",
                        b.shape[0], a.shape[1]
                    ),
                );
            }
            let out = Shaped::tile(vec![a.shape[0], b.shape[1]], accumulator_type(ctx, a.dtype));
            if acc {
                let c = tile_arg(args, 0, "acc")?;
                if c.shape.len() != 2
                    || !dims_equal(c.shape[0], out.shape[0])
                    || !dims_equal(c.shape[1], out.shape[1])
                    || c.dtype != out.dtype
                {
                    return err(
                        Some(0),
                        format!(
                            "acc has type {} {}, expected {} {}",
                            shape_str(&c.shape),
                            dtype_name(c.dtype).unwrap_or("?"),
                            shape_str(&out.shape),
                            dtype_name(out.dtype).unwrap_or("?")
                        ),
                    );
                }
            }
            Ok(result(ctx, out))
        }
        crate::SyncSrcOp::NAME | crate::SyncDstOp::NAME => {
            check_count(shown, args, 0)?;
            let id = int_kw(kw, "event_id", 0);
            if !(0..8).contains(&id) {
                return err(None, format!("event_id must be in [0, 8), got {id}"));
            }
            Ok(vec![])
        }
        crate::BarVOp::NAME | crate::BarMOp::NAME | crate::BarAllOp::NAME => {
            check_count(shown, args, 0)?;
            Ok(vec![])
        }
        _ => err(None, format!("unknown operator '{shown}'")),
    }
}

/// Whether `declared` is a type deduction allows where `deduced` was deduced: the same
/// kind, element type and rank, dimensions equal where deduction knows them; the
/// placement and view (added by later passes) are not compared.
pub fn compatible(declared: Type<'_>, deduced: Type<'_>) -> bool {
    match (Shaped::of(declared), Shaped::of(deduced)) {
        (Some(a), Some(b)) => {
            a.is_tile == b.is_tile
                && a.dtype == b.dtype
                && a.shape.len() == b.shape.len()
                && a.shape
                    .iter()
                    .zip(&b.shape)
                    .all(|(x, y)| dims_equal(*x, *y))
        }
        _ => declared == deduced,
    }
}

/// The [`Arg`] of operand `v`: its type and, for an integer defined by a constant, the
/// value.
pub fn arg_of<'c>(body: &Body<'c>, v: ValueId) -> Arg<'c> {
    let ty = body.value_type(v);
    let dim = body.defining_op(v).and_then(|d| {
        let name = body.op_name(d).as_str();
        if name != crate::ConstOp::NAME && name != arith::ConstantOp::NAME {
            return None;
        }
        body.attr(d, "value")
            .and_then(|a| a.as_int())
            .map(|x| Dim::Const(x as i64))
    });
    Arg { ty, dim }
}

/// The verifier of every registered op: its result types are the deduced ones.
pub fn verify_registered<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), pto_ir::Diagnostic<'c>> {
    let full = body.op_name(op).as_str();
    let args: Vec<Arg<'c>> = body.operands(op).map(|v| arg_of(body, v)).collect();
    let fail = |m: String| pto_ir::Diagnostic::error(body.op_loc(op), format!("'{full}' op {m}"));
    let deduced = deduce(ctx, full, &args, &OpAttrs(body, op)).map_err(|e| {
        let what = match e.arg {
            Some(i) => format!("operand #{i}: {}", e.message),
            None => e.message,
        };
        fail(what)
    })?;
    let declared: Vec<Type<'c>> = body.results(op).map(|r| body.value_type(r)).collect();
    if declared.len() != deduced.len()
        || declared
            .iter()
            .zip(&deduced)
            .any(|(&d, &e)| !compatible(d, e))
    {
        let show = |ts: &[Type<'c>]| {
            ts.iter()
                .map(|t| pto_ir::printer::type_to_string(*t))
                .collect::<Vec<_>>()
                .join(", ")
        };
        return Err(fail(format!(
            "result type ({}) differs from the deduced type ({})",
            show(&declared),
            show(&deduced)
        )));
    }
    Ok(())
}
