//! A parsed file as a whole ([`Module`]): the top-level body, and the file metadata
//! (resources) that the printer writes back.

use crate::{BlockId, Body, OpId, Type, TypeKind};

/// A parsed file: a body whose top-level block holds the top-level ops (normally a single
/// `builtin.module`).
pub struct Module<'c> {
    /// The storage of the top level.
    pub body: Body<'c>,
    /// The block holding the top-level ops.
    pub block: BlockId,
    /// Resource blobs from the file's `{-# dialect_resources: ... #-}` section, kept to be
    /// printed back: `(dialect, [(key, blob text)])`.
    pub resources: Vec<(String, Vec<(String, String)>)>,
    /// The `external_resources` section, passed through: `(group, [(key, value)])`.
    pub external_resources: Vec<(String, Vec<(String, ResourceValue)>)>,
    /// What [`ParseOptions::verify`] verified while parsing, for
    /// [`crate::verifier::verify_with_preverified`]; empty otherwise.
    pub preverified: crate::verifier::Preverified<'c>,
    /// What reading it reported without failing (a front end's warnings); the drivers
    /// show them.
    pub diagnostics: Vec<crate::Diagnostic<'c>>,
}

/// A value in a file-metadata resource entry.
#[derive(Clone, Debug)]
pub enum ResourceValue {
    /// A string (re-escaped when printed).
    String(Vec<u8>),
    /// A hex blob, boolean or number, printed as written.
    Raw(String),
}

impl<'c> Module<'c> {
    /// A `builtin.module` at `loc` with properties `props` (its `sym_name`, say) whose
    /// region is `region` of `body`, as a front end builds what it read.
    pub fn wrapping(
        ctx: &'c crate::Context,
        body: crate::Body<'c>,
        region: crate::RegionId,
        loc: crate::Location<'c>,
        props: Option<crate::Attribute<'c>>,
    ) -> Self {
        let mut top = crate::Body::new();
        let tregion = top.create_region();
        let tblock = top.create_block();
        top.append_block(tregion, tblock);
        let name = crate::builtin::ModuleOp::NAME;
        let op_name = crate::OpName::of(ctx, name);
        let mut st = crate::OperationState::new(ctx, op_name, loc);
        st.props = props;
        st.regions.push(region);
        st.nested = Some(Box::new(body));
        let mut b = crate::builder::OpBuilder::new(ctx, &mut top);
        b.set_insertion_point(crate::InsertPoint::BlockEnd(tblock));
        b.create(st);
        Module {
            body: top,
            block: tblock,
            resources: Vec::new(),
            external_resources: Vec::new(),
            preverified: Default::default(),
            diagnostics: Vec::new(),
        }
    }

    /// The single top-level op (the module), if there is exactly one.
    pub fn top_op(&self) -> Option<OpId> {
        let mut ops = self.body.block_ops(self.block);
        let first = ops.next()?;
        ops.next().is_none().then_some(first)
    }
}

/// Bytes per stored element of a dense attribute.
pub fn element_bytes(t: Type<'_>) -> Option<usize> {
    match *t.kind() {
        TypeKind::Integer { width, .. } if width <= 128 => Some(width.div_ceil(8).max(1) as usize),
        TypeKind::Index => Some(8),
        TypeKind::Float(k) if k.width() <= 128 => Some(k.width().div_ceil(8) as usize),
        TypeKind::Complex(e) => element_bytes(e).map(|n| 2 * n),
        _ => None,
    }
}
