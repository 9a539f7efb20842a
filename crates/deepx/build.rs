//! Generates the `deepx` dialect (`td/deepx/DeepXOps.td`) and its passes
//! (`td/Passes.td`): the crate's one dialect list.

fn main() {
    pto_ods_gen::CrateDialects::new()
        .dialect_in("deepx", "td/deepx/DeepXOps.td", "crate")
        .passes("td/Passes.td")
        .build();
}
