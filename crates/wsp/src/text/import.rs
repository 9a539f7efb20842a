//! `.pto` syntax trees ([`super::parse`]) to the `wsp` dialect.
//!
//! Names become values: a task's or call's argument names the innermost enclosing
//! loop variable, consumed value or workload parameter of that name; a name bound
//! nowhere is an error (upstream keeps it as a string and never looks). Several
//! statements in one body stay several ops in the region, which means `combine`
//! (upstream builds a Combine node for them).

use pto_ir::builder::OpBuilder;
use pto_ir::module::Module;
use pto_ir::{Attribute, BlockId, Body, Context, Diagnostic, InsertPoint, Location, ValueId};
use pto_ir::{OperationState, Type};

use super::ast::{Axis, Channel, Directive, File, Item, LoopKind, Pipeline, Pos, Stmt};
use super::parse::parse;
use crate::syntax::dtype_from_name;
use crate::{
    DenseDynType, DenseType, Dispatch, DispatchAttr, LayoutAttr, Level, LevelAttr, MemLocation,
    RaggedType, SparseType, TensorType, Timing, TimingAttr, WindowOverflow, WindowOverflowAttr,
    WindowUnit, WindowUnitAttr,
};

/// Translates `.pto` workload text in `text` (named `file` in locations), then
/// verifies it and type-checks it as `wsp-type-check` does (upstream's compile
/// checks before it runs); `seed` writes type errors in the seed's layout.
pub fn import_wsp<'c>(
    ctx: &'c Context,
    text: &str,
    file: &str,
    seed: bool,
) -> Result<Module<'c>, Diagnostic<'c>> {
    let module = import_unchecked(ctx, text, file)?;
    if let Some(top) = module.top_op() {
        pto_ir::verifier::verify(ctx, &module.body, top).map_err(|ds| {
            let mut it = ds.into_iter();
            let mut first = it.next().expect("a failed verification has a diagnostic");
            first.notes.extend(it);
            first
        })?;
    }
    let (body, items) = crate::module_items(&module);
    let mut findings = Vec::new();
    for op in items {
        if crate::ModuleOp::from_op(body, op).is_some() {
            crate::type_check::check_module(body, op, &mut findings);
        }
    }
    crate::type_check::report(findings, seed, ctx.file_loc(file, 1, 1))?;
    Ok(module)
}

/// Translates `.pto` text without verifying or type-checking it.
pub fn import_unchecked<'c>(
    ctx: &'c Context,
    text: &str,
    file: &str,
) -> Result<Module<'c>, Diagnostic<'c>> {
    let loc = |p: Pos| ctx.file_loc(file, p.0 as u32, p.1 as u32);
    let ast = parse(text).map_err(|(p, m)| Diagnostic::error(loc(p), m))?;
    let mut mbody = Body::new();
    let mregion = mbody.create_region();
    let mblock = mbody.create_block();
    mbody.append_block(mregion, mblock);
    build_module(ctx, &mut mbody, mblock, &ast, &loc)?;
    Ok(Module::wrapping(ctx, mbody, mregion, loc((1, 1)), None))
}

/// Wraps props into a state named `name`.
fn state<'c>(
    ctx: &'c Context,
    name: &str,
    loc: Location<'c>,
    props: &[(&str, Attribute<'c>)],
) -> OperationState<'c> {
    let mut st = OperationState::new(ctx, pto_ir::OpName::of(ctx, name), loc);
    st.props = Some(ctx.dictionary_of(props));
    st
}

fn sym<'c>(ctx: &'c Context, name: &str) -> Attribute<'c> {
    ctx.symbol_ref_attr(ctx.ident(name), &[])
}

fn syms<'c>(ctx: &'c Context, names: impl Iterator<Item = String>) -> Attribute<'c> {
    let v: Vec<_> = names.map(|n| sym(ctx, &n)).collect();
    ctx.array_attr(&v)
}

fn i64_attr(ctx: &Context, v: i64) -> Attribute<'_> {
    ctx.int_attr(ctx.int_type(64), i128::from(v))
}

/// The type of an axis.
pub(crate) fn axis_type<'c>(ctx: &'c Context, a: &Axis) -> Type<'c> {
    match a {
        Axis::Dense(n) => DenseType::get(ctx, *n).ty(),
        Axis::DenseDyn(s) => DenseDynType::get(ctx, s).ty(),
        Axis::Ragged(a, b) => RaggedType::get(ctx, a, b).ty(),
        Axis::Sparse(a, b, c) => SparseType::get(ctx, a, b, c).ty(),
    }
}

