//! Printing of types, attributes and locations, with optional aliases.

use std::fmt::Write as _;

use rustc_hash::FxHashMap;

use crate::float::format_float;
use crate::{
    AffineBinOp, AffineExpr, AffineMap, AttrKind, Attribute, Signedness, Type, TypeKind, DYNAMIC,
};

/// When an attribute's type may be left out.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Elide {
    /// Always print the type.
    Never,
    /// Leave out `: i64` / `: f64` (array elements, memref parameters).
    May,
    /// Leave out the type of typed attributes entirely.
    Must,
}

/// Attribute and type aliases in effect while printing.
#[derive(Clone, Default)]
pub struct Aliases {
    pub(crate) attrs: FxHashMap<*const (), String>,
    pub(crate) types: FxHashMap<*const (), String>,
}

// SAFETY: the keys are identities of uniqued attributes and types, compared and never
// dereferenced through the map; the map is only read while shared between printer threads.
unsafe impl Send for Aliases {}
unsafe impl Sync for Aliases {}

impl Aliases {
    pub(super) fn attr(&self, a: Attribute<'_>) -> Option<&str> {
        if self.attrs.is_empty() {
            return None;
        }
        self.attrs.get(&a.as_ptr()).map(String::as_str)
    }
    fn ty(&self, t: Type<'_>) -> Option<&str> {
        if self.types.is_empty() {
            return None;
        }
        self.types.get(&t.as_ptr()).map(String::as_str)
    }
}

/// Writes `s` as MLIR's escaped string literal.
pub fn write_escaped(out: &mut String, s: &[u8]) {
    out.push('"');
    for &b in s {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\22"),
            0x20..=0x7E => out.push(b as char),
            _ => {
                let _ = write!(out, "\\{b:02X}");
            }
        }
    }
    out.push('"');
}

/// True if `s` is a bare identifier `[A-Za-z_][A-Za-z0-9_$.]*`.
pub fn is_bare_identifier(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && (b[0].is_ascii_alphabetic() || b[0] == b'_')
        && b[1..]
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.'))
}

/// Writes `s` bare if it is an identifier, escaped and quoted otherwise.
pub fn write_keyword_or_string(out: &mut String, s: &str) {
    if is_bare_identifier(s) {
        out.push_str(s);
    } else {
        write_escaped(out, s.as_bytes());
    }
}

/// Writes `@name` (quoted when needed).
pub fn write_symbol(out: &mut String, s: &str) {
    out.push('@');
    if s.is_empty() {
        out.push_str("<<INVALID EMPTY SYMBOL>>");
    } else {
        write_keyword_or_string(out, s);
    }
}

/// Whether an opaque dialect body can be printed in the pretty `dialect.body` form.
fn is_pretty_body(body: &str) -> bool {
    let b = body.as_bytes();
    if b.is_empty() || !b[0].is_ascii_alphabetic() {
        return false;
    }
    let name_len = b
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_'))
        .count();
    name_len == b.len() || (b[name_len] == b'<' && b[b.len() - 1] == b'>')
}

fn write_dialect_symbol(out: &mut String, sigil: char, dialect: &str, body: &str) {
    out.push(sigil);
    out.push_str(dialect);
    if is_pretty_body(body) {
        out.push('.');
        out.push_str(body);
    } else {
        out.push('<');
        out.push_str(body);
        out.push('>');
    }
}

