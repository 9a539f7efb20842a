//! `pto-opt`: reads IR, verifies it and prints it, with mlir-opt's flags and conventions.
//!
//! [`main`] is the whole driver, made of a [`Registry`]: its dialects, passes and driver
//! options (`--pto-arch`, say, from the `pto` dialect). A crate that defines its own
//! dialects builds a registry with them and gets its own `*-opt` tool.
//!
//! Each `--split-input-file` chunk gets a fresh `Context`. The output is written only when
//! every chunk succeeded; on failure an existing `-o` file is removed, as mlir-opt does.

use std::io::Write;

use clap::{Arg, ArgAction, Command};

use crate::pass_args::Instrumentation;
use crate::split::split_input;
use crate::verify_diagnostics::{parse_expectations, report_unmatched, report_verified};
use pto_ir::builtin;
use pto_ir::printer::{print_module, print_module_to, PrintOptions};
use pto_ir::{verifier, Context, Diagnostic, SourceFile, SourceMgr};
use pto_parser::{parse_source, parse_source_releasing, ParseOptions};
use pto_pass::registry::DriverValues;
use pto_pass::{statistics_report, Event, OpPassManager, Registry, RunOptions, Timing};

fn command(name: &'static str) -> Command {
    Command::new(name)
        .about("MLIR modular optimizer driver (pto-mlir)")
        .arg(
            Arg::new("input")
                .default_value("-")
                .help("Input file ('-' for stdin)"),
        )
        .arg(
            Arg::new("output")
                .short('o')
                .default_value("-")
                .help("Output file ('-' for stdout)"),
        )
        .arg(
            Arg::new("split-input-file")
                .long("split-input-file")
                .num_args(0..=1)
                .default_missing_value("// -----")
                .require_equals(true)
                .help("Split the input into chunks at '// -----' and process each separately"),
        )
        .arg(
            Arg::new("output-split-marker")
                .long("output-split-marker")
                .default_value("// -----")
                .require_equals(true)
                .help("Separator printed between the outputs of split chunks"),
        )
        .arg(flag(
            "verify-diagnostics",
            "Check that emitted diagnostics match expected-* comments",
        ))
        .arg(flag(
            "allow-unregistered-dialect",
            "Allow operations of unregistered dialects",
        ))
        .arg(flag(
            "mlir-print-op-generic",
            "Print operations in the generic form",
        ))
        .arg(flag("mlir-print-debuginfo", "Print locations"))
        .arg(flag("mlir-print-local-scope", "Print without aliases"))
        .arg(flag(
            "no-implicit-module",
            "Do not wrap the input in an implicit builtin.module",
        ))
        .arg(flag(
            "show-dialects",
            "Print the registered dialects and exit",
        ))
        .arg(
            Arg::new("verify-each")
                .long("verify-each")
                .num_args(0..=1)
                .default_missing_value("true")
                .default_value("true")
                .require_equals(true)
                .value_parser(clap::value_parser!(bool))
                .help("Run the verifier after each transformation pass"),
        )
}

fn flag(name: &'static str, help: &'static str) -> Arg {
    Arg::new(name)
        .long(name)
        .action(ArgAction::SetTrue)
        .help(help)
}

/// LLVM tools accept `-flag`; clap wants `--flag`. Keep `-o` and `-` as they are.
fn normalize_args(args: impl IntoIterator<Item = String>) -> Vec<String> {
    args.into_iter()
        .enumerate()
        .map(|(i, a)| {
            if i > 0
                && a.starts_with('-')
                && !a.starts_with("--")
                && a.len() > 2
                && !a.starts_with("-o")
            {
                format!("-{a}")
            } else {
                a
            }
        })
        .collect()
}

