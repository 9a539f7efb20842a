//! Row fusion: a run of consecutive tile ops that work row by row (elementwise ops,
//! row expansions, row reductions, loads and stores) over the same rows becomes one
//! loop over the rows; inside a row, ops over the same columns share one column loop
//! and pass elements on in registers.
//!
//! Alone, each op sweeps its whole tile: softmax over 4x1024 tiles is seven passes over
//! 16 KB tiles, mostly from L2. Fused, a row is loaded, reduced, exponentiated, summed,
//! divided and stored while it is in L1, and an element goes from the load through
//! `sub` and `exp` into the row sum without a round trip through memory. A tile
//! element is still written unless only later members of the same column loop read it
//! (they get it in a register) and no op outside the group touches its bytes (see
//! `footprint`): softmax then stores neither `x - max` nor the quotient it sends to
//! global memory.
//!
//! Within a row, every op sees the elements it saw alone; only rows interleave, which
//! is sound when
//! - every tile is row-major (ND), of static valid shape, at a constant offset, and
//!   tiles whose bytes overlap (planning reuses dead tiles' bytes) map each `(r, c)` to
//!   the same bytes, so that row `r` of one op touches no other row of another;
//! - a store to global memory shares its root pointer with no other global access of
//!   the group but through the same partition view (PTOAS's sync analysis also takes
//!   different roots to be disjoint);
//! - the ops between members are pure: index arithmetic, views, synchronisation.
//!
//! A new column loop starts where an op reads what a reduction of the current loop
//! writes (known only after it), or where the column count changes.

use crate::{AddressSpace, BLayout, CompactMode, PadValue, SLayout};
use crate::{AtomicType, ReluPreMode};
use std::ops::Range;

use smallvec::SmallVec;

use crate::layout::elem_bytes;
use crate::{PartitionTensorViewType, TileBufType};
use pto_dialects::memref;
use pto_ir::builder::OpBuilder;
use pto_ir::{Body, FloatKind, OpId, Type, ValueId};

use super::compute::{binary, unary, vector_operands, Expand, BINARY, EXPAND, SCALAR, UNARY};
use super::emit::{Emitter, Num};
use super::footprint::Footprints;
use super::gm::{check_elements, enum_is, pad_value, row_base, GmView, RowPrefetch};
use super::tile::{storage_elems, Dim, Tile};
use super::{lower_op, operand, Lowered, Lowering, Named};

/// Where a tile's bytes are: two tiles with the same map read and write `(r, c)` at the
/// same bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Place {
    space: AddressSpace,
    start: i64,
    end: i64,
    row_bytes: i64,
    elem_bytes: i64,
}

impl Place {
    fn overlaps(&self, o: &Place) -> bool {
        self.space == o.space && self.start < o.end && o.start < self.end
    }
    fn same_map(&self, o: &Place) -> bool {
        (self.space, self.start, self.row_bytes, self.elem_bytes)
            == (o.space, o.start, o.row_bytes, o.elem_bytes)
    }
}

/// A tile a fused op accesses, with its place.
#[derive(Clone)]
struct Access<'c> {
    tile: Tile<'c>,
    place: Place,
}

