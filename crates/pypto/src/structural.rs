//! Structural equality and hashing of PyPTO programs (PyPTO's `structural_equal` and
//! `structural_hash`, the seed's semantics over the IR).
//!
//! Spans and names are ignored: locations (where `pypto` keeps variable names), the
//! `pypto.arg_names` of loops and a program's name (`sym_name` of `builtin.module`).
//! Every definition (parameter, op result, loop variable, iter_arg) is mapped to its
//! counterpart when it is defined, and a value defined outside the compared ops is
//! mapped on its first use: the mapping is one to one, so `x + x` equals `y + y` but
//! not `y + z`. Everything else (op names, attributes, types, the order of ops and
//! operands, regions, blocks) must be equal. Equal ops hash equal: the hash numbers
//! values in the order the comparison maps them. Attributes and types hash by identity
//! (they are uniqued), so hashes agree within one `Context`.
//!
//! API: `structural_equal(body_a, op_a, body_b, op_b) -> Result<(), Mismatch>` (the path
//! of the first difference), `structural_equal_regions` and `structural_hash`.

use std::hash::{Hash, Hasher};

use rustc_hash::{FxHashMap, FxHasher};

use pto_ir::builtin;
use pto_ir::{AttrKind, Attribute, BlockId, Body, Location, OpId, RegionId, ValueId};

/// The first difference between two programs.
#[derive(Debug, Clone)]
pub struct Mismatch<'c> {
    /// Where it is, from the compared ops down (`func.func @main > scf.for #3 > region
    /// 0 > pypto.add #1`).
    pub path: String,
    /// What differs.
    pub message: String,
    /// The location of the differing op on each side, when there is one.
    pub lhs: Option<Location<'c>>,
    /// See `lhs`.
    pub rhs: Option<Location<'c>>,
}

impl std::fmt::Display for Mismatch<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

/// Attributes that are names, not semantics.
fn ignored_attr(op_name: &str, key: &str) -> bool {
    key == super::ARG_NAMES_ATTR || (op_name == builtin::ModuleOp::NAME && key == "sym_name")
}

/// The compared attributes of `op`: properties and discardable attributes by name.
fn attrs<'c>(body: &Body<'c>, op: OpId) -> Vec<(&'c str, Attribute<'c>)> {
    let name = body.op_name(op).as_str();
    let mut out = Vec::new();
    for d in [body.op_props(op), Some(body.op_attrs(op))]
        .into_iter()
        .flatten()
    {
        if let AttrKind::Dictionary(entries) = *d.kind() {
            for e in entries {
                if !ignored_attr(name, e.name.as_str()) {
                    out.push((e.name.as_str(), e.value));
                }
            }
        }
    }
    out.sort_by_key(|&(k, _)| k);
    out
}

/// Whether `a` in `ba` and `b` in `bb` are structurally equal, or where they first differ.
pub fn structural_equal<'c>(
    ba: &Body<'c>,
    a: OpId,
    bb: &Body<'c>,
    b: OpId,
) -> Result<(), Mismatch<'c>> {
    Equal::new(ba, bb).op(a, b, &mut Vec::new())
}

/// Compares regions `ra` of `ba` with `rb` of `bb` (the bodies of two isolated ops, or
/// two files' top levels).
pub fn structural_equal_regions<'c>(
    ba: &Body<'c>,
    ra: &[RegionId],
    bb: &Body<'c>,
    rb: &[RegionId],
) -> Result<(), Mismatch<'c>> {
    Equal::new(ba, bb).regions(ra, rb, None, &mut Vec::new())
}

/// The structural hash of `op` in `body`: equal ops hash equal.
pub fn structural_hash(body: &Body<'_>, op: OpId) -> u64 {
    let mut h = Hash_ {
        body,
        ids: FxHashMap::default(),
        state: FxHasher::default(),
    };
    h.op(op);
    h.state.finish()
}

struct Equal<'a, 'c> {
    ba: &'a Body<'c>,
    bb: &'a Body<'c>,
    ab: FxHashMap<ValueId, ValueId>,
    ba_map: FxHashMap<ValueId, ValueId>,
    blocks: FxHashMap<BlockId, BlockId>,
}

type Path = Vec<String>;

impl<'a, 'c> Equal<'a, 'c> {
    fn new(ba: &'a Body<'c>, bb: &'a Body<'c>) -> Self {
        Equal {
            ba,
            bb,
            ab: FxHashMap::default(),
            ba_map: FxHashMap::default(),
            blocks: FxHashMap::default(),
        }
    }

