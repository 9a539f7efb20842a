//! PyPTO benchmark (run by `scripts/bench.sh`, which puts the numbers in BENCHMARKS.md
//! next to numpy's from `scripts/bench_pypto_numpy.py`).
//!
//! - Compile time: each `examples/pypto/*.py` from its Python text to machine code, the
//!   median over `--runs` (after a warm-up) of each stage, in a fresh context: the
//!   Python import (`pto-translate --import-pypto`'s `import_pypto`) with verification;
//!   the stages of `pypto-to-llvm` (tensor ops to `pto`, then PTOAS's pipeline and the
//!   tiles' CPU loops, then `lower-to-llvm`); `Engine::new` at `-O2` (translation to
//!   LLVM IR, LLVM's `default<O2>`, MCJIT code generation). Whether the stages, run one
//!   after the other, give what the `pypto-to-llvm` pass gives is checked and reported.
//! - Run time: f32 matmul 1024x1024x1024 (`tensor.matmul`), softmax and layer norm of
//!   4096x1024, written as PyPTO programs here and compiled as `pto-run` compiles them
//!   (`pto_mlir::CompiledEntry`), on seeded random inputs: the median wall time of
//!   `--calls` calls after two warm-up calls, and the last call's result checked against
//!   a reference computed here in f64 (`|y - ref| <= atol + rtol * |ref|` for every
//!   element), so a fast wrong kernel is reported as wrong. The exit status is 1 when a
//!   check fails (the JSON is printed all the same).
//!
//! Prints one JSON object on stdout. `cargo bench --bench pypto -- --runs 3 --calls 5`
//! for a quick run; `--kernels matmul,softmax` or `--kernels none` for a subset.

use std::time::{Duration, Instant};

use pto_interp::value::{Buffer, MemRef};
use pto_interp::{Elem, Value};
use pto_ir::module::Module;
use pto_ir::printer::{print_module, PrintOptions};
use pto_ir::{Context, SourceFile, SourceMgr};
use pto_llvm::{host_vector_bits, Engine};
use pto_mlir::{CompiledEntry, PYPTO_PIPELINE};
use pto_pass::registry::{LoweringGoal, LoweringTarget};
use pto_pypto_python::import_pypto;

/// The lowering of the `upstream` dialects to the `llvm` dialect.
const LOWERING_PIPELINE: &str = "lower-to-llvm";

/// The `pto` lowering `pto-run` runs before it.
fn pto_pipeline() -> String {
    pto_tile::driver::lowering_pipeline(&LoweringTarget {
        goal: LoweringGoal::Compile,
        vector_bits: host_vector_bits(),
        entry: String::new(),
        args: Vec::new(),
    })
}

mod common;
use common::{context, median, micros, op_count, run_passes};

/// `pypto-to-llvm{vector-bits=N}`'s steps (crates/pypto/src/pypto_to_llvm.rs) as three
/// timed stages, for this machine's vector width `N`.
fn stages() -> [String; 3] {
    let bits = host_vector_bits();
    [
        PYPTO_PIPELINE.to_string(),
        format!(
            "ptoas{{enable-insert-sync=true}},convert-pto-to-loops{{vector-bits={bits}}},math-polynomial-approximation"
        ),
        LOWERING_PIPELINE.to_string(),
    ]
}

/// The optimization level of `Engine::new`, `pto-run`'s default.
const OPT_LEVEL: u8 = 2;

/// The module of a PyPTO program in Python form, verified.
fn import<'c>(ctx: &'c Context, text: &str, file: &str) -> Module<'c> {
    let module = import_pypto(ctx, text, file)
        .unwrap_or_else(|d| panic!("{file} does not import: {}", d.message));
    common::verify(ctx, &module, file);
    module
}

