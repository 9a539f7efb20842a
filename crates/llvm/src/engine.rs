//! The JIT [`Engine`]: translates a module of `llvm` dialect ops, optimizes it for the
//! host, compiles it with LLVM's MCJIT and calls its functions through MLIR's "packed"
//! convention: for every defined function `f` a wrapper `_mlir_f(ptr %args)` loads each
//! argument from the pointer in `args[i]`, calls `f` and stores the result through
//! `args[num_params]`, so one Rust signature calls every function.
//!
//! The engine owns its LLVM context (boxed, dropped after the MCJIT engine that borrows
//! it). Each wrapper gets the target's CPU and features like every function (MCJIT's own
//! machine is generic, and a wrapper without them slowed the code behind it).
//! `invoke_packed(name, &mut [*mut c_void])` calls a wrapper (unsafe: the pointers must
//! match); [`Engine::call`] is the typed layer (`marshal`). Runtime functions (`runtime`:
//! the C allocator, MLIR's runner-utils printers, `__truncsfbf2`, which older libgcc
//! lacks) are mapped explicitly (`add_global_mapping`); libm and other libc symbols
//! resolve through the process.

use std::ffi::c_void;

use inkwell::context::Context as LLContext;
use inkwell::execution_engine::ExecutionEngine;
use inkwell::llvm_sys::core::LLVMGetTypeKind;
use inkwell::llvm_sys::LLVMTypeKind;
use inkwell::module::Module as LLModule;
use inkwell::targets::TargetData;
use inkwell::types::{AsTypeRef, BasicType, BasicTypeEnum};
use inkwell::values::{BasicMetadataValueEnum, BasicValue, FunctionValue};
use inkwell::{AddressSpace, OptimizationLevel};
use rustc_hash::FxHashMap;

use pto_ir::{BlockId, Body, Context, Diagnostic};

use super::machine::{configure_module, optimize, target_machine, verify, TargetOptions};

/// Why an [`Engine`] could not be built or a call failed.
#[derive(Debug)]
pub enum EngineError<'c> {
    /// The IR could not be translated (at an op's location).
    Translation(Diagnostic<'c>),
    /// LLVM refused the module or the call (verification, JIT, unknown function).
    Llvm(String),
}

impl std::fmt::Display for EngineError<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Translation(d) => write!(f, "{}", d.message),
            EngineError::Llvm(s) => write!(f, "{s}"),
        }
    }
}

/// A scalar the packed convention passes by pointer: what the typed layer marshals.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Scalar {
    /// An integer of this many bits.
    Int(u32),
    /// `half` or `bfloat` (stored, not converted).
    Half,
    /// `float`.
    F32,
    /// `double`.
    F64,
    /// `ptr`.
    Ptr,
}

impl Scalar {
    /// Bytes the scalar occupies in memory.
    pub fn size(self) -> usize {
        match self {
            Scalar::Int(w) => (w as usize).div_ceil(8).max(1),
            Scalar::Half => 2,
            Scalar::F32 => 4,
            Scalar::F64 | Scalar::Ptr => 8,
        }
    }
}

/// One scalar inside a value in memory.
#[derive(Copy, Clone, Debug)]
pub(super) struct Leaf {
    pub scalar: Scalar,
    pub offset: usize,
}

/// What the typed layer needs of a compiled function: its parameters as scalars
/// (`None` for a parameter of another kind) and the layout of its result.
#[derive(Clone, Debug)]
pub(super) struct FnLayout {
    pub params: Vec<Option<Scalar>>,
    /// The result's scalars (a struct flattened) and its size in bytes.
    pub result: Option<(Vec<Leaf>, usize)>,
}

struct Compiled {
    /// Address of `_mlir_<name>`.
    wrapper: usize,
    layout: FnLayout,
}