/// The element operation of a fused elementwise op.
#[derive(Copy, Clone)]
enum Map {
    /// `op_name` of one tile.
    Unary(&'static str),
    /// `src0 op src1`.
    Binary(&'static str),
    /// `tile op scalar`, or `scalar op tile` with `true`.
    Scalar(&'static str, bool),
    /// `src0 op row[r]` (the row's value alone for `""`), the row's value read once.
    RowExpand(&'static str),
}

enum Kind<'c> {
    Map {
        f: Map,
        dst: Access<'c>,
        srcs: Vec<Access<'c>>,
        row: Option<Access<'c>>,
        scalar: Option<ValueId>,
    },
    Reduce {
        kind: &'static str,
        src: Access<'c>,
        dst: Access<'c>,
    },
    Load {
        view: GmView,
        tile: Access<'c>,
    },
    Store {
        tile: Access<'c>,
        view: GmView,
        gm_elem: Type<'c>,
        relu: bool,
        atomic: bool,
    },
}

/// A tile op that can join a row group: its rows, columns and what it does per element.
pub(super) struct RowOp<'c> {
    op: OpId,
    rows: i64,
    cols: i64,
    kind: Kind<'c>,
    /// Global memory accessed: (root, partition view, is a store).
    gm: Option<(ValueId, ValueId, bool)>,
}

impl<'c> RowOp<'c> {
    /// Tiles read at `(r, c)`, and the row tile read at `(r, 0)` before the columns.
    fn reads(&self) -> (SmallVec<[&Access<'c>; 2]>, Option<&Access<'c>>) {
        match &self.kind {
            Kind::Map { srcs, row, .. } => (srcs.iter().collect(), row.as_ref()),
            Kind::Reduce { src, .. } => (smallvec::smallvec![src], None),
            Kind::Load { .. } => (SmallVec::new(), None),
            Kind::Store { tile, .. } => (smallvec::smallvec![tile], None),
        }
    }
    /// The tile written, and whether only after the column loop (a reduction).
    fn writes(&self) -> Option<(&Access<'c>, bool)> {
        match &self.kind {
            Kind::Map { dst, .. } => Some((dst, false)),
            Kind::Reduce { dst, .. } => Some((dst, true)),
            Kind::Load { tile, .. } => Some((tile, false)),
            Kind::Store { .. } => None,
        }
    }
    fn places(&self) -> impl Iterator<Item = Place> + '_ {
        let (reads, row) = self.reads();
        let write = self.writes().map(|(a, _)| a.place);
        reads
            .into_iter()
            .chain(row)
            .map(|a| a.place)
            .chain(write)
            .collect::<SmallVec<[Place; 4]>>()
            .into_iter()
    }
}

/// The place of a plain tile: row-major (or one column), its own storage, static
/// valid shape, at a constant offset.
fn access<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &Lowering<'c>,
    v: Option<ValueId>,
) -> Option<Access<'c>> {
    let tile = st.tiles.get(&v?)?.clone();
    let s = tile.storage;
    let plus_one = i64::from(s.compact() == CompactMode::RowPlusOne);
    // A single column-major column is laid out as a row-major one.
    let row_major = match (s.blayout(), s.slayout()) {
        (BLayout::RowMajor, SLayout::NoneBox) => true,
        (BLayout::ColMajor, SLayout::NoneBox) => s.cols() == 1 && plus_one == 0,
        _ => false,
    };
    if tile.origin.is_some()
        || s != tile.ty
        || !row_major
        || !matches!(tile.valid, [Dim::Static(_), Dim::Static(_)])
    {
        return None;
    }
    let start = e.cst(tile.byte_offset)?;
    let eb = elem_bytes(s.dtype());
    let place = Place {
        space: s.loc(),
        start,
        end: start + storage_elems(s) * eb,
        row_bytes: (s.cols() + plus_one) * eb,
        elem_bytes: eb,
    };
    Some(Access { tile, place })
}

fn shape(a: &Access<'_>) -> (i64, i64) {
    match a.tile.valid {
        [Dim::Static(r), Dim::Static(c)] => (r, c),
        _ => unreachable!("fused tiles have static shapes"),
    }
}

