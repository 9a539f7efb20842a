//! Variables of programs that are not in SSA form. A name that a function defines again
//! while an earlier definition is visible (in the same scope or an enclosing one:
//! `x = f(x)` in straight-line code, an outer variable reassigned inside a loop or a
//! branch) is a cell: one `pypto.var` at the top of the function, a `pypto.assign` per
//! definition and a `pypto.read` per use. So is a name that a branch or a loop body
//! defines and code after that statement reads (`if c: y = a` / `else: y = b`, then
//! `return y`). Such names are function-scoped, as in Python; `pypto-convert-to-ssa` turns
//! them into SSA values (the branches' values meet in the `if`'s results). Every other
//! name stays an SSA value bound under PyPTO's block scoping.

use rustc_hash::FxHashSet;

use pto_ir::builder::OpBuilder;
use pto_ir::{InsertPoint, OpId, ValueId};

use super::{Expr, ExprKind, FuncDef, Importer, Pos, Stmt, StmtKind, Target, Val, R};
use pto_pypto::VarType;

/// The walk that finds the names defined while visible, and those read after the
/// statement whose block defined them.
struct Redefinitions {
    scopes: Vec<FxHashSet<String>>,
    /// Names defined only in blocks that have ended.
    ended: FxHashSet<String>,
    found: FxHashSet<String>,
}

impl Redefinitions {
    /// Notes the names `e` reads: one defined only in an ended block is a cell.
    fn reads(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Name(n) => {
                if !self.scopes.iter().any(|s| s.contains(n)) && self.ended.contains(n) {
                    self.found.insert(n.clone());
                }
            }
            ExprKind::Attr(v, _) | ExprKind::Unary(_, v) => self.reads(v),
            ExprKind::Call { func, args, kwargs } => {
                self.reads(func);
                args.iter()
                    .chain(kwargs.iter().map(|(_, v)| v))
                    .for_each(|a| self.reads(a));
            }
            ExprKind::Subscript {
                value,
                index,
                kwargs,
            } => {
                self.reads(value);
                index
                    .iter()
                    .chain(kwargs.iter().map(|(_, v)| v))
                    .for_each(|a| self.reads(a));
            }
            ExprKind::List(xs) | ExprKind::Tuple(xs) => xs.iter().for_each(|x| self.reads(x)),
            ExprKind::Binary(_, a, b) => {
                self.reads(a);
                self.reads(b);
            }
            ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Bool(_) | ExprKind::Str(_) => {}
        }
    }

    fn define(&mut self, name: &str) {
        if self.scopes.iter().any(|s| s.contains(name)) {
            self.found.insert(name.to_string());
        }
        self.scopes
            .last_mut()
            .expect("a scope")
            .insert(name.to_string());
    }

    fn scoped(&mut self, imp: &Importer<'_, '_>, pre: &[&Target], stmts: &[Stmt]) -> Vec<Target> {
        self.scopes.push(FxHashSet::default());
        for t in pre {
            self.define(&t.name);
        }
        let y = self.stmts(imp, stmts);
        if let Some(names) = self.scopes.pop() {
            self.ended.extend(names);
        }
        y
    }

    /// Walks `stmts`; returns the targets of a trailing `pl.yield_`, which the enclosing
    /// `for` or `if` defines after itself.
    fn stmts(&mut self, imp: &Importer<'_, '_>, stmts: &[Stmt]) -> Vec<Target> {
        let mut yielded = Vec::new();
        for s in stmts {
            match &s.kind {
                StmtKind::Assign { targets, value, .. } if imp.is_yield_call(value) => {
                    self.reads(value);
                    yielded = targets.clone();
                }
                StmtKind::Assign { targets, value, .. } => {
                    self.reads(value);
                    for t in targets {
                        self.define(&t.name);
                    }
                }
                StmtKind::If { cond, then, orelse } => {
                    self.reads(cond);
                    let a = self.scoped(imp, &[], then);
                    let b = self.scoped(imp, &[], orelse);
                    for t in if a.is_empty() { &b } else { &a } {
                        self.define(&t.name);
                    }
                }
                StmtKind::For {
                    var,
                    iter_args,
                    iter,
                    body,
                } => {
                    self.reads(iter);
                    let mut pre = vec![var];
                    pre.extend(iter_args.iter().flatten());
                    for t in self.scoped(imp, &pre, body) {
                        self.define(&t.name);
                    }
                }
                StmtKind::Expr(e) => self.reads(e),
                StmtKind::Return(es) => es.iter().for_each(|e| self.reads(e)),
                StmtKind::Pass => {}
            }
        }
        yielded
    }
}

