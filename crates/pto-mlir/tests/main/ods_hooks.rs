//! ODS hooks in a user crate: generated code for the `::pto_ir` runtime compiles
//! against the library when the dialect's module provides the hooks its records ask
//! for, and a missing hook (`hasVerifier` without `verify_<op>`) is a compile error
//! naming it, not a silent no-op. The user crate is type-checked by `rustc` against
//! the library this test binary was built with.

use std::path::{Path, PathBuf};
use std::process::Command;

const TD: &str = r#"
include "mlir/IR/OpBase.td"
def Hook_Dialect : Dialect {
  let name = "hook";
  let cppNamespace = "::hook";
}
def Hook_CheckedOp : Op<Hook_Dialect, "checked", []> {
  let arguments = (ins I32:$x);
  let results = (outs I32:$y);
  let assemblyFormat = "$x attr-dict `:` type($y)";
  let hasVerifier = 1;
}
"#;

/// The hook the record asks for, as a user crate writes it.
const HOOK: &str = r#"
pub fn verify_checked<'c>(
    _ctx: &'c ::pto_ir::Context,
    _body: &::pto_ir::Body<'c>,
    _op: ::pto_ir::OpId,
) -> Result<(), ::pto_ir::Diagnostic<'c>> {
    Ok(())
}
"#;

/// `target/debug` (the directory of the test's own binaries).
fn target_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_pto-opt"))
        .parent()
        .expect("binary directory")
        .to_path_buf()
}

/// The newest `libpto_ir-*.rlib` in `deps` (the one this build made).
fn library(deps: &Path) -> PathBuf {
    std::fs::read_dir(deps)
        .expect("deps directory")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("libpto_ir-") && n.ends_with(".rlib"))
        })
        .max_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok())
        .expect("libpto_ir rlib")
}

/// Type-checks a user crate whose `hook` module includes the generated code and has
/// `hooks`; returns rustc's success and diagnostics.
fn check_user_crate(dir: &Path, generated: &str, hooks: &str) -> (bool, String) {
    std::fs::write(dir.join("hook_ods.rs"), generated).unwrap();
    let lib = format!(
        "pub mod hook {{\n    mod ods {{\n        include!(\"hook_ods.rs\");\n    }}\n    pub use ods::*;\n{hooks}}}\n"
    );
    std::fs::write(dir.join("lib.rs"), lib).unwrap();
    let deps = target_dir().join("deps");
    let out = Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
        .current_dir(dir)
        .env("OUT_DIR", dir)
        .args([
            "--edition",
            "2021",
            "--crate-type",
            "lib",
            "--crate-name",
            "user",
        ])
        .args(["--emit", "metadata", "--out-dir"])
        .arg(dir)
        .arg("--extern")
        .arg(format!("pto_ir={}", library(&deps).display()))
        .arg("-L")
        .arg(format!("dependency={}", deps.display()))
        .arg("lib.rs")
        .output()
        .expect("rustc runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn missing_hook_is_a_compile_error() {
    let dir = std::env::temp_dir().join(format!("pto-ods-hooks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("Hook.td"), TD).unwrap();
    let prefix = std::env::var("TABLEGEN_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    let generated = pto_ods_gen::generate(&pto_ods_gen::DialectGen {
        name: "hook".into(),
        td_file: dir.join("Hook.td"),
        include_dirs: vec![PathBuf::from(prefix).join("include")],
        runtime: "::pto_ir".into(),
        site: pto_ods_gen::emit::Site {
            krate: "user".into(),
            module: "crate::hook".into(),
        },
    })
    .expect("the dialect generates");
    // The generated code includes its docs from OUT_DIR, as in a build script's output.
    std::fs::write(dir.join("hook.md"), &generated.markdown).unwrap();
    let generated = generated.rust;

    let (ok, stderr) = check_user_crate(&dir, &generated, HOOK);
    assert!(ok, "the user crate with its hook must compile:\n{stderr}");

    let (ok, stderr) = check_user_crate(&dir, &generated, "");
    assert!(!ok, "a missing hook must not compile");
    assert!(
        stderr.contains("verify_checked"),
        "the error names the missing hook:\n{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
