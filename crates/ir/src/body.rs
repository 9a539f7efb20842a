//! The storage of operations, blocks, regions, values and uses: a [`Body`].
//!
//! A body owns every IR object below one isolated-from-above operation (or the top level
//! of a file). Objects are dense entities ([`OpId`], [`BlockId`], ...) in per-body vectors:
//! ops in a block form an intrusive doubly linked list (O(1) insert, erase and move), and
//! every value keeps an intrusive list of its uses (O(1) per use for RAUW).
//!
//! An isolated-from-above op (a `func.func`, a `builtin.module`) owns a nested body for its
//! regions. Nothing in a nested body can refer to a value outside it, so each nested body
//! can be borrowed mutably on its own thread while its siblings are processed elsewhere.
//!
//! This is why handles are per-body indices (dense entities, as in Cranelift) and not
//! global pointers. Each operand slot is a use (16 bytes), so replace-all-uses is O(1)
//! per use; the results of an op are contiguous values. Memory per op is a design goal,
//! checked at compile time: an op record is at most 72 bytes (regions, successors and a
//! nested body, which few ops have, sit in a side table it points to), a value 16 (a
//! result's index is its offset among its op's results; block arguments' positions are
//! in a side table).
//!
//! Erasure is safe by construction: handles are never reused within a body, and an
//! erased op's slot stays, marked dead. [`Body::erase_op`] refuses (with [`EraseError`])
//! to erase an op whose results are still used outside it. The memory of erased ops is
//! reclaimed when the body drops (compile sessions are short); compaction could be added
//! per body.

mod clone;
mod edit;

pub use clone::{CloneError, IrMapping};

use smallvec::SmallVec;

use super::attributes::{Attribute, Location, NamedAttribute};
use super::context::Ident;
use super::dialect::{OpDef, OpTraits};
use super::entity::{entity, EntityRef, PackedOption, PrimaryMap};
use super::types::Type;

entity!(
    /// An operation in a [`Body`].
    OpId,
    "op"
);
entity!(
    /// A block in a [`Body`].
    BlockId,
    "block"
);
entity!(
    /// A region in a [`Body`].
    RegionId,
    "region"
);
entity!(
    /// An SSA value (op result or block argument) in a [`Body`].
    ValueId,
    "v"
);
entity!(
    /// One use of a value: an operand slot of an operation.
    UseId,
    "use"
);

/// The name of an operation and, if registered, its definition.
#[derive(Copy, Clone, Debug)]
pub struct OpName<'c> {
    /// The full name, `dialect.op`.
    pub name: Ident<'c>,
    /// The registered definition.
    pub def: Option<&'static OpDef>,
}

impl<'c> OpName<'c> {
    /// The name `name` in `ctx`, with its definition if the op is registered.
    pub fn of(ctx: &'c super::Context, name: &str) -> Self {
        OpName {
            name: ctx.ident(name),
            def: ctx.op_def(name),
        }
    }
}

impl PartialEq for OpName<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}
impl Eq for OpName<'_> {}

impl<'c> OpName<'c> {
    /// The full name.
    pub fn as_str(&self) -> &'c str {
        self.name.as_str()
    }
    /// The dialect namespace.
    pub fn dialect(&self) -> &'c str {
        self.name.as_str().split_once('.').map_or("", |(d, _)| d)
    }
    /// The traits of a registered op (none for unregistered ops).
    pub fn traits(&self) -> OpTraits {
        self.def.map_or(OpTraits::NONE, |d| d.traits)
    }
}

/// A contiguous run of entity indices in one of the body's pools.
#[derive(Copy, Clone, Default, Debug)]
struct Span {
    start: u32,
    len: u32,
}

impl Span {
    fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

/// An operation.
pub struct OpData<'c> {
    name: OpName<'c>,
    loc: Location<'c>,
    attrs: Attribute<'c>,
    props: Option<Attribute<'c>>,
    block: PackedOption<BlockId>,
    prev: PackedOption<OpId>,
    next: PackedOption<OpId>,
    operands: Span,
    results: Span,
    /// [`OP_ERASED`] for an erased op, and the index plus one of the op's [`OpExtra`] in
    /// `Body::extras` (0: the op has no regions, successors or nested body, as most).
    extra: u32,
}

/// The bit of `OpData::extra` set when the op is erased.
const OP_ERASED: u32 = 1 << 31;

impl OpData<'_> {
    #[inline]
    fn alive(&self) -> bool {
        self.extra & OP_ERASED == 0
    }
    #[inline]
    fn extra_index(&self) -> Option<usize> {
        match self.extra & !OP_ERASED {
            0 => None,
            i => Some(i as usize - 1),
        }
    }
}

/// What few ops have, kept out of [`OpData`]: regions, successors, a nested body.
struct OpExtra<'c> {
    op: OpId,
    successors: Span,
    regions: Span,
    nested: Option<Box<Body<'c>>>,
}

/// Size in bytes of one operation's record (for memory accounting and tests).
pub const OP_DATA_SIZE: usize = std::mem::size_of::<OpData<'static>>();
/// Size in bytes of one value's record.
pub const VALUE_DATA_SIZE: usize = std::mem::size_of::<ValueData<'static>>();

