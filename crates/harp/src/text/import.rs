//! Reads Harp's printed IR (see the module above): [`super::parse`]'s statements,
//! type inference for the registers, then the harp dialect.

use pto_ir::builder::OpBuilder;
use pto_ir::module::Module;
use pto_ir::{
    Attribute, Body, Context, Diagnostic, FloatKind, InsertPoint, Location, NamedAttribute, OpName,
    OperationState, Type, ValueId,
};
use rustc_hash::FxHashMap;

use crate::plan_arena::plan;
use crate::view::View;
use crate::{
    AluKind, AluKindAttr, BufferAttr, ConstOp, FuncOp, KernelOp, LoadOp, MemorySpace, RandKindAttr,
    RandOp, ReduceKindAttr, ReduceOp, StoreOp, ViewAttr, YieldOp,
};

use super::parse::{parse, Err, Function, Inst, Pos, ViewText};

/// Translates Harp's printed IR in `text` (named `file` in locations).
pub fn import_harp_ir<'c>(
    ctx: &'c Context,
    text: &str,
    file: &str,
) -> Result<Module<'c>, Diagnostic<'c>> {
    let loc = |p: Pos| ctx.file_loc(file, p.0, p.1);
    let funcs = parse(text).map_err(|(p, m)| Diagnostic::error(loc(p), m))?;
    let mut mbody = Body::new();
    let mregion = mbody.create_region();
    let mblock = mbody.create_block();
    mbody.append_block(mregion, mblock);
    for f in &funcs {
        build_function(ctx, &mut mbody, mblock, f, &loc)?;
    }
    Ok(Module::wrapping(ctx, mbody, mregion, loc((1, 1)), None))
}

// ---- building ------------------------------------------------------------------------------

fn parse_type<'c>(ctx: &'c Context, s: &str) -> Option<Type<'c>> {
    Some(match s {
        "bool" | "i1" => ctx.int_type(1),
        "i8" => ctx.int_type(8),
        "i16" => ctx.int_type(16),
        "i32" => ctx.int_type(32),
        "i64" => ctx.int_type(64),
        "f16" => ctx.float_type(FloatKind::F16),
        "bf16" => ctx.float_type(FloatKind::BF16),
        "f32" => ctx.float_type(FloatKind::F32),
        "f64" => ctx.float_type(FloatKind::F64),
        _ => return None,
    })
}

/// Register types: loads `f32`, `LessThan` `i1`, `Cast` its target, a constant the
/// type its uses need (`true`/`false`: `i1`), else by the others' operands.
fn infer_types<'c>(
    ctx: &'c Context,
    insts: &[(Pos, Inst)],
    types: &mut FxHashMap<usize, Type<'c>>,
) -> Result<(), Err> {
    let f32t = ctx.float_type(FloatKind::F32);
    // Uses first: a constant gets the type of the operand it meets.
    let mut pending: Vec<(usize, Vec<usize>)> = Vec::new();
    fn walk<'a>(insts: &'a [(Pos, Inst)], f: &mut dyn FnMut(Pos, &'a Inst)) {
        for (p, i) in insts {
            f(*p, i);
            if let Inst::Reduce { body, .. } = i {
                walk(body, f);
            }
        }
    }
    let mut err = None;
    walk(insts, &mut |p, inst| {
        let defined = |types: &FxHashMap<usize, Type<'c>>, r: usize| types.get(&r).copied();
        match inst {
            Inst::Const { out, text } => {
                if text == "true" || text == "false" {
                    types.insert(*out, ctx.int_type(1));
                }
            }
            Inst::Load { out, .. } => {
                types.insert(*out, f32t);
            }
            Inst::Rand { out, ty, .. } => {
                let t = match ty {
                    Some(t) => parse_type(ctx, t),
                    None => Some(f32t),
                };
                match t {
                    Some(t) => {
                        types.insert(*out, t);
                    }
                    None => {
                        err = Some((p, format!("unknown type '{}'", ty.as_deref().unwrap_or(""))))
                    }
                }
            }
            Inst::Alu { out, kind, ins, to } => {
                let operands: &[usize] = if *kind == AluKind::Where {
                    &ins[1..]
                } else {
                    ins
                };
                let known = operands.iter().find_map(|&r| defined(types, r));
                pending.push((*out, operands.to_vec()));
                let t = known.unwrap_or(f32t);
                for &r in operands {
                    types.entry(r).or_insert(t);
                }
                if *kind == AluKind::Where {
                    types.entry(ins[0]).or_insert(ctx.int_type(1));
                }
                let result = match (kind, to) {
                    (AluKind::LessThan, _) => ctx.int_type(1),
                    (AluKind::Cast, Some(to)) => match parse_type(ctx, to) {
                        Some(t) => t,
                        None => {
                            err = Some((p, format!("unknown type '{to}'")));
                            f32t
                        }
                    },
                    _ => t,
                };
                types.insert(*out, result);
            }
            Inst::Reduce { out, body, .. } => {
                if let Some((_, Inst::Yield { from })) = body.last() {
                    if let Some(t) = defined(types, *from) {
                        types.insert(*out, t);
                    }
                }
            }
            Inst::Store { .. } | Inst::Yield { .. } => {}
        }
    });
    if let Some(e) = err {
        return Err(e);
    }
    // Reductions whose body came after (types flow outward), and leftovers.
    walk(insts, &mut |_, inst| {
        if let Inst::Reduce { out, body, .. } = inst {
            if let Some((_, Inst::Yield { from })) = body.last() {
                let t = types.get(from).copied().unwrap_or(f32t);
                types.insert(*out, t);
            }
        }
    });
    Ok(())
}

