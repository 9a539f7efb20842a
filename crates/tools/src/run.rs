//! `pto-run`: runs a function of an IR file on inputs, as `mlir-runner` does.
//!
//! Arguments come from the command line in order: a `.npy` file for a memref parameter,
//! a number for a scalar. Results are printed, or written with `--out` (one file per
//! result, in order); `--save-arg N=file.npy` writes what the function left in its
//! N-th (memref) argument, for kernels in destination-passing style.
//!
//! By default the file is compiled: lowered to the `llvm` dialect by the pass
//! `lower-to-llvm` (skipped when the input is already in the `llvm` dialect),
//! translated to LLVM IR, optimized at `-O` and JIT-compiled ([`Engine`]); arguments
//! and results are marshalled by the entry function's signature before lowering (or
//! `--signature`, for inputs lowered elsewhere). `--interpret` runs the reference
//! interpreter instead. Both paths share argument reading, checks and outputs, and files
//! are written only after every check and encoding succeeded.
//!
//! The tool is made of a [`Registry`]. A file that one of its front ends recognizes (by
//! its name's ending, `.py` for PyPTO's Python form, or by its text) is imported as
//! `pto-translate --import-...` does (errors located in the file); anything else is
//! parsed as MLIR.
//!
//! Functions the entry does not use are dropped first (`symbol-privatize` of all but
//! the entry, then `symbol-dce`), so that a file of many kernels compiles one at a time.
//! Then the registry's lowerings run, each while the module has ops of its dialects,
//! a dialect before those it lowers to (`pypto` to `pto`, `pto` to loops, and, compiled,
//! the upstream dialects to `llvm`); interpreted, the loop level runs (tiles are
//! `memref.view`s of byte arenas). A lowering that changes the entry's signature has an
//! entry ABI (`pto_interp::abi`): PyPTO's entry takes the arguments its source
//! declares, and a `!pto.ptr<T>` parameter receives the data of a `.npy` array of `T`
//! (any shape, flattened), which `--save-arg` and `--expect-arg` see in its original
//! shape.
//!
//! Element types: `.npy` dtypes map to `f32` (`<f4`), `f64` (`<f8`), `f16` (`<f2`,
//! numpy's `float16`) and integers of their width; an array of another dtype than its
//! parameter's element type is an error. numpy has no `bf16`: a `bf16` parameter takes
//! what `ml_dtypes.bfloat16` arrays save as (descr `'<V2'`, the raw bits; `'|V2'` too)
//! or `<u2` bit patterns (`a.view(np.uint16)`), and `bf16` outputs (`--out`,
//! `--save-arg`) are written as `'<V2'` (`np.load(p).view(ml_dtypes.bfloat16)`, or
//! `.view(np.uint16)` for the bits). `--expect`/`--expect-arg` compare numerically:
//! values are decoded to `f64` and checked within `atol + rtol * |reference|`, so an
//! `f16`/`bf16` result can be compared with a `float32` reference (or an `<f2`/`'<V2'`
//! one; a `<u2` reference of a `bf16` value is taken as bits). `f16`/`bf16` scalar
//! arguments are decimal numbers rounded to the type (to nearest, ties to even).

use std::path::PathBuf;
use std::time::Instant;

use clap::{Arg, ArgAction, Command};

use pto_dialects::func::find_function;
use pto_interp::abi::{EntryAbi, EntryAbiProvider};
use pto_interp::npy::{self, Array};
use pto_interp::{Elem, Interpreter, Value};
use pto_ir::{verifier, Context, Diagnostic, SourceFile, SourceMgr, Type, TypeKind};
use pto_llvm::{Engine, EngineError, Signature};
use pto_parser::{parse_source, parse_type_str, Module, ParseOptions};
use pto_pass::registry::{EntryArg, LoweringGoal, LoweringTarget};
use pto_pass::{parse_pipeline, Registry, RunOptions};

/// The pipeline `--check` runs before the lowering to `llvm`.
const CHECKS: &str = "generate-runtime-verification{check-divisions=true}";

/// The most lowerings a file goes through (a registry whose lowerings feed each other
/// in a cycle stops here, with an error).
const MAX_LOWERINGS: usize = 16;

