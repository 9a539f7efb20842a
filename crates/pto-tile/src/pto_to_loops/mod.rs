//! `convert-pto-to-loops`: tile-level `pto` kernels to `scf`/`arith`/`math`/`memref`
//! loops that run on a CPU.
//!
//! The model (`../shared/reference/pto-dialect.md` §8): every local address space of a
//! function is one byte arena (`memref.alloc` of the space's capacity), and a tile is a
//! typed `memref.view` of its arena at the byte offset memory planning gave it
//! (`pto.pointer_cast`, or `pto.alloc_tile addr = ...` in level-3 kernels). Tiles that
//! share bytes share data, so a planning error shows up as a wrong result. Global
//! memory is what `!pto.ptr<T>` parameters point to; they become `memref<?xT>`, and
//! tensor and partition views become index arithmetic over them. Synchronisation ops
//! are no-ops on a sequential CPU and disappear; sections are inlined (one core runs
//! the whole kernel: block index 0 of 1).
//!
//! Each tile op becomes a loop nest over its iteration domain (the valid region of the
//! destination, or of the source for reductions). Ops the lowering does not know are
//! an error naming the op, never left behind.
//! So is the memref form of tiles (`bind_tile`, memref `pointer_cast`s), and ops without
//! CPU semantics say why: the cube-vector pipes and reserved buffers need two cores
//! running concurrently, the asynchronous DMA other cores' memory, and `thistogram`,
//! `trandom`, `tpack`, `tscatter` and `tget_scale_addr` are target-defined. A `tassign`
//! makes its handle a tile at the given byte offset.
//!
//! Files: `tile.rs` (layouts, valid sizes, and the runs of storage along which an offset
//! grows by a constant stride), `gm.rs` (pointers and views), `compute.rs` (vector unit),
//! `masks.rs` (packed compare masks), `matrix.rs` (copies, conversions, matmuls),
//! `gather.rs`, `sort32.rs`, `sort.rs` (with the semantics of PTO's CPU simulator), all
//! emitting loop nests through `emit.rs`. The loops are shaped for LLVM's vectorizer, and
//! what it cannot do is written out: copies walk runs of storage (contiguous ones as
//! explicit vectors; layouts contiguous along different axes, and `ttrans`, as 8x8
//! transposes in registers), float reductions are reassociable, an `f32` matmul of
//! constant sizes is a register-blocked kernel whose block shape follows the option
//! `vector-bits` (128/256/512, default 256, so that the pass's output does not depend on
//! the machine; `pto-run`, `pto_mlir::CompiledEntry` and the bench pass the host's width)
//! with `B` packed in panels of the block's columns (`microkernel.rs`; others pack into
//! dense buffers). A `tload` from a view whose rows are not contiguous prefetches the row
//! 4 KB ahead (`memref.prefetch`, option `prefetch`), as hardware prefetchers stop at page
//! boundaries. Consecutive row-parallel ops are fused into one loop over rows (`fusion.rs`,
//! option `fuse-rows`; `footprint.rs` says which stores can be dropped).
//!
//! `pto-run` compiles a `pto` file through `pto-plan-memory`, `convert-pto-to-loops`,
//! `math-polynomial-approximation` (libm calls do not vectorize) and `lower-to-llvm`
//! (`driver::lowering_pipeline`); compiled functions carry the host's CPU and features
//! (and 512-bit vectors on AVX-512). `pto-run --interpret` runs the loops of the first
//! two in the reference interpreter (arenas as byte buffers, exact `math`), against the
//! same numpy references (`lit-tests/pto/*.pto`, the `INTERPRETED` kernels of
//! `scripts/gen_pto_tests.py`).

mod compute;
pub mod emit;
mod footprint;
mod fusion;
mod gather;
mod gm;
mod masks;
mod matrix;
mod microkernel;
mod sort;
mod sort32;
mod tile;

use std::collections::HashMap;

use crate::{AddressSpace, PtrType, TileBufType};
use pto_ir::builder::OpBuilder;
use pto_ir::{Body, Context, Diagnostic, InsertPoint, OpId, Type, TypeKind, ValueId};
use pto_pass::{Pass, PassTarget};

