//! Eclat programs: the importer never crashes, what it reads verifies, and with its
//! symbolic sizes bound (to 3) the whole Harp lowering (graph -> kernels -> arena ->
//! loops -> threads) either succeeds with IR that verifies or reports an error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pto_pass::pipeline::parse_pipeline;
use pto_pass::registry::DriverValues;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let registry = pto_fuzz::registry();
    let pm = parse_pipeline(
        "builtin.module(harp-lower-graph,harp-plan-arena,convert-harp-to-loops,outline-parallel-loops)",
        registry.pass_registry(),
    )
    .expect("the pipeline parses");
    pto_fuzz::on_driver_stack(|| {
        let ctx = pto_fuzz::context(&registry);
        let Ok(mut module) =
            pto_harp::eclat::import_ecl(&ctx, text, "fuzz.ecl", &DriverValues::default())
        else {
            return;
        };
        if !pto_fuzz::verifies(&ctx, &module) {
            // The importer's own checks are the graph verifier's: what it builds verifies.
            panic!(
                "imported IR does not verify:\n{}",
                pto_fuzz::custom(&module)
            );
        }
        let Some(top) = module.top_op() else { return };
        let graphs: Vec<_> = {
            let inner = module.body.region_body(top);
            inner
                .all_ops()
                .into_iter()
                .filter(|&op| pto_harp::graph::GraphOp::from_op(inner, op).is_some())
                .collect()
        };
        let bound: rustc_hash::FxHashMap<String, i64> = {
            let inner = module.body.region_body(top);
            graphs
                .iter()
                .flat_map(|&g| pto_harp::graph::sizes(inner, g))
                .map(|s| (s.to_string(), 3))
                .collect()
        };
        if let Some(inner) = module.body.nested_mut(top) {
            for g in graphs {
                pto_harp::graph::specialize::specialize_graph(&ctx, inner, g, &bound);
            }
        }
        let report = pm.run_on_module(&ctx, &mut module, &pto_fuzz::run_options(), None);
        if report.success {
            assert!(
                pto_fuzz::verifies(&ctx, &module),
                "the lowering succeeded but left IR that does not verify"
            );
        }
    });
});