fn command() -> Command {
    Command::new("pto-run")
        .about("Run a function of an MLIR file on inputs (JIT-compiled, or interpreted)")
        .arg(
            Arg::new("input")
                .required(true)
                .help("Input file (`-` for stdin; a file a front end recognizes, such as a PyPTO `.py` program, is imported)"),
        )
        .arg(
            Arg::new("entry")
                .short('e')
                .long("entry-point")
                .default_value("main")
                .help("The function to run"),
        )
        .arg(
            Arg::new("arg")
                .long("arg")
                .action(ArgAction::Append)
                // `--arg -1` is a negative scalar, not an option.
                .allow_negative_numbers(true)
                .help("An argument: a .npy file for a memref, a number for a scalar"),
        )
        .arg(
            Arg::new("out")
                .long("out")
                .action(ArgAction::Append)
                .help("Write the next result to this .npy file"),
        )
        .arg(
            Arg::new("save-arg")
                .long("save-arg")
                .action(ArgAction::Append)
                .help("N=file.npy: write memref argument N after the call"),
        )
        .arg(
            Arg::new("expect")
                .long("expect")
                .action(ArgAction::Append)
                .help("N=ref.npy: compare result N with a reference (exit 1 if it differs)"),
        )
        .arg(
            Arg::new("expect-arg")
                .long("expect-arg")
                .action(ArgAction::Append)
                .help("N=ref.npy: compare memref argument N after the call with a reference"),
        )
        .arg(
            Arg::new("rtol")
                .long("rtol")
                .default_value("1e-5")
                .value_parser(clap::value_parser!(f64))
                .help("Relative tolerance of --expect comparisons"),
        )
        .arg(
            Arg::new("atol")
                .long("atol")
                .default_value("1e-6")
                .value_parser(clap::value_parser!(f64))
                .help("Absolute tolerance of --expect comparisons"),
        )
        .arg(
            Arg::new("interpret")
                .long("interpret")
                .action(ArgAction::SetTrue)
                .help("Run with the reference interpreter"),
        )
        .arg(
            Arg::new("opt")
                .short('O')
                .default_value("2")
                .value_parser(["0", "1", "2", "3"])
                .help("Optimization level of compiled execution"),
        )
        .arg(
            Arg::new("signature")
                .long("signature")
                .help("The entry's signature before lowering, e.g. '(memref<4xf32>) -> f32' (for inputs already in the llvm dialect)"),
        )
        .arg(
            Arg::new("time")
                .long("time")
                .value_parser(clap::value_parser!(u32))
                .help("Call N times and report the median time on stderr"),
        )
        .arg(
            Arg::new("check")
                .long("check")
                .action(ArgAction::SetTrue)
                .help("Check at run time that every memory access is in bounds and no integer division traps (generate-runtime-verification{check-divisions=true} before the lowering to llvm); a failed check stops with the op's location"),
        )
        .arg(
            Arg::new("threads")
                .long("threads")
                .value_parser(clap::value_parser!(u32).range(1..=1024))
                .help("Run compiled parallel loops (a Harp kernel's launch grid) on N threads (default 1)"),
        )
        .arg(
            Arg::new("timeout")
                .long("timeout")
                .value_parser(clap::value_parser!(u64))
                .help("Stop with an error if the calls take more than N seconds (a loop without end, or unbounded recursion the optimizer turned into one)"),
        )
        .arg(
            Arg::new("max-steps")
                .long("max-steps")
                .value_parser(clap::value_parser!(u64))
                .help("With --interpret: stop with an error after N ops have run (default 10^10)"),
        )
        .arg(
            Arg::new("allow-unregistered-dialect")
                .long("allow-unregistered-dialect")
                .action(ArgAction::SetTrue)
                .help("Accept ops of unregistered dialects"),
        )
}

