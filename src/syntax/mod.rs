//! MLIR's textual format: lexer, parser, printer and the custom-assembly interfaces.

pub mod affine;
pub mod asm;
pub mod float;
pub mod lexer;
pub mod parser;
pub mod printer;