impl<'c> Importer<'_, 'c> {
    /// The names of `f` that are cells.
    pub(super) fn cell_names(&self, f: &FuncDef) -> FxHashSet<String> {
        let mut w = Redefinitions {
            scopes: vec![f.params.iter().map(|p| p.name.name.clone()).collect()],
            ended: FxHashSet::default(),
            found: FxHashSet::default(),
        };
        w.stmts(self, &f.body);
        w.found
    }

    /// Binds target `t` to `v`: an assignment to its cell when `t` is one (declared on
    /// its first definition), else an SSA binding in the current scope.
    pub(super) fn define(&self, f: &mut super::Func<'c>, t: &Target, v: Val) -> R<'c, ()> {
        if !f.cells.contains(&t.name) {
            f.bind(&t.name, v);
            return Ok(());
        }
        let Val::One(v) = v else {
            return self.err(
                t.pos,
                format!(
                    "'{}' is assigned more than once and cannot hold several values",
                    t.name
                ),
            );
        };
        let ty = f.body.value_type(v);
        let cell = match f.cell_of.get(&t.name) {
            Some(&c) => {
                let held = pto_pypto::var_value_type(f.body.value_type(c));
                if held != Some(ty) {
                    return self.err(
                        t.pos,
                        format!(
                            "'{}' holds values of type {}, cannot assign a value of type {}",
                            t.name,
                            held.map_or_else(String::new, pto_ir::printer::type_to_string),
                            pto_ir::printer::type_to_string(ty)
                        ),
                    );
                }
                c
            }
            None => self.declare(f, t, ty),
        };
        let mut st = self.state(pto_pypto::AssignOp::NAME, self.loc(t.pos));
        st.operands.extend_from_slice(&[cell, v]);
        f.create(st, self.ctx);
        Ok(())
    }

    /// A `pypto.var` for `t` at the top of the function, after the earlier ones.
    fn declare(&self, f: &mut super::Func<'c>, t: &Target, ty: pto_ir::Type<'c>) -> ValueId {
        let mut st = self.state(pto_pypto::VarOp::NAME, self.named_loc(&t.name, t.pos));
        st.result_types.push(VarType::get(self.ctx, ty).ty());
        let at = match f.last_var {
            Some(op) => InsertPoint::After(op),
            None => InsertPoint::BlockStart(f.entry),
        };
        let mut b = OpBuilder::new(self.ctx, &mut f.body);
        b.set_insertion_point(at);
        let op: OpId = b.create(st);
        f.last_var = Some(op);
        let c = f.body.result(op, 0);
        f.cell_of.insert(t.name.clone(), c);
        c
    }

    /// A use of cell variable `name` at `pos`.
    pub(super) fn read_cell(
        &self,
        f: &mut super::Func<'c>,
        cell: ValueId,
        name: &str,
        pos: Pos,
    ) -> ValueId {
        let ty = pto_pypto::var_value_type(f.body.value_type(cell)).expect("a cell");
        let mut st = self.state(pto_pypto::ReadOp::NAME, self.loc(pos));
        st.operands.push(cell);
        st.result_types.push(ty);
        let op = f.create(st, self.ctx);
        let r = f.body.result(op, 0);
        f.names.insert(r, name.to_string());
        r
    }
}
