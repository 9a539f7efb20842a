//! PyPTO's types in Rust terms: data types (builtin scalar types plus HF4/HF8), shapes
//! with symbolic sizes, placements (`MemRef`) and tile views, and the custom syntax of
//! `!pypto.tensor` and `!pypto.tile`.
//!
//! Storage: a shape is an array attribute whose elements are `i64` integers or strings
//! (symbolic sizes); a placement is `[space, addr, size, id]` of `i64`s; a tile view
//! `[valid, stride, offset]` with two shapes and one size.

use pto_ir::asm::OpAsmParser;
use pto_ir::printer::TypePrinter;
use pto_ir::{AttrKind, Attribute, Context, FloatKind, Signedness, Type, TypeKind, TypeParam};

use super::{HF4Type, HF8Type, TensorType, TileType};

/// A dimension: a known size or the name of a symbolic one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Dim<'c> {
    /// A size known at compile time.
    Const(i64),
    /// A size named by a variable (`n` in `pl.Tensor[[n, 8], pl.FP32]`).
    Sym(&'c str),
}

impl<'c> Dim<'c> {
    /// The size, when known.
    pub fn as_const(self) -> Option<i64> {
        match self {
            Dim::Const(v) => Some(v),
            Dim::Sym(_) => None,
        }
    }
    fn attr(self, ctx: &'c Context) -> Attribute<'c> {
        match self {
            Dim::Const(v) => ctx.int_attr(ctx.int_type(64), v as i128),
            Dim::Sym(s) => ctx.string_attr(s),
        }
    }
    fn from_attr(a: Attribute<'c>) -> Option<Self> {
        match *a.kind() {
            AttrKind::Integer { value, .. } => Some(Dim::Const(value as i64)),
            AttrKind::String { value, .. } => Some(Dim::Sym(value)),
            _ => None,
        }
    }
}

impl std::fmt::Display for Dim<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Dim::Const(v) => write!(f, "{v}"),
            Dim::Sym(s) => f.write_str(s),
        }
    }
}

/// A placement: PyPTO's `MemRef(space, addr, size, id)`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MemRef {
    /// The value of its [`MemorySpace`](crate::MemorySpace) (kept as written so that the
    /// verifier can report an unknown one).
    pub space: i64,
    /// Base address in bytes.
    pub addr: i64,
    /// Size in bytes.
    pub size: i64,
    /// Buffer id: equal ids are one buffer.
    pub id: i64,
}

impl MemRef {
    /// The space's name (`UB`).
    pub fn space_name(&self) -> &'static str {
        crate::MemorySpace::from_value(self.space).map_or("?", crate::MemorySpace::keyword)
    }
    fn attr<'c>(&self, ctx: &'c Context) -> Attribute<'c> {
        let i64t = ctx.int_type(64);
        let items =
            [self.space, self.addr, self.size, self.id].map(|v| ctx.int_attr(i64t, v as i128));
        ctx.array_attr(&items)
    }
    fn from_attr(a: Attribute<'_>) -> Option<Self> {
        let AttrKind::Array(items) = *a.kind() else {
            return None;
        };
        let ints: Vec<i64> = items
            .iter()
            .filter_map(|x| x.as_int().map(|v| v as i64))
            .collect();
        match ints[..] {
            [space, addr, size, id] if items.len() == 4 => Some(MemRef {
                space,
                addr,
                size,
                id,
            }),
            _ => None,
        }
    }
}

/// A tile view: PyPTO's `TileView(valid_shape, stride, start_offset)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TileView<'c> {
    /// The valid part of the tile.
    pub valid: Vec<Dim<'c>>,
    /// Element strides per dimension.
    pub stride: Vec<Dim<'c>>,
    /// The first element's offset.
    pub offset: Dim<'c>,
}

