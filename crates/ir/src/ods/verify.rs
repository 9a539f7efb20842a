//! The verifier that ODS derives from an op's declared constraints.
//!
//! Checks run in the order of MLIR's generated verifiers, with the same messages: the
//! count traits (regions, results, successors, operands), the structural traits
//! (`SingleBlock`, `HasParent`), then the op's invariants (attributes: presence in
//! alphabetical order, then constraints in declaration order; operand and result types,
//! regions, successors; predicate traits such as `AllTypesMatch`), then the native traits
//! in declaration order. The dialect's `hasVerifier` hook runs after this.

use super::{group_sizes, Arity, OpSpec, TraitCheck, ValueSpec, Var};
use crate::printer::type_to_string;
use crate::{AttrKind, Body, Context, Diagnostic, OpId, Type, ValueId};

fn err<'c>(body: &Body<'c>, op: OpId, msg: String) -> Diagnostic<'c> {
    crate::verifier::op_error(body, op, &msg)
}

/// Verifies `op` against `spec`.
pub fn verify_op<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    spec: &'static OpSpec,
) -> Result<(), Diagnostic<'c>> {
    verify_counts(body, op, spec)?;
    // Structural traits come before the op's invariants.
    if body
        .op_name(op)
        .traits()
        .contains(crate::OpTraits::SINGLE_BLOCK)
    {
        let rb = body.region_body(op);
        for (i, &r) in body.regions_of(op).iter().enumerate() {
            if rb.region_blocks(r).count() > 1 {
                return Err(err(
                    body,
                    op,
                    format!("expects region #{i} to have 0 or 1 blocks"),
                ));
            }
        }
    }
    for c in spec.checks {
        if matches!(c, TraitCheck::HasParent(_) | TraitCheck::ParentOneOf(_)) {
            verify_check(_ctx, body, op, spec, c)?;
        }
    }
    verify_attrs(body, op, spec)?;
    let operand_sizes = verify_segments(body, op, spec, true)?;
    let result_sizes = verify_segments(body, op, spec, false)?;
    verify_values(body, op, spec.operands, &operand_sizes, true)?;
    verify_values(body, op, spec.results, &result_sizes, false)?;
    verify_regions(body, op, spec)?;
    // Predicate traits are part of the op's invariants; native traits follow.
    for c in spec.checks {
        if matches!(
            c,
            TraitCheck::AllTypesMatch { .. }
                | TraitCheck::TypesMatchWith { .. }
                | TraitCheck::SameElementType { .. }
        ) {
            verify_check(_ctx, body, op, spec, c)?;
        }
    }
    for c in spec.checks {
        if !matches!(
            c,
            TraitCheck::AllTypesMatch { .. }
                | TraitCheck::TypesMatchWith { .. }
                | TraitCheck::SameElementType { .. }
                | TraitCheck::HasParent(_)
                | TraitCheck::ParentOneOf(_)
        ) {
            verify_check(_ctx, body, op, spec, c)?;
        }
    }
    Ok(())
}

fn count_msg(what: &str, fixed: usize, variadic: bool, found: usize) -> Option<String> {
    if variadic {
        if found < fixed {
            return Some(format!(
                "expected {fixed} or more {what}s, but found {found}"
            ));
        }
        return None;
    }
    if found == fixed {
        return None;
    }
    Some(match (what, fixed) {
        ("operand", 0) => "requires zero operands".to_string(),
        ("operand", 1) => "requires a single operand".to_string(),
        ("result", 0) => "requires zero results".to_string(),
        ("result", 1) => "requires one result".to_string(),
        ("region", 0) => "requires zero regions".to_string(),
        ("region", 1) => "requires one region".to_string(),
        _ => format!("expected {fixed} {what}s, but found {found}"),
    })
}

fn verify_counts<'c>(body: &Body<'c>, op: OpId, spec: &OpSpec) -> Result<(), Diagnostic<'c>> {
    let n_regions = body.regions_of(op).len();
    let fixed_regions = spec.regions.iter().filter(|r| !r.variadic).count();
    let var_regions = spec.regions.iter().any(|r| r.variadic);
    if let Some(m) = count_msg("region", fixed_regions, var_regions, n_regions) {
        let m = if !var_regions && fixed_regions > 1 {
            format!("expected {fixed_regions} regions")
        } else if var_regions {
            format!("expected {fixed_regions} or more regions")
        } else {
            m
        };
        return Err(err(body, op, m));
    }
    let (fixed, var) = counts(spec.results);
    if let Some(m) = count_msg("result", fixed, var, body.num_results(op)) {
        let m = if !var && fixed > 1 {
            format!("expected {fixed} results")
        } else if var {
            format!("expected {fixed} or more results")
        } else {
            m
        };
        return Err(err(body, op, m));
    }
    let n_succ = body.successors(op).len();
    let fixed_succ = spec.successors.iter().filter(|s| !s.variadic).count();
    let var_succ = spec.successors.iter().any(|s| s.variadic);
    if var_succ {
        if n_succ < fixed_succ {
            return Err(err(
                body,
                op,
                format!("requires at least {fixed_succ} successors but found {n_succ}"),
            ));
        }
    } else if n_succ != fixed_succ {
        let m = if fixed_succ == 1 {
            format!("requires 1 successor but found {n_succ}")
        } else {
            format!("requires {fixed_succ} successors but found {n_succ}")
        };
        return Err(err(body, op, m));
    }
    let (fixed, var) = counts(spec.operands);
    if let Some(m) = count_msg("operand", fixed, var, body.num_operands(op)) {
        return Err(err(body, op, m));
    }
    Ok(())
}

