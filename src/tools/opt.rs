//! `pto-opt`: reads IR, verifies it and prints it, with mlir-opt's flags and conventions.
//!
//! [`run`] is the whole driver; a crate that defines its own dialects passes a registration
//! function and gets its own `*-opt` tool.

use std::io::{Read, Write};

use clap::{Arg, ArgAction, Command};

use crate::ir::{verifier, Context, Diagnostic, Severity, SourceFile, SourceMgr};
use crate::pass::pipeline::{PassStatistics, RunOptions};
use crate::pass::{OpPassManager, PassRegistry};
use crate::syntax::parser::{parse_source, ParseOptions};
use crate::syntax::printer::{print_module, print_module_to, PrintOptions};
use crate::tools::split::split_input;
use crate::tools::verify_diagnostics::{check, parse_expectations, Outcome};

/// Registers the dialects a tool knows about.
pub type RegisterFn = fn(&mut Context);

/// Registers the passes a tool knows about.
pub type RegisterPassesFn = fn(&mut PassRegistry);

/// Registers every dialect of this crate.
pub fn register_all_dialects(ctx: &mut Context) {
    ctx.register_dialect(&crate::dialects::builtin::DIALECT);
    ctx.register_dialect(&crate::dialects::func::DIALECT);
    ctx.register_dialect(&crate::dialects::cf::DIALECT);
    ctx.register_dialect(&crate::dialects::arith::DIALECT);
    ctx.register_dialect(&crate::dialects::math::DIALECT);
    ctx.register_dialect(&crate::dialects::scf::DIALECT);
    ctx.register_dialect(&crate::dialects::memref::DIALECT);
}

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
                .help("Run the verifier after parsing (and after each pass)"),
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

/// Runs the driver on `args` (including the program name) with this crate's passes;
/// returns the exit status.
pub fn run(
    tool: &'static str,
    register: RegisterFn,
    args: impl IntoIterator<Item = String>,
) -> i32 {
    run_with_passes(tool, register, crate::transforms::register_all_passes, args)
}

