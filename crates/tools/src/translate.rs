//! `pto-translate`: translations between MLIR and other formats, as `mlir-translate`.
//!
//! Translations are entries of a [`TranslationRegistry`] (MLIR's
//! `TranslateRegistration`): a name that becomes the `--<name>` flag, a description for
//! `--help`, and a function from MLIR (parsed, verified IR to bytes) or to MLIR (input
//! text to a module that the driver prints): [`TranslationFn::FromMlir`] (context,
//! module, [`TranslateOptions`] to bytes) or [`TranslationFn::ToMlir`] (context, text,
//! file name, options to a module). Exactly one translation flag is given; the common
//! flags are `--emit`, `-O`, `--target-*`, `--split-input-file` and
//! `--verify-diagnostics`.
//! Besides `--mlir-to-llvmir`, they are the importers and exporters of the tool's
//! [`Registry`] (`--import-pypto`, `--export-pypto`), which front ends add.
//!
//! The output file is written only when every chunk translated; on error the
//! diagnostics are printed (`file:line:col: error: ...`) and the status is 1.

use clap::{Arg, ArgAction, Command};

use crate::split::split_input;
use crate::verify_diagnostics::{parse_expectations, report_unmatched, report_verified};
use pto_ir::printer::{print_module, PrintOptions};
use pto_ir::{verifier, Context, Diagnostic, SourceFile, SourceMgr};
use pto_llvm::{self as llvm, EmitKind, TargetOptions};
use pto_parser::{parse_source, parse_source_releasing, Module, ParseOptions};
use pto_pass::registry::{DriverValues, ExportFn, ImportFn};
use pto_pass::Registry;

/// Options every translation receives (from the command line).
#[derive(Clone, Debug)]
pub struct TranslateOptions {
    /// What to produce (`--emit`); translations to MLIR ignore it.
    pub emit: EmitKind,
    /// The target (`--target-triple`, `--target-cpu`, `--target-features`, `-O`).
    pub target: TargetOptions,
    /// Emit DWARF line tables from the IR's locations (`--debug-info`).
    pub debug_info: bool,
    /// Print locations in MLIR output (`--mlir-print-debuginfo`).
    pub print_debuginfo: bool,
    /// The values of the registry's options (a translation's own, such as `--prefix`).
    pub driver: DriverValues,
}

/// A translation from MLIR: parsed, verified IR to the output bytes.
pub type FromMlirFn =
    for<'c> fn(&'c Context, &Module<'c>, &TranslateOptions) -> Result<Vec<u8>, Diagnostic<'c>>;

/// A translation to MLIR: the input text (with its file name, for locations) to IR.
pub type ToMlirFn =
    for<'c> fn(&'c Context, &str, &str, &TranslateOptions) -> Result<Module<'c>, Diagnostic<'c>>;

/// The direction of a translation and its function.
#[derive(Copy, Clone)]
pub enum TranslationFn {
    /// MLIR to another format (`--mlir-to-llvmir`).
    FromMlir(FromMlirFn),
    /// Another format to MLIR.
    ToMlir(ToMlirFn),
    /// A registry's front end (`--import-...`).
    Import(ImportFn),
    /// A registry's back end (`--export-...`).
    Export(ExportFn),
}

/// Which way a translation goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TranslationKind {
    /// From MLIR.
    FromMlir,
    /// To MLIR.
    ToMlir,
}

/// One registered translation.
#[derive(Clone)]
pub struct Translation {
    /// The flag name (`mlir-to-llvmir` for `--mlir-to-llvmir`).
    pub name: &'static str,
    /// One line for `--help`.
    pub description: &'static str,
    /// What it does.
    pub run: TranslationFn,
}

impl Translation {
    /// Whether it reads or writes MLIR.
    pub fn kind(&self) -> TranslationKind {
        match self.run {
            TranslationFn::FromMlir(_) | TranslationFn::Export(_) => TranslationKind::FromMlir,
            TranslationFn::ToMlir(_) | TranslationFn::Import(_) => TranslationKind::ToMlir,
        }
    }
}

/// The translations a tool offers, by name.
#[derive(Default, Clone)]
pub struct TranslationRegistry {
    entries: Vec<Translation>,
}

