//! `ptoas`: what the PTOAS assembler runs by default before emitting C++, as one pass
//! over the module: the level checks of its driver, `pto-plan-memory` (skipped at
//! level 3, where kernels place their tiles themselves), `pto-insert-sync` with
//! `enable-insert-sync`, then `cse` on every function. PTOAS's frontend-pipe lowering,
//! event-to-flag lowering and layout inference have no counterpart yet; a kernel that
//! needs them (record_event, frontend pipes) keeps those ops.

use pto_ir::{Context, Diagnostic};
use pto_pass::{OptionKind, OptionSpec, Pass, PassInfo, PassOptions, PassTarget, StatisticSpec};

use super::{insert_sync, plan_memory};

/// The registration of `ptoas`.
pub static INFO: PassInfo = PassInfo {
    argument: "ptoas",
    name: "PTOASPipeline",
    summary: "PTOAS's default pipeline: level checks, pto-plan-memory (not at level3), pto-insert-sync (with enable-insert-sync), cse",
    options: &[
        OptionSpec {
            name: "pto-level",
            kind: OptionKind::String,
            default: "level2",
            help: "level1, level2 or level3 (level3: tiles carry their addresses; no planning)",
        },
        OptionSpec {
            name: "enable-insert-sync",
            kind: OptionKind::Bool,
            default: "false",
            help: "Insert set_flag/wait_flag pairs and barriers (pto-insert-sync)",
        },
    ],
    statistics: &[] as &[StatisticSpec],
    create: |o: &PassOptions| {
        Box::new(Ptoas {
            level3: o.string("pto-level") == "level3",
            level: o.string("pto-level"),
            insert_sync: o.bool("enable-insert-sync"),
            options: o.clone(),
        })
    },
};

/// The pipeline.
pub struct Ptoas {
    level3: bool,
    level: String,
    insert_sync: bool,
    options: PassOptions,
}

impl Pass for Ptoas {
    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }

    fn options_text(&self) -> String {
        self.options.to_text()
    }

    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        if !matches!(self.level.as_str(), "level1" | "level2" | "level3") {
            return Err(Diagnostic::error(
                target.loc,
                format!(
                    "ptoas: invalid pto-level '{}' (expected level1, level2 or level3)",
                    self.level
                ),
            ));
        }
        check_levels(target.body, self.level3)?;
        let mut stages: Vec<&'static PassInfo> = Vec::new();
        if !self.level3 {
            stages.push(&plan_memory::INFO);
        }
        if self.insert_sync {
            stages.push(&insert_sync::INFO);
        }
        for info in stages {
            target.run_stage(ctx, info)?;
        }
        let cse_options = PassOptions::parse(&pto_transforms::cse::INFO, "").expect("defaults");
        let cse = (pto_transforms::cse::INFO.create)(&cse_options);
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
        if body.op_name(op).as_str() != "pto.alloc_tile" {
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
