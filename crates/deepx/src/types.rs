//! DeepX's types in Rust terms: data types (builtin scalar types; `bf8` is
//! `f8E5M2`, the 8-bit float with bf16's exponent width), unions, dimensions (static,
//! `?`, `?N`), tensor types with optional shape and data type, and the MLIR syntax of
//! `!deepx.tensor` and `!deepx.union`.
//!
//! Storage: a shape is an array attribute whose elements are `i64` integers (a static
//! size, `-1` for `?`) or strings (`"?N"`, a dimension variable).

use pto_ir::asm::OpAsmParser;
use pto_ir::printer::TypePrinter;
use pto_ir::{AttrKind, Attribute, Context, FloatKind, Signedness, Type, TypeKind, TypeParam};

use crate::{ListType, StringType, TensorType, UnionType};

/// A dimension of a tensor type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Dim {
    /// A size known when the program is written.
    Static(i64),
    /// `?`: any size.
    Any,
    /// `?N`: dimension variable `N`; equal wherever it appears in one function.
    Var(u32),
}

impl Dim {
    fn attr<'c>(self, ctx: &'c Context) -> Attribute<'c> {
        match self {
            Dim::Static(v) => ctx.int_attr(ctx.int_type(64), v as i128),
            Dim::Any => ctx.int_attr(ctx.int_type(64), -1),
            Dim::Var(n) => ctx.string_attr(&format!("?{n}")),
        }
    }
    fn from_attr(a: Attribute<'_>) -> Option<Self> {
        match *a.kind() {
            AttrKind::Integer { value: -1, .. } => Some(Dim::Any),
            AttrKind::Integer { value, .. } if value >= 0 => Some(Dim::Static(value as i64)),
            AttrKind::String { value, .. } => value
                .strip_prefix('?')
                .and_then(|n| n.parse().ok())
                .map(Dim::Var),
            _ => None,
        }
    }
    /// The size, when static.
    pub fn as_static(self) -> Option<i64> {
        match self {
            Dim::Static(v) => Some(v),
            _ => None,
        }
    }
}

impl std::fmt::Display for Dim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Dim::Static(v) => write!(f, "{v}"),
            Dim::Any => f.write_str("?"),
            Dim::Var(n) => write!(f, "?{n}"),
        }
    }
}

/// A `!deepx.tensor` type, unpacked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorInfo<'c> {
    /// The dimensions, if the shape is constrained.
    pub shape: Option<Vec<Dim>>,
    /// The data type (a scalar type or a union), if constrained.
    pub dtype: Option<Type<'c>>,
}

impl<'c> TensorInfo<'c> {
    /// Unpacks `t` if it is a `!deepx.tensor`.
    pub fn of(t: Type<'c>) -> Option<Self> {
        TensorType::from_type(t)?;
        let params = t.dialect_type()?.1;
        let shape = match params.first() {
            Some(TypeParam::Attr(a)) => Some(dims_of(*a)?),
            _ => None,
        };
        let dtype = params.get(1).and_then(|p| p.as_type());
        Some(TensorInfo { shape, dtype })
    }

    /// The type these parts describe.
    pub fn build(&self, ctx: &'c Context) -> Type<'c> {
        let shape = self.shape.as_ref().map_or(TypeParam::Absent, |dims| {
            let items: Vec<Attribute<'c>> = dims.iter().map(|d| d.attr(ctx)).collect();
            TypeParam::Attr(ctx.array_attr(&items))
        });
        let dtype = self.dtype.map_or(TypeParam::Absent, TypeParam::Type);
        TensorType::def().get(ctx, &[shape, dtype])
    }
}

fn dims_of(a: Attribute<'_>) -> Option<Vec<Dim>> {
    let AttrKind::Array(items) = *a.kind() else {
        return None;
    };
    items.iter().map(|&x| Dim::from_attr(x)).collect()
}

// ---- data types ------------------------------------------------------------------------

/// DeepX's data type names, in the order of its spec.
pub const DTYPE_NAMES: [&str; 11] = [
    "f16", "f32", "f64", "bf16", "bf8", "i8", "i16", "i32", "i64", "u8", "bool",
];

/// The type of DeepX data type `name` (also dxlang's scalar names `int`, `float`,
/// `string`).
pub fn dtype_from_name<'c>(ctx: &'c Context, name: &str) -> Option<Type<'c>> {
    let int = |w: u32, s: Signedness| {
        ctx.intern_type(TypeKind::Integer {
            width: w,
            signedness: s,
        })
    };
    Some(match name {
        "f16" => ctx.float_type(FloatKind::F16),
        "f32" | "float32" => ctx.float_type(FloatKind::F32),
        "f64" | "float64" | "float" => ctx.float_type(FloatKind::F64),
        "bf16" => ctx.float_type(FloatKind::BF16),
        "bf8" => ctx.float_type(FloatKind::F8E5M2),
        "i8" | "int8" => int(8, Signedness::Signless),
        "i16" | "int16" => int(16, Signedness::Signless),
        "i32" | "int32" => int(32, Signedness::Signless),
        "i64" | "int64" | "int" => int(64, Signedness::Signless),
        "u8" | "uint8" => int(8, Signedness::Unsigned),
        "bool" => int(1, Signedness::Signless),
        "string" => StringType::get(ctx).ty(),
        _ => return None,
    })
}