/// The body of an op isolated from above: one region of one block.
fn isolated_body<'c>() -> (Box<Body<'c>>, pto_ir::RegionId, BlockId) {
    let mut inner = Box::new(Body::new());
    let region = inner.create_region();
    let block = inner.create_block();
    inner.append_block(region, block);
    (inner, region, block)
}

/// Creates `st`, isolated from above with `inner` as its body, at the end of `block`.
fn create_isolated<'c>(
    ctx: &'c Context,
    parent: &mut Body<'c>,
    block: BlockId,
    mut st: OperationState<'c>,
    region: pto_ir::RegionId,
    inner: Box<Body<'c>>,
) {
    st.regions.push(region);
    st.nested = Some(inner);
    let mut ob = OpBuilder::new(ctx, parent);
    ob.set_insertion_point(InsertPoint::BlockEnd(block));
    ob.create(st);
}

struct Builder<'a, 'c> {
    ctx: &'c Context,
    loc: &'a dyn Fn(Pos) -> Location<'c>,
    /// Names in scope, innermost last.
    scope: Vec<(String, ValueId)>,
    /// Channels of the enclosing pipelines: name and element type.
    channels: Vec<(String, Type<'c>)>,
}

fn build_module<'c>(
    ctx: &'c Context,
    mbody: &mut Body<'c>,
    mblock: BlockId,
    f: &File,
    loc: &dyn Fn(Pos) -> Location<'c>,
) -> Result<(), Diagnostic<'c>> {
    let (mut inner, region, block) = isolated_body();
    let mut b = Builder {
        ctx,
        loc,
        scope: Vec::new(),
        channels: Vec::new(),
    };
    for item in &f.items {
        match item {
            Item::Workload(w) => b.workload(&mut inner, block, w)?,
            Item::Schedule(s) => b.schedule(&mut inner, block, s)?,
            Item::Pipeline(pos, p) => {
                let mut ob = OpBuilder::new(ctx, &mut inner);
                ob.set_insertion_point(InsertPoint::BlockEnd(block));
                b.pipeline(&mut ob, *pos, p)?;
            }
        }
    }
    let targets: Vec<_> = f.targets.iter().map(|t| ctx.string_attr(t)).collect();
    let st = state(
        ctx,
        crate::ModuleOp::NAME,
        loc((1, 1)),
        &[
            ("name", ctx.string_attr(f.name.as_deref().unwrap_or(""))),
            (
                "version",
                ctx.string_attr(f.version.as_deref().unwrap_or("9.0")),
            ),
            ("targets", ctx.array_attr(&targets)),
        ],
    );
    create_isolated(ctx, mbody, mblock, st, region, inner);
    Ok(())
}

