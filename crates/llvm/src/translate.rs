//! Module-level translation (MLIR's `ModuleTranslation`): globals and functions are
//! declared first, so that symbol references resolve in any order; then global
//! initializers and function bodies are translated.
//!
//! A global's initializer is an attribute (`constants`) or a region, translated into a
//! scratch function where the builder folds it to a constant. Linkage, calling
//! conventions, argument and result attributes (`llvm.noalias` to `noalias`, by LLVM's
//! attribute names) and the function attributes this file knows (the unit flags of
//! `FUNCTION_FLAGS`, `target_cpu`, `tune_cpu`, `passthrough`) are carried over; other
//! function attributes are not translated yet. mlir-translate's module flag ("Debug Info
//! Version") is added.

use inkwell::attributes::AttributeLoc;
use inkwell::builder::Builder;
use inkwell::context::Context as LLContext;
use inkwell::module::{FlagBehavior, Linkage, Module};
use inkwell::types::AnyType;
use inkwell::values::{BasicValue, BasicValueEnum, FunctionValue, GlobalValue, PointerValue};
use inkwell::{AddressSpace, GlobalVisibility};
use rustc_hash::FxHashMap;

use pto_ir::{AttrKind, Attribute, Body, Context, Diagnostic, Location, OpId};

use super::constants;
use super::debug_info::DebugInfo;
use super::function::FnCx;
use super::types::{basic_type, function_type};
use pto_dialects::llvm;
use pto_ir::builtin;

/// The state shared by the translation of one module.
pub(super) struct ModuleCx<'c, 'll> {
    pub ctx: &'c Context,
    pub ll: &'ll LLContext,
    pub module: Module<'ll>,
    pub builder: Builder<'ll>,
    pub functions: FxHashMap<&'c str, FunctionValue<'ll>>,
    pub globals: FxHashMap<&'c str, GlobalValue<'ll>>,
    /// Set when translating with debug info.
    pub debug: Option<std::cell::RefCell<DebugInfo<'ll>>>,
}

impl<'c, 'll> ModuleCx<'c, 'll> {
    /// The address of global or function `name`.
    pub fn symbol_address(&self, name: &str) -> Option<PointerValue<'ll>> {
        if let Some(g) = self.globals.get(name) {
            return Some(g.as_pointer_value());
        }
        self.functions
            .get(name)
            .map(|f| f.as_global_value().as_pointer_value())
    }
}

/// An error at `loc`.
pub(super) fn error_at<'c>(loc: Location<'c>, msg: impl Into<String>) -> Diagnostic<'c> {
    Diagnostic::error(loc, msg)
}

/// The keyword of a dialect enum attribute (`internal` in `#llvm.linkage<internal>`).
pub(super) fn enum_keyword(a: Option<Attribute<'_>>) -> Option<&str> {
    match a?.kind() {
        AttrKind::Opaque { body, .. } => body.split_once('<')?.1.strip_suffix('>'),
        _ => None,
    }
}

fn linkage(a: Option<Attribute<'_>>) -> Result<Linkage, String> {
    Ok(match enum_keyword(a).unwrap_or("external") {
        "external" => Linkage::External,
        "available_externally" => Linkage::AvailableExternally,
        "linkonce" => Linkage::LinkOnceAny,
        "linkonce_odr" => Linkage::LinkOnceODR,
        "weak" => Linkage::WeakAny,
        "weak_odr" => Linkage::WeakODR,
        "appending" => Linkage::Appending,
        "internal" => Linkage::Internal,
        "private" => Linkage::Private,
        "extern_weak" => Linkage::ExternalWeak,
        "common" => Linkage::Common,
        other => return Err(format!("unsupported linkage '{other}'")),
    })
}

/// The ops at module level: those of the top-level block, and of the blocks of
/// `builtin.module`s in it (with the body holding them).
pub(super) fn module_ops<'b, 'c>(
    body: &'b Body<'c>,
    block: pto_ir::BlockId,
) -> Vec<(&'b Body<'c>, OpId)> {
    let mut out = Vec::new();
    for op in body.block_ops(block) {
        if body.op_name(op).as_str() == builtin::ModuleOp::NAME {
            if let (Some(nested), Some(&region)) = (body.nested(op), body.regions_of(op).first()) {
                for b in nested.region_blocks(region) {
                    out.extend(module_ops(nested, b));
                }
            }
        } else {
            out.push((body, op));
        }
    }
    out
}

