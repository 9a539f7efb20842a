//! PyPTO's Python text: the importer never crashes, what it imports verifies (it
//! promises verified IR), and exporting that IR never crashes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let registry = pto_fuzz::registry();
    pto_fuzz::on_driver_stack(|| {
        let ctx = pto_fuzz::context(&registry);
        let Ok(module) = pto_pypto_python::import::import_pypto(&ctx, text, "fuzz.py") else {
            return;
        };
        assert!(
            pto_fuzz::verifies(&ctx, &module),
            "the importer returned IR that does not verify"
        );
        let _ = pto_pypto_python::export::export_pypto(&ctx, &module, "pl");
    });
});
