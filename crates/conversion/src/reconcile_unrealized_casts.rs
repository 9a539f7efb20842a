//! `reconcile-unrealized-casts`: folds chains of `builtin.unrealized_conversion_cast`
//! that lead back to their input types and erases unused casts (MLIR's
//! `ReconcileUnrealizedCasts`). Casts that remain live are kept.

use pto_ir::{Body, Context, Diagnostic};
use pto_pass::{Pass, PassTarget};
use pto_rewrite::conversion::{casts_in, reconcile_casts};

impl Pass for crate::ReconcileUnrealizedCastsPass {
    fn run<'c>(
        &self,
        _ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        reconcile(target.body);
        Ok(())
    }
}

/// Reconciles the casts of `body` and of the isolated bodies inside it.
fn reconcile(body: &mut Body<'_>) {
    let casts = casts_in(body);
    reconcile_casts(body, &casts);
    for (_, nested) in body.nested_bodies_mut() {
        reconcile(nested);
    }
}
