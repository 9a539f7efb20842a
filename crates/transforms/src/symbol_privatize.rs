//! `symbol-privatize`: makes every symbol defined directly in the anchor's regions private
//! (MLIR's `SymbolPrivatize`), except the symbols named in the `exclude` option. Symbols
//! nested deeper (in a nested module) keep their visibility.

use pto_ir::symbol_table::{is_symbol, set_symbol_visibility, symbol_name, Visibility};
use pto_ir::{Context, Diagnostic, OpId};
use pto_pass::{OptionKind, OptionSpec, Pass, PassInfo, PassOptions, PassTarget, StatisticSpec};

/// The registration of `symbol-privatize`.
pub static INFO: PassInfo = PassInfo {
    argument: "symbol-privatize",
    name: "SymbolPrivatize",
    summary: "Mark symbols private",
    options: &[OptionSpec {
        name: "exclude",
        kind: OptionKind::List,
        default: "",
        help: "Comma separated list of symbols that should not be marked private",
    }],
    statistics: &[] as &[StatisticSpec],
    create: |o: &PassOptions| {
        // MLIR writes a list option in braces (`exclude={a,b}`), and reads it either way.
        let text = o.string("exclude");
        let inner = text
            .strip_prefix('{')
            .and_then(|t| t.strip_suffix('}'))
            .unwrap_or(&text);
        Box::new(SymbolPrivatize {
            exclude: inner
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect(),
        })
    },
};

/// The pass, with the names it leaves alone.
pub struct SymbolPrivatize {
    exclude: Vec<String>,
}

impl Pass for SymbolPrivatize {
    /// MLIR's form: a list in braces, left out when empty (mlir-opt then still prints an
    /// empty `{}` after the pass name, which the pipeline printer here does not).
    fn options_text(&self) -> String {
        if self.exclude.is_empty() {
            String::new()
        } else {
            format!("exclude={{{}}}", self.exclude.join(","))
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
                symbol_name(body, op).is_some_and(|n| self.exclude.iter().any(|e| e == n));
            if !excluded {
                set_symbol_visibility(ctx, body, op, Visibility::Private);
            }
        }
        Ok(())
    }
}
