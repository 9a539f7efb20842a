//! The harp dialect as Harp prints it.

use std::fmt::Write;

use pto_ir::module::Module;
use pto_ir::{AttrKind, Body, Context, Diagnostic, OpId, TypeKind, ValueId};
use rustc_hash::FxHashMap;

use crate::verify::kernels;
use crate::view::View;
use crate::{
    alu_kind, AluKind, AluOp, ConstOp, FuncOp, LoadOp, RandKindAttr, RandOp, ReduceKindAttr,
    ReduceOp, StoreOp, ViewAttr, YieldOp,
};

/// Writes every `harp.func` of `module` as Harp's `Function` display does.
pub fn export_harp_ir<'c>(_: &'c Context, module: &Module<'c>) -> Result<String, Diagnostic<'c>> {
    let mut out = String::new();
    let (body, block) = match module.top_op() {
        Some(top) if module.body.nested(top).is_some() => {
            let inner = module.body.region_body(top);
            let region = module.body.regions_of(top)[0];
            (inner, inner.entry_block(region))
        }
        _ => (&module.body, Some(module.block)),
    };
    let Some(block) = block else {
        return Ok(out);
    };
    for op in body.block_ops(block) {
        if FuncOp::from_op(body, op).is_none() {
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!(
                    "export-harp-ir: Harp's IR has only functions, not '{}'",
                    body.op_name(op).as_str()
                ),
            ));
        }
        let name = body
            .attr(op, "sym_name")
            .and_then(|a| a.as_str())
            .unwrap_or("");
        let _ = writeln!(out, "function {name}:");
        let fb = body.region_body(op);
        for k in kernels(body, op) {
            let kname = fb.attr(k, "name").and_then(|a| a.as_str()).unwrap_or("");
            let _ = writeln!(out, "kernel {kname}:");
            let kb = fb.region_body(k);
            let Some(kblock) = fb.regions_of(k).first().and_then(|&r| kb.entry_block(r)) else {
                continue;
            };
            let mut names = FxHashMap::default();
            let ops: Vec<OpId> = kb.block_ops(kblock).collect();
            write_ops(&mut out, kb, &ops, 1, &mut names);
        }
    }
    Ok(out)
}

fn reg(names: &mut FxHashMap<ValueId, usize>, v: ValueId) -> String {
    let n = names.len();
    format!("v{}", *names.entry(v).or_insert(n))
}

fn write_ops(
    out: &mut String,
    b: &Body<'_>,
    ops: &[OpId],
    depth: usize,
    names: &mut FxHashMap<ValueId, usize>,
) {
    let pad = "  ".repeat(depth);
    for &op in ops {
        let _ = write!(out, "{pad}");
        if YieldOp::from_op(b, op).is_some() {
            let v = reg(names, b.operand(op, 0));
            let _ = writeln!(out, "yield {v}");
            continue;
        }
        if StoreOp::from_op(b, op).is_some() {
            let v = reg(names, b.operand(op, 0));
            let _ = writeln!(
                out,
                "store buf{}[{}] = {v}",
                buffer(b, op),
                view_text(b, op)
            );
            continue;
        }
        let operands: Vec<String> = b.operands(op).map(|v| reg(names, v)).collect();
        let out_reg = reg(names, b.result(op, 0));
        let _ = write!(out, "{out_reg} = ");
        if ConstOp::from_op(b, op).is_some() {
            let _ = writeln!(out, "const {}", scalar_text(b, op));
        } else if let Some(a) = AluOp::from_op(b, op) {
            let kind = alu_kind(b, a).unwrap_or(AluKind::Add);
            let _ = write!(out, "{} {}", kind.keyword(), operands.join(", "));
            if kind == AluKind::Cast {
                let _ = write!(out, " as {}", b.value_type(a.result(b)));
            }
            let _ = writeln!(out);
        } else if LoadOp::from_op(b, op).is_some() {
            let _ = writeln!(out, "load buf{}[{}]", buffer(b, op), view_text(b, op));
        } else if RandOp::from_op(b, op).is_some() {
            let kind = b
                .attr(op, "kind")
                .and_then(RandKindAttr::from_attr)
                .map_or("Uniform", |k| k.value().keyword());
            let _ = write!(out, "{kind} [{}]", view_text(b, op));
            let seed = b.attr(op, "seed").and_then(|a| a.as_int()).unwrap_or(0);
            if seed != 0 {
                let _ = write!(out, " seed {seed}");
            }
            let ty = b.value_type(b.result(op, 0));
            if ty.float_kind() != Some(pto_ir::FloatKind::F32) {
                let _ = write!(out, " as {ty}");
            }
            let _ = writeln!(out);
        } else if let Some(r) = ReduceOp::from_op(b, op) {
            let kind = b
                .attr(op, "kind")
                .and_then(ReduceKindAttr::from_attr)
                .map_or("Sum", |k| k.value().keyword());
            let ext = crate::verify::int_list(b, op, "extents");
            let ext: Vec<String> = ext.iter().map(i64::to_string).collect();
            let _ = writeln!(out, "reduce {kind} [{}]:", ext.join(", "));
            let inner: Vec<OpId> = b
                .regions_of(r.0)
                .first()
                .and_then(|&reg| b.entry_block(reg))
                .map(|blk| b.block_ops(blk).collect())
                .unwrap_or_default();
            write_ops(out, b, &inner, depth + 1, names);
        }
    }
}

fn buffer(b: &Body<'_>, op: OpId) -> i64 {
    b.attr(op, "buffer").and_then(|a| a.as_int()).unwrap_or(0) as i64
}

/// `shape=[2, 3], map=(idx * 3) + idx`, as Harp's ShapeTracker displays itself (one
/// term per dimension after its `simplify`), then this IR's extensions.
pub(crate) fn view_text(b: &Body<'_>, op: OpId) -> String {
    let Some(v) = b.attr(op, "view").and_then(ViewAttr::from_attr) else {
        return String::new();
    };
    format_view(View::of(v))
}

/// The text of a view.
pub fn format_view(v: View<'_>) -> String {
    let dims: Vec<String> = v.shape.iter().map(i64::to_string).collect();
    let terms: Vec<String> = v
        .strides
        .iter()
        .map(|&s| match s {
            0 => "0".to_string(),
            1 => "idx".to_string(),
            s => format!("(idx * {s})"),
        })
        .collect();
    let mut s = format!("shape=[{}], map={}", dims.join(", "), terms.join(" + "));
    if v.offset != 0 {
        let _ = write!(s, " + {}", v.offset);
    }
    if !v.valid.is_empty() {
        let r: Vec<String> = v
            .valid
            .chunks(2)
            .map(|p| format!("{}:{}", p[0], p[1]))
            .collect();
        let _ = write!(s, ", valid=[{}]", r.join(", "));
    }
    s
}

/// A constant as Rust's `Display` of Harp's `Scalar` writes it (`42` for `42.0f32`).
fn scalar_text(b: &Body<'_>, op: OpId) -> String {
    let Some(a) = b.attr(op, "value") else {
        return String::new();
    };
    match *a.kind() {
        AttrKind::Integer { value, ty } => match ty.kind() {
            TypeKind::Integer { width: 1, .. } => (value & 1 == 1).to_string(),
            _ => value.to_string(),
        },
        AttrKind::Float { .. } => {
            let v = a.as_f64().unwrap_or(0.0);
            match a.ty().and_then(|t| t.float_kind()) {
                Some(pto_ir::FloatKind::F64) => format!("{v}"),
                _ => format!("{}", v as f32),
            }
        }
        _ => String::new(),
    }
}
