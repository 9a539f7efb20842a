//! The shape rules of `harp_graph`'s operators: numpy broadcasting, reductions that
//! keep their axis, and what each movement makes of a shape. Sizes are integers or
//! symbolic names; a rule that needs a size's value (padding one, say) says so.

use pto_ir::{Attribute, Body, Context, OpId, Type};

use super::{
    BinaryKind, BinaryKindAttr, MoveKind, MoveKindAttr, ReduceKindAttr, TensorType, UnaryKind,
    UnaryKindAttr,
};

/// A size: known, or the name of a symbolic size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dim<'c> {
    /// A known size.
    Static(i64),
    /// A symbolic size (`M`).
    Sym(&'c str),
}

impl std::fmt::Display for Dim<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Dim::Static(n) => write!(f, "{n}"),
            Dim::Sym(s) => f.write_str(s),
        }
    }
}

/// A tensor type's parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorInfo<'c> {
    /// Its sizes.
    pub shape: Vec<Dim<'c>>,
    /// Its element type.
    pub dtype: Type<'c>,
}

impl<'c> TensorInfo<'c> {
    /// The parts of a `!harp_graph.tensor`.
    pub fn of(t: Type<'c>) -> Option<Self> {
        let tt = TensorType::from_type(t)?;
        let shape = tt
            .shape()
            .as_array()?
            .iter()
            .map(|d| match d.as_str() {
                Some(s) => Dim::Sym(s),
                None => Dim::Static(d.as_int().unwrap_or(0) as i64),
            })
            .collect();
        Some(TensorInfo {
            shape,
            dtype: tt.dtype(),
        })
    }

    /// The type.
    pub fn to_type(&self, ctx: &'c Context) -> Type<'c> {
        let dims: Vec<Attribute<'c>> = self
            .shape
            .iter()
            .map(|d| match d {
                Dim::Static(n) => ctx.int_attr(ctx.int_type(64), i128::from(*n)),
                Dim::Sym(s) => ctx.string_attr(s),
            })
            .collect();
        TensorType::get(ctx, ctx.array_attr(&dims), self.dtype).ty()
    }

    /// The symbolic sizes it names.
    pub fn symbols(&self) -> impl Iterator<Item = &'c str> + '_ {
        self.shape.iter().filter_map(|d| match d {
            Dim::Sym(s) => Some(*s),
            Dim::Static(_) => None,
        })
    }

    /// The sizes, if all are known.
    pub fn static_shape(&self) -> Option<Vec<i64>> {
        self.shape
            .iter()
            .map(|d| match d {
                Dim::Static(n) => Some(*n),
                Dim::Sym(_) => None,
            })
            .collect()
    }

    /// `!harp_graph.tensor<[M, 4], f32>`, for messages.
    pub fn describe(&self) -> String {
        let dims: Vec<String> = self.shape.iter().map(Dim::to_string).collect();
        format!("!harp_graph.tensor<[{}], {}>", dims.join(", "), self.dtype)
    }
}

type R<'c> = Result<TensorInfo<'c>, String>;

fn info<'c>(body: &Body<'c>, v: pto_ir::ValueId) -> R<'c> {
    let t = body.value_type(v);
    TensorInfo::of(t).ok_or_else(|| format!("expected a harp_graph tensor, got {t}"))
}

fn result_dtype<'c>(body: &Body<'c>, op: OpId) -> Option<Type<'c>> {
    TensorInfo::of(body.value_type(body.result(op, 0))).map(|i| i.dtype)
}

/// Numpy broadcasting of two shapes.
pub fn broadcast<'c>(a: &[Dim<'c>], b: &[Dim<'c>]) -> Result<Vec<Dim<'c>>, String> {
    let n = a.len().max(b.len());
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let x = (i + a.len()).checked_sub(n).map(|j| a[j]);
        let y = (i + b.len()).checked_sub(n).map(|j| b[j]);
        out.push(match (x, y) {
            (Some(x), None) | (None, Some(x)) => x,
            (Some(x), Some(y)) if x == y => x,
            (Some(Dim::Static(1)), Some(y)) => y,
            (Some(x), Some(Dim::Static(1))) => x,
            (Some(x), Some(y)) => {
                return Err(format!(
                    "shapes [{}] and [{}] do not broadcast (sizes {x} and {y})",
                    join(a),
                    join(b)
                ))
            }
            (None, None) => unreachable!("i < n"),
        });
    }
    Ok(out)
}

