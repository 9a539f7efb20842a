//! `pto-pypto-python`: PyPTO's Python form, the syntax PyPTO's printer writes
//! (`# pypto.program: name`, `import pypto.language as pl`, annotated functions,
//! `pl.range` loops with `init_values`, `pl.yield_`), imported into the `pypto` dialect
//! and exported back.
//!
//! `parse` (Python's lexer with INDENT/DEDENT and the expression grammar PyPTO writes)
//! gives an [`ast`], which [`import`] turns into IR (`pto-translate --import-pypto`;
//! literals typed by their context; `cells.rs` finds and builds the cells of programs
//! not in SSA form); [`export`] writes it back (`--export-pypto --prefix`). [`register`]
//! adds both to a tool, so `pto-run` also takes a `.py` file (or a text that imports
//! `pypto.language`), its errors located in that file.
//!
//! `lit-tests/pypto-roundtrip.sh` (`%pypto-roundtrip FILE.py [--opt=PASSES]`) is
//! PyPTO's print -> parse -> equal check, after passes when given: import (then the
//! passes), export and import again must be structurally equal and print equal IR, and
//! the two exports must be identical Python.

#![warn(missing_docs)]

pub mod ast;
pub mod export;
pub mod import;
pub mod parse;

pub use export::export_pypto;
pub use import::import_pypto;

use pto_pass::registry::{DriverOption, DriverValues, Exporter, Importer};
use pto_pass::Registry;

/// Adds PyPTO's Python form to a tool: `--import-pypto` (and `.py` files, or a text
/// that imports `pypto.language`, given to `pto-run`) and `--export-pypto`.
pub fn register(registry: &mut Registry) {
    registry
        .importer(Importer {
            name: "import-pypto",
            description: "Translate PyPTO's Python form to the pypto dialect",
            extensions: &[".py"],
            sniff: Some(is_pypto_source),
            options: &[],
            run: |ctx, text, file, _| import_pypto(ctx, text, file),
        })
        .exporter(Exporter {
            name: "export-pypto",
            description: "Translate the pypto dialect to PyPTO's Python form",
            options: &[DriverOption {
                name: "prefix",
                help: "The alias of PyPTO's language module in Python output (--export-pypto)",
                values: &[],
                short: None,
                repeated: false,
            }],
            run: export,
        });
}

/// Whether `text` is a PyPTO program: it imports PyPTO's language module.
fn is_pypto_source(text: &str) -> bool {
    text.lines()
        .take(64)
        .any(|l| l.trim_start().starts_with("import pypto.language"))
}

/// `--export-pypto`: a `pypto` program in PyPTO's Python form, with `--prefix` (default
/// `pl`) as the language module's alias.
fn export<'c>(
    ctx: &'c pto_ir::Context,
    module: &pto_ir::module::Module<'c>,
    values: &DriverValues,
) -> Result<Vec<u8>, pto_ir::Diagnostic<'c>> {
    let prefix = values.get("prefix").unwrap_or("pl");
    if prefix.is_empty()
        || !prefix
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        return Err(pto_ir::Diagnostic::error(
            ctx.unknown_loc(),
            format!("--prefix must be a Python identifier, got '{prefix}'"),
        ));
    }
    export_pypto(ctx, module, prefix).map(String::into_bytes)
}
