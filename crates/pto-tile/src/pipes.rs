//! Hooks of the cube-vector pipe ops and the reserved buffers
//! (`td/pto/PTOPipeOps.td`): the custom syntax of `aic_/aiv_initialize_pipe` and
//! `tfree`, and the verifiers, with PTOAS's messages. A frontend pipe op names its pipe by `id`; the verifiers match it with
//! the `initialize_pipe` of its function and check the kernel kind (the function's
//! `pto.kernel_kind`, or an enclosing `pto.section.cube`/`pto.section.vector`).

use pto_ir::asm::{OpAsmParser, OpAsmPrinter, UnresolvedOperand};
use pto_ir::body::OperationState;
use pto_ir::symbol_table::SymbolTable;
use pto_ir::verifier::op_error;
use pto_ir::{Body, Context, Diagnostic, OpId, Type, ValueId, DYNAMIC};

use super::check::{Check, VResult};
use super::views::{expect_operand, set_segments};
use super::{AddressSpace as AS, TileBufType};
use pto_dialects::func;

fn int_attr(body: &Body<'_>, op: OpId, name: &str) -> Option<i128> {
    body.attr(op, name).and_then(|a| a.as_int())
}

// ---- where an op is -------------------------------------------------------------------

/// The kind of kernel code runs in.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Kernel {
    Cube,
    Vector,
}

impl Kernel {
    fn name(self) -> &'static str {
        match self {
            Kernel::Cube => "cube",
            Kernel::Vector => "vector",
        }
    }
}

/// The outermost op of `body` that contains `op` (the op itself at top level).
fn top_level(body: &Body<'_>, op: OpId) -> OpId {
    let mut cur = op;
    while let Some(p) = body.parent_op(cur) {
        cur = p;
    }
    cur
}

/// Whether `op` is in a `func.func` (its body is the function's).
fn in_function(body: &Body<'_>, op: OpId) -> bool {
    body.parent_op_name(top_level(body, op))
        .is_some_and(|n| n.as_str() == func::FuncOp::NAME)
}

/// The kernel `op` runs in: its innermost section, else its function's `pto.kernel_kind`.
fn kernel_of(body: &Body<'_>, op: OpId) -> Option<Kernel> {
    let mut cur = op;
    while let Some(p) = body.parent_op(cur) {
        match body.op_name(p).as_str() {
            crate::SectionCubeOp::NAME => return Some(Kernel::Cube),
            crate::SectionVectorOp::NAME => return Some(Kernel::Vector),
            _ => cur = p,
        }
    }
    let kind = body.owner_discardable_attr("pto.kernel_kind")?;
    Some(match super::KernelKindAttr::from_attr(kind)?.value() {
        super::KernelKind::Cube => Kernel::Cube,
        super::KernelKind::Vector => Kernel::Vector,
    })
}

fn expect_kernel<'c>(body: &Body<'c>, op: OpId, k: Kernel) -> VResult<'c> {
    if kernel_of(body, op) == Some(k) {
        return Ok(());
    }
    Err(op_error(
        body,
        op,
        &format!("must be inside a {} kernel function or section", k.name()),
    ))
}

fn expect_function<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    if in_function(body, op) {
        return Ok(());
    }
    Err(op_error(body, op, "must be nested under a func.func"))
}

/// The ops of the function for which `pred` holds.
fn ops_where(body: &Body<'_>, pred: impl Fn(OpId) -> bool) -> Vec<OpId> {
    body.all_ops().into_iter().filter(|&o| pred(o)).collect()
}

/// Checks `dir_mask` and `slot_size`, which all pipe initializations have; returns
/// `dir_mask`.
fn check_dir_and_slot_size<'c>(c: &Check<'_, 'c>) -> Result<i128, Diagnostic<'c>> {
    let dir = int_attr(c.body, c.op, "dir_mask").unwrap_or(0);
    c.fail(
        (1..=3).contains(&dir),
        "expects 'dir_mask' to be 1, 2, or 3",
    )?;
    c.fail(
        int_attr(c.body, c.op, "slot_size").unwrap_or(0) > 0,
        "expects 'slot_size' to be greater than 0",
    )?;
    Ok(dir)
}

fn check_split<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    let split = int_attr(body, op, "split").unwrap_or(0);
    Check::new(body, op).fail((0..=2).contains(&split), "expects 'split' to be 0, 1, or 2")
}

// ---- reserved buffers ------------------------------------------------------------------

