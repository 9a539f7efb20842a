//! Printing the ops of one large block on several threads.
//!
//! The unit of work is a run of consecutive ops of a block (in practice the functions of a
//! module): numbering and aliases are fixed before printing starts, so each run prints on
//! its own with a forked [`Printer`] that only reads the shared state, and the text is
//! joined in block order. The alias dry run is split the same way and its candidate lists
//! are merged in block order, which gives the candidates in first-visit order as a serial
//! run does. The output is byte-identical to printing on one thread.
//!
//! Text is handed over one run at a time through a bounded channel, so at most a few runs
//! of text are held in memory however large the module is.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::mpsc::sync_channel;

use super::{Collector, Printer};
use crate::{Body, OpId};

/// Below this many ops (nested ones included) a block prints on one thread.
const MIN_PARALLEL_WEIGHT: usize = 1 << 14;
/// The smallest run of work handed to a thread, in ops.
const MIN_RUN_WEIGHT: usize = 1 << 11;

/// An estimate of the ops printed for `op`: its own and, for an isolated op, those of its
/// body (other nested ops are not counted: they stay in the run of their isolated parent).
fn weight(body: &Body<'_>, op: OpId) -> usize {
    1 + body.nested(op).map_or(0, Body::num_op_slots)
}

/// Splits `ops` into runs of consecutive ops of about `target` weight each.
fn runs(body: &Body<'_>, ops: &[OpId], target: usize) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let (mut start, mut acc) = (0, 0);
    for (i, &op) in ops.iter().enumerate() {
        acc += weight(body, op);
        if acc >= target {
            out.push(start..i + 1);
            start = i + 1;
            acc = 0;
        }
    }
    if start < ops.len() {
        out.push(start..ops.len());
    }
    out
}

/// The runs to print `ops` with on `threads` threads, or `None` when one thread is best.
fn plan(body: &Body<'_>, ops: &[OpId], threads: usize) -> Option<Vec<Range<usize>>> {
    if threads < 2 || ops.len() < 2 {
        return None;
    }
    let total: usize = ops.iter().map(|&o| weight(body, o)).sum();
    if total < MIN_PARALLEL_WEIGHT {
        return None;
    }
    // Enough runs per thread to balance uneven functions, few enough to keep hand-over cheap.
    let target = (total / (threads * 128)).max(MIN_RUN_WEIGHT);
    let runs = runs(body, ops, target);
    (runs.len() >= 2).then_some(runs)
}

/// What a worker thread's printer shares with the printer that forked it (all read-only,
/// so it can be sent to threads; the printer itself holds a sink that cannot).
#[derive(Clone)]
struct Fork<'s> {
    opts: &'s super::PrintOptions,
    names: &'s super::Names,
    aliases: &'s super::Aliases,
    indent: usize,
    default_dialect: Vec<&'static str>,
    collecting: bool,
}

impl<'s> Fork<'s> {
    /// A printer with the shared state, its own output buffer and no sink.
    fn printer(&self) -> Printer<'s> {
        Printer {
            out: String::new(),
            opts: self.opts,
            names: self.names,
            aliases: Cow::Borrowed(self.aliases),
            indent: self.indent,
            default_dialect: self.default_dialect.clone(),
            collect: self.collecting.then(Collector::default),
            sink: None,
            io_error: None,
            resources_seen: Vec::new(),
            threads: 1,
        }
    }
}