use emit::Emitter;
use gm::{GmView, Ptr};
use pto_dialects::func;
use pto_dialects::memref;
use pto_ir::builtin;
pub(crate) use pto_ir::ods::NamedOperands as Named;
use tile::{signless, Tile};

impl Pass for crate::ConvertPTOToLoopsPass {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let a5 = target
            .body
            .owner_discardable_attr("pto.target_arch")
            .and_then(|a| a.as_str())
            .is_some_and(|s| s.eq_ignore_ascii_case("a5"));
        let funcs: Vec<OpId> = target
            .body
            .all_ops()
            .into_iter()
            .filter(|&op| target.body.op_name(op).as_str() == func::FuncOp::NAME)
            .collect();
        let (mut lowered, mut fused) = (0, 0);
        for f in funcs {
            convert_signature(ctx, target.body, f)?;
            if let Some(nested) = target.body.nested_mut(f) {
                let counts = lower_function(ctx, nested, a5, &self.options)?;
                lowered += counts.0;
                fused += counts.1;
            }
        }
        target
            .statistics
            .add(crate::ConvertPTOToLoopsPass::NUM_LOWERED_OPS, lowered);
        target
            .statistics
            .add(crate::ConvertPTOToLoopsPass::NUM_FUSED_OPS, fused);
        Ok(())
    }
}

/// The CPU type of a `pto` value type that crosses function boundaries:
/// `!pto.ptr<T>` is `memref<?xT>` (signless `T`).
fn converted_type<'c>(ctx: &'c Context, t: Type<'c>) -> Type<'c> {
    match PtrType::from_type(t) {
        Some(p) => ctx.memref_type(
            &[pto_ir::DYNAMIC],
            signless(ctx, p.element_type()),
            None,
            None,
        ),
        None => t,
    }
}

/// Rewrites `!pto.ptr` parameters and results of function `f` (and the entry block's
/// arguments) to memrefs; other `pto` types at the boundary are an error.
fn convert_signature<'c>(
    ctx: &'c Context,
    module: &mut Body<'c>,
    f: OpId,
) -> Result<(), Diagnostic<'c>> {
    let Some((inputs, results)) = pto_dialects::func::function_type(module, f) else {
        return Ok(());
    };
    let loc = module.op_loc(f);
    for &t in inputs.iter().chain(results) {
        if is_pto_handle(t) {
            return Err(Diagnostic::error(
                loc,
                format!("convert-pto-to-loops: a function parameter or result of type {t} cannot be lowered; pass a !pto.ptr and build the view inside"),
            ));
        }
    }
    let new_inputs: Vec<Type<'c>> = inputs.iter().map(|&t| converted_type(ctx, t)).collect();
    let new_results: Vec<Type<'c>> = results.iter().map(|&t| converted_type(ctx, t)).collect();
    if new_inputs[..] == inputs[..] && new_results[..] == results[..] {
        return Ok(());
    }
    let fty = ctx.function_type(&new_inputs, &new_results);
    pto_dialects::func::set_function_type(ctx, module, f, fty);
    let Some(body) = module.nested_mut(f) else {
        return Ok(());
    };
    let Some(&region) = body.root_regions().first() else {
        return Ok(());
    };
    if let Some(entry) = body.entry_block(region) {
        let args: Vec<ValueId> = body.block_args(entry).to_vec();
        for (v, &t) in args.into_iter().zip(&new_inputs) {
            body.set_value_type(v, t);
        }
    }
    Ok(())
}

/// What the lowering knows about the `pto` values of one function.
pub(crate) struct Lowering<'c> {
    /// Tiles by their original value.
    pub tiles: HashMap<ValueId, Tile<'c>>,
    /// Pointers into global memory.
    pub ptrs: HashMap<ValueId, Ptr>,
    /// Tensor and partition views.
    pub views: HashMap<ValueId, GmView>,
    /// The byte arena of each local address space.
    pub arenas: HashMap<AddressSpace, ValueId>,
    /// Where allocations that must happen once per call go.
    pub entry: InsertPoint,
    /// Compiling for A5 (`pto.target_arch = "a5"`), else A3.
    pub a5: bool,
    /// The target's vector width in bits.
    pub vector_bits: u32,
    /// Whether tloads prefetch the rows ahead.
    pub prefetch: bool,
    /// The arena bytes each `pto` op touches (for row groups' dead stores).
    pub footprints: footprint::Footprints,
}

