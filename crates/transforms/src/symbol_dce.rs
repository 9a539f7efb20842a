//! `symbol-dce`: erases the symbols that nothing live refers to (MLIR's `SymbolDCE`).
//!
//! Liveness starts from what the IR cannot see the users of: in each symbol table, every
//! op that is not a symbol, and every symbol whose visibility reaches outside (public, or
//! `nested` in a table that is itself visible from its parent). Symbol references held by
//! live ops (in their attributes and properties, and in everything nested in them, down to
//! the next symbol table) make the symbols they name live, transitively; a nested symbol
//! table gets its own liveness, hidden when its owner is. Then every symbol not found live
//! is erased, nested tables first.
//!
//! The anchor is taken to be the top-level op, whose symbols are hidden from any parent
//! (a pass cannot see whether its anchor has a parent; mlir-opt treats a nested public
//! anchor's `nested` symbols as visible).
//!
//! Ops are keyed by (body address, `OpId`), since liveness crosses nested bodies.

use rustc_hash::FxHashSet;

use pto_ir::symbol_table::{is_symbol, symbol_visibility, Visibility};
use pto_ir::{AttrKind, Attribute, Body, Context, Diagnostic, OpId, OpTraits, RegionId};
use pto_pass::{Pass, PassTarget};

impl Pass for crate::SymbolDCE {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        if !target.op_name.traits().contains(OpTraits::SYMBOL_TABLE) {
            return Err(Diagnostic::error(
                target.loc,
                format!(
                    "'{}' op  was scheduled to run under SymbolDCE, but does not define a symbol table",
                    target.op_name.as_str()
                ),
            ));
        }
        let live = {
            let body: &Body<'c> = target.body;
            let mut analysis = Liveness {
                ctx,
                live: FxHashSet::default(),
            };
            if let Some(&region) = body.root_regions().first() {
                analysis.compute(Table { body, region }, true)?;
            }
            analysis.live
        };
        let mut erased = 0;
        sweep(target.body, true, &live, &mut erased);
        target.statistics.add(crate::SymbolDCE::NUM_DCED, erased);
        Ok(())
    }
}

/// An op anywhere under the anchor: the body holding it (by address, stable while the
/// pass runs) and its id there.
type OpKey = (usize, OpId);

fn key(body: &Body<'_>, op: OpId) -> OpKey {
    (body as *const Body<'_> as usize, op)
}

/// The symbol region of a symbol table (MLIR looks only at region 0): where its symbols
/// are defined and looked up.
#[derive(Copy, Clone)]
struct Table<'b, 'c> {
    /// The body holding the region (the nested body of an isolated table).
    body: &'b Body<'c>,
    region: RegionId,
}

impl<'b, 'c> Table<'b, 'c> {
    /// The table formed by the op `op` of `body`, if it has the trait and a region.
    fn of(body: &'b Body<'c>, op: OpId) -> Option<Self> {
        if !body.op_name(op).traits().contains(OpTraits::SYMBOL_TABLE) {
            return None;
        }
        let region = *body.regions_of(op).first()?;
        Some(Table {
            body: body.region_body(op),
            region,
        })
    }

    /// The first op of the entry block named `name` (by `sym_name`, symbol or not).
    fn lookup(self, name: &str) -> Option<OpId> {
        let block = self.body.entry_block(self.region)?;
        self.body.block_ops(block).find(|&o| {
            self.body
                .attr(o, "sym_name")
                .and_then(|a| a.as_str())
                .is_some_and(|n| n == name)
        })
    }
}

/// An op waiting to have its references followed, with the table its references
/// resolve in (`None` when its parent is not a symbol table: its references were
/// gathered with its ancestor's).
struct Item<'b, 'c> {
    body: &'b Body<'c>,
    op: OpId,
    parent_table: Option<Table<'b, 'c>>,
}

struct Liveness<'c> {
    ctx: &'c Context,
    live: FxHashSet<OpKey>,
}