/// Like [`run`], with the tool's own pass registration.
pub fn run_with_passes(
    tool: &'static str,
    register: RegisterFn,
    register_passes: RegisterPassesFn,
    args: impl IntoIterator<Item = String>,
) -> i32 {
    let mut registry = PassRegistry::new();
    register_passes(&mut registry);
    let cmd = crate::tools::pass_args::add_pass_args(command(tool), &registry);
    let m = match cmd.try_get_matches_from(normalize_args(args)) {
        Ok(m) => m,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 1 } else { 0 };
        }
    };
    if m.get_flag("show-dialects") {
        let mut ctx = Context::new();
        register(&mut ctx);
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
    let text = match read_input(&input) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot open input file '{input}': {e}");
            return 1;
        }
    };
    let file_name = if input == "-" {
        "<stdin>".to_string()
    } else {
        input.clone()
    };
    let pipeline =
        match crate::tools::pass_args::pipeline_from_args(&m, &registry, "builtin.module") {
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
    let opts = Options {
        pipeline,
        run: RunOptions {
            threading: !m.get_flag("mlir-disable-threading"),
        },
        allow_unregistered: m.get_flag("allow-unregistered-dialect"),
        no_implicit_module: m.get_flag("no-implicit-module"),
        verify: m.get_one::<bool>("verify-each").copied().unwrap_or(true),
        print: PrintOptions {
            generic: m.get_flag("mlir-print-op-generic"),
            debuginfo: m.get_flag("mlir-print-debuginfo"),
            local_scope: m.get_flag("mlir-print-local-scope"),
        },
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
    for &pos in &pieces.near_misses {
        let (l, c) = line_col_of(text, pos);
        let line_text = text.lines().nth(l as usize - 1).unwrap_or("");
        stderr.push_str(&format!(
            "{file_name}:{l}:{c}: warning: near miss with file split marker\n{line_text}\n{}^\n",
            " ".repeat(c as usize - 1)
        ));
    }
    for chunk in pieces.chunks {
        let mut ctx = Context::new();
        register(&mut ctx);
        ctx.set_allow_unregistered_dialects(opts.allow_unregistered);
        let mut diags: Vec<Diagnostic<'_>> = Vec::new();
        let printed = process_chunk(
            &ctx,
            &chunk,
            &file_name,
            &opts,
            !verify_diags,
            direct,
            &mut diags,
        );
        if verify_diags {
            for d in &diags {
                report_verified(d, &mut expected, &srcmgr, &mut stderr, &mut failed);
            }
        } else if !diags.is_empty() {
            failed = true;
            for d in &diags {
                stderr.push_str(&srcmgr.render(d));
            }
        }
        match printed {
            Ok(Some(p)) => outputs.push(p),
            Ok(None) => failed |= !verify_diags,
            Err(e) => {
                eprintln!("cannot write output file '{output}': {e}");
                return 1;
            }
        }
    }
    if verify_diags {
        for e in expected.iter().filter(|e| !e.matched) {
            failed = true;
            let line_text = text.lines().nth(e.pos.0 as usize - 1).unwrap_or("");
            stderr.push_str(&format!(
                "{file_name}:{}:{}: error: expected {} \"{}\" was not produced\n{line_text}\n{}^{}\n",
                e.pos.0,
                e.pos.1,
                e.severity.as_str(),
                e.text,
                " ".repeat(e.pos.1 as usize - 1),
                "~".repeat(e.text.len().saturating_sub(1))
            ));
        }
    }
    if !stderr.is_empty() {
        eprint!("{stderr}");
    }
    if failed {
        if output != "-" {
            let _ = std::fs::remove_file(&output);
        }
        return 1;
    }
    if direct.is_some() {
        return 0;
    }
    let joined = outputs.join(&format!("{out_marker}\n"));
    if let Err(e) = write_output(&output, &joined) {
        eprintln!("cannot open output file '{output}': {e}");
        return 1;
    }
    0
}

struct Options {
    pipeline: Option<OpPassManager>,
    run: RunOptions,
    allow_unregistered: bool,
    no_implicit_module: bool,
    verify: bool,
    print: PrintOptions,
}

/// Parses, verifies and prints one chunk; diagnostics go to `diags`.
fn process_chunk<'c>(
    ctx: &'c Context,
    chunk: &crate::tools::split::Chunk<'_>,
    file: &str,
    opts: &Options,
    op_notes: bool,
    direct: Option<&str>,
    diags: &mut Vec<Diagnostic<'c>>,
) -> std::io::Result<Option<String>> {
    let (text, first_line, first_col) = (chunk.text, chunk.first_line, chunk.first_col);
    let popts = ParseOptions {
        no_implicit_module: opts.no_implicit_module,
        first_line,
        first_col,
    };
    let mut module = match parse_source(ctx, text, file, &popts) {
        Ok(m) => m,
        Err(d) => {
            diags.push(d);
            return Ok(None);
        }
    };
    let verify = |module: &crate::syntax::parser::Module<'c>, diags: &mut Vec<Diagnostic<'c>>| {
        let tops: Vec<_> = module.body.block_ops(module.block).collect();
        for op in tops {
            let vopts = verifier::VerifyOptions {
                op_notes,
                debuginfo: opts.print.debuginfo,
            };
            if let Err(ds) = verifier::verify_with(ctx, &module.body, op, vopts) {
                diags.extend(ds);
            }
        }
    };
    if opts.verify {
        verify(&module, diags);
        if !diags.is_empty() {
            return Ok(None);
        }
    }
    if let Some(pm) = &opts.pipeline {
        if let Err(d) = run_pipeline(ctx, pm, &mut module, opts.run) {
            diags.push(d);
            return Ok(None);
        }
        if opts.verify {
            verify(&module, diags);
            if !diags.is_empty() {
                return Ok(None);
            }
        }
    }
    if let Some(path) = direct {
        let mut w: Box<dyn Write> = if path == "-" {
            Box::new(std::io::BufWriter::with_capacity(
                1 << 16,
                std::io::stdout().lock(),
            ))
        } else {
            Box::new(std::io::BufWriter::with_capacity(
                1 << 16,
                std::fs::File::create(path)?,
            ))
        };
        print_module_to(&module, &opts.print, &mut w)?;
        w.write_all(b"\n")?;
        w.flush()?;
        return Ok(Some(String::new()));
    }
    let mut s = print_module(&module, &opts.print);
    s.push('\n');
    Ok(Some(s))
}

