//! `standalone-run`: pto-run's driver over the same dialects, with the interpreter's
//! semantics: a function using the `standalone` dialect is lowered (its lowering, then
//! the upstream ones) and interpreted or JIT-compiled.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let code = pto_ir::threads::run_with_stack(|| {
        let mut registry = pto_pass::Registry::new();
        pto_dialects::register(&mut registry);
        pto_transforms::register(&mut registry);
        pto_conversion::register(&mut registry);
        pto_interp::register(&mut registry);
        standalone::register(&mut registry);
        pto_tools::opt::init_logging();
        pto_tools::run::main(&registry, args)
    });
    std::process::exit(code);
}
