//! The custom syntax of `llvm` ops (MLIR 22's): `llvm.icmp`/`llvm.fcmp`,
//! `llvm.alloca`, `llvm.call`, `llvm.func`, `llvm.mlir.global`, and the `custom<...>`
//! directives of the declarative formats (overflow and GEP flags, GEP indices, inferred
//! aggregate and shuffle types, switch cases).

use pto_ir::asm::{OpAsmParser, OpAsmPrinter};
use pto_ir::ods::format::FormatState;
use pto_ir::ods::{OpSpec, Var};
use pto_ir::{AttrKind, Attribute, Body, Context, NamedAttribute, OpId, OperationState, Type};

use super::{is_compatible_type, is_compatible_vector_type, GEP_DYNAMIC_INDEX};

// ---- shared helpers ---------------------------------------------------------------------

/// Prints all attributes (inherent and discardable) but `elided` as `{...}`, as MLIR's
/// `printOptionalAttrDict(op->getAttrs(), elided)`; a `fastmathFlags` equal to `none`
/// is left out (MLIR's `processFMFAttr`).
pub(super) fn print_all_attrs<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    body: &Body<'c>,
    op: OpId,
    elided: &[&str],
    with_keyword: bool,
) {
    let extra: Vec<NamedAttribute<'c>> = body
        .op_props(op)
        .and_then(|d| d.as_dictionary())
        .unwrap_or(&[])
        .iter()
        .filter(|e| !elided.contains(&e.name.as_str()))
        .filter(|e| !(e.name.as_str() == "fastmathFlags" && is_fastmath_none(e.value)))
        .copied()
        .collect();
    p.print_attr_dict_with_extra(body, op, &extra, elided, with_keyword);
}

fn is_fastmath_none(a: Attribute<'_>) -> bool {
    matches!(a.kind(), AttrKind::Opaque { body, .. } if *body == "fastmath<none>")
}

/// A dialect enum attribute `#llvm.<mnemonic><keyword>` (`enum_attr(ctx, "linkage",
/// "internal")`, `enum_attr(ctx, "fastmath", "nnan, ninf")` in canonical order).
pub fn enum_attr<'c>(ctx: &'c Context, mnemonic: &str, keyword: &str) -> Attribute<'c> {
    // Canonical text (bit-enum cases in the enum's order, `#llvm.fastmath<nnan, reassoc>`),
    // so that equal flags are equal attributes whatever order they were given in.
    let canonical = ctx
        .dialect("llvm")
        .and_then(|d| d.attr_def(mnemonic))
        .and_then(|def| def.canonical_params(keyword).ok());
    let keyword = canonical.as_deref().unwrap_or(keyword);
    let body = ctx.alloc_str(&format!("{mnemonic}<{keyword}>"));
    ctx.opaque_attr(ctx.ident("llvm"), body)
}

/// The keyword of a dialect enum attribute (`external` in `#llvm.linkage<external>`).
pub(super) fn enum_keyword(a: Option<Attribute<'_>>) -> Option<&str> {
    match a?.kind() {
        AttrKind::Opaque { body, .. } => body.split_once('<')?.1.strip_suffix('>'),
        _ => None,
    }
}

fn named<'c>(ctx: &'c Context, name: &str, value: Attribute<'c>) -> NamedAttribute<'c> {
    NamedAttribute {
        name: ctx.ident(name),
        value,
    }
}

/// The props gathered by a custom parser, then those written in the dictionary.
fn set_props<'c>(
    ctx: &'c Context,
    state: &mut OperationState<'c>,
    mut props: Vec<NamedAttribute<'c>>,
) {
    props.extend_from_slice(state.props.and_then(|d| d.as_dictionary()).unwrap_or(&[]));
    state.props = Some(ctx.dictionary(&props));
}

// ---- icmp / fcmp --------------------------------------------------------------------------

