//! `pto-run` on PyPTO-level IR ([`PyptoAbi`], registered as an entry ABI): the entry's
//! signature as the user sees it (tensor parameters from `.npy` files, scalars from
//! numbers, returned tensors written with `--out`, returned scalars printed), mapped onto
//! the lowered function through its `pypto.result_args` (see
//! [`crate::pypto_block_to_pto`]). Symbolic dimensions (`[n, 64]`) take their sizes from
//! the arrays given: the parameters `pypto-materialize-dims` appended for them are filled
//! in, and a parameter the program declares for one (`n: pl.INT64`) must agree with the
//! arrays. [`PYPTO_PIPELINE`] is the lowering `pto-run` applies first;
//! `pto_mlir::CompiledEntry` is the same compilation as a library call (used by
//! `benches/pypto.rs`).

use std::collections::HashMap;

use pto_interp::abi::EntryAbi;
use pto_interp::value::MemRef;
use pto_interp::{Elem, Value};
use pto_ir::module::Module;
use pto_ir::Type;

use crate::dims;
use crate::pypto_block_to_pto::RESULT_ARGS_ATTR;
use crate::types::{Dim, Shaped};

/// What lowers PyPTO IR to the `pto` dialect: to SSA form (a program that reassigns
/// variables), sizes of symbolic dimensions as parameters, tensor ops to tiles, tiles
/// to `pto`.
pub const PYPTO_PIPELINE: &str = "func.func(pypto-convert-to-ssa),pypto-materialize-dims,pypto-tensor-to-block,pypto-block-to-pto";

/// The size of each symbolic dimension, by name.
pub type Sizes = HashMap<String, i64>;

/// The entry function's PyPTO signature, read before lowering.
#[derive(Clone, Debug)]
pub struct PyptoEntry<'c> {
    /// Parameter types.
    pub params: Vec<Type<'c>>,
    /// Result types.
    pub results: Vec<Type<'c>>,
    /// The dimension each parameter binds (`pypto.dim`), if any.
    pub dims: Vec<Option<String>>,
}

impl<'c> PyptoEntry<'c> {
    /// The signature of `name` in `module`.
    pub fn of(module: &Module<'c>, name: &str) -> Option<Self> {
        let (body, op) = pto_dialects::func::find_function(&module.body, module.block, name)?;
        let (i, r) = body
            .attr(op, "function_type")?
            .as_type()?
            .function_signature()?;
        let dims = dims::param_symbols(body.attr(op, "arg_attrs"), i.len())
            .into_iter()
            .map(|s| s.map(str::to_string))
            .collect();
        Some(PyptoEntry {
            params: i.to_vec(),
            results: r.to_vec(),
            dims,
        })
    }

    /// The sizes of the symbolic dimensions: from the shapes of the arrays given for the
    /// tensor parameters (`shapes[i]`) and the values given for the integer parameters
    /// that bind a dimension (`ints[i]`). An array of the wrong rank or static size, or
    /// two sizes for one dimension, is an error: the argument's index and what is wrong
    /// with it.
    pub fn bind(
        &self,
        shapes: &[Option<Vec<i64>>],
        ints: &[Option<i64>],
    ) -> Result<Sizes, (usize, String)> {
        // Each size, and the argument it comes from.
        let mut sizes: HashMap<String, (i64, usize)> = HashMap::new();
        for (i, sym) in self.dims.iter().enumerate() {
            if let (Some(sym), Some(Some(v))) = (sym, ints.get(i)) {
                if *v < 0 {
                    return Err((i, format!("makes size '{sym}' {v}, a negative size")));
                }
                sizes.insert(sym.clone(), (*v, i));
            }
        }
        for (i, &t) in self.params.iter().enumerate() {
            let (Some(s), Some(Some(got))) = (Shaped::of(t), shapes.get(i)) else {
                continue;
            };
            let wrong = || (i, format!("has shape {got:?}, {t} expected"));
            if s.shape.len() != got.len() {
                return Err(wrong());
            }
            for (d, &g) in s.shape.iter().zip(got) {
                match *d {
                    Dim::Const(c) if c != g => return Err(wrong()),
                    Dim::Const(_) => {}
                    Dim::Sym(n) => match sizes.get(n) {
                        Some(&(v, j)) if v != g => {
                            let other = if j == i {
                                "another of its dimensions".to_string()
                            } else {
                                format!("argument {j}")
                            };
                            return Err((
                                i,
                                format!(
                                    "has shape {got:?}, which makes '{n}' {g}, but {other} makes it {v}"
                                ),
                            ));
                        }
                        Some(_) => {}
                        None => {
                            sizes.insert(n.to_string(), (g, i));
                        }
                    },
                }
            }
        }
        Ok(sizes.into_iter().map(|(k, (v, _))| (k, v)).collect())
    }
}

/// The shape of tensor type `t` with its symbolic dimensions' `sizes`.
pub fn shape_of(t: Type<'_>, sizes: &Sizes) -> Result<Vec<i64>, String> {
    let s = Shaped::of(t).ok_or_else(|| format!("type {t} is not a tensor"))?;
    s.shape
        .iter()
        .map(|d| match *d {
            Dim::Const(c) => Ok(c),
            Dim::Sym(n) => sizes
                .get(n)
                .copied()
                .ok_or_else(|| format!("the size '{n}' of {t} is not known from the arguments")),
        })
        .collect()
}

