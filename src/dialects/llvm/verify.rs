//! Verifiers of `llvm` ops (`hasVerifier`, `hasRegionVerifier`, symbol uses), with
//! MLIR's messages.

use crate::ir::symbol_table::SymbolTable;
use crate::ir::{AttrKind, Attribute, Body, Context, Diagnostic, OpId, Type, TypeKind};

use super::syntax::{aggregate_element_type, enum_keyword};
use super::{
    case_groups, case_values, is_compatible_floating_point_type, is_compatible_type,
    is_compatible_vector_type, LLVMArrayType, LLVMFunctionType, LLVMPointerType, LLVMStructType,
    GEP_DYNAMIC_INDEX,
};

fn op_error<'c>(body: &Body<'c>, op: OpId, msg: String) -> Diagnostic<'c> {
    crate::ir::verifier::op_error(body, op, &msg)
}

/// An error at the op without the `'name' op` prefix (MLIR's `emitError`).
fn plain_error<'c>(body: &Body<'c>, op: OpId, msg: &str) -> Diagnostic<'c> {
    Diagnostic::error(body.op_loc(op), msg)
}

fn type_attr<'c>(a: Option<Attribute<'c>>) -> Option<Type<'c>> {
    match a?.kind() {
        AttrKind::Type(t) => Some(*t),
        _ => None,
    }
}

fn res_type<'c>(body: &Body<'c>, op: OpId) -> Type<'c> {
    body.value_type(body.result(op, 0))
}

fn arg_type<'c>(body: &Body<'c>, op: OpId, i: usize) -> Type<'c> {
    body.value_type(body.operand(op, i))
}

// ---- casts ------------------------------------------------------------------------------------

fn verify_ext<'c>(body: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let (input, output) = (arg_type(body, op, 0), res_type(body, op));
    let (iw, ow) = if is_compatible_vector_type(input) {
        if !is_compatible_vector_type(output) {
            return Err(plain_error(
                body,
                op,
                "input type is a vector but output type is an integer",
            ));
        }
        if input.shape() != output.shape() {
            return Err(plain_error(
                body,
                op,
                "input and output vectors are of incompatible shape",
            ));
        }
        (
            input.element_type().and_then(|t| t.int_width()),
            output.element_type().and_then(|t| t.int_width()),
        )
    } else {
        if output.int_width().is_none() {
            return Err(plain_error(
                body,
                op,
                "input type is an integer but output type is a vector",
            ));
        }
        (input.int_width(), output.int_width())
    };
    if ow <= iw {
        return Err(plain_error(
            body,
            op,
            "integer width of the output type is smaller or equal to the integer width of the input type",
        ));
    }
    Ok(())
}

pub(super) fn verify_sext<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    verify_ext(body, op)
}

pub(super) fn verify_zext<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    verify_ext(body, op)
}

pub(super) fn verify_bitcast<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let (src, res) = (arg_type(body, op, 0), res_type(body, op));
    let elem = |t: Type<'c>| crate::ods::preds::element_type_or_self(t);
    let (sp, rp) = (
        LLVMPointerType::from_type(elem(src)),
        LLVMPointerType::from_type(elem(res)),
    );
    match (sp, rp) {
        (None, None) => Ok(()),
        (Some(s), Some(r)) => {
            let vec = |t: Type<'c>| matches!(t.kind(), TypeKind::Vector { .. });
            if vec(res) && !vec(src) {
                return Err(op_error(
                    body,
                    op,
                    "cannot cast pointer to vector of pointers".into(),
                ));
            }
            if !vec(res) && vec(src) {
                return Err(op_error(
                    body,
                    op,
                    "cannot cast vector of pointers to pointer".into(),
                ));
            }
            if s.address_space() != r.address_space() {
                return Err(op_error(
                    body,
                    op,
                    "cannot cast pointers of different address spaces, use 'llvm.addrspacecast' instead".into(),
                ));
            }
            Ok(())
        }
        _ => Err(op_error(
            body,
            op,
            "can only cast pointers from and to pointers".into(),
        )),
    }
}

// ---- memory -----------------------------------------------------------------------------------

