//! Generates the `standalone` dialect (`td/standalone/StandaloneOps.td`) and its passes
//! (`td/Passes.td`): the crate's one dialect list.

fn main() {
    pto_ods_gen::CrateDialects::new()
        .dialect_in("standalone", "td/standalone/StandaloneOps.td", "crate")
        .passes("td/Passes.td")
        .build();
}
