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
//! interpreter instead. Both paths share argument reading, checks and outputs.
//!
//! A file whose name ends in `.py` is a PyPTO program in Python form, imported as
//! `pto-translate --import-pypto` does (errors located in the `.py` file); PyPTO IR is
//! lowered to `pto` first ([`super::run_pypto`]) and its entry's signature is what the
//! command line follows.
//!
//! Functions the entry does not use are dropped first (`symbol-privatize` of all but
//! the entry, then `symbol-dce`), so that a file of many kernels compiles one at a time.
//! A file with `pto` ops then goes through [`pto_pipeline`] (interpreted: through
//! [`pto_loops_pipeline`], its loop level, whose tiles are `memref.view`s of byte
//! arenas); a `!pto.ptr<T>` parameter receives the data of a `.npy` array of `T` (any
//! shape, flattened), which `--save-arg` and `--expect-arg` see in its original shape.
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
use pto_interp::npy::{self, Array};
use pto_interp::{Elem, Interpreter, Value};
use pto_ir::{verifier, Body, Context, Diagnostic, SourceFile, SourceMgr, Type, TypeKind};
use pto_llvm::{Engine, EngineError, Signature};
use pto_parser::{parse_source, parse_type_str, Module, ParseOptions};
use pto_pass::{parse_pipeline, PassRegistry, RunOptions};

/// The pass that lowers a file to the `llvm` dialect for compiled execution.
pub const LOWERING_PIPELINE: &str = "lower-to-llvm";

/// What runs first on a file with `pto` ops: tiles get addresses in their spaces'
/// arenas, then become loops (`!pto.ptr` parameters become `memref<?xT>`) for this
/// machine's vector width, and their transcendental functions polynomials, as on the
/// vector units (libm's `expf` is a call LLVM cannot vectorize).
pub fn pto_pipeline() -> String {
    format!("{},math-polynomial-approximation", pto_loops_pipeline())
}

/// The loop level of [`pto_pipeline`], which `--interpret` runs: the same loops over
/// byte arenas (`memref.view`s) as compiled, with `math` ops left exact, so that the
/// interpreter checks the polynomial approximations instead of repeating them.
pub fn pto_loops_pipeline() -> String {
    format!(
        "pto-plan-memory,convert-pto-to-loops{{vector-bits={}}}",
        pto_llvm::host_vector_bits()
    )
}

fn command() -> Command {
    Command::new("pto-run")
        .about("Run a function of an MLIR file on inputs (JIT-compiled, or interpreted)")
        .arg(
            Arg::new("input")
                .required(true)
                .help("Input file (`-` for stdin; a `.py` file is a PyPTO program in Python form)"),
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
            Arg::new("allow-unregistered-dialect")
                .long("allow-unregistered-dialect")
                .action(ArgAction::SetTrue)
                .help("Accept ops of unregistered dialects"),
        )
}

