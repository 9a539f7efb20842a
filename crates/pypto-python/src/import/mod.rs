//! PyPTO's Python form to the `pypto` dialect (`pto-translate --import-pypto`).
//!
//! A program becomes a `builtin.module` named after it, each function a `func.func`
//! (its kind in `pypto.function_type`), `for`/`if` with iter_args, yields and return
//! variables `scf.for`/`scf.if`/`scf.yield`. Every Python variable's name is the
//! location of the op (or block argument) defining it: `loc("x"("f.py":3:5))`.
//! Literals take the type their context asks for (the other operand, the annotation,
//! the parameter), else INT64, FP32 or BOOL; `pl.const(v, dtype)` gives one explicitly.
//!
//! A program in SSA form, as PyPTO prints it, becomes SSA values. A variable that is
//! assigned again while an earlier definition is visible (straight-line reassignment,
//! an outer variable reassigned in a loop or branch) becomes a cell (`cells.rs`), which
//! `pypto-convert-to-ssa` removes. `y = x` is a `pypto.alias`.

use rustc_hash::{FxHashMap, FxHashSet};

use pto_ir::builder::OpBuilder;
use pto_ir::module::Module;
use pto_ir::{
    AttrKind, Attribute, BlockId, Body, Context, Diagnostic, InsertPoint, Location, NamedAttribute,
    OpId, OperationState, Type, TypeKind, ValueId,
};

use super::ast::*;
use super::parse::parse_file;
use pto_dialects::func;
use pto_dialects::scf;
use pto_pypto::types::{dtype_from_name, Dim, MemRef, Shaped, TileView};
use pto_pypto::FUNCTION_TYPE_ATTR;
use pto_pypto::{dims, infer, FunctionKind, FunctionKindAttr, MemorySpace};

mod cells;
mod expr;

type R<'c, T> = Result<T, Diagnostic<'c>>;

/// A value of the Python program: one SSA value, or several (a call with several
/// results, unpacked later).
#[derive(Clone, Debug)]
enum Val {
    One(ValueId),
    Many(Vec<ValueId>),
}

struct Sig<'c> {
    params: Vec<Type<'c>>,
    results: Vec<Type<'c>>,
}

struct Importer<'a, 'c> {
    ctx: &'c Context,
    file: &'a str,
    prefix: String,
    sigs: FxHashMap<String, Sig<'c>>,
}

/// The state of one function being built.
struct Func<'c> {
    body: Body<'c>,
    block: BlockId,
    scopes: Vec<FxHashMap<String, Val>>,
    results: Vec<Type<'c>>,
    /// Names of the values (for symbolic dimensions).
    names: FxHashMap<ValueId, String>,
    /// The names that are cells, and the cells declared so far.
    cells: FxHashSet<String>,
    cell_of: FxHashMap<String, ValueId>,
    /// The entry block, where cells are declared after the last one.
    entry: BlockId,
    last_var: Option<OpId>,
}

impl<'c> Func<'c> {
    fn lookup(&self, name: &str) -> Option<&Val> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }
    fn bind(&mut self, name: &str, v: Val) {
        if let Val::One(x) = v {
            self.names.entry(x).or_insert_with(|| name.to_string());
        }
        self.scopes
            .last_mut()
            .expect("a scope")
            .insert(name.to_string(), v);
    }
    fn create(&mut self, st: OperationState<'c>, ctx: &'c Context) -> OpId {
        let mut b = OpBuilder::new(ctx, &mut self.body);
        b.set_insertion_point(InsertPoint::BlockEnd(self.block));
        b.create(st)
    }
}

