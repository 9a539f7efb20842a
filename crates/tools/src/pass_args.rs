//! The pass-related flags of `*-opt` tools: `--pass-pipeline=...`, one flag per registered
//! pass (`--cse`, `--canonicalize=max-iterations=3`), `--dump-pass-pipeline`,
//! `--mlir-disable-threading`, and the instrumentation flags (`--mlir-print-ir-*`,
//! `--mlir-timing`, `--mlir-pass-statistics`). Builds the pass manager and the
//! instrumentation they describe.

use clap::{Arg, ArgAction, ArgMatches, Command};

use pto_pass::{
    parse_pipeline, IrPrinting, OpPassManager, PassOptions, PassRegistry, PipelineEntry,
    StatisticsDisplay, TimingDisplay,
};

/// The instrumentation the flags ask for.
#[derive(Clone, Debug, Default)]
pub struct Instrumentation {
    /// IR dumps around passes.
    pub ir_printing: IrPrinting,
    /// The execution time report and its layout (`--mlir-timing`).
    pub timing: Option<TimingDisplay>,
    /// The pass statistics report and its layout (`--mlir-pass-statistics`).
    pub statistics: Option<StatisticsDisplay>,
}

/// A boolean flag: `--name`, or `--name=true|false` as LLVM's options take it.
fn flag(name: &'static str, help: &'static str) -> Arg {
    Arg::new(name)
        .long(name)
        .num_args(0..=1)
        .require_equals(true)
        .default_missing_value("true")
        .default_value("false")
        .value_parser(clap::value_parser!(bool))
        .value_name("bool")
        .hide_possible_values(true)
        // Repeating an LLVM option is fine; the last occurrence wins.
        .overrides_with(name)
        .help(help)
}

fn get_flag(m: &ArgMatches, name: &str) -> bool {
    m.get_one::<bool>(name).copied().unwrap_or(false)
}

/// A `--name=a,b` flag that may repeat; values are checked by [`instrumentation_from_args`]
/// so that errors read as LLVM's.
fn list_arg(name: &'static str, help: &'static str) -> Arg {
    Arg::new(name)
        .long(name)
        .num_args(0..=1)
        .require_equals(true)
        .default_missing_value("")
        .value_delimiter(',')
        .action(ArgAction::Append)
        .value_name("pass-arg")
        .help(help)
}

/// A `--name=<value>` flag taking one of a few words, checked by
/// [`instrumentation_from_args`].
fn choice_arg(name: &'static str, default: &'static str, help: &'static str) -> Arg {
    Arg::new(name)
        .long(name)
        .num_args(0..=1)
        .require_equals(true)
        .default_missing_value("")
        .default_value(default)
        .value_name("mode")
        .overrides_with(name)
        .help(help)
}

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
        )
        .arg(list_arg(
            "mlir-print-ir-before",
            "Print IR before specified passes",
        ))
        .arg(list_arg("mlir-print-ir-after", "Print IR after specified passes"))
        .arg(flag("mlir-print-ir-before-all", "Print IR before each pass"))
        .arg(flag("mlir-print-ir-after-all", "Print IR after each pass"))
        .arg(flag(
            "mlir-print-ir-after-change",
            "When printing the IR after a pass, only print if the IR changed",
        ))
        .arg(flag(
            "mlir-print-ir-after-failure",
            "When printing the IR after a pass, only print if the pass failed",
        ))
        .arg(flag(
            "mlir-print-ir-module-scope",
            "When printing IR for print-ir-[before|after]{-all} always print the top-level operation",
        ))
        .arg(flag("mlir-timing", "Display execution times"))
        .arg(choice_arg(
            "mlir-timing-display",
            "tree",
            "Display method for timing data (list or tree)",
        ))
        .arg(flag(
            "mlir-pass-statistics",
            "Display the statistics of each pass",
        ))
        .arg(choice_arg(
            "mlir-pass-statistics-display",
            "pipeline",
            "Display method for pass statistics (list or pipeline)",
        ));
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
    let mut flagged: Vec<(usize, &'static pto_pass::PassInfo, String)> = Vec::new();
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
        match info.anchor.filter(|a| *a != top) {
            Some(a) => {
                let mut nested = OpPassManager::new(Some(a));
                nested.entries.push(PipelineEntry::Pass(info, pass));
                pm.entries.push(PipelineEntry::Nested(nested));
            }
            None => pm.entries.push(PipelineEntry::Pass(info, pass)),
        }
    }
    Ok(Some(pm))
}

/// The instrumentation the flags ask for. Errors come as LLVM's command-line parser words
/// them (`<tool>: for the --<flag> option: Cannot find option named 'x'!`, ending in a
/// newline).
pub fn instrumentation_from_args(
    m: &ArgMatches,
    registry: &PassRegistry,
    tool: &str,
) -> Result<Instrumentation, String> {
    let unknown = |flag: &str, v: &str| {
        format!("{tool}: for the --{flag} option: Cannot find option named '{v}'!\n")
    };
    let passes = |flag: &str| -> Result<Vec<String>, String> {
        let mut out = Vec::new();
        for v in m.get_many::<String>(flag).into_iter().flatten() {
            if registry.lookup(v).is_none() {
                return Err(unknown(flag, v));
            }
            out.push(v.clone());
        }
        Ok(out)
    };
    let choice = |flag: &str| {
        m.get_one::<String>(flag)
            .map_or("", String::as_str)
            .to_string()
    };
    let timing = match choice("mlir-timing-display").as_str() {
        "tree" => TimingDisplay::Tree,
        "list" => TimingDisplay::List,
        v => return Err(unknown("mlir-timing-display", v)),
    };
    let statistics = match choice("mlir-pass-statistics-display").as_str() {
        "pipeline" => StatisticsDisplay::Pipeline,
        "list" => StatisticsDisplay::List,
        v => return Err(unknown("mlir-pass-statistics-display", v)),
    };
    Ok(Instrumentation {
        ir_printing: IrPrinting::from_flags(
            get_flag(m, "mlir-print-ir-before-all"),
            passes("mlir-print-ir-before")?,
            get_flag(m, "mlir-print-ir-after-all"),
            passes("mlir-print-ir-after")?,
            get_flag(m, "mlir-print-ir-after-change"),
            get_flag(m, "mlir-print-ir-after-failure"),
            get_flag(m, "mlir-print-ir-module-scope"),
        ),
        timing: get_flag(m, "mlir-timing").then_some(timing),
        statistics: get_flag(m, "mlir-pass-statistics").then_some(statistics),
    })
}
