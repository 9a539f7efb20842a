//! The synchronisation model both passes share: a function as a tree of pipe ops, sync
//! ops and structured control flow, and a dataflow analysis that finds the dependencies
//! no synchronisation orders.
//!
//! The state after a point is, for every pipe `c`, the set of pipe ops whose latest
//! instance may still be running when the next op of `c` starts (`out[c]`), and for
//! every pending `set_flag` the set of ops its signal does not cover (its token):
//! - an op `X` on pipe `x` must find no conflicting op in `out[x]`; it then joins every
//!   `out[c]` (its new instance is not known complete) except on a pipe that completes in
//!   issue order, and every pending token;
//! - `set_flag[p, c, e]` fires once every earlier op of `p` is done, so its token is
//!   `out[p]` without the ops of `p`; `wait_flag[p, c, e]` consumes it and removes from
//!   `out[c]` what the token covers: this is how synchronisation chains compose
//!   (MTE2 -> V then V -> MTE3 orders the load before the store);
//! - `barrier <p>` completes every earlier op of `p` before later ones; `<PIPE_ALL>`
//!   completes everything;
//! - at a join the outstanding sets are united and tokens pending on every path are
//!   united (a token pending on one path only is dropped: a wait cannot count on it);
//!   loops iterate to a fixpoint, which finds the dependencies carried from one
//!   iteration to the next.
//!
//! Same-pipe dependencies need a barrier of that pipe (or `PIPE_ALL`), as PTOAS inserts
//! them, except on a pipe that completes in issue order (the A5 vector pipe).

use std::collections::BTreeMap;

use super::sync_model::{op_accesses, op_pipe, Access, Arch, Pipe};
use pto_dialects::scf;
use pto_ir::{BlockId, Body, Context, Diagnostic, OpId, ValueDef, ValueId};

/// Which event a `set_flag`/`wait_flag` names.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum EventKey {
    /// `EVENT_IDk` (or a constant dynamic id).
    Static(i64),
    /// A run-time id that is the same SSA value at every execution of the function
    /// (defined outside every loop): equal values name the same event.
    Value(ValueId),
    /// A run-time id nothing is known about.
    Unknown,
    /// An event of a pair being inserted, before ids are allocated.
    Sym(usize),
}

/// Where an inserted sync op goes relative to the ops around it: right after the
/// previous node of its sequence, or right before the next one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Glue {
    /// Just after the previous op (or at the start of the block).
    Prev,
    /// Just before the next op (or before the block's terminator).
    Next,
}

/// How a region-holding op runs its regions.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RegionKind {
    /// Each region once, in order (`pto.section.*`, `scf.execute_region`).
    Once,
    /// Exactly one of the regions (`scf.if`, `scf.index_switch`).
    Branches,
    /// Its one region zero or more times (`scf.for`).
    Loop,
    /// `scf.while`: the condition region, then zero or more times the body and the
    /// condition again.
    While,
    /// Any of its regions, any number of times (an op the passes do not know).
    Unknown,
}

/// A node of the program tree.
#[derive(Clone, Debug)]
pub enum NodeKind {
    /// A pipe op; `index` numbers it among the tree's ops.
    Op {
        /// The op.
        op: OpId,
        /// Its pipe.
        pipe: Pipe,
        /// Its index in [`Tree::ops`].
        index: usize,
    },
    /// `set_flag` (existing when `op` is given, else inserted).
    Set {
        /// Signalling pipe.
        src: Pipe,
        /// Waiting pipe.
        dst: Pipe,
        /// The event.
        event: EventKey,
        /// The existing op.
        op: Option<OpId>,
        /// Placement of an inserted op.
        glue: Glue,
    },
    /// `wait_flag`.
    Wait {
        /// Signalling pipe.
        src: Pipe,
        /// Waiting pipe.
        dst: Pipe,
        /// The event.
        event: EventKey,
        /// The existing op.
        op: Option<OpId>,
        /// Placement of an inserted op.
        glue: Glue,
    },
    /// `barrier`.
    Barrier {
        /// The pipe (`PIPE_ALL` for all).
        pipe: Pipe,
        /// The existing op.
        op: Option<OpId>,
        /// Placement of an inserted op.
        glue: Glue,
    },
    /// An op with regions.
    Region {
        /// The op.
        op: OpId,
        /// How it runs them.
        kind: RegionKind,
        /// One sequence per region.
        regions: Vec<Seq>,
    },
}

