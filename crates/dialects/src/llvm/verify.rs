//! Verifiers of `llvm` ops (`hasVerifier`, `hasRegionVerifier`, symbol uses), with
//! MLIR's messages.

use pto_ir::{AttrKind, Attribute, Body, Context, Diagnostic, OpId, Type, TypeKind};

use super::syntax::aggregate_element_type;
use super::{
    case_groups, case_values, is_compatible_floating_point_type, is_compatible_vector_type,
    LLVMArrayType, LLVMFunctionType, LLVMPointerType, LLVMStructType, GEP_DYNAMIC_INDEX,
};
use crate::cf::check_successor;

pub(super) fn op_error<'c>(body: &Body<'c>, op: OpId, msg: String) -> Diagnostic<'c> {
    pto_ir::verifier::op_error(body, op, &msg)
}

/// An error at the op without the `'name' op` prefix (MLIR's `emitError`).
pub(super) fn plain_error<'c>(body: &Body<'c>, op: OpId, msg: &str) -> Diagnostic<'c> {
    Diagnostic::error(body.op_loc(op), msg)
}

pub(super) fn type_attr<'c>(a: Option<Attribute<'c>>) -> Option<Type<'c>> {
    match a?.kind() {
        AttrKind::Type(t) => Some(*t),
        _ => None,
    }
}

pub(super) fn res_type<'c>(body: &Body<'c>, op: OpId) -> Type<'c> {
    body.value_type(body.result(op, 0))
}

pub(super) fn arg_type<'c>(body: &Body<'c>, op: OpId, i: usize) -> Type<'c> {
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
    let elem = |t: Type<'c>| pto_ir::ods::preds::element_type_or_self(t);
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
        Some(pto_ir::ods::AttrForm::Enum(e)) => e,
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

/// Volatile and (at least monotonic) atomic accesses also read and write other memory.
fn synchronizing(body: &Body<'_>, op: OpId) -> bool {
    body.attr(op, "volatile_").is_some()
        || body
            .attr(op, "ordering")
            .and_then(|a| a.as_int())
            .unwrap_or(0)
            > 1
}

/// A load reads; a volatile or atomic one also writes (MLIR's `LoadOp::getEffects`).
pub(super) fn memory_effects_load(body: &Body<'_>, op: OpId) -> u8 {
    use pto_ir::ods::MemoryEffects as E;
    E::READ | if synchronizing(body, op) { E::WRITE } else { 0 }
}

/// A store writes; a volatile or atomic one also reads.
pub(super) fn memory_effects_store(body: &Body<'_>, op: OpId) -> u8 {
    use pto_ir::ods::MemoryEffects as E;
    E::WRITE | if synchronizing(body, op) { E::READ } else { 0 }
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

/// `llvm.br`: the successor operands (MLIR's `BranchOpInterface` check).
pub(super) fn verify_br<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let operands = super::BrOp(op).dest_operands(body);
    check_successor(body, op, 0, body.successors(op)[0], &operands)
}

/// `llvm.cond_br`: the successor operands of both destinations.
pub(super) fn verify_cond_br<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let o = super::CondBrOp(op);
    let succ = body.successors(op);
    check_successor(body, op, 0, succ[0], &o.true_dest_operands(body))?;
    check_successor(body, op, 1, succ[1], &o.false_dest_operands(body))
}

pub(super) fn verify_switch<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    // The interface's successor check comes before the op's own, as in MLIR.
    let succ = body.successors(op);
    check_successor(
        body,
        op,
        0,
        succ[0],
        &super::SwitchOp(op).default_operands(body),
    )?;
    for (i, group) in case_groups(body, op).iter().enumerate() {
        if let Some(&dest) = succ.get(i + 1) {
            check_successor(body, op, i + 1, dest, group)?;
        }
    }
    let dests = succ.len().saturating_sub(1);
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
    Ok(())
}

pub(super) fn verify_return<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    // The enclosing llvm.func owns this (nested) body.
    if body.parent_op(op).is_some()
        || body.parent_op_name(op).map(|n| n.name.as_str()) != Some(super::LLVMFuncOp::NAME)
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

/// `llvm.shufflevector`: each mask index selects an element of the two operands (below
/// twice their length) or is -1 (poison); LLVM rejects any other, so the op does.
pub(super) fn verify_shufflevector<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let s = super::ShuffleVectorOp(op);
    let TypeKind::Vector {
        shape, scalable, ..
    } = *body.value_type(s.v1(body)).kind()
    else {
        return Ok(());
    };
    // A scalable operand's length is only known at run time (LLVM allows a zero mask).
    if scalable.iter().any(|&x| x) || shape.len() != 1 {
        return Ok(());
    }
    let n = shape[0];
    let mask = s
        .mask(body)
        .and_then(|m| m.dense_int_values())
        .unwrap_or_default();
    if let Some((i, &m)) = mask
        .iter()
        .enumerate()
        .find(|(_, &m)| m != -1 && !(0..2 * n).contains(&m))
    {
        return Err(op_error(
            body,
            op,
            format!(
                "mask index #{i} ({m}) is out of range: the operands have {} elements (or -1 for poison)",
                2 * n
            ),
        ));
    }
    Ok(())
}
