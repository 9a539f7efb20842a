//! `pto-opt`: the modular optimizer driver.

fn main() {
    pto_tools::opt::init_logging();
    let args: Vec<String> = std::env::args().collect();
    let code = pto_ir::threads::run_with_stack(|| {
        pto_tools::opt::main("pto-opt", &pto_mlir::test_registry(), args)
    });
    std::process::exit(code);
}
