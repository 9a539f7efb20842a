//! DeepX's own text: the seed's deepxir form and dxlang's, read into the `deepx`
//! dialect ([`import`], `pto-translate --import-deepx`, and `.dx` files given to
//! `pto-run`) and written back in the seed's form ([`export`], `--export-deepx`).

pub mod ast;
pub mod export;
pub mod import;
pub mod parse;

pub use export::export_deepx;
pub use import::import_deepx;

use pto_pass::registry::{Exporter, Importer};
use pto_pass::Registry;

/// Adds `--import-deepx` (and `.dx` files) and `--export-deepx` to a tool.
pub fn register(registry: &mut Registry) {
    registry
        .importer(Importer {
            name: "import-deepx",
            description: "Translate DeepX IR text (deepxir, dxlang) to the deepx dialect",
            extensions: &[".dx", ".deepx"],
            sniff: None,
            options: &[],
            run: |ctx, text, file, _| import_deepx(ctx, text, file),
        })
        .exporter(Exporter {
            name: "export-deepx",
            description: "Translate the deepx dialect to DeepX IR text (the deepxir form)",
            options: &[],
            run: |ctx, module, _| export_deepx(ctx, module).map(String::into_bytes),
        });
}
