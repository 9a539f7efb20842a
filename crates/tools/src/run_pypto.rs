//! `pto-run` on PyPTO-level IR: the entry's signature as the user sees it (tensor
//! parameters from `.npy` files, scalars from numbers, returned tensors written with
//! `--out`, returned scalars printed), mapped onto the lowered function through its
//! `pypto.result_args` (see `conversion::pypto_block_to_pto`). Symbolic dimensions
//! (`[n, 64]`) take their sizes from the arrays given: the parameters
//! `pypto-materialize-dims` appended for them are filled in, and a parameter the program
//! declares for one (`n: pl.INT64`) must agree with the arrays.

use std::collections::HashMap;

use pto_interp::value::MemRef;
use pto_interp::{Elem, Value};
use pto_ir::module::Module;
use pto_ir::{Body, Context, SourceMgr, Type};
use pto_llvm::{Engine, EngineError, Signature};
use pto_pypto::dims;
use pto_pypto::pypto_block_to_pto::RESULT_ARGS_ATTR;
use pto_pypto::types::{Dim, Shaped};

/// What lowers PyPTO IR to the `pto` dialect: to SSA form (a program that reassigns
/// variables), sizes of symbolic dimensions as parameters, tensor ops to tiles, tiles
/// to `pto`.
pub const PYPTO_PIPELINE: &str = "func.func(pypto-convert-to-ssa),pypto-materialize-dims,pypto-tensor-to-block,pypto-block-to-pto";

/// The size of each symbolic dimension, by name.
pub type Sizes = HashMap<String, i64>;

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

/// A PyPTO entry compiled for the CPU the way `pto-run` compiles it (for embedders and
/// `benches/pypto.rs`): unused functions dropped, [`PYPTO_PIPELINE`], then
/// [`pto_pipeline`](super::run::pto_pipeline) and
/// [`LOWERING_PIPELINE`](super::run::LOWERING_PIPELINE), JIT-compiled by [`Engine`].
pub struct CompiledEntry<'c> {
    /// The machine code.
    pub engine: Engine,
    /// The entry function's name.
    pub name: String,
    /// Its PyPTO signature (before lowering).
    pub pypto: PyptoEntry<'c>,
    /// Where the lowered function keeps each result ([`result_args`]).
    pub result_args: Vec<Option<usize>>,
    /// The dimensions whose sizes the lowered function takes after the PyPTO
    /// parameters ([`size_args`]).
    pub size_args: Vec<String>,
    /// The lowered function's signature before `lower-to-llvm`, which [`Engine::call`]
    /// marshals by (a tensor is a flat `memref<?xT>`, returned tensors are appended).
    pub signature: Signature<'c>,
}

impl<'c> CompiledEntry<'c> {
    /// Lowers `module` (PyPTO IR, verified) and compiles it at `-O opt_level`; errors
    /// are rendered with `srcmgr`, which holds the module's source.
    pub fn compile(
        ctx: &'c Context,
        module: &mut Module<'c>,
        srcmgr: &SourceMgr,
        name: &str,
        opt_level: u8,
    ) -> Result<Self, String> {
        use super::run::{
            entry_signature, has_pto, is_llvm_dialect, pto_pipeline, run_pipeline,
            LOWERING_PIPELINE,
        };
        if pto_dialects::func::find_function(&module.body, module.block, name).is_none() {
            return Err(format!("no function named '@{name}'"));
        }
        let prune = format!("symbol-privatize{{exclude={name}}},symbol-dce");
        run_pipeline(ctx, module, srcmgr, &prune)?;
        let pypto = PyptoEntry::of(module, name)
            .ok_or_else(|| format!("'@{name}' has no function type"))?;
        run_pipeline(ctx, module, srcmgr, PYPTO_PIPELINE)?;
        let result_args = result_args(module, name)?;
        let size_args = size_args(module, name, pypto.params.len());
        if has_pto(&module.body) {
            run_pipeline(ctx, module, srcmgr, &pto_pipeline())?;
        }
        let signature = entry_signature(module, name)
            .ok_or_else(|| format!("'@{name}' has no builtin signature after lowering"))?;
        if !is_llvm_dialect(&module.body) {
            run_pipeline(ctx, module, srcmgr, LOWERING_PIPELINE)?;
        }
        let engine = Engine::new(ctx, module, opt_level).map_err(|e| match e {
            EngineError::Translation(d) => srcmgr.render(&d),
            EngineError::Llvm(e) => e,
        })?;
        Ok(CompiledEntry {
            engine,
            name: name.to_string(),
            pypto,
            result_args,
            size_args,
            signature,
        })
    }

    /// The arguments of a call: `inputs`, one per PyPTO parameter (a tensor as a
    /// row-major memref of its shape, a scalar as its value), tensors flattened as the
    /// lowered function takes them, then the sizes of symbolic dimensions it takes, then
    /// zeroed buffers for the tensors it returns.
    pub fn arguments(&self, inputs: Vec<Value>) -> Result<Vec<Value>, String> {
        if inputs.len() != self.pypto.params.len() {
            return Err(format!(
                "'@{}' takes {} arguments, {} given",
                self.name,
                self.pypto.params.len(),
                inputs.len()
            ));
        }
        let shapes: Vec<Option<Vec<i64>>> = inputs
            .iter()
            .map(|v| match v {
                Value::MemRef(m) => Some(m.sizes.clone()),
                _ => None,
            })
            .collect();
        let ints: Vec<Option<i64>> = inputs.iter().map(int_value).collect();
        let sizes = self
            .pypto
            .bind(&shapes, &ints)
            .map_err(|(i, m)| format!("argument {i} {m}"))?;
        let mut args = Vec::with_capacity(self.signature.inputs.len());
        for (i, v) in inputs.into_iter().enumerate() {
            args.push(match v {
                Value::MemRef(mut m) if Shaped::of(self.pypto.params[i]).is_some() => {
                    let n: i64 = m.sizes.iter().product();
                    m.sizes = vec![n];
                    m.strides = vec![1];
                    Value::MemRef(m)
                }
                v => v,
            });
        }
        args.extend(size_values(&self.size_args, &sizes)?);
        for (k, slot) in self.result_args.iter().enumerate() {
            if matches!(slot, Some(i) if *i >= args.len()) {
                args.push(out_buffer(self.pypto.results[k], &sizes)?.0);
            }
        }
        if args.len() != self.signature.inputs.len() {
            return Err(format!(
                "'@{}' was lowered to {} parameters, {} expected from its result_args",
                self.name,
                self.signature.inputs.len(),
                args.len()
            ));
        }
        Ok(args)
    }

    /// Calls the entry on `args` (from [`CompiledEntry::arguments`]); its results in
    /// PyPTO order: a returned tensor is its (flat) buffer in `args`, shared with it.
    pub fn call(&self, args: &[Value]) -> Result<Vec<Value>, String> {
        let mut scalars = self
            .engine
            .call(&self.name, &self.signature, args)?
            .into_iter();
        Ok(self
            .result_args
            .iter()
            .filter_map(|slot| match slot {
                Some(i) => args.get(*i).cloned(),
                None => scalars.next(),
            })
            .collect())
    }
}
