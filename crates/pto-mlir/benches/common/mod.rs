//! What the benchmarks share (`mod common;` in each; a directory, so that cargo does not
//! take it for a benchmark of its own).

use std::time::Duration;

use pto_ir::module::Module;
use pto_ir::{verifier, Body, Context};
use pto_pass::{parse_pipeline, PassRegistry, RunOptions};

/// A context with every dialect registered.
pub fn context() -> Context {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    ctx
}

/// Panics unless every top-level op of `module` verifies.
pub fn verify<'c>(ctx: &'c Context, module: &Module<'c>, what: &str) {
    for op in module.body.block_ops(module.block) {
        if verifier::verify(ctx, &module.body, op).is_err() {
            panic!("{what} does not verify");
        }
    }
}

/// Runs `builtin.module(<passes>)` on `module`; panics if it fails.
pub fn run_passes<'c>(ctx: &'c Context, module: &mut Module<'c>, passes: &str) {
    let mut registry = PassRegistry::new();
    pto_mlir::register_all_passes(&mut registry);
    let pipeline = format!("builtin.module({passes})");
    let pm = parse_pipeline(&pipeline, &registry).expect("pipeline parses");
    let report = pm.run_on_module(ctx, module, &RunOptions::default(), None);
    assert!(report.success, "{pipeline} failed");
}

/// The median (of times: no NaN).
pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).expect("no NaN times"));
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// `d` in microseconds.
pub fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// Ops in `body`, nested ones included.
pub fn op_count(body: &Body<'_>) -> usize {
    body.all_ops()
        .into_iter()
        .map(|op| 1 + body.nested(op).map_or(0, op_count))
        .sum()
}
