//! `test-dialect-conversion`: exercises the conversion driver from the command line, on
//! unregistered `test.*` ops (MLIR tests its driver with the test dialect's
//! `test-legalize-patterns`; this is our counterpart, not a copy of it).
//!
//! Types: `i16` converts to `i32`, `f16` does not convert, the rest stay. Ops:
//! `test.illegal_a` becomes `test.legal` (with converted result types);
//! `test.illegal_b` becomes `test.illegal_a` (legalized in turn);
//! `test.illegal_none` is illegal without a pattern; `func.func` and `func.return` are
//! legal once their types are; `test.*` ops otherwise have no rule (left alone by partial
//! conversions, errors in full ones). With `materialize`, the type converter builds
//! leftover materializations as `test.cast` ops.

use smallvec::SmallVec;

use pto_ir::{Context, Diagnostic, OpId, Type, TypeKind, ValueId};
use pto_pass::{Pass, PassTarget};
use pto_rewrite::conversion::{
    apply_conversion, ConversionMode, ConversionPatternRewriter, ConversionPatternSet,
    ConversionTarget, TypeConversion, TypeConverter,
};
use pto_rewrite::MatchResult;

fn is_i16(t: Type<'_>) -> bool {
    t.is_signless_int(16)
}

impl Pass for crate::TestDialectConversionPass {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let mut tc = TypeConverter::new();
        tc.add_identity_conversion();
        tc.add_conversion(move |t| match t.kind() {
            _ if is_i16(t) => TypeConversion::Converted(ctx.int_type(32)),
            TypeKind::Float(pto_ir::FloatKind::F16) => TypeConversion::Failed,
            _ => TypeConversion::Skip,
        });
        if self.options.materialize {
            for source in [true, false] {
                let build = move |b: &mut pto_ir::builder::OpBuilder<'_, 'c>,
                                  ty: Type<'c>,
                                  inputs: &[ValueId],
                                  loc| {
                    let op = b.create_named("test.cast", loc, inputs, &[ty], ctx.empty_dict());
                    Some(b.body().result(op, 0))
                };
                if source {
                    tc.add_source_materialization(build);
                } else {
                    tc.add_target_materialization(build);
                }
            }
        }
        let tc_ref = &tc;
        let mut legal = ConversionTarget::new();
        legal
            .add_illegal_ops(&["test.illegal_a", "test.illegal_b", "test.illegal_none"])
            .add_legal_ops(&["test.legal", "test.cast"])
            .add_legal_dialects(&["builtin"]);
        pto_dialects::func::conversions::add_func_legality(&mut legal, tc_ref);
        let mut patterns = ConversionPatternSet::new();
        patterns
            .add_fn("test.illegal_a", "IllegalAToLegal", illegal_a)
            .add_fn("test.illegal_b", "IllegalBToIllegalA", illegal_b);
        pto_dialects::func::conversions::populate_func_type_conversion_patterns(&mut patterns);
        let mode = if self.options.full {
            ConversionMode::Full
        } else {
            ConversionMode::Partial
        };
        apply_conversion(
            ctx,
            target.body,
            &legal,
            &patterns.freeze(),
            Some(&tc),
            mode,
        )
    }
}

/// Replaces `op` by an op named `name` with the given operands and converted result types.
fn replace_with<'c>(
    op: OpId,
    name: &str,
    operands: &[ValueId],
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let types: SmallVec<[Type<'c>; 2]> = body.results(op).map(|r| body.value_type(r)).collect();
    let mut converted: SmallVec<[Type<'c>; 2]> = SmallVec::new();
    for t in types {
        match rw.convert_type(t) {
            Some(n) => converted.push(n),
            None => return rw.notify_match_failure(op, "result type does not convert"),
        }
    }
    let mut st = rw.state(name, body.op_loc(op));
    st.operands.extend_from_slice(operands);
    st.result_types = converted;
    st.attrs = body.op_attrs(op);
    rw.replace_op_with_new(op, st);
    Ok(())
}

fn illegal_a<'c>(
    op: OpId,
    operands: &[ValueId],
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    replace_with(op, "test.legal", operands, rw)
}

fn illegal_b<'c>(
    op: OpId,
    operands: &[ValueId],
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    replace_with(op, "test.illegal_a", operands, rw)
}