/// Runs `pto-run` on `args` with the dialects, front ends, lowerings and entry ABIs of
/// `tools`; the exit status.
pub fn main(tools: &Registry, args: impl IntoIterator<Item = String>) -> i32 {
    let cmd = crate::driver_options::add(command(), tools);
    let m = match cmd.try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 1 } else { 0 };
        }
    };
    let input: &String = m.get_one("input").expect("required");
    let text = match super::read_input(input) {
        Ok(t) => t,
        Err(e @ super::InputError::Io(_)) => return fail(&e.report(input)),
        Err(e) => {
            eprint!("{}", e.report(input));
            return 1;
        }
    };
    let Some(mut ctx) = crate::opt::context("pto-run", tools) else {
        return 1;
    };
    ctx.set_allow_unregistered_dialects(m.get_flag("allow-unregistered-dialect"));
    let mut srcmgr = SourceMgr::new();
    srcmgr.add(SourceFile {
        name: input.clone(),
        text,
        first_line: 1,
    });
    let text = srcmgr.main_text();
    let driver = crate::driver_options::values(&m, tools);
    if let Err(e) = crate::driver_options::before_parse(tools, &mut ctx, &driver, text) {
        return fail(&e);
    }
    let render = |ds: &[Diagnostic<'_>]| ds.iter().map(|d| srcmgr.render(d)).collect::<String>();
    // A file a front end recognizes is imported as `pto-translate --import-...` does.
    // From reading the program to callable code (`--time` reports it).
    let compile_start = Instant::now();
    let parsed = match tools.importer_for(input, text) {
        Some(importer) => (importer.run)(&ctx, text, input, &driver).map_err(|d| {
            // Recognized by its content rather than its name (a `.pto` file is a PTOAS
            // kernel or PTO-WSP workload text): say what it was read as.
            if importer.extensions.iter().any(|e| input.ends_with(e)) {
                d
            } else {
                d.with_note(
                    ctx.file_loc(input, 1, 1),
                    format!(
                        "read by --{} ({}), recognized by its content",
                        importer.name, importer.description
                    ),
                )
            }
        }),
        None => parse_source(&ctx, text, input, &ParseOptions::default()),
    };
    let mut module = match parsed {
        Ok(m) => m,
        Err(d) => return report(&render(&[d])),
    };
    // A front end's warnings.
    if !module.diagnostics.is_empty() {
        eprint!("{}", render(&std::mem::take(&mut module.diagnostics)));
    }
    for op in module.body.block_ops(module.block) {
        if let Err(ds) = verifier::verify(&ctx, &module.body, op) {
            return report(&render(&ds));
        }
    }
    let entry: &String = m.get_one("entry").expect("defaulted");
    // Only what the entry function uses is compiled: the other functions go first.
    if find_function(&module.body, module.block, entry).is_some() {
        let prune = format!("symbol-privatize{{exclude={entry}}},symbol-dce");
        if let Err(e) = run_pipeline(&ctx, tools, &mut module, &srcmgr, &prune) {
            return report(&e);
        }
    }
    let interpret = m.get_flag("interpret");
    let raw: Vec<&String> = m.get_many("arg").map(|v| v.collect()).unwrap_or_default();
    let target = LoweringTarget {
        goal: if interpret {
            LoweringGoal::Interpret
        } else {
            LoweringGoal::Compile
        },
        vector_bits: pto_llvm::host_vector_bits(),
        entry: entry.clone(),
        args: raw.iter().map(|t| entry_arg(t)).collect(),
    };
    // Level by level, with the entry ABIs of the lowerings that change its signature,
    // and its signature before it goes to the `llvm` dialect (what calls marshal by).
    let providers: Vec<&EntryAbiProvider> = tools.entries::<EntryAbiProvider>().collect();
    let mut abis: Vec<Box<dyn EntryAbi<'_> + '_>> = Vec::new();
    let mut before_llvm: Option<Signature<'_>> = None;
    let check = m.get_flag("check");
    let mut checked = false;
    let mut count = 0;
    while let Some(lowering) = tools.next_lowering(&module.body, target.goal) {
        count += 1;
        if count > MAX_LOWERINGS {
            return fail(&format!(
                "the lowerings do not terminate ('{}' still applies after {MAX_LOWERINGS})",
                lowering.name
            ));
        }
        let mut fresh: Vec<Box<dyn EntryAbi<'_> + '_>> = providers
            .iter()
            .filter(|p| lowering.dialects.contains(&p.dialect))
            .filter_map(|p| (p.capture)(&module, entry))
            .collect();
        if lowering.produces.contains(&"llvm") {
            before_llvm = entry_signature(&module, entry);
            if check && !checked {
                if let Err(e) = run_pipeline(&ctx, tools, &mut module, &srcmgr, CHECKS) {
                    return report(&e);
                }
                checked = true;
            }
        }
        let passes = (lowering.pipeline)(&target);
        if let Err(e) = run_pipeline(&ctx, tools, &mut module, &srcmgr, &passes) {
            return report(&e);
        }
        for abi in &mut fresh {
            if let Err(e) = abi.lowered(&module, entry) {
                return fail(&e);
            }
        }
        abis.extend(fresh);
    }
    // Interpreted, the checks go in after the last lowering (the interpreter checks
    // accesses itself; the checks make its reports the compiled code's).
    if check && !checked {
        if let Err(e) = run_pipeline(&ctx, tools, &mut module, &srcmgr, CHECKS) {
            return report(&e);
        }
    }
    let signature = match m.get_one::<String>("signature") {
        Some(t) => match parse_type_str(&ctx, t)
            .ok()
            .and_then(Signature::of_function_type)
        {
            Some(s) => s,
            None => return fail(&format!("--signature: '{t}' is not a function type")),
        },
        None => match before_llvm.or_else(|| entry_signature(&module, entry)) {
            Some(s) => s,
            None => return fail(&format!("no function named '@{entry}' in {input}")),
        },
    };
    // An already lowered function may take pointers (memref descriptors): those need
    // the signature before lowering.
    if let Some(t) = signature
        .inputs
        .iter()
        .find(|t| t.is_dialect_type("llvm", "ptr"))
    {
        return fail(&format!(
            "'@{entry}' takes a {t} parameter, which cannot come from the command line; \
             give its signature before lowering with --signature"
        ));
    }
    let executor = if interpret {
        let interp = Interpreter::new(&ctx, &module.body);
        if let Some(&n) = m.get_one::<u64>("max-steps") {
            interp.set_max_steps(n);
        }
        Executor::Interpreter(interp)
    } else {
        let level: u8 = m
            .get_one::<String>("opt")
            .expect("defaulted")
            .parse()
            .expect("checked by clap");
        match Engine::new(&ctx, &module, level) {
            Ok(e) => Executor::Compiled(e, signature.clone()),
            Err(EngineError::Translation(d)) => return report(&render(&[d])),
            Err(EngineError::Llvm(e)) => return fail(&e),
        }
    };
    let compile_time = compile_start.elapsed();
    let params = &signature.inputs;
    let expected = abis.iter().find_map(|a| a.arity()).unwrap_or(params.len());
    if raw.len() != expected {
        return fail(&format!(
            "'@{entry}' takes {expected} arguments, {} given",
            raw.len()
        ));
    }
    // Arguments a lowering compiled in are not passed.
    let passed: Vec<&String> = raw
        .iter()
        .enumerate()
        .filter(|(i, _)| !abis.iter().any(|a| a.consumed(*i)))
        .map(|(_, t)| *t)
        .collect();
    let mut args = Vec::with_capacity(passed.len());
    // The shapes of the arrays given to pointer parameters.
    let mut shapes: Vec<Option<Vec<i64>>> = vec![None; passed.len()];
    for (i, (text, &ty)) in passed.iter().zip(params).enumerate() {
        let pointer = abis.iter().any(|a| a.flattened(i));
        match argument(text, ty, pointer) {
            Ok((v, shape)) => {
                args.push(v);
                shapes[i] = shape;
            }
            Err(e) => return fail(&format!("argument {i}: {e}")),
        }
    }
    // What the lowerings appended (sizes of symbolic dimensions, buffers for returned
    // tensors).
    for abi in &abis {
        if let Err((i, e)) = abi.complete_args(&mut args, &mut shapes) {
            return fail(&match i {
                Some(i) => format!(
                    "argument {i}: {} {e}",
                    raw.get(i).map_or("", |r| r.as_str())
                ),
                None => e,
            });
        }
    }
    if !abis.is_empty() && args.len() != params.len() {
        return fail(&format!(
            "'@{entry}' was lowered to {} parameters, {} given with what its lowerings append",
            params.len(),
            args.len()
        ));
    }
    let saves = match parse_indexed(&m, "save-arg", args.len()) {
        Ok(s) => s,
        Err(e) => return fail(&e),
    };
    if let Some(&secs) = m.get_one::<u64>("timeout") {
        watchdog(entry, secs);
    }
    if let Some(&n) = m.get_one::<u32>("threads") {
        if let Err(e) = pto_llvm::set_threads(n as usize) {
            return fail(&e);
        }
    }
    let runs = m.get_one::<u32>("time").copied().unwrap_or(1).max(1);
    let mut times = Vec::with_capacity(runs as usize);
    let mut code_times = Vec::with_capacity(runs as usize);
    let mut results = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        results = match executor.call(entry, &args) {
            Ok(r) => r,
            Err(RunError::Diagnostic(d)) => return report(&render(&[d])),
            Err(RunError::Message(e)) => return fail(&e),
        };
        times.push(start.elapsed());
        if let Executor::Compiled(e, _) = &executor {
            code_times.push(e.last_call_duration());
        }
    }
    // Pointer arguments are seen in their arrays' shapes again.
    for (arg, shape) in args.iter_mut().zip(&shapes) {
        if let (Value::MemRef(mem), Some(shape)) = (arg, shape) {
            mem.strides = pto_interp::value::row_major(shape);
            mem.sizes = shape.clone();
        }
    }
    // The source function's results (a PyPTO function's returned tensors from their
    // buffers).
    for abi in &abis {
        results = abi.results(results, &args);
    }
    if m.contains_id("time") {
        eprintln!(
            "compile time (the program read, lowered and made callable): {:?}",
            compile_time
        );
        times.sort();
        eprintln!("median time of {runs} calls: {:?}", times[times.len() / 2]);
        if !code_times.is_empty() {
            code_times.sort();
            eprintln!(
                "median time of the compiled code alone (without copying arguments in and \
                 results out): {:?}",
                code_times[code_times.len() / 2]
            );
        }
    }
    let (rtol, atol) = (
        *m.get_one::<f64>("rtol").expect("defaulted"),
        *m.get_one::<f64>("atol").expect("defaulted"),
    );
    let checks = parse_indexed(&m, "expect", results.len())
        .map(|c| {
            c.into_iter()
                .map(|(i, p)| (&results[i], p, format!("result {i}")))
                .collect::<Vec<_>>()
        })
        .and_then(|mut c| {
            let args_checks = parse_indexed(&m, "expect-arg", args.len())?;
            c.extend(
                args_checks
                    .into_iter()
                    .map(|(i, p)| (&args[i], p, format!("argument {i}"))),
            );
            Ok(c)
        });
    let checks = match checks {
        Ok(c) => c,
        Err(e) => return fail(&e),
    };
    let mut mismatch = false;
    for (v, path, what) in &checks {
        if let Err(e) = compare(v, path, rtol, atol) {
            eprintln!("pto-run: error: {what} {e}");
            mismatch = true;
        }
    }
    if mismatch {
        return 1;
    }
    let outs: Vec<&String> = m.get_many("out").map(|v| v.collect()).unwrap_or_default();
    if outs.len() > results.len() {
        return fail(&format!(
            "{} --out files for {} results",
            outs.len(),
            results.len()
        ));
    }
    // Encode everything first: nothing is written unless all of it can be.
    let mut files: Vec<(PathBuf, Vec<u8>)> = Vec::new();
    for (path, v) in outs.iter().zip(&results) {
        match encode(v) {
            Ok(bytes) => files.push((PathBuf::from(path), bytes)),
            Err(e) => return fail(&format!("result for {path}: {e}")),
        }
    }
    for (n, path) in &saves {
        match encode(&args[*n]) {
            Ok(bytes) => files.push((path.clone(), bytes)),
            Err(e) => return fail(&format!("argument {n}: {e}")),
        }
    }
    for (path, bytes) in files {
        if let Err(e) = crate::write_output(&path.to_string_lossy(), &bytes) {
            return fail(&format!("cannot write {}: {e}", path.display()));
        }
    }
    for v in results.iter().skip(outs.len()) {
        println!("{v}");
    }
    0
}