fn join(d: &[Dim<'_>]) -> String {
    d.iter().map(Dim::to_string).collect::<Vec<_>>().join(", ")
}

/// `harp_graph.constant`: a scalar of the value's type.
pub fn constant<'c>(body: &Body<'c>, op: OpId) -> R<'c> {
    let v = body.attr(op, "value").ok_or("a constant needs a value")?;
    let dtype = v.ty().ok_or("a constant's value needs a type")?;
    crate::dtype_bytes(dtype).ok_or_else(|| format!("{dtype} is not a Harp data type"))?;
    Ok(TensorInfo {
        shape: vec![],
        dtype,
    })
}

/// `harp_graph.rand`: floats of any shape.
pub fn rand<'c>(body: &Body<'c>, op: OpId) -> R<'c> {
    let r = info(body, body.result(op, 0))?;
    if !r.dtype.is_float() {
        return Err(format!("random numbers are floats, not {}", r.dtype));
    }
    Ok(r)
}

/// The kind of a unary op.
pub fn unary_kind(body: &Body<'_>, op: OpId) -> Option<UnaryKind> {
    body.attr(op, "kind")
        .and_then(UnaryKindAttr::from_attr)
        .map(|k| k.value())
}
/// The kind of a binary op.
pub fn binary_kind(body: &Body<'_>, op: OpId) -> Option<BinaryKind> {
    body.attr(op, "kind")
        .and_then(BinaryKindAttr::from_attr)
        .map(|k| k.value())
}
/// The kind of a movement op.
pub fn move_kind(body: &Body<'_>, op: OpId) -> Option<MoveKind> {
    body.attr(op, "kind")
        .and_then(MoveKindAttr::from_attr)
        .map(|k| k.value())
}
/// The kind of a reduction.
pub fn reduce_kind(body: &Body<'_>, op: OpId) -> Option<super::ReduceKind> {
    body.attr(op, "kind")
        .and_then(ReduceKindAttr::from_attr)
        .map(|k| k.value())
}

/// Elementwise unary: floats, except `neg` and `abs`.
pub fn unary<'c>(body: &Body<'c>, op: OpId) -> R<'c> {
    let x = info(body, body.operand(op, 0))?;
    let kind = unary_kind(body, op).ok_or("unknown unary operator")?;
    if !matches!(kind, UnaryKind::Neg | UnaryKind::Abs) && !x.dtype.is_float() {
        return Err(format!("{} needs floats, not {}", kind.keyword(), x.dtype));
    }
    if x.dtype.is_signless_int(1) {
        return Err(format!("{} is not defined on i1", kind.keyword()));
    }
    Ok(x)
}

/// Whether a binary operator compares (its result is `i1`).
pub fn is_comparison(k: BinaryKind) -> bool {
    matches!(
        k,
        BinaryKind::Lt
            | BinaryKind::Le
            | BinaryKind::Gt
            | BinaryKind::Ge
            | BinaryKind::Eq
            | BinaryKind::Ne
    )
}

/// Elementwise binary, broadcast; comparisons give `i1`.
pub fn binary<'c>(body: &Body<'c>, op: OpId) -> R<'c> {
    let a = info(body, body.operand(op, 0))?;
    let b = info(body, body.operand(op, 1))?;
    let kind = binary_kind(body, op).ok_or("unknown binary operator")?;
    if a.dtype != b.dtype {
        return Err(format!(
            "operands must have one element type, got {} and {}",
            a.dtype, b.dtype
        ));
    }
    if a.dtype.is_signless_int(1)
        && !matches!(
            kind,
            BinaryKind::Max | BinaryKind::Min | BinaryKind::Eq | BinaryKind::Ne
        )
    {
        return Err(format!("{} is not defined on i1", kind.keyword()));
    }
    if kind == BinaryKind::Div && !a.dtype.is_float() {
        return Err(format!(
            "div needs floats (Harp has no integer division), not {}",
            a.dtype
        ));
    }
    let shape = broadcast(&a.shape, &b.shape)?;
    let dtype = if is_comparison(kind) {
        result_dtype(body, op)
            .filter(|t| t.is_signless_int(1))
            .ok_or("a comparison gives i1")?
    } else {
        a.dtype
    };
    Ok(TensorInfo { shape, dtype })
}

