//! What the conversions to the `llvm` dialect share (MLIR's `LLVMCommon`): the type
//! converter, the memref descriptor, the conversion target, and the lowering of an op
//! to one `llvm` op with the same operands.

mod memref_descriptor;
pub mod module;
mod type_converter;

pub use memref_descriptor::{index_constant, int_constant, MemRefDescriptor};
pub use type_converter::{
    address_space, convert_element_type, index_type, llvm_type_converter, memref_descriptor_type,
    packed_result_type, unranked_descriptor_type, LowerToLlvmOptions,
};

use smallvec::SmallVec;

use pto_dialects::llvm;
use pto_ir::{AttrKind, Attribute, Context, NamedAttribute, OpId, Type, ValueId};
use pto_rewrite::conversion::{ConversionPatternRewriter, ConversionTarget};
use pto_rewrite::MatchResult;

/// The target of every conversion to `llvm`: the `llvm` dialect is legal.
pub fn llvm_conversion_target<'a, 'c>() -> ConversionTarget<'a, 'c> {
    let mut t = ConversionTarget::new();
    t.add_legal_dialects(&["llvm"]);
    t
}

/// Runs a partial conversion to `llvm` of the pass target's body with the LLVM type
/// converter and `populate`'s patterns: what every `convert-*-to-llvm` pass does after
/// its own preparation. `illegal` ops must convert.
pub fn apply_llvm_conversion<'c>(
    ctx: &'c Context,
    body: &mut pto_ir::Body<'c>,
    index_bitwidth: i64,
    illegal: &[&str],
    populate: impl FnOnce(&mut pto_rewrite::conversion::ConversionPatternSet),
) -> Result<(), pto_ir::Diagnostic<'c>> {
    let tc = llvm_type_converter(ctx, options_from_index_bitwidth(index_bitwidth));
    let mut legal = llvm_conversion_target();
    legal.add_illegal_ops(illegal);
    let mut patterns = pto_rewrite::conversion::ConversionPatternSet::new();
    populate(&mut patterns);
    pto_rewrite::conversion::apply_partial_conversion(
        ctx,
        body,
        &legal,
        &patterns.freeze(),
        Some(&tc),
    )
}

/// The lowering options from a pass's `index-bitwidth` option (0 means the machine word,
/// 64 bits on every target this crate compiles for).
pub fn options_from_index_bitwidth(bits: i64) -> LowerToLlvmOptions {
    LowerToLlvmOptions {
        index_bitwidth: if bits <= 0 { 64 } else { bits as u32 },
        ..LowerToLlvmOptions::default()
    }
}

/// A named attribute.
pub fn named<'c>(ctx: &'c Context, name: &str, value: Attribute<'c>) -> NamedAttribute<'c> {
    NamedAttribute {
        name: ctx.ident(name),
        value,
    }
}

/// Replaces `op` by the `llvm` op `name` on the (converted) `operands`, with the
/// converted result types and the properties `props`. Fails for result types without a
/// single LLVM value (n-D vectors, which would need unrolling).
pub fn lower_one_to_one<'c>(
    rw: &mut ConversionPatternRewriter<'_, 'c>,
    op: OpId,
    operands: &[ValueId],
    name: &str,
    props: &[NamedAttribute<'c>],
) -> MatchResult {
    let ctx = rw.context();
    let old: SmallVec<[Type<'c>; 2]> = rw
        .body()
        .results(op)
        .map(|r| rw.body().value_type(r))
        .collect();
    let Some(types) = rw.convert_type_list(&old) else {
        return rw.notify_match_failure(op, "result type does not convert");
    };
    let loc = rw.body().op_loc(op);
    if let [ty] = types[..] {
        if llvm::LLVMArrayType::from_type(ty).is_some() {
            return unroll_nd_vector_op(rw, op, operands, name, props, ty);
        }
    }
    let mut st = rw.state(name, loc);
    st.operands.extend_from_slice(operands);
    st.result_types.extend(types);
    if !props.is_empty() {
        st.props = Some(ctx.dictionary(props));
    }
    pto_ir::ods::populate_defaults(ctx, &mut st);
    rw.replace_op_with_new(op, st);
    Ok(())
}

/// Lowers an elementwise op on an n-D vector (an `!llvm.array` of 1-D vectors after
/// conversion) as one op per 1-D vector: extract each operand's row, apply the op,
/// insert the row into the result (MLIR's `handleMultidimensionalVectors`).
fn unroll_nd_vector_op<'c>(
    rw: &mut ConversionPatternRewriter<'_, 'c>,
    op: OpId,
    operands: &[ValueId],
    name: &str,
    props: &[NamedAttribute<'c>],
    result_ty: Type<'c>,
) -> MatchResult {
    let ctx = rw.context();
    let loc = rw.body().op_loc(op);
    // The outer dimensions and the 1-D vector type at the bottom of the arrays.
    let array_dims = |mut t: Type<'c>| {
        let mut dims: SmallVec<[u64; 4]> = SmallVec::new();
        while let Some(a) = llvm::LLVMArrayType::from_type(t) {
            dims.push(a.num_elements());
            t = a.element_type();
        }
        (dims, t)
    };
    let (dims, row_ty) = array_dims(result_ty);
    let operand_rows: SmallVec<[Option<Type<'c>>; 4]> = operands
        .iter()
        .map(|&v| {
            let (d, t) = array_dims(rw.body().value_type(v));
            (d == dims).then_some(t)
        })
        .collect();
    if operand_rows.iter().any(|r| r.is_none()) {
        return rw.notify_match_failure(op, "operands of another vector shape");
    }
    let total: u64 = dims.iter().product();
    rw.set_insertion_point_before(op);
    let result = rw.build(|b| {
        let mut acc = llvm::PoisonOp::build(b, loc, result_ty).res(b.body());
        for linear in 0..total {
            // Row-major position of this row in the outer dimensions.
            let mut pos: SmallVec<[i64; 4]> = SmallVec::from_elem(0, dims.len());
            let mut rest = linear;
            for (i, &d) in dims.iter().enumerate().rev() {
                pos[i] = (rest % d) as i64;
                rest /= d;
            }
            let position = ctx.dense_int_array(64, &pos);
            let mut st = b.state(name, loc);
            for (&v, row) in operands.iter().zip(&operand_rows) {
                let row = row.expect("checked above");
                let e = llvm::ExtractValueOp::build(b, loc, v, row, position);
                st.operands.push(e.res(b.body()));
            }
            st.result_types.push(row_ty);
            if !props.is_empty() {
                st.props = Some(ctx.dictionary(props));
            }
            pto_ir::ods::populate_defaults(ctx, &mut st);
            let r = b.create(st);
            let r = b.body().result(r, 0);
            acc = llvm::InsertValueOp::build(b, loc, acc, r, result_ty, position).res(b.body());
        }
        acc
    });
    rw.replace_op(op, &[result]);
    Ok(())
}

/// The keyword list of a dialect enum attribute such as `#arith.fastmath<nnan, ninf>`
/// (`nnan, ninf`), if `a` is one.
pub fn enum_keywords<'c>(a: Option<Attribute<'c>>) -> Option<&'c str> {
    match a?.kind() {
        AttrKind::Opaque { body, .. } => body.split_once('<')?.1.strip_suffix('>'),
        _ => None,
    }
}
