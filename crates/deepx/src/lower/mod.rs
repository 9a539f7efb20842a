//! DeepX to native code: `deepx-inline` (calls copied in), `deepx-specialize` (a
//! function bound to its arguments: dimension variables to the arrays' sizes, scalar
//! and list parameters to their values, the shapes of what it writes inferred) and
//! `convert-deepx-to-pypto` (write lists to SSA values, ops to `pypto` tensor ops),
//! after which PyPTO's own lowering takes over. [`lowering`] is that chain as `pto-run`
//! runs it, with the arguments of the command line; [`capture`] the entry ABI: list and
//! string parameters are compiled in, not passed.

pub mod inline;
pub mod specialize;
pub mod to_pypto;

use rustc_hash::FxHashMap;

use pto_interp::abi::EntryAbi;
use pto_ir::module::Module;
use pto_ir::{Body, Context, Type, ValueId};
use pto_pass::registry::LoweringTarget;

use crate::types::{list_element, Dim, TensorInfo};
use crate::FuncOp;

/// The pipeline of the `deepx-to-pypto` lowering for `target`: the entry specialized
/// to the arguments `pto-run` was given.
pub fn lowering(target: &LoweringTarget) -> String {
    let args: Vec<String> = target.args.iter().map(specialize::encode_arg).collect();
    let e = &target.entry;
    format!(
        "deepx-inline,symbol-privatize{{exclude={e}}},symbol-dce,\
         deepx-specialize{{entry={e} args=\"{}\"}},convert-deepx-to-pypto",
        args.join(";")
    )
}

/// `'{callee}'`'s dimension variables bound by an argument of type `actual` passed for
/// a parameter of type `declared`.
pub(crate) fn bind_dims(declared: Type<'_>, actual: Type<'_>, dims: &mut FxHashMap<u32, Dim>) {
    let (Some(d), Some(a)) = (TensorInfo::of(declared), TensorInfo::of(actual)) else {
        return;
    };
    let (Some(ds), Some(as_)) = (d.shape, a.shape) else {
        return;
    };
    if ds.len() != as_.len() {
        return;
    }
    for (x, y) in ds.iter().zip(&as_) {
        if let Dim::Var(n) = x {
            if *y != Dim::Any {
                dims.entry(*n).or_insert(*y);
            }
        }
    }
}

/// The largest dimension variable of the values of `body` (0 if none).
pub(crate) fn max_var(body: &Body<'_>) -> u32 {
    let mut m = 0;
    for op in body.all_ops() {
        let vals: Vec<ValueId> = (0..body.num_results(op))
            .map(|i| body.result(op, i))
            .collect();
        for v in vals {
            if let Some(s) = TensorInfo::of(body.value_type(v)).and_then(|i| i.shape) {
                for d in s {
                    if let Dim::Var(n) = d {
                        m = m.max(n);
                    }
                }
            }
        }
    }
    if let Some(b) = body.root_entry_block() {
        for &a in body.block_args(b) {
            if let Some(s) = TensorInfo::of(body.value_type(a)).and_then(|i| i.shape) {
                for d in s {
                    if let Dim::Var(n) = d {
                        m = m.max(n);
                    }
                }
            }
        }
    }
    m
}

/// `t` with its dimension variables replaced as `dims` says.
pub(crate) fn substitute<'c>(
    ctx: &'c Context,
    t: Type<'c>,
    dims: &FxHashMap<u32, Dim>,
) -> Type<'c> {
    if let Some(mut info) = TensorInfo::of(t) {
        if let Some(s) = &mut info.shape {
            for d in s.iter_mut() {
                if let Dim::Var(n) = d {
                    if let Some(&x) = dims.get(n) {
                        *d = x;
                    }
                }
            }
        }
        return info.build(ctx);
    }
    if let Some(e) = list_element(t) {
        return crate::types::list_of(ctx, substitute(ctx, e, dims));
    }
    t
}

/// The entry ABI of a DeepX function: parameters that are lists or strings are
/// specialized into the code, so their command-line arguments are not passed.
struct DeepXAbi {
    reads: usize,
    consumed: Vec<bool>,
}

impl<'c> EntryAbi<'c> for DeepXAbi {
    fn arity(&self) -> Option<usize> {
        Some(self.reads)
    }
    fn consumed(&self, i: usize) -> bool {
        self.consumed.get(i).copied().unwrap_or(false)
    }
}

/// The ABI of entry `entry` if it is a `deepx.func` of `module`.
pub fn capture<'c>(module: &Module<'c>, entry: &str) -> Option<Box<dyn EntryAbi<'c> + 'c>> {
    let top = module.body.block_ops(module.block).next()?;
    let body = module.body.region_body(top);
    let block = body.entry_block(*module.body.regions_of(top).first()?)?;
    let f = body.block_ops(block).find(|&op| {
        FuncOp::from_op(body, op)
            .is_some_and(|f| f.sym_name(body).and_then(|a| a.as_str()) == Some(entry))
    })?;
    let (reads, _) = FuncOp(f).signature(body)?;
    Some(Box::new(DeepXAbi {
        reads: reads.len(),
        consumed: reads.iter().map(|&t| !to_pypto::passed(t)).collect(),
    }))
}
