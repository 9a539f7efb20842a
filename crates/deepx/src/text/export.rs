//! The `deepx` dialect written as DeepX text in the seed's form: `deepxir name(reads)
//! -> (writes) { op(args) -> writes }`, one statement per op, literals written where
//! they are used, names from the values' `NameLoc`s (invented, `t0`, `t1`..., where
//! there are none). dxlang's top-level statements (the `toplevel` function) come
//! last, outside any definition. Reading the text back gives the same IR.

use rustc_hash::{FxHashMap, FxHashSet};

use pto_ir::module::Module;
use pto_ir::{AttrKind, Attribute, Body, Context, Diagnostic, OpId, ValueId};

use crate::types::{deepx_spelling, Dim, TensorInfo};
use crate::{
    CallOp, CloneTensorOp, ConstOp, DelTensorOp, FuncOp, ListOp, NewTensorOp, RenameTensorOp,
};

/// Writes the `deepx.func`s of `module` as DeepX text (nothing for a module without
/// any, as an empty file imports as an empty module).
pub fn export_deepx<'c>(ctx: &'c Context, module: &Module<'c>) -> Result<String, Diagnostic<'c>> {
    let mut defs = String::new();
    let mut toplevel = String::new();
    for top in module.body.block_ops(module.block) {
        let body = module.body.region_body(top);
        let Some(block) = module
            .body
            .regions_of(top)
            .first()
            .and_then(|r| body.entry_block(*r))
        else {
            continue;
        };
        for op in body.block_ops(block) {
            if FuncOp::from_op(body, op).is_none() {
                return Err(Diagnostic::error(
                    body.op_loc(op),
                    format!(
                        "--export-deepx writes deepx.func ops only, found '{}'",
                        body.op_name(op).as_str()
                    ),
                ));
            }
            let f = FuncOp(op);
            if f.toplevel(body).is_some() {
                function(ctx, body, op, &mut toplevel, true)?;
            } else {
                if !defs.is_empty() {
                    defs.push('\n');
                }
                function(ctx, body, op, &mut defs, false)?;
            }
        }
    }
    if !toplevel.is_empty() {
        defs.push('\n');
        defs.push_str(&toplevel);
    }
    Ok(defs)
}

/// Whether `s` can be written bare (an identifier), or must be `'quoted'`.
fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
        && !matches!(s, "true" | "false")
        && !super::parse::DEF_KEYWORDS.contains(&s)
}

fn quote(s: &str, q: char) -> String {
    let mut out = String::from(q);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c == q => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out.push(q);
    out
}

struct Names {
    of: FxHashMap<ValueId, String>,
}

impl Names {
    fn new(body: &Body<'_>, values: impl Iterator<Item = ValueId>) -> Self {
        let values: Vec<ValueId> = values.collect();
        let mut taken: FxHashSet<String> = FxHashSet::default();
        let mut of = FxHashMap::default();
        for &v in &values {
            if let AttrKind::NameLoc { name, .. } = body.value_loc(v).attr().kind() {
                of.insert(v, name.as_str().to_string());
                taken.insert(name.as_str().to_string());
            }
        }
        let mut n = 0;
        for &v in &values {
            if of.contains_key(&v) {
                continue;
            }
            let name = loop {
                let c = format!("t{n}");
                n += 1;
                if !taken.contains(&c) {
                    break c;
                }
            };
            taken.insert(name.clone());
            of.insert(v, name);
        }
        Names { of }
    }
    fn get(&self, v: ValueId) -> String {
        let n = self.of.get(&v).map_or("?", String::as_str);
        if is_identifier(n) {
            n.to_string()
        } else {
            quote(n, '\'')
        }
    }
}

fn function<'c>(
    ctx: &'c Context,
    module: &Body<'c>,
    func: OpId,
    out: &mut String,
    toplevel: bool,
) -> Result<(), Diagnostic<'c>> {
    let f = FuncOp(func);
    let body = module.region_body(func);
    let Some(entry) = module
        .regions_of(func)
        .first()
        .and_then(|r| body.entry_block(*r))
    else {
        return Ok(());
    };
    let args = body.block_args(entry).to_vec();
    let n_reads = f.num_reads(module).min(args.len());
    let ops: Vec<OpId> = body.block_ops(entry).collect();
    let results = ops
        .iter()
        .flat_map(|&o| (0..body.num_results(o)).map(move |i| (o, i)));
    let names = Names::new(
        body,
        args.iter()
            .copied()
            .chain(results.map(|(o, i)| body.result(o, i))),
    );
    let indent = if toplevel { "" } else { "    " };
    if !toplevel {
        let name = f.sym_name(module).and_then(|a| a.as_str()).unwrap_or("f");
        let params = |vals: &[ValueId]| -> String {
            vals.iter()
                .map(|&v| format!("{}: {}", names.get(v), deepx_spelling(body.value_type(v))))
                .collect::<Vec<_>>()
                .join(", ")
        };
        out.push_str(&format!(
            "deepxir {name}({}) -> ({}) {{\n",
            params(&args[..n_reads]),
            params(&args[n_reads..])
        ));
    }
    for &op in &ops {
        if let Some(line) = statement(ctx, body, op, &names)? {
            out.push_str(indent);
            out.push_str(&line);
            out.push('\n');
        }
    }
    if !toplevel {
        out.push_str("}\n");
    }
    Ok(())
}

