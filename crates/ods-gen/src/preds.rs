//! Compiles ODS predicates (`CPred`, `And`, `Or`, `Neg`, `SubstLeaves`, `Concat`) into Rust
//! expressions over the runtime's `ods::preds` helpers.
//!
//! A `CPred` holds C++ text. Its subject (`$_self`, possibly wrapped in casts and
//! accessors such as `getElementType()`) and its test (`isSignlessInteger(32)`,
//! `::llvm::isa<::mlir::VectorType>(...)`) are recognized structurally; anything else is
//! an error naming the predicate, so unsupported constraints fail the build.
//!
//! A predicate `CPred<"::pto::<dialect>::<fn>($_self)">` compiles to a call of `<fn>` in
//! snake case in the dialect's hook module (how the `llvm` type predicates are written),
//! and `::llvm::isa<Class>($_self)` of a `TypeDef` class to a test of that dialect type.

use tblgen::Record;

use crate::model::AttrCon;

const P: &str = "RT::ods::preds";

thread_local! {
    /// `(C++ class, dialect, mnemonic)` of the `TypeDef`s in the records being read.
    static TYPE_CLASSES: std::cell::RefCell<Vec<(String, String, String)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

thread_local! {
    /// `(C++ class, dialect, mnemonic)` of the dialect attributes (`AttrDef`s, such as
    /// `EnumAttr`s) in the records being read.
    static ATTR_CLASSES: std::cell::RefCell<Vec<(String, String, String)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Makes the records' `AttrDef` classes known, so that `::llvm::isa<Class>($_self)` on
/// an attribute compiles to a dialect attribute test.
pub fn set_attr_classes(classes: Vec<(String, String, String)>) {
    ATTR_CLASSES.with(|c| *c.borrow_mut() = classes);
}

/// `(C++ interface, implementers as (dialect, mnemonic))` of attribute interfaces.
pub type AttrInterfaces = Vec<(String, Vec<(String, String)>)>;

thread_local! {
    /// The attribute interfaces that `AttrDef`s in the records implement.
    static ATTR_INTERFACES: std::cell::RefCell<AttrInterfaces> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Makes the records' attribute interfaces known, so that `::llvm::isa<Interface>($_self)`
/// compiles to a test for one of the dialect attributes implementing it.
pub fn set_attr_interfaces(interfaces: AttrInterfaces) {
    ATTR_INTERFACES.with(|c| *c.borrow_mut() = interfaces);
}

/// The implementers `(dialect, mnemonic)` of an attribute interface defined in the records.
pub fn attr_interface_implementers(class: &str) -> Option<Vec<(String, String)>> {
    ATTR_INTERFACES.with(|c| {
        c.borrow()
            .iter()
            .find(|(cpp, _)| cpp.trim_start_matches("::") == class.trim_start_matches("::"))
            .map(|(_, v)| v.clone())
    })
}

/// Makes the records' `TypeDef` classes known, so that `::llvm::isa<Class>($_self)`
/// compiles to a dialect type test.
pub fn set_type_classes(classes: Vec<(String, String, String)>) {
    TYPE_CLASSES.with(|c| *c.borrow_mut() = classes);
}

/// The `(dialect, mnemonic)` of a `TypeDef` C++ class (with or without namespace).
pub(crate) fn dialect_type_class(class: &str) -> Option<(String, String)> {
    TYPE_CLASSES.with(|c| {
        c.borrow()
            .iter()
            .find(|(cpp, _, _)| {
                let cpp = cpp.trim_start_matches("::");
                cpp == class.trim_start_matches("::") || cpp.rsplit("::").next() == Some(class)
            })
            .map(|(_, d, m)| (d.clone(), m.clone()))
    })
}

/// The `(dialect, mnemonic)` of an `AttrDef` C++ class (with or without namespace).
pub(crate) fn dialect_attr_class(class: &str) -> Option<(String, String)> {
    ATTR_CLASSES.with(|c| {
        c.borrow()
            .iter()
            .find(|(cpp, _, _)| {
                let cpp = cpp.trim_start_matches("::");
                cpp == class.trim_start_matches("::") || cpp.rsplit("::").next() == Some(class)
            })
            .map(|(_, d, m)| (d.clone(), m.clone()))
    })
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Kind {
    Type,
    Attr,
}

/// A lambda-bound name (`elementType`) and the subject expression it stands for.
struct Env {
    binds: Vec<(String, String)>,
}

/// Translates a type constraint's predicate into a Rust expression over `x: Type`.
pub fn type_pred(p: Record<'_>) -> Result<String, String> {
    let mut env = Env { binds: Vec::new() };
    pred(p, "$_self", "x", Kind::Type, &mut env, 0)
}

/// Translates an attribute constraint's predicate into a Rust expression over
/// `x: Attribute`.
pub fn attr_pred(p: Record<'_>) -> Result<String, String> {
    let mut env = Env { binds: Vec::new() };
    pred(p, "$_self", "x", Kind::Attr, &mut env, 0)
}

fn name(r: Record<'_>) -> String {
    r.name().unwrap_or("?").to_string()
}

/// `subject_cpp` is the C++ text `$_self` currently stands for; `var` the Rust variable.
fn pred(
    p: Record<'_>,
    subject_cpp: &str,
    var: &str,
    kind: Kind,
    env: &mut Env,
    depth: u32,
) -> Result<String, String> {
    if depth > 32 {
        return Err("predicate nesting too deep".into());
    }
    if p.subclass_of("CombinedPred") {
        let kind_rec = p.def_value("kind").map_err(|e| e.to_string())?;
        let kn = name(kind_rec);
        let children = p.list_of_defs_value("children").unwrap_or_default();
        match kn.as_str() {
            "PredCombinerAnd" | "PredCombinerOr" => {
                if children.is_empty() {
                    return Ok(if kn == "PredCombinerAnd" {
                        "true"
                    } else {
                        "false"
                    }
                    .into());
                }
                let mut parts = Vec::new();
                for c in children {
                    parts.push(pred(c, subject_cpp, var, kind, env, depth + 1)?);
                }
                let op = if kn == "PredCombinerAnd" {
                    " && "
                } else {
                    " || "
                };
                Ok(format!("({})", parts.join(op)))
            }
            "PredCombinerNot" => {
                let c = children.first().ok_or("Neg without child")?;
                Ok(format!(
                    "!({})",
                    pred(*c, subject_cpp, var, kind, env, depth + 1)?
                ))
            }
            "PredCombinerSubstLeaves" => {
                let pattern = p.str_value("pattern").unwrap_or("");
                let replacement = p.str_value("replacement").unwrap_or("");
                let c = children.first().ok_or("SubstLeaves without child")?;
                if pattern != "$_self" {
                    return Err(format!("SubstLeaves of `{pattern}` is not supported"));
                }
                // The child's `$_self` now means `replacement` (in terms of the current subject).
                let new_subject = replacement.replace("$_self", subject_cpp);
                pred(*c, &new_subject, var, kind, env, depth + 1)
            }
            "PredCombinerConcat" => {
                let prefix = p.str_value("prefix").unwrap_or("");
                let suffix = p.str_value("suffix").unwrap_or("");
                let c = children.first().ok_or("Concat without child")?;
                // `[](::mlir::Type elementType) { return <child>; }(<expr>)`
                let lambda = prefix
                    .trim()
                    .strip_prefix("[](::mlir::Type ")
                    .and_then(|r| r.strip_suffix(") { return"))
                    .map(str::trim);
                let arg = suffix
                    .trim()
                    .strip_prefix("; }(")
                    .and_then(|r| r.strip_suffix(')'));
                // `::llvm::all_of(<array>, [&](::mlir::Attribute attr) { return attr && (<child>); })`
                if let Some(rest) = prefix.trim().strip_prefix("::llvm::all_of(") {
                    let (array, lam) = rest
                        .split_once(", [&](::mlir::Attribute ")
                        .ok_or_else(|| format!("Concat `{prefix}` is not supported"))?;
                    let bound = lam.split(')').next().unwrap_or("attr").trim().to_string();
                    if kind != Kind::Attr
                        || strip_parens(&array.replace("$_self", subject_cpp)) != "$_self"
                            && !array.contains("ArrayAttr>($_self)")
                    {
                        return Err(format!("Concat `{prefix}` is not supported"));
                    }
                    let inner_var = format!("e{depth}");
                    env.binds.push((bound, "$_self".into()));
                    let child = pred(*c, "$_self", &inner_var, Kind::Attr, env, depth + 1);
                    env.binds.pop();
                    return Ok(format!("{P}::array_all({var}, |{inner_var}| {})", child?));
                }
                match (lambda, arg) {
                    (Some(bound), Some(arg)) => {
                        let arg = arg.replace("$_self", subject_cpp);
                        env.binds.push((bound.to_string(), arg));
                        let r = pred(*c, subject_cpp, var, kind, env, depth + 1);
                        env.binds.pop();
                        r
                    }
                    _ => Err(format!("Concat `{prefix}` ... `{suffix}` is not supported")),
                }
            }
            other => Err(format!("predicate combiner `{other}` is not supported")),
        }
    } else if p.subclass_of("CPred") {
        let expr = p.str_value("predExpr").map_err(|e| e.to_string())?;
        let expr = expr.replace("$_self", subject_cpp);
        leaf(&expr, var, kind, env)
            .ok_or_else(|| format!("unsupported C++ predicate `{}`", normalize(&expr)))
    } else {
        Err(format!("unsupported predicate record `{}`", name(p)))
    }
}

fn normalize(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Strips balanced outer parentheses.
fn strip_parens(mut s: &str) -> &str {
    loop {
        let t = s.trim();
        if t.starts_with('(') && t.ends_with(')') && matching_paren(t, 0) == Some(t.len() - 1) {
            s = &t[1..t.len() - 1];
        } else {
            return t;
        }
    }
}

fn matching_paren(s: &str, open: usize) -> Option<usize> {
    let b = s.as_bytes();
    let mut depth = 0i32;
    for (i, &c) in b.iter().enumerate().skip(open) {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Splits at a top-level (depth 0) occurrence of `sep`.
fn split_top<'a>(s: &'a str, sep: &str) -> Option<(&'a str, &'a str)> {
    let b = s.as_bytes();
    let mut depth = 0i32;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'(' | b'<' | b'[' => depth += 1,
            b')' | b'>' | b']' => depth -= 1,
            _ => {}
        }
        if depth == 0 && s[i..].starts_with(sep) {
            return Some((&s[..i], &s[i + sep.len()..]));
        }
        i += 1;
    }
    None
}

/// A subject translated to Rust: wrapper helpers to apply (outermost first) and its kind.
struct Subject {
    wrappers: Vec<&'static str>,
    kind: Kind,
}

fn wrap(sub: &Subject, var: &str, inner: impl Fn(&str) -> String) -> String {
    if sub.wrappers.is_empty() {
        return inner(var);
    }
    let mut out = inner("y");
    for w in sub.wrappers.iter().rev().skip(1) {
        out = format!("{P}::{w}(y, |y| {out})");
    }
    format!("{P}::{}({var}, |y| {out})", sub.wrappers[0])
}

fn subject(e: &str, base: Kind, env: &Env) -> Option<Subject> {
    let e = strip_parens(e);
    if e == "$_self" {
        return Some(Subject {
            wrappers: Vec::new(),
            kind: base,
        });
    }
    if let Some((_, bound)) = env.binds.iter().rev().find(|(n, _)| n == e) {
        let bound = bound.clone();
        return subject(&bound, base, env);
    }
    // `getElementTypeOrSelf(S)`
    if let Some(inner) = e
        .strip_prefix("getElementTypeOrSelf(")
        .or_else(|| e.strip_prefix("::mlir::getElementTypeOrSelf("))
        .and_then(|r| r.strip_suffix(')'))
    {
        let mut s = subject(inner, base, env)?;
        s.wrappers.push("with_elem_or_self");
        s.kind = Kind::Type;
        return Some(s);
    }
    // `::llvm::cast<::mlir::X>(S)` optionally followed by `.method()`.
    let (cast_inner, method) = if let Some(rest) = e.strip_prefix("::llvm::cast<") {
        let close = rest.find(">(")?;
        let after = &rest[close + 1..];
        let end = matching_paren(after, 0)?;
        (Some(&after[1..end]), after[end + 1..].trim())
    } else {
        (None, "")
    };
    if let Some(inner) = cast_inner {
        let mut s = subject(inner, base, env)?;
        match method {
            "" => return Some(s),
            ".getElementType()" => {
                s.wrappers.push("with_elem");
                s.kind = Kind::Type;
                return Some(s);
            }
            ".getType()" if s.kind == Kind::Attr => {
                s.wrappers.push("with_attr_type");
                s.kind = Kind::Type;
                return Some(s);
            }
            ".getValue()" if s.kind == Kind::Attr && e.contains("TypeAttr>") => {
                s.wrappers.push("with_type_attr");
                s.kind = Kind::Type;
                return Some(s);
            }
            ".getType().getElementType()" if s.kind == Kind::Attr => {
                s.wrappers.push("with_attr_type");
                s.wrappers.push("with_elem");
                s.kind = Kind::Type;
                return Some(s);
            }
            _ => return None,
        }
    }
    None
}

fn type_class_test(class: &str) -> Option<String> {
    let f = match class {
        "IndexType" => "index",
        "IntegerType" => return Some(format!("{P}::int(y, 0, {P}::ANY_SIGN)")),
        "FloatType" => "float",
        "VectorType" => "vector",
        "FixedVectorType" => "fixed_vector",
        "ScalableVectorType" => "scalable_vector",
        "TensorType" => "tensor",
        "RankedTensorType" => "ranked_tensor",
        "UnrankedTensorType" => "unranked_tensor",
        "MemRefType" => "memref",
        "UnrankedMemRefType" => "unranked_memref",
        "BaseMemRefType" => "base_memref",
        "ShapedType" => "shaped",
        "ComplexType" => "complex",
        "TupleType" => "tuple",
        "FunctionType" => "function",
        "NoneType" => "none",
        "Type" => return Some("true".into()),
        _ => {
            if let Some((d, m)) = dialect_type_class(class) {
                return Some(format!("{P}::dialect_type(y, {d:?}, {m:?})"));
            }
            let kind = match class {
                "BFloat16Type" => "BF16",
                "Float16Type" => "F16",
                "Float32Type" => "F32",
                "Float64Type" => "F64",
                "Float80Type" => "F80",
                "Float128Type" => "F128",
                "FloatTF32Type" => "TF32",
                "Float8E5M2Type" => "F8E5M2",
                "Float8E4M3Type" => "F8E4M3",
                "Float8E4M3FNType" => "F8E4M3FN",
                "Float8E5M2FNUZType" => "F8E5M2FNUZ",
                "Float8E4M3FNUZType" => "F8E4M3FNUZ",
                "Float8E4M3B11FNUZType" => "F8E4M3B11FNUZ",
                "Float8E3M4Type" => "F8E3M4",
                "Float8E8M0FNUType" => "F8E8M0FNU",
                "Float6E2M3FNType" => "F6E2M3FN",
                "Float6E3M2FNType" => "F6E3M2FN",
                "Float4E2M1FNType" => "F4E2M1FN",
                _ => return None,
            };
            return Some(format!("{P}::float_kind(y, RT::FloatKind::{kind})"));
        }
    };
    Some(format!("{P}::{f}(y)"))
}

pub(crate) fn attr_class_test(class: &str) -> Option<String> {
    let f = match class {
        "IntegerAttr" => "a_integer",
        "FloatAttr" => "a_float",
        "StringAttr" => "a_string",
        "ArrayAttr" => "a_array",
        "DictionaryAttr" => "a_dictionary",
        "TypeAttr" => "a_type",
        "UnitAttr" => "a_unit",
        "SymbolRefAttr" => "a_symbol_ref",
        "FlatSymbolRefAttr" => "a_flat_symbol_ref",
        "BoolAttr" => "a_bool",
        "DenseElementsAttr" => "a_dense_elements",
        "DenseIntElementsAttr" => "a_dense_int_elements",
        "DenseFPElementsAttr" => "a_dense_fp_elements",
        "ElementsAttr" => "a_elements",
        "AffineMapAttr" => "a_affine_map",
        "StridedLayoutAttr" => "a_strided",
        "LocationAttr" => "a_location",
        "TypedAttr" => "a_typed",
        "Attribute" => return Some("true".into()),
        _ if attr_interface_implementers(class).is_some() => {
            let tests: Vec<String> = attr_interface_implementers(class)?
                .iter()
                .map(|(d, m)| format!("{P}::a_dialect(y, {d:?}, {m:?})"))
                .collect();
            return Some(format!("({})", tests.join(" || ")));
        }
        _ if dialect_attr_class(class).is_some() => {
            let (d, m) = dialect_attr_class(class)?;
            return Some(format!("{P}::a_dialect(y, {d:?}, {m:?})"));
        }
        _ => {
            let elem = match class {
                "DenseBoolArrayAttr" => "i1",
                "DenseI8ArrayAttr" => "i8",
                "DenseI16ArrayAttr" => "i16",
                "DenseI32ArrayAttr" => "i32",
                "DenseI64ArrayAttr" => "i64",
                "DenseF32ArrayAttr" => "f32",
                "DenseF64ArrayAttr" => "f64",
                _ => return None,
            };
            return Some(format!("{P}::a_dense_array(y, \"{elem}\")"));
        }
    };
    Some(format!("{P}::{f}(y)"))
}

/// Translates one C++ leaf predicate.
fn leaf(expr: &str, var: &str, base: Kind, env: &Env) -> Option<String> {
    let e = strip_parens(expr);
    match e {
        "true" | "" => return Some("true".into()),
        "false" => return Some("false".into()),
        _ => {}
    }
    if let Some((a, b)) = split_top(e, "&&") {
        return Some(format!(
            "({} && {})",
            leaf(a, var, base, env)?,
            leaf(b, var, base, env)?
        ));
    }
    if let Some((a, b)) = split_top(e, "||") {
        return Some(format!(
            "({} || {})",
            leaf(a, var, base, env)?,
            leaf(b, var, base, env)?
        ));
    }
    if let Some(rest) = e.strip_prefix('!') {
        return Some(format!("!({})", leaf(rest, var, base, env)?));
    }
    // Comparisons of numeric accessors: `S.getRank() >= 1`.
    for op in [" >= ", " <= ", " == ", " != ", " > ", " < "] {
        if let Some((lhs, rhs)) = split_top(e, op) {
            let n: i64 = rhs.trim().parse().ok()?;
            let lhs = strip_parens(lhs);
            let (s, method) = lhs.rsplit_once('.')?;
            let sub = subject(s, base, env)?;
            let num = match (sub.kind, method) {
                (Kind::Type, "getRank()") => format!("{P}::rank(y)"),
                (Kind::Attr, "getInt()") => format!("{P}::a_int_value(y)"),
                _ => return None,
            };
            return Some(wrap(&sub, var, |v| {
                format!("{num}{op}{n}").replace("(y", &format!("({v}"))
            }));
        }
    }
    // `::llvm::isa<::mlir::X>(S)`
    if let Some(rest) = e.strip_prefix("::llvm::isa<") {
        let close = rest.find(">(")?;
        let class = rest[..close].trim_start_matches("::mlir::").trim();
        let after = &rest[close + 1..];
        let end = matching_paren(after, 0)?;
        if end != after.len() - 1 {
            return None;
        }
        let sub = subject(&after[1..end], base, env)?;
        let test = match sub.kind {
            Kind::Type => type_class_test(class)?,
            Kind::Attr => attr_class_test(class)?,
        };
        return Some(wrap(&sub, var, |v| test.replace("(y", &format!("({v}"))));
    }
    // `::pto::<dialect>::<function>(S)`: a predicate function of the dialect's module.
    if let Some(rest) = e.strip_prefix("::pto::") {
        let open = rest.find('(')?;
        let (path, args) = rest.split_at(open);
        let func = path.rsplit("::").next()?;
        if path.split("::").count() != 2 || matching_paren(args, 0) != Some(args.len() - 1) {
            return None;
        }
        let sub = subject(&args[1..args.len() - 1], base, env)?;
        let f = crate::format::snake_case(func);
        return Some(wrap(&sub, var, |v| format!("super::{f}({v})")));
    }
    // `S.method(args)`
    let (s, call) = rsplit_method(e)?;
    let sub = subject(s, base, env)?;
    let (m, args) = call.rsplit_once('(')?;
    let args = args.strip_suffix(')')?.trim();
    let width: u32 = if args.is_empty() {
        0
    } else {
        args.parse().ok()?
    };
    let test = match (sub.kind, m) {
        (Kind::Type, "isSignlessInteger") => format!("{P}::int(y, {width}, {P}::SIGNLESS)"),
        (Kind::Type, "isSignedInteger") => format!("{P}::int(y, {width}, {P}::SIGNED)"),
        (Kind::Type, "isUnsignedInteger") => format!("{P}::int(y, {width}, {P}::UNSIGNED)"),
        (Kind::Type, "isInteger") => format!("{P}::int(y, {width}, {P}::ANY_SIGN)"),
        (Kind::Type, "isSignlessIntOrIndex") => {
            format!("({P}::int(y, 0, {P}::SIGNLESS) || {P}::index(y))")
        }
        (Kind::Type, "isSignlessIntOrIndexOrFloat") => {
            format!("({P}::int(y, 0, {P}::SIGNLESS) || {P}::index(y) || {P}::float(y))")
        }
        (Kind::Type, "isIntOrIndexOrFloat") => {
            format!("({P}::int(y, 0, {P}::ANY_SIGN) || {P}::index(y) || {P}::float(y))")
        }
        (Kind::Type, "isIntOrFloat") => format!("({P}::int(y, 0, {P}::ANY_SIGN) || {P}::float(y))"),
        (Kind::Type, "isIndex") => format!("{P}::index(y)"),
        (Kind::Type, "isF16") => format!("{P}::float_kind(y, RT::FloatKind::F16)"),
        (Kind::Type, "isBF16") => format!("{P}::float_kind(y, RT::FloatKind::BF16)"),
        (Kind::Type, "isF32") => format!("{P}::float_kind(y, RT::FloatKind::F32)"),
        (Kind::Type, "isF64") => format!("{P}::float_kind(y, RT::FloatKind::F64)"),
        (Kind::Type, "isF80") => format!("{P}::float_kind(y, RT::FloatKind::F80)"),
        (Kind::Type, "isF128") => format!("{P}::float_kind(y, RT::FloatKind::F128)"),
        (Kind::Type, "hasRank") => format!("{P}::has_rank(y)"),
        (Kind::Type, "hasStaticShape") => format!("{P}::static_shape(y)"),
        (Kind::Type, "isStrided") => format!("{P}::strided_memref(y)"),
        (Kind::Type, "hasTrait<::mlir::ValueSemantics>") => format!("{P}::value_semantics(y)"),
        (Kind::Attr, "getValue().isNegative") => format!("{P}::a_int_negative(y)"),
        (Kind::Attr, "getValue().isStrictlyPositive") => format!("{P}::a_int_positive(y)"),
        (Kind::Attr, "getValue().isPowerOf2") => format!("{P}::a_int_power_of_2(y)"),
        _ => return None,
    };
    Some(wrap(&sub, var, |v| test.replace("(y", &format!("({v}"))))
}

/// Splits `S.method(args)` at the method call, handling `getValue().isNegative()` pairs.
fn rsplit_method(e: &str) -> Option<(&str, &str)> {
    for two in [
        ".getValue().isNegative(",
        ".getValue().isStrictlyPositive(",
        ".getValue().isPowerOf2(",
    ] {
        if let Some(i) = e.rfind(two) {
            return Some((&e[..i], &e[i + 1..]));
        }
    }
    if let Some(i) = e.rfind(".hasTrait<") {
        return Some((&e[..i], &e[i + 1..]));
    }
    // The last `.name(` at depth 0.
    let b = e.as_bytes();
    let mut depth = 0i32;
    let mut last = None;
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'(' | b'<' => depth += 1,
            b')' | b'>' => depth -= 1,
            b'.' if depth == 0 => last = Some(i),
            _ => {}
        }
    }
    let i = last?;
    Some((&e[..i], &e[i + 1..]))
}

/// Translates a type's `builderCall` into a Rust expression over `ctx`.
pub fn type_builder(call: &str) -> Option<String> {
    let c = call.trim();
    if let Some(w) = c
        .strip_prefix("$_builder.getIntegerType(")
        .and_then(|r| r.strip_suffix(')'))
    {
        let w: u32 = w.trim().parse().ok()?;
        return Some(format!("ctx.int_type({w})"));
    }
    let kind = match c {
        "$_builder.getIndexType()" => return Some("ctx.index_type()".into()),
        "$_builder.getType<::mlir::NoneType>()" => return Some("ctx.none_type()".into()),
        "$_builder.getF16Type()" => "F16",
        "$_builder.getBF16Type()" => "BF16",
        "$_builder.getF32Type()" => "F32",
        "$_builder.getF64Type()" => "F64",
        "$_builder.getF80Type()" => "F80",
        "$_builder.getF128Type()" => "F128",
        _ => return None,
    };
    Some(format!("ctx.float_type(RT::FloatKind::{kind})"))
}

/// Translates a `TypesMatchWith` transformer into a Rust expression over `ctx`, `x`.
pub fn type_transform(t: &str) -> Option<String> {
    let t = normalize(t);
    match t.as_str() {
        "$_self" | "::llvm::cast<Type>($_self)" | "::llvm::cast<::mlir::Type>($_self)" => {
            Some("x".into())
        }
        "getI1SameShape($_self)"
        | "::mlir::getI1SameShape($_self)"
        | "::getI1SameShape($_self)" => Some(format!("{P}::i1_same_shape(ctx, x)")),
        "getElementTypeOrSelf($_self)" => Some(format!("{P}::element_type_or_self(x)")),
        // `::llvm::cast<[::mlir::]ShapedType|MemRefType|...>($_self).getElementType()`
        other => {
            let class = other
                .strip_prefix("::llvm::cast<")?
                .strip_suffix(">($_self).getElementType()")?;
            let class = class.trim_start_matches("::mlir::");
            matches!(
                class,
                "ShapedType"
                    | "MemRefType"
                    | "BaseMemRefType"
                    | "VectorType"
                    | "TensorType"
                    | "RankedTensorType"
            )
            .then(|| format!("{P}::element_type_or_self(x)"))
        }
    }
}

/// The default `{}` of an attribute whose `constBuilderCall` builds a dialect attribute
/// without parameters (`::pto::ub::PoisonAttr::get($_builder.getContext())`, an attribute
/// interface's), as a `DefaultValue` expression.
pub fn default_from_builder(const_builder: &str) -> Option<String> {
    let class = const_builder
        .trim()
        .strip_suffix("::get($_builder.getContext())")?;
    let (d, m) = dialect_attr_class(class)?;
    Some(format!("RT::ods::DefaultValue::DialectAttr(\"{d}.{m}\")"))
}

/// The default value of a `DefaultValuedAttr`, as a `DefaultValue` expression.
pub fn default_value(text: &str, con: &AttrCon) -> Option<String> {
    let t = text.trim();
    if let Ok(v) = t.parse::<i128>() {
        return Some(format!("RT::ods::DefaultValue::Int({v})"));
    }
    match t {
        "false" => return Some("RT::ods::DefaultValue::Int(0)".into()),
        "true" => return Some("RT::ods::DefaultValue::Int(1)".into()),
        _ => {}
    }
    if let Ok(f) = t.parse::<f64>() {
        return Some(format!("RT::ods::DefaultValue::Float({f:?})"));
    }
    if let Some(s) = t.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        return Some(format!("RT::ods::DefaultValue::Str({s:?})"));
    }
    // An enum case `::ns::Enum::case`.
    if con.form.contains("AttrForm::Enum") || con.form.contains("AttrForm::Dialect") {
        let case = t.rsplit("::").next()?;
        return Some(format!("RT::ods::DefaultValue::EnumCase({case:?})"));
    }
    None
}
