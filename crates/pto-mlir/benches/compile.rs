//! Compilation benchmark (run by `scripts/bench.sh`, which puts the numbers in
//! BENCHMARKS.md): how long it takes from `func`/`scf` text to callable machine code,
//! and what a call into the JIT costs.
//!
//! - For each kernel of `lit-tests/run` (and the `approx` kernels after
//!   `math-polynomial-approximation`): the median over `--runs` of parse + verify,
//!   `lower-to-llvm`, and `Engine::new` (translation to LLVM IR, LLVM's `default<O2>`
//!   pipeline, MCJIT code generation), each measured, in a fresh context; plus the
//!   median total at `-O0`.
//! - The cost of one call of a trivial `(i64) -> i64` function: through `Engine::call`
//!   (values marshalled by the signature) and through `Engine::invoke_packed` (raw
//!   pointers), as the median over repetitions of the mean of a batch of calls.
//!
//! Prints one JSON object on stdout. `cargo bench --bench compile -- --runs 5` for a
//! quick run.

use std::ffi::c_void;
use std::time::{Duration, Instant};

use pto_interp::Value;
use pto_ir::Context;
use pto_llvm::{Engine, Signature};
use pto_parser::{parse_source, parse_type_str, Module, ParseOptions};

mod common;
use common::{context, median, micros};

/// The kernels: (name, file under lit-tests/run, passes before `lower-to-llvm`).
const KERNELS: &[(&str, &str, &str)] = &[
    ("matmul", "matmul.mlir", ""),
    ("softmax", "softmax.mlir", ""),
    ("reduce", "reduce.mlir", ""),
    ("approx", "approx.mlir", "math-polynomial-approximation,"),
];

fn parse<'c>(ctx: &'c Context, text: &str) -> Module<'c> {
    let module = parse_source(ctx, text, "kernel.mlir", &ParseOptions::default())
        .unwrap_or_else(|d| panic!("kernel does not parse: {}", d.message));
    common::verify(ctx, &module, "kernel");
    module
}

fn run_passes<'c>(ctx: &'c Context, module: &mut Module<'c>, passes: &str) {
    common::run_passes(ctx, module, &format!("{passes}lower-to-llvm"));
}

/// One compilation: the times of parsing (+ verification), lowering and `Engine::new`.
fn compile_once(text: &str, passes: &str, opt_level: u8) -> [Duration; 3] {
    let ctx = context();
    let t0 = Instant::now();
    let mut module = parse(&ctx, text);
    let t1 = Instant::now();
    run_passes(&ctx, &mut module, passes);
    let t2 = Instant::now();
    let engine = Engine::new(&ctx, &module, opt_level).expect("compiles");
    let t3 = Instant::now();
    assert!(!engine.function_names().is_empty());
    [t1 - t0, t2 - t1, t3 - t2]
}

/// Ops in the module (all nested ops), for scale.
fn op_count(text: &str) -> usize {
    let ctx = context();
    let module = parse(&ctx, text);
    common::op_count(&module.body)
}

fn kernel_json(name: &str, file: &str, passes: &str, runs: usize) -> String {
    let path = format!("{}/../../lit-tests/run/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    // Warm up (page in LLVM's code, initialize its targets).
    compile_once(&text, passes, 2);
    let mut stages: [Vec<f64>; 3] = Default::default();
    let mut totals = Vec::new();
    for _ in 0..runs {
        let t = compile_once(&text, passes, 2);
        for (s, d) in stages.iter_mut().zip(t) {
            s.push(micros(d));
        }
        totals.push(t.iter().map(|&d| micros(d)).sum());
    }
    let totals_o0: Vec<f64> = (0..runs)
        .map(|_| {
            compile_once(&text, passes, 0)
                .iter()
                .map(|&d| micros(d))
                .sum()
        })
        .collect();
    let [parse, lower, jit] = stages.map(median);
    format!(
        "{{\"name\": \"{name}\", \"file\": \"lit-tests/run/{file}\", \"passes\": \"{}lower-to-llvm\", \
         \"ops\": {}, \"parse_us\": {parse:.1}, \"lower_us\": {lower:.1}, \"jit_us\": {jit:.1}, \
         \"total_us\": {:.1}, \"total_o0_us\": {:.1}, \"min_total_us\": {:.1}}}",
        passes,
        op_count(&text),
        median(totals.clone()),
        median(totals_o0),
        totals.iter().cloned().fold(f64::INFINITY, f64::min),
    )
}

const TRIVIAL: &str = r#"
func.func @id(%x: i64) -> i64 {
  return %x : i64
}
"#;

/// Median over `reps` of the mean time (ns) of `batch` calls of `call`.
fn per_call_ns(reps: usize, batch: usize, mut call: impl FnMut()) -> f64 {
    for _ in 0..batch {
        call();
    }
    let means: Vec<f64> = (0..reps)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..batch {
                call();
            }
            t.elapsed().as_secs_f64() * 1e9 / batch as f64
        })
        .collect();
    median(means)
}

fn calls_json(reps: usize) -> String {
    let ctx = context();
    let mut module = parse(&ctx, TRIVIAL);
    run_passes(&ctx, &mut module, "");
    let engine = Engine::new(&ctx, &module, 2).expect("compiles");
    let sig = Signature::of_function_type(parse_type_str(&ctx, "(i64) -> i64").expect("type"))
        .expect("function type");
    let batch = 20_000;
    let mut n = 0i64;
    let typed = per_call_ns(reps, batch, || {
        n += 1;
        let r = engine
            .call("id", &sig, &[Value::int(i128::from(n), 64)])
            .expect("call");
        assert_eq!(r[0].sext(), i128::from(n));
    });
    let (mut x, mut r) = (0i64, 0i64);
    let packed = per_call_ns(reps, batch, || {
        x += 1;
        let mut args: [*mut c_void; 2] = [(&mut x as *mut i64).cast(), (&mut r as *mut i64).cast()];
        // SAFETY: @id(i64) -> i64 takes a pointer to an i64 argument and one to i64
        // storage for the result; both live across the call.
        unsafe { engine.invoke_packed("id", &mut args) }.expect("call");
        assert_eq!(r, x);
    });
    format!(
        "{{\"function\": \"@id(i64) -> i64\", \"batch\": {batch}, \"reps\": {reps}, \
         \"engine_call_ns\": {typed:.1}, \"invoke_packed_ns\": {packed:.1}}}"
    )
}

fn main() {
    let mut runs = 25usize;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--runs" => {
                runs = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .filter(|&n| n > 0)
                    .expect("--runs takes a positive number");
            }
            // What cargo bench passes to every bench target.
            "--bench" => {}
            other => panic!("unknown argument {other} (takes --runs N)"),
        }
    }
    let kernels: Vec<String> = KERNELS
        .iter()
        .map(|&(name, file, passes)| kernel_json(name, file, passes, runs))
        .collect();
    println!(
        "{{\"runs\": {runs}, \"opt_level\": 2, \"kernels\": [{}], \"calls\": {}}}",
        kernels.join(", "),
        calls_json(15)
    );
}
