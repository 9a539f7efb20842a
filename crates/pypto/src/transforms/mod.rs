//! The passes of the `pypto` dialect, one file each, in PyPTO's order: type checking,
//! then memory (`pypto-init-memref` gives every tile and tensor a MemRef,
//! `pypto-basic-memory-reuse` lets buffers whose lifetimes do not overlap share one,
//! `pypto-insert-sync` orders the pipes that touch them, `pypto-add-alloc` places and
//! allocates them). `pypto-materialize-dims` gives symbolic dimensions the
//! parameters the lowerings read their sizes from. `common` holds what they share.
//!
//! The passes are anchored on the module because they change signatures: `common`
//! keeps `func.func` types and calls in step (a call to a function whose parameter types
//! changed passes its operands through `builtin.unrealized_conversion_cast`, as a MemRef
//! is the callee's placement). Orchestration functions are left to the runtime (type
//! checking aside).
//!
//! Not yet: checking that values sharing a MemRef because a loop or branch passes them on
//! are never live at once (e.g. an init value still used after its loop).

mod common;

pub mod add_alloc;
pub mod basic_memory_reuse;
pub mod init_memref;
pub mod insert_sync;
pub mod materialize_dims;
pub mod type_check;