// Memory per op is a design goal: catch accidental growth at compile time.
const _: () = assert!(OP_DATA_SIZE <= 72 && VALUE_DATA_SIZE <= 16);

/// A basic block: arguments and an ordered list of operations.
pub struct BlockData<'c> {
    region: PackedOption<RegionId>,
    prev: PackedOption<BlockId>,
    next: PackedOption<BlockId>,
    first_op: PackedOption<OpId>,
    last_op: PackedOption<OpId>,
    args: SmallVec<[ValueId; 2]>,
    arg_locs: SmallVec<[Location<'c>; 2]>,
    alive: bool,
}

/// A region: an ordered list of blocks, owned by an op.
pub struct RegionData {
    op: PackedOption<OpId>,
    first_block: PackedOption<BlockId>,
    last_block: PackedOption<BlockId>,
}

/// What defines a value.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ValueDef {
    /// Result `index` of `op`.
    Result(OpId, u32),
    /// Argument `index` of `block`.
    Arg(BlockId, u32),
}

/// An SSA value.
pub struct ValueData<'c> {
    ty: Type<'c>,
    /// A result: the defining op (the result's index is its offset among the op's
    /// contiguous results). A block argument: [`VALUE_ARG`] and the index of its block
    /// and position in `Body::arg_defs` (arguments are few next to results).
    def: u32,
    first_use: PackedOption<UseId>,
}

/// The bit of `ValueData::def` marking a block argument.
const VALUE_ARG: u32 = 1 << 31;

/// An operand slot: which value it uses, which op owns it, and the use-list links.
#[derive(Copy, Clone)]
struct UseData {
    value: ValueId,
    owner: OpId,
    prev: PackedOption<UseId>,
    next: PackedOption<UseId>,
}

/// Where a new or moved op goes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum InsertPoint {
    /// Before the first op of the block.
    BlockStart(BlockId),
    /// After the last op of the block.
    BlockEnd(BlockId),
    /// Immediately before the op.
    Before(OpId),
    /// Immediately after the op.
    After(OpId),
}

/// Why an erase was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EraseError {
    /// A result of the op (or of an op nested in it) still has uses outside it.
    ResultStillUsed {
        /// The op whose result is used.
        op: OpId,
        /// The result index.
        result: usize,
    },
    /// The object was already erased.
    AlreadyErased,
}

impl std::fmt::Display for EraseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EraseError::ResultStillUsed { result, .. } => {
                write!(
                    f,
                    "cannot erase an operation whose result #{result} still has uses"
                )
            }
            EraseError::AlreadyErased => write!(f, "operation was already erased"),
        }
    }
}

/// Everything needed to create an operation, as MLIR's `OperationState`.
pub struct OperationState<'c> {
    /// Name (and definition).
    pub name: OpName<'c>,
    /// Location.
    pub loc: Location<'c>,
    /// Operands.
    pub operands: SmallVec<[ValueId; 4]>,
    /// Result types.
    pub result_types: SmallVec<[Type<'c>; 2]>,
    /// Discardable attributes (a dictionary).
    pub attrs: Attribute<'c>,
    /// Properties (inherent attributes), usually a dictionary.
    pub props: Option<Attribute<'c>>,
    /// Successor blocks.
    pub successors: SmallVec<[BlockId; 2]>,
    /// Regions, already created in this body (or in `nested`).
    pub regions: SmallVec<[RegionId; 1]>,
    /// For isolated-from-above ops: the body holding `regions`.
    pub nested: Option<Box<Body<'c>>>,
}

impl<'c> OperationState<'c> {
    /// A state with no operands, results, attributes or regions.
    pub fn new(ctx: &'c super::Context, name: OpName<'c>, loc: Location<'c>) -> Self {
        Self {
            name,
            loc,
            operands: SmallVec::new(),
            result_types: SmallVec::new(),
            attrs: ctx.empty_dict(),
            props: None,
            successors: SmallVec::new(),
            regions: SmallVec::new(),
            nested: None,
        }
    }

    /// Sets (or replaces) the property (inherent attribute) `name`.
    pub fn set_prop(&mut self, ctx: &'c super::Context, name: &str, value: Attribute<'c>) {
        let mut all: Vec<NamedAttribute<'c>> = self
            .props
            .and_then(|d| d.as_dictionary())
            .unwrap_or(&[])
            .iter()
            .filter(|a| a.name.as_str() != name)
            .copied()
            .collect();
        all.push(NamedAttribute {
            name: ctx.ident(name),
            value,
        });
        self.props = Some(ctx.dictionary(&all));
    }
}