/// Runs `pm` on the top-level op of `module`.
fn run_pipeline<'c>(
    ctx: &'c Context,
    pm: &OpPassManager,
    module: &mut crate::syntax::parser::Module<'c>,
    run: RunOptions,
) -> Result<(), Diagnostic<'c>> {
    let Some(top) = module.top_op() else {
        return Err(Diagnostic::error(
            ctx.unknown_loc(),
            "expected a single top-level operation to run the pass pipeline on",
        ));
    };
    let name = module.body.op_name(top);
    let loc = module.body.op_loc(top);
    if let Some(a) = pm.anchor.as_deref().filter(|a| *a != name.as_str()) {
        return Err(Diagnostic::error(
            loc,
            format!("can't run '{a}' pass manager on '{}' op", name.as_str()),
        ));
    }
    let Some(body) = module.body.nested_mut(top) else {
        return Err(Diagnostic::error(
            loc,
            format!(
                "the top-level '{}' op must be isolated from above to run passes on",
                name.as_str()
            ),
        ));
    };
    let mut stats = PassStatistics::new();
    pm.run(ctx, name, body, run, &mut stats)
}

fn report_verified(
    d: &Diagnostic<'_>,
    expected: &mut [crate::tools::verify_diagnostics::Expected],
    srcmgr: &SourceMgr,
    stderr: &mut String,
    failed: &mut bool,
) {
    let top = Diagnostic {
        loc: d.loc,
        severity: d.severity,
        message: d.message.clone(),
        notes: Vec::new(),
    };
    match check(expected, &top) {
        Outcome::Matched => {}
        Outcome::WrongSeverity { pos, expected: sev } => {
            *failed = true;
            let file = d.loc.file_line_col().map(|f| f.0).unwrap_or("<unknown>");
            let line_text = srcmgr
                .main_text()
                .lines()
                .nth(pos.0 as usize - 1)
                .unwrap_or("");
            stderr.push_str(&format!(
                "{file}:{}:{}: error: '{}' diagnostic emitted when expecting a '{}'\n{line_text}\n{}^\n",
                pos.0,
                pos.1,
                d.severity.as_str(),
                sev.as_str(),
                " ".repeat(pos.1 as usize - 1)
            ));
        }
        Outcome::Unexpected => {
            *failed = true;
            let shown = Diagnostic {
                loc: d.loc,
                severity: Severity::Error,
                message: format!("unexpected {}: {}", d.severity.as_str(), d.message),
                notes: Vec::new(),
            };
            stderr.push_str(&srcmgr.render(&shown));
        }
    }
    for n in &d.notes {
        report_verified(n, expected, srcmgr, stderr, failed);
    }
}

fn line_col_of(text: &str, pos: usize) -> (u32, u32) {
    let before = &text[..pos];
    let line = before.matches('\n').count() as u32 + 1;
    let col = (pos - before.rfind('\n').map_or(0, |i| i + 1)) as u32 + 1;
    (line, col)
}

fn read_input(path: &str) -> std::io::Result<String> {
    if path == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s)?;
        Ok(s)
    } else {
        std::fs::read_to_string(path)
    }
}

fn write_output(path: &str, text: &str) -> std::io::Result<()> {
    if path == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes())?;
        out.flush()
    } else {
        std::fs::write(path, text)
    }
}

/// Sets up `tracing` output from `RUST_LOG` (e.g. `RUST_LOG=pto=debug`).
pub fn init_logging() {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::io::stderr)
        .try_init();
}