/// The dimensions whose sizes the lowered entry takes in the parameters after its
/// `original` ones (appended by `pypto-materialize-dims`), in order.
pub fn size_args(module: &Module<'_>, name: &str, original: usize) -> Vec<String> {
    let Some((body, op)) = pto_dialects::func::find_function(&module.body, module.block, name)
    else {
        return Vec::new();
    };
    let n = pto_dialects::func::function_type(body, op).map_or(0, |(i, _)| i.len());
    dims::param_symbols(body.attr(op, "arg_attrs"), n)
        .into_iter()
        .skip(original)
        .map_while(|s| s.map(str::to_string))
        .collect()
}

/// Where the lowered entry keeps each result: a parameter index, or `None` for a
/// scalar result.
pub fn result_args(module: &Module<'_>, name: &str) -> Result<Vec<Option<usize>>, String> {
    let (body, op) = pto_dialects::func::find_function(&module.body, module.block, name)
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

/// A zeroed buffer for the returned tensor of type `t` (its symbolic dimensions'
/// `sizes` given), flattened (as a `!pto.ptr` parameter takes it), and its shape.
pub fn out_buffer(t: Type<'_>, sizes: &Sizes) -> Result<(Value, Vec<i64>), String> {
    let s = Shaped::of(t).ok_or_else(|| format!("result type {t} is not a tensor"))?;
    let shape = shape_of(t, sizes)?;
    let elem = Elem::of(s.dtype).ok_or_else(|| format!("unsupported dtype in {t}"))?;
    let n: i64 = shape.iter().product();
    Ok((Value::MemRef(MemRef::alloc(elem, &[n])), shape))
}

/// The integer an argument is, if it is one.
pub fn int_value(v: &Value) -> Option<i64> {
    match *v {
        Value::Int { bits, width } => {
            // Sign-extend from `width` bits.
            let shift = 128 - width.clamp(1, 128);
            i64::try_from(((bits << shift) as i128) >> shift).ok()
        }
        _ => None,
    }
}

/// The `i64` arguments for the size parameters `syms` ([`size_args`]).
pub fn size_values(syms: &[String], sizes: &Sizes) -> Result<Vec<Value>, String> {
    syms.iter()
        .map(|n| {
            sizes
                .get(n)
                .map(|&v| Value::int(i128::from(v), 64))
                .ok_or_else(|| format!("the size '{n}' is not known from the arguments"))
        })
        .collect()
}

/// The ABI of a PyPTO entry: captured before `pypto-to-pto` runs, completed after.
pub struct PyptoAbi<'c> {
    /// The entry's PyPTO signature.
    pub entry: PyptoEntry<'c>,
    /// Where the lowered entry keeps each result ([`result_args`]).
    pub result_args: Vec<Option<usize>>,
    /// The dimensions whose sizes the lowered entry takes ([`size_args`]).
    pub size_args: Vec<String>,
}

/// The ABI of `name` in `module`, before lowering (an entry ABI provider's capture).
pub fn capture<'c>(module: &Module<'c>, name: &str) -> Option<Box<dyn EntryAbi<'c> + 'c>> {
    Some(Box::new(PyptoAbi {
        entry: PyptoEntry::of(module, name)?,
        result_args: Vec::new(),
        size_args: Vec::new(),
    }))
}

impl<'c> EntryAbi<'c> for PyptoAbi<'c> {
    fn arity(&self) -> Option<usize> {
        Some(self.entry.params.len())
    }

    fn lowered(&mut self, module: &Module<'c>, entry: &str) -> Result<(), String> {
        self.size_args = size_args(module, entry, self.entry.params.len());
        self.result_args = result_args(module, entry)?;
        Ok(())
    }

    fn complete_args(
        &self,
        args: &mut Vec<Value>,
        shapes: &mut Vec<Option<Vec<i64>>>,
    ) -> Result<(), (Option<usize>, String)> {
        let ints: Vec<Option<i64>> = args.iter().map(int_value).collect();
        let sizes = self
            .entry
            .bind(shapes, &ints)
            .map_err(|(i, e)| (Some(i), e))?;
        let v = size_values(&self.size_args, &sizes).map_err(|e| (None, e))?;
        shapes.extend(v.iter().map(|_| None));
        args.extend(v);
        for (k, slot) in self.result_args.iter().enumerate() {
            let Some(i) = *slot else { continue };
            if i < args.len() {
                continue;
            }
            let (v, shape) = out_buffer(self.entry.results[k], &sizes)
                .map_err(|e| (None, format!("result {k}: {e}")))?;
            args.push(v);
            shapes.push(Some(shape));
        }
        Ok(())
    }

    fn results(&self, results: Vec<Value>, args: &[Value]) -> Vec<Value> {
        let mut scalars = results.into_iter();
        let mut out = Vec::new();
        for slot in &self.result_args {
            match slot {
                Some(i) => out.extend(args.get(*i).cloned()),
                None => out.extend(scalars.next()),
            }
        }
        out
    }
}
