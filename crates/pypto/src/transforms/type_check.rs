//! `pypto-type-check`: PyPTO's TypeCheck, with PyPTO's compatibility rule
//! (`infer::compatible`: same kind, element type and rank, dimensions equal where known;
//! placements and views not compared).
//!
//! - Loops: each iter_arg's initial value, the value yielded for it and the loop's
//!   result agree with it; branches: the values both branches yield for a result agree
//!   with each other and with it. MLIR's verifier already demands equal types here, so
//!   on parsed IR these hold; the pass checks them for IR built without verification.
//! - Shapes consistent, where the verifier does not look: the static window of a
//!   `block.load`/`block.store` lies within its tensor, a `tensor.view` within its
//!   input, a `tensor.assemble`d source within its target; a tile view's valid shape
//!   within the tile's.
//! - MemRefs consistent: values with one MemRef id agree on its space, address and size
//!   (one buffer), a MemRef holds its value (size at least shape x element bytes), and
//!   no tile lives in DDR.
//!
//! Each error is located at the offending op and names the value (its Python name when
//! the IR came from Python), with a note where another op is involved.

use std::collections::HashMap;

use pto_ir::printer::type_to_string;
use pto_ir::{Body, Context, Diagnostic, OpId, Type, ValueId};
use pto_pass::{Pass, PassTarget};

use super::super::infer::compatible;
use super::super::types::{Dim, MemRef, Shaped};
use super::common::{describe, for_each_function, shaped_values, value_site, Order};
use super::init_memref::size_of;
use pto_dialects::scf;

type R<'c, T> = Result<T, Diagnostic<'c>>;

impl Pass for crate::TypeCheck {
    fn run<'c>(&self, ctx: &'c Context, target: &mut PassTarget<'_, 'c>) -> R<'c, ()> {
        for_each_function(ctx, target.body, &mut |body, _| {
            check_function(body)?;
            Ok(false)
        })
    }
}

fn check_function<'c>(body: &Body<'c>) -> R<'c, ()> {
    let order = Order::of(body);
    for &op in &order.ops {
        match body.op_name(op).as_str() {
            scf::ForOp::NAME => check_for(body, op)?,
            scf::IfOp::NAME => check_if(body, op)?,
            crate::BlockLoadOp::NAME => check_window(body, op, 0, 1, true)?,
            crate::BlockStoreOp::NAME => check_window(body, op, 5, 1, false)?,
            crate::TensorViewOp::NAME => check_view(body, op)?,
            crate::TensorAssembleOp::NAME => check_assemble(body, op)?,
            _ => {}
        }
    }
    check_memrefs(body, &order)
}

fn ty(t: Type<'_>) -> String {
    type_to_string(t)
}

fn check_for<'c>(body: &Body<'c>, op: OpId) -> R<'c, ()> {
    let Some(entry) = body.entry_block(body.regions_of(op)[0]) else {
        return Ok(());
    };
    let args = &body.block_args(entry)[1..];
    let yielded: Vec<ValueId> = body
        .last_op(entry)
        .map(|t| body.operands(t).collect())
        .unwrap_or_default();
    for (i, &arg) in args.iter().enumerate() {
        let at = body.value_type(arg);
        let name = describe(body, arg);
        let init = body.operand(op, 3 + i);
        let check = |what: &str, t: Type<'c>| {
            if compatible(t, at) {
                Ok(())
            } else {
                Err(Diagnostic::error(
                    body.op_loc(op),
                    format!(
                        "for-loop iter_arg {name} has type {}, but its {what} has type {}",
                        ty(at),
                        ty(t)
                    ),
                ))
            }
        };
        check("initial value", body.value_type(init))?;
        if let Some(&y) = yielded.get(i) {
            check("yielded value", body.value_type(y)).map_err(|d| {
                d.with_note(
                    value_site(body, y),
                    format!("{} is yielded here", describe(body, y)),
                )
            })?;
        }
        if i < body.num_results(op) {
            check("return variable", body.value_type(body.result(op, i)))?;
        }
    }
    Ok(())
}

