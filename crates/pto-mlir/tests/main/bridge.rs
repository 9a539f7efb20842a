//! The melior bridge, with real MLIR as the oracle: every op corpus file goes to MLIR,
//! verifies there, prints identically there, and comes back unchanged.

use pto_bridge::{from_mlir, mlir_context, mlir_text, to_mlir, to_mlir_with};
use pto_ir::printer::{print_module, PrintOptions};
use pto_ir::Context;
use pto_parser::{parse_source, ParseOptions};

/// The op corpus (files checked against mlir-opt by the lit suite).
const CORPUS: &[&str] = &[
    "arith/ops.mlir",
    "arith/cmp-cast.mlir",
    "cf/ops.mlir",
    "func/ops.mlir",
    "math/ops.mlir",
    "memref/ops.mlir",
    "scf/ops.mlir",
    "vector/ops.mlir",
    "vector/more-ops.mlir",
    "llvm/ops.mlir",
    "llvm/more-ops.mlir",
    "llvm/casts-intrinsics.mlir",
    "llvm/types.mlir",
    "llvm/intrinsics-more.mlir",
    "ub/ops.mlir",
];

fn context() -> Context {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    ctx
}

#[test]
fn corpus_round_trips_through_real_mlir() {
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("lit-tests/dialects");
    let mctx = mlir_context();
    for file in CORPUS {
        let src = std::fs::read_to_string(root.join(file)).unwrap();
        let ctx = context();
        let ours = parse_source(&ctx, &src, file, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("{file}: {}", d.message));
        let printed = print_module(&ours, &PrintOptions::default());
        let theirs = to_mlir(&mctx, &ours).unwrap_or_else(|e| panic!("{file}: {e:?}"));
        // MLIR prints the module exactly as we do.
        assert_eq!(mlir_text(&theirs).trim_end(), printed.trim_end(), "{file}");
        // And its generic form parses here into the same IR.
        let back = from_mlir(&ctx, &theirs).unwrap_or_else(|d| panic!("{file}: {}", d.message));
        assert_eq!(
            print_module(&back, &PrintOptions::default()),
            printed,
            "{file}"
        );
    }
}

#[test]
fn invalid_ir_is_rejected_by_real_mlir_with_its_diagnostic() {
    // Verified here with a lenient context (no dialects): MLIR's verifier catches it.
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    let src = r#""func.func"() <{function_type = (i32) -> i64, sym_name = "f"}> ({
^bb0(%a: i32):
  "func.return"(%a) : (i32) -> ()
}) : () -> ()
"#;
    let m = parse_source(&ctx, src, "bad.mlir", &ParseOptions::default()).unwrap();
    let mctx = mlir_context();
    let Err(errors) = to_mlir(&mctx, &m) else {
        panic!("MLIR accepted an invalid module");
    };
    assert!(
        errors
            .iter()
            .any(|e| e.contains("doesn't match function result type")),
        "{errors:?}"
    );
}

/// Invalid modules in registered dialects: our verifier rejects each with a message, and
/// real MLIR, given the same module (parsed here without verification), rejects it with
/// a diagnostic holding that message.
#[test]
fn our_verifier_errors_are_mlirs() {
    const CASES: &[&str] = &[
        // Operand and result types of a same-type op.
        r#"func.func @f(%a: i32, %b: i64) -> i32 {
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return %0 : i32
}"#,
        // Successor operands against the block's arguments.
        r#"func.func @f(%a: i32) {
  "cf.br"(%a) [^bb1] : (i32) -> ()
^bb1:
  return
}"#,
        // Index count of a load.
        r#"func.func @f(%m: memref<4x4xf32>, %i: index) -> f32 {
  %0 = "memref.load"(%m, %i) : (memref<4x4xf32>, index) -> f32
  return %0 : f32
}"#,
        // A call to a symbol that is not there.
        r#"func.func @f() {
  "func.call"() <{callee = @g}> : () -> ()
  return
}"#,
        // A use its definition does not dominate.
        r#"func.func @f(%a: i32) -> i32 {
  %0 = "arith.addi"(%1, %a) : (i32, i32) -> i32
  %1 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  return %0 : i32
}"#,
        // An scf.if with results and no else region.
        r#"func.func @f(%c: i1, %a: i32) -> i32 {
  %0 = "scf.if"(%c) ({
    "scf.yield"(%a) : (i32) -> ()
  }, {
  }) : (i1) -> i32
  return %0 : i32
}"#,
        // Successor operand types of an llvm.cond_br.
        r#"llvm.func @f(%a: i32, %c: i1) {
  "llvm.cond_br"(%c, %a)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i32) -> ()
^bb1:
  llvm.return
^bb2(%x: i64):
  llvm.return
}"#,
        // A vector extract past the source's rank.
        r#"func.func @f(%v: vector<4xf32>) -> f32 {
  %0 = "vector.extract"(%v) <{static_position = array<i64: 0, 1>}> : (vector<4xf32>) -> f32
  return %0 : f32
}"#,
    ];
    let mctx = mlir_context();
    for src in CASES {
        let ctx = context();
        let m = parse_source(&ctx, src, "bad.mlir", &ParseOptions::default())
            .unwrap_or_else(|d| panic!("{}\n{src}", d.message));
        let top = m.top_op().unwrap();
        let Err(ours) = pto_ir::verifier::verify(&ctx, &m.body, top) else {
            panic!("accepted:\n{src}");
        };
        let ours = &ours[0].message;
        let generic = PrintOptions {
            generic: true,
            ..PrintOptions::default()
        };
        let Err(errors) = to_mlir_with(&mctx, &m, &generic) else {
            panic!("MLIR accepted:\n{src}");
        };
        assert!(
            errors.iter().any(|e| e.contains(ours.as_str())),
            "ours: {ours}\nMLIR's: {errors:?}\n{src}"
        );
    }
}
