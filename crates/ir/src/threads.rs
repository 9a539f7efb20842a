//! Worker threads for per-function work (parsing, verifying, rewriting, printing).
//!
//! Everything that walks IR recurses on nesting, so a worker gets a large stack instead
//! of Rust's 2 MiB default, as the drivers' own thread does ([`run_with_stack`]): IR
//! nested as deeply as the parser accepts must not overflow anywhere.

use std::thread::{Builder, Scope, ScopedJoinHandle};

/// The stack size of worker threads: room for IR nested as deeply as the parser
/// accepts (`pto_parser::MAX_NESTING`), in debug builds too. Only what is used is
/// committed.
pub const WORKER_STACK_BYTES: usize = 256 << 20;

/// The stack size of [`run_with_stack`]: the drivers' main work.
pub const DRIVER_STACK_BYTES: usize = 256 << 20;

/// Runs `f` on a thread with [`DRIVER_STACK_BYTES`] of stack and returns what it
/// returns: how the drivers run, so that the main thread's 8 MiB do not bound how deep
/// the IR they are given may nest.
pub fn run_with_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        let h = Builder::new()
            .stack_size(DRIVER_STACK_BYTES)
            .spawn_scoped(s, f)
            .expect("failed to spawn the driver thread");
        match h.join() {
            Ok(v) => v,
            Err(p) => std::panic::resume_unwind(p),
        }
    })
}

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