/// A type, as text.
pub fn write_type(out: &mut String, t: Type<'_>, al: &Aliases) {
    if let Some(a) = al.ty(t) {
        out.push('!');
        out.push_str(a);
        return;
    }
    match *t.kind() {
        TypeKind::Integer { width, signedness } => {
            out.push_str(match signedness {
                Signedness::Signless => "i",
                Signedness::Signed => "si",
                Signedness::Unsigned => "ui",
            });
            out.push_str(itoa::Buffer::new().format(width));
        }
        TypeKind::Index => out.push_str("index"),
        TypeKind::Float(k) => out.push_str(k.keyword()),
        TypeKind::None => out.push_str("none"),
        TypeKind::Function { inputs, results } => {
            out.push('(');
            write_type_list(out, inputs, al);
            out.push_str(") -> ");
            write_result_types(out, results, al);
        }
        TypeKind::Tuple(elems) => {
            out.push_str("tuple<");
            write_type_list(out, elems, al);
            out.push('>');
        }
        TypeKind::Complex(e) => {
            out.push_str("complex<");
            write_type(out, e, al);
            out.push('>');
        }
        TypeKind::Vector {
            shape,
            scalable,
            element,
        } => {
            out.push_str("vector<");
            for (i, &d) in shape.iter().enumerate() {
                if scalable.get(i).copied().unwrap_or(false) {
                    let _ = write!(out, "[{d}]x");
                } else {
                    let _ = write!(out, "{d}x");
                }
            }
            write_type(out, element, al);
            out.push('>');
        }
        TypeKind::RankedTensor {
            shape,
            element,
            encoding,
        } => {
            out.push_str("tensor<");
            write_dims(out, shape);
            write_type(out, element, al);
            if let Some(e) = encoding {
                out.push_str(", ");
                write_attr(out, e, Elide::Never, al);
            }
            out.push('>');
        }
        TypeKind::UnrankedTensor { element } => {
            out.push_str("tensor<*x");
            write_type(out, element, al);
            out.push('>');
        }
        TypeKind::MemRef {
            shape,
            element,
            layout,
            memory_space,
        } => {
            out.push_str("memref<");
            write_dims(out, shape);
            write_type(out, element, al);
            if let Some(l) = layout {
                out.push_str(", ");
                write_attr(out, l, Elide::May, al);
            }
            if let Some(s) = memory_space {
                out.push_str(", ");
                write_attr(out, s, Elide::May, al);
            }
            out.push('>');
        }
        TypeKind::UnrankedMemRef {
            element,
            memory_space,
        } => {
            out.push_str("memref<*x");
            write_type(out, element, al);
            if let Some(s) = memory_space {
                out.push_str(", ");
                write_attr(out, s, Elide::May, al);
            }
            out.push('>');
        }
        TypeKind::Opaque { dialect, body } => {
            write_dialect_symbol(out, '!', dialect.as_str(), body)
        }
        TypeKind::Dialect { def, params } => {
            super::dialect_types::write_dialect_type(out, def, params, al)
        }
    }
}

fn write_dims(out: &mut String, shape: &[i64]) {
    for &d in shape {
        if d == DYNAMIC {
            out.push('?');
        } else {
            out.push_str(itoa::Buffer::new().format(d));
        }
        out.push('x');
    }
}

/// `a, b, c`
pub fn write_type_list(out: &mut String, ts: &[Type<'_>], al: &Aliases) {
    for (i, t) in ts.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_type(out, *t, al);
    }
}