/// A JIT-compiled module. Functions are called by name with [`Engine::invoke_packed`]
/// or, with MLIR's default calling convention for builtin types, with
/// [`Engine::call`](Engine::call) on interpreter values.
pub struct Engine {
    // Drop order matters: the execution engine owns the module and the machine code,
    // all allocated in `_context`, so it must go first (fields drop in order).
    _engine: ExecutionEngine<'static>,
    functions: FxHashMap<String, Compiled>,
    /// How long the last [`Engine::invoke_packed`] ran (the compiled code alone, without
    /// marshalling): what `pto-run --time` reports besides the whole call.
    last_invoke: std::cell::Cell<std::time::Duration>,
    _context: Box<LLContext>,
}

impl Engine {
    /// Compiles the `llvm` dialect module `module` (a parsed file) at `opt_level`
    /// (0-3: LLVM's `default<On>` pipeline and code generation level).
    pub fn new<'c>(
        ctx: &'c Context,
        module: &pto_ir::module::Module<'c>,
        opt_level: u8,
    ) -> Result<Engine, EngineError<'c>> {
        Self::from_block(ctx, &module.body, module.block, opt_level)
    }

    /// Compiles the `llvm` dialect ops of `block` in `body` (and of the modules in it).
    pub fn from_block<'c>(
        ctx: &'c Context,
        body: &Body<'c>,
        block: BlockId,
        opt_level: u8,
    ) -> Result<Engine, EngineError<'c>> {
        super::runtime::register_libcalls();
        let context = Box::new(LLContext::create());
        // SAFETY: the context lives in a box that `Engine` keeps until after the
        // execution engine (which holds everything made in the context) is dropped;
        // the box never moves its contents, so the reference stays valid.
        let ll: &'static LLContext = unsafe { &*(context.as_ref() as *const LLContext) };
        super::check_codegen_limits(body, block).map_err(EngineError::Translation)?;
        let module =
            super::translate_module(ctx, body, block, ll).map_err(EngineError::Translation)?;
        let llvm = |e: String| EngineError::Llvm(e);
        let machine = target_machine(&TargetOptions {
            opt_level,
            ..TargetOptions::default()
        })
        .map_err(llvm)?;
        let target_data = machine.get_target_data();
        let mut layouts = Vec::new();
        for f in defined_functions(&module) {
            let name = f.get_name().to_string_lossy().into_owned();
            add_packed_wrapper(ll, &module, f).map_err(llvm)?;
            layouts.push((name, layout_of(&target_data, f)));
        }
        // The wrappers too get the target's CPU and features: a caller without them
        // cannot inline the function it wraps, and MCJIT's own machine is generic.
        configure_module(&module, &machine);
        verify(&module).map_err(llvm)?;
        optimize(&module, &machine, opt_level).map_err(llvm)?;
        let level = match opt_level {
            0 => OptimizationLevel::None,
            1 => OptimizationLevel::Less,
            2 => OptimizationLevel::Default,
            _ => OptimizationLevel::Aggressive,
        };
        let engine = module.create_jit_execution_engine(level).map_err(|e| {
            EngineError::Llvm(format!("cannot create the JIT: {}", e.to_string_lossy()))
        })?;
        // Runtime functions the module declares resolve to this process's (the JIT's
        // own lookup only sees exported dynamic symbols): the allocator, MLIR's printers.
        // Others must be in the process (libm, libc): an unresolved one would make MCJIT
        // abort (or jump to address 0) when it links the code, so it is an error here,
        // at the declaration.
        for f in module.get_functions() {
            if f.count_basic_blocks() == 0 {
                let name = f.get_name().to_string_lossy();
                if let Some(addr) = super::runtime::runtime_symbol(&name) {
                    engine.add_global_mapping(&f, addr);
                } else if !name.starts_with("llvm.")
                    && f.as_global_value()
                        .as_pointer_value()
                        .get_first_use()
                        .is_some()
                    && inkwell::support::search_for_address_of_symbol(&name).is_none()
                {
                    let loc = pto_dialects::func::find_function(body, block, &name)
                        .map_or_else(|| ctx.unknown_loc(), |(b, op)| b.op_loc(op));
                    return Err(EngineError::Translation(Diagnostic::error(
                        loc,
                        format!(
                            "external function '@{name}' is not defined in the module, the runtime or this process"
                        ),
                    )));
                }
            }
        }
        let mut functions = FxHashMap::default();
        for (name, layout) in layouts {
            let wrapper = engine
                .get_function_address(&format!("_mlir_{name}"))
                .map_err(|e| EngineError::Llvm(format!("cannot compile '@{name}': {e}")))?;
            functions.insert(name, Compiled { wrapper, layout });
        }
        Ok(Engine {
            _engine: engine,
            functions,
            last_invoke: std::cell::Cell::new(std::time::Duration::ZERO),
            _context: context,
        })
    }

    /// The names of the functions that can be called.
    pub fn function_names(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self.functions.keys().map(String::as_str).collect();
        v.sort_unstable();
        v
    }

    /// How many entries `invoke_packed` expects for `name`: one per parameter, plus one
    /// for the result if the function has one.
    pub fn packed_arity(&self, name: &str) -> Option<usize> {
        let c = self.functions.get(name)?;
        Some(c.layout.params.len() + usize::from(c.layout.result.is_some()))
    }

    pub(super) fn layout(&self, name: &str) -> Option<&FnLayout> {
        self.functions.get(name).map(|c| &c.layout)
    }

    /// Calls `name` through its packed wrapper: `args[i]` points to the value of
    /// parameter `i`, and the last entry (if the function has a result) to storage for
    /// the result.
    ///
    /// # Safety
    /// Every pointer must point to valid, aligned storage of the LLVM type of its
    /// parameter (result), and the compiled code must be memory safe for these inputs
    /// (it dereferences what the pointers and any memref descriptors point to).
    pub unsafe fn invoke_packed(&self, name: &str, args: &mut [*mut c_void]) -> Result<(), String> {
        let c = self
            .functions
            .get(name)
            .ok_or_else(|| format!("no compiled function named '@{name}'"))?;
        let expected = c.layout.params.len() + usize::from(c.layout.result.is_some());
        if args.len() != expected {
            return Err(format!(
                "'@{name}' takes {expected} packed arguments, {} given",
                args.len()
            ));
        }
        // SAFETY: `wrapper` is the address of `void _mlir_<name>(ptr)`, compiled by the
        // engine that `self` keeps alive; the caller vouches for the pointers.
        let f: extern "C" fn(*mut *mut c_void) = std::mem::transmute(c.wrapper);
        let start = std::time::Instant::now();
        f(args.as_mut_ptr());
        self.last_invoke.set(start.elapsed());
        Ok(())
    }

    /// How long the compiled code of the last call ran, without the copies of its
    /// arguments in and its results out.
    pub fn last_call_duration(&self) -> std::time::Duration {
        self.last_invoke.get()
    }
}

