//! The builder the lowering of `pto` ops writes its loops with: `arith` scalars,
//! `scf.for` nests, `memref` accesses, at one location, inserted before the op being
//! lowered. Element types are signless (`ui8` data lives in `i8` views), so integer
//! ops take their signedness from the caller.

use smallvec::SmallVec;

pub use pto_dialects::arith::{CmpFPredicate as CmpF, CmpIPredicate as CmpI};

use pto_dialects::arith;
use pto_dialects::memref;
use pto_dialects::scf;
use pto_ir::builder::OpBuilder;
use pto_ir::{
    AttrKind, Attribute, FloatKind, InsertPoint, Location, OpId, Signedness, Type, TypeKind,
    ValueId,
};

/// How an element type behaves in arithmetic.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Num {
    /// A float of this kind.
    Float(FloatKind),
    /// An integer of this width; `true` if unsigned.
    Int(u32, bool),
}

impl Num {
    /// The arithmetic class of `t` (an integer or float type).
    pub fn of(t: Type<'_>) -> Option<Num> {
        match *t.kind() {
            TypeKind::Float(k) => Some(Num::Float(k)),
            TypeKind::Integer { width, signedness } => {
                Some(Num::Int(width, signedness == Signedness::Unsigned))
            }
            TypeKind::Index => Some(Num::Int(64, false)),
            _ => None,
        }
    }
    /// True for floats.
    pub fn is_float(self) -> bool {
        matches!(self, Num::Float(_))
    }
}

/// Creates ops at an insertion point, all at one location.
pub struct Emitter<'e, 'b, 'c> {
    /// The builder (its insertion point moves into loop bodies and back).
    pub b: &'e mut OpBuilder<'b, 'c>,
    /// The location of every created op.
    pub loc: Location<'c>,
}

impl<'e, 'b, 'c> Emitter<'e, 'b, 'c> {
    /// An emitter inserting before `op`, at its location.
    pub fn before(b: &'e mut OpBuilder<'b, 'c>, op: OpId) -> Self {
        let loc = b.body().op_loc(op);
        b.set_insertion_point(InsertPoint::Before(op));
        Self { b, loc }
    }

    /// Runs `f` with the insertion point at `at` (e.g. the function's entry, for
    /// allocations that must not repeat in loops), then restores it.
    pub fn at<T>(&mut self, at: InsertPoint, f: impl FnOnce(&mut Self) -> T) -> T {
        let saved = self.b.insertion_point();
        self.b.set_insertion_point(at);
        let r = f(self);
        if let Some(s) = saved {
            self.b.set_insertion_point(s);
        }
        r
    }

