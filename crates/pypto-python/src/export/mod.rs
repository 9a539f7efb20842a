//! The `pypto` dialect to PyPTO's Python form (`pto-translate --export-pypto`).
//!
//! Variables are named after their name locations (the importer's), so that importing,
//! exporting and importing again gives identical IR; names are not semantics, and a value
//! that needs a name but has none (passes may drop them) gets a fresh `_tN`. Unnamed
//! single-use expressions are written inline, with Python's precedence; a literal whose
//! type its context would not give back is written `pl.const(v, pl.T)`. Where a name
//! would resolve to another value under Python's scoping (a name reused by passes), the
//! later definition is renamed, never misbound. Cells print as assignments
//! (`cells.rs`).

use rustc_hash::{FxHashMap, FxHashSet};

use pto_ir::module::Module;
use pto_ir::ods::Arity;
use pto_ir::{
    AttrKind, Attribute, BlockId, Body, Context, Diagnostic, FloatKind, OpId, Type, TypeKind,
    ValueDef, ValueId,
};

use pto_dialects::func;
use pto_dialects::scf;
use pto_ir::builtin;
use pto_pypto::dims;
use pto_pypto::types::{dtype_name, Shaped};
use pto_pypto::{ARG_NAMES_ATTR, FUNCTION_TYPE_ATTR};

mod cells;

type R<'c, T> = Result<T, Diagnostic<'c>>;

/// Python precedence levels, low to high.
const P_OR: u8 = 1;
const P_AND: u8 = 2;
const P_NOT: u8 = 3;
const P_CMP: u8 = 4;
const P_BITOR: u8 = 5;
const P_BITXOR: u8 = 6;
const P_BITAND: u8 = 7;
const P_SHIFT: u8 = 8;
const P_ADD: u8 = 9;
const P_MUL: u8 = 10;
const P_UNARY: u8 = 11;
const P_POW: u8 = 12;
const P_ATOM: u8 = 13;

fn binary_op(name: &str, bool_operands: bool) -> Option<(&'static str, u8)> {
    Some(match name {
        pto_pypto::AddOp::NAME => ("+", P_ADD),
        pto_pypto::SubOp::NAME => ("-", P_ADD),
        pto_pypto::MulOp::NAME => ("*", P_MUL),
        pto_pypto::FloatDivOp::NAME => ("/", P_MUL),
        pto_pypto::FloorDivOp::NAME => ("//", P_MUL),
        pto_pypto::FloorModOp::NAME => ("%", P_MUL),
        pto_pypto::PowOp::NAME => ("**", P_POW),
        pto_pypto::AndOp::NAME if bool_operands => ("and", P_AND),
        pto_pypto::OrOp::NAME if bool_operands => ("or", P_OR),
        pto_pypto::XorOp::NAME => ("^", P_BITXOR),
        pto_pypto::BitAndOp::NAME => ("&", P_BITAND),
        pto_pypto::BitOrOp::NAME => ("|", P_BITOR),
        pto_pypto::BitXorOp::NAME => ("^", P_BITXOR),
        pto_pypto::BitShiftLeftOp::NAME => ("<<", P_SHIFT),
        pto_pypto::BitShiftRightOp::NAME => (">>", P_SHIFT),
        pto_pypto::EqOp::NAME => ("==", P_CMP),
        pto_pypto::NeOp::NAME => ("!=", P_CMP),
        pto_pypto::LtOp::NAME => ("<", P_CMP),
        pto_pypto::LeOp::NAME => ("<=", P_CMP),
        pto_pypto::GtOp::NAME => (">", P_CMP),
        pto_pypto::GeOp::NAME => (">=", P_CMP),
        _ => return None,
    })
}

