//! MLIR text: parsing, verifying and printing never crash, and what is printed (custom
//! and generic forms) reads back as the same IR.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let registry = pto_fuzz::registry();
    pto_fuzz::on_driver_stack(|| {
        let ctx = pto_fuzz::context(&registry);
        let Some(module) = pto_fuzz::parse_verified(&ctx, text) else {
            return;
        };
        let custom = pto_fuzz::custom(&module);
        pto_fuzz::check_reparses(&ctx, &custom, &custom, "the custom form");
        let generic = pto_fuzz::generic(&module);
        pto_fuzz::check_reparses(&ctx, &generic, &custom, "the generic form");
    });
});