/// Capacity in bytes of a local address space (PTOAS's PlanMemory table).
pub fn capacity(space_: AddressSpace, a5: bool) -> Option<i64> {
    Some(match space_ {
        AddressSpace::VEC if a5 => 253_952,
        AddressSpace::VEC => 196_608,
        AddressSpace::MAT => 512 * 1024,
        AddressSpace::LEFT | AddressSpace::RIGHT | AddressSpace::BIAS => 64 * 1024,
        AddressSpace::ACC if a5 => 256 * 1024,
        AddressSpace::ACC => 128 * 1024,
        AddressSpace::SCALING if a5 => 248 * 1024,
        AddressSpace::SCALING => 192 * 1024,
        _ => return None,
    })
}

type Lowered<'c> = Result<(), Diagnostic<'c>>;

/// An error at `op` with the pass's prefix.
pub(crate) fn error_at<'c>(
    body: &Body<'c>,
    op: OpId,
    msg: impl std::fmt::Display,
) -> Diagnostic<'c> {
    Diagnostic::error(body.op_loc(op), format!("convert-pto-to-loops: {msg}"))
}

/// Lowers every `pto` op of one function body, fusing row groups when `fuse_rows`;
/// returns how many ops, and how many of them in groups.
fn lower_function<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    a5: bool,
    options: &crate::ConvertPTOToLoopsPassOptions,
) -> Result<(u64, u64), Diagnostic<'c>> {
    let Some(&region) = body.root_regions().first() else {
        return Ok((0, 0));
    };
    let Some(entry) = body.entry_block(region) else {
        return Ok((0, 0));
    };
    inline_sections(body)?;
    let gm_buffers = resolve_gm_casts(ctx, body);
    let ops = body.all_ops();
    let pto_ops: Vec<OpId> = ops
        .iter()
        .copied()
        .filter(|&op| body.op_name(op).dialect() == "pto")
        .collect();
    if pto_ops.is_empty() {
        return Ok((0, 0));
    }
    check_escapes(body, &ops)?;
    let mut state = Lowering {
        tiles: HashMap::new(),
        ptrs: HashMap::new(),
        views: HashMap::new(),
        arenas: HashMap::new(),
        entry: InsertPoint::BlockStart(entry),
        a5,
        vector_bits: options.vector_bits as u32,
        prefetch: options.prefetch,
        footprints: if options.fuse_rows {
            footprint::Footprints::of(body, &pto_ops)
        } else {
            footprint::Footprints::default()
        },
    };
    let mut b = OpBuilder::new(ctx, body);
    create_arenas(&mut b, &mut state, &pto_ops, entry)?;
    for &m in &gm_buffers {
        state.ptrs.insert(
            m,
            Ptr {
                base: m,
                offset: None,
            },
        );
    }
    for &arg in b.body().block_args(entry).to_vec().iter() {
        if let TypeKind::MemRef { .. } = b.body().value_type(arg).kind() {
            state.ptrs.insert(
                arg,
                Ptr {
                    base: arg,
                    offset: None,
                },
            );
        }
    }
    // Row ops wait in `group` until one that cannot join comes; the group is then
    // lowered at its last member (every operand of every member is defined there).
    let mut group: Option<fusion::Group<'c>> = None;
    let mut fused = 0;
    let mut flush = |b: &mut OpBuilder<'_, 'c>, st: &mut Lowering<'c>, g: fusion::Group<'c>| {
        fused += g.fused();
        g.emit(b, st)
    };
    for &op in &pto_ops {
        let mut e = Emitter::before(&mut b, op);
        let row = if options.fuse_rows {
            fusion::row_op(&mut e, &state, op)
        } else {
            None
        };
        if let Some(row) = row {
            let rejected = match group.as_mut() {
                Some(g) => g.join(b.body(), row).err().map(|r| *r),
                None => Some(row),
            };
            if let Some(row) = rejected {
                if let Some(g) = group.take() {
                    flush(&mut b, &mut state, g)?;
                }
                group = Some(fusion::Group::new(row));
            }
            continue;
        }
        if !fusion::transparent(e.b.body(), op) {
            if let Some(g) = group.take() {
                flush(&mut b, &mut state, g)?;
            }
        }
        let mut e = Emitter::before(&mut b, op);
        lower_op(&mut e, &mut state, op)?;
    }
    if let Some(g) = group.take() {
        flush(&mut b, &mut state, g)?;
    }
    // Erase users before their operands.
    for &op in pto_ops.iter().rev() {
        if let Err(err) = body.erase_op(op) {
            return Err(error_at(
                body,
                op,
                format!("cannot erase the lowered op ({err:?}): its results are still used"),
            ));
        }
    }
    Ok((pto_ops.len() as u64, fused))
}

