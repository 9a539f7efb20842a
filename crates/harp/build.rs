//! Generates the `harp` dialect (`td/harp/HarpOps.td`) and its passes (`td/Passes.td`):
//! the crate's one dialect list.

fn main() {
    pto_ods_gen::CrateDialects::new()
        .dialect_in("harp", "td/harp/HarpOps.td", "crate")
        .passes("td/Passes.td")
        .build();
}
