//! [`MemRefDescriptor`]: reading and building MLIR's memref descriptor struct
//! `(allocated ptr, aligned ptr, offset, sizes[rank], strides[rank])` with
//! `llvm.extractvalue`/`llvm.insertvalue` (MLIR's `MemRefDescriptor`).

use smallvec::SmallVec;

use pto_dialects::llvm::{ConstantOp, ExtractValueOp, InsertValueOp, PoisonOp};
use pto_ir::builder::OpBuilder;
use pto_ir::{Location, Type, ValueId, DYNAMIC};

/// A memref descriptor value and its struct type.
#[derive(Copy, Clone, Debug)]
pub struct MemRefDescriptor<'c> {
    /// The descriptor (an `!llvm.struct`).
    pub value: ValueId,
    /// Its type.
    pub ty: Type<'c>,
}

impl<'c> MemRefDescriptor<'c> {
    /// The descriptor held by `value`.
    pub fn new(body: &pto_ir::Body<'c>, value: ValueId) -> Self {
        Self {
            value,
            ty: body.value_type(value),
        }
    }

    /// A descriptor of type `ty` with every field poison, to be filled in.
    pub fn poison(b: &mut OpBuilder<'_, 'c>, loc: Location<'c>, ty: Type<'c>) -> Self {
        let op = PoisonOp::build(b, loc, ty);
        Self {
            value: op.res(b.body()),
            ty,
        }
    }