/// One compilation: the times of the import, the three stages and `Engine::new`.
fn compile_once(text: &str, file: &str) -> [Duration; 5] {
    let ctx = context();
    let mut t = [Duration::ZERO; 5];
    let start = Instant::now();
    let mut module = import(&ctx, text, file);
    t[0] = start.elapsed();
    for (i, stage) in stages().iter().enumerate() {
        let start = Instant::now();
        run_passes(&ctx, &mut module, stage);
        t[i + 1] = start.elapsed();
    }
    let start = Instant::now();
    let engine = Engine::new(&ctx, &module, OPT_LEVEL).expect("compiles");
    t[4] = start.elapsed();
    assert!(!engine.function_names().is_empty());
    t
}

/// The op counts after the import and after the lowering, and whether the stages give
/// the module `pypto-to-llvm` gives.
fn lowering_facts(text: &str, file: &str) -> (usize, usize, bool) {
    let ctx = context();
    let mut staged = import(&ctx, text, file);
    let imported = op_count(&staged.body);
    for stage in stages() {
        run_passes(&ctx, &mut staged, &stage);
    }
    let mut whole = import(&ctx, text, file);
    let pipeline = format!("pypto-to-llvm{{vector-bits={}}}", host_vector_bits());
    run_passes(&ctx, &mut whole, &pipeline);
    let opts = PrintOptions::default();
    let same = print_module(&staged, &opts) == print_module(&whole, &opts);
    (imported, op_count(&staged.body), same)
}

fn example_json(path: &std::path::Path, runs: usize) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let name = path.file_name().expect("a file").to_string_lossy();
    let file = format!("examples/pypto/{name}");
    // Warm up (page in LLVM's code, initialize its targets).
    compile_once(&text, &file);
    let mut stages: [Vec<f64>; 5] = Default::default();
    let mut totals = Vec::with_capacity(runs);
    for _ in 0..runs {
        let t = compile_once(&text, &file);
        for (s, d) in stages.iter_mut().zip(t) {
            s.push(micros(d));
        }
        totals.push(t.iter().map(|&d| micros(d)).sum());
    }
    let (ops, llvm_ops, same) = lowering_facts(&text, &file);
    let [import, to_pto, ptoas, to_llvm, jit] = stages.map(median);
    format!(
        "{{\"file\": \"{file}\", \"ops\": {ops}, \"llvm_ops\": {llvm_ops}, \
         \"stages_match_pypto_to_llvm\": {same}, \"import_us\": {import:.1}, \
         \"to_pto_us\": {to_pto:.1}, \"ptoas_us\": {ptoas:.1}, \"to_llvm_us\": {to_llvm:.1}, \
         \"jit_us\": {jit:.1}, \"total_us\": {:.1}, \"min_total_us\": {:.1}}}",
        median(totals.clone()),
        totals.iter().cloned().fold(f64::INFINITY, f64::min),
    )
}

/// Seeded normally distributed f32s (splitmix64, Box-Muller): the same on every run.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in (0, 1].
    fn unit(&mut self) -> f64 {
        ((self.next_u64() >> 11) + 1) as f64 / (1u64 << 53) as f64
    }
    fn normal(&mut self, n: usize, scale: f64, shift: f64) -> Vec<f32> {
        (0..n)
            .map(|_| {
                let r = (-2.0 * self.unit().ln()).sqrt();
                let z = r * (std::f64::consts::TAU * self.unit()).cos();
                (z * scale + shift) as f32
            })
            .collect()
    }
}

/// Makes a kernel's program, inputs and reference from a seeded generator.
type MakeKernel = fn(&mut Rng) -> Kernel;

/// A kernel of the run-time part.
struct Kernel {
    name: &'static str,
    /// As shown in the report.
    shape: String,
    /// The PyPTO program.
    program: String,
    /// Input shapes and data.
    inputs: Vec<(Vec<i64>, Vec<f32>)>,
    /// The result computed in f64.
    reference: Vec<f64>,
    rtol: f64,
    atol: f64,
    /// Floating-point operations of one call, for GFLOP/s (matmul).
    flop: Option<f64>,
}

