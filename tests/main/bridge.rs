//! The melior bridge, with real MLIR as the oracle: every op corpus file goes to MLIR,
//! verifies there, prints identically there, and comes back unchanged.

use pto_mlir::bridge::{from_mlir, mlir_context, mlir_text, to_mlir};
use pto_mlir::ir::Context;
use pto_mlir::syntax::parser::{parse_source, ParseOptions};
use pto_mlir::syntax::printer::{print_module, PrintOptions};

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
    pto_mlir::tools::opt::register_all_dialects(&mut ctx);
    ctx
}

#[test]
fn corpus_round_trips_through_real_mlir() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("lit-tests/dialects");
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