fn parse_cmp<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
    spec: &pto_ir::ods::EnumSpec,
) -> Result<(), ()> {
    let ctx = p.context();
    let pred_pos = p.current_pos();
    let pred = p.parse_attribute()?;
    let Some(text) = pred.as_str() else {
        p.emit_error_at(pred_pos, "invalid kind of attribute specified");
        return Err(());
    };
    let Some(value) = spec.value(text) else {
        p.emit_error_at(
            pred_pos,
            &format!("'{text}' is an incorrect value of the 'predicate' attribute"),
        );
        return Err(());
    };
    let lhs = p.parse_operand()?;
    p.parse_punct(",")?;
    let rhs = p.parse_operand()?;
    p.parse_optional_attr_dict(state)?;
    p.parse_punct(":")?;
    let ty_pos = p.current_pos();
    let ty = p.parse_type()?;
    let l = p.resolve_operand(&lhs, ty)?;
    let r = p.resolve_operand(&rhs, ty)?;
    state.operands.extend([l, r]);
    if !is_compatible_type(ty) {
        p.emit_error_at(ty_pos, "expected LLVM dialect-compatible type");
        return Err(());
    }
    state.result_types.push(super::i1_same_shape(ctx, ty));
    let props = vec![named(
        ctx,
        "predicate",
        ctx.int_attr(ctx.int_type(64), i128::from(value)),
    )];
    set_props(ctx, state, props);
    Ok(())
}

fn print_cmp<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    body: &Body<'c>,
    op: OpId,
    spec: &pto_ir::ods::EnumSpec,
) {
    let pred = body.attr(op, "predicate").and_then(|a| a.as_int());
    p.write(" \"");
    p.write(pred.and_then(|v| spec.keyword(v)).unwrap_or(""));
    p.write("\" ");
    p.print_operand(body, body.operand(op, 0));
    p.write(", ");
    p.print_operand(body, body.operand(op, 1));
    print_all_attrs(p, body, op, &["predicate"], false);
    p.write(" : ");
    p.print_type(body.value_type(body.operand(op, 0)));
}

fn predicate_spec(op: &'static OpSpec) -> &'static pto_ir::ods::EnumSpec {
    match op
        .attrs
        .iter()
        .find(|a| a.name == "predicate")
        .map(|a| a.constraint.form)
    {
        Some(pto_ir::ods::AttrForm::Enum(e)) => e,
        _ => &NO_CASES,
    }
}

static NO_CASES: pto_ir::ods::EnumSpec = pto_ir::ods::EnumSpec {
    name: "",
    cases: &[],
    width: 64,
};

pub(super) fn parse_icmp<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    parse_cmp(p, state, predicate_spec(super::ICmpOp::spec()))
}
pub(super) fn print_icmp<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    print_cmp(p, body, op, predicate_spec(super::ICmpOp::spec()))
}
pub(super) fn parse_fcmp<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    parse_cmp(p, state, predicate_spec(super::FCmpOp::spec()))
}
pub(super) fn print_fcmp<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    print_cmp(p, body, op, predicate_spec(super::FCmpOp::spec()))
}

// ---- alloca ---------------------------------------------------------------------------------

/// `[inalloca] %size x T {attrs} : (i64) -> !llvm.ptr`
pub(super) fn parse_alloca<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    let mut props = Vec::new();
    if p.parse_optional_keyword("inalloca") {
        props.push(named(ctx, "inalloca", ctx.unit_attr()));
    }
    let size = p.parse_operand()?;
    p.parse_keyword("x")?;
    let elem = p.parse_type()?;
    p.parse_optional_attr_dict(state)?;
    p.parse_punct(":")?;
    let ty_pos = p.current_pos();
    let ty = p.parse_type()?;
    let sig = ty
        .function_signature()
        .filter(|(i, r)| i.len() == 1 && r.len() == 1);
    let Some((inputs, results)) = sig else {
        p.emit_error_at(
            ty_pos,
            "expected trailing function type with one argument and one result",
        );
        return Err(());
    };
    let v = p.resolve_operand(&size, inputs[0])?;
    state.operands.push(v);
    if results[0].is_dialect_type("llvm", "ptr") {
        props.push(named(ctx, "elem_type", ctx.type_attr(elem)));
    }
    state.result_types.push(results[0]);
    set_props(ctx, state, props);
    // An alignment of 0 means none.
    if let Some(d) = state.props {
        if d.dict_get("alignment").and_then(|a| a.as_int()) == Some(0) {
            state.props = Some(ctx.dict_with(Some(d), "alignment", None));
        }
    }
    Ok(())
}