/// Result types of a function type: bare for one non-function type, parenthesized otherwise.
pub fn write_result_types(out: &mut String, ts: &[Type<'_>], al: &Aliases) {
    if ts.len() == 1 && !matches!(ts[0].kind(), TypeKind::Function { .. }) {
        write_type(out, ts[0], al);
    } else {
        out.push('(');
        write_type_list(out, ts, al);
        out.push(')');
    }
}

fn int_text(value: i128, ty: Type<'_>) -> String {
    match *ty.kind() {
        TypeKind::Integer {
            signedness: Signedness::Unsigned,
            width,
        } if width < 128 => ((value as u128) & ((1u128 << width) - 1)).to_string(),
        _ => value.to_string(),
    }
}

fn element_text(out: &mut String, data: &[u8], elem: Type<'_>) {
    let mut buf = [0u8; 16];
    match *elem.kind() {
        TypeKind::Complex(inner) => {
            let half = data.len() / 2;
            out.push('(');
            element_text(out, &data[..half], inner);
            out.push(',');
            element_text(out, &data[half..], inner);
            out.push(')');
        }
        TypeKind::Float(k) => {
            buf[..data.len()].copy_from_slice(data);
            out.push_str(&format_float(u128::from_le_bytes(buf), k));
        }
        TypeKind::Integer { width: 1, .. } => {
            out.push_str(if data[0] & 1 == 1 { "true" } else { "false" })
        }
        TypeKind::Integer { width, signedness } => {
            buf[..data.len()].copy_from_slice(data);
            let raw = u128::from_le_bytes(buf) as i128;
            let v = crate::attributes_util::normalize_int(raw, width, signedness);
            out.push_str(&int_text(v, elem));
        }
        _ => {
            buf[..data.len()].copy_from_slice(data);
            out.push_str(&(u128::from_le_bytes(buf) as i64).to_string());
        }
    }
}

/// An attribute, as text.
pub fn write_attr(out: &mut String, a: Attribute<'_>, elide: Elide, al: &Aliases) {
    if let Some(name) = al.attr(a) {
        out.push('#');
        out.push_str(name);
        return;
    }
    match *a.kind() {
        AttrKind::Unit => out.push_str("unit"),
        AttrKind::Integer { value, ty } => {
            if ty.is_signless_int(1) {
                out.push_str(if value & 1 == 1 { "true" } else { "false" });
                return;
            }
            out.push_str(&int_text(value, ty));
            if elide == Elide::Never || (elide == Elide::May && !ty.is_signless_int(64)) {
                out.push_str(" : ");
                write_type(out, ty, al);
            }
        }
        AttrKind::Float { bits, ty } => {
            let k = ty.float_kind().unwrap_or(crate::FloatKind::F64);
            out.push_str(&format_float(bits, k));
            let is_f64 = k == crate::FloatKind::F64;
            if elide == Elide::Never || (elide == Elide::May && !is_f64) {
                out.push_str(" : ");
                write_type(out, ty, al);
            }
        }
        AttrKind::String { value, ty } => {
            write_escaped(out, value.as_bytes());
            if let (Some(t), false) = (ty, elide == Elide::Must) {
                out.push_str(" : ");
                write_type(out, t, al);
            }
        }
        AttrKind::Type(t) => write_type(out, t, al),
        AttrKind::Array(elems) => {
            out.push('[');
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_attr(out, *e, Elide::May, al);
            }
            out.push(']');
        }
        AttrKind::DenseArray { element, data } => {
            out.push_str("array<");
            write_type(out, element, al);
            let esize = crate::module::element_bytes(element).unwrap_or(1);
            if !data.is_empty() {
                out.push_str(": ");
                for (i, chunk) in data.chunks(esize).enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    element_text(out, chunk, element);
                }
            }
            out.push('>');
        }
        AttrKind::Dictionary(entries) => {
            out.push('{');
            write_dict_entries(out, entries, &[], al);
            out.push('}');
        }
        AttrKind::SymbolRef { root, nested } => {
            write_symbol(out, root.as_str());
            for n in nested {
                out.push_str("::");
                write_symbol(out, n.as_str());
            }
        }
        AttrKind::DenseElements { ty, splat, data } => {
            write_dense(out, ty, splat, data);
            if elide != Elide::Must {
                out.push_str(" : ");
                write_type(out, ty, al);
            }
        }
        AttrKind::DenseResource { ty, handle } => {
            out.push_str("dense_resource<");
            write_keyword_or_string(out, handle.as_str());
            out.push('>');
            if elide != Elide::Must {
                out.push_str(" : ");
                write_type(out, ty, al);
            }
        }
        AttrKind::Strided { offset, strides } => {
            out.push_str("strided<[");
            for (i, &s) in strides.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_dim_value(out, s);
            }
            out.push(']');
            if offset != 0 {
                out.push_str(", offset: ");
                write_dim_value(out, offset);
            }
            out.push('>');
        }
        AttrKind::AffineMap(m) => {
            out.push_str("affine_map<");
            write_affine_map(out, &m);
            out.push('>');
        }
        AttrKind::Opaque { dialect, body } => {
            write_dialect_symbol(out, '#', dialect.as_str(), body)
        }
        AttrKind::Dialect { def, params } => {
            let body = super::dialect_types::dialect_attr_body(def, params, al);
            write_dialect_symbol(out, '#', def.dialect, &body)
        }
        _ => {
            out.push_str("loc(");
            write_loc_inner(out, a, al);
            out.push(')');
        }
    }
}

