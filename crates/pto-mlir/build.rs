//! Generates the `ptotest` dialect (registered by `pto-opt` only) from its ODS definition
//! (see `pto_ods_gen::CrateDialects`).

fn main() {
    pto_ods_gen::CrateDialects::new()
        .dialect_in("ptotest", "td/test/TestOps.td", "crate::test_dialect")
        .build();
}
