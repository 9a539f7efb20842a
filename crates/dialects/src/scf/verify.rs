//! Verifiers of the scf ops: their own invariants, and the region-branch and loop
//! interface checks that run once their regions have verified.

use super::*;

/// The last op of the entry block of region `index` of `op`.
pub(super) fn terminator(body: &Body<'_>, op: OpId, index: usize) -> Option<OpId> {
    let rb = body.region_body(op);
    let r = *body.regions_of(op).get(index)?;
    rb.entry_block(r).and_then(|b| rb.last_op(b))
}

/// The types of the entry-block arguments of region `index` of `op`.
pub(super) fn region_arg_types<'c>(body: &Body<'c>, op: OpId, index: usize) -> Types<'c> {
    let rb = body.region_body(op);
    let Some(&r) = body.regions_of(op).get(index) else {
        return Types::new();
    };
    match rb.entry_block(r) {
        Some(b) => types_of(rb, rb.block_args(b).iter().copied()),
        None => Types::new(),
    }
}

/// The operand types of `t` (a terminator in `op`'s region body) if it is named `name`.
pub(super) fn forwarded<'c>(body: &Body<'c>, op: OpId, t: OpId, skip: usize) -> Types<'c> {
    let rb = body.region_body(op);
    types_of(rb, rb.operands(t).skip(skip))
}

pub(super) fn is_named(body: &Body<'_>, op: OpId, t: OpId, name: &str) -> bool {
    body.region_body(op).op_name(t).as_str() == name
}

pub(super) fn verify_for<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    if ForOp(op).init_args(body).len() != body.num_results(op) {
        return Err(op_error(
            body,
            op,
            "mismatch in number of loop-carried values and defined values",
        ));
    }
    Ok(())
}

pub(super) fn verify_regions_for<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let f = ForOp(op);
    let args = region_arg_types(body, op, 0);
    let Some((&iv, iter_args)) = args.split_first() else {
        return Err(op_error(
            body,
            op,
            "expected body to have an induction variable argument",
        ));
    };
    let inits = types_of(body, f.init_args(body));
    let results = types_of(body, body.results(op));
    let yield_op = terminator(body, op, 0).filter(|&t| is_named(body, op, t, super::YieldOp::NAME));
    let yielded = yield_op.map_or_else(Types::new, |t| forwarded(body, op, t, 0));
    verify_loop_like(
        body,
        op,
        &LoopValues {
            inits: &inits,
            iter_args,
            yielded: &yielded,
            results: Some(&results),
        },
    )?;
    let iter_args: Types<'c> = iter_args.into();
    let mut edges = vec![
        RegionEdge {
            from: BranchPoint::Parent,
            to: Successor::Region(0),
            operands: inits.clone(),
            inputs: iter_args.clone(),
        },
        RegionEdge {
            from: BranchPoint::Parent,
            to: Successor::Parent,
            operands: inits,
            inputs: results.clone(),
        },
    ];
    if let Some(t) = yield_op {
        edges.push(RegionEdge {
            from: BranchPoint::Terminator(t),
            to: Successor::Region(0),
            operands: yielded.clone(),
            inputs: iter_args,
        });
        edges.push(RegionEdge {
            from: BranchPoint::Terminator(t),
            to: Successor::Parent,
            operands: yielded,
            inputs: results,
        });
    }
    verify_region_edges(body, op, edges)?;
    if iv != body.value_type(f.lower_bound(body)) {
        return Err(op_error(
            body,
            op,
            "expected induction variable to be same type as bounds and step",
        ));
    }
    Ok(())
}

pub(super) fn else_is_empty(body: &Body<'_>, op: OpId) -> bool {
    let rb = body.region_body(op);
    body.regions_of(op)
        .get(1)
        .is_none_or(|&r| rb.entry_block(r).is_none())
}

