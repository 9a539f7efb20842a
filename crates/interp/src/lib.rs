//! The reference interpreter: runs `func`, `arith`, `math`, `scf`, `cf`, `memref` (globals
//! included: one buffer per `memref.global`, made on first use), `vector`, `affine` and
//! `ub` IR directly, as the oracle that compiled kernels are checked against (`pto-run
//! --interpret`). Memrefs are views of byte buffers, as in compiled code, so `memref.view`
//! reinterprets bytes (the arenas of lowered `pto` kernels).
//!
//! Semantics are an op interface, [`InterpretableOpInterface`] (`td/interp/Interfaces.td`):
//! [`register_semantics`] attaches this crate's models to the upstream dialects' ops, and
//! a crate with ops of its own attaches models for them the same way. A model gets a
//! [`Frame`] (the values of the running region, a way to run
//! nested regions and to call functions) and returns what the op produced: result
//! values, a branch to a block, or the values with which it leaves its region
//! (terminators such as `func.return` and `scf.yield`).
//!
//! Values (`value`): integers masked to their width, `f32`/`f64` computed in their own
//! width, `f16`/`bf16` kept as bits, computed in `f32` and rounded to nearest even
//! (`pto_ir::half`), poison, vectors as a shape and shared row-major elements.
//! Elementwise ops (ODS `Elementwise`: `arith`, `math`) on vectors run their scalar
//! semantics lane by lane (`Frame::step_lanes`). Memory is bytes, as compiled code sees
//! it: an allocation is one reference-counted, 64-byte aligned `Buffer` of little-endian
//! elements (`i1` a byte), and a memref is MLIR's descriptor over it (element kind, a byte
//! base, offset, sizes and strides in elements), so the JIT is handed the same bytes in
//! place (`pto_llvm`'s `marshal`). A view is pure: one reaching past its buffer is not an
//! error until it is accessed. Undefined behaviour (division by zero, out-of-bounds
//! access, poison conversions, `ub.unreachable`) is an error at the op, never a guess;
//! poison is `ub`'s business (see there).
//!
//! `pto-run --interpret` reads `.npy` arguments (`npy`) and compares with references
//! (`--expect`, `--expect-arg`, tolerances). The kernels of `lit-tests/run/` are checked
//! against numpy data made by `scripts/gen_kernel_data.py` (committed `.npy` files, which
//! `run/fresh-data.mlir` regenerates and compares), and `pto` kernels run interpreted
//! after `pto-plan-memory` and `convert-pto-to-loops`: the compiled path's loops without
//! `math-polynomial-approximation`, so that the interpreter's exact `math` checks the
//! approximations. The interpreter and compiled code are kept in agreement by the
//! differential test of `crates/pto-mlir/tests/main/differential/` (random well-defined
//! programs interpreted and JIT-compiled at -O2 and -O0; what it found is kept in
//! `differential/regressions.rs`).

#![warn(missing_docs)]

// Generated code names this crate's items by absolute path (`::pto_interp::Frame`).
extern crate self as pto_interp;

pub mod abi;
mod affine;
mod arith;
mod control;
mod memref;
pub mod npy;
mod ub;
pub mod value;
mod vector;
mod vector_elements;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use pto_ir::{BlockId, Body, Context, Diagnostic, OpId, RegionId, ValueId};
pub use value::{Buffer, Elem, MemRef, Value, Vector};

/// What executing one op does.
pub enum Step {
    /// Produces the op's results.
    Values(Vec<Value>),
    /// Continues at a block of the same region with arguments.
    Jump(BlockId, Vec<Value>),
    /// Leaves the region with these values (a terminator that returns or yields).
    Exit(Vec<Value>),
}

mod interfaces {
    include!(concat!(env!("OUT_DIR"), "/interfaces.rs"));
}
pub use interfaces::InterpretableOpInterface;
use pto_dialects::func;
use pto_ir::builtin;

