//! `pypto-block-to-pto`: tile-level PyPTO (`block.*`, scalar expressions, `scf`
//! loops) to the `pto` dialect in the form PyPTO's code generator emits for PTOAS:
//! a tensor parameter is a `!pto.ptr` viewed with `pto.make_tensor_view`;
//! `block.load` is `pto.partition_view` + `pto.tload` into a `pto.alloc_tile`,
//! `block.store` a `pto.tstore`, `block.mul` a `pto.tmul`, `block.adds` a
//! `pto.tadds`, a matmul a `pto.tmatmul` into an `acc` tile, and so on (`tile.rs`);
//! scalar expressions become `arith`/`math` (`scalar.rs`); synchronisation
//! (`system.*`) becomes `set_flag`/`wait_flag`/`barrier` (`sync.rs`).
//!
//! Tensors are buffers in global memory updated in place, and tiles buffers in local
//! memory: values that PyPTO's SSA form carries through loops (iter_args) are the
//! same buffer on every iteration, so the iter_args disappear (`carried.rs`); so do
//! the tensor and tile results of `scf.if`/`scf.index_switch`, one buffer the
//! branches write (`branches.rs`); and an accumulator (`block.matmul_acc`) is written
//! where it is read.
//!
//! Calling convention (`pypto.result_args` on each lowered function): a returned
//! tensor is written into a buffer the caller passes. For result `k`, entry `k` of the
//! array is the index of the parameter holding it: the parameter the function stored
//! into (a tensor parameter it returns), or a parameter appended for it (a tensor it
//! created, also when it returns a `tensor.reshape` of it); `-1` marks a scalar result,
//! which stays a result. **Invariant:** callers follow it: calls of lowered functions
//! (`gm.rs`: Orchestration to InCore calls) and `pto-run` (`crate::run_abi`), which
//! allocates the appended buffers and writes them out. Buffers a function creates are
//! `memref.alloc`s seen as `!pto.ptr`, which `convert-pto-to-loops` resolves.

mod branches;
mod carried;
mod gm;
mod scalar;
mod sync;
mod tile;

use std::collections::HashMap;

use crate::types::{Dim, Shaped};
use pto_dialects::arith;
use pto_dialects::func;
use pto_dialects::memref;
use pto_ir::builder::OpBuilder;
use pto_ir::{AttrKind, Attribute, Body, Context, Diagnostic, InsertPoint, OpId, Type, ValueId};
use pto_pass::{Pass, PassTarget};
use pto_tile::pto_to_loops::emit::Emitter;

/// The discardable attribute giving, for each result of a lowered function, the
/// parameter that holds it (`-1`: a scalar result).
pub const RESULT_ARGS_ATTR: &str = "pypto.result_args";

/// Where one result of a function goes after lowering.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum ResultSlot {
    /// Into this parameter (a tensor).
    Param(usize),
    /// Stays a result (a scalar).
    Scalar,
}

impl Pass for crate::PyPTOBlockToPTO {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let module = &mut *target.body;
        let funcs: Vec<OpId> = module
            .all_ops()
            .into_iter()
            .filter(|&op| {
                module.op_name(op).as_str() == func::FuncOp::NAME && is_pypto_function(module, op)
            })
            .collect();
        let mut lowered = 0;
        let mut slots: HashMap<String, Vec<ResultSlot>> = HashMap::new();
        for f in callees_first(module, &funcs)? {
            let name = module
                .attr(f, "sym_name")
                .and_then(|a| a.as_str())
                .unwrap_or_default()
                .to_string();
            let (n, s) = lower_function(ctx, module, f, &slots)?;
            lowered += n;
            slots.insert(name, s);
        }
        target
            .statistics
            .add(crate::PyPTOBlockToPTO::NUM_LOWERED_OPS, lowered);
        Ok(())
    }
}

/// The tensor `v` is, through stores, copies and calls that return a tensor argument.
fn root_through_calls(
    body: &Body<'_>,
    mut v: ValueId,
    callees: &HashMap<String, Vec<ResultSlot>>,
) -> ValueId {
    loop {
        v = carried::root(body, v);
        let Some(call) = body.defining_op(v) else {
            return v;
        };
        let slot = (body.op_name(call).as_str() == func::CallOp::NAME)
            .then(|| callee_name(body, call))
            .flatten()
            .and_then(|n| callees.get(&n))
            .and_then(|s| s.get(body.results(call).position(|r| r == v)?).copied());
        match slot {
            Some(ResultSlot::Param(i)) if i < body.num_operands(call) => v = body.operand(call, i),
            _ => return v,
        }
    }
}

