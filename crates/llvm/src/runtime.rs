//! Runtime functions that JIT-compiled code may call, resolved by name when the engine
//! is built: the C allocator, and the printing helpers of MLIR's runner utilities
//! (`printMemrefF32` and friends from `libmlir_runner_utils`, `printF32`/`printNewline`
//! from `libmlir_c_runner_utils`), with the same output format, so programs written for
//! `mlir-runner` print the same from `pto-run`.

use std::ffi::c_void;
use std::io::Write;

/// The address of runtime function `name`, if this process provides it.
pub(super) fn runtime_symbol(name: &str) -> Option<usize> {
    extern "C" {
        fn malloc(size: usize) -> *mut c_void;
        fn calloc(n: usize, size: usize) -> *mut c_void;
        fn realloc(p: *mut c_void, size: usize) -> *mut c_void;
        fn free(p: *mut c_void);
        fn aligned_alloc(align: usize, size: usize) -> *mut c_void;
    }
    Some(match name {
        "malloc" => malloc as *const () as usize,
        "calloc" => calloc as *const () as usize,
        "realloc" => realloc as *const () as usize,
        "free" => free as *const () as usize,
        "aligned_alloc" => aligned_alloc as *const () as usize,
        "printMemrefF32" => print_memref_f32 as *const () as usize,
        "printMemrefF64" => print_memref_f64 as *const () as usize,
        "printMemrefI32" => print_memref_i32 as *const () as usize,
        "printMemrefI64" => print_memref_i64 as *const () as usize,
        "printF32" => print_f32 as *const () as usize,
        "printF64" => print_f64 as *const () as usize,
        "printI64" => print_i64 as *const () as usize,
        "printU64" => print_u64 as *const () as usize,
        "printNewline" => print_newline as *const () as usize,
        "printComma" => print_comma as *const () as usize,
        "printOpen" => print_open as *const () as usize,
        "printClose" => print_close as *const () as usize,
        "pto_parallel_for" => pto_parallel_for as *const () as usize,
        _ => return None,
    })
}

/// Gives the JIT the conversion helpers LLVM's code generator calls for `bfloat`
/// (`fptrunc` to `bfloat` becomes `__truncsfbf2`/`__truncdfbf2` without AVX512-BF16):
/// compiler-rt's, which libgcc has only from GCC 13, so the process may lack them and
/// the call would jump to address 0. Registered process-wide, once.
pub(super) fn register_libcalls() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let symbols: [(&std::ffi::CStr, usize); 2] = [
            (c"__truncsfbf2", trunc_sf_bf2 as *const () as usize),
            (c"__truncdfbf2", trunc_df_bf2 as *const () as usize),
        ];
        for (name, addr) in symbols {
            // SAFETY: a NUL-terminated name and the address of a function with the
            // signature LLVM calls it with (see below); LLVM copies the name.
            unsafe {
                inkwell::llvm_sys::support::LLVMAddSymbol(name.as_ptr(), addr as *mut c_void)
            };
        }
    });
}

/// `__truncsfbf2`: `f32` to `bf16` (to nearest, ties to even). LLVM returns a `bfloat`
/// in the low 16 bits of XMM0; Rust has no stable 16-bit float, so the bits are
/// returned as an `f32` of those bits (XMM0 too).
extern "C" fn trunc_sf_bf2(x: f32) -> f32 {
    f32::from_bits(u32::from(pto_ir::half::f64_to_bf16(f64::from(x))))
}

/// `__truncdfbf2`: `f64` to `bf16`, as [`trunc_sf_bf2`] (rounded once).
extern "C" fn trunc_df_bf2(x: f64) -> f32 {
    f32::from_bits(u32::from(pto_ir::half::f64_to_bf16(x)))
}

