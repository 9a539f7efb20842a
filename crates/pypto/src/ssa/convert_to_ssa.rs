//! `pypto-convert-to-ssa`: PyPTO's ConvertToSSA as a structured mem2reg. Cells
//! (`pypto.var`) become SSA values: a `pypto.read` is the value last assigned on the way
//! to it; a cell assigned in a loop that had a value before it becomes an iter_arg
//! (`x_iter_N`, its init value the value before the loop, a `pl.yield_` of its value at
//! the end of the body) and a result (`x_N`, its value after the loop); a cell assigned
//! differently by the branches of an `if` becomes a result of the `if` that both
//! branches yield (a phi; an `if` without `else` gets one that yields the old value).
//!
//! Every definition is renamed with a version per name, in program order, as PyPTO
//! does: parameters `x` -> `x_0`, assignments `result_0`, `result_1`, loop variables
//! `i_0`; the iter_arg and result of a carried cell share one version, taken before
//! the body's, and a phi's version is taken after both branches. Carried cells and
//! phis are ordered by name, after the loop's own iter_args and the `if`'s own
//! results. `y = x` stays a definition (`pypto.alias`).
//!
//! A cell read where it may not hold a value (never assigned on some path to the read,
//! e.g. first assigned inside a loop or in one branch) is an error at the read.

use rustc_hash::{FxHashMap, FxHashSet};

use pto_ir::builder::OpBuilder;
use pto_ir::{
    Attribute, BlockId, Body, Context, Diagnostic, InsertPoint, OpId, OpName, OperationState,
    ValueId,
};
use pto_pass::{Pass, PassTarget};

use super::super::ARG_NAMES_ATTR;
use super::names::{arg_name, arg_names_attr, result_names, set_result_names, with_name};
use pto_dialects::scf;

impl Pass for crate::ConvertToSSA {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        convert_function(ctx, target.body)
    }
}

/// Converts the body of a function to SSA form.
pub fn convert_function<'c>(ctx: &'c Context, body: &mut Body<'c>) -> Result<(), Diagnostic<'c>> {
    let Some(entry) = body.root_entry_block() else {
        return Ok(());
    };
    let mut c = Converter {
        ctx,
        body,
        versions: FxHashMap::default(),
        original: FxHashMap::default(),
        cell_names: FxHashMap::default(),
        cells: Vec::new(),
    };
    let n = c.body.block_args(entry).len();
    for i in 0..n {
        c.rename_arg(entry, i);
    }
    let mut env = Env::default();
    c.block(entry, &mut env)?;
    for cell in std::mem::take(&mut c.cells) {
        if let Some(op) = c.body.defining_op(cell) {
            if c.body.is_alive(op) && !c.body.has_uses(cell) {
                c.body.erase_op(op).map_err(|_| erase_error(c.body, op))?;
            }
        }
    }
    Ok(())
}

/// The value each cell holds at a point: `None` when it may hold none.
#[derive(Clone, Default)]
struct Env {
    current: FxHashMap<ValueId, Option<ValueId>>,
}

struct Converter<'a, 'c> {
    ctx: &'c Context,
    body: &'a mut Body<'c>,
    /// The next version of each name.
    versions: FxHashMap<String, u32>,
    /// The names renamed definitions had (a `pypto.assign` of such a value to the cell
    /// of the same name binds it; any other value gets a new version).
    original: FxHashMap<ValueId, String>,
    cell_names: FxHashMap<ValueId, String>,
    cells: Vec<ValueId>,
}

fn erase_error<'c>(body: &Body<'c>, op: OpId) -> Diagnostic<'c> {
    Diagnostic::error(
        body.op_loc(op),
        "cannot erase this op: its results are still used",
    )
}