impl<'c> Builder<'_, 'c> {
    fn err(&self, p: Pos, m: impl Into<String>) -> Diagnostic<'c> {
        Diagnostic::error((self.loc)(p), m.into())
    }

    fn workload(
        &mut self,
        mbody: &mut Body<'c>,
        mblock: BlockId,
        w: &super::ast::Workload,
    ) -> Result<(), Diagnostic<'c>> {
        let ctx = self.ctx;
        let (mut inner, region, block) = isolated_body();
        self.scope.clear();
        let mut names = Vec::new();
        for ((p, n), axis) in &w.params {
            let v = inner.add_block_argument(block, axis_type(ctx, axis), (self.loc)(*p));
            self.scope.push((n.clone(), v));
            names.push(ctx.string_attr(n));
        }
        {
            let mut ob = OpBuilder::new(ctx, &mut inner);
            ob.set_insertion_point(InsertPoint::BlockEnd(block));
            self.stmts(&mut ob, &w.body)?;
        }
        let level = Level::from_keyword(&w.level).unwrap_or(Level::Cpu);
        let st = state(
            ctx,
            crate::WorkloadOp::NAME,
            (self.loc)(w.pos),
            &[
                ("sym_name", ctx.string_attr(&w.name)),
                ("level", LevelAttr::get(ctx, level).attr()),
                ("param_names", ctx.array_attr(&names)),
            ],
        );
        create_isolated(ctx, mbody, mblock, st, region, inner);
        Ok(())
    }

    fn stmts(
        &mut self,
        ob: &mut OpBuilder<'_, 'c>,
        stmts: &[(Pos, Stmt)],
    ) -> Result<(), Diagnostic<'c>> {
        for (p, s) in stmts {
            self.stmt(ob, *p, s)?;
        }
        Ok(())
    }

    /// Creates `st` with one region holding one block (arguments `args`) and fills it
    /// with `body`, `bound` naming the block's arguments.
    fn with_region(
        &mut self,
        ob: &mut OpBuilder<'_, 'c>,
        mut st: OperationState<'c>,
        bodies: &[&[(Pos, Stmt)]],
        bound: &[(String, Type<'c>)],
        pos: Pos,
    ) -> Result<(), Diagnostic<'c>> {
        let mut blocks = Vec::new();
        for _ in bodies {
            let (r, b) = ob.create_region_with_block();
            st.regions.push(r);
            blocks.push(b);
        }
        ob.create(st);
        let saved = ob.insertion_point();
        let depth = self.scope.len();
        for (i, (&blk, body)) in blocks.iter().zip(bodies).enumerate() {
            if i == 0 {
                for (name, ty) in bound {
                    let v = ob.body().add_block_argument(blk, *ty, (self.loc)(pos));
                    self.scope.push((name.clone(), v));
                }
            }
            ob.set_insertion_point(InsertPoint::BlockEnd(blk));
            self.stmts(ob, body)?;
            self.scope.truncate(depth);
        }
        if let Some(s) = saved {
            ob.set_insertion_point(s);
        }
        Ok(())
    }

    fn lookup(&self, p: Pos, name: &str, what: &str) -> Result<ValueId, Diagnostic<'c>> {
        self.scope
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|&(_, v)| v)
            .ok_or_else(|| {
                self.err(
                    p,
                    format!(
                        "{what} '{name}' is not a loop variable, consumed value or parameter of \
                         the workload in scope"
                    ),
                )
            })
    }

    fn stmt(
        &mut self,
        ob: &mut OpBuilder<'_, 'c>,
        pos: Pos,
        s: &Stmt,
    ) -> Result<(), Diagnostic<'c>> {
        let ctx = self.ctx;
        let loc = (self.loc)(pos);
        match s {
            Stmt::Task {
                kernel,
                params,
                resources,
            } => {
                let mut st = state(
                    ctx,
                    crate::TaskOp::NAME,
                    loc,
                    &[
                        ("kernel", sym(ctx, kernel)),
                        ("resources", syms(ctx, resources.iter().cloned())),
                    ],
                );
                for (p, n) in params {
                    st.operands.push(self.lookup(*p, n, "task argument")?);
                }
                ob.create(st);
            }
            Stmt::Call { target, args } => {
                let mut st = state(
                    ctx,
                    crate::CallOp::NAME,
                    loc,
                    &[("callee", sym(ctx, target))],
                );
                for (p, n) in args {
                    st.operands.push(self.lookup(*p, n, "call argument")?);
                }
                ob.create(st);
            }
            Stmt::Loop {
                kind,
                var,
                axis,
                row,
                body,
            } => {
                let name = match kind {
                    LoopKind::ParallelFor => crate::ParallelForOp::NAME,
                    LoopKind::ForEach => crate::ForEachOp::NAME,
                    LoopKind::Select => crate::SelectOp::NAME,
                };
                let mut st = state(
                    ctx,
                    name,
                    loc,
                    &[
                        ("var", ctx.string_attr(var)),
                        ("axis", ctx.type_attr(axis_type(ctx, &axis.1))),
                    ],
                );
                if let Some((p, r)) = row {
                    let v = self.lookup(*p, r, "row")?;
                    if !ob.body().value_type(v).is_index() {
                        return Err(self.err(
                            *p,
                            format!("the row '{r}' must be a loop variable (an index)"),
                        ));
                    }
                    st.operands.push(v);
                }
                self.with_region(ob, st, &[body], &[(var.clone(), ctx.index_type())], pos)?;
            }
            Stmt::Cond {
                pred,
                then_body,
                else_body,
            } => {
                let st = state(
                    ctx,
                    crate::CondOp::NAME,
                    loc,
                    &[("predicate", ctx.string_attr(pred))],
                );
                self.with_region(ob, st, &[then_body, else_body], &[], pos)?;
            }
            Stmt::Combine(body) => {
                let st = state(ctx, crate::CombineOp::NAME, loc, &[]);
                self.with_region(ob, st, &[body], &[], pos)?;
            }
            Stmt::Sequential(body) => {
                let st = state(ctx, crate::SequentialOp::NAME, loc, &[]);
                self.with_region(ob, st, &[body], &[], pos)?;
            }
            Stmt::SlotSet { slot, value } => {
                let slot = self.slot(pos, *slot)?;
                ob.create(state(
                    ctx,
                    crate::SlotSetU64Op::NAME,
                    loc,
                    &[("slot", slot), ("value", i64_attr(ctx, *value))],
                ));
            }
            Stmt::SlotLoad {
                slot,
                tensor,
                row,
                col,
            } => {
                let slot = self.slot(pos, *slot)?;
                ob.create(state(
                    ctx,
                    crate::SlotLoadU64Op::NAME,
                    loc,
                    &[
                        ("slot", slot),
                        ("tensor", i64_attr(ctx, *tensor)),
                        ("row", i64_attr(ctx, *row)),
                        ("col", i64_attr(ctx, *col)),
                    ],
                ));
            }
            Stmt::Pipeline(p) => self.pipeline(ob, pos, p)?,
            Stmt::Send { channel, value } => {
                let st = state(
                    ctx,
                    crate::SendOp::NAME,
                    loc,
                    &[("channel", sym(ctx, channel))],
                );
                self.with_region(ob, st, &[std::slice::from_ref(value.as_ref())], &[], pos)?;
            }
            Stmt::Consume { var, channel, body } => {
                let Some(ty) = self
                    .channels
                    .iter()
                    .rev()
                    .find(|(n, _)| *n == channel.1)
                    .map(|(_, t)| *t)
                else {
                    return Err(self.err(
                        channel.0,
                        format!(
                            "consume from '{}', which no enclosing pipeline declares",
                            channel.1
                        ),
                    ));
                };
                let st = state(
                    ctx,
                    crate::ConsumeOp::NAME,
                    loc,
                    &[
                        ("var", ctx.string_attr(var)),
                        ("channel", sym(ctx, &channel.1)),
                    ],
                );
                self.with_region(ob, st, &[body], &[(var.clone(), ty)], pos)?;
            }
        }
        Ok(())
    }

    fn slot(&self, pos: Pos, slot: i64) -> Result<Attribute<'c>, Diagnostic<'c>> {
        let s = i32::try_from(slot)
            .ok()
            .filter(|s| *s >= 0)
            .ok_or_else(|| self.err(pos, format!("a slot is a 32-bit index >= 0, got {slot}")))?;
        Ok(self.ctx.int_attr(self.ctx.int_type(32), i128::from(s)))
    }

    fn channel_type(&self, c: &Channel) -> Result<Type<'c>, Diagnostic<'c>> {
        let ctx = self.ctx;
        let dtype = dtype_from_name(ctx, &c.dtype.1)
            .ok_or_else(|| self.err(c.dtype.0, format!("unknown data type '{}'", c.dtype.1)))?;
        let location =
            MemLocation::from_keyword(&c.location.1.to_ascii_lowercase()).ok_or_else(|| {
                self.err(
                    c.location.0,
                    format!("unknown location '{}' (global, l2, ub, l1)", c.location.1),
                )
            })?;
        let dims: Vec<_> = c
            .shape
            .iter()
            .map(|d| match d {
                Some(n) => i64_attr(ctx, *n),
                None => ctx.string_attr("?"),
            })
            .collect();
        TensorType::get_checked(ctx, ctx.array_attr(&dims), dtype, location, None)
            .map(|t| t.ty())
            .map_err(|m| self.err(c.pos, m))
    }

    fn pipeline(
        &mut self,
        ob: &mut OpBuilder<'_, 'c>,
        pos: Pos,
        p: &Pipeline,
    ) -> Result<(), Diagnostic<'c>> {
        let ctx = self.ctx;
        let mut st = state(ctx, crate::PipelineOp::NAME, (self.loc)(pos), &[]);
        let (r, blk) = ob.create_region_with_block();
        st.regions.push(r);
        ob.create(st);
        let saved = ob.insertion_point();
        ob.set_insertion_point(InsertPoint::BlockEnd(blk));
        let outer = self.channels.len();
        for c in &p.channels {
            let ty = self.channel_type(c)?;
            ob.create(state(
                ctx,
                crate::ChannelOp::NAME,
                (self.loc)(c.pos),
                &[
                    ("sym_name", ctx.string_attr(&c.name)),
                    ("depth", i64_attr(ctx, c.depth)),
                    ("element", ctx.type_attr(ty)),
                ],
            ));
            self.channels.push((c.name.clone(), ty));
        }
        for pr in &p.processes {
            let st = state(
                ctx,
                crate::ProcessOp::NAME,
                (self.loc)(pr.pos),
                &[
                    ("sym_name", ctx.string_attr(&pr.name)),
                    (
                        "consumes",
                        syms(ctx, pr.consumes.iter().map(|c| c.1.clone())),
                    ),
                    (
                        "produces",
                        syms(ctx, pr.produces.iter().map(|c| c.1.clone())),
                    ),
                ],
            );
            self.with_region(ob, st, &[&pr.body], &[], pr.pos)?;
        }
        self.channels.truncate(outer);
        if let Some(s) = saved {
            ob.set_insertion_point(s);
        }
        Ok(())
    }

    fn schedule(
        &mut self,
        mbody: &mut Body<'c>,
        mblock: BlockId,
        s: &super::ast::Schedule,
    ) -> Result<(), Diagnostic<'c>> {
        let ctx = self.ctx;
        let level = Level::from_keyword(&s.level).unwrap_or(Level::Cpu);
        let mut st = state(
            ctx,
            crate::ScheduleOp::NAME,
            (self.loc)(s.pos),
            &[
                ("name", ctx.string_attr(&s.name)),
                ("workload", sym(ctx, &s.workload.1)),
                ("level", LevelAttr::get(ctx, level).attr()),
            ],
        );
        let mut ob = OpBuilder::new(ctx, mbody);
        ob.set_insertion_point(InsertPoint::BlockEnd(mblock));
        let (r, blk) = ob.create_region_with_block();
        st.regions.push(r);
        ob.create(st);
        ob.set_insertion_point(InsertPoint::BlockEnd(blk));
        for (p, d) in &s.directives {
            let loc = (self.loc)(*p);
            let st = match d {
                Directive::Dispatch {
                    policy,
                    workers,
                    key,
                } => {
                    let policy = Dispatch::from_keyword(policy).unwrap_or(Dispatch::WorkSteal);
                    state(
                        ctx,
                        crate::DispatchOp::NAME,
                        loc,
                        &[
                            ("policy", DispatchAttr::get(ctx, policy).attr()),
                            ("workers", i64_attr(ctx, *workers)),
                            ("key", ctx.string_attr(key)),
                        ],
                    )
                }
                Directive::Streams { count, by } => {
                    let mut props = vec![("count", i64_attr(ctx, *count))];
                    if let Some(by) = by {
                        props.push(("by", ctx.string_attr(by)));
                    }
                    state(ctx, crate::StreamsOp::NAME, loc, &props)
                }
                Directive::Timing { policy, param } => {
                    let policy = Timing::from_keyword(policy).unwrap_or(Timing::Immediate);
                    state(
                        ctx,
                        crate::TimingOp::NAME,
                        loc,
                        &[
                            ("policy", TimingAttr::get(ctx, policy).attr()),
                            ("param", i64_attr(ctx, *param)),
                        ],
                    )
                }
                Directive::SpatialMap(grid) => state(
                    ctx,
                    crate::SpatialMapOp::NAME,
                    loc,
                    &[("grid", ctx.dense_int_array(64, grid))],
                ),
                Directive::Layout { tensor, dist } => {
                    let l = LayoutAttr::get(ctx, dist, &[], &[], &[]);
                    state(
                        ctx,
                        crate::LayoutOp::NAME,
                        loc,
                        &[("tensor", sym(ctx, tensor)), ("layout", l.attr())],
                    )
                }
                Directive::DispatchThreshold(t) => state(
                    ctx,
                    crate::DispatchThresholdOp::NAME,
                    loc,
                    &[("thresholds", ctx.dense_int_array(64, t))],
                ),
                Directive::PipelineDepth(d) => state(
                    ctx,
                    crate::PipelineDepthOp::NAME,
                    loc,
                    &[("depth", i64_attr(ctx, *d))],
                ),
                Directive::TaskWindow {
                    size,
                    unit,
                    overflow,
                } => {
                    let unit = WindowUnit::from_keyword(unit).unwrap_or(WindowUnit::Tasks);
                    let overflow =
                        WindowOverflow::from_keyword(overflow).unwrap_or(WindowOverflow::Stall);
                    state(
                        ctx,
                        crate::TaskWindowOp::NAME,
                        loc,
                        &[
                            ("size", i64_attr(ctx, *size)),
                            ("unit", WindowUnitAttr::get(ctx, unit).attr()),
                            ("overflow", WindowOverflowAttr::get(ctx, overflow).attr()),
                        ],
                    )
                }
                Directive::BatchDeps {
                    threshold,
                    range_compress,
                } => {
                    let mut props = vec![("threshold", i64_attr(ctx, *threshold))];
                    if *range_compress {
                        props.push(("range_compress", ctx.unit_attr()));
                    }
                    state(ctx, crate::BatchDepsOp::NAME, loc, &props)
                }
            };
            ob.create(st);
        }
        Ok(())
    }
}