fn counts(groups: &[ValueSpec]) -> (usize, bool) {
    let fixed = groups.iter().filter(|g| g.arity == Arity::Single).count();
    (fixed, groups.iter().any(|g| g.arity != Arity::Single))
}

fn verify_attrs<'c>(body: &Body<'c>, op: OpId, spec: &OpSpec) -> Result<(), Diagnostic<'c>> {
    // Presence in alphabetical order, constraints in declaration order, as ODS emits them.
    let mut required: smallvec::SmallVec<[&str; 8]> = spec
        .attrs
        .iter()
        .filter(|a| !a.optional)
        .map(|a| a.name)
        .collect();
    required.sort_unstable();
    for name in required {
        if body.attr(op, name).is_none() {
            return Err(err(body, op, format!("requires attribute '{name}'")));
        }
    }
    for a in spec.attrs {
        if let Some(v) = body.attr(op, a.name) {
            if !(a.constraint.check)(v) {
                return Err(err(
                    body,
                    op,
                    format!(
                        "attribute '{}' failed to satisfy constraint: {}",
                        a.name, a.constraint.summary
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Checks the segment-size attribute (if any) and returns the group sizes.
fn verify_segments<'c>(
    body: &Body<'c>,
    op: OpId,
    spec: &OpSpec,
    operands: bool,
) -> Result<super::GroupSizes, Diagnostic<'c>> {
    let (groups, sized, attr, total, what) = if operands {
        (
            spec.operands,
            spec.operand_segments,
            "operandSegmentSizes",
            body.num_operands(op),
            "operand",
        )
    } else {
        (
            spec.results,
            spec.result_segments,
            "resultSegmentSizes",
            body.num_results(op),
            "result",
        )
    };
    if sized {
        let Some(a) = body.attr(op, attr) else {
            return Err(err(body, op, format!("requires attribute '{attr}'")));
        };
        let sizes: Vec<i64> = match a.kind() {
            AttrKind::DenseArray { data, .. } => data
                .chunks_exact(4)
                .map(|c| i64::from(i32::from_le_bytes([c[0], c[1], c[2], c[3]])))
                .collect(),
            _ => {
                return Err(err(
                    body,
                    op,
                    format!(
                    "attribute '{attr}' failed to satisfy constraint: i32 dense array attribute"
                ),
                ))
            }
        };
        if sizes.len() != groups.len() {
            return Err(err(
                body,
                op,
                format!(
                    "'{attr}' attribute for specifying {what} segments must have {} elements, but got {}",
                    groups.len(),
                    sizes.len()
                ),
            ));
        }
        let sum: i64 = sizes.iter().sum();
        if sum != total as i64 {
            return Err(err(
                body,
                op,
                format!(
                    "{what} count ({total}) does not match with the total size ({sum}) specified in attribute '{attr}'"
                ),
            ));
        }
        return Ok(sizes.into_iter().map(|s| s.max(0) as usize).collect());
    }
    Ok(group_sizes(groups, false, None, "", total))
}

fn verify_values<'c>(
    body: &Body<'c>,
    op: OpId,
    groups: &[ValueSpec],
    sizes: &[usize],
    operands: bool,
) -> Result<(), Diagnostic<'c>> {
    let what = if operands { "operand" } else { "result" };
    let mut index = 0usize;
    for (g, &n) in groups.iter().zip(sizes) {
        if g.arity == Arity::Optional && n > 1 {
            return Err(err(
                body,
                op,
                format!("{what} group starting at #{index} requires 0 or 1 element, but found {n}"),
            ));
        }
        for k in index..index + n {
            let v: ValueId = if operands {
                body.operand(op, k)
            } else {
                body.result(op, k)
            };
            let t = body.value_type(v);
            if !(g.constraint.check)(t) {
                return Err(err(
                    body,
                    op,
                    format!(
                        "{what} #{k} must be {}{}, but got '{}'",
                        // ODS's `Variadic<T>` summary.
                        if g.arity == Arity::Variadic {
                            "variadic of "
                        } else {
                            ""
                        },
                        g.constraint.summary,
                        type_to_string(t)
                    ),
                ));
            }
        }
        index += n;
    }
    Ok(())
}

fn verify_regions<'c>(body: &Body<'c>, op: OpId, spec: &OpSpec) -> Result<(), Diagnostic<'c>> {
    let regions = body.regions_of(op);
    let rb = body.region_body(op);
    for (i, &r) in regions.iter().enumerate() {
        let Some(s) = spec.regions.get(i).or(spec.regions.last()) else {
            break;
        };
        if let Some(n) = s.blocks {
            if rb.region_blocks(r).count() != n as usize {
                return Err(err(
                    body,
                    op,
                    format!(
                        "region #{i} ('{}') failed to verify constraint: {}",
                        s.name, s.summary
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The types of the values of group `var`.
fn group_types<'c>(body: &Body<'c>, op: OpId, spec: &OpSpec, var: Var) -> Vec<Type<'c>> {
    let values: Vec<ValueId> = match var {
        Var::Operand(i) => super::operand_group(spec, body, op, i as usize),
        Var::Result(i) => super::result_group(spec, body, op, i as usize),
        Var::AllOperands => body.operands(op).collect(),
        Var::AllResults => body.results(op).collect(),
        _ => Vec::new(),
    };
    values.into_iter().map(|v| body.value_type(v)).collect()
}

/// The shape of a type for shape-compatibility traits: `None` for unranked or scalars.
fn shape_of(t: Type<'_>) -> Option<&[i64]> {
    t.shape()
}

/// MLIR's `verifyCompatibleShape`: equal ranks, and static dims equal where both static.
fn compatible_shapes(a: Type<'_>, b: Type<'_>) -> bool {
    let shaped = |t: Type<'_>| super::preds::shaped(t);
    if shaped(a) != shaped(b) {
        return false;
    }
    match (shape_of(a), shape_of(b)) {
        (Some(x), Some(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|(p, q)| *p == crate::DYNAMIC || *q == crate::DYNAMIC || p == q)
        }
        _ => true,
    }
}

fn verify_check<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    spec: &OpSpec,
    check: &TraitCheck,
) -> Result<(), Diagnostic<'c>> {
    let operand_types = || {
        body.operands(op)
            .map(|v| body.value_type(v))
            .collect::<Vec<_>>()
    };
    let result_types = || {
        body.results(op)
            .map(|v| body.value_type(v))
            .collect::<Vec<_>>()
    };
    match check {
        TraitCheck::SameOperandsAndResultType
        | TraitCheck::SameOperandsAndResultShape
        | TraitCheck::SameOperandsAndResultElementType => {
            let ops = operand_types();
            let res = result_types();
            if ops.is_empty() {
                return Err(err(
                    body,
                    op,
                    "expected 1 or more operands, but found 0".to_string(),
                ));
            }
            if res.is_empty() {
                return Err(err(
                    body,
                    op,
                    "expected 1 or more results, but found 0".to_string(),
                ));
            }
            let all: Vec<Type<'c>> = res.iter().chain(ops.iter()).copied().collect();
            let first = all[0];
            let (ok, msg) = match check {
                TraitCheck::SameOperandsAndResultType => (
                    all.iter().all(|t| {
                        super::preds::element_type_or_self(*t)
                            == super::preds::element_type_or_self(first)
                            && compatible_shapes(*t, first)
                    }),
                    "requires the same type for all operands and results",
                ),
                TraitCheck::SameOperandsAndResultShape => (
                    all.iter().all(|t| compatible_shapes(*t, first)),
                    "requires the same shape for all operands and results",
                ),
                _ => (
                    all.iter().all(|t| {
                        super::preds::element_type_or_self(*t)
                            == super::preds::element_type_or_self(first)
                    }),
                    "requires the same element type for all operands and results",
                ),
            };
            if !ok {
                return Err(err(body, op, msg.to_string()));
            }
        }
        TraitCheck::SameTypeOperands => {
            let ops = operand_types();
            if ops.windows(2).any(|w| w[0] != w[1]) {
                return Err(err(
                    body,
                    op,
                    "requires all operands to have the same type".to_string(),
                ));
            }
        }
        TraitCheck::SameOperandsShape => {
            let ops = operand_types();
            if ops.windows(2).any(|w| !compatible_shapes(w[0], w[1])) {
                return Err(err(
                    body,
                    op,
                    "requires the same shape for all operands".to_string(),
                ));
            }
        }
        TraitCheck::SameOperandsElementType => {
            let ops = operand_types();
            if ops.windows(2).any(|w| {
                super::preds::element_type_or_self(w[0]) != super::preds::element_type_or_self(w[1])
            }) {
                return Err(err(
                    body,
                    op,
                    "requires the same element type for all operands".to_string(),
                ));
            }
        }
        TraitCheck::AllTypesMatch { vars, summary } => {
            let mut first: Option<Type<'c>> = None;
            for v in vars.iter() {
                for t in group_types(body, op, spec, *v) {
                    match first {
                        None => first = Some(t),
                        Some(f) if f != t => {
                            return Err(err(body, op, format!("failed to verify that {summary}")))
                        }
                        _ => {}
                    }
                }
            }
        }
        TraitCheck::TypesMatchWith {
            lhs,
            rhs,
            transform,
            summary,
        } => {
            let l = group_types(body, op, spec, *lhs);
            let r = group_types(body, op, spec, *rhs);
            if let (Some(&l), Some(&r)) = (l.first(), r.first()) {
                if transform(ctx, l) != r {
                    return Err(err(body, op, format!("failed to verify that {summary}")));
                }
            }
        }
        TraitCheck::ElementCountAndTypes {
            shaped,
            elements,
            summary,
        } => {
            let s = group_types(body, op, spec, *shaped);
            let e = group_types(body, op, spec, *elements);
            if let Some(&s) = s.first() {
                let count = s.num_elements().map(|n| n as usize);
                let elt = s.element_type();
                if count != Some(e.len()) || e.iter().any(|&t| Some(t) != elt) {
                    return Err(err(body, op, format!("failed to verify that {summary}")));
                }
            }
        }
        TraitCheck::SameElementType {
            result,
            operand,
            summary,
        } => {
            if *result < body.num_results(op) && *operand < body.num_operands(op) {
                let r = body.value_type(body.result(op, *result));
                let o = body.value_type(body.operand(op, *operand));
                if super::preds::element_type_or_self(r) != super::preds::element_type_or_self(o) {
                    return Err(err(body, op, format!("failed to verify that {summary}")));
                }
            }
        }
        TraitCheck::HasParent(names) | TraitCheck::ParentOneOf(names) => {
            let parent = body.parent_op_name(op).map(|p| p.as_str());
            if !parent.is_some_and(|p| names.contains(&p)) {
                let msg = if names.len() == 1 {
                    format!("expects parent op '{}'", names[0])
                } else {
                    format!("expects parent op to be one of '{}'", names.join(", "))
                };
                return Err(err(body, op, msg));
            }
        }
        TraitCheck::Elementwise => {}
        TraitCheck::Symbol => verify_symbol(body, op, spec)?,
    }
    Ok(())
}

/// `SingleBlockImplicitTerminator<name>`: every non-empty region ends with `name`.
pub fn verify_implicit_terminator<'c>(
    body: &Body<'c>,
    op: OpId,
    name: &str,
) -> Result<(), Diagnostic<'c>> {
    let rb = body.region_body(op);
    for &r in body.regions_of(op) {
        let Some(b) = rb.entry_block(r) else { continue };
        let Some(last) = rb.last_op(b) else { continue };
        let found = rb.op_name(last);
        if found.as_str() != name {
            let msg = format!(
                "expects regions to end with '{name}', found '{}'",
                found.as_str()
            );
            return Err(err(body, op, msg).with_note(
                body.op_loc(op),
                format!("in custom textual format, the absence of terminator implies '{name}'"),
            ));
        }
    }
    Ok(())
}

/// MLIR's `SymbolOpInterface` verifier (the declaration-visibility rule is the op's own:
/// only ops that say what a declaration is, as `func.func`, check it).
fn verify_symbol<'c>(body: &Body<'c>, op: OpId, spec: &OpSpec) -> Result<(), Diagnostic<'c>> {
    let name = body.attr(op, "sym_name");
    let optional = spec
        .attrs
        .iter()
        .any(|a| a.name == "sym_name" && a.optional);
    if name.is_none() && optional {
        return Ok(());
    }
    if name.and_then(|a| a.as_str()).is_none() {
        return Err(err(
            body,
            op,
            "requires string attribute 'sym_name'".to_string(),
        ));
    }
    if let Some(vis) = body.attr(op, "sym_visibility") {
        let Some(v) = vis.as_str() else {
            return Err(err(
                body,
                op,
                format!(
                    "requires visibility attribute 'sym_visibility' to be a string attribute, but got {}",
                    crate::printer::attr_to_string(vis)
                ),
            ));
        };
        if !matches!(v, "public" | "private" | "nested") {
            return Err(err(
                body,
                op,
                format!(
                    "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {}",
                    crate::printer::attr_to_string(vis)
                ),
            ));
        }
    }
    if let Some(parent) = body.parent_op_name(op) {
        if parent.def.is_some() && !parent.traits().contains(crate::OpTraits::SYMBOL_TABLE) {
            return Err(err(
                body,
                op,
                "symbol's parent must have the SymbolTable trait".to_string(),
            ));
        }
    }
    Ok(())
}
