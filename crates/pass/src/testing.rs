//! Passes for testing the pass manager itself, after the ones mlir-opt registers
//! (`TestPassManager.cpp`): one that fails, and one that leaves invalid IR behind. The
//! driver registers them so that failure handling, `--verify-each` and
//! `--mlir-print-ir-after-failure` can be tested from the command line, and compared with
//! mlir-opt.
//!
//! Their display names are the names mlir-opt shows for its test passes (the C++ class
//! names, anonymous namespace included), so IR dump headers agree line for line.

use crate::{OptionKind, OptionSpec, Pass, PassInfo, PassOptions, PassRegistry, PassTarget};
use pto_ir::builder::OpBuilder;
use pto_ir::{Context, Diagnostic, InsertPoint};

/// The registration of `test-pass-failure`.
pub static TEST_PASS_FAILURE: PassInfo = PassInfo {
    argument: "test-pass-failure",
    name: "(anonymous namespace)::TestFailurePass",
    summary: "Test a pass in the pass manager that always fails",
    anchor: None,
    options: &[],
    statistics: &[],
    create: |_: &PassOptions| Box::new(FailurePass),
};

/// Fails on every op with `illegal operation` at the op (mlir-opt's pass with
/// `gen-diagnostics`; a pass here cannot fail without saying why).
pub struct FailurePass;

impl Pass for FailurePass {
    fn run<'c>(
        &self,
        _ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        Err(Diagnostic::error(target.loc, "illegal operation"))
    }
}

/// The registration of `test-pass-create-invalid-ir`.
pub static TEST_PASS_CREATE_INVALID_IR: PassInfo = PassInfo {
    argument: "test-pass-create-invalid-ir",
    name: "(anonymous namespace)::TestInvalidIRPass",
    summary: "Test pass that adds an invalid operation in a function body",
    anchor: Some("func.func"),
    options: &[OptionSpec {
        name: "emit-invalid-ir",
        kind: OptionKind::Bool,
        default: "true",
        help: "Emit invalid IR",
    }],
    statistics: &[],
    create: |o: &PassOptions| {
        Box::new(InvalidIrPass {
            emit: o.bool("emit-invalid-ir"),
        })
    },
};

/// Inserts an `arith.constant` without its `value` attribute (at an unknown location) at
/// the start of a function's body, which the verifier rejects. mlir-opt inserts an op of
/// its test dialect instead, so the verifier's message differs.
pub struct InvalidIrPass {
    emit: bool,
}

impl Pass for InvalidIrPass {
    fn options_text(&self) -> String {
        format!("emit-invalid-ir={}", self.emit)
    }
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        if !self.emit {
            return Ok(());
        }
        let body = &mut *target.body;
        let Some(entry) = body.root_entry_block() else {
            // A declaration has no body to put the op in.
            return Ok(());
        };
        let mut b = OpBuilder::new(ctx, body);
        b.set_insertion_point(InsertPoint::BlockStart(entry));
        b.create_named(
            "arith.constant",
            ctx.unknown_loc(),
            &[],
            &[ctx.int_type(32)],
            ctx.empty_dict(),
        );
        Ok(())
    }
}

/// Registers the test passes.
pub fn register_test_passes(registry: &mut PassRegistry) {
    registry.register(&TEST_PASS_FAILURE);
    registry.register(&TEST_PASS_CREATE_INVALID_IR);
}
