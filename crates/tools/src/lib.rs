//! `pto-tools`: the command-line tools (`pto-opt`, `pto-run`, `pto-translate`), as
//! library code so that embedders get the same drivers.
//!
//! Each driver is made of a `pto_pass::Registry` (dialects, context setups, passes,
//! importers, exporters, lowerings, driver options): a crate with dialects of its own
//! builds a registry with them and gets its own `*-opt`, `*-run` and `*-translate` from
//! these functions. The drivers know no dialect beyond the upstream ones of
//! `pto-dialects` (and the `llvm` back end of `pto-llvm`); `pto-mlir` composes the
//! workspace's registry. `split` and `verify_diagnostics` are mlir-opt's
//! `--split-input-file` and `--verify-diagnostics`, shared by the drivers.

#![warn(missing_docs)]
#![allow(clippy::result_unit_err)]

pub mod driver_options;
pub mod opt;
pub mod pass_args;
pub mod run;
pub mod split;
pub mod translate;
pub mod verify_diagnostics;

/// Reads the input file `path` (`-`: stdin); a large file is mapped (see
/// [`SourceText`](pto_ir::SourceText)).
pub fn read_input(path: &str) -> std::io::Result<pto_ir::SourceText> {
    if path == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)?;
        Ok(s.into())
    } else {
        // SAFETY: the tools' inputs are not modified while they run (the assumption of
        // every compiler driver that maps its inputs; see `SourceText::read_file`).
        unsafe { pto_ir::SourceText::read_file(path) }
    }
}

/// Removes the output file `path` of a failed run (as mlir-opt does), but only a regular
/// file: `-o /dev/null` or a pipe must survive a failure.
pub fn remove_failed_output(path: &str) {
    if path == "-" {
        return;
    }
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file()) {
        let _ = std::fs::remove_file(path);
    }
}
