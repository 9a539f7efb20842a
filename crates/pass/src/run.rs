//! Running a pipeline, with verification after each pass and the instrumentation
//! (IR dumps, timing, statistics).
//!
//! A nested pass manager runs on the isolated-from-above ops directly inside its parent's
//! anchor. Each such op owns its own [`Body`], so the ops are independent units of work:
//! with threading they run on scoped threads, each recording its IR dumps and diagnostics
//! per op, its counters and its timers on its own; the records are merged in op order when
//! the threads join. So everything reported is the same as with `--mlir-disable-threading`
//! (where one function goes through the whole nested pipeline before the next, as in
//! MLIR); only the timings differ.
//!
//! A pass sees the body of its anchor op. The instrumentation and the verifier also need
//! the anchor op itself, which lives in its parent's body. A run that reaches ops by their
//! path from the top-level op ([`PathSite`]) has the whole file at hand (for
//! `--mlir-print-ir-module-scope`, which MLIR allows only without threading); on a thread,
//! where only the function's own body is borrowed, the op is rebuilt for the moment in a
//! one-op body around it ([`DetachedSite`]).

use smallvec::SmallVec;

use super::instrument::{dump_header, Event, IrPrinting, PassStatistics};
use super::pipeline::OpPassManager;
use super::schedule::{adaptor_name, schedule, Manager, Step};
use super::timing::{TimerKey, Timing};
use super::{Pass, PassInfo, PassTarget, Statistics};
use pto_ir::module::Module;
use pto_ir::printer::{print_module, print_op_alone, PrintOptions};
use pto_ir::{
    symbol_table, verifier, Attribute, Body, Context, Diagnostic, InsertPoint, Location, OpId,
    OpName, OperationState, RegionId, Type,
};

/// How a pipeline runs and what it reports.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Run nested pass managers on several threads (`--mlir-disable-threading` clears it).
    pub threading: bool,
    /// Verify the anchor op after each pass (`--verify-each`, on by default); a failure
    /// fails the pass.
    pub verify_each: bool,
    /// Attach MLIR's "see current operation" note to verifier errors.
    pub verify_notes: bool,
    /// IR dumps around passes.
    pub ir_printing: IrPrinting,
    /// How IR dumps print (and whether verifier notes show locations).
    pub print: PrintOptions,
}

impl Default for RunOptions {
    fn default() -> Self {
        Self {
            threading: true,
            verify_each: true,
            verify_notes: true,
            ir_printing: IrPrinting::default(),
            print: PrintOptions::default(),
        }
    }
}

/// The outcome of a pipeline run.
#[derive(Debug)]
pub struct RunReport<'c> {
    /// IR dumps and diagnostics, in the order mlir-opt emits them without threading.
    pub events: Vec<Event<'c>>,
    /// The counters of each pass, by position in the pipeline as written.
    pub statistics: PassStatistics,
    /// Whether every pass (and every verification after one) succeeded.
    pub success: bool,
}

