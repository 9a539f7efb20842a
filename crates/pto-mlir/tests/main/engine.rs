//! The JIT `Engine` on llvm dialect IR made by mlir-opt from
//! `lit-tests/translate/Inputs/engine-source.mlir`: packed calls, and typed calls with
//! the original signatures compared with the reference interpreter.

use std::ffi::c_void;

use pto_interp::{Buffer, Elem, Interpreter, MemRef, Value};
use pto_ir::Context;
use pto_llvm::{Engine, Signature};
use pto_parser::{parse_source, parse_type_str, ParseOptions};

const LOWERED: &str = include_str!("../../../../lit-tests/translate/Inputs/engine.mlir");
const SOURCE: &str = include_str!("../../../../lit-tests/translate/Inputs/engine-source.mlir");

fn context() -> Context {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    ctx
}

fn signature<'c>(ctx: &'c Context, text: &str) -> Signature<'c> {
    Signature::of_function_type(parse_type_str(ctx, text).expect("type")).expect("function type")
}

fn engine(ctx: &Context, level: u8) -> Engine {
    let module =
        parse_source(ctx, LOWERED, "engine.mlir", &ParseOptions::default()).expect("parses");
    Engine::new(ctx, &module, level).expect("compiles")
}

fn floats(v: &Value) -> Vec<f64> {
    v.as_memref()
        .expect("memref")
        .elements()
        .expect("elements")
        .iter()
        .map(Value::as_f64)
        .collect()
}

#[test]
fn packed_call_of_a_scalar_function() {
    let ctx = context();
    let e = engine(&ctx, 0);
    assert_eq!(e.packed_arity("add"), Some(3));
    let (mut a, mut b, mut r) = (40i64, 2i64, 0i64);
    let mut args: Vec<*mut c_void> = vec![
        (&mut a as *mut i64).cast(),
        (&mut b as *mut i64).cast(),
        (&mut r as *mut i64).cast(),
    ];
    // SAFETY: three pointers to i64 storage, as @add(i64, i64) -> i64 needs.
    unsafe { e.invoke_packed("add", &mut args) }.expect("call");
    assert_eq!(r, 42);
    // A wrong count is refused before calling.
    // SAFETY: refused without calling.
    let err = unsafe { e.invoke_packed("add", &mut args[..2]) }.unwrap_err();
    assert!(err.contains("takes 3 packed arguments"), "{err}");
    // SAFETY: refused without calling.
    assert!(unsafe { e.invoke_packed("nope", &mut []) }.is_err());
}

#[test]
fn memref_argument_written_in_place() {
    let ctx = context();
    for level in [0, 2] {
        let e = engine(&ctx, level);
        let m = MemRef::from_buffer(
            Buffer::from_ints(Elem::Int(32), &[1, -2, 3, 40_000]),
            Elem::Int(32),
            &[4],
        );
        let args = [Value::MemRef(m.clone()), Value::int(-3, 32)];
        let sig = signature(&ctx, "(memref<4xi32>, i32) -> ()");
        let results = e.call("scale", &sig, &args).expect("call");
        assert!(results.is_empty());
        let got: Vec<i128> = m.elements().unwrap().iter().map(Value::sext).collect();
        assert_eq!(got, vec![-3, 6, -9, -120_000]);
    }
}