/// Translates the `llvm` dialect ops of `block` (and of the modules in it) into a new
/// LLVM IR module named `name`.
pub(super) fn translate<'c, 'll>(
    ctx: &'c Context,
    body: &Body<'c>,
    block: pto_ir::BlockId,
    ll: &'ll LLContext,
    name: &str,
    options: &super::TranslationOptions,
) -> Result<Module<'ll>, Diagnostic<'c>> {
    let mut m = ModuleCx {
        ctx,
        ll,
        module: ll.create_module(name),
        builder: ll.create_builder(),
        functions: FxHashMap::default(),
        globals: FxHashMap::default(),
        debug: None,
    };
    let ops = module_ops(body, block);
    if options.debug_info {
        let source = ops
            .iter()
            .find_map(|&(b, op)| b.op_loc(op).file_line_col())
            .map_or("<unknown>", |(f, _, _)| f);
        m.debug = Some(std::cell::RefCell::new(DebugInfo::new(&m.module, source)));
    }
    // Declarations first: bodies and initializers may name any symbol.
    for &(b, op) in &ops {
        match b.op_name(op).as_str() {
            llvm::LLVMFuncOp::NAME => declare_function(&mut m, b, op)?,
            llvm::GlobalOp::NAME => declare_global(&mut m, b, op)?,
            other => {
                return Err(error_at(
                    b.op_loc(op),
                    format!("'{other}' cannot be translated to LLVM IR at module level"),
                ))
            }
        }
    }
    for &(b, op) in &ops {
        match b.op_name(op).as_str() {
            llvm::LLVMFuncOp::NAME => define_function(&m, b, op)?,
            _ => initialize_global(&m, b, op)?,
        }
    }
    // mlir-translate always records the debug info version.
    let version = ll.i32_type().const_int(3, false);
    m.module
        .add_basic_value_flag("Debug Info Version", FlagBehavior::Warning, version);
    if let Some(d) = &m.debug {
        d.borrow().finalize();
        let dwarf = ll.i32_type().const_int(4, false);
        m.module
            .add_basic_value_flag("Dwarf Version", FlagBehavior::Warning, dwarf);
    }
    Ok(m.module)
}

fn sym_name<'c>(b: &Body<'c>, op: OpId) -> Result<&'c str, Diagnostic<'c>> {
    b.attr(op, "sym_name")
        .and_then(|a| a.as_str())
        .ok_or_else(|| error_at(b.op_loc(op), "symbol without a name"))
}

fn declare_function<'c>(
    m: &mut ModuleCx<'c, '_>,
    b: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let loc = b.op_loc(op);
    let name = sym_name(b, op)?;
    let fty = b
        .attr(op, "function_type")
        .and_then(|a| a.as_type())
        .ok_or_else(|| error_at(loc, "llvm.func without a function type"))?;
    let llty = function_type(m.ll, fty).map_err(|e| error_at(loc, e))?;
    let link = linkage(b.attr(op, "linkage")).map_err(|e| error_at(loc, e))?;
    let f = m.module.add_function(name, llty, Some(link));
    if let Some(kw) = enum_keyword(b.attr(op, "CConv")) {
        f.set_call_conventions(calling_convention(kw).map_err(|e| error_at(loc, e))?);
    }
    set_function_attributes(m, b, op, f).map_err(|e| error_at(loc, e))?;
    set_global_flags(b, op, f.as_global_value());
    m.functions.insert(name, f);
    Ok(())
}

/// LLVM's numbering of calling conventions (`llvm::CallingConv`).
pub(super) fn calling_convention(keyword: &str) -> Result<u32, String> {
    Ok(match keyword {
        "ccc" => 0,
        "fastcc" => 8,
        "coldcc" => 9,
        "cc_10" => 10,
        "cc_11" => 11,
        "anyregcc" => 13,
        "preserve_mostcc" => 14,
        "preserve_allcc" => 15,
        "swiftcc" => 16,
        "cxx_fast_tlscc" => 17,
        "tailcc" => 18,
        "swifttailcc" => 20,
        "x86_stdcallcc" => 64,
        "x86_fastcallcc" => 65,
        "x86_64_sysvcc" => 78,
        "win64cc" => 79,
        "x86_vectorcallcc" => 80,
        other => return Err(format!("unsupported calling convention '{other}'")),
    })
}

