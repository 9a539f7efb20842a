//! Value and block names for printing, following MLIR's `SSANameState`.
//!
//! In custom mode every region restarts from the counters as they stood after its parent
//! region was numbered (so sibling regions share numbers); in generic mode numbering never
//! restarts. Regions are processed from a LIFO stack, as MLIR does, which fixes the order
//! in generic mode.

use std::fmt::Write as _;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::entity::SecondaryMap;
use crate::{BlockId, Body, OpId, RegionId, ValueId};

#[derive(Copy, Clone, Default)]
struct ValName {
    /// 0: unnamed, 1: numeric, 2: text (index into `texts`).
    kind: u8,
    id: u32,
    index: u32,
    group: u32,
}

/// A value's name in 4 bytes (names are kept for every value of what is printed): 0
/// for none, `id + 1` for a numeric name of a value alone in its group (most values),
/// else [`PACKED_OTHER`] with the index of the full [`ValName`] in `Names::others`.
type PackedName = u32;

const PACKED_OTHER: u32 = 1 << 31;

#[derive(Default)]
struct BodyNames {
    values: Option<SecondaryMap<ValueId, PackedName>>,
    blocks: Option<SecondaryMap<BlockId, u32>>,
}

/// Names of every value and block of a printed op tree.
pub struct Names {
    generic: bool,
    bodies: FxHashMap<*const (), BodyNames>,
    texts: Vec<String>,
    /// Names that do not pack into a [`PackedName`] number.
    others: Vec<ValName>,
    // Numbering state.
    next_value: u32,
    next_arg: u32,
    next_conflict: u32,
    scopes: Vec<FxHashSet<String>>,
}

// SAFETY: `bodies` is keyed by the address of each numbered body, an identity that is
// compared and never dereferenced; names are only read while printer threads share them.
unsafe impl Sync for Names {}

struct Frame<'b, 'c> {
    body: &'b Body<'c>,
    region: RegionId,
    v: u32,
    a: u32,
    c: u32,
    depth: usize,
}

fn key(body: &Body<'_>) -> *const () {
    body as *const Body<'_> as *const ()
}

/// MLIR's name sanitizer: keep `[A-Za-z0-9$._-]`, spaces to `_`, other bytes to hex, and
/// prefix names starting with a digit with `_`.
fn sanitize(name: &str) -> String {
    let ok = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'$' | b'.' | b'_' | b'-');
    let copied = |s: &str| {
        let mut o = String::new();
        for b in s.bytes() {
            if ok(b) {
                o.push(b as char);
            } else if b == b' ' {
                o.push('_');
            } else {
                let _ = write!(o, "{b:X}");
            }
        }
        o
    };
    if name.as_bytes().first().is_some_and(|c| c.is_ascii_digit()) {
        return format!("_{}", copied(name));
    }
    if name.bytes().all(ok) {
        return name.to_string();
    }
    copied(name)
}

impl Names {
    /// Empty naming state.
    pub fn new(generic: bool) -> Self {
        Self {
            generic,
            bodies: FxHashMap::default(),
            texts: Vec::new(),
            others: Vec::new(),
            next_value: 0,
            next_arg: 0,
            next_conflict: 0,
            scopes: vec![FxHashSet::default()],
        }
    }

    fn names_of(&mut self, body: &Body<'_>) -> &mut BodyNames {
        self.bodies.entry(key(body)).or_default()
    }

    fn set_value(&mut self, body: &Body<'_>, v: ValueId, n: ValName) {
        let packed = if n.kind == 1 && n.group == 1 && n.id < PACKED_OTHER - 1 {
            n.id + 1
        } else {
            self.others.push(n);
            u32::try_from(self.others.len() - 1)
                .ok()
                .filter(|&i| i < PACKED_OTHER)
                .expect("too many named values")
                | PACKED_OTHER
        };
        let b = self.names_of(body);
        b.values
            .get_or_insert_with(|| SecondaryMap::with_default(0))
            .set(v, packed);
    }

    fn unique(&mut self, name: &str) -> String {
        let mut name = sanitize(name);
        if self.scopes.iter().any(|s| s.contains(&name)) {
            loop {
                let cand = format!("{name}_{}", self.next_conflict);
                self.next_conflict += 1;
                if !self.scopes.iter().any(|s| s.contains(&cand)) {
                    name = cand;
                    break;
                }
            }
        }
        self.scopes.last_mut().expect("scope").insert(name.clone());
        name
    }

    fn text(&mut self, s: String) -> u32 {
        self.texts.push(s);
        (self.texts.len() - 1) as u32
    }

    /// Numbers `op` (the top of what is printed) and everything nested in it.
    pub fn number_top(&mut self, body: &Body<'_>, op: OpId) {
        self.number_op(body, op);
        self.number_regions(body.region_body(op), body.regions_of(op));
    }

    /// Numbers `regions` of `rb` and everything nested in them.
    pub fn number_regions(&mut self, rb: &Body<'_>, regions: &[RegionId]) {
        let mut stack: Vec<Frame<'_, '_>> = Vec::new();
        let depth = self.scopes.len();
        for &r in regions {
            stack.push(Frame {
                body: rb,
                region: r,
                v: self.next_value,
                a: self.next_arg,
                c: self.next_conflict,
                depth,
            });
        }
        while let Some(f) = stack.pop() {
            if !self.generic {
                self.next_value = f.v;
                self.next_arg = f.a;
                self.next_conflict = f.c;
            }
            self.scopes.truncate(f.depth);
            self.scopes.push(FxHashSet::default());
            let here = self.scopes.len();
            self.number_region(f.body, f.region);
            for b in f.body.region_blocks(f.region) {
                for o in f.body.block_ops(b) {
                    let rb = f.body.region_body(o);
                    for &r in f.body.regions_of(o) {
                        stack.push(Frame {
                            body: rb,
                            region: r,
                            v: self.next_value,
                            a: self.next_arg,
                            c: self.next_conflict,
                            depth: here,
                        });
                    }
                }
            }
        }
    }

