//! The passes of the `pypto` dialect, one file each, in PyPTO's order: type checking,
//! then memory (`pypto-init-memref` gives every tile and tensor a MemRef,
//! `pypto-basic-memory-reuse` lets buffers whose lifetimes do not overlap share one,
//! `pypto-insert-sync` orders the pipes that touch them, `pypto-add-alloc` places and
//! allocates them). `pypto-materialize-dims` gives symbolic dimensions the
//! parameters the lowerings read their sizes from. `common` holds what they share.

mod common;

pub mod add_alloc;
pub mod basic_memory_reuse;
pub mod init_memref;
pub mod insert_sync;
pub mod materialize_dims;
pub mod type_check;