    fn fail<T>(
        &self,
        path: &Path,
        a: Option<OpId>,
        b: Option<OpId>,
        m: String,
    ) -> Result<T, Mismatch<'c>> {
        Err(Mismatch {
            path: path.join(" > "),
            message: m,
            lhs: a.map(|o| self.ba.op_loc(o)),
            rhs: b.map(|o| self.bb.op_loc(o)),
        })
    }

    /// Maps a definition (always: definitions are auto-mapped).
    fn define(&mut self, a: ValueId, b: ValueId) {
        self.ab.insert(a, b);
        self.ba_map.insert(b, a);
    }

    fn value(&mut self, a: ValueId, b: ValueId) -> Result<(), String> {
        let (ta, tb) = (self.ba.value_type(a), self.bb.value_type(b));
        if ta != tb {
            return Err(format!(
                "types differ: {} vs {}",
                pto_ir::printer::type_to_string(ta),
                pto_ir::printer::type_to_string(tb)
            ));
        }
        match (self.ab.get(&a), self.ba_map.get(&b)) {
            (Some(&x), _) if x == b => Ok(()),
            (None, None) => {
                self.define(a, b);
                Ok(())
            }
            _ => Err("refers to a different variable".to_string()),
        }
    }

    fn label(body: &Body<'_>, op: OpId, index: usize) -> String {
        let name = body.op_name(op).as_str();
        match body.attr(op, "sym_name").and_then(|a| a.as_str()) {
            Some(s) if name != builtin::ModuleOp::NAME => format!("{name} @{s}"),
            _ => format!("{name} #{index}"),
        }
    }

    fn op(&mut self, a: OpId, b: OpId, path: &mut Path) -> Result<(), Mismatch<'c>> {
        let (ba, bb) = (self.ba, self.bb);
        let (na, nb) = (ba.op_name(a).as_str(), bb.op_name(b).as_str());
        if na != nb {
            return self.fail(path, Some(a), Some(b), format!("'{na}' vs '{nb}'"));
        }
        let (xa, xb) = (attrs(ba, a), attrs(bb, b));
        if xa != xb {
            let key = xa
                .iter()
                .zip(&xb)
                .find(|(p, q)| p != q)
                .map(|(p, _)| p.0)
                .or_else(|| xa.get(xb.len()).or(xb.get(xa.len())).map(|p| p.0))
                .unwrap_or("?");
            let show = |x: &[(&str, Attribute<'c>)]| {
                x.iter()
                    .find(|p| p.0 == key)
                    .map_or("absent".to_string(), |p| {
                        pto_ir::printer::attr_to_string(p.1)
                    })
            };
            let m = format!("attribute '{key}' differs: {} vs {}", show(&xa), show(&xb));
            return self.fail(path, Some(a), Some(b), m);
        }
        let (oa, ob): (Vec<ValueId>, Vec<ValueId>) =
            (ba.operands(a).collect(), bb.operands(b).collect());
        if oa.len() != ob.len() {
            let m = format!("{} operands vs {}", oa.len(), ob.len());
            return self.fail(path, Some(a), Some(b), m);
        }
        for (i, (&x, &y)) in oa.iter().zip(&ob).enumerate() {
            if let Err(m) = self.value(x, y) {
                return self.fail(path, Some(a), Some(b), format!("operand {i} {m}"));
            }
        }
        let (sa, sb) = (ba.successors(a), bb.successors(b));
        if sa.len() != sb.len()
            || sa
                .iter()
                .zip(sb)
                .any(|(x, y)| self.blocks.get(x).is_some_and(|m| m != y))
        {
            return self.fail(path, Some(a), Some(b), "successors differ".to_string());
        }
        let (ra, rb): (Vec<ValueId>, Vec<ValueId>) =
            (ba.results(a).collect(), bb.results(b).collect());
        if ra.len() != rb.len() {
            let m = format!("{} results vs {}", ra.len(), rb.len());
            return self.fail(path, Some(a), Some(b), m);
        }
        for (i, (&x, &y)) in ra.iter().zip(&rb).enumerate() {
            if ba.value_type(x) != bb.value_type(y) {
                let m = format!(
                    "result {i} types differ: {} vs {}",
                    pto_ir::printer::type_to_string(ba.value_type(x)),
                    pto_ir::printer::type_to_string(bb.value_type(y))
                );
                return self.fail(path, Some(a), Some(b), m);
            }
            self.define(x, y);
        }
        let (ga, gb) = (ba.regions_of(a), bb.regions_of(b));
        match (ba.nested(a), bb.nested(b)) {
            (Some(na), Some(nb)) => {
                // An isolated op: its regions live in its own body; no value crosses.
                Equal::new(na, nb).regions(ga, gb, Some((a, b)), path)
            }
            (None, None) => self.regions(ga, gb, Some((a, b)), path),
            _ => self.fail(path, Some(a), Some(b), "regions differ".to_string()),
        }
    }

    fn regions(
        &mut self,
        ga: &[RegionId],
        gb: &[RegionId],
        owner: Option<(OpId, OpId)>,
        path: &mut Path,
    ) -> Result<(), Mismatch<'c>> {
        let (oa, ob) = (owner.map(|o| o.0), owner.map(|o| o.1));
        if ga.len() != gb.len() {
            let m = format!("{} regions vs {}", ga.len(), gb.len());
            return self.fail(path, oa, ob, m);
        }
        for (k, (&x, &y)) in ga.iter().zip(gb).enumerate() {
            let xs: Vec<BlockId> = self.ba.region_blocks(x).collect();
            let ys: Vec<BlockId> = self.bb.region_blocks(y).collect();
            if xs.len() != ys.len() {
                let m = format!("region {k} has {} blocks vs {}", xs.len(), ys.len());
                return self.fail(path, oa, ob, m);
            }
            for (&p, &q) in xs.iter().zip(&ys) {
                self.blocks.insert(p, q);
            }
            if ga.len() > 1 {
                path.push(format!("region {k}"));
            }
            for (&p, &q) in xs.iter().zip(&ys) {
                self.block(p, q, oa, ob, path)?;
            }
            if ga.len() > 1 {
                path.pop();
            }
        }
        Ok(())
    }

    fn block(
        &mut self,
        p: BlockId,
        q: BlockId,
        oa: Option<OpId>,
        ob: Option<OpId>,
        path: &mut Path,
    ) -> Result<(), Mismatch<'c>> {
        let (xa, ya) = (
            self.ba.block_args(p).to_vec(),
            self.bb.block_args(q).to_vec(),
        );
        if xa.len() != ya.len() {
            let m = format!("{} block arguments vs {}", xa.len(), ya.len());
            return self.fail(path, oa, ob, m);
        }
        for (i, (&x, &y)) in xa.iter().zip(&ya).enumerate() {
            if self.ba.value_type(x) != self.bb.value_type(y) {
                let m = format!("block argument {i} types differ");
                return self.fail(path, oa, ob, m);
            }
            self.define(x, y);
        }
        let (ops_a, ops_b): (Vec<OpId>, Vec<OpId>) = (
            self.ba.block_ops(p).collect(),
            self.bb.block_ops(q).collect(),
        );
        for (i, (&x, &y)) in ops_a.iter().zip(&ops_b).enumerate() {
            path.push(Self::label(self.ba, x, i));
            self.op(x, y, path)?;
            path.pop();
        }
        if ops_a.len() != ops_b.len() {
            let n = ops_a.len().min(ops_b.len());
            let (xa, xb) = (ops_a.get(n).copied(), ops_b.get(n).copied());
            let m = match (xa, xb) {
                (Some(x), _) => format!("extra op '{}' on the left", self.ba.op_name(x).as_str()),
                (_, Some(y)) => format!("extra op '{}' on the right", self.bb.op_name(y).as_str()),
                _ => unreachable!("lengths differ"),
            };
            return self.fail(path, xa.or(oa), xb.or(ob), m);
        }
        Ok(())
    }
}

