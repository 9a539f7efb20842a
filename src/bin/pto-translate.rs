//! `pto-translate`: translates MLIR to other formats (`--mlir-to-llvmir`).

fn main() {
    pto_mlir::tools::opt::init_logging();
    let code = pto_mlir::tools::translate::run(
        pto_mlir::tools::opt::register_all_dialects,
        pto_mlir::tools::translate::register_all_translations,
        std::env::args(),
    );
    std::process::exit(code);
}
