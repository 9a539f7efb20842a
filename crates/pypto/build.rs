//! Generates the `pypto` dialect from its ODS definition (see `pto_ods_gen::CrateDialects`).

fn main() {
    pto_ods_gen::CrateDialects::new()
        .dialect_in("pypto", "td/pypto/PyPTOOps.td", "crate")
        .passes("td/Passes.td")
        .build();
}