/// The hashing walk (the same order as `Equal`).
struct Hash_<'a, 'c> {
    body: &'a Body<'c>,
    ids: FxHashMap<ValueId, u64>,
    state: FxHasher,
}

impl Hash_<'_, '_> {
    fn id(&mut self, v: ValueId) -> u64 {
        let n = self.ids.len() as u64;
        *self.ids.entry(v).or_insert(n)
    }

    fn op(&mut self, op: OpId) {
        let body = self.body;
        body.op_name(op).as_str().hash(&mut self.state);
        for (k, v) in attrs(body, op) {
            k.hash(&mut self.state);
            v.hash(&mut self.state);
        }
        for v in body.operands(op) {
            body.value_type(v).hash(&mut self.state);
            let id = self.id(v);
            id.hash(&mut self.state);
        }
        for r in body.results(op) {
            body.value_type(r).hash(&mut self.state);
            self.id(r);
        }
        let regions = body.regions_of(op);
        regions.len().hash(&mut self.state);
        match body.nested(op) {
            Some(n) => {
                let mut inner = Hash_ {
                    body: n,
                    ids: FxHashMap::default(),
                    state: FxHasher::default(),
                };
                inner.regions(regions);
                inner.state.finish().hash(&mut self.state);
            }
            None => self.regions(regions),
        }
    }

    fn regions(&mut self, regions: &[RegionId]) {
        let body = self.body;
        for &r in regions {
            for b in body.region_blocks(r) {
                body.block_args(b).len().hash(&mut self.state);
                for &a in body.block_args(b) {
                    body.value_type(a).hash(&mut self.state);
                    self.id(a);
                }
                for o in body.block_ops(b) {
                    self.op(o);
                }
            }
        }
    }
}

#[cfg(test)]
#[path = "structural_tests.rs"]
mod tests;
