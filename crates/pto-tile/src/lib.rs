//! `pto-tile`: the `pto` dialect (`td/pto/*.td`), tile-level kernels in the textual form
//! of the PTOAS assembler (facts in `../shared/reference/pto-dialect.md`). Types and ops
//! are declared in ODS; this module holds the hooks ODS cannot express: the types' two
//! spellings (`types.rs`), the syntax of `#pto.tile_buf_config` (`attrs.rs`), tile
//! storage (`layout.rs`), the custom syntax and verifiers of view ops (`views.rs`), of
//! tile ops (`tile_verify.rs`, sharing `check.rs`), of gathers, merge sorts and the other
//! data-dependent vector ops (`gather.rs`), of the cube-vector pipes and reserved
//! buffers (`pipes.rs`), and of the asynchronous DMA ops and tile handles (`dma.rs`);
//! the pipe of every op (`op_pipes.rs`, `PTO_PipeOpInterface`), and what the dialect adds
//! to the tools (`driver.rs`: registration, `--pto-arch`, the pointer entry ABI).
//!
//! The `.td` files: `PTOBase.td` holds the dialect and its enums, as
//! `#pto.address_space<vec>` (format `<$value>`) or `#pto<cmp lt>` (format `$value`), and
//! `#pto.tile_buf_config<...>` (an `AttrDef` with PTOAS's hand-written syntax; `TileConfig`
//! reads and builds it), which `pto.bind_tile` and memref `pto.pointer_cast`s carry in
//! PTOAS's lowered (memref) form; `PTOTypes.td` the types; `PTOViewOps.td` pointers,
//! views and tile handles (`declare_tile`, `tassign`); `PTOTileOps.td` data movement, the
//! matrix unit, scalar access and `tget_scale_addr`; `PTOElementwiseOps.td` the
//! vector-unit families; `PTOGatherOps.td` `tgather` (index, compare and mask-pattern
//! forms), `tgatherb`, `tscatter`, `tmrgsort` (both formats), `thistogram`, `trandom`,
//! `tpack`; `PTOSyncOps.td` flags, events, barriers, sections; `PTOPipeOps.td` the
//! cube-vector pipes (the frontend `aic_`/`aiv_initialize_pipe`, `tpush_to_*`,
//! `tpop_from_*`, `tfree_from_*` that name a pipe by `id`; the internal
//! `initialize_l2l_pipe`/`initialize_l2g2l_pipe`, `tpush`, `tpop`, `tfree` on `!pto.pipe`
//! handles; `reserve_buffer`/`import_reserved_buffer`) and the asynchronous DMA ops.
//!
//! The verifiers give PTOAS's messages for what holds on every target (where A2/A3 and
//! A5 differ, the union) and skip lowered (memref) operands as PTOAS does; the custom
//! parsers share `views.rs`'s `expect_operand`/`set_segments` and `pto_ir::asm`'s list
//! printers. The target the parser reads types for (`arch.rs`, a setting of the context
//! as PTOAS keeps it per context) gives `left` tiles their base layout and selects the A5
//! rules of the cross-core `sync.set`/`sync.wait` (`core_sync.rs`).
//!
//! Its passes are in [`transforms`] (PTOAS's pipeline: plan-memory, insert-sync,
//! verify-sync, `ptoas`) and its lowering to loops over per-address-space arenas in
//! [`pto_to_loops`].
//!
//! Not yet: the per-target element type tables, the global-tensor pipe entries
//! (`gm_slot_tensor`, `talloc_*`), the `comm.*` collectives of newer PTOAS, and PTOAS's
//! frontend-pipe lowering, event-to-flag lowering and layout inference (see `ptoas`).

#![warn(missing_docs)]
#![allow(clippy::result_unit_err)]

// Generated code names this crate's items by absolute path (`::pto_tile::...`).
extern crate self as pto_tile;

pub mod arch;
mod attrs;
mod check;
mod core_sync;
mod dma;
pub mod driver;
mod gather;
pub mod layout;
mod op_pipes;
mod pipes;
pub mod pto_to_loops;
mod tile_verify;
pub mod transforms;
mod types;
pub use types::left_tile_blayout;
mod views;

use pto_ir::{AttrKind, Attribute};

use types::{
    parse_type_partition_tensor_view, parse_type_tensor_view, parse_type_tile, parse_type_tile_buf,
    print_type_partition_tensor_view, print_type_tensor_view, print_type_tile, print_type_tile_buf,
    verify_type_partition_tensor_view, verify_type_tensor_view, verify_type_tile,
    verify_type_tile_buf,
};
use views::{
    is_scalar_ptr_or_mem_ref, parse_make_tensor_view, parse_subset, print_make_tensor_view,
    print_subset, verify_alloc_tile, verify_bitcast, verify_load_scalar, verify_make_tensor_view,
    verify_partition_view, verify_pointer_cast, verify_set_validshape, verify_store_scalar,
    verify_subset, verify_treshape,
};

use core_sync::*;
use dma::*;
use gather::*;
use op_pipes::*;
use pipes::*;
use tile_verify::*;

pub use attrs::TileConfig;
use attrs::{parse_attr_tile_buf_config, print_attr_tile_buf_config, verify_attr_tile_buf_config};

mod ods {
    include!(concat!(env!("OUT_DIR"), "/pto_ods.rs"));
}
pub use ods::*;

include!(concat!(env!("OUT_DIR"), "/dialects.rs"));

/// Registers the `pto` dialect in `ctx`.
pub fn register_dialects(ctx: &mut pto_ir::Context) {
    for dialect in DIALECTS {
        ctx.register_dialect(dialect);
    }
}

pub use driver::register;

mod passes {
    include!(concat!(env!("OUT_DIR"), "/passes.rs"));
}
pub use passes::*;

/// The address space of `#pto.address_space<...>`, if `a` is one.
pub fn address_space_of_attr(a: Attribute<'_>) -> Option<AddressSpace> {
    AddressSpaceAttr::from_attr(a).map(AddressSpaceAttr::value)
}

/// The value of a (non-bit) enum attribute of this dialect (`#pto.pipe<PIPE_V>`,
/// `#pto<cmp lt>`), if `a` is one.
pub fn enum_value(a: Attribute<'_>) -> Option<i64> {
    let AttrKind::Opaque { dialect, body } = a.kind() else {
        return None;
    };
    if dialect.as_str() != "pto" {
        return None;
    }
    let mnemonic = body.split(['<', ' ']).next()?;
    let def = DIALECT.attr_def(mnemonic)?;
    let word = def.params_of(body)?.trim();
    let cases = def.enum_cases()?;
    cases.iter().find(|c| c.0 == word).map(|c| c.1)
}

/// This dialect's enum attribute `mnemonic` with case `keyword` (`#pto<round_mode FLOOR>`
/// from `round_mode`, `FLOOR`), if both exist.
pub fn enum_attr<'c>(
    ctx: &'c pto_ir::Context,
    mnemonic: &str,
    keyword: &str,
) -> Option<Attribute<'c>> {
    let def = DIALECT.attr_def(mnemonic)?;
    def.enum_cases()?.iter().find(|c| c.0 == keyword)?;
    let body = def.body(keyword);
    Some(ctx.opaque_attr(ctx.ident("pto"), &body))
}

/// The keyword of value `v` of this dialect's enum attribute `mnemonic` (`round_mode`).
pub fn enum_keyword(mnemonic: &str, v: i64) -> Option<&'static str> {
    let def = DIALECT.attr_def(mnemonic)?;
    let cases = def.enum_cases()?;
    cases.iter().find(|c| c.1 == v).map(|c| c.0)
}
