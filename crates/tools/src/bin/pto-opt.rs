//! `pto-opt`: the modular optimizer driver.

fn main() {
    pto_tools::opt::init_logging();
    let code = pto_tools::opt::run("pto-opt", register, std::env::args());
    std::process::exit(code);
}

/// This crate's dialects and, for tests, the `ptotest` dialect.
fn register(ctx: &mut pto_ir::Context) {
    pto_tools::opt::register_all_dialects(ctx);
    ctx.register_dialect(&pto_tools::test_dialect::DIALECT);
}
