//! `math-polynomial-approximation`: rewrites transcendental `math` ops on `f32` (scalars
//! and vectors) into `arith`/`math.fma` polynomial code with MLIR's constants and op
//! order, applied with the greedy driver as MLIR's `test-math-polynomial-approximation`
//! does (the pass MLIR 22 registers, for mlir-opt only as a test pass).
//!
//! Rewritten: `atan`, `atan2`, `tanh`, `log`, `log2`, `log1p`, `erf`, `erfc`, `asin`,
//! `acos`, `exp`, `expm1`, `cbrt`, `sin`, `cos` on `f32` (`asin`/`acos`/`erf` also on
//! `f16`). Ops on narrower floats (`f16`, `bf16`, ...) of the first list are computed in
//! `f32` between `arith.extf` and `arith.truncf`; `f64` and tensors are left alone.
//! `rsqrt` is MLIR's only under `enable-avx2`, where it needs the `x86vector` dialect
//! for vectors of 8 lanes: here the option only adds the `f32` widening of `rsqrt`.
//!
//! `math` ops on constants fold first (the folders of `math`). `%compat` renames the flag
//! for mlir-opt (`mlir_flags` in `lit-tests/Inputs/harness.sh`).

mod emit;
mod exp_log;
mod trig;

use pto_ir::ods::preds::element_type_or_self;
use pto_ir::{Context, Diagnostic, FloatKind, OpId, Type, ValueId};
use pto_pass::{Pass, PassTarget};
use pto_rewrite::{
    apply_patterns_greedily, GreedyConfig, MatchResult, PatternRewriter, RewritePatternSet,
};

use crate::arith;
use crate::math;
use emit::Emitter;

impl Pass for crate::MathPolynomialApproximationPass {
    fn options_text(&self) -> String {
        self.options.to_text()
    }
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let mut set = RewritePatternSet::new();
        populate_math_polynomial_approximation_patterns(&mut set, self.options.enable_avx2);
        let outcome =
            apply_patterns_greedily(ctx, target.body, &set.freeze(), &GreedyConfig::default());
        tracing::debug!(target: "pto::transforms", changed = outcome.changed, "math-polynomial-approximation");
        Ok(())
    }
}

/// The ops computed in `f32` when they are on a narrower float type.
const WIDENED: &[&str] = &[
    math::AtanOp::NAME,
    math::Atan2Op::NAME,
    math::TanhOp::NAME,
    math::LogOp::NAME,
    math::Log2Op::NAME,
    math::Log1pOp::NAME,
    math::ErfOp::NAME,
    math::ErfcOp::NAME,
    math::ExpOp::NAME,
    math::ExpM1Op::NAME,
    math::CbrtOp::NAME,
    math::SinOp::NAME,
    math::CosOp::NAME,
];

/// Adds the approximation patterns (MLIR's `populateMathPolynomialApproximationPatterns`
/// with its default predicates): first the widening of narrow floats, then the
/// approximations, all of benefit 1, so both orders of MLIR's registration hold.
pub fn populate_math_polynomial_approximation_patterns(
    set: &mut RewritePatternSet,
    enable_avx2: bool,
) {
    for &name in WIDENED {
        set.add_fn(name, "ReuseF32Expansion", widen_to_f32);
    }
    set.add_fn(
        math::AcosOp::NAME,
        "AcosPolynomialApproximation",
        trig::acos,
    )
    .add_fn(
        math::AsinOp::NAME,
        "AsinPolynomialApproximation",
        trig::asin,
    )
    .add_fn(math::AtanOp::NAME, "AtanApproximation", trig::atan)
    .add_fn(math::Atan2Op::NAME, "Atan2Approximation", trig::atan2)
    .add_fn(math::CbrtOp::NAME, "CbrtApproximation", trig::cbrt)
    .add_fn(math::CosOp::NAME, "CosApproximation", trig::cos)
    .add_fn(
        math::ErfOp::NAME,
        "ErfPolynomialApproximation",
        exp_log::erf,
    )
    .add_fn(
        math::ErfcOp::NAME,
        "ErfcPolynomialApproximation",
        exp_log::erfc,
    )
    .add_fn(math::ExpOp::NAME, "ExpApproximation", exp_log::exp)
    .add_fn(math::ExpM1Op::NAME, "ExpM1Approximation", exp_log::expm1)
    .add_fn(math::LogOp::NAME, "LogApproximation", exp_log::log)
    .add_fn(math::Log2Op::NAME, "Log2Approximation", exp_log::log2)
    .add_fn(math::Log1pOp::NAME, "Log1pApproximation", exp_log::log1p)
    .add_fn(math::SinOp::NAME, "SinApproximation", trig::sin)
    .add_fn(math::TanhOp::NAME, "TanhApproximation", exp_log::tanh);
    if enable_avx2 {
        // MLIR's rsqrt approximation needs x86vector.avx.rsqrt (vectors of 8 lanes);
        // without that dialect only the widening applies.
        set.add_fn(math::RsqrtOp::NAME, "ReuseF32Expansion", widen_to_f32);
    }
}

