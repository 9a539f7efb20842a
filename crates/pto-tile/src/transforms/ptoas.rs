//! `ptoas`: what the PTOAS assembler runs by default before emitting C++, as one pass
//! over the module: the level checks of its driver, `pto-plan-memory` (skipped at
//! level 3, where kernels place their tiles themselves), `pto-insert-sync` with
//! `enable-insert-sync`, then `cse` on every function. PTOAS's frontend-pipe lowering,
//! event-to-flag lowering and layout inference have no counterpart yet; a kernel that
//! needs them (record_event, frontend pipes) keeps those ops.

use pto_ir::{Context, Diagnostic};
use pto_pass::{Pass, PassInfo, PassTarget};

impl Pass for crate::PTOASPipeline {
    fn options_text(&self) -> String {
        self.options.to_text()
    }

    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let level = self.options.pto_level.as_str();
        let level3 = level == "level3";
        if !matches!(level, "level1" | "level2" | "level3") {
            return Err(Diagnostic::error(
                target.loc,
                format!(
                    "ptoas: invalid pto-level '{}' (expected level1, level2 or level3)",
                    level
                ),
            ));
        }
        check_levels(target.body, level3)?;
        let mut stages: Vec<&'static PassInfo> = Vec::new();
        if !level3 {
            stages.push(crate::PlanMemory::INFO);
        }
        if self.options.enable_insert_sync {
            stages.push(crate::PTOInsertSync::INFO);
        }
        for info in stages {
            target.run_stage(ctx, info)?;
        }
        let cse = pto_transforms::CSE::new(Default::default());
        let funcs: Vec<_> = target
            .body
            .all_ops()
            .into_iter()
            .filter(|&op| target.body.nested(op).is_some())
            .map(|op| (op, target.body.op_name(op), target.body.op_loc(op)))
            .collect();
        for (op, name, loc) in funcs {
            let Some(body) = target.body.nested_mut(op) else {
                continue;
            };
            let mut stage = PassTarget {
                op_name: name,
                loc,
                body,
                statistics: target.statistics,
                diagnostics: target.diagnostics,
            };
            cse.run(ctx, &mut stage)?;
        }
        Ok(())
    }
}

/// PTOAS's driver rules: at level 3 every `pto.alloc_tile` carries its address, below
/// it none does.
fn check_levels<'c>(body: &pto_ir::Body<'c>, level3: bool) -> Result<(), Diagnostic<'c>> {
    for op in body.all_ops() {
        if let Some(nested) = body.nested(op) {
            check_levels(nested, level3)?;
        }
        if body.op_name(op).as_str() != crate::AllocTileOp::NAME {
            continue;
        }
        let has_addr = pto_ir::ods::NamedOperands::of(body, op)
            .get("addr")
            .is_some();
        if level3 && !has_addr {
            return Err(Diagnostic::error(
                body.op_loc(op),
                "'pto.alloc_tile' op requires 'addr' operand when --pto-level=level3",
            ));
        }
        if !level3 && has_addr {
            return Err(Diagnostic::error(
                body.op_loc(op),
                "'pto.alloc_tile' op unexpected 'addr' operand: only supported when --pto-level=level3",
            ));
        }
    }
    Ok(())
}
