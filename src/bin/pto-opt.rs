//! `pto-opt`: the modular optimizer driver.

fn main() {
    pto_mlir::tools::opt::init_logging();
    let code = pto_mlir::tools::opt::run(
        "pto-opt",
        pto_mlir::tools::opt::register_all_dialects,
        std::env::args(),
    );
    std::process::exit(code);
}
