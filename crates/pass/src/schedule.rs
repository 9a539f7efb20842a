//! The form in which a pipeline runs: MLIR's finalized pass list.
//!
//! Before running, MLIR merges adjacent nested pass managers into one "adaptor" (so
//! `func.func(cse),func.func(canonicalize)` runs both passes on one function before moving
//! to the next), groups managers on different ops into one adaptor (a "Pipeline
//! Collection"), and sorts them by anchor. The order in which passes see functions, the IR
//! dumps and the timing and statistics reports all follow this merged form, while
//! `--dump-pass-pipeline` shows the pipeline as written.

use super::pipeline::{OpPassManager, PipelineEntry};
use super::{Pass, PassInfo};

/// A pass manager after merging: an anchor and its steps.
pub(crate) struct Manager<'p> {
    /// The op name it runs on; `None` for `any`.
    pub anchor: Option<&'p str>,
    /// The steps, in order.
    pub steps: Vec<Step<'p>>,
}

/// One step of a [`Manager`].
pub(crate) enum Step<'p> {
    /// A pass. `slot` is its position in the pipeline as written (pre-order), which
    /// identifies it in statistics and timers whatever merging did.
    Pass {
        slot: usize,
        info: &'static PassInfo,
        pass: &'p dyn Pass,
    },
    /// Managers run on the isolated ops directly inside the anchor: each op goes to the
    /// first manager that can run on it (op-specific managers come first, sorted by name).
    Adaptor { managers: Vec<Manager<'p>> },
}

impl<'p> Manager<'p> {
    /// The anchor as written in pipelines.
    pub fn anchor_name(&self) -> &'p str {
        self.anchor.unwrap_or("any")
    }

    /// Whether the manager runs on an (isolated) op named `op`: its anchor, or for `any`,
    /// an op that every one of its passes accepts.
    pub fn can_schedule_on(&self, op: &str) -> bool {
        match self.anchor {
            Some(a) => a == op,
            None => self.steps.iter().all(|s| match s {
                Step::Pass { info, .. } => info.anchor.is_none_or(|a| a == op),
                Step::Adaptor { .. } => true,
            }),
        }
    }

    /// The first pass of an op-specific manager (at any depth) that is anchored on another
    /// op: such a pipeline cannot run. Returns the pass's display name and the manager's
    /// anchor, for MLIR's "unable to schedule pass" error.
    pub fn unschedulable(&self) -> Option<(&'static str, &'p str)> {
        for s in &self.steps {
            match s {
                Step::Pass { info, .. } => {
                    if let (Some(a), Some(want)) = (self.anchor, info.anchor) {
                        if a != want {
                            return Some((info.name, a));
                        }
                    }
                }
                Step::Adaptor { managers } => {
                    if let Some(e) = managers.iter().find_map(Manager::unschedulable) {
                        return Some(e);
                    }
                }
            }
        }
        None
    }
}

/// The name MLIR gives an adaptor in timing and statistics reports:
/// `Pipeline Collection : ['func.func', 'test.op']`.
pub(crate) fn adaptor_name(managers: &[Manager<'_>]) -> String {
    let names: Vec<String> = managers
        .iter()
        .map(|m| format!("'{}'", m.anchor_name()))
        .collect();
    format!("Pipeline Collection : [{}]", names.join(", "))
}

/// The pipeline `pm` in the form it runs in.
pub(crate) fn schedule(pm: &OpPassManager) -> Manager<'_> {
    let mut slot = 0;
    let mut m = build(pm, &mut slot);
    finalize(&mut m);
    m
}

fn build<'p>(pm: &'p OpPassManager, slot: &mut usize) -> Manager<'p> {
    let steps = pm
        .entries
        .iter()
        .map(|e| match e {
            PipelineEntry::Pass(info, pass) => {
                *slot += 1;
                Step::Pass {
                    slot: *slot - 1,
                    info,
                    pass: pass.as_ref(),
                }
            }
            PipelineEntry::Nested(n) => Step::Adaptor {
                managers: vec![build(n, slot)],
            },
        })
        .collect();
    Manager {
        anchor: pm.anchor.as_deref(),
        steps,
    }
}

/// Merges adjacent adaptors at this level, then finalizes the managers inside (merging
/// first lets passes that became adjacent inside merged managers merge too).
fn finalize(m: &mut Manager<'_>) {
    let mut out: Vec<Step<'_>> = Vec::with_capacity(m.steps.len());
    for step in m.steps.drain(..) {
        let Step::Adaptor { managers } = step else {
            out.push(step);
            continue;
        };
        match out.last_mut() {
            Some(Step::Adaptor { managers: prev }) if !conflict(prev, &managers) => {
                merge_into(prev, managers)
            }
            _ => out.push(Step::Adaptor { managers }),
        }
    }
    m.steps = out;
    for s in &mut m.steps {
        if let Step::Adaptor { managers } = s {
            managers.iter_mut().for_each(finalize);
        }
    }
}

/// Whether two adaptors may not merge: an op-agnostic manager could take the ops of any
/// other manager, and which one runs first would change (MLIR conservatively refuses).
fn conflict(a: &[Manager<'_>], b: &[Manager<'_>]) -> bool {
    let generic = |ms: &[Manager<'_>]| ms.iter().any(|m| m.anchor.is_none());
    (generic(a) && !b.is_empty()) || (generic(b) && !a.is_empty())
}

/// Appends the passes of each manager of `from` to the manager of `into` on the same
/// anchor (or adds it), then sorts by anchor with `any` last.
fn merge_into<'p>(into: &mut Vec<Manager<'p>>, from: Vec<Manager<'p>>) {
    for m in from {
        match into.iter_mut().find(|x| x.anchor == m.anchor) {
            Some(x) => x.steps.extend(m.steps),
            None => into.push(m),
        }
    }
    into.sort_by(|x, y| match (x.anchor, y.anchor) {
        (Some(a), Some(b)) => a.cmp(b),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
}