fn write_dim_value(out: &mut String, v: i64) {
    if v == DYNAMIC {
        out.push('?');
    } else {
        let _ = write!(out, "{v}");
    }
}

/// Dictionary entries `a = 1 : i64, b` (unit values as bare keys), skipping `elided`.
pub fn write_dict_entries(
    out: &mut String,
    entries: &[crate::NamedAttribute<'_>],
    elided: &[&str],
    al: &Aliases,
) {
    let mut first = true;
    for e in entries
        .iter()
        .filter(|e| !elided.contains(&e.name.as_str()))
    {
        if !first {
            out.push_str(", ");
        }
        first = false;
        write_keyword_or_string(out, e.name.as_str());
        if !matches!(e.value.kind(), AttrKind::Unit) {
            out.push_str(" = ");
            write_attr(out, e.value, Elide::Never, al);
        }
    }
}

fn write_dense(out: &mut String, ty: Type<'_>, splat: bool, data: &[u8]) {
    out.push_str("dense<");
    let elem = ty.element_type().expect("shaped type");
    let esize = crate::module::element_bytes(elem).unwrap_or(1);
    let shape = ty.shape().unwrap_or(&[]);
    let n = ty.num_elements().unwrap_or(0);
    if n == 0 {
        out.push('>');
        return;
    }
    if splat {
        element_text(out, &data[..esize], elem);
        out.push('>');
        return;
    }
    if n > 100 {
        out.push_str("\"0x");
        if matches!(elem.kind(), TypeKind::Integer { width: 1, .. }) {
            // i1 data is bit-packed, least significant bit first.
            let mut packed = vec![0u8; (n as usize).div_ceil(8)];
            for (i, b) in data.iter().enumerate() {
                if b & 1 == 1 {
                    packed[i / 8] |= 1 << (i % 8);
                }
            }
            for b in packed {
                let _ = write!(out, "{b:02X}");
            }
        } else {
            // Each element is stored zero-extended from its bit width.
            let mask: u8 = match *elem.kind() {
                TypeKind::Integer { width, .. } if width < 8 => (1u8 << width) - 1,
                _ => 0xFF,
            };
            for b in data {
                let _ = write!(out, "{:02X}", b & mask);
            }
        }
        out.push_str("\">");
        return;
    }
    let mut idx = 0usize;
    write_dense_level(out, shape, 0, data, esize, elem, &mut idx);
    out.push('>');
}

fn write_dense_level(
    out: &mut String,
    shape: &[i64],
    dim: usize,
    data: &[u8],
    esize: usize,
    elem: Type<'_>,
    idx: &mut usize,
) {
    if dim == shape.len() {
        element_text(out, &data[*idx * esize..(*idx + 1) * esize], elem);
        *idx += 1;
        return;
    }
    out.push('[');
    for i in 0..shape[dim] {
        if i > 0 {
            out.push_str(", ");
        }
        write_dense_level(out, shape, dim + 1, data, esize, elem, idx);
    }
    out.push(']');
}

/// `(d0, d1)[s0] -> (exprs)`
pub fn write_affine_map(out: &mut String, m: &AffineMap<'_>) {
    out.push('(');
    for i in 0..m.num_dims {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "d{i}");
    }
    out.push(')');
    if m.num_symbols > 0 {
        out.push('[');
        for i in 0..m.num_symbols {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "s{i}");
        }
        out.push(']');
    }
    out.push_str(" -> (");
    for (i, e) in m.results.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_affine_expr(out, e, false);
    }
    out.push(')');
}