impl<'a> Printer<'a> {
    fn fork(&self) -> Fork<'_> {
        Fork {
            opts: self.opts,
            names: self.names,
            aliases: &self.aliases,
            indent: self.indent,
            default_dialect: self.default_dialect.clone(),
            collecting: self.collect.is_some(),
        }
    }

    /// Prints `ops` (consecutive ops of one block, each on a new line) on several threads
    /// when they are many; returns false, having printed nothing, when a serial loop is
    /// better.
    pub(super) fn print_ops_parallel(&mut self, body: &Body<'_>, ops: &[OpId]) -> bool {
        let threads = self.threads;
        let Some(runs) = plan(body, ops, threads) else {
            return false;
        };
        tracing::debug!(
            target: "pto::printer",
            ops = ops.len(),
            runs = runs.len(),
            threads,
            "printing a block on several threads"
        );
        // Everything before the block goes out first: the runs follow it in order.
        self.flush();
        let mut sink = self.sink.take();
        let mut io_error = self.io_error.take();
        let mut out = std::mem::take(&mut self.out);
        {
            let fork = self.fork();
            let print_run = |p: &mut Printer<'_>, r: &Range<usize>| {
                for &o in &ops[r.clone()] {
                    p.newline();
                    p.print_op(body, o);
                }
            };
            std::thread::scope(|s| {
                let mut inboxes = Vec::with_capacity(threads - 1);
                for t in 1..threads {
                    // One run in flight per worker bounds the memory held.
                    let (tx, rx) = sync_channel::<String>(1);
                    let mine: Vec<Range<usize>> =
                        runs.iter().skip(t).step_by(threads).cloned().collect();
                    let fork = fork.clone();
                    crate::threads::spawn(s, move || {
                        let mut p = fork.printer();
                        for r in &mine {
                            print_run(&mut p, r);
                            if tx.send(std::mem::take(&mut p.out)).is_err() {
                                return;
                            }
                        }
                    });
                    inboxes.push(rx);
                }
                let mut p = fork.printer();
                for (i, r) in runs.iter().enumerate() {
                    let text = if i % threads == 0 {
                        print_run(&mut p, r);
                        std::mem::take(&mut p.out)
                    } else {
                        // A worker that stopped has panicked: the scope reports it.
                        match inboxes[i % threads - 1].recv() {
                            Ok(t) => t,
                            Err(_) => break,
                        }
                    };
                    match sink.as_mut() {
                        Some(w) if io_error.is_none() => {
                            if let Err(e) = w.write_all(text.as_bytes()) {
                                io_error = Some(e);
                            }
                        }
                        Some(_) => {}
                        None => out.push_str(&text),
                    }
                }
            });
        }
        self.out = out;
        self.sink = sink;
        self.io_error = io_error;
        true
    }

    /// The alias dry run over `ops` (consecutive ops of one block) on several threads when
    /// they are many; returns false, having visited nothing, when a serial loop is better.
    ///
    /// Only without location printing: deferred (location) visits depend on what an
    /// earlier op visited, so their depths are not a property of the attribute alone.
    pub(super) fn collect_ops_parallel(&mut self, body: &Body<'_>, ops: &[OpId]) -> bool {
        if self.opts.debuginfo {
            return false;
        }
        let threads = self.threads;
        let Some(runs) = plan(body, ops, threads) else {
            return false;
        };
        tracing::debug!(
            target: "pto::printer",
            ops = ops.len(),
            threads,
            "alias dry run of a block on several threads"
        );
        // Contiguous shares, so that merging the workers' lists in thread order keeps
        // first-visit order.
        let per = runs.len().div_ceil(threads);
        let shares: Vec<Range<usize>> = runs
            .chunks(per)
            .map(|c| c[0].start..c[c.len() - 1].end)
            .collect();
        let fork = self.fork();
        let parts: Vec<(Collector, Vec<String>)> = std::thread::scope(|s| {
            let handles: Vec<_> = shares
                .iter()
                .map(|share| {
                    let fork = fork.clone();
                    crate::threads::spawn(s, move || {
                        let mut p = fork.printer();
                        for &o in &ops[share.clone()] {
                            p.collect_op(body, o);
                        }
                        let c = p.collect.take().unwrap_or_default();
                        (c, p.resources_seen)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
        for (part, resources) in parts {
            let c = self.collect.as_mut().expect("collecting");
            for cand in part.order {
                match c.seen.get(&cand.1).copied() {
                    Some(i) if i != usize::MAX => {
                        let old = &mut c.order[i];
                        old.3 = old.3.max(cand.3);
                        old.4 &= cand.4;
                    }
                    _ => {
                        c.seen.insert(cand.1, c.order.len());
                        c.order.push(cand);
                    }
                }
            }
            for h in resources {
                if !self.resources_seen.contains(&h) {
                    self.resources_seen.push(h);
                }
            }
        }
        true
    }
}