pub(super) fn verify_reserve_buffer<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    expect_function(body, op)?;
    let c = Check::new(body, op);
    c.fail(
        int_attr(body, op, "size").unwrap_or(0) > 0,
        "expects 'size' to be greater than 0",
    )?;
    let loc = body
        .attr(op, "location")
        .and_then(super::address_space_of_attr);
    c.fail(
        matches!(loc, Some(AS::VEC | AS::MAT)),
        "expects 'location' to be #pto.address_space<vec> or #pto.address_space<mat>",
    )?;
    let auto = int_attr(body, op, "autoAlloc").unwrap_or(0) != 0;
    let base = int_attr(body, op, "base");
    c.fail(
        auto || base.is_some(),
        "expects 'base' when 'auto' is false",
    )?;
    c.fail(
        base.is_none_or(|b| b >= 0),
        "expects 'base' to be non-negative when present",
    )?;
    let name = body.attr(op, "name").and_then(|a| a.as_str());
    let same = ops_where(body, |o| {
        body.op_name(o).as_str() == crate::ReserveBufferOp::NAME
            && body.attr(o, "name").and_then(|a| a.as_str()) == name
    })
    .len();
    c.fail(
        same <= 1,
        "requires 'name' to be unique within the function",
    )
}

pub(super) fn verify_import_reserved_buffer<'c>(
    _: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> VResult<'c> {
    expect_function(body, op)?;
    let key = |o: OpId| (body.attr(o, "name"), body.attr(o, "peer_func"));
    let same = ops_where(body, |o| {
        body.op_name(o).as_str() == crate::ImportReservedBufferOp::NAME && key(o) == key(op)
    })
    .len();
    Check::new(body, op).fail(
        same <= 1,
        "requires (name, peer_func) to be unique within the function",
    )
}

/// The peer function must exist and reserve a buffer of the imported name.
pub(super) fn verify_symbol_uses_import_reserved_buffer<'b, 'c>(
    _: &'c Context,
    body: &'b Body<'c>,
    op: OpId,
    table: &SymbolTable<'b, 'c>,
) -> VResult<'c> {
    let peer = body
        .attr(op, "peer_func")
        .and_then(|a| a.symbol_root())
        .and_then(|name| table.lookup(name))
        .filter(|(b, f)| b.op_name(*f).as_str() == func::FuncOp::NAME);
    let Some((fb, f)) = peer else {
        return Err(op_error(
            body,
            op,
            "expects 'peer_func' to reference an existing func.func",
        ));
    };
    let name = body.attr(op, "name").and_then(|a| a.as_str());
    let found = fb.nested(f).is_some_and(|fbody| {
        fbody.all_ops().into_iter().any(|o| {
            fbody.op_name(o).as_str() == crate::ReserveBufferOp::NAME
                && fbody.attr(o, "name").and_then(|a| a.as_str()) == name
        })
    });
    Check::new(body, op).fail(found, "expects matching peer reserve_buffer to exist")
}

// ---- frontend initialize_pipe: syntax ----------------------------------------------------

/// The clauses of `{id = 0, dir_mask = 1, ...}`, in print order, and the type of each.
const INIT_CLAUSES: &[(&str, u32)] = &[
    ("id", 32),
    ("dir_mask", 8),
    ("slot_size", 32),
    ("slot_num", 32),
    ("local_slot_num", 32),
    ("nosplit", 1),
];

/// The operand clauses of `(gm_slot_buffer = %p : T, ...)`, in ODS order.
const INIT_OPERANDS: &[&str] = &["gm_slot_buffer", "c2v_consumer_buf", "v2c_consumer_buf"];

/// What a clause list's errors call its parts.
struct ClauseWords {
    /// The error where a keyword is missing.
    missing: &'static str,
    /// Before `'key'` where the key is not one of the list's.
    unknown: &'static str,
    /// After `duplicate 'key'`.
    noun: &'static str,
}

