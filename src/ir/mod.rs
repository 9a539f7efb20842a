//! The generic IR core: context, uniqued types and attributes, operations, blocks,
//! regions, values with use lists, dialect registration, verification and diagnostics.

pub mod attributes;
pub mod attributes_util;
pub mod body;
pub mod builder;
pub mod context;
pub mod diagnostics;
pub mod dialect;
pub mod dominance;
pub mod effects;
pub mod entity;
pub mod interfaces;
pub mod op_interfaces;
pub mod region_branch;
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
pub use source_text::SourceText;
pub use typedef::{TypeDef, TypeParam};
pub use types::{FloatKind, Signedness, Type, TypeKind, DYNAMIC};
pub use walk::{WalkOrder, WalkResult};