/// What runs the entry function.
enum Executor<'m, 'c> {
    /// The reference interpreter on the parsed IR.
    Interpreter(Interpreter<'m, 'c>),
    /// The JIT-compiled module, with the entry's signature before lowering.
    Compiled(Engine, Signature<'c>),
}

enum RunError<'c> {
    Diagnostic(Diagnostic<'c>),
    Message(String),
}

impl<'c> Executor<'_, 'c> {
    fn call(&self, entry: &str, args: &[Value]) -> Result<Vec<Value>, RunError<'c>> {
        match self {
            Executor::Interpreter(i) => i.call(entry, args).map_err(RunError::Diagnostic),
            Executor::Compiled(e, sig) => {
                crate::fault::guard(entry, || e.call(entry, sig, args)).map_err(RunError::Message)
            }
        }
    }
}

fn report(rendered: &str) -> i32 {
    eprint!("{rendered}");
    1
}

/// The signature of the entry function: a `func.func`'s type, or an `llvm.func`'s
/// parameters and result (for inputs already lowered; memrefs are then unknown).
pub fn entry_signature<'c>(module: &Module<'c>, name: &str) -> Option<Signature<'c>> {
    let (body, op) = find_function(&module.body, module.block, name)?;
    let ty = body.attr(op, "function_type")?.as_type()?;
    if let Some(sig) = Signature::of_function_type(ty) {
        return Some(sig);
    }
    let f = pto_dialects::llvm::LLVMFunctionType::from_type(ty)?;
    let ret = f.return_type();
    let results = if pto_dialects::llvm::LLVMVoidType::from_type(ret).is_some() {
        Vec::new()
    } else {
        vec![ret]
    };
    Some(Signature {
        inputs: f.params().to_vec(),
        results,
    })
}

