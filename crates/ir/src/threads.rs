//! Worker threads for per-function work (parsing, verifying, rewriting, printing).
//!
//! Everything that walks IR recurses on nesting, so a worker gets the stack the main
//! thread has (8 MiB on Linux) instead of Rust's 2 MiB default: IR that the serial path
//! handles must not overflow on a worker.

use std::thread::{Builder, Scope, ScopedJoinHandle};

/// The stack size of worker threads.
pub const WORKER_STACK_BYTES: usize = 8 << 20;

/// Spawns `f` on a scoped worker thread with [`WORKER_STACK_BYTES`] of stack.
pub fn spawn<'scope, 'env, T, F>(
    scope: &'scope Scope<'scope, 'env>,
    f: F,
) -> ScopedJoinHandle<'scope, T>
where
    F: FnOnce() -> T + Send + 'scope,
    T: Send + 'scope,
{
    Builder::new()
        .stack_size(WORKER_STACK_BYTES)
        .spawn_scoped(scope, f)
        // As `Scope::spawn`: failing to create a thread is not recoverable here.
        .expect("failed to spawn a worker thread")
}
