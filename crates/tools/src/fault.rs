//! Faults in compiled code: a JIT-compiled entry that divides by zero, reads far out of
//! bounds or recurses without end raises SIGFPE, SIGSEGV, SIGBUS or SIGILL; a failed
//! `cf.assert` (and so a `--check` check) prints its message and raises SIGABRT. While
//! [`guard`] runs the call, handlers for those signals (on an alternate stack, so that
//! a stack overflow is caught too) write a diagnostic naming the entry and the signal
//! and end the process with status 1: no core dump, no abort message. Outside the call
//! the previous handlers are back.
//!
//! The handler only does what a signal handler may (`write`, `_exit`): the message is
//! prepared before the call.

use std::sync::atomic::{AtomicUsize, Ordering};

/// The message prefix the handler writes, prepared by [`guard`] (`pto-run: error:
/// compiled code of '@entry' stopped by `), and its length.
static mut MESSAGE: [u8; 512] = [0; 512];
static MESSAGE_LEN: AtomicUsize = AtomicUsize::new(0);

const SIGNALS: [(libc::c_int, &str); 5] = [
    (libc::SIGABRT, "SIGABRT (abort: a failed cf.assert or --check runtime check, whose message is above)\n"),
    (libc::SIGSEGV, "SIGSEGV (a memory access outside the program's memory: an index out of bounds, or a stack overflow from unbounded recursion)\n"),
    (libc::SIGBUS, "SIGBUS (a misaligned or unmapped memory access)\n"),
    (libc::SIGFPE, "SIGFPE (an integer division by zero, or INT_MIN / -1)\n"),
    (libc::SIGILL, "SIGILL (an illegal instruction: a trap the code reached)\n"),
];

extern "C" fn on_fault(sig: libc::c_int) {
    let len = MESSAGE_LEN.load(Ordering::Relaxed);
    // SAFETY: `MESSAGE` is written before the handlers are installed and not while they
    // are; `write` and `_exit` are async-signal-safe.
    unsafe {
        if sig == libc::SIGABRT {
            // `abort` came from the compiled code itself (a failed `cf.assert` after
            // `puts` of its message), not from an arbitrary point: flushing stdio so
            // that the message is not lost is safe here, though not async-signal-safe
            // in general.
            libc::fflush(std::ptr::null_mut());
        }
        let msg = std::ptr::addr_of!(MESSAGE) as *const u8;
        libc::write(2, msg as *const libc::c_void, len);
        for (s, text) in SIGNALS {
            if s == sig {
                libc::write(2, text.as_ptr() as *const libc::c_void, text.len());
            }
        }
        libc::_exit(1);
    }
}

/// Runs `f` (a call of compiled code for `entry`) with the fault handlers installed.
pub fn guard<T>(entry: &str, f: impl FnOnce() -> T) -> T {
    let prefix = format!("pto-run: error: compiled code of '@{entry}' was stopped by ");
    let bytes = prefix.as_bytes();
    let len = bytes.len().min(512);
    // SAFETY: no handler is installed yet (they are removed after each call), so nothing
    // reads `MESSAGE` while it is written.
    unsafe {
        let dst = std::ptr::addr_of_mut!(MESSAGE) as *mut u8;
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), dst, len);
    }
    MESSAGE_LEN.store(len, Ordering::Relaxed);
    // An alternate stack for the handler: a stack overflow leaves none on the thread's.
    let alt_size = 64 * 1024;
    let mut alt = vec![0u8; alt_size];
    let mut old_alt: libc::stack_t = unsafe { std::mem::zeroed() };
    let new_alt = libc::stack_t {
        ss_sp: alt.as_mut_ptr() as *mut libc::c_void,
        ss_flags: 0,
        ss_size: alt_size,
    };
    // SAFETY: plain POSIX calls on valid structures; the old settings are restored below.
    let mut old_actions: Vec<(libc::c_int, libc::sigaction)> = Vec::new();
    unsafe {
        libc::sigaltstack(&new_alt, &mut old_alt);
        for (sig, _) in SIGNALS {
            let mut act: libc::sigaction = std::mem::zeroed();
            act.sa_sigaction = on_fault as extern "C" fn(libc::c_int) as usize;
            act.sa_flags = libc::SA_ONSTACK;
            libc::sigemptyset(&mut act.sa_mask);
            let mut old: libc::sigaction = std::mem::zeroed();
            libc::sigaction(sig, &act, &mut old);
            old_actions.push((sig, old));
        }
    }
    let r = f();
    // SAFETY: restores what was there before.
    unsafe {
        for (sig, old) in &old_actions {
            libc::sigaction(*sig, old, std::ptr::null_mut());
        }
        libc::sigaltstack(&old_alt, std::ptr::null_mut());
    }
    drop(alt);
    r
}
