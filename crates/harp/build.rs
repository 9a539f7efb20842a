//! Generates the `harp` dialect (`td/harp/HarpOps.td`), the `harp_graph` dialect
//! (`td/harp/HarpGraphOps.td`) and their passes (`td/Passes.td`): the crate's one
//! dialect list.

fn main() {
    pto_ods_gen::CrateDialects::new()
        .dialect_in("harp", "td/harp/HarpOps.td", "crate")
        .dialect_in("harp_graph", "td/harp/HarpGraphOps.td", "crate::graph")
        .passes("td/Passes.td")
        .build();
}