pub(super) fn verify_if<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    if body.num_results(op) != 0 && else_is_empty(body, op) {
        return Err(op_error(
            body,
            op,
            "must have an else block if defining values",
        ));
    }
    Ok(())
}

/// Edges of ops whose regions all run at most once and yield to the parent.
pub(super) fn yield_to_parent_edges<'c>(
    body: &Body<'c>,
    op: OpId,
    name: &str,
) -> Vec<RegionEdge<'c>> {
    let results = types_of(body, body.results(op));
    (0..body.regions_of(op).len())
        .filter_map(|i| terminator(body, op, i))
        .filter(|&t| is_named(body, op, t, name))
        .map(|t| RegionEdge {
            from: BranchPoint::Terminator(t),
            to: Successor::Parent,
            operands: forwarded(body, op, t, 0),
            inputs: results.clone(),
        })
        .collect()
}

pub(super) fn verify_regions_if<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let mut edges = vec![RegionEdge {
        from: BranchPoint::Parent,
        to: Successor::Region(0),
        operands: Types::new(),
        inputs: region_arg_types(body, op, 0),
    }];
    edges.push(if else_is_empty(body, op) {
        RegionEdge {
            from: BranchPoint::Parent,
            to: Successor::Parent,
            operands: Types::new(),
            inputs: types_of(body, body.results(op)),
        }
    } else {
        RegionEdge {
            from: BranchPoint::Parent,
            to: Successor::Region(1),
            operands: Types::new(),
            inputs: region_arg_types(body, op, 1),
        }
    });
    edges.extend(yield_to_parent_edges(body, op, super::YieldOp::NAME));
    verify_region_edges(body, op, edges)
}

pub(super) fn verify_execute_region<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let rb = body.region_body(op);
    let Some(entry) = body.regions_of(op).first().and_then(|&r| rb.entry_block(r)) else {
        return Err(op_error(
            body,
            op,
            "region needs to have at least one block",
        ));
    };
    if !rb.block_args(entry).is_empty() {
        return Err(op_error(body, op, "region cannot have any arguments"));
    }
    Ok(())
}

pub(super) fn verify_regions_execute_region<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    // Every block that yields returns to the parent.
    let rb = body.region_body(op);
    let results = types_of(body, body.results(op));
    let mut edges = vec![RegionEdge {
        from: BranchPoint::Parent,
        to: Successor::Region(0),
        operands: Types::new(),
        inputs: region_arg_types(body, op, 0),
    }];
    if let Some(&r) = body.regions_of(op).first() {
        for b in rb.region_blocks(r) {
            if let Some(t) = rb
                .last_op(b)
                .filter(|&t| rb.op_name(t).as_str() == super::YieldOp::NAME)
            {
                edges.push(RegionEdge {
                    from: BranchPoint::Terminator(t),
                    to: Successor::Parent,
                    operands: types_of(rb, rb.operands(t)),
                    inputs: results.clone(),
                });
            }
        }
    }
    verify_region_edges(body, op, edges)
}

/// MLIR's `verifyAndGetTerminator`: the region's terminator if it is `name`.
pub(super) fn expect_terminator<'c>(
    body: &Body<'c>,
    op: OpId,
    index: usize,
    name: &str,
    msg: &str,
) -> Result<OpId, Diagnostic<'c>> {
    let t = terminator(body, op, index);
    match t {
        Some(t) if is_named(body, op, t, name) => Ok(t),
        Some(t) => {
            Err(op_error(body, op, msg)
                .with_note(body.region_body(op).op_loc(t), "terminator here"))
        }
        None => Err(op_error(body, op, msg)),
    }
}

