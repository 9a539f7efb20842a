//! The pass-related flags of `*-opt` tools: `--pass-pipeline=...`, one flag per registered
//! pass (`--cse`, `--canonicalize=max-iterations=3`), `--dump-pass-pipeline` and
//! `--mlir-disable-threading`. Builds the pass manager they describe.

use clap::{Arg, ArgAction, ArgMatches, Command};

use crate::pass::{parse_pipeline, OpPassManager, PassOptions, PassRegistry, PipelineEntry};

/// Adds the pass flags of `registry` to `cmd`.
pub fn add_pass_args(mut cmd: Command, registry: &PassRegistry) -> Command {
    cmd = cmd
        .arg(
            Arg::new("pass-pipeline")
                .long("pass-pipeline")
                .require_equals(true)
                .help("A textual pass pipeline, e.g. 'builtin.module(func.func(cse))'"),
        )
        .arg(
            Arg::new("dump-pass-pipeline")
                .long("dump-pass-pipeline")
                .action(ArgAction::SetTrue)
                .help("Print the pipeline that will run to stderr"),
        )
        .arg(
            Arg::new("mlir-disable-threading")
                .long("mlir-disable-threading")
                .action(ArgAction::SetTrue)
                .help("Run nested pass managers on one thread"),
        );
    for info in registry.all() {
        cmd = cmd.arg(
            Arg::new(info.argument)
                .long(info.argument)
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("")
                .action(ArgAction::Append)
                .help(info.summary),
        );
    }
    cmd
}

/// The pipeline the flags ask for, anchored on `top` (the top-level op's name), if any.
/// Errors come rendered as MLIR renders them (ending in a newline).
pub fn pipeline_from_args(
    m: &ArgMatches,
    registry: &PassRegistry,
    top: &str,
) -> Result<Option<OpPassManager>, String> {
    // Per-pass flags in command-line order.
    let mut flagged: Vec<(usize, &'static crate::pass::PassInfo, String)> = Vec::new();
    for info in registry.all() {
        if let (Some(idx), Some(vals)) = (
            m.indices_of(info.argument),
            m.get_many::<String>(info.argument),
        ) {
            for (i, v) in idx.zip(vals) {
                flagged.push((i, info, v.clone()));
            }
        }
    }
    flagged.sort_by_key(|f| f.0);
    if let Some(text) = m.get_one::<String>("pass-pipeline") {
        if !flagged.is_empty() {
            return Err(
                "'-pass-pipeline' option can't be used with individual pass options\n".into(),
            );
        }
        return parse_pipeline(text, registry)
            .map(Some)
            .map_err(|e| e.render(text));
    }
    if flagged.is_empty() {
        return Ok(None);
    }
    let mut pm = OpPassManager::new(Some(top));
    for (_, info, text) in flagged {
        let options =
            PassOptions::parse(info, &text).map_err(|m| format!("<Pass-Options-Parser>: {m}\n"))?;
        let pass = (info.create)(&options);
        // A pass anchored on another op runs nested on those ops (implicit nesting).
        match pass.anchor().filter(|a| *a != top) {
            Some(a) => {
                let mut nested = OpPassManager::new(Some(a));
                nested.entries.push(PipelineEntry::Pass(pass));
                pm.entries.push(PipelineEntry::Nested(nested));
            }
            None => pm.entries.push(PipelineEntry::Pass(pass)),
        }
    }
    Ok(Some(pm))
}