/// An op's semantics as a plain function, the form this crate's models take.
pub type OpSemantics =
    for<'f, 'i, 'm, 'c> fn(&'f mut Frame<'i, 'm, 'c>, OpId) -> Result<Step, Diagnostic<'c>>;

/// A model of [`InterpretableOpInterface`] that runs a function.
pub struct Semantic(pub OpSemantics);

impl InterpretableOpInterface for Semantic {
    fn interpret<'c>(
        &self,
        frame: &mut Frame<'_, '_, 'c>,
        op: OpId,
    ) -> Result<Step, Diagnostic<'c>> {
        (self.0)(frame, op)
    }
}

/// Attaches `f` as the semantics of each op type listed.
macro_rules! attach {
    ($ctx:expr, $f:expr => $($op:path),+ $(,)?) => {$(
        $ctx.attach_op_interface::<$op, dyn $crate::InterpretableOpInterface>(&$crate::Semantic($f))?;
    )+};
}
pub(crate) use attach;

/// Adds the interpreter's semantics of the upstream ops to a tool (a context setup).
pub fn register(registry: &mut pto_pass::Registry) {
    registry.context_setup(register_semantics);
}

/// Attaches the semantics of the upstream dialects' ops (`func`, `arith`, `math`, `scf`,
/// `cf`, `memref`, `vector`, `ub`, `affine`) to `ctx`, whose dialects must be
/// registered. A model another crate attached first is an error.
pub fn register_semantics(ctx: &mut Context) -> Result<(), pto_ir::InterfaceError> {
    affine::register(ctx)?;
    arith::register(ctx)?;
    control::register(ctx)?;
    memref::register(ctx)?;
    ub::register(ctx)?;
    vector::register(ctx)?;
    Ok(())
}

/// Runs the functions of a module.
pub struct Interpreter<'m, 'c> {
    ctx: &'c Context,
    /// `func.func` symbols: (body holding the function op, the op).
    functions: FxHashMap<&'c str, (&'m Body<'c>, OpId)>,
    /// `memref.global` symbols, and their buffers once a `memref.get_global` made them
    /// (shared by every later one, as a global's storage is).
    globals: FxHashMap<&'c str, (&'m Body<'c>, OpId)>,
    global_buffers: std::cell::RefCell<FxHashMap<&'c str, MemRef>>,
    depth: std::cell::Cell<u32>,
    /// Whether a `ub.poison` ran: only then do ops look for poison operands.
    poisoned: std::cell::Cell<bool>,
    /// How many more ops may run (see [`Interpreter::set_max_steps`]).
    steps_left: std::cell::Cell<u64>,
    /// The budget [`Interpreter::set_max_steps`] set, for the message.
    max_steps: std::cell::Cell<u64>,
}

/// How many ops an interpreter runs before it stops, unless told otherwise: generous
/// (minutes of interpretation), and a bound on a program that never ends.
pub const DEFAULT_MAX_STEPS: u64 = 10_000_000_000;

/// How deep calls may nest.
const MAX_CALL_DEPTH: u32 = 512;

impl<'m, 'c> Interpreter<'m, 'c> {
    /// An interpreter for the functions in `body` (a module's body, or the top level of a
    /// parsed file, whose modules are searched too).
    pub fn new(ctx: &'c Context, body: &'m Body<'c>) -> Self {
        let (mut functions, mut globals) = (FxHashMap::default(), FxHashMap::default());
        collect_symbols(body, &mut functions, &mut globals);
        Self {
            ctx,
            functions,
            globals,
            global_buffers: Default::default(),
            depth: std::cell::Cell::new(0),
            poisoned: std::cell::Cell::new(false),
            steps_left: std::cell::Cell::new(DEFAULT_MAX_STEPS),
            max_steps: std::cell::Cell::new(DEFAULT_MAX_STEPS),
        }
    }

