//! Generates the `wsp` dialect (`td/wsp/WspOps.td`) and its passes (`td/Passes.td`).

fn main() {
    pto_ods_gen::CrateDialects::new()
        .dialect_in("wsp", "td/wsp/WspOps.td", "crate")
        .passes("td/Passes.td")
        .build();
}