pub(super) fn verify_regions_while<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let inits = types_of(body, body.operands(op));
    let results = types_of(body, body.results(op));
    let before = region_arg_types(body, op, 0);
    let after = region_arg_types(body, op, 1);
    let mut edges = vec![RegionEdge {
        from: BranchPoint::Parent,
        to: Successor::Region(0),
        operands: inits,
        inputs: before.clone(),
    }];
    let cond = terminator(body, op, 0).filter(|&t| is_named(body, op, t, super::ConditionOp::NAME));
    if let Some(t) = cond {
        let forwarded = forwarded(body, op, t, 1);
        edges.push(RegionEdge {
            from: BranchPoint::Terminator(t),
            to: Successor::Parent,
            operands: forwarded.clone(),
            inputs: results,
        });
        edges.push(RegionEdge {
            from: BranchPoint::Terminator(t),
            to: Successor::Region(1),
            operands: forwarded,
            inputs: after,
        });
    }
    if let Some(t) =
        terminator(body, op, 1).filter(|&t| is_named(body, op, t, super::YieldOp::NAME))
    {
        edges.push(RegionEdge {
            from: BranchPoint::Terminator(t),
            to: Successor::Region(0),
            operands: forwarded(body, op, t, 0),
            inputs: before,
        });
    }
    verify_region_edges(body, op, edges)?;
    expect_terminator(
        body,
        op,
        0,
        super::ConditionOp::NAME,
        "expects the 'before' region to terminate with 'scf.condition'",
    )?;
    expect_terminator(
        body,
        op,
        1,
        super::YieldOp::NAME,
        "expects the 'after' region to terminate with 'scf.yield'",
    )?;
    Ok(())
}

pub(super) fn verify_parallel<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let par = ParallelOp(op);
    let steps = par.step(body);
    if steps.is_empty() {
        return Err(op_error(
            body,
            op,
            "needs at least one tuple element for lowerBound, upperBound and step",
        ));
    }
    if steps
        .iter()
        .any(|&s| body.constant_int(s).is_some_and(|c| c <= 0))
    {
        return Err(op_error(body, op, "constant step operand must be positive"));
    }
    let args = region_arg_types(body, op, 0);
    if args.len() != steps.len() {
        return Err(op_error(
            body,
            op,
            &format!(
                "expects the same number of induction variables: {} as bound and step values: {}",
                args.len(),
                steps.len()
            ),
        ));
    }
    if args.iter().any(|t| !t.is_index()) {
        return Err(op_error(
            body,
            op,
            "expects arguments for the induction variable to be of index type",
        ));
    }
    let reduce = expect_terminator(
        body,
        op,
        0,
        super::ReduceOp::NAME,
        "expects body to terminate with 'scf.reduce'",
    )?;
    let rb = body.region_body(op);
    let n_results = body.num_results(op);
    let n_reductions = rb.regions_of(reduce).len();
    if n_results != n_reductions {
        return Err(op_error(
            body,
            op,
            &format!(
                "expects number of results: {n_results} to be the same as number of reductions: {n_reductions}"
            ),
        ));
    }
    if n_results != par.init_vals(body).len() {
        return Err(op_error(
            body,
            op,
            &format!(
                "expects number of results: {n_results} to be the same as number of initial values: {}",
                par.init_vals(body).len()
            ),
        ));
    }
    for (i, (res, operand)) in body.results(op).zip(rb.operands(reduce)).enumerate() {
        let (rt, ot) = (body.value_type(res), rb.value_type(operand));
        if rt != ot {
            return Err(op_error(
                rb,
                reduce,
                &format!(
                    "expects type of {i}-th reduction operand: '{}' to be the same as the {i}-th result type: '{}'",
                    type_to_string(ot),
                    type_to_string(rt)
                ),
            ));
        }
    }
    Ok(())
}