/// Runs `pto-run` on `args`; the exit status.
pub fn run(register: super::opt::RegisterFn, args: impl IntoIterator<Item = String>) -> i32 {
    let m = match command().try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 1 } else { 0 };
        }
    };
    let input: &String = m.get_one("input").expect("required");
    let text = match super::read_input(input) {
        Ok(t) => t,
        Err(e) if input == "-" => return fail(&format!("cannot read stdin: {e}")),
        Err(e) => return fail(&format!("cannot open input file '{input}': {e}")),
    };
    let mut ctx = Context::new();
    register(&mut ctx);
    ctx.set_allow_unregistered_dialects(m.get_flag("allow-unregistered-dialect"));
    let mut srcmgr = SourceMgr::new();
    srcmgr.add(SourceFile {
        name: input.clone(),
        text,
        first_line: 1,
    });
    let text = srcmgr.main_text();
    if ctx.dialect("pto").is_some() {
        // PTOAS's parser rules for the input's target (see `dialects::pto::arch`).
        let arch = pto_tile::arch::ParserArch::for_text(None, text);
        pto_tile::arch::set_parser_arch(&mut ctx, Some(arch));
    }
    let render = |ds: &[Diagnostic<'_>]| ds.iter().map(|d| srcmgr.render(d)).collect::<String>();
    // A `.py` file is a PyPTO program in Python form: imported as `--import-pypto` does.
    let parsed = if input.ends_with(".py") {
        pto_pypto_python::import_pypto(&ctx, text, input)
    } else {
        parse_source(&ctx, text, input, &ParseOptions::default())
    };
    let mut module = match parsed {
        Ok(m) => m,
        Err(d) => return report(&render(&[d])),
    };
    for op in module.body.block_ops(module.block) {
        if let Err(ds) = verifier::verify(&ctx, &module.body, op) {
            return report(&render(&ds));
        }
    }
    let entry: &String = m.get_one("entry").expect("defaulted");
    // Only what the entry function uses is compiled: the other functions go first.
    if find_function(&module.body, module.block, entry).is_some() {
        let prune = format!("symbol-privatize{{exclude={entry}}},symbol-dce");
        if let Err(e) = run_pipeline(&ctx, &mut module, &srcmgr, &prune) {
            return report(&e);
        }
    }
    // PyPTO IR is lowered to pto first; its signature is what the command line follows.
    let pypto = if super::run_pypto::has_pypto(&module.body) {
        let Some(sig) = super::run_pypto::PyptoEntry::of(&module, entry) else {
            return fail(&format!("no function named '@{entry}' in {input}"));
        };
        if let Err(e) = run_pipeline(&ctx, &mut module, &srcmgr, super::run_pypto::PYPTO_PIPELINE) {
            return report(&e);
        }
        let size_args = super::run_pypto::size_args(&module, entry, sig.params.len());
        match super::run_pypto::result_args(&module, entry) {
            Ok(slots) => Some((sig, slots, size_args)),
            Err(e) => return fail(&e),
        }
    } else {
        None
    };
    // Parameters that are `!pto.ptr`s before the pto lowering take flattened arrays.
    let pointer_params: Vec<bool> = entry_signature(&module, entry)
        .map(|s| {
            s.inputs
                .iter()
                .map(|t| pto_tile::PtrType::from_type(*t).is_some())
                .collect()
        })
        .unwrap_or_default();
    if has_pto(&module.body) {
        let passes = if m.get_flag("interpret") {
            pto_loops_pipeline()
        } else {
            pto_pipeline()
        };
        if let Err(e) = run_pipeline(&ctx, &mut module, &srcmgr, &passes) {
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
        None => match entry_signature(&module, entry) {
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
    let executor = if m.get_flag("interpret") {
        Executor::Interpreter(Interpreter::new(&ctx, &module.body))
    } else {
        let level: u8 = m
            .get_one::<String>("opt")
            .expect("defaulted")
            .parse()
            .expect("checked by clap");
        if !is_llvm_dialect(&module.body) {
            if let Err(e) = run_pipeline(&ctx, &mut module, &srcmgr, LOWERING_PIPELINE) {
                return report(&e);
            }
        }
        match Engine::new(&ctx, &module, level) {
            Ok(e) => Executor::Compiled(e, signature.clone()),
            Err(EngineError::Translation(d)) => return report(&render(&[d])),
            Err(EngineError::Llvm(e)) => return fail(&e),
        }
    };
    let params = &signature.inputs;
    let raw: Vec<&String> = m.get_many("arg").map(|v| v.collect()).unwrap_or_default();
    let expected = pypto
        .as_ref()
        .map_or(params.len(), |(sig, _, _)| sig.params.len());
    if raw.len() != expected {
        return fail(&format!(
            "'@{entry}' takes {expected} arguments, {} given",
            raw.len()
        ));
    }
    let mut args = Vec::with_capacity(raw.len());
    // The shapes of the arrays given to pointer parameters.
    let mut shapes: Vec<Option<Vec<i64>>> = vec![None; raw.len()];
    for (i, (text, &ty)) in raw.iter().zip(params).enumerate() {
        let pointer = pointer_params.get(i).copied().unwrap_or(false);
        match argument(text, ty, pointer) {
            Ok((v, shape)) => {
                args.push(v);
                shapes[i] = shape;
            }
            Err(e) => return fail(&format!("argument {i}: {e}")),
        }
    }
    // Sizes of symbolic dimensions (parameters the lowering appended), then buffers
    // for the tensors a PyPTO function returns (parameters it appended).
    if let Some((sig, slots, size_args)) = &pypto {
        let ints: Vec<Option<i64>> = args.iter().map(super::run_pypto::int_value).collect();
        let sizes = match sig.bind(&shapes, &ints) {
            Ok(s) => s,
            Err((i, e)) => return fail(&format!("argument {i}: {} {e}", raw[i])),
        };
        match super::run_pypto::size_values(size_args, &sizes) {
            Ok(v) => {
                shapes.extend(v.iter().map(|_| None));
                args.extend(v);
            }
            Err(e) => return fail(&e),
        }
        for (k, slot) in slots.iter().enumerate() {
            let Some(i) = *slot else { continue };
            if i < args.len() {
                continue;
            }
            match super::run_pypto::out_buffer(sig.results[k], &sizes) {
                Ok((v, shape)) => {
                    args.push(v);
                    shapes.push(Some(shape));
                }
                Err(e) => return fail(&format!("result {k}: {e}")),
            }
        }
        if args.len() != params.len() {
            return fail(&format!(
                "'@{entry}' was lowered to {} parameters, {} expected from its result_args",
                params.len(),
                args.len()
            ));
        }
    }
    let saves = match parse_indexed(&m, "save-arg", args.len()) {
        Ok(s) => s,
        Err(e) => return fail(&e),
    };
    let runs = m.get_one::<u32>("time").copied().unwrap_or(1).max(1);
    let mut times = Vec::with_capacity(runs as usize);
    let mut results = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        results = match executor.call(entry, &args) {
            Ok(r) => r,
            Err(RunError::Diagnostic(d)) => return report(&render(&[d])),
            Err(RunError::Message(e)) => return fail(&e),
        };
        times.push(start.elapsed());
    }
    // Pointer arguments are seen in their arrays' shapes again.
    for (arg, shape) in args.iter_mut().zip(&shapes) {
        if let (Value::MemRef(mem), Some(shape)) = (arg, shape) {
            mem.strides = pto_interp::value::row_major(shape);
            mem.sizes = shape.clone();
        }
    }
    // A PyPTO function's results: tensors from their buffers, scalars in order.
    if let Some((_, slots, _)) = &pypto {
        let mut scalars = std::mem::take(&mut results).into_iter();
        for slot in slots {
            match slot {
                Some(i) => results.push(args[*i].clone()),
                None => results.extend(scalars.next()),
            }
        }
    }
    if m.contains_id("time") {
        times.sort();
        eprintln!("median time of {runs} calls: {:?}", times[times.len() / 2]);
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
        if let Err(e) = std::fs::write(&path, bytes) {
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
            Executor::Compiled(e, sig) => e.call(entry, sig, args).map_err(RunError::Message),
        }
    }
}

fn report(rendered: &str) -> i32 {
    eprint!("{rendered}");
    1
}

/// The signature of the entry function: a `func.func`'s type, or an `llvm.func`'s
/// parameters and result (for inputs already lowered; memrefs are then unknown).
pub(crate) fn entry_signature<'c>(module: &Module<'c>, name: &str) -> Option<Signature<'c>> {
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

/// Whether every op is of the `llvm` dialect (or a `builtin.module`), so the file needs
/// no lowering.
pub(crate) fn is_llvm_dialect(body: &Body<'_>) -> bool {
    body.all_ops().into_iter().all(|op| {
        let name = body.op_name(op);
        (name.dialect() == "llvm" || name.as_str() == "builtin.module")
            && body.nested(op).is_none_or(is_llvm_dialect)
    })
}

/// Whether the file has ops or function parameters of the `pto` dialect.
pub(crate) fn has_pto(body: &Body<'_>) -> bool {
    body.all_ops().into_iter().any(|op| {
        body.op_name(op).dialect() == "pto"
            || body.nested(op).is_some_and(|n| {
                has_pto(n)
                    || n.root_regions().iter().any(|&r| {
                        n.entry_block(r).is_some_and(|b| {
                            n.block_args(b)
                                .iter()
                                .any(|&a| matches!(n.value_type(a).kind(), TypeKind::Dialect { def, .. } if def.dialect == "pto"))
                        })
                    })
            })
    })
}

/// Runs the registered passes `passes` on `module`; the rendered errors.
pub(crate) fn run_pipeline<'c>(
    ctx: &'c Context,
    module: &mut Module<'c>,
    srcmgr: &SourceMgr,
    passes: &str,
) -> Result<(), String> {
    let mut registry = PassRegistry::new();
    crate::opt::register_all_passes(&mut registry);
    let pipeline = format!("builtin.module({passes})");
    let pm = parse_pipeline(&pipeline, &registry)
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
        Ok(())
    } else {
        Err(out)
    }
}

fn fail(msg: &str) -> i32 {
    eprintln!("pto-run: error: {msg}");
    1
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
        TypeKind::Index | TypeKind::Integer { .. } => {
            let w = ty.int_width().unwrap_or(64);
            let v: i128 = text
                .parse()
                .map_err(|_| format!("'{text}' is not an integer"))?;
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