impl OpPassManager {
    /// Runs the pipeline on the single top-level op of `module`, whose name must be the
    /// manager's anchor and which must be isolated from above. Passes are timed into
    /// `timing` when given.
    pub fn run_on_module<'c>(
        &self,
        ctx: &'c Context,
        module: &mut Module<'c>,
        options: &RunOptions,
        timing: Option<&mut Timing>,
    ) -> RunReport<'c> {
        let nslots = self.count_passes();
        let mut report = RunReport {
            events: Vec::new(),
            statistics: vec![Statistics::default(); nslots],
            success: false,
        };
        if let Err(d) = self.check_top(ctx, module) {
            report.events.push(Event::Diagnostic(d));
            return report;
        }
        let sched = schedule(self);
        if let Some((pass, anchor)) = sched.unschedulable() {
            report.events.push(Event::Diagnostic(Diagnostic::error(
                ctx.unknown_loc(),
                format!(
                    "unable to schedule pass '{pass}' on a PassManager intended to run on '{anchor}'!"
                ),
            )));
            return report;
        }
        let top = module.top_op().expect("checked above");
        let runner = Runner {
            ctx,
            opts: options,
            nslots,
            threads: if options.threading {
                std::thread::available_parallelism().map_or(1, |n| n.get())
            } else {
                1
            },
        };
        let mut timing = timing;
        let mut acc = Acc {
            stats: std::mem::take(&mut report.statistics),
            timing: timing.as_deref_mut().map(std::mem::take),
        };
        let mut site = PathSite {
            module,
            path: vec![top],
        };
        report.success = runner.run_manager(&sched, &mut site, &mut acc, &mut report.events);
        report.statistics = acc.stats;
        if let (Some(t), Some(mine)) = (timing, acc.timing) {
            *t = mine;
        }
        report
    }

    /// The checks on the top-level op before anything runs.
    fn check_top<'c>(&self, ctx: &'c Context, module: &Module<'c>) -> Result<(), Diagnostic<'c>> {
        let Some(top) = module.top_op() else {
            return Err(Diagnostic::error(
                ctx.unknown_loc(),
                "expected a single top-level operation to run the pass pipeline on",
            ));
        };
        let name = module.body.op_name(top);
        let loc = module.body.op_loc(top);
        if let Some(a) = self.anchor.as_deref().filter(|a| *a != name.as_str()) {
            return Err(Diagnostic::error(
                loc,
                format!("can't run '{a}' pass manager on '{}' op", name.as_str()),
            ));
        }
        if module.body.nested(top).is_none() {
            return Err(Diagnostic::error(
                loc,
                format!(
                    "the top-level '{}' op must be isolated from above to run passes on",
                    name.as_str()
                ),
            ));
        }
        Ok(())
    }
}

/// What one thread accumulates: every pass's counters and its timers.
struct Acc {
    stats: PassStatistics,
    timing: Option<Timing>,
}

struct Runner<'r, 'c> {
    ctx: &'c Context,
    opts: &'r RunOptions,
    nslots: usize,
    threads: usize,
}