/// The buffer tensor `v` lives in ([`root_through_calls`], and through the
/// `tensor.reshape`s that view a buffer under another shape), and whether a reshape was
/// passed.
fn buffer_root(
    body: &Body<'_>,
    mut v: ValueId,
    callees: &HashMap<String, Vec<ResultSlot>>,
) -> (ValueId, bool) {
    let mut reshaped = false;
    loop {
        v = root_through_calls(body, v, callees);
        match body.defining_op(v) {
            Some(d) if body.op_name(d).as_str() == crate::TensorReshapeOp::NAME => {
                v = body.operand(d, 0);
                reshaped = true;
            }
            _ => return (v, reshaped),
        }
    }
}

/// The name of the function `func.call` `op` calls.
fn callee_name(body: &Body<'_>, op: OpId) -> Option<String> {
    match body.attr(op, "callee")?.kind() {
        AttrKind::SymbolRef { root, .. } => Some(root.as_str().to_string()),
        _ => None,
    }
}

/// `funcs` ordered so that a function comes after the functions it calls (their
/// calling conventions are known when its calls are lowered); recursion is an error.
fn callees_first<'c>(module: &Body<'c>, funcs: &[OpId]) -> Result<Vec<OpId>, Diagnostic<'c>> {
    let by_name: HashMap<String, OpId> = funcs
        .iter()
        .filter_map(|&f| Some((module.attr(f, "sym_name")?.as_str()?.to_string(), f)))
        .collect();
    let calls = |f: OpId| -> Vec<OpId> {
        module.nested(f).map_or(Vec::new(), |b| {
            pto_dialects::func::calls(b)
                .into_iter()
                .filter_map(|(_, callee)| by_name.get(callee).copied())
                .collect()
        })
    };
    // 0: not visited, 1: on the stack, 2: done.
    let mut state: HashMap<OpId, u8> = HashMap::new();
    let mut order = Vec::with_capacity(funcs.len());
    fn visit<'c>(
        module: &Body<'c>,
        f: OpId,
        calls: &dyn Fn(OpId) -> Vec<OpId>,
        state: &mut HashMap<OpId, u8>,
        order: &mut Vec<OpId>,
    ) -> Result<(), Diagnostic<'c>> {
        match state.get(&f).copied().unwrap_or(0) {
            2 => return Ok(()),
            1 => return Err(error_at(module, f, "recursive calls are not supported")),
            _ => {}
        }
        state.insert(f, 1);
        for g in calls(f) {
            visit(module, g, calls, state, order)?;
        }
        state.insert(f, 2);
        order.push(f);
        Ok(())
    }
    for &f in funcs {
        visit(module, f, &calls, &mut state, &mut order)?;
    }
    Ok(order)
}

/// True if function `f` has PyPTO types in its signature or PyPTO ops in its body.
fn is_pypto_function(module: &Body<'_>, f: OpId) -> bool {
    let sig = pto_dialects::func::function_type(module, f).is_some_and(|(i, r)| {
        i.iter()
            .chain(r)
            .any(|t| t.dialect_type().is_some_and(|(d, _)| d.dialect == "pypto"))
    });
    sig || module.nested(f).is_some_and(|b| {
        b.all_ops()
            .into_iter()
            .any(|op| b.op_name(op).dialect() == "pypto")
    })
}

/// An error at `op` with the pass's prefix.
pub(crate) fn error_at<'c>(
    body: &Body<'c>,
    op: OpId,
    msg: impl std::fmt::Display,
) -> Diagnostic<'c> {
    Diagnostic::error(body.op_loc(op), format!("pypto-block-to-pto: {msg}"))
}

/// A tensor in global memory: the pointer and the row-major shape.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Gm<'c> {
    pub ptr: ValueId,
    /// The shape; the rows are `-1` when `rows` holds them.
    pub shape: [i64; 2],
    /// The number of rows (an `index` defined at the function's entry) when it is
    /// symbolic.
    pub rows: Option<ValueId>,
    pub dtype: Type<'c>,
}

impl<'c> Gm<'c> {
    /// The static shape, if the rows are known.
    pub fn static_shape(&self) -> Option<[i64; 2]> {
        self.rows.is_none().then_some(self.shape)
    }
}

