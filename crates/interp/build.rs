//! Generates the interpreter's op interface (`td/interp/Interfaces.td`) into
//! `OUT_DIR/interfaces.rs` (see `pto_ods_gen::CrateDialects`).

fn main() {
    pto_ods_gen::CrateDialects::new()
        .interfaces("td/interp/Interfaces.td")
        .build();
}
