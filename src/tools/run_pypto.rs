//! `pto-run` on PyPTO-level IR: the entry's signature as the user sees it (tensor
//! parameters from `.npy` files, scalars from numbers, returned tensors written with
//! `--out`, returned scalars printed), mapped onto the lowered function through its
//! `pypto.result_args` (see `conversion::pypto_block_to_pto`).

use crate::conversion::pypto_block_to_pto::RESULT_ARGS_ATTR;
use crate::dialects::pypto::types::Shaped;
use crate::interp::value::MemRef;
use crate::interp::{Elem, Value};
use crate::ir::{Body, Type};
use crate::syntax::parser::Module;

/// What lowers PyPTO IR to the `pto` dialect: to SSA form (a program that reassigns
/// variables), tensor ops to tiles, tiles to `pto`.
pub const PYPTO_PIPELINE: &str =
    "func.func(pypto-convert-to-ssa),pypto-tensor-to-block,pypto-block-to-pto";

/// Whether the file has `pypto` ops or types.
pub fn has_pypto(body: &Body<'_>) -> bool {
    body.all_ops().into_iter().any(|op| {
        body.op_name(op).dialect() == "pypto"
            || body
                .attr(op, "function_type")
                .and_then(|a| a.as_type())
                .and_then(|t| t.function_signature())
                .is_some_and(|(i, r)| i.iter().chain(r).any(|&t| is_pypto_type(t)))
            || body.nested(op).is_some_and(has_pypto)
    })
}

fn is_pypto_type(t: Type<'_>) -> bool {
    t.dialect_type().is_some_and(|(d, _)| d.dialect == "pypto")
}

/// The entry function's PyPTO signature, read before lowering.
#[derive(Clone, Debug)]
pub struct PyptoEntry<'c> {
    /// Parameter types.
    pub params: Vec<Type<'c>>,
    /// Result types.
    pub results: Vec<Type<'c>>,
}

impl<'c> PyptoEntry<'c> {
    /// The signature of `name` in `module`.
    pub fn of(module: &Module<'c>, name: &str) -> Option<Self> {
        let (body, op) = super::run::find_function(&module.body, module.block, name)?;
        let (i, r) = body
            .attr(op, "function_type")?
            .as_type()?
            .function_signature()?;
        Some(PyptoEntry {
            params: i.to_vec(),
            results: r.to_vec(),
        })
    }

    /// The shape `.npy` data for parameter `i` must have, if it is a tensor.
    pub fn param_shape(&self, i: usize) -> Option<Vec<i64>> {
        Shaped::of(*self.params.get(i)?)?.static_shape()
    }
}

/// Where the lowered entry keeps each result: a parameter index, or `None` for a
/// scalar result.
pub fn result_args(module: &Module<'_>, name: &str) -> Result<Vec<Option<usize>>, String> {
    let (body, op) = super::run::find_function(&module.body, module.block, name)
        .ok_or_else(|| format!("no function named '@{name}'"))?;
    let slots = body
        .attr(op, RESULT_ARGS_ATTR)
        .and_then(|a| a.as_array())
        .ok_or_else(|| {
            format!("'@{name}' was not lowered by pypto-block-to-pto (no {RESULT_ARGS_ATTR})")
        })?;
    Ok(slots
        .iter()
        .map(|a| a.as_int().and_then(|i| usize::try_from(i).ok()))
        .collect())
}

/// A zeroed buffer for the returned tensor of type `t`, flattened (as a `!pto.ptr`
/// parameter takes it), and its shape.
pub fn out_buffer(t: Type<'_>) -> Result<(Value, Vec<i64>), String> {
    let s = Shaped::of(t).ok_or_else(|| format!("result type {t} is not a tensor"))?;
    let shape = s
        .static_shape()
        .ok_or_else(|| format!("result type {t} has no static shape"))?;
    let elem = Elem::of(s.dtype).ok_or_else(|| format!("unsupported dtype in {t}"))?;
    let n: i64 = shape.iter().product();
    Ok((Value::MemRef(MemRef::alloc(elem, &[n])), shape))
}