/// Functions with a body (the ones a wrapper is made for); variadic ones are left out.
fn defined_functions<'ll>(module: &LLModule<'ll>) -> Vec<FunctionValue<'ll>> {
    module
        .get_functions()
        .filter(|f| f.count_basic_blocks() > 0 && !f.get_type().is_var_arg())
        .collect()
}

/// Adds `void _mlir_<f>(ptr %args)`.
fn add_packed_wrapper<'ll>(
    ll: &'ll LLContext,
    module: &LLModule<'ll>,
    f: FunctionValue<'ll>,
) -> Result<(), String> {
    let name = format!("_mlir_{}", f.get_name().to_string_lossy());
    let ptr = ll.ptr_type(AddressSpace::default());
    let wrapper = module.add_function(&name, ll.void_type().fn_type(&[ptr.into()], false), None);
    let builder = ll.create_builder();
    builder.position_at_end(ll.append_basic_block(wrapper, "entry"));
    let args = wrapper
        .get_nth_param(0)
        .ok_or("wrapper without parameter")?
        .into_pointer_value();
    let e = |e: inkwell::builder::BuilderError| e.to_string();
    let i64t = ll.i64_type();
    // The pointer in `args[i]`.
    let slot = |i: u64| -> Result<inkwell::values::PointerValue<'ll>, String> {
        // SAFETY: in bounds of the caller's array by the packed convention.
        let at =
            unsafe { builder.build_gep(ptr, args, &[i64t.const_int(i, false)], "") }.map_err(e)?;
        Ok(builder
            .build_load(ptr, at, "")
            .map_err(e)?
            .into_pointer_value())
    };
    let params = f.get_type().get_param_types();
    let mut call_args: Vec<BasicMetadataValueEnum<'ll>> = Vec::with_capacity(params.len());
    for (i, t) in params.iter().enumerate() {
        let t: BasicTypeEnum<'ll> = (*t)
            .try_into()
            .map_err(|_| format!("'{name}': parameter {i} is not a first-class value"))?;
        let p = slot(i as u64)?;
        call_args.push(builder.build_load(t, p, "").map_err(e)?.into());
    }
    let call = builder.build_direct_call(f, &call_args, "").map_err(e)?;
    if let inkwell::values::ValueKind::Basic(r) = call.try_as_basic_value() {
        let p = slot(params.len() as u64)?;
        builder.build_store(p, r.as_basic_value_enum()).map_err(e)?;
    }
    builder.build_return(None).map_err(e)?;
    Ok(())
}

