//! `f16` and `bf16` element data: `.npy` round trips (numpy's `<f2`, ml_dtypes'
//! `'<V2'` bfloat16, `<u2` bit patterns), and scalars and memrefs of both types run by
//! the interpreter and the JIT with the same bits.

use pto_mlir::interp::npy;
use pto_mlir::interp::{Buffer, Elem, Interpreter, MemRef, Semantics, Value};
use pto_mlir::ir::Context;
use pto_mlir::pass::{parse_pipeline, PassRegistry, RunOptions};
use pto_mlir::syntax::parser::{parse_source, parse_type_str, Module, ParseOptions};
use pto_mlir::target::llvm::{Engine, Signature};

fn context() -> Context {
    let mut ctx = Context::new();
    pto_mlir::tools::opt::register_all_dialects(&mut ctx);
    ctx
}

fn input(name: &str) -> Vec<u8> {
    let path = format!("{}/lit-tests/run/Inputs/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn npy_f16_round_trip() {
    // Written by numpy (scripts/gen_kernel_data.py).
    let bytes = input("half_x.npy");
    let a = npy::read(&bytes).expect("reads");
    assert_eq!(a.elem, Elem::F16);
    assert_eq!(a.shape, vec![64]);
    // Written back byte for byte as numpy wrote it.
    assert_eq!(npy::write(&a), bytes);
    let m = MemRef::from_buffer(
        Buffer::F16(vec![0x3c00, 0xc000, 0x7bff, 0x7c00]),
        Elem::F16,
        &[2, 2],
    );
    let bytes = npy::write(&npy::Array::from_memref(&m).expect("array"));
    assert!(std::str::from_utf8(&bytes[10..64])
        .unwrap()
        .contains("'descr': '<f2'"));
    let back = npy::read(&bytes).expect("reads").into_memref();
    let values: Vec<f64> = back.elements().unwrap().iter().map(Value::as_f64).collect();
    assert_eq!(values, vec![1.0, -2.0, 65504.0, f64::INFINITY]);
}

#[test]
fn npy_bf16_convention() {
    // Byte for byte what `np.save` writes for an ml_dtypes bfloat16 array.
    let bytes = input("bf16_x.npy");
    let a = npy::read(&bytes).expect("reads");
    assert_eq!(a.elem, Elem::BF16);
    assert_eq!(npy::write(&a), bytes);
    // A uint16 array is bf16 bits only when asked.
    let bits = npy::read(&input("bf16_y.npy")).expect("reads");
    assert_eq!(bits.elem, Elem::Int(16));
    let as_bf16 = bits.as_bf16_bits().expect("uint16 bits");
    assert_eq!(as_bf16.elem, Elem::BF16);
    // Signed 16-bit integers and other dtypes are not bit patterns.
    let f16 = npy::read(&input("half_x.npy")).expect("reads");
    assert!(f16.as_bf16_bits().is_none());
    // 3.140625 is 0x4049 in bf16.
    let m = MemRef::from_buffer(Buffer::BF16(vec![0x4049]), Elem::BF16, &[1]);
    let back = npy::read(&npy::write(&npy::Array::from_memref(&m).unwrap())).unwrap();
    assert_eq!(back.into_memref().elements().unwrap()[0].as_f64(), 3.140625);
}

const SRC: &str = r#"
func.func @scalars(%a: f16, %b: bf16, %x: f32) -> (f16, bf16, f16, bf16, f32, i16) {
  %0 = arith.mulf %a, %a : f16
  %1 = arith.addf %b, %b : bf16
  %2 = arith.truncf %x : f32 to f16
  %3 = arith.truncf %x : f32 to bf16
  %4 = arith.extf %a : f16 to f32
  %5 = arith.bitcast %a : f16 to i16
  return %0, %1, %2, %3, %4, %5 : f16, bf16, f16, bf16, f32, i16
}
func.func @scale(%m: memref<4xf16>, %n: memref<4xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %k = arith.constant 3.0 : f16
  %kb = arith.constant 3.0 : bf16
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %m[%i] : memref<4xf16>
    %w = arith.mulf %v, %k : f16
    memref.store %w, %m[%i] : memref<4xf16>
    %u = memref.load %n[%i] : memref<4xbf16>
    %z = arith.mulf %u, %kb : bf16
    memref.store %z, %n[%i] : memref<4xbf16>
  }
  return
}
func.func @upward(%x: f32) -> f16 {
  %0 = arith.truncf %x upward : f32 to f16
  return %0 : f16
}
"#;