impl TranslationRegistry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }
    /// Adds `t`; a second translation of the same name is an error.
    pub fn register(&mut self, t: Translation) -> Result<(), String> {
        if self.lookup(t.name).is_some() {
            return Err(format!("translation '{}' registered twice", t.name));
        }
        self.entries.push(t);
        Ok(())
    }
    /// The translation named `name`.
    pub fn lookup(&self, name: &str) -> Option<&Translation> {
        self.entries.iter().find(|t| t.name == name)
    }
    /// All translations, sorted by name.
    pub fn all(&self) -> Vec<&Translation> {
        let mut v: Vec<&Translation> = self.entries.iter().collect();
        v.sort_by_key(|t| t.name);
        v
    }
}

/// The translations of `tools`: `--mlir-to-llvmir`, and the registry's importers and
/// exporters.
pub fn translations(tools: &Registry) -> Result<TranslationRegistry, String> {
    let mut registry = TranslationRegistry::new();
    registry.register(Translation {
        name: "mlir-to-llvmir",
        description: "Translate MLIR (llvm dialect) to LLVM IR",
        run: TranslationFn::FromMlir(mlir_to_llvmir),
    })?;
    for i in tools.importers() {
        registry.register(Translation {
            name: i.name,
            description: i.description,
            run: TranslationFn::Import(i.run),
        })?;
    }
    for e in tools.exporters() {
        registry.register(Translation {
            name: e.name,
            description: e.description,
            run: TranslationFn::Export(e.run),
        })?;
    }
    Ok(registry)
}

/// `--mlir-to-llvmir`: the module's `llvm` dialect ops to LLVM IR, optimized at `-O`
/// when above 0, as text, bitcode, assembly or an object file.
fn mlir_to_llvmir<'c>(
    ctx: &'c Context,
    module: &Module<'c>,
    opts: &TranslateOptions,
) -> Result<Vec<u8>, Diagnostic<'c>> {
    let fail = |msg: String| Diagnostic::error(ctx.unknown_loc(), msg);
    let ll = inkwell::context::Context::create();
    let options = llvm::TranslationOptions {
        debug_info: opts.debug_info,
    };
    if opts.emit.needs_codegen() {
        llvm::check_codegen_limits(&module.body, module.block)?;
    }
    let m = llvm::translate_module_with(ctx, &module.body, module.block, &ll, &options)?;
    llvm::verify(&m).map_err(fail)?;
    // Like mlir-translate, plain IR output keeps the module's own triple and layout
    // (none unless the module says); optimizing or generating code needs a machine.
    let explicit_target = opts.target.triple.is_some() || opts.target.cpu.is_some();
    let machine = if opts.emit.needs_codegen() || opts.target.opt_level > 0 || explicit_target {
        let tm = llvm::target_machine(&opts.target).map_err(fail)?;
        llvm::configure_module(&m, &tm);
        Some(tm)
    } else {
        None
    };
    if opts.target.opt_level > 0 {
        let tm = machine.as_ref().expect("made above for -O");
        llvm::optimize(&m, tm, opts.target.opt_level).map_err(fail)?;
    }
    llvm::emit(&m, opts.emit, machine.as_ref()).map_err(fail)
}

fn command(registry: &TranslationRegistry) -> Command {
    let mut cmd = Command::new("pto-translate")
        .about("Translate between MLIR and other formats")
        .arg(
            Arg::new("input")
                .default_value("-")
                .help("Input file (`-` for stdin)"),
        )
        .arg(
            Arg::new("output")
                .short('o')
                .default_value("-")
                .help("Output file (`-` for stdout); written only on success"),
        )
        .arg(
            Arg::new("emit")
                .long("emit")
                .default_value("llvm")
                .value_parser(["llvm", "bc", "asm", "obj"])
                .help(
                    "Output kind of --mlir-to-llvmir: LLVM IR text, bitcode, assembly, object file",
                ),
        )
        .arg(
            Arg::new("opt")
                .short('O')
                .default_value("0")
                .value_parser(["0", "1", "2", "3"])
                .help("Optimization level (LLVM's default<On> pipeline)"),
        )
        .arg(
            Arg::new("target-triple")
                .long("target-triple")
                .help("Target triple (default: the host's)"),
        )
        .arg(
            Arg::new("target-cpu")
                .long("target-cpu")
                .help("Target CPU (default: the host's)"),
        )
        .arg(
            Arg::new("target-features")
                .long("target-features")
                .help("Target features (`+avx2,-fma`)"),
        )
        .arg(
            Arg::new("split-input-file")
                .long("split-input-file")
                .num_args(0..=1)
                .default_missing_value("// -----")
                .require_equals(true)
                .help("Split the input at the marker and translate each chunk"),
        )
        .arg(
            Arg::new("mlir-print-debuginfo")
                .long("mlir-print-debuginfo")
                .action(ArgAction::SetTrue)
                .help("Print locations in MLIR output (PyPTO variable names are name locations)"),
        )
        .arg(
            Arg::new("debug-info")
                .long("debug-info")
                .action(ArgAction::SetTrue)
                .help("Emit DWARF line tables from the ops' file:line:col locations"),
        )
        .arg(
            Arg::new("output-split-marker")
                .long("output-split-marker")
                .default_value("")
                .help("Line written between the outputs of split chunks (mlir-translate's default: empty)"),
        )
        .arg(
            Arg::new("verify-diagnostics")
                .long("verify-diagnostics")
                .action(ArgAction::SetTrue)
                .help("Check that emitted diagnostics match expected-* comments"),
        )
        .arg(
            Arg::new("allow-unregistered-dialect")
                .long("allow-unregistered-dialect")
                .action(ArgAction::SetTrue)
                .help("Accept ops of unregistered dialects"),
        );
    for t in registry.all() {
        cmd = cmd.arg(
            Arg::new(t.name)
                .long(t.name)
                .action(ArgAction::SetTrue)
                .help(t.description),
        );
    }
    cmd
}