/// A tensor or tile type, unpacked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shaped<'c> {
    /// Tile (true) or tensor.
    pub is_tile: bool,
    /// The dimensions.
    pub shape: Vec<Dim<'c>>,
    /// The element type.
    pub dtype: Type<'c>,
    /// The placement, if any.
    pub memref: Option<MemRef>,
    /// The view (tiles only), if any.
    pub view: Option<TileView<'c>>,
}

impl<'c> Shaped<'c> {
    /// Unpacks `t` if it is a `!pypto.tensor` or `!pypto.tile`.
    pub fn of(t: Type<'c>) -> Option<Self> {
        let is_tile = if TensorType::from_type(t).is_some() {
            false
        } else if TileType::from_type(t).is_some() {
            true
        } else {
            return None;
        };
        let params = t.dialect_type()?.1;
        let shape = dims_of(params[0].as_attr()?)?;
        let dtype = params[1].as_type()?;
        let memref = match params[2] {
            TypeParam::Attr(a) => Some(MemRef::from_attr(a)?),
            _ => None,
        };
        let view = match params.get(3) {
            Some(TypeParam::Attr(a)) => Some(view_of(*a)?),
            _ => None,
        };
        Some(Shaped {
            is_tile,
            shape,
            dtype,
            memref,
            view,
        })
    }

    /// A tensor type.
    pub fn tensor(shape: Vec<Dim<'c>>, dtype: Type<'c>) -> Self {
        Shaped {
            is_tile: false,
            shape,
            dtype,
            memref: None,
            view: None,
        }
    }

    /// A tile type.
    pub fn tile(shape: Vec<Dim<'c>>, dtype: Type<'c>) -> Self {
        Shaped {
            is_tile: true,
            ..Shaped::tensor(shape, dtype)
        }
    }

    /// The static sizes, if every dimension is known.
    pub fn static_shape(&self) -> Option<Vec<i64>> {
        self.shape.iter().map(|d| d.as_const()).collect()
    }

