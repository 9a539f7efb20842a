//! Bad input never panics: the lit suite's inputs, mutated at random (a seeded
//! generator, so a run is reproducible), are parsed, verified and printed with every
//! dialect registered, and those that verify go through the core transforms, the pto
//! passes and the lowering to LLVM; the PyPTO programs in Python form, mutated the same
//! way, are imported, verified, exported and lowered to `pto`. Each must end as IR or as
//! located diagnostics. The test
//! runs a fixed number of mutants; `PTO_MUTANTS=N` runs more (and `PTO_MUTANT_SEED`
//! another seed) when hunting.

use std::panic::{catch_unwind, AssertUnwindSafe};

use pto_ir::{verifier, Context};
use pto_parser::parse_source;
use pto_pass::{parse_pipeline, PassRegistry, RunOptions};

/// xorshift64*: small, seeded, good enough to pick mutations.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// The texts of the files under `dirs` (relative to the crate) whose extension is one
/// of `exts`, in path order (lit's `Output` folders left out).
fn files_under(dirs: &[&str], exts: &[&str]) -> Vec<String> {
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let mut paths = Vec::new();
    let mut dirs: Vec<_> = dirs.iter().map(|d| root.join(d)).collect();
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                if !p.ends_with("Output") {
                    dirs.push(p);
                }
            } else if p.extension().is_some_and(|x| exts.iter().any(|e| x == *e)) {
                paths.push(p);
            }
        }
    }
    paths.sort();
    paths
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap_or_default())
        .collect()
}

/// The chunks (`// -----` split) of every `.mlir` and `.pto` file under `lit-tests`.
fn corpus() -> Vec<String> {
    files_under(&["lit-tests"], &["mlir", "pto"])
        .iter()
        .flat_map(|t| t.split("// -----").map(str::to_string))
        .collect()
}

/// Pieces of MLIR syntax a mutation inserts.
const TOKENS: &[&str] = &[
    "<",
    ">",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "=",
    "%",
    "@",
    "^",
    "!",
    "#",
    "\"",
    "?",
    "x",
    "-",
    "0",
    "-1",
    "9999999999999999999999",
    "0x",
    "1.5e400",
    "index",
    "i0",
    "f16",
    "?x",
    "<>",
    "()",
    "{}",
    "->",
    "%0",
    "^bb0",
    "loc(",
    "dense<",
    "array<i64:",
    "#map",
    "affine_map<(d0) -> (d0)>",
    "memref<",
    "vector<",
    "tensor<",
    "!pto.tile_buf<",
    "\n",
];

fn mutate(src: &str, rng: &mut Rng) -> String {
    let mut s: Vec<u8> = src.as_bytes().to_vec();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(s.len() + 1);
        match rng.below(4) {
            0 => {
                let end = (at + 1 + rng.below(8)).min(s.len());
                s.drain(at.min(end)..end);
            }
            1 => {
                let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
                s.splice(at..at, t.iter().copied());
            }
            2 if !s.is_empty() => {
                // Duplicate a short run elsewhere.
                let from = rng.below(s.len());
                let end = (from + 1 + rng.below(12)).min(s.len());
                let run: Vec<u8> = s[from..end].to_vec();
                s.splice(at..at, run);
            }
            _ => {
                if at < s.len() {
                    let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
                    s[at] = t[0];
                }
            }
        }
    }
    String::from_utf8_lossy(&s).into_owned()
}

/// Pipelines run on every mutant that verifies (each on a fresh parse).
const PIPELINES: &[&str] = &[
    "builtin.module(canonicalize,cse)",
    "builtin.module(sccp,symbol-dce,inline,loop-invariant-code-motion,control-flow-sink,remove-dead-values)",
    "builtin.module(pto-plan-memory,pto-insert-sync,pto-verify-sync,convert-pto-to-loops)",
    "builtin.module(lower-to-llvm)",
    "builtin.module(func.func(pypto-convert-to-ssa),pypto-materialize-dims,pypto-tensor-to-block,pypto-block-to-pto)",
];

/// Parses, verifies and prints `text`, then runs `PIPELINES` on it; the outcome does
/// not matter, only that it ends.
fn exercise(text: &str, registry: &PassRegistry) {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    ctx.register_dialect(&pto_mlir::test_dialect::DIALECT);
    ctx.set_allow_unregistered_dialects(true);
    let Ok(m) = parse_source(&ctx, text, "mutant.mlir", &Default::default()) else {
        return;
    };
    for op in m.body.block_ops(m.block) {
        if verifier::verify(&ctx, &m.body, op).is_err() {
            return;
        }
    }
    for pipeline in PIPELINES {
        let pm = parse_pipeline(pipeline, registry).expect("pipeline");
        let mut m =
            parse_source(&ctx, text, "mutant.mlir", &Default::default()).expect("parsed before");
        let _ = pm.run_on_module(&ctx, &mut m, &RunOptions::default(), None);
    }
    let _ = pto_ir::printer::print_module(&m, &Default::default());
    let generic = pto_ir::printer::PrintOptions {
        generic: true,
        ..Default::default()
    };
    let _ = pto_ir::printer::print_module(&m, &generic);
}

