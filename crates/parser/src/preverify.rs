//! Verifying functions on another thread while the parser reads on.
//!
//! When the parser finishes an isolated op at the top of the file, or directly inside a
//! top-level `builtin.module` (in practice: a function), nothing it parses later looks
//! into that op's body. So the body is lent out ([`Body::lend_nested`]) to a verifier
//! thread, which verifies it as [`verifier::verify_detached`] does, and comes back with
//! its errors when the file is parsed; the bodies are put back before anything else sees
//! the module. The driver then verifies the module with those results
//! ([`verifier::verify_with_preverified`]): the same errors in the same order as
//! verifying afterwards, with the verification of the functions overlapping the parse.
//!
//! Moving a body to the thread and back is a move of its `Box`: the verifier never
//! shares anything the parser writes.

use std::sync::mpsc::{channel, Sender};

use smallvec::SmallVec;

use super::Parser;
use pto_ir::builtin;
use pto_ir::verifier::{self, Preverified, VerifyOptions};
use pto_ir::{Body, Context, Diagnostic, Location, OpId, OpName, RegionId};

/// A body lent to the verifier thread, with what it needs of its op.
struct Job<'c> {
    index: usize,
    body: Box<Body<'c>>,
    name: OpName<'c>,
    regions: SmallVec<[RegionId; 1]>,
    loc: Location<'c>,
}

/// A verified body coming back: its job index, the body and its errors.
type Done<'c> = (usize, Box<Body<'c>>, Vec<Diagnostic<'c>>);

/// The parser's side of the verifier thread.
pub(super) struct Lender<'c> {
    tx: Sender<Job<'c>>,
    /// Per job: the top-level op whose body held the lent one (`None`: the file's own
    /// body, or not known yet while that op is being parsed), and the lent body's op.
    jobs: Vec<(Option<OpId>, OpId)>,
    /// Jobs from `assigned` on were lent from inside the top-level op being parsed.
    assigned: usize,
    /// The options to verify with.
    pub(super) options: VerifyOptions,
    /// Results of bodies verified where they were parsed (`parallel`), never lent.
    verified: Vec<(usize, Vec<Diagnostic<'c>>)>,
    /// Whether `verified` grew since the last top-level op was finished: that op is then
    /// a module whose functions were verified, not one to verify whole.
    verified_inside: bool,
}

impl<'c> Lender<'c> {
    /// Takes the results of bodies a chunk parser verified (in a top-level module if
    /// `in_module`).
    pub(super) fn adopt_verified(
        &mut self,
        results: Vec<(usize, Vec<Diagnostic<'c>>)>,
        in_module: bool,
    ) {
        self.verified_inside |= in_module && !results.is_empty();
        self.verified.extend(results);
    }
}

impl<'c> Parser<'c, '_> {
    /// Runs `parse` with a verifier thread taking the finished functions; puts their
    /// bodies back into the file's body (`self.bodies[0]`, still on the stack when
    /// `parse` returns Ok) and returns their results.
    pub(super) fn with_preverifier(
        &mut self,
        options: VerifyOptions,
        parse: impl FnOnce(&mut Self) -> Result<(), ()>,
    ) -> Result<Preverified<'c>, ()> {
        let ctx: &'c Context = self.ctx;
        let (r, lender, done) = std::thread::scope(|s| {
            let (tx, rx) = channel::<Job<'c>>();
            let worker = pto_ir::threads::spawn(s, move || {
                rx.into_iter()
                    .map(|j| {
                        let errors = verifier::verify_detached(
                            ctx, &j.body, j.name, &j.regions, j.loc, options,
                        );
                        (j.index, j.body, errors)
                    })
                    .collect::<Vec<Done<'c>>>()
            });
            self.lender = Some(Lender {
                tx,
                jobs: Vec::new(),
                assigned: 0,
                options,
                verified: Vec::new(),
                verified_inside: false,
            });
            // Should `parse` panic, the channel must still close, or the scope would
            // wait for the worker forever instead of passing the panic on.
            let r = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| parse(self))) {
                Ok(r) => r,
                Err(p) => {
                    self.lender = None;
                    std::panic::resume_unwind(p)
                }
            };
            // Closing the channel lets the worker finish.
            let lender = self.lender.take().expect("lender");
            let Lender {
                tx, jobs, verified, ..
            } = lender;
            drop(tx);
            let done = worker
                .join()
                .unwrap_or_else(|p| std::panic::resume_unwind(p));
            (r, (jobs, verified), done)
        });
        let (lender, verified) = lender;
        r?;
        tracing::debug!(
            target: "pto::parser",
            bodies = done.len(),
            deferred_locations = !self.deferred_locs.is_empty(),
            "verified while parsing"
        );
        let mut pre = Preverified::default();
        let file = self.bodies.first_mut().expect("file body");
        for (index, body, errors) in done {
            let (parent, op) = lender[index];
            let holder = match parent {
                None => &mut *file,
                Some(p) => file.nested_mut(p).expect("top-level op with a body"),
            };
            pre.insert(verifier::preverified_key(&body), errors);
            holder.reattach_nested(op, body);
        }
        pre.extend(verified);
        // Locations still to be resolved would be wrong in the errors: verify again.
        if !self.deferred_locs.is_empty() {
            pre.clear();
        }
        Ok(pre)
    }

    /// Called when `op` is parsed completely: lends its body to the verifier thread if it
    /// is a function at the top of the file or of a top-level module.
    pub(super) fn lend_finished(&mut self, op: OpId) {
        let Some(lender) = self.lender.as_mut() else {
            return;
        };
        let depth = self.bodies.len();
        let in_module = depth == 2
            && self.op_stack.len() == 1
            && matches!(self.op_stack[0].1, builtin::ModuleOp::NAME | "module");
        if depth == 1 && self.op_stack.is_empty() {
            if std::mem::take(&mut lender.verified_inside) {
                // Its functions were verified by the chunk parsers (and maybe some lent).
                for j in &mut lender.jobs[lender.assigned..] {
                    j.0 = Some(op);
                }
                lender.assigned = lender.jobs.len();
                return;
            }
            if lender.assigned < lender.jobs.len() {
                // `op` is the module whose functions were lent: they belong to it.
                for j in &mut lender.jobs[lender.assigned..] {
                    j.0 = Some(op);
                }
                lender.assigned = lender.jobs.len();
                return;
            }
        } else if !in_module {
            return;
        }
        let body = self.bodies.last_mut().expect("current body");
        if body.nested(op).is_none() {
            return;
        }
        let name = body.op_name(op);
        let regions = SmallVec::from_slice(body.regions_of(op));
        let loc = body.op_loc(op);
        let nested = body.lend_nested(op).expect("nested body");
        let index = lender.jobs.len();
        lender.jobs.push((None, op));
        if depth == 1 {
            lender.assigned = lender.jobs.len();
        }
        // A send fails only if the worker panicked; joining it reports that.
        let _ = lender.tx.send(Job {
            index,
            body: nested,
            name,
            regions,
            loc,
        });
    }
}
