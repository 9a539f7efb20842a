//! `generate-runtime-verification` (MLIR's pass of that name): before each op with a
//! [`RuntimeVerifiableOpInterface`] model, the checks of what the op assumes of its
//! operands at run time, as `cf.assert`s: a failed one stops the program with a message
//! naming the op and its location (the interpreter reports it as a diagnostic there;
//! compiled, `cf.assert` prints it and aborts). `pto-run --check` runs this pass before
//! the lowering to `llvm`, so that compiled code reports what the interpreter reports.
//!
//! Models here: `memref.load`/`store` and `vector.load`/`store` (every index within
//! its dimension; a vector's whole extent within the last one), and the integer
//! divisions and remainders of `arith` (a zero divisor; `MIN / -1` for the signed ones),
//! which MLIR's pass leaves unchecked and which trap in compiled code (only with
//! `check-divisions`, so that the default output is mlir-opt's). Other dialects attach
//! their own models.

use pto_dialects::{arith, cf, memref, vector};
use pto_ir::builder::OpBuilder;
use pto_ir::printer::print_op_custom_in_context;
use pto_ir::{Body, Context, Diagnostic, InsertPoint, InterfaceError, Location, OpId, ValueId};
use pto_pass::{Pass, PassTarget};

/// What an op checks of its operands at run time.
pub trait RuntimeVerifiableOpInterface: Sync {
    /// Builds, at `b`'s insertion point (right before `op`), the checks of `op`: each a
    /// condition that must hold, with what is wrong when it does not (`"out-of-bounds
    /// access"`), passed to `check`, which asserts it.
    fn generate_runtime_verification<'c>(
        &self,
        b: &mut OpBuilder<'_, 'c>,
        op: OpId,
        loc: Location<'c>,
        check: &mut dyn FnMut(&mut OpBuilder<'_, 'c>, ValueId, &str),
    );
    /// Whether the checks go beyond MLIR's (made only with `check-divisions`, so that
    /// the pass's default output is mlir-opt's).
    fn beyond_mlir(&self) -> bool {
        false
    }
}

impl Pass for crate::GenerateRuntimeVerification {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let options = Options {
            verbose: self.options.verbose_level,
            divisions: self.options.check_divisions,
        };
        verify_body(ctx, target.body, &options);
        Ok(())
    }
}

/// The pass's options.
struct Options {
    verbose: i64,
    divisions: bool,
}

/// Adds the checks in `body` and the bodies of the isolated ops inside it.
fn verify_body<'c>(ctx: &'c Context, body: &mut Body<'c>, options: &Options) {
    // The messages first: they name values as the IR had them before any check was
    // inserted (MLIR prints them with one `AsmState` of the input).
    let ops: Vec<(OpId, &'static dyn RuntimeVerifiableOpInterface, String)> = body
        .all_ops()
        .into_iter()
        .filter_map(|op| {
            let model = ctx
                .op_interface::<dyn RuntimeVerifiableOpInterface>(body, op)
                .filter(|m| options.divisions || !m.beyond_mlir())?;
            let mut head = String::from("ERROR: Runtime op verification failed\n");
            if options.verbose >= 1 {
                let printed = print_op_custom_in_context(body, op);
                head.push_str(printed.lines().next().unwrap_or(""));
                head.push('\n');
            }
            Some((op, model, head))
        })
        .collect();
    for (op, model, head) in ops {
        let loc = body.op_loc(op);
        let location = pto_ir::printer::attr_to_string(loc.attr());
        let mut b = OpBuilder::new(ctx, body);
        b.set_insertion_point(InsertPoint::Before(op));
        let mut check = |b: &mut OpBuilder<'_, 'c>, ok: ValueId, what: &str| {
            let msg = format!("{head}^ {what}\nLocation: {location}");
            cf::AssertOp::build(b, loc, ok, ctx.string_attr(&msg));
        };
        model.generate_runtime_verification(&mut b, op, loc, &mut check);
    }
    for (_, nested) in body.nested_bodies_mut() {
        verify_body(ctx, nested, options);
    }
}

