//! `pto-mlir`: the tools of this workspace, made of every dialect, front end and pass it
//! has ([`registry`]), and their binaries `pto-opt`, `pto-run` and `pto-translate`. An
//! embedder's own tools are the same few lines over its own registry (see
//! `examples/standalone`).
//!
//! `pto-opt` also registers the pass manager's test passes and the `ptotest` dialect
//! ([`test_registry`], [`test_dialect`]). The integration tests of the whole workspace
//! are here (`tests/main`), and the benchmarks (`benches/`, run by `scripts/bench.sh`).
//!
//! The PTO family here: `pto`, `pypto`, `deepx`, `harp` and `wsp`; all but `wsp` (its
//! text and type checks only, so far) lower to native code.

#![warn(missing_docs)]

pub mod test_dialect;

use pto_interp::Value;
use pto_ir::{Context, SourceMgr};
use pto_llvm::{Engine, EngineError, Signature};
use pto_parser::Module;
use pto_pass::registry::{LoweringGoal, LoweringTarget};
use pto_pass::Registry;
pub use pto_pypto::run_abi::{
    int_value, out_buffer, result_args, size_args, size_values, PyptoEntry, PYPTO_PIPELINE,
};
use pto_pypto::types::Shaped;

include!(concat!(env!("OUT_DIR"), "/dialects.rs"));

/// Every dialect, pass, front end, lowering and driver option of the workspace: one
/// `register` call per crate.
pub fn registry() -> Registry {
    let mut r = Registry::new();
    pto_dialects::register(&mut r);
    pto_transforms::register(&mut r);
    pto_conversion::register(&mut r);
    pto_interp::register(&mut r);
    pto_tile::register(&mut r);
    pto_pypto::register(&mut r);
    pto_pypto_python::register(&mut r);
    pto_deepx::register(&mut r);
    pto_harp::register(&mut r);
    pto_wsp::register(&mut r);
    r
}

/// [`registry`] with the pass manager's test passes and the `ptotest` dialect, as
/// `pto-opt` has them (as mlir-opt registers its test passes and dialect).
pub fn test_registry() -> Registry {
    let mut r = registry();
    r.passes_from(pto_pass::testing::register_test_passes)
        .dialects(DIALECTS);
    r
}

/// A context with every dialect of [`registry`] and its setups.
pub fn context() -> Context {
    registry()
        .context()
        .expect("the workspace's interface models attach once")
}

/// A PyPTO entry compiled for the CPU the way `pto-run` compiles it (for embedders and
/// `benches/pypto.rs`): unused functions dropped, PyPTO's lowering to `pto`, the `pto`
/// lowering to loops and `lower-to-llvm`, JIT-compiled by [`Engine`].
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
        let tools = registry();
        let run_pipeline = |module: &mut Module<'c>, passes: &str| {
            pto_tools::run::run_pipeline(ctx, &tools, module, srcmgr, passes)
        };
        if pto_dialects::func::find_function(&module.body, module.block, name).is_none() {
            return Err(format!("no function named '@{name}'"));
        }
        let prune = format!("symbol-privatize{{exclude={name}}},symbol-dce");
        run_pipeline(module, &prune)?;
        let pypto = PyptoEntry::of(module, name)
            .ok_or_else(|| format!("'@{name}' has no function type"))?;
        run_pipeline(module, PYPTO_PIPELINE)?;
        let result_args = result_args(module, name)?;
        let size_args = size_args(module, name, pypto.params.len());
        let target = LoweringTarget {
            goal: LoweringGoal::Compile,
            vector_bits: pto_llvm::host_vector_bits(),
            entry: name.to_string(),
            args: Vec::new(),
        };
        run_pipeline(module, &pto_tile::driver::lowering_pipeline(&target))?;
        let signature = pto_tools::run::entry_signature(module, name)
            .ok_or_else(|| format!("'@{name}' has no builtin signature after lowering"))?;
        run_pipeline(module, "lower-to-llvm")?;
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

/// Registers every dialect of [`registry`] in `ctx`, with its setups.
pub fn register_all_dialects(ctx: &mut Context) {
    registry()
        .register_in(ctx)
        .expect("the workspace's interface models attach once");
}

/// Registers every pass of [`test_registry`] in `passes`.
pub fn register_all_passes(passes: &mut pto_pass::PassRegistry) {
    for info in test_registry().pass_registry().all() {
        passes.register(info);
    }
}
