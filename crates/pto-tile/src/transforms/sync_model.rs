//! What the synchronisation passes know about `pto` ops: the hardware pipe each op runs
//! on (PTOAS's pipe assignment, with its A3/A5 differences), the memory each op reads and
//! writes, and when two accesses may touch the same bytes.
//!
//! Memory model. An accessed value is traced to its root through the ops that view the
//! same bytes (`pto.subset`, `pto.bitcast`, `pto.treshape`, `pto.bind_tile`, memref
//! views; for global memory `pto.partition_view`, `pto.make_tensor_view`,
//! `pto.addptr`). Then:
//! - accesses in different address spaces never alias;
//! - roots at known constant byte addresses (`pto.alloc_tile addr = %c`,
//!   `pto.pointer_cast(%c)`, `pto.tassign %t, %c`) alias iff their byte ranges overlap, so tiles that memory
//!   planning placed on the same bytes are ordered like one buffer;
//! - the same root aliases itself; two distinct unplanned allocations (`pto.alloc_tile`
//!   without an address, `memref.alloc`) never alias;
//! - in global memory, views of two different function arguments are assumed not to
//!   alias (the kernel's callers pass distinct tensors, as PTOAS assumes when it compares
//!   root pointers); any other pair of global roots may alias;
//! - anything else (tiles passed as arguments, loop-carried tiles, results of unknown
//!   ops) may alias every buffer of its address space.

use crate::{
    address_space_of_attr, AddressSpace, EVENTAttr, PIPEAttr, PartitionTensorViewType, PtrType,
    TensorViewType, TileBufType, EVENT, PIPE,
};
use pto_dialects::memref;
use pto_ir::builtin;
use pto_ir::{Attribute, Body, Context, OpId, Type, TypeKind, ValueDef, ValueId};

/// A hardware pipe: the value of `#pto.pipe<...>`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pipe(pub PIPE);

impl Pipe {
    /// The scalar unit.
    pub const S: Pipe = Pipe(PIPE::PIPE_S);
    /// The vector unit.
    pub const V: Pipe = Pipe(PIPE::PIPE_V);
    /// The cube (matrix) unit.
    pub const M: Pipe = Pipe(PIPE::PIPE_M);
    /// L1 to L0 moves.
    pub const MTE1: Pipe = Pipe(PIPE::PIPE_MTE1);
    /// Global memory to local memory.
    pub const MTE2: Pipe = Pipe(PIPE::PIPE_MTE2);
    /// Local memory to global memory.
    pub const MTE3: Pipe = Pipe(PIPE::PIPE_MTE3);
    /// Every pipe (barriers only).
    pub const ALL: Pipe = Pipe(PIPE::PIPE_ALL);
    /// The accumulator fix-pipe.
    pub const FIX: Pipe = Pipe(PIPE::PIPE_FIX);

    /// Pipes with values below this bound get a slot in per-pipe tables.
    pub const SLOTS: usize = 16;

    /// The slot of this pipe in per-pipe tables, if it has one.
    pub fn slot(self) -> Option<usize> {
        usize::try_from(self.0.value())
            .ok()
            .filter(|&s| s < Self::SLOTS)
    }

    /// The enum case name (`PIPE_V`).
    pub fn name(self) -> &'static str {
        self.0.keyword()
    }

    /// The attribute `#pto.pipe<NAME>`.
    pub fn attr(self, ctx: &Context) -> Attribute<'_> {
        PIPEAttr::get(ctx, self.0).attr()
    }

    /// The pipe of a `#pto.pipe<...>` attribute.
    pub fn from_attr(a: Attribute<'_>) -> Option<Pipe> {
        PIPEAttr::from_attr(a).map(|a| Pipe(a.value()))
    }

    /// The pipe whose case name is `name` (`PIPE_V`).
    pub fn from_name(name: &str) -> Option<Pipe> {
        PIPE::from_keyword(name).map(Pipe)
    }
}

/// The `#pto.event<EVENT_IDk>` attribute (`None` past the last event id).
pub fn event_attr(ctx: &Context, id: u8) -> Option<Attribute<'_>> {
    let event = EVENT::from_value(id.into())?;
    Some(EVENTAttr::get(ctx, event).attr())
}

/// The event id of a `#pto.event<...>` attribute.
pub fn event_from_attr(a: Attribute<'_>) -> Option<i64> {
    EVENTAttr::from_attr(a).map(|e| e.value().value())
}