/// Attaches this file's models to `ctx` (a context setup of the crate's registration).
pub fn register_models(ctx: &mut Context) -> Result<(), InterfaceError> {
    ctx.attach_op_interface::<memref::LoadOp, dyn RuntimeVerifiableOpInterface>(&Access {
        memref: 0,
        indices: 1,
        vector: false,
    })?;
    ctx.attach_op_interface::<memref::StoreOp, dyn RuntimeVerifiableOpInterface>(&Access {
        memref: 1,
        indices: 2,
        vector: false,
    })?;
    ctx.attach_op_interface::<vector::LoadOp, dyn RuntimeVerifiableOpInterface>(&Access {
        memref: 0,
        indices: 1,
        vector: true,
    })?;
    ctx.attach_op_interface::<vector::StoreOp, dyn RuntimeVerifiableOpInterface>(&Access {
        memref: 1,
        indices: 2,
        vector: true,
    })?;
    const SIGNED: Division = Division { signed: true };
    const UNSIGNED: Division = Division { signed: false };
    ctx.attach_op_interface::<arith::DivSIOp, dyn RuntimeVerifiableOpInterface>(&SIGNED)?;
    ctx.attach_op_interface::<arith::RemSIOp, dyn RuntimeVerifiableOpInterface>(&SIGNED)?;
    ctx.attach_op_interface::<arith::CeilDivSIOp, dyn RuntimeVerifiableOpInterface>(&SIGNED)?;
    ctx.attach_op_interface::<arith::FloorDivSIOp, dyn RuntimeVerifiableOpInterface>(&SIGNED)?;
    ctx.attach_op_interface::<arith::DivUIOp, dyn RuntimeVerifiableOpInterface>(&UNSIGNED)?;
    ctx.attach_op_interface::<arith::RemUIOp, dyn RuntimeVerifiableOpInterface>(&UNSIGNED)?;
    ctx.attach_op_interface::<arith::CeilDivUIOp, dyn RuntimeVerifiableOpInterface>(&UNSIGNED)?;
    Ok(())
}

/// A memory access: operand `memref` is the memref, operands from `indices` on its
/// indices; a `vector` access reads or writes the result's (or stored value's) length
/// from the last index on.
struct Access {
    memref: usize,
    indices: usize,
    vector: bool,
}

// `arith.cmpi` predicates.
const NE: i128 = 1;
const SLT: i128 = 2;
const SLE: i128 = 3;
const SGE: i128 = 5;

fn index_constant<'c>(b: &mut OpBuilder<'_, 'c>, loc: Location<'c>, v: i128) -> ValueId {
    let ctx = b.context();
    let c = arith::ConstantOp::build(b, loc, ctx.index_type(), ctx.int_attr(ctx.index_type(), v));
    b.body().result(c.0, 0)
}

fn cmpi<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    pred: i128,
    l: ValueId,
    r: ValueId,
) -> ValueId {
    let ctx = b.context();
    let i1 = ctx.int_type(1);
    let c = arith::CmpIOp::build(b, loc, l, r, i1, ctx.int_attr(ctx.int_type(64), pred));
    b.body().result(c.0, 0)
}

fn and<'c>(b: &mut OpBuilder<'_, 'c>, loc: Location<'c>, l: ValueId, r: ValueId) -> ValueId {
    let i1 = b.context().int_type(1);
    let a = arith::AndIOp::build(b, loc, l, r, i1);
    b.body().result(a.0, 0)
}