/// The IR below one isolated-from-above op, or the top level of a file.
#[derive(Default)]
pub struct Body<'c> {
    ops: PrimaryMap<OpId, OpData<'c>>,
    blocks: PrimaryMap<BlockId, BlockData<'c>>,
    regions: PrimaryMap<RegionId, RegionData>,
    values: PrimaryMap<ValueId, ValueData<'c>>,
    uses: PrimaryMap<UseId, UseData>,
    region_pool: Vec<RegionId>,
    succ_pool: Vec<BlockId>,
    /// For each block (by index), the `(op, successor index)` pairs that ever named it:
    /// `predecessors` keeps those still true, so that finding a block's predecessors
    /// does not scan its region (MLIR keeps block use lists for the same reason).
    succ_index: Vec<SmallVec<[(OpId, u32); 2]>>,
    extras: Vec<OpExtra<'c>>,
    /// Block and position of each block argument (see `ValueData::def`).
    arg_defs: Vec<(BlockId, u32)>,
    /// For a nested body: the name of the isolated op that owns it.
    owner: Option<OpName<'c>>,
    /// For a nested body: the owner's properties (kept in sync by `set_op_props`), so
    /// that ops inside can read their isolated parent's attributes (a function's type).
    owner_props: Option<Attribute<'c>>,
    /// For a nested body: the owner's location (kept in sync by `set_op_loc`).
    owner_loc: Option<Location<'c>>,
    /// For a nested body: the owner's discardable attributes (kept in sync by
    /// `set_op_attrs`), so that a pass on a module sees `pto.target_arch` and the like.
    owner_attrs: Option<Attribute<'c>>,
}

impl<'c> Body<'c> {
    /// An empty body.
    pub fn new() -> Self {
        Self::default()
    }

    // ---- creation -----------------------------------------------------------------------

    /// Creates a detached region.
    pub fn create_region(&mut self) -> RegionId {
        self.regions.push(RegionData {
            op: PackedOption::NONE,
            first_block: PackedOption::NONE,
            last_block: PackedOption::NONE,
        })
    }

    /// Creates a block with no arguments, not yet in any region.
    pub fn create_block(&mut self) -> BlockId {
        self.blocks.push(BlockData {
            region: PackedOption::NONE,
            prev: PackedOption::NONE,
            next: PackedOption::NONE,
            first_op: PackedOption::NONE,
            last_op: PackedOption::NONE,
            args: SmallVec::new(),
            arg_locs: SmallVec::new(),
            alive: true,
        })
    }

    /// Appends a block to the end of a region.
    pub fn append_block(&mut self, region: RegionId, block: BlockId) {
        debug_assert!(
            self.blocks[block].region.is_none(),
            "block is already in a region"
        );
        let last = self.regions[region].last_block;
        self.blocks[block].region = PackedOption::some(region);
        self.blocks[block].prev = last;
        self.blocks[block].next = PackedOption::NONE;
        match last.get() {
            Some(l) => self.blocks[l].next = PackedOption::some(block),
            None => self.regions[region].first_block = PackedOption::some(block),
        }
        self.regions[region].last_block = PackedOption::some(block);
    }

    /// Adds an argument of type `ty` to `block`.
    pub fn add_block_argument(
        &mut self,
        block: BlockId,
        ty: Type<'c>,
        loc: Location<'c>,
    ) -> ValueId {
        let index = self.blocks[block].args.len() as u32;
        let def = u32::try_from(self.arg_defs.len())
            .ok()
            .filter(|&i| i < VALUE_ARG)
            .expect("too many block arguments in one body");
        self.arg_defs.push((block, index));
        let v = self.values.push(ValueData {
            ty,
            def: def | VALUE_ARG,
            first_use: PackedOption::NONE,
        });
        self.blocks[block].args.push(v);
        self.blocks[block].arg_locs.push(loc);
        v
    }

    /// Creates an operation (not yet in a block).
    pub fn create_op(&mut self, new: OperationState<'c>) -> OpId {
        let op = self.ops.next_key();
        let results = Span {
            start: self.values.len() as u32,
            len: new.result_types.len() as u32,
        };
        assert!(
            (op.index() as u32) < VALUE_ARG,
            "too many operations in one body"
        );
        for ty in &new.result_types {
            self.values.push(ValueData {
                ty: *ty,
                def: op.index() as u32,
                first_use: PackedOption::NONE,
            });
        }
        let operands = Span {
            start: self.uses.len() as u32,
            len: new.operands.len() as u32,
        };
        for &v in &new.operands {
            let u = self.uses.push(UseData {
                value: v,
                owner: op,
                prev: PackedOption::NONE,
                next: PackedOption::NONE,
            });
            self.link_use(u);
        }
        let successors = Span {
            start: self.succ_pool.len() as u32,
            len: new.successors.len() as u32,
        };
        self.succ_pool.extend_from_slice(&new.successors);
        for (i, &b) in new.successors.iter().enumerate() {
            self.note_successor(op, i, b);
        }
        let regions = Span {
            start: self.region_pool.len() as u32,
            len: new.regions.len() as u32,
        };
        self.region_pool.extend_from_slice(&new.regions);
        // Regions of an isolated op live in its own body, where their owner is implicit.
        if new.nested.is_none() {
            for &r in &new.regions {
                self.regions[r].op = PackedOption::some(op);
            }
        }
        let mut nested = new.nested;
        if let Some(n) = nested.as_deref_mut() {
            n.owner = Some(new.name);
            n.owner_props = new.props;
            n.owner_loc = Some(new.loc);
            n.owner_attrs = Some(new.attrs);
        }
        let extra = if successors.len == 0 && regions.len == 0 && nested.is_none() {
            0
        } else {
            self.extras.push(OpExtra {
                op,
                successors,
                regions,
                nested,
            });
            u32::try_from(self.extras.len())
                .ok()
                .filter(|&i| i < OP_ERASED)
                .expect("too many ops with regions or successors in one body")
        };
        self.ops.push(OpData {
            name: new.name,
            loc: new.loc,
            attrs: new.attrs,
            props: new.props,
            block: PackedOption::NONE,
            prev: PackedOption::NONE,
            next: PackedOption::NONE,
            operands,
            results,
            extra,
        })
    }

