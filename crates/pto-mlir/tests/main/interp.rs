//! The reference interpreter from Rust: integer and float semantics, calls, memrefs,
//! `.npy` round trips, and structured vs lowered control flow computing the same.

use pto_interp::npy;
use pto_interp::{Elem, Interpreter, MemRef, Value};
use pto_ir::Context;
use pto_parser::parse_source;

fn context() -> Context {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    ctx
}

const SRC: &str = r#"
func.func @divs(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32) {
  %0 = arith.divsi %a, %b : i32
  %1 = arith.remsi %a, %b : i32
  %2 = arith.ceildivsi %a, %b : i32
  %3 = arith.floordivsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i32
}
func.func @wrap(%a: i8) -> (i8, i32, i32) {
  %c = arith.constant 100 : i8
  %0 = arith.addi %a, %c : i8
  %1 = arith.extsi %0 : i8 to i32
  %2 = arith.extui %0 : i8 to i32
  return %0, %1, %2 : i8, i32, i32
}
func.func @floats(%x: f32) -> (f32, i1, i32) {
  %0 = math.erf %x : f32
  %nan = arith.constant 0x7FC00000 : f32
  %1 = arith.cmpf ult, %x, %nan : f32
  %2 = arith.fptosi %x : f32 to i32
  return %0, %1, %2 : f32, i1, i32
}
func.func @twice(%m: memref<3xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %v = memref.load %m[%i] : memref<3xi64>
    %d = func.call @double(%v) : (i64) -> i64
    memref.store %d, %m[%i] : memref<3xi64>
  }
  return
}
func.func @double(%v: i64) -> i64 {
  %r = arith.addi %v, %v : i64
  return %r : i64
}
func.func @collatz(%n: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %r:2 = scf.while (%x = %n, %steps = %c1) : (i64, i64) -> (i64, i64) {
    %more = arith.cmpi ne, %x, %c1 : i64
    scf.condition(%more) %x, %steps : i64, i64
  } do {
  ^bb0(%y: i64, %s: i64):
    %rem = arith.remui %y, %c2 : i64
    %odd = arith.cmpi ne, %rem, %c1 : i64
    %next = scf.if %odd -> i64 {
      %h = arith.divui %y, %c2 : i64
      scf.yield %h : i64
    } else {
      %t = arith.muli %y, %c3 : i64
      %u = arith.addi %t, %c1 : i64
      scf.yield %u : i64
    }
    %s1 = arith.addi %s, %c1 : i64
    scf.yield %next, %s1 : i64, i64
  }
  return %r#1 : i64
}
"#;

fn ints(v: &[Value]) -> Vec<i128> {
    v.iter().map(Value::sext).collect()
}

#[test]
fn integer_semantics() {
    let ctx = context();
    let m = parse_source(&ctx, SRC, "t.mlir", &Default::default()).unwrap();
    let it = Interpreter::new(&ctx, &m.body);
    let r = it
        .call("divs", &[Value::int(-7, 32), Value::int(2, 32)])
        .unwrap();
    assert_eq!(ints(&r[..4]), [-3, -1, -3, -4]);
    assert_eq!(r[4].zext(), (u32::MAX - 6) as u128 / 2);
    let err = it
        .call("divs", &[Value::int(1, 32), Value::int(0, 32)])
        .unwrap_err();
    assert_eq!(err.message, "division by zero");
    let r = it.call("wrap", &[Value::int(100, 8)]).unwrap();
    assert_eq!(ints(&r), [-56, -56, 200 - 256 + 256]);
}

#[test]
fn float_semantics() {
    let ctx = context();
    let m = parse_source(&ctx, SRC, "t.mlir", &Default::default()).unwrap();
    let it = Interpreter::new(&ctx, &m.body);
    let r = it.call("floats", &[Value::F32(0.5)]).unwrap();
    assert!((r[0].as_f64() - 0.520_499_877_813_046_5).abs() < 1e-7);
    assert_eq!(r[1].zext(), 1, "comparison with NaN is unordered");
    assert_eq!(r[2].sext(), 0);
    let err = it.call("floats", &[Value::F32(3e9)]).unwrap_err();
    assert!(
        err.message.contains("out of the range of i32"),
        "{}",
        err.message
    );
}

