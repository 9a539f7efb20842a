//! `deepx-inline`: every `deepx.call` replaced by a copy of its callee's body. The
//! callee's read and write parameters become the call's operands; its dimension
//! variables take the sizes the call's arguments give them (the caller's sizes or
//! variables), and its other variables become fresh variables of the caller. Recursion
//! (a call chain deeper than [`MAX_DEPTH`]) is an error at the call.

use rustc_hash::FxHashMap;

use pto_ir::{BlockId, Body, Context, Diagnostic, IrMapping, OpId, Type, ValueId};
use pto_pass::{Pass, PassTarget};

use super::{bind_dims, max_var, substitute};
use crate::types::Dim;
use crate::{CallOp, FuncOp};

/// How deeply calls may nest (each level inlined once).
pub const MAX_DEPTH: usize = 64;

impl Pass for crate::DeepXInline {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let Some(block) = target.body.root_entry_block() else {
            return Ok(());
        };
        let n = inline_all(ctx, target.body, block)?;
        target.statistics.add(crate::DeepXInline::NUM_INLINED, n);
        Ok(())
    }
}

/// Inlines every call in the `deepx.func`s of `block`; the number of calls inlined.
pub fn inline_all<'c>(
    ctx: &'c Context,
    module: &mut Body<'c>,
    block: BlockId,
) -> Result<u64, Diagnostic<'c>> {
    let funcs: Vec<OpId> = module
        .block_ops(block)
        .filter(|&op| FuncOp::from_op(module, op).is_some())
        .collect();
    let by_name: FxHashMap<String, OpId> = funcs
        .iter()
        .filter_map(|&f| Some((FuncOp(f).sym_name(module)?.as_str()?.to_string(), f)))
        .collect();
    let mut count = 0;
    for &f in &funcs {
        for depth in 0..=MAX_DEPTH {
            let calls: Vec<OpId> = {
                let body = module.region_body(f);
                body.all_ops()
                    .into_iter()
                    .filter(|&o| CallOp::from_op(body, o).is_some())
                    .collect()
            };
            if calls.is_empty() {
                break;
            }
            if depth == MAX_DEPTH {
                let body = module.region_body(f);
                return Err(Diagnostic::error(
                    body.op_loc(calls[0]),
                    format!("calls nest more than {MAX_DEPTH} deep (recursion cannot be inlined)"),
                ));
            }
            for call in calls {
                inline_call(ctx, module, &by_name, f, call)?;
                count += 1;
            }
        }
    }
    Ok(count)
}

fn inline_call<'c>(
    ctx: &'c Context,
    module: &mut Body<'c>,
    by_name: &FxHashMap<String, OpId>,
    caller_func: OpId,
    call: OpId,
) -> Result<(), Diagnostic<'c>> {
    let (callee_name, operands, loc) = {
        let body = module.region_body(caller_func);
        let name = match CallOp(call).callee(body).map(|a| *a.kind()) {
            Some(pto_ir::AttrKind::SymbolRef { root, .. }) => root.as_str().to_string(),
            _ => String::new(),
        };
        (
            name,
            body.operands(call).collect::<Vec<ValueId>>(),
            body.op_loc(call),
        )
    };
    let Some(&callee) = by_name.get(&callee_name) else {
        return Err(Diagnostic::error(
            loc,
            format!("call of undefined function '{callee_name}'"),
        ));
    };
    let Some(&callee_region) = module.regions_of(callee).first() else {
        return Err(Diagnostic::error(
            loc,
            format!("'{callee_name}' has no body"),
        ));
    };
    // A copy of the callee on its own first: the callee may be the caller itself.
    let mut copy = Body::new();
    let copy_region = copy.create_region();
    let mut to_copy = IrMapping::default();
    copy.clone_region_from(
        module.region_body(callee),
        callee_region,
        copy_region,
        None,
        &mut to_copy,
    )
    .map_err(|_| Diagnostic::error(loc, format!("cannot copy the body of '{callee_name}'")))?;
    let Some(entry) = copy.entry_block(copy_region) else {
        return Err(Diagnostic::error(
            loc,
            format!("'{callee_name}' has no body"),
        ));
    };
    let params = copy.block_args(entry).to_vec();
    if params.len() != operands.len() {
        return Err(Diagnostic::error(
            loc,
            format!(
                "'{callee_name}' takes {} operands, the call has {}",
                params.len(),
                operands.len()
            ),
        ));
    }
    let caller = module
        .nested_mut(caller_func)
        .expect("a deepx.func has a body of its own");
    // The callee's dimension variables in the caller's terms; the others fresh.
    let mut dims: FxHashMap<u32, Dim> = FxHashMap::default();
    for (&p, &o) in params.iter().zip(&operands) {
        bind_dims(copy.value_type(p), caller.value_type(o), &mut dims);
    }
    let mut fresh = max_var(caller).max(max_var(&copy)) + 1;
    let ops: Vec<OpId> = copy.block_ops(entry).collect();
    for &op in &ops {
        for i in 0..copy.num_results(op) {
            collect_vars(copy.value_type(copy.result(op, i)), &mut |n| {
                dims.entry(n).or_insert_with(|| {
                    fresh += 1;
                    Dim::Var(fresh - 1)
                });
            });
        }
    }
    for &op in &ops {
        for i in 0..copy.num_results(op) {
            let r = copy.result(op, i);
            let t = substitute(ctx, copy.value_type(r), &dims);
            copy.set_value_type(r, t);
        }
    }
    let Some(block) = caller.op_block(call) else {
        return Ok(());
    };
    let Some(region) = caller.block_region(block) else {
        return Ok(());
    };
    let post = caller.split_block(block, caller.next_op(call));
    let mut map = IrMapping::default();
    for (&p, &o) in params.iter().zip(&operands) {
        map.values.insert(p, o);
    }
    let new_blocks = caller
        .clone_region_from(&copy, copy_region, region, Some(post), &mut map)
        .map_err(|_| Diagnostic::error(loc, format!("cannot copy the body of '{callee_name}'")))?;
    let first = new_blocks[0];
    caller.merge_blocks(post, first, &[]);
    caller.merge_blocks(first, block, &[]);
    caller
        .erase_op(call)
        .map_err(|_| Diagnostic::error(loc, "cannot erase the inlined call"))?;
    Ok(())
}

fn collect_vars(t: Type<'_>, f: &mut dyn FnMut(u32)) {
    if let Some(info) = crate::types::TensorInfo::of(t) {
        for d in info.shape.unwrap_or_default() {
            if let Dim::Var(n) = d {
                f(n);
            }
        }
    }
    if let Some(e) = crate::types::list_element(t) {
        collect_vars(e, f);
    }
}