/// A PyPTO program of one InCore function `name` with parameters `params`, returning
/// `result`, whose body is `lines` (the last one returns).
fn program(name: &str, params: &str, result: &str, lines: &[&str]) -> String {
    let mut text = format!(
        "# pypto.program: {name}\nimport pypto.language as pl\n\n\
         @pl.function(type=pl.FunctionType.InCore)\n\
         def {name}({params}) -> {result}:\n"
    );
    for line in lines {
        text.push_str(&format!("    {line}\n"));
    }
    text
}

/// A kernel over the rows of `x: [rows, cols]` (softmax, layer norm): the program's
/// body `lines`, the reference row by row from `reference_row`, the tolerance `(rtol, atol)`.
fn row_kernel(
    name: &'static str,
    rows: usize,
    cols: usize,
    lines: &[&str],
    x: Vec<f32>,
    reference_row: impl Fn(&[f32]) -> Vec<f64>,
    (rtol, atol): (f64, f64),
) -> Kernel {
    let ty = format!("pl.Tensor[[{rows}, {cols}], pl.FP32]");
    Kernel {
        name,
        shape: format!("{rows}x{cols}"),
        program: program(name, &format!("x: {ty}"), &ty, lines),
        reference: x.chunks(cols).flat_map(reference_row).collect(),
        inputs: vec![(vec![rows as i64, cols as i64], x)],
        rtol,
        atol,
        flop: None,
    }
}

fn softmax(rows: usize, cols: usize, rng: &mut Rng) -> Kernel {
    let lines = [
        "m = pl.tensor.row_max(x)",
        "e = pl.tensor.exp(pl.tensor.sub(x, m))",
        "s = pl.tensor.row_sum(e)",
        "y = pl.tensor.div(e, s)",
        "return y",
    ];
    let reference_row = |row: &[f32]| {
        let m = row
            .iter()
            .fold(f64::NEG_INFINITY, |m, &v| m.max(f64::from(v)));
        let e: Vec<f64> = row.iter().map(|&v| (f64::from(v) - m).exp()).collect();
        let s: f64 = e.iter().sum();
        e.iter().map(|v| v / s).collect()
    };
    // A row sum of 1024 f32s is within 1024 * 2^-24 = 6e-5 (relative) of the exact one,
    // which the division passes on to every element; the outputs go down to ~1e-13
    // (inputs of scale 4), where atol takes over.
    let x = rng.normal(rows * cols, 4.0, 0.0);
    row_kernel(
        "softmax",
        rows,
        cols,
        &lines,
        x,
        reference_row,
        (1e-4, 1e-9),
    )
}

fn layernorm(rows: usize, cols: usize, rng: &mut Rng) -> Kernel {
    // 1/cols, exact in binary and printed exactly (cols is a power of two).
    assert!(cols.is_power_of_two());
    let inv = 1.0 / cols as f64;
    let (mean, var) = (
        format!("mean = pl.tensor.mul(pl.tensor.row_sum(x), {inv:?})"),
        format!("var = pl.tensor.mul(pl.tensor.row_sum(pl.tensor.mul(xc, xc)), {inv:?})"),
    );
    let lines = [
        mean.as_str(),
        "xc = pl.tensor.sub(x, mean)",
        var.as_str(),
        "rstd = pl.tensor.rsqrt(pl.tensor.add(var, 0.00001))",
        "y = pl.tensor.mul(xc, rstd)",
        "return y",
    ];
    let reference_row = |row: &[f32]| {
        let mean = row.iter().map(|&v| f64::from(v)).sum::<f64>() * inv;
        let var = row
            .iter()
            .map(|&v| (f64::from(v) - mean).powi(2))
            .sum::<f64>()
            * inv;
        let rstd = 1.0 / (var + 1e-5).sqrt();
        row.iter().map(|&v| (f64::from(v) - mean) * rstd).collect()
    };
    let x = rng.normal(rows * cols, 3.0, 1.0);
    row_kernel(
        "layernorm",
        rows,
        cols,
        &lines,
        x,
        reference_row,
        (1e-4, 1e-5),
    )
}

