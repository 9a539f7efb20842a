//! `pto-run`: runs a function of an IR file on inputs.

fn main() {
    pto_mlir::tools::opt::init_logging();
    let code = pto_mlir::tools::run::run(
        pto_mlir::tools::opt::register_all_dialects,
        std::env::args(),
    );
    std::process::exit(code);
}
