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
            .add_legal_dialects(&["builtin"])
            .add_dynamically_legal_op("func.func", move |body, op| {
                let ft = body.attr(op, "function_type")?;
                let (ins, outs) = ft.as_type()?.function_signature()?;
                Some(tc_ref.are_legal(ins.iter().chain(outs).copied()))
            })
            .add_dynamically_legal_op("func.return", move |body, op| {
                Some(tc_ref.is_op_legal(body, op))
            });
        let mut patterns = ConversionPatternSet::new();
        patterns
            .add_fn("test.illegal_a", "IllegalAToLegal", illegal_a)
            .add_fn("test.illegal_b", "IllegalBToIllegalA", illegal_b)
            .add_fn("func.func", "FuncSignature", func_signature)
            .add_fn("func.return", "ReturnOperands", return_operands);
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

fn return_operands<'c>(
    op: OpId,
    operands: &[ValueId],
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let loc = rw.body().op_loc(op);
    let mut st = rw.state("func.return", loc);
    st.operands.extend_from_slice(operands);
    rw.replace_op_with_new(op, st);
    Ok(())
}

/// Converts a function's signature: a new `func.func` takes over the body.
fn func_signature<'c>(
    op: OpId,
    _operands: &[ValueId],
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let ctx = rw.context();
    let body = rw.body();
    let Some((ins, outs)) = body
        .attr(op, "function_type")
        .and_then(|a| a.as_type())
        .and_then(|t| t.function_signature())
    else {
        return rw.notify_match_failure(op, "no function type");
    };
    let (Some(new_ins), Some(new_outs)) = (rw.convert_type_list(ins), rw.convert_type_list(outs))
    else {
        return rw.notify_match_failure(op, "signature does not convert");
    };
    let body = rw.body();
    let regions: SmallVec<[_; 1]> = body.regions_of(op).into();
    let fn_type = ctx.type_attr(ctx.function_type(&new_ins, &new_outs));
    let props = ctx.dict_with(body.op_props(op), "function_type", Some(fn_type));
    let mut st = rw.state("func.func", body.op_loc(op));
    st.attrs = body.op_attrs(op);
    st.props = Some(props);
    st.regions.extend(regions);
    st.nested = rw.take_nested_body(op);
    rw.set_insertion_point_before(op);
    let new = rw.create(st);
    rw.convert_isolated_entry_signature(new, &new_ins);
    rw.erase_op(op);
    Ok(())
}