/// A number as C++'s `ostream << x` writes a float or double by default (`%g` with 6
/// significant digits), which MLIR's printers use.
pub fn format_general(x: f64) -> String {
    if x.is_nan() {
        return if x.is_sign_negative() { "-nan" } else { "nan" }.into();
    }
    if x.is_infinite() {
        return if x < 0.0 { "-inf" } else { "inf" }.into();
    }
    if x == 0.0 {
        return if x.is_sign_negative() { "-0" } else { "0" }.into();
    }
    // Six significant digits, rounded as printf rounds; then the exponent decides the
    // notation, and trailing zeros go.
    let sci = format!("{x:.5e}");
    let (mantissa, exp) = sci.split_once('e').expect("scientific format");
    let exp: i32 = exp.parse().expect("exponent");
    let trim = |s: &str| -> String {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s.to_string()
        }
    };
    if !(-4..6).contains(&exp) {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{}e{sign}{:02}", trim(mantissa), exp.abs())
    } else {
        let decimals = (5 - exp).max(0) as usize;
        trim(&format!("{x:.decimals$}"))
    }
}

/// An element of a memref, for printing.
trait Element: Copy {
    fn text(self) -> String;
}
impl Element for f32 {
    fn text(self) -> String {
        format_general(f64::from(self))
    }
}
impl Element for f64 {
    fn text(self) -> String {
        format_general(self)
    }
}
impl Element for i32 {
    fn text(self) -> String {
        self.to_string()
    }
}
impl Element for i64 {
    fn text(self) -> String {
        self.to_string()
    }
}

/// Writes the elements of dimensions `dim..` at `offset` as MLIR's `MemRefDataPrinter`:
/// nested brackets, `, ` between elements, rows on new lines indented by depth.
///
/// # Safety
/// The descriptor must describe readable memory of `T`.
unsafe fn print_data<T: Element>(
    out: &mut String,
    base: *const T,
    rank: usize,
    dim: usize,
    offset: i64,
    sizes: &[i64],
    strides: &[i64],
) {
    if dim == 0 {
        out.push_str(&base.offset(offset as isize).read_unaligned().text());
        return;
    }
    let n = sizes[0];
    let inner = |out: &mut String, i: i64| {
        print_data(
            out,
            base,
            rank,
            dim - 1,
            offset + i * strides[0],
            &sizes[1..],
            &strides[1..],
        );
    };
    out.push('[');
    if n > 0 {
        inner(out, 0);
    }
    if n <= 1 {
        out.push(']');
        return;
    }
    out.push_str(", ");
    if dim > 1 {
        out.push('\n');
    }
    for i in 1..n - 1 {
        out.push_str(&" ".repeat(rank - dim + 1));
        inner(out, i);
        out.push_str(", ");
        if dim > 1 {
            out.push('\n');
        }
    }
    out.push_str(&" ".repeat(rank - dim + 1));
    inner(out, n - 1);
    out.push(']');
}

/// `printMemref*(int64_t rank, void *descriptor)`: MLIR's "Unranked Memref" dump.
///
/// # Safety
/// `desc` points to a ranked descriptor of rank `rank` of `T` elements.
unsafe fn print_memref<T: Element>(rank: i64, desc: *const u8) {
    let rank = rank.max(0) as usize;
    let words = desc.cast::<i64>();
    let data = words.add(1).read_unaligned() as *const T;
    let offset = words.add(2).read_unaligned();
    let sizes: Vec<i64> = (0..rank)
        .map(|i| words.add(3 + i).read_unaligned())
        .collect();
    let strides: Vec<i64> = (0..rank)
        .map(|i| words.add(3 + rank + i).read_unaligned())
        .collect();
    let list = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    let mut out = format!(
        "Unranked Memref base@ = {:p} rank = {rank} offset = {offset} sizes = [{}] strides = [{}] data = \n",
        data,
        list(&sizes),
        list(&strides)
    );
    if rank == 0 {
        out.push('[');
    }
    print_data(&mut out, data, rank, rank, offset, &sizes, &strides);
    if rank == 0 {
        out.push(']');
    }
    out.push('\n');
    emit(&out);
}

fn emit(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
}

// The C ABI entry points. Compiled code passes what MLIR's lowering passes, so the
// descriptors are valid by construction of that code.