impl NodeKind {
    /// The IR op behind the node, if it exists.
    pub fn ir_op(&self) -> Option<OpId> {
        match *self {
            NodeKind::Op { op, .. } | NodeKind::Region { op, .. } => Some(op),
            NodeKind::Set { op, .. } | NodeKind::Wait { op, .. } | NodeKind::Barrier { op, .. } => {
                op
            }
        }
    }
}

/// The nodes of one block, in order.
#[derive(Clone, Debug, Default)]
pub struct Seq {
    /// The block (none for an empty region).
    pub block: Option<BlockId>,
    /// Node ids.
    pub nodes: Vec<usize>,
}

/// A pipe op of the tree.
#[derive(Clone, Debug)]
pub struct OpInfo {
    /// The op.
    pub op: OpId,
    /// Its pipe.
    pub pipe: Pipe,
    /// Its node.
    pub node: usize,
    /// What it reads and writes.
    pub accesses: Vec<Access>,
}

/// A function as a tree.
#[derive(Clone, Debug, Default)]
pub struct Tree {
    /// All nodes.
    pub nodes: Vec<NodeKind>,
    /// For each node: the node owning its sequence (`None` for the function's block) and
    /// the region index.
    pub parent: Vec<(Option<usize>, usize)>,
    /// The function's block.
    pub root: Seq,
    /// The pipe ops, by index.
    pub ops: Vec<OpInfo>,
    /// For each op, the ops it conflicts with (in either order).
    pub conflicts: Vec<BitSet>,
    /// Nodes the analysis skips (an inserted sync being tried without).
    pub disabled: Vec<bool>,
}

/// A fixed-size set of op indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitSet(Vec<u64>);

impl BitSet {
    /// An empty set for `n` elements.
    pub fn new(n: usize) -> Self {
        BitSet(vec![0; n.div_ceil(64)])
    }
    /// Adds `i`.
    pub fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    /// Whether `i` is in.
    pub fn contains(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }
    /// Adds the elements of `o`.
    pub fn union_with(&mut self, o: &BitSet) {
        self.0.iter_mut().zip(&o.0).for_each(|(a, b)| *a |= b);
    }
    /// Keeps the elements also in `o`.
    pub fn intersect_with(&mut self, o: &BitSet) {
        self.0.iter_mut().zip(&o.0).for_each(|(a, b)| *a &= b);
    }
    /// Removes the elements of `o`.
    pub fn subtract(&mut self, o: &BitSet) {
        self.0.iter_mut().zip(&o.0).for_each(|(a, b)| *a &= !b);
    }
    /// Removes everything.
    pub fn clear(&mut self) {
        self.0.iter_mut().for_each(|a| *a = 0);
    }
    /// The elements, ascending.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| {
            (0..64)
                .filter(move |b| bits & (1 << b) != 0)
                .map(move |b| w * 64 + b)
        })
    }
}

/// Maps the op kinds of `record_event`/`barrier_sync` to their pipes.
fn pipe_of_event_type(a: pto_ir::Attribute<'_>) -> Option<Pipe> {
    let pto_ir::AttrKind::Opaque { body, .. } = a.kind() else {
        return None;
    };
    let word = body.split(['<', '>']).nth(1)?;
    Some(match word {
        "TLOAD" => Pipe::MTE2,
        "TSTORE_VEC" => Pipe::MTE3,
        "TSTORE_ACC" | "TMOV_M2S" | "TMOV_V2M" => Pipe::FIX,
        "TMOV_M2L" | "TMOV_M2B" => Pipe::MTE1,
        "TMATMUL" => Pipe::M,
        "TMOV_M2V" | "TVEC" | "TVECWAIT_EVENT" => Pipe::V,
        _ => return None,
    })
}

/// Whether `op` or one of its ancestors is a loop (its region may run repeatedly).
fn inside_loop(body: &Body<'_>, mut op: OpId) -> bool {
    while let Some(p) = body.parent_op(op) {
        if region_kind(body, p) != RegionKind::Once && region_kind(body, p) != RegionKind::Branches
        {
            return true;
        }
        op = p;
    }
    false
}

