//! Harp's printed IR, the only text form upstream has (its `Display` impls; it has no
//! parser): `pto-translate --export-harp-ir` writes it exactly as upstream does, and
//! `--import-harp-ir` reads it back.
//!
//! ```text
//! function add:
//! kernel main_kernel:
//!   v0 = load buf0[shape=[2, 3], map=(idx * 3) + idx]
//!   v1 = const 1
//!   v2 = Add v0, v1
//!   store buf1[shape=[2, 3], map=(idx * 3) + idx] = v2
//! ```
//!
//! Upstream's text carries no types, buffer table, launch grid or result: the
//! importer takes `f32` for loads and for constants no use types otherwise, sizes
//! each buffer to the elements its views reach, takes the buffers read before any
//! kernel writes them as the arguments (by id) and the last buffer written and not
//! read again as the result, launches each kernel over its views' shape, and plans
//! the arena. What upstream's IR cannot say is written as extensions of the same
//! style: a view's `+ offset` and `, valid=[lo:hi, ...]`, `Cast vA as i32`,
//! `Where vC, vA, vB`, `Uniform [...] seed 7`, and reductions as an indented block
//! (`v3 = reduce Sum [64]:` ... `yield v5`).

mod export;
mod import;
mod parse;

pub use export::export_harp_ir;
pub use import::import_harp_ir;

use pto_pass::registry::{Exporter, Importer};
use pto_pass::Registry;

/// Registers the importer and exporter of Harp's printed IR.
pub fn register(registry: &mut Registry) {
    registry
        .importer(Importer {
            name: "import-harp-ir",
            description:
                "Translate Harp's printed IR (function/kernel/vN = ...) to the harp dialect",
            extensions: &[".harp"],
            sniff: None,
            options: &[],
            run: |ctx, text, file, _| import_harp_ir(ctx, text, file),
        })
        .exporter(Exporter {
            name: "export-harp-ir",
            description: "Translate the harp dialect to Harp's printed IR",
            options: &[],
            run: |ctx, module, _| export_harp_ir(ctx, module).map(String::into_bytes),
        });
}
