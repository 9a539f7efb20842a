//! Dialect conversion of functions (MLIR's `FuncConversions.h`): `func.func` with its
//! signature, `func.return` and `func.call` with their operands and results, converted
//! by a conversion's type converter, and their legality (legal once their types are).
//! A conversion of a dialect with types of its own adds these so that functions taking
//! and returning those types follow.

use smallvec::SmallVec;

use pto_ir::OpId;
use pto_rewrite::conversion::{
    ConversionPatternRewriter, ConversionPatternSet, ConversionTarget, TypeConverter,
};
use pto_rewrite::MatchResult;

use super::{CallOp, CallOpAdaptor, FuncOp, FuncOpAdaptor, ReturnOp, ReturnOpAdaptor};

/// Adds the conversions of `func.func` signatures, `func.return` and `func.call`.
pub fn populate_func_type_conversion_patterns(set: &mut ConversionPatternSet) {
    set.add_op::<FuncOp>("FuncOpSignatureConversion", convert_signature)
        .add_op::<ReturnOp>("ReturnOpTypeConversion", convert_return)
        .add_op::<CallOp>("CallOpSignatureConversion", convert_call);
}

/// Makes `func.func`, `func.return` and `func.call` legal exactly when `converter`
/// leaves their types as they are.
pub fn add_func_legality<'a, 'c>(
    target: &mut ConversionTarget<'a, 'c>,
    converter: &'a TypeConverter<'c>,
) {
    target
        .add_dynamically_legal_op(FuncOp::NAME, move |body, op| {
            let (ins, outs) = super::function_type(body, op)?;
            Some(converter.are_legal(ins.iter().chain(outs).copied()))
        })
        .add_dynamically_legal_op(ReturnOp::NAME, move |body, op| {
            Some(converter.is_op_legal(body, op))
        })
        .add_dynamically_legal_op(CallOp::NAME, move |body, op| {
            Some(converter.is_op_legal(body, op))
        });
}

/// A new `func.func` of the converted signature takes over the body, whose entry block
/// arguments are converted.
fn convert_signature<'c>(
    func: FuncOp,
    _: FuncOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let op = func.0;
    let ctx = rw.context();
    let body = rw.body();
    let Some((ins, outs)) = super::function_type(body, op) else {
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
    let mut st = rw.state(FuncOp::NAME, body.op_loc(op));
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

/// `func.return` of the converted values.
fn convert_return<'c>(
    ret: ReturnOp,
    operands: ReturnOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let loc = rw.body().op_loc(ret.0);
    let mut st = rw.state(ReturnOp::NAME, loc);
    st.operands.extend_from_slice(operands.all_operands());
    rw.replace_op_with_new(ret.0, st);
    Ok(())
}

/// `func.call` of the converted values, with converted result types.
fn convert_call<'c>(
    call: CallOp,
    operands: CallOpAdaptor<'_>,
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let op: OpId = call.0;
    let body = rw.body();
    let results: SmallVec<[_; 2]> = body.results(op).map(|r| body.value_type(r)).collect();
    let Some(types) = rw.convert_type_list(&results) else {
        return rw.notify_match_failure(op, "result types do not convert");
    };
    let body = rw.body();
    let mut st = rw.state(CallOp::NAME, body.op_loc(op));
    st.operands.extend_from_slice(operands.all_operands());
    st.result_types = types.into_iter().collect();
    st.attrs = body.op_attrs(op);
    st.props = body.op_props(op);
    rw.replace_op_with_new(op, st);
    Ok(())
}
