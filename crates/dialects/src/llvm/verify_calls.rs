//! Verifiers of `llvm.call` and the symbol users, functions, globals and constants,
//! with MLIR's messages.

use pto_ir::symbol_table::SymbolTable;
use pto_ir::{AttrKind, Attribute, Body, Context, Diagnostic, OpId, TypeKind};

use super::syntax::enum_keyword;
use super::verify::{op_error, plain_error, res_type, type_attr};
use super::{is_compatible_type, LLVMArrayType, LLVMFunctionType, LLVMPointerType, LLVMStructType};
use pto_ir::builtin;

// ---- calls ----------------------------------------------------------------------------------

pub(super) fn verify_call<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let bundles = body
        .attr(op, "op_bundle_sizes")
        .and_then(Attribute::dense_int_values)
        .map_or(0, |v| v.len());
    let tags = match body.attr(op, "op_bundle_tags").map(|a| *a.kind()) {
        Some(AttrKind::Array(items)) => {
            if items.iter().any(|a| a.as_str().is_none()) {
                return Err(plain_error(
                    body,
                    op,
                    "operand bundle tag must be a StringAttr",
                ));
            }
            items.len()
        }
        _ => 0,
    };
    if bundles != tags {
        return Err(plain_error(
            body,
            op,
            &format!("expected {bundles} operand bundle tags, but actually got {tags}"),
        ));
    }
    Ok(())
}

/// The variadic callee type of a call, checked against its arguments and result.
fn verify_var_callee_type<'c>(
    body: &Body<'c>,
    op: OpId,
    args: &[pto_ir::ValueId],
) -> Result<(), Diagnostic<'c>> {
    let Some(t) = type_attr(body.attr(op, "var_callee_type")) else {
        return Ok(());
    };
    let Some(f) = LLVMFunctionType::from_type(t) else {
        return Ok(());
    };
    if !f.var_arg() {
        return Err(op_error(
            body,
            op,
            "expected var_callee_type to be a variadic function type".into(),
        ));
    }
    if f.params().len() > args.len() {
        return Err(op_error(
            body,
            op,
            format!(
                "expected var_callee_type to have at most {} parameters",
                args.len()
            ),
        ));
    }
    for (&pt, &a) in f.params().iter().zip(args) {
        let at = body.value_type(a);
        if pt != at {
            return Err(op_error(
                body,
                op,
                format!("var_callee_type parameter type mismatch: '{pt}' != '{at}'"),
            ));
        }
    }
    match (body.num_results(op), f.return_type()) {
        (0, r) if !r.is_dialect_type("llvm", "void") => Err(op_error(
            body,
            op,
            "expected var_callee_type to return void".into(),
        )),
        (0, _) => Ok(()),
        (_, r) if r != res_type(body, op) => Err(op_error(
            body,
            op,
            format!(
                "var_callee_type return type mismatch: '{r}' != '{}'",
                res_type(body, op)
            ),
        )),
        _ => Ok(()),
    }
}

