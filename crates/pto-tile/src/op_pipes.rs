//! The pipe each `pto` op runs on (PTOAS's pipe assignment, with its A3/A5
//! differences): the hooks of `PTO_PipeOpInterface`, which every op of the dialect
//! declares (`PTO_Op` in `PTOOps.td`), so that an op added without a pipe does not
//! compile. Most ops have one pipe whatever their operands, grouped below; the data
//! movements decide by the address spaces they move between.
//!
//! The frontend pipe ops run on the pipes of the internal ops PTOAS lowers them to: a push
//! of an `acc` tile on FIX, of a `vec` tile on MTE3; a pop on MTE2 (S on A5), and it
//! writes the entry it returns; a free on S. The asynchronous DMA ops run on no pipe, and
//! `tassign`ed handles are placed at their address (`sync_model`).

use pto_ir::{Body, OpId};

use crate::transforms::sync_model::{has_memory_operand, operand_space, space_of_type, Arch, Pipe};
use crate::AddressSpace;

/// Hooks returning one pipe.
macro_rules! fixed_pipe {
    ($pipe:expr => $($hook:ident),+ $(,)?) => {$(
        pub(crate) fn $hook(_: &Body<'_>, _: OpId, _: Arch) -> Option<Pipe> {
            $pipe
        }
    )+};
}

/// Hooks of the vector unit's tile ops: on V when they touch memory (a tile operand).
macro_rules! vector_pipe {
    ($($hook:ident),+ $(,)?) => {$(
        pub(crate) fn $hook(body: &Body<'_>, op: OpId, _: Arch) -> Option<Pipe> {
            has_memory_operand(body, op).then_some(Pipe::V)
        }
    )+};
}

fixed_pipe!(Some(Pipe::MTE2) =>
        pipe_tload, pipe_tprefetch
);

fixed_pipe!(Some(Pipe::S) =>
        pipe_tfree_from_aic, pipe_tfree_from_aiv, pipe_tgetval, pipe_tsetval,
        pipe_tget_scale_addr, pipe_tfree, pipe_load_scalar, pipe_store_scalar
);

fixed_pipe!(Some(Pipe::M) =>
        pipe_tgemv, pipe_tgemv_acc, pipe_tgemv_bias, pipe_tmatmul, pipe_tmatmul_acc,
        pipe_tmatmul_bias
);

// Views, allocation, synchronisation, control, scalar arithmetic, and tile-level ops
// that touch no tile data or are not executed by a pipe: synchronisation ignores them.
fixed_pipe!(None =>
        pipe_treshape, pipe_tassign, pipe_tsync, pipe_trap, pipe_tput_async,
        pipe_tget_async, pipe_test_async_event, pipe_addptr, pipe_aic_initialize_pipe,
        pipe_aiv_initialize_pipe, pipe_alloc_tile, pipe_barrier, pipe_barrier_sync,
        pipe_bind_tile, pipe_bitcast, pipe_build_async_session, pipe_declare_eventid_array,
        pipe_declare_tile, pipe_eventid_array_get, pipe_eventid_array_set,
        pipe_get_block_idx, pipe_get_block_num, pipe_get_buf, pipe_get_subblock_idx,
        pipe_get_subblock_num, pipe_get_tensor_view_dim, pipe_import_reserved_buffer,
        pipe_initialize_l2g2l_pipe, pipe_initialize_l2l_pipe, pipe_make_tensor_view,
        pipe_partition_view, pipe_pointer_cast, pipe_print, pipe_record_event,
        pipe_reserve_buffer, pipe_rls_buf, pipe_section_cube, pipe_section_vector,
        pipe_set_ffts, pipe_set_flag, pipe_set_flag_dyn, pipe_set_validshape, pipe_subset,
        pipe_sync_set, pipe_sync_wait, pipe_wait_async_event, pipe_wait_event,
        pipe_wait_flag, pipe_wait_flag_dyn
);

vector_pipe!(
    pipe_tabs,
    pipe_tadd,
    pipe_taddc,
    pipe_tadds,
    pipe_taddsc,
    pipe_tand,
    pipe_tands,
    pipe_taxpy,
    pipe_tci,
    pipe_tcmp,
    pipe_tcmps,
    pipe_tcolargmax,
    pipe_tcolargmin,
    pipe_tcolexpand,
    pipe_tcolexpandadd,
    pipe_tcolexpanddiv,
    pipe_tcolexpandexpdif,
    pipe_tcolexpandmax,
    pipe_tcolexpandmin,
    pipe_tcolexpandmul,
    pipe_tcolexpandsub,
    pipe_tcolmax,
    pipe_tcolmin,
    pipe_tcolprod,
    pipe_tcolsum,
    pipe_tconcat,
    pipe_tcvt,
    pipe_tdequant,
    pipe_tdiv,
    pipe_tdivs,
    pipe_texp,
    pipe_texpands,
    pipe_tfillpad,
    pipe_tfillpad_expand,
    pipe_tfillpad_inplace,
    pipe_tfmod,
    pipe_tfmods,
    pipe_tgather,
    pipe_tgatherb,
    pipe_thistogram,
    pipe_tlog,
    pipe_tlrelu,
    pipe_tmax,
    pipe_tmaxs,
    pipe_tmin,
    pipe_tmins,
    pipe_tmrgsort,
    pipe_tmul,
    pipe_tmuls,
    pipe_tneg,
    pipe_tnot,
    pipe_tor,
    pipe_tors,
    pipe_tpack,
    pipe_tpartadd,
    pipe_tpartmax,
    pipe_tpartmin,
    pipe_tpartmul,
    pipe_tprelu,
    pipe_tprint,
    pipe_tquant,
    pipe_trandom,
    pipe_trecip,
    pipe_trelu,
    pipe_trem,
    pipe_trems,
    pipe_trowargmax,
    pipe_trowargmin,
    pipe_trowexpand,
    pipe_trowexpandadd,
    pipe_trowexpanddiv,
    pipe_trowexpandexpdif,
    pipe_trowexpandmax,
    pipe_trowexpandmin,
    pipe_trowexpandmul,
    pipe_trowexpandsub,
    pipe_trowmax,
    pipe_trowmin,
    pipe_trowprod,
    pipe_trowsum,
    pipe_trsqrt,
    pipe_tsel,
    pipe_tsels,
    pipe_tshl,
    pipe_tshls,
    pipe_tshr,
    pipe_tshrs,
    pipe_tsort32,
    pipe_tsqrt,
    pipe_tsub,
    pipe_tsubc,
    pipe_tsubs,
    pipe_tsubsc,
    pipe_ttrans,
    pipe_ttri,
    pipe_txor,
    pipe_txors
);