/// `where(c, a, b)`: an `i1` condition, choices of one type, all broadcast.
pub fn where_<'c>(body: &Body<'c>, op: OpId) -> R<'c> {
    let c = info(body, body.operand(op, 0))?;
    let a = info(body, body.operand(op, 1))?;
    let b = info(body, body.operand(op, 2))?;
    if !c.dtype.is_signless_int(1) {
        return Err(format!("the condition must be i1, got {}", c.dtype));
    }
    if a.dtype != b.dtype {
        return Err(format!(
            "the choices must have one element type, got {} and {}",
            a.dtype, b.dtype
        ));
    }
    let shape = broadcast(&broadcast(&c.shape, &a.shape)?, &b.shape)?;
    Ok(TensorInfo {
        shape,
        dtype: a.dtype,
    })
}

/// `cast`: the shape, any element type.
pub fn cast<'c>(body: &Body<'c>, op: OpId) -> R<'c> {
    let x = info(body, body.operand(op, 0))?;
    let dtype = result_dtype(body, op).ok_or("a cast gives a tensor")?;
    Ok(TensorInfo {
        shape: x.shape,
        dtype,
    })
}

/// A reduction keeps its axis with size 1.
pub fn reduce<'c>(body: &Body<'c>, op: OpId) -> R<'c> {
    let mut x = info(body, body.operand(op, 0))?;
    let axis = body.attr(op, "axis").and_then(|a| a.as_int()).unwrap_or(-1);
    if axis < 0 || axis as usize >= x.shape.len() {
        return Err(format!(
            "axis {axis} is out of range for rank {}",
            x.shape.len()
        ));
    }
    if x.dtype.is_signless_int(1) {
        return Err("cannot reduce i1 tensors".into());
    }
    x.shape[axis as usize] = Dim::Static(1);
    Ok(x)
}