pub(super) fn verify_symbol_uses_call<'b, 'c>(
    _ctx: &'c Context,
    body: &'b Body<'c>,
    op: OpId,
    table: &SymbolTable<'b, 'c>,
) -> Result<(), Diagnostic<'c>> {
    let operands = pto_ir::ods::operand_group(super::CallOp::spec(), body, op, 0);
    let callee = match body.attr(op, "callee").map(|a| *a.kind()) {
        Some(AttrKind::SymbolRef { root, .. }) => Some(root.as_str()),
        _ => None,
    };
    let indirect = callee.is_none();
    let args = &operands[usize::from(indirect).min(operands.len())..];
    verify_var_callee_type(body, op, args)?;
    let Some(name) = callee else {
        let Some(&f) = operands.first() else {
            return Err(op_error(
                body,
                op,
                "must have either a `callee` attribute or at least an operand".into(),
            ));
        };
        let ft = body.value_type(f);
        if !ft.is_dialect_type("llvm", "ptr") {
            return Err(op_error(
                body,
                op,
                format!("indirect call expects a pointer as callee: '{ft}'"),
            ));
        }
        return Ok(());
    };
    let Some((fb, f)) = table.lookup(name) else {
        return Err(op_error(
            body,
            op,
            format!("'{name}' does not reference a symbol in the current scope"),
        ));
    };
    if fb.op_name(f).as_str() != super::LLVMFuncOp::NAME {
        return Err(op_error(
            body,
            op,
            format!("'{name}' does not reference a valid LLVM function, IFunc, or alias"),
        ));
    }
    let Some(fty) = type_attr(fb.attr(f, "function_type")).and_then(LLVMFunctionType::from_type)
    else {
        return Err(op_error(
            body,
            op,
            "callee does not have a functional type".into(),
        ));
    };
    if fty.var_arg() && body.attr(op, "var_callee_type").is_none() {
        return Err(op_error(
            body,
            op,
            "missing var_callee_type attribute for vararg call".into(),
        ));
    }
    let params = fty.params();
    if !fty.var_arg() && params.len() != args.len() {
        return Err(op_error(
            body,
            op,
            format!(
                "incorrect number of operands ({}) for callee (expecting: {})",
                args.len(),
                params.len()
            ),
        ));
    }
    if params.len() > args.len() {
        return Err(op_error(
            body,
            op,
            format!(
                "incorrect number of operands ({}) for varargs callee (expecting at least: {})",
                args.len(),
                params.len()
            ),
        ));
    }
    for (i, (&pt, &a)) in params.iter().zip(args).enumerate() {
        let at = body.value_type(a);
        if at != pt {
            return Err(op_error(
                body,
                op,
                format!("operand type mismatch for operand {i}: '{at}' != '{pt}'"),
            ));
        }
    }
    let ret = fty.return_type();
    let void = ret.is_dialect_type("llvm", "void");
    match body.num_results(op) {
        0 if !void => Err(op_error(
            body,
            op,
            "expected function call to produce a value".into(),
        )),
        n if n > 0 && void => Err(op_error(
            body,
            op,
            "calling function with void result must not produce values".into(),
        )),
        n if n > 1 => Err(op_error(
            body,
            op,
            "expected LLVM function call to produce 0 or 1 result".into(),
        )),
        n if n == 1 && res_type(body, op) != ret => Err(op_error(
            body,
            op,
            format!("result type mismatch: '{}' != '{ret}'", res_type(body, op)),
        )),
        _ => Ok(()),
    }
}

pub(super) fn verify_symbol_uses_mlir_addressof<'b, 'c>(
    _ctx: &'c Context,
    body: &'b Body<'c>,
    op: OpId,
    table: &SymbolTable<'b, 'c>,
) -> Result<(), Diagnostic<'c>> {
    let name = match body.attr(op, "global_name").map(|a| *a.kind()) {
        Some(AttrKind::SymbolRef { root, .. }) => root.as_str(),
        _ => "",
    };
    let target = table.lookup(name).filter(|(b, o)| {
        matches!(
            b.op_name(*o).as_str(),
            super::GlobalOp::NAME | super::LLVMFuncOp::NAME
        )
    });
    let Some((gb, g)) = target else {
        return Err(op_error(
            body,
            op,
            "must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or 'llvm.func' or 'llvm.mlir.ifunc'".into(),
        ));
    };
    if gb.op_name(g).as_str() == super::GlobalOp::NAME {
        let space = gb
            .attr(g, "addr_space")
            .and_then(|a| a.as_int())
            .unwrap_or(0);
        let ptr = LLVMPointerType::from_type(res_type(body, op)).map_or(0, |p| p.address_space());
        if space != i128::from(ptr) {
            return Err(op_error(
                body,
                op,
                "pointer address space must match address space of the referenced global or alias"
                    .into(),
            ));
        }
    }
    Ok(())
}

