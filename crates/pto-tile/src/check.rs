//! The checker the `pto` verifiers share: an op's operands by position or ODS group as
//! tiles, and the checks PTOAS repeats (address space, layout, element type, valid
//! shape), each failing with PTOAS's message at the op.

use crate::{BLayout, SLayout};
use pto_ir::verifier::op_error;
use pto_ir::{Body, Diagnostic, FloatKind, OpId, Signedness, Type, TypeKind, ValueId, DYNAMIC};

use super::{AddressSpace as AS, TileBufType};

pub(super) type VResult<'c> = Result<(), Diagnostic<'c>>;

/// The checker of one op: its operands by role.
pub(super) struct Check<'a, 'c> {
    /// The body holding the op.
    pub body: &'a Body<'c>,
    /// The op.
    pub op: OpId,
}

impl<'a, 'c> Check<'a, 'c> {
    pub(super) fn new(body: &'a Body<'c>, op: OpId) -> Self {
        Self { body, op }
    }
    /// The checker, unless an operand is lowered (a memref), when PTOAS checks nothing.
    pub(super) fn unlowered(body: &'a Body<'c>, op: OpId) -> Option<Self> {
        let c = Self::new(body, op);
        (!c.lowered()).then_some(c)
    }
    pub(super) fn err(&self, msg: &str) -> Diagnostic<'c> {
        op_error(self.body, self.op, msg)
    }
    pub(super) fn fail(&self, ok: bool, msg: &str) -> VResult<'c> {
        if ok {
            Ok(())
        } else {
            Err(self.err(msg))
        }
    }
    pub(super) fn ty(&self, i: usize) -> Type<'c> {
        self.body.value_type(self.body.operand(self.op, i))
    }
    pub(super) fn value(&self, i: usize) -> ValueId {
        self.body.operand(self.op, i)
    }
    /// The first operand of the ODS operand group `group`, if present.
    pub(super) fn named(&self, group: &str) -> Option<ValueId> {
        let spec = self.body.op_name(self.op).def.and_then(|d| d.spec)?;
        let g = spec.operands.iter().position(|o| o.name == group)?;
        pto_ir::ods::operand_group(spec, self.body, self.op, g)
            .first()
            .copied()
    }
    /// The type of the operand of group `group`, if present.
    pub(super) fn named_ty(&self, group: &str) -> Option<Type<'c>> {
        self.named(group).map(|v| self.body.value_type(v))
    }
    /// The operand of group `group` as a tile (absent or not a tile: an error).
    pub(super) fn named_tile(&self, group: &str) -> Result<TileBufType<'c>, Diagnostic<'c>> {
        self.tile_of(self.named(group), group)
    }
    /// Value `v` (named `name`) as a tile (absent or not a tile: an error).
    pub(super) fn tile_of(
        &self,
        v: Option<ValueId>,
        name: &str,
    ) -> Result<TileBufType<'c>, Diagnostic<'c>> {
        v.and_then(|v| TileBufType::from_type(self.body.value_type(v)))
            .ok_or_else(|| {
                self.err(&format!(
                    "expects {name} to be a !pto.tile_buf or rank-2 memref"
                ))
            })
    }
    /// PTOAS skips the checks when an operand is a memref (the lowered form).
    pub(super) fn lowered(&self) -> bool {
        self.body
            .operands(self.op)
            .any(|v| is_memref(self.body.value_type(v)))
    }
    /// Operand `i` (named `name`) as a tile.
    pub(super) fn tile(&self, i: usize, name: &str) -> Result<TileBufType<'c>, Diagnostic<'c>> {
        self.tile_of(Some(self.value(i)), name)
    }
    pub(super) fn vec(&self, t: TileBufType<'c>, name: &str) -> VResult<'c> {
        self.fail(
            t.loc() == AS::VEC,
            &format!("expects {name} to be in the vec address space"),
        )
    }
    pub(super) fn row_major(&self, t: TileBufType<'c>, name: &str) -> VResult<'c> {
        self.fail(
            t.blayout() == BLayout::RowMajor,
            &format!("expects {name} to use the row_major blayout"),
        )
    }
    /// In vec and row-major (what most vector-unit operands must be).
    pub(super) fn vec_row_major(&self, t: TileBufType<'c>, name: &str) -> VResult<'c> {
        self.vec(t, name)?;
        self.row_major(t, name)
    }
    pub(super) fn nd(&self, t: TileBufType<'c>, name: &str) -> VResult<'c> {
        self.vec_row_major(t, name)?;
        self.fail(
            t.slayout() == SLayout::NoneBox,
            &format!("expects {name} to use the none_box slayout"),
        )
    }
    pub(super) fn same_elem(
        &self,
        a: TileBufType<'c>,
        b: TileBufType<'c>,
        na: &str,
        nb: &str,
    ) -> VResult<'c> {
        self.same(a.dtype() == b.dtype(), [na, nb], "element type")
    }
    pub(super) fn same_valid(
        &self,
        a: TileBufType<'c>,
        b: TileBufType<'c>,
        na: &str,
        nb: &str,
    ) -> VResult<'c> {
        let agree = dims_agree(a.valid_rows(), b.valid_rows())
            && dims_agree(a.valid_cols(), b.valid_cols());
        self.same(agree, [na, nb], "valid_shape")
    }
    /// Fails unless `ok`: the operands `names` must have the same `what`.
    fn same(&self, ok: bool, [na, nb]: [&str; 2], what: &str) -> VResult<'c> {
        self.fail(
            ok,
            &format!("expects {na} and {nb} to have the same {what}"),
        )
    }
}

pub(super) fn is_memref(t: Type<'_>) -> bool {
    matches!(t.kind(), TypeKind::MemRef { .. })
}

/// The bit width of an integer or float type.
pub(super) fn width(t: Type<'_>) -> Option<u32> {
    t.int_width()
        .or_else(|| t.float_kind().map(FloatKind::width))
}

pub(super) fn float_is(t: Type<'_>, k: FloatKind) -> bool {
    t.float_kind() == Some(k)
}

pub(super) fn is_uint(t: Type<'_>, w: u32) -> bool {
    matches!(t.kind(), TypeKind::Integer { width, signedness: Signedness::Unsigned } if *width == w)
}

/// Static sizes agree; `?` agrees with anything.
pub(super) fn dims_agree(a: i64, b: i64) -> bool {
    a == DYNAMIC || b == DYNAMIC || a == b
}

pub(super) fn is_float(t: Type<'_>, widths: &[u32]) -> bool {
    t.is_float() && widths.contains(&width(t).unwrap_or(0))
}

/// An integer type (of any signedness) of one of `widths`.
pub(super) fn is_int(t: Type<'_>, widths: &[u32]) -> bool {
    t.is_integer() && widths.contains(&width(t).unwrap_or(0))
}