#[test]
fn calls_and_memrefs() {
    let ctx = context();
    let m = parse_source(&ctx, SRC, "t.mlir", &Default::default()).unwrap();
    let it = Interpreter::new(&ctx, &m.body);
    let buf = MemRef::alloc(Elem::Int(64), &[3]);
    buf.store(1, &Value::int(21, 64)).unwrap();
    it.call("twice", &[Value::MemRef(buf.clone())]).unwrap();
    assert_eq!(ints(&buf.elements().unwrap()), [0, 42, 0]);
    // .npy round trip of what the kernel wrote.
    let bytes = npy::write(&npy::Array::from_memref(&buf).unwrap());
    let back = npy::read(&bytes).unwrap().into_memref();
    assert_eq!(back.sizes, [3]);
    assert_eq!(ints(&back.elements().unwrap()), [0, 42, 0]);
}

#[test]
fn lowered_control_flow_computes_the_same() {
    let ctx = context();
    let mut m = parse_source(&ctx, SRC, "t.mlir", &Default::default()).unwrap();
    let expected: Vec<i128> = {
        let it = Interpreter::new(&ctx, &m.body);
        (1..30)
            .map(|n| it.call("collatz", &[Value::int(n, 64)]).unwrap()[0].sext())
            .collect()
    };
    assert_eq!(expected[26], 112, "collatz(27) takes 111 steps (+1)");
    let module = m.body.block_ops(m.block).next().unwrap();
    let body = m.body.nested_mut(module).unwrap();
    let mut target = pto_rewrite::conversion::ConversionTarget::new();
    target.add_illegal_dialects(&["scf"]);
    let mut patterns = pto_rewrite::conversion::ConversionPatternSet::new();
    pto_conversion::scf_to_cf::populate_scf_to_cf_patterns(&mut patterns);
    pto_rewrite::conversion::apply_partial_conversion(
        &ctx,
        body,
        &target,
        &patterns.freeze(),
        None,
    )
    .unwrap();
    let it = Interpreter::new(&ctx, &m.body);
    let lowered: Vec<i128> = (1..30)
        .map(|n| it.call("collatz", &[Value::int(n, 64)]).unwrap()[0].sext())
        .collect();
    assert_eq!(lowered, expected);
}

const VIEWS: &str = r#"
func.func @views(%buf: memref<8xi8>) -> (i16, f32) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %one = arith.constant 1.0 : f32
  %f = memref.view %buf[%c4][] : memref<8xi8> to memref<1xf32>
  memref.store %one, %f[%c0] : memref<1xf32>
  %h = memref.view %buf[%c6][] : memref<8xi8> to memref<1xi16>
  %hi = memref.load %h[%c0] : memref<1xi16>
  %odd = memref.view %buf[%c3][] : memref<8xi8> to memref<1xf32>
  %x = memref.load %odd[%c0] : memref<1xf32>
  return %hi, %x : i16, f32
}
func.func @past_the_end(%buf: memref<8xi8>, %shift: index) -> f32 {
  %c0 = arith.constant 0 : index
  %f = memref.view %buf[%shift][] : memref<8xi8> to memref<1xf32>
  %x = memref.load %f[%c0] : memref<1xf32>
  return %x : f32
}
"#;

#[test]
fn views_reinterpret_the_bytes_of_their_buffer() {
    let ctx = context();
    let m = parse_source(&ctx, VIEWS, "views.mlir", &Default::default()).unwrap();
    let it = Interpreter::new(&ctx, &m.body);
    let buf = MemRef::alloc(Elem::Int(8), &[8]);
    let r = it.call("views", &[Value::MemRef(buf.clone())]).unwrap();
    // 1.0f32 is 0x3f800000, stored little-endian at bytes 4..8.
    assert_eq!(ints(&buf.elements().unwrap()), [0, 0, 0, 0, 0, 0, -128, 63]);
    assert_eq!(r[0].zext(), 0x3f80);
    // Bytes 3..7 (00 00 00 80) read as an f32 at an unaligned shift: -0.0.
    assert_eq!(r[1].as_f64().to_bits(), (-0.0f64).to_bits());
}

#[test]
fn view_past_the_end_is_an_error_at_the_access() {
    let ctx = context();
    let m = parse_source(&ctx, VIEWS, "views.mlir", &Default::default()).unwrap();
    let it = Interpreter::new(&ctx, &m.body);
    let buf = || Value::MemRef(MemRef::alloc(Elem::Int(8), &[8]));
    assert!(it.call("past_the_end", &[buf(), Value::index(4)]).is_ok());
    for shift in [5, -1, i64::MAX - 2] {
        let err = it
            .call("past_the_end", &[buf(), Value::index(shift)])
            .unwrap_err();
        assert_eq!(
            err.message,
            format!("access to the 4 bytes at byte {shift} of a buffer of 8 bytes")
        );
        // At the load (line 19 of VIEWS), not at the view.
        let (file, line, col) = err.loc.file_line_col().unwrap();
        assert_eq!((file, line, col), ("views.mlir", 19, 8));
    }
}
