//! DeepX text to the `deepx` dialect. A definition becomes a `deepx.func` whose block
//! arguments are its read then write parameters; each statement an op (or a
//! `deepx.call`) whose operands are its reads then its writes; a literal argument a
//! `deepx.const` (a list of names a `deepx.list`) just before its use. A name is bound
//! to the value of its parameter or of its latest `newtensor`; the value's location is
//! a `NameLoc` of the name. dxlang's statements outside any definition form the
//! `toplevel` function, whose write parameters are the names they write.
//!
//! What the IR cannot hold is reported here, all at once with what `deepx-verify`
//! finds: a name used before its `newtensor` or never defined, a name written without
//! being created (a placeholder `newtensor` keeps the import going), a wrong number of
//! arguments.

use rustc_hash::FxHashMap;

use pto_ir::builder::OpBuilder;
use pto_ir::module::Module;
use pto_ir::{
    AttrKind, Attribute, BlockId, Body, Context, Diagnostic, InsertPoint, Location, NamedAttribute,
    OpName, OperationState, Severity, Type, ValueId,
};

use super::ast::*;

mod lifetime;
use crate::types::{dtype_from_name, list_element, list_of, union_of, Dim, TensorInfo};
use crate::{CallOp, ConstOp, FuncOp, ListOp, NewTensorOp};

/// The name of the function holding a dxlang file's top-level statements.
pub const TOPLEVEL: &str = "__toplevel__";

/// A function's signature, for calls.
struct Sig<'c> {
    reads: Vec<Type<'c>>,
    writes: Vec<Type<'c>>,
    pos: Pos,
}

struct Importer<'a, 'c> {
    ctx: &'c Context,
    file: &'a str,
    sigs: FxHashMap<String, Sig<'c>>,
    errors: Vec<Diagnostic<'c>>,
}

/// A function being built.
struct Func<'c> {
    body: Body<'c>,
    block: BlockId,
    /// Name -> its current value.
    names: FxHashMap<String, ValueId>,
    /// Where each name is first created by `newtensor`/`clonetensor`, for "used before".
    created_at: FxHashMap<String, Pos>,
}

impl<'c> Func<'c> {
    fn create(&mut self, ctx: &'c Context, st: OperationState<'c>) -> pto_ir::OpId {
        let mut b = OpBuilder::new(ctx, &mut self.body);
        b.set_insertion_point(InsertPoint::BlockEnd(self.block));
        b.create(st)
    }
}