    fn field_type(&self, position: &[i64]) -> Type<'c> {
        let fields = pto_dialects::llvm::LLVMStructType::from_type(self.ty)
            .map(|s| s.body())
            .unwrap_or(&[]);
        match position {
            [0] | [1] => fields[0],
            [2] => fields[2],
            _ => pto_dialects::llvm::LLVMArrayType::from_type(fields[3])
                .map_or(fields[2], |a| a.element_type()),
        }
    }

    fn extract(&self, b: &mut OpBuilder<'_, 'c>, loc: Location<'c>, position: &[i64]) -> ValueId {
        let ctx = b.context();
        let ty = self.field_type(position);
        let op = ExtractValueOp::build(b, loc, self.value, ty, ctx.dense_int_array(64, position));
        op.res(b.body())
    }

    fn insert(
        &mut self,
        b: &mut OpBuilder<'_, 'c>,
        loc: Location<'c>,
        position: &[i64],
        v: ValueId,
    ) {
        let ctx = b.context();
        let op = InsertValueOp::build(
            b,
            loc,
            self.value,
            v,
            self.ty,
            ctx.dense_int_array(64, position),
        );
        self.value = op.res(b.body());
    }

    /// The pointer the allocation returned (what `free` takes).
    pub fn allocated_ptr(&self, b: &mut OpBuilder<'_, 'c>, loc: Location<'c>) -> ValueId {
        self.extract(b, loc, &[0])
    }
    /// The aligned pointer the data is addressed from.
    pub fn aligned_ptr(&self, b: &mut OpBuilder<'_, 'c>, loc: Location<'c>) -> ValueId {
        self.extract(b, loc, &[1])
    }
    /// The offset, in elements, of the first element from the aligned pointer.
    pub fn offset(&self, b: &mut OpBuilder<'_, 'c>, loc: Location<'c>) -> ValueId {
        self.extract(b, loc, &[2])
    }
    /// The size of dimension `dim`.
    pub fn size(&self, b: &mut OpBuilder<'_, 'c>, loc: Location<'c>, dim: usize) -> ValueId {
        self.extract(b, loc, &[3, dim as i64])
    }
    /// The stride of dimension `dim`, in elements.
    pub fn stride(&self, b: &mut OpBuilder<'_, 'c>, loc: Location<'c>, dim: usize) -> ValueId {
        self.extract(b, loc, &[4, dim as i64])
    }

    /// Sets the allocated pointer.
    pub fn set_allocated_ptr(&mut self, b: &mut OpBuilder<'_, 'c>, loc: Location<'c>, v: ValueId) {
        self.insert(b, loc, &[0], v)
    }
    /// Sets the aligned pointer.
    pub fn set_aligned_ptr(&mut self, b: &mut OpBuilder<'_, 'c>, loc: Location<'c>, v: ValueId) {
        self.insert(b, loc, &[1], v)
    }
    /// Sets the offset.
    pub fn set_offset(&mut self, b: &mut OpBuilder<'_, 'c>, loc: Location<'c>, v: ValueId) {
        self.insert(b, loc, &[2], v)
    }
    /// Sets the size of dimension `dim`.
    pub fn set_size(
        &mut self,
        b: &mut OpBuilder<'_, 'c>,
        loc: Location<'c>,
        dim: usize,
        v: ValueId,
    ) {
        self.insert(b, loc, &[3, dim as i64], v)
    }
    /// Sets the stride of dimension `dim`.
    pub fn set_stride(
        &mut self,
        b: &mut OpBuilder<'_, 'c>,
        loc: Location<'c>,
        dim: usize,
        v: ValueId,
    ) {
        self.insert(b, loc, &[4, dim as i64], v)
    }

    /// Builds a descriptor of type `ty` from its fields in the order of the expanded
    /// calling convention: both pointers, the offset, all sizes, all strides.
    pub fn pack(
        b: &mut OpBuilder<'_, 'c>,
        loc: Location<'c>,
        ty: Type<'c>,
        fields: &[ValueId],
    ) -> Self {
        let rank = (fields.len() - 3) / 2;
        let mut d = Self::poison(b, loc, ty);
        d.set_allocated_ptr(b, loc, fields[0]);
        d.set_aligned_ptr(b, loc, fields[1]);
        d.set_offset(b, loc, fields[2]);
        // Size and stride of each dimension together, as MLIR orders them.
        for i in 0..rank {
            d.set_size(b, loc, i, fields[3 + i]);
            d.set_stride(b, loc, i, fields[3 + rank + i]);
        }
        d
    }

    /// Builds a descriptor of type `ty` as MLIR's `createMemRefDescriptor` does: both
    /// pointers, the constant offset `offset` (an `index`-typed constant of type
    /// `index`), then all sizes, then all strides.
    #[allow(clippy::too_many_arguments)]
    pub fn from_parts(
        b: &mut OpBuilder<'_, 'c>,
        loc: Location<'c>,
        ty: Type<'c>,
        (allocated, aligned): (ValueId, ValueId),
        index: Type<'c>,
        offset: i64,
        sizes: &[ValueId],
        strides: &[ValueId],
    ) -> Self {
        let mut d = Self::poison(b, loc, ty);
        d.set_allocated_ptr(b, loc, allocated);
        d.set_aligned_ptr(b, loc, aligned);
        let offset = index_constant(b, loc, index, offset);
        d.set_offset(b, loc, offset);
        for (i, &s) in sizes.iter().enumerate() {
            d.set_size(b, loc, i, s);
        }
        for (i, &s) in strides.iter().enumerate() {
            d.set_stride(b, loc, i, s);
        }
        d
    }

    /// The fields of a descriptor of `rank` dimensions in the order of the expanded
    /// calling convention ([`pack`](Self::pack) reversed).
    pub fn unpack(
        &self,
        b: &mut OpBuilder<'_, 'c>,
        loc: Location<'c>,
        rank: usize,
    ) -> SmallVec<[ValueId; 8]> {
        let mut out: SmallVec<[ValueId; 8]> = SmallVec::new();
        out.push(self.allocated_ptr(b, loc));
        out.push(self.aligned_ptr(b, loc));
        out.push(self.offset(b, loc));
        for i in 0..rank {
            out.push(self.size(b, loc, i));
        }
        for i in 0..rank {
            out.push(self.stride(b, loc, i));
        }
        out
    }

    /// The stride of `dim`: a constant when the type knows it (`known` is not
    /// [`DYNAMIC`]), else read from the descriptor.
    pub fn stride_or_const(
        &self,
        b: &mut OpBuilder<'_, 'c>,
        loc: Location<'c>,
        dim: usize,
        known: i64,
        index: Type<'c>,
    ) -> ValueId {
        self.field_or_const(b, loc, 4, dim, known, index)
    }

    /// The size of `dim`, as [`stride_or_const`](Self::stride_or_const) does.
    pub fn size_or_const(
        &self,
        b: &mut OpBuilder<'_, 'c>,
        loc: Location<'c>,
        dim: usize,
        known: i64,
        index: Type<'c>,
    ) -> ValueId {
        self.field_or_const(b, loc, 3, dim, known, index)
    }

    /// Element `dim` of descriptor array `field` (3 sizes, 4 strides), or the constant
    /// `known` when it is not [`DYNAMIC`].
    fn field_or_const(
        &self,
        b: &mut OpBuilder<'_, 'c>,
        loc: Location<'c>,
        field: i64,
        dim: usize,
        known: i64,
        index: Type<'c>,
    ) -> ValueId {
        if known == DYNAMIC {
            self.extract(b, loc, &[field, dim as i64])
        } else {
            index_constant(b, loc, index, known)
        }
    }
}

/// `llvm.mlir.constant(v : index) : iN`, the way MLIR's lowerings write index constants.
pub fn index_constant<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    ty: Type<'c>,
    v: i64,
) -> ValueId {
    let ctx = b.context();
    let op = ConstantOp::build(b, loc, ty, ctx.int_attr(ctx.index_type(), i128::from(v)));
    op.res(b.body())
}

/// `llvm.mlir.constant(v : ty) : ty`.
pub fn int_constant<'c>(
    b: &mut OpBuilder<'_, 'c>,
    loc: Location<'c>,
    ty: Type<'c>,
    v: i64,
) -> ValueId {
    let ctx = b.context();
    let op = ConstantOp::build(b, loc, ty, ctx.int_attr(ty, i128::from(v)));
    op.res(b.body())
}