/// DeepX's name of a scalar data type (`f32`), if it is one.
pub fn dtype_name(t: Type<'_>) -> Option<&'static str> {
    Some(match *t.kind() {
        TypeKind::Integer { width, signedness } => match (width, signedness) {
            (1, Signedness::Signless) => "bool",
            (8, Signedness::Signless) => "i8",
            (16, Signedness::Signless) => "i16",
            (32, Signedness::Signless) => "i32",
            (64, Signedness::Signless) => "i64",
            (8, Signedness::Unsigned) => "u8",
            _ => return None,
        },
        TypeKind::Float(k) => match k {
            FloatKind::F16 => "f16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::BF16 => "bf16",
            FloatKind::F8E5M2 => "bf8",
            _ => return None,
        },
        _ => return None,
    })
}

/// The data types a (possibly union) data type stands for.
pub fn members(t: Type<'_>) -> Vec<Type<'_>> {
    match UnionType::from_type(t) {
        Some(_) => t
            .dialect_type()
            .map(|d| d.1[0].as_types().to_vec())
            .unwrap_or_default(),
        None => vec![t],
    }
}

/// Whether a data type (or every member of a union) satisfies `pred`; an
/// unconstrained data type (`None`) does, as DeepX matches it at run time.
pub fn all_members(t: Option<Type<'_>>, pred: impl Fn(Type<'_>) -> bool) -> bool {
    t.is_none_or(|t| members(t).into_iter().all(pred))
}

/// Whether `t` is a float data type of DeepX.
pub fn is_float_dtype(t: Type<'_>) -> bool {
    matches!(dtype_name(t), Some("f16" | "f32" | "f64" | "bf16" | "bf8"))
}

/// Whether `t` is an integer (or bool) data type of DeepX.
pub fn is_int_dtype(t: Type<'_>) -> bool {
    matches!(
        dtype_name(t),
        Some("i8" | "i16" | "i32" | "i64" | "u8" | "bool")
    )
}

/// The DeepX spelling of a type: `tensor<?1x?2xf32>`, `list<i32>`, `f32|f64`.
pub fn deepx_spelling(t: Type<'_>) -> String {
    if let Some(info) = TensorInfo::of(t) {
        return match (&info.shape, info.dtype) {
            (None, None) => "tensor".into(),
            (None, Some(d)) => format!("tensor<{}>", deepx_spelling(d)),
            (Some(s), d) => {
                let mut out = String::from("tensor<");
                for dim in s {
                    out.push_str(&format!("{dim}x"));
                }
                out.push_str(&d.map_or("?".into(), deepx_spelling));
                out.push('>');
                out
            }
        };
    }
    if ListType::from_type(t).is_some() {
        let e = t.dialect_type().and_then(|d| d.1[0].as_type());
        return format!("list<{}>", e.map_or("?".into(), deepx_spelling));
    }
    if StringType::from_type(t).is_some() {
        return "string".into();
    }
    if UnionType::from_type(t).is_some() {
        let names: Vec<String> = members(t).into_iter().map(deepx_spelling).collect();
        return names.join("|");
    }
    dtype_name(t).map_or_else(|| t.to_string(), str::to_string)
}

// ---- syntax ----------------------------------------------------------------------------

/// `!deepx.tensor`, `!deepx.tensor<f32>`, `!deepx.tensor<[?1, 4], f32>`,
/// `!deepx.tensor<[?1, 4]>`.
pub(crate) fn parse_type_tensor<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<TypeParam<'c>>, ()> {
    let ctx = p.context();
    let mut info = TensorInfo {
        shape: None,
        dtype: None,
    };
    if p.parse_optional_punct("<") {
        if p.parse_optional_punct("[") {
            let mut dims = Vec::new();
            if !p.parse_optional_punct("]") {
                loop {
                    dims.push(parse_dim(p)?);
                    if p.parse_optional_punct("]") {
                        break;
                    }
                    p.parse_punct(",")?;
                }
            }
            info.shape = Some(dims);
            if p.parse_optional_punct(",") {
                info.dtype = Some(p.parse_type()?);
            }
        } else {
            info.dtype = Some(p.parse_type()?);
        }
        p.parse_punct(">")?;
    }
    Ok(info
        .build(ctx)
        .dialect_type()
        .map(|d| d.1.to_vec())
        .unwrap_or_default())
}