// ---- functions and globals ----------------------------------------------------------------

fn is_declaration(body: &Body<'_>, op: OpId) -> bool {
    body.regions_of(op)
        .first()
        .is_none_or(|&r| body.region_body(op).entry_block(r).is_none())
}

pub(super) fn verify_func<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let linkage = enum_keyword(body.attr(op, "linkage")).unwrap_or("external");
    if linkage == "common" {
        return Err(op_error(
            body,
            op,
            "functions cannot have 'common' linkage".into(),
        ));
    }
    if is_declaration(body, op) {
        if linkage != "external" && linkage != "extern_weak" {
            return Err(op_error(
                body,
                op,
                "external functions must have 'external' or 'extern_weak' linkage".into(),
            ));
        }
        return Ok(());
    }
    if body.attr(op, "no_inline").is_some() && body.attr(op, "always_inline").is_some() {
        return Err(plain_error(
            body,
            op,
            "no_inline and always_inline attributes are incompatible",
        ));
    }
    if body.attr(op, "optimize_none").is_some() && body.attr(op, "no_inline").is_none() {
        return Err(op_error(
            body,
            op,
            "with optimize_none must also be no_inline".into(),
        ));
    }
    Ok(())
}

pub(super) fn verify_regions_func<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    if is_declaration(body, op) {
        return Ok(());
    }
    let Some(fty) = type_attr(body.attr(op, "function_type")).and_then(LLVMFunctionType::from_type)
    else {
        return Ok(());
    };
    let rb = body.region_body(op);
    let Some(entry) = body.regions_of(op).first().and_then(|&r| rb.entry_block(r)) else {
        return Ok(());
    };
    let args = rb.block_args(entry);
    for i in 0..fty.params().len() {
        if let Some(&a) = args.get(i) {
            if !is_compatible_type(rb.value_type(a)) {
                return Err(op_error(
                    body,
                    op,
                    format!("entry block argument #{i} is not of LLVM type"),
                ));
            }
        }
    }
    Ok(())
}

pub(super) fn verify_mlir_global<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let Some(ty) = type_attr(body.attr(op, "global_type")) else {
        return Ok(());
    };
    if !super::is_compatible_outer_type(ty) || ty.is_dialect_type("llvm", "void") {
        return Err(op_error(
            body,
            op,
            "expects type to be a valid element type for an LLVM global".into(),
        ));
    }
    if body
        .parent_op_name(op)
        .is_some_and(|n| n.name.as_str() != builtin::ModuleOp::NAME)
    {
        return Err(op_error(body, op, "must appear at the module level".into()));
    }
    if let Some(s) = body.attr(op, "value").and_then(|v| v.as_str()) {
        let ok = LLVMArrayType::from_type(ty).is_some_and(|a| {
            a.element_type().is_signless_int(8) && a.num_elements() == s.len() as u64
        });
        if !ok {
            return Err(op_error(
                body,
                op,
                "requires an i8 array type of the length equal to that of the string attribute"
                    .into(),
            ));
        }
    }
    let linkage = enum_keyword(body.attr(op, "linkage")).unwrap_or("external");
    if linkage == "appending" && LLVMArrayType::from_type(ty).is_none() {
        return Err(op_error(
            body,
            op,
            "expected array type for 'appending' linkage".into(),
        ));
    }
    if let Some(a) = body.attr(op, "alignment").and_then(|a| a.as_int()) {
        if a <= 0 || (a & (a - 1)) != 0 {
            return Err(plain_error(
                body,
                op,
                "alignment attribute is not a power of 2",
            ));
        }
    }
    Ok(())
}

