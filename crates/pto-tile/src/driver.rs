//! What the `pto` dialect adds to the tools ([`register`]): the dialect and its passes,
//! its lowering to loops for `pto-run`, the `--pto-arch` option (PTOAS's rule for the
//! target the parser reads types for), and the entry ABI of kernels whose `!pto.ptr`
//! parameters take whole arrays.

use pto_interp::abi::{EntryAbi, EntryAbiProvider};
use pto_interp::Value;
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
            short: None,
            repeated: false,
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
/// flattened); `--save-arg` and `--expect-arg` see it in its original shape. Each array
/// must hold every element the kernel's tensor views of it reach: a view's shape and
/// strides, where they are constants or the kernel's own index parameters, give that
/// extent before the call (an array too small would be read and written past its end).
pub struct PointerAbi {
    pointers: Vec<bool>,
    /// The views made of each parameter whose extent is known before the call.
    views: Vec<Vec<ViewExtent>>,
}

/// A `pto.make_tensor_view` of a pointer parameter: its shape and strides, and where
/// it is (`file:line:col`).
struct ViewExtent {
    shape: Vec<Known>,
    strides: Vec<Known>,
    at: String,
}

/// A value known before the call: a constant, or the entry's index parameter `i`.
#[derive(Clone, Copy)]
enum Known {
    Const(i128),
    Param(usize),
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
        if !pointers.contains(&true) {
            return None;
        }
        let inner = body.region_body(op);
        let params: Vec<pto_ir::ValueId> = body
            .regions_of(op)
            .first()
            .and_then(|r| inner.entry_block(*r))
            .map(|b| inner.block_args(b).to_vec())
            .unwrap_or_default();
        let known = |v: pto_ir::ValueId| -> Option<Known> {
            if let Some(c) = inner.constant_int(v) {
                return Some(Known::Const(c));
            }
            params.iter().position(|&p| p == v).map(Known::Param)
        };
        let mut views: Vec<Vec<ViewExtent>> = (0..pointers.len()).map(|_| Vec::new()).collect();
        let spec = crate::MakeTensorViewOp::spec();
        for view in inner.all_ops() {
            if inner.op_name(view).as_str() != crate::MakeTensorViewOp::NAME {
                continue;
            }
            let Some(i) = params.iter().position(|&p| p == inner.operand(view, 0)) else {
                continue;
            };
            let group = |g| -> Option<Vec<Known>> {
                pto_ir::ods::operand_group(spec, inner, view, g)
                    .iter()
                    .map(|&v| known(v))
                    .collect()
            };
            let (Some(shape), Some(strides)) = (group(1), group(2)) else {
                continue;
            };
            let at = match inner.op_loc(view).file_line_col() {
                Some((f, l, c)) => format!("{f}:{l}:{c}"),
                None => "an unknown location".into(),
            };
            views[i].push(ViewExtent { shape, strides, at });
        }
        Some(Box::new(PointerAbi { pointers, views }))
    }
}

impl ViewExtent {
    /// How many elements from the pointer on the view reaches (0 for an empty view),
    /// with the shape and strides it has for the call's `args`; `None` if a parameter
    /// is not an integer.
    fn extent(&self, args: &[Value]) -> Option<(i128, Vec<i128>, Vec<i128>)> {
        let value = |k: Known| match k {
            Known::Const(c) => Some(c),
            Known::Param(i) => match args.get(i)? {
                Value::Int { .. } => Some(args[i].sext()),
                _ => None,
            },
        };
        let shape: Vec<i128> = self
            .shape
            .iter()
            .map(|&k| value(k))
            .collect::<Option<_>>()?;
        let strides: Vec<i128> = self
            .strides
            .iter()
            .map(|&k| value(k))
            .collect::<Option<_>>()?;
        if shape.iter().any(|&d| d <= 0) {
            return Some((0, shape, strides));
        }
        let last = shape
            .iter()
            .zip(&strides)
            .try_fold(0i128, |acc, (&d, &s)| {
                acc.checked_add((d - 1).checked_mul(s.max(0))?)
            })?;
        Some((last.checked_add(1)?, shape, strides))
    }
}

impl EntryAbi<'_> for PointerAbi {
    fn flattened(&self, i: usize) -> bool {
        self.pointers.get(i).copied().unwrap_or(false)
    }

    fn complete_args(
        &self,
        args: &mut Vec<Value>,
        shapes: &mut Vec<Option<Vec<i64>>>,
    ) -> Result<(), (Option<usize>, String)> {
        for (i, views) in self.views.iter().enumerate() {
            let Some(Some(shape)) = shapes.get(i) else {
                continue;
            };
            let held: i128 = shape.iter().map(|&d| i128::from(d)).product();
            for view in views {
                let Some((need, dims, strides)) = view.extent(args) else {
                    continue;
                };
                if need > held {
                    return Err((
                        Some(i),
                        format!(
                            "holds {held} elements, but the kernel reaches {need} through its \
                             tensor view at {} (shape {dims:?}, strides {strides:?})",
                            view.at
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}
