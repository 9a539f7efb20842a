//! `f16` and `bf16` element data: `.npy` round trips (numpy's `<f2`, ml_dtypes'
//! `'<V2'` bfloat16, `<u2` bit patterns), and scalars and memrefs of both types run by
//! the interpreter and the JIT with the same bits.

use pto_interp::npy;
use pto_interp::{Buffer, Elem, Interpreter, MemRef, Value};
use pto_ir::Context;
use pto_llvm::{Engine, Signature};
use pto_parser::{parse_source, parse_type_str, Module, ParseOptions};
use pto_pass::{parse_pipeline, PassRegistry, RunOptions};

fn context() -> Context {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    ctx
}

fn input(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/../../lit-tests/run/Inputs/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
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
        Buffer::from_u16s(&[0x3c00, 0xc000, 0x7bff, 0x7c00]),
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
    let m = MemRef::from_buffer(Buffer::from_u16s(&[0x4049]), Elem::BF16, &[1]);
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
    pto_mlir::register_all_passes(&mut registry);
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
    let interp = Interpreter::new(&ctx, &source.body);
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
            Buffer::from_u16s(&[0x3c00, 0xc000, 0x7bff, 0x0001]),
            Elem::F16,
            &[4],
        );
        let n = MemRef::from_buffer(
            Buffer::from_u16s(&[0x3f80, 0xc020, 0x7f7f, 0x0001]),
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
    let interp = Interpreter::new(&ctx, &source.body);
    let e = interp.call("upward", &[Value::F32(0.1)]).unwrap_err();
    assert!(e.message.contains("to_nearest_even"), "{}", e.message);
}

/// A small xorshift generator (the sweep below needs no more).
struct Bits(u64);