/// `op` as a fusable row op, if it is one (anything unusual: `None`, and the op is
/// lowered alone, which reports what is wrong with it).
pub(super) fn row_op<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    st: &Lowering<'c>,
    op: OpId,
) -> Option<RowOp<'c>> {
    let op_name = e.b.body().op_name(op).as_str();
    let [src, src0, src1, dst, scalar] = vector_operands(&Named::of(e.b.body(), op));
    let map = |f, dst: Access<'c>, srcs, row, scalar| {
        let (rows, cols) = shape(&dst);
        let kind = Kind::Map {
            f,
            dst,
            srcs,
            row,
            scalar,
        };
        Some(RowOp {
            op,
            rows,
            cols,
            kind,
            gm: None,
        })
    };
    if let Some(&u) = UNARY.iter().find(|&&n| n == op_name) {
        let (s, d) = (access(e, st, src)?, access(e, st, dst)?);
        return map(Map::Unary(u), d, vec![s], None, None);
    }
    if let Some(&(_, kind)) = BINARY.iter().find(|(n, _)| *n == op_name) {
        let (a, b, d) = (
            access(e, st, src0)?,
            access(e, st, src1)?,
            access(e, st, dst)?,
        );
        return map(Map::Binary(kind), d, vec![a, b], None, None);
    }
    if let Some(&(_, kind)) = SCALAR.iter().find(|(n, _)| *n == op_name) {
        let (sv, tv) = (scalar?, src?);
        let scalar_first = TileBufType::from_type(e.ty(tv)).is_none();
        let (sv, tv) = if scalar_first { (tv, sv) } else { (sv, tv) };
        Num::of(e.ty(sv))?;
        let (t, d) = (access(e, st, Some(tv))?, access(e, st, dst)?);
        return map(Map::Scalar(kind, scalar_first), d, vec![t], None, Some(sv));
    }
    if op_name == crate::TRowExpandOp::NAME {
        let (d, row) = (access(e, st, dst)?, access(e, st, src)?);
        return map(Map::RowExpand(""), d, Vec::new(), Some(row), None);
    }
    if let Some(&(_, Expand::Row, k)) = EXPAND.iter().find(|(n, ..)| *n == op_name) {
        let d = access(e, st, dst)?;
        let (a, row) = (access(e, st, src0)?, access(e, st, src1)?);
        return map(Map::RowExpand(k), d, vec![a], Some(row), None);
    }
    let reduce = match op_name {
        crate::TRowSumOp::NAME => Some("sum"),
        crate::TRowMaxOp::NAME => Some("max"),
        crate::TRowMinOp::NAME => Some("min"),
        crate::TRowProdOp::NAME => Some("prod"),
        _ => None,
    };
    if let Some(kind) = reduce {
        let (s, d) = (access(e, st, src)?, access(e, st, dst)?);
        let (rows, cols) = shape(&s);
        return Some(RowOp {
            op,
            rows,
            cols,
            kind: Kind::Reduce {
                kind,
                src: s,
                dst: d,
            },
            gm: None,
        });
    }
    let operands: SmallVec<[ValueId; 4]> = e.b.body().operands(op).collect();
    match op_name {
        crate::TLoadOp::NAME => {
            let (src, dst) = (*operands.first()?, *operands.get(1)?);
            let view = st.views.get(&src)?.clone();
            let tile = access(e, st, Some(dst))?;
            check_elements(e, op, src, &tile.tile).ok()?;
            let (rows, cols) = shape(&tile);
            Some(RowOp {
                op,
                rows,
                cols,
                gm: Some((view.base, src, false)),
                kind: Kind::Load { view, tile },
            })
        }
        crate::TStoreOp::NAME => {
            if operand(e.b.body(), op, "preQuantScalar").is_some() {
                return None;
            }
            let (src, dst) = (*operands.first()?, *operands.get(1)?);
            let tile = access(e, st, Some(src))?;
            let view = st.views.get(&dst)?.clone();
            let gm_elem = PartitionTensorViewType::from_type(e.ty(dst))?.element_type();
            Num::of(gm_elem)?;
            let (relu, atomic) = (
                enum_is(e, op, "reluPreMode", ReluPreMode::NormalRelu),
                enum_is(e, op, "atomicType", AtomicType::AtomicAdd),
            );
            let (rows, cols) = shape(&tile);
            Some(RowOp {
                op,
                rows,
                cols,
                gm: Some((view.base, dst, true)),
                kind: Kind::Store {
                    tile,
                    view,
                    gm_elem,
                    relu,
                    atomic,
                },
            })
        }
        _ => None,
    }
}