/// What one instruction becomes.
struct OpSpec<'i, 'c> {
    name: &'static str,
    operands: Vec<ValueId>,
    /// The register it defines and its type.
    result: Option<(usize, Type<'c>)>,
    props: Vec<(&'static str, Attribute<'c>)>,
    /// A reduction's body.
    region: Option<&'i [(Pos, Inst)]>,
}

impl<'i, 'c> OpSpec<'i, 'c> {
    fn new(
        name: &'static str,
        operands: Vec<ValueId>,
        result: Option<(usize, Type<'c>)>,
        props: Vec<(&'static str, Attribute<'c>)>,
        region: Option<&'i [(Pos, Inst)]>,
    ) -> Self {
        OpSpec {
            name,
            operands,
            result,
            props,
            region,
        }
    }
}

struct Builder<'a, 'c> {
    ctx: &'c Context,
    loc: &'a dyn Fn(Pos) -> Location<'c>,
    types: FxHashMap<usize, Type<'c>>,
    values: FxHashMap<usize, ValueId>,
    /// Per buffer: element type, highest element reached, a contiguous view shape.
    buffers: FxHashMap<i64, (Type<'c>, i64, Vec<i64>)>,
    /// Per kernel: buffers read, written.
    reads: Vec<i64>,
    writes: Vec<i64>,
}

fn build_function<'c>(
    ctx: &'c Context,
    mbody: &mut Body<'c>,
    mblock: pto_ir::BlockId,
    f: &Function,
    loc: &dyn Fn(Pos) -> Location<'c>,
) -> Result<(), Diagnostic<'c>> {
    let err = |p: Pos, m: String| Diagnostic::error(loc(p), m);
    let mut fbody = Box::new(Body::new());
    let fregion = fbody.create_region();
    let fblock = fbody.create_block();
    fbody.append_block(fregion, fblock);
    let mut b = Builder {
        ctx,
        loc,
        types: FxHashMap::default(),
        values: FxHashMap::default(),
        buffers: FxHashMap::default(),
        reads: Vec::new(),
        writes: Vec::new(),
    };
    // Kernel order of first reads and writes, for the arguments and the result.
    let mut first_access: FxHashMap<i64, bool> = FxHashMap::default();
    let mut last_writer: FxHashMap<i64, usize> = FxHashMap::default();
    let mut last_reader: FxHashMap<i64, usize> = FxHashMap::default();
    for (ki, k) in f.kernels.iter().enumerate() {
        b.types.clear();
        b.values.clear();
        b.reads.clear();
        b.writes.clear();
        infer_types(ctx, &k.insts, &mut b.types).map_err(|(p, m)| err(p, m))?;
        let launch = launch_of(&k.insts).unwrap_or_else(|| vec![1]);
        let mut kbody = Box::new(Body::new());
        let kregion = kbody.create_region();
        let kblock = kbody.create_block();
        kbody.append_block(kregion, kblock);
        {
            let mut ob = OpBuilder::new(ctx, &mut kbody);
            ob.set_insertion_point(InsertPoint::BlockEnd(kblock));
            b.insts(&mut ob, &k.insts)?;
        }
        for &r in &b.reads {
            first_access.entry(r).or_insert(false);
            last_reader.insert(r, ki);
        }
        for &w in &b.writes {
            first_access.entry(w).or_insert(true);
            last_writer.insert(w, ki);
        }
        let mut st = OperationState::new(ctx, OpName::of(ctx, KernelOp::NAME), loc(k.pos));
        let (mut reads, mut writes) = (b.reads.clone(), b.writes.clone());
        reads.sort_unstable();
        writes.sort_unstable();
        st.props = Some(ctx.dictionary_of(&[
            ("name", ctx.string_attr(&k.name)),
            ("launch_dims", ctx.dense_int_array(64, &launch)),
            ("reads", ctx.dense_int_array(64, &reads)),
            ("writes", ctx.dense_int_array(64, &writes)),
        ]));
        st.regions.push(kregion);
        st.nested = Some(kbody);
        let mut ob = OpBuilder::new(ctx, &mut fbody);
        ob.set_insertion_point(InsertPoint::BlockEnd(fblock));
        ob.create(st);
    }
    let mut ids: Vec<i64> = b.buffers.keys().copied().collect();
    ids.sort_unstable();
    let args: Vec<i64> = ids
        .iter()
        .copied()
        .filter(|i| first_access.get(i) == Some(&false))
        .collect();
    // The result: written, and not read by a later kernel; the last such.
    let ret = ids
        .iter()
        .copied()
        .filter(|i| {
            last_writer
                .get(i)
                .is_some_and(|&w| last_reader.get(i).is_none_or(|&r| r < w))
        })
        .max_by_key(|i| (last_writer[i], *i));
    let Some(ret) = ret else {
        return Err(err(
            f.pos,
            format!(
                "function '{}' stores nothing, so it has no result (Harp's linearizer emits no \
                 stores; add 'store bufN[...] = vM')",
                f.name
            ),
        ));
    };
    let list: Vec<Attribute<'c>> = ids
        .iter()
        .map(|&id| {
            let (ty, hi, shape) = &b.buffers[&id];
            let bytes = crate::dtype_bytes(*ty).unwrap_or(4);
            let elements = hi.saturating_add(1);
            let caller = args.contains(&id) || id == ret;
            let shape: &[i64] = if caller
                && shape.iter().try_fold(1i64, |n, &d| n.checked_mul(d)) == Some(elements)
            {
                shape
            } else if caller {
                std::slice::from_ref(&elements)
            } else {
                &[]
            };
            BufferAttr::get(
                ctx,
                id,
                *ty,
                elements.saturating_mul(bytes),
                0,
                MemorySpace::Host,
                shape,
            )
            .attr()
        })
        .collect();
    let mut st = OperationState::new(ctx, OpName::of(ctx, FuncOp::NAME), loc(f.pos));
    st.props = Some(ctx.dictionary(&[
        named(ctx, "sym_name", ctx.string_attr(&f.name)),
        named(ctx, "buffers", ctx.array_attr(&list)),
        named(ctx, "args", ctx.dense_int_array(64, &args)),
        named(ctx, "ret", ctx.int_attr(ctx.int_type(64), i128::from(ret))),
        named(ctx, "required_memory", ctx.int_attr(ctx.int_type(64), 0)),
    ]));
    st.regions.push(fregion);
    st.nested = Some(fbody);
    let mut ob = OpBuilder::new(ctx, mbody);
    ob.set_insertion_point(InsertPoint::BlockEnd(mblock));
    let op = ob.create(st);
    // Offsets and the arena's size.
    let p = plan(mbody, op, 64);
    crate::plan_arena::apply(ctx, mbody, op, &p);
    Ok(())
}

fn named<'c>(ctx: &'c Context, k: &str, v: Attribute<'c>) -> NamedAttribute<'c> {
    NamedAttribute {
        name: ctx.ident(k),
        value: v,
    }
}

/// The launch grid: the shape of the kernel's outermost views.
fn launch_of(insts: &[(Pos, Inst)]) -> Option<Vec<i64>> {
    insts.iter().find_map(|(_, i)| match i {
        Inst::Load { view, .. } | Inst::Store { view, .. } | Inst::Rand { view, .. } => {
            Some(view.shape.clone())
        }
        _ => None,
    })
}

impl<'c> Builder<'_, 'c> {
    fn value(&self, p: Pos, r: usize) -> Result<ValueId, Diagnostic<'c>> {
        self.values.get(&r).copied().ok_or_else(|| {
            Diagnostic::error(
                (self.loc)(p),
                format!("register v{r} is used before it is defined"),
            )
        })
    }

    fn view_attr(
        &mut self,
        p: Pos,
        buf: Option<(i64, Type<'c>)>,
        v: &ViewText,
    ) -> Result<Attribute<'c>, Diagnostic<'c>> {
        let attr = ViewAttr::get_checked(self.ctx, &v.shape, &v.strides, v.offset, &v.valid)
            .map_err(|m| Diagnostic::error((self.loc)(p), m))?;
        if let Some((id, ty)) = buf {
            let hi = match View::of(attr).extent() {
                Some(Some((lo, hi))) if lo >= 0 => hi,
                Some(None) => -1,
                _ => {
                    return Err(Diagnostic::error(
                        (self.loc)(p),
                        format!("the view reaches below element 0 of buf{id}"),
                    ))
                }
            };
            let e = self.buffers.entry(id).or_insert((ty, -1, Vec::new()));
            if e.0 != ty {
                return Err(Diagnostic::error(
                    (self.loc)(p),
                    format!("buf{id} is used as {} and as {ty}", e.0),
                ));
            }
            e.1 = e.1.max(hi);
            if e.2.is_empty()
                && v.offset == 0
                && v.valid.is_empty()
                && v.strides == View::contiguous_strides(&v.shape)
            {
                e.2 = v.shape.clone();
            }
        }
        Ok(attr.attr())
    }

    fn insts(
        &mut self,
        ob: &mut OpBuilder<'_, 'c>,
        insts: &[(Pos, Inst)],
    ) -> Result<(), Diagnostic<'c>> {
        let ctx = self.ctx;
        for (p, inst) in insts {
            let loc = (self.loc)(*p);
            let ty = |s: &Self, r: usize| {
                s.types
                    .get(&r)
                    .copied()
                    .unwrap_or(ctx.float_type(FloatKind::F32))
            };
            let OpSpec {
                name,
                operands,
                result,
                props,
                region,
            }: OpSpec<'_, 'c> = match inst {
                Inst::Const { out, text } => {
                    let t = ty(self, *out);
                    let value = const_attr(ctx, t, text).ok_or_else(|| {
                        Diagnostic::error(loc, format!("'{text}' is not a constant of type {t}"))
                    })?;
                    OpSpec::new(
                        ConstOp::NAME,
                        vec![],
                        Some((*out, t)),
                        vec![("value", value)],
                        None,
                    )
                }
                Inst::Alu { out, kind, ins, .. } => {
                    let vals = ins
                        .iter()
                        .map(|&r| self.value(*p, r))
                        .collect::<Result<Vec<_>, _>>()?;
                    OpSpec::new(
                        crate::AluOp::NAME,
                        vals,
                        Some((*out, ty(self, *out))),
                        vec![("kind", AluKindAttr::get(ctx, *kind).attr())],
                        None,
                    )
                }
                Inst::Load { out, buf, view } => {
                    let t = ty(self, *out);
                    let v = self.view_attr(*p, Some((*buf, t)), view)?;
                    if !self.reads.contains(buf) {
                        self.reads.push(*buf);
                    }
                    OpSpec::new(
                        LoadOp::NAME,
                        vec![],
                        Some((*out, t)),
                        vec![("buffer", i64_attr(ctx, *buf)), ("view", v)],
                        None,
                    )
                }
                Inst::Store { buf, from, view } => {
                    let val = self.value(*p, *from)?;
                    let t = ty(self, *from);
                    let v = self.view_attr(*p, Some((*buf, t)), view)?;
                    if !self.writes.contains(buf) {
                        self.writes.push(*buf);
                    }
                    OpSpec::new(
                        StoreOp::NAME,
                        vec![val],
                        None,
                        vec![("buffer", i64_attr(ctx, *buf)), ("view", v)],
                        None,
                    )
                }
                Inst::Rand {
                    out,
                    kind,
                    view,
                    seed,
                    ..
                } => {
                    let v = self.view_attr(*p, None, view)?;
                    OpSpec::new(
                        RandOp::NAME,
                        vec![],
                        Some((*out, ty(self, *out))),
                        vec![
                            ("kind", RandKindAttr::get(ctx, *kind).attr()),
                            ("view", v),
                            ("seed", i64_attr(ctx, *seed)),
                        ],
                        None,
                    )
                }
                Inst::Reduce {
                    out,
                    kind,
                    extents,
                    body,
                } => OpSpec::new(
                    ReduceOp::NAME,
                    vec![],
                    Some((*out, ty(self, *out))),
                    vec![
                        ("kind", ReduceKindAttr::get(ctx, *kind).attr()),
                        ("extents", ctx.dense_int_array(64, extents)),
                    ],
                    Some(body.as_slice()),
                ),
                Inst::Yield { from } => OpSpec::new(
                    YieldOp::NAME,
                    vec![self.value(*p, *from)?],
                    None,
                    vec![],
                    None,
                ),
            };
            if let Some((r, _)) = result {
                if self.values.contains_key(&r) {
                    return Err(Diagnostic::error(
                        loc,
                        format!("register v{r} is defined twice"),
                    ));
                }
            }
            let mut st = ob.state(name, loc);
            st.operands.extend_from_slice(&operands);
            if let Some((_, t)) = result {
                st.result_types.push(t);
            }
            st.props = Some(ctx.dictionary_of(&props));
            let mut inner_block = None;
            if region.is_some() {
                let (reg, blk) = ob.create_region_with_block();
                st.regions.push(reg);
                inner_block = Some(blk);
            }
            let op = ob.create(st);
            if let (Some(body), Some(blk)) = (region, inner_block) {
                let saved = ob.insertion_point();
                ob.set_insertion_point(InsertPoint::BlockEnd(blk));
                if !matches!(body.last(), Some((_, Inst::Yield { .. }))) {
                    return Err(Diagnostic::error(
                        loc,
                        "a reduce's body must end with 'yield vN'",
                    ));
                }
                self.insts(ob, body)?;
                if let Some(s) = saved {
                    ob.set_insertion_point(s);
                }
            }
            if let Some((r, _)) = result {
                let v = ob.body().result(op, 0);
                self.values.insert(r, v);
            }
        }
        Ok(())
    }
}

fn i64_attr(ctx: &Context, v: i64) -> Attribute<'_> {
    ctx.int_attr(ctx.int_type(64), i128::from(v))
}

fn const_attr<'c>(ctx: &'c Context, t: Type<'c>, text: &str) -> Option<Attribute<'c>> {
    if t.is_signless_int(1) {
        return match text {
            "true" => Some(ctx.int_attr(t, 1)),
            "false" => Some(ctx.int_attr(t, 0)),
            _ => None,
        };
    }
    if let Some(k) = t.float_kind() {
        return crate::float_attr(ctx, t, k, text);
    }
    let v: i128 = text.parse().ok()?;
    Some(ctx.int_attr(t, v))
}