impl<'c> Converter<'_, 'c> {
    fn version(&mut self, base: &str) -> String {
        let n = self.versions.entry(base.to_string()).or_insert(0);
        let v = *n;
        *n += 1;
        format!("{base}_{v}")
    }

    /// Versions argument `i` of `block`.
    fn rename_arg(&mut self, block: BlockId, i: usize) {
        let Some(name) = arg_name(self.body, block, i) else {
            return;
        };
        let v = self.body.block_args(block)[i];
        let new = self.version(name);
        let loc = with_name(self.ctx, self.body.block_arg_loc(block, i), &new);
        self.body.set_block_arg_loc(block, i, loc);
        self.original.insert(v, name.to_string());
    }

    /// Versions the named results of `op`.
    fn rename_results(&mut self, op: OpId) {
        let names = result_names(self.body, op);
        if names.iter().all(Option::is_none) {
            return;
        }
        let new = self.version_results(op, &names);
        set_result_names(self.ctx, self.body, op, &new);
    }

    /// The next versions of the first results of `op`, named `names` before (an empty
    /// name for an unnamed result).
    fn version_results(&mut self, op: OpId, names: &[Option<&str>]) -> Vec<String> {
        let mut new = Vec::new();
        for (i, n) in names.iter().enumerate() {
            match n {
                Some(n) => {
                    new.push(self.version(n));
                    self.original.insert(self.body.result(op, i), n.to_string());
                }
                None => new.push(String::new()),
            }
        }
        new
    }

    fn cell_name(&self, cell: ValueId) -> String {
        self.cell_names
            .get(&cell)
            .cloned()
            .unwrap_or_else(|| "v".to_string())
    }

    fn block(&mut self, block: BlockId, env: &mut Env) -> Result<(), Diagnostic<'c>> {
        let ops: Vec<OpId> = self.body.block_ops(block).collect();
        for op in ops {
            match self.body.op_name(op).as_str() {
                crate::VarOp::NAME => {
                    let cell = self.body.result(op, 0);
                    let name = super::names::loc_name(self.body.op_loc(op)).unwrap_or("v");
                    self.cell_names.insert(cell, name.to_string());
                    self.cells.push(cell);
                    env.current.insert(cell, None);
                }
                crate::ReadOp::NAME => self.read(op, env)?,
                crate::AssignOp::NAME => self.assign(op, env)?,
                scf::ForOp::NAME => self.for_op(op, env)?,
                scf::IfOp::NAME => self.if_op(op, env)?,
                _ => {
                    if let Some(inner) = self.cell_use_inside(op) {
                        return Err(Diagnostic::error(
                            self.body.op_loc(inner),
                            format!(
                                "cannot convert a variable used inside '{}'",
                                self.body.op_name(op).as_str()
                            ),
                        ));
                    }
                    self.rename_results(op);
                }
            }
        }
        Ok(())
    }

    /// A `pypto.read` or `pypto.assign` nested in `op`.
    fn cell_use_inside(&self, op: OpId) -> Option<OpId> {
        for &r in self.body.regions_of(op) {
            for b in self.body.region_blocks(r) {
                for o in self.body.block_ops(b) {
                    if matches!(
                        self.body.op_name(o).as_str(),
                        crate::ReadOp::NAME | crate::AssignOp::NAME | crate::VarOp::NAME
                    ) {
                        return Some(o);
                    }
                    if let Some(x) = self.cell_use_inside(o) {
                        return Some(x);
                    }
                }
            }
        }
        None
    }

    fn read(&mut self, op: OpId, env: &mut Env) -> Result<(), Diagnostic<'c>> {
        let cell = self.body.operand(op, 0);
        let Some(Some(v)) = env.current.get(&cell).copied() else {
            return Err(Diagnostic::error(
                self.body.op_loc(op),
                format!(
                    "'{}' may be used before it is assigned (it has no value on some path to this use)",
                    self.cell_name(cell)
                ),
            ));
        };
        let r = self.body.result(op, 0);
        self.body.replace_all_uses(r, v);
        self.body
            .erase_op(op)
            .map_err(|_| erase_error(self.body, op))
    }

    fn assign(&mut self, op: OpId, env: &mut Env) -> Result<(), Diagnostic<'c>> {
        let (cell, v) = (self.body.operand(op, 0), self.body.operand(op, 1));
        let base = self.cell_name(cell);
        let value = if self.original.get(&v) == Some(&base) {
            // A parameter, loop variable or yield target of this name: already a version.
            v
        } else {
            let name = self.version(&base);
            let own = self.body.defining_op(v).filter(|&d| {
                self.body.num_results(d) == 1
                    && self.body.uses(v).count() == 1
                    && !self.original.contains_key(&v)
            });
            match own {
                Some(d) => {
                    set_result_names(self.ctx, self.body, d, &[name]);
                    v
                }
                None => {
                    let loc = with_name(self.ctx, self.body.op_loc(op), &name);
                    let mut st =
                        OperationState::new(self.ctx, self.op_name(crate::AliasOp::NAME), loc);
                    st.operands.push(v);
                    st.result_types.push(self.body.value_type(v));
                    let mut b = OpBuilder::new(self.ctx, self.body);
                    b.set_insertion_point(InsertPoint::Before(op));
                    let a = b.create(st);
                    self.body.result(a, 0)
                }
            }
        };
        self.original.insert(value, base);
        env.current.insert(cell, Some(value));
        self.body
            .erase_op(op)
            .map_err(|_| erase_error(self.body, op))
    }

    fn op_name(&self, name: &str) -> OpName<'c> {
        pto_ir::OpName::of(self.ctx, name)
    }

    /// The cells of `env` assigned inside `op`'s regions.
    fn assigned_inside(&self, op: OpId, env: &Env, out: &mut FxHashSet<ValueId>) {
        for &r in self.body.regions_of(op) {
            for b in self.body.region_blocks(r) {
                for o in self.body.block_ops(b) {
                    if self.body.op_name(o).as_str() == crate::AssignOp::NAME {
                        let c = self.body.operand(o, 0);
                        if env.current.contains_key(&c) {
                            out.insert(c);
                        }
                    }
                    self.assigned_inside(o, env, out);
                }
            }
        }
    }

    /// Cells ordered by name (PyPTO sorts variable names), then by definition.
    fn by_name(&self, cells: impl IntoIterator<Item = ValueId>) -> Vec<ValueId> {
        let mut v: Vec<ValueId> = cells.into_iter().collect();
        v.sort_by_key(|&c| (self.cell_name(c), c));
        v
    }

    fn for_op(&mut self, op: OpId, env: &mut Env) -> Result<(), Diagnostic<'c>> {
        let region = self.body.regions_of(op)[0];
        let Some(block) = self.body.entry_block(region) else {
            return Ok(());
        };
        let loop_var = arg_name(self.body, block, 0).map(str::to_string);
        let mut assigned = FxHashSet::default();
        self.assigned_inside(op, env, &mut assigned);
        let carried = self.by_name(assigned.into_iter().filter(|c| {
            matches!(env.current.get(c), Some(Some(_)))
                && loop_var.as_deref() != Some(self.cell_name(*c).as_str())
        }));
        // Versions: the carried cells' (iter_arg and result share one), then the loop
        // variable and the loop's own iter_args, then the body.
        let mut carried_names = Vec::new();
        for &c in &carried {
            let base = self.cell_name(c);
            let n = self.versions.entry(base.clone()).or_insert(0);
            carried_names.push((format!("{base}_iter_{n}"), format!("{base}_{n}")));
            *n += 1;
        }
        let own_args = self.body.block_args(block).len();
        let old = result_names(self.body, op);
        for i in 0..own_args {
            self.rename_arg(block, i);
        }
        let op = if carried.is_empty() {
            op
        } else {
            let loc = self.body.op_loc(op);
            let inits: Vec<ValueId> = carried
                .iter()
                .map(|c| env.current[c].expect("carried cells hold a value"))
                .collect();
            for (k, (&init, (iter_name, _))) in inits.iter().zip(&carried_names).enumerate() {
                let ty = self.body.value_type(init);
                let a = self.body.insert_block_argument(
                    block,
                    own_args + k,
                    ty,
                    with_name(self.ctx, loc, iter_name),
                );
                self.original.insert(a, self.cell_name(carried[k]));
            }
            let types: Vec<_> = inits.iter().map(|&v| self.body.value_type(v)).collect();
            self.rebuild(op, &inits, &types)?
        };
        let names: Vec<Option<String>> = (0..self.body.block_args(block).len())
            .map(|i| arg_name(self.body, block, i).map(str::to_string))
            .collect();
        if names.iter().any(Option::is_some) {
            let attr = arg_names_attr(self.ctx, &names);
            self.set_discardable(op, ARG_NAMES_ATTR, attr);
        }
        let mut inner = env.clone();
        for (k, &c) in carried.iter().enumerate() {
            inner
                .current
                .insert(c, Some(self.body.block_args(block)[own_args + k]));
        }
        self.block(block, &mut inner)?;
        if !carried.is_empty() {
            let yielded: Vec<ValueId> = carried
                .iter()
                .map(|c| inner.current.get(c).copied().flatten())
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| {
                    Diagnostic::error(self.body.op_loc(op), "a carried variable lost its value")
                })?;
            self.extend_yield(block, &yielded);
        }
        let own_results = old.len();
        let mut names = self.version_results(op, &old);
        for (k, &c) in carried.iter().enumerate() {
            names.push(carried_names[k].1.clone());
            let r = self.body.result(op, own_results + k);
            self.original.insert(r, self.cell_name(c));
            env.current.insert(c, Some(r));
        }
        if names.iter().any(|n| !n.is_empty()) {
            set_result_names(self.ctx, self.body, op, &names);
        }
        Ok(())
    }

    fn if_op(&mut self, op: OpId, env: &mut Env) -> Result<(), Diagnostic<'c>> {
        let regions = self.body.regions_of(op).to_vec();
        let mut then_env = env.clone();
        let mut else_env = env.clone();
        if let Some(b) = self.body.entry_block(regions[0]) {
            self.block(b, &mut then_env)?;
        }
        if let Some(b) = regions.get(1).and_then(|&r| self.body.entry_block(r)) {
            self.block(b, &mut else_env)?;
        }
        let mut phis = Vec::new();
        let cells: Vec<ValueId> = self.by_name(env.current.keys().copied());
        for c in cells {
            let (t, e) = (
                then_env.current.get(&c).copied().flatten(),
                else_env.current.get(&c).copied().flatten(),
            );
            match (t, e) {
                (Some(t), Some(e)) if t != e => phis.push((c, t, e)),
                (t, e) if t == e => {
                    env.current.insert(c, t);
                }
                _ => {
                    env.current.insert(c, None);
                }
            }
        }
        let own_results = self.body.num_results(op);
        let old = result_names(self.body, op);
        let mut names = self.version_results(op, &old);
        let op = if phis.is_empty() {
            op
        } else {
            let then_vals: Vec<ValueId> = phis.iter().map(|p| p.1).collect();
            let else_vals: Vec<ValueId> = phis.iter().map(|p| p.2).collect();
            if let Some(b) = self.body.entry_block(regions[0]) {
                self.extend_yield(b, &then_vals);
            }
            let else_block = match self.body.entry_block(regions[1]) {
                Some(b) => b,
                None => {
                    let b = self.body.create_block();
                    self.body.append_block(regions[1], b);
                    let st = OperationState::new(
                        self.ctx,
                        self.op_name(scf::YieldOp::NAME),
                        self.body.op_loc(op),
                    );
                    let mut bld = OpBuilder::new(self.ctx, self.body);
                    bld.set_insertion_point(InsertPoint::BlockEnd(b));
                    bld.create(st);
                    b
                }
            };
            self.extend_yield(else_block, &else_vals);
            let types: Vec<_> = then_vals.iter().map(|&v| self.body.value_type(v)).collect();
            self.rebuild(op, &[], &types)?
        };
        for (k, &(c, _, _)) in phis.iter().enumerate() {
            let base = self.cell_name(c);
            names.push(self.version(&base));
            let r = self.body.result(op, own_results + k);
            self.original.insert(r, base);
            env.current.insert(c, Some(r));
        }
        if names.iter().any(|n| !n.is_empty()) {
            set_result_names(self.ctx, self.body, op, &names);
        }
        Ok(())
    }

    /// Appends `values` to the `scf.yield` ending `block`.
    fn extend_yield(&mut self, block: BlockId, values: &[ValueId]) {
        if let Some(y) = self.body.last_op(block) {
            let mut all: Vec<ValueId> = self.body.operands(y).collect();
            all.extend_from_slice(values);
            self.body.set_operands(y, &all);
        }
    }

    /// Replaces `op` (an `scf.for` or `scf.if`) by the same op with `extra` more
    /// operands and results of `extra_types` more; its regions move over.
    fn rebuild(
        &mut self,
        op: OpId,
        extra: &[ValueId],
        extra_types: &[pto_ir::Type<'c>],
    ) -> Result<OpId, Diagnostic<'c>> {
        let old_regions = self.body.regions_of(op).to_vec();
        let mut st = OperationState::new(self.ctx, self.body.op_name(op), self.body.op_loc(op));
        st.operands.extend(self.body.operands(op));
        st.operands.extend_from_slice(extra);
        let old_types: Vec<_> = self
            .body
            .results(op)
            .map(|r| self.body.value_type(r))
            .collect();
        st.result_types.extend(old_types);
        st.result_types.extend_from_slice(extra_types);
        st.props = self.body.op_props(op);
        st.attrs = self.body.op_attrs(op);
        for &r in &old_regions {
            let nr = self.body.create_region();
            self.body.inline_region_before(r, nr, None);
            st.regions.push(nr);
        }
        let mut b = OpBuilder::new(self.ctx, self.body);
        b.set_insertion_point(InsertPoint::Before(op));
        let new = b.create(st);
        for i in 0..self.body.num_results(op) {
            let (o, n) = (self.body.result(op, i), self.body.result(new, i));
            self.body.replace_all_uses(o, n);
        }
        self.body
            .erase_op(op)
            .map_err(|_| erase_error(self.body, op))?;
        Ok(new)
    }

    fn set_discardable(&mut self, op: OpId, key: &str, value: Attribute<'c>) {
        let d = self
            .ctx
            .dict_with(Some(self.body.op_attrs(op)), key, Some(value));
        self.body.set_op_attrs(op, d);
    }
}