/// What a movement op makes of its input's shape (`expand` and `reshape` check the
/// result's shape, which says the target).
pub fn movement<'c>(body: &Body<'c>, op: OpId) -> R<'c> {
    let x = info(body, body.operand(op, 0))?;
    let out = info(body, body.result(op, 0))?;
    let args: Vec<i64> = body
        .attr(op, "args")
        .and_then(|a| a.dense_int_values())
        .map(|v| v.to_vec())
        .unwrap_or_default();
    let kind = move_kind(body, op).ok_or("unknown movement")?;
    let r = x.shape.len();
    let axis = |n: usize| -> Result<usize, String> {
        match args.as_slice() {
            [a] if *a >= 0 && (*a as usize) < n => Ok(*a as usize),
            _ => Err(format!(
                "{} takes one axis below {n}, got {args:?}",
                kind.keyword()
            )),
        }
    };
    let static_dim = |d: Dim<'c>, what: &str| match d {
        Dim::Static(n) => Ok(n),
        Dim::Sym(s) => Err(format!(
            "{} of the symbolic size '{s}' needs its value ({what})",
            kind.keyword()
        )),
    };
    let shape = match kind {
        MoveKind::Contiguous | MoveKind::Flip => {
            if kind == MoveKind::Flip {
                axis(r)?;
            }
            x.shape.clone()
        }
        MoveKind::Permute => {
            let mut seen = vec![false; r];
            if args.len() != r
                || args.iter().any(|&a| {
                    a < 0 || a as usize >= r || std::mem::replace(&mut seen[a as usize], true)
                })
            {
                return Err(format!(
                    "permute needs a permutation of 0..{r}, got {args:?}"
                ));
            }
            args.iter().map(|&a| x.shape[a as usize]).collect()
        }
        MoveKind::Expand => {
            if out.shape.len() < r {
                return Err(format!(
                    "expand cannot drop dimensions: [{}] to [{}]",
                    join(&x.shape),
                    join(&out.shape)
                ));
            }
            let lead = out.shape.len() - r;
            for (i, d) in x.shape.iter().enumerate() {
                let t = out.shape[lead + i];
                if *d != t && *d != Dim::Static(1) {
                    return Err(format!(
                        "expand: size {d} of dimension {i} is neither 1 nor the target's {t}"
                    ));
                }
            }
            out.shape.clone()
        }
        MoveKind::Reshape => {
            if !same_count(&x.shape, &out.shape) {
                return Err(format!(
                    "reshape must keep the element count: [{}] to [{}]",
                    join(&x.shape),
                    join(&out.shape)
                ));
            }
            out.shape.clone()
        }
        MoveKind::Pad | MoveKind::Shrink => {
            if args.len() != 2 * r || args.iter().any(|&a| a < 0) {
                return Err(format!(
                    "{} takes two non-negative numbers per dimension, got {args:?}",
                    kind.keyword()
                ));
            }
            let mut s = Vec::with_capacity(r);
            for (d, p) in x.shape.iter().zip(args.chunks(2)) {
                s.push(match kind {
                    MoveKind::Pad if p == [0, 0] => *d,
                    MoveKind::Pad => Dim::Static(
                        static_dim(*d, "to pad it")?
                            .checked_add(p[0])
                            .and_then(|n| n.checked_add(p[1]))
                            .ok_or("pad: the padded size overflows")?,
                    ),
                    _ => {
                        let n = static_dim(*d, "to shrink it")?;
                        if p[0] > p[1] || p[1] > n {
                            return Err(format!(
                                "shrink range {}..{} is not within 0..{n}",
                                p[0], p[1]
                            ));
                        }
                        Dim::Static(p[1] - p[0])
                    }
                });
            }
            s
        }
        MoveKind::Stride => {
            if args.len() != r || args.iter().any(|&a| a < 1) {
                return Err(format!(
                    "stride takes one positive step per dimension, got {args:?}"
                ));
            }
            let mut s = Vec::with_capacity(r);
            for (d, &k) in x.shape.iter().zip(&args) {
                s.push(if k == 1 {
                    *d
                } else {
                    Dim::Static(crate::view::View::ceil_div(
                        static_dim(*d, "to stride it")?,
                        k,
                    ))
                });
            }
            s
        }
        MoveKind::Unsqueeze => {
            let a = axis(r + 1)?;
            let mut s = x.shape.clone();
            s.insert(a, Dim::Static(1));
            s
        }
        MoveKind::Squeeze => {
            let a = axis(r)?;
            if x.shape[a] != Dim::Static(1) {
                return Err(format!(
                    "squeeze: dimension {a} has size {}, not 1",
                    x.shape[a]
                ));
            }
            let mut s = x.shape.clone();
            s.remove(a);
            s
        }
    };
    Ok(TensorInfo {
        shape,
        dtype: x.dtype,
    })
}

/// Whether two shapes have the same number of elements (the same symbols, with
/// multiplicity, and the same product of the known sizes).
pub fn same_count(a: &[Dim<'_>], b: &[Dim<'_>]) -> bool {
    let parts = |s: &[Dim<'_>]| {
        let mut syms: Vec<String> = Vec::new();
        // `None`: too many elements to count (never equal to a countable shape).
        let mut n: Option<i128> = Some(1);
        for d in s {
            match d {
                Dim::Static(k) => n = n.and_then(|n| n.checked_mul(i128::from(*k))),
                Dim::Sym(x) => syms.push(x.to_string()),
            }
        }
        syms.sort();
        (n, syms)
    };
    let (x, y) = (parts(a), parts(b));
    x.0.is_some() && x == y
}
