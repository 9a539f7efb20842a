//! `pto-verify-sync`: checks, without changing anything, that every dependency between
//! pipe ops of a function is ordered by synchronisation (the model of `sync_analysis`:
//! a matching `set_flag`/`wait_flag` pair, a chain of them, or a barrier), including the
//! dependencies carried from one loop iteration to the next.
//!
//! Rules, beyond what PTOAS checks:
//! - a cross-pipe dependency needs a `set_flag[src, dst, e]` on the producer's pipe
//!   after the producer and a `wait_flag` with the same pipes and event before the
//!   consumer, on every path, or a `barrier <PIPE_ALL>` between them;
//! - a same-pipe dependency needs `barrier <pipe>` or `barrier <PIPE_ALL>` between them
//!   (as PTOAS inserts), except on the A5 vector pipe, which completes in issue order;
//! - `set_flag_dyn`/`wait_flag_dyn` match when their ids are the same constant, or the
//!   same SSA value defined outside every loop; any other run-time id proves nothing.
//!
//! Each unordered pair is an `error:` at the consumer with a `note:` at the producer.
//! The pass framework returns one diagnostic per failing pass, so the first error
//! carries the others after its note (they render and are checked by
//! `--verify-diagnostics` as errors of their own).

use super::sync_analysis::{analyze, Tree};
use super::sync_model::{hazard, Arch, Hazard};
use pto_dialects::func;
use pto_ir::builtin;
use pto_ir::{Body, Context, Diagnostic, Severity};
use pto_pass::{Pass, PassTarget};

impl Pass for crate::PTOVerifySync {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let arch = Arch::from_attr(target.body.owner_discardable_attr("pto.target_arch"));
        let mut errors = Vec::new();
        check_module(ctx, target.body, arch, &mut errors);
        let mut it = errors.into_iter();
        match it.next() {
            None => Ok(()),
            Some(mut first) => {
                first.notes.extend(it);
                Err(first)
            }
        }
    }
}

/// Checks the functions of a module body and of the modules nested in it.
fn check_module<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    arch: Arch,
    errors: &mut Vec<Diagnostic<'c>>,
) {
    for r in body.root_regions() {
        for b in body.region_blocks(r) {
            for op in body.block_ops(b) {
                let Some(nested) = body.nested(op) else {
                    continue;
                };
                match body.op_name(op).as_str() {
                    func::FuncOp::NAME => check_function(ctx, nested, arch, errors),
                    builtin::ModuleOp::NAME => {
                        let own = body.op_attrs(op).dict_get("pto.target_arch");
                        let a = if own.is_some() {
                            Arch::from_attr(own)
                        } else {
                            arch
                        };
                        check_module(ctx, nested, a, errors);
                    }
                    _ => {}
                }
            }
        }
    }
}

/// Reports the unordered dependencies of one function.
fn check_function<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    arch: Arch,
    errors: &mut Vec<Diagnostic<'c>>,
) {
    if body.root_regions().is_empty() {
        return;
    }
    let tree = match Tree::build(ctx, body, arch, true) {
        Ok(t) => t,
        Err(d) => {
            errors.push(d);
            return;
        }
    };
    let mut pos = vec![usize::MAX; tree.nodes.len()];
    for (i, n) in tree.preorder().into_iter().enumerate() {
        pos[n] = i;
    }
    for d in analyze(&tree, arch) {
        let c = &tree.ops[d.consumer];
        let p = &tree.ops[d.producer];
        let verb = match hazard(&p.accesses, &c.accesses) {
            Some(Hazard::ReadAfterWrite) | None => "reads memory written by",
            Some(Hazard::WriteAfterRead) => "writes memory read by",
            Some(Hazard::WriteAfterWrite) => "writes memory written by",
        };
        let carried = if pos[p.node] >= pos[c.node] {
            " in an earlier iteration"
        } else {
            ""
        };
        let (cn, pn) = (body.op_name(c.op).as_str(), body.op_name(p.op).as_str());
        let msg = format!(
            "'{cn}' on {} {verb} '{pn}' on {}{carried} without synchronisation",
            c.pipe.name(),
            p.pipe.name()
        );
        let note = Diagnostic::new(
            body.op_loc(p.op),
            Severity::Note,
            format!("'{pn}' on {} accesses it here", p.pipe.name()),
        );
        let mut e = Diagnostic::error(body.op_loc(c.op), msg);
        e.notes.push(note);
        errors.push(e);
    }
}