    fn number_region(&mut self, body: &Body<'_>, region: RegionId) {
        let blocks: Vec<BlockId> = body.region_blocks(region).collect();
        for (i, &b) in blocks.iter().enumerate() {
            let bn = self.names_of(body);
            bn.blocks
                .get_or_insert_with(|| SecondaryMap::with_default(u32::MAX))
                .set(b, i as u32);
            for &a in body.block_args(b) {
                if i == 0 {
                    let n = format!("arg{}", self.next_arg);
                    self.next_arg += 1;
                    let n = self.unique(&n);
                    let t = self.text(n);
                    self.set_value(
                        body,
                        a,
                        ValName {
                            kind: 2,
                            id: t,
                            index: 0,
                            group: 1,
                        },
                    );
                } else {
                    let id = self.next_value;
                    self.next_value += 1;
                    self.set_value(
                        body,
                        a,
                        ValName {
                            kind: 1,
                            id,
                            index: 0,
                            group: 1,
                        },
                    );
                }
            }
            for o in body.block_ops(b) {
                self.number_op(body, o);
            }
        }
    }

    fn number_op(&mut self, body: &Body<'_>, op: OpId) {
        let n = body.num_results(op);
        if n == 0 {
            return;
        }
        let hook = if self.generic {
            None
        } else {
            body.op_name(op).def.and_then(|d| d.result_names)
        };
        if hook.is_none() {
            // One numeric group for all results: the common case, without allocation.
            let id = self.next_value;
            self.next_value += 1;
            for i in 0..n {
                let v = body.result(op, i);
                self.set_value(
                    body,
                    v,
                    ValName {
                        kind: 1,
                        id,
                        index: i as u32,
                        group: n as u32,
                    },
                );
            }
            return;
        }
        let mut hints: Vec<Option<String>> = vec![None; n];
        if !self.generic {
            if let Some(f) = body.op_name(op).def.and_then(|d| d.result_names) {
                f(body, op, &mut |i, s| {
                    if i < n {
                        hints[i] = Some(s.to_string());
                    }
                });
            }
        }
        // Group boundaries: result 0 and every named result start a group.
        let mut starts: Vec<usize> = (0..n).filter(|&i| i == 0 || hints[i].is_some()).collect();
        starts.push(n);
        for w in starts.windows(2) {
            let (s, e) = (w[0], w[1]);
            let (kind, id) = match hints[s].take() {
                Some(h) => {
                    let u = self.unique(&h);
                    (2, self.text(u))
                }
                None => {
                    let id = self.next_value;
                    self.next_value += 1;
                    (1, id)
                }
            };
            for i in s..e {
                let v = body.result(op, i);
                self.set_value(
                    body,
                    v,
                    ValName {
                        kind,
                        id,
                        index: (i - s) as u32,
                        group: (e - s) as u32,
                    },
                );
            }
        }
    }

    fn get(&self, body: &Body<'_>, v: ValueId) -> ValName {
        let packed = self
            .bodies
            .get(&key(body))
            .and_then(|b| b.values.as_ref())
            .map_or(0, |m| *m.get(v));
        match packed {
            0 => ValName::default(),
            p if p & PACKED_OTHER != 0 => self.others[(p & !PACKED_OTHER) as usize],
            id => ValName {
                kind: 1,
                id: id - 1,
                index: 0,
                group: 1,
            },
        }
    }

    fn write_base(&self, out: &mut String, n: ValName) {
        out.push('%');
        if n.kind == 1 {
            out.push_str(itoa::Buffer::new().format(n.id));
        } else {
            out.push_str(&self.texts[n.id as usize]);
        }
    }

    /// Writes a use of `v`: `%0`, `%0#1`, `%arg0`, `%c0`.
    pub fn write_value(&self, out: &mut String, body: &Body<'_>, v: ValueId) {
        let n = self.get(body, v);
        if n.kind == 0 {
            out.push_str("<<UNKNOWN SSA VALUE>>");
            return;
        }
        self.write_base(out, n);
        if n.group > 1 {
            out.push('#');
            out.push_str(itoa::Buffer::new().format(n.index));
        }
    }

    /// Writes the result list of an op: `%0`, `%0:2`, `%a, %b:2`.
    pub fn write_result_defs(&self, out: &mut String, body: &Body<'_>, op: OpId) {
        let mut first = true;
        for v in body.results(op) {
            let n = self.get(body, v);
            if n.index != 0 {
                continue;
            }
            if !first {
                out.push_str(", ");
            }
            first = false;
            if n.kind == 0 {
                out.push_str("<<UNKNOWN SSA VALUE>>");
                continue;
            }
            self.write_base(out, n);
            if n.group > 1 {
                let _ = write!(out, ":{}", n.group);
            }
        }
    }

    /// Writes `^bbN`.
    pub fn write_block(&self, out: &mut String, body: &Body<'_>, b: BlockId) {
        let id = self
            .bodies
            .get(&key(body))
            .and_then(|n| n.blocks.as_ref())
            .map(|m| *m.get(b))
            .unwrap_or(u32::MAX);
        if id == u32::MAX {
            out.push_str("^INVALIDBLOCK");
        } else {
            let _ = write!(out, "^bb{id}");
        }
    }
}
