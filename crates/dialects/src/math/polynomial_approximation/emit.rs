//! The builder the approximations are written with: one method per `arith`/`math` op
//! they create, at the rewritten op's location, on scalars or on vectors of the rewritten
//! op's shape.
//!
//! The op sequence is the contract: the greedy driver's output (constant order, value
//! numbering) follows from the order in which ops are created, so each approximation
//! creates its ops in MLIR's order. On vectors MLIR builds a scalar constant and
//! broadcasts it; without a `vector` dialect, [`Emitter::bcast`] makes the broadcast of
//! a constant directly as the splat constant it folds to.

use smallvec::SmallVec;

pub use crate::arith::{CmpFPredicate as CmpF, CmpIPredicate as CmpI};

use crate::arith;
use crate::math;
use pto_ir::builder::OpBuilder;
use pto_ir::{AttrKind, FloatKind, Location, NamedAttribute, Type, TypeKind, ValueId};

/// A vector shape and its scalable flags.
pub type Shape<'c> = (&'c [i64], &'c [bool]);

/// Creates ops before the rewritten op. `shape` is the rewritten op's vector shape (with
/// its scalable flags), or `None` for scalars.
pub struct Emitter<'e, 'b, 'c> {
    b: &'e mut OpBuilder<'b, 'c>,
    loc: Location<'c>,
    shape: Option<Shape<'c>>,
}