/// True for ops that may sit between members of a group: no regions, no memory
/// effects the members could see.
pub(super) fn transparent(body: &Body<'_>, op: OpId) -> bool {
    if !body.regions_of(op).is_empty() {
        return false;
    }
    let op_name = body.op_name(op);
    match op_name.dialect() {
        "arith" | "math" | "index" => true,
        // What tile definitions lower to.
        "memref" => matches!(
            op_name.as_str(),
            memref::ViewOp::NAME | memref::CastOp::NAME
        ),
        "pto" => matches!(
            op_name.as_str(),
            crate::AllocTileOp::NAME
                | crate::PointerCastOp::NAME
                | crate::MakeTensorViewOp::NAME
                | crate::PartitionViewOp::NAME
                | crate::GetTensorViewDimOp::NAME
                | crate::AddPtrOp::NAME
                | crate::SetFlagOp::NAME
                | crate::WaitFlagOp::NAME
                | crate::SetFlagDynOp::NAME
                | crate::WaitFlagDynOp::NAME
                | crate::RecordEventOp::NAME
                | crate::WaitEventOp::NAME
                | crate::BarrierOp::NAME
                | crate::BarrierSyncOp::NAME
                | crate::GetBlockIdxOp::NAME
                | crate::GetSubblockIdxOp::NAME
                | crate::GetBlockNumOp::NAME
                | crate::GetSubblockNumOp::NAME
        ),
        _ => false,
    }
}

/// Consecutive row ops being collected, lowered together by [`Group::emit`].
pub(super) struct Group<'c> {
    ops: Vec<RowOp<'c>>,
    places: Vec<Place>,
}

impl<'c> Group<'c> {
    /// A group of one op.
    pub fn new(op: RowOp<'c>) -> Self {
        let places = op.places().collect();
        Group {
            ops: vec![op],
            places,
        }
    }

    /// Adds `op` if it may run interleaved row by row with the members; else gives it
    /// back.
    pub fn join(&mut self, body: &Body<'c>, op: RowOp<'c>) -> Result<(), Box<RowOp<'c>>> {
        let last = self.ops.last().expect("groups are not empty");
        let contiguous = body.op_block(last.op) == body.op_block(op.op) && {
            let mut at = body.next_op(last.op);
            loop {
                match at {
                    Some(o) if o == op.op => break true,
                    Some(o) if transparent(body, o) => at = body.next_op(o),
                    _ => break false,
                }
            }
        };
        let places: SmallVec<[Place; 4]> = op.places().collect();
        // The members' places were checked against each other when they joined.
        let places_ok = places.iter().all(|p| {
            self.places
                .iter()
                .chain(&places)
                .all(|q| !p.overlaps(q) || p.same_map(q))
        });
        let gm_ok = op.gm.is_none_or(|(root, view, store)| {
            self.ops
                .iter()
                .filter_map(|m| m.gm)
                .all(|(r, v, s)| r != root || v == view || !(s || store))
        });
        if op.rows != last.rows || !contiguous || !places_ok || !gm_ok {
            return Err(Box::new(op));
        }
        for p in places {
            if !self.places.contains(&p) {
                self.places.push(p);
            }
        }
        self.ops.push(op);
        Ok(())
    }

    /// How many members are lowered fused (none in a group of one).
    pub fn fused(&self) -> u64 {
        if self.ops.len() > 1 {
            self.ops.len() as u64
        } else {
            0
        }
    }

    /// Lowers the members (one member: as usual), before the last one.
    pub fn emit(self, b: &mut OpBuilder<'_, 'c>, st: &mut Lowering<'c>) -> Lowered<'c> {
        let last = self.ops.last().expect("groups are not empty").op;
        let mut e = Emitter::before(b, last);
        if self.ops.len() == 1 {
            return lower_op(&mut e, st, last);
        }
        let stages = stages(&self.ops);
        tracing::debug!(
            ops = self.ops.len(),
            column_loops = stages.len(),
            "convert-pto-to-loops: fused a row group"
        );
        // Scalars, converted once.
        let scalars: Vec<Option<ValueId>> = self
            .ops
            .iter()
            .map(|m| match &m.kind {
                Kind::Map {
                    scalar: Some(s),
                    dst,
                    ..
                } => {
                    let n = Num::of(e.ty(*s)).expect("checked when classified");
                    Some(e.convert(*s, n, dst.tile.elem, dst.tile.num))
                }
                _ => None,
            })
            .collect();
        let members: Vec<OpId> = self.ops.iter().map(|m| m.op).collect();
        let stored: Vec<bool> = (0..self.ops.len())
            .map(|k| !unobserved_write(&self.ops, &stages, k, &members, &st.footprints))
            .collect();
        tracing::debug!(
            elided = stored.iter().filter(|&&s| !s).count(),
            "convert-pto-to-loops: tile stores left out of a row group"
        );
        let rows = e.index(self.ops[0].rows);
        // The rows the loads read, ahead of the loop (see `RowPrefetch`).
        let prefetches: Vec<(&GmView, RowPrefetch)> = self
            .ops
            .iter()
            .filter_map(|m| match &m.kind {
                Kind::Load { view, .. } if st.prefetch => {
                    let cols = e.index(m.cols);
                    RowPrefetch::plan(&mut e, view, cols).map(|p| (view, p))
                }
                _ => None,
            })
            .collect();
        e.for_upto(rows, |e, r| {
            for (view, p) in &prefetches {
                p.emit(e, view, r, rows);
            }
            for s in &stages {
                let (ops, scalars, stored) = (
                    &self.ops[s.clone()],
                    &scalars[s.clone()],
                    &stored[s.clone()],
                );
                column_loop(e, ops, scalars, stored, r);
            }
        });
        Ok(())
    }
}