/// `key = value, ...` up to `close` (the opening punctuation parsed), each key one of
/// `keys`, at most once; `value` parses what follows `key = ` for the key at its index.
/// Returns which keys were given.
fn parse_clauses<'c>(
    p: &mut dyn OpAsmParser<'c>,
    close: &str,
    keys: &[&str],
    words: &ClauseWords,
    mut value: impl FnMut(&mut dyn OpAsmParser<'c>, usize) -> Result<(), ()>,
) -> Result<Vec<bool>, ()> {
    let mut seen = vec![false; keys.len()];
    while !p.parse_optional_punct(close) {
        let pos = p.current_pos();
        let Some(key) = p.parse_optional_any_keyword() else {
            p.emit_error(words.missing);
            return Err(());
        };
        let Some(i) = keys.iter().position(|&k| k == key) else {
            p.emit_error_at(pos, &format!("{} '{key}'", words.unknown));
            return Err(());
        };
        if seen[i] {
            p.emit_error_at(pos, &format!("duplicate '{key}' {}", words.noun));
            return Err(());
        }
        seen[i] = true;
        p.parse_punct("=")?;
        value(p, i)?;
        if !p.parse_optional_punct(",") {
            p.parse_punct(close)?;
            break;
        }
    }
    Ok(seen)
}

fn parse_initialize_pipe<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    // Set after the trailing attribute dictionary, which the parser only splits into
    // properties and attributes while the state has no properties.
    let mut clauses: Vec<(&str, pto_ir::Attribute<'c>)> = Vec::new();
    p.parse_punct("{")?;
    let keys: Vec<&str> = INIT_CLAUSES.iter().map(|c| c.0).collect();
    let words = ClauseWords {
        missing: "expected a clause keyword",
        unknown: "unexpected keyword",
        noun: "clause",
    };
    let seen = parse_clauses(p, "}", &keys, &words, |p, i| {
        let width = INIT_CLAUSES[i].1;
        let value = if width == 1 {
            match p.parse_optional_any_keyword().as_deref() {
                Some("true") => 1,
                Some("false") => 0,
                _ => {
                    p.emit_error("expected 'true' or 'false'");
                    return Err(());
                }
            }
        } else {
            match p.parse_optional_integer()? {
                Some(v) => i128::from(v),
                None => {
                    p.emit_error("expected an integer");
                    return Err(());
                }
            }
        };
        clauses.push((INIT_CLAUSES[i].0, ctx.int_attr(ctx.int_type(width), value)));
        Ok(())
    })?;
    for (i, what) in [(1, "dir_mask"), (2, "slot_size")] {
        if !seen[i] {
            let at = p.op_name_pos();
            p.emit_error_at(at, &format!("expected '{what}' clause"));
            return Err(());
        }
    }
    if !seen[0] {
        clauses.push(("id", ctx.int_attr(ctx.int_type(32), 0)));
    }
    let mut operands: [Option<(UnresolvedOperand, Type<'c>)>; 3] = [None, None, None];
    p.parse_punct("(")?;
    let words = ClauseWords {
        missing: "expected an operand clause keyword",
        unknown: "unexpected initialize_pipe operand",
        noun: "operand",
    };
    parse_clauses(p, ")", INIT_OPERANDS, &words, |p, i| {
        let u = expect_operand(p)?;
        p.parse_punct(":")?;
        operands[i] = Some((u, p.parse_type()?));
        Ok(())
    })?;
    p.parse_optional_attr_dict(state)?;
    for (name, value) in clauses {
        state.set_prop(ctx, name, value);
    }
    let mut sizes = [0i32; 3];
    for (i, o) in operands.iter().enumerate() {
        if let Some((u, ty)) = o {
            state.operands.push(p.resolve_operand(u, *ty)?);
            sizes[i] = 1;
        }
    }
    set_segments(ctx, state, &sizes);
    Ok(())
}

fn print_initialize_pipe<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    p.write(" {");
    let mut first = true;
    for &(key, width) in INIT_CLAUSES {
        let Some(v) = int_attr(body, op, key) else {
            continue;
        };
        if key == "id" && v == 0 {
            continue;
        }
        if !first {
            p.write(", ");
        }
        first = false;
        let text = if width == 1 {
            (if v != 0 { "true" } else { "false" }).to_string()
        } else {
            v.to_string()
        };
        p.write(&format!("{key} = {text}"));
    }
    p.write("}(");
    let spec = body.op_name(op).def.and_then(|d| d.spec);
    let mut first = true;
    for (g, key) in INIT_OPERANDS.iter().enumerate() {
        let Some(spec) = spec else { break };
        for v in pto_ir::ods::operand_group(spec, body, op, g) {
            if !first {
                p.write(", ");
            }
            first = false;
            p.write(&format!("{key} = "));
            p.print_operand(body, v);
            p.write(" : ");
            p.print_type(body.value_type(v));
        }
    }
    p.write(")");
    let mut elided: Vec<&str> = INIT_CLAUSES.iter().map(|c| c.0).collect();
    elided.push("operandSegmentSizes");
    pto_ir::asm::print_op_attrs(p, body, op, &elided);
}

/// The custom-syntax hooks of one of the two `initialize_pipe` ops.
macro_rules! initialize_pipe_syntax {
    ($($parse:ident, $print:ident);*) => {
        $(pub(super) fn $parse<'c>(
            p: &mut dyn OpAsmParser<'c>,
            state: &mut OperationState<'c>,
        ) -> Result<(), ()> {
            parse_initialize_pipe(p, state)
        }

        pub(super) fn $print<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
            print_initialize_pipe(p, body, op)
        })*
    };
}