    #[inline]
    fn extra(&self, op: OpId) -> Option<&OpExtra<'c>> {
        self.ops[op].extra_index().map(|i| &self.extras[i])
    }

    #[inline]
    fn extra_mut(&mut self, op: OpId) -> Option<&mut OpExtra<'c>> {
        self.ops[op].extra_index().map(|i| &mut self.extras[i])
    }

    #[inline]
    fn regions_span(&self, op: OpId) -> Span {
        self.extra(op).map_or(Span::default(), |e| e.regions)
    }

    // ---- use lists ----------------------------------------------------------------------

    fn link_use(&mut self, u: UseId) {
        let v = self.uses[u].value;
        let head = self.values[v].first_use;
        self.uses[u].prev = PackedOption::NONE;
        self.uses[u].next = head;
        if let Some(h) = head.get() {
            self.uses[h].prev = PackedOption::some(u);
        }
        self.values[v].first_use = PackedOption::some(u);
    }

    fn unlink_use(&mut self, u: UseId) {
        let UseData {
            value, prev, next, ..
        } = self.uses[u];
        match prev.get() {
            Some(p) => self.uses[p].next = next,
            None => self.values[value].first_use = next,
        }
        if let Some(n) = next.get() {
            self.uses[n].prev = prev;
        }
        self.uses[u].prev = PackedOption::NONE;
        self.uses[u].next = PackedOption::NONE;
    }

    /// The uses of `v` as `(owner op, operand index)`, most recent first.
    pub fn uses(&self, v: ValueId) -> impl Iterator<Item = (OpId, usize)> + use<'_, 'c> {
        let mut cur = self.values[v].first_use.get();
        std::iter::from_fn(move || {
            let u = cur?;
            let d = self.uses[u];
            cur = d.next.get();
            let index = u.index() - self.ops[d.owner].operands.start as usize;
            Some((d.owner, index))
        })
    }

    /// True if `v` has at least one use.
    #[inline]
    pub fn has_uses(&self, v: ValueId) -> bool {
        !self.values[v].first_use.is_none()
    }

    /// Makes every use of `old` use `new` instead: O(1) per use.
    pub fn replace_all_uses(&mut self, old: ValueId, new: ValueId) {
        if old == new {
            return;
        }
        let mut cur = self.values[old].first_use.get();
        let mut last = None;
        while let Some(u) = cur {
            self.uses[u].value = new;
            last = Some(u);
            cur = self.uses[u].next.get();
        }
        // Splice the whole list in front of `new`'s list.
        if let Some(last) = last {
            let first = self.values[old].first_use;
            let head = self.values[new].first_use;
            self.uses[last].next = head;
            if let Some(h) = head.get() {
                self.uses[h].prev = PackedOption::some(last);
            }
            self.values[new].first_use = first;
            self.values[old].first_use = PackedOption::NONE;
        }
    }

    /// Sets operand `index` of `op` to `v`.
    pub fn set_operand(&mut self, op: OpId, index: usize, v: ValueId) {
        let span = self.ops[op].operands;
        assert!(index < span.len as usize, "operand index out of range");
        let u = UseId::new(span.start as usize + index);
        self.unlink_use(u);
        self.uses[u].value = v;
        self.link_use(u);
    }

    /// Replaces all operands of `op`.
    pub fn set_operands(&mut self, op: OpId, values: &[ValueId]) {
        for u in self.ops[op].operands.range() {
            self.unlink_use(UseId::new(u));
        }
        let start = self.uses.len() as u32;
        for &v in values {
            let u = self.uses.push(UseData {
                value: v,
                owner: op,
                prev: PackedOption::NONE,
                next: PackedOption::NONE,
            });
            self.link_use(u);
        }
        self.ops[op].operands = Span {
            start,
            len: values.len() as u32,
        };
    }

    // ---- op placement -------------------------------------------------------------------

    /// Inserts a detached op at `at`.
    pub fn insert_op(&mut self, op: OpId, at: InsertPoint) {
        debug_assert!(self.ops[op].block.is_none(), "op is already in a block");
        let (block, prev, next) = match at {
            InsertPoint::BlockStart(b) => (b, None, self.blocks[b].first_op.get()),
            InsertPoint::BlockEnd(b) => (b, self.blocks[b].last_op.get(), None),
            InsertPoint::Before(o) => {
                let b = self.ops[o]
                    .block
                    .get()
                    .expect("insertion point op is not in a block");
                (b, self.ops[o].prev.get(), Some(o))
            }
            InsertPoint::After(o) => {
                let b = self.ops[o]
                    .block
                    .get()
                    .expect("insertion point op is not in a block");
                (b, Some(o), self.ops[o].next.get())
            }
        };
        let d = &mut self.ops[op];
        d.block = PackedOption::some(block);
        d.prev = prev.into();
        d.next = next.into();
        match prev {
            Some(p) => self.ops[p].next = PackedOption::some(op),
            None => self.blocks[block].first_op = PackedOption::some(op),
        }
        match next {
            Some(n) => self.ops[n].prev = PackedOption::some(op),
            None => self.blocks[block].last_op = PackedOption::some(op),
        }
    }

    /// Unlinks an op from its block, keeping it (and its uses) alive.
    pub fn detach_op(&mut self, op: OpId) {
        let Some(block) = self.ops[op].block.get() else {
            return;
        };
        let (prev, next) = (self.ops[op].prev, self.ops[op].next);
        match prev.get() {
            Some(p) => self.ops[p].next = next,
            None => self.blocks[block].first_op = next,
        }
        match next.get() {
            Some(n) => self.ops[n].prev = prev,
            None => self.blocks[block].last_op = prev,
        }
        let d = &mut self.ops[op];
        d.block = PackedOption::NONE;
        d.prev = PackedOption::NONE;
        d.next = PackedOption::NONE;
    }

    /// Moves an op (with its regions) to `at`: O(1).
    pub fn move_op(&mut self, op: OpId, at: InsertPoint) {
        self.detach_op(op);
        self.insert_op(op, at);
    }

    /// Erases `op` and everything nested in it. Refused if a result of `op` is still used
    /// by an op outside it; nothing is changed then.
    pub fn erase_op(&mut self, op: OpId) -> Result<(), EraseError> {
        if !self.ops[op].alive() {
            return Err(EraseError::AlreadyErased);
        }
        // Collect the op and its nested ops (same body), then check outside uses.
        let mut doomed = Vec::new();
        self.walk_collect(op, &mut doomed);
        let mut inside = rustc_hash::FxHashSet::default();
        inside.extend(doomed.iter().copied());
        for &o in &doomed {
            for (i, r) in self.results(o).enumerate() {
                if self.uses(r).any(|(user, _)| !inside.contains(&user)) {
                    return Err(EraseError::ResultStillUsed { op: o, result: i });
                }
            }
        }
        self.detach_op(op);
        for &o in &doomed {
            for u in self.ops[o].operands.range() {
                self.unlink_use(UseId::new(u));
            }
            let isolated = self.nested(o).is_some();
            for r in self.regions_span(o).range() {
                let region = self.region_pool[r];
                if !isolated {
                    let mut b = self.regions[region].first_block.get();
                    while let Some(block) = b {
                        b = self.blocks[block].next.get();
                        self.blocks[block].alive = false;
                    }
                    // An erased op's regions hold nothing (so they are no root regions).
                    self.regions[region].first_block = PackedOption::NONE;
                    self.regions[region].last_block = PackedOption::NONE;
                }
            }
            if let Some(e) = self.extra_mut(o) {
                e.nested = None;
            }
            let d = &mut self.ops[o];
            d.extra |= OP_ERASED;
            d.block = PackedOption::NONE;
        }
        Ok(())
    }

    /// Pre-order list of `op` and every op nested in it within this body.
    fn walk_collect(&self, op: OpId, out: &mut Vec<OpId>) {
        out.push(op);
        if self.nested(op).is_some() {
            return;
        }
        for &r in self.regions_of(op) {
            for b in self.region_blocks(r) {
                for o in self.block_ops(b) {
                    self.walk_collect(o, out);
                }
            }
        }
    }

    /// Erases a block that no op branches to, with its ops. Refused like [`Body::erase_op`].
    pub fn erase_block(&mut self, block: BlockId) -> Result<(), EraseError> {
        let ops: Vec<OpId> = self.block_ops(block).collect();
        // Erase back to front so that later users go first.
        for &o in ops.iter().rev() {
            self.erase_op(o)?;
        }
        self.detach_block(block);
        self.blocks[block].alive = false;
        Ok(())
    }

    // ---- op accessors -------------------------------------------------------------------

    /// True if `op` has not been erased.
    #[inline]
    pub fn is_alive(&self, op: OpId) -> bool {
        self.ops.get(op).is_some_and(|d| d.alive())
    }
    /// The op's name.
    #[inline]
    pub fn op_name(&self, op: OpId) -> OpName<'c> {
        self.ops[op].name
    }
    /// The op's location.
    #[inline]
    pub fn op_loc(&self, op: OpId) -> Location<'c> {
        self.ops[op].loc
    }
    /// Sets the op's location.
    pub fn set_op_loc(&mut self, op: OpId, loc: Location<'c>) {
        self.ops[op].loc = loc;
        if let Some(n) = self.nested_mut(op) {
            n.owner_loc = Some(loc);
        }
    }
    /// The op's discardable attributes (a dictionary).
    #[inline]
    pub fn op_attrs(&self, op: OpId) -> Attribute<'c> {
        self.ops[op].attrs
    }
    /// Replaces the op's discardable attributes (must be a dictionary).
    pub fn set_op_attrs(&mut self, op: OpId, attrs: Attribute<'c>) {
        self.ops[op].attrs = attrs;
        if let Some(n) = self.nested_mut(op) {
            n.owner_attrs = Some(attrs);
        }
    }
    /// The op's properties (inherent attributes).
    #[inline]
    pub fn op_props(&self, op: OpId) -> Option<Attribute<'c>> {
        self.ops[op].props
    }
    /// Replaces the op's properties.
    pub fn set_op_props(&mut self, op: OpId, props: Option<Attribute<'c>>) {
        self.ops[op].props = props;
        if let Some(n) = self.nested_mut(op) {
            n.owner_props = props;
        }
    }
    /// Looks up an attribute by name: properties first, then discardable attributes.
    pub fn attr(&self, op: OpId, name: &str) -> Option<Attribute<'c>> {
        let d = &self.ops[op];
        d.props
            .and_then(|p| p.dict_get(name))
            .or_else(|| d.attrs.dict_get(name))
    }
    /// The operand values.
    pub fn operands(&self, op: OpId) -> impl ExactSizeIterator<Item = ValueId> + '_ {
        self.uses_of_op(op).iter().map(|u| u.value)
    }
    fn uses_of_op(&self, op: OpId) -> &[UseData] {
        let r = self.ops[op].operands.range();
        &self.uses_slice()[r]
    }
    fn uses_slice(&self) -> &[UseData] {
        // PrimaryMap keys are dense, so the map's storage is the slice of all uses.
        self.uses.as_slice()
    }
    /// Operand `i`.
    #[inline]
    pub fn operand(&self, op: OpId, i: usize) -> ValueId {
        let s = self.ops[op].operands;
        assert!(i < s.len as usize, "operand index out of range");
        self.uses[UseId::new(s.start as usize + i)].value
    }
    /// Number of operands.
    #[inline]
    pub fn num_operands(&self, op: OpId) -> usize {
        self.ops[op].operands.len as usize
    }
    /// The result values (contiguous).
    pub fn results(&self, op: OpId) -> impl ExactSizeIterator<Item = ValueId> + Clone + use<'c> {
        self.ops[op].results.range().map(ValueId::new)
    }
    /// Result `i`.
    #[inline]
    pub fn result(&self, op: OpId, i: usize) -> ValueId {
        let s = self.ops[op].results;
        assert!(i < s.len as usize, "result index out of range");
        ValueId::new(s.start as usize + i)
    }
    /// Number of results.
    #[inline]
    pub fn num_results(&self, op: OpId) -> usize {
        self.ops[op].results.len as usize
    }
    /// Records that successor `i` of `op` names `block` (see `succ_index`).
    fn note_successor(&mut self, op: OpId, i: usize, block: BlockId) {
        let k = block.index();
        if k >= self.succ_index.len() {
            self.succ_index.resize_with(k + 1, SmallVec::new);
        }
        let entry = (op, i as u32);
        if !self.succ_index[k].contains(&entry) {
            self.succ_index[k].push(entry);
        }
    }

    /// The recorded `(op, successor index)` pairs naming `block` (some no longer true).
    pub(crate) fn successor_candidates(&self, block: BlockId) -> &[(OpId, u32)] {
        self.succ_index
            .get(block.index())
            .map_or(&[], |v| v.as_slice())
    }

    /// The successor blocks.
    #[inline]
    pub fn successors(&self, op: OpId) -> &[BlockId] {
        match self.extra(op) {
            Some(e) => &self.succ_pool[e.successors.range()],
            None => &[],
        }
    }
    /// Replaces successor `i`.
    pub fn set_successor(&mut self, op: OpId, i: usize, block: BlockId) {
        let s = self.extra(op).map_or(Span::default(), |e| e.successors);
        assert!(i < s.len as usize, "successor index out of range");
        self.succ_pool[s.start as usize + i] = block;
        self.note_successor(op, i, block);
    }
    /// The regions (in [`Body::nested`] for isolated ops).
    #[inline]
    pub fn regions_of(&self, op: OpId) -> &[RegionId] {
        &self.region_pool[self.regions_span(op).range()]
    }
    /// The body holding the regions of an isolated-from-above op.
    #[inline]
    pub fn nested(&self, op: OpId) -> Option<&Body<'c>> {
        self.extra(op).and_then(|e| e.nested.as_deref())
    }
    /// Mutable access to the body of an isolated-from-above op.
    #[inline]
    pub fn nested_mut(&mut self, op: OpId) -> Option<&mut Body<'c>> {
        self.extra_mut(op).and_then(|e| e.nested.as_deref_mut())
    }
    /// Takes the body of an isolated-from-above op (to hand its regions to a new op, as a
    /// conversion from one function op to another does). `op` is left without regions.
    pub fn take_nested(&mut self, op: OpId) -> Option<Box<Body<'c>>> {
        let e = self.extra_mut(op)?;
        let nested = e.nested.take()?;
        e.regions.len = 0;
        Some(nested)
    }
    /// Lends the body of an isolated-from-above op out, keeping `op`'s region list: until
    /// [`Body::reattach_nested`] gives it back, `op` looks region-less to everything
    /// that follows its regions. The parser uses this to verify a finished function on
    /// another thread while it parses the next.
    pub fn lend_nested(&mut self, op: OpId) -> Option<Box<Body<'c>>> {
        self.extra_mut(op)?.nested.take()
    }
    /// Gives back a body lent by [`Body::lend_nested`].
    pub fn reattach_nested(&mut self, op: OpId, nested: Box<Body<'c>>) {
        let e = self.extra_mut(op).expect("op had a nested body");
        debug_assert!(e.nested.is_none(), "op's nested body is not lent");
        e.nested = Some(nested);
    }
    /// The body in which `op`'s regions live, and the regions.
    pub fn region_body(&self, op: OpId) -> &Body<'c> {
        self.nested(op).unwrap_or(self)
    }
    /// All isolated-from-above children's bodies, mutably and disjointly: the unit of
    /// parallel work.
    pub fn nested_bodies_mut(&mut self) -> impl Iterator<Item = (OpId, &mut Body<'c>)> {
        let ops = &self.ops;
        self.extras
            .iter_mut()
            .filter(move |e| ops[e.op].alive())
            .filter_map(|e| e.nested.as_deref_mut().map(|b| (e.op, b)))
    }
    /// The block containing `op`.
    #[inline]
    pub fn op_block(&self, op: OpId) -> Option<BlockId> {
        self.ops[op].block.get()
    }
    /// The op after `op` in its block.
    #[inline]
    pub fn next_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op].next.get()
    }
    /// The op before `op` in its block.
    #[inline]
    pub fn prev_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op].prev.get()
    }
    /// The op whose (non-isolated) region contains `op`, within this body.
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        let b = self.op_block(op)?;
        let r = self.blocks[b].region.get()?;
        self.regions[r].op.get()
    }

    /// For a nested body: a property of the isolated op that owns it.
    pub fn owner_attr(&self, name: &str) -> Option<Attribute<'c>> {
        self.owner_props.and_then(|p| p.dict_get(name))
    }

    /// For a nested body: a discardable attribute of the isolated op that owns it
    /// (`pto.target_arch` on a module).
    pub fn owner_discardable_attr(&self, name: &str) -> Option<Attribute<'c>> {
        self.owner_attrs.and_then(|a| a.dict_get(name))
    }

    /// For a nested body: the location of the isolated op that owns it.
    pub fn owner_loc(&self) -> Option<Location<'c>> {
        self.owner_loc
    }

    /// For a nested body: all the properties of the isolated op that owns it.
    pub fn owner_props(&self) -> Option<Attribute<'c>> {
        self.owner_props
    }

    /// For a nested body: the name of the isolated op that owns it.
    pub fn owner_name(&self) -> Option<OpName<'c>> {
        self.owner
    }
    /// The name of the op whose region contains `op`, looking through the boundary of a
    /// nested body to its isolated owner.
    pub fn parent_op_name(&self, op: OpId) -> Option<OpName<'c>> {
        match self.parent_op(op) {
            Some(p) => Some(self.op_name(p)),
            None => self.op_block(op).and(self.owner),
        }
    }

    // ---- values -------------------------------------------------------------------------

    /// The type of a value.
    #[inline]
    pub fn value_type(&self, v: ValueId) -> Type<'c> {
        self.values[v].ty
    }
    /// Changes the type of a value.
    pub fn set_value_type(&mut self, v: ValueId, ty: Type<'c>) {
        self.values[v].ty = ty;
    }
    /// The location of a value: its block argument's, or its defining op's.
    pub fn value_loc(&self, v: ValueId) -> Location<'c> {
        match self.value_def(v) {
            ValueDef::Result(op, _) => self.ops[op].loc,
            ValueDef::Arg(b, i) => self.blocks[b].arg_locs[i as usize],
        }
    }
    /// What defines a value.
    #[inline]
    pub fn value_def(&self, v: ValueId) -> ValueDef {
        let def = self.values[v].def;
        if def & VALUE_ARG != 0 {
            let (b, i) = self.arg_defs[(def & !VALUE_ARG) as usize];
            ValueDef::Arg(b, i)
        } else {
            let op = OpId::new(def as usize);
            ValueDef::Result(op, v.index() as u32 - self.ops[op].results.start)
        }
    }

    /// Records that block argument `v` is argument `index` of `block`.
    fn set_arg_def(&mut self, v: ValueId, block: BlockId, index: u32) {
        let def = self.values[v].def;
        debug_assert!(def & VALUE_ARG != 0, "not a block argument");
        self.arg_defs[(def & !VALUE_ARG) as usize] = (block, index);
    }
    /// The op defining `v`, if it is a result.
    #[inline]
    pub fn defining_op(&self, v: ValueId) -> Option<OpId> {
        let def = self.values[v].def;
        (def & VALUE_ARG == 0).then(|| OpId::new(def as usize))
    }
    /// The integer value of `v` when a `ConstantLike` op defines it (MLIR's
    /// `matchPattern(v, m_ConstantInt(&x))`).
    pub fn constant_int(&self, v: ValueId) -> Option<i128> {
        let def = self.defining_op(v)?;
        if !self
            .op_name(def)
            .traits()
            .contains(super::dialect::OpTraits::CONSTANT_LIKE)
        {
            return None;
        }
        self.attr(def, "value")?.as_int()
    }
    /// The block in which `v` is defined.
    pub fn value_block(&self, v: ValueId) -> Option<BlockId> {
        match self.value_def(v) {
            ValueDef::Result(op, _) => self.op_block(op),
            ValueDef::Arg(b, _) => Some(b),
        }
    }
    /// Number of values ever created in this body.
    pub fn num_values(&self) -> usize {
        self.values.len()
    }

    // ---- blocks and regions -------------------------------------------------------------

    /// The entry block of the first root region (a function's entry block), if any.
    pub fn root_entry_block(&self) -> Option<BlockId> {
        self.root_regions()
            .first()
            .and_then(|&r| self.entry_block(r))
    }

    /// The block's arguments.
    #[inline]
    pub fn block_args(&self, b: BlockId) -> &[ValueId] {
        &self.blocks[b].args
    }
    /// The location of argument `i` of `b`.
    pub fn block_arg_loc(&self, b: BlockId, i: usize) -> Location<'c> {
        self.blocks[b].arg_locs[i]
    }
    /// The ops of a block, in order.
    pub fn block_ops(&self, b: BlockId) -> BlockOps<'_, 'c> {
        BlockOps {
            body: self,
            next: self.blocks[b].first_op.get(),
        }
    }
    /// The first op of a block.
    pub fn first_op(&self, b: BlockId) -> Option<OpId> {
        self.blocks[b].first_op.get()
    }
    /// The last op of a block.
    pub fn last_op(&self, b: BlockId) -> Option<OpId> {
        self.blocks[b].last_op.get()
    }
    /// The region containing `b`.
    pub fn block_region(&self, b: BlockId) -> Option<RegionId> {
        self.blocks[b].region.get()
    }
    /// The block after `b` in its region.
    pub fn next_block(&self, b: BlockId) -> Option<BlockId> {
        self.blocks[b].next.get()
    }
    /// True if the block has not been erased.
    pub fn block_is_alive(&self, b: BlockId) -> bool {
        self.blocks.get(b).is_some_and(|d| d.alive)
    }
    /// The blocks of a region, in order.
    pub fn region_blocks(&self, r: RegionId) -> RegionBlocks<'_, 'c> {
        RegionBlocks {
            body: self,
            next: self.regions[r].first_block.get(),
        }
    }
    /// The first (entry) block of a region.
    pub fn entry_block(&self, r: RegionId) -> Option<BlockId> {
        self.regions[r].first_block.get()
    }
    /// The op owning a region (None for regions of an isolated op, owned from outside).
    pub fn region_op(&self, r: RegionId) -> Option<OpId> {
        self.regions[r].op.get()
    }
    /// Rewrites block-argument locations for which `f` returns a replacement.
    pub fn remap_block_arg_locs(
        &mut self,
        mut f: impl FnMut(Location<'c>) -> Option<Location<'c>>,
    ) {
        for b in self.blocks.values_mut() {
            for l in b.arg_locs.iter_mut() {
                if let Some(n) = f(*l) {
                    *l = n;
                }
            }
        }
    }
    /// Regions owned from outside this body: the top-level region of a file, or the
    /// regions of the isolated op that owns this body.
    pub fn root_regions(&self) -> Vec<RegionId> {
        let mut owned = vec![false; self.regions.len()];
        for e in self
            .extras
            .iter()
            .filter(|e| self.ops[e.op].alive() && e.nested.is_none())
        {
            for &r in &self.region_pool[e.regions.range()] {
                owned[r.index()] = true;
            }
        }
        (0..self.regions.len())
            .filter(|&i| !owned[i] && self.regions.as_slice()[i].first_block.get().is_some())
            .map(RegionId::new)
            .collect()
    }
    /// Gives back the room the body's tables have reserved for growth (for a body that
    /// is complete, as the parser's are: the room then serves the next body).
    pub fn shrink_to_fit(&mut self) {
        self.ops.shrink_to_fit();
        self.blocks.shrink_to_fit();
        self.regions.shrink_to_fit();
        self.values.shrink_to_fit();
        self.uses.shrink_to_fit();
        self.region_pool.shrink_to_fit();
        self.succ_pool.shrink_to_fit();
        self.extras.shrink_to_fit();
        self.arg_defs.shrink_to_fit();
    }

    /// Number of ops ever created in this body (including erased ones).
    pub fn num_op_slots(&self) -> usize {
        self.ops.len()
    }
}

