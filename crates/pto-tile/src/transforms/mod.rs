//! The passes of the `pto` dialect, one file each, as PTOAS runs them: memory planning,
//! synchronisation insertion and its static check. The lowering to loops is a
//! conversion (`crate::pto_to_loops`).
//!
//! The synchronisation passes share `sync_model` (pipes and memory accesses of ops),
//! `sync_analysis` (the program tree and the dataflow analysis of ordering) and
//! `insert_sync`'s back end `sync_emit`.
//! The output of `pto-insert-sync` always satisfies `pto-verify-sync`. `ptoas` is PTOAS's
//! default pipeline as one pass.

pub mod insert_sync;
pub mod sync_analysis;
mod sync_emit;
pub mod sync_model;
pub mod verify_sync;

pub mod plan_memory;
pub mod ptoas;