    /// Stops with an error at the op about to run once `n` ops have run (over all the
    /// calls of this interpreter): a program that does not end is an error, not a hang.
    pub fn set_max_steps(&self, n: u64) {
        self.steps_left.set(n);
        self.max_steps.set(n);
    }

    /// The context.
    pub fn context(&self) -> &'c Context {
        self.ctx
    }

    /// The argument and result types of function `name`.
    pub fn signature(
        &self,
        name: &str,
    ) -> Option<(&'c [pto_ir::Type<'c>], &'c [pto_ir::Type<'c>])> {
        let &(body, op) = self.functions.get(name)?;
        body.attr(op, "function_type")?
            .as_type()?
            .function_signature()
    }

    /// Calls function `name` with `args`; its results. A poison result of the outermost
    /// call is an error at the op that returned it (its caller would observe it).
    pub fn call(&self, name: &str, args: &[Value]) -> Result<Vec<Value>, Diagnostic<'c>> {
        let Some(&(body, op)) = self.functions.get(name) else {
            return Err(Diagnostic::error(
                self.ctx.unknown_loc(),
                format!("no function named '@{name}'"),
            ));
        };
        let loc = body.op_loc(op);
        let Some(nested) = body.nested(op) else {
            return Err(Diagnostic::error(loc, "function has no body"));
        };
        let Some(&region) = body.regions_of(op).first() else {
            return Err(Diagnostic::error(loc, "function has no body"));
        };
        if nested.entry_block(region).is_none() {
            return Err(Diagnostic::error(
                loc,
                format!("cannot call external function '@{name}'"),
            ));
        }
        if self.depth.get() >= MAX_CALL_DEPTH {
            return Err(Diagnostic::error(loc, "call depth limit exceeded"));
        }
        self.depth.set(self.depth.get() + 1);
        let mut frame = Frame {
            interp: self,
            body: nested,
            values: vec![None; nested.num_values()],
        };
        let r = frame.run_region(region, args);
        let outermost = self.depth.get() == 1;
        self.depth.set(self.depth.get() - 1);
        let (exit, values) = r?;
        if outermost && self.poisoned.get() {
            if let Some(i) = values.iter().position(Value::has_poison) {
                return Err(frame.error(
                    exit,
                    format!("result #{i} of '@{name}' is poison (undefined behaviour)"),
                ));
            }
        }
        Ok(values)
    }
}

type Symbols<'m, 'c> = FxHashMap<&'c str, (&'m Body<'c>, OpId)>;

impl<'c> Interpreter<'_, 'c> {
    /// The storage of `memref.global @name`: made on first use from its initial value
    /// (zeros when `uninitialized`), then shared.
    pub(crate) fn global(&self, name: &str) -> Result<MemRef, String> {
        if let Some(m) = self.global_buffers.borrow().get(name) {
            return Ok(m.clone());
        }
        let Some((&key, &(body, op))) = self.globals.get_key_value(name) else {
            return Err(format!("no memref.global named '@{name}'"));
        };
        let ty = body
            .attr(op, "type")
            .and_then(|a| a.as_type())
            .ok_or("a global without a type")?;
        let (Some(shape), Some(elem)) = (ty.shape(), ty.element_type().and_then(Elem::of)) else {
            return Err(format!("the interpreter does not support globals of {ty}"));
        };
        let m = MemRef::try_alloc(elem, shape, true)?;
        if let Some(init) = body.attr(op, "initial_value") {
            if !matches!(init.kind(), pto_ir::AttrKind::Unit) {
                memref::fill_from_elements(&m, init)?;
            }
        }
        self.global_buffers.borrow_mut().insert(key, m.clone());
        Ok(m)
    }
}

