//! The statements that create, free and rename tensors: `newtensor` in the seed's
//! form (`newtensor(?1x?3, f32)`, `newtensor([2,4], f32)`, `newtensor(shape_list, f32)`)
//! and dxlang's (`newtensor("f32", "[8]")`), `deltensor` with the tensor read, written
//! or both, `clonetensor(src, dst)` and `renametensor("new") -> t`.

use pto_ir::builder::OpBuilder;
use pto_ir::{Diagnostic, InsertPoint};

use super::{dim, Func, Importer};
use crate::text::ast::*;
use crate::types::{dtype_from_name, Dim, TensorInfo};
use crate::{CloneTensorOp, DelTensorOp, NewTensorOp, RenameTensorOp};

impl<'c> Importer<'_, 'c> {
    /// `newtensor(shape, dtype) -> t` (the seed), `newtensor("f32", "[8]") -> t` (dxlang),
    /// `newtensor(shape_list, f32) -> t`.
    pub(super) fn newtensor(&mut self, f: &mut Func<'c>, s: &Stmt) -> Result<(), Diagnostic<'c>> {
        let [(name, npos)] = &s.writes[..] else {
            let d = self.error(
                s.pos,
                format!("'newtensor' writes 1 tensor, got {}", s.writes.len()),
            );
            self.report(d);
            return Ok(());
        };
        let mut shape: Option<Vec<Dim>> = None;
        let mut shape_value = None;
        let mut dtype = None;
        for a in &s.args {
            match a {
                Arg::Shape(dims, _) => shape = Some(dims.iter().map(|&d| dim(d)).collect()),
                Arg::List(items, p) => match static_dims(items) {
                    Some(d) => shape = Some(d),
                    None => {
                        let d = self.error(*p, "a shape literal holds non-negative integers");
                        self.report(d);
                        return Ok(());
                    }
                },
                Arg::Int(t, p) => match t.parse::<i64>() {
                    Ok(v) if v >= 0 => shape = Some(vec![Dim::Static(v)]),
                    _ => {
                        let d = self.error(*p, format!("bad size '{t}'"));
                        self.report(d);
                        return Ok(());
                    }
                },
                Arg::Str(text, p) | Arg::Name(text, p) => {
                    if let Some(t) = dtype_from_name(self.ctx, text)
                        .filter(|t| crate::types::dtype_name(*t).is_some())
                    {
                        dtype = Some(t);
                    } else if matches!(a, Arg::Str(..)) {
                        // dxlang: `"[64]"`.
                        match parse_shape_string(text) {
                            Some(d) => shape = Some(d),
                            None => {
                                let d = self.error(
                                    *p,
                                    format!("'{text}' is neither a data type nor a shape"),
                                );
                                self.report(d);
                                return Ok(());
                            }
                        }
                    } else if let Some(v) = self.read_name(f, text, *p) {
                        shape_value = Some(v);
                    } else {
                        return Ok(());
                    }
                }
                other => {
                    let d = self.error(other.pos(), "expected a shape or a data type");
                    self.report(d);
                    return Ok(());
                }
            }
        }
        let ty = TensorInfo {
            shape: if shape_value.is_some() { None } else { shape },
            dtype,
        }
        .build(self.ctx);
        let mut st = self.state(NewTensorOp::NAME, self.named_loc(name, *npos));
        st.operands.extend(shape_value);
        st.result_types.push(ty);
        let op = f.create(self.ctx, st);
        f.names.insert(name.clone(), f.body.result(op, 0));
        let _ = s.pos;
        Ok(())
    }

    /// `deltensor(t) -> t`, `deltensor(t)`, `deltensor() -> t`.
    pub(super) fn deltensor(&mut self, f: &mut Func<'c>, s: &Stmt) -> Result<(), Diagnostic<'c>> {
        let named: Vec<(&str, Pos)> = s
            .args
            .iter()
            .filter_map(|a| match a {
                Arg::Name(n, p) => Some((n.as_str(), *p)),
                _ => None,
            })
            .chain(s.writes.iter().map(|(n, p)| (n.as_str(), *p)))
            .collect();
        let ok = named.len() == s.args.len() + s.writes.len()
            && !named.is_empty()
            && named.iter().all(|(n, _)| *n == named[0].0);
        if !ok {
            let d = self.error(s.pos, "'deltensor' takes one tensor: deltensor(t) -> t");
            self.report(d);
            return Ok(());
        }
        let (n, p) = named[0];
        let Some(v) = self.read_name(f, n, p) else {
            return Ok(());
        };
        let mut b = OpBuilder::new(self.ctx, &mut f.body);
        b.set_insertion_point(InsertPoint::BlockEnd(f.block));
        DelTensorOp::build(&mut b, self.loc(s.pos), v);
        Ok(())
    }

    /// `clonetensor(src, dst)` (dxlang) or `clonetensor(src) -> dst`.
    pub(super) fn clonetensor(&mut self, f: &mut Func<'c>, s: &Stmt) -> Result<(), Diagnostic<'c>> {
        let (src, dst) = match (&s.args[..], &s.writes[..]) {
            ([Arg::Name(a, ap), Arg::Name(b, bp)], []) => ((a, *ap), (b, *bp)),
            ([Arg::Name(a, ap)], [(b, bp)]) => ((a, *ap), (b, *bp)),
            _ => {
                let d = self.error(
                    s.pos,
                    "'clonetensor' takes clonetensor(src, dst) or clonetensor(src) -> dst",
                );
                self.report(d);
                return Ok(());
            }
        };
        let Some(v) = self.read_name(f, src.0, src.1) else {
            return Ok(());
        };
        let ty = f.body.value_type(v);
        let mut b = OpBuilder::new(self.ctx, &mut f.body);
        b.set_insertion_point(InsertPoint::BlockEnd(f.block));
        let op = CloneTensorOp::build(&mut b, self.named_loc(dst.0, dst.1), v, ty);
        let r = f.body.result(op.0, 0);
        f.names.insert(dst.0.clone(), r);
        Ok(())
    }

    /// `renametensor("new") -> t`.
    pub(super) fn renametensor(
        &mut self,
        f: &mut Func<'c>,
        s: &Stmt,
    ) -> Result<(), Diagnostic<'c>> {
        let ([Arg::Str(new, np) | Arg::Name(new, np)], [(old, op)]) = (&s.args[..], &s.writes[..])
        else {
            let d = self.error(
                s.pos,
                "'renametensor' takes renametensor(\"new_name\") -> t",
            );
            self.report(d);
            return Ok(());
        };
        let Some(v) = self.read_name(f, old, *op) else {
            return Ok(());
        };
        let ty = f.body.value_type(v);
        let mut b = OpBuilder::new(self.ctx, &mut f.body);
        b.set_insertion_point(InsertPoint::BlockEnd(f.block));
        let r = RenameTensorOp::build(
            &mut b,
            self.named_loc(new, *np),
            v,
            ty,
            self.ctx.string_attr(new),
        );
        let r = f.body.result(r.0, 0);
        f.names.remove(old);
        f.names.insert(new.clone(), r);
        Ok(())
    }
}

fn static_dims(items: &[Arg]) -> Option<Vec<Dim>> {
    items
        .iter()
        .map(|a| match a {
            Arg::Int(t, _) => t.parse::<i64>().ok().filter(|v| *v >= 0).map(Dim::Static),
            _ => None,
        })
        .collect()
}

/// dxlang's `"[64]"`, `"[2, 3]"`, `"2x3"`.
fn parse_shape_string(s: &str) -> Option<Vec<Dim>> {
    let inner = s.trim().strip_prefix('[').and_then(|r| r.strip_suffix(']'));
    let parts: Vec<&str> = match inner {
        Some(i) => i.split(',').collect(),
        None => s.split('x').collect(),
    };
    parts
        .iter()
        .map(|p| match p.trim() {
            "?" => Some(Dim::Any),
            p if p.starts_with('?') => p[1..].parse().ok().filter(|n| *n >= 1).map(Dim::Var),
            p => p.parse().ok().filter(|v: &i64| *v >= 0).map(Dim::Static),
        })
        .collect()
}