/// Iterator over the ops of a block.
pub struct BlockOps<'b, 'c> {
    body: &'b Body<'c>,
    next: Option<OpId>,
}

impl Iterator for BlockOps<'_, '_> {
    type Item = OpId;
    #[inline]
    fn next(&mut self) -> Option<OpId> {
        let op = self.next?;
        self.next = self.body.ops[op].next.get();
        Some(op)
    }
}

/// Iterator over the blocks of a region.
pub struct RegionBlocks<'b, 'c> {
    body: &'b Body<'c>,
    next: Option<BlockId>,
}

impl Iterator for RegionBlocks<'_, '_> {
    type Item = BlockId;
    #[inline]
    fn next(&mut self) -> Option<BlockId> {
        let b = self.next?;
        self.next = self.body.blocks[b].next.get();
        Some(b)
    }
}

/// Gives `region` an entry block if it has none, and appends a `name` op (an implicit
/// terminator without operands) unless the block already ends with a terminator.
pub fn ensure_terminator<'c>(
    ctx: &'c super::Context,
    body: &mut Body<'c>,
    region: RegionId,
    name: &'static str,
    loc: Location<'c>,
) {
    let block = match body.entry_block(region) {
        Some(b) => b,
        None => {
            let b = body.create_block();
            body.append_block(region, b);
            b
        }
    };
    if body.last_op(block).is_some_and(|o| {
        body.op_name(o)
            .traits()
            .contains(super::OpTraits::TERMINATOR)
    }) {
        return;
    }
    let op_name = OpName::of(ctx, name);
    let t = body.create_op(OperationState::new(ctx, op_name, loc));
    body.insert_op(t, InsertPoint::BlockEnd(block));
}
