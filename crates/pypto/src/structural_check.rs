//! `pypto-structural-equal{file=...}`: checks that the input is structurally equal
//! (`structural.rs`: names and spans ignored, definitions mapped) to the program in
//! another file, as PyPTO's `assert_structural_equal`; the first difference is an error
//! at the input's op with a note at the other file's. The IR is not changed.

use pto_ir::{Context, Diagnostic};
use pto_parser::{parse_source, ParseOptions};
use pto_pass::{Pass, PassTarget};

use super::structural::structural_equal_regions;
use pto_ir::builtin;

impl Pass for crate::PyPTOStructuralEqual {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let fail = |m: String| Diagnostic::error(target.loc, m);
        if self.options.file.is_empty() {
            return Err(fail("pypto-structural-equal needs file=<path>".into()));
        }
        let text = std::fs::read_to_string(&self.options.file)
            .map_err(|e| fail(format!("cannot read '{}': {e}", self.options.file)))?;
        let other = parse_source(ctx, &text, &self.options.file, &ParseOptions::default())?;
        let top: Vec<_> = other.body.block_ops(other.block).collect();
        let (body, regions) = match top[..] {
            [m] if other.body.op_name(m).as_str() == builtin::ModuleOp::NAME => {
                let nested = other.body.nested(m).expect("a module is isolated");
                (nested, other.body.regions_of(m).to_vec())
            }
            _ => (&other.body, other.body.root_regions()),
        };
        let mine = target.body.root_regions();
        structural_equal_regions(target.body, &mine, body, &regions).map_err(|m| {
            let d = Diagnostic::error(
                m.lhs.unwrap_or(target.loc),
                format!("not structurally equal to '{}': {m}", self.options.file),
            );
            match m.rhs {
                Some(l) => d.with_note(l, "the other program differs here"),
                None => d,
            }
        })
    }
}
