//! `pto-translate`: translates MLIR to other formats (`--mlir-to-llvmir`).

fn main() {
    pto_tools::opt::init_logging();
    let code = pto_tools::translate::run(
        pto_tools::opt::register_all_dialects,
        pto_tools::translate::register_all_translations,
        std::env::args(),
    );
    std::process::exit(code);
}
