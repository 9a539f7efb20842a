//! `pto-pypto-python`: PyPTO's Python form, the syntax PyPTO's printer writes (`# pypto.program: name`,
//! `import pypto.language as pl`, annotated functions, `pl.range` loops with
//! `init_values`, `pl.yield_`), imported into the `pypto` dialect and exported back.

#![warn(missing_docs)]

pub mod ast;
pub mod export;
pub mod import;
pub mod parse;

pub use export::export_pypto;
pub use import::import_pypto;