/// Prints an affine expression as MLIR does. `strong` is the binding strength of the
/// context: `+` binds weakly, the other operators strongly, and a binary expression in a
/// strong context is parenthesized.
pub fn write_affine_expr(out: &mut String, e: &AffineExpr<'_>, strong: bool) {
    let (op, l, r) = match *e {
        AffineExpr::Dim(d) => {
            let _ = write!(out, "d{d}");
            return;
        }
        AffineExpr::Symbol(s) => {
            let _ = write!(out, "s{s}");
            return;
        }
        AffineExpr::Const(c) => {
            let _ = write!(out, "{c}");
            return;
        }
        AffineExpr::Binary(op, l, r) => (op, l, r),
    };
    if strong {
        out.push('(');
    }
    if op != AffineBinOp::Add {
        if op == AffineBinOp::Mul && matches!(*r, AffineExpr::Const(-1)) {
            out.push('-');
            write_affine_expr(out, l, true);
        } else {
            write_affine_expr(out, l, true);
            out.push_str(match op {
                AffineBinOp::Mul => " * ",
                AffineBinOp::Mod => " mod ",
                AffineBinOp::FloorDiv => " floordiv ",
                _ => " ceildiv ",
            });
            write_affine_expr(out, r, true);
        }
    } else {
        match *r {
            // a + b * -1  ->  a - b ;  a + b * -c  ->  a - b * c
            AffineExpr::Binary(AffineBinOp::Mul, rl, &AffineExpr::Const(c)) if c <= -1 => {
                write_affine_expr(out, l, false);
                out.push_str(" - ");
                if c == -1 {
                    let rl_is_add = matches!(*rl, AffineExpr::Binary(AffineBinOp::Add, ..));
                    write_affine_expr(out, rl, rl_is_add);
                } else {
                    write_affine_expr(out, rl, true);
                    let _ = write!(out, " * {}", -(c as i128));
                }
            }
            // a + -c  ->  a - c
            AffineExpr::Const(c) if c < 0 => {
                write_affine_expr(out, l, false);
                let _ = write!(out, " - {}", -(c as i128));
            }
            _ => {
                write_affine_expr(out, l, false);
                out.push_str(" + ");
                write_affine_expr(out, r, false);
            }
        }
    }
    if strong {
        out.push(')');
    }
}

/// The inside of `loc(...)`; nested locations may use aliases.
pub fn write_loc_inner(out: &mut String, a: Attribute<'_>, al: &Aliases) {
    match *a.kind() {
        AttrKind::UnknownLoc => out.push_str("unknown"),
        AttrKind::FileLineCol { file, line, col } => {
            write_escaped(out, file.as_str().as_bytes());
            let _ = write!(out, ":{line}:{col}");
        }
        AttrKind::FileRange { file, start, end } => {
            write_escaped(out, file.as_str().as_bytes());
            let _ = write!(out, ":{}:{}", start.0, start.1);
            if end != start {
                if end.0 == start.0 {
                    let _ = write!(out, " to :{}", end.1);
                } else {
                    let _ = write!(out, " to {}:{}", end.0, end.1);
                }
            }
        }
        AttrKind::NameLoc { name, child } => {
            write_escaped(out, name.as_str().as_bytes());
            if let Some(c) = child {
                if !matches!(c.kind(), AttrKind::UnknownLoc) {
                    out.push('(');
                    write_nested_loc(out, c.attr(), al);
                    out.push(')');
                }
            }
        }
        AttrKind::CallSiteLoc { callee, caller } => {
            out.push_str("callsite(");
            write_nested_loc(out, callee.attr(), al);
            out.push_str(" at ");
            write_nested_loc(out, caller.attr(), al);
            out.push(')');
        }
        AttrKind::FusedLoc { locs, metadata } => {
            out.push_str("fused");
            if let Some(m) = metadata {
                out.push('<');
                write_attr(out, m, Elide::Never, al);
                out.push('>');
            }
            out.push('[');
            for (i, l) in locs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_nested_loc(out, l.attr(), al);
            }
            out.push(']');
        }
        _ => write_attr(out, a, Elide::Never, al),
    }
}

fn write_nested_loc(out: &mut String, a: Attribute<'_>, al: &Aliases) {
    if let Some(name) = al.attr(a) {
        out.push('#');
        out.push_str(name);
    } else {
        write_loc_inner(out, a, al);
    }
}
