//! Carries out a [`Plan`] (MLIR's `cleanUpDeadVals`), body by body, in MLIR's order:
//! block arguments, successor operands, function signatures and entry arguments,
//! operands (erased, or replaced by a new `ub.poison` placed before their op, located
//! at the replaced value), call results, ops (a terminator leaves `ub.unreachable`),
//! and finally the new `ub.poison`s that ended up unused.
//!
//! MLIR drops the remaining uses of what it erases; those users are themselves erased
//! by the plan, except in code that never runs, where MLIR would leave a null operand.
//! Here such a use gets a `ub.poison` instead (what later MLIR versions do), so the IR
//! stays valid.

use smallvec::SmallVec;

use super::plan::{BodyPlan, OperandAction, Plan};
use crate::sccp::analysis::key;
use pto_dialects::cf;
use pto_ir::builder::OpBuilder;
use pto_ir::interfaces::erase_successor_operand;
use pto_ir::{
    AttrKind, Attribute, Body, Context, InsertPoint, OpId, OpTraits, OperationState, ValueId,
};

/// Applies `plan` to `body` and the bodies nested in it.
pub fn apply<'c>(ctx: &'c Context, body: &mut Body<'c>, plan: &mut Plan) {
    if let Some(p) = plan.remove(&key(body)) {
        apply_body(ctx, body, p);
    }
    for (_, nested) in body.nested_bodies_mut() {
        apply(ctx, nested, plan);
    }
}

fn apply_body<'c>(ctx: &'c Context, body: &mut Body<'c>, p: BodyPlan) {
    let mut poisons: Vec<OpId> = Vec::new();
    // 1. Block arguments (a block reached along several edges is done once).
    for (block, dead) in &p.block_args {
        if body.block_args(*block).len() != dead.len() {
            continue;
        }
        for i in (0..dead.len()).rev() {
            if dead[i] {
                let a = body.block_args(*block)[i];
                poison_uses(ctx, body, a, InsertPoint::BlockStart(*block), &mut poisons);
                body.erase_block_argument(*block, i);
            }
        }
    }
    // 2. Successor operands.
    for (op, s, dead) in &p.successor_operands {
        let Some((start, end)) = crate::dataflow::forwarded_operands(body, *op, *s) else {
            continue;
        };
        if end - start != dead.len() {
            continue;
        }
        for k in (0..dead.len()).rev() {
            if dead[k] {
                erase_forwarded_operand(ctx, body, *op, *s, k);
            }
        }
    }
    // 3. Functions: the signatures here, the entry arguments in a function's own body.
    for (op, dead_args, dead_rets) in &p.functions {
        erase_signature_entries(ctx, body, *op, dead_args, dead_rets);
    }
    if let Some(dead) = &p.entry_args {
        if let Some(entry) = body.root_entry_block() {
            if body.block_args(entry).len() == dead.len() {
                for i in (0..dead.len()).rev() {
                    if dead[i] {
                        let a = body.block_args(entry)[i];
                        poison_uses(ctx, body, a, InsertPoint::BlockStart(entry), &mut poisons);
                        body.erase_block_argument(entry, i);
                    }
                }
            }
        }
    }
    // 4. Operands.
    for (op, dead, action) in &p.operands {
        if !body.is_alive(*op) || body.num_operands(*op) != dead.len() {
            continue;
        }
        match action {
            OperandAction::Erase => {
                let kept: SmallVec<[ValueId; 4]> = body
                    .operands(*op)
                    .zip(dead)
                    .filter(|(_, &d)| !d)
                    .map(|(v, _)| v)
                    .collect();
                body.set_operands(*op, &kept);
            }
            OperandAction::Poison => {
                for (i, &d) in dead.iter().enumerate() {
                    if d {
                        let v = body.operand(*op, i);
                        let p = create_poison(ctx, body, v, InsertPoint::Before(*op));
                        poisons.push(p);
                        let pv = body.result(p, 0);
                        body.set_operand(*op, i, pv);
                    }
                }
            }
        }
    }
    // 5. Results of calls.
    for (op, dead) in &p.results {
        erase_results(ctx, body, *op, dead, &mut poisons);
    }
    // 6. Ops.
    for &op in &p.operations {
        if !body.is_alive(op) || body.op_block(op).is_none() {
            continue;
        }
        if body.op_name(op).traits().contains(OpTraits::TERMINATOR) {
            let loc = body.op_loc(op);
            let mut b = OpBuilder::new(ctx, body);
            b.set_insertion_point(InsertPoint::Before(op));
            pto_dialects::ub::UnreachableOp::build(&mut b, loc);
        }
        let results: SmallVec<[ValueId; 4]> = body.results(op).collect();
        for r in results {
            poison_uses_outside(ctx, body, op, r, &mut poisons);
        }
        body.drop_operands(op);
        let _ = body.erase_op(op);
    }
    // 7. New poison values nobody uses.
    for p in poisons {
        if body.is_alive(p) && !body.results(p).any(|r| body.has_uses(r)) {
            let _ = body.erase_op(p);
        }
    }
}