/// The operand types an approximation accepts: a scalar or vector of these floats.
fn element_is(t: Type<'_>, kinds: &[FloatKind]) -> bool {
    emit::vector_shape(t).is_ok()
        && element_type_or_self(t)
            .float_kind()
            .is_some_and(|k| kinds.contains(&k))
}

/// Replaces the one-result `op` by the value `f` builds before it from the operands,
/// with ops shaped like `like`.
fn approximate<'c>(
    op: OpId,
    rw: &mut PatternRewriter<'_, 'c>,
    like: Type<'c>,
    f: impl FnOnce(&mut Emitter<'_, '_, 'c>, &[ValueId]) -> ValueId,
) -> MatchResult {
    let operands: smallvec::SmallVec<[ValueId; 2]> = rw.body().operands(op).collect();
    let loc = rw.body().op_loc(op);
    rw.set_insertion_point_before(op);
    let r = rw.build(|b| {
        let mut e = Emitter::new(b, loc, like);
        f(&mut e, &operands)
    });
    rw.replace_op(op, &[r]);
    Ok(())
}

/// The type of `op`'s first operand if it is a scalar or vector of `f32`.
fn f32_operand<'c>(rw: &mut PatternRewriter<'_, 'c>, op: OpId, i: usize) -> Option<Type<'c>> {
    let t = rw.body().value_type(rw.body().operand(op, i));
    element_is(t, &[FloatKind::F32]).then_some(t)
}

/// Computes `op` (operands and result of one float type of at most 32 bits, not `f32`)
/// in `f32`: its operands extended, a copy of the op on `f32`, the result truncated
/// (MLIR's `ReuseF32Expansion`).
fn widen_to_f32<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let ty = body.value_type(body.result(op, 0));
    let same = body.results(op).all(|r| body.value_type(r) == ty)
        && body.operands(op).all(|v| body.value_type(v) == ty);
    if !same {
        return rw.notify_match_failure(op, "required all types to match");
    }
    let elem = element_type_or_self(ty);
    let narrow = elem
        .float_kind()
        .is_some_and(|k| k != FloatKind::F32 && k.width() <= 32);
    if !narrow {
        return rw.notify_match_failure(op, "already f32 or wider than 32 bits");
    }
    let f32 = ctx.float_type(FloatKind::F32);
    let wide = match *ty.kind() {
        pto_ir::TypeKind::Vector {
            shape, scalable, ..
        } => ctx.scalable_vector_type(shape, scalable, f32),
        pto_ir::TypeKind::RankedTensor {
            shape, encoding, ..
        } => ctx.ranked_tensor_type(shape, f32, encoding),
        pto_ir::TypeKind::UnrankedTensor { .. } => {
            ctx.intern_type(pto_ir::TypeKind::UnrankedTensor { element: f32 })
        }
        pto_ir::TypeKind::Float(_) => f32,
        _ => return rw.notify_match_failure(op, "unable to find F32 equivalent type"),
    };
    let name = body.op_name(op).as_str().to_string();
    let loc = body.op_loc(op);
    let (props, attrs) = (body.op_props(op), body.op_attrs(op));
    let operands: smallvec::SmallVec<[ValueId; 2]> = body.operands(op).collect();
    rw.set_insertion_point_before(op);
    let r = rw.build(|b| {
        let mut e = Emitter::new(b, loc, wide);
        let wide_operands: smallvec::SmallVec<[ValueId; 2]> = operands
            .iter()
            .map(|&v| e.cast(arith::ExtFOp::NAME, v, wide))
            .collect();
        let mut st = b.state(&name, loc);
        st.operands.extend_from_slice(&wide_operands);
        st.result_types.push(wide);
        st.props = props;
        st.attrs = attrs;
        let computed = b.create(st);
        let computed = b.body().result(computed, 0);
        let mut e = Emitter::new(b, loc, wide);
        e.cast(arith::TruncFOp::NAME, computed, ty)
    });
    rw.replace_op(op, &[r]);
    Ok(())
}
