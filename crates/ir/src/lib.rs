//! `pto-ir`, the IR core of pto-mlir: context, uniqued types and attributes, operations,
//! blocks, regions, values with use lists, dialect registration, verification and
//! diagnostics; the printer of MLIR's textual format and the interfaces custom op
//! syntax is written against ([`asm`]); the runtime of ODS-generated dialects ([`ods`]);
//! the `builtin` dialect; and the core of pattern rewriting ([`pattern`], [`rewriter`]).
//!
//! As MLIR's `lib/IR`, it holds everything an op definition names and nothing else:
//! no other dialect, no parser (`pto-parser`), no pass or driver, no LLVM.

#![warn(missing_docs)]
// Parse hooks return `Result<_, ()>` like MLIR's `ParseResult`: the located diagnostic has
// already been reported through the parser when `Err(())` comes back.
#![allow(clippy::result_unit_err)]

// Generated code names pto-ir's items by absolute path (`::pto_ir::op_interfaces::...`),
// as in every other crate.
extern crate self as pto_ir;

pub mod affine;
pub mod asm;
pub mod attributes;
pub mod attributes_util;
pub mod body;
pub mod builder;
pub mod builtin;
pub mod context;
pub mod diagnostics;
pub mod dialect;
pub mod dominance;
pub mod effects;
pub mod entity;
pub mod float;
pub mod half;
pub mod interface;
pub mod interfaces;
pub mod module;
pub mod ods;
pub mod op_interfaces;
pub mod pattern;
pub mod printer;
pub mod region_branch;
pub mod rewriter;
pub mod source_text;
pub mod symbol_table;
pub mod threads;
pub mod typedef;
pub mod types;
pub mod verifier;
pub mod walk;

pub use attributes::{
    AffineBinOp, AffineExpr, AffineMap, AttrKind, Attribute, Location, NamedAttribute,
};
pub use body::{
    BlockId, Body, CloneError, InsertPoint, IrMapping, OpId, OpName, OperationState, RegionId,
    ValueDef, ValueId,
};
pub use context::{Context, Ident};
pub use diagnostics::{Diagnostic, Severity, SourceFile, SourceMgr};
pub use dialect::{Dialect, FoldFn, Folded, OpDef, OpTraits};
pub use interface::{InterfaceError, OpAdaptor, TypedOp};
pub use source_text::SourceText;
pub use typedef::{TypeDef, TypeParam};
pub use types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};
pub use walk::{WalkOrder, WalkResult};