impl<'a, 'c> Importer<'a, 'c> {
    fn loc(&self, p: Pos) -> Location<'c> {
        self.ctx.file_loc(self.file, p.line, p.col)
    }
    fn named_loc(&self, name: &str, p: Pos) -> Location<'c> {
        self.ctx.location(AttrKind::NameLoc {
            name: self.ctx.ident(name),
            child: Some(self.loc(p)),
        })
    }
    fn err<T>(&self, p: Pos, msg: impl Into<String>) -> R<'c, T> {
        Err(Diagnostic::error(self.loc(p), msg.into()))
    }
    fn state(&self, name: &str, loc: Location<'c>) -> OperationState<'c> {
        let op_name = pto_ir::OpName::of(self.ctx, name);
        OperationState::new(self.ctx, op_name, loc)
    }
    fn named(&self, k: &str, v: Attribute<'c>) -> NamedAttribute<'c> {
        NamedAttribute {
            name: self.ctx.ident(k),
            value: v,
        }
    }
    /// `pl.X` with the file's prefix: `X`.
    fn strip_prefix<'e>(&self, d: &[&'e str]) -> Option<Vec<&'e str>> {
        let rest = match d.first() {
            Some(&p) if p == self.prefix || p == "pl" || p == "pi" || p == "ir" => &d[1..],
            _ => return None,
        };
        Some(rest.to_vec())
    }

    // ---- types ---------------------------------------------------------------------------

    fn ty(&self, e: &Expr) -> R<'c, Type<'c>> {
        if let Some(d) = e.dotted() {
            if let Some(rest) = self.strip_prefix(&d) {
                if let [name] = rest[..] {
                    if let Some(t) = dtype_from_name(self.ctx, name) {
                        return Ok(t);
                    }
                }
            }
            return self.err(e.pos, format!("unknown type '{}'", d.join(".")));
        }
        match &e.kind {
            ExprKind::Subscript {
                value,
                index,
                kwargs,
            } => {
                let head = value.dotted().unwrap_or_default();
                if head == ["tuple"] {
                    let types = index
                        .iter()
                        .map(|t| self.ty(t))
                        .collect::<R<'c, Vec<_>>>()?;
                    return Ok(self.ctx.tuple_type(&types));
                }
                let kind = self.strip_prefix(&head).unwrap_or_default();
                let is_tile = match kind[..] {
                    ["Tensor"] => false,
                    ["Tile"] => true,
                    _ => return self.err(e.pos, "expected pl.Tensor[...] or pl.Tile[...]"),
                };
                let [shape, dtype] = &index[..] else {
                    return self.err(e.pos, "expected [shape, dtype]");
                };
                let shape = self.dims(shape)?;
                let dtype = self.ty(dtype)?;
                let mut s = if is_tile {
                    Shaped::tile(shape, dtype)
                } else {
                    Shaped::tensor(shape, dtype)
                };
                for (k, v) in kwargs {
                    match k.as_str() {
                        "memref" => s.memref = Some(self.memref(v)?),
                        "tile_view" if is_tile => s.view = Some(self.tile_view(v)?),
                        _ => return self.err(v.pos, format!("unknown type parameter '{k}'")),
                    }
                }
                let t = s.build(self.ctx);
                self.check_type(t, e.pos)
            }
            ExprKind::Call { func, args, .. } => {
                let head = func.dotted().unwrap_or_default();
                match self.strip_prefix(&head).as_deref() {
                    Some(["Tuple"]) => {
                        let [ExprKind::List(items)] =
                            &args.iter().map(|a| a.kind.clone()).collect::<Vec<_>>()[..]
                        else {
                            return self.err(e.pos, "expected pl.Tuple([types])");
                        };
                        let types = items
                            .iter()
                            .map(|t| self.ty(t))
                            .collect::<R<'c, Vec<_>>>()?;
                        Ok(self.ctx.tuple_type(&types))
                    }
                    _ => self.err(e.pos, "expected a type"),
                }
            }
            _ => self.err(e.pos, "expected a type"),
        }
    }

    fn check_type(&self, t: Type<'c>, p: Pos) -> R<'c, Type<'c>> {
        if let Some((def, params)) = t.dialect_type() {
            if let Some(verify) = def.verify {
                if let Err(m) = verify(self.ctx, params) {
                    return self.err(p, m);
                }
            }
        }
        Ok(t)
    }

    fn dim(&self, e: &Expr) -> R<'c, Dim<'c>> {
        match &e.kind {
            ExprKind::Int(v) => match i64::try_from(*v) {
                Ok(d) if d >= 0 => Ok(Dim::Const(d)),
                _ => self.err(
                    e.pos,
                    format!("dimension {v} is negative or does not fit INT64"),
                ),
            },
            ExprKind::Name(n) => Ok(Dim::Sym(self.ctx.alloc_str(n))),
            _ => self.err(e.pos, "a dimension must be an integer or a variable name"),
        }
    }

    fn dims(&self, e: &Expr) -> R<'c, Vec<Dim<'c>>> {
        match &e.kind {
            ExprKind::List(items) | ExprKind::Tuple(items) => {
                items.iter().map(|d| self.dim(d)).collect()
            }
            _ => self.err(e.pos, "expected a list of dimensions"),
        }
    }

    fn int_literal(&self, e: &Expr) -> R<'c, i64> {
        match &e.kind {
            ExprKind::Int(v) => {
                i64::try_from(*v).or_else(|_| self.err(e.pos, format!("{v} does not fit INT64")))
            }
            ExprKind::Unary(UnOp::Neg, x) => self
                .int_literal(x)?
                .checked_neg()
                .map_or_else(|| self.err(e.pos, "the negation does not fit INT64"), Ok),
            ExprKind::Call { func, args, .. }
                if func.dotted().is_some_and(|d| d.last() == Some(&"ConstInt"))
                    && !args.is_empty() =>
            {
                self.int_literal(&args[0])
            }
            _ => self.err(e.pos, "expected an integer"),
        }
    }

    fn memref(&self, e: &Expr) -> R<'c, MemRef> {
        let ExprKind::Call { func, args, .. } = &e.kind else {
            return self.err(e.pos, "expected pl.MemRef(space, addr, size, id)");
        };
        let head = func.dotted().unwrap_or_default();
        if self.strip_prefix(&head).as_deref() != Some(&["MemRef"][..])
            || !(3..=4).contains(&args.len())
        {
            return self.err(e.pos, "expected pl.MemRef(space, addr, size, id)");
        }
        let space = match args[0].dotted().as_deref().and_then(|d| d.last().copied()) {
            Some(s) => MemorySpace::from_keyword(s),
            None => None,
        };
        let Some(space) = space else {
            return self.err(
                args[0].pos,
                "expected a memory space (pl.MemorySpace.UB, ...)",
            );
        };
        Ok(MemRef {
            space: space.value(),
            addr: self.int_literal(&args[1])?,
            size: self.int_literal(&args[2])?,
            id: match args.get(3) {
                Some(a) => self.int_literal(a)?,
                None => 0,
            },
        })
    }

    fn tile_view(&self, e: &Expr) -> R<'c, TileView<'c>> {
        let ExprKind::Call { kwargs, .. } = &e.kind else {
            return self.err(
                e.pos,
                "expected pl.TileView(valid_shape=..., stride=..., start_offset=...)",
            );
        };
        let get = |k: &str| kwargs.iter().find(|(n, _)| n == k).map(|(_, v)| v);
        let (Some(v), Some(s), Some(o)) = (get("valid_shape"), get("stride"), get("start_offset"))
        else {
            return self.err(
                e.pos,
                "pl.TileView needs valid_shape, stride and start_offset",
            );
        };
        Ok(TileView {
            valid: self.dims(v)?,
            stride: self.dims(s)?,
            offset: self.dim(o)?,
        })
    }

    // ---- functions -------------------------------------------------------------------

    fn signature(&self, f: &FuncDef) -> R<'c, Sig<'c>> {
        let mut params = Vec::new();
        for p in &f.params {
            let Some(a) = &p.annotation else {
                return self.err(
                    p.name.pos,
                    format!("parameter '{}' needs a type annotation", p.name.name),
                );
            };
            params.push(self.ty(a)?);
        }
        let results = match &f.returns {
            None => Vec::new(),
            Some(r) => match &r.kind {
                ExprKind::Subscript { value, index, .. }
                    if value.dotted().unwrap_or_default() == ["tuple"] =>
                {
                    index
                        .iter()
                        .map(|t| self.ty(t))
                        .collect::<R<'c, Vec<_>>>()?
                }
                _ => vec![self.ty(r)?],
            },
        };
        Ok(Sig { params, results })
    }

    fn function_kind(&self, f: &FuncDef) -> R<'c, Option<Attribute<'c>>> {
        let Some(d) = f.decorators.first() else {
            return Ok(None);
        };
        if let Some(extra) = f.decorators.get(1) {
            return self.err(extra.pos, "only one decorator (pl.function) is supported");
        }
        let (head, kwargs) = match &d.kind {
            ExprKind::Call { func, args, kwargs } => {
                if let Some(a) = args.first() {
                    return self.err(a.pos, "pl.function takes only type=...");
                }
                (func.dotted().unwrap_or_default(), kwargs.as_slice())
            }
            _ => (d.dotted().unwrap_or_default(), &[][..]),
        };
        if self.strip_prefix(&head).as_deref() != Some(&["function"][..]) {
            return self.err(d.pos, format!("unknown decorator '{}'", head.join(".")));
        }
        let mut kind = Some(FunctionKind::Opaque);
        let mut at = d.pos;
        for (k, v) in kwargs {
            if k != "type" {
                return self.err(v.pos, format!("unknown argument '{k}' of pl.function"));
            }
            kind = v
                .dotted()
                .and_then(|d| d.last().copied())
                .and_then(FunctionKind::from_keyword);
            at = v.pos;
        }
        let Some(kind) = kind else {
            return self.err(
                at,
                "expected pl.FunctionType.Opaque, Orchestration or InCore",
            );
        };
        Ok(Some(FunctionKindAttr::get(self.ctx, kind).attr()))
    }

    fn function(&self, f: &FuncDef, mbody: &mut Body<'c>, mblock: BlockId) -> R<'c, ()> {
        let sig = &self.sigs[&f.name];
        let mut fbody = Body::new();
        let region = fbody.create_region();
        let entry = fbody.create_block();
        fbody.append_block(region, entry);
        let mut func = Func {
            body: fbody,
            block: entry,
            scopes: vec![FxHashMap::default()],
            results: sig.results.clone(),
            names: FxHashMap::default(),
            cells: self.cell_names(f),
            cell_of: FxHashMap::default(),
            entry,
            last_var: None,
        };
        for (p, &t) in f.params.iter().zip(&sig.params) {
            if func.lookup(&p.name.name).is_some() || func.cell_of.contains_key(&p.name.name) {
                return self.err(p.name.pos, format!("duplicate parameter '{}'", p.name.name));
            }
            let v =
                func.body
                    .add_block_argument(entry, t, self.named_loc(&p.name.name, p.name.pos));
            self.define(&mut func, &p.name, Val::One(v))?;
        }
        let returned = self.stmts(&mut func, &f.body, None)?;
        if !returned {
            if !sig.results.is_empty() {
                return self.err(
                    f.pos,
                    format!("function '{}' must end with a return statement", f.name),
                );
            }
            let st = self.state(func::ReturnOp::NAME, self.loc(f.pos));
            func.create(st, self.ctx);
        }
        let fty = self.ctx.function_type(&sig.params, &sig.results);
        let mut st = self.state(func::FuncOp::NAME, self.loc(f.pos));
        let props = [
            self.named("function_type", self.ctx.type_attr(fty)),
            self.named("sym_name", self.ctx.string_attr(&f.name)),
        ];
        let mut props = self.ctx.dictionary(&props);
        // An integer parameter whose name is a dimension of the signature is that size.
        let symbols: Vec<&str> = sig
            .params
            .iter()
            .chain(&sig.results)
            .flat_map(|&t| dims::symbols_of(t))
            .collect();
        let mut arg_attrs = None;
        for (i, (p, &t)) in f.params.iter().zip(&sig.params).enumerate() {
            if dims::is_integer(t) && symbols.contains(&p.name.name.as_str()) {
                let n = sig.params.len();
                arg_attrs = Some(dims::with_param_symbol(
                    self.ctx,
                    arg_attrs,
                    n,
                    i,
                    &p.name.name,
                ));
            }
        }
        if arg_attrs.is_some() {
            props = self.ctx.dict_with(Some(props), "arg_attrs", arg_attrs);
        }
        st.props = Some(props);
        if let Some(kind) = self.function_kind(f)? {
            st.attrs = self.ctx.dictionary(&[self.named(FUNCTION_TYPE_ATTR, kind)]);
        }
        st.regions.push(region);
        st.nested = Some(Box::new(func.body));
        let mut b = OpBuilder::new(self.ctx, mbody);
        b.set_insertion_point(InsertPoint::BlockEnd(mblock));
        b.create(st);
        Ok(())
    }

    // ---- statements ------------------------------------------------------------------

    /// Imports `stmts` into the current block. `yield_to` is set inside loop and branch
    /// bodies: a trailing `a, b = pl.yield_(...)` is returned instead of bound. Returns
    /// whether the block ended with a `return`.
    fn stmts(
        &self,
        f: &mut Func<'c>,
        stmts: &[Stmt],
        yield_to: Option<&mut Option<YieldStmt>>,
    ) -> R<'c, bool> {
        let mut yield_slot = yield_to;
        for (i, s) in stmts.iter().enumerate() {
            let last = i + 1 == stmts.len();
            if let Some(y) = self.as_yield(s)? {
                let Some(slot) = yield_slot.as_deref_mut() else {
                    return self.err(s.pos, "pl.yield_ outside a loop or branch body");
                };
                if !last {
                    return self.err(s.pos, "pl.yield_ must be the last statement of its body");
                }
                let mut values = Vec::new();
                for a in y.1 {
                    values.push(self.one(f, a, None)?);
                }
                *slot = Some(YieldStmt {
                    pos: s.pos,
                    targets: y.0,
                    values,
                });
                continue;
            }
            match &s.kind {
                StmtKind::Pass => {}
                StmtKind::Return(values) => {
                    if yield_slot.is_some() {
                        return self.err(s.pos, "return inside a loop or branch is not supported");
                    }
                    if values.len() != f.results.len() {
                        return self.err(
                            s.pos,
                            format!(
                                "function returns {} values, but {} are given",
                                f.results.len(),
                                values.len()
                            ),
                        );
                    }
                    let mut vs = Vec::new();
                    for (k, e) in values.iter().enumerate() {
                        let v = self.one(f, e, Some(f.results[k]))?;
                        let t = f.body.value_type(v);
                        if !infer::compatible(f.results[k], t) {
                            return self.err(
                                e.pos,
                                format!(
                                    "returned value has type {}, expected {}",
                                    pto_ir::printer::type_to_string(t),
                                    pto_ir::printer::type_to_string(f.results[k])
                                ),
                            );
                        }
                        vs.push(v);
                    }
                    let mut st = self.state(func::ReturnOp::NAME, self.loc(s.pos));
                    st.operands.extend(vs);
                    f.create(st, self.ctx);
                    if !last {
                        return self.err(stmts[i + 1].pos, "code after return");
                    }
                    return Ok(true);
                }
                StmtKind::Expr(e) => {
                    self.expr(f, e, None)?;
                }
                StmtKind::Assign {
                    targets,
                    annotation,
                    value,
                } => self.assign(f, targets, annotation.as_ref(), value)?,
                StmtKind::If { cond, then, orelse } => {
                    self.if_stmt(f, s.pos, cond, then, orelse)?
                }
                StmtKind::For {
                    var,
                    iter_args,
                    iter,
                    body,
                } => self.for_stmt(f, s.pos, var, iter_args.as_deref(), iter, body)?,
            }
        }
        Ok(false)
    }

    /// `targets = pl.yield_(values)` or `pl.yield_(values)`.
    fn as_yield<'s>(&self, s: &'s Stmt) -> R<'c, Option<(Vec<Target>, &'s [Expr])>> {
        let (targets, value) = match &s.kind {
            StmtKind::Assign {
                targets,
                value,
                annotation,
            } => {
                if annotation.is_some() && self.is_yield_call(value) {
                    return self.err(s.pos, "pl.yield_ targets cannot be annotated");
                }
                (targets.clone(), value)
            }
            StmtKind::Expr(e) => (Vec::new(), e),
            _ => return Ok(None),
        };
        if !self.is_yield_call(value) {
            return Ok(None);
        }
        let ExprKind::Call { args, kwargs, .. } = &value.kind else {
            unreachable!()
        };
        if let Some((k, v)) = kwargs.first() {
            return self.err(
                v.pos,
                format!("unexpected keyword argument '{k}' of pl.yield_"),
            );
        }
        Ok(Some((targets, args)))
    }

    fn is_yield_call(&self, e: &Expr) -> bool {
        let ExprKind::Call { func, .. } = &e.kind else {
            return false;
        };
        let d = func.dotted().unwrap_or_default();
        matches!(
            self.strip_prefix(&d).as_deref(),
            Some(["yield_"] | ["yield"])
        )
    }

    fn assign(
        &self,
        f: &mut Func<'c>,
        targets: &[Target],
        annotation: Option<&Expr>,
        value: &Expr,
    ) -> R<'c, ()> {
        let expected = annotation.map(|a| self.ty(a)).transpose()?;
        // `a, b = x, y`: one value per target.
        if let (ExprKind::Tuple(items), true) = (&value.kind, targets.len() > 1) {
            if items.len() != targets.len() {
                return self.err(
                    value.pos,
                    format!("{} targets but {} values", targets.len(), items.len()),
                );
            }
            let mut vals = Vec::new();
            for it in items {
                let v = self.expr(f, it, None)?;
                vals.push(self.alias_if_name(f, it, v));
            }
            for (t, v) in targets.iter().zip(vals) {
                if !f.cells.contains(&t.name) {
                    self.name_value(f, &v, t);
                }
                self.define(f, t, v)?;
            }
            return Ok(());
        }
        let before = f.body.block_ops(f.block).count();
        let v = self.expr(f, value, expected)?;
        let v = self.alias_if_name(f, value, v);
        let fresh = f.body.block_ops(f.block).count() > before;
        if let (Some(t), Val::One(x)) = (expected, &v) {
            let got = f.body.value_type(*x);
            if !infer::compatible(t, got) && !infer::compatible(got, t) {
                return self.err(
                    value.pos,
                    format!(
                        "value of type {} does not match the annotation {}",
                        pto_ir::printer::type_to_string(got),
                        pto_ir::printer::type_to_string(t)
                    ),
                );
            }
        }
        match (targets, &v) {
            ([t], Val::One(_)) => {
                if fresh && !f.cells.contains(&t.name) {
                    self.name_value(f, &v, t);
                }
                self.define(f, t, v)?;
            }
            ([t], Val::Many(_)) => self.define(f, t, v)?,
            (ts, Val::Many(vs)) if ts.len() == vs.len() => {
                let op = vs.first().and_then(|&x| f.body.defining_op(x));
                if let (Some(op), true) = (op, fresh) {
                    let locs: Vec<Location<'c>> =
                        ts.iter().map(|t| self.named_loc(&t.name, t.pos)).collect();
                    f.body.set_op_loc(op, self.ctx.fused_loc(&locs, None));
                }
                for (t, &x) in ts.iter().zip(vs) {
                    self.define(f, t, Val::One(x))?;
                }
            }
            (ts, _) => {
                return self.err(
                    value.pos,
                    format!("cannot unpack this value into {} targets", ts.len()),
                );
            }
        }
        Ok(())
    }

    /// `y = x` keeps the assignment as `pypto.alias` (a value named `y`).
    fn alias_if_name(&self, f: &mut Func<'c>, e: &Expr, v: Val) -> Val {
        match (&e.kind, v) {
            (ExprKind::Name(_), Val::One(x)) => {
                let mut st = self.state(pto_pypto::AliasOp::NAME, self.loc(e.pos));
                st.operands.push(x);
                st.result_types.push(f.body.value_type(x));
                let op = f.create(st, self.ctx);
                Val::One(f.body.result(op, 0))
            }
            (_, v) => v,
        }
    }

    /// Names the op that defines `v` after target `t`.
    fn name_value(&self, f: &mut Func<'c>, v: &Val, t: &Target) {
        if let Val::One(x) = v {
            if let Some(op) = f.body.defining_op(*x) {
                if f.body.num_results(op) == 1 && !is_name_loc(f.body.op_loc(op)) {
                    f.body.set_op_loc(op, self.named_loc(&t.name, t.pos));
                }
            }
        }
    }

    fn region_body(
        &self,
        f: &mut Func<'c>,
        block: BlockId,
        args: &[(&Target, ValueId)],
        stmts: &[Stmt],
    ) -> R<'c, Option<YieldStmt>> {
        let saved = f.block;
        f.block = block;
        f.scopes.push(FxHashMap::default());
        let mut r = Ok(false);
        for (t, v) in args {
            if let Err(e) = self.define(f, t, Val::One(*v)) {
                r = Err(e);
            }
        }
        let mut y = None;
        if r.is_ok() {
            r = self.stmts(f, stmts, Some(&mut y));
        }
        f.scopes.pop();
        f.block = saved;
        r?;
        Ok(y)
    }

    fn yield_op(&self, f: &mut Func<'c>, block: BlockId, pos: Pos, values: &[ValueId]) {
        let saved = f.block;
        f.block = block;
        let mut st = self.state(scf::YieldOp::NAME, self.loc(pos));
        st.operands.extend_from_slice(values);
        f.create(st, self.ctx);
        f.block = saved;
    }

    fn if_stmt(
        &self,
        f: &mut Func<'c>,
        pos: Pos,
        cond: &Expr,
        then: &[Stmt],
        orelse: &[Stmt],
    ) -> R<'c, ()> {
        let bool_ty = self.ctx.int_type(1);
        let c = self.one(f, cond, Some(bool_ty))?;
        if f.body.value_type(c) != bool_ty {
            return self.err(
                cond.pos,
                "the condition must be a bool (compare with 0 for integers)",
            );
        }
        let tr = f.body.create_region();
        let tb = f.body.create_block();
        f.body.append_block(tr, tb);
        let er = f.body.create_region();
        let ty = self.region_body(f, tb, &[], then)?;
        let mut eb = None;
        let ey = if orelse.is_empty() {
            None
        } else {
            let b = f.body.create_block();
            f.body.append_block(er, b);
            eb = Some(b);
            self.region_body(f, b, &[], orelse)?
        };
        let targets: Vec<Target> = ty.as_ref().map(|y| y.targets.clone()).unwrap_or_default();
        let n = ty.as_ref().map_or(0, |y| y.values.len());
        let en = ey.as_ref().map_or(0, |y| y.values.len());
        if n > 0 && eb.is_none() {
            return self.err(pos, "an if that yields values needs an else branch");
        }
        if eb.is_some()
            && (n != en
                || ey
                    .as_ref()
                    .map(|y| &y.targets)
                    .is_some_and(|t| names(t) != names(&targets)))
        {
            return self.err(pos, "both branches must yield the same variables");
        }
        if targets.len() != n {
            return self.err(pos, "pl.yield_ must assign one variable per yielded value");
        }
        let types: Vec<Type<'c>> = ty
            .as_ref()
            .map(|y| y.values.iter().map(|&v| f.body.value_type(v)).collect())
            .unwrap_or_default();
        if let Some(ey) = &ey {
            for (k, &v) in ey.values.iter().enumerate() {
                if f.body.value_type(v) != types[k] {
                    return self.err(
                        ey.pos,
                        format!("branches yield different types for '{}'", targets[k].name),
                    );
                }
            }
        }
        self.yield_op(
            f,
            tb,
            ty.as_ref().map_or(pos, |y| y.pos),
            ty.as_ref().map_or(&[][..], |y| &y.values),
        );
        if let Some(b) = eb {
            self.yield_op(
                f,
                b,
                ey.as_ref().map_or(pos, |y| y.pos),
                ey.as_ref().map_or(&[][..], |y| &y.values),
            );
        }
        let mut st = self.state(scf::IfOp::NAME, self.results_loc(&targets, pos));
        st.operands.push(c);
        st.result_types.extend(types);
        st.regions.push(tr);
        st.regions.push(er);
        let op = f.create(st, self.ctx);
        let results: Vec<ValueId> = f.body.results(op).collect();
        for (t, v) in targets.iter().zip(results) {
            self.define(f, t, Val::One(v))?;
        }
        Ok(())
    }

    fn results_loc(&self, targets: &[Target], pos: Pos) -> Location<'c> {
        match targets {
            [] => self.loc(pos),
            [t] => self.named_loc(&t.name, t.pos),
            ts => {
                let locs: Vec<Location<'c>> =
                    ts.iter().map(|t| self.named_loc(&t.name, t.pos)).collect();
                self.ctx.fused_loc(&locs, None)
            }
        }
    }

    fn for_stmt(
        &self,
        f: &mut Func<'c>,
        pos: Pos,
        var: &Target,
        iter_args: Option<&[Target]>,
        iter: &Expr,
        body: &[Stmt],
    ) -> R<'c, ()> {
        let ExprKind::Call { func, args, kwargs } = &iter.kind else {
            return self.err(iter.pos, "expected range(...) or pl.range(...)");
        };
        let d = func.dotted().unwrap_or_default();
        if d != ["range"] && self.strip_prefix(&d).as_deref() != Some(&["range"][..]) {
            return self.err(iter.pos, "expected range(...) or pl.range(...)");
        }
        let i64t = self.ctx.int_type(64);
        let mut inits_e: &[Expr] = &[];
        for (k, v) in kwargs {
            match (k.as_str(), &v.kind) {
                ("init_values", ExprKind::List(items)) => inits_e = items,
                _ => return self.err(v.pos, format!("unexpected argument '{k}' of range")),
            }
        }
        let (lb, ub, step) = match &args[..] {
            [stop] => (None, stop, None),
            [start, stop] => (Some(start), stop, None),
            [start, stop, step] => (Some(start), stop, Some(step)),
            _ => return self.err(iter.pos, "range takes 1 to 3 arguments"),
        };
        let mut bound = |e: Option<&Expr>, dflt: i64| -> R<'c, ValueId> {
            match e {
                Some(e) => {
                    let v = self.one(f, e, Some(i64t))?;
                    if !matches!(
                        f.body.value_type(v).kind(),
                        TypeKind::Integer { width: 64, .. }
                    ) {
                        return self.err(e.pos, "loop bounds must be INT64");
                    }
                    Ok(v)
                }
                None => Ok(self.constant(
                    f,
                    AttrKind::Integer {
                        value: dflt as i128,
                        ty: i64t,
                    },
                    pos,
                )),
            }
        };
        let lbv = bound(lb, 0)?;
        let ubv = bound(Some(ub), 0)?;
        let stepv = bound(step, 1)?;
        if let Some(s) = step {
            if let Ok(v) = self.int_literal(s) {
                if v <= 0 {
                    return self.err(s.pos, "the step of a loop must be positive");
                }
            }
        }
        let names_ia = iter_args.unwrap_or(&[]);
        if names_ia.len() != inits_e.len() {
            return self.err(
                iter.pos,
                format!(
                    "{} iter_args but {} init_values",
                    names_ia.len(),
                    inits_e.len()
                ),
            );
        }
        let mut inits = Vec::new();
        for e in inits_e {
            inits.push(self.one(f, e, None)?);
        }
        let region = f.body.create_region();
        let block = f.body.create_block();
        f.body.append_block(region, block);
        let iv = f
            .body
            .add_block_argument(block, i64t, self.named_loc(&var.name, var.pos));
        let mut bargs = vec![(var, iv)];
        for (t, &v) in names_ia.iter().zip(&inits) {
            let ty = f.body.value_type(v);
            let a = f
                .body
                .add_block_argument(block, ty, self.named_loc(&t.name, t.pos));
            bargs.push((t, a));
        }
        let y = self.region_body(f, block, &bargs, body)?;
        let (targets, yielded, ypos) = match y {
            Some(y) => (y.targets, y.values, y.pos),
            None => (Vec::new(), Vec::new(), pos),
        };
        if yielded.len() != inits.len() {
            return self.err(
                ypos,
                format!(
                    "the loop carries {} values but yields {}",
                    inits.len(),
                    yielded.len()
                ),
            );
        }
        if !inits.is_empty() && targets.len() != inits.len() {
            return self.err(
                ypos,
                "pl.yield_ must assign one return variable per iter_arg",
            );
        }
        for (k, (&v, &i)) in yielded.iter().zip(&inits).enumerate() {
            if f.body.value_type(v) != f.body.value_type(i) {
                return self.err(
                    ypos,
                    format!("yielded value {k} has a different type than its init value"),
                );
            }
        }
        self.yield_op(f, block, ypos, &yielded);
        let mut st = self.state(scf::ForOp::NAME, self.results_loc(&targets, pos));
        // MLIR's custom form of scf.for drops block argument locations: the names of
        // the loop variable and iter_args are kept in an attribute too.
        let arg_names: Vec<Attribute<'c>> = bargs
            .iter()
            .map(|(t, _)| self.ctx.string_attr(&t.name))
            .collect();
        let arg_names = self.ctx.array_attr(&arg_names);
        st.attrs = self
            .ctx
            .dictionary(&[self.named(pto_pypto::ARG_NAMES_ATTR, arg_names)]);
        st.operands.extend_from_slice(&[lbv, ubv, stepv]);
        st.operands.extend_from_slice(&inits);
        st.result_types
            .extend(inits.iter().map(|&v| f.body.value_type(v)));
        st.regions.push(region);
        let op = f.create(st, self.ctx);
        let results: Vec<ValueId> = f.body.results(op).collect();
        for (t, v) in targets.iter().zip(results) {
            self.define(f, t, Val::One(v))?;
        }
        Ok(())
    }
}