/// The target family, which changes a few pipe assignments and the vector pipe's order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Arch {
    /// The a2/a3 family (the default).
    A3,
    /// The Ascend 950 family.
    A5,
}

impl Arch {
    /// The arch selected by a module's `pto.target_arch` (`"a5"` in any case means A5;
    /// anything else, or no attribute, A3).
    pub fn from_attr(a: Option<Attribute<'_>>) -> Arch {
        match a.and_then(Attribute::as_str) {
            Some(s) if s.eq_ignore_ascii_case("a5") => Arch::A5,
            _ => Arch::A3,
        }
    }

    /// Whether ops of `pipe` complete in issue order, so that a dependency between two
    /// of them needs no barrier. On A5 the vector pipe is (PTOAS deletes `PIPE_V`
    /// barriers there); every other pipe needs `pto.barrier <pipe>`.
    pub fn pipe_in_order(self, pipe: Pipe) -> bool {
        self == Arch::A5 && pipe == Pipe::V
    }
}

/// The address space of a value's type: a tile's `loc`, a memref's memory space, `gm`
/// for global views and pointers.
pub fn space_of_type(ty: Type<'_>) -> Option<AddressSpace> {
    if let Some(t) = TileBufType::from_type(ty) {
        return Some(t.loc());
    }
    if PartitionTensorViewType::from_type(ty).is_some()
        || TensorViewType::from_type(ty).is_some()
        || PtrType::from_type(ty).is_some()
    {
        return Some(AddressSpace::GM);
    }
    match *ty.kind() {
        TypeKind::MemRef { memory_space, .. } | TypeKind::UnrankedMemRef { memory_space, .. } => {
            memory_space.and_then(address_space_of_attr)
        }
        _ => None,
    }
}

/// Whether values of this type name memory that tile ops access.
fn is_memory_type(ty: Type<'_>) -> bool {
    TileBufType::from_type(ty).is_some()
        || ty.is_dialect_type("pto", "partition_tensor_view")
        || ty.is_dialect_type("pto", "tensor_view")
        || ty.is_dialect_type("pto", "ptr")
        || matches!(
            ty.kind(),
            TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. }
        )
}

/// The bytes of one element of `ty` (sub-byte types round up).
fn element_bytes(ty: Type<'_>) -> Option<u64> {
    if ty.is_index() {
        return Some(8);
    }
    let bits = ty
        .int_width()
        .or_else(|| ty.float_kind().map(|k| k.width()))?;
    Some(u64::from(bits.div_ceil(8)))
}

/// The bytes a buffer of type `ty` occupies.
fn type_bytes(ty: Type<'_>) -> Option<u64> {
    if let Some(t) = TileBufType::from_type(ty) {
        let n = u64::try_from(t.rows()).ok()? * u64::try_from(t.cols()).ok()?;
        return n.checked_mul(element_bytes(t.dtype())?);
    }
    if let TypeKind::MemRef { element, .. } = *ty.kind() {
        let n = u64::try_from(ty.num_elements()?).ok()?;
        return n.checked_mul(element_bytes(element)?);
    }
    None
}

/// What a buffer's root is, for the alias rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RootKind {
    /// A distinct unplanned allocation.
    Alloc,
    /// Placed at known byte addresses.
    Placed,
    /// An argument of the function.
    FuncArg,
    /// Anything else (a loop-carried value, a result of an unknown op).
    Unknown,
}

/// The memory an access touches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Buffer {
    /// The address space, if known.
    pub space: Option<AddressSpace>,
    /// The value the accessed value views.
    pub root: ValueId,
    /// What the root is.
    pub kind: RootKind,
    /// For a placed root: the `[start, end)` byte ranges it may occupy (several for a
    /// multi-buffered `pointer_cast`).
    pub ranges: Vec<(u64, u64)>,
}

/// The op that defines `v` when it views the same memory as one of its operands, and
/// that operand's index.
fn view_source(body: &Body<'_>, op: OpId) -> Option<usize> {
    let name = body.op_name(op).as_str();
    let first = matches!(
        name,
        crate::SubsetOp::NAME
            | crate::BitcastOp::NAME
            | crate::TReshapeOp::NAME
            | crate::BindTileOp::NAME
            | crate::PartitionViewOp::NAME
            | crate::MakeTensorViewOp::NAME
            | crate::AddPtrOp::NAME
            | memref::SubViewOp::NAME
            | memref::ReinterpretCastOp::NAME
            | memref::CastOp::NAME
            | memref::CollapseShapeOp::NAME
            | memref::ExpandShapeOp::NAME
            | "memref.memory_space_cast"
            | "memref.transpose"
            | memref::ViewOp::NAME
            | builtin::UnrealizedConversionCastOp::NAME
    );
    (first && body.num_operands(op) > 0).then_some(0)
}