/// Runs the registered passes `passes` on `module`; the rendered errors.
pub fn run_pipeline<'c>(
    ctx: &'c Context,
    tools: &Registry,
    module: &mut Module<'c>,
    srcmgr: &SourceMgr,
    passes: &str,
) -> Result<(), String> {
    let pipeline = format!("builtin.module({passes})");
    let pm = parse_pipeline(&pipeline, tools.pass_registry())
        .map_err(|e| format!("pto-run: error: {}", e.render(&pipeline)))?;
    let run = pm.run_on_module(ctx, module, &RunOptions::default(), None);
    let mut out = String::new();
    for e in &run.events {
        match e {
            pto_pass::Event::Output(t) => out.push_str(t),
            pto_pass::Event::Diagnostic(d) => out.push_str(&srcmgr.render(d)),
        }
    }
    if run.success {
        // Warnings of passes that succeeded.
        if !out.is_empty() {
            eprint!("{out}");
        }
        Ok(())
    } else {
        Err(out)
    }
}

/// `--timeout`: ends the process with an error once `secs` seconds have passed (the
/// calls run on this thread and cannot be interrupted otherwise: compiled code has no
/// safe points). Nothing has been written yet when the calls run, so nothing is lost.
fn watchdog(entry: &str, secs: u64) {
    let msg = format!(
        "pto-run: error: '@{entry}' did not finish within {secs} s (--timeout): a loop \
         without end, or unbounded recursion the optimizer turned into one\n"
    );
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(secs));
        let _ = std::io::Write::write_all(&mut std::io::stderr(), msg.as_bytes());
        // SAFETY: ends the process at once; the main thread may be anywhere in
        // compiled code, so no destructor or exit handler may run.
        unsafe { libc::_exit(1) };
    });
}

