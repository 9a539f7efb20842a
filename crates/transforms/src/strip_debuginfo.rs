//! `strip-debuginfo`: replaces the location of every op and block argument under the
//! anchor with `loc(unknown)` (MLIR's `StripDebugInfo`), including the bodies of nested
//! isolated ops.
//!
//! The anchor op's own location lives in its parent's body, out of reach of a pass, so it
//! is left as it is (mlir-opt strips it too; visible only with `--mlir-print-debuginfo`).

use pto_ir::{Body, Context, Diagnostic, Location};
use pto_pass::{Pass, PassTarget};

impl Pass for crate::StripDebugInfo {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        strip(target.body, ctx.unknown_loc());
        Ok(())
    }
}

/// Strips one body and, recursively, the bodies of the isolated ops inside it.
fn strip<'c>(body: &mut Body<'c>, unknown: Location<'c>) {
    for op in body.all_ops() {
        body.set_op_loc(op, unknown);
    }
    body.remap_block_arg_locs(|_| Some(unknown));
    for (_, nested) in body.nested_bodies_mut() {
        strip(nested, unknown);
    }
}