/// The column loops of a row: ranges of members.
fn stages(ops: &[RowOp<'_>]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    // What the current loop writes: all, and after the loop (reductions).
    let (mut written, mut reduced): (Vec<Place>, Vec<Place>) = (Vec::new(), Vec::new());
    for (i, op) in ops.iter().enumerate() {
        let (reads, row) = op.reads();
        let hit = |set: &[Place], a: &Access<'_>| set.iter().any(|p| p.overlaps(&a.place));
        let split = i > start
            && (op.cols != ops[start].cols
                || reads.iter().chain(&row).any(|a| hit(&reduced, a))
                || row.is_some_and(|a| hit(&written, a)));
        if split {
            out.push(start..i);
            start = i;
            written.clear();
            reduced.clear();
        }
        if let Some((a, after)) = op.writes() {
            written.push(a.place);
            if after {
                reduced.push(a.place);
            }
        }
    }
    out.push(start..ops.len());
    out
}

/// Whether the store of member `k`'s result (an elementwise op's) can be left out:
/// no op outside the group touches its bytes, and every member that reads them comes
/// after `k` and either gets the element forwarded in a register (a later member of the
/// same column loop, the same map and element type, no other kind of write to those
/// bytes in between) or reads them after a later member overwrote them (the same map,
/// at least as many columns). A member reading before `k` writes would see the stored
/// value of the previous iteration of an enclosing loop.
fn unobserved_write(
    ops: &[RowOp<'_>],
    stages: &[Range<usize>],
    k: usize,
    members: &[OpId],
    footprints: &Footprints,
) -> bool {
    // A loaded tile is always stored: the copy is cheap (the row is in L1), and without
    // it LLVM fully unrolls a short column loop of global loads and stores and then
    // cannot vectorize it (the global pointers may alias), as measured.
    let a = match &ops[k].kind {
        Kind::Map { dst, .. } => dst,
        _ => return false,
    };
    let p = a.place;
    if footprints.touched_outside(members, p.space, p.start, p.end) {
        return false;
    }
    let stage_of = |j: usize| stages.iter().position(|s| s.contains(&j));
    let element_write = |w: &RowOp<'_>| match &w.kind {
        Kind::Map { dst, .. } | Kind::Load { tile: dst, .. } => Some(dst.place),
        _ => None,
    };
    // A member in `range` writes all of `k`'s columns of the row again.
    let overwritten = |range: Range<usize>| {
        ops[range]
            .iter()
            .any(|w| element_write(w).is_some_and(|q| q.same_map(&p)) && w.cols >= ops[k].cols)
    };
    let forwards = |x: &Access<'_>| x.place.same_map(&p) && x.tile.elem == a.tile.elem;
    ops.iter().enumerate().all(|(j, m)| {
        let (reads, row) = m.reads();
        if j <= k {
            return reads.iter().chain(&row).all(|x| !x.place.overlaps(&p));
        }
        // The row tile is read before the column loop of `j` starts.
        let stage_start = stages[stage_of(j).expect("every member has a stage")].start;
        if row.is_some_and(|x| x.place.overlaps(&p)) && !overwritten(k + 1..stage_start.max(k + 1))
        {
            return false;
        }
        reads.iter().filter(|x| x.place.overlaps(&p)).all(|x| {
            let forwarded = stage_of(j) == stage_of(k)
                && forwards(x)
                && ops[k + 1..j].iter().all(|w| match &w.kind {
                    Kind::Map { dst, .. } | Kind::Load { tile: dst, .. } => {
                        !dst.place.overlaps(&p) || forwards(dst)
                    }
                    _ => true,
                });
            forwarded || overwritten(k + 1..j)
        })
    })
}

/// The accumulator type and class of a reduction over `src` (narrow float sums and
/// products accumulate in `f32`, as alone).
fn accumulator<'c>(e: &Emitter<'_, '_, 'c>, kind: &str, src: &Tile<'c>) -> (Type<'c>, Num) {
    let narrow = matches!(src.num, Num::Float(k) if k != FloatKind::F32 && k != FloatKind::F64);
    if narrow && (kind == "sum" || kind == "prod") {
        let f32t = e.ctx().float_type(FloatKind::F32);
        (f32t, Num::Float(FloatKind::F32))
    } else {
        (src.elem, src.num)
    }
}