impl Bits {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Elementwise kernels `out[i] = op(a[i], b[i])` over 16-bit floats, one function per
/// op and type; a fixed set of special values then random bit patterns (NaNs included).
fn sweep_module() -> String {
    let mut text = String::new();
    let loop_head = |name: &str, params: &str, t: &str| {
        format!(
            "func.func @{name}({params}) {{\n  %c0 = arith.constant 0 : index\n  \
             %c1 = arith.constant 1 : index\n  %n = memref.dim %out, %c0 : memref<?x{t}>\n  \
             scf.for %i = %c0 to %n step %c1 {{\n"
        )
    };
    for t in ["f16", "bf16"] {
        let two = format!("%a: memref<?x{t}>, %b: memref<?x{t}>, %out: memref<?x{t}>");
        let load = format!(
            "    %x = memref.load %a[%i] : memref<?x{t}>\n    %y = memref.load %b[%i] : memref<?x{t}>\n"
        );
        let store = format!("    memref.store %r, %out[%i] : memref<?x{t}>\n  }}\n  return\n}}\n");
        for op in [
            "arith.addf",
            "arith.subf",
            "arith.mulf",
            "arith.divf",
            "arith.remf",
            "arith.maximumf",
            "arith.minimumf",
            "arith.maxnumf",
            "arith.minnumf",
            "math.copysign",
        ] {
            let name = format!("{}_{t}", op.replace('.', "_"));
            text += &loop_head(&name, &two, t);
            text += &load;
            text += &format!("    %r = {op} %x, %y : {t}\n");
            text += &store;
        }
        for op in [
            "arith.negf",
            "math.absf",
            "math.floor",
            "math.ceil",
            "math.sqrt",
            "math.trunc",
            "math.round",
            "math.roundeven",
        ] {
            let name = format!("{}_{t}", op.replace('.', "_"));
            text += &loop_head(&name, &two, t);
            text += &load;
            text += &format!("    %r = {op} %x : {t}\n");
            text += &store;
        }
        for pred in ["oeq", "olt", "oge", "une", "uno", "ugt"] {
            text += &loop_head(&format!("cmpf_{pred}_{t}"), &two, t);
            text += &load;
            text += &format!(
                "    %c = arith.cmpf {pred}, %x, %y : {t}\n    %r = arith.select %c, %x, %y : {t}\n"
            );
            text += &store;
        }
        // Through f32 and back (exact), from f32 and f64 bits (rounded once), from i32.
        for (name, from, conv) in [
            (
                "ext_trunc",
                t,
                format!("%w = arith.extf %x : {t} to f32\n    %r = arith.truncf %w : f32 to {t}"),
            ),
            (
                "from_f32",
                "f32",
                format!("%r = arith.truncf %x : f32 to {t}"),
            ),
            (
                "from_f64",
                "f64",
                format!("%r = arith.truncf %x : f64 to {t}"),
            ),
            (
                "from_i32",
                "i32",
                format!("%r = arith.sitofp %x : i32 to {t}"),
            ),
        ] {
            let params = format!("%a: memref<?x{from}>, %out: memref<?x{t}>");
            text += &loop_head(&format!("{name}_{t}"), &params, t);
            text += &format!("    %x = memref.load %a[%i] : memref<?x{from}>\n    {conv}\n");
            text += &store;
        }
    }
    text
}

/// Equal bits, or both NaN; with `zeros`, +0 and -0 count as equal (LLVM's maxnum and
/// minnum may return either zero).
fn same(a: &Value, b: &Value, zeros: bool) -> bool {
    let (x, y) = (a.as_f64(), b.as_f64());
    match (a, b) {
        _ if x.is_nan() && y.is_nan() => true,
        _ if zeros && x == 0.0 && y == 0.0 => true,
        (Value::F16(p), Value::F16(q)) | (Value::BF16(p), Value::BF16(q)) => p == q,
        _ => false,
    }
}

/// Every 16-bit op the interpreter models, on specials and random bit patterns, against
/// the JIT at -O2 and -O0: the same bits (NaN payloads aside).
#[test]
fn sixteen_bit_ops_agree_with_the_jit() {
    let ctx = context();
    let text = sweep_module();
    let source = parse_source(&ctx, &text, "sweep.mlir", &ParseOptions::default()).expect("parses");
    let interp = Interpreter::new(&ctx, &source.body);
    let mut lowered = parse_source(&ctx, &text, "sweep.mlir", &ParseOptions::default()).unwrap();
    let mut registry = PassRegistry::new();
    pto_mlir::register_all_passes(&mut registry);
    let pm = parse_pipeline("builtin.module(lower-to-llvm)", &registry).expect("pipeline");
    assert!(
        pm.run_on_module(&ctx, &mut lowered, &RunOptions::default(), None)
            .success
    );
    let engines = [
        Engine::new(&ctx, &lowered, 2).unwrap(),
        Engine::new(&ctx, &lowered, 0).unwrap(),
    ];
    const N: usize = 2048;
    let mut rng = Bits(0x5eed_f16b_f16b_5eed);
    let specials16: [u16; 14] = [
        0, 0x8000, 1, 0x8001, 0x3c00, 0xbc00, 0x3800, 0x7bff, 0x7c00, 0xfc00, 0x7e00, 0x0400,
        0x3f80, 0x7f80,
    ];
    let bits16 = |rng: &mut Bits| -> Vec<u16> {
        (0..N)
            .map(|i| {
                if i < 64 {
                    specials16[i % 14]
                } else {
                    rng.next() as u16
                }
            })
            .collect()
    };
    let (a16, b16) = (bits16(&mut rng), {
        let mut v = bits16(&mut rng);
        v[..64].rotate_left(5);
        v
    });
    let f32s: Vec<f32> = (0..N).map(|_| f32::from_bits(rng.next() as u32)).collect();
    // Halfway cases of both formats and ordinary values as f64 too.
    let f64s: Vec<f64> = (0..N)
        .map(|i| match i % 3 {
            0 => f64::from_bits(rng.next()),
            1 => (rng.next() % 200_001) as f64 / 1000.0 - 100.0,
            _ => 1.0 + ((rng.next() % 2048) as f64 + 0.5) * 2f64.powi(-10),
        })
        .collect();
    let i32s: Vec<i64> = (0..N)
        .map(|_| (rng.next() as i32 >> (rng.next() % 31)) as i64)
        .collect();
    let names: Vec<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix("func.func @"))
        .map(|l| l[..l.find('(').unwrap()].to_string())
        .collect();
    for name in &names {
        let (t, elem) = if name.ends_with("_bf16") {
            ("bf16", Elem::BF16)
        } else {
            ("f16", Elem::F16)
        };
        let buf = Buffer::from_u16s;
        let out = || Value::MemRef(MemRef::from_buffer(buf(&[0; N]), elem, &[N as i64]));
        let (sig, inputs): (String, Vec<Value>) = if name.starts_with("from_f32") {
            let m = MemRef::from_buffer(Buffer::from_f32s(&f32s), Elem::F32, &[N as i64]);
            (
                format!("(memref<?xf32>, memref<?x{t}>) -> ()"),
                vec![Value::MemRef(m)],
            )
        } else if name.starts_with("from_f64") {
            let m = MemRef::from_buffer(Buffer::from_f64s(&f64s), Elem::F64, &[N as i64]);
            (
                format!("(memref<?xf64>, memref<?x{t}>) -> ()"),
                vec![Value::MemRef(m)],
            )
        } else if name.starts_with("from_i32") {
            let m = MemRef::from_buffer(
                Buffer::from_ints(Elem::Int(32), &i32s),
                Elem::Int(32),
                &[N as i64],
            );
            (
                format!("(memref<?xi32>, memref<?x{t}>) -> ()"),
                vec![Value::MemRef(m)],
            )
        } else if name.starts_with("ext_trunc") {
            let m = MemRef::from_buffer(buf(&a16), elem, &[N as i64]);
            (
                format!("(memref<?x{t}>, memref<?x{t}>) -> ()"),
                vec![Value::MemRef(m)],
            )
        } else {
            let a = MemRef::from_buffer(buf(&a16), elem, &[N as i64]);
            let b = MemRef::from_buffer(buf(&b16), elem, &[N as i64]);
            (
                format!("(memref<?x{t}>, memref<?x{t}>, memref<?x{t}>) -> ()"),
                vec![Value::MemRef(a), Value::MemRef(b)],
            )
        };
        let sig = Signature::of_function_type(parse_type_str(&ctx, &sig).unwrap()).unwrap();
        let run = |compiled: Option<&Engine>| -> Vec<Value> {
            let mut args = inputs.clone();
            args.push(out());
            match compiled {
                Some(e) => e.call(name, &sig, &args).unwrap(),
                None => interp.call(name, &args).map_err(|d| d.message).unwrap(),
            };
            args.last()
                .unwrap()
                .as_memref()
                .unwrap()
                .elements()
                .unwrap()
        };
        let expected = run(None);
        let zeros = name.contains("maxnumf") || name.contains("minnumf");
        for (level, e) in ["-O2", "-O0"].iter().zip(&engines) {
            let got = run(Some(e));
            for (i, (x, y)) in expected.iter().zip(&got).enumerate() {
                assert!(
                    same(x, y, zeros),
                    "@{name} {level}, element {i}: interpreted {} ({}), compiled {} ({}); inputs {:#06x}, {:#06x}",
                    bits(x), x, bits(y), y, a16[i], b16[i]
                );
            }
        }
    }
}