/// Runs `exercise` on mutants of `corpus` (`default` of them unless `PTO_MUTANTS`
/// says, from `seed` unless `PTO_MUTANT_SEED` says) and fails naming the first few
/// that panicked.
fn run_mutants(
    corpus: &[String],
    default: usize,
    seed: u64,
    exercise: impl Fn(&str, &PassRegistry),
) {
    let count: usize = std::env::var("PTO_MUTANTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default);
    let seed: u64 = std::env::var("PTO_MUTANT_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(seed);
    let mut rng = Rng(seed | 1);
    let mut registry = PassRegistry::new();
    pto_mlir::register_all_passes(&mut registry);
    // Panics are caught and reported with their input; keep the default hook quiet.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut failures = Vec::new();
    for i in 0..count {
        let src = &corpus[rng.below(corpus.len())];
        let mutant = mutate(src, &mut rng);
        if catch_unwind(AssertUnwindSafe(|| exercise(&mutant, &registry))).is_err() {
            failures.push((i, mutant));
            if failures.len() >= 5 {
                break;
            }
        }
    }
    std::panic::set_hook(hook);
    for (i, m) in &failures {
        eprintln!("---- mutant {i} panicked:\n{m}\n");
    }
    assert!(failures.is_empty(), "{} mutants panicked", failures.len());
}

#[test]
fn mutated_inputs_never_panic() {
    let chunks = corpus();
    assert!(chunks.len() > 100, "the lit corpus was not found");
    run_mutants(&chunks, 3000, 0x5eed_1234, exercise);
}

/// The `.py` PyPTO programs of `examples/pypto` and `lit-tests`.
fn python_corpus() -> Vec<String> {
    files_under(&["examples/pypto", "lit-tests"], &["py"])
}

/// Imports a mutated PyPTO program; what imports is verified, lowered to `pto` and
/// exported back to Python.
fn exercise_python(text: &str, registry: &PassRegistry) {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    let Ok(m) = pto_pypto_python::import_pypto(&ctx, text, "mutant.py") else {
        return;
    };
    for op in m.body.block_ops(m.block) {
        if verifier::verify(&ctx, &m.body, op).is_err() {
            return;
        }
    }
    let _ = pto_pypto_python::export_pypto(&ctx, &m, "pl");
    let pipeline = format!("builtin.module({})", pto_mlir::PYPTO_PIPELINE);
    let pm = parse_pipeline(&pipeline, registry).expect("pipeline");
    let mut m = m;
    let _ = pm.run_on_module(&ctx, &mut m, &RunOptions::default(), None);
}

#[test]
fn mutated_python_never_panics() {
    let texts = python_corpus();
    assert!(texts.len() > 10, "the PyPTO examples were not found");
    run_mutants(&texts, 1000, 0x5eed_4321, exercise_python);
}

/// The `.dx` DeepX programs of `examples/deepx` and `lit-tests`.
fn deepx_corpus() -> Vec<String> {
    files_under(&["examples/deepx", "lit-tests"], &["dx"])
}

/// Imports a mutated DeepX program (which verifies it); what imports is exported and
/// imported again, checked by `deepx-verify`, and lowered to `pypto` and `pto`.
fn exercise_deepx(text: &str, registry: &PassRegistry) {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    let Ok(m) = pto_deepx::text::import_deepx(&ctx, text, "mutant.dx") else {
        return;
    };
    if let Ok(t) = pto_deepx::text::export_deepx(&ctx, &m) {
        let _ = pto_deepx::text::import_deepx(&ctx, &t, "again.dx");
    }
    let pipeline = format!(
        "builtin.module(deepx-verify,deepx-inline,convert-deepx-to-pypto,{})",
        pto_mlir::PYPTO_PIPELINE
    );
    let pm = parse_pipeline(&pipeline, registry).expect("pipeline");
    let mut m = m;
    let _ = pm.run_on_module(&ctx, &mut m, &RunOptions::default(), None);
}

#[test]
fn mutated_deepx_never_panics() {
    let texts = deepx_corpus();
    assert!(texts.len() >= 8, "the DeepX examples were not found");
    run_mutants(&texts, 1000, 0x5eed_0dc5, exercise_deepx);
}