initialize_pipe_syntax!(
    parse_aic_initialize_pipe, print_aic_initialize_pipe;
    parse_aiv_initialize_pipe, print_aiv_initialize_pipe
);

// ---- frontend pipes: verifiers ------------------------------------------------------------

fn is_init(body: &Body<'_>, o: OpId) -> bool {
    matches!(
        body.op_name(o).as_str(),
        crate::AicInitializePipeOp::NAME | crate::AivInitializePipeOp::NAME
    )
}

/// The frontend `initialize_pipe` ops of the function that open pipe `id`.
fn inits_with_id(body: &Body<'_>, id: i128) -> Vec<OpId> {
    ops_where(body, |o| {
        is_init(body, o) && int_attr(body, o, "id").unwrap_or(0) == id
    })
}

fn verify_initialize_pipe<'c>(body: &Body<'c>, op: OpId, k: Kernel) -> VResult<'c> {
    expect_kernel(body, op, k)?;
    expect_function(body, op)?;
    let c = Check::new(body, op);
    let id = int_attr(body, op, "id").unwrap_or(0);
    c.fail(id >= 0, "expects 'id' to be non-negative")?;
    let same = inits_with_id(body, id).len();
    c.fail(
        same <= 1,
        "requires 'id' to be unique across frontend initialize_pipe ops in the function",
    )?;
    let dir = check_dir_and_slot_size(&c)?;
    let slot_num = int_attr(body, op, "slot_num");
    c.fail(
        slot_num.is_none_or(|n| n > 0),
        "expects 'slot_num' to be greater than 0",
    )?;
    let (c2v, v2c) = (
        c.named("c2v_consumer_buf").is_some(),
        c.named("v2c_consumer_buf").is_some(),
    );
    c.fail(
        c2v || v2c,
        "expects local pipe init to provide at least one consumer buffer operand",
    )?;
    match dir {
        1 => c.fail(c2v, "expects 'c2v_consumer_buf' when dir_mask is 1")?,
        2 => c.fail(v2c, "expects 'v2c_consumer_buf' when dir_mask is 2")?,
        _ => c.fail(
            c2v && v2c,
            "expects both 'c2v_consumer_buf' and 'v2c_consumer_buf' when dir_mask is 3",
        )?,
    }
    if let Some(local) = int_attr(body, op, "local_slot_num") {
        c.fail(local > 0, "expects 'local_slot_num' to be greater than 0")?;
        let slots = slot_num.unwrap_or(if dir == 3 { 4 } else { 8 });
        c.fail(
            local <= slots,
            &format!(
                "expects 'local_slot_num' to be less than or equal to slot_num ({slots}) for dir_mask = {dir}"
            ),
        )?;
    }
    Ok(())
}

/// A push, pop or free of pipe `id` in a `k` kernel, moving data cube-to-vector when
/// `c2v`: the pipe must be initialized once in the function, in that direction.
fn verify_frontend_data<'c>(body: &Body<'c>, op: OpId, k: Kernel, c2v: bool) -> VResult<'c> {
    expect_kernel(body, op, k)?;
    let c = Check::new(body, op);
    let id = int_attr(body, op, "id").unwrap_or(0);
    c.fail(id >= 0, "expects 'id' to be non-negative")?;
    check_split(body, op)?;
    expect_function(body, op)?;
    let inits = inits_with_id(body, id);
    c.fail(
        !inits.is_empty(),
        &format!("expects 'id' = {id} to match a frontend initialize_pipe op in the same function"),
    )?;
    c.fail(
        inits.len() == 1,
        &format!(
            "expects 'id' = {id} to match exactly one frontend initialize_pipe op in the same function"
        ),
    )?;
    let dir = int_attr(body, inits[0], "dir_mask").unwrap_or(0);
    if c2v {
        c.fail(
            dir == 1 || dir == 3,
            &format!("expects 'id' = {id} to reference initialize_pipe with dir_mask = 1 or 3"),
        )
    } else {
        c.fail(
            dir == 2 || dir == 3,
            &format!("expects 'id' = {id} to reference initialize_pipe with dir_mask = 2 or 3"),
        )
    }
}