impl<'c> Runner<'_, 'c> {
    /// Runs the steps of `m` on the site's op; stops at the first failing step.
    fn run_manager(
        &self,
        m: &Manager<'_>,
        site: &mut dyn Site<'c>,
        acc: &mut Acc,
        ev: &mut Vec<Event<'c>>,
    ) -> bool {
        for (i, step) in m.steps.iter().enumerate() {
            let ok = match step {
                Step::Pass { slot, info, pass } => self.run_pass(*slot, info, *pass, site, acc, ev),
                Step::Adaptor { managers } => self.run_adaptor(i, managers, site, acc, ev),
            };
            if !ok {
                return false;
            }
        }
        true
    }

    fn run_pass(
        &self,
        slot: usize,
        info: &'static PassInfo,
        pass: &dyn Pass,
        site: &mut dyn Site<'c>,
        acc: &mut Acc,
        ev: &mut Vec<Event<'c>>,
    ) -> bool {
        let op_name = site.op_name();
        let span = tracing::debug_span!("pass", name = info.argument, op = op_name.as_str());
        let _guard = span.enter();
        // Only an op-agnostic manager can get here with an op the pass does not take.
        if info.anchor.is_some_and(|a| a != op_name.as_str()) {
            ev.push(Event::Diagnostic(Diagnostic::error(
                site.loc(),
                format!(
                    "'{}' op trying to schedule a pass on an unsupported operation",
                    op_name.as_str()
                ),
            )));
            return false;
        }
        let pr = &self.opts.ir_printing;
        if pr.before.matches(info.argument) {
            ev.push(Event::Output(self.dump(site, "Before", info, false)));
        }
        let fingerprint = pr.after_change.then(|| self.fingerprint(site));
        if let Some(t) = acc.timing.as_mut() {
            t.start(TimerKey::Pass(slot), || info.name.to_string());
        }
        let loc = site.loc();
        let mut warnings = Vec::new();
        let result = {
            let mut target = PassTarget {
                op_name,
                loc,
                body: site.body(),
                statistics: &mut acc.stats[slot],
                diagnostics: &mut warnings,
            };
            pass.run(self.ctx, &mut target)
        };
        ev.extend(warnings.into_iter().map(Event::Diagnostic));
        let mut ok = match result {
            Ok(()) => true,
            Err(d) => {
                ev.push(Event::Diagnostic(d));
                false
            }
        };
        if ok && self.opts.verify_each {
            if let Err(ds) = self.verify(site) {
                tracing::debug!(pass = info.argument, "verification failed after the pass");
                ev.extend(ds.into_iter().map(Event::Diagnostic));
                ok = false;
            }
        }
        if let Some(t) = acc.timing.as_mut() {
            t.stop();
        }
        let after = pr.after.matches(info.argument);
        if !ok {
            if after {
                ev.push(Event::Output(self.dump(site, "After", info, true)));
            }
        } else if after
            && !pr.after_failure
            && fingerprint.is_none_or(|f| f != self.fingerprint(site))
        {
            ev.push(Event::Output(self.dump(site, "After", info, false)));
        }
        ok
    }

    /// Runs nested managers on the isolated ops directly inside the site's op: every op
    /// runs (a failure on one does not stop the others, as in MLIR), then the step fails if
    /// any did.
    fn run_adaptor(
        &self,
        index: usize,
        managers: &[Manager<'_>],
        site: &mut dyn Site<'c>,
        acc: &mut Acc,
        ev: &mut Vec<Event<'c>>,
    ) -> bool {
        if let Some(t) = acc.timing.as_mut() {
            t.start(TimerKey::Adaptor(index), || adaptor_name(managers));
            if managers.len() <= 1 {
                t.hide_current();
            }
        }
        let children: Vec<(OpId, usize)> = {
            let body = site.body();
            isolated_children(body)
                .into_iter()
                .filter_map(|op| {
                    let name = body.op_name(op);
                    managers
                        .iter()
                        .position(|m| m.can_schedule_on(name.as_str()))
                        .map(|m| (op, m))
                })
                .collect()
        };
        let mut ok = if self.threads > 1 && children.len() > 1 {
            let parent = site.op_name();
            self.run_parallel(managers, &children, parent, site.body(), acc, ev)
        } else {
            let mut ok = true;
            for &(op, m) in &children {
                site.with_child(op, &mut |child| {
                    ok &= self.run_pipeline(&managers[m], child, acc, ev);
                });
            }
            ok
        };
        // The nested ops were verified after their passes; what they may have broken
        // around them is their uses of symbols.
        if ok && self.opts.verify_each {
            let mut result = Ok(());
            site.with_anchor(&mut |b, op| {
                result = symbol_table::verify_symbol_uses(self.ctx, b, op);
            });
            if let Err(d) = result {
                ev.push(Event::Diagnostic(d));
                ok = false;
            }
        }
        if let Some(t) = acc.timing.as_mut() {
            t.stop();
        }
        ok
    }

    /// A nested manager on one op, timed as `'<anchor>' Pipeline`.
    fn run_pipeline(
        &self,
        m: &Manager<'_>,
        site: &mut dyn Site<'c>,
        acc: &mut Acc,
        ev: &mut Vec<Event<'c>>,
    ) -> bool {
        if let Some(t) = acc.timing.as_mut() {
            t.start(TimerKey::Pipeline(m.anchor.map(str::to_string)), || {
                format!("'{}' Pipeline", m.anchor_name())
            });
        }
        let ok = self.run_manager(m, site, acc, ev);
        if let Some(t) = acc.timing.as_mut() {
            t.stop();
        }
        ok
    }

    /// Runs the nested managers on `children` (ops of `body`, with the index of their
    /// manager) on scoped threads, and merges what the threads recorded in op order.
    #[allow(clippy::too_many_arguments)]
    fn run_parallel(
        &self,
        managers: &[Manager<'_>],
        children: &[(OpId, usize)],
        parent: OpName<'c>,
        body: &mut Body<'c>,
        acc: &mut Acc,
        ev: &mut Vec<Event<'c>>,
    ) -> bool {
        let mut headers: Vec<Option<Header<'c>>> = children
            .iter()
            .map(|&(op, _)| Some(Header::of(body, op, parent)))
            .collect();
        let position: rustc_hash::FxHashMap<OpId, usize> = children
            .iter()
            .enumerate()
            .map(|(i, &(op, _))| (op, i))
            .collect();
        let mut work: Vec<(usize, Header<'c>, &mut Body<'c>)> = body
            .nested_bodies_mut()
            .filter_map(|(op, b)| {
                let i = *position.get(&op)?;
                Some((i, headers[i].take()?, b))
            })
            .collect();
        work.sort_by_key(|w| w.0);
        let chunk = work.len().div_ceil(self.threads);
        let mut groups: Vec<Vec<(usize, Header<'c>, &mut Body<'c>)>> = Vec::new();
        let mut it = work.into_iter().peekable();
        while it.peek().is_some() {
            groups.push(it.by_ref().take(chunk).collect());
        }
        let timed = acc.timing.is_some();
        type Done<'c> = (Vec<(usize, bool, Vec<Event<'c>>)>, Acc);
        let done: Vec<Done<'c>> = std::thread::scope(|scope| {
            let handles: Vec<_> = groups
                .into_iter()
                .map(|group| {
                    pto_ir::threads::spawn(scope, move || {
                        let mut wacc = Acc {
                            stats: vec![Statistics::default(); self.nslots],
                            timing: timed.then(Timing::new),
                        };
                        let mut ops = Vec::with_capacity(group.len());
                        for (i, header, b) in group {
                            let mut site = DetachedSite {
                                ctx: self.ctx,
                                header,
                                body: b,
                            };
                            let mut wev = Vec::new();
                            let m = &managers[children[i].1];
                            let ok = self.run_pipeline(m, &mut site, &mut wacc, &mut wev);
                            ops.push((i, ok, wev));
                        }
                        (ops, wacc)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect()
        });
        let mut per_op: Vec<(usize, bool, Vec<Event<'c>>)> = Vec::new();
        for (ops, wacc) in done {
            per_op.extend(ops);
            for (dst, src) in acc.stats.iter_mut().zip(&wacc.stats) {
                dst.merge(src);
            }
            if let (Some(t), Some(wt)) = (acc.timing.as_mut(), wacc.timing.as_ref()) {
                t.merge_async(wt);
            }
        }
        per_op.sort_by_key(|r| r.0);
        let mut ok = true;
        for (_, r, events) in per_op {
            ok &= r;
            ev.extend(events);
        }
        ok
    }

    /// Verifies the site's op and everything in it.
    fn verify(&self, site: &mut dyn Site<'c>) -> Result<(), Vec<Diagnostic<'c>>> {
        let vopts = verifier::VerifyOptions {
            op_notes: self.opts.verify_notes,
            debuginfo: self.opts.print.debuginfo,
            threads: self.threads,
        };
        let mut result = Ok(());
        site.with_anchor(&mut |b, op| result = verifier::verify_with(self.ctx, b, op, vopts));
        result
    }

    /// An IR dump: header, the IR, a blank line.
    fn dump(&self, site: &mut dyn Site<'c>, when: &str, info: &PassInfo, failed: bool) -> String {
        let pr = &self.opts.ir_printing;
        let anchor = pr
            .module_scope
            .then(|| (site.op_name().as_str(), site.sym_name()));
        let mut out = dump_header(when, info, failed, anchor);
        // Printing falls back to the generic form for IR that does not verify (custom
        // printers may rely on what the verifier checks), as MLIR's printer does. IR that
        // was verified after the last pass needs no second check.
        let known_valid = self.opts.verify_each && !failed;
        let whole_file = site.is_top() || pr.module_scope;
        match site.module().filter(|_| whole_file) {
            Some(m) => {
                let mut opts = self.opts.print.clone();
                if !known_valid {
                    let top = m
                        .top_op()
                        .expect("a pipeline runs on a single top-level op");
                    opts.generic |= verifier::verify(self.ctx, &m.body, top).is_err();
                }
                out.push_str(&print_module(m, &opts));
            }
            None => site.with_anchor(&mut |b, op| {
                let mut opts = self.opts.print.clone();
                if !known_valid {
                    opts.generic |= verifier::verify(self.ctx, b, op).is_err();
                }
                out.push_str(&print_op_alone(b, op, &opts));
            }),
        }
        out.push_str("\n\n");
        out
    }

    /// What `--mlir-print-ir-after-change` compares: the anchor op's generic form with
    /// locations, which changes with any change to the op or what it contains.
    fn fingerprint(&self, site: &mut dyn Site<'c>) -> u64 {
        use std::hash::{Hash, Hasher};
        let opts = PrintOptions {
            generic: true,
            debuginfo: true,
            local_scope: true,
            threads: 1,
        };
        let mut h = rustc_hash::FxHasher::default();
        site.with_anchor(&mut |b, op| print_op_alone(b, op, &opts).hash(&mut h));
        h.finish()
    }
}

/// The isolated-from-above ops directly in the regions of the body's owner, in order.
fn isolated_children(body: &Body<'_>) -> Vec<OpId> {
    let mut out = Vec::new();
    for r in body.root_regions() {
        for b in body.region_blocks(r) {
            out.extend(body.block_ops(b).filter(|&o| body.nested(o).is_some()));
        }
    }
    out
}

/// Where a pipeline runs: an isolated op and its body, however they are reached.
trait Site<'c> {
    /// The op's name.
    fn op_name(&self) -> OpName<'c>;
    /// The op's location.
    fn loc(&self) -> Location<'c>;
    /// The op's symbol name (`sym_name`), if it has one.
    fn sym_name(&self) -> Option<&'c str>;
    /// The op's body, for passes.
    fn body(&mut self) -> &mut Body<'c>;
    /// Calls `f` with a body holding the op, and the op (to verify or print it).
    fn with_anchor(&mut self, f: &mut dyn FnMut(&Body<'c>, OpId));
    /// The whole file, when this site can see it.
    fn module(&self) -> Option<&Module<'c>>;
    /// Whether the op is the file's top-level op.
    fn is_top(&self) -> bool;
    /// Calls `f` with the site of `op`, an isolated op of this op's body.
    fn with_child(&mut self, op: OpId, f: &mut dyn FnMut(&mut dyn Site<'c>));
}

/// An op reached from the file by the isolated ops on the way to it (sequential runs).
struct PathSite<'a, 'c> {
    module: &'a mut Module<'c>,
    /// The top-level op, then each nested isolated op down to this one.
    path: Vec<OpId>,
}

impl<'c> PathSite<'_, 'c> {
    /// The body holding the op, and the op.
    fn parent(&self) -> (&Body<'c>, OpId) {
        let (&op, above) = self.path.split_last().expect("a path starts at the top op");
        let mut b = &self.module.body;
        for &o in above {
            b = b.nested(o).expect("paths go through isolated ops");
        }
        (b, op)
    }
}

impl<'c> Site<'c> for PathSite<'_, 'c> {
    fn op_name(&self) -> OpName<'c> {
        let (b, op) = self.parent();
        b.op_name(op)
    }
    fn loc(&self) -> Location<'c> {
        let (b, op) = self.parent();
        b.op_loc(op)
    }
    fn sym_name(&self) -> Option<&'c str> {
        let (b, op) = self.parent();
        b.attr(op, "sym_name").and_then(Attribute::as_str)
    }
    fn body(&mut self) -> &mut Body<'c> {
        let mut b = &mut self.module.body;
        for &o in &self.path {
            b = b.nested_mut(o).expect("paths go through isolated ops");
        }
        b
    }
    fn with_anchor(&mut self, f: &mut dyn FnMut(&Body<'c>, OpId)) {
        let (b, op) = self.parent();
        f(b, op)
    }
    fn module(&self) -> Option<&Module<'c>> {
        Some(self.module)
    }
    fn is_top(&self) -> bool {
        self.path.len() == 1
    }
    fn with_child(&mut self, op: OpId, f: &mut dyn FnMut(&mut dyn Site<'c>)) {
        self.path.push(op);
        f(self);
        self.path.pop();
    }
}

/// What an isolated op is apart from its body: enough to rebuild it around the body.
struct Header<'c> {
    /// The op holding it (for verifying `HasParent`).
    parent: OpName<'c>,
    name: OpName<'c>,
    loc: Location<'c>,
    attrs: Attribute<'c>,
    props: Option<Attribute<'c>>,
    operand_types: SmallVec<[Type<'c>; 2]>,
    result_types: SmallVec<[Type<'c>; 2]>,
    regions: SmallVec<[RegionId; 1]>,
}

impl<'c> Header<'c> {
    fn of(body: &Body<'c>, op: OpId, parent: OpName<'c>) -> Self {
        Self {
            parent,
            name: body.op_name(op),
            loc: body.op_loc(op),
            attrs: body.op_attrs(op),
            props: body.op_props(op),
            operand_types: body.operands(op).map(|v| body.value_type(v)).collect(),
            result_types: body.results(op).map(|v| body.value_type(v)).collect(),
            regions: body.regions_of(op).iter().copied().collect(),
        }
    }
}

/// An op whose body alone is borrowed (on a thread, or below such an op).
struct DetachedSite<'a, 'c> {
    ctx: &'c Context,
    header: Header<'c>,
    body: &'a mut Body<'c>,
}

impl<'c> Site<'c> for DetachedSite<'_, 'c> {
    fn op_name(&self) -> OpName<'c> {
        self.header.name
    }
    fn loc(&self) -> Location<'c> {
        self.header.loc
    }
    fn sym_name(&self) -> Option<&'c str> {
        let h = &self.header;
        h.props
            .and_then(|p| p.dict_get("sym_name"))
            .or_else(|| h.attrs.dict_get("sym_name"))
            .and_then(Attribute::as_str)
    }
    fn body(&mut self) -> &mut Body<'c> {
        self.body
    }
    /// Moves the body into a small body holding a copy of the op, for as long as `f` runs.
    /// The copy sits in a block of an op named as its parent (whose own properties are
    /// not needed: the verifier of an op looks at its parent's name only). The op's
    /// operands (values of the parent, out of reach) become arguments of a detached
    /// block, which printing shows as values defined elsewhere.
    fn with_anchor(&mut self, f: &mut dyn FnMut(&Body<'c>, OpId)) {
        let h = &self.header;
        let mut shell = Body::new();
        let region = shell.create_region();
        let block = shell.create_block();
        shell.append_block(region, block);
        let mut parent = OperationState::new(self.ctx, h.parent, h.loc);
        parent.regions.push(region);
        shell.create_op(parent);
        let mut state = OperationState::new(self.ctx, h.name, h.loc);
        if !h.operand_types.is_empty() {
            let b = shell.create_block();
            for &t in &h.operand_types {
                let v = shell.add_block_argument(b, t, h.loc);
                state.operands.push(v);
            }
        }
        state.result_types = h.result_types.clone();
        state.attrs = h.attrs;
        state.props = h.props;
        state.regions = h.regions.iter().copied().collect();
        state.nested = Some(Box::new(std::mem::take(self.body)));
        let op = shell.create_op(state);
        shell.insert_op(op, InsertPoint::BlockEnd(block));
        f(&shell, op);
        *self.body = std::mem::take(shell.nested_mut(op).expect("the copy owns the body"));
    }
    fn module(&self) -> Option<&Module<'c>> {
        None
    }
    fn is_top(&self) -> bool {
        false
    }
    fn with_child(&mut self, op: OpId, f: &mut dyn FnMut(&mut dyn Site<'c>)) {
        let header = Header::of(self.body, op, self.header.name);
        let body = self.body.nested_mut(op).expect("children are isolated ops");
        let mut site = DetachedSite {
            ctx: self.ctx,
            header,
            body,
        };
        f(&mut site)
    }
}