impl RuntimeVerifiableOpInterface for Access {
    /// As MLIR's models of `memref.load`/`store`: per index, `0 <= i < dim` (a static
    /// dimension is a constant); for a vector access, the last index's whole extent.
    fn generate_runtime_verification<'c>(
        &self,
        b: &mut OpBuilder<'_, 'c>,
        op: OpId,
        loc: Location<'c>,
        check: &mut dyn FnMut(&mut OpBuilder<'_, 'c>, ValueId, &str),
    ) {
        let ctx = b.context();
        let operands: Vec<ValueId> = b.body().operands(op).collect();
        let Some(&mem) = operands.get(self.memref) else {
            return;
        };
        let shape: Vec<i64> = b
            .body()
            .value_type(mem)
            .shape()
            .map(<[i64]>::to_vec)
            .unwrap_or_default();
        let indices = operands.get(self.indices..).unwrap_or(&[]).to_vec();
        let length = if self.vector {
            let v = if self.memref == 0 {
                let r = b.body().result(op, 0);
                b.body().value_type(r)
            } else {
                b.body().value_type(operands[0])
            };
            match v.shape() {
                Some([n]) => Some(*n),
                // n-D vector accesses are not checked.
                _ => return,
            }
        } else {
            None
        };
        if indices.is_empty() || shape.len() != indices.len() {
            return;
        }
        let zero = index_constant(b, loc, 0);
        let mut ok: Option<ValueId> = None;
        for (d, &idx) in indices.iter().enumerate() {
            let position = index_constant(b, loc, d as i128);
            let dim = if shape[d] == pto_ir::DYNAMIC {
                let dim = memref::DimOp::build(b, loc, mem, position, ctx.index_type());
                b.body().result(dim.0, 0)
            } else {
                index_constant(b, loc, i128::from(shape[d]))
            };
            let low = cmpi(b, loc, SGE, idx, zero);
            let high = match length {
                Some(n) if d + 1 == indices.len() => {
                    let len = index_constant(b, loc, i128::from(n));
                    let end = arith::AddIOp::build(b, loc, idx, len, ctx.index_type(), None);
                    let end = b.body().result(end.0, 0);
                    cmpi(b, loc, SLE, end, dim)
                }
                _ => cmpi(b, loc, SLT, idx, dim),
            };
            let inside = and(b, loc, low, high);
            ok = Some(match ok {
                None => inside,
                Some(prev) => and(b, loc, prev, inside),
            });
        }
        if let Some(ok) = ok {
            check(b, ok, "out-of-bounds access");
        }
    }
}

/// An integer division or remainder: the divisor is not zero, and (signed) the
/// quotient does not overflow (`MIN / -1`). Scalars only.
struct Division {
    signed: bool,
}

impl RuntimeVerifiableOpInterface for Division {
    fn beyond_mlir(&self) -> bool {
        true
    }

    fn generate_runtime_verification<'c>(
        &self,
        b: &mut OpBuilder<'_, 'c>,
        op: OpId,
        loc: Location<'c>,
        check: &mut dyn FnMut(&mut OpBuilder<'_, 'c>, ValueId, &str),
    ) {
        let ctx = b.context();
        let (lhs, rhs) = (b.body().operand(op, 0), b.body().operand(op, 1));
        let ty = b.body().value_type(rhs);
        let width = match ty.kind() {
            pto_ir::TypeKind::Index => 64,
            _ => match ty.int_width() {
                Some(w) => w,
                None => return,
            },
        };
        let constant = |b: &mut OpBuilder<'_, 'c>, v: i128| {
            let c = arith::ConstantOp::build(b, loc, ty, ctx.int_attr(ty, v));
            b.body().result(c.0, 0)
        };
        let zero = constant(b, 0);
        let nonzero = cmpi(b, loc, NE, rhs, zero);
        check(b, nonzero, "division by zero");
        if self.signed && width >= 1 {
            let min = constant(b, -(1i128 << (width - 1)));
            let minus_one = constant(b, -1);
            let not_min = cmpi(b, loc, NE, lhs, min);
            let not_minus_one = cmpi(b, loc, NE, rhs, minus_one);
            let i1 = ctx.int_type(1);
            let fine = arith::OrIOp::build(b, loc, not_min, not_minus_one, i1);
            let fine = b.body().result(fine.0, 0);
            check(b, fine, "signed division overflow");
        }
    }
}