/// The valid sizes of a pop are given exactly for a tile whose valid shape is dynamic.
fn verify_frontend_pop<'c>(body: &Body<'c>, op: OpId, k: Kernel, c2v: bool) -> VResult<'c> {
    verify_frontend_data(body, op, k, c2v)?;
    let c = Check::new(body, op);
    let (r, col) = (
        c.named("valid_row").is_some(),
        c.named("valid_col").is_some(),
    );
    c.fail(
        r == col,
        "expects valid_row and valid_col operands to be provided together",
    )?;
    let ty = body.value_type(body.result(op, 0));
    if r {
        let Some(t) = TileBufType::from_type(ty) else {
            return Err(c.err(
                "expects tile result to be !pto.tile_buf when valid_row/valid_col operands are provided",
            ));
        };
        c.fail(
            t.valid_rows() == DYNAMIC && t.valid_cols() == DYNAMIC,
            "expects tile result to have dynamic validShape (?, ?) when valid_row/valid_col operands are provided",
        )?;
    }
    Ok(())
}

/// Verifier hooks that call `$f(body, op, args...)`.
macro_rules! frontend_hooks {
    ($($name:ident => $f:ident($($arg:expr),*)),* $(,)?) => {
        $(pub(super) fn $name<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
            $f(body, op, $($arg),*)
        })*
    };
}

frontend_hooks! {
    verify_aic_initialize_pipe => verify_initialize_pipe(Kernel::Cube),
    verify_aiv_initialize_pipe => verify_initialize_pipe(Kernel::Vector),
    verify_tpush_to_aiv => verify_frontend_data(Kernel::Cube, true),
    verify_tpush_to_aic => verify_frontend_data(Kernel::Vector, false),
    verify_tpop_from_aic => verify_frontend_pop(Kernel::Vector, true),
    verify_tpop_from_aiv => verify_frontend_pop(Kernel::Cube, false),
    verify_tfree_from_aic => verify_frontend_data(Kernel::Vector, true),
    verify_tfree_from_aiv => verify_frontend_data(Kernel::Cube, false),
}

// ---- internal pipes -----------------------------------------------------------------------

/// The FIFO's shape; a `flag_base` leaves room for the pipe's flags (2, or 4 for both
/// directions) below the 16 hardware flag ids.
fn verify_pipe_shape<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    let c = Check::new(body, op);
    let dir = check_dir_and_slot_size(&c)?;
    c.fail(
        int_attr(body, op, "slot_num").unwrap_or(0) > 0,
        "expects 'slot_num' to be greater than 0",
    )?;
    if let Some(base) = int_attr(body, op, "flag_base") {
        c.fail(
            base >= 0,
            "expects 'flag_base' to be non-negative when present",
        )?;
        let width = if dir == 3 { 4 } else { 2 };
        c.fail(
            base + width <= 16,
            "requires 'flag_base' and dir_mask to fit within 16 hardware flag ids",
        )?;
    }
    Ok(())
}

/// `peer_local_addr` is given exactly for both directions.
fn verify_peer<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    let c = Check::new(body, op);
    let dir = int_attr(body, op, "dir_mask").unwrap_or(0);
    let peer = c.named("peer_local_addr").is_some();
    c.fail(
        dir != 3 || peer,
        "expects 'peer_local_addr' when dir_mask is 3",
    )?;
    c.fail(
        dir == 3 || !peer,
        "'peer_local_addr' is only allowed when dir_mask is 3",
    )
}

pub(super) fn verify_initialize_l2l_pipe<'c>(
    _: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> VResult<'c> {
    verify_pipe_shape(body, op)?;
    verify_peer(body, op)
}

