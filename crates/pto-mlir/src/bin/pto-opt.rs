//! `pto-opt`: the modular optimizer driver.

fn main() {
    pto_tools::opt::init_logging();
    let code = pto_tools::opt::main("pto-opt", &pto_mlir::test_registry(), std::env::args());
    std::process::exit(code);
}