#[test]
fn memref_and_multiple_results_match_the_interpreter() {
    let ctx = context();
    let e = engine(&ctx, 2);
    let source =
        parse_source(&ctx, SOURCE, "engine-source.mlir", &ParseOptions::default()).expect("parses");
    let interp = Interpreter::new(&ctx, &source.body);

    let sig = signature(&ctx, "(index, f64) -> memref<?xf64>");
    let args = [Value::index(5), Value::F64(0.5)];
    let jit = e.call("fill", &sig, &args).expect("call");
    let reference = interp.call("fill", &args).expect("interprets");
    assert_eq!(floats(&jit[0]), vec![0.5, 1.5, 2.5, 3.5, 4.5]);
    assert_eq!(floats(&jit[0]), floats(&reference[0]));

    let sig = signature(&ctx, "(memref<?xf64>) -> (f64, index, i1)");
    let args = [jit[0].clone()];
    let got = e.call("stats", &sig, &args).expect("call");
    assert_eq!(got[0].as_f64(), 12.5);
    assert_eq!(got[1].sext(), 5);
    assert_eq!(got[2].zext(), 1);

    let sig = signature(&ctx, "(memref<2x3xf32>) -> memref<3x2xf32>");
    let m = MemRef::from_buffer(
        Buffer::from_f32s(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]),
        Elem::F32,
        &[2, 3],
    );
    let args = [Value::MemRef(m)];
    let t = e.call("transpose", &sig, &args).expect("call");
    assert_eq!(t[0].as_memref().unwrap().sizes, vec![3, 2]);
    assert_eq!(floats(&t[0]), vec![1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
    assert_eq!(
        floats(&t[0]),
        floats(&interp.call("transpose", &args).unwrap()[0])
    );
}

#[test]
fn narrow_integer_memrefs_round_trip() {
    let ctx = context();
    let e = engine(&ctx, 2);
    let flags = MemRef::from_buffer(
        Buffer::from_ints(Elem::Int(1), &[-1, 0, -1]),
        Elem::Int(1),
        &[3],
    );
    let bytes = MemRef::alloc(Elem::Int(8), &[3]);
    let sig = signature(&ctx, "(memref<3xi1>, memref<3xi8>) -> ()");
    let args = [Value::MemRef(flags.clone()), Value::MemRef(bytes.clone())];
    e.call("not_flags", &sig, &args).expect("call");
    let bits: Vec<u128> = flags.elements().unwrap().iter().map(Value::zext).collect();
    assert_eq!(bits, vec![0, 1, 0]);
    let out: Vec<i128> = bytes.elements().unwrap().iter().map(Value::sext).collect();
    assert_eq!(out, vec![0, 1, 0]);
}

#[test]
fn strided_memref_result_is_copied_out() {
    let ctx = context();
    let e = engine(&ctx, 0);
    let sig = signature(
        &ctx,
        "(memref<2x3xf32>) -> memref<2xf32, strided<[3], offset: 1>>",
    );
    let m = MemRef::from_buffer(
        Buffer::from_f32s(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]),
        Elem::F32,
        &[2, 3],
    );
    let col = e.call("column", &sig, &[Value::MemRef(m)]).expect("call");
    assert_eq!(floats(&col[0]), vec![2.0, 5.0]);
}

#[test]
fn signature_mismatch_is_an_error() {
    let ctx = context();
    let e = engine(&ctx, 0);
    // @add takes two i64, not a memref.
    let sig = signature(&ctx, "(memref<2xi64>) -> i64");
    let m = MemRef::from_buffer(
        Buffer::from_ints(Elem::Int(64), &[1, 2]),
        Elem::Int(64),
        &[2],
    );
    let err = e.call("add", &sig, &[Value::MemRef(m)]).unwrap_err();
    assert!(err.contains("does not have the parameters"), "{err}");
    let sig = signature(&ctx, "(i64, i64) -> i64");
    let err = e
        .call("add", &sig, &[Value::F64(1.0), Value::index(1)])
        .unwrap_err();
    assert!(err.contains("does not match type"), "{err}");
}

#[test]
fn translation_errors_are_located() {
    let mut ctx = context();
    ctx.set_allow_unregistered_dialects(true);
    let text = "llvm.func @f() {\n  \"test.op\"() : () -> ()\n  llvm.return\n}\n";
    let module = parse_source(&ctx, text, "bad.mlir", &ParseOptions::default()).expect("parses");
    let Err(pto_llvm::EngineError::Translation(d)) = Engine::new(&ctx, &module, 0) else {
        panic!("expected a translation error");
    };
    assert_eq!(d.loc.file_line_col(), Some(("bad.mlir", 2, 3)));
    assert!(
        d.message.contains("cannot translate 'test.op'"),
        "{}",
        d.message
    );
}

#[test]
fn memref_argument_at_a_byte_base() {
    // A view whose aligned pointer is 8 bytes into its buffer (as `memref.view` makes):
    // compiled code gets that pointer and writes the elements after it only.
    let ctx = context();
    let e = engine(&ctx, 2);
    let buffer = Buffer::from_ints(Elem::Int(32), &[7, 8, 1, -2, 3, 40_000]);
    let mut m = MemRef::from_buffer(buffer, Elem::Int(32), &[4]);
    m.base = 8;
    let args = [Value::MemRef(m.clone()), Value::int(-3, 32)];
    let sig = signature(&ctx, "(memref<4xi32>, i32) -> ()");
    e.call("scale", &sig, &args).expect("call");
    let whole = MemRef::from_buffer(
        Buffer::from_bytes(m.buffer.borrow().bytes()),
        Elem::Int(32),
        &[6],
    );
    let got: Vec<i128> = whole.elements().unwrap().iter().map(Value::sext).collect();
    assert_eq!(got, vec![7, 8, -3, 6, -9, -120_000]);
    // A base outside the buffer is refused before the call.
    m.base = 32;
    let err = e
        .call("scale", &sig, &[Value::MemRef(m), Value::int(1, 32)])
        .unwrap_err();
    assert!(err.contains("aligned pointer is 32 bytes"), "{err}");
}
