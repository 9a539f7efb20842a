//! The `ptotest` dialect (`dialects/test/TestOps.td`): types with parameters written in
//! every declarative form (`struct`, `params`, optional groups, `custom`), for tests.
//! `pto-opt` registers it; [`register_all_dialects`](crate::tools::opt::register_all_dialects)
//! does not.

use crate::ir::{Context, Type, TypeParam};
use crate::syntax::asm::OpAsmParser;
use crate::syntax::printer::TypePrinter;

mod ods {
    include!(concat!(env!("OUT_DIR"), "/ptotest_ods.rs"));
}
pub use ods::*;

/// `rows` and `cols` of a tile are positive.
fn verify_type_tile<'c>(_ctx: &'c Context, params: &[TypeParam<'c>]) -> Result<(), String> {
    for (name, p) in [("rows", params[2]), ("cols", params[3])] {
        if p.as_int().is_some_and(|v| v <= 0) {
            return Err(format!("tile {name} must be positive"));
        }
    }
    Ok(())
}

/// `t0, t1, ...` optionally ending with `...` (the flag).
fn parse_open_list<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<(Vec<Type<'c>>, bool), ()> {
    let mut elems = Vec::new();
    loop {
        if p.parse_optional_punct("...") {
            return Ok((elems, true));
        }
        match p.parse_optional_type()? {
            Some(t) => elems.push(t),
            None if elems.is_empty() => return Ok((elems, false)),
            None => {
                p.emit_error("expected a type or '...'");
                return Err(());
            }
        }
        if !p.parse_optional_punct(",") {
            return Ok((elems, false));
        }
    }
}

fn print_open_list(p: &mut TypePrinter<'_>, elems: &[Type<'_>], open: bool) {
    for (i, t) in elems.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(*t);
    }
    if open {
        p.write(if elems.is_empty() { "..." } else { ", ..." });
    }
}