impl<'c> Liveness<'c> {
    /// Marks the live symbols of `table` and of the tables nested in its live ops.
    /// `hidden`: nothing outside the table's parent can refer to its symbols.
    fn compute<'b>(&mut self, table: Table<'b, 'c>, hidden: bool) -> Result<(), Diagnostic<'c>> {
        let body = table.body;
        let mut worklist: Vec<Item<'b, 'c>> = Vec::new();
        for block in body.region_blocks(table.region) {
            for op in body.block_ops(block) {
                let item = Item {
                    body,
                    op,
                    parent_table: Some(table),
                };
                if !is_symbol(body, op) {
                    worklist.push(item);
                    continue;
                }
                let vis = symbol_visibility(body, op);
                let discardable =
                    (hidden || vis == Visibility::Private) && vis != Visibility::Public;
                if !discardable && self.live.insert(key(body, op)) {
                    worklist.push(item);
                }
            }
        }
        while let Some(Item {
            body,
            op,
            parent_table,
        }) = worklist.pop()
        {
            if let Some(nested) = Table::of(body, op) {
                let nested_hidden = hidden
                    || !is_symbol(body, op)
                    || symbol_visibility(body, op) == Visibility::Private;
                self.compute(nested, nested_hidden)?;
            } else {
                // Not a table: its nested ops with regions may hold tables of their own.
                let rb = body.region_body(op);
                for &r in body.regions_of(op) {
                    for b in rb.region_blocks(r) {
                        for o in rb.block_ops(b) {
                            if !rb.regions_of(o).is_empty() {
                                worklist.push(Item {
                                    body: rb,
                                    op: o,
                                    parent_table: None,
                                });
                            }
                        }
                    }
                }
            }
            let Some(parent) = parent_table else {
                continue;
            };
            let mut refs: Vec<Attribute<'c>> = Vec::new();
            if !self.symbol_uses(body, op, &mut refs) {
                return Err(Diagnostic::error(
                    body.op_loc(op),
                    "operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses",
                ));
            }
            for r in refs {
                for (table, o) in resolve(parent, r).unwrap_or_default() {
                    if self.live.insert(key(table.body, o)) {
                        worklist.push(Item {
                            body: table.body,
                            op: o,
                            parent_table: Some(table),
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// An op with one region whose dialect is unknown may define a symbol table, so the
    /// references inside it cannot be attributed (MLIR's
    /// `isPotentiallyUnknownSymbolTable`).
    fn potentially_unknown_table(&self, body: &Body<'_>, op: OpId) -> bool {
        let name = body.op_name(op);
        body.regions_of(op).len() == 1
            && name.def.is_none()
            && self.ctx.dialect(name.dialect()).is_none()
    }

    /// Collects the symbol references of `op` and of the ops nested in it, not entering
    /// nested symbol tables. False if an unknown op may hide a symbol table.
    fn symbol_uses(&self, body: &Body<'c>, op: OpId, out: &mut Vec<Attribute<'c>>) -> bool {
        if self.potentially_unknown_table(body, op) {
            return false;
        }
        collect_refs(body, op, out);
        if body.op_name(op).traits().contains(OpTraits::SYMBOL_TABLE) {
            return true;
        }
        let rb = body.region_body(op);
        body.regions_of(op).iter().all(|&r| {
            rb.region_blocks(r)
                .all(|b| rb.block_ops(b).all(|o| self.symbol_uses(rb, o, out)))
        })
    }
}

/// The symbol references in the attributes and properties of `op`, looking into arrays
/// and dictionaries.
fn collect_refs<'c>(body: &Body<'c>, op: OpId, out: &mut Vec<Attribute<'c>>) {
    fn walk<'c>(a: Attribute<'c>, out: &mut Vec<Attribute<'c>>) {
        match *a.kind() {
            AttrKind::SymbolRef { .. } => out.push(a),
            AttrKind::Array(items) => items.iter().for_each(|&i| walk(i, out)),
            AttrKind::Dictionary(entries) => entries.iter().for_each(|e| walk(e.value, out)),
            _ => {}
        }
    }
    if let Some(p) = body.op_props(op) {
        walk(p, out);
    }
    walk(body.op_attrs(op), out);
}

/// The ops a reference names, from its root down to its leaf, each with the table
/// defining it (MLIR's `lookupSymbolIn` with a result list): `None` if some part does not
/// resolve, or a non-leaf part is not a symbol table.
fn resolve<'b, 'c>(table: Table<'b, 'c>, r: Attribute<'c>) -> Option<Vec<(Table<'b, 'c>, OpId)>> {
    let AttrKind::SymbolRef { root, nested } = *r.kind() else {
        return None;
    };
    let mut out = Vec::with_capacity(nested.len() + 1);
    let mut table = table;
    let mut op = table.lookup(root.as_str())?;
    out.push((table, op));
    for part in nested {
        table = Table::of(table.body, op)?;
        op = table.lookup(part.as_str())?;
        out.push((table, op));
    }
    Some(out)
}

/// Erases the symbols not found live in every symbol table of `body`, nested tables
/// before the tables holding them; `owner_is_table`: the body's own root region is a
/// symbol table's.
fn sweep(body: &mut Body<'_>, owner_is_table: bool, live: &FxHashSet<OpKey>, erased: &mut u64) {
    let mut order = Vec::new();
    for r in body.root_regions() {
        for b in body.region_blocks(r).collect::<Vec<_>>() {
            for o in body.block_ops(b).collect::<Vec<_>>() {
                order.extend(body.ops_in(o, pto_ir::WalkOrder::PostOrder));
            }
        }
    }
    for op in order {
        if !body.is_alive(op) {
            continue;
        }
        let is_table = body.op_name(op).traits().contains(OpTraits::SYMBOL_TABLE);
        if let Some(nested) = body.nested_mut(op) {
            sweep(nested, is_table, live, erased);
        } else if is_table {
            if let Some(&region) = body.regions_of(op).first() {
                erase_dead_in(body, region, live, erased);
            }
        }
    }
    if owner_is_table {
        if let Some(&region) = body.root_regions().first() {
            erase_dead_in(body, region, live, erased);
        }
    }
}

/// Erases the dead symbols defined directly in `region` of `body`.
fn erase_dead_in(body: &mut Body<'_>, region: RegionId, live: &FxHashSet<OpKey>, erased: &mut u64) {
    let dead: Vec<OpId> = body
        .region_blocks(region)
        .flat_map(|b| body.block_ops(b))
        .filter(|&o| is_symbol(body, o) && !live.contains(&key(body, o)))
        .collect();
    for op in dead {
        // A symbol has no results, so nothing outside it can still use it.
        if body.erase_op(op).is_ok() {
            *erased += 1;
        }
    }
}
