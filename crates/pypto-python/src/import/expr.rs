//! Expressions of the Python form: literals typed by their context, operators on
//! scalars, tensors and tiles, builtins (`abs`, `min`, `max`, `pl.cast`, `pl.const`),
//! calls to program functions and to registered operators with keyword arguments.
//! Positional arguments after an operator's operands are its keyword arguments in
//! declared order, as in PyPTO's signatures (`transpose(x, 0, 1)`).

use pto_ir::ods::Arity;
use pto_ir::{AttrKind, Attribute, FloatKind, Type, TypeKind, ValueId};

use super::super::ast::*;
use super::{Func, Importer, Val, R};
use pto_dialects::func;
use pto_pypto::infer::{self, Arg, DeduceError};
use pto_pypto::types::{dtype_from_name, dtype_name, Dim, Shaped};

/// Whether `e` is a literal (its type comes from its context).
pub(super) fn is_literal(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Bool(_) => true,
        ExprKind::Unary(UnOp::Neg | UnOp::Pos, x) => is_literal(x),
        _ => false,
    }
}

fn scalar_of(t: Type<'_>) -> Type<'_> {
    Shaped::of(t).map_or(t, |s| s.dtype)
}

fn is_float(t: Type<'_>) -> bool {
    matches!(t.kind(), TypeKind::Float(_)) || dtype_name(t).is_some_and(|n| n.starts_with("HF"))
}

fn is_bool(t: Type<'_>) -> bool {
    matches!(t.kind(), TypeKind::Integer { width: 1, .. })
}

impl<'a, 'c> Importer<'a, 'c> {
    /// A `pypto.const` of `value`.
    pub(super) fn constant(&self, f: &mut Func<'c>, value: AttrKind<'c>, pos: Pos) -> ValueId {
        let a = self.ctx.intern_attr(value);
        let ty = a.ty().expect("typed");
        let mut st = self.state(pto_pypto::ConstOp::NAME, self.loc(pos));
        st.result_types.push(ty);
        st.props = Some(self.ctx.dictionary(&[self.named("value", a)]));
        let op = f.create(st, self.ctx);
        f.body.result(op, 0)
    }

    fn literal(&self, f: &mut Func<'c>, e: &Expr, expected: Option<Type<'c>>) -> R<'c, ValueId> {
        let (neg, inner) = match &e.kind {
            ExprKind::Unary(UnOp::Neg, x) => (true, &**x),
            ExprKind::Unary(UnOp::Pos, x) => (false, &**x),
            _ => (false, e),
        };
        if !std::ptr::eq(inner, e) && !matches!(inner.kind, ExprKind::Int(_) | ExprKind::Float(_)) {
            // `--1`, `-True`: evaluate as an expression.
            let v = self.one(f, inner, expected)?;
            return if neg {
                self.unary(f, e.pos, "neg", v)
            } else {
                Ok(v)
            };
        }
        let expected = expected.map(scalar_of).filter(|t| dtype_name(*t).is_some());
        match inner.kind {
            ExprKind::Bool(b) => {
                let t = self.ctx.int_type(1);
                Ok(self.constant(
                    f,
                    AttrKind::Integer {
                        value: b as i128,
                        ty: t,
                    },
                    e.pos,
                ))
            }
            ExprKind::Int(v) => {
                let v = if neg { -v } else { v };
                match expected {
                    Some(t) if is_float(t) => self.float_const(f, t, v as f64, e.pos),
                    Some(t) if !is_bool(t) => {
                        self.fits(t, v, e.pos)?;
                        Ok(self.constant(f, AttrKind::Integer { value: v, ty: t }, e.pos))
                    }
                    _ => {
                        let t = self.ctx.int_type(64);
                        self.fits(t, v, e.pos)?;
                        Ok(self.constant(f, AttrKind::Integer { value: v, ty: t }, e.pos))
                    }
                }
            }
            ExprKind::Float(x) => {
                let x = if neg { -x } else { x };
                let t = match expected {
                    Some(t) if is_float(t) => t,
                    Some(t) if !is_bool(t) => {
                        return self.err(
                            e.pos,
                            format!(
                                "float literal where {} is expected",
                                dtype_name(t).unwrap_or("?")
                            ),
                        )
                    }
                    _ => self.ctx.float_type(FloatKind::F32),
                };
                self.float_const(f, t, x, e.pos)
            }
            _ => self.err(e.pos, "expected a literal"),
        }
    }

    /// An error unless integer `v` fits type `t` (signed, or unsigned for `ui` types).
    fn fits(&self, t: Type<'c>, v: i128, pos: Pos) -> R<'c, ()> {
        let Some(w) = t.int_width() else {
            return Ok(());
        };
        let unsigned = matches!(
            t.kind(),
            pto_ir::TypeKind::Integer {
                signedness: pto_ir::Signedness::Unsigned,
                ..
            }
        );
        let (lo, hi) = match (unsigned, w >= 127) {
            (_, true) => (i128::MIN, i128::MAX),
            (true, false) => (0, (1i128 << w) - 1),
            (false, false) => (-(1i128 << (w.max(1) - 1)), (1i128 << (w.max(1) - 1)) - 1),
        };
        if v < lo || v > hi {
            return self.err(
                pos,
                format!(
                    "{v} does not fit {} ({lo} to {hi})",
                    dtype_name(t).unwrap_or("?")
                ),
            );
        }
        Ok(())
    }

    fn float_const(&self, f: &mut Func<'c>, t: Type<'c>, x: f64, pos: Pos) -> R<'c, ValueId> {
        let bits: u128 = match t.kind() {
            TypeKind::Float(FloatKind::F64) => x.to_bits() as u128,
            TypeKind::Float(FloatKind::F32) => (x as f32).to_bits() as u128,
            TypeKind::Float(FloatKind::F16) => pto_ir::half::f64_to_f16(x) as u128,
            TypeKind::Float(FloatKind::BF16) => pto_ir::half::f64_to_bf16(x) as u128,
            _ => {
                return self.err(
                    pos,
                    format!(
                        "constants of type {} are not supported",
                        dtype_name(t).unwrap_or("?")
                    ),
                )
            }
        };
        Ok(self.constant(f, AttrKind::Float { bits, ty: t }, pos))
    }

    /// One value of `e`.
    pub(super) fn one(
        &self,
        f: &mut Func<'c>,
        e: &Expr,
        expected: Option<Type<'c>>,
    ) -> R<'c, ValueId> {
        match self.expr(f, e, expected)? {
            Val::One(v) => Ok(v),
            Val::Many(vs) if vs.len() == 1 => Ok(vs[0]),
            Val::Many(vs) => self.err(e.pos, format!("expected one value, got {}", vs.len())),
        }
    }

    /// The value(s) of `e`; `expected` types literals.
    pub(super) fn expr(
        &self,
        f: &mut Func<'c>,
        e: &Expr,
        expected: Option<Type<'c>>,
    ) -> R<'c, Val> {
        if is_literal(e) {
            return self.literal(f, e, expected).map(Val::One);
        }
        match &e.kind {
            ExprKind::Name(n) if f.cell_of.contains_key(n) => {
                let c = f.cell_of[n];
                Ok(Val::One(self.read_cell(f, c, n, e.pos)))
            }
            ExprKind::Name(n) => match f.lookup(n) {
                Some(v) => Ok(v.clone()),
                None => self.err(e.pos, format!("undefined variable '{n}'")),
            },
            ExprKind::Unary(op, x) => {
                let v = self.one(f, x, expected)?;
                let name = match op {
                    UnOp::Pos => return Ok(Val::One(v)),
                    UnOp::Neg => "neg",
                    UnOp::Not => "not",
                    UnOp::Invert => "bitnot",
                };
                self.unary(f, e.pos, name, v).map(Val::One)
            }
            ExprKind::Binary(op, l, r) => self.binary(f, e.pos, *op, l, r).map(Val::One),
            ExprKind::Tuple(items) => {
                let mut vs = Vec::new();
                for it in items {
                    vs.push(self.one(f, it, None)?);
                }
                Ok(Val::Many(vs))
            }
            ExprKind::Subscript {
                value,
                index,
                kwargs,
            } => {
                let v = self.expr(f, value, None)?;
                let ([i], true) = (&index[..], kwargs.is_empty()) else {
                    return self.err(e.pos, "expected one index");
                };
                let k = self.int_literal(i)?;
                match v {
                    Val::Many(vs) => match usize::try_from(k).ok().and_then(|k| vs.get(k)) {
                        Some(&x) => Ok(Val::One(x)),
                        None => self.err(
                            i.pos,
                            format!("index {k} is out of range for {} values", vs.len()),
                        ),
                    },
                    Val::One(t) => {
                        let TypeKind::Tuple(elems) = *f.body.value_type(t).kind() else {
                            return self.err(value.pos, "only tuples can be indexed");
                        };
                        let Some(&et) = usize::try_from(k).ok().and_then(|k| elems.get(k)) else {
                            return self.err(
                                i.pos,
                                format!("index {k} is out of range for a tuple of {}", elems.len()),
                            );
                        };
                        let mut st = self.state(pto_pypto::TupleGetItemOp::NAME, self.loc(e.pos));
                        st.operands.push(t);
                        st.result_types.push(et);
                        let idx = self.ctx.int_attr(self.ctx.int_type(64), k as i128);
                        st.props = Some(self.ctx.dictionary(&[self.named("index", idx)]));
                        let op = f.create(st, self.ctx);
                        Ok(Val::One(f.body.result(op, 0)))
                    }
                }
            }
            ExprKind::Call { func, args, kwargs } => {
                self.call(f, e.pos, func, args, kwargs, expected)
            }
            ExprKind::Str(_) => self.err(e.pos, "strings are only allowed as keyword arguments"),
            ExprKind::List(_) => self.err(e.pos, "lists are only allowed as operator arguments"),
            ExprKind::Attr(..) => self.err(e.pos, "expected a value"),
            ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Bool(_) => unreachable!("literal"),
        }
    }

    fn simple_op(
        &self,
        f: &mut Func<'c>,
        pos: Pos,
        name: &str,
        operands: &[ValueId],
        ty: Type<'c>,
    ) -> ValueId {
        let mut st = self.state(name, self.loc(pos));
        st.operands.extend_from_slice(operands);
        st.result_types.push(ty);
        let op = f.create(st, self.ctx);
        f.body.result(op, 0)
    }

    fn unary(&self, f: &mut Func<'c>, pos: Pos, name: &str, v: ValueId) -> R<'c, ValueId> {
        let t = f.body.value_type(v);
        if let Some(s) = Shaped::of(t) {
            if name != "neg" {
                return self.err(pos, format!("'{name}' is not defined on tensors and tiles"));
            }
            let family = if s.is_tile { "block" } else { "tensor" };
            return self
                .registered_values(f, pos, &format!("{family}.neg"), &[v], &[pos], &[])
                .map(|vs| vs[0]);
        }
        if dtype_name(t).is_none() {
            return self.err(pos, "operand must be a scalar");
        }
        if name == "not" && !is_bool(t) {
            return self.err(pos, "'not' needs a bool operand");
        }
        Ok(self.simple_op(f, pos, &format!("pypto.{name}"), &[v], t))
    }

    /// The two operands of a binary operator; a literal takes the type of the other one.
    fn operand_pair(&self, f: &mut Func<'c>, l: &Expr, r: &Expr) -> R<'c, (ValueId, ValueId)> {
        if is_literal(l) && !is_literal(r) {
            let rv = self.one(f, r, None)?;
            let rt = f.body.value_type(rv);
            return Ok((self.one(f, l, Some(rt))?, rv));
        }
        let lv = self.one(f, l, None)?;
        let lt = f.body.value_type(lv);
        Ok((lv, self.one(f, r, Some(lt))?))
    }

    fn binary(&self, f: &mut Func<'c>, pos: Pos, op: BinOp, l: &Expr, r: &Expr) -> R<'c, ValueId> {
        let (lv, rv) = self.operand_pair(f, l, r)?;
        let (lt, rt) = (f.body.value_type(lv), f.body.value_type(rv));
        let (ls, rs) = (Shaped::of(lt), Shaped::of(rt));
        if ls.is_some() || rs.is_some() {
            let name = match op {
                BinOp::Add => "add",
                BinOp::Sub => "sub",
                BinOp::Mul => "mul",
                BinOp::Div => "div",
                _ => return self.err(pos, "this operator is not defined on tensors and tiles"),
            };
            let (a, b, apos, bpos, shaped) = match (&ls, &rs) {
                (Some(s), _) => (lv, rv, l.pos, r.pos, s.clone()),
                (None, Some(s)) if matches!(op, BinOp::Add | BinOp::Mul) => {
                    (rv, lv, r.pos, l.pos, s.clone())
                }
                _ => {
                    return self.err(
                        pos,
                        "a scalar can only be added to or multiply a tensor from the left",
                    )
                }
            };
            let scalar = Shaped::of(f.body.value_type(b)).is_none();
            let op = match (shaped.is_tile, scalar) {
                (false, false) => format!("tensor.{name}"),
                (false, true) => format!("tensor.{name}_scalar"),
                (true, false) => format!("block.{name}"),
                (true, true) => format!("block.{name}s"),
            };
            return self
                .registered_values(f, pos, &op, &[a, b], &[apos, bpos], &[])
                .map(|vs| vs[0]);
        }
        if dtype_name(lt).is_none() || dtype_name(rt).is_none() {
            return self.err(pos, "operands must be scalars, tensors or tiles");
        }
        if lt != rt {
            return self.err(
                pos,
                format!(
                    "operands have different types ({} and {}): convert one with pl.cast",
                    dtype_name(lt).unwrap_or("?"),
                    dtype_name(rt).unwrap_or("?")
                ),
            );
        }
        let boolean = is_bool(lt);
        let (name, result) = match op {
            BinOp::Add => ("add", lt),
            BinOp::Sub => ("sub", lt),
            BinOp::Mul => ("mul", lt),
            BinOp::Div => ("floatdiv", lt),
            BinOp::FloorDiv => ("floordiv", lt),
            BinOp::Mod => ("floormod", lt),
            BinOp::Pow => ("pow", lt),
            BinOp::BitAnd if boolean => ("and", lt),
            BinOp::BitOr if boolean => ("or", lt),
            BinOp::BitXor if boolean => ("xor", lt),
            BinOp::BitAnd => ("bitand", lt),
            BinOp::BitOr => ("bitor", lt),
            BinOp::BitXor => ("bitxor", lt),
            BinOp::Shl => ("shl", lt),
            BinOp::Shr => ("shr", lt),
            BinOp::And | BinOp::Or if !boolean => {
                return self.err(pos, "'and' and 'or' need bool operands")
            }
            BinOp::And => ("and", lt),
            BinOp::Or => ("or", lt),
            BinOp::Eq => ("eq", self.ctx.int_type(1)),
            BinOp::Ne => ("ne", self.ctx.int_type(1)),
            BinOp::Lt => ("lt", self.ctx.int_type(1)),
            BinOp::Le => ("le", self.ctx.int_type(1)),
            BinOp::Gt => ("gt", self.ctx.int_type(1)),
            BinOp::Ge => ("ge", self.ctx.int_type(1)),
        };
        Ok(self.simple_op(f, pos, &format!("pypto.{name}"), &[lv, rv], result))
    }

    fn call(
        &self,
        f: &mut Func<'c>,
        pos: Pos,
        func: &Expr,
        args: &[Expr],
        kwargs: &[(String, Expr)],
        expected: Option<Type<'c>>,
    ) -> R<'c, Val> {
        let Some(d) = func.dotted() else {
            return self.err(func.pos, "expected a function or operator name");
        };
        let stripped = self.strip_prefix(&d);
        match (&d[..], stripped.as_deref()) {
            (["abs"], _) => {
                let [x] = args else {
                    return self.err(pos, "abs takes one argument");
                };
                let v = self.one(f, x, expected)?;
                let t = f.body.value_type(v);
                if dtype_name(t).is_none() {
                    return self.err(x.pos, "abs needs a scalar");
                }
                return Ok(Val::One(self.simple_op(
                    f,
                    pos,
                    pto_pypto::AbsOp::NAME,
                    &[v],
                    t,
                )));
            }
            (["min"] | ["max"], _) => {
                let [a, b] = args else {
                    return self.err(pos, "min and max take two arguments");
                };
                let name = if d[0] == "min" { "min" } else { "max" };
                let (x, y) = self.operand_pair(f, a, b)?;
                let t = f.body.value_type(x);
                if dtype_name(t).is_none() || f.body.value_type(y) != t {
                    return self.err(pos, "min and max take two scalars of one type");
                }
                return Ok(Val::One(self.simple_op(
                    f,
                    pos,
                    &format!("pypto.{name}"),
                    &[x, y],
                    t,
                )));
            }
            (_, Some(["cast"])) => {
                let [x, dt] = args else {
                    return self.err(pos, "pl.cast takes a value and a data type");
                };
                let t = self.ty(dt)?;
                let v = self.one(f, x, None)?;
                let vt = f.body.value_type(v);
                if let Some(s) = Shaped::of(vt) {
                    let target = self.ctx.type_attr(t);
                    if s.is_tile {
                        return self.err(x.pos, "pl.cast of a tile is not an operator of the registry (cast the tensor)");
                    }
                    return self
                        .registered_values(
                            f,
                            pos,
                            "tensor.cast",
                            &[v],
                            &[x.pos],
                            &[("target_type".into(), target)],
                        )
                        .map(|vs| Val::One(vs[0]));
                }
                if dtype_name(vt).is_none() {
                    return self.err(x.pos, "pl.cast needs a scalar");
                }
                return Ok(Val::One(self.simple_op(
                    f,
                    pos,
                    pto_pypto::CastOp::NAME,
                    &[v],
                    t,
                )));
            }
            (_, Some(["const"])) => {
                let [x, dt] = args else {
                    return self.err(pos, "pl.const takes a literal and a data type");
                };
                let t = self.ty(dt)?;
                if !is_literal(x) {
                    return self.err(x.pos, "pl.const takes a literal");
                }
                return self.literal(f, x, Some(t)).map(Val::One);
            }
            _ => {}
        }
        if let [name] = &d[..] {
            if let Some(sig) = self.sigs.get(*name) {
                if !kwargs.is_empty() {
                    return self.err(
                        kwargs[0].1.pos,
                        "program functions take no keyword arguments",
                    );
                }
                if args.len() != sig.params.len() {
                    return self.err(
                        pos,
                        format!(
                            "'{name}' takes {} arguments, got {}",
                            sig.params.len(),
                            args.len()
                        ),
                    );
                }
                let mut vs = Vec::new();
                for (a, &t) in args.iter().zip(&sig.params) {
                    let v = self.one(f, a, Some(t))?;
                    let vt = f.body.value_type(v);
                    if !infer::compatible(t, vt) && !infer::compatible(vt, t) {
                        return self.err(
                            a.pos,
                            format!(
                                "argument has type {}, expected {}",
                                pto_ir::printer::type_to_string(vt),
                                pto_ir::printer::type_to_string(t)
                            ),
                        );
                    }
                    vs.push(v);
                }
                let mut st = self.state(func::CallOp::NAME, self.loc(pos));
                st.operands.extend(vs);
                st.result_types.extend(sig.results.iter().copied());
                let callee = self.ctx.symbol_ref_attr(self.ctx.ident(name), &[]);
                st.props = Some(self.ctx.dictionary(&[self.named("callee", callee)]));
                let op = f.create(st, self.ctx);
                let rs: Vec<ValueId> = f.body.results(op).collect();
                return Ok(if rs.len() == 1 {
                    Val::One(rs[0])
                } else {
                    Val::Many(rs)
                });
            }
        }
        let path = match stripped.as_deref() {
            Some(["op", rest @ ..]) => rest.to_vec(),
            Some(rest) => rest.to_vec(),
            None => d.clone(),
        };
        match path[..] {
            [family @ ("tensor" | "block" | "system"), name] => {
                self.registered_call(f, pos, &format!("{family}.{name}"), args, kwargs)
            }
            _ => self.err(
                func.pos,
                format!("unknown function or operator '{}'", d.join(".")),
            ),
        }
    }

    /// A keyword argument as an attribute.
    fn kwarg(&self, e: &Expr) -> R<'c, Attribute<'c>> {
        let ctx = self.ctx;
        match &e.kind {
            ExprKind::Bool(b) => return Ok(ctx.int_attr(ctx.int_type(1), *b as i128)),
            ExprKind::Int(_) | ExprKind::Unary(UnOp::Neg, _) if self.int_literal(e).is_ok() => {
                return Ok(ctx.int_attr(ctx.int_type(64), self.int_literal(e)? as i128))
            }
            ExprKind::Float(x) => {
                return Ok(ctx.intern_attr(AttrKind::Float {
                    bits: x.to_bits() as u128,
                    ty: ctx.float_type(FloatKind::F64),
                }))
            }
            ExprKind::Str(s) => return Ok(ctx.string_attr(s)),
            _ => {}
        }
        if let Some(d) = e.dotted() {
            if let Some(rest) = self.strip_prefix(&d) {
                match rest[..] {
                    [t] if dtype_from_name(ctx, t).is_some() => {
                        return Ok(ctx.type_attr(dtype_from_name(ctx, t).expect("checked")))
                    }
                    ["PipeType" | "Pipe", p] => {
                        if let Some(k) = pto_pypto::PipeKind::from_keyword(p) {
                            return Ok(pto_pypto::PipeKindAttr::get(ctx, k).attr());
                        }
                        return self.err(e.pos, format!("unknown pipe '{p}'"));
                    }
                    ["MemorySpace", s] => {
                        if let Some(m) = pto_pypto::MemorySpace::from_keyword(s) {
                            return Ok(ctx.int_attr(ctx.int_type(64), m.value().into()));
                        }
                        return self.err(e.pos, format!("unknown memory space '{s}'"));
                    }
                    _ => {}
                }
            }
        }
        self.err(e.pos, "unsupported keyword argument value")
    }

    fn registered_call(
        &self,
        f: &mut Func<'c>,
        pos: Pos,
        name: &str,
        args: &[Expr],
        kwargs: &[(String, Expr)],
    ) -> R<'c, Val> {
        let full = format!("pypto.{name}");
        let Some(def) = self.ctx.op_def(&full) else {
            return self.err(pos, format!("unknown operator '{name}'"));
        };
        let spec = def.spec.expect("ODS op");
        // Operand groups from positional arguments, then keywords naming operands.
        let mut groups: Vec<Option<&Expr>> = vec![None; spec.operands.len()];
        let mut attrs: Vec<(String, Attribute<'c>)> = Vec::new();
        // Positional arguments after the operands are the keyword arguments in their
        // declared order, as in PyPTO's Python signatures (`transpose(x, 0, 1)`).
        let keywords: Vec<&str> = def
            .inherent_attrs
            .iter()
            .copied()
            .filter(|a| !a.ends_with("SegmentSizes"))
            .collect();
        let n = spec.operands.len();
        if args.len() > n + keywords.len() {
            return self.err(
                args[n + keywords.len()].pos,
                format!("too many arguments for '{name}'"),
            );
        }
        for (k, a) in args.iter().enumerate() {
            if k < n {
                groups[k] = Some(a);
            } else {
                attrs.push((keywords[k - n].to_string(), self.kwarg(a)?));
            }
        }
        for (k, v) in kwargs {
            if let Some(i) = spec.operands.iter().position(|o| o.name == k) {
                if groups[i].is_some() {
                    return self.err(v.pos, format!("argument '{k}' given twice"));
                }
                groups[i] = Some(v);
            } else if attrs.iter().any(|(a, _)| a == k) {
                return self.err(v.pos, format!("argument '{k}' given twice"));
            } else if def.inherent_attrs.contains(&k.as_str()) {
                attrs.push((k.clone(), self.kwarg(v)?));
            } else {
                return self.err(v.pos, format!("unknown keyword argument '{k}' of '{name}'"));
            }
        }
        let mut values = Vec::new();
        let mut poss = Vec::new();
        let mut sizes = Vec::new();
        let mut dtype: Option<Type<'c>> = None;
        for (g, o) in groups.iter().zip(spec.operands) {
            let expected = |dt: Option<Type<'c>>| {
                if o.name == "rhs" {
                    dt
                } else {
                    Some(self.ctx.int_type(64))
                }
            };
            match (g, o.arity) {
                (None, Arity::Optional) => sizes.push(0),
                (None, Arity::Variadic) => sizes.push(0),
                (None, Arity::Single) => {
                    return self.err(pos, format!("'{name}' is missing argument '{}'", o.name));
                }
                (Some(e), Arity::Variadic) => {
                    let (ExprKind::List(items) | ExprKind::Tuple(items)) = &e.kind else {
                        return self.err(
                            e.pos,
                            format!("argument '{}' of '{name}' is a list", o.name),
                        );
                    };
                    for it in items {
                        let v = self.one(f, it, expected(dtype))?;
                        values.push(v);
                        poss.push(it.pos);
                    }
                    sizes.push(items.len() as i64);
                }
                (Some(e), _) => {
                    let v = self.one(f, e, expected(dtype))?;
                    if dtype.is_none() {
                        dtype = Shaped::of(f.body.value_type(v)).map(|s| s.dtype);
                    }
                    values.push(v);
                    poss.push(e.pos);
                    sizes.push(1);
                }
            }
        }
        let mut name = name.to_string();
        // `tensor.add(x, 2.0)`: the scalar form.
        if values.len() == 2 && Shaped::of(f.body.value_type(values[1])).is_none() {
            let fam = name.split_once('.').map(|x| x.0).unwrap_or("");
            let base = name.split_once('.').map(|x| x.1).unwrap_or("");
            if matches!(base, "add" | "sub" | "mul" | "div") {
                name = match fam {
                    "tensor" => format!("tensor.{base}_scalar"),
                    _ => format!("block.{base}s"),
                };
            }
        }
        let mut all = attrs;
        if spec.operand_segments {
            all.push((
                "operandSegmentSizes".into(),
                self.ctx.dense_int_array(32, &sizes),
            ));
        }
        self.registered_values(f, pos, &name, &values, &poss, &all)
            .map(|vs| {
                if vs.len() == 1 {
                    Val::One(vs[0])
                } else {
                    Val::Many(vs)
                }
            })
    }

    /// Creates registered op `name` on `values` (at `poss`) with attributes `attrs`,
    /// its result types deduced.
    pub(super) fn registered_values(
        &self,
        f: &mut Func<'c>,
        pos: Pos,
        name: &str,
        values: &[ValueId],
        poss: &[Pos],
        attrs: &[(String, Attribute<'c>)],
    ) -> R<'c, Vec<ValueId>> {
        let args: Vec<Arg<'c>> = values
            .iter()
            .map(|&v| {
                let mut a = infer::arg_of(&f.body, v);
                if a.dim.is_none()
                    && matches!(f.body.value_type(v).kind(), TypeKind::Integer { .. })
                {
                    if let Some(n) = f.names.get(&v) {
                        a.dim = Some(Dim::Sym(self.ctx.alloc_str(n)));
                    }
                }
                a
            })
            .collect();
        let full = format!("pypto.{name}");
        let types = infer::deduce(self.ctx, &full, &args, &infer::KwList(attrs)).map_err(
            |DeduceError { arg, message }| {
                let at = arg.and_then(|i| poss.get(i).copied()).unwrap_or(pos);
                pto_ir::Diagnostic::error(self.loc(at), format!("{name}: {message}"))
            },
        )?;
        let mut st = self.state(&full, self.loc(pos));
        st.operands.extend_from_slice(values);
        st.result_types.extend(types);
        let props: Vec<_> = attrs.iter().map(|(k, v)| self.named(k, *v)).collect();
        if !props.is_empty() {
            st.props = Some(self.ctx.dictionary(&props));
        }
        let op = f.create(st, self.ctx);
        Ok(f.body.results(op).collect())
    }
}
