//! Folders of the `llvm` constant-like ops and the dialect's constant materializer
//! (MLIR's `LLVMDialect::materializeConstant`).

use smallvec::{smallvec, SmallVec};

use pto_ir::builder::OpBuilder;
use pto_ir::{AttrKind, Attribute, Body, Context, Folded, Location, OpId, Type};

/// `#llvm.<name>`: the folded value of `llvm.mlir.undef` / `poison` / `zero` where no
/// builtin attribute fits (MLIR's `UndefAttr`, `PoisonAttr`, `ZeroAttr`).
fn marker<'c>(ctx: &'c Context, name: &str) -> Attribute<'c> {
    ctx.opaque_attr(ctx.ident("llvm"), name)
}

fn is_marker(a: Attribute<'_>, name: &str) -> bool {
    matches!(a.kind(), AttrKind::Opaque { dialect, body } if dialect.as_str() == "llvm" && *body == name)
}

fn one<'c>(a: Option<Attribute<'c>>) -> Option<SmallVec<[Folded<'c>; 1]>> {
    a.map(|a| smallvec![Folded::Attr(a)])
}

pub(super) fn fold_mlir_constant<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    _operands: &[Option<Attribute<'c>>],
) -> Option<SmallVec<[Folded<'c>; 1]>> {
    one(body.attr(op, "value"))
}

pub(super) fn fold_mlir_addressof<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    _operands: &[Option<Attribute<'c>>],
) -> Option<SmallVec<[Folded<'c>; 1]>> {
    one(body.attr(op, "global_name"))
}

pub(super) fn fold_mlir_undef<'c>(
    ctx: &'c Context,
    _body: &Body<'c>,
    _op: OpId,
    _operands: &[Option<Attribute<'c>>],
) -> Option<SmallVec<[Folded<'c>; 1]>> {
    one(Some(marker(ctx, "undef")))
}

pub(super) fn fold_mlir_poison<'c>(
    ctx: &'c Context,
    _body: &Body<'c>,
    _op: OpId,
    _operands: &[Option<Attribute<'c>>],
) -> Option<SmallVec<[Folded<'c>; 1]>> {
    one(Some(marker(ctx, "poison")))
}

/// A builtin zero of the type when there is one (integer, float, vector of them), else
/// `#llvm.zero`.
pub(super) fn fold_mlir_zero<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    _operands: &[Option<Attribute<'c>>],
) -> Option<SmallVec<[Folded<'c>; 1]>> {
    let ty = body.value_type(body.result(op, 0));
    one(Some(
        builtin_zero(ctx, ty).unwrap_or_else(|| marker(ctx, "zero")),
    ))
}

fn builtin_zero<'c>(ctx: &'c Context, ty: Type<'c>) -> Option<Attribute<'c>> {
    if ty.is_integer() || ty.is_index() {
        return Some(ctx.int_attr(ty, 0));
    }
    if ty.is_float() {
        return Some(ctx.intern_attr(AttrKind::Float { bits: 0, ty }));
    }
    if let pto_ir::TypeKind::Vector { element, .. } = *ty.kind() {
        if element.is_integer() || element.is_index() || element.is_float() {
            let bytes = pto_ir::module::element_bytes(element)?;
            let data = ctx.alloc_slice(&vec![0u8; bytes]);
            return Some(ctx.dense_elements_attr(ty, true, data));
        }
    }
    None
}

/// Creates the op producing constant `value` of type `ty`: `llvm.mlir.addressof` for a
/// symbol, `undef`/`poison`/`zero` for their markers, else `llvm.mlir.constant` for an
/// integer, float or elements attribute of that (LLVM-compatible) type.
pub fn materialize_constant<'c>(
    b: &mut OpBuilder<'_, 'c>,
    value: Attribute<'c>,
    ty: Type<'c>,
    loc: Location<'c>,
) -> Option<OpId> {
    let ctx = b.context();
    if matches!(value.kind(), AttrKind::SymbolRef { nested: &[], .. }) {
        return Some(super::AddressOfOp::build(b, loc, ty, value).0);
    }
    if is_marker(value, "undef") {
        return Some(super::UndefOp::build(b, loc, ty).0);
    }
    if is_marker(value, "poison") {
        return Some(super::PoisonOp::build(b, loc, ty).0);
    }
    if is_marker(value, "zero") {
        return Some(super::ZeroOp::build(b, loc, ty).0);
    }
    let buildable = value.ty() == Some(ty)
        && super::is_compatible_type(ty)
        && matches!(
            value.kind(),
            AttrKind::Integer { .. } | AttrKind::Float { .. } | AttrKind::DenseElements { .. }
        );
    let _ = ctx;
    buildable.then(|| super::ConstantOp::build(b, loc, ty, value).0)
}

/// `llvm.icmp` of equality: `eq`/`ne` of a value with itself, and of an alloca with
/// the null pointer (MLIR's `ICmpOp::fold`, scalar results only).
pub(super) fn fold_icmp<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    _operands: &[Option<Attribute<'c>>],
) -> Option<SmallVec<[Folded<'c>; 1]>> {
    // ICmpPredicate: 0 is eq, 1 is ne.
    let eq = match body.attr(op, "predicate")?.as_int()? {
        0 => true,
        1 => false,
        _ => return None,
    };
    let ty = body.value_type(body.result(op, 0));
    if ty.int_width() != Some(1) || body.num_operands(op) != 2 {
        return None;
    }
    let (lhs, rhs) = (body.operand(op, 0), body.operand(op, 1));
    let defined_by = |v, name: &str| {
        body.defining_op(v)
            .is_some_and(|d| body.op_name(d).as_str() == name)
    };
    let value = if lhs == rhs {
        eq
    } else if defined_by(lhs, super::AllocaOp::NAME) && defined_by(rhs, super::ZeroOp::NAME) {
        !eq
    } else {
        return None;
    };
    one(Some(ctx.int_attr(ty, i128::from(value))))
}

/// `llvm.bitcast` to its own type is its operand, and a bitcast back to the type a
/// bitcast came from is the original value (MLIR's `BitcastOp::fold`).
pub(super) fn fold_bitcast<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    _operands: &[Option<Attribute<'c>>],
) -> Option<SmallVec<[Folded<'c>; 1]>> {
    let arg = body.operand(op, 0);
    let ty = body.value_type(body.result(op, 0));
    if body.value_type(arg) == ty {
        return Some(smallvec![Folded::Value(arg)]);
    }
    let prev = body.defining_op(arg)?;
    if body.op_name(prev).as_str() == super::BitcastOp::NAME {
        let original = body.operand(prev, 0);
        if body.value_type(original) == ty {
            return Some(smallvec![Folded::Value(original)]);
        }
    }
    None
}