/// A `ub.poison` of `v`'s type, located at `v`, at `at`.
fn create_poison<'c>(ctx: &'c Context, body: &mut Body<'c>, v: ValueId, at: InsertPoint) -> OpId {
    let ty = body.value_type(v);
    let loc = body.value_loc(v);
    let mut b = OpBuilder::new(ctx, body);
    b.set_insertion_point(at);
    pto_dialects::ub::PoisonOp::build(&mut b, loc, ty, None).0
}

/// Replaces the remaining uses of `v` (about to be erased) by a poison placed at `at`.
fn poison_uses<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    v: ValueId,
    at: InsertPoint,
    poisons: &mut Vec<OpId>,
) {
    if !body.has_uses(v) {
        return;
    }
    let p = create_poison(ctx, body, v, at);
    poisons.push(p);
    let pv = body.result(p, 0);
    body.replace_all_uses(v, pv);
}

/// As [`poison_uses`] for a result of `op` (about to be erased), counting only uses
/// outside `op`.
fn poison_uses_outside<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    op: OpId,
    v: ValueId,
    poisons: &mut Vec<OpId>,
) {
    let outside: SmallVec<[(OpId, usize); 4]> = body
        .uses(v)
        .filter(|&(u, _)| !is_within(body, u, op))
        .collect();
    if outside.is_empty() {
        return;
    }
    let p = create_poison(ctx, body, v, InsertPoint::Before(op));
    poisons.push(p);
    let pv = body.result(p, 0);
    for (u, i) in outside {
        body.set_operand(u, i, pv);
    }
}

fn is_within(body: &Body<'_>, mut op: OpId, ancestor: OpId) -> bool {
    loop {
        if op == ancestor {
            return true;
        }
        match body.parent_op(op) {
            Some(p) => op = p,
            None => return false,
        }
    }
}

/// Removes operand `k` of those `op` forwards to successor `s`.
fn erase_forwarded_operand<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    op: OpId,
    s: usize,
    k: usize,
) {
    if body.op_name(op).as_str() != cf::SwitchOp::NAME {
        erase_successor_operand(ctx, body, op, s, k);
        return;
    }
    let Some((start, _)) = crate::dataflow::forwarded_operands(body, op, s) else {
        return;
    };
    // cf.switch: [flag, default operands, case operands]; the case operands are split
    // by `case_operand_segments`.
    let seg = |body: &Body<'c>, name: &str| {
        body.attr(op, name)
            .and_then(|a| a.dense_int_values())
            .unwrap_or_default()
    };
    let mut sizes = seg(body, "operandSegmentSizes");
    let mut cases = seg(body, "case_operand_segments");
    if s == 0 {
        if let Some(x) = sizes.get_mut(1) {
            *x -= 1;
        }
    } else {
        if let Some(x) = sizes.get_mut(2) {
            *x -= 1;
        }
        if let Some(x) = cases.get_mut(s - 1) {
            *x -= 1;
        }
    }
    let props = ctx.dict_with(
        body.op_props(op),
        "operandSegmentSizes",
        Some(ctx.dense_int_array(32, &sizes)),
    );
    let props = ctx.dict_with(
        Some(props),
        "case_operand_segments",
        Some(ctx.dense_int_array(32, &cases)),
    );
    body.set_op_props(op, Some(props));
    body.erase_operand(op, start + k);
}

