//! `pto-run`: runs a function of an IR file (or of a program a front end reads) on inputs.

fn main() {
    pto_tools::opt::init_logging();
    let code = pto_tools::run::main(&pto_mlir::registry(), std::env::args());
    std::process::exit(code);
}