fn matmul(m: usize, k: usize, n: usize, rng: &mut Rng) -> Kernel {
    let params = format!("a: pl.Tensor[[{m}, {k}], pl.FP32], b: pl.Tensor[[{k}, {n}], pl.FP32]");
    let result = format!("pl.Tensor[[{m}, {n}], pl.FP32]");
    let lines = ["c = pl.tensor.matmul(a, b)", "return c"];
    let a = rng.normal(m * k, 1.0, 0.0);
    let b = rng.normal(k * n, 1.0, 0.0);
    let b64: Vec<f64> = b.iter().map(|&v| f64::from(v)).collect();
    let mut reference = vec![0f64; m * n];
    for (i, c) in reference.chunks_mut(n).enumerate() {
        for (kk, brow) in b64.chunks(n).enumerate() {
            let aik = f64::from(a[i * k + kk]);
            for (cj, bj) in c.iter_mut().zip(brow) {
                *cj += aik * bj;
            }
        }
    }
    Kernel {
        name: "matmul",
        shape: format!("{m}x{k}x{n}"),
        program: program("matmul", &params, &result, &lines),
        inputs: vec![(vec![m as i64, k as i64], a), (vec![k as i64, n as i64], b)],
        reference,
        // Entries have a standard deviation of sqrt(k) = 32; f32 sums of k products.
        rtol: 1e-4,
        atol: 1e-3,
        flop: Some(2.0 * (m * k * n) as f64),
    }
}

/// Compiles and times `kernel`; its JSON and whether its result was right.
fn kernel_json(kernel: &Kernel, calls: usize) -> (String, bool) {
    let file = format!("{}.py", kernel.name);
    let ctx = context();
    let mut srcmgr = SourceMgr::new();
    srcmgr.add(SourceFile {
        name: file.clone(),
        text: kernel.program.clone().into(),
        first_line: 1,
    });
    let start = Instant::now();
    let mut module = import(&ctx, &kernel.program, &file);
    let compiled = CompiledEntry::compile(&ctx, &mut module, &srcmgr, kernel.name, OPT_LEVEL)
        .unwrap_or_else(|e| panic!("{} does not compile:\n{e}", kernel.name));
    let compile_ms = start.elapsed().as_secs_f64() * 1e3;
    let inputs = kernel
        .inputs
        .iter()
        .map(|(shape, data)| {
            Value::MemRef(MemRef::from_buffer(
                Buffer::from_f32s(data),
                Elem::F32,
                shape,
            ))
        })
        .collect();
    let args = compiled.arguments(inputs).expect("arguments");
    let call = || {
        compiled
            .call(&args)
            .unwrap_or_else(|e| panic!("{}: {e}", kernel.name))
    };
    for _ in 0..2 {
        call();
    }
    let mut times = Vec::with_capacity(calls);
    let mut results = Vec::new();
    for _ in 0..calls {
        let start = Instant::now();
        results = call();
        times.push(start.elapsed().as_secs_f64() * 1e3);
    }
    let result = results
        .first()
        .and_then(Value::as_memref)
        .expect("a tensor result");
    assert_eq!(
        result.elem,
        Elem::F32,
        "{}: the result is not f32",
        kernel.name
    );
    let y = result.to_buffer().expect("the result's elements").f32s();
    let (max_abs, worst, bad) = check(&y, &kernel.reference, kernel.rtol, kernel.atol);
    let ok = bad == 0;
    let (min, max) = times
        .iter()
        .fold((f64::INFINITY, 0f64), |(lo, hi), &t| (lo.min(t), hi.max(t)));
    let med = median(times);
    let gflops = kernel.flop.map_or("null".to_string(), |f| {
        format!("{:.2}", f / (med * 1e-3) / 1e9)
    });
    let json = format!(
        "{{\"name\": \"{}\", \"shape\": \"{}\", \"calls\": {calls}, \"median_ms\": {med:.3}, \
         \"min_ms\": {min:.3}, \"max_ms\": {max:.3}, \"gflops\": {gflops}, \
         \"compile_ms\": {compile_ms:.1}, \"check\": {{\"ok\": {ok}, \"rtol\": {:e}, \
         \"atol\": {:e}, \"max_abs_err\": {max_abs:e}, \"max_err_over_tol\": {worst:.4}, \
         \"bad_elements\": {bad}, \"elements\": {}}}}}",
        kernel.name,
        kernel.shape,
        kernel.rtol,
        kernel.atol,
        kernel.reference.len(),
    );
    (json, ok)
}