    /// The type these parts describe.
    pub fn build(&self, ctx: &'c Context) -> Type<'c> {
        let shape = dims_attr(ctx, &self.shape);
        let memref = self
            .memref
            .map_or(TypeParam::Absent, |m| TypeParam::Attr(m.attr(ctx)));
        if self.is_tile {
            let view = self.view.as_ref().map_or(TypeParam::Absent, |v| {
                let items = [
                    dims_attr(ctx, &v.valid),
                    dims_attr(ctx, &v.stride),
                    v.offset.attr(ctx),
                ];
                TypeParam::Attr(ctx.array_attr(&items))
            });
            TileType::def().get(
                ctx,
                &[
                    TypeParam::Attr(shape),
                    TypeParam::Type(self.dtype),
                    memref,
                    view,
                ],
            )
        } else {
            TensorType::def().get(
                ctx,
                &[TypeParam::Attr(shape), TypeParam::Type(self.dtype), memref],
            )
        }
    }
}

fn dims_attr<'c>(ctx: &'c Context, dims: &[Dim<'c>]) -> Attribute<'c> {
    let items: Vec<Attribute<'c>> = dims.iter().map(|d| d.attr(ctx)).collect();
    ctx.array_attr(&items)
}

fn dims_of(a: Attribute<'_>) -> Option<Vec<Dim<'_>>> {
    let AttrKind::Array(items) = *a.kind() else {
        return None;
    };
    items.iter().map(|&x| Dim::from_attr(x)).collect()
}

fn view_of(a: Attribute<'_>) -> Option<TileView<'_>> {
    let AttrKind::Array(&[valid, stride, offset]) = *a.kind() else {
        return None;
    };
    Some(TileView {
        valid: dims_of(valid)?,
        stride: dims_of(stride)?,
        offset: Dim::from_attr(offset)?,
    })
}

// ---- data types ------------------------------------------------------------------------

/// PyPTO's data types by their names in the Python syntax, with the type of each.
pub const DTYPE_NAMES: [&str; 19] = [
    "INT4", "INT8", "INT16", "INT32", "INT64", "UINT4", "UINT8", "UINT16", "UINT32", "UINT64",
    "FP4", "FP8", "FP16", "FP32", "FP64", "BF16", "HF4", "HF8", "BOOL",
];

/// The type of the PyPTO data type `name` (`INT64`, `FP32`, ...; the long spellings
/// `Int64`, `BFloat16`, `Bool` of older printers too).
pub fn dtype_from_name<'c>(ctx: &'c Context, name: &str) -> Option<Type<'c>> {
    let int = |w: u32, s: Signedness| {
        ctx.intern_type(TypeKind::Integer {
            width: w,
            signedness: s,
        })
    };
    let upper = name.to_ascii_uppercase();
    let canonical = match upper.as_str() {
        "BFLOAT16" => "BF16",
        "FLOAT16" => "FP16",
        "FLOAT32" => "FP32",
        "FLOAT64" => "FP64",
        u => u,
    };
    Some(match canonical {
        "INT4" => int(4, Signedness::Signless),
        "INT8" => int(8, Signedness::Signless),
        "INT16" => int(16, Signedness::Signless),
        "INT32" => int(32, Signedness::Signless),
        "INT64" => int(64, Signedness::Signless),
        "UINT4" => int(4, Signedness::Unsigned),
        "UINT8" => int(8, Signedness::Unsigned),
        "UINT16" => int(16, Signedness::Unsigned),
        "UINT32" => int(32, Signedness::Unsigned),
        "UINT64" => int(64, Signedness::Unsigned),
        "BOOL" => int(1, Signedness::Signless),
        "FP4" => ctx.float_type(FloatKind::F4E2M1FN),
        "FP8" => ctx.float_type(FloatKind::F8E4M3FN),
        "FP16" => ctx.float_type(FloatKind::F16),
        "FP32" => ctx.float_type(FloatKind::F32),
        "FP64" => ctx.float_type(FloatKind::F64),
        "BF16" => ctx.float_type(FloatKind::BF16),
        "HF4" => HF4Type::get(ctx).ty(),
        "HF8" => HF8Type::get(ctx).ty(),
        _ => return None,
    })
}

/// The PyPTO name of a scalar type (`INT64`), if it is one.
pub fn dtype_name(t: Type<'_>) -> Option<&'static str> {
    Some(match *t.kind() {
        TypeKind::Integer { width, signedness } => match (width, signedness) {
            (1, Signedness::Signless) => "BOOL",
            (4, Signedness::Signless) => "INT4",
            (8, Signedness::Signless) => "INT8",
            (16, Signedness::Signless) => "INT16",
            (32, Signedness::Signless) => "INT32",
            (64, Signedness::Signless) => "INT64",
            (4, Signedness::Unsigned) => "UINT4",
            (8, Signedness::Unsigned) => "UINT8",
            (16, Signedness::Unsigned) => "UINT16",
            (32, Signedness::Unsigned) => "UINT32",
            (64, Signedness::Unsigned) => "UINT64",
            _ => return None,
        },
        TypeKind::Float(k) => match k {
            FloatKind::F4E2M1FN => "FP4",
            FloatKind::F8E4M3FN => "FP8",
            FloatKind::F16 => "FP16",
            FloatKind::F32 => "FP32",
            FloatKind::F64 => "FP64",
            FloatKind::BF16 => "BF16",
            _ => return None,
        },
        _ if HF4Type::from_type(t).is_some() => "HF4",
        _ if HF8Type::from_type(t).is_some() => "HF8",
        _ => return None,
    })
}

/// The size in bits of a scalar data type.
pub fn dtype_bits(t: Type<'_>) -> Option<u32> {
    match *t.kind() {
        TypeKind::Integer { width, .. } => Some(width.max(8)),
        TypeKind::Float(k) => Some(match k {
            FloatKind::F4E2M1FN => 4,
            FloatKind::F8E4M3FN => 8,
            FloatKind::F16 | FloatKind::BF16 => 16,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
            _ => return None,
        }),
        _ if HF4Type::from_type(t).is_some() => Some(4),
        _ if HF8Type::from_type(t).is_some() => Some(8),
        _ => None,
    }
}

// ---- syntax ----------------------------------------------------------------------------

/// `[d, d, ...]` where `d` is an integer or a name.
fn parse_dims<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<Dim<'c>>, ()> {
    p.parse_punct("[")?;
    let mut dims = Vec::new();
    if p.parse_optional_punct("]") {
        return Ok(dims);
    }
    loop {
        dims.push(parse_dim(p)?);
        if p.parse_optional_punct("]") {
            return Ok(dims);
        }
        p.parse_punct(",")?;
    }
}

fn parse_dim<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Dim<'c>, ()> {
    if let Some(v) = p.parse_optional_integer()? {
        return Ok(Dim::Const(v));
    }
    match p.parse_optional_any_keyword() {
        Some(k) => Ok(Dim::Sym(p.context().alloc_str(&k))),
        None => {
            p.emit_error("expected a dimension (an integer or a name)");
            Err(())
        }
    }
}

fn print_dims(p: &mut TypePrinter<'_>, dims: &[Dim<'_>]) {
    p.write("[");
    for (i, d) in dims.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.write(&d.to_string());
    }
    p.write("]");
}