/// Values of the current column, by the place they were written to.
type Forwarded<'c> = SmallVec<[(Place, Type<'c>, ValueId); 4]>;

fn read<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    env: &Forwarded<'c>,
    a: &Access<'c>,
    r: ValueId,
    c: ValueId,
) -> ValueId {
    let hit = env
        .iter()
        .rev()
        .find(|(p, t, _)| p.same_map(&a.place) && *t == a.tile.elem);
    match hit {
        Some(&(_, _, v)) => v,
        None => a.tile.load(e, r, c),
    }
}

/// Makes `v` the element `(r, c)` of `a`'s tile for the following members, and stores
/// it if something may read it from memory (`store`).
fn write<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    env: &mut Forwarded<'c>,
    a: &Access<'c>,
    v: ValueId,
    r: ValueId,
    c: ValueId,
    store: bool,
) {
    if store {
        a.tile.store(e, v, r, c);
    }
    env.retain(|(p, _, _)| !p.overlaps(&a.place));
    env.push((a.place, a.tile.elem, v));
}

/// One column loop of row `r` over `ops` (their scalars converted in `scalars`; whose
/// results are stored in `stored`).
fn column_loop<'c>(
    e: &mut Emitter<'_, '_, 'c>,
    ops: &[RowOp<'c>],
    scalars: &[Option<ValueId>],
    stored: &[bool],
    r: ValueId,
) {
    // Per row: the expanded row values and the global rows' bases.
    let zero = e.index(0);
    let per_row: Vec<Option<ValueId>> = ops
        .iter()
        .map(|m| match &m.kind {
            Kind::Map { row: Some(b), .. } => Some(b.tile.load(e, r, zero)),
            Kind::Load { view, .. } | Kind::Store { view, .. } => Some(row_base(e, view, r)),
            _ => None,
        })
        .collect();
    let mut inits: SmallVec<[ValueId; 2]> = SmallVec::new();
    for m in ops {
        if let Kind::Reduce { kind, src, .. } = &m.kind {
            let (t, n) = accumulator(e, kind, &src.tile);
            let v = match (*kind, n) {
                ("sum", Num::Float(_)) => e.float_of(t, -0.0),
                ("sum", _) => e.int_of(t, 0),
                ("prod", _) => e.num_const(t, 1.0),
                // The lowest value is the identity of max, the highest of min.
                ("max", _) => pad_value(e, &src.tile, PadValue::Min),
                _ => pad_value(e, &src.tile, PadValue::Max),
            };
            inits.push(v);
        }
    }
    let cols = e.index(ops[0].cols);
    let outs = e.for_loop(zero, cols, &inits, |e, c, carried| {
        let mut env = Forwarded::new();
        let mut next: SmallVec<[ValueId; 2]> = SmallVec::new();
        for (k, m) in ops.iter().enumerate() {
            match &m.kind {
                Kind::Map { f, dst, srcs, .. } => {
                    let xs: SmallVec<[ValueId; 2]> =
                        srcs.iter().map(|a| read(e, &env, a, r, c)).collect();
                    let n = dst.tile.num;
                    let v = match *f {
                        Map::Unary(u) => unary(e, u, n, xs[0]),
                        Map::Binary(op) => binary(e, op, n, xs[0], xs[1]),
                        Map::Scalar(op, false) => binary(e, op, n, xs[0], scalars[k].unwrap()),
                        Map::Scalar(op, true) => binary(e, op, n, scalars[k].unwrap(), xs[0]),
                        Map::RowExpand("") => per_row[k].unwrap(),
                        Map::RowExpand(op) => binary(e, op, n, xs[0], per_row[k].unwrap()),
                    };
                    write(e, &mut env, dst, v, r, c, stored[k]);
                }
                Kind::Reduce { kind, src, .. } => {
                    let (t, n) = accumulator(e, kind, &src.tile);
                    let x = read(e, &env, src, r, c);
                    let x = e.convert(x, src.tile.num, t, n);
                    let op = match *kind {
                        "sum" => "add",
                        "prod" => "mul",
                        other => other,
                    };
                    let acc = binary(e, op, n, carried[next.len()], x);
                    if n.is_float() {
                        // As alone: the vector units reduce in a tree.
                        e.allow_reassoc(acc);
                    }
                    next.push(acc);
                }
                Kind::Load { view, tile } => {
                    let i = gm_index(e, view, per_row[k].unwrap(), c);
                    let x = e.load(view.base, &[i]);
                    write(e, &mut env, tile, x, r, c, stored[k]);
                }
                Kind::Store {
                    tile,
                    view,
                    gm_elem,
                    relu,
                    atomic,
                } => {
                    let t = &tile.tile;
                    let mut x = read(e, &env, tile, r, c);
                    if *relu {
                        let zero = e.num_const(t.elem, 0.0);
                        let pos = e.cmp(
                            t.num,
                            super::emit::CmpF::Ogt,
                            super::emit::CmpI::Sgt,
                            x,
                            zero,
                        );
                        x = e.select(pos, x, zero);
                    }
                    let gm_ty = super::tile::signless(e.ctx(), *gm_elem);
                    let gm_num = Num::of(*gm_elem).expect("checked when classified");
                    let mut x = e.convert(x, t.num, gm_ty, gm_num);
                    let i = gm_index(e, view, per_row[k].unwrap(), c);
                    if *atomic {
                        let old = e.load(view.base, &[i]);
                        x = binary(e, "add", gm_num, old, x);
                    }
                    e.store(x, view.base, &[i]);
                }
            }
        }
        next
    });
    let mut outs = outs.into_iter();
    for m in ops {
        match &m.kind {
            Kind::Reduce { kind, src, dst } => {
                let (_, n) = accumulator(e, kind, &src.tile);
                let acc = outs.next().expect("one result per reduction");
                let v = e.convert(acc, n, dst.tile.elem, dst.tile.num);
                dst.tile.store(e, v, r, zero);
            }
            Kind::Load { tile, .. } if tile.tile.ty.pad() != PadValue::Null => {
                // The rest of the row gets the pad value, as alone.
                let t = &tile.tile;
                let full = e.index(t.cols());
                e.for_range(cols, full, |e, c| {
                    let v = pad_value(e, t, t.ty.pad());
                    t.store(e, v, r, c);
                });
            }
            _ => {}
        }
    }
}

/// The index in the view's memref of column `c` of the row at `row_index`.
fn gm_index(e: &mut Emitter<'_, '_, '_>, view: &GmView, row_index: ValueId, c: ValueId) -> ValueId {
    let last = *view.strides.last().expect("views have a rank");
    let step = e.mul(c, last);
    e.add(row_index, step)
}