pub(super) fn print_alloca<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    if body.attr(op, "inalloca").is_some() {
        p.write(" inalloca");
    }
    p.write(" ");
    let size = body.operand(op, 0);
    p.print_operand(body, size);
    p.write(" x ");
    if let Some(AttrKind::Type(t)) = body.attr(op, "elem_type").map(|a| *a.kind()) {
        p.print_type(t);
    }
    let aligned = body
        .attr(op, "alignment")
        .and_then(|a| a.as_int())
        .is_some_and(|a| a != 0);
    if aligned {
        print_all_attrs(p, body, op, &["elem_type", "inalloca"], false);
    } else {
        print_all_attrs(p, body, op, &["alignment", "elem_type", "inalloca"], false);
    }
    p.write(" : ");
    let res = body.value_type(body.result(op, 0));
    p.print_functional_type(&[body.value_type(size)], &[res]);
}

// ---- format directives --------------------------------------------------------------------

/// Flags of a bit enum as keywords joined by `sep` (MLIR's `stringify` with primary
/// groups first).
fn flags_text(cases: &[(&str, i64)], value: i64, sep: &str) -> String {
    pto_ir::ods::attrdef::stringify_enum(cases, true, sep, true, value)
}

const OVERFLOW_CASES: &[(&str, i64)] = &[("none", 0), ("nsw", 1), ("nuw", 2)];
const GEP_CASES: &[(&str, i64)] = &[
    ("none", 0),
    ("inbounds_flag", 1),
    ("nusw", 2),
    ("nuw", 4),
    ("inbounds", 3),
];

/// `overflow<nsw, nuw>` into the i32 attribute `args[0]`; nothing if absent.
pub(super) fn parse_overflow_flags<'c>(
    p: &mut dyn OpAsmParser<'c>,
    fs: &mut FormatState<'c>,
    args: &[Var],
) -> Result<(), ()> {
    let Some(&Var::Attr(i)) = args.first() else {
        return Err(());
    };
    if !p.parse_optional_keyword("overflow") {
        return Ok(());
    }
    p.parse_punct("<")?;
    let mut value = 0i64;
    loop {
        let word = p.parse_keyword_or_string()?;
        match OVERFLOW_CASES.iter().find(|c| c.0 == word) {
            Some(c) => value |= c.1,
            None => {
                p.emit_error(&format!(
                    "expected one of [none, nsw, nuw] for integer overflow flags, got: {word}"
                ));
                return Err(());
            }
        }
        if !p.parse_optional_punct(",") {
            break;
        }
    }
    p.parse_punct(">")?;
    let ctx = p.context();
    fs.attrs[i as usize] = Some(ctx.int_attr(ctx.int_type(32), i128::from(value)));
    Ok(())
}

/// The bits of the flag attribute named by `args[0]` (0 when absent); `None` if the
/// directive names no attribute.
fn flag_bits(body: &Body<'_>, op: OpId, spec: &'static OpSpec, args: &[Var]) -> Option<i128> {
    let Some(&Var::Attr(i)) = args.first() else {
        return None;
    };
    Some(
        body.attr(op, spec.attrs[i as usize].name)
            .and_then(|a| a.as_int())
            .unwrap_or(0),
    )
}

pub(super) fn print_overflow_flags<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    body: &Body<'c>,
    op: OpId,
    spec: &'static OpSpec,
    args: &[Var],
) {
    let Some(v) = flag_bits(body, op, spec, args) else {
        return;
    };
    p.write("overflow<");
    p.write(&flags_text(OVERFLOW_CASES, v as i64, ", "));
    p.write(">");
}