fn fail(msg: &str) -> i32 {
    eprintln!("pto-run: error: {msg}");
    1
}

/// What a lowering may know of a command-line argument: a `.npy` file's shape and
/// element type (read from its header), or the text.
fn entry_arg(text: &str) -> EntryArg {
    let mut arg = EntryArg {
        text: text.to_string(),
        ..EntryArg::default()
    };
    if text.ends_with(".npy") {
        // The header only: the file's first kilobytes (numpy's headers take a few
        // hundred bytes).
        let head = std::fs::File::open(text).and_then(|f| {
            use std::io::Read;
            let mut buf = Vec::with_capacity(4096);
            f.take(65536).read_to_end(&mut buf)?;
            Ok(buf)
        });
        let len = std::fs::metadata(text).map_or(0, |m| m.len());
        // Only a header the file's length backs up (reading the array reports the rest).
        let fits = |h: &npy::Header| {
            h.shape
                .iter()
                .try_fold(h.elem.size() as u64, |acc, &d| {
                    u64::try_from(d).ok().and_then(|d| acc.checked_mul(d))
                })
                .and_then(|n| n.checked_add(h.data_start as u64))
                .is_some_and(|n| n <= len)
        };
        if let Ok(a) = head
            .map_err(|e| e.to_string())
            .and_then(|b| npy::header(&b))
            .and_then(|h| if fits(&h) { Ok(h) } else { Err(String::new()) })
        {
            arg.dtype = Some(match (a.elem, a.unsigned) {
                (Elem::F32, _) => "f32".into(),
                (Elem::F64, _) => "f64".into(),
                (Elem::F16, _) => "f16".into(),
                (Elem::BF16, _) => "bf16".into(),
                (Elem::Int(w), false) => format!("i{w}"),
                (Elem::Int(w), true) => format!("ui{w}"),
            });
            arg.shape = Some(a.shape);
        }
    }
    arg
}