/// The event a dynamic id names.
fn dynamic_event(body: &Body<'_>, v: ValueId) -> EventKey {
    if let Some(c) = body.constant_int(v) {
        return i64::try_from(c).map_or(EventKey::Unknown, EventKey::Static);
    }
    let repeated = match body.value_def(v) {
        ValueDef::Result(op, _) => inside_loop(body, op),
        ValueDef::Arg(b, _) => body
            .block_region(b)
            .and_then(|r| body.region_op(r))
            .is_some(),
    };
    if repeated {
        EventKey::Unknown
    } else {
        EventKey::Value(v)
    }
}

/// How a region op runs its regions.
fn region_kind(body: &Body<'_>, op: OpId) -> RegionKind {
    match body.op_name(op).as_str() {
        scf::ForOp::NAME => RegionKind::Loop,
        scf::WhileOp::NAME => RegionKind::While,
        scf::IfOp::NAME | scf::IndexSwitchOp::NAME => RegionKind::Branches,
        scf::ExecuteRegionOp::NAME | crate::SectionCubeOp::NAME | crate::SectionVectorOp::NAME => {
            RegionKind::Once
        }
        _ => RegionKind::Unknown,
    }
}

impl Tree {
    /// Builds the tree of the function whose body is `body` (the nested body of a
    /// `func.func`), with the existing sync ops when `with_syncs`.
    pub fn build<'c>(
        ctx: &'c Context,
        body: &Body<'c>,
        arch: Arch,
        with_syncs: bool,
    ) -> Result<Tree, Diagnostic<'c>> {
        let mut t = Tree::default();
        let region = body.root_regions().first().copied();
        let mut root = Seq::default();
        if let Some(r) = region {
            let blocks: Vec<BlockId> = body.region_blocks(r).collect();
            if blocks.len() > 1 {
                let loc = body.owner_loc().unwrap_or_else(|| ctx.unknown_loc());
                return Err(Diagnostic::error(
                    loc,
                    "synchronisation analysis needs structured control flow (one block per region)",
                ));
            }
            if let Some(&b) = blocks.first() {
                root = t.build_seq(body, b, None, 0, arch, with_syncs)?;
            }
        }
        t.root = root;
        let n = t.ops.len();
        t.conflicts = vec![BitSet::new(n); n];
        for i in 0..n {
            for j in 0..=i {
                let a = &t.ops[i].accesses;
                let b = &t.ops[j].accesses;
                if super::sync_model::hazard(a, b).is_some()
                    || super::sync_model::hazard(b, a).is_some()
                {
                    t.conflicts[i].insert(j);
                    t.conflicts[j].insert(i);
                }
            }
        }
        Ok(t)
    }

    fn add(&mut self, kind: NodeKind, owner: Option<usize>, region: usize) -> usize {
        self.nodes.push(kind);
        self.parent.push((owner, region));
        self.disabled.push(false);
        self.nodes.len() - 1
    }

    fn build_seq<'c>(
        &mut self,
        body: &Body<'c>,
        block: BlockId,
        owner: Option<usize>,
        region: usize,
        arch: Arch,
        with_syncs: bool,
    ) -> Result<Seq, Diagnostic<'c>> {
        let mut seq = Seq {
            block: Some(block),
            nodes: Vec::new(),
        };
        for op in body.block_ops(block) {
            if let Some(kind) = self.node_of(body, op, arch, with_syncs) {
                let id = self.add(kind, owner, region);
                if let NodeKind::Op { index, .. } = self.nodes[id] {
                    self.ops[index].node = id;
                }
                seq.nodes.push(id);
                continue;
            }
            // An isolated op (a nested function) runs nothing here; its regions live in
            // its own body.
            if body.regions_of(op).is_empty() || body.nested(op).is_some() {
                continue;
            }
            let kind = region_kind(body, op);
            let id = self.add(
                NodeKind::Region {
                    op,
                    kind,
                    regions: Vec::new(),
                },
                owner,
                region,
            );
            seq.nodes.push(id);
            let mut regions = Vec::new();
            for (ri, &r) in body.regions_of(op).iter().enumerate() {
                let blocks: Vec<BlockId> = body.region_blocks(r).collect();
                match blocks.as_slice() {
                    [] => regions.push(Seq::default()),
                    [b] => regions.push(self.build_seq(body, *b, Some(id), ri, arch, with_syncs)?),
                    _ => {
                        return Err(Diagnostic::error(
                            body.op_loc(op),
                            "synchronisation analysis needs structured control flow (one block per region)",
                        ))
                    }
                }
            }
            if let NodeKind::Region { regions: rs, .. } = &mut self.nodes[id] {
                *rs = regions;
            }
        }
        Ok(seq)
    }

    /// The node of a region-free op, if it matters to synchronisation.
    fn node_of(
        &mut self,
        body: &Body<'_>,
        op: OpId,
        arch: Arch,
        with_syncs: bool,
    ) -> Option<NodeKind> {
        let name = body.op_name(op).as_str();
        let attr = |n: &str| body.attr(op, n);
        let flag = |set: bool, src: Pipe, dst: Pipe, event: EventKey| {
            let glue = Glue::Prev;
            let op = Some(op);
            if set {
                NodeKind::Set {
                    src,
                    dst,
                    event,
                    op,
                    glue,
                }
            } else {
                NodeKind::Wait {
                    src,
                    dst,
                    event,
                    op,
                    glue,
                }
            }
        };
        if with_syncs {
            match name {
                crate::SetFlagOp::NAME | crate::WaitFlagOp::NAME => {
                    let src = Pipe::from_attr(attr("src_pipe")?)?;
                    let dst = Pipe::from_attr(attr("dst_pipe")?)?;
                    let e = super::sync_model::event_from_attr(attr("event_id")?)?;
                    return Some(flag(
                        name == crate::SetFlagOp::NAME,
                        src,
                        dst,
                        EventKey::Static(e),
                    ));
                }
                crate::SetFlagDynOp::NAME | crate::WaitFlagDynOp::NAME => {
                    let src = Pipe::from_attr(attr("src_pipe")?)?;
                    let dst = Pipe::from_attr(attr("dst_pipe")?)?;
                    let e = dynamic_event(body, *body.operands(op).collect::<Vec<_>>().first()?);
                    return Some(flag(name == crate::SetFlagDynOp::NAME, src, dst, e));
                }
                crate::RecordEventOp::NAME | crate::WaitEventOp::NAME => {
                    let src = pipe_of_event_type(attr("src_op")?)?;
                    let dst = pipe_of_event_type(attr("dst_op")?)?;
                    let e = super::sync_model::event_from_attr(attr("event_id")?)?;
                    return Some(flag(
                        name == crate::RecordEventOp::NAME,
                        src,
                        dst,
                        EventKey::Static(e),
                    ));
                }
                crate::BarrierSyncOp::NAME => {
                    let pipe = pipe_of_event_type(attr("op_type")?)?;
                    return Some(NodeKind::Barrier {
                        pipe,
                        op: Some(op),
                        glue: Glue::Prev,
                    });
                }
                _ => {}
            }
        }
        if name == crate::BarrierOp::NAME {
            let pipe = Pipe::from_attr(attr("pipe")?)?;
            return Some(NodeKind::Barrier {
                pipe,
                op: Some(op),
                glue: Glue::Prev,
            });
        }
        let pipe = op_pipe(body, op, arch)?;
        let index = self.ops.len();
        self.ops.push(OpInfo {
            op,
            pipe,
            node: usize::MAX,
            accesses: op_accesses(body, op),
        });
        Some(NodeKind::Op { op, pipe, index })
    }

    /// The sequence `(owner, region)` names.
    pub fn seq(&self, owner: Option<usize>, region: usize) -> &Seq {
        match owner {
            None => &self.root,
            Some(n) => match &self.nodes[n] {
                NodeKind::Region { regions, .. } => &regions[region],
                _ => unreachable!("only region nodes own sequences"),
            },
        }
    }

    fn seq_mut(&mut self, owner: Option<usize>, region: usize) -> &mut Seq {
        match owner {
            None => &mut self.root,
            Some(n) => match &mut self.nodes[n] {
                NodeKind::Region { regions, .. } => &mut regions[region],
                _ => unreachable!("only region nodes own sequences"),
            },
        }
    }

    /// The path from the function's block to `node`: per level the sequence
    /// `(owner, region)` and the index of the node (or its ancestor) in it.
    pub fn chain(&self, node: usize) -> Vec<(Option<usize>, usize, usize)> {
        let mut out = Vec::new();
        let mut n = node;
        loop {
            let (owner, region) = self.parent[n];
            let index = self
                .seq(owner, region)
                .nodes
                .iter()
                .position(|&x| x == n)
                .expect("a node is in its parent's sequence");
            out.push((owner, region, index));
            match owner {
                Some(o) => n = o,
                None => break,
            }
        }
        out.reverse();
        out
    }

    /// Inserts a new node at `index` of sequence `(owner, region)`.
    pub fn insert(
        &mut self,
        owner: Option<usize>,
        region: usize,
        index: usize,
        kind: NodeKind,
    ) -> usize {
        let id = self.add(kind, owner, region);
        self.seq_mut(owner, region).nodes.insert(index, id);
        id
    }

    /// Removes node `id` from its sequence (it stays in the arena, unreachable).
    pub fn remove(&mut self, id: usize) {
        let (owner, region) = self.parent[id];
        self.seq_mut(owner, region).nodes.retain(|&x| x != id);
    }

    /// The nodes in program order (pre-order), with their positions.
    pub fn preorder(&self) -> Vec<usize> {
        let mut out = Vec::new();
        self.preorder_seq(&self.root, &mut out);
        out
    }

    fn preorder_seq(&self, seq: &Seq, out: &mut Vec<usize>) {
        for &n in &seq.nodes {
            out.push(n);
            if let NodeKind::Region { regions, .. } = &self.nodes[n] {
                for r in regions {
                    self.preorder_seq(r, out);
                }
            }
        }
    }
}