pub(super) fn verify_regions_mlir_global<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let rb = body.region_body(op);
    let Some(entry) = body.regions_of(op).first().and_then(|&r| rb.entry_block(r)) else {
        return Ok(());
    };
    let Some(term) = rb.block_ops(entry).last() else {
        return Ok(());
    };
    if rb.num_operands(term) == 0 {
        return Err(op_error(
            body,
            op,
            "initializer region cannot return void".into(),
        ));
    }
    let rt = rb.value_type(rb.operand(term, 0));
    if let Some(gt) = type_attr(body.attr(op, "global_type")) {
        if rt != gt {
            return Err(op_error(
                body,
                op,
                format!("initializer region type '{rt}' does not match global type '{gt}'"),
            ));
        }
    }
    for o in rb.block_ops(entry) {
        if !pto_ir::effects::is_memory_effect_free(rb, o) {
            return Err(Diagnostic::error(
                rb.op_loc(o),
                "ops with side effects not allowed in global initializers",
            ));
        }
    }
    if body.attr(op, "value").is_some() {
        return Err(op_error(
            body,
            op,
            "cannot have both initializer value and region".into(),
        ));
    }
    Ok(())
}

pub(super) fn verify_mlir_constant<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let ty = res_type(body, op);
    let Some(value) = body.attr(op, "value") else {
        return Ok(());
    };
    if let Some(s) = value.as_str() {
        let ok = LLVMArrayType::from_type(ty).is_some_and(|a| {
            a.num_elements() == s.len() as u64 && a.element_type().is_signless_int(8)
        });
        if !ok {
            return Err(op_error(
                body,
                op,
                format!(
                    "expected array type of {} i8 elements for the string constant",
                    s.len()
                ),
            ));
        }
        return Ok(());
    }
    if let Some(st) = LLVMStructType::from_type(ty) {
        let AttrKind::Array(items) = *value.kind() else {
            return Err(op_error(
                body,
                op,
                "expected array attribute for struct type".into(),
            ));
        };
        let elems = st.body();
        if items.len() != elems.len() {
            return Err(op_error(
                body,
                op,
                format!("expected array attribute of size {}", elems.len()),
            ));
        }
        for (i, (a, &t)) in items.iter().zip(elems).enumerate() {
            if !(t.is_integer() || t.is_index() || t.is_float()) {
                return Err(op_error(
                    body,
                    op,
                    "expected struct element types to be floating point type or integer type"
                        .into(),
                ));
            }
            if !matches!(a.kind(), AttrKind::Integer { .. } | AttrKind::Float { .. }) {
                return Err(op_error(
                    body,
                    op,
                    "expected element of array attribute to be floating point or integer".into(),
                ));
            }
            if a.ty() != Some(t) {
                return Err(op_error(
                    body,
                    op,
                    format!("struct element at index {i} is of wrong type"),
                ));
            }
        }
        return Ok(());
    }
    match *value.kind() {
        AttrKind::Integer { .. } if !ty.is_integer() => {
            Err(op_error(body, op, "expected integer type".into()))
        }
        AttrKind::Float { ty: at, .. } if ty.is_float() && at != ty => Err(op_error(
            body,
            op,
            "attribute and type have different float semantics".into(),
        )),
        AttrKind::Float { ty: at, .. }
            if ty.is_integer() && ty.int_width() != at.float_kind().map(|k| k.width()) =>
        {
            Err(op_error(
                body,
                op,
                format!(
                    "expected integer type of width {}",
                    at.float_kind().map_or(0, |k| k.width())
                ),
            ))
        }
        AttrKind::DenseElements { .. } | AttrKind::DenseResource { .. } => {
            let vec_or_array = matches!(ty.kind(), TypeKind::Vector { .. })
                || LLVMArrayType::from_type(ty).is_some();
            if !vec_or_array {
                return Err(op_error(body, op, "expected vector or array type".into()));
            }
            Ok(())
        }
        AttrKind::Integer { .. } | AttrKind::Float { .. } | AttrKind::Array(_) => Ok(()),
        _ => Err(op_error(
            body,
            op,
            "only supports integer, float, string or elements attributes".into(),
        )),
    }
}
