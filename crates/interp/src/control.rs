//! Semantics of control flow: `func`, `cf` and `scf`.

use super::value::Value;
use super::{Frame, Step};
use pto_ir::{Context, InterfaceError};
use pto_ir::{Diagnostic, OpId};

/// Attaches the semantics of this file's ops.
pub(super) fn register(ctx: &mut Context) -> Result<(), InterfaceError> {
    crate::attach!(ctx, exit =>
        pto_dialects::func::ReturnOp,
        pto_dialects::scf::YieldOp,
        pto_dialects::scf::ConditionOp,
        pto_dialects::scf::ReduceOp,
        pto_dialects::scf::ReduceReturnOp
    );
    crate::attach!(ctx, call =>
        pto_dialects::func::CallOp
    );
    crate::attach!(ctx, call_indirect =>
        pto_dialects::func::CallIndirectOp
    );
    crate::attach!(ctx, func_constant =>
        pto_dialects::func::ConstantOp
    );
    crate::attach!(ctx, br =>
        pto_dialects::cf::BranchOp
    );
    crate::attach!(ctx, cond_br =>
        pto_dialects::cf::CondBranchOp
    );
    crate::attach!(ctx, switch =>
        pto_dialects::cf::SwitchOp
    );
    crate::attach!(ctx, assert =>
        pto_dialects::cf::AssertOp
    );
    crate::attach!(ctx, for_op =>
        pto_dialects::scf::ForOp
    );
    crate::attach!(ctx, if_op =>
        pto_dialects::scf::IfOp
    );
    crate::attach!(ctx, while_op =>
        pto_dialects::scf::WhileOp
    );
    crate::attach!(ctx, execute_region =>
        pto_dialects::scf::ExecuteRegionOp
    );
    crate::attach!(ctx, index_switch =>
        pto_dialects::scf::IndexSwitchOp
    );
    crate::attach!(ctx, parallel =>
        pto_dialects::scf::ParallelOp
    );
    Ok(())
}

/// A terminator that leaves its region with its operands.
fn exit<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    Ok(Step::Exit(f.operands(op)?))
}

fn call<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let args = f.operands(op)?;
    let Some(callee) = f.body().attr(op, "callee").and_then(|a| a.symbol_root()) else {
        return Err(f.error(op, "call without a callee"));
    };
    f.interpreter()
        .call(callee, &args)
        .map(Step::Values)
        .map_err(|e| e.with_note(f.body().op_loc(op), "called from here"))
}

/// `func.constant @f`: the function, by name.
fn func_constant<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let Some(name) = f.body().attr(op, "value").and_then(|a| a.symbol_root()) else {
        return Err(f.error(op, "func.constant without a function"));
    };
    Ok(Step::Values(vec![Value::Func(name.into())]))
}

/// `func.call_indirect %f(args)`: a call of the function `%f` holds.
fn call_indirect<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let mut args = f.operands(op)?;
    let callee = match args.first() {
        Some(Value::Func(name)) => name.clone(),
        Some(Value::Poison) => return Err(f.error(op, "call through a poison function value")),
        _ => return Err(f.error(op, "callee is not a function value")),
    };
    args.remove(0);
    f.interpreter()
        .call(&callee, &args)
        .map(Step::Values)
        .map_err(|e| e.with_note(f.body().op_loc(op), "called from here"))
}

fn br<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    Ok(Step::Jump(f.body().successors(op)[0], f.operands(op)?))
}

/// The operands forwarded to successor `i` of a branch with operand segments.
fn segment(f: &Frame<'_, '_, '_>, op: OpId, all: &[Value], group: usize) -> Vec<Value> {
    let sizes = f
        .body()
        .attr(op, "operandSegmentSizes")
        .and_then(|a| a.dense_int_values())
        .unwrap_or_default();
    let start: i64 = sizes.iter().take(group).sum();
    let len = sizes.get(group).copied().unwrap_or(0);
    all[start as usize..(start + len) as usize].to_vec()
}

fn cond_br<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let all = f.operands(op)?;
    let taken = if all[0].zext() != 0 { 0 } else { 1 };
    let args = segment(f, op, &all, 1 + taken);
    Ok(Step::Jump(f.body().successors(op)[taken], args))
}

fn switch<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let all = f.operands(op)?;
    let flag = all[0].sext();
    let body = f.body();
    let cases = match body.attr(op, "case_values") {
        Some(a) => a
            .dense_int_elements()
            .ok_or_else(|| f.error(op, "unsupported case values"))?,
        None => Vec::new(),
    };
    let segments = body
        .attr(op, "case_operand_segments")
        .and_then(|a| a.dense_int_values())
        .unwrap_or_default();
    let case_operands = segment(f, op, &all, 2);
    match cases.iter().position(|&c| c as i128 == flag) {
        Some(i) => {
            let start: i64 = segments.iter().take(i).sum();
            let len = segments.get(i).copied().unwrap_or(0);
            let args = case_operands[start as usize..(start + len) as usize].to_vec();
            Ok(Step::Jump(body.successors(op)[1 + i], args))
        }
        None => Ok(Step::Jump(body.successors(op)[0], segment(f, op, &all, 1))),
    }
}