/// Runs `pto-translate` on `args` with the dialects, translations and options of
/// `tools`; the exit status.
pub fn main(tools: &Registry, args: impl IntoIterator<Item = String>) -> i32 {
    let registry = match translations(tools) {
        Ok(r) => r,
        Err(e) => return fail(&e),
    };
    let cmd = crate::driver_options::add(command(&registry), tools);
    let m = match cmd.try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 1 } else { 0 };
        }
    };
    let chosen: Vec<&Translation> = registry
        .all()
        .into_iter()
        .filter(|t| m.get_flag(t.name))
        .collect();
    let translation = match chosen.as_slice() {
        [t] => *t,
        [] => return fail("no translation given (e.g. --mlir-to-llvmir)"),
        _ => return fail("only one translation can be given"),
    };
    let opts = TranslateOptions {
        emit: EmitKind::from_name(m.get_one::<String>("emit").expect("defaulted"))
            .expect("checked by clap"),
        target: TargetOptions {
            triple: m.get_one::<String>("target-triple").cloned(),
            cpu: m.get_one::<String>("target-cpu").cloned(),
            features: m.get_one::<String>("target-features").cloned(),
            opt_level: m
                .get_one::<String>("opt")
                .expect("defaulted")
                .parse()
                .expect("checked by clap"),
        },
        debug_info: m.get_flag("debug-info"),
        print_debuginfo: m.get_flag("mlir-print-debuginfo"),
        driver: crate::driver_options::values(&m, tools),
    };
    let input: &String = m.get_one("input").expect("defaulted");
    let output: &String = m.get_one("output").expect("defaulted");
    let text = match crate::read_input(input) {
        Ok(t) => t,
        Err(e @ crate::InputError::Io(_)) => return fail(&e.report(input)),
        Err(e) => {
            eprint!("{}", e.report(input));
            return 1;
        }
    };
    let split = m.get_one::<String>("split-input-file").map(String::as_str);
    if split.is_some() && !matches!(opts.emit, EmitKind::Llvm | EmitKind::Assembly) {
        return fail("--split-input-file needs a textual output (--emit=llvm or asm)");
    }
    let verify_diags = m.get_flag("verify-diagnostics");
    let file_name = if input == "-" {
        "<stdin>".to_string()
    } else {
        input.clone()
    };
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
    let mut stderr = String::new();
    let mut failed = !designator_errors.is_empty();
    for e in &designator_errors {
        stderr.push_str(&format!(
            "{file_name}:{}:{}: error: {}\n",
            e.pos.0, e.pos.1, e.message
        ));
    }
    let mut outputs: Vec<Vec<u8>> = Vec::new();
    for chunk in split_input(text, split).chunks {
        let Some(mut ctx) = crate::opt::context("pto-translate", tools) else {
            return 1;
        };
        ctx.set_allow_unregistered_dialects(m.get_flag("allow-unregistered-dialect"));
        if let Err(e) =
            crate::driver_options::before_parse(tools, &mut ctx, &opts.driver, chunk.text)
        {
            return fail(&e);
        }
        let popts = ParseOptions {
            no_implicit_module: false,
            first_line: chunk.first_line,
            first_col: chunk.first_col,
            verify: None,
            threads: 1,
            caller_verifies: true,
        };
        let source = srcmgr.main_source();
        match translate_chunk(
            &ctx,
            chunk.text,
            source,
            &file_name,
            translation,
            &opts,
            &popts,
        ) {
            Ok((bytes, warnings)) => {
                outputs.push(bytes);
                for d in &warnings {
                    if verify_diags {
                        report_verified(d, &mut expected, &srcmgr, &mut stderr, &mut failed);
                    } else {
                        stderr.push_str(&srcmgr.render(d));
                    }
                }
            }
            Err(ds) => {
                // A chunk that failed still has its place between the split markers.
                outputs.push(Vec::new());
                for d in &ds {
                    if verify_diags {
                        report_verified(d, &mut expected, &srcmgr, &mut stderr, &mut failed);
                    } else {
                        failed = true;
                        stderr.push_str(&srcmgr.render(d));
                    }
                }
            }
        }
    }
    if verify_diags {
        failed |= report_unmatched(&expected, &file_name, text, &mut stderr);
    }
    if !stderr.is_empty() {
        eprint!("{stderr}");
    }
    let marker = format!(
        "{}\n",
        m.get_one::<String>("output-split-marker")
            .expect("defaulted")
    );
    let joined = outputs.join(marker.as_bytes());
    if failed {
        // An output file is kept only on success; on stdout, as mlir-translate, what did
        // translate is printed whatever happened to the other chunks.
        if output == "-" {
            let _ = write_output(output, &joined);
        }
        return 1;
    }
    if let Err(e) = write_output(output, &joined) {
        return fail(&format!("cannot write output file '{output}': {e}"));
    }
    0
}