/// `inbounds`, `nuw`, `inbounds|nuw` into the i32 attribute `args[0]`.
pub(super) fn parse_gep_no_wrap_flags<'c>(
    p: &mut dyn OpAsmParser<'c>,
    fs: &mut FormatState<'c>,
    args: &[Var],
) -> Result<(), ()> {
    let Some(&Var::Attr(i)) = args.first() else {
        return Err(());
    };
    let word = p.peek_keyword_or_string();
    let Some(first) = word
        .as_deref()
        .and_then(|w| GEP_CASES.iter().find(|c| c.0 == w))
    else {
        return Ok(());
    };
    p.parse_keyword_or_string()?;
    let mut value = first.1;
    while p.parse_optional_punct("|") {
        let w = p.parse_keyword_or_string()?;
        match GEP_CASES.iter().find(|c| c.0 == w) {
            Some(c) => value |= c.1,
            None => {
                p.emit_error(&format!("invalid GEP no-wrap flag '{w}'"));
                return Err(());
            }
        }
    }
    let ctx = p.context();
    fs.attrs[i as usize] = Some(ctx.int_attr(ctx.int_type(32), i128::from(value)));
    Ok(())
}

pub(super) fn print_gep_no_wrap_flags<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    body: &Body<'c>,
    op: OpId,
    spec: &'static OpSpec,
    args: &[Var],
) {
    let Some(v) = flag_bits(body, op, spec, args) else {
        return;
    };
    p.write(&flags_text(GEP_CASES, v as i64, "|"));
}

/// `%i, 1, %j`: dynamic indices into operand group `args[0]`, all of them (with
/// [`GEP_DYNAMIC_INDEX`] for the dynamic ones) into the attribute `args[1]`.
pub(super) fn parse_gep_indices<'c>(
    p: &mut dyn OpAsmParser<'c>,
    fs: &mut FormatState<'c>,
    args: &[Var],
) -> Result<(), ()> {
    let (Some(&Var::Operand(g)), Some(&Var::Attr(a))) = (args.first(), args.get(1)) else {
        return Err(());
    };
    let mut raw: Vec<i64> = Vec::new();
    loop {
        let pos = p.current_pos();
        if let Some(v) = p.parse_optional_integer()? {
            if i32::try_from(v).is_err() {
                p.emit_error_at(pos, "integer value too large");
                return Err(());
            }
            raw.push(v);
        } else if let Some(u) = p.parse_optional_operand()? {
            fs.operands[g as usize].push(u);
            raw.push(i64::from(GEP_DYNAMIC_INDEX));
        } else {
            // Not an operand either: reports "expected SSA operand" as MLIR does.
            return p.parse_operand().and(Err(()));
        }
        if !p.parse_optional_punct(",") {
            break;
        }
    }
    fs.attrs[a as usize] = Some(p.context().dense_int_array(32, &raw));
    Ok(())
}

pub(super) fn print_gep_indices<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    body: &Body<'c>,
    op: OpId,
    spec: &'static OpSpec,
    args: &[Var],
) {
    let (Some(&Var::Operand(g)), Some(&Var::Attr(a))) = (args.first(), args.get(1)) else {
        return;
    };
    let dynamic = pto_ir::ods::operand_group(spec, body, op, g as usize);
    let raw = body
        .attr(op, spec.attrs[a as usize].name)
        .and_then(Attribute::dense_int_values)
        .unwrap_or_default();
    let mut next = dynamic.iter();
    for (k, &r) in raw.iter().enumerate() {
        if k > 0 {
            p.write(", ");
        }
        match (r == i64::from(GEP_DYNAMIC_INDEX))
            .then(|| next.next())
            .flatten()
        {
            Some(&v) => p.print_operand(body, v),
            None => p.write(&r.to_string()),
        }
    }
}