/// Integers, pointers and LLVM floats of a power-of-two size of at least 8 bits.
fn atomic_compatible(t: Type<'_>) -> bool {
    let bits = if let Some(w) = t.int_width() {
        w
    } else if t.is_dialect_type("llvm", "ptr") {
        64
    } else if is_compatible_floating_point_type(t) {
        t.float_kind().map_or(0, |k| k.width())
    } else {
        return false;
    };
    bits >= 8 && bits.is_power_of_two()
}

fn verify_atomic<'c>(
    body: &Body<'c>,
    op: OpId,
    value: Type<'c>,
    unsupported: &[&str],
) -> Result<(), Diagnostic<'c>> {
    let cases = match super::LoadOp::spec()
        .attrs
        .iter()
        .find(|a| a.name == "ordering")
        .map(|a| a.constraint.form)
    {
        Some(crate::ods::AttrForm::Enum(e)) => e,
        _ => return Ok(()),
    };
    let ordering = body
        .attr(op, "ordering")
        .and_then(|a| a.as_int())
        .unwrap_or(0);
    if ordering != 0 {
        if !atomic_compatible(value) {
            return Err(op_error(
                body,
                op,
                format!("unsupported type '{value}' for atomic access"),
            ));
        }
        let name = cases.keyword(ordering).unwrap_or("");
        if unsupported.contains(&name) {
            return Err(op_error(body, op, format!("unsupported ordering '{name}'")));
        }
        if body.attr(op, "alignment").is_none() {
            return Err(op_error(
                body,
                op,
                "expected alignment for atomic access".into(),
            ));
        }
        return Ok(());
    }
    if body.attr(op, "syncscope").is_some() {
        return Err(op_error(
            body,
            op,
            "expected syncscope to be null for non-atomic access".into(),
        ));
    }
    Ok(())
}

pub(super) fn verify_load<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    verify_atomic(body, op, res_type(body, op), &["release", "acq_rel"])
}

pub(super) fn verify_store<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    verify_atomic(body, op, arg_type(body, op, 0), &["acquire", "acq_rel"])
}

/// Struct indices of a GEP are constants in range; other types are arrays or vectors.
fn verify_struct_indices<'c>(
    body: &Body<'c>,
    op: OpId,
    t: Type<'c>,
    pos: usize,
    raw: &[i64],
) -> Result<(), Diagnostic<'c>> {
    if pos >= raw.len() {
        return Ok(());
    }
    if let Some(s) = LLVMStructType::from_type(t) {
        if raw[pos] == i64::from(GEP_DYNAMIC_INDEX) {
            return Err(op_error(
                body,
                op,
                format!("expected index {pos} indexing a struct to be constant"),
            ));
        }
        let elems = s.body();
        if raw[pos] < 0 || raw[pos] as usize >= elems.len() {
            return Err(op_error(
                body,
                op,
                format!("index {pos} indexing a struct is out of bounds"),
            ));
        }
        return verify_struct_indices(body, op, elems[raw[pos] as usize], pos + 1, raw);
    }
    let inner = LLVMArrayType::from_type(t)
        .map(|a| a.element_type())
        .or_else(|| match *t.kind() {
            TypeKind::Vector { element, .. } => Some(element),
            _ => None,
        });
    match inner {
        Some(e) => verify_struct_indices(body, op, e, pos + 1, raw),
        None => Err(op_error(
            body,
            op,
            format!("type '{t}' cannot be indexed (index #{pos})"),
        )),
    }
}

pub(super) fn verify_getelementptr<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let raw = body
        .attr(op, "rawConstantIndices")
        .and_then(Attribute::dense_int_values)
        .unwrap_or_default();
    let dynamic = raw
        .iter()
        .filter(|&&r| r == i64::from(GEP_DYNAMIC_INDEX))
        .count();
    if dynamic != body.num_operands(op).saturating_sub(1) {
        return Err(op_error(
            body,
            op,
            "expected as many dynamic indices as specified in 'rawConstantIndices'".into(),
        ));
    }
    if body.attr(op, "noWrapFlags").and_then(|a| a.as_int()) == Some(1) {
        return Err(op_error(
            body,
            op,
            "'inbounds_flag' cannot be used directly.".into(),
        ));
    }
    match type_attr(body.attr(op, "elem_type")) {
        Some(t) => verify_struct_indices(body, op, t, 1, &raw),
        None => Ok(()),
    }
}