/// A trailing `targets = pl.yield_(values)` of a body.
struct YieldStmt {
    pos: Pos,
    targets: Vec<Target>,
    values: Vec<ValueId>,
}

fn names(ts: &[Target]) -> Vec<&str> {
    ts.iter().map(|t| t.name.as_str()).collect()
}

fn is_name_loc(l: Location<'_>) -> bool {
    matches!(l.attr().kind(), AttrKind::NameLoc { .. })
}

/// Imports the Python text of a PyPTO program.
pub fn import_pypto<'c>(
    ctx: &'c Context,
    text: &str,
    file: &str,
) -> Result<Module<'c>, Diagnostic<'c>> {
    let ast = parse_file(text)
        .map_err(|e| Diagnostic::error(ctx.file_loc(file, e.pos.line, e.pos.col), e.message))?;
    let mut imp = Importer {
        ctx,
        file,
        prefix: ast.prefix.clone().unwrap_or_else(|| "pl".into()),
        sigs: FxHashMap::default(),
    };
    for f in &ast.funcs {
        if imp.sigs.contains_key(&f.name) {
            return imp.err(f.pos, format!("redefinition of function '{}'", f.name));
        }
        let sig = imp.signature(f)?;
        imp.sigs.insert(f.name.clone(), sig);
    }
    let mut mbody = Body::new();
    let mregion = mbody.create_region();
    let mblock = mbody.create_block();
    mbody.append_block(mregion, mblock);
    for f in &ast.funcs {
        imp.function(f, &mut mbody, mblock)?;
    }
    let props = ast
        .program
        .as_deref()
        .filter(|n| !n.is_empty())
        .map(|name| ctx.dictionary(&[imp.named("sym_name", ctx.string_attr(name))]));
    Ok(Module::wrapping(
        ctx,
        mbody,
        mregion,
        ctx.file_loc(file, 1, 1),
        props,
    ))
}
