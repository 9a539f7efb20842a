//! `pto-ods-gen`: reads MLIR ODS (TableGen) dialect definitions and writes the Rust that
//! `pto-mlir` runs them with.
//!
//! A build script calls [`generate`] with a dialect's root `.td` file. The records are
//! read through the `tblgen` crate (MLIR 22's own TableGen front end, so anything
//! `mlir-tblgen` accepts is read the same way), turned into a plain model
//! ([`model`]), and emitted ([`emit`]) as static op specifications, typed op wrappers,
//! builders and hook references for the runtime in `pto_mlir::ods`. Constraint predicates
//! are compiled to Rust ([`preds`]); assembly formats are parsed and their spacing
//! precomputed ([`format`]); a Markdown reference is written alongside ([`docs`]).
//!
//! Errors are returned as text naming the record at fault; a build script should print
//! them and fail, so that an unsupported construct never degrades silently.

pub mod docs;
pub mod emit;
pub mod format;
pub mod model;
pub mod preds;
pub mod typedef;
mod typedef_format;

use std::path::{Path, PathBuf};

/// What to generate for one dialect.
pub struct DialectGen {
    /// The dialect's namespace (`arith`): only ops of this dialect are emitted.
    pub name: String,
    /// The root `.td` file.
    pub td_file: PathBuf,
    /// Include directories (MLIR's `include/`, the project's `dialects/`).
    pub include_dirs: Vec<PathBuf>,
    /// The Rust path of the `pto_mlir` runtime as seen from the generated code
    /// (`crate` inside pto-mlir, `::pto_mlir` in a user crate).
    pub runtime: String,
}

/// The generated artifacts.
pub struct Generated {
    /// Rust source, to be `include!`d inside the dialect's module.
    pub rust: String,
    /// Markdown reference of the dialect.
    pub markdown: String,
}

/// Reads `cfg.td_file` and generates the dialect's Rust and docs.
pub fn generate(cfg: &DialectGen) -> Result<Generated, String> {
    let mut parser = tblgen::TableGenParser::new();
    for dir in &cfg.include_dirs {
        parser = parser.add_include_directory(&dir.to_string_lossy());
    }
    parser = parser.add_source_file(&cfg.td_file.to_string_lossy());
    let keeper = parser
        .parse()
        .map_err(|e| format!("{}: TableGen error: {e}", cfg.td_file.display()))?;
    let dialect = model::read_dialect(&keeper, &cfg.name)?;
    let rust = emit::emit(&dialect, &cfg.runtime)?;
    let markdown = docs::markdown(&dialect);
    Ok(Generated { rust, markdown })
}

/// Generates `cfg` and writes `<out_dir>/<name>_ods.rs` and `<out_dir>/<name>.md`.
pub fn generate_to(cfg: &DialectGen, out_dir: &Path) -> Result<(), String> {
    let g = generate(cfg)?;
    let rs = out_dir.join(format!("{}_ods.rs", cfg.name));
    std::fs::write(&rs, g.rust).map_err(|e| format!("{}: {e}", rs.display()))?;
    let md = out_dir.join(format!("{}.md", cfg.name));
    std::fs::write(&md, g.markdown).map_err(|e| format!("{}: {e}", md.display()))?;
    Ok(())
}