extern "C" fn print_memref_f32(rank: i64, desc: *const u8) {
    // SAFETY: see above.
    unsafe { print_memref::<f32>(rank, desc) }
}
extern "C" fn print_memref_f64(rank: i64, desc: *const u8) {
    // SAFETY: see above.
    unsafe { print_memref::<f64>(rank, desc) }
}
extern "C" fn print_memref_i32(rank: i64, desc: *const u8) {
    // SAFETY: see above.
    unsafe { print_memref::<i32>(rank, desc) }
}
extern "C" fn print_memref_i64(rank: i64, desc: *const u8) {
    // SAFETY: see above.
    unsafe { print_memref::<i64>(rank, desc) }
}
extern "C" fn print_f32(x: f32) {
    emit(&format_general(f64::from(x)));
}
extern "C" fn print_f64(x: f64) {
    emit(&format_general(x));
}
extern "C" fn print_i64(x: i64) {
    emit(&x.to_string());
}
extern "C" fn print_u64(x: u64) {
    emit(&x.to_string());
}
extern "C" fn print_newline() {
    emit("\n");
}
extern "C" fn print_comma() {
    emit(", ");
}
extern "C" fn print_open() {
    emit("( ");
}
extern "C" fn print_close() {
    emit(" )");
}

/// The pool `pto_parallel_for` runs on (`None`: the calling thread alone).
static POOL: std::sync::Mutex<Option<std::sync::Arc<rayon::ThreadPool>>> =
    std::sync::Mutex::new(None);

/// Runs compiled parallel loops on `n` threads from now on (`pto-run --threads`); 1
/// runs them on the calling thread.
pub fn set_threads(n: usize) -> Result<(), String> {
    let pool = if n <= 1 {
        None
    } else {
        let p = rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .thread_name(|i| format!("pto-worker-{i}"))
            .build()
            .map_err(|e| format!("cannot start {n} threads: {e}"))?;
        Some(std::sync::Arc::new(p))
    };
    *POOL.lock().unwrap_or_else(|e| e.into_inner()) = pool;
    Ok(())
}

/// The body of a parallel loop, as `outline-parallel-loops` makes it.
type LoopBody = extern "C" fn(*mut c_void, i64, i64);

/// Chunks per thread: more than one, so that a thread that finishes early (another
/// process took its core, or its iterations were cheaper: ragged tasks) steals the
/// rest (rayon's scheduler), few enough that a chunk's call stays negligible.
const CHUNKS_PER_THREAD: i64 = 4;

/// Runs `body(ctx, lo, hi)` over `0..n` split into contiguous chunks, a few per thread
/// (the chunks are independent: each iteration writes its own elements).
extern "C" fn pto_parallel_for(n: i64, body: LoopBody, ctx: *mut c_void) {
    let pool = POOL.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let Some(pool) = pool.filter(|_| n > 1) else {
        body(ctx, 0, n.max(0));
        return;
    };
    let chunks = (pool.current_num_threads() as i64 * CHUNKS_PER_THREAD).min(n);
    // The context is a stack struct of the caller, alive for the whole call.
    let ctx = ctx as usize;
    pool.scope(|s| {
        for c in 0..chunks {
            let (lo, hi) = (n * c / chunks, n * (c + 1) / chunks);
            s.spawn(move |_| body(ctx as *mut c_void, lo, hi));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::format_general;

    #[test]
    fn general_format_is_cpp_streams() {
        let cases = [
            (1.0, "1"),
            (0.5, "0.5"),
            (1.0 / 3.0, "0.333333"),
            (123456.0, "123456"),
            (1234567.0, "1.23457e+06"),
            (0.0001, "0.0001"),
            (0.00001234, "1.234e-05"),
            (-2.5, "-2.5"),
            (100.0, "100"),
            (999999.5, "1e+06"),
        ];
        for (x, want) in cases {
            assert_eq!(format_general(x), want, "{x}");
        }
    }
}