fn parse_dim(p: &mut dyn OpAsmParser<'_>) -> Result<Dim, ()> {
    let pos = p.current_pos();
    if p.parse_optional_punct("?") {
        return match p.parse_optional_integer()? {
            Some(n) if (1..=i64::from(u32::MAX)).contains(&n) => Ok(Dim::Var(n as u32)),
            Some(n) => {
                p.emit_error_at(
                    pos,
                    &format!("dimension variable must be ?1 or above, got ?{n}"),
                );
                Err(())
            }
            None => Ok(Dim::Any),
        };
    }
    match p.parse_optional_integer()? {
        Some(v) if v >= 0 => Ok(Dim::Static(v)),
        _ => {
            p.emit_error_at(pos, "expected a dimension (a size, '?' or '?N')");
            Err(())
        }
    }
}

pub(crate) fn print_type_tensor(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    let shape = match params.first() {
        Some(TypeParam::Attr(a)) => dims_of(*a),
        _ => None,
    };
    let dtype = params.get(1).and_then(|t| t.as_type());
    if shape.is_none() && dtype.is_none() {
        return;
    }
    p.write("<");
    if let Some(s) = &shape {
        p.write("[");
        for (i, d) in s.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.write(&d.to_string());
        }
        p.write("]");
        if dtype.is_some() {
            p.write(", ");
        }
    }
    if let Some(t) = dtype {
        p.print_type(t);
    }
    p.write(">");
}

pub(crate) fn verify_type_tensor<'c>(
    _: &'c Context,
    params: &[TypeParam<'c>],
) -> Result<(), String> {
    if let Some(TypeParam::Attr(a)) = params.first() {
        dims_of(*a).ok_or("tensor shape must be an array of sizes, -1 (?) and \"?N\"")?;
    }
    if let Some(t) = params.get(1).and_then(|t| t.as_type()) {
        let ok = members(t).into_iter().all(|m| dtype_name(m).is_some());
        if !ok {
            return Err(format!(
                "tensor data type must be a DeepX data type or a union of them, got {t}"
            ));
        }
    }
    Ok(())
}

/// `!deepx.union<f32, f64>`.
pub(crate) fn parse_type_union<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<TypeParam<'c>>, ()> {
    p.parse_punct("<")?;
    let mut members = vec![p.parse_type()?];
    while p.parse_optional_punct(",") {
        members.push(p.parse_type()?);
    }
    p.parse_punct(">")?;
    Ok(vec![TypeParam::Types(p.context().alloc_types(&members))])
}

pub(crate) fn print_type_union(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    p.write("<");
    for (i, t) in params[0].as_types().iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(*t);
    }
    p.write(">");
}

pub(crate) fn verify_type_union<'c>(
    _: &'c Context,
    params: &[TypeParam<'c>],
) -> Result<(), String> {
    let members = params[0].as_types();
    if members.len() < 2 {
        return Err("a union has at least two members".into());
    }
    for (i, t) in members.iter().enumerate() {
        if dtype_name(*t).is_none() {
            return Err(format!("union member {t} is not a DeepX data type"));
        }
        if members[..i].contains(t) {
            return Err(format!("union member {t} appears twice"));
        }
    }
    Ok(())
}

/// A union of `members` (the type itself when there is one).
pub fn union_of<'c>(ctx: &'c Context, members: &[Type<'c>]) -> Type<'c> {
    match members {
        [one] => *one,
        _ => UnionType::def().get(ctx, &[TypeParam::Types(ctx.alloc_types(members))]),
    }
}

/// `!deepx.list<T>`.
pub fn list_of<'c>(ctx: &'c Context, element: Type<'c>) -> Type<'c> {
    ListType::def().get(ctx, &[TypeParam::Type(element)])
}

/// The element type of a `!deepx.list`.
pub fn list_element(t: Type<'_>) -> Option<Type<'_>> {
    ListType::from_type(t)?;
    t.dialect_type()?.1[0].as_type()
}

/// Whether a value of type `actual` may be passed where `declared` is expected: the
/// same type, or a tensor whose known shape and data type meet the declared
/// constraints (dimension variables are matched by `deepx-verify`, not here), or a
/// scalar whose data types are among the declared ones.
pub fn fits(actual: Type<'_>, declared: Type<'_>) -> bool {
    if actual == declared {
        return true;
    }
    if let (Some(a), Some(d)) = (TensorInfo::of(actual), TensorInfo::of(declared)) {
        let shape_ok = match (&a.shape, &d.shape) {
            (Some(a), Some(d)) => {
                a.len() == d.len()
                    && a.iter().zip(d).all(|(x, y)| match (x, y) {
                        (Dim::Static(x), Dim::Static(y)) => x == y,
                        _ => true,
                    })
            }
            _ => true,
        };
        let dtype_ok = match (a.dtype, d.dtype) {
            (Some(a), Some(d)) => {
                let allowed = members(d);
                members(a).iter().all(|m| allowed.contains(m))
            }
            _ => true,
        };
        return shape_ok && dtype_ok;
    }
    if let (Some(a), Some(d)) = (list_element(actual), list_element(declared)) {
        return fits(a, d);
    }
    let allowed = members(declared);
    allowed.iter().all(|m| dtype_name(*m).is_some())
        && members(actual).iter().all(|m| allowed.contains(m))
}