fn check_if<'c>(body: &Body<'c>, op: OpId) -> R<'c, ()> {
    let yields: Vec<Vec<ValueId>> = body
        .regions_of(op)
        .iter()
        .filter_map(|&r| body.entry_block(r))
        .filter_map(|b| body.last_op(b))
        .map(|t| body.operands(t).collect())
        .collect();
    for (i, r) in body.results(op).enumerate() {
        let rt = body.value_type(r);
        let name = describe(body, r);
        let branch = ["then", "else"];
        for (k, ys) in yields.iter().enumerate() {
            let Some(&y) = ys.get(i) else { continue };
            let yt = body.value_type(y);
            if !compatible(yt, rt) {
                return Err(Diagnostic::error(
                    body.op_loc(op),
                    format!(
                        "if-branch yields disagree for {name}: the {} branch yields {} of type {}, the result has type {}",
                        branch[k.min(1)],
                        describe(body, y),
                        ty(yt),
                        ty(rt)
                    ),
                )
                .with_note(value_site(body, y), "yielded value defined here"));
            }
        }
        if let [t, e] = &yields[..] {
            if let (Some(&a), Some(&b)) = (t.get(i), e.get(i)) {
                if !compatible(body.value_type(a), body.value_type(b)) {
                    return Err(Diagnostic::error(
                        body.op_loc(op),
                        format!(
                            "if-branch yields disagree for {name}: {} (then) vs {} (else)",
                            ty(body.value_type(a)),
                            ty(body.value_type(b))
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The constant value of operand `i`, if a constant defines it.
fn const_operand(body: &Body<'_>, op: OpId, i: usize) -> Option<i64> {
    body.constant_int(body.operand(op, i)).map(|v| v as i64)
}

/// Whether `[off, off + len)` fits in `dim` where all three are known.
fn fits(off: Option<i64>, len: Option<i64>, dim: Dim<'_>) -> bool {
    match (off, len, dim.as_const()) {
        (Some(o), Some(l), Some(d)) => o >= 0 && o + l <= d,
        _ => true,
    }
}

/// `block.load(tensor, row, col, h, w)` / `block.store(tile, row, col, h, w, out)`:
/// the window at operands `first..first + 4` must lie within the tensor at `tensor`.
fn check_window<'c>(
    body: &Body<'c>,
    op: OpId,
    tensor: usize,
    first: usize,
    load: bool,
) -> R<'c, ()> {
    let t = body.operand(op, tensor);
    let Some(s) = Shaped::of(body.value_type(t)) else {
        return Ok(());
    };
    if s.shape.len() != 2 {
        return Ok(());
    }
    for axis in 0..2 {
        let off = const_operand(body, op, first + axis);
        let len = const_operand(body, op, first + 2 + axis);
        if !fits(off, len, s.shape[axis]) {
            let (o, l) = (off.unwrap_or(0), len.unwrap_or(0));
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!(
                    "the {} window [{o}, {}) on axis {axis} lies outside {} of shape {}",
                    if load { "loaded" } else { "stored" },
                    o + l,
                    describe(body, t),
                    shape_text(&s.shape)
                ),
            ));
        }
    }
    Ok(())
}

fn check_view<'c>(body: &Body<'c>, op: OpId) -> R<'c, ()> {
    let t = body.operand(op, 0);
    let Some(s) = Shaped::of(body.value_type(t)) else {
        return Ok(());
    };
    let rank = s.shape.len();
    if body.num_operands(op) != 1 + 2 * rank {
        return Ok(());
    }
    for axis in 0..rank {
        let len = const_operand(body, op, 1 + axis);
        let off = const_operand(body, op, 1 + rank + axis);
        if !fits(off, len, s.shape[axis]) {
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!(
                    "the view [{}, {}) on axis {axis} lies outside {} of shape {}",
                    off.unwrap_or(0),
                    off.unwrap_or(0) + len.unwrap_or(0),
                    describe(body, t),
                    shape_text(&s.shape)
                ),
            ));
        }
    }
    Ok(())
}

fn check_assemble<'c>(body: &Body<'c>, op: OpId) -> R<'c, ()> {
    let (target, source) = (body.operand(op, 0), body.operand(op, 1));
    let (Some(t), Some(s)) = (
        Shaped::of(body.value_type(target)),
        Shaped::of(body.value_type(source)),
    ) else {
        return Ok(());
    };
    if s.shape.len() != t.shape.len() || body.num_operands(op) != 2 + t.shape.len() {
        return Ok(());
    }
    for axis in 0..t.shape.len() {
        let off = const_operand(body, op, 2 + axis);
        if !fits(off, s.shape[axis].as_const(), t.shape[axis]) {
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!(
                    "{} of shape {} at offset {} on axis {axis} does not fit in {} of shape {}",
                    describe(body, source),
                    shape_text(&s.shape),
                    off.unwrap_or(0),
                    describe(body, target),
                    shape_text(&t.shape)
                ),
            ));
        }
    }
    Ok(())
}

fn check_memrefs<'c>(body: &Body<'c>, order: &Order) -> R<'c, ()> {
    let mut seen: HashMap<i64, (MemRef, ValueId)> = HashMap::new();
    for v in shaped_values(body, order) {
        let Some(s) = Shaped::of(body.value_type(v)) else {
            continue;
        };
        if let Some(view) = &s.view {
            for (axis, (&valid, &dim)) in view.valid.iter().zip(&s.shape).enumerate() {
                if let (Some(a), Some(b)) = (valid.as_const(), dim.as_const()) {
                    if a > b {
                        return Err(Diagnostic::error(
                            value_site(body, v),
                            format!(
                                "{} has valid size {a} on axis {axis}, larger than its shape {}",
                                describe(body, v),
                                shape_text(&s.shape)
                            ),
                        ));
                    }
                }
            }
        }
        let Some(m) = s.memref else {
            continue;
        };
        if s.is_tile && m.space == 0 {
            return Err(Diagnostic::error(
                value_site(body, v),
                format!("{} is a tile, but its MemRef is in DDR", describe(body, v)),
            ));
        }
        if let Some(need) = size_of(&s) {
            if m.size < need {
                return Err(Diagnostic::error(
                    value_site(body, v),
                    format!(
                        "{} needs {need} bytes, but its MemRef (id {}) has {}",
                        describe(body, v),
                        m.id,
                        m.size
                    ),
                ));
            }
        }
        match seen.get(&m.id) {
            Some(&(first, fv)) if first != m => {
                let show =
                    |x: MemRef| format!("<{}, {}, {}, {}>", x.space_name(), x.addr, x.size, x.id);
                return Err(Diagnostic::error(
                    value_site(body, v),
                    format!(
                        "{} has MemRef {}, but MemRef id {} is {} elsewhere (one id is one buffer)",
                        describe(body, v),
                        show(m),
                        m.id,
                        show(first)
                    ),
                )
                .with_note(
                    value_site(body, fv),
                    format!("{} has it here", describe(body, fv)),
                ));
            }
            Some(_) => {}
            None => {
                seen.insert(m.id, (m, v));
            }
        }
    }
    Ok(())
}

fn shape_text(dims: &[Dim<'_>]) -> String {
    let v: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
    format!("[{}]", v.join(", "))
}
