//! What the fuzz targets share: a context with every dialect that lives below the LLVM
//! back end, and the checks each target makes of one input.
//!
//! The registry is [`pto_mlir::registry`]'s without the crates that link LLVM (none of
//! them registers a dialect or a pass these targets reach), so the instrumented
//! binaries stay small and fast.

use pto_ir::printer::{print_module, PrintOptions};
use pto_ir::{verifier, Context};
use pto_parser::{parse_source, Module, ParseOptions};
use pto_pass::run::RunOptions;
use pto_pass::Registry;

/// Every dialect, pass, importer and exporter the targets use.
pub fn registry() -> Registry {
    let mut r = Registry::new();
    pto_dialects::register(&mut r);
    pto_transforms::register(&mut r);
    pto_conversion::register(&mut r);
    pto_interp::register(&mut r);
    pto_tile::register(&mut r);
    pto_pypto::register(&mut r);
    pto_pypto_python::register(&mut r);
    pto_deepx::register(&mut r);
    pto_harp::register(&mut r);
    pto_wsp::register(&mut r);
    r
}

/// A fresh context (one per input: the context's arenas only grow).
pub fn context(registry: &Registry) -> Context {
    let mut ctx = registry.context().expect("interface models attach once");
    ctx.set_allow_unregistered_dialects(true);
    ctx
}

/// Runs `f` on a thread with the drivers' stack: the parser allows nesting 1000 deep,
/// and instrumented frames are larger than the tools' release frames.
pub fn on_driver_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    pto_ir::threads::run_with_stack(f)
}

/// Parses and verifies `text` as pto-opt does; `None` if it is not valid IR.
pub fn parse_verified<'c>(ctx: &'c Context, text: &str) -> Option<Module<'c>> {
    let opts = ParseOptions {
        threads: 1,
        caller_verifies: true,
        ..ParseOptions::default()
    };
    let module = parse_source(ctx, text, "fuzz.mlir", &opts).ok()?;
    verifies(ctx, &module).then_some(module)
}

/// Whether every top-level op of `module` verifies.
pub fn verifies<'c>(ctx: &'c Context, module: &Module<'c>) -> bool {
    module
        .body
        .block_ops(module.block)
        .all(|op| verifier::verify(ctx, &module.body, op).is_ok())
}

/// The custom form of `module`, locations included (so that the IR compares whole).
pub fn custom(module: &Module<'_>) -> String {
    print_module(
        module,
        &PrintOptions {
            debuginfo: true,
            ..PrintOptions::default()
        },
    )
}

/// The custom form of `module` without locations (for round trips through another
/// text, whose locations differ).
pub fn custom_without_locations(module: &Module<'_>) -> String {
    print_module(module, &PrintOptions::default())
}

/// The generic form of `module`, locations included.
pub fn generic(module: &Module<'_>) -> String {
    print_module(
        module,
        &PrintOptions {
            generic: true,
            debuginfo: true,
            ..PrintOptions::default()
        },
    )
}

/// What printed IR must satisfy: it parses and verifies again, and prints the same.
/// `what` names the printing for the panic message.
pub fn check_reparses(ctx: &Context, printed: &str, expected_custom: &str, what: &str) {
    let Some(again) = parse_verified(ctx, printed) else {
        let err = parse_source(ctx, printed, "printed.mlir", &ParseOptions::default())
            .err()
            .map(|d| d.message)
            .unwrap_or_else(|| "it does not verify".into());
        panic!("{what} does not read back: {err}\n--- printed:\n{printed}");
    };
    let reprinted = custom(&again);
    assert_eq!(
        reprinted, expected_custom,
        "{what} reads back as different IR"
    );
}

/// Options for pipelines run on fuzz input: one thread, verified after every pass.
pub fn run_options() -> RunOptions {
    RunOptions {
        threading: false,
        ..RunOptions::default()
    }
}