pub(super) fn verify_regions_reduce<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let rb = body.region_body(op);
    let operands: Vec<ValueId> = body.operands(op).collect();
    for (i, &r) in body.regions_of(op).iter().enumerate() {
        let Some(&operand) = operands.get(i) else {
            return Err(op_error(
                body,
                op,
                &format!(
                    "expects {} reduction regions, one per operand",
                    operands.len()
                ),
            ));
        };
        let ty = body.value_type(operand);
        let Some(block) = rb.entry_block(r) else {
            continue;
        };
        let Some(last) = rb.last_op(block) else {
            return Err(op_error(
                body,
                op,
                &format!("{i}-th reduction has an empty body"),
            ));
        };
        let args = rb.block_args(block);
        if args.len() != 2 || args.iter().any(|&a| rb.value_type(a) != ty) {
            return Err(op_error(
                body,
                op,
                &format!(
                    "expected two block arguments with type '{}' in the {i}-th reduction region",
                    type_to_string(ty)
                ),
            ));
        }
        if rb.op_name(last).as_str() != super::ReduceReturnOp::NAME {
            return Err(op_error(
                body,
                op,
                "reduction bodies must be terminated with an 'scf.reduce.return' op",
            ));
        }
    }
    Ok(())
}

pub(super) fn verify_reduce_return<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let Some(block) = body.op_block(op) else {
        return Ok(());
    };
    let Some(&arg) = body.block_args(block).first() else {
        return Ok(());
    };
    let expected = body.value_type(arg);
    if body.value_type(body.operand(op, 0)) != expected {
        return Err(op_error(
            body,
            op,
            &format!(
                "must have type '{}' (the type of the reduction inputs)",
                type_to_string(expected)
            ),
        ));
    }
    Ok(())
}

pub(super) fn verify_index_switch<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let cases = body
        .attr(op, "cases")
        .and_then(Attribute::dense_int_values)
        .unwrap_or_default();
    let n_regions = body.regions_of(op).len().saturating_sub(1);
    if cases.len() != n_regions {
        return Err(op_error(
            body,
            op,
            &format!(
                "has {n_regions} case regions but {} case values",
                cases.len()
            ),
        ));
    }
    let mut seen = rustc_hash::FxHashSet::default();
    for &c in &cases {
        if !seen.insert(c) {
            return Err(op_error(
                body,
                op,
                &format!("has duplicate case value: {c}"),
            ));
        }
    }
    let rb = body.region_body(op);
    let results = types_of(body, body.results(op));
    for i in 0..=n_regions {
        let name = if i == 0 {
            "default region".to_string()
        } else {
            format!("case region #{}", i - 1)
        };
        let Some(t) = terminator(body, op, i) else {
            continue;
        };
        let tname = rb.op_name(t);
        if tname.as_str() != super::YieldOp::NAME {
            return Err(op_error(
                body,
                op,
                &format!(
                    "expected region to end with scf.yield, but got {}",
                    tname.as_str()
                ),
            ));
        }
        let yielded = forwarded(body, op, t, 0);
        if yielded.len() != results.len() {
            return Err(op_error(
                body,
                op,
                &format!(
                    "expected each region to return {} values, but {name} returns {}",
                    results.len(),
                    yielded.len()
                ),
            )
            .with_note(rb.op_loc(t), "see yield operation here"));
        }
        for (k, (&r, &y)) in results.iter().zip(&yielded).enumerate() {
            if r != y {
                return Err(op_error(
                    body,
                    op,
                    &format!(
                        "expected result #{k} of each region to be '{}'",
                        type_to_string(r)
                    ),
                )
                .with_note(
                    rb.op_loc(t),
                    format!("{name} returns '{}' here", type_to_string(y)),
                ));
            }
        }
    }
    Ok(())
}

pub(super) fn verify_regions_index_switch<'c>(
    _ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let n = body.regions_of(op).len();
    let mut edges: Vec<RegionEdge<'c>> = (0..n)
        .map(|i| RegionEdge {
            from: BranchPoint::Parent,
            to: Successor::Region(i),
            operands: Types::new(),
            inputs: region_arg_types(body, op, i),
        })
        .collect();
    edges.extend(yield_to_parent_edges(body, op, super::YieldOp::NAME));
    verify_region_edges(body, op, edges)
}
