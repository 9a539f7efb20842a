//! Generates the crate's declarative passes (`td/Passes.td`) into `OUT_DIR/passes.rs`
//! (see `pto_ods_gen::CrateDialects`).

fn main() {
    pto_ods_gen::CrateDialects::new()
        .passes("td/Passes.td")
        .build();
}