/// Compares `y` with `reference`: the largest absolute error, the largest error as a
/// fraction of its tolerance `atol + rtol * |ref|`, and the elements beyond it (NaNs
/// and a length mismatch count as beyond).
fn check(y: &[f32], reference: &[f64], rtol: f64, atol: f64) -> (f64, f64, usize) {
    let mut bad = y.len().abs_diff(reference.len());
    let (mut max_abs, mut worst) = (0f64, 0f64);
    for (&v, &r) in y.iter().zip(reference) {
        let err = (f64::from(v) - r).abs();
        let ratio = err / (atol + rtol * r.abs());
        if ratio.is_nan() || ratio > 1.0 {
            bad += 1;
        }
        max_abs = max_abs.max(err);
        worst = worst.max(ratio);
    }
    (max_abs, worst, bad)
}

fn main() {
    let (mut runs, mut calls) = (10usize, 20usize);
    let mut only: Option<Vec<String>> = None;
    let mut args = std::env::args().skip(1);
    let positive = |v: Option<String>, flag: &str| {
        v.and_then(|v| v.parse().ok())
            .filter(|&n: &usize| n > 0)
            .unwrap_or_else(|| panic!("{flag} takes a positive number"))
    };
    while let Some(a) = args.next() {
        match a.as_str() {
            "--runs" => runs = positive(args.next(), "--runs"),
            "--calls" => calls = positive(args.next(), "--calls"),
            "--kernels" => {
                let list = args.next().expect("--kernels takes a list");
                only = Some(list.split(',').map(str::to_string).collect());
            }
            // What cargo bench passes to every bench target.
            "--bench" => {}
            other => panic!("unknown argument {other} (takes --runs N, --calls N, --kernels a,b)"),
        }
    }
    let dir =
        std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("examples/pypto");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir:?}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .collect();
    files.sort();
    let examples: Vec<String> = files.iter().map(|p| example_json(p, runs)).collect();

    let wanted = |name: &str| only.as_ref().is_none_or(|o| o.iter().any(|k| k == name));
    let makers: [(&str, MakeKernel); 3] = [
        ("matmul", |r| matmul(1024, 1024, 1024, r)),
        ("softmax", |r| softmax(4096, 1024, r)),
        ("layernorm", |r| layernorm(4096, 1024, r)),
    ];
    let mut all_ok = true;
    let mut kernels = Vec::new();
    for (seed, (name, make)) in (20_261_122..).zip(makers) {
        if wanted(name) {
            // A seed per kernel: its inputs do not depend on which others run.
            let (json, ok) = kernel_json(&make(&mut Rng(seed)), calls);
            all_ok &= ok;
            kernels.push(json);
        }
    }
    println!(
        "{{\"runs\": {runs}, \"opt_level\": {OPT_LEVEL}, \"stages\": [{}], \"examples\": [{}], \
         \"run_pipeline\": \"{PYPTO_PIPELINE},{},{LOWERING_PIPELINE}\", \
         \"kernels\": [{}]}}",
        stages()
            .iter()
            .map(|s| format!("\"{s}\""))
            .collect::<Vec<_>>()
            .join(", "),
        examples.join(", "),
        pto_pipeline(),
        kernels.join(", ")
    );
    if !all_ok {
        std::process::exit(1);
    }
}
