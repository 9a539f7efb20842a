//! Building `pypto` IR from Rust (what the lowerings write): constants, registered ops
//! with their result types deduced (`infer.rs`), scalar arithmetic and `scf.for` loops
//! over `i64` as the Python importer builds them.

use pto_ir::builder::OpBuilder;
use pto_ir::{Attribute, Diagnostic, InsertPoint, Location, NamedAttribute, OpId, Type, ValueId};

use super::infer::{self, Arg, Kwargs};
use super::ConstOp;
use pto_dialects::scf;

/// Keyword arguments given as (name, value) pairs.
struct Attrs<'a, 'c>(&'a [(&'a str, Attribute<'c>)]);

impl<'c> Kwargs<'c> for Attrs<'_, 'c> {
    fn get(&self, name: &str) -> Option<Attribute<'c>> {
        self.0.iter().find(|(k, _)| *k == name).map(|(_, v)| *v)
    }
}

/// A `pypto` builder: an [`OpBuilder`] and the location of what it creates.
pub struct PyptoBuilder<'e, 'b, 'c> {
    /// The underlying builder.
    pub b: &'e mut OpBuilder<'b, 'c>,
    /// The location of created ops.
    pub loc: Location<'c>,
}

impl<'e, 'b, 'c> PyptoBuilder<'e, 'b, 'c> {
    /// A builder inserting at `at`, with location `loc`.
    pub fn new(b: &'e mut OpBuilder<'b, 'c>, at: InsertPoint, loc: Location<'c>) -> Self {
        b.set_insertion_point(at);
        Self { b, loc }
    }

    /// `pypto.const v : i64`.
    pub fn i64(&mut self, v: i64) -> ValueId {
        let ctx = self.b.context();
        let t = ctx.int_type(64);
        let op = ConstOp::build(self.b, self.loc, t, ctx.int_attr(t, v as i128));
        self.b.body().result(op.0, 0)
    }

    /// The scalar op `name` (`MulOp::NAME`, ...) of two operands of one type.
    pub fn scalar(&mut self, name: &str, a: ValueId, b: ValueId) -> ValueId {
        let t = self.b.body().value_type(a);
        let mut st = self.b.state(name, self.loc);
        st.operands.extend_from_slice(&[a, b]);
        st.result_types.push(t);
        let op = self.b.create(st);
        self.b.body().result(op, 0)
    }

    /// `a * k` for a constant `k` (`a` itself for 1).
    pub fn scalar_mul(&mut self, a: ValueId, k: i64) -> ValueId {
        if k == 1 {
            return a;
        }
        let kv = self.i64(k);
        self.scalar(crate::MulOp::NAME, a, kv)
    }

    /// The registered op `name` (`BlockLoadOp::NAME`) on `operands` with
    /// keyword arguments `kwargs`, its result types deduced. A deduction failure is an
    /// error at the builder's location.
    pub fn registered(
        &mut self,
        name: &str,
        operands: &[ValueId],
        kwargs: &[(&str, Attribute<'c>)],
    ) -> Result<OpId, Diagnostic<'c>> {
        let ctx = self.b.context();
        let args: Vec<Arg<'c>> = operands
            .iter()
            .map(|&v| infer::arg_of(self.b.body(), v))
            .collect();
        let types = infer::deduce(ctx, name, &args, &Attrs(kwargs)).map_err(|e| {
            let shown = name.strip_prefix("pypto.").unwrap_or(name);
            Diagnostic::error(self.loc, format!("cannot build {shown}: {}", e.message))
        })?;
        let mut st = self.b.state(name, self.loc);
        st.operands.extend_from_slice(operands);
        st.result_types.extend(types);
        if !kwargs.is_empty() {
            st.props = Some(ctx.dictionary_of(kwargs));
        }
        Ok(self.b.create(st))
    }

    /// Like [`PyptoBuilder::registered`] for a one-result op: the result.
    pub fn value(
        &mut self,
        name: &str,
        operands: &[ValueId],
        kwargs: &[(&str, Attribute<'c>)],
    ) -> Result<ValueId, Diagnostic<'c>> {
        let op = self.registered(name, operands, kwargs)?;
        Ok(self.b.body().result(op, 0))
    }

    /// An `i64` attribute (a kwarg value).
    pub fn int_kw(&self, v: i64) -> Attribute<'c> {
        let ctx = self.b.context();
        ctx.int_attr(ctx.int_type(64), v as i128)
    }

    /// A boolean attribute (a kwarg value: `i1`, as `true`/`false` parse).
    pub fn bool_kw(&self, v: bool) -> Attribute<'c> {
        let ctx = self.b.context();
        ctx.int_attr(ctx.int_type(1), i128::from(v))
    }

