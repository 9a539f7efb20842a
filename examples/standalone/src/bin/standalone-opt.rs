//! `standalone-opt`: pto-opt's driver with MLIR's upstream dialects and passes and the
//! `standalone` dialect, as MLIR's `standalone-opt` is `mlir-opt` plus its dialect.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let code = pto_ir::threads::run_with_stack(|| {
        let mut registry = pto_pass::Registry::new();
        pto_dialects::register(&mut registry);
        pto_transforms::register(&mut registry);
        pto_conversion::register(&mut registry);
        standalone::register(&mut registry);
        pto_tools::opt::init_logging();
        pto_tools::opt::main("standalone-opt", &registry, args)
    });
    std::process::exit(code);
}