/// The type at `position` inside aggregate `container`, or the error message.
pub(super) fn aggregate_element_type<'c>(
    container: Type<'c>,
    position: &[i64],
) -> Result<Type<'c>, String> {
    if !is_compatible_type(container) {
        return Err(format!("expected LLVM IR Dialect type, got '{container}'"));
    }
    let mut t = container;
    for &idx in position {
        if let Some(arr) = super::LLVMArrayType::from_type(t) {
            if idx < 0 || idx as u64 >= arr.num_elements() {
                return Err(format!("position out of bounds: {idx}"));
            }
            t = arr.element_type();
        } else if let Some(s) = super::LLVMStructType::from_type(t) {
            let body = s.body();
            if idx < 0 || idx as usize >= body.len() {
                return Err(format!("position out of bounds: {idx}"));
            }
            t = body[idx as usize];
        } else {
            return Err(format!("expected LLVM IR structure/array type, got: '{t}'"));
        }
    }
    Ok(t)
}

fn group_type<'c>(fs: &FormatState<'c>, v: Var) -> Option<Type<'c>> {
    match v {
        Var::Operand(i) => fs.operand_types[i as usize].as_ref()?.first().copied(),
        Var::Result(i) => fs.result_types[i as usize].as_ref()?.first().copied(),
        _ => None,
    }
}

/// Infers the type `args[0]` from the container's type `args[1]` and position `args[2]`.
pub(super) fn parse_insert_extract_value_element_type<'c>(
    p: &mut dyn OpAsmParser<'c>,
    fs: &mut FormatState<'c>,
    args: &[Var],
) -> Result<(), ()> {
    let (Some(&target), Some(&container), Some(&Var::Attr(a))) =
        (args.first(), args.get(1), args.get(2))
    else {
        return Err(());
    };
    let Some(cty) = group_type(fs, container) else {
        return Err(());
    };
    let position = fs.attrs[a as usize]
        .and_then(Attribute::dense_int_values)
        .unwrap_or_default();
    match aggregate_element_type(cty, &position) {
        Ok(t) => {
            fs.set_types(target, &[t]);
            Ok(())
        }
        Err(msg) => {
            p.emit_error(&msg);
            Err(())
        }
    }
}

/// Nothing is printed for an inferred type.
pub(super) fn print_insert_extract_value_element_type<'c>(
    _p: &mut dyn OpAsmPrinter<'c>,
    _body: &Body<'c>,
    _op: OpId,
    _spec: &'static OpSpec,
    _args: &[Var],
) {
}

/// Infers the result type `args[1]` of a shuffle from `args[0]`'s type and the mask.
pub(super) fn parse_shuffle_type<'c>(
    p: &mut dyn OpAsmParser<'c>,
    fs: &mut FormatState<'c>,
    args: &[Var],
) -> Result<(), ()> {
    let (Some(&v1), Some(&res), Some(&Var::Attr(a))) = (args.first(), args.get(1), args.get(2))
    else {
        return Err(());
    };
    let ctx = p.context();
    let Some(t) = group_type(fs, v1).filter(|t| is_compatible_vector_type(*t)) else {
        p.emit_error("expected an LLVM compatible vector type");
        return Err(());
    };
    let n = fs.attrs[a as usize]
        .and_then(Attribute::dense_int_values)
        .map_or(0, |m| m.len() as i64);
    let (scalable, elem) = match *t.kind() {
        pto_ir::TypeKind::Vector {
            scalable, element, ..
        } => (scalable, element),
        _ => return Err(()),
    };
    let rt = ctx.scalable_vector_type(&[n], &scalable[..1.min(scalable.len())], elem);
    fs.set_types(res, &[rt]);
    Ok(())
}

/// Nothing is printed for an inferred type.
pub(super) fn print_shuffle_type<'c>(
    _p: &mut dyn OpAsmPrinter<'c>,
    _body: &Body<'c>,
    _op: OpId,
    _spec: &'static OpSpec,
    _args: &[Var],
) {
}
