//! Compiles `src/shim.cpp`: the few IRBuilder entry points LLVM's C API lacks.

use std::path::PathBuf;

fn main() {
    let prefix = std::env::var("LLVM_SYS_221_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    println!("cargo:rerun-if-env-changed=LLVM_SYS_221_PREFIX");
    build_llvm_shim(&PathBuf::from(prefix).join("include"));
}

fn build_llvm_shim(llvm_include: &std::path::Path) {
    println!("cargo:rerun-if-changed=src/shim.cpp");
    cc::Build::new()
        .cpp(true)
        .file("src/shim.cpp")
        .include(llvm_include)
        .flag("-std=c++17")
        .flag("-fno-rtti")
        .flag("-fno-exceptions")
        .warnings(false)
        .compile("pto_llvm_shim");
}
