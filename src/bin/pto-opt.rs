//! `pto-opt`: the modular optimizer driver.

fn main() {
    pto_mlir::tools::opt::init_logging();
    let code = pto_mlir::tools::opt::run("pto-opt", register, std::env::args());
    std::process::exit(code);
}

/// This crate's dialects and, for tests, the `ptotest` dialect.
fn register(ctx: &mut pto_mlir::ir::Context) {
    pto_mlir::tools::opt::register_all_dialects(ctx);
    ctx.register_dialect(&pto_mlir::dialects::ptotest::DIALECT);
}
