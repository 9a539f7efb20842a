//! Harp's printed IR: the importer never crashes, what it reads verifies, and export
//! -> import -> export is a fixed point.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let registry = pto_fuzz::registry();
    pto_fuzz::on_driver_stack(|| {
        let ctx = pto_fuzz::context(&registry);
        let Ok(module) = pto_harp::text::import_harp_ir(&ctx, text, "fuzz.harp") else {
            return;
        };
        if !pto_fuzz::verifies(&ctx, &module) {
            return;
        }
        let exported = pto_harp::text::export_harp_ir(&ctx, &module)
            .unwrap_or_else(|d| panic!("imported IR does not export: {}", d.message));
        let again = pto_harp::text::import_harp_ir(&ctx, &exported, "exported.harp")
            .unwrap_or_else(|d| {
                panic!(
                    "the export does not import: {}\n--- export:\n{exported}",
                    d.message
                )
            });
        let twice = pto_harp::text::export_harp_ir(&ctx, &again)
            .unwrap_or_else(|d| panic!("the re-import does not export: {}", d.message));
        assert_eq!(
            twice, exported,
            "export -> import -> export is not a fixed point"
        );
    });
});
