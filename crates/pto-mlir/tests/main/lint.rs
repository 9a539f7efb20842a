//! Source lints that keep the framework's invariants from eroding.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Files allowed to spell op names as text: the generic test passes act on ops of any
/// dialect by design, and the ODS generator writes the `NAME` constants themselves.
const OP_NAME_LITERALS_ALLOWED: &[&str] = &["crates/pass/src/testing.rs", "crates/ods-gen/"];

fn rust_sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Code names ops through the generated `XOp::NAME` constants (or `TypedOp`), never through
/// string literals: a renamed or removed op must be a compile error, not a silent miss.
#[test]
fn library_code_names_ops_through_generated_constants() {
    let registry = pto_mlir::registry();
    let names: HashSet<&str> = registry
        .all_dialects()
        .iter()
        .flat_map(|d| d.ops.iter().map(|op| op.name))
        .collect();
    assert!(names.contains("arith.addi") && names.contains("pto.tload"));

    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for krate in std::fs::read_dir(root.join("crates")).unwrap().flatten() {
        rust_sources(&krate.path().join("src"), &mut files);
    }
    assert!(files.len() > 100, "found only {} sources", files.len());

    let mut offences = Vec::new();
    for file in &files {
        let rel = file
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if file.file_name().is_some_and(|n| n == "generated.rs")
            || OP_NAME_LITERALS_ALLOWED.iter().any(|a| rel.starts_with(a))
        {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        // Unit tests at the bottom of a module may write IR by name.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for (line_no, line) in code.lines().enumerate() {
            let line = line.split("//").next().unwrap_or("");
            for literal in line.split('"').skip(1).step_by(2) {
                if names.contains(literal) {
                    offences.push(format!("{rel}:{}: \"{literal}\"", line_no + 1));
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "op names spelled as string literals (use the generated `XOp::NAME`):\n{}",
        offences.join("\n")
    );
}
