//! Synchronisation between cores: `sync.set`/`sync.wait` (a pipe and a static or run-time
//! event id) and `set_ffts`, with PTOAS's syntax and checks. What differs on A5 is
//! checked when the parser's target is A5 (`arch`).

use pto_ir::asm::{OpAsmParser, OpAsmPrinter};
use pto_ir::body::OperationState;
use pto_ir::{Body, Context, OpId, TypeKind};

use super::arch::{parser_arch, ParserArch};
use super::check::{Check, VResult};
use super::transforms::sync_model::Pipe;

fn parse_core_sync<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    // `<PIPE_X>` as the printer writes it, or the attribute in full.
    let pipe = if p.parse_optional_punct("<") {
        let pos = p.current_pos();
        let word = p.parse_keyword_or_string()?;
        p.parse_punct(">")?;
        match Pipe::from_name(&word) {
            Some(pipe) => pipe.attr(ctx),
            None => {
                p.emit_error_at(pos, &format!("unknown pipe '{word}'"));
                return Err(());
            }
        }
    } else {
        let pos = p.current_pos();
        let a = p.parse_attribute()?;
        if Pipe::from_attr(a).is_none() {
            p.emit_error_at(pos, "expected a pipe (#pto.pipe<...>)");
            return Err(());
        }
        a
    };
    p.parse_punct(",")?;
    let mut props: Vec<(&str, pto_ir::Attribute<'c>)> = vec![("pipe", pipe)];
    match p.parse_optional_operand()? {
        Some(u) => state
            .operands
            .push(p.resolve_operand(&u, ctx.index_type())?),
        None => {
            let i32_ty = ctx.int_type(32);
            props.push(("event_id", p.parse_attribute_of(Some(i32_ty))?));
        }
    }
    p.parse_optional_attr_dict(state)?;
    for (name, value) in props {
        state.set_prop(ctx, name, value);
    }
    Ok(())
}

fn print_core_sync<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    let pipe = body.attr(op, "pipe").and_then(Pipe::from_attr);
    p.write(&format!(" <{}>, ", pipe.map_or("?", |x| x.name())));
    match body.attr(op, "event_id").and_then(|a| a.as_int()) {
        Some(id) => p.write(&id.to_string()),
        None => p.print_operand(body, body.operand(op, 0)),
    }
    pto_ir::asm::print_op_attrs(p, body, op, &["pipe", "event_id"]);
}

fn verify_core_sync<'c>(ctx: &'c Context, body: &Body<'c>, op: OpId, what: &str) -> VResult<'c> {
    let c = Check::new(body, op);
    let id = body.attr(op, "event_id").and_then(|a| a.as_int());
    c.fail(
        id.is_some() != (body.num_operands(op) == 1),
        "expects exactly one event-id form: static attr or dynamic index operand",
    )?;
    if let Some(mode) = body.attr(op, "ffts_mode").and_then(|a| a.as_int()) {
        c.fail(
            (0..=2).contains(&mode),
            &format!("requires ffts_mode in range [0, 2], but got {mode}"),
        )?;
    }
    if parser_arch(ctx) != Some(ParserArch::A5) {
        return Ok(());
    }
    if let Some(id) = id {
        c.fail(
            (0..=15).contains(&id),
            &format!("A5 {what} expects static FFTS event_id in [0, 15], but got {id}"),
        )?;
    }
    let pipe = body.attr(op, "pipe").and_then(Pipe::from_attr);
    let (allowed, shown): (&[Pipe], &str) = if what == "sync.set" {
        (&[Pipe::FIX, Pipe::MTE3], "<PIPE_FIX>, <PIPE_MTE3>")
    } else {
        (
            &[Pipe::FIX, Pipe::MTE1, Pipe::MTE2, Pipe::MTE3, Pipe::V],
            "<PIPE_FIX>, <PIPE_MTE1>, <PIPE_MTE2>, <PIPE_MTE3>, <PIPE_V>",
        )
    };
    c.fail(
        pipe.is_some_and(|x| allowed.contains(&x)),
        &format!("A5 {what} expects pipe to be one of {shown}"),
    )
}

/// The hooks of `sync.set` and `sync.wait`.
macro_rules! core_sync_hooks {
    ($($what:literal: $parse:ident, $print:ident, $verify:ident);*) => {
        $(pub(super) fn $parse<'c>(
            p: &mut dyn OpAsmParser<'c>,
            s: &mut OperationState<'c>,
        ) -> Result<(), ()> {
            parse_core_sync(p, s)
        }
        pub(super) fn $print<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
            print_core_sync(p, body, op)
        }
        pub(super) fn $verify<'c>(ctx: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
            verify_core_sync(ctx, body, op, $what)
        })*
    };
}

core_sync_hooks!(
    "sync.set": parse_sync_set, print_sync_set, verify_sync_set;
    "sync.wait": parse_sync_wait, print_sync_wait, verify_sync_wait
);

/// `set_ffts`: a memref or `!pto.ptr` of `i64` (or `i8`).
pub(super) fn verify_set_ffts<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    let c = Check::new(body, op);
    let t = body.value_type(body.operand(op, 0));
    let elem = match t.kind() {
        TypeKind::MemRef { element, .. } => Some(*element),
        _ => super::PtrType::from_type(t).map(|p| p.element_type()),
    };
    let Some(elem) = elem else {
        return c.fail(false, "expects a memref or !pto.ptr operand");
    };
    c.fail(
        elem.is_signless_int(64) || elem.is_signless_int(8),
        "expects element type i64 (or i8)",
    )
}
