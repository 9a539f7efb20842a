//! `symbol-privatize`: makes every symbol defined directly in the anchor's regions private
//! (MLIR's `SymbolPrivatize`), except the symbols named in the `exclude` option. Symbols
//! nested deeper (in a nested module) keep their visibility.

use pto_ir::symbol_table::{is_symbol, set_symbol_visibility, symbol_name, Visibility};
use pto_ir::{Context, Diagnostic, OpId};
use pto_pass::{Pass, PassTarget};

impl Pass for crate::SymbolPrivatize {
    /// MLIR's form: a list in braces, left out when empty (mlir-opt then still prints an
    /// empty `{}` after the pass name, which the pipeline printer here does not).
    fn options_text(&self) -> String {
        if self.options.exclude.is_empty() {
            String::new()
        } else {
            format!("exclude={{{}}}", self.options.exclude.join(","))
        }
    }
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let body = &mut *target.body;
        let mut symbols: Vec<OpId> = Vec::new();
        for r in body.root_regions() {
            for b in body.region_blocks(r) {
                symbols.extend(body.block_ops(b).filter(|&o| is_symbol(body, o)));
            }
        }
        for op in symbols {
            let excluded =
                symbol_name(body, op).is_some_and(|n| self.options.exclude.iter().any(|e| e == n));
            if !excluded {
                set_symbol_visibility(ctx, body, op, Visibility::Private);
            }
        }
        Ok(())
    }
}