/// The analysis state at a point (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
struct State {
    out: Vec<BitSet>,
    tokens: BTreeMap<(Pipe, Pipe, EventKey), BitSet>,
}

impl State {
    fn join(&mut self, o: &State) {
        for (a, b) in self.out.iter_mut().zip(&o.out) {
            a.union_with(b);
        }
        self.tokens.retain(|k, v| match o.tokens.get(k) {
            Some(w) => {
                v.union_with(w);
                true
            }
            None => false,
        });
    }
}

fn join_opt(a: Option<State>, b: &Option<State>) -> Option<State> {
    match (a, b) {
        (Some(mut x), Some(y)) => {
            x.join(y);
            Some(x)
        }
        (x, None) => x,
        (None, y) => y.clone(),
    }
}

/// A dependency no synchronisation orders: op `producer` (by index) ran before op
/// `consumer` on some path.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Unordered {
    /// The later op's index.
    pub consumer: usize,
    /// The earlier op's index.
    pub producer: usize,
}

/// Runs the analysis; returns the unordered dependencies in program order (each pair
/// once).
pub fn analyze(tree: &Tree, arch: Arch) -> Vec<Unordered> {
    let n = tree.ops.len();
    let mut pipe_ops = vec![BitSet::new(n); Pipe::SLOTS];
    for (i, o) in tree.ops.iter().enumerate() {
        if let Some(s) = o.pipe.slot() {
            pipe_ops[s].insert(i);
        }
    }
    let mut a = Analysis {
        tree,
        arch,
        pipe_ops,
        found: Vec::new(),
    };
    let start = State {
        out: vec![BitSet::new(n); Pipe::SLOTS],
        tokens: BTreeMap::new(),
    };
    a.seq(&tree.root, Some(start), true);
    a.found
}

