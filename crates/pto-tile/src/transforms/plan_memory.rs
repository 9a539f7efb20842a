//! `pto-plan-memory`: gives every local buffer of a function a byte offset in its
//! address space, as PTOAS's PlanMemory does.
//!
//! Planned are `pto.alloc_tile` without `addr` and `memref.alloc`/`memref.alloca` of a
//! memref in a local `#pto.address_space` (vec, mat, left, right, acc, bias, scaling);
//! each becomes `pto.pointer_cast(%off)` of the same type, where `%off = arith.constant
//! N : i64` is the offset in bytes, followed for a tile with a dynamic valid shape by
//! its valid sizes (a static one as an index constant, so that both are always given).
//! Global memory is never planned. Tiles already placed (`alloc_tile addr = c`,
//! `pointer_cast` with constant offsets) are left alone, and their bytes are kept free
//! for the whole function.
//!
//! A buffer takes `rows * cols` elements (`numel` for a memref; with `compact =
//! row_plus_one` the major stride is one longer), rounded up to the alignment of its
//! space. Capacities depend on the target: A3 by default, A5 when the module's
//! `pto.target_arch` is `a5` (any case).
//!
//! Lifetimes come from `liveness`; placement is first-fit in program order
//! (`placement`). As in PTOAS, buffers share memory only when they have to: if all of
//! a space's buffers fit one after another, they are laid out that way; otherwise
//! buffers whose lifetimes do not overlap may share bytes. `always-reuse` shares
//! whenever lifetimes allow. When even sharing does not fit, the first allocation past
//! the end is reported with PTOAS's message ("vec overflow, requires X bits while Y bits
//! avaliable!", its spelling) and a note giving the bytes.
//!
//! Automatic `pto.reserve_buffer`s get their `base` after that, in the first hole
//! aligned to 256 bytes (`reserve`).
//!
//! Differences from PTOAS, on purpose: a buffer lives from its definition (PTOAS: its
//! first use), the sharing placement is plain first-fit (PTOAS tries several
//! strategies), and multi-buffering is not planned.

mod liveness;
mod placement;
mod reserve;

use crate::{BLayout, CompactMode};
use std::collections::BTreeMap;

use crate::layout::elem_bytes;
use crate::{address_space_of_attr, AddressSpace, AllocTileOp, PointerCastOp, TileBufType};
use pto_dialects::arith::ConstantOp;
use pto_ir::builder::OpBuilder;
use pto_ir::{
    Body, Context, Diagnostic, InsertPoint, OpId, Type, TypeKind, ValueId, WalkOrder, DYNAMIC,
};
use pto_pass::{Pass, PassTarget};

use liveness::{lifetimes, Program};
use placement::{first_fit, one_after_another, Request};
use pto_dialects::func;
use pto_dialects::memref;
use pto_ir::builtin;

impl Pass for crate::PlanMemory {
    fn options_text(&self) -> String {
        format!("always-reuse={}", self.options.always_reuse)
    }
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let planned = plan_module(ctx, target.body, false, self.options.always_reuse)?;
        target
            .statistics
            .add(crate::PlanMemory::NUM_PLANNED, planned);
        Ok(())
    }
}

/// Whether `pto.target_arch` of the module owning `body` selects A5 (else `inherited`).
fn target_is_a5(body: &Body<'_>, inherited: bool) -> bool {
    match body
        .owner_discardable_attr("pto.target_arch")
        .and_then(|a| a.as_str())
    {
        Some(arch) => arch.eq_ignore_ascii_case("a5"),
        None => inherited,
    }
}

/// Plans the functions of a module (and of modules nested in it); returns how many
/// allocations were planned.
fn plan_module<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    inherited_a5: bool,
    always_reuse: bool,
) -> Result<u64, Diagnostic<'c>> {
    let a5 = target_is_a5(body, inherited_a5);
    let children: Vec<(OpId, bool)> = body
        .root_regions()
        .into_iter()
        .flat_map(|r| body.region_blocks(r).collect::<Vec<_>>())
        .flat_map(|b| body.block_ops(b).collect::<Vec<_>>())
        .filter_map(|op| match body.op_name(op).as_str() {
            func::FuncOp::NAME => Some((op, false)),
            builtin::ModuleOp::NAME => Some((op, true)),
            _ => None,
        })
        .collect();
    let mut planned = 0;
    for (op, is_module) in children {
        let Some(nested) = body.nested_mut(op) else {
            continue;
        };
        planned += if is_module {
            plan_module(ctx, nested, a5, always_reuse)?
        } else {
            plan_function(ctx, nested, a5, always_reuse)?
        };
    }
    Ok(planned)
}

