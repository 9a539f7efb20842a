//! `pto-translate`: translates MLIR to other formats and other formats to MLIR.

fn main() {
    pto_tools::opt::init_logging();
    let args: Vec<String> = std::env::args().collect();
    let code =
        pto_ir::threads::run_with_stack(|| pto_tools::translate::main(&pto_mlir::registry(), args));
    std::process::exit(code);
}
