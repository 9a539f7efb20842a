//! Symbol tables: the symbols (`sym_name`) defined directly in the region of an op with
//! the `SymbolTable` trait, and the verification of the ops that reference them
//! (`SymbolUserOpInterface`), which MLIR runs once everything else has verified.
//! It also has the symbol and visibility helpers the passes use (`symbol-privatize`,
//! `symbol-dce`); `builtin.module` is an optional symbol, a symbol only when named.

use rustc_hash::FxHashMap;

use super::{Body, Context, Diagnostic, OpId, OpTraits};

/// The symbols defined in one symbol-table op, by name.
pub struct SymbolTable<'b, 'c> {
    symbols: FxHashMap<&'c str, (&'b Body<'c>, OpId)>,
}

impl<'b, 'c> SymbolTable<'b, 'c> {
    /// The symbols of `op` (an op of `body` with the `SymbolTable` trait). The first
    /// definition of a name wins (duplicates are a verifier error of their own).
    pub fn build(body: &'b Body<'c>, op: OpId) -> Self {
        let rb = body.region_body(op);
        let mut symbols = FxHashMap::default();
        for &r in body.regions_of(op) {
            for b in rb.region_blocks(r) {
                for o in rb.block_ops(b) {
                    if let Some(name) = rb.attr(o, "sym_name").and_then(|a| a.as_str()) {
                        symbols.entry(name).or_insert((rb, o));
                    }
                }
            }
        }
        Self { symbols }
    }

    /// The op defining `name`, with the body that holds it.
    pub fn lookup(&self, name: &str) -> Option<(&'b Body<'c>, OpId)> {
        self.symbols.get(name).copied()
    }
}

/// Runs the `verify_symbol_uses` hooks of every op in `op` (inclusive) against its
/// nearest enclosing symbol table.
pub fn verify_symbol_uses<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    walk(ctx, body, op, None)
}

fn walk<'b, 'c>(
    ctx: &'c Context,
    body: &'b Body<'c>,
    op: OpId,
    table: Option<&SymbolTable<'b, 'c>>,
) -> Result<(), Diagnostic<'c>> {
    let name = body.op_name(op);
    if let (Some(t), Some(f)) = (table, name.def.and_then(|d| d.verify_symbol_uses)) {
        f(ctx, body, op, t)?;
    }
    let own;
    let table = if name.traits().contains(OpTraits::SYMBOL_TABLE) {
        own = SymbolTable::build(body, op);
        Some(&own)
    } else {
        table
    };
    let rb = body.region_body(op);
    for &r in body.regions_of(op) {
        for b in rb.region_blocks(r) {
            for o in rb.block_ops(b) {
                walk(ctx, rb, o, table)?;
            }
        }
    }
    Ok(())
}

/// The visibility of a symbol (`sym_visibility`), as MLIR's `SymbolTable::Visibility`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Visibility {
    /// Visible from outside the IR (no `sym_visibility`, or `"public"`).
    Public,
    /// Visible only within the nearest symbol table.
    Private,
    /// Visible to the parent symbol table and its nested ones.
    Nested,
}

/// Whether `op` is a symbol (MLIR's `isa<SymbolOpInterface>`): an op with the `Symbol`
/// trait, except a `builtin.module` without a name, whose symbol is optional.
pub fn is_symbol(body: &Body<'_>, op: OpId) -> bool {
    let name = body.op_name(op);
    name.traits().contains(OpTraits::SYMBOL)
        && (name.as_str() != crate::builtin::ModuleOp::NAME || body.attr(op, "sym_name").is_some())
}

/// The name a symbol defines (`sym_name`), if any.
pub fn symbol_name<'c>(body: &Body<'c>, op: OpId) -> Option<&'c str> {
    body.attr(op, "sym_name").and_then(|a| a.as_str())
}

/// The visibility of symbol `op`. A value other than `"private"` or `"nested"` reads as
/// public, as in MLIR.
pub fn symbol_visibility(body: &Body<'_>, op: OpId) -> Visibility {
    match body.attr(op, "sym_visibility").and_then(|a| a.as_str()) {
        Some("private") => Visibility::Private,
        Some("nested") => Visibility::Nested,
        _ => Visibility::Public,
    }
}

/// Sets the visibility of symbol `op`: public removes `sym_visibility`, the others set
/// it, as a property when the op declares it inherent and as an attribute otherwise.
pub fn set_symbol_visibility<'c>(ctx: &'c Context, body: &mut Body<'c>, op: OpId, vis: Visibility) {
    let value = match vis {
        Visibility::Public => None,
        Visibility::Private => Some(ctx.string_attr("private")),
        Visibility::Nested => Some(ctx.string_attr("nested")),
    };
    let inherent = body
        .op_name(op)
        .def
        .is_some_and(|d| d.is_inherent("sym_visibility"));
    if inherent {
        let props = ctx.dict_with(body.op_props(op), "sym_visibility", value);
        body.set_op_props(op, Some(props));
    } else {
        let attrs = ctx.dict_with(Some(body.op_attrs(op)), "sym_visibility", value);
        body.set_op_attrs(op, attrs);
    }
}
