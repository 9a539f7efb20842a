//! PTO-WSP .pto text: the importer never crashes, what it accepts verifies, and
//! import -> export -> import -> export is a fixed point; the type inference and the
//! lowering to tasks either succeed with IR that verifies or report an error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pto_pass::pipeline::parse_pipeline;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let registry = pto_fuzz::registry();
    let pm = parse_pipeline(
        "builtin.module(wsp-type-check,wsp-infer-types,convert-wsp-to-tasks)",
        registry.pass_registry(),
    )
    .expect("the pipeline parses");
    pto_fuzz::on_driver_stack(|| {
        let ctx = pto_fuzz::context(&registry);
        let Ok(mut module) = pto_wsp::text::import_wsp(&ctx, text, "fuzz.pto", false) else {
            return;
        };
        assert!(
            pto_fuzz::verifies(&ctx, &module),
            "imported IR does not verify:\n{}",
            pto_fuzz::custom(&module)
        );
        let first = pto_wsp::text::export_wsp(&ctx, &module)
            .unwrap_or_else(|d| panic!("imported IR does not export: {}", d.message));
        let again =
            pto_wsp::text::import_wsp(&ctx, &first, "exported.pto", false).unwrap_or_else(|d| {
                panic!(
                    "the export does not import: {}\n--- export:\n{first}",
                    d.message
                )
            });
        let second = pto_wsp::text::export_wsp(&ctx, &again)
            .unwrap_or_else(|d| panic!("the re-import does not export: {}", d.message));
        assert_eq!(
            first, second,
            "export -> import -> export is not a fixed point"
        );
        let report = pm.run_on_module(&ctx, &mut module, &pto_fuzz::run_options(), None);
        if report.success {
            assert!(
                pto_fuzz::verifies(&ctx, &module),
                "the lowering succeeded but left IR that does not verify"
            );
        }
    });
});
