//! DeepX text: the importer never crashes, and import -> export -> import gives the
//! same IR.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let registry = pto_fuzz::registry();
    pto_fuzz::on_driver_stack(|| {
        let ctx = pto_fuzz::context(&registry);
        let Ok(module) = pto_deepx::text::import_deepx(&ctx, text, "fuzz.dx") else {
            return;
        };
        let first = pto_fuzz::custom_without_locations(&module);
        let exported = pto_deepx::text::export_deepx(&ctx, &module)
            .unwrap_or_else(|d| panic!("imported IR does not export: {}", d.message));
        let again =
            pto_deepx::text::import_deepx(&ctx, &exported, "exported.dx").unwrap_or_else(|d| {
                panic!(
                    "the export does not import: {}\n--- export:\n{exported}",
                    d.message
                )
            });
        assert_eq!(
            pto_fuzz::custom_without_locations(&again),
            first,
            "import -> export -> import changed the IR"
        );
    });
});
