//! The `ptotest` dialect (`td/test/TestOps.td`): types and attributes with parameters
//! written in every declarative form (`struct`, `params`, optional groups, `custom`;
//! `struct(params)` for PTO-style `keyword = value` types), for tests.
//! `pto-opt` registers it ([`crate::test_registry`]); the other tools do not.

use pto_ir::asm::OpAsmParser;
use pto_ir::printer::TypePrinter;
use pto_ir::{Context, Type, TypeParam};

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

/// `rows` of a config is positive and its `size` is a positive integer.
fn verify_attr_config<'c>(_ctx: &'c Context, params: &[TypeParam<'c>]) -> Result<(), String> {
    if params[2].as_int().is_some_and(|v| v <= 0) {
        return Err("config rows must be positive".into());
    }
    if params[4]
        .as_attr()
        .and_then(|a| a.as_int())
        .is_some_and(|v| v <= 0)
    {
        return Err("config size must be positive".into());
    }
    Ok(())
}

/// `<lo to hi>`.
fn parse_attr_range<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<TypeParam<'c>>, ()> {
    p.parse_punct("<")?;
    let bound = |p: &mut dyn OpAsmParser<'c>| match p.parse_optional_integer()? {
        Some(v) => Ok(TypeParam::Int(v)),
        None => {
            p.emit_error("expected integer value");
            Err(())
        }
    };
    let lo = bound(p)?;
    p.parse_keyword("to")?;
    let hi = bound(p)?;
    p.parse_punct(">")?;
    Ok(vec![lo, hi])
}

fn print_attr_range(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    p.write("<");
    p.print_int(params[0].as_int().unwrap_or(0));
    p.write(" to ");
    p.print_int(params[1].as_int().unwrap_or(0));
    p.write(">");
}

/// A range is not reversed.
fn verify_attr_range<'c>(_ctx: &'c Context, params: &[TypeParam<'c>]) -> Result<(), String> {
    match (params[0].as_int(), params[1].as_int()) {
        (Some(lo), Some(hi)) if lo > hi => {
            Err(format!("range lower bound {lo} exceeds upper bound {hi}"))
        }
        _ => Ok(()),
    }
}