/// `<SPACE, addr, size, id>`.
fn parse_memref(p: &mut dyn OpAsmParser<'_>) -> Result<MemRef, ()> {
    p.parse_punct("<")?;
    let pos = p.current_pos();
    let name = p.parse_optional_any_keyword().unwrap_or_default();
    let Some(space) = crate::MemorySpace::from_keyword(&name).map(crate::MemorySpace::value) else {
        p.emit_error_at(pos, "expected a memory space (DDR, UB, L1, L0A, L0B, L0C)");
        return Err(());
    };
    let mut ints = [0i64; 3];
    for v in &mut ints {
        p.parse_punct(",")?;
        match p.parse_optional_integer()? {
            Some(x) => *v = x,
            None => {
                p.emit_error("expected an integer");
                return Err(());
            }
        }
    }
    p.parse_punct(">")?;
    Ok(MemRef {
        space,
        addr: ints[0],
        size: ints[1],
        id: ints[2],
    })
}

fn print_memref(p: &mut TypePrinter<'_>, m: &MemRef) {
    p.write(&format!(
        "memref = <{}, {}, {}, {}>",
        m.space_name(),
        m.addr,
        m.size,
        m.id
    ));
}

/// `<valid = [..], stride = [..], offset = d>`.
fn parse_view<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<TileView<'c>, ()> {
    p.parse_punct("<")?;
    p.parse_keyword("valid")?;
    p.parse_punct("=")?;
    let valid = parse_dims(p)?;
    p.parse_punct(",")?;
    p.parse_keyword("stride")?;
    p.parse_punct("=")?;
    let stride = parse_dims(p)?;
    p.parse_punct(",")?;
    p.parse_keyword("offset")?;
    p.parse_punct("=")?;
    let offset = parse_dim(p)?;
    p.parse_punct(">")?;
    Ok(TileView {
        valid,
        stride,
        offset,
    })
}

fn parse_shaped<'c>(p: &mut dyn OpAsmParser<'c>, is_tile: bool) -> Result<Shaped<'c>, ()> {
    p.parse_punct("<")?;
    let shape = parse_dims(p)?;
    p.parse_punct(",")?;
    let dtype = p.parse_type()?;
    let mut s = Shaped {
        is_tile,
        shape,
        dtype,
        memref: None,
        view: None,
    };
    while p.parse_optional_punct(",") {
        let pos = p.current_pos();
        match p.parse_optional_any_keyword().as_deref() {
            Some("memref") if s.memref.is_none() => {
                p.parse_punct("=")?;
                s.memref = Some(parse_memref(p)?);
            }
            Some("view") if is_tile && s.view.is_none() => {
                p.parse_punct("=")?;
                s.view = Some(parse_view(p)?);
            }
            _ => {
                let keys = if is_tile {
                    "'memref' or 'view'"
                } else {
                    "'memref'"
                };
                p.emit_error_at(pos, &format!("expected {keys} (once each)"));
                return Err(());
            }
        }
    }
    p.parse_punct(">")?;
    Ok(s)
}

