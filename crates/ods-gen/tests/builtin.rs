//! The generated code of `pto-ir` is committed, so that the IR core builds without
//! LLVM's TableGen: the `builtin` dialect (`crates/ir/src/builtin/generated.rs`, from
//! `crates/ir/td/builtin/BuiltinOps.td`) and the traits of MLIR's interfaces as pto-mlir
//! has them (`crates/ir/src/op_interfaces/generated.rs`, from this crate's
//! `td/pto/Interfaces.td`). This test regenerates them and requires the committed files
//! (and `docs/dialects/builtin.md`) to be identical.
//! `PTO_BLESS=1 cargo test -p pto-ods-gen` rewrites them.

use std::path::PathBuf;

#[test]
fn committed_ir_code_is_up_to_date() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let prefix = std::env::var("TABLEGEN_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    let cfg = pto_ods_gen::DialectGen {
        name: "builtin".into(),
        td_file: root.join("crates/ir/td/builtin/BuiltinOps.td"),
        include_dirs: vec![
            PathBuf::from(prefix).join("include"),
            root.join("crates/ir/td"),
        ],
        runtime: "crate".into(),
        site: pto_ods_gen::emit::Site {
            krate: "pto_ir".into(),
            module: "crate::builtin".into(),
        },
    };
    let generated = pto_ods_gen::generate(&cfg).expect("builtin generates");
    let traits = pto_ods_gen::generate_interface_traits(
        &pto_ods_gen::shipped_td_dir().join("pto/Interfaces.td"),
        &cfg.include_dirs,
        "::pto_ir::op_interfaces",
        "crate",
    )
    .expect("pto-ir's interfaces generate");
    let targets = [
        (
            root.join("crates/ir/src/builtin/generated.rs"),
            generated.rust,
        ),
        (root.join("docs/dialects/builtin.md"), generated.markdown),
        (
            root.join("crates/ir/src/op_interfaces/generated.rs"),
            traits,
        ),
    ];
    let bless = std::env::var("PTO_BLESS").is_ok_and(|v| v == "1");
    for (path, text) in targets {
        if bless {
            std::fs::write(&path, &text).expect("write");
            continue;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == text,
            "{} is not what pto-ods-gen generates; run PTO_BLESS=1 cargo test -p pto-ods-gen",
            path.display()
        );
    }
}