fn lowered(ctx: &Context) -> Module<'_> {
    let mut module = parse_source(ctx, SRC, "half.mlir", &ParseOptions::default()).expect("parses");
    let mut registry = PassRegistry::new();
    pto_mlir::tools::opt::register_all_passes(&mut registry);
    let pm = parse_pipeline("builtin.module(lower-to-llvm)", &registry).expect("pipeline");
    assert!(
        pm.run_on_module(ctx, &mut module, &RunOptions::default(), None)
            .success
    );
    module
}

/// Bits of the 16-bit floats and integers, values of the rest.
fn bits(v: &Value) -> String {
    match v {
        Value::F16(b) => format!("f16 {b:#06x}"),
        Value::BF16(b) => format!("bf16 {b:#06x}"),
        Value::MemRef(m) => m
            .elements()
            .unwrap()
            .iter()
            .map(bits)
            .collect::<Vec<_>>()
            .join(", "),
        v => v.to_string(),
    }
}

#[test]
fn scalars_and_memrefs_agree_with_the_jit() {
    let ctx = context();
    let source = parse_source(&ctx, SRC, "half.mlir", &ParseOptions::default()).expect("parses");
    let interp = Interpreter::new(&ctx, &source.body, Semantics::standard());
    let module = lowered(&ctx);
    let engine = Engine::new(&ctx, &module, 2).expect("compiles");
    let sig = |t: &str| Signature::of_function_type(parse_type_str(&ctx, t).unwrap()).unwrap();
    // 1.5 * 1.5 = 2.25 (0x4080); bf16 3.140625 doubled (0x40c9); 0.1 rounded.
    let args = [Value::F16(0x3e00), Value::BF16(0x4049), Value::F32(0.1)];
    let expected = "f16 0x4080; bf16 0x40c9; f16 0x2e66; bf16 0x3dcd; 1.5; 15872";
    let s = sig("(f16, bf16, f32) -> (f16, bf16, f16, bf16, f32, i16)");
    for results in [
        interp
            .call("scalars", &args)
            .map_err(|d| d.message)
            .unwrap(),
        engine.call("scalars", &s, &args).unwrap(),
    ] {
        assert_eq!(
            results.iter().map(bits).collect::<Vec<_>>().join("; "),
            expected
        );
    }
    // Memrefs written in place: [1, -2, 65504 (overflows to inf), 2^-24 (to 3 * 2^-24)].
    let s = sig("(memref<4xf16>, memref<4xbf16>) -> ()");
    let mut outs = Vec::new();
    for compiled in [false, true] {
        let m = MemRef::from_buffer(
            Buffer::F16(vec![0x3c00, 0xc000, 0x7bff, 0x0001]),
            Elem::F16,
            &[4],
        );
        let n = MemRef::from_buffer(
            Buffer::BF16(vec![0x3f80, 0xc020, 0x7f7f, 0x0001]),
            Elem::BF16,
            &[4],
        );
        let args = [Value::MemRef(m), Value::MemRef(n)];
        if compiled {
            engine.call("scale", &s, &args).unwrap();
        } else {
            interp.call("scale", &args).map_err(|d| d.message).unwrap();
        }
        outs.push(args.iter().map(bits).collect::<Vec<_>>().join("; "));
    }
    assert_eq!(
        outs[0],
        "f16 0x4200, f16 0xc600, f16 0x7c00, f16 0x0003; bf16 0x4040, bf16 0xc0f0, bf16 0x7f80, bf16 0x0003"
    );
    assert_eq!(outs[0], outs[1]);
}

#[test]
fn unsupported_rounding_modes_are_errors() {
    let ctx = context();
    let source = parse_source(&ctx, SRC, "half.mlir", &ParseOptions::default()).expect("parses");
    let interp = Interpreter::new(&ctx, &source.body, Semantics::standard());
    let e = interp.call("upward", &[Value::F32(0.1)]).unwrap_err();
    assert!(e.message.contains("to_nearest_even"), "{}", e.message);
}
