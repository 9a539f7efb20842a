//! Source lints that keep the framework's invariants from eroding.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Files allowed to spell op names as text: the generic test passes act on ops of any
/// dialect by design, and the ODS generator writes the `NAME` constants themselves.
const OP_NAME_LITERALS_ALLOWED: &[&str] = &["crates/pass/src/testing.rs", "crates/ods-gen/"];

/// Element-operation kinds that happen to be PyPTO mnemonics too (`"sum" => "add"`).
const REDUCTION_KINDS: &[&str] = &["sum", "max", "min", "prod"];

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

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

/// The library sources of crate directory `krate` (every crate for `None`), each as its
/// workspace-relative path and its lines (without comments) before the unit tests.
fn library_code(krate: Option<&str>) -> Vec<(String, Vec<String>)> {
    let root = workspace_root();
    let mut files = Vec::new();
    match krate {
        Some(k) => rust_sources(&root.join("crates").join(k).join("src"), &mut files),
        None => {
            for k in std::fs::read_dir(root.join("crates")).unwrap().flatten() {
                rust_sources(&k.path().join("src"), &mut files);
            }
        }
    }
    files
        .into_iter()
        .filter(|f| f.file_name().is_some_and(|n| n != "generated.rs"))
        .map(|f| {
            let rel = f
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let text = std::fs::read_to_string(&f).unwrap();
            // Unit tests at the bottom of a module may write IR by name.
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            let lines = code
                .lines()
                .map(|l| l.split("//").next().unwrap_or("").to_string())
                .collect();
            (rel, lines)
        })
        .collect()
}

/// The string literals of `line`, each with the text after it.
fn literals(line: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(start) = rest.find('"') {
        let after = &rest[start + 1..];
        let Some(end) = after.find('"') else { break };
        out.push((&after[..end], &after[end + 1..]));
        rest = &after[end + 1..];
    }
    out
}

fn assert_none(offences: &[String], what: &str) {
    assert!(offences.is_empty(), "{what}:\n{}", offences.join("\n"));
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
    let sources = library_code(None);
    assert!(sources.len() > 100, "found only {} sources", sources.len());
    let mut offences = Vec::new();
    for (rel, lines) in &sources {
        if OP_NAME_LITERALS_ALLOWED.iter().any(|a| rel.starts_with(a)) {
            continue;
        }
        for (i, line) in lines.iter().enumerate() {
            for (literal, _) in literals(line) {
                if names.contains(literal) {
                    offences.push(format!("{rel}:{}: \"{literal}\"", i + 1));
                }
            }
        }
    }
    assert_none(
        &offences,
        "op names spelled as string literals (use the generated `XOp::NAME`)",
    );
}

/// Lowerings of the `pto` and `pypto` dialects dispatch on the generated names, not on
/// mnemonics cut out of the op name (`match short { "tadd" => ... }`).
#[test]
fn lowerings_do_not_dispatch_on_mnemonics() {
    let mut offences = Vec::new();
    for (krate, dialect) in [
        ("pto-tile", &pto_tile::DIALECT),
        ("pypto", &pto_pypto::DIALECT),
    ] {
        let prefix = format!("{}.", dialect.name);
        // Mnemonics without the dialect and, for PyPTO, without the op family.
        let mnemonics: HashSet<&str> = dialect
            .ops
            .iter()
            .map(|op| {
                let m = &op.name[prefix.len()..];
                match dialect.name {
                    "pypto" => m.split_once('.').map_or(m, |(_, rest)| rest),
                    _ => m,
                }
            })
            .collect();
        for (rel, lines) in library_code(Some(krate)) {
            for (i, line) in lines.iter().enumerate() {
                for (literal, tail) in literals(line) {
                    let tail = tail.trim_start();
                    if (tail.starts_with("=>") || tail.starts_with('|'))
                        && mnemonics.contains(literal)
                        && !REDUCTION_KINDS.contains(&literal)
                    {
                        offences.push(format!("{rel}:{}: \"{literal}\"", i + 1));
                    }
                }
            }
        }
    }
    assert_none(
        &offences,
        "dispatch on op mnemonics (match the generated `XOp::NAME`)",
    );
}