/// Buffers a function allocates in global memory and uses as `!pto.ptr`s
/// (`builtin.unrealized_conversion_cast` of a `memref<NxT>`, as `pypto-block-to-pto`
/// writes them) become `memref<?xT>`s, like pointer parameters; returns them.
fn resolve_gm_casts<'c>(ctx: &'c Context, body: &mut Body<'c>) -> Vec<ValueId> {
    let casts: Vec<OpId> = body
        .all_ops()
        .into_iter()
        .filter(|&op| {
            body.op_name(op).as_str() == builtin::UnrealizedConversionCastOp::NAME
                && body.num_operands(op) == 1
                && body.num_results(op) == 1
                && PtrType::from_type(body.value_type(body.result(op, 0))).is_some()
                && matches!(
                    body.value_type(body.operand(op, 0)).kind(),
                    TypeKind::MemRef { shape, .. } if shape.len() == 1
                )
        })
        .collect();
    let mut out = Vec::with_capacity(casts.len());
    let mut b = OpBuilder::new(ctx, body);
    for cast in casts {
        let (from, to) = (b.body().operand(cast, 0), b.body().result(cast, 0));
        let ty = converted_type(ctx, b.body().value_type(to));
        let mut e = Emitter::before(&mut b, cast);
        let m = e.val(memref::CastOp::NAME, &[from], ty, &[]);
        b.body().replace_all_uses(to, m);
        b.body().erase_op(cast).expect("no uses left");
        out.push(m);
    }
    out
}

/// Moves the bodies of `pto.section.cube`/`pto.section.vector` in front of them and
/// erases them: the CPU runs both parts.
fn inline_sections<'c>(body: &mut Body<'c>) -> Result<(), Diagnostic<'c>> {
    let sections: Vec<OpId> = body
        .all_ops()
        .into_iter()
        .filter(|&op| {
            matches!(
                body.op_name(op).as_str(),
                crate::SectionCubeOp::NAME | crate::SectionVectorOp::NAME
            )
        })
        .collect();
    for s in sections {
        let regions = body.regions_of(s).to_vec();
        for r in regions {
            let blocks: Vec<_> = body.region_blocks(r).collect();
            for blk in blocks {
                let ops: Vec<OpId> = body.block_ops(blk).collect();
                for o in ops {
                    body.move_op(o, InsertPoint::Before(s));
                }
            }
        }
        body.erase_op(s)
            .map_err(|e| error_at(body, s, format!("{e:?}")))?;
    }
    Ok(())
}

/// Values of `pto` types must not flow into non-`pto` ops (block arguments, yields),
/// where the lowering cannot follow them.
fn check_escapes<'c>(body: &Body<'c>, ops: &[OpId]) -> Lowered<'c> {
    for &op in ops {
        if body.op_name(op).dialect() == "pto" {
            continue;
        }
        for v in body.operands(op) {
            let t = body.value_type(v);
            if is_pto_handle(t) {
                return Err(error_at(
                    body,
                    op,
                    format!("a value of type {t} flows into '{}', which the lowering cannot follow; keep tiles and views within pto ops", body.op_name(op).as_str()),
                ));
            }
        }
    }
    Ok(())
}