    /// `tensor.create` of a `rows x cols` tensor of `dtype`.
    pub fn create_matrix(
        &mut self,
        [rows, cols]: [i64; 2],
        dtype: Type<'c>,
    ) -> Result<ValueId, Diagnostic<'c>> {
        let ctx = self.b.context();
        let (r, c) = (self.i64(rows), self.i64(cols));
        self.value(
            crate::TensorCreateOp::NAME,
            &[r, c],
            &[("dtype", ctx.type_attr(dtype))],
        )
    }

    /// `tensor.reshape` of `v` to the static `shape` (the same row-major elements).
    pub fn reshape(&mut self, v: ValueId, shape: &[i64]) -> Result<ValueId, Diagnostic<'c>> {
        let mut operands = vec![v];
        operands.extend(shape.iter().map(|&d| self.i64(d)));
        self.value(crate::TensorReshapeOp::NAME, &operands, &[])
    }

    /// `scf.for %i = lb to ub step 1 iter_args(inits)` over `i64`, with `names` (loop
    /// variable, then iter_args) kept in `pypto.arg_names` as the importer does. `body`
    /// gets the builder inside the loop, the induction variable and the carried values,
    /// and returns the yielded ones. Returns the loop's results.
    pub fn for_loop(
        &mut self,
        lb: i64,
        ub: i64,
        inits: &[ValueId],
        names: &[&str],
        body: impl FnOnce(&mut Self, ValueId, &[ValueId]) -> Result<Vec<ValueId>, Diagnostic<'c>>,
    ) -> Result<Vec<ValueId>, Diagnostic<'c>> {
        let (lbv, ubv) = (self.i64(lb), self.i64(ub));
        self.for_range(lbv, ubv, inits, names, body)
    }

    /// Like [`PyptoBuilder::for_loop`] between `i64` values.
    pub fn for_range(
        &mut self,
        lbv: ValueId,
        ubv: ValueId,
        inits: &[ValueId],
        names: &[&str],
        body: impl FnOnce(&mut Self, ValueId, &[ValueId]) -> Result<Vec<ValueId>, Diagnostic<'c>>,
    ) -> Result<Vec<ValueId>, Diagnostic<'c>> {
        let ctx = self.b.context();
        let step = self.i64(1);
        let types: Vec<Type<'c>> = inits.iter().map(|&v| self.b.body().value_type(v)).collect();
        let (region, block) = self.b.create_region_with_block();
        let loc = self.loc;
        let iv = self
            .b
            .body()
            .add_block_argument(block, ctx.int_type(64), loc);
        let args: Vec<ValueId> = types
            .iter()
            .map(|&t| self.b.body().add_block_argument(block, t, loc))
            .collect();
        let mut st = self.b.state(scf::ForOp::NAME, loc);
        st.operands.extend_from_slice(&[lbv, ubv, step]);
        st.operands.extend_from_slice(inits);
        st.result_types.extend_from_slice(&types);
        st.regions.push(region);
        if !names.is_empty() {
            let items: Vec<Attribute<'c>> = names.iter().map(|n| ctx.string_attr(n)).collect();
            let arr = ctx.array_attr(&items);
            st.attrs = ctx.dictionary(&[NamedAttribute {
                name: ctx.ident(super::ARG_NAMES_ATTR),
                value: arr,
            }]);
        }
        let for_op = self.b.create(st);
        let saved = self.b.insertion_point();
        self.b.set_insertion_point(InsertPoint::BlockEnd(block));
        let yielded = body(self, iv, &args)?;
        let mut y = self.b.state(scf::YieldOp::NAME, loc);
        y.operands.extend_from_slice(&yielded);
        self.b.create(y);
        self.b
            .set_insertion_point(saved.unwrap_or(InsertPoint::After(for_op)));
        Ok(self.b.body().results(for_op).collect())
    }
}
