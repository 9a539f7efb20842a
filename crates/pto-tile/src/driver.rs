//! What the `pto` dialect adds to the tools ([`register`]): the dialect and its passes,
//! its lowering to loops for `pto-run`, the `--pto-arch` option (PTOAS's rule for the
//! target the parser reads types for), and the entry ABI of kernels whose `!pto.ptr`
//! parameters take whole arrays.

use pto_interp::abi::{EntryAbi, EntryAbiProvider};
use pto_ir::module::Module;
use pto_ir::Context;
use pto_pass::registry::{
    DriverExtension, DriverOption, DriverValues, Lowering, LoweringGoal, LoweringTarget,
};
use pto_pass::Registry;

use crate::arch::{set_parser_arch, ParserArch};

/// Adds the `pto` dialect, its passes, its lowering, `--pto-arch` and its entry ABI to a
/// tool.
pub fn register(registry: &mut Registry) {
    registry
        .dialects(crate::DIALECTS)
        .passes_from(crate::register_passes)
        .lowering(Lowering {
            name: "pto-to-loops",
            dialects: &["pto"],
            produces: &["scf", "arith", "memref", "math", "vector", "func", "affine"],
            goals: &[LoweringGoal::Interpret, LoweringGoal::Compile],
            pipeline: lowering_pipeline,
        })
        .extension(&PtoArch)
        .add(EntryAbiProvider {
            dialect: crate::DIALECT.name,
            capture: PointerAbi::capture,
        });
}

/// Tiles get addresses in their spaces' arenas, then become loops for the host's
/// vector width (`!pto.ptr` parameters become `memref<?xT>`); compiled, their
/// transcendental functions become polynomials, as on the vector units (libm's `expf`
/// is a call LLVM cannot vectorize); interpreted, the `math` ops stay exact, so that the
/// interpreter checks the polynomials instead of repeating them.
pub fn lowering_pipeline(target: &LoweringTarget) -> String {
    let loops = format!(
        "pto-plan-memory,convert-pto-to-loops{{vector-bits={}}}",
        target.vector_bits
    );
    match target.goal {
        LoweringGoal::Interpret => loops,
        LoweringGoal::Compile => format!("{loops},math-polynomial-approximation"),
    }
}

/// `--pto-arch=a3|a5`: the target the parser reads types for (the layout of `left`
/// tiles, the A5 rules of cross-core sync), as `ptoas` takes it; default: the input's
/// `pto.target_arch`, else A3. The module records the flag, so the output reads back
/// the same.
pub struct PtoArch;

const PTO_ARCH: &str = "pto-arch";

impl PtoArch {
    fn flag(values: &DriverValues) -> Result<Option<ParserArch>, String> {
        match values.get(PTO_ARCH) {
            None => Ok(None),
            Some(a) => ParserArch::parse_flag(a)
                .map(Some)
                .ok_or_else(|| format!("invalid --pto-arch '{a}' (expected a3 or a5)")),
        }
    }
}

impl DriverExtension for PtoArch {
    fn options(&self) -> &'static [DriverOption] {
        &[DriverOption {
            name: PTO_ARCH,
            help: "Target architecture the pto parser reads types for (a3 or a5; default: the input's pto.target_arch, else a3)",
            values: &["a3", "a5"],
        }]
    }

    fn before_parse(
        &self,
        ctx: &mut Context,
        values: &DriverValues,
        text: &str,
    ) -> Result<(), String> {
        if ctx.dialect(crate::DIALECT.name).is_some() {
            let arch = ParserArch::for_text(Self::flag(values)?, text);
            set_parser_arch(ctx, Some(arch));
        }
        Ok(())
    }

    fn after_parse<'c>(
        &self,
        ctx: &'c Context,
        values: &DriverValues,
        module: &mut Module<'c>,
    ) -> Result<(), String> {
        let (Some(arch), Some(top)) = (Self::flag(values)?, module.top_op()) else {
            return Ok(());
        };
        if pto_ir::builtin::ModuleOp::from_op(&module.body, top).is_some() {
            let attrs = ctx.dict_with(
                Some(module.body.op_attrs(top)),
                "pto.target_arch",
                Some(ctx.string_attr(arch.name())),
            );
            module.body.set_op_attrs(top, attrs);
        }
        Ok(())
    }
}

/// A kernel's `!pto.ptr<T>` parameters take the data of a whole array (any shape,
/// flattened); `--save-arg` and `--expect-arg` see it in its original shape.
pub struct PointerAbi {
    pointers: Vec<bool>,
}

impl PointerAbi {
    /// The ABI of `entry` in `module`, before the `pto` lowering.
    pub fn capture<'c>(module: &Module<'c>, entry: &str) -> Option<Box<dyn EntryAbi<'c> + 'c>> {
        let (body, op) = pto_dialects::func::find_function(&module.body, module.block, entry)?;
        let (inputs, _) = pto_dialects::func::function_type(body, op)?;
        let pointers: Vec<bool> = inputs
            .iter()
            .map(|t| crate::PtrType::from_type(*t).is_some())
            .collect();
        pointers
            .contains(&true)
            .then(|| Box::new(PointerAbi { pointers }) as Box<dyn EntryAbi<'c> + 'c>)
    }
}

impl EntryAbi<'_> for PointerAbi {
    fn flattened(&self, i: usize) -> bool {
        self.pointers.get(i).copied().unwrap_or(false)
    }
}