/// Runs the driver on `args` (including the program name) with the dialects, passes and
/// driver options of `tools`; returns the exit status.
pub fn main(tool: &'static str, tools: &Registry, args: impl IntoIterator<Item = String>) -> i32 {
    let registry = tools.pass_registry();
    let cmd = crate::driver_options::add(
        crate::pass_args::add_pass_args(command(tool), registry),
        tools,
    );
    let m = match cmd.try_get_matches_from(normalize_args(args)) {
        Ok(m) => m,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 1 } else { 0 };
        }
    };
    let instr = match crate::pass_args::instrumentation_from_args(&m, registry, tool) {
        Ok(i) => i,
        Err(e) => {
            eprint!("{e}");
            return 1;
        }
    };
    // The root timer covers everything from here to the report.
    let mut timing = instr.timing.map(|_| Timing::new());
    if m.get_flag("show-dialects") {
        let Some(ctx) = context(tool, tools) else {
            return 1;
        };
        let mut names: Vec<&str> = ctx.dialects().iter().map(|d| d.name).collect();
        names.sort_unstable();
        println!("Available Dialects: {}", names.join(","));
        return 0;
    }
    let input = m
        .get_one::<String>("input")
        .cloned()
        .unwrap_or_else(|| "-".into());
    let output = m
        .get_one::<String>("output")
        .cloned()
        .unwrap_or_else(|| "-".into());
    let text = match crate::read_input(&input) {
        Ok(t) => t,
        Err(e) => {
            eprint!("{}", e.report(&input).trim_end());
            eprintln!();
            return 1;
        }
    };
    let file_name = if input == "-" {
        "<stdin>".to_string()
    } else {
        input.clone()
    };
    let pipeline = match crate::pass_args::pipeline_from_args(&m, registry, builtin::ModuleOp::NAME)
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("<unknown>:0: error: {e}");
            return 1;
        }
    };
    if let (Some(pm), true) = (&pipeline, m.get_flag("dump-pass-pipeline")) {
        eprintln!(
            "Pass Manager with {} passes:\n{}\n",
            pm.entries.len(),
            pm.to_pretty_text()
        );
    }
    let print = PrintOptions {
        generic: m.get_flag("mlir-print-op-generic"),
        debuginfo: m.get_flag("mlir-print-debuginfo"),
        local_scope: m.get_flag("mlir-print-local-scope"),
        threads: if m.get_flag("mlir-disable-threading") {
            1
        } else {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        },
    };
    let opts = Options {
        driver: crate::driver_options::values(&m, tools),
        tools,
        pipeline,
        run: RunOptions {
            threading: !m.get_flag("mlir-disable-threading"),
            verify_each: m.get_one::<bool>("verify-each").copied().unwrap_or(true),
            verify_notes: !m.get_flag("verify-diagnostics"),
            ir_printing: instr.ir_printing.clone(),
            print: print.clone(),
        },
        instr,
        allow_unregistered: m.get_flag("allow-unregistered-dialect"),
        no_implicit_module: m.get_flag("no-implicit-module"),
        print,
    };
    let split = m.get_one::<String>("split-input-file").map(String::as_str);
    let verify_diags = m.get_flag("verify-diagnostics");
    let out_marker = m
        .get_one::<String>("output-split-marker")
        .cloned()
        .unwrap_or_default();

    let mut srcmgr = SourceMgr::new();
    srcmgr.add(SourceFile {
        name: file_name.clone(),
        text,
        first_line: 1,
    });
    let text = srcmgr.main_text();
    let (mut expected, designator_errors) = if verify_diags {
        parse_expectations(text)
    } else {
        (Vec::new(), Vec::new())
    };
    let mut failed = false;
    let mut stderr = String::new();
    for e in &designator_errors {
        stderr.push_str(&format!(
            "{file_name}:{}:{}: error: {}\n",
            e.pos.0, e.pos.1, e.message
        ));
        failed = true;
    }

    let mut outputs: Vec<String> = Vec::new();
    // Without splitting, the one chunk streams straight to the output once it has verified.
    let direct = if split.is_none() && !verify_diags {
        Some(output.as_str())
    } else {
        None
    };
    let pieces = split_input(text, split);
    let starts = if pieces.near_misses.is_empty() {
        Vec::new()
    } else {
        pto_ir::diagnostics::line_starts(text)
    };
    for &pos in &pieces.near_misses {
        let line = starts.partition_point(|&s| s as usize <= pos) - 1;
        let (l, c) = (line as u32 + 1, (pos - starts[line] as usize) as u32 + 1);
        let line_text = pto_ir::diagnostics::nth_line(text, &starts, line).unwrap_or("");
        stderr.push_str(&format!(
            "{file_name}:{l}:{c}: warning: near miss with file split marker\n{line_text}\n{}^\n",
            " ".repeat(c as usize - 1)
        ));
    }
    for chunk in pieces.chunks {
        let Some(mut ctx) = context(tool, tools) else {
            return 1;
        };
        ctx.set_allow_unregistered_dialects(opts.allow_unregistered);
        ctx.set_op_diagnostic_notes(opts.run.verify_notes.then_some(opts.print.debuginfo));
        if let Err(e) =
            crate::driver_options::before_parse(tools, &mut ctx, &opts.driver, chunk.text)
        {
            eprintln!("{tool}: {e}");
            return 1;
        }
        let mut log: Vec<Event<'_>> = Vec::new();
        let printed = process_chunk(
            &ctx,
            Input {
                chunk: &chunk,
                source: srcmgr.main_source(),
            },
            &file_name,
            &opts,
            direct,
            timing.as_mut(),
            &mut log,
        );
        // IR dumps and diagnostics go out in the order they happened.
        for e in &log {
            match e {
                Event::Output(text) => stderr.push_str(text),
                Event::Diagnostic(d) if verify_diags => {
                    report_verified(d, &mut expected, &srcmgr, &mut stderr, &mut failed)
                }
                Event::Diagnostic(d) => {
                    // Warnings and remarks of a pass do not fail the run.
                    failed |= d.severity == pto_ir::Severity::Error;
                    stderr.push_str(&srcmgr.render(d));
                }
            }
        }
        match printed {
            Ok(Some(p)) => outputs.push(p),
            // A chunk that failed still has its place between the split markers.
            Ok(None) => {
                failed |= !verify_diags;
                outputs.push(String::new());
            }
            Err(e) => {
                eprintln!("cannot write output file '{output}': {e}");
                return 1;
            }
        }
    }
    if verify_diags {
        failed |= report_unmatched(&expected, &file_name, text, &mut stderr);
    }
    if !stderr.is_empty() {
        eprint!("{stderr}");
    }
    // An output file is kept only on success; on stdout, as mlir-opt, the chunks that did
    // succeed are printed whatever happened to the others.
    let joined = || outputs.join(&format!("{out_marker}\n"));
    let status = if failed {
        if output == "-" && direct.is_none() {
            let _ = write_output(&output, &joined());
        }
        1
    } else if direct.is_some() {
        0
    } else {
        match write_output(&output, &joined()) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("cannot open output file '{output}': {e}");
                1
            }
        }
    };
    // As mlir-opt, the time report comes last, whether or not the run succeeded.
    if let (Some(t), Some(display)) = (timing.as_mut(), opts.instr.timing) {
        t.finish();
        eprint!("{}", t.report(display));
    }
    status
}

