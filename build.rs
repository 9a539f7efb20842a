//! Generates the Rust of every dialect defined in `dialects/<name>/<Name>Ops.td` (ODS on
//! top of MLIR's `OpBase.td`) through `pto-ods-gen`. See `ARCHITECTURE.md`.

use std::path::PathBuf;

/// The dialects defined in ODS: (namespace, root `.td` file).
const DIALECTS: &[(&str, &str)] = &[
    ("builtin", "dialects/builtin/BuiltinOps.td"),
    ("func", "dialects/func/FuncOps.td"),
    ("arith", "dialects/arith/ArithOps.td"),
    ("cf", "dialects/cf/ControlFlowOps.td"),
    ("math", "dialects/math/MathOps.td"),
    ("ub", "dialects/ub/UBOps.td"),
    ("affine", "dialects/affine/AffineOps.td"),
    ("scf", "dialects/scf/SCFOps.td"),
    ("memref", "dialects/memref/MemRefOps.td"),
    ("vector", "dialects/vector/VectorOps.td"),
    ("llvm", "dialects/llvm/LLVMOps.td"),
    ("pto", "dialects/pto/PTOOps.td"),
    ("pypto", "dialects/pypto/PyPTOOps.td"),
    ("ptotest", "dialects/test/TestOps.td"),
];

fn main() {
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let prefix = std::env::var("TABLEGEN_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    let mlir_include = PathBuf::from(prefix).join("include");
    println!("cargo:rerun-if-changed=dialects");
    println!("cargo:rerun-if-env-changed=TABLEGEN_220_PREFIX");
    let mut failed = false;
    for (name, td) in DIALECTS {
        let cfg = pto_ods_gen::DialectGen {
            name: name.to_string(),
            td_file: PathBuf::from(td),
            include_dirs: vec![mlir_include.clone(), PathBuf::from("dialects")],
            runtime: "crate".into(),
        };
        if let Err(e) = pto_ods_gen::generate_to(&cfg, &out) {
            println!("cargo:warning={e}");
            eprintln!("error: {e}");
            failed = true;
        }
    }
    if failed {
        std::process::exit(1);
    }
    build_llvm_shim(&mlir_include);
}

/// Compiles `src/target/llvm/shim.cpp`: the few IRBuilder entry points LLVM's C API
/// lacks (multi-index extractvalue/insertvalue). Like LLVM itself, without RTTI.
fn build_llvm_shim(llvm_include: &std::path::Path) {
    println!("cargo:rerun-if-changed=src/target/llvm/shim.cpp");
    cc::Build::new()
        .cpp(true)
        .file("src/target/llvm/shim.cpp")
        .include(llvm_include)
        .flag("-std=c++17")
        .flag("-fno-rtti")
        .flag("-fno-exceptions")
        .warnings(false)
        .compile("pto_llvm_shim");
}
