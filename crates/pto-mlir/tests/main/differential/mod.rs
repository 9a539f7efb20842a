//! Differential testing of the JIT against the reference interpreter: random,
//! well-defined `func`/`arith`/`math`/`scf`/`memref`/`vector` functions ([`gen`]) are
//! interpreted and, lowered by `lower-to-llvm` and compiled by the [`Engine`], run on
//! the same random arguments; integers must agree bit for bit and floats exactly (NaN with NaN: LLVM
//! leaves NaN payloads unspecified, and the programs never make them observable).
//!
//! Exact float agreement holds with LLVM's optimizer on: the lowering puts no fast-math
//! flags on the arith ops, so LLVM may neither contract `a * b + c` nor reassociate, and
//! x86-64 computes f32/f64 in SSE registers without excess precision. Modules alternate
//! between `-O2` (optimized) and `-O0` (plain code generation).
//!
//! Knobs: `PTO_DIFF_SEED` (first program's seed; program `k` has seed `SEED + k`),
//! `PTO_DIFF_PROGRAMS` (how many). A failure prints the program, its seed, the
//! arguments and both results; `PTO_DIFF_SEED=<seed> PTO_DIFF_PROGRAMS=1` reruns it.

mod gen;
mod regressions;
mod values;

use pto_interp::{Interpreter, Value};
use pto_ir::Context;
use pto_llvm::{Engine, Signature};
use pto_parser::{parse_source, parse_type_str, ParseOptions};
use pto_pass::{parse_pipeline, PassRegistry, RunOptions};

use gen::FnGen;
use values::{interesting_float, interesting_int, Rng, Ty};

/// Functions compiled together (one LLVM module, one JIT).
const PER_MODULE: usize = 25;
/// Argument sets each function is called with.
const CALLS: usize = 3;
/// Ops per function (before nested regions).
const SIZE: usize = 24;

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn argument(rng: &mut Rng, ty: Ty) -> Value {
    match ty {
        Ty::F32 => Value::F32(f32::from_bits(interesting_float(rng, ty) as u32)),
        Ty::F64 => Value::F64(f64::from_bits(interesting_float(rng, ty))),
        Ty::I1 => Value::int(i128::from(rng.chance(50)), 1),
        t => Value::int(i128::from(interesting_int(rng, t.width())), t.width()),
    }
}

/// Bitwise equality, except that any NaN equals any NaN.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Int { bits: x, width: w }, Value::Int { bits: y, width: v }) => x == y && w == v,
        (Value::F32(x), Value::F32(y)) => x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()),
        (Value::F64(x), Value::F64(y)) => x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()),
        _ => false,
    }
}

fn show(v: &Value) -> String {
    match v {
        Value::F32(x) => format!("{x:e} (0x{:08x})", x.to_bits()),
        Value::F64(x) => format!("{x:e} (0x{:016x})", x.to_bits()),
        other => other.to_string(),
    }
}

fn show_all(vs: &[Value]) -> String {
    vs.iter().map(show).collect::<Vec<_>>().join(", ")
}

/// One generated function.
struct Program {
    seed: u64,
    name: String,
    text: String,
    signature: String,
}

fn generate(seed: u64) -> Program {
    let mut rng = Rng::new(seed);
    let name = format!("f{seed}");
    let (text, results) = FnGen::new(&mut rng).function(&name, SIZE);
    let params: Vec<&str> = gen::params().iter().map(|t| t.text()).collect();
    let results: Vec<&str> = results.iter().map(|t| t.text()).collect();
    let signature = format!("({}) -> ({})", params.join(", "), results.join(", "));
    Program {
        seed,
        name,
        text,
        signature,
    }
}

fn lower<'c>(ctx: &'c Context, module: &mut pto_ir::module::Module<'c>) -> Result<(), String> {
    let mut registry = PassRegistry::new();
    pto_mlir::register_all_passes(&mut registry);
    let pm =
        parse_pipeline("builtin.module(lower-to-llvm)", &registry).map_err(|e| format!("{e:?}"))?;
    let run = pm.run_on_module(ctx, module, &RunOptions::default(), None);
    if run.success {
        Ok(())
    } else {
        Err(format!("{:?}", run.events))
    }
}