struct Options<'t> {
    tools: &'t Registry,
    driver: DriverValues,
    pipeline: Option<OpPassManager>,
    run: RunOptions,
    instr: Instrumentation,
    allow_unregistered: bool,
    no_implicit_module: bool,
    print: PrintOptions,
}

/// A context with the registry's dialects (and their setups); `None` after reporting a
/// setup that failed (two models for one op).
pub fn context(tool: &str, tools: &Registry) -> Option<Context> {
    match tools.context() {
        Ok(ctx) => Some(ctx),
        Err(e) => {
            eprintln!("{tool}: error: {e}");
            None
        }
    }
}

/// A chunk to process and the buffer it is (part of), to release as it is parsed.
struct Input<'a> {
    chunk: &'a crate::split::Chunk<'a>,
    source: Option<&'a pto_ir::SourceText>,
}

/// Parses, verifies, runs the pipeline on and prints one chunk; IR dumps and diagnostics
/// go to `log` in order.
fn process_chunk<'c>(
    ctx: &'c Context,
    input: Input<'_>,
    file: &str,
    opts: &Options<'_>,
    direct: Option<&str>,
    mut timing: Option<&mut Timing>,
    log: &mut Vec<Event<'c>>,
) -> std::io::Result<Option<String>> {
    let Input { chunk, source } = input;
    let (text, first_line, first_col) = (chunk.text, chunk.first_line, chunk.first_col);
    let vopts = verifier::VerifyOptions {
        op_notes: opts.run.verify_notes,
        debuginfo: opts.print.debuginfo,
        threads: if opts.run.threading {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            1
        },
    };
    let popts = ParseOptions {
        no_implicit_module: opts.no_implicit_module,
        first_line,
        first_col,
        // With threads to spare, functions are verified while the parser reads on.
        verify: (vopts.threads > 1).then_some(vopts),
        threads: vopts.threads,
        caller_verifies: true,
    };
    // Parsing includes verifying what was parsed (`--verify-each` is about passes only).
    let parsed = timed(&mut timing, "Parser", || {
        let mut module = match source {
            Some(s) => parse_source_releasing(ctx, text, s, file, &popts),
            None => parse_source(ctx, text, file, &popts),
        }
        .map_err(|d| vec![d])?;
        let mut errors = Vec::new();
        let pre = std::mem::take(&mut module.preverified);
        for op in module.body.block_ops(module.block) {
            if let Err(ds) = verifier::verify_with_preverified(ctx, &module.body, op, vopts, &pre) {
                errors.extend(ds);
            }
        }
        if errors.is_empty() {
            Ok(module)
        } else {
            Err(errors)
        }
    });
    let mut module = match parsed {
        Ok(m) => m,
        Err(ds) => {
            log.extend(ds.into_iter().map(Event::Diagnostic));
            return Ok(None);
        }
    };
    // Driver options that belong in the module (`--pto-arch` records the target).
    if let Err(e) = crate::driver_options::after_parse(opts.tools, ctx, &opts.driver, &mut module) {
        log.push(Event::Diagnostic(Diagnostic::error(ctx.unknown_loc(), e)));
        return Ok(None);
    }
    // mlir-opt sets up the pass manager for every input, and refuses this combination
    // there even when no pass runs.
    if opts.run.ir_printing.module_scope && opts.run.threading {
        log.push(Event::Diagnostic(Diagnostic::error(
            ctx.unknown_loc(),
            "IR print for module scope can't be setup on a pass-manager without disabling multi-threading first.\n",
        )));
        return Ok(None);
    }
    let mut print = opts.print.clone();
    match &opts.pipeline {
        Some(pm) => {
            let report = pm.run_on_module(ctx, &mut module, &opts.run, timing.as_deref_mut());
            log.extend(report.events);
            if let Some(display) = opts.instr.statistics {
                log.push(Event::Output(statistics_report(
                    pm,
                    &report.statistics,
                    display,
                )));
            }
            if !report.success {
                return Ok(None);
            }
            // Unverified IR that does not verify prints in the generic form, as in
            // mlir-opt (custom printers may rely on what the verifier checks).
            if !opts.run.verify_each {
                let tops: Vec<_> = module.body.block_ops(module.block).collect();
                print.generic |= tops
                    .into_iter()
                    .any(|op| verifier::verify(ctx, &module.body, op).is_err());
            }
        }
        // Without passes the report has no entries, as mlir-opt's for an empty pipeline.
        None => {
            if let Some(display) = opts.instr.statistics {
                let empty = OpPassManager::new(None);
                log.push(Event::Output(statistics_report(
                    &empty,
                    &Vec::new(),
                    display,
                )));
            }
        }
    }
    timed(&mut timing, "Output", || {
        print_chunk(&module, &print, direct)
    })
}