/// The vector shape of `t` (`None` for a scalar); `Err` for other shaped types, which
/// the approximations do not handle.
pub fn vector_shape(t: Type<'_>) -> Result<Option<Shape<'_>>, ()> {
    match *t.kind() {
        TypeKind::Vector {
            shape, scalable, ..
        } => Ok(Some((shape, scalable))),
        TypeKind::Float(_) => Ok(None),
        _ => Err(()),
    }
}

impl<'e, 'b, 'c> Emitter<'e, 'b, 'c> {
    /// An emitter for ops of the shape of `like` (a float scalar or vector).
    pub fn new(b: &'e mut OpBuilder<'b, 'c>, loc: Location<'c>, like: Type<'c>) -> Self {
        let shape = vector_shape(like).ok().flatten();
        Self { b, loc, shape }
    }

    fn ctx(&self) -> &'c pto_ir::Context {
        self.b.context()
    }

    /// `elem` with the emitter's vector shape (MLIR's `broadcast(Type, shape)`).
    pub fn ty(&self, elem: Type<'c>) -> Type<'c> {
        match self.shape {
            Some((shape, scalable)) => self.ctx().scalable_vector_type(shape, scalable, elem),
            None => elem,
        }
    }

    /// `f32`.
    pub fn f32(&self) -> Type<'c> {
        self.ctx().float_type(FloatKind::F32)
    }
    /// `i32`.
    pub fn i32(&self) -> Type<'c> {
        self.ctx().int_type(32)
    }

    /// The type of `v`.
    pub fn type_of(&mut self, v: ValueId) -> Type<'c> {
        self.b.body().value_type(v)
    }

    /// Creates op `name` on `operands` with one result of type `ty` and the properties
    /// `props` (the op's defaults filled in); its result.
    pub fn op(
        &mut self,
        name: &str,
        operands: &[ValueId],
        ty: Type<'c>,
        props: &[NamedAttribute<'c>],
    ) -> ValueId {
        let ctx = self.ctx();
        let mut st = self.b.state(name, self.loc);
        st.operands.extend_from_slice(operands);
        st.result_types.push(ty);
        if !props.is_empty() {
            st.props = Some(ctx.dictionary(props));
        }
        pto_ir::ods::populate_defaults(ctx, &mut st);
        let op = self.b.create(st);
        self.b.body().result(op, 0)
    }

    fn same(&mut self, name: &str, operands: &[ValueId]) -> ValueId {
        let ty = self.type_of(operands[0]);
        self.op(name, operands, ty, &[])
    }

    // ---- constants ------------------------------------------------------------------------

    fn constant(&mut self, ty: Type<'c>, value: pto_ir::Attribute<'c>) -> ValueId {
        let ctx = self.ctx();
        let props = [NamedAttribute {
            name: ctx.ident("value"),
            value,
        }];
        self.op(arith::ConstantOp::NAME, &[], ty, &props)
    }

    /// A scalar float constant of type `elem`, `v` rounded to it (MLIR's
    /// `getFloatAttr(elem, (double)float)`: f32 first, then the element type).
    pub fn scalar_float(&mut self, v: f32, elem: Type<'c>) -> ValueId {
        let bits = match elem.float_kind() {
            Some(FloatKind::F32) => u128::from(v.to_bits()),
            Some(FloatKind::F64) => u128::from(f64::from(v).to_bits()),
            Some(kind) => round_f32_to(v, kind),
            None => unreachable!("float constants are built for float element types"),
        };
        let attr = self.ctx().intern_attr(AttrKind::Float { bits, ty: elem });
        self.constant(elem, attr)
    }

    /// A scalar `f32` constant (MLIR's `f32Cst`).
    pub fn scalar_f32(&mut self, v: f32) -> ValueId {
        let t = self.f32();
        self.scalar_float(v, t)
    }

    /// A scalar `i32` constant (MLIR's `i32Cst`).
    pub fn scalar_i32(&mut self, v: i32) -> ValueId {
        let t = self.i32();
        let attr = self.ctx().int_attr(t, i128::from(v));
        self.constant(t, attr)
    }

    /// A scalar `i1` constant.
    pub fn scalar_bool(&mut self, v: bool) -> ValueId {
        let t = self.ctx().int_type(1);
        let attr = self.ctx().int_attr(t, i128::from(v));
        self.constant(t, attr)
    }

    /// The scalar `f32` with bit pattern `bits`: an `i32` constant bitcast (MLIR's
    /// `f32FromBits`; the bitcast folds).
    pub fn scalar_f32_bits(&mut self, bits: u32) -> ValueId {
        let i = self.scalar_i32(bits as i32);
        let t = self.f32();
        self.op(arith::BitcastOp::NAME, &[i], t, &[])
    }

    /// `v` broadcast to the emitter's shape. `v` is a constant (possibly through
    /// bitcasts), as every broadcast value of the approximations is: on vectors this is
    /// the splat constant that `vector.broadcast` of it folds to.
    pub fn bcast(&mut self, v: ValueId) -> ValueId {
        if self.shape.is_none() {
            return v;
        }
        let (bits, elem) = self
            .constant_bits(v)
            .expect("the approximations broadcast constants only");
        let ty = self.ty(elem);
        let attr = self.ctx().dense_splat(ty, bits);
        self.constant(ty, attr)
    }

    /// The bits and type of the scalar constant `v` (through `arith.bitcast`s).
    fn constant_bits(&mut self, v: ValueId) -> Option<(u128, Type<'c>)> {
        let body = self.b.body();
        let ty = body.value_type(v);
        let op = body.defining_op(v)?;
        match body.op_name(op).as_str() {
            arith::ConstantOp::NAME => match *body.attr(op, "value")?.kind() {
                AttrKind::Float { bits, .. } => Some((bits, ty)),
                AttrKind::Integer { value, .. } => {
                    let w = ty.int_width()?;
                    Some(((value as u128) & (u128::MAX >> (128 - w)), ty))
                }
                _ => None,
            },
            arith::BitcastOp::NAME => {
                let input = body.operand(op, 0);
                let (bits, _) = self.constant_bits(input)?;
                Some((bits, ty))
            }
            _ => None,
        }
    }

    /// A broadcast `f32` constant (`bcast(f32Cst(v))`).
    pub fn f32c(&mut self, v: f32) -> ValueId {
        let s = self.scalar_f32(v);
        self.bcast(s)
    }
    /// A broadcast float constant of element type `elem` (`bcast(floatCst(v, elem))`).
    pub fn floatc(&mut self, v: f32, elem: Type<'c>) -> ValueId {
        let s = self.scalar_float(v, elem);
        self.bcast(s)
    }
    /// A broadcast `i32` constant.
    pub fn i32c(&mut self, v: i32) -> ValueId {
        let s = self.scalar_i32(v);
        self.bcast(s)
    }
    /// A broadcast `f32` from its bits (`bcast(f32FromBits(bits))`).
    pub fn f32_bits(&mut self, bits: u32) -> ValueId {
        let s = self.scalar_f32_bits(bits);
        self.bcast(s)
    }

    // ---- arithmetic -------------------------------------------------------------------------

    /// `arith.addf`.
    pub fn addf(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.same(arith::AddFOp::NAME, &[a, b])
    }
    /// `arith.subf`.
    pub fn subf(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.same(arith::SubFOp::NAME, &[a, b])
    }
    /// `arith.mulf`.
    pub fn mulf(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.same(arith::MulFOp::NAME, &[a, b])
    }
    /// `arith.divf`.
    pub fn divf(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.same(arith::DivFOp::NAME, &[a, b])
    }
    /// `arith.negf`.
    pub fn negf(&mut self, a: ValueId) -> ValueId {
        self.same(arith::NegFOp::NAME, &[a])
    }
    /// `math.fma` (`a * b + c`).
    pub fn fma(&mut self, a: ValueId, b: ValueId, c: ValueId) -> ValueId {
        self.same(math::FmaOp::NAME, &[a, b, c])
    }
    /// A one-operand `math` op (`absf`, `floor`, `sqrt`, `exp`, `log`, `atan`, ...).
    pub fn math(&mut self, name: &str, a: ValueId) -> ValueId {
        self.same(name, &[a])
    }
    /// `math.copysign`.
    pub fn copysign(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.same(math::CopySignOp::NAME, &[a, b])
    }
    /// `arith.addi`.
    pub fn addi(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.same(arith::AddIOp::NAME, &[a, b])
    }
    /// `arith.andi`.
    pub fn andi(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.same(arith::AndIOp::NAME, &[a, b])
    }
    /// `arith.ori`.
    pub fn ori(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.same(arith::OrIOp::NAME, &[a, b])
    }
    /// `arith.xori`.
    pub fn xori(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.same(arith::XOrIOp::NAME, &[a, b])
    }
    /// `arith.shli`.
    pub fn shli(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.same(arith::ShLIOp::NAME, &[a, b])
    }
    /// `arith.shrui`.
    pub fn shrui(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.same(arith::ShRUIOp::NAME, &[a, b])
    }
    /// `arith.shrsi`.
    pub fn shrsi(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.same(arith::ShRSIOp::NAME, &[a, b])
    }
    /// A cast op `name` of `a` to `ty` (`bitcast`, `sitofp`, `fptosi`, `extf`, ...).
    pub fn cast(&mut self, name: &str, a: ValueId, ty: Type<'c>) -> ValueId {
        self.op(name, &[a], ty, &[])
    }

    fn i1_like(&mut self, v: ValueId) -> Type<'c> {
        let t = self.type_of(v);
        pto_ir::ods::preds::i1_same_shape(self.ctx(), t)
    }
    fn predicate(&self, p: i64) -> [NamedAttribute<'c>; 1] {
        let ctx = self.ctx();
        [NamedAttribute {
            name: ctx.ident("predicate"),
            value: ctx.int_attr(ctx.int_type(64), i128::from(p)),
        }]
    }
    /// `arith.cmpf`.
    pub fn cmpf(&mut self, p: CmpF, a: ValueId, b: ValueId) -> ValueId {
        let t = self.i1_like(a);
        let props = self.predicate(p as i64);
        self.op(arith::CmpFOp::NAME, &[a, b], t, &props)
    }
    /// `arith.cmpi`.
    pub fn cmpi(&mut self, p: CmpI, a: ValueId, b: ValueId) -> ValueId {
        let t = self.i1_like(a);
        let props = self.predicate(p as i64);
        self.op(arith::CmpIOp::NAME, &[a, b], t, &props)
    }
    /// `arith.select`.
    pub fn select(&mut self, c: ValueId, t: ValueId, f: ValueId) -> ValueId {
        let ty = self.type_of(t);
        self.op(arith::SelectOp::NAME, &[c, t, f], ty, &[])
    }

    /// `value` if it is below `bound` (or NaN), else `bound` (MLIR's `min` helper).
    pub fn min(&mut self, value: ValueId, bound: ValueId) -> ValueId {
        let c = self.cmpf(CmpF::Ult, value, bound);
        self.select(c, value, bound)
    }
    /// `value` if it is above `bound` (or NaN), else `bound` (MLIR's `max` helper).
    pub fn max(&mut self, value: ValueId, bound: ValueId) -> ValueId {
        let c = self.cmpf(CmpF::Ugt, value, bound);
        self.select(c, value, bound)
    }
    /// `value` clamped to `[lo, hi]`, NaN kept.
    pub fn clamp(&mut self, value: ValueId, lo: ValueId, hi: ValueId) -> ValueId {
        let m = self.min(value, hi);
        self.max(m, lo)
    }

    /// Horner's scheme with fused multiply-adds: `c[0] + x * (c[1] + x * (...))`
    /// (MLIR's `makePolynomialCalculation`; `coeffs` has at least two entries).
    pub fn polynomial(&mut self, coeffs: &[ValueId], x: ValueId) -> ValueId {
        let n = coeffs.len();
        let mut r = self.fma(x, coeffs[n - 1], coeffs[n - 2]);
        for &c in coeffs[..n - 2].iter().rev() {
            r = self.fma(x, r, c);
        }
        r
    }

    /// The normalized fraction in `[0.5, 1)` and the exponent of `arg` (f32), both as
    /// floats (`std::frexp`); `positive` skips the `absf` for arguments known positive.
    pub fn frexp(&mut self, arg: ValueId, positive: bool) -> (ValueId, ValueId) {
        let (i32s, f32s) = (self.i32(), self.f32());
        let (i32v, f32v) = (self.ty(i32s), self.ty(f32s));
        let c126 = self.scalar_f32(126.0);
        let half = self.scalar_f32(0.5);
        let inv_mant_mask = self.scalar_f32_bits(!0x7f80_0000u32);
        let i32_half = self.cast(arith::BitcastOp::NAME, half, i32s);
        let i32_mask = self.cast(arith::BitcastOp::NAME, inv_mant_mask, i32s);
        let i32_arg = self.cast(arith::BitcastOp::NAME, arg, i32v);
        let mask = self.bcast(i32_mask);
        let t0 = self.andi(i32_arg, mask);
        let half_v = self.bcast(i32_half);
        let t1 = self.ori(t0, half_v);
        let fraction = self.cast(arith::BitcastOp::NAME, t1, f32v);
        let a = if positive {
            arg
        } else {
            self.math(math::AbsFOp::NAME, arg)
        };
        let bits = self.cast(arith::BitcastOp::NAME, a, i32v);
        let c23 = self.i32c(23);
        let biased_bits = self.shrui(bits, c23);
        let biased = self.cast(arith::SIToFPOp::NAME, biased_bits, f32v);
        let c126v = self.bcast(c126);
        let exponent = self.subf(biased, c126v);
        (fraction, exponent)
    }

    /// `2^arg` for an `i32` exponent, by building the float's exponent field.
    pub fn exp2_i32(&mut self, arg: ValueId) -> ValueId {
        let f32v = self.ty(self.f32());
        let c23 = self.i32c(23);
        let bias = self.i32c(127);
        let biased = self.addi(arg, bias);
        let shifted = self.shli(biased, c23);
        self.cast(arith::BitcastOp::NAME, shifted, f32v)
    }
}

/// The finite `v` rounded (to nearest, ties to even) to the format `kind`, as bits.
fn round_f32_to(v: f32, kind: FloatKind) -> u128 {
    // The exact decimal expansion of an f32 has fewer than 120 significant digits, so
    // this text is exact and is rounded once.
    let text = format!("{:.120e}", f64::from(v.abs()));
    pto_ir::float::parse_decimal(&text, v.is_sign_negative(), kind)
        .expect("coefficients are built for IEEE-like formats only")
}

/// The constants of a list, created in order (for coefficient tables).
pub fn constants<'c>(e: &mut Emitter<'_, '_, 'c>, values: &[f32]) -> SmallVec<[ValueId; 16]> {
    values.iter().map(|&v| e.f32c(v)).collect()
}