fn params_of<'c>(ctx: &'c Context, s: &Shaped<'c>) -> Vec<TypeParam<'c>> {
    s.build(ctx)
        .dialect_type()
        .map(|d| d.1.to_vec())
        .unwrap_or_default()
}

fn print_shaped(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    let shape = params[0].as_attr().and_then(dims_of).unwrap_or_default();
    p.write("<");
    print_dims(p, &shape);
    p.write(", ");
    if let Some(t) = params[1].as_type() {
        p.print_type(t);
    }
    if let TypeParam::Attr(a) = params[2] {
        if let Some(m) = MemRef::from_attr(a) {
            p.write(", ");
            print_memref(p, &m);
        }
    }
    if let Some(TypeParam::Attr(a)) = params.get(3) {
        if let Some(v) = view_of(*a) {
            p.write(", view = <valid = ");
            print_dims(p, &v.valid);
            p.write(", stride = ");
            print_dims(p, &v.stride);
            p.write(&format!(", offset = {}>", v.offset));
        }
    }
    p.write(">");
}

fn verify_shaped(what: &str, params: &[TypeParam<'_>]) -> Result<(), String> {
    let shape = params[0]
        .as_attr()
        .and_then(dims_of)
        .ok_or_else(|| format!("{what} shape must be an array of integers and names"))?;
    if let Some(d) = shape.iter().find_map(|d| d.as_const().filter(|&v| v < 0)) {
        return Err(format!("{what} dimensions must be non-negative, got {d}"));
    }
    let dtype = params[1].as_type();
    if dtype.and_then(dtype_name).is_none() {
        return Err(format!("{what} element type must be a PyPTO data type"));
    }
    if let TypeParam::Attr(a) = params[2] {
        let m = MemRef::from_attr(a).ok_or("memref must be [space, addr, size, id]")?;
        if crate::MemorySpace::from_value(m.space).is_none() {
            return Err(format!("unknown memory space {}", m.space));
        }
        if m.size < 0 || m.addr < 0 {
            return Err("memref address and size must be non-negative".into());
        }
    }
    Ok(())
}

pub(super) fn parse_type_tensor<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<TypeParam<'c>>, ()> {
    let s = parse_shaped(p, false)?;
    Ok(params_of(p.context(), &s))
}
pub(super) fn print_type_tensor(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    print_shaped(p, params)
}
pub(super) fn verify_type_tensor<'c>(
    _: &'c Context,
    params: &[TypeParam<'c>],
) -> Result<(), String> {
    verify_shaped("tensor", params)
}
pub(super) fn parse_type_tile<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<TypeParam<'c>>, ()> {
    let s = parse_shaped(p, true)?;
    Ok(params_of(p.context(), &s))
}
pub(super) fn print_type_tile(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    print_shaped(p, params)
}
pub(super) fn verify_type_tile<'c>(_: &'c Context, params: &[TypeParam<'c>]) -> Result<(), String> {
    verify_shaped("tile", params)?;
    let rank = params[0].as_attr().and_then(dims_of).map_or(0, |d| d.len());
    if rank > 2 {
        return Err(format!("tile must have at most 2 dimensions, got {rank}"));
    }
    if let Some(TypeParam::Attr(a)) = params.get(3) {
        let v = view_of(*a).ok_or("view must be [valid, stride, offset]")?;
        if v.valid.len() != rank || v.stride.len() != rank {
            return Err("tile view must have one valid size and one stride per dimension".into());
        }
    }
    Ok(())
}