    /// The context.
    pub fn ctx(&self) -> &'c pto_ir::Context {
        self.b.context()
    }

    /// The type of `v`.
    pub fn ty(&mut self, v: ValueId) -> Type<'c> {
        self.b.body().value_type(v)
    }

    /// `index`.
    pub fn index_type(&self) -> Type<'c> {
        self.ctx().index_type()
    }

    /// Creates `name` with `operands`, result types and properties; returns the op.
    pub fn op(
        &mut self,
        name: &str,
        operands: &[ValueId],
        results: &[Type<'c>],
        props: &[(&str, Attribute<'c>)],
    ) -> OpId {
        let ctx = self.ctx();
        let mut st = self.b.state(name, self.loc);
        st.operands.extend_from_slice(operands);
        st.result_types.extend_from_slice(results);
        if !props.is_empty() {
            st.props = Some(ctx.dictionary_of(props));
        }
        pto_ir::ods::populate_defaults(ctx, &mut st);
        self.b.create(st)
    }

    /// `memref.prefetch m[i], read, locality<3>, data`: asks for the cache line of
    /// element `i` of the 1-D memref `m` (a hint; `i` may be past the end).
    pub fn prefetch(&mut self, m: ValueId, i: ValueId) {
        let ctx = self.ctx();
        let (bit, i32t) = (ctx.int_type(1), ctx.int_type(32));
        self.op(
            memref::PrefetchOp::NAME,
            &[m, i],
            &[],
            &[
                ("isWrite", ctx.int_attr(bit, 0)),
                ("localityHint", ctx.int_attr(i32t, 3)),
                ("isDataCache", ctx.int_attr(bit, 1)),
            ],
        );
    }

    /// Like [`Emitter::op`] for a one-result op: the result.
    pub fn val(
        &mut self,
        name: &str,
        operands: &[ValueId],
        ty: Type<'c>,
        props: &[(&str, Attribute<'c>)],
    ) -> ValueId {
        let op = self.op(name, operands, &[ty], props);
        self.b.body().result(op, 0)
    }

    /// Gives the `arith` op defining `v` the `reassoc` fast-math flag.
    pub fn allow_reassoc(&mut self, v: ValueId) {
        let ctx = self.ctx();
        let body = self.b.body();
        if let Some(op) = body.defining_op(v) {
            let flags = pto_dialects::arith::fastmath_attr(ctx, &["reassoc"]);
            let props = ctx.dict_with(body.op_props(op), "fastmath", Some(flags));
            body.set_op_props(op, Some(props));
        }
    }

    /// A one-result op whose result has the type of its first operand.
    pub fn same(&mut self, name: &str, operands: &[ValueId]) -> ValueId {
        let ty = self.ty(operands[0]);
        self.val(name, operands, ty, &[])
    }

    // ---- constants ----------------------------------------------------------------------

    /// An `index` constant.
    pub fn index(&mut self, v: i64) -> ValueId {
        let t = self.index_type();
        self.int_of(t, i128::from(v))
    }

    /// An integer (or index) constant of type `t`.
    pub fn int_of(&mut self, t: Type<'c>, v: i128) -> ValueId {
        let attr = self.ctx().int_attr(t, v);
        self.val(arith::ConstantOp::NAME, &[], t, &[("value", attr)])
    }

    /// A float constant of type `t`, `v` rounded to it (through `f32` for narrower types,
    /// which is exact for the values the lowering uses: 0, 1, infinities, powers of 2).
    pub fn float_of(&mut self, t: Type<'c>, v: f64) -> ValueId {
        let ctx = self.ctx();
        match t.float_kind() {
            Some(FloatKind::F64) => {
                let attr = ctx.intern_attr(AttrKind::Float {
                    bits: u128::from(v.to_bits()),
                    ty: t,
                });
                self.val(arith::ConstantOp::NAME, &[], t, &[("value", attr)])
            }
            Some(FloatKind::F32) => {
                let attr = ctx.intern_attr(AttrKind::Float {
                    bits: u128::from((v as f32).to_bits()),
                    ty: t,
                });
                self.val(arith::ConstantOp::NAME, &[], t, &[("value", attr)])
            }
            _ => {
                let f32t = ctx.float_type(FloatKind::F32);
                let wide = self.float_of(f32t, v);
                self.val(arith::TruncFOp::NAME, &[wide], t, &[])
            }
        }
    }

    /// The constant `v` (an integer value, converted for floats) of element type `t`.
    pub fn num_const(&mut self, t: Type<'c>, v: f64) -> ValueId {
        if t.is_float() {
            self.float_of(t, v)
        } else {
            self.int_of(t, v as i128)
        }
    }

    // ---- index arithmetic (folded when both sides are constants) -------------------------

    /// `a + b` on indices.
    pub fn add(&mut self, a: ValueId, b: ValueId) -> ValueId {
        match (self.cst(a), self.cst(b)) {
            (Some(0), _) => b,
            (_, Some(0)) => a,
            (Some(x), Some(y)) => self.index(x + y),
            _ => self.same(arith::AddIOp::NAME, &[a, b]),
        }
    }
    /// `a * b` on indices.
    pub fn mul(&mut self, a: ValueId, b: ValueId) -> ValueId {
        match (self.cst(a), self.cst(b)) {
            (Some(1), _) => b,
            (_, Some(1)) => a,
            (Some(x), Some(y)) => self.index(x * y),
            _ => self.same(arith::MulIOp::NAME, &[a, b]),
        }
    }
    /// `a * k` on indices.
    pub fn mul_c(&mut self, a: ValueId, k: i64) -> ValueId {
        let k = self.index(k);
        self.mul(a, k)
    }
    /// `a / k` on non-negative indices.
    pub fn div_c(&mut self, a: ValueId, k: i64) -> ValueId {
        if k == 1 {
            return a;
        }
        let k = self.index(k);
        self.same(arith::DivUIOp::NAME, &[a, k])
    }
    /// `a mod k` on non-negative indices.
    pub fn rem_c(&mut self, a: ValueId, k: i64) -> ValueId {
        let k = self.index(k);
        self.same(arith::RemUIOp::NAME, &[a, k])
    }
    /// `a / b` on non-negative indices.
    pub fn div(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.same(arith::DivUIOp::NAME, &[a, b])
    }
    /// `a mod b` on non-negative indices.
    pub fn rem(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.same(arith::RemUIOp::NAME, &[a, b])
    }
    /// `min(a, b)` on indices.
    pub fn min(&mut self, a: ValueId, b: ValueId) -> ValueId {
        match (self.cst(a), self.cst(b)) {
            (Some(x), Some(y)) => self.index(x.min(y)),
            _ => self.same(arith::MinSIOp::NAME, &[a, b]),
        }
    }

    /// The value of `v` if it is an `arith.constant` integer.
    pub fn cst(&mut self, v: ValueId) -> Option<i64> {
        self.b
            .body()
            .constant_int(v)
            .and_then(|c| i64::try_from(c).ok())
    }

    // ---- control flow ---------------------------------------------------------------------

    /// `scf.for %iv = lb to ub step 1` with loop-carried `inits`; `body` gets the
    /// induction variable and the carried values and returns the yielded ones. Returns
    /// the loop's results.
    pub fn for_loop(
        &mut self,
        lb: ValueId,
        ub: ValueId,
        inits: &[ValueId],
        body: impl FnOnce(&mut Self, ValueId, &[ValueId]) -> SmallVec<[ValueId; 2]>,
    ) -> SmallVec<[ValueId; 2]> {
        let step = self.index(1);
        let types: SmallVec<[Type<'c>; 2]> = inits.iter().map(|&v| self.ty(v)).collect();
        let (region, block) = self.b.create_region_with_block();
        let index = self.index_type();
        let loc = self.loc;
        let iv = self.b.body().add_block_argument(block, index, loc);
        let args: SmallVec<[ValueId; 2]> = types
            .iter()
            .map(|&t| self.b.body().add_block_argument(block, t, loc))
            .collect();
        let mut st = self.b.state(scf::ForOp::NAME, loc);
        st.operands.extend_from_slice(&[lb, ub, step]);
        st.operands.extend_from_slice(inits);
        st.result_types.extend_from_slice(&types);
        st.regions.push(region);
        let for_op = self.b.create(st);
        let saved = self.b.insertion_point();
        self.b.set_insertion_point(InsertPoint::BlockEnd(block));
        let yielded = body(self, iv, &args);
        self.op(scf::YieldOp::NAME, &yielded, &[], &[]);
        match saved {
            Some(at) => self.b.set_insertion_point(at),
            None => self.b.set_insertion_point(InsertPoint::After(for_op)),
        }
        self.b.body().results(for_op).collect()
    }

    /// `for %iv = 0 to ub` without carried values.
    pub fn for_upto(&mut self, ub: ValueId, body: impl FnOnce(&mut Self, ValueId)) {
        let zero = self.index(0);
        self.for_loop(zero, ub, &[], |e, iv, _| {
            body(e, iv);
            SmallVec::new()
        });
    }

    /// `for %iv = lb to ub` without carried values.
    pub fn for_range(&mut self, lb: ValueId, ub: ValueId, body: impl FnOnce(&mut Self, ValueId)) {
        self.for_loop(lb, ub, &[], |e, iv, _| {
            body(e, iv);
            SmallVec::new()
        });
    }

    /// `scf.if %cond` without results: `then` runs when `cond` holds.
    pub fn if_then(&mut self, cond: ValueId, then: impl FnOnce(&mut Self)) {
        let (region, block) = self.b.create_region_with_block();
        let else_region = self.b.body().create_region();
        let mut st = self.b.state(scf::IfOp::NAME, self.loc);
        st.operands.push(cond);
        st.regions.push(region);
        st.regions.push(else_region);
        let if_op = self.b.create(st);
        let saved = self.b.insertion_point();
        self.b.set_insertion_point(InsertPoint::BlockEnd(block));
        then(self);
        self.op(scf::YieldOp::NAME, &[], &[], &[]);
        match saved {
            Some(at) => self.b.set_insertion_point(at),
            None => self.b.set_insertion_point(InsertPoint::After(if_op)),
        }
    }

    // ---- memory ---------------------------------------------------------------------------

    /// `memref.alloc`/`memref.alloca` (`name`) of a static shape, aligned to 64 bytes
    /// (a cache line) when `aligned`.
    pub fn alloc(&mut self, name: &str, ty: Type<'c>, aligned: bool) -> ValueId {
        let ctx = self.ctx();
        let seg = pto_ir::ods::format::dense_i32_array(ctx, &[0, 0]);
        let align = ctx.int_attr(ctx.int_type(64), 64);
        let mut props = vec![("operandSegmentSizes", seg)];
        if aligned {
            props.push(("alignment", align));
        }
        self.val(name, &[], ty, &props)
    }

    /// `memref.load %m[%i...]`.
    pub fn load(&mut self, m: ValueId, indices: &[ValueId]) -> ValueId {
        let elem = self.ty(m).element_type().expect("loads read memrefs");
        let mut operands: SmallVec<[ValueId; 4]> = SmallVec::from_slice(&[m]);
        operands.extend_from_slice(indices);
        self.val(memref::LoadOp::NAME, &operands, elem, &[])
    }

    /// `memref.store %v, %m[%i...]`.
    pub fn store(&mut self, v: ValueId, m: ValueId, indices: &[ValueId]) {
        let mut operands: SmallVec<[ValueId; 4]> = SmallVec::from_slice(&[v, m]);
        operands.extend_from_slice(indices);
        self.op(memref::StoreOp::NAME, &operands, &[], &[]);
    }

    // ---- element arithmetic ------------------------------------------------------------------

    /// A compare of two scalars of class `n`: `float` and `int` are the predicates for
    /// floats and for signed integers; unsigned integers use the unsigned twin of `int`.
    pub fn cmp(&mut self, n: Num, float: CmpF, int: CmpI, a: ValueId, b: ValueId) -> ValueId {
        let ctx = self.ctx();
        let i1 = ctx.int_type(1);
        let i64t = ctx.int_type(64);
        if n.is_float() {
            let p = ctx.int_attr(i64t, float as i128);
            return self.val(arith::CmpFOp::NAME, &[a, b], i1, &[("predicate", p)]);
        }
        let pred = match (n, int) {
            (Num::Int(_, true), CmpI::Slt) => CmpI::Ult,
            (Num::Int(_, true), CmpI::Sle) => CmpI::Ule,
            (Num::Int(_, true), CmpI::Sgt) => CmpI::Ugt,
            (Num::Int(_, true), CmpI::Sge) => CmpI::Uge,
            (_, p) => p,
        };
        let p = ctx.int_attr(i64t, pred as i128);
        self.val(arith::CmpIOp::NAME, &[a, b], i1, &[("predicate", p)])
    }

    /// `cond ? a : b`.
    pub fn select(&mut self, cond: ValueId, a: ValueId, b: ValueId) -> ValueId {
        let t = self.ty(a);
        self.val(arith::SelectOp::NAME, &[cond, a, b], t, &[])
    }

    /// Converts the scalar `v` from class `from` to element type `to` (class `to_n`):
    /// float widening/narrowing (nearest-even), int <-> float, int resizing.
    pub fn convert(&mut self, v: ValueId, from: Num, to: Type<'c>, to_n: Num) -> ValueId {
        match (from, to_n) {
            (Num::Float(a), Num::Float(b)) if a == b => v,
            // f16 <-> bf16: widened to f32 (exact), then rounded once.
            (Num::Float(a), Num::Float(b)) if a.width() == b.width() => {
                let f32t = self.ctx().float_type(FloatKind::F32);
                let wide = self.val(arith::ExtFOp::NAME, &[v], f32t, &[]);
                self.val(arith::TruncFOp::NAME, &[wide], to, &[])
            }
            (Num::Float(a), Num::Float(b)) => {
                if a.width() < b.width() {
                    self.val(arith::ExtFOp::NAME, &[v], to, &[])
                } else {
                    self.val(arith::TruncFOp::NAME, &[v], to, &[])
                }
            }
            (Num::Int(_, unsigned), Num::Float(_)) => {
                let name = if unsigned {
                    arith::UIToFPOp::NAME
                } else {
                    arith::SIToFPOp::NAME
                };
                self.val(name, &[v], to, &[])
            }
            (Num::Float(_), Num::Int(w, unsigned)) => self.float_to_int(v, to, w, unsigned),
            (Num::Int(a, unsigned), Num::Int(b, _)) => {
                if a == b {
                    v
                } else if a < b {
                    let name = if unsigned {
                        arith::ExtUIOp::NAME
                    } else {
                        arith::ExtSIOp::NAME
                    };
                    self.val(name, &[v], to, &[])
                } else {
                    self.val(arith::TruncIOp::NAME, &[v], to, &[])
                }
            }
        }
    }

    /// A float to an integer of `width` bits, truncating toward zero and saturating at
    /// the type's range (NaN gives the lower bound), as the hardware's conversions do; LLVM's plain
    /// conversion is poison out of range.
    pub fn float_to_int(
        &mut self,
        v: ValueId,
        to: Type<'c>,
        width: u32,
        unsigned: bool,
    ) -> ValueId {
        let ft = self.ty(v);
        let (lo, hi) = if unsigned {
            (0.0, 2f64.powi(width as i32) - 1.0)
        } else {
            (
                -(2f64.powi(width as i32 - 1)),
                2f64.powi(width as i32 - 1) - 1.0,
            )
        };
        // Clamp in f64, where every bound is exact.
        let wide = self.ctx().float_type(FloatKind::F64);
        let x = if ft.float_kind() == Some(FloatKind::F64) {
            v
        } else {
            self.val(arith::ExtFOp::NAME, &[v], wide, &[])
        };
        let lo_c = self.float_of(wide, lo);
        let hi_c = self.float_of(wide, hi);
        let x = self.same(arith::MaxNumFOp::NAME, &[x, lo_c]);
        let x = self.same(arith::MinNumFOp::NAME, &[x, hi_c]);
        let name = if unsigned {
            arith::FPToUIOp::NAME
        } else {
            arith::FPToSIOp::NAME
        };
        self.val(name, &[x], to, &[])
    }
}