/// `--<flag> N=path` pairs, with `N` below `n`.
fn parse_indexed(
    m: &clap::ArgMatches,
    flag: &str,
    n: usize,
) -> Result<Vec<(usize, PathBuf)>, String> {
    let mut out = Vec::new();
    for s in m.get_many::<String>(flag).into_iter().flatten() {
        let (i, path) = s
            .split_once('=')
            .ok_or_else(|| format!("--{flag} expects N=file.npy, got '{s}'"))?;
        let i: usize = i
            .parse()
            .map_err(|_| format!("--{flag}: bad index '{i}'"))?;
        if i >= n {
            return Err(format!("--{flag} {i}: out of range (there are {n})"));
        }
        out.push((i, PathBuf::from(path)));
    }
    Ok(out)
}

/// Compares `v` (a memref or a scalar) with the array in `path`: every element within
/// `atol + rtol * |reference|`. The first mismatches are reported.
fn compare(v: &Value, path: &std::path::Path, rtol: f64, atol: f64) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let reference = npy::read(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    let (actual, shape) = match v {
        Value::MemRef(m) => (m.elements()?, m.sizes.clone()),
        Value::Vector(v) => (v.elems.to_vec(), v.shape.to_vec()),
        scalar => (vec![scalar.clone()], Vec::new()),
    };
    // A `<u2` reference of a `bf16` value holds bit patterns (as a `bf16` argument may).
    let reference = match actual.first() {
        Some(Value::BF16(_)) if reference.elem == Elem::Int(16) && reference.unsigned => reference
            .as_bf16_bits()
            .ok_or("a uint16 reference that is not one")?,
        _ => reference,
    };
    let reference = reference.into_memref();
    let expected = reference.elements()?;
    if actual.len() != expected.len() || (!shape.is_empty() && shape != reference.sizes) {
        return Err(format!(
            "shape {:?} differs from the reference's {:?} ({})",
            shape,
            reference.sizes,
            path.display()
        ));
    }
    let num = |v: &Value| match v {
        Value::Int { .. } => v.sext() as f64,
        _ => v.as_f64(),
    };
    let mut bad = Vec::new();
    let mut worst = 0f64;
    for (i, (a, e)) in actual.iter().zip(&expected).enumerate() {
        let (a, e) = (num(a), num(e));
        let err = (a - e).abs();
        let close = a == e || err <= atol + rtol * e.abs() || (a.is_nan() && e.is_nan());
        if !close {
            worst = worst.max(err);
            if bad.len() < 5 {
                bad.push(format!("element {i}: {a} != {e}"));
            }
        }
    }
    if bad.is_empty() {
        return Ok(());
    }
    Err(format!(
        "differs from {} (rtol {rtol}, atol {atol}; largest error {worst:e}): {}",
        path.display(),
        bad.join("; ")
    ))
}

