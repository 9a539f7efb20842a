//! Symbolic dimensions bound to parameters: `%n: i64 {pypto.dim = "n"}` is the size
//! every `n` in the function's types stands for.
//!
//! PyPTO writes `x: pl.Tensor[[n, 64], pl.FP32]`; the `n` is a variable. A lowered
//! kernel needs its value at run time, so an integer parameter carries it: one the
//! program declares (`n: pl.INT64`, which the importer marks), or one that
//! `pypto-materialize-dims` appends. The binding is an argument attribute, not a name,
//! so it survives printing without locations.
//!
//! **Invariant (symbolic sizes):** a symbolic dimension is read from the integer
//! parameter bound to it, so the lowerings need no names: `pypto-tensor-to-block` runs a
//! chain of `n` rows as whole blocks plus a loop over the rows left, one at a time
//! (static tiles only); `pypto-block-to-pto` views the pointer with `n` rows and
//! allocates created tensors of `n` rows; `pto-run` and `pto_mlir::CompiledEntry` fill
//! the appended parameters (after the PyPTO ones, before the result buffers) from the
//! `.npy` shapes and check that every array, and every declared size, agrees. The
//! binding exists for calls too: `func.call` types equal the callee's, so a call passes
//! the caller's parameter.

use std::collections::HashMap;

use pto_ir::{Attribute, Body, Context, Type, TypeKind, ValueId};

use super::types::{Dim, Shaped};

/// The argument attribute that binds a parameter to a symbolic dimension.
pub const DIM_ATTR: &str = "pypto.dim";

/// The symbol each of `n` parameters binds, from a function's `arg_attrs`.
pub fn param_symbols<'c>(arg_attrs: Option<Attribute<'c>>, n: usize) -> Vec<Option<&'c str>> {
    let dicts = arg_attrs.and_then(|a| a.as_array()).unwrap_or(&[]);
    (0..n)
        .map(|i| {
            dicts
                .get(i)
                .and_then(|d| d.dict_get(DIM_ATTR))
                .and_then(|a| a.as_str())
        })
        .collect()
}

/// `arg_attrs` with parameter `i`'s dictionary binding `sym`, for a function of `n`
/// parameters (missing dictionaries are empty).
pub fn with_param_symbol<'c>(
    ctx: &'c Context,
    arg_attrs: Option<Attribute<'c>>,
    n: usize,
    i: usize,
    sym: &str,
) -> Attribute<'c> {
    let old = arg_attrs.and_then(|a| a.as_array()).unwrap_or(&[]);
    let dicts: Vec<Attribute<'c>> = (0..n.max(i + 1))
        .map(|k| {
            let d = old.get(k).copied().unwrap_or_else(|| ctx.empty_dict());
            if k == i {
                ctx.dict_with(Some(d), DIM_ATTR, Some(ctx.string_attr(sym)))
            } else {
                d
            }
        })
        .collect();
    ctx.array_attr(&dicts)
}

/// The symbolic dimensions of `t` (a tensor or tile type), in order; `?` (unknown) is
/// not a symbol.
pub fn symbols_of(t: Type<'_>) -> Vec<&str> {
    Shaped::of(t).map_or(Vec::new(), |s| {
        s.shape
            .iter()
            .filter_map(|d| match *d {
                Dim::Sym(s) if s != "?" => Some(s),
                _ => None,
            })
            .collect()
    })
}

/// True if `t` is an integer type (what a bound parameter must be).
pub fn is_integer(t: Type<'_>) -> bool {
    matches!(t.kind(), TypeKind::Integer { .. } | TypeKind::Index)
}

/// For the body of a `func.func`: each bound symbol and the entry block argument that
/// holds it.
pub fn symbol_params<'c>(body: &Body<'c>) -> HashMap<&'c str, ValueId> {
    let Some(entry) = body.root_entry_block() else {
        return HashMap::new();
    };
    let args = body.block_args(entry);
    param_symbols(body.owner_attr("arg_attrs"), args.len())
        .into_iter()
        .zip(args)
        .filter_map(|(s, &a)| Some((s?, a)))
        .collect()
}