/// An LLVM attribute from an MLIR one: `llvm.noalias` (unit) to `noalias`,
/// `llvm.align = 16` to `align 16`, `llvm.byval = i32` to `byval(i32)`.
pub(super) fn llvm_attribute(
    ll: &LLContext,
    name: &str,
    value: Attribute<'_>,
) -> Result<Option<inkwell::attributes::Attribute>, String> {
    let Some(key) = name.strip_prefix("llvm.") else {
        // Attributes of other dialects do not reach LLVM IR (MLIR drops them too).
        return Ok(None);
    };
    let kind = inkwell::attributes::Attribute::get_named_enum_kind_id(key);
    if kind == 0 {
        return Err(format!("unsupported LLVM attribute '{name}'"));
    }
    Ok(Some(match *value.kind() {
        AttrKind::Unit => ll.create_enum_attribute(kind, 0),
        AttrKind::Integer { value, .. } => ll.create_enum_attribute(kind, value as u64),
        AttrKind::Type(t) => {
            let llty = basic_type(ll, t)?;
            ll.create_type_attribute(kind, llty.as_any_type_enum())
        }
        _ => return Err(format!("unsupported value of LLVM attribute '{name}'")),
    }))
}

/// Unit attributes of `llvm.func` and `llvm.call` that are LLVM function attributes.
pub(super) const FUNCTION_FLAGS: [(&str, &str); 7] = [
    ("no_inline", "noinline"),
    ("always_inline", "alwaysinline"),
    ("inline_hint", "inlinehint"),
    ("no_unwind", "nounwind"),
    ("will_return", "willreturn"),
    ("optimize_none", "optnone"),
    ("convergent", "convergent"),
];

/// Argument and result attributes (`arg_attrs`, `res_attrs`) and the function
/// attributes this translation knows (`passthrough`, inlining and unwinding flags).
fn set_function_attributes(
    m: &ModuleCx<'_, '_>,
    b: &Body<'_>,
    op: OpId,
    f: FunctionValue<'_>,
) -> Result<(), String> {
    if let Some(AttrKind::Array(dicts)) = b.attr(op, "arg_attrs").map(|a| a.kind()) {
        for (i, d) in dicts.iter().enumerate() {
            for e in d.as_dictionary().unwrap_or(&[]) {
                if let Some(a) = llvm_attribute(m.ll, e.name.as_str(), e.value)? {
                    f.add_attribute(AttributeLoc::Param(i as u32), a);
                }
            }
        }
    }
    if let Some(AttrKind::Array(dicts)) = b.attr(op, "res_attrs").map(|a| a.kind()) {
        for d in dicts.iter() {
            for e in d.as_dictionary().unwrap_or(&[]) {
                if let Some(a) = llvm_attribute(m.ll, e.name.as_str(), e.value)? {
                    f.add_attribute(AttributeLoc::Return, a);
                }
            }
        }
    }
    for (flag, llvm_name) in FUNCTION_FLAGS {
        if b.attr(op, flag).is_some() {
            let kind = inkwell::attributes::Attribute::get_named_enum_kind_id(llvm_name);
            f.add_attribute(AttributeLoc::Function, m.ll.create_enum_attribute(kind, 0));
        }
    }
    for (key, llvm_key) in [("target_cpu", "target-cpu"), ("tune_cpu", "tune-cpu")] {
        if let Some(v) = b.attr(op, key).and_then(|a| a.as_str()) {
            f.add_attribute(
                AttributeLoc::Function,
                m.ll.create_string_attribute(llvm_key, v),
            );
        }
    }
    if let Some(AttrKind::Array(items)) = b.attr(op, "passthrough").map(|a| a.kind()) {
        for item in items.iter() {
            let a = match *item.kind() {
                AttrKind::String { value, .. } => {
                    let kind = inkwell::attributes::Attribute::get_named_enum_kind_id(value);
                    if kind == 0 {
                        m.ll.create_string_attribute(value, "")
                    } else {
                        m.ll.create_enum_attribute(kind, 0)
                    }
                }
                AttrKind::Array([k, v]) => match (k.as_str(), v.as_str()) {
                    (Some(k), Some(v)) => m.ll.create_string_attribute(k, v),
                    _ => return Err("unsupported passthrough attribute".into()),
                },
                _ => return Err("unsupported passthrough attribute".into()),
            };
            f.add_attribute(AttributeLoc::Function, a);
        }
    }
    Ok(())
}