fn collect_symbols<'m, 'c>(
    body: &'m Body<'c>,
    functions: &mut Symbols<'m, 'c>,
    globals: &mut Symbols<'m, 'c>,
) {
    for op in body.all_ops() {
        let name = || body.attr(op, "sym_name").and_then(|a| a.as_str());
        match body.op_name(op).as_str() {
            func::FuncOp::NAME => {
                if let Some(name) = name() {
                    functions.insert(name, (body, op));
                }
            }
            pto_dialects::memref::GlobalOp::NAME => {
                if let Some(name) = name() {
                    globals.insert(name, (body, op));
                }
            }
            builtin::ModuleOp::NAME => {
                if let Some(n) = body.nested(op) {
                    collect_symbols(n, functions, globals);
                }
            }
            _ => {}
        }
    }
}

/// The values of one running function body.
pub struct Frame<'i, 'm, 'c> {
    interp: &'i Interpreter<'m, 'c>,
    body: &'m Body<'c>,
    values: Vec<Option<Value>>,
}

impl<'i, 'm, 'c> Frame<'i, 'm, 'c> {
    /// The body being run.
    pub fn body(&self) -> &'m Body<'c> {
        self.body
    }
    /// The interpreter (for calls).
    pub fn interpreter(&self) -> &'i Interpreter<'m, 'c> {
        self.interp
    }
    /// The context.
    pub fn context(&self) -> &'c Context {
        self.interp.ctx
    }
    /// The value of `v`.
    pub fn get(&self, v: ValueId) -> Result<&Value, Diagnostic<'c>> {
        self.values[v.index()].as_ref().ok_or_else(|| {
            Diagnostic::error(
                self.interp.ctx.unknown_loc(),
                "use of a value before its definition",
            )
        })
    }
    /// The values of `op`'s operands.
    pub fn operands(&self, op: OpId) -> Result<Vec<Value>, Diagnostic<'c>> {
        self.body
            .operands(op)
            .map(|v| self.get(v).cloned())
            .collect()
    }
    /// An error at `op`.
    pub fn error(&self, op: OpId, msg: impl Into<String>) -> Diagnostic<'c> {
        Diagnostic::error(self.body.op_loc(op), msg)
    }

    /// Runs `region` from its entry block with `args`; the op that left it and the values.
    pub fn run_region(
        &mut self,
        region: RegionId,
        args: &[Value],
    ) -> Result<(OpId, Vec<Value>), Diagnostic<'c>> {
        let Some(mut block) = self.body.entry_block(region) else {
            return Err(Diagnostic::error(
                self.interp.ctx.unknown_loc(),
                "running an empty region",
            ));
        };
        let mut args: Vec<Value> = args.to_vec();
        loop {
            let params = self.body.block_args(block);
            if params.len() != args.len() {
                return Err(Diagnostic::error(
                    self.interp.ctx.unknown_loc(),
                    format!(
                        "block expects {} arguments, got {}",
                        params.len(),
                        args.len()
                    ),
                ));
            }
            for (&p, a) in params.iter().zip(args.drain(..)) {
                self.values[p.index()] = Some(a);
            }
            let mut next = None;
            for op in self.body.block_ops(block) {
                match self.step(op)? {
                    Step::Values(vals) => {
                        let results: SmallVec<[ValueId; 2]> = self.body.results(op).collect();
                        if vals.len() != results.len() {
                            return Err(
                                self.error(op, "semantics produced the wrong number of results")
                            );
                        }
                        for (r, v) in results.into_iter().zip(vals) {
                            self.values[r.index()] = Some(v);
                        }
                    }
                    Step::Jump(b, a) => {
                        next = Some((b, a));
                        break;
                    }
                    Step::Exit(vals) => return Ok((op, vals)),
                }
            }
            match next {
                Some((b, a)) => {
                    block = b;
                    args = a;
                }
                None => {
                    return Err(Diagnostic::error(
                        self.interp.ctx.unknown_loc(),
                        "block ended without a terminator",
                    ))
                }
            }
        }
    }

    fn step(&mut self, op: OpId) -> Result<Step, Diagnostic<'c>> {
        let left = self.interp.steps_left.get();
        if left == 0 {
            return Err(self.error(
                op,
                format!(
                    "the interpreter stopped after {} steps (--max-steps): the program may not end",
                    self.interp.max_steps.get()
                ),
            ));
        }
        self.interp.steps_left.set(left - 1);
        if self.interp.poisoned.get() {
            if let Some(step) = self.poison_step(op)? {
                return Ok(step);
            }
        }
        let name = self.body.op_name(op);
        match self
            .interp
            .ctx
            .interface::<dyn InterpretableOpInterface>(name)
        {
            Some(m) if self.lane_wise(op) => self.step_lanes(op, m),
            Some(m) => m.interpret(self, op),
            None => Err(self.error(
                op,
                format!("the interpreter has no semantics for '{}'", name.as_str()),
            )),
        }
    }

    /// Whether `op` is an elementwise op (ODS `Elementwise`, as `arith` and `math` ops
    /// are) applied to vectors: its scalar semantics then run lane by lane.
    fn lane_wise(&self, op: OpId) -> bool {
        let elementwise = self
            .body
            .op_name(op)
            .def
            .and_then(|d| d.spec)
            .is_some_and(|s| {
                s.checks
                    .iter()
                    .any(|c| matches!(c, pto_ir::ods::TraitCheck::Elementwise))
            });
        elementwise
            && self.body.op_name(op).as_str() != pto_dialects::vector::FMAOp::NAME
            && self
                .body
                .operands(op)
                .any(|v| matches!(self.values[v.index()], Some(Value::Vector(_))))
    }

    /// Runs the scalar semantics `f` of an elementwise op once per lane: vector operands
    /// are replaced by their lanes for the call (scalar operands, such as a select's
    /// condition, stay), and the lanes of the results are gathered into vectors.
    fn step_lanes(
        &mut self,
        op: OpId,
        m: &dyn InterpretableOpInterface,
    ) -> Result<Step, Diagnostic<'c>> {
        let operands: SmallVec<[ValueId; 4]> = self.body.operands(op).collect();
        let saved: Vec<Option<Value>> = operands
            .iter()
            .map(|v| self.values[v.index()].clone())
            .collect();
        let shape = saved
            .iter()
            .find_map(|v| v.as_ref().and_then(Value::as_vector))
            .map(|v| v.shape.clone())
            .unwrap_or_else(|| Vec::new().into());
        let lanes = shape.iter().product::<i64>().max(0) as usize;
        let mut results: Vec<Vec<Value>> =
            vec![Vec::with_capacity(lanes); self.body.num_results(op)];
        let mut outcome = Ok(());
        for lane in 0..lanes {
            for (k, &v) in operands.iter().enumerate() {
                self.values[v.index()] = match &saved[k] {
                    Some(Value::Vector(x)) => x.elems.get(lane).cloned(),
                    other => other.clone(),
                };
            }
            if self.interp.poisoned.get() && self.lane_is_poison(op, &operands) {
                for r in results.iter_mut() {
                    r.push(Value::Poison);
                }
                continue;
            }
            match m.interpret(self, op) {
                Ok(Step::Values(vals)) if vals.len() == results.len() => {
                    for (r, x) in results.iter_mut().zip(vals) {
                        r.push(x);
                    }
                }
                Ok(_) => {
                    outcome = Err(self.error(op, "an elementwise op must produce values"));
                    break;
                }
                Err(e) => {
                    outcome = Err(e);
                    break;
                }
            }
        }
        for (k, &v) in operands.iter().enumerate() {
            self.values[v.index()] = saved[k].clone();
        }
        outcome?;
        Ok(Step::Values(
            results
                .into_iter()
                .map(|elems| Value::Vector(Vector::new(&shape, elems)))
                .collect(),
        ))
    }
}

use pto_ir::entity::EntityRef;
