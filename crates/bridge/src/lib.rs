//! `pto-bridge`, the bridge to real MLIR through melior: a module of ours goes to MLIR as
//! text in MLIR's own syntax (which `pto-ir` prints exactly) and comes back as MLIR's
//! generic form ([`to_mlir`], [`to_mlir_with`], [`from_mlir`]). Real MLIR is the oracle
//! of the compatibility tests (round trips, and the messages of our verifier); embedders
//! use the bridge to run upstream passes on IR built here.

#![warn(missing_docs)]

use std::cell::RefCell;
use std::rc::Rc;

use melior::ir::operation::{OperationLike, OperationPrintingFlags};

use pto_ir::printer::{print_module, PrintOptions};
use pto_ir::{Context, Diagnostic};
use pto_parser::{parse_source, Module, ParseOptions};

/// A real MLIR context with every upstream dialect registered and loaded.
pub fn mlir_context() -> melior::Context {
    let registry = melior::dialect::DialectRegistry::new();
    melior::utility::register_all_dialects(&registry);
    let ctx = melior::Context::new();
    ctx.append_dialect_registry(&registry);
    ctx.load_all_available_dialects();
    ctx
}

/// Runs `f` with MLIR's diagnostics collected as text (`loc: message`, notes indented).
fn collecting<T>(mctx: &melior::Context, f: impl FnOnce() -> T) -> (T, Vec<String>) {
    let seen: Rc<RefCell<Vec<String>>> = Rc::default();
    let sink = seen.clone();
    let id = mctx.attach_diagnostic_handler(move |d| {
        let mut text = format!("{}: {}", d.location(), d);
        for i in 0..d.note_count() {
            if let Ok(n) = d.note(i) {
                text.push_str(&format!("\n  note: {}: {}", n.location(), n));
            }
        }
        sink.borrow_mut().push(text);
        true
    });
    let out = f();
    mctx.detach_diagnostic_handler(id);
    let msgs = seen.borrow().clone();
    (out, msgs)
}

/// Hands `module` to real MLIR: prints it, parses it in `mctx` and verifies it there.
/// On failure returns MLIR's diagnostics.
pub fn to_mlir<'m>(
    mctx: &'m melior::Context,
    module: &Module<'_>,
) -> Result<melior::ir::Module<'m>, Vec<String>> {
    to_mlir_with(mctx, module, &PrintOptions::default())
}

/// [`to_mlir`] with the text printed under `opts`: the generic form (`generic: true`)
/// carries IR that its custom form cannot state, such as invalid IR, as MLIR itself
/// prints it when verification fails.
pub fn to_mlir_with<'m>(
    mctx: &'m melior::Context,
    module: &Module<'_>,
    opts: &PrintOptions,
) -> Result<melior::ir::Module<'m>, Vec<String>> {
    let text = print_module(module, opts);
    let (parsed, mut msgs) = collecting(mctx, || melior::ir::Module::parse(mctx, &text));
    let Some(m) = parsed else {
        msgs.insert(0, "MLIR could not parse the module".into());
        return Err(msgs);
    };
    let (ok, msgs) = collecting(mctx, || m.as_operation().verify());
    if !ok {
        return Err(msgs);
    }
    Ok(m)
}

/// Brings a real MLIR module into `ctx`, through MLIR's generic form.
pub fn from_mlir<'c>(
    ctx: &'c Context,
    module: &melior::ir::Module<'_>,
) -> Result<Module<'c>, Diagnostic<'c>> {
    let text = module
        .as_operation()
        .to_string_with_flags(OperationPrintingFlags::new().print_generic_operation_form())
        .map_err(|e| Diagnostic::error(ctx.unknown_loc(), format!("MLIR printing failed: {e}")))?;
    parse_source(ctx, &text, "<mlir>", &ParseOptions::default())
}

/// MLIR's own printing of `module` (custom form), to compare with ours.
pub fn mlir_text(module: &melior::ir::Module<'_>) -> String {
    module.as_operation().to_string()
}