/// Runs `f` inside the driver timer `name` when timing.
fn timed<R>(timing: &mut Option<&mut Timing>, name: &'static str, f: impl FnOnce() -> R) -> R {
    match timing {
        Some(t) => t.time(name, f),
        None => f(),
    }
}

/// Prints the chunk: straight to `direct` when given, else into the returned text.
fn print_chunk(
    module: &pto_ir::module::Module<'_>,
    print: &PrintOptions,
    direct: Option<&str>,
) -> std::io::Result<Option<String>> {
    if let Some(path) = direct {
        if path == "-" {
            let mut w = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
            print_module_to(module, print, &mut w)?;
            w.write_all(b"\n")?;
            w.flush()?;
        } else {
            let mut w = crate::OutputFile::create(path)?;
            print_module_to(module, print, &mut w)?;
            w.write_all(b"\n")?;
            w.commit()?;
        }
        return Ok(Some(String::new()));
    }
    let mut s = print_module(module, print);
    s.push('\n');
    Ok(Some(s))
}

fn write_output(path: &str, text: &str) -> std::io::Result<()> {
    crate::write_output(path, text.as_bytes())
}

/// Sets up `tracing` output from `RUST_LOG` (e.g. `RUST_LOG=pto=debug`).
pub fn init_logging() {
    use std::io::IsTerminal as _;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::io::stderr)
        // Colours only on a terminal: logs redirected to a file stay plain text.
        .with_ansi(std::io::stderr().is_terminal())
        .try_init();
}
