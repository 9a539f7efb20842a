//! The `ub` dialect (`td/ub/UBOps.td`): `ub.poison`, a constant-like op whose value
//! is a poison attribute (`#ub.poison`, stored as the dialect attribute body `poison`),
//! and the `ub.unreachable` terminator. The hooks here are `poison`'s folder and the
//! dialect's constant materializer (MLIR's `UBDialect::materializeConstant`).
//!
//! As MLIR 22: `poison`'s `value` is `#ub.poison` by default and elided then.
//! `convert-ub-to-llvm` (`pto-conversion`, a stage of `lower-to-llvm`) lowers the ops to
//! `llvm.mlir.poison`/`llvm.unreachable`; the interpreter runs both (`pto_interp`'s
//! `ub.rs`); the `arith` folders propagate poison as MLIR's constant folders do, and the
//! `arith` materializer makes `ub.poison` for a poison result.

mod ods {
    include!(concat!(env!("OUT_DIR"), "/ub_ods.rs"));
}
pub use ods::*;

use smallvec::{smallvec, SmallVec};

use pto_ir::builder::OpBuilder;
use pto_ir::{Attribute, Body, Context, Folded, Location, OpId, Type};

/// `#ub.poison`: the value of a fully poisoned `ub.poison`.
pub fn poison_attr(ctx: &Context) -> Attribute<'_> {
    ctx.opaque_attr(ctx.ident("ub"), "poison")
}

/// Whether `a` is a poison attribute of this dialect (implements MLIR's
/// `PoisonAttrInterface`): `#ub.poison`.
pub fn is_poison_attr(a: Attribute<'_>) -> bool {
    pto_ir::ods::preds::a_dialect(a, "ub", "poison")
}

/// `ub.poison` folds to its `value` attribute.
fn fold_poison<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    _operands: &[Option<Attribute<'c>>],
) -> Option<SmallVec<[Folded<'c>; 1]>> {
    let value = body.attr(op, "value").unwrap_or_else(|| poison_attr(ctx));
    Some(smallvec![Folded::Attr(value)])
}

/// A poison attribute becomes a `ub.poison` of `ty` holding it.
pub fn materialize_constant<'c>(
    b: &mut OpBuilder<'_, 'c>,
    value: Attribute<'c>,
    ty: Type<'c>,
    loc: Location<'c>,
) -> Option<OpId> {
    is_poison_attr(value).then(|| PoisonOp::build(b, loc, ty, Some(value)).0)
}