/// The shape and dtype of tensor type `t` as [`Gm`] keeps them: static columns, and
/// rows that are static or the symbolic size of a parameter (`sizes`: each bound
/// symbol's `index` value); a static type of higher rank as its matrix ([`matrix`]).
pub(crate) fn gm_shape<'c>(
    t: Type<'c>,
    sizes: &HashMap<&'c str, ValueId>,
) -> Result<([i64; 2], Option<ValueId>, Type<'c>), String> {
    let s = Shaped::of(t).ok_or_else(|| format!("{t} is not a tensor"))?;
    let (rows, cols) = match *s.shape.as_slice() {
        [c] => (Dim::Const(1), c),
        [r, c] => (r, c),
        _ => {
            // Higher ranks: static, as a matrix.
            let (shape, dtype) = matrix(t).ok_or_else(|| format!("{t} needs a static shape"))?;
            return Ok((shape, None, dtype));
        }
    };
    let Dim::Const(cols) = cols else {
        return Err(format!("{t} needs a static number of columns"));
    };
    match rows {
        Dim::Const(r) => Ok(([r, cols], None, s.dtype)),
        Dim::Sym("?") => Err(format!("{t} has an unknown number of rows")),
        Dim::Sym(n) => match sizes.get(n) {
            Some(&v) => Ok(([-1, cols], Some(v), s.dtype)),
            None => Err(format!(
                "dimension '{n}' of {t} is not the size of a parameter of this function (pypto-materialize-dims binds those of its parameters' types)"
            )),
        },
    }
}

/// What the lowering of one function knows.
pub(crate) struct State<'c> {
    /// Global-memory tensors by their `pypto` value.
    pub tensors: HashMap<ValueId, Gm<'c>>,
    /// The `pto.make_tensor_view` of each pointer under each shape (a reshaped tensor
    /// shares its input's pointer).
    pub views: HashMap<(ValueId, [i64; 2]), ValueId>,
    /// Tile values that share a buffer (loop-carried values, branch results,
    /// accumulators).
    pub classes: carried::Classes,
    /// The `pto.alloc_tile` of each class of tiles, by its representative.
    pub buffers: HashMap<ValueId, ValueId>,
    /// Where ops that must run once per call go (allocations of loop-carried tiles,
    /// tensor views of parameters).
    pub entry: InsertPoint,
    /// Global-memory buffers the function allocated (freed before it returns).
    pub gm_allocs: Vec<ValueId>,
    /// The `index` value of each symbolic dimension a parameter holds.
    pub sizes: HashMap<&'c str, ValueId>,
}

/// The `[rows, cols]` of a static tensor or tile type, and its dtype: a rank-1 type
/// is one row, a type of higher rank its last axis by the product of the others (the
/// same row-major elements).
pub(crate) fn matrix<'c>(t: Type<'c>) -> Option<([i64; 2], Type<'c>)> {
    let s = Shaped::of(t)?;
    match *s.static_shape()?.as_slice() {
        [r, c] => Some(([r, c], s.dtype)),
        [c] => Some(([1, c], s.dtype)),
        [ref lead @ .., c] if !lead.is_empty() => Some(([lead.iter().product(), c], s.dtype)),
        _ => None,
    }
}