fn assert<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    if ops[0].zext() == 0 {
        let msg = f
            .body()
            .attr(op, "msg")
            .and_then(|a| a.as_str())
            .unwrap_or("");
        return Err(f.error(op, format!("assertion failed: {msg}")));
    }
    Ok(Step::Values(Vec::new()))
}

fn for_op<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let Value::Int { width, .. } = ops[0] else {
        return Err(f.error(op, "expected integer bounds"));
    };
    let unsigned = f.body().attr(op, "unsignedCmp").is_some();
    let region = f.body().regions_of(op)[0];
    let (ub, step) = (&ops[1], &ops[2]);
    let mut iv = ops[0].clone();
    let mut carried: Vec<Value> = ops[3..].to_vec();
    loop {
        let more = if unsigned {
            iv.zext() < ub.zext()
        } else {
            iv.sext() < ub.sext()
        };
        if !more {
            break;
        }
        let mut args = vec![iv.clone()];
        args.extend(carried);
        carried = f.run_region(region, &args)?.1;
        let next = Value::int(iv.sext().wrapping_add(step.sext()), width);
        // Stepping past the top of the type ends the loop (as the lowered loop does not).
        if !unsigned && next.sext() < iv.sext() || unsigned && next.zext() < iv.zext() {
            break;
        }
        iv = next;
    }
    Ok(Step::Values(carried))
}

fn if_op<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let regions = f.body().regions_of(op);
    let region = if ops[0].zext() != 0 {
        regions[0]
    } else {
        regions[1]
    };
    if f.body().entry_block(region).is_none() {
        return Ok(Step::Values(Vec::new()));
    }
    Ok(Step::Values(f.run_region(region, &[])?.1))
}

fn while_op<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let mut args = f.operands(op)?;
    let (before, after) = (f.body().regions_of(op)[0], f.body().regions_of(op)[1]);
    loop {
        let (_, mut vals) = f.run_region(before, &args)?;
        let cond = vals.remove(0);
        if cond.zext() == 0 {
            return Ok(Step::Values(vals));
        }
        args = f.run_region(after, &vals)?.1;
    }
}

fn execute_region<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let region = f.body().regions_of(op)[0];
    Ok(Step::Values(f.run_region(region, &[])?.1))
}

fn index_switch<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let cases = f
        .body()
        .attr(op, "cases")
        .and_then(|a| a.dense_int_values())
        .unwrap_or_default();
    let regions = f.body().regions_of(op);
    let region = match cases.iter().position(|&c| c as i128 == ops[0].sext()) {
        Some(i) => regions[1 + i],
        None => regions[0],
    };
    Ok(Step::Values(f.run_region(region, &[])?.1))
}

fn parallel<'c>(f: &mut Frame<'_, '_, 'c>, op: OpId) -> Result<Step, Diagnostic<'c>> {
    let ops = f.operands(op)?;
    let region = f.body().regions_of(op)[0];
    let entry = f
        .body()
        .entry_block(region)
        .ok_or_else(|| f.error(op, "empty body"))?;
    let n = f.body().block_args(entry).len();
    let (lbs, ubs, steps) = (&ops[..n], &ops[n..2 * n], &ops[2 * n..3 * n]);
    let mut acc: Vec<Value> = ops[3 * n..].to_vec();
    let mut ivs: Vec<Value> = lbs.to_vec();
    if lbs.iter().zip(ubs).any(|(l, u)| l.sext() >= u.sext()) {
        return Ok(Step::Values(acc));
    }
    loop {
        let (reduce, vals) = f.run_region(region, &ivs)?;
        let reductions = f.body().regions_of(reduce);
        for (i, v) in vals.into_iter().enumerate() {
            let combined = f.run_region(reductions[i], &[acc[i].clone(), v])?.1;
            acc[i] = combined
                .into_iter()
                .next()
                .ok_or_else(|| f.error(reduce, "empty reduction"))?;
        }
        // Next point, innermost dimension fastest.
        let mut d = n;
        loop {
            if d == 0 {
                return Ok(Step::Values(acc));
            }
            d -= 1;
            let Value::Int { width, .. } = ivs[d] else {
                return Err(f.error(op, "expected integer bounds"));
            };
            ivs[d] = Value::int(ivs[d].sext() + steps[d].sext(), width);
            if ivs[d].sext() < ubs[d].sext() {
                break;
            }
            ivs[d] = lbs[d].clone();
        }
    }
}