/// The buffer the memory value `v` names.
pub fn buffer_of(body: &Body<'_>, v: ValueId) -> Buffer {
    let space = space_of_type(body.value_type(v));
    let mut root = v;
    // Views cannot form cycles in SSA form, but a bound keeps bad input harmless.
    for _ in 0..1000 {
        let Some(op) = body.defining_op(root) else {
            break;
        };
        match view_source(body, op) {
            Some(i) => root = body.operand(op, i),
            None => break,
        }
    }
    let (kind, ranges) = classify_root(body, root);
    Buffer {
        space,
        root,
        kind,
        ranges,
    }
}

/// The kind of a root and, when placed, its byte ranges.
fn classify_root(body: &Body<'_>, root: ValueId) -> (RootKind, Vec<(u64, u64)>) {
    let op = match body.value_def(root) {
        ValueDef::Arg(b, _) => {
            let entry = body
                .block_region(b)
                .is_some_and(|r| body.region_op(r).is_none() && body.entry_block(r) == Some(b));
            let kind = if entry {
                RootKind::FuncArg
            } else {
                RootKind::Unknown
            };
            return (kind, Vec::new());
        }
        ValueDef::Result(op, _) => op,
    };
    let size = type_bytes(body.value_type(root));
    let placed = |addrs: &[ValueId]| -> Option<Vec<(u64, u64)>> {
        let size = size?;
        addrs
            .iter()
            .map(|&a| {
                let start = u64::try_from(body.constant_int(a)?).ok()?;
                Some((start, start.checked_add(size)?))
            })
            .collect()
    };
    match body.op_name(op).as_str() {
        crate::AllocTileOp::NAME => {
            let spec = body.op_name(op).def.and_then(|d| d.spec);
            let addr = spec.map(|s| pto_ir::ods::operand_group(s, body, op, 0));
            match addr.as_deref() {
                Some([]) | None => (RootKind::Alloc, Vec::new()),
                Some(a) => match placed(a) {
                    Some(r) => (RootKind::Placed, r),
                    None => (RootKind::Unknown, Vec::new()),
                },
            }
        }
        crate::PointerCastOp::NAME => {
            let spec = body.op_name(op).def.and_then(|d| d.spec);
            let addrs = spec.map(|s| pto_ir::ods::operand_group(s, body, op, 0));
            match addrs
                .as_deref()
                .and_then(|a| (!a.is_empty()).then(|| placed(a)))
            {
                Some(Some(r)) => (RootKind::Placed, r),
                _ => (RootKind::Unknown, Vec::new()),
            }
        }
        crate::TAssignOp::NAME => match placed(&[body.operand(op, 1)]) {
            Some(r) => (RootKind::Placed, r),
            None => (RootKind::Unknown, Vec::new()),
        },
        memref::AllocOp::NAME | memref::AllocaOp::NAME => (RootKind::Alloc, Vec::new()),
        _ => (RootKind::Unknown, Vec::new()),
    }
}

/// Whether two accessed buffers may share bytes (see the module documentation).
pub fn may_alias(a: &Buffer, b: &Buffer) -> bool {
    if let (Some(x), Some(y)) = (a.space, b.space) {
        if x != y {
            return false;
        }
    }
    if a.root == b.root {
        return true;
    }
    if a.space == Some(AddressSpace::GM) && b.space == Some(AddressSpace::GM) {
        return !(a.kind == RootKind::FuncArg && b.kind == RootKind::FuncArg);
    }
    match (a.kind, b.kind) {
        (RootKind::Placed, RootKind::Placed) => a
            .ranges
            .iter()
            .any(|&(s1, e1)| b.ranges.iter().any(|&(s2, e2)| s1 < e2 && s2 < e1)),
        (RootKind::Alloc, RootKind::Alloc) => false,
        _ => true,
    }
}

/// One memory access of an op.
#[derive(Clone, Debug)]
pub struct Access {
    /// What is accessed.
    pub buffer: Buffer,
    /// Written (otherwise only read).
    pub write: bool,
}