/// The scalar kind of `t`, if it is a scalar.
fn scalar_of(t: BasicTypeEnum<'_>) -> Option<Scalar> {
    // SAFETY: reads the kind of a valid type.
    let kind = unsafe { LLVMGetTypeKind(t.as_type_ref()) };
    Some(match kind {
        LLVMTypeKind::LLVMIntegerTypeKind => Scalar::Int(t.into_int_type().get_bit_width()),
        LLVMTypeKind::LLVMHalfTypeKind | LLVMTypeKind::LLVMBFloatTypeKind => Scalar::Half,
        LLVMTypeKind::LLVMFloatTypeKind => Scalar::F32,
        LLVMTypeKind::LLVMDoubleTypeKind => Scalar::F64,
        LLVMTypeKind::LLVMPointerTypeKind => Scalar::Ptr,
        _ => return None,
    })
}

/// The scalars of `t` at their offsets (structs and arrays flattened), or `None` if
/// it holds another kind of value (vectors).
fn flatten(td: &TargetData, t: BasicTypeEnum<'_>, base: usize, out: &mut Vec<Leaf>) -> Option<()> {
    match t {
        BasicTypeEnum::StructType(s) => {
            for (i, field) in s.get_field_types().into_iter().enumerate() {
                let off = td.offset_of_element(&s, i as u32)? as usize;
                flatten(td, field, base + off, out)?;
            }
        }
        BasicTypeEnum::ArrayType(a) => {
            let elem = a.get_element_type();
            let stride = td.get_abi_size(&elem) as usize;
            for i in 0..a.len() as usize {
                flatten(td, elem, base + i * stride, out)?;
            }
        }
        _ => out.push(Leaf {
            scalar: scalar_of(t)?,
            offset: base,
        }),
    }
    Some(())
}

fn layout_of(td: &TargetData, f: FunctionValue<'_>) -> FnLayout {
    let ty = f.get_type();
    let params = ty
        .get_param_types()
        .into_iter()
        .map(|t| BasicTypeEnum::try_from(t).ok().and_then(scalar_of))
        .collect();
    let result = ty.get_return_type().map(|r| {
        let mut leaves = Vec::new();
        if flatten(td, r, 0, &mut leaves).is_none() {
            leaves.clear();
        }
        (leaves, td.get_abi_size(&r.as_basic_type_enum()) as usize)
    });
    FnLayout { params, result }
}