pub(super) fn verify_initialize_l2g2l_pipe<'c>(
    _: &'c Context,
    body: &Body<'c>,
    op: OpId,
) -> VResult<'c> {
    verify_pipe_shape(body, op)?;
    let c = Check::new(body, op);
    let local_slots = int_attr(body, op, "local_slot_num");
    if c.named("local_addr").is_none() {
        c.fail(
            c.named("peer_local_addr").is_none(),
            "'peer_local_addr' requires 'local_addr'",
        )?;
        return c.fail(
            local_slots.is_none(),
            "'local_slot_num' is only allowed when 'local_addr' is present",
        );
    }
    if let Some(n) = local_slots {
        c.fail(n > 0, "expects 'local_slot_num' to be greater than 0")?;
        c.fail(
            n <= int_attr(body, op, "slot_num").unwrap_or(0),
            "expects 'local_slot_num' to be less than or equal to slot_num",
        )?;
    }
    verify_peer(body, op)
}

/// An internal pipe op: in kernel code, on a handle an `initialize_*_pipe` made.
fn verify_pipe_use<'c>(body: &Body<'c>, op: OpId) -> VResult<'c> {
    let c = Check::new(body, op);
    c.fail(
        kernel_of(body, op).is_some(),
        "must be inside pto.section.cube/vector or a kernel_kind function",
    )?;
    let made_by_init = c
        .named("pipe_handle")
        .and_then(|v| body.defining_op(v))
        .is_some_and(|d| {
            matches!(
                body.op_name(d).as_str(),
                crate::InitializeL2LPipeOp::NAME | crate::InitializeL2G2LPipeOp::NAME
            )
        });
    c.fail(
        made_by_init,
        "pipe_handle must be produced by pto.initialize_l2l_pipe or pto.initialize_l2g2l_pipe",
    )?;
    check_split(body, op)
}

/// The address space of a pipe entry (a tile's `loc` or a memref's memory space).
fn entry_space(ty: Type<'_>) -> Option<AS> {
    super::transforms::sync_model::space_of_type(ty)
}

pub(super) fn verify_tpush<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    verify_pipe_use(body, op)?;
    let c = Check::new(body, op);
    c.fail(
        matches!(entry_space(c.ty(0)), Some(AS::ACC | AS::VEC)),
        "tile type must map to a supported producer pipe",
    )
}

pub(super) fn verify_tpop<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    verify_pipe_use(body, op)?;
    let c = Check::new(body, op);
    c.fail(
        matches!(entry_space(c.ty(0)), Some(AS::VEC | AS::MAT)),
        "tile type and target arch must map to a supported consumer pipe",
    )
}

pub(super) fn verify_tfree<'c>(_: &'c Context, body: &Body<'c>, op: OpId) -> VResult<'c> {
    verify_pipe_use(body, op)
}

/// `(%pipe : !pto.pipe) {split = s}` or `(%entry, %pipe : T, !pto.pipe) {split = s}`.
pub(super) fn parse_tfree<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
) -> Result<(), ()> {
    let ctx = p.context();
    p.parse_punct("(")?;
    let mut names: Vec<UnresolvedOperand> = Vec::new();
    loop {
        names.push(expect_operand(p)?);
        if names.len() == 2 || !p.parse_optional_punct(",") {
            break;
        }
    }
    p.parse_punct(":")?;
    let mut types = vec![p.parse_type()?];
    if names.len() == 2 {
        p.parse_punct(",")?;
        types.push(p.parse_type()?);
    }
    p.parse_punct(")")?;
    p.parse_punct("{")?;
    p.parse_keyword("split")?;
    p.parse_punct("=")?;
    let Some(split) = p.parse_optional_integer()? else {
        p.emit_error("expected an integer");
        return Err(());
    };
    p.parse_punct("}")?;
    p.parse_optional_attr_dict(state)?;
    state.set_prop(
        ctx,
        "split",
        ctx.int_attr(ctx.int_type(8), i128::from(split)),
    );
    let has_entry = i32::from(names.len() == 2);
    for (u, t) in names.iter().zip(&types) {
        state.operands.push(p.resolve_operand(u, *t)?);
    }
    set_segments(ctx, state, &[has_entry, 1]);
    Ok(())
}

pub(super) fn print_tfree<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, op: OpId) {
    let operands: Vec<ValueId> = body.operands(op).collect();
    p.write("(");
    pto_ir::asm::print_values_with_types(p, body, &operands);
    let split = int_attr(body, op, "split").unwrap_or(0);
    p.write(&format!(") {{split = {split}}}"));
    pto_ir::asm::print_op_attrs(p, body, op, &["split", "operandSegmentSizes"]);
}
