//! PTO-WSP's `.pto` workload text (upstream's `ir/parser.cpp` and its printers):
//! `pto-translate --import-wsp` reads it into the `wsp` dialect, `--export-wsp`
//! writes it back; export -> import -> export is a fixed point.
//!
//! ```text
//! module "attn" version "9.0" target "cpu_sim"
//! @workload attention(%batch: dense_dyn(batch), %heads: dense[8]) {
//!   parallel_for b in dense_dyn(batch) {
//!     parallel_for h in dense[8] {
//!       task @attn_kernel(b, h) resources(Q, K, V, O)
//!     }
//!   }
//! }
//! @schedule s for attention {
//!   dispatch = round_robin(4)
//! }
//! ```

mod ast;
mod export;
mod import;
mod lex;
mod parse;

pub use export::export_wsp;
pub use import::import_wsp;

use pto_pass::registry::{DriverOption, Exporter, Importer};
use pto_pass::Registry;

/// The driver option choosing the type errors' layout.
pub const ERROR_FORMAT: &str = "wsp-error-format";

/// A `.pto` file is PTO-WSP workload text (not a PTOAS tile kernel in MLIR) when it
/// has a `@workload`, `@schedule` or `module "..."` header.
pub fn is_wsp_text(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with("@workload")
            || l.starts_with("@schedule")
            || l.starts_with("// PTO Module:")
            || (l.starts_with("module \"") && !l.contains('{'))
    })
}

/// Registers the importer and exporter of `.pto` workload text.
pub fn register(registry: &mut Registry) {
    registry
        .importer(Importer {
            name: "import-wsp",
            description: "Translate PTO-WSP workload text (.pto: @workload, @schedule) to the wsp dialect",
            extensions: &[],
            sniff: Some(is_wsp_text),
            options: &[DriverOption {
                name: ERROR_FORMAT,
                help: "How type errors of PTO-WSP programs are written: mlir (diagnostics) or seed (the seed's TypeError layout)",
                values: &["mlir", "seed"],
                short: None,
                repeated: false,
            }],
            run: |ctx, text, file, values| {
                let seed = values.get(ERROR_FORMAT) == Some("seed");
                import_wsp(ctx, text, file, seed)
            },
        })
        .exporter(Exporter {
            name: "export-wsp",
            description: "Translate the wsp dialect to PTO-WSP workload text (.pto)",
            options: &[],
            run: |ctx, module, _| export_wsp(ctx, module).map(String::into_bytes),
        });
}
