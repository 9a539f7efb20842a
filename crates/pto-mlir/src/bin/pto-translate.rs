//! `pto-translate`: translates MLIR to other formats and other formats to MLIR.

fn main() {
    pto_tools::opt::init_logging();
    let code = pto_tools::translate::main(&pto_mlir::registry(), std::env::args());
    std::process::exit(code);
}