// ---- aggregates -------------------------------------------------------------------------------

fn position(body: &Body<'_>, op: OpId) -> smallvec::SmallVec<[i64; 4]> {
    body.attr(op, "position")
        .and_then(Attribute::dense_int_values)
        .unwrap_or_default()
}

pub(super) fn verify_extractvalue<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let container = arg_type(body, op, 0);
    let t = aggregate_element_type(container, &position(body, op))
        .map_err(|m| op_error(body, op, m))?;
    let res = res_type(body, op);
    if res != t {
        return Err(op_error(
            body,
            op,
            format!("Type mismatch: extracting from '{container}' should produce '{t}' but this op returns '{res}'"),
        ));
    }
    Ok(())
}

pub(super) fn verify_insertvalue<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let container = arg_type(body, op, 0);
    let t = aggregate_element_type(container, &position(body, op))
        .map_err(|m| op_error(body, op, m))?;
    let value = arg_type(body, op, 1);
    if value != t {
        return Err(op_error(
            body,
            op,
            format!("Type mismatch: cannot insert '{value}' into '{container}'"),
        ));
    }
    Ok(())
}

// ---- control flow -----------------------------------------------------------------------------

pub(super) fn verify_switch<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let dests = body.successors(op).len().saturating_sub(1);
    let values = case_values(body, op);
    if values.as_ref().map_or(dests != 0, |v| v.len() != dests) {
        return Err(op_error(
            body,
            op,
            "expects number of case values to match number of case destinations".into(),
        ));
    }
    if let Some(AttrKind::DenseElements { ty, .. }) =
        body.attr(op, "case_values").map(|a| *a.kind())
    {
        if ty.element_type() != Some(arg_type(body, op, 0)) {
            return Err(plain_error(
                body,
                op,
                "expects case value type to match condition value type",
            ));
        }
    }
    let _ = case_groups(body, op);
    Ok(())
}

pub(super) fn verify_return<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    // The enclosing llvm.func owns this (nested) body.
    if body.parent_op(op).is_some()
        || body.parent_op_name(op).map(|n| n.name.as_str()) != Some("llvm.func")
    {
        return Ok(());
    }
    let Some(fty) =
        type_attr(body.owner_attr("function_type")).and_then(LLVMFunctionType::from_type)
    else {
        return Ok(());
    };
    let note = |d: Diagnostic<'c>| match body.owner_loc() {
        Some(l) => d.with_note(l, "when returning from function"),
        None => d,
    };
    let expected = fty.return_type();
    let arg = (body.num_operands(op) > 0).then(|| arg_type(body, op, 0));
    match arg {
        Some(_) if expected.is_dialect_type("llvm", "void") => {
            Err(note(op_error(body, op, "expected no operands".into())))
        }
        None if !expected.is_dialect_type("llvm", "void") => {
            Err(note(op_error(body, op, "expected 1 operand".into())))
        }
        Some(t) if t != expected => {
            Err(note(op_error(body, op, "mismatching result types".into())))
        }
        _ => Ok(()),
    }
}

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
    args: &[crate::ir::ValueId],
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
    let operands = crate::ods::operand_group(super::CallOp::spec(), body, op, 0);
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
    if fb.op_name(f).as_str() != "llvm.func" {
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
    let target = table
        .lookup(name)
        .filter(|(b, o)| matches!(b.op_name(*o).as_str(), "llvm.mlir.global" | "llvm.func"));
    let Some((gb, g)) = target else {
        return Err(op_error(
            body,
            op,
            "must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or 'llvm.func' or 'llvm.mlir.ifunc'".into(),
        ));
    };
    if gb.op_name(g).as_str() == "llvm.mlir.global" {
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
        .is_some_and(|n| n.name.as_str() != "builtin.module")
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
        let effects = rb.op_name(o).def.and_then(|d| d.spec).map(|s| s.effects.0);
        if effects.is_none_or(|e| e & !crate::ods::MemoryEffects::RECURSIVE != 0) {
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