/// The `.npy` bytes of a memref value.
fn encode(v: &Value) -> Result<Vec<u8>, String> {
    let m = v
        .as_memref()
        .ok_or("only memrefs can be written to .npy files")?;
    Ok(npy::write(&Array::from_memref(m)?))
}

/// A value of type `ty` from its command-line text; for a `pointer` parameter (a
/// `memref<?xT>` that was a `!pto.ptr<T>`) the array is flattened and its shape
/// returned.
fn argument(text: &str, ty: Type<'_>, pointer: bool) -> Result<(Value, Option<Vec<i64>>), String> {
    if pointer {
        let TypeKind::MemRef { element, .. } = ty.kind() else {
            return Err(format!("unsupported parameter type {ty}"));
        };
        let array = read_typed(text, *element, ty)?;
        let shape = array.shape.clone();
        let mut mem = array.into_memref();
        let n: i64 = shape.iter().product();
        mem.sizes = vec![n];
        mem.strides = vec![1];
        return Ok((Value::MemRef(mem), Some(shape)));
    }
    argument_value(text, ty).map(|v| (v, None))
}

/// A value of type `ty` from its command-line text.
fn argument_value(text: &str, ty: Type<'_>) -> Result<Value, String> {
    match ty.kind() {
        TypeKind::MemRef { shape, element, .. } => {
            let array = read_typed(text, *element, ty)?;
            let fits = array.shape.len() == shape.len()
                && shape
                    .iter()
                    .zip(&array.shape)
                    .all(|(&d, &a)| d == pto_ir::DYNAMIC || d == a);
            if !fits {
                return Err(format!("{text} has shape {:?}, {ty} expected", array.shape));
            }
            Ok(Value::MemRef(array.into_memref()))
        }
        TypeKind::Integer { width: 1, .. } if matches!(text, "true" | "false") => {
            Ok(Value::int(i128::from(text == "true"), 1))
        }
        TypeKind::Index | TypeKind::Integer { .. } => {
            let w = ty.int_width().unwrap_or(64);
            let v: i128 = text
                .parse()
                .map_err(|_| format!("'{text}' is not an integer"))?;
            // Signed or unsigned, the value must fit the width (no silent wrapping).
            let (lo, hi) = if w >= 127 {
                (i128::MIN, i128::MAX)
            } else {
                (-(1i128 << (w.max(1) - 1)), (1i128 << w) - 1)
            };
            if v < lo || v > hi {
                return Err(format!("'{text}' does not fit {ty} ({lo} to {hi})"));
            }
            Ok(Value::int(v, w))
        }
        TypeKind::Float(_) => {
            let v: f64 = text
                .parse()
                .map_err(|_| format!("'{text}' is not a number"))?;
            match Elem::of(ty) {
                Some(Elem::F32) => Ok(Value::F32(v as f32)),
                Some(Elem::F64) => Ok(Value::F64(v)),
                Some(Elem::F16) => Ok(Value::F16(pto_ir::half::f64_to_f16(v))),
                Some(Elem::BF16) => Ok(Value::BF16(pto_ir::half::f64_to_bf16(v))),
                _ => Err(format!("unsupported type {ty}")),
            }
        }
        _ => Err(format!("unsupported parameter type {ty}")),
    }
}

/// The `.npy` array in `path` for a parameter of type `ty` with elements `element`:
/// its dtype must be the element type's (`<u2` bit patterns are also taken for `bf16`).
fn read_typed(path: &str, element: Type<'_>, ty: Type<'_>) -> Result<Array, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
    let array = npy::read(&bytes).map_err(|e| format!("{path}: {e}"))?;
    let elem = Elem::of(element).ok_or_else(|| format!("unsupported element type {element}"))?;
    if array.elem == elem {
        return Ok(array);
    }
    let found = npy::dtype_name(array.elem, array.unsigned);
    if elem == Elem::BF16 {
        return array.as_bf16_bits().ok_or_else(|| {
            format!(
                "{path} holds {found} elements; {ty} takes bfloat16 ('<V2', as ml_dtypes \
                 saves it) or uint16 bit patterns"
            )
        });
    }
    Err(format!(
        "{path} holds {found} elements, {ty} expected ({})",
        npy::dtype_name(elem, false)
    ))
}