/// Size and alignment of one local address space.
struct SpaceSpec {
    /// Its keyword (`vec`), as PTOAS names it in diagnostics.
    name: &'static str,
    /// Bytes available.
    capacity: u64,
    /// Alignment of offsets and sizes, in bytes.
    align: u64,
}

/// The spec of a local address space on the target, `None` for global memory (or no
/// address space), which is not planned.
fn space_spec(s: AddressSpace, a5: bool) -> Option<SpaceSpec> {
    const KIB: u64 = 1024;
    let (name, capacity, align) = match s {
        AddressSpace::VEC => ("vec", if a5 { 248 * KIB } else { 192 * KIB }, 32),
        AddressSpace::MAT => ("mat", 512 * KIB, 32),
        AddressSpace::LEFT => ("left", 64 * KIB, 512),
        AddressSpace::RIGHT => ("right", 64 * KIB, 512),
        AddressSpace::ACC => ("acc", if a5 { 256 * KIB } else { 128 * KIB }, 512),
        AddressSpace::BIAS => ("bias", 64 * KIB, 32),
        AddressSpace::SCALING => ("scaling", if a5 { 248 * KIB } else { 192 * KIB }, 32),
        _ => return None,
    };
    Some(SpaceSpec {
        name,
        capacity,
        align,
    })
}

/// The bytes a tile occupies: `rows * cols` elements, with the major stride one longer
/// for `compact = row_plus_one`.
fn tile_bytes(t: TileBufType<'_>) -> u64 {
    let (rows, cols) = (t.rows().max(0) as u64, t.cols().max(0) as u64);
    let elem = elem_bytes(t.dtype()).max(1) as u64;
    if t.compact() != CompactMode::RowPlusOne {
        return rows * cols * elem;
    }
    let (major, minor) = if t.blayout() == BLayout::RowMajor {
        (rows, cols)
    } else {
        (cols, rows)
    };
    if major == 0 || minor == 0 {
        return 0;
    }
    ((major - 1) * (minor + 1) + minor) * elem
}

/// The address space and bytes of a buffer type (tile or memref); `Err` for a memref
/// with a dynamic shape.
fn buffer_extent(t: Type<'_>) -> Option<Result<(AddressSpace, u64), ()>> {
    if let Some(tb) = TileBufType::from_type(t) {
        return Some(Ok((tb.loc(), tile_bytes(tb))));
    }
    let TypeKind::MemRef {
        shape,
        element,
        memory_space,
        ..
    } = t.kind()
    else {
        return None;
    };
    let s = memory_space.and_then(address_space_of_attr)?;
    if shape.contains(&DYNAMIC) {
        return Some(Err(()));
    }
    let numel: u64 = shape.iter().map(|&d| d.max(0) as u64).product();
    Some(Ok((s, numel * elem_bytes(*element).max(1) as u64)))
}

/// An allocation to plan.
struct Alloc {
    op: OpId,
    space: AddressSpace,
    bytes: u64,
}

/// What a function holds: allocations to plan, byte ranges already taken per space,
/// and ops at unknown addresses per space.
#[derive(Default)]
struct Inventory {
    allocs: Vec<Alloc>,
    reserved: BTreeMap<AddressSpace, Vec<(u64, u64)>>,
    unknown: BTreeMap<AddressSpace, OpId>,
}

fn op_error<'c>(body: &Body<'c>, op: OpId, msg: &str) -> Diagnostic<'c> {
    pto_ir::verifier::op_error(body, op, msg)
}

