//! `pto-run`: runs a function of an IR file (or of a program a front end reads) on inputs.

fn main() {
    pto_tools::opt::init_logging();
    let args: Vec<String> = std::env::args().collect();
    let code =
        pto_ir::threads::run_with_stack(|| pto_tools::run::main(&pto_mlir::registry(), args));
    std::process::exit(code);
}