pub(crate) fn pipe_tstore(body: &Body<'_>, op: OpId, _: Arch) -> Option<Pipe> {
    Some(
        if operand_space(body, op, "src") == Some(AddressSpace::ACC) {
            Pipe::FIX
        } else {
            Pipe::MTE3
        },
    )
}

pub(crate) fn pipe_tmov(body: &Body<'_>, op: OpId, _: Arch) -> Option<Pipe> {
    let (src, dst) = (
        operand_space(body, op, "src"),
        operand_space(body, op, "dst"),
    );
    Some(match (src, dst) {
        (
            Some(AddressSpace::MAT),
            Some(
                AddressSpace::LEFT
                | AddressSpace::RIGHT
                | AddressSpace::BIAS
                | AddressSpace::SCALING,
            ),
        ) => Pipe::MTE1,
        (Some(AddressSpace::ACC), _) => Pipe::FIX,
        _ => Pipe::V,
    })
}

pub(crate) fn pipe_textract(body: &Body<'_>, op: OpId, _: Arch) -> Option<Pipe> {
    let (src, dst) = (
        operand_space(body, op, "src"),
        operand_space(body, op, "dst"),
    );
    Some(match (src, dst) {
        (
            Some(AddressSpace::MAT),
            Some(AddressSpace::LEFT | AddressSpace::RIGHT | AddressSpace::SCALING),
        ) => Pipe::MTE1,
        (Some(AddressSpace::VEC | AddressSpace::ACC), Some(AddressSpace::MAT)) => Pipe::FIX,
        _ => Pipe::V,
    })
}

pub(crate) fn pipe_tinsert(body: &Body<'_>, op: OpId, arch: Arch) -> Option<Pipe> {
    let (src, dst) = (
        operand_space(body, op, "src"),
        operand_space(body, op, "dst"),
    );
    Some(match (arch, src, dst) {
        (Arch::A5, Some(AddressSpace::VEC), Some(AddressSpace::VEC)) => Pipe::V,
        (Arch::A5, Some(AddressSpace::VEC), Some(AddressSpace::MAT)) => Pipe::MTE3,
        _ => Pipe::FIX,
    })
}

/// The address space of operand `i`, if `op` has one.
fn operand_space_at(body: &Body<'_>, op: OpId, i: usize) -> Option<AddressSpace> {
    (i < body.num_operands(op))
        .then(|| space_of_type(body.value_type(body.operand(op, i))))
        .flatten()
}

/// A pipe entry is pushed from where the internal op it becomes runs.
fn push_pipe(body: &Body<'_>, op: OpId) -> Option<Pipe> {
    match operand_space_at(body, op, 0) {
        Some(AddressSpace::ACC) => Some(Pipe::FIX),
        Some(AddressSpace::VEC) => Some(Pipe::MTE3),
        _ => None,
    }
}

pub(crate) fn pipe_tpush(body: &Body<'_>, op: OpId, _: Arch) -> Option<Pipe> {
    push_pipe(body, op)
}

pub(crate) fn pipe_tpush_to_aiv(body: &Body<'_>, op: OpId, _: Arch) -> Option<Pipe> {
    push_pipe(body, op)
}

pub(crate) fn pipe_tpush_to_aic(body: &Body<'_>, op: OpId, _: Arch) -> Option<Pipe> {
    push_pipe(body, op)
}

/// A pipe entry is popped into vector or matrix memory: by MTE2 on A3, the scalar unit
/// on A5.
fn pop_pipe(entry: Option<AddressSpace>, arch: Arch) -> Option<Pipe> {
    match (entry, arch) {
        (Some(AddressSpace::VEC | AddressSpace::MAT), Arch::A3) => Some(Pipe::MTE2),
        (Some(AddressSpace::VEC | AddressSpace::MAT), Arch::A5) => Some(Pipe::S),
        _ => None,
    }
}

pub(crate) fn pipe_tpop(body: &Body<'_>, op: OpId, arch: Arch) -> Option<Pipe> {
    pop_pipe(operand_space_at(body, op, 0), arch)
}

pub(crate) fn pipe_tpop_from_aic(body: &Body<'_>, op: OpId, arch: Arch) -> Option<Pipe> {
    pop_pipe(space_of_type(body.value_type(body.result(op, 0))), arch)
}

pub(crate) fn pipe_tpop_from_aiv(body: &Body<'_>, op: OpId, arch: Arch) -> Option<Pipe> {
    pop_pipe(space_of_type(body.value_type(body.result(op, 0))), arch)
}

pub(crate) fn pipe_tscatter(_: &Body<'_>, _: OpId, arch: Arch) -> Option<Pipe> {
    Some(match arch {
        Arch::A3 => Pipe::S,
        Arch::A5 => Pipe::V,
    })
}