/// Collects the allocations of a function and the memory already placed, in program
/// order.
fn take_inventory<'c>(body: &Body<'c>, a5: bool) -> Result<Inventory, Diagnostic<'c>> {
    let mut inv = Inventory::default();
    let ops: Vec<OpId> = body
        .root_regions()
        .into_iter()
        .flat_map(|r| body.region_blocks(r).collect::<Vec<_>>())
        .flat_map(|b| body.block_ops(b).collect::<Vec<_>>())
        .flat_map(|op| body.ops_in(op, WalkOrder::PreOrder))
        .collect();
    for op in ops {
        let name = body.op_name(op);
        let (addrs, planned) = match name.as_str() {
            crate::AllocTileOp::NAME => match AllocTileOp(op).addr(body) {
                Some(a) => (vec![a], false),
                None => (Vec::new(), true),
            },
            memref::AllocOp::NAME | memref::AllocaOp::NAME => (Vec::new(), true),
            crate::PointerCastOp::NAME => (PointerCastOp(op).addrs(body), false),
            _ => continue,
        };
        let ty = body.value_type(body.result(op, 0));
        let Some(extent) = buffer_extent(ty) else {
            // A memref without a pto address space: not ours.
            continue;
        };
        let (s, bytes) = match extent {
            Ok(e) => e,
            Err(()) if planned => {
                return Err(op_error(
                    body,
                    op,
                    "cannot plan a buffer of dynamic size in a local address space",
                ))
            }
            Err(()) => continue,
        };
        let Some(spec) = space_spec(s, a5) else {
            if planned && name.as_str() == crate::AllocTileOp::NAME {
                return Err(op_error(
                    body,
                    op,
                    &format!(
                        "allocates a tile in the {} address space; only local memories are planned",
                        s.keyword()
                    ),
                ));
            }
            continue;
        };
        if planned {
            inv.allocs.push(Alloc {
                op,
                space: s,
                bytes: bytes.next_multiple_of(spec.align),
            });
            continue;
        }
        for a in addrs {
            match body.constant_int(a).and_then(|c| u64::try_from(c).ok()) {
                Some(start) => inv
                    .reserved
                    .entry(s)
                    .or_default()
                    .push((start, start + bytes)),
                None => {
                    inv.unknown.entry(s).or_insert(op);
                }
            }
        }
    }
    Ok(inv)
}

/// Plans one function; returns how many allocations were planned.
fn plan_function<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    a5: bool,
    always_reuse: bool,
) -> Result<u64, Diagnostic<'c>> {
    let func = body
        .owner_attr("sym_name")
        .and_then(|a| a.as_str())
        .unwrap_or("?");
    let inv = take_inventory(body, a5)?;
    let reserves = reserve::collect(body)?;
    if inv.allocs.is_empty() && reserves.is_empty() {
        return Ok(0);
    }
    let prog = Program::new(body);
    let roots: Vec<ValueId> = inv.allocs.iter().map(|a| body.result(a.op, 0)).collect();
    let spans = lifetimes(ctx, body, &prog, &roots).map_err(|u| {
        op_error(
            body,
            u.user,
            &format!(
                "uses a local buffer that pto-plan-memory cannot follow: {}",
                u.why
            ),
        )
        .with_note(
            body.op_loc(inv.allocs[u.root].op),
            "the buffer is allocated here",
        )
    })?;

    let mut by_space: BTreeMap<AddressSpace, Vec<usize>> = BTreeMap::new();
    for (i, a) in inv.allocs.iter().enumerate() {
        by_space.entry(a.space).or_default().push(i);
    }
    let mut offsets = vec![0u64; inv.allocs.len()];
    // The overflow earliest in the program, if any: (position, diagnostic).
    let mut overflow: Option<(u32, Diagnostic<'c>)> = None;
    for (&s, members) in &by_space {
        let spec = space_spec(s, a5).expect("planned spaces are local");
        if let Some(&op) = inv.unknown.get(&s) {
            return Err(unknown_address_error(body, op, spec.name));
        }
        let reserved = inv.reserved.get(&s).map_or(&[][..], |v| &v[..]);
        let requests: Vec<Request> = members
            .iter()
            .map(|&i| Request {
                first: spans[i].0,
                last: spans[i].1,
                size: inv.allocs[i].bytes,
            })
            .collect();
        let mut order: Vec<usize> = (0..members.len()).collect();
        order.sort_by_key(|&k| (requests[k].first, k));
        let peak = |offs: &[u64]| {
            offs.iter()
                .zip(&requests)
                .map(|(o, r)| o + r.size)
                .max()
                .unwrap_or(0)
        };
        // PTOAS shares memory only when the buffers do not all fit one after another.
        let mut placed = None;
        if !always_reuse {
            let offs = one_after_another(&requests, &order, reserved, spec.align);
            if peak(&offs) < spec.capacity {
                placed = Some((offs, false));
            }
        }
        let (offs, shared) =
            placed.unwrap_or_else(|| (first_fit(&requests, &order, reserved, spec.align), true));
        let need = peak(&offs);
        tracing::debug!(
            target: "pto::plan_memory",
            function = func,
            space = spec.name,
            buffers = members.len(),
            bytes = need,
            capacity = spec.capacity,
            shared,
            "planned address space"
        );
        for (k, &i) in members.iter().enumerate() {
            offsets[i] = offs[k];
            tracing::debug!(
                target: "pto::plan_memory",
                function = func,
                space = spec.name,
                offset = offs[k],
                size = requests[k].size,
                first = requests[k].first,
                last = requests[k].last,
                "buffer"
            );
        }
        if need > spec.capacity {
            let k = order
                .iter()
                .copied()
                .find(|&k| offs[k] + requests[k].size > spec.capacity)
                .expect("some buffer ends past the capacity");
            let a = &inv.allocs[members[k]];
            let pos = prog.begin(a.op);
            if overflow.as_ref().is_none_or(|(p, _)| pos < *p) {
                let d = op_error_plain(
                    body,
                    a.op,
                    format!(
                        "{} overflow, requires {} bits while {} bits avaliable!",
                        spec.name,
                        need * 8,
                        spec.capacity * 8
                    ),
                )
                .with_note(
                    body.op_loc(a.op),
                    format!(
                        "address space {} needs {need} bytes for the buffers of @{func} \
                         and has {}; this {}-byte buffer would start at byte {}",
                        spec.name, spec.capacity, a.bytes, offs[k]
                    ),
                );
                overflow = Some((pos, d));
            }
        }
    }
    if let Some((_, d)) = overflow {
        return Err(d);
    }
    // Reserved buffers go into the holes the planned and placed buffers leave.
    let mut occupied = inv.reserved.clone();
    for (a, &off) in inv.allocs.iter().zip(&offsets) {
        occupied
            .entry(a.space)
            .or_default()
            .push((off, off + a.bytes));
    }
    for r in &reserves {
        if let Some(&op) = inv.unknown.get(&r.space) {
            return Err(unknown_address_error(body, op, r.space.keyword()));
        }
    }
    reserve::place(ctx, body, &reserves, occupied, |s| {
        space_spec(s, a5).map_or(0, |spec| spec.capacity)
    })?;
    for (a, &off) in inv.allocs.iter().zip(&offsets) {
        rewrite(ctx, body, a.op, off)?;
    }
    Ok(inv.allocs.len() as u64)
}