/// Parses and verifies (from MLIR) or imports (to MLIR) one chunk and translates it.
fn translate_chunk<'c>(
    ctx: &'c Context,
    text: &str,
    source: Option<&pto_ir::SourceText>,
    file_name: &str,
    translation: &Translation,
    opts: &TranslateOptions,
    popts: &ParseOptions,
) -> Result<(Vec<u8>, Vec<Diagnostic<'c>>), Vec<Diagnostic<'c>>> {
    match translation.run {
        TranslationFn::FromMlir(_) | TranslationFn::Export(_) => {
            // A mapped input is released behind the parser, as pto-opt does.
            let module = match source {
                Some(s) => parse_source_releasing(ctx, text, s, file_name, popts),
                None => parse_source(ctx, text, file_name, popts),
            }
            .map_err(|d| vec![d])?;
            let mut errors = Vec::new();
            for op in module.body.block_ops(module.block) {
                if let Err(ds) = verifier::verify(ctx, &module.body, op) {
                    errors.extend(ds);
                }
            }
            if !errors.is_empty() {
                return Err(errors);
            }
            match translation.run {
                TranslationFn::FromMlir(f) => f(ctx, &module, opts),
                TranslationFn::Export(f) => f(ctx, &module, &opts.driver),
                _ => unreachable!("a translation from MLIR"),
            }
            .map(|bytes| (bytes, Vec::new()))
            .map_err(|d| vec![d])
        }
        TranslationFn::ToMlir(_) | TranslationFn::Import(_) => {
            // Keep line numbers of a split chunk those of the whole file.
            let padded;
            let text = if popts.first_line > 1 {
                padded = "\n".repeat(popts.first_line as usize - 1) + text;
                padded.as_str()
            } else {
                text
            };
            let module = match translation.run {
                TranslationFn::ToMlir(f) => f(ctx, text, file_name, opts),
                TranslationFn::Import(f) => f(ctx, text, file_name, &opts.driver),
                _ => unreachable!("a translation to MLIR"),
            }
            .map_err(|d| vec![d])?;
            let popts = PrintOptions {
                debuginfo: opts.print_debuginfo,
                ..PrintOptions::default()
            };
            let mut s = print_module(&module, &popts);
            s.push('\n');
            Ok((s.into_bytes(), module.diagnostics))
        }
    }
}

fn fail(msg: &str) -> i32 {
    eprintln!("pto-translate: error: {msg}");
    1
}

fn write_output(path: &str, bytes: &[u8]) -> std::io::Result<()> {
    super::write_output(path, bytes)
}