struct Analysis<'t> {
    tree: &'t Tree,
    arch: Arch,
    pipe_ops: Vec<BitSet>,
    found: Vec<Unordered>,
}

impl Analysis<'_> {
    fn seq(&mut self, seq: &Seq, mut st: Option<State>, record: bool) -> Option<State> {
        for &n in &seq.nodes {
            st = self.node(n, st, record);
        }
        st
    }

    fn node(&mut self, n: usize, st: Option<State>, record: bool) -> Option<State> {
        if self.tree.disabled[n] {
            return st;
        }
        let mut s = st?;
        match &self.tree.nodes[n] {
            &NodeKind::Op { pipe, index, .. } => {
                if let Some(slot) = pipe.slot() {
                    if record {
                        let mut bad = s.out[slot].clone();
                        bad.intersect_with(&self.tree.conflicts[index]);
                        for p in bad.iter() {
                            let u = Unordered {
                                consumer: index,
                                producer: p,
                            };
                            if !self.found.contains(&u) {
                                self.found.push(u);
                            }
                        }
                    }
                    for (c, out) in s.out.iter_mut().enumerate() {
                        if !(c == slot && self.arch.pipe_in_order(pipe)) {
                            out.insert(index);
                        }
                    }
                }
                for t in s.tokens.values_mut() {
                    t.insert(index);
                }
            }
            &NodeKind::Set {
                src, dst, event, ..
            } => {
                if let (Some(p), false) = (src.slot(), event == EventKey::Unknown) {
                    let mut tok = s.out[p].clone();
                    tok.subtract(&self.pipe_ops[p]);
                    s.tokens
                        .entry((src, dst, event))
                        .and_modify(|t| t.union_with(&tok))
                        .or_insert(tok);
                }
            }
            &NodeKind::Wait {
                src, dst, event, ..
            } => {
                if let Some(tok) = s.tokens.remove(&(src, dst, event)) {
                    if let Some(c) = dst.slot() {
                        s.out[c].intersect_with(&tok);
                    }
                }
            }
            &NodeKind::Barrier { pipe, .. } => {
                if pipe == Pipe::ALL {
                    s.out.iter_mut().for_each(BitSet::clear);
                } else if let Some(p) = pipe.slot() {
                    let ops = self.pipe_ops[p].clone();
                    s.out[p].subtract(&ops);
                }
            }
            NodeKind::Region { kind, regions, .. } => {
                return self.region(*kind, regions, s, record)
            }
        }
        Some(s)
    }

    fn region(
        &mut self,
        kind: RegionKind,
        regions: &[Seq],
        s: State,
        record: bool,
    ) -> Option<State> {
        match kind {
            RegionKind::Once => {
                let mut st = Some(s);
                for r in regions {
                    st = self.seq(r, st, record);
                }
                st
            }
            RegionKind::Branches => {
                let mut out = None;
                for r in regions {
                    let o = self.seq(r, Some(s.clone()), record);
                    out = join_opt(out, &o);
                }
                if regions.len() < 2 {
                    // A missing else: the op may run no region.
                    out = join_opt(out, &Some(s));
                }
                out
            }
            RegionKind::Loop | RegionKind::Unknown => {
                let input = Some(s);
                let mut head = input.clone();
                for _ in 0..10_000 {
                    let end = self.iteration(kind, regions, head.clone(), false);
                    let next = join_opt(input.clone(), &end);
                    if next == head {
                        break;
                    }
                    head = next;
                }
                if record {
                    self.iteration(kind, regions, head.clone(), true);
                }
                head
            }
            RegionKind::While => {
                let (before, after) = match regions {
                    [b, a] => (b, a),
                    _ => return self.region(RegionKind::Unknown, regions, s, record),
                };
                let input = Some(s);
                let mut head = input.clone();
                for _ in 0..10_000 {
                    let b = self.seq(before, head.clone(), false);
                    let end = self.seq(after, b, false);
                    let next = join_opt(input.clone(), &end);
                    if next == head {
                        break;
                    }
                    head = next;
                }
                let b = self.seq(before, head, record);
                if record {
                    self.seq(after, b.clone(), true);
                }
                b
            }
        }
    }

    /// One run of a loop body (for an unknown op: any one of its regions).
    fn iteration(
        &mut self,
        kind: RegionKind,
        regions: &[Seq],
        head: Option<State>,
        record: bool,
    ) -> Option<State> {
        if kind == RegionKind::Loop {
            return regions
                .first()
                .map_or(head.clone(), |r| self.seq(r, head, record));
        }
        let mut out = None;
        for r in regions {
            let o = self.seq(r, head.clone(), record);
            out = join_opt(out, &o);
        }
        out
    }
}
