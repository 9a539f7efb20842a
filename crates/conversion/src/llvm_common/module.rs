//! Module-level symbols that lowerings need (runtime function declarations, string
//! constants). Patterns cannot leave the function body they rewrite, so a pass
//! creates these in the module body before its conversion runs, as MLIR's
//! `lookupOrCreateFn` would from inside the pattern.

use pto_dialects::llvm::{self, build_func, build_global};
use pto_ir::builder::OpBuilder;
use pto_ir::symbol_table::symbol_name;
use pto_ir::{BlockId, Body, Context, InsertPoint, Location, OpId};

/// The block of the module whose body is `body` (its first root region's entry).
pub fn module_block(body: &Body<'_>) -> Option<BlockId> {
    body.entry_block(*body.root_regions().first()?)
}

/// The op defining symbol `name` at the top level of the module.
pub fn lookup_symbol(body: &Body<'_>, name: &str) -> Option<OpId> {
    let block = module_block(body)?;
    body.block_ops(block)
        .find(|&op| symbol_name(body, op) == Some(name))
}

/// Declares `llvm.func @name` of type `fty` at the start of the module unless a symbol
/// of that name exists.
pub fn lookup_or_create_func<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    loc: Location<'c>,
    name: &str,
    fty: pto_ir::Type<'c>,
) {
    let Some(block) = module_block(body) else {
        return;
    };
    if lookup_symbol(body, name).is_some() {
        return;
    }
    let mut b = OpBuilder::new(ctx, body);
    b.set_insertion_point(InsertPoint::BlockStart(block));
    build_func(&mut b, loc, name, fty, "external", false);
}

/// A symbol name based on `base` that the module does not define yet (`base`,
/// `base_0`, `base_1`, ...).
pub fn unique_symbol(body: &Body<'_>, base: &str) -> String {
    if lookup_symbol(body, base).is_none() {
        return base.to_string();
    }
    (0..)
        .map(|i| format!("{base}_{i}"))
        .find(|n| lookup_symbol(body, n).is_none())
        .expect("some suffix is free")
}

/// Creates a private constant global holding `text` and a terminating NUL as an
/// `!llvm.array<N x i8>` at the start of the module; returns its name and type.
pub fn create_global_string<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    loc: Location<'c>,
    base: &str,
    text: &str,
) -> Option<(String, pto_ir::Type<'c>)> {
    let block = module_block(body)?;
    let name = unique_symbol(body, base);
    let bytes: Vec<i64> = text.bytes().chain([0]).map(i64::from).collect();
    let i8 = ctx.int_type(8);
    let tensor = ctx.ranked_tensor_type(&[bytes.len() as i64], i8, None);
    let ty = llvm::array_type(ctx, i8, bytes.len() as u64);
    let value = ctx.dense_int_elements(tensor, &bytes);
    let mut b = OpBuilder::new(ctx, body);
    b.set_insertion_point(InsertPoint::BlockStart(block));
    build_global(&mut b, loc, &name, ty, "private", true, Some(value));
    Some((name, ty))
}

/// Every op named `name` in `body` and the bodies nested in it, with a reader `f`.
pub fn visit_ops_deep<'c>(body: &Body<'c>, name: &str, f: &mut impl FnMut(&Body<'c>, OpId)) {
    for op in body.all_ops() {
        if body.op_name(op).as_str() == name {
            f(body, op);
        }
        if let Some(nested) = body.nested(op) {
            visit_ops_deep(nested, name, f);
        }
    }
}