/// Allocates one arena per local address space used by the function's tiles, at the
/// entry, and frees them before every `func.return`.
fn create_arenas<'c>(
    b: &mut OpBuilder<'_, 'c>,
    state: &mut Lowering<'c>,
    pto_ops: &[OpId],
    entry: pto_ir::BlockId,
) -> Lowered<'c> {
    let ctx = b.context();
    let mut spaces: Vec<AddressSpace> = Vec::new();
    for &op in pto_ops {
        for v in b.body().results(op).collect::<Vec<_>>() {
            if let Some(t) = TileBufType::from_type(b.body().value_type(v)) {
                if !spaces.contains(&t.loc()) {
                    spaces.push(t.loc());
                }
            }
        }
    }
    spaces.sort_unstable();
    let returns: Vec<OpId> = b
        .body()
        .all_ops()
        .into_iter()
        .filter(|&o| b.body().op_name(o).as_str() == func::ReturnOp::NAME)
        .collect();
    let loc = b.body().op_loc(pto_ops[0]);
    for s in spaces {
        let Some(cap) = capacity(s, state.a5) else {
            return Err(error_at(
                b.body(),
                pto_ops[0],
                format!(
                    "tiles in the '{}' address space have no CPU arena",
                    s.keyword()
                ),
            ));
        };
        let ty = ctx.memref_type(&[cap], ctx.int_type(8), None, None);
        b.set_insertion_point(InsertPoint::BlockStart(entry));
        let arena = Emitter { b: &mut *b, loc }.alloc(memref::AllocOp::NAME, ty, true);
        state.arenas.insert(s, arena);
        for &r in &returns {
            b.set_insertion_point(InsertPoint::Before(r));
            let mut st = b.state(memref::DeallocOp::NAME, loc);
            st.operands.push(arena);
            b.create(st);
        }
    }
    Ok(())
}

/// Lowers one op (its replacement goes before it; the op is erased later).
fn lower_op<'c>(e: &mut Emitter<'_, '_, 'c>, st: &mut Lowering<'c>, op: OpId) -> Lowered<'c> {
    let name = e.b.body().op_name(op).as_str();
    let op_name = name;
    match op_name {
        // Ordering and launch model: no-ops on one sequential core.
        crate::SetFlagOp::NAME | crate::WaitFlagOp::NAME | crate::SetFlagDynOp::NAME | crate::WaitFlagDynOp::NAME | crate::RecordEventOp::NAME
        | crate::WaitEventOp::NAME | crate::BarrierOp::NAME | crate::BarrierSyncOp::NAME | crate::GetBufOp::NAME | crate::RlsBufOp::NAME | crate::TSyncOp::NAME
        | crate::EventIdArraySetOp::NAME | crate::SyncSetOp::NAME | crate::SyncWaitOp::NAME | crate::SetFFTsOp::NAME => Ok(()),
        crate::DeclareEventIdArrayOp::NAME => Ok(()),
        crate::EventIdArrayGetOp::NAME | crate::GetBlockIdxOp::NAME | crate::GetSubblockIdxOp::NAME | crate::GetBlockNumOp::NAME
        | crate::GetSubblockNumOp::NAME => launch_query(e, op, op_name),
        // PTOAS's lowered form, where tiles are memrefs; only `!pto.tile_buf` tiles are.
        crate::BindTileOp::NAME => Err(error_at(
            e.b.body(),
            op,
            "pto.bind_tile is not supported: memref-form tiles are PTOAS's internal form; write !pto.tile_buf tiles",
        )),
        crate::AllocTileOp::NAME | crate::PointerCastOp::NAME | crate::SubsetOp::NAME | crate::BitcastOp::NAME | crate::TReshapeOp::NAME | crate::SetValidShapeOp::NAME
        | crate::TGetValOp::NAME | crate::TSetValOp::NAME | crate::DeclareTileOp::NAME | crate::TAssignOp::NAME => gm::lower_tile_def(e, st, op, op_name),
        crate::AddPtrOp::NAME
        | crate::MakeTensorViewOp::NAME
        | crate::PartitionViewOp::NAME
        | crate::GetTensorViewDimOp::NAME
        | crate::LoadScalarOp::NAME
        | crate::StoreScalarOp::NAME
        | crate::TLoadOp::NAME
        | crate::TPrefetchOp::NAME
        | crate::TStoreOp::NAME => gm::lower_gm(e, st, op, op_name),
        crate::TMovOp::NAME | crate::TExtractOp::NAME | crate::TInsertOp::NAME | crate::TCvtOp::NAME | crate::TMatmulOp::NAME | crate::TMatmulAccOp::NAME | crate::TMatmulBiasOp::NAME
        | crate::TGemvOp::NAME | crate::TGemvAccOp::NAME | crate::TGemvBiasOp::NAME | crate::TTransOp::NAME | crate::TQuantOp::NAME | crate::TDequantOp::NAME => {
            matrix::lower(e, st, op, op_name)
        }
        crate::TCmpOp::NAME | crate::TCmpSOp::NAME | crate::TSelOp::NAME | crate::TSelSOp::NAME => masks::lower(e, st, op, op_name),
        crate::TGatherOp::NAME | crate::TGatherBOp::NAME => gather::lower(e, st, op, op_name),
        crate::TMrgSortOp::NAME => sort::lower(e, st, op),
        crate::TSort32Op::NAME => sort32::lower(e, st, op),
        _ if no_cpu_semantics(op_name).is_some() => Err(error_at(
            e.b.body(),
            op,
            format!(
                "'{op_name}' has no CPU semantics: {}",
                no_cpu_semantics(op_name).unwrap_or_default()
            ),
        )),
        _ => compute::lower(e, st, op, op_name),
    }
}