/// Keeps the entries of an array attribute where `dead` is false; `None` if all kept
/// entries are empty dictionaries (MLIR then drops the attribute).
fn filter_attr_array<'c>(
    ctx: &'c Context,
    a: Attribute<'c>,
    dead: &[bool],
) -> Option<Attribute<'c>> {
    let AttrKind::Array(items) = *a.kind() else {
        return Some(a);
    };
    let kept: Vec<Attribute<'c>> = items
        .iter()
        .zip(dead)
        .filter(|(_, &d)| !d)
        .map(|(&i, _)| i)
        .collect();
    let all_empty = kept
        .iter()
        .all(|i| i.as_dictionary().is_some_and(<[_]>::is_empty));
    (!all_empty).then(|| ctx.array_attr(&kept))
}

/// A `func.func`'s type and argument/result attributes without the dead entries.
fn erase_signature_entries<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    op: OpId,
    dead_args: &[bool],
    dead_rets: &[bool],
) {
    let Some((inputs, results)) = pto_dialects::func::function_type(body, op) else {
        return;
    };
    let keep = |types: &[pto_ir::Type<'c>], dead: &[bool]| -> Vec<pto_ir::Type<'c>> {
        types
            .iter()
            .enumerate()
            .filter(|(i, _)| !dead.get(*i).copied().unwrap_or(false))
            .map(|(_, &t)| t)
            .collect()
    };
    let fty = ctx.function_type(&keep(inputs, dead_args), &keep(results, dead_rets));
    let mut props = ctx.dict_with(body.op_props(op), "function_type", Some(ctx.type_attr(fty)));
    for (name, dead) in [("arg_attrs", dead_args), ("res_attrs", dead_rets)] {
        if let Some(a) = props.dict_get(name) {
            let filtered = filter_attr_array(ctx, a, dead);
            props = ctx.dict_with(Some(props), name, filtered);
        }
    }
    body.set_op_props(op, Some(props));
}

/// Recreates `op` (a call) without its dead results (MLIR's `eraseOpResults`); remaining
/// uses of the dead results get poison.
fn erase_results<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    op: OpId,
    dead: &[bool],
    poisons: &mut Vec<OpId>,
) {
    if !body.is_alive(op) || body.num_results(op) != dead.len() {
        return;
    }
    let results: SmallVec<[ValueId; 4]> = body.results(op).collect();
    for (&r, &d) in results.iter().zip(dead) {
        if d {
            poison_uses(ctx, body, r, InsertPoint::Before(op), poisons);
        }
    }
    let mut st = OperationState::new(ctx, body.op_name(op), body.op_loc(op));
    st.operands = body.operands(op).collect();
    st.result_types = results
        .iter()
        .zip(dead)
        .filter(|(_, &d)| !d)
        .map(|(&r, _)| body.value_type(r))
        .collect();
    st.attrs = body.op_attrs(op);
    st.props = body.op_props(op);
    st.successors = body.successors(op).iter().copied().collect();
    let new = body.create_op(st);
    body.insert_op(new, InsertPoint::Before(op));
    let mut next = body.results(new);
    for (&r, &d) in results.iter().zip(dead) {
        if !d {
            if let Some(n) = next.next() {
                body.replace_all_uses(r, n);
            }
        }
    }
    body.drop_operands(op);
    let _ = body.erase_op(op);
}