fn declare_global<'c>(
    m: &mut ModuleCx<'c, '_>,
    b: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let loc = b.op_loc(op);
    let name = sym_name(b, op)?;
    let ty = b
        .attr(op, "global_type")
        .and_then(|a| a.as_type())
        .ok_or_else(|| error_at(loc, "llvm.mlir.global without a type"))?;
    let llty = basic_type(m.ll, ty).map_err(|e| error_at(loc, e))?;
    let space = b
        .attr(op, "addr_space")
        .and_then(|a| a.as_int())
        .unwrap_or(0);
    let space = u16::try_from(space).map_err(|_| error_at(loc, "address space too large"))?;
    let g = m
        .module
        .add_global(llty, Some(AddressSpace::from(space)), name);
    g.set_linkage(linkage(b.attr(op, "linkage")).map_err(|e| error_at(loc, e))?);
    g.set_constant(b.attr(op, "constant").is_some());
    g.set_thread_local(b.attr(op, "thread_local_").is_some());
    g.set_externally_initialized(b.attr(op, "externally_initialized").is_some());
    if let Some(align) = b.attr(op, "alignment").and_then(|a| a.as_int()) {
        g.set_alignment(align as u32);
    }
    if let Some(section) = b.attr(op, "section").and_then(|a| a.as_str()) {
        g.set_section(Some(section));
    }
    set_global_flags(b, op, g);
    m.globals.insert(name, g);
    Ok(())
}

/// `unnamed_addr` and `visibility_` of a function or global.
fn set_global_flags(b: &Body<'_>, op: OpId, g: GlobalValue<'_>) {
    match b.attr(op, "unnamed_addr").and_then(|a| a.as_int()) {
        Some(1) => g.set_unnamed_address(inkwell::values::UnnamedAddress::Local),
        Some(2) => g.set_unnamed_address(inkwell::values::UnnamedAddress::Global),
        _ => {}
    }
    match b.attr(op, "visibility_").and_then(|a| a.as_int()) {
        Some(1) => g.set_visibility(GlobalVisibility::Hidden),
        Some(2) => g.set_visibility(GlobalVisibility::Protected),
        _ => {}
    }
}

/// Sets a global's initializer from its `value` attribute or its initializer region.
/// The region's ops are translated into a scratch function, where the builder folds
/// them into constants; what the region returns must be a constant.
fn initialize_global<'c>(
    m: &ModuleCx<'c, '_>,
    b: &Body<'c>,
    op: OpId,
) -> Result<(), Diagnostic<'c>> {
    let loc = b.op_loc(op);
    let name = sym_name(b, op)?;
    let g = m.globals[name];
    let ty = b
        .attr(op, "global_type")
        .and_then(|a| a.as_type())
        .ok_or_else(|| error_at(loc, "llvm.mlir.global without a type"))?;
    let llty = basic_type(m.ll, ty).map_err(|e| error_at(loc, e))?;
    if let Some(value) = b.attr(op, "value") {
        let c = constants::from_attribute(m.ll, value, llty)
            .map_err(|e| error_at(loc, format!("global '@{name}': {e}")))?;
        g.set_initializer(&c);
        return Ok(());
    }
    let region_body = b.nested(op);
    let region = b.regions_of(op).first().copied();
    let (Some(nested), Some(region)) = (region_body, region) else {
        return Ok(());
    };
    if nested.entry_block(region).is_none() {
        // No value and no region: a declaration of a global defined elsewhere.
        return Ok(());
    }
    let scratch_ty = m.ll.void_type().fn_type(&[], false);
    let scratch = m.module.add_function("__pto_global_init", scratch_ty, None);
    let result = FnCx::new(m, nested, scratch).run_initializer(region);
    // SAFETY: the scratch function is not referenced by anything else.
    unsafe { scratch.delete() };
    let value: BasicValueEnum = result?;
    if !constants::is_constant(value) {
        return Err(error_at(
            loc,
            format!("the initializer of global '@{name}' is not a constant"),
        ));
    }
    g.set_initializer(&value.as_basic_value_enum());
    Ok(())
}

fn define_function<'c>(m: &ModuleCx<'c, '_>, b: &Body<'c>, op: OpId) -> Result<(), Diagnostic<'c>> {
    let name = sym_name(b, op)?;
    let f = m.functions[name];
    let (Some(nested), Some(&region)) = (b.nested(op), b.regions_of(op).first()) else {
        return Ok(());
    };
    if nested.entry_block(region).is_none() {
        return Ok(());
    }
    let subprogram = m
        .debug
        .as_ref()
        .map(|d| d.borrow_mut().subprogram(f, b.op_loc(op)));
    FnCx::new(m, nested, f)
        .with_subprogram(subprogram)
        .run_function(region)
}