/// A literal or a name, as an argument.
fn arg(body: &Body<'_>, v: ValueId, names: &Names) -> String {
    if let Some(op) = body.defining_op(v) {
        if let Some(c) = ConstOp::from_op(body, op) {
            if let Some(a) = c.value(body) {
                return literal(a);
            }
        }
        if ListOp::from_op(body, op).is_some() {
            let items: Vec<String> = body.operands(op).map(|x| arg(body, x, names)).collect();
            return format!("[{}]", items.join(", "));
        }
    }
    names.get(v)
}

fn literal(a: Attribute<'_>) -> String {
    match *a.kind() {
        AttrKind::Integer { value, ty } if ty.int_width() == Some(1) => (value != 0).to_string(),
        AttrKind::Integer { value, .. } => value.to_string(),
        AttrKind::Float { ty, .. } => {
            let v = a.as_f64().unwrap_or(0.0);
            // The shortest text that reads back as the same value of the type.
            let text = match ty.float_kind() {
                Some(pto_ir::FloatKind::F32) => format!("{:?}", v as f32),
                _ => format!("{v:?}"),
            };
            if text.contains(['.', 'e', 'E', 'n', 'i']) {
                text
            } else {
                format!("{text}.0")
            }
        }
        AttrKind::String { value, .. } => quote(value, '"'),
        AttrKind::Array(items) => {
            let items: Vec<String> = items.iter().map(|&x| literal(x)).collect();
            format!("[{}]", items.join(", "))
        }
        _ => a.to_string(),
    }
}

fn shape_arg(dims: &[Dim]) -> String {
    if dims.iter().all(|d| d.as_static().is_some()) {
        let d: Vec<String> = dims.iter().map(Dim::to_string).collect();
        format!("[{}]", d.join(", "))
    } else {
        let d: Vec<String> = dims.iter().map(Dim::to_string).collect();
        d.join("x")
    }
}

fn writes(list: &[String]) -> String {
    match list {
        [] => String::new(),
        [one] => format!(" -> {one}"),
        many => format!(" -> ({})", many.join(", ")),
    }
}

fn statement<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    op: OpId,
    names: &Names,
) -> Result<Option<String>, Diagnostic<'c>> {
    let _ = ctx;
    if ConstOp::from_op(body, op).is_some() || ListOp::from_op(body, op).is_some() {
        return Ok(None);
    }
    if let Some(nt) = NewTensorOp::from_op(body, op) {
        if nt.implicit(body).is_some() {
            return Ok(None);
        }
        let r = body.result(op, 0);
        let info = TensorInfo::of(body.value_type(r)).expect("a newtensor makes a tensor");
        let mut args = Vec::new();
        if let Some(s) = body.operands(op).next() {
            args.push(arg(body, s, names));
        } else if let Some(dims) = &info.shape {
            args.push(shape_arg(dims));
        }
        if let Some(d) = info.dtype {
            args.push(deepx_spelling(d));
        }
        return Ok(Some(format!(
            "newtensor({}){}",
            args.join(", "),
            writes(&[names.get(r)])
        )));
    }
    if DelTensorOp::from_op(body, op).is_some() {
        let t = names.get(body.operand(op, 0));
        return Ok(Some(format!("deltensor({t}) -> {t}")));
    }
    if CloneTensorOp::from_op(body, op).is_some() {
        let (src, dst) = (
            names.get(body.operand(op, 0)),
            names.get(body.result(op, 0)),
        );
        return Ok(Some(format!("clonetensor({src}, {dst})")));
    }
    if let Some(r) = RenameTensorOp::from_op(body, op) {
        let new = r.new_name(body).and_then(|a| a.as_str()).unwrap_or("");
        let old = names.get(body.operand(op, 0));
        return Ok(Some(format!("renametensor({}) -> {old}", quote(new, '"'))));
    }
    if let Some(c) = CallOp::from_op(body, op) {
        let callee = match c.callee(body).map(|a| *a.kind()) {
            Some(AttrKind::SymbolRef { root, .. }) => root.as_str().to_string(),
            _ => "?".into(),
        };
        let reads: Vec<String> = c
            .reads(body)
            .into_iter()
            .map(|v| arg(body, v, names))
            .collect();
        let w: Vec<String> = c.writes(body).into_iter().map(|v| names.get(v)).collect();
        return Ok(Some(format!(
            "{callee}({}){}",
            reads.join(", "),
            writes(&w)
        )));
    }
    let Some(spec) = body.op_name(op).def.and_then(|d| d.spec) else {
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!(
                "--export-deepx cannot write '{}'",
                body.op_name(op).as_str()
            ),
        ));
    };
    let mut reads = Vec::new();
    let mut w = Vec::new();
    for (g, group) in spec.operands.iter().enumerate() {
        let (s, e) = pto_ir::ods::operand_range(spec, body, op, g);
        for i in s..e {
            let v = body.operand(op, i);
            if group.effects.0 & pto_ir::ods::MemoryEffects::WRITE != 0 {
                w.push(names.get(v));
            } else {
                reads.push(arg(body, v, names));
            }
        }
    }
    let name = crate::mnemonic(body, op);
    if !body.op_name(op).as_str().starts_with("deepx.") {
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!(
                "--export-deepx cannot write '{}'",
                body.op_name(op).as_str()
            ),
        ));
    }
    Ok(Some(format!("{name}({}){}", reads.join(", "), writes(&w))))
}