/// `op` places a buffer at an address planning cannot know.
fn unknown_address_error<'c>(body: &Body<'c>, op: OpId, space: &str) -> Diagnostic<'c> {
    op_error(
        body,
        op,
        &format!(
            "places a buffer at a non-constant address in the {space} address space, \
             which pto-plan-memory must plan around"
        ),
    )
}

/// An error at `op` with exactly `msg` (PTOAS's overflow message names no op).
fn op_error_plain<'c>(body: &Body<'c>, op: OpId, msg: String) -> Diagnostic<'c> {
    Diagnostic::error(body.op_loc(op), msg)
}

/// Replaces allocation `op` by a `pto.pointer_cast` at byte offset `off`.
fn rewrite<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    op: OpId,
    off: u64,
) -> Result<(), Diagnostic<'c>> {
    let loc = body.op_loc(op);
    let old = body.result(op, 0);
    let ty = body.value_type(old);
    let given = match AllocTileOp::from_op(body, op) {
        Some(alloc) => (alloc.valid_row(body), alloc.valid_col(body)),
        None => (None, None),
    };
    let mut b = OpBuilder::new(ctx, body);
    b.set_insertion_point(InsertPoint::Before(op));
    let i64_ty = ctx.int_type(64);
    let addr = ConstantOp::build(&mut b, loc, i64_ty, ctx.int_attr(i64_ty, i128::from(off)))
        .result(b.body());
    // Both valid sizes go together: a static one as a constant.
    let (mut row, mut col) = (None, None);
    if let Some(t) = TileBufType::from_type(ty) {
        if t.valid_rows() == DYNAMIC || t.valid_cols() == DYNAMIC {
            let index = ctx.index_type();
            let mut size = |given: Option<ValueId>, dim: i64| {
                given.unwrap_or_else(|| {
                    ConstantOp::build(&mut b, loc, index, ctx.int_attr(index, i128::from(dim)))
                        .result(b.body())
                })
            };
            row = Some(size(given.0, t.valid_rows()));
            col = Some(size(given.1, t.valid_cols()));
        }
    }
    let new = PointerCastOp::build(&mut b, loc, &[addr], row, col, ty, None).result(b.body());
    body.replace_all_uses(old, new);
    body.erase_op(op)
        .map_err(|e| op_error(body, op, &format!("cannot be replaced: {e}")))
}
