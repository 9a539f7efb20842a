//! Pass pipelines on valid IR: no pass crashes, and what a successful pipeline leaves
//! verifies and reads back. The first byte picks the pipeline.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pto_pass::pipeline::parse_pipeline;

/// Pipelines over the passes that apply to any input (and the lowerings that do).
const PIPELINES: &[&str] = &[
    "canonicalize,cse",
    "sccp,symbol-dce",
    "inline,canonicalize",
    "loop-invariant-code-motion,control-flow-sink,cse",
    "remove-dead-values",
    "lower-affine,convert-scf-to-cf,canonicalize",
    "lower-to-llvm",
    "symbol-privatize,symbol-dce,topological-sort",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let registry = pto_fuzz::registry();
    let passes = PIPELINES[usize::from(pick) % PIPELINES.len()];
    let pm = parse_pipeline(
        &format!("builtin.module({passes})"),
        registry.pass_registry(),
    )
    .expect("the pipelines parse");
    pto_fuzz::on_driver_stack(|| {
        let ctx = pto_fuzz::context(&registry);
        let Some(mut module) = pto_fuzz::parse_verified(&ctx, text) else {
            return;
        };
        let report = pm.run_on_module(&ctx, &mut module, &pto_fuzz::run_options(), None);
        if !report.success {
            return;
        }
        assert!(
            pto_fuzz::verifies(&ctx, &module),
            "'{passes}' succeeded but left IR that does not verify"
        );
        let custom = pto_fuzz::custom(&module);
        pto_fuzz::check_reparses(&ctx, &custom, &custom, "the pipeline's output");
    });
});
