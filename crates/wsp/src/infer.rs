//! `wsp-infer-types`: each workload's type `Workload[Axes, Task, Deps]` by the
//! seed's rules (its sections 3.3, 3.4 and 5.2), attached as the workload's `type`.

use pto_ir::{Attribute, Body, Context, Diagnostic, OpId, Type};
use pto_pass::{Pass, PassTarget};
use rustc_hash::FxHashMap;

use crate::{Deps, WorkloadType};

/// A workload type under construction.
#[derive(Clone, Debug, Default)]
struct Inferred<'c> {
    axes: Vec<Type<'c>>,
    /// Kernel names, in order of first appearance.
    tasks: Vec<&'c str>,
    deps: Option<Deps>,
}

impl<'c> Inferred<'c> {
    fn add_tasks(&mut self, more: &[&'c str]) {
        for t in more {
            if !self.tasks.contains(t) {
                self.tasks.push(t);
            }
        }
    }

    /// `A1 x A2`, `T1 u T2` (COMBINE, SEQUENTIAL).
    fn product(parts: Vec<Inferred<'c>>, deps: Deps) -> Self {
        let mut out = Inferred {
            deps: Some(deps),
            ..Default::default()
        };
        for p in parts {
            out.axes.extend(p.axes);
            out.add_tasks(&p.tasks);
        }
        out
    }
}

impl Pass for crate::WspInferTypes {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let Some(block) = target.body.root_entry_block() else {
            return Ok(());
        };
        let modules: Vec<OpId> = target
            .body
            .block_ops(block)
            .filter(|&op| crate::ModuleOp::from_op(target.body, op).is_some())
            .collect();
        for m in modules {
            let types = {
                let body = &*target.body;
                let rb = body.region_body(m);
                let items: Vec<OpId> = body
                    .regions_of(m)
                    .first()
                    .and_then(|&r| rb.entry_block(r))
                    .map_or(Vec::new(), |b| rb.block_ops(b).collect());
                let mut inf = Infer {
                    module: rb,
                    workloads: items
                        .iter()
                        .filter(|&&op| crate::WorkloadOp::from_op(rb, op).is_some())
                        .map(|&op| {
                            (
                                rb.attr(op, "sym_name")
                                    .and_then(|a| a.as_str())
                                    .unwrap_or(""),
                                op,
                            )
                        })
                        .collect(),
                    memo: FxHashMap::default(),
                };
                let mut out = Vec::new();
                for &op in &items {
                    if crate::WorkloadOp::from_op(rb, op).is_some() {
                        let t = inf.workload(op);
                        out.push((op, t.map(|t| to_type(ctx, &t))));
                    }
                }
                out
            };
            let Some(rb) = target.body.nested_mut(m) else {
                continue;
            };
            for (op, t) in types {
                match t {
                    Some(t) => {
                        let props = ctx.dict_with(rb.op_props(op), "type", Some(ctx.type_attr(t)));
                        rb.set_op_props(op, Some(props));
                    }
                    None => {
                        return Err(Diagnostic::error(
                            rb.op_loc(op),
                            "wsp-infer-types: the workload calls itself (wsp-type-check shows the cycle)",
                        ))
                    }
                }
            }
        }
        Ok(())
    }
}

fn to_type<'c>(ctx: &'c Context, t: &Inferred<'c>) -> Type<'c> {
    let tasks: Vec<Attribute<'c>> = t
        .tasks
        .iter()
        .map(|k| ctx.symbol_ref_attr(ctx.ident(k), &[]))
        .collect();
    WorkloadType::get(
        ctx,
        &t.axes,
        ctx.array_attr(&tasks),
        t.deps.unwrap_or(Deps::None),
    )
    .ty()
}

struct Infer<'m, 'c> {
    /// The `wsp.module`'s body, where the workloads are.
    module: &'m Body<'c>,
    workloads: FxHashMap<&'c str, OpId>,
    /// Per workload: its type, or `None` while it is being inferred (a call back to it
    /// is a cycle).
    memo: FxHashMap<OpId, Option<Inferred<'c>>>,
}

impl<'c> Infer<'_, 'c> {
    /// The type of workload `op` (`None` when it calls itself).
    fn workload(&mut self, op: OpId) -> Option<Inferred<'c>> {
        if let Some(t) = self.memo.get(&op) {
            return t.clone();
        }
        self.memo.insert(op, None);
        let t = self.region(self.module, op, 0);
        self.memo.insert(op, t.clone());
        t
    }

    /// The type of `op`'s `index`-th region: one statement's, or several combined.
    fn region(&mut self, body: &Body<'c>, op: OpId, index: usize) -> Option<Inferred<'c>> {
        let rb = body.region_body(op);
        let ops = crate::region_ops(body, op, index);
        if let [one] = ops[..] {
            return self.stmt(rb, one);
        }
        let parts = ops
            .iter()
            .map(|&s| self.stmt(rb, s))
            .collect::<Option<Vec<_>>>()?;
        Some(Inferred::product(parts, Deps::Combined))
    }

    /// By constructor (the seed's `inferDependency`).
    fn stmt(&mut self, body: &Body<'c>, op: OpId) -> Option<Inferred<'c>> {
        let name = body.op_name(op).as_str();
        let short = name.strip_prefix("wsp.").unwrap_or(name);
        Some(match short {
            "task" => {
                let mut t = Inferred::default();
                if let Some(k) = body.attr(op, "kernel").and_then(|a| a.symbol_root()) {
                    t.tasks.push(k);
                }
                t
            }
            "parallel_for" | "for_each" | "select" => {
                let inner = self.region(body, op, 0)?;
                let mut axes: Vec<Type<'c>> = body
                    .attr(op, "axis")
                    .and_then(|a| a.as_type())
                    .into_iter()
                    .collect();
                axes.extend(inner.axes);
                let deps = if short == "for_each" {
                    Deps::Sequential
                } else {
                    Deps::Independent
                };
                Inferred {
                    axes,
                    tasks: inner.tasks,
                    deps: Some(deps),
                }
            }
            "cond" => {
                let a = self.region(body, op, 0)?;
                let b = self.region(body, op, 1)?;
                // A1 u A2: the axes of both branches, each once.
                let mut out = Inferred {
                    axes: a.axes,
                    tasks: a.tasks,
                    deps: Some(Deps::Conditional),
                };
                for x in b.axes {
                    if !out.axes.contains(&x) {
                        out.axes.push(x);
                    }
                }
                out.add_tasks(&b.tasks);
                out
            }
            "combine" | "sequential" | "pipeline" | "process" => {
                let rb = body.region_body(op);
                let parts = crate::region_ops(body, op, 0)
                    .into_iter()
                    .filter(|&s| crate::ChannelOp::from_op(rb, s).is_none())
                    .map(|s| self.stmt(rb, s))
                    .collect::<Option<Vec<_>>>()?;
                let deps = match short {
                    "combine" => Deps::Combined,
                    "sequential" => Deps::Sequential,
                    "pipeline" => Deps::Pipeline,
                    _ if parts.len() == 1 => parts[0].deps.unwrap_or(Deps::None),
                    _ => Deps::Combined,
                };
                Inferred::product(parts, deps)
            }
            "send" | "consume" => self.region(body, op, 0)?,
            "call" => {
                let callee = body
                    .attr(op, "callee")
                    .and_then(|a| a.symbol_root())
                    .unwrap_or("");
                match self.workloads.get(callee) {
                    Some(&w) => self.workload(w)?,
                    None => Inferred::default(),
                }
            }
            _ => Inferred::default(),
        })
    }
}
