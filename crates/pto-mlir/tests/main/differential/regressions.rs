//! Focused regression tests for the disagreements the differential test found: each
//! runs a small function in the interpreter and compiled (at -O0 and -O2) and checks
//! both against the value LLVM's semantics define.

use pto_interp::{Interpreter, Value};
use pto_ir::Context;
use pto_llvm::{Engine, Signature};
use pto_parser::{parse_source, parse_type_str, ParseOptions};

/// The results of `@f` (of type `signature`) in `src` on `args`: interpreted, then
/// compiled at -O0 and -O2.
fn run_everywhere(src: &str, signature: &str, args: &[Value]) -> Vec<Vec<Value>> {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    let module = parse_source(&ctx, src, "t.mlir", &ParseOptions::default()).expect("parses");
    let interp = Interpreter::new(&ctx, &module.body);
    let mut all = vec![interp.call("f", args).expect("interprets")];
    let sig = Signature::of_function_type(parse_type_str(&ctx, signature).expect("type"))
        .expect("function type");
    for level in [0, 2] {
        let mut lowered = parse_source(&ctx, src, "t.mlir", &ParseOptions::default()).unwrap();
        super::lower(&ctx, &mut lowered).expect("lowers");
        let engine = Engine::new(&ctx, &lowered, level).expect("compiles");
        all.push(engine.call("f", &sig, args).expect("runs"));
    }
    all
}

fn f64_bits(vs: &[Value]) -> Vec<u64> {
    vs.iter()
        .map(|v| match v {
            Value::F64(x) => x.to_bits(),
            Value::F32(x) => u64::from(x.to_bits()),
            other => panic!("not a float: {other}"),
        })
        .collect()
}

/// `maximumf`/`minimumf` order -0.0 below +0.0 (LLVM's `maximum`/`minimum`); the
/// interpreter used Rust's `max`/`min`, which may return either zero.
#[test]
fn maximumf_and_minimumf_order_signed_zeros() {
    let src = r#"
func.func @f(%a: f64, %b: f64, %c: f32, %d: f32) -> (f64, f64, f64, f64, f32, f32) {
  %0 = arith.maximumf %a, %b : f64
  %1 = arith.maximumf %b, %a : f64
  %2 = arith.minimumf %a, %b : f64
  %3 = arith.minimumf %b, %a : f64
  %4 = arith.maximumf %c, %d : f32
  %5 = arith.minimumf %d, %c : f32
  return %0, %1, %2, %3, %4, %5 : f64, f64, f64, f64, f32, f32
}"#;
    let sig = "(f64, f64, f32, f32) -> (f64, f64, f64, f64, f32, f32)";
    let args = [
        Value::F64(-0.0),
        Value::F64(0.0),
        Value::F32(-0.0),
        Value::F32(0.0),
    ];
    let (p64, n64) = (0.0f64.to_bits(), (-0.0f64).to_bits());
    let (p32, n32) = (u64::from(0.0f32.to_bits()), u64::from((-0.0f32).to_bits()));
    for results in run_everywhere(src, sig, &args) {
        assert_eq!(f64_bits(&results), vec![p64, p64, n64, n64, p32, n32]);
    }
}

/// `sitofp`/`uitofp` of a 64-bit integer to f32 round once: through f64 first, a value
/// just above a tie of f32 (2^60 + 2^36 + 1) lands on the tie and rounds to even.
#[test]
fn integer_to_f32_conversion_rounds_once() {
    let src = r#"
func.func @f(%a: i64, %b: i64) -> (f32, f32, f32, f64) {
  %0 = arith.sitofp %a : i64 to f32
  %1 = arith.uitofp %a : i64 to f32
  %2 = arith.uitofp %b : i64 to f32
  %3 = arith.sitofp %b : i64 to f64
  return %0, %1, %2, %3 : f32, f32, f32, f64
}"#;
    let sig = "(i64, i64) -> (f32, f32, f32, f64)";
    let a: i64 = (1 << 60) + (1 << 36) + 1;
    // 2^63 + 2^39 + 1 as an unsigned 64-bit value.
    let b: u64 = (1 << 63) + (1 << 39) + 1;
    let args = [Value::int(i128::from(a), 64), Value::int(i128::from(b), 64)];
    let expected = vec![
        u64::from((a as f32).to_bits()),
        u64::from((a as f32).to_bits()),
        u64::from((b as f32).to_bits()),
        ((b as i64) as f64).to_bits(),
    ];
    // The correctly rounded results are above the tie.
    assert_eq!(a as f32, ((1u64 << 60) + (1 << 37)) as f32);
    for results in run_everywhere(src, sig, &args) {
        assert_eq!(f64_bits(&results), expected);
    }
}

/// `addui_extended` compiles (its `llvm.intr.uadd.with.overflow` was declared with the
/// wrong overload) and the extended ops have interpreter semantics: the carry, the high
/// halves of the unsigned and signed products.
#[test]
fn extended_arithmetic() {
    let src = r#"
func.func @f(%a: i8, %b: i8, %c: i64, %d: i1) -> (i8, i1, i8, i8, i8, i8, i64, i64, i1, i1) {
  %s:2 = arith.addui_extended %a, %b : i8, i1
  %u:2 = arith.mului_extended %a, %b : i8
  %m:2 = arith.mulsi_extended %a, %b : i8
  %h:2 = arith.mulsi_extended %c, %c : i64
  %t:2 = arith.mulsi_extended %d, %d : i1
  return %s#0, %s#1, %u#0, %u#1, %m#0, %m#1, %h#0, %h#1, %t#0, %t#1 : i8, i1, i8, i8, i8, i8, i64, i64, i1, i1
}"#;
    let sig = "(i8, i8, i64, i1) -> (i8, i1, i8, i8, i8, i8, i64, i64, i1, i1)";
    // 200 + 100 = 300 = 256 + 44; 200 * 100 = 20000 = 78 * 256 + 32;
    // (-56) * 100 = -5600 = -22 * 256 + 32; (-2^63)^2 = 2^126; (-1) * (-1) = 1 in i2.
    let args = [
        Value::int(-56, 8),
        Value::int(100, 8),
        Value::int(i128::from(i64::MIN), 64),
        Value::int(1, 1),
    ];
    let expected: Vec<i128> = vec![44, 1, 32, 78, 32, -22, 0, 1 << 62, 1, 0];
    for results in run_everywhere(src, sig, &args) {
        let got: Vec<i128> = results.iter().map(Value::sext).collect();
        let want: Vec<i128> = expected
            .iter()
            .zip(&results)
            .map(|(&e, r)| match r {
                Value::Int { width, .. } => Value::int(e, *width).sext(),
                other => panic!("not an integer: {other}"),
            })
            .collect();
        assert_eq!(got, want);
    }
}