impl<'c> Importer<'_, 'c> {
    fn loc(&self, p: Pos) -> Location<'c> {
        self.ctx.file_loc(self.file, p.line, p.col)
    }
    fn named_loc(&self, name: &str, p: Pos) -> Location<'c> {
        self.ctx.location(AttrKind::NameLoc {
            name: self.ctx.ident(name),
            child: Some(self.loc(p)),
        })
    }
    fn error(&mut self, p: Pos, msg: impl Into<String>) -> Diagnostic<'c> {
        Diagnostic::error(self.loc(p), msg.into())
    }
    fn report(&mut self, d: Diagnostic<'c>) {
        self.errors.push(d);
    }
    fn state(&self, name: &str, loc: Location<'c>) -> OperationState<'c> {
        let op_name = OpName::of(self.ctx, name);
        OperationState::new(self.ctx, op_name, loc)
    }
    fn prop(&self, k: &str, v: Attribute<'c>) -> NamedAttribute<'c> {
        NamedAttribute {
            name: self.ctx.ident(k),
            value: v,
        }
    }

    // ---- types ---------------------------------------------------------------------------

    fn dtype(&self, names: &[String], p: Pos) -> Result<Type<'c>, Diagnostic<'c>> {
        let mut members = Vec::new();
        for n in names {
            match dtype_from_name(self.ctx, n).filter(|t| crate::types::dtype_name(*t).is_some()) {
                Some(t) if !members.contains(&t) => members.push(t),
                Some(_) => {}
                None => {
                    return Err(Diagnostic::error(
                        self.loc(p),
                        format!(
                            "unknown data type '{n}' (expected one of {})",
                            crate::types::DTYPE_NAMES.join(", ")
                        ),
                    ))
                }
            }
        }
        Ok(union_of(self.ctx, &members))
    }

    fn ty(&self, t: &TypeExpr, p: Pos) -> Result<Type<'c>, Diagnostic<'c>> {
        Ok(match t {
            TypeExpr::Scalar(names) if names.len() == 1 && names[0] == "string" => {
                crate::StringType::get(self.ctx).ty()
            }
            TypeExpr::Scalar(names) => self.dtype(names, p)?,
            TypeExpr::Tensor(dims, dtypes) => TensorInfo {
                shape: dims.as_ref().map(|d| d.iter().map(|&x| dim(x)).collect()),
                dtype: match dtypes.is_empty() {
                    true => None,
                    false => Some(self.dtype(dtypes, p)?),
                },
            }
            .build(self.ctx),
            TypeExpr::List(e) => list_of(self.ctx, self.ty(e, p)?),
        })
    }

    fn any_tensor(&self) -> Type<'c> {
        TensorInfo {
            shape: None,
            dtype: None,
        }
        .build(self.ctx)
    }

    fn param_type(&self, p: &Param) -> Result<Type<'c>, Diagnostic<'c>> {
        match &p.ty {
            Some(t) => self.ty(t, p.pos),
            None => Ok(self.any_tensor()),
        }
    }

    // ---- functions -----------------------------------------------------------------------

    fn signature(&self, d: &Def) -> Result<Sig<'c>, Diagnostic<'c>> {
        let reads = d
            .reads
            .iter()
            .map(|p| self.param_type(p))
            .collect::<Result<_, _>>()?;
        let writes: Vec<Type<'c>> = d
            .writes
            .iter()
            .map(|p| self.param_type(p))
            .collect::<Result<_, _>>()?;
        for (p, t) in d.writes.iter().zip(&writes) {
            if TensorInfo::of(*t).is_none() {
                return Err(Diagnostic::error(
                    self.loc(p.pos),
                    format!(
                        "write parameter '{}' must be a tensor (DeepX writes tensors), got {}",
                        p.name,
                        crate::types::deepx_spelling(*t)
                    ),
                ));
            }
        }
        Ok(Sig {
            reads,
            writes,
            pos: d.pos,
        })
    }

    fn function(
        &mut self,
        name: &str,
        pos: Pos,
        params: (&[Param], &[Param]),
        body: &[Stmt],
        toplevel: bool,
    ) -> Result<OperationState<'c>, Diagnostic<'c>> {
        let (reads, writes) = params;
        let sig = &self.sigs[name];
        let (rt, wt) = (sig.reads.clone(), sig.writes.clone());
        let mut fbody = Body::new();
        let region = fbody.create_region();
        let entry = fbody.create_block();
        fbody.append_block(region, entry);
        let mut f = Func {
            body: fbody,
            block: entry,
            names: FxHashMap::default(),
            created_at: FxHashMap::default(),
        };
        for (p, &t) in reads.iter().chain(writes).zip(rt.iter().chain(&wt)) {
            if f.names.contains_key(&p.name) {
                return Err(self.error(p.pos, format!("duplicate parameter '{}'", p.name)));
            }
            let v = f
                .body
                .add_block_argument(entry, t, self.named_loc(&p.name, p.pos));
            f.names.insert(p.name.clone(), v);
        }
        for s in body {
            if matches!(s.op.as_str(), "newtensor" | "clonetensor") {
                let target = match (s.op.as_str(), s.writes.first(), s.args.get(1)) {
                    (_, Some((n, p)), _) => Some((n.clone(), *p)),
                    ("clonetensor", None, Some(Arg::Name(n, p))) => Some((n.clone(), *p)),
                    _ => None,
                };
                if let Some((n, p)) = target {
                    f.created_at.entry(n).or_insert(p);
                }
            }
        }
        for s in body {
            self.stmt(&mut f, s)?;
        }
        let fty = self.ctx.function_type(&rt, &wt);
        let mut st = self.state(FuncOp::NAME, self.loc(pos));
        let mut props = vec![
            self.prop("sym_name", self.ctx.string_attr(name)),
            self.prop("function_type", self.ctx.type_attr(fty)),
        ];
        if toplevel {
            props.push(self.prop("toplevel", self.ctx.unit_attr()));
        }
        st.props = Some(self.ctx.dictionary(&props));
        st.regions.push(region);
        st.nested = Some(Box::new(f.body));
        Ok(st)
    }

    // ---- statements ------------------------------------------------------------------------

    /// The value of name `n` read at `p`.
    fn read_name(&mut self, f: &Func<'c>, n: &str, p: Pos) -> Option<ValueId> {
        if let Some(&v) = f.names.get(n) {
            return Some(v);
        }
        let d = match f.created_at.get(n) {
            Some(&at) => self
                .error(p, format!("'{n}' is used before it is created"))
                .with_note(self.loc(at), format!("'{n}' is created here")),
            None => self.error(p, format!("use of undefined name '{n}'")),
        };
        self.report(d);
        None
    }

    /// The value of name `n` written at `p`: when the name was never created, an
    /// `implicit` `newtensor` of any shape and type (which `deepx-verify` reports).
    fn write_name(&mut self, f: &mut Func<'c>, n: &str, p: Pos) -> ValueId {
        if let Some(&v) = f.names.get(n) {
            return v;
        }
        let mut st = self.state(NewTensorOp::NAME, self.named_loc(n, p));
        st.result_types.push(self.any_tensor());
        st.props = Some(
            self.ctx
                .dictionary(&[self.prop("implicit", self.ctx.unit_attr())]),
        );
        let op = f.create(self.ctx, st);
        let v = f.body.result(op, 0);
        f.names.insert(n.to_string(), v);
        v
    }

    /// A literal as a `deepx.const` of type `want` (or the literal's default type:
    /// `i32` for integers, `f64` for floats, `i1`, `!deepx.string`, lists of those).
    fn literal(&mut self, f: &mut Func<'c>, a: &Arg, want: Option<Type<'c>>) -> Option<ValueId> {
        let ctx = self.ctx;
        let i32t = ctx.int_type(32);
        let f64t = ctx.float_type(pto_ir::FloatKind::F64);
        let scalar_want = want.filter(|t| crate::types::dtype_name(*t).is_some());
        let (value, ty) = match a {
            Arg::Int(text, p) | Arg::Float(text, p) => {
                let is_float = matches!(a, Arg::Float(..));
                let ty = scalar_want
                    .filter(|t| crate::types::dtype_name(*t) != Some("bool"))
                    .unwrap_or(if is_float { f64t } else { i32t });
                (self.number(text, ty, *p)?, ty)
            }
            Arg::Bool(b, _) => (ctx.int_attr(ctx.int_type(1), *b as i128), ctx.int_type(1)),
            Arg::Str(s, _) => (ctx.string_attr(s), crate::StringType::get(ctx).ty()),
            Arg::List(items, p) => {
                let elem = want
                    .and_then(list_element)
                    .filter(|t| crate::types::dtype_name(*t).is_some())
                    .unwrap_or(if items.iter().any(|i| matches!(i, Arg::Float(..))) {
                        f64t
                    } else {
                        i32t
                    });
                let mut attrs = Vec::new();
                for i in items {
                    match i {
                        Arg::Int(t, p) | Arg::Float(t, p) => attrs.push(self.number(t, elem, *p)?),
                        Arg::Bool(b, _) if crate::types::dtype_name(elem) == Some("bool") => {
                            attrs.push(ctx.int_attr(elem, *b as i128))
                        }
                        other => {
                            let d = self.error(
                                other.pos(),
                                "a list literal holds numbers only, or names only",
                            );
                            self.report(d);
                            return None;
                        }
                    }
                }
                let _ = p;
                (ctx.array_attr(&attrs), list_of(ctx, elem))
            }
            _ => return None,
        };
        let mut st = self.state(ConstOp::NAME, self.loc(a.pos()));
        st.props = Some(ctx.dictionary(&[self.prop("value", value)]));
        st.result_types.push(ty);
        let op = f.create(ctx, st);
        Some(f.body.result(op, 0))
    }

    fn number(&mut self, text: &str, ty: Type<'c>, p: Pos) -> Option<Attribute<'c>> {
        let attr = if ty.float_kind().is_some() {
            crate::float_attr(self.ctx, ty, text)
        } else if let Ok(v) = text.parse::<i128>() {
            let width = ty.int_width().unwrap_or(64);
            let unsigned = crate::types::dtype_name(ty) == Some("u8");
            let fits = match unsigned {
                true => v >= 0 && v < (1i128 << width),
                false => {
                    width >= 128 || (v >= -(1i128 << (width - 1)) && v < (1i128 << (width - 1)))
                }
            };
            fits.then(|| self.ctx.int_attr(ty, v))
        } else {
            None
        };
        if attr.is_none() {
            let d = self.error(
                p,
                format!("'{text}' is not a {}", crate::types::deepx_spelling(ty)),
            );
            self.report(d);
        }
        attr
    }

    /// An argument's value.
    fn arg(&mut self, f: &mut Func<'c>, a: &Arg, want: Option<Type<'c>>) -> Option<ValueId> {
        match a {
            Arg::Name(n, p) => self.read_name(f, n, *p),
            Arg::List(items, p) if items.iter().any(|i| matches!(i, Arg::Name(..))) => {
                let mut vals = Vec::new();
                for i in items {
                    match i {
                        Arg::Name(n, p) => vals.push(self.read_name(f, n, *p)?),
                        other => {
                            let d = self.error(
                                other.pos(),
                                "a list literal holds numbers only, or names only",
                            );
                            self.report(d);
                            return None;
                        }
                    }
                }
                let elem = self.any_tensor();
                if let Some(&v) = vals
                    .iter()
                    .find(|&&v| TensorInfo::of(f.body.value_type(v)).is_none())
                {
                    let d = self.error(
                        *p,
                        format!(
                            "a list of names must name tensors, got a {}",
                            crate::types::deepx_spelling(f.body.value_type(v))
                        ),
                    );
                    self.report(d);
                    return None;
                }
                let mut st = self.state(ListOp::NAME, self.loc(*p));
                st.operands.extend(vals);
                st.result_types.push(list_of(self.ctx, elem));
                let op = f.create(self.ctx, st);
                Some(f.body.result(op, 0))
            }
            Arg::Shape(_, p) => {
                let d = self.error(*p, "a shape expression is only a newtensor argument");
                self.report(d);
                None
            }
            _ => self.literal(f, a, want),
        }
    }

    fn stmt(&mut self, f: &mut Func<'c>, s: &Stmt) -> Result<(), Diagnostic<'c>> {
        match s.op.as_str() {
            "newtensor" => return self.newtensor(f, s),
            "deltensor" => return self.deltensor(f, s),
            "clonetensor" => return self.clonetensor(f, s),
            "renametensor" => return self.renametensor(f, s),
            _ => {}
        }
        if self.sigs.contains_key(&s.op) {
            return self.call(f, s);
        }
        let (op, args) = match self.infix(f, s) {
            Some(x) => x,
            None => return Ok(()),
        };
        let name = format!("deepx.{op}");
        let Some(spec) = self
            .ctx
            .op_def(&name)
            .and_then(|d| d.spec)
            .filter(|_| !matches!(op.as_str(), "func" | "call" | "const" | "list"))
        else {
            let d = self.error(s.pos, format!("unknown op or function '{}'", s.op));
            self.report(d);
            return Ok(());
        };
        // Reads are the groups without MemWrite, writes the ones with it.
        use pto_ir::ods::{Arity, MemoryEffects};
        let reads: Vec<_> = spec
            .operands
            .iter()
            .filter(|g| g.effects.0 & MemoryEffects::WRITE == 0)
            .collect();
        let n_writes = spec.operands.len() - reads.len();
        let min_reads = reads.iter().filter(|g| g.arity == Arity::Single).count();
        if args.len() < min_reads || args.len() > reads.len() {
            let want = if min_reads == reads.len() {
                format!("{min_reads}")
            } else {
                format!("{min_reads} to {}", reads.len())
            };
            let names: Vec<&str> = reads.iter().map(|g| g.name).collect();
            let d = self.error(
                s.pos,
                format!(
                    "'{}' reads {want} argument(s) ({}), got {}",
                    s.op,
                    names.join(", "),
                    args.len()
                ),
            );
            self.report(d);
            return Ok(());
        }
        if s.writes.len() != n_writes {
            let d = self.error(
                s.pos,
                format!(
                    "'{}' writes {n_writes} tensor(s), got {}",
                    s.op,
                    s.writes.len()
                ),
            );
            self.report(d);
            return Ok(());
        }
        let mut operands = Vec::new();
        for a in &args {
            match self.arg(f, a, None) {
                Some(v) => operands.push(v),
                None => return Ok(()),
            }
        }
        for (n, p) in &s.writes {
            operands.push(self.write_name(f, n, *p));
        }
        let mut st = self.state(&name, self.loc(s.pos));
        st.operands.extend(operands);
        f.create(self.ctx, st);
        Ok(())
    }

    /// The registry op and arguments of a statement; infix and unary operators map to
    /// ops by whether their operands are tensors (`A + 1` is `addscalar`, `1 - A`
    /// `rsubscalar`).
    fn infix(&mut self, f: &mut Func<'c>, s: &Stmt) -> Option<(String, Vec<Arg>)> {
        let plain = || Some((s.op.clone(), s.args.clone()));
        if s.op.chars().next().is_some_and(|c| c.is_alphabetic()) && s.op != "neg" {
            return plain();
        }
        let is_tensor = |me: &Self, a: &Arg| match a {
            Arg::Name(n, _) => f
                .names
                .get(n)
                .is_some_and(|&v| TensorInfo::of(f.body.value_type(v)).is_some()),
            _ => {
                let _ = me;
                false
            }
        };
        if s.args.len() == 1 {
            let op = if s.op == "!" { "invert" } else { "neg" };
            return Some((op.into(), vec![(s.args[0].clone())]));
        }
        let (a, b) = (&s.args[0], &s.args[1]);
        let (ta, tb) = (is_tensor(self, a), is_tensor(self, b));
        let (tt, ts, st_) = match s.op.as_str() {
            "+" => ("add", "addscalar", Some("addscalar")),
            "-" => ("sub", "subscalar", Some("rsubscalar")),
            "*" => ("mul", "mulscalar", Some("mulscalar")),
            "/" => ("div", "divscalar", Some("rdivscalar")),
            "<" => ("less", "lessscalar", Some("greaterscalar")),
            ">" => ("greater", "greaterscalar", Some("lessscalar")),
            "==" => ("equal", "equalscalar", Some("equalscalar")),
            "!=" => ("notequal", "notequalscalar", Some("notequalscalar")),
            _ => {
                let d = self.error(
                    s.pos,
                    format!("infix '{}' is not a DeepX tensor op (use a named op)", s.op),
                );
                self.report(d);
                return None;
            }
        };
        let eps = matches!(s.op.as_str(), "==" | "!=");
        let zero = || Arg::Float("0.0".into(), s.pos);
        let mut ops = match (ta, tb) {
            (true, true) => (tt.to_string(), vec![(a.clone()), (b.clone())]),
            (true, false) => (ts.to_string(), vec![(a.clone()), (b.clone())]),
            (false, true) => {
                let r = st_.expect("every infix op has a reversed form");
                // Commutative forms swap the operands; the reversed ones keep the scalar first.
                let args = if r.starts_with('r') {
                    vec![(a.clone()), (b.clone())]
                } else {
                    vec![(b.clone()), (a.clone())]
                };
                (r.to_string(), args)
            }
            (false, false) => {
                let d = self.error(
                    s.pos,
                    format!(
                        "'{}' needs a tensor operand: DeepX ops read and write tensors",
                        s.op
                    ),
                );
                self.report(d);
                return None;
            }
        };
        if eps {
            ops.1.push(zero());
        }
        Some(ops)
    }

    fn call(&mut self, f: &mut Func<'c>, s: &Stmt) -> Result<(), Diagnostic<'c>> {
        let sig = &self.sigs[&s.op];
        let (reads, writes, def_pos) = (sig.reads.clone(), sig.writes.clone(), sig.pos);
        if s.args.len() != reads.len() || s.writes.len() != writes.len() {
            let d = self
                .error(
                    s.pos,
                    format!(
                        "'{}' reads {} and writes {}, called with {} and {}",
                        s.op,
                        reads.len(),
                        writes.len(),
                        s.args.len(),
                        s.writes.len()
                    ),
                )
                .with_note(self.loc(def_pos), format!("'{}' is defined here", s.op));
            self.report(d);
            return Ok(());
        }
        let mut rv = Vec::new();
        for (a, &t) in s.args.iter().zip(&reads) {
            match self.arg(f, a, Some(t)) {
                Some(v) => rv.push(v),
                None => return Ok(()),
            }
        }
        let wv: Vec<ValueId> = s
            .writes
            .iter()
            .map(|(n, p)| self.write_name(f, n, *p))
            .collect();
        let mut b = OpBuilder::new(self.ctx, &mut f.body);
        b.set_insertion_point(InsertPoint::BlockEnd(f.block));
        let callee = self.ctx.symbol_ref_attr(self.ctx.ident(&s.op), &[]);
        let op = CallOp::build(&mut b, self.loc(s.pos), &rv, &wv, callee);
        let _ = op;
        Ok(())
    }
}

fn dim(d: DimExpr) -> Dim {
    match d {
        DimExpr::Static(v) => Dim::Static(v),
        DimExpr::Any => Dim::Any,
        DimExpr::Var(n) => Dim::Var(n),
    }
}

/// Imports DeepX text (deepxir or dxlang) as a module of `deepx.func`s and checks it
/// with `deepx-verify`: every error is reported at once (the first carries the
/// others); warnings alone go with the module.
pub fn import_deepx<'c>(
    ctx: &'c Context,
    text: &str,
    file: &str,
) -> Result<Module<'c>, Diagnostic<'c>> {
    let mut module = import_unchecked(ctx, text, file)?;
    let findings = crate::verify::check_module(ctx, &module, true);
    if findings.iter().any(|d| d.severity == Severity::Error) {
        return Err(merge(findings).expect("an error"));
    }
    module.diagnostics = findings;
    Ok(module)
}

/// One diagnostic holding all of `findings` (errors first, in source order).
pub(crate) fn merge(mut findings: Vec<Diagnostic<'_>>) -> Option<Diagnostic<'_>> {
    findings.sort_by_key(|d| {
        let (l, c) = d.loc.file_line_col().map_or((0, 0), |(_, l, c)| (l, c));
        (d.severity != Severity::Error, l, c)
    });
    let mut it = findings.into_iter();
    let mut first = it.next()?;
    for d in it {
        first.notes.push(d);
    }
    Some(first)
}

/// Imports without running `deepx-verify` (syntax and name errors still fail).
pub fn import_unchecked<'c>(
    ctx: &'c Context,
    text: &str,
    file: &str,
) -> Result<Module<'c>, Diagnostic<'c>> {
    let ast = super::parse::parse(text)
        .map_err(|e| Diagnostic::error(ctx.file_loc(file, e.pos.line, e.pos.col), e.message))?;
    let mut imp = Importer {
        ctx,
        file,
        sigs: FxHashMap::default(),
        errors: Vec::new(),
    };
    for d in &ast.defs {
        if let Some(prev) = imp.sigs.get(&d.name) {
            return Err(Diagnostic::error(
                imp.loc(d.pos),
                format!("redefinition of function '{}'", d.name),
            )
            .with_note(imp.loc(prev.pos), "previous definition here"));
        }
        let sig = imp.signature(d)?;
        imp.sigs.insert(d.name.clone(), sig);
    }
    let mut mbody = Body::new();
    let mregion = mbody.create_region();
    let mblock = mbody.create_block();
    mbody.append_block(mregion, mblock);
    let mut states = Vec::new();
    for d in &ast.defs {
        states.push(imp.function(&d.name, d.pos, (&d.reads, &d.writes), &d.body, false)?);
    }
    if !ast.toplevel.is_empty() {
        // The names top-level statements write are the program's outputs.
        let mut outs: Vec<Param> = Vec::new();
        for s in &ast.toplevel {
            for (n, p) in &s.writes {
                if !outs.iter().any(|o| &o.name == n) {
                    outs.push(Param {
                        name: n.clone(),
                        pos: *p,
                        ty: None,
                    });
                }
            }
        }
        let pos = ast.toplevel[0].pos;
        let any = imp.any_tensor();
        imp.sigs.insert(
            TOPLEVEL.into(),
            Sig {
                reads: Vec::new(),
                writes: vec![any; outs.len()],
                pos,
            },
        );
        states.push(imp.function(TOPLEVEL, pos, (&[], &outs), &ast.toplevel, true)?);
    }
    for st in states {
        let mut b = OpBuilder::new(ctx, &mut mbody);
        b.set_insertion_point(InsertPoint::BlockEnd(mblock));
        b.create(st);
    }
    if let Some(first) = merge(std::mem::take(&mut imp.errors)) {
        return Err(first);
    }
    Ok(Module::wrapping(
        ctx,
        mbody,
        mregion,
        ctx.file_loc(file, 1, 1),
        None,
    ))
}