/// The names a value's location gives it: op results from a name location (one
/// result) or a fused location of name locations (one per result).
fn loc_names<'c>(loc: pto_ir::Location<'c>) -> Vec<&'c str> {
    match *loc.attr().kind() {
        AttrKind::NameLoc { name, .. } => vec![name.as_str()],
        AttrKind::FusedLoc { locs, .. } => locs
            .iter()
            .filter_map(|l| match *l.attr().kind() {
                AttrKind::NameLoc { name, .. } => Some(name.as_str()),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn is_expression_op(name: &str) -> bool {
    name.starts_with("pypto.")
        && !name.starts_with("pypto.system.")
        && !matches!(
            name,
            pto_pypto::BlockAllocOp::NAME
                | pto_pypto::MakeTupleOp::NAME
                | pto_pypto::VarOp::NAME
                | pto_pypto::AssignOp::NAME
        )
}

struct Exporter<'b, 'c> {
    ctx: &'c Context,
    body: &'b Body<'c>,
    prefix: &'b str,
    names: FxHashMap<ValueId, String>,
    inline: FxHashSet<OpId>,
    /// Values that `pypto.assign`s bind to the cell of the same name (a parameter, loop
    /// variable or yield target of a variable assigned more than once): value -> cell.
    bound: FxHashMap<ValueId, ValueId>,
    out: String,
}

impl<'b, 'c> Exporter<'b, 'c> {
    fn err<T>(&self, op: OpId, m: impl Into<String>) -> R<'c, T> {
        Err(Diagnostic::error(self.body.op_loc(op), m.into()))
    }

    // ---- types -------------------------------------------------------------------

    fn dims(d: &[pto_pypto::types::Dim<'_>]) -> String {
        let v: Vec<String> = d.iter().map(|x| x.to_string()).collect();
        format!("[{}]", v.join(", "))
    }

    fn ty(&self, t: Type<'c>, op: OpId) -> R<'c, String> {
        let p = self.prefix;
        if let Some(n) = dtype_name(t) {
            return Ok(format!("{p}.{n}"));
        }
        if let Some(s) = Shaped::of(t) {
            let head = if s.is_tile { "Tile" } else { "Tensor" };
            let mut out = format!(
                "{p}.{head}[{}, {}",
                Self::dims(&s.shape),
                self.ty(s.dtype, op)?
            );
            if let Some(m) = s.memref {
                out.push_str(&format!(
                    ", memref={p}.MemRef({p}.MemorySpace.{}, {}, {}, {})",
                    m.space_name(),
                    m.addr,
                    m.size,
                    m.id
                ));
            }
            if let Some(v) = &s.view {
                out.push_str(&format!(
                    ", tile_view={p}.TileView(valid_shape={}, stride={}, start_offset={})",
                    Self::dims(&v.valid),
                    Self::dims(&v.stride),
                    v.offset
                ));
            }
            out.push(']');
            return Ok(out);
        }
        if let TypeKind::Tuple(elems) = *t.kind() {
            let parts = elems
                .iter()
                .map(|&e| self.ty(e, op))
                .collect::<R<'c, Vec<_>>>()?;
            return Ok(format!("{p}.Tuple([{}])", parts.join(", ")));
        }
        self.err(
            op,
            format!(
                "type {} has no PyPTO form",
                pto_ir::printer::type_to_string(t)
            ),
        )
    }

    // ---- names -------------------------------------------------------------------

    fn name(&self, v: ValueId) -> &str {
        self.names.get(&v).map_or("_", String::as_str)
    }

    /// Initial names: from locations, else fresh.
    fn assign_names(
        &mut self,
        block: BlockId,
        parent_names: &[&'c str],
        used: &mut FxHashSet<String>,
        fresh: &mut usize,
    ) {
        for (i, &a) in self.body.block_args(block).iter().enumerate() {
            if self.names.contains_key(&a) {
                continue;
            }
            let n = loc_names(self.body.block_arg_loc(block, i));
            let hint = n.first().copied().or_else(|| parent_names.get(i).copied());
            give_name(&mut self.names, used, fresh, a, hint);
        }
        for op in self.body.block_ops(block) {
            let n = loc_names(self.body.op_loc(op));
            let rs: Vec<ValueId> = self.body.results(op).collect();
            let by_index = n.len() == rs.len();
            for (i, &r) in rs.iter().enumerate() {
                let hint = if by_index { Some(n[i]) } else { None };
                give_name(&mut self.names, used, fresh, r, hint);
            }
            let hints: Vec<&'c str> = match self
                .body
                .op_attrs(op)
                .dict_get(ARG_NAMES_ATTR)
                .map(|a| *a.kind())
            {
                Some(AttrKind::Array(items)) => items.iter().filter_map(|x| x.as_str()).collect(),
                _ => Vec::new(),
            };
            for &region in self.body.regions_of(op) {
                for b in self.body.region_blocks(region) {
                    self.assign_names(b, &hints, used, fresh);
                }
            }
        }
    }

    fn is_named(&self, op: OpId) -> bool {
        !loc_names(self.body.op_loc(op)).is_empty()
    }

    /// Ops written inline in their single user's statement.
    fn find_inline(&mut self, block: BlockId) {
        for op in self.body.block_ops(block) {
            let name = self.body.op_name(op).as_str();
            if is_expression_op(name) && self.body.num_results(op) == 1 && !self.is_named(op) {
                let r = self.body.result(op, 0);
                let uses: Vec<(OpId, usize)> = self.body.uses(r).collect();
                if let [(user, _)] = uses[..] {
                    if self.body.op_block(user) == Some(block)
                        && !self.cell_written_before(op, user)
                    {
                        self.inline.insert(op);
                    }
                }
            }
            for &region in self.body.regions_of(op) {
                for b in self.body.region_blocks(region) {
                    self.find_inline(b);
                }
            }
        }
    }

    /// Renames definitions until every use resolves, under the importer's scoping, to
    /// its value. Returns whether a name changed.
    fn resolve_names(&mut self, entry: BlockId) -> bool {
        let mut scopes: Vec<FxHashMap<String, ValueId>> = vec![FxHashMap::default()];
        let mut rename: Option<ValueId> = None;
        self.simulate(entry, &mut scopes, &mut rename, true);
        let Some(v) = rename else {
            return false;
        };
        let base = self.names[&v].clone();
        let taken: FxHashSet<&String> = self.names.values().collect();
        let mut k = 1;
        let new = loop {
            let c = format!("{base}_{k}");
            if !taken.contains(&c) {
                break c;
            }
            k += 1;
        };
        self.names.insert(v, new);
        true
    }

    fn lookup(scopes: &[FxHashMap<String, ValueId>], n: &str) -> Option<ValueId> {
        scopes.iter().rev().find_map(|s| s.get(n).copied())
    }

    fn simulate(
        &self,
        block: BlockId,
        scopes: &mut Vec<FxHashMap<String, ValueId>>,
        rename: &mut Option<ValueId>,
        top: bool,
    ) {
        for &a in self.body.block_args(block) {
            if top {
                scopes
                    .last_mut()
                    .expect("scope")
                    .insert(self.name(a).to_string(), a);
            }
        }
        for op in self.body.block_ops(block) {
            if rename.is_some() {
                return;
            }
            if self.inline.contains(&op) || self.is_binding(op) {
                continue;
            }
            self.check_uses(op, scopes, rename);
            let regions = self.body.regions_of(op);
            for &region in regions {
                for b in self.body.region_blocks(region) {
                    scopes.push(FxHashMap::default());
                    for &a in self.body.block_args(b) {
                        scopes
                            .last_mut()
                            .expect("scope")
                            .insert(self.name(a).to_string(), a);
                    }
                    self.simulate(b, scopes, rename, false);
                    scopes.pop();
                }
            }
            for r in self.body.results(op) {
                let n = self.name(r).to_string();
                if rename.is_none()
                    && !self.bound.contains_key(&r)
                    && scopes.len() > 1
                    && scopes[..scopes.len() - 1]
                        .iter()
                        .any(|s| s.contains_key(&n))
                {
                    *rename = Some(r);
                }
                scopes.last_mut().expect("scope").insert(n, r);
            }
        }
    }

    fn check_uses(
        &self,
        op: OpId,
        scopes: &[FxHashMap<String, ValueId>],
        rename: &mut Option<ValueId>,
    ) {
        for v in self.body.operands(op) {
            if let Some(d) = self.body.defining_op(v).filter(|d| self.inline.contains(d)) {
                self.check_uses(d, scopes, rename);
                continue;
            }
            match Self::lookup(scopes, self.name(v)) {
                Some(w) if w == v || self.bound.get(&w) == Some(&v) => {}
                Some(w) => {
                    if rename.is_none() {
                        *rename = Some(w);
                    }
                }
                None => {
                    if rename.is_none() {
                        *rename = Some(v);
                    }
                }
            }
        }
    }

    // ---- expressions ----------------------------------------------------------------

    fn literal(&self, op: OpId, expected: Option<Type<'c>>) -> R<'c, String> {
        let a = self.body.attr(op, "value").expect("verified");
        let ty = a.ty().expect("typed");
        let text = match *a.kind() {
            AttrKind::Integer { value, ty } => int_text(value, ty),
            AttrKind::Float { bits, ty } => {
                let x = match ty.kind() {
                    TypeKind::Float(FloatKind::F64) => f64::from_bits(bits as u64),
                    TypeKind::Float(FloatKind::F32) => f32::from_bits(bits as u32) as f64,
                    TypeKind::Float(FloatKind::F16) => pto_ir::half::f16_to_f32(bits as u16) as f64,
                    TypeKind::Float(FloatKind::BF16) => {
                        pto_ir::half::bf16_to_f32(bits as u16) as f64
                    }
                    _ => return self.err(op, "this float type has no PyPTO literal"),
                };
                if !x.is_finite() {
                    return self.err(op, "non-finite constants have no PyPTO literal");
                }
                let s = match ty.kind() {
                    TypeKind::Float(FloatKind::F64) => format!("{x:?}"),
                    _ => format!("{:?}", x as f32),
                };
                if s.contains(['.', 'e', 'i', 'n']) {
                    s
                } else {
                    format!("{s}.0")
                }
            }
            _ => return self.err(op, "unsupported constant"),
        };
        let default = match *ty.kind() {
            TypeKind::Integer { width: 1, .. } => self.ctx.int_type(1),
            TypeKind::Integer { .. } => self.ctx.int_type(64),
            _ => self.ctx.float_type(FloatKind::F32),
        };
        let implied = match expected {
            Some(e) => {
                let e = Shaped::of(e).map_or(e, |s| s.dtype);
                let int_lit = matches!(a.kind(), AttrKind::Integer { .. });
                let fits = if matches!(e.kind(), TypeKind::Integer { width: 1, .. }) {
                    default
                } else if int_lit || matches!(e.kind(), TypeKind::Float(_)) {
                    e
                } else {
                    default
                };
                fits
            }
            None => default,
        };
        if implied == ty {
            Ok(text)
        } else {
            Ok(format!(
                "{}.const({text}, {})",
                self.prefix,
                self.ty(ty, op)?
            ))
        }
    }

    /// `v` as an expression, with its precedence.
    fn value(&self, v: ValueId, expected: Option<Type<'c>>) -> R<'c, (String, u8)> {
        match self.body.value_def(v) {
            ValueDef::Result(op, _) if self.inline.contains(&op) => self.op_expr(op, expected),
            _ => Ok((self.name(v).to_string(), P_ATOM)),
        }
    }

    fn is_inline_const(&self, v: ValueId) -> bool {
        self.body.defining_op(v).is_some_and(|d| {
            self.inline.contains(&d) && self.body.op_name(d).as_str() == pto_pypto::ConstOp::NAME
        })
    }

    fn wrap(s: (String, u8), min: u8) -> String {
        if s.1 < min {
            format!("({})", s.0)
        } else {
            s.0
        }
    }

    /// The expression of an op.
    fn op_expr(&self, op: OpId, expected: Option<Type<'c>>) -> R<'c, (String, u8)> {
        let name = self.body.op_name(op).as_str();
        let ops: Vec<ValueId> = self.body.operands(op).collect();
        let p = self.prefix;
        if name == pto_pypto::ConstOp::NAME {
            let s = self.literal(op, expected)?;
            let prec = if s.starts_with('-') { P_UNARY } else { P_ATOM };
            return Ok((s, prec));
        }
        let bool_ops = ops.first().is_some_and(|&v| {
            matches!(
                self.body.value_type(v).kind(),
                TypeKind::Integer { width: 1, .. }
            )
        });
        if let Some((sym, prec)) = binary_op(name, bool_ops) {
            let (l, r) = (ops[0], ops[1]);
            let (lt, rt) = (self.body.value_type(l), self.body.value_type(r));
            let (le, re) = if self.is_inline_const(l) && !self.is_inline_const(r) {
                (Some(rt), None)
            } else {
                (None, Some(lt))
            };
            let ls = self.value(l, le)?;
            let rs = self.value(r, re)?;
            let right_assoc = sym == "**";
            let (lmin, rmin) = if right_assoc {
                (prec + 1, prec)
            } else {
                (prec, prec + 1)
            };
            // Comparisons do not chain: both sides above them.
            let (lmin, rmin) = if prec == P_CMP {
                (prec + 1, prec + 1)
            } else {
                (lmin, rmin)
            };
            return Ok((
                format!("{} {sym} {}", Self::wrap(ls, lmin), Self::wrap(rs, rmin)),
                prec,
            ));
        }
        let one = |s: &Self, i: usize| s.value(ops[i], None);
        Ok(match name {
            pto_pypto::NegOp::NAME => (format!("-{}", Self::wrap(one(self, 0)?, P_UNARY)), P_UNARY),
            pto_pypto::BitNotOp::NAME => {
                (format!("~{}", Self::wrap(one(self, 0)?, P_UNARY)), P_UNARY)
            }
            pto_pypto::NotOp::NAME => (format!("not {}", Self::wrap(one(self, 0)?, P_NOT)), P_NOT),
            pto_pypto::AbsOp::NAME => (format!("abs({})", one(self, 0)?.0), P_ATOM),
            pto_pypto::MinOp::NAME | pto_pypto::MaxOp::NAME => {
                let f = &name[6..];
                let (le, re) = if self.is_inline_const(ops[0]) && !self.is_inline_const(ops[1]) {
                    (Some(self.body.value_type(ops[1])), None)
                } else {
                    (None, Some(self.body.value_type(ops[0])))
                };
                (
                    format!(
                        "{f}({}, {})",
                        self.value(ops[0], le)?.0,
                        self.value(ops[1], re)?.0
                    ),
                    P_ATOM,
                )
            }
            pto_pypto::CastOp::NAME => {
                let t = self.body.value_type(self.body.result(op, 0));
                (
                    format!("{p}.cast({}, {})", one(self, 0)?.0, self.ty(t, op)?),
                    P_ATOM,
                )
            }
            pto_pypto::TupleGetItemOp::NAME => {
                let i = self
                    .body
                    .attr(op, "index")
                    .and_then(|a| a.as_int())
                    .unwrap_or(0);
                (
                    format!("{}[{i}]", Self::wrap(one(self, 0)?, P_ATOM)),
                    P_ATOM,
                )
            }
            pto_pypto::ReadOp::NAME => (self.name(ops[0]).to_string(), P_ATOM),
            pto_pypto::AliasOp::NAME => self.value(ops[0], expected)?,
            func::CallOp::NAME => {
                let callee = match self.body.attr(op, "callee").map(|a| *a.kind()) {
                    Some(AttrKind::SymbolRef { root, .. }) => root.as_str(),
                    _ => return self.err(op, "call without a callee"),
                };
                let args = ops
                    .iter()
                    .map(|&v| self.value(v, Some(self.body.value_type(v))).map(|s| s.0))
                    .collect::<R<'c, Vec<_>>>()?;
                (format!("{callee}({})", args.join(", ")), P_ATOM)
            }
            n if n.strip_prefix("pypto.").is_some_and(|r| r.contains('.')) => {
                (self.registered(op)?, P_ATOM)
            }
            _ => return self.err(op, format!("'{name}' has no PyPTO form")),
        })
    }

    fn attr_value(&self, a: Attribute<'c>, op: OpId) -> R<'c, String> {
        let p = self.prefix;
        Ok(match *a.kind() {
            AttrKind::Integer { value, ty } => int_text(value, ty),
            AttrKind::Float { bits, .. } => format!("{:?}", f64::from_bits(bits as u64)),
            AttrKind::String { value, .. } => format!("'{value}'"),
            AttrKind::Type(t) => self.ty(t, op)?,
            _ => {
                let text = pto_ir::printer::attr_to_string(a);
                match text
                    .strip_prefix("#pypto.pipe<")
                    .and_then(|r| r.strip_suffix('>'))
                {
                    Some(pipe) => format!("{p}.PipeType.{pipe}"),
                    None => return self.err(op, format!("attribute {text} has no PyPTO form")),
                }
            }
        })
    }

    fn registered(&self, op: OpId) -> R<'c, String> {
        let name = self.body.op_name(op).as_str();
        let spec = self
            .body
            .op_name(op)
            .def
            .and_then(|d| d.spec)
            .expect("ODS op");
        let ops: Vec<ValueId> = self.body.operands(op).collect();
        let mut args = Vec::new();
        let mut dtype: Option<Type<'c>> = None;
        for (g, o) in spec.operands.iter().enumerate() {
            let (s, e) = pto_ir::ods::operand_range(spec, self.body, op, g);
            let mut items = Vec::new();
            for &v in &ops[s..e] {
                let exp = if o.name == "rhs" {
                    dtype
                } else {
                    Some(self.ctx.int_type(64))
                };
                items.push(self.value(v, exp)?.0);
                if dtype.is_none() {
                    dtype = Shaped::of(self.body.value_type(v)).map(|s| s.dtype);
                }
            }
            match o.arity {
                Arity::Variadic => args.push(format!("[{}]", items.join(", "))),
                _ => args.extend(items),
            }
        }
        if let Some(AttrKind::Dictionary(entries)) = self.body.op_props(op).map(|d| *d.kind()) {
            for e in entries {
                if e.name.as_str() == "operandSegmentSizes" {
                    continue;
                }
                args.push(format!(
                    "{}={}",
                    e.name.as_str(),
                    self.attr_value(e.value, op)?
                ));
            }
        }
        Ok(format!(
            "{}.{}({})",
            self.prefix,
            &name[6..],
            args.join(", ")
        ))
    }

    // ---- statements -----------------------------------------------------------------

    fn line(&mut self, indent: usize, s: &str) {
        for _ in 0..indent {
            self.out.push_str("    ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn block(&mut self, block: BlockId, indent: usize, results: &[ValueId]) -> R<'c, ()> {
        let start = self.out.len();
        for op in self.body.block_ops(block) {
            if self.inline.contains(&op) {
                continue;
            }
            self.stmt(op, indent, results)?;
        }
        if self.out.len() == start {
            self.line(indent, "pass");
        }
        Ok(())
    }

    fn stmt(&mut self, op: OpId, indent: usize, parent_results: &[ValueId]) -> R<'c, ()> {
        let name = self.body.op_name(op).as_str();
        let ops: Vec<ValueId> = self.body.operands(op).collect();
        let results: Vec<ValueId> = self.body.results(op).collect();
        match name {
            pto_pypto::VarOp::NAME => {}
            pto_pypto::AssignOp::NAME => self.assign_stmt(op, indent)?,
            func::ReturnOp::NAME => {
                let vals = ops
                    .iter()
                    .map(|&v| self.value(v, Some(self.body.value_type(v))).map(|s| s.0))
                    .collect::<R<'c, Vec<_>>>()?;
                let s = if vals.is_empty() {
                    "return".to_string()
                } else {
                    format!("return {}", vals.join(", "))
                };
                self.line(indent, &s);
            }
            scf::YieldOp::NAME => {
                if ops.is_empty() {
                    return Ok(());
                }
                let vals = ops
                    .iter()
                    .map(|&v| self.value(v, None).map(|s| s.0))
                    .collect::<R<'c, Vec<_>>>()?;
                let targets: Vec<&str> = parent_results.iter().map(|&r| self.name(r)).collect();
                let s = format!(
                    "{} = {}.yield_({})",
                    targets.join(", "),
                    self.prefix,
                    vals.join(", ")
                );
                self.line(indent, &s);
            }
            scf::ForOp::NAME => {
                let region = self.body.regions_of(op)[0];
                let Some(b) = self.body.region_blocks(region).next() else {
                    return self.err(op, "scf.for without a body");
                };
                let args = self.body.block_args(b).to_vec();
                let i64t = Some(self.ctx.int_type(64));
                let bounds = ops[..3]
                    .iter()
                    .map(|&v| self.value(v, i64t).map(|s| s.0))
                    .collect::<R<'c, Vec<_>>>()?;
                let iv = self.name(args[0]).to_string();
                let s = if args.len() > 1 {
                    let ia: Vec<&str> = args[1..].iter().map(|&a| self.name(a)).collect();
                    let inits = ops[3..]
                        .iter()
                        .map(|&v| self.value(v, None).map(|s| s.0))
                        .collect::<R<'c, Vec<_>>>()?;
                    let comma = if ia.len() == 1 { "," } else { "" };
                    format!(
                        "for {iv}, ({}{comma}) in {}.range({}, init_values=[{}]):",
                        ia.join(", "),
                        self.prefix,
                        bounds.join(", "),
                        inits.join(", ")
                    )
                } else {
                    format!("for {iv} in {}.range({}):", self.prefix, bounds.join(", "))
                };
                self.line(indent, &s);
                self.block(b, indent + 1, &results)?;
            }
            scf::IfOp::NAME => {
                let cond = self.value(ops[0], Some(self.ctx.int_type(1)))?.0;
                self.line(indent, &format!("if {cond}:"));
                let regions = self.body.regions_of(op).to_vec();
                let tb = self.body.region_blocks(regions[0]).next();
                if let Some(tb) = tb {
                    self.block(tb, indent + 1, &results)?;
                }
                if let Some(eb) = self.body.region_blocks(regions[1]).next() {
                    self.line(indent, "else:");
                    self.block(eb, indent + 1, &results)?;
                }
            }
            _ => {
                let (expr, _) = self.op_expr(op, None)?;
                match &results[..] {
                    [] => self.line(indent, &expr),
                    // A buffer (`block.alloc`) has no annotation in PyPTO's syntax.
                    [r] if pto_pypto::MemRefType::from_type(self.body.value_type(*r)).is_some() => {
                        let s = format!("{} = {expr}", self.name(*r));
                        self.line(indent, &s);
                    }
                    [r] => {
                        let t = self.ty(self.body.value_type(*r), op)?;
                        let s = format!("{}: {t} = {expr}", self.name(*r));
                        self.line(indent, &s);
                    }
                    rs => {
                        let names: Vec<&str> = rs.iter().map(|&r| self.name(r)).collect();
                        let s = format!("{} = {expr}", names.join(", "));
                        self.line(indent, &s);
                    }
                }
            }
        }
        Ok(())
    }
}

/// An integer attribute in Python: `True`/`False` for `i1`.
fn int_text(value: i128, ty: Type<'_>) -> String {
    match ty.kind() {
        TypeKind::Integer { width: 1, .. } if value & 1 == 1 => "True".into(),
        TypeKind::Integer { width: 1, .. } => "False".into(),
        _ => value.to_string(),
    }
}

/// Names `v` after `hint` when it is an identifier, else `_tN`.
fn give_name(
    names: &mut FxHashMap<ValueId, String>,
    used: &mut FxHashSet<String>,
    fresh: &mut usize,
    v: ValueId,
    hint: Option<&str>,
) {
    let name = match hint {
        Some(n) if is_identifier(n) => n.to_string(),
        _ => loop {
            let c = format!("_t{fresh}");
            *fresh += 1;
            if !used.contains(&c) {
                break c;
            }
        },
    };
    used.insert(name.clone());
    names.insert(v, name);
}

fn is_identifier(s: &str) -> bool {
    let mut c = s.chars();
    c.next()
        .is_some_and(|f| f.is_ascii_alphabetic() || f == '_')
        && c.all(|x| x.is_ascii_alphanumeric() || x == '_')
        && !matches!(
            s,
            "def"
                | "return"
                | "if"
                | "else"
                | "for"
                | "in"
                | "and"
                | "or"
                | "not"
                | "pass"
                | "True"
                | "False"
                | "None"
        )
}

/// Writes the program of `module` (a module of `func.func`s in the `pypto` dialect) in
/// PyPTO's Python form, with `prefix` as the language module's alias.
pub fn export_pypto<'c>(ctx: &'c Context, module: &Module<'c>, prefix: &str) -> R<'c, String> {
    let top = module.body.block_ops(module.block).next();
    let (mbody, mblock, name) = match top {
        Some(m) if module.body.op_name(m).as_str() == builtin::ModuleOp::NAME => {
            let nested = module.body.nested(m).expect("isolated");
            let region = module.body.regions_of(m)[0];
            let block = nested.region_blocks(region).next().expect("a block");
            let name = module
                .body
                .op_props(m)
                .and_then(|d| d.dict_get("sym_name"))
                .and_then(|a| a.as_str());
            (nested, block, name)
        }
        _ => (&module.body, module.block, None),
    };
    let mut out = match name {
        Some(n) => format!("# pypto.program: {n}\n"),
        None => "# pypto.program\n".to_string(),
    };
    out.push_str(&format!("import pypto.language as {prefix}\n"));
    for f in mbody.block_ops(mblock) {
        if mbody.op_name(f).as_str() != func::FuncOp::NAME {
            return Err(Diagnostic::error(
                mbody.op_loc(f),
                format!("'{}' has no PyPTO form", mbody.op_name(f).as_str()),
            ));
        }
        let fbody = mbody.nested(f).expect("isolated");
        let region = mbody.regions_of(f)[0];
        let Some(entry) = fbody.region_blocks(region).next() else {
            return Err(Diagnostic::error(
                mbody.op_loc(f),
                "a declaration has no PyPTO form",
            ));
        };
        let fname = mbody
            .op_props(f)
            .and_then(|d| d.dict_get("sym_name"))
            .and_then(|a| a.as_str())
            .unwrap_or("_");
        let mut ex = Exporter {
            ctx,
            body: fbody,
            prefix,
            names: FxHashMap::default(),
            inline: FxHashSet::default(),
            bound: FxHashMap::default(),
            out: String::new(),
        };
        let mut used = FxHashSet::default();
        let mut fresh = 0;
        // A parameter bound to a dimension has the dimension's name, which the types
        // use.
        let args = fbody.block_args(entry);
        let bound = dims::param_symbols(mbody.attr(f, "arg_attrs"), args.len());
        for (&a, s) in args.iter().zip(bound) {
            if let Some(s) = s {
                give_name(&mut ex.names, &mut used, &mut fresh, a, Some(s));
            }
        }
        ex.assign_names(entry, &[], &mut used, &mut fresh);
        ex.find_inline(entry);
        ex.find_bindings(entry);
        let mut rounds = 0;
        while ex.resolve_names(entry) {
            rounds += 1;
            if rounds > 10_000 {
                break;
            }
        }
        out.push('\n');
        if let Some(kind) = mbody.op_attrs(f).dict_get(FUNCTION_TYPE_ATTR) {
            let text = pto_ir::printer::attr_to_string(kind);
            let k = text
                .trim_start_matches("#pypto.function_type<")
                .trim_end_matches('>');
            out.push_str(&format!(
                "@{prefix}.function(type={prefix}.FunctionType.{k})\n"
            ));
        }
        let fty = match mbody.attr(f, "function_type").map(|a| *a.kind()) {
            Some(AttrKind::Type(t)) => t,
            _ => {
                return Err(Diagnostic::error(
                    mbody.op_loc(f),
                    "function without a type",
                ))
            }
        };
        let TypeKind::Function { inputs: _, results } = *fty.kind() else {
            return Err(Diagnostic::error(
                mbody.op_loc(f),
                "function without a type",
            ));
        };
        let params = fbody
            .block_args(entry)
            .iter()
            .map(|&a| {
                Ok(format!(
                    "{}: {}",
                    ex.name(a),
                    ex.ty(fbody.value_type(a), f)?
                ))
            })
            .collect::<R<'c, Vec<_>>>()?;
        let ret = match results {
            [] => String::new(),
            [t] => format!(" -> {}", ex.ty(*t, f)?),
            ts => {
                let parts = ts.iter().map(|&t| ex.ty(t, f)).collect::<R<'c, Vec<_>>>()?;
                format!(" -> tuple[{}]", parts.join(", "))
            }
        };
        out.push_str(&format!("def {fname}({}){ret}:\n", params.join(", ")));
        ex.block(entry, 1, &[])?;
        out.push_str(&ex.out);
    }
    Ok(out)
}