/// Lowers function `f` of `module`, whose callees' results go where `callees` says;
/// returns the number of lowered ops and where `f`'s results go.
fn lower_function<'c>(
    ctx: &'c Context,
    module: &mut Body<'c>,
    f: OpId,
    callees: &HashMap<String, Vec<ResultSlot>>,
) -> Result<(u64, Vec<ResultSlot>), Diagnostic<'c>> {
    let Some((inputs, results)) = pto_dialects::func::function_type(module, f) else {
        return Ok((0, Vec::new()));
    };
    let floc = module.op_loc(f);
    let module_arg_attrs = module.attr(f, "arg_attrs");
    let Some(body) = module.nested_mut(f) else {
        return Ok((0, Vec::new()));
    };
    let Some(&region) = body.root_regions().first() else {
        return Ok((0, Vec::new()));
    };
    let Some(entry) = body.entry_block(region) else {
        return Ok((0, Vec::new()));
    };
    if let Some(cell) = body
        .all_ops()
        .into_iter()
        .find(|&op| body.op_name(op).as_str() == crate::VarOp::NAME)
    {
        return Err(error_at(
            body,
            cell,
            "the program is not in SSA form; run pypto-convert-to-ssa first",
        ));
    }
    let classes = carried::drop_carried(ctx, body)?;
    let sync_pipes = sync::store_pipes(body)?;
    // Where each returned tensor lives.
    let ret = body
        .all_ops()
        .into_iter()
        .find(|&op| body.op_name(op).as_str() == func::ReturnOp::NAME)
        .ok_or_else(|| Diagnostic::error(floc, "pypto-block-to-pto: the function has no return"))?;
    let params: Vec<ValueId> = body.block_args(entry).to_vec();
    let first = body.first_op(entry).expect("a return at least");
    let sizes = size_values(
        ctx,
        body,
        InsertPoint::Before(first),
        module_arg_attrs,
        &params,
    );
    let mut slots = Vec::with_capacity(results.len());
    let mut new_inputs: Vec<Type<'c>> = Vec::with_capacity(inputs.len());
    let mut tensors: HashMap<ValueId, Gm<'c>> = HashMap::new();
    for (&p, &t) in params.iter().zip(inputs) {
        match Shaped::of(t) {
            Some(s) if !s.is_tile => {
                let (shape, rows, dtype) = gm_shape(t, &sizes).map_err(|m| {
                    Diagnostic::error(floc, format!("pypto-block-to-pto: parameter type {m}"))
                })?;
                let ptr = ptr_type(ctx, dtype);
                body.set_value_type(p, ptr);
                tensors.insert(
                    p,
                    Gm {
                        ptr: p,
                        shape,
                        rows,
                        dtype,
                    },
                );
                new_inputs.push(ptr);
            }
            Some(_) => {
                return Err(Diagnostic::error(
                    floc,
                    "pypto-block-to-pto: a tile cannot be a parameter (pass a tensor and load it)",
                ))
            }
            None => new_inputs.push(t),
        }
    }
    let mut new_results = Vec::new();
    let mut creates_out: HashMap<ValueId, ValueId> = HashMap::new();
    let ret_operands: Vec<ValueId> = body.operands(ret).collect();
    for (&v, &t) in ret_operands.iter().zip(results) {
        if Shaped::of(t).is_none() {
            slots.push(ResultSlot::Scalar);
            new_results.push(t);
            continue;
        }
        let (root, reshaped) = buffer_root(body, v, callees);
        if let Some(i) = params.iter().position(|&p| p == root) {
            if reshaped {
                return Err(error_at(
                    body,
                    ret,
                    "a returned tensor.reshape of a parameter is not supported: the caller would see the parameter's buffer under another shape (pypto-tensor-to-block copies it)",
                ));
            }
            slots.push(ResultSlot::Param(i));
            continue;
        }
        // A tensor the function creates, or one a callee returns in a new buffer.
        let create = body.defining_op(root).filter(|&d| {
            matches!(
                body.op_name(d).as_str(),
                crate::TensorCreateOp::NAME | func::CallOp::NAME
            )
        });
        let Some(create) = create else {
            return Err(error_at(
                body,
                ret,
                "a returned tensor must be a parameter or a tensor the function creates (tensor.create)",
            ));
        };
        if creates_out.contains_key(&root) {
            return Err(error_at(body, ret, "the same tensor is returned twice"));
        }
        // The buffer's own shape: a reshape of it views it under the returned one.
        let (shape, rows, dtype) = gm_shape(body.value_type(root), &sizes)
            .map_err(|m| error_at(body, ret, format!("returned type {m}")))?;
        let ptr = ptr_type(ctx, dtype);
        let out = body.add_block_argument(entry, ptr, body.op_loc(create));
        slots.push(ResultSlot::Param(new_inputs.len()));
        new_inputs.push(ptr);
        tensors.insert(
            root,
            Gm {
                ptr: out,
                shape,
                rows,
                dtype,
            },
        );
        creates_out.insert(root, out);
    }
    let mut state = State {
        tensors,
        views: HashMap::new(),
        classes,
        buffers: HashMap::new(),
        entry: InsertPoint::Before(first),
        gm_allocs: Vec::new(),
        sizes,
    };
    let all = body.all_ops();
    let ops: Vec<OpId> = all
        .iter()
        .copied()
        .filter(|&op| body.op_name(op).dialect() == "pypto")
        .collect();
    let mut calls = Vec::new();
    {
        let mut b = OpBuilder::new(ctx, body);
        for &op in &all {
            let name = b.body().op_name(op).as_str();
            let mut e = Emitter::before(&mut b, op);
            if name == func::CallOp::NAME {
                let slots = callee_name(e.b.body(), op).and_then(|n| callees.get(&n));
                if let Some(slots) = slots {
                    gm::lower_call(&mut e, &mut state, op, slots)?;
                    calls.push(op);
                }
                continue;
            }
            if e.b.body().op_name(op).dialect() != "pypto" {
                continue;
            }
            match name {
                // `y = x`: the same value.
                crate::AliasOp::NAME => {
                    let (from, to) = (e.b.body().operand(op, 0), e.b.body().result(op, 0));
                    e.b.body().replace_all_uses(to, from);
                    continue;
                }
                crate::VarOp::NAME | crate::AssignOp::NAME | crate::ReadOp::NAME => {
                    return Err(error_at(
                        e.b.body(),
                        op,
                        "the program is not in SSA form; run pypto-convert-to-ssa first",
                    ))
                }
                _ => {}
            }
            if sync::is_sync_op(name) {
                sync::lower(&mut e, op, name, &sync_pipes)?;
                continue;
            }
            if let Some(r) = scalar::lower(&mut e, op)? {
                let old = e.b.body().result(op, 0);
                e.b.body().replace_all_uses(old, r);
                continue;
            }
            if name == crate::TensorCreateOp::NAME
                && creates_out.contains_key(&e.b.body().result(op, 0))
            {
                continue;
            }
            if matches!(
                name,
                crate::TensorCreateOp::NAME
                    | crate::TensorAssembleOp::NAME
                    | crate::TensorReshapeOp::NAME
            ) {
                gm::lower_tensor(&mut e, &mut state, op)?;
                continue;
            }
            tile::lower(&mut e, &mut state, op)?;
        }
        // Buffers this function allocated are freed when it returns.
        let mut e = Emitter::before(&mut b, ret);
        for &m in &state.gm_allocs {
            e.op(memref::DeallocOp::NAME, &[m], &[], &[]);
        }
    }
    // Returned tensors are in their buffers now.
    for (k, &t) in results.iter().enumerate().rev() {
        if Shaped::of(t).is_some() {
            body.erase_operand(ret, k);
        }
    }
    for &op in calls.iter().chain(ops.iter()).rev() {
        body.erase_op(op).map_err(|e| {
            error_at(
                body,
                op,
                format!("cannot erase the lowered op ({e:?}): its results are still used"),
            )
        })?;
    }
    // The new signature.
    let fty = ctx.function_type(&new_inputs, &new_results);
    pto_dialects::func::set_function_type(ctx, module, f, fty);
    let slot_attrs: Vec<Attribute<'c>> = slots
        .iter()
        .map(|s| {
            let i = match *s {
                ResultSlot::Param(i) => i as i128,
                ResultSlot::Scalar => -1,
            };
            ctx.int_attr(ctx.int_type(64), i)
        })
        .collect();
    let slot_attrs = ctx.array_attr(&slot_attrs);
    let attrs = ctx.dict_with(Some(module.op_attrs(f)), RESULT_ARGS_ATTR, Some(slot_attrs));
    module.set_op_attrs(f, attrs);
    Ok((ops.len() as u64, slots))
}

/// The `index` value of each symbolic dimension a parameter of the function holds
/// (`pypto.dim`), cast at `at` (the top of its entry block).
fn size_values<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    at: InsertPoint,
    arg_attrs: Option<Attribute<'c>>,
    params: &[ValueId],
) -> HashMap<&'c str, ValueId> {
    let symbols = crate::dims::param_symbols(arg_attrs, params.len());
    let mut sizes = HashMap::new();
    let mut b = OpBuilder::new(ctx, body);
    b.set_insertion_point(at);
    for (&p, s) in params.iter().zip(symbols) {
        let Some(s) = s else { continue };
        if matches!(b.body().value_type(p).kind(), pto_ir::TypeKind::Index) {
            sizes.insert(s, p);
            continue;
        }
        let loc = b.body().value_loc(p);
        let cast = b.create_named(
            arith::IndexCastOp::NAME,
            loc,
            &[p],
            &[ctx.index_type()],
            ctx.empty_dict(),
        );
        sizes.insert(s, b.body().result(cast, 0));
    }
    sizes
}

/// `!pto.ptr<dtype>`.
fn ptr_type<'c>(ctx: &'c Context, dtype: Type<'c>) -> Type<'c> {
    pto_tile::PtrType::get(ctx, dtype).ty()
}