/// The pipe `op` runs on, or `None` for ops that synchronisation ignores (views,
/// allocation, sync ops, control flow, scalar arithmetic): its `PipeOpInterface` model,
/// which every `pto` op declares (see `op_pipes.rs`), and `None` for other dialects' ops.
pub fn op_pipe(body: &Body<'_>, op: OpId, arch: Arch) -> Option<Pipe> {
    body.op_name(op)
        .def?
        .declared_interface::<dyn crate::PipeOpInterface>()?
        .pipe(body, op, arch)
}

/// Whether some operand of `op` is memory.
pub(crate) fn has_memory_operand(body: &Body<'_>, op: OpId) -> bool {
    body.operands(op)
        .any(|v| is_memory_type(body.value_type(v)))
}

/// The address space of the first operand of group `group` of `op`.
pub(crate) fn operand_space(body: &Body<'_>, op: OpId, group: &str) -> Option<AddressSpace> {
    let spec = body.op_name(op).def.and_then(|d| d.spec)?;
    let g = spec.operands.iter().position(|s| s.name == group)?;
    let v = *pto_ir::ods::operand_group(spec, body, op, g).first()?;
    space_of_type(body.value_type(v))
}

/// The memory `op` reads and writes: operands in its `dst`, `dsts`, `cdst` and `tmp`
/// groups are written (scratch is clobbered), as is the tile a `tpop` binds and the
/// entry a `tpop_from_*` returns; every other memory operand is read. `taxpy` and
/// `thistogram` also read their destination (they accumulate into it), as
/// `tmatmul.acc` reads its `acc_in`.
pub fn op_accesses(body: &Body<'_>, op: OpId) -> Vec<Access> {
    let name = body.op_name(op).as_str();
    let mut out = Vec::new();
    let Some(spec) = body.op_name(op).def.and_then(|d| d.spec) else {
        return out;
    };
    // The scalar global-memory accesses name their pointer `ptr`.
    let scalar_store = name == crate::StoreScalarOp::NAME;
    for (g, group) in spec.operands.iter().enumerate() {
        for v in pto_ir::ods::operand_group(spec, body, op, g) {
            if !is_memory_type(body.value_type(v)) {
                continue;
            }
            let buffer = buffer_of(body, v);
            let written = matches!(group.name, "dst" | "dsts" | "cdst" | "tmp")
                || (scalar_store && group.name == "ptr")
                || (name == crate::TPopOp::NAME && group.name == "tile");
            if written {
                if matches!(name, crate::TAxpyOp::NAME | crate::THistogramOp::NAME)
                    && group.name == "dst"
                {
                    out.push(Access {
                        buffer: buffer.clone(),
                        write: false,
                    });
                }
                out.push(Access {
                    buffer,
                    write: true,
                });
            } else {
                out.push(Access {
                    buffer,
                    write: false,
                });
            }
        }
    }
    // A frontend pop writes the entry it returns (its slot in the consumer buffer).
    if matches!(
        name,
        crate::TPopFromAicOp::NAME | crate::TPopFromAivOp::NAME
    ) {
        let entry = body.result(op, 0);
        if is_memory_type(body.value_type(entry)) {
            out.push(Access {
                buffer: buffer_of(body, entry),
                write: true,
            });
        }
    }
    out
}

/// How two ops' accesses conflict, for messages: the first found of read-after-write,
/// write-after-read, write-after-write (`earlier` runs before `later`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Hazard {
    /// `later` reads what `earlier` writes.
    ReadAfterWrite,
    /// `later` writes what `earlier` reads.
    WriteAfterRead,
    /// Both write.
    WriteAfterWrite,
}

/// The hazard between `earlier`'s and `later`'s accesses, if any.
pub fn hazard(earlier: &[Access], later: &[Access]) -> Option<Hazard> {
    let mut found: Option<Hazard> = None;
    for e in earlier {
        for l in later {
            if !(e.write || l.write) || !may_alias(&e.buffer, &l.buffer) {
                continue;
            }
            let h = match (e.write, l.write) {
                (true, false) => Hazard::ReadAfterWrite,
                (false, true) => Hazard::WriteAfterRead,
                _ => Hazard::WriteAfterWrite,
            };
            found = Some(match (found, h) {
                (Some(Hazard::ReadAfterWrite), _) | (_, Hazard::ReadAfterWrite) => {
                    Hazard::ReadAfterWrite
                }
                (Some(Hazard::WriteAfterRead), _) | (_, Hazard::WriteAfterRead) => {
                    Hazard::WriteAfterRead
                }
                _ => Hazard::WriteAfterWrite,
            });
        }
    }
    found
}