/// Why an op cannot run on one sequential CPU core, for ops the lowering rejects on
/// purpose: their effect needs another core running at the same time (pipes between
/// the cube and the vector cores, remote DMA), or the target defines it (the exact
/// bins, random numbers, narrowing, scale addresses, scatter's untouched elements).
fn no_cpu_semantics(op_name: &str) -> Option<&'static str> {
    Some(match op_name {
        crate::ReserveBufferOp::NAME
        | crate::ImportReservedBufferOp::NAME
        | crate::AicInitializePipeOp::NAME
        | crate::AivInitializePipeOp::NAME
        | crate::TPushToAivOp::NAME
        | crate::TPushToAicOp::NAME
        | crate::TPopFromAicOp::NAME
        | crate::TPopFromAivOp::NAME
        | crate::TFreeFromAicOp::NAME
        | crate::TFreeFromAivOp::NAME
        | crate::InitializeL2LPipeOp::NAME
        | crate::InitializeL2G2LPipeOp::NAME
        | crate::TPushOp::NAME
        | crate::TPopOp::NAME
        | crate::TFreeOp::NAME => {
            "a pipe between the cube and the vector cores needs both running concurrently"
        }
        crate::BuildAsyncSessionOp::NAME
        | crate::TPutAsyncOp::NAME
        | crate::TGetAsyncOp::NAME
        | crate::WaitAsyncEventOp::NAME
        | crate::TestAsyncEventOp::NAME => "asynchronous remote DMA needs other cores' memory",
        crate::THistogramOp::NAME => "the selection of the binned values is target-defined",
        crate::TRandomOp::NAME => "the generator (a Philox variant) is target-defined",
        crate::TPackOp::NAME => "the narrowing is target-defined",
        crate::TScatterOp::NAME => "which destination elements it leaves alone is target-defined",
        crate::TGetScaleAddrOp::NAME => "the address of a tile's scales is target-defined",
        _ => return None,
    })
}

/// `pto.get_block_idx` and friends on one core: index 0 of 1 (an `i64`); an event id
/// read from an array is 0 (events are no-ops).
fn launch_query<'c>(e: &mut Emitter<'_, '_, 'c>, op: OpId, op_name: &str) -> Lowered<'c> {
    let r = e.b.body().result(op, 0);
    let t = e.ty(r);
    let v = match op_name {
        crate::GetBlockNumOp::NAME | crate::GetSubblockNumOp::NAME => 1,
        _ => 0,
    };
    let c = e.int_of(t, v);
    e.b.body().replace_all_uses(r, c);
    Ok(())
}

/// The ODS operand named `name` of `op` (the first of its group), if present.
pub(crate) fn operand(body: &Body<'_>, op: OpId, name: &str) -> Option<ValueId> {
    let spec = body.op_name(op).def.and_then(|d| d.spec)?;
    let g = spec.operands.iter().position(|o| o.name == name)?;
    pto_ir::ods::operand_group(spec, body, op, g)
        .first()
        .copied()
}

/// True for types of the `pto` dialect other than `!pto.ptr` (which lowers to a memref).
fn is_pto_handle(t: Type<'_>) -> bool {
    matches!(t.kind(), TypeKind::Dialect { def, .. } if def.dialect == "pto")
        && PtrType::from_type(t).is_none()
}
