//! Generates the `pto` dialect from its ODS definition (see `pto_ods_gen::CrateDialects`).

fn main() {
    pto_ods_gen::CrateDialects::new()
        .dialect_in("pto", "td/pto/PTOOps.td", "crate")
        .passes("td/Passes.td")
        .build();
}