fn run_module(ctx: &Context, programs: &[Program], opt_level: u8) {
    let text: String = programs
        .iter()
        .map(|p| p.text.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    let fail = |what: &str, detail: &str| -> ! {
        panic!(
            "{what}: {detail}\nseeds {}..={}, first program:\n{}",
            programs[0].seed,
            programs[programs.len() - 1].seed,
            programs[0].text
        )
    };
    let source = parse_source(ctx, &text, "differential.mlir", &ParseOptions::default())
        .unwrap_or_else(|e| fail("generated module does not parse", &e.message));
    let mut lowered = parse_source(ctx, &text, "differential.mlir", &ParseOptions::default())
        .unwrap_or_else(|e| fail("generated module does not parse", &e.message));
    lower(ctx, &mut lowered).unwrap_or_else(|e| fail("lower-to-llvm failed", &e));
    let engine = Engine::new(ctx, &lowered, opt_level)
        .unwrap_or_else(|e| fail("the JIT failed", &e.to_string()));
    let interp = Interpreter::new(ctx, &source.body);
    for p in programs {
        let sig = Signature::of_function_type(parse_type_str(ctx, &p.signature).expect("type"))
            .expect("function type");
        let mut rng = Rng::new(p.seed ^ 0xa5a5_a5a5);
        for call in 0..CALLS {
            let args: Vec<Value> = gen::params()
                .iter()
                .map(|&t| argument(&mut rng, t))
                .collect();
            let context = || {
                format!(
                    "program seed {} (rerun: PTO_DIFF_SEED={} PTO_DIFF_PROGRAMS=1), call {call}, -O{opt_level}\n\
                     arguments: {}\n{}",
                    p.seed,
                    p.seed,
                    show_all(&args),
                    p.text
                )
            };
            let expected = interp.call(&p.name, &args).unwrap_or_else(|d| {
                panic!(
                    "the interpreter failed (a generator bug: programs must be defined): {}\n{}",
                    d.message,
                    context()
                )
            });
            let got = engine
                .call(&p.name, &sig, &args)
                .unwrap_or_else(|e| panic!("the compiled call failed: {e}\n{}", context()));
            let agree =
                expected.len() == got.len() && expected.iter().zip(&got).all(|(a, b)| same(a, b));
            assert!(
                agree,
                "JIT and interpreter disagree\ninterpreter: {}\ncompiled:    {}\n{}",
                show_all(&expected),
                show_all(&got),
                context()
            );
        }
    }
}

#[test]
fn compiled_programs_agree_with_the_interpreter() {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    let first = env_u64("PTO_DIFF_SEED", 20_261_123);
    let count = env_u64("PTO_DIFF_PROGRAMS", 300);
    let programs: Vec<Program> = (0..count).map(|k| generate(first + k)).collect();
    for (i, chunk) in programs.chunks(PER_MODULE).enumerate() {
        run_module(&ctx, chunk, if i % 2 == 0 { 2 } else { 0 });
    }
}

#[test]
fn generated_programs_are_reproducible() {
    // The same seed gives the same program (failures can be rerun from their seed).
    let (a, b) = (generate(7), generate(7));
    assert_eq!(a.text, b.text);
    assert_ne!(a.text, generate(8).text);
}

#[test]
fn generated_programs_cover_every_kind_of_statement() {
    // The default run's programs, together, hold every kind of op the generator makes
    // (a change of weights that drops one would silently stop testing it).
    let first = 20_261_123;
    let text: String = (0..300).map(|k| generate(first + k).text).collect();
    for op in [
        "arith.addui_extended",
        "arith.divsi",
        "arith.fptosi",
        "math.fma",
        "arith.cmpf",
        "arith.bitcast",
        "memref.alloca",
        "memref.view",
        "scf.if",
        "scf.for",
        "scf.while",
        "vector.from_elements",
        "vector.shuffle",
        "vector.extract_strided_slice",
        "vector.insert_strided_slice",
        "vector.to_elements",
        "x2xf64>",
    ] {
        assert!(text.contains(op), "no `{op}` in the generated programs");
    }
}
