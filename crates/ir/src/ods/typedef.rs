//! The declarative `assemblyFormat` of dialect types (`TypeDef`s) and attributes with
//! parameters (`AttrDef`s): parsed at build time into a [`TypeFormat`] (static data),
//! interpreted here to parse and print them.
//!
//! Spacing follows MLIR's generated type printers (`AttrOrTypeFormatGen`): a running
//! state over the elements decided at build time, so every element carries `space`.
//! Supported: literals, `$param`, `params`, `struct(...)`, `custom<X>(...)` and optional
//! groups `(...)?` anchored on a parameter.

use crate::asm::OpAsmParser;
use crate::ods::attrdef::AttrDef;
use crate::printer::TypePrinter;
use crate::typedef::{ParamKind, ParamSpec, TypeDef, TypeParam, TypeSyntax};
use crate::{Attribute, Type};

/// A `custom<X>(...)` parser: fills the parameter slots it binds.
pub type TypeCustomParseFn =
    for<'c> fn(&mut dyn OpAsmParser<'c>, &mut [TypeParam<'c>]) -> Result<(), ()>;
/// A `custom<X>(...)` printer over the parameter values.
pub type TypeCustomPrintFn = for<'c> fn(&mut TypePrinter<'_>, &[TypeParam<'c>]);

/// One element of a type format.
pub enum TypeElem {
    /// A keyword or punctuation; `` ` ` `` is a literal space (never parsed).
    Literal {
        /// The text.
        text: &'static str,
        /// Whether a space precedes it.
        space: bool,
    },
    /// `$param`.
    Param {
        /// Index of the parameter.
        index: u16,
        /// Whether a space precedes it.
        space: bool,
    },
    /// `params` (comma separated values) or `struct(...)` (`name = value` pairs).
    List {
        /// Indices of the parameters.
        params: &'static [u16],
        /// `struct`: values are keyed by name and may come in any order.
        keyed: bool,
        /// Whether a space precedes the list.
        space: bool,
    },
    /// `custom<X>(...)`.
    Custom {
        /// The parser.
        parse: TypeCustomParseFn,
        /// The printer.
        print: TypeCustomPrintFn,
        /// The parameters it binds (present-ness of an anchor).
        params: &'static [u16],
        /// Whether a space precedes it.
        space: bool,
    },
    /// `(then)?` or `(then) : (else)?`, anchored on parameters.
    Optional {
        /// The anchor's parameters: the group prints if any is present.
        anchor: &'static [u16],
        /// The anchor is in the else branch.
        inverted: bool,
        /// Printed when the anchor is present; its first element decides parsing.
        then: &'static [TypeElem],
        /// Printed when the anchor is absent.
        otherwise: &'static [TypeElem],
    },
}

/// A parsed type format.
pub struct TypeFormat {
    /// The top-level elements.
    pub elems: &'static [TypeElem],
}

/// What the format interpreter needs of a type or attribute definition.
#[derive(Copy, Clone)]
pub struct ParamsOf {
    /// The ODS record's name, for messages.
    pub name: &'static str,
    /// The declared parameters.
    pub params: &'static [ParamSpec],
}

impl ParamsOf {
    /// The parameters of a dialect type.
    pub fn of_type(def: &'static TypeDef) -> Self {
        ParamsOf {
            name: def.name,
            params: def.params,
        }
    }
}

/// Parses the parameters of a definition with `syntax`.
fn parse_params<'c>(
    p: &mut dyn OpAsmParser<'c>,
    def: ParamsOf,
    syntax: TypeSyntax,
) -> Result<Vec<TypeParam<'c>>, ()> {
    Ok(match syntax {
        TypeSyntax::Bare => Vec::new(),
        TypeSyntax::Custom { parse, .. } => parse(p)?,
        TypeSyntax::Format(f) => {
            let mut slots = vec![TypeParam::Absent; def.params.len()];
            parse_elems(p, def, f.elems, &mut slots)?;
            slots
        }
    })
}

/// Parses the part of a dialect type after its mnemonic and builds the type, verifying
/// it (the verifier's errors are reported where the parameters start, as MLIR does).
pub fn parse_type_body<'c>(
    p: &mut dyn OpAsmParser<'c>,
    def: &'static TypeDef,
) -> Result<Type<'c>, ()> {
    let ctx = p.context();
    let start = p.current_pos();
    let params = parse_params(p, ParamsOf::of_type(def), def.syntax)?;
    def.get_checked(ctx, &params).map_err(|msg| {
        p.emit_error_at(start, &msg);
    })
}

/// Parses the part of a dialect attribute with parameters after its mnemonic (the
/// stripped form `<...>`) and builds the attribute, verifying it (errors are reported
/// where the parameters start).
pub fn parse_attr_body<'c>(
    p: &mut dyn OpAsmParser<'c>,
    def: &'static AttrDef,
) -> Result<Attribute<'c>, ()> {
    let ctx = p.context();
    let start = p.current_pos();
    let Some(pd) = def.params_def() else {
        p.emit_error(&format!(
            "#{}.{} is an enum attribute",
            def.dialect, def.mnemonic
        ));
        return Err(());
    };
    let of = ParamsOf {
        name: pd.name,
        params: pd.params,
    };
    let params = parse_params(p, of, pd.syntax)?;
    def.get_checked(ctx, &params).map_err(|msg| {
        p.emit_error_at(start, &msg);
    })
}

fn is_keyword(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
}

fn parse_elems<'c>(
    p: &mut dyn OpAsmParser<'c>,
    def: ParamsOf,
    elems: &'static [TypeElem],
    slots: &mut [TypeParam<'c>],
) -> Result<(), ()> {
    for e in elems {
        parse_elem(p, def, e, slots)?;
    }
    Ok(())
}

fn parse_elem<'c>(
    p: &mut dyn OpAsmParser<'c>,
    def: ParamsOf,
    e: &'static TypeElem,
    slots: &mut [TypeParam<'c>],
) -> Result<(), ()> {
    match *e {
        TypeElem::Literal { text, .. } if text.trim().is_empty() => Ok(()),
        TypeElem::Literal { text, .. } if is_keyword(text) => p.parse_keyword(text),
        TypeElem::Literal { text, .. } => p.parse_punct(text),
        TypeElem::Param { index, .. } => {
            let spec = &def.params[index as usize];
            slots[index as usize] = parse_value(p, def, spec)?;
            Ok(())
        }
        TypeElem::List { params, keyed, .. } => parse_list(p, def, params, keyed, slots),
        TypeElem::Custom { parse, .. } => parse(p, slots),
        TypeElem::Optional {
            then,
            otherwise,
            inverted,
            ..
        } => {
            let skip = then
                .iter()
                .take_while(
                    |e| matches!(e, TypeElem::Literal { text, .. } if text.trim().is_empty()),
                )
                .count();
            let Some((first, rest)) = then[skip..].split_first() else {
                return Ok(());
            };
            let present = parse_optional_first(p, def, first, slots)?;
            let _ = inverted;
            if present {
                parse_elems(p, def, rest, slots)
            } else {
                parse_elems(p, def, otherwise, slots)
            }
        }
    }
}

/// Parses the first element of an optional group if it is there.
fn parse_optional_first<'c>(
    p: &mut dyn OpAsmParser<'c>,
    def: ParamsOf,
    e: &'static TypeElem,
    slots: &mut [TypeParam<'c>],
) -> Result<bool, ()> {
    match *e {
        TypeElem::Literal { text, .. } if is_keyword(text) => Ok(p.parse_optional_keyword(text)),
        TypeElem::Literal { text, .. } => Ok(p.parse_optional_punct(text)),
        TypeElem::Param { index, .. } => {
            let spec = &def.params[index as usize];
            match parse_optional_value(p, def, spec)? {
                Some(v) => {
                    slots[index as usize] = v;
                    Ok(true)
                }
                None => Ok(false),
            }
        }
        TypeElem::List { params, keyed, .. } => {
            let before: Vec<TypeParam<'c>> = params.iter().map(|&i| slots[i as usize]).collect();
            parse_list(p, def, params, keyed, slots)?;
            Ok(params
                .iter()
                .zip(before)
                .any(|(&i, b)| slots[i as usize] != b))
        }
        TypeElem::Custom { parse, params, .. } => {
            parse(p, slots)?;
            Ok(params
                .iter()
                .any(|&i| def.params[i as usize].is_present(slots[i as usize])))
        }
        TypeElem::Optional { .. } => Ok(false),
    }
}

fn failed_param<T>(p: &mut dyn OpAsmParser<'_>, def: ParamsOf, spec: &ParamSpec) -> Result<T, ()> {
    p.emit_error(&format!(
        "failed to parse {} parameter '{}' which is to be a `{}`",
        def.name,
        spec.name,
        kind_name(spec.kind)
    ));
    Err(())
}

/// The C++-style name of a parameter kind, for messages.
fn kind_name(k: ParamKind) -> &'static str {
    match k {
        ParamKind::Type => "Type",
        ParamKind::TypeList => "::llvm::ArrayRef<Type>",
        ParamKind::IntList => "::llvm::ArrayRef<int64_t>",
        ParamKind::Int {
            bits: 64,
            signed: false,
        } => "uint64_t",
        ParamKind::Int {
            bits: 64,
            signed: true,
        } => "int64_t",
        ParamKind::Int { signed: false, .. } => "unsigned",
        ParamKind::Int { signed: true, .. } => "int",
        ParamKind::Bool => "bool",
        ParamKind::Str => "::llvm::StringRef",
        ParamKind::Attr => "Attribute",
        ParamKind::AttrOf(c) => c.class,
        ParamKind::Enum(e) => e.name,
    }
}

/// Parses one parameter value (required).
fn parse_value<'c>(
    p: &mut dyn OpAsmParser<'c>,
    def: ParamsOf,
    spec: &ParamSpec,
) -> Result<TypeParam<'c>, ()> {
    match parse_optional_value(p, def, spec)? {
        Some(v) => Ok(v),
        None => failed_param(p, def, spec),
    }
}

/// Parses one parameter value if one starts here.
fn parse_optional_value<'c>(
    p: &mut dyn OpAsmParser<'c>,
    def: ParamsOf,
    spec: &ParamSpec,
) -> Result<Option<TypeParam<'c>>, ()> {
    let ctx = p.context();
    Ok(match spec.kind {
        ParamKind::Type => p.parse_optional_type()?.map(TypeParam::Type),
        ParamKind::TypeList => match p.parse_optional_type()? {
            Some(first) => {
                let mut v = vec![first];
                while p.parse_optional_punct(",") {
                    v.push(p.parse_type()?);
                }
                Some(TypeParam::Types(ctx.alloc_types(&v)))
            }
            None => None,
        },
        ParamKind::IntList => match p.parse_optional_integer()? {
            Some(first) => {
                let mut v = vec![first];
                while p.parse_optional_punct(",") {
                    match p.parse_optional_integer()? {
                        Some(x) => v.push(x),
                        None => {
                            p.emit_error("expected integer value");
                            return Err(());
                        }
                    }
                }
                Some(TypeParam::Ints(ctx.alloc_slice(&v)))
            }
            None => None,
        },
        ParamKind::Int { bits, signed } => {
            let pos = p.current_pos();
            match p.parse_optional_integer()? {
                Some(v) if crate::typedef::int_fits(v, bits, signed) => Some(TypeParam::Int(v)),
                Some(_) => {
                    p.emit_error_at(pos, "integer value too large");
                    return Err(());
                }
                None => None,
            }
        }
        ParamKind::Bool => {
            if p.parse_optional_keyword("true") {
                Some(TypeParam::Bool(true))
            } else if p.parse_optional_keyword("false") {
                Some(TypeParam::Bool(false))
            } else {
                None
            }
        }
        ParamKind::Str => p
            .parse_optional_string()?
            .map(|s| TypeParam::Str(ctx.alloc_str(&s))),
        ParamKind::Attr => p.parse_optional_attribute(None)?.map(TypeParam::Attr),
        ParamKind::AttrOf(c) => {
            let pos = p.current_pos();
            let a = match c.dialect_attr {
                // MLIR's `parseCustomAttributeWithFallback`: the stripped form (`<...>`,
                // or the bare case of a `$value` enum) or the full one.
                Some(prefix) if p.is_punct("<") || stripped_keyword(p, prefix) => {
                    Some(p.parse_stripped_dialect_attr(prefix)?)
                }
                _ => p.parse_optional_attribute(None)?,
            };
            match a {
                Some(a) if (c.test)(a) => Some(TypeParam::Attr(a)),
                Some(_) => {
                    p.emit_error_at(pos, "invalid kind of attribute specified");
                    return Err(());
                }
                None => None,
            }
        }
        ParamKind::Enum(e) => {
            let Some(word) = p.peek_keyword_or_string() else {
                return Ok(None);
            };
            match e.value(&word) {
                Some(v) => {
                    p.parse_keyword_or_string()?;
                    Some(TypeParam::Int(v))
                }
                None => {
                    p.emit_error(&format!(
                        "expected {} to be one of: {}",
                        e.name,
                        e.cases.iter().map(|c| c.0).collect::<Vec<_>>().join(", ")
                    ));
                    let _ = def;
                    return Err(());
                }
            }
        }
    })
}

/// Whether a bare keyword starts here and `prefix` (`dialect.mnemonic`) names an enum
/// attribute written without angle brackets, whose stripped form is that keyword.
fn stripped_keyword(p: &dyn OpAsmParser<'_>, prefix: &str) -> bool {
    let (d, m) = prefix.split_once('.').unwrap_or((prefix, ""));
    p.peek_keyword_or_string().is_some()
        && p.context()
            .dialect(d)
            .and_then(|d| d.attr_def(m))
            .is_some_and(|def| !def.angle)
}

/// `params` (positional, comma separated) or `struct(...)` (`name = value`, any order).
fn parse_list<'c>(
    p: &mut dyn OpAsmParser<'c>,
    def: ParamsOf,
    params: &'static [u16],
    keyed: bool,
    slots: &mut [TypeParam<'c>],
) -> Result<(), ()> {
    let all_optional = params.iter().all(|&i| def.params[i as usize].optional);
    if !keyed {
        for (k, &i) in params.iter().enumerate() {
            let spec = &def.params[i as usize];
            if k > 0 && !p.parse_optional_punct(",") {
                if spec.optional && params[k..].iter().all(|&j| def.params[j as usize].optional) {
                    break;
                }
                p.parse_punct(",")?;
            }
            if spec.optional {
                if let Some(v) = parse_optional_value(p, def, spec)? {
                    slots[i as usize] = v;
                }
            } else {
                slots[i as usize] = parse_value(p, def, spec)?;
            }
        }
        return Ok(());
    }
    let mut seen = vec![false; params.len()];
    let mut first = true;
    loop {
        let key = if first && all_optional {
            match p.parse_optional_any_keyword() {
                Some(k) => k,
                None => break,
            }
        } else {
            match p.parse_optional_any_keyword() {
                Some(k) => k,
                None => {
                    p.emit_error("expected a parameter name in struct");
                    return Err(());
                }
            }
        };
        first = false;
        p.parse_punct("=")?;
        let slot = params
            .iter()
            .enumerate()
            .find(|(k, &i)| !seen[*k] && def.params[i as usize].name == key);
        let Some((k, &i)) = slot else {
            p.emit_error(&format!(
                "duplicate or unknown struct parameter name: {key}"
            ));
            return Err(());
        };
        seen[k] = true;
        slots[i as usize] = parse_value(p, def, &def.params[i as usize])?;
        let done = seen.iter().all(|s| *s);
        if done || !p.parse_optional_punct(",") {
            break;
        }
    }
    for (k, &i) in params.iter().enumerate() {
        let spec = &def.params[i as usize];
        if !seen[k] && !spec.optional {
            p.emit_error(&format!(
                "struct is missing required parameter: {}",
                spec.name
            ));
            return Err(());
        }
    }
    Ok(())
}

/// Prints the part of a dialect attribute with parameters after its mnemonic (the
/// stripped form).
pub fn print_attr_body(p: &mut TypePrinter<'_>, def: &AttrDef, params: &[TypeParam<'_>]) {
    let Some(pd) = def.params_def() else {
        return;
    };
    let of = ParamsOf {
        name: pd.name,
        params: pd.params,
    };
    match pd.syntax {
        TypeSyntax::Bare => {}
        TypeSyntax::Format(f) => print(p, of, f, params),
        TypeSyntax::Custom { print, .. } => print(p, params),
    }
}

/// Prints the part of a dialect type or attribute after its mnemonic with `format`.
pub fn print(
    p: &mut TypePrinter<'_>,
    def: ParamsOf,
    format: &TypeFormat,
    params: &[TypeParam<'_>],
) {
    print_elems(p, def, format.elems, params);
}

fn print_elems(
    p: &mut TypePrinter<'_>,
    def: ParamsOf,
    elems: &[TypeElem],
    params: &[TypeParam<'_>],
) {
    for e in elems {
        print_elem(p, def, e, params);
    }
}

fn space(p: &mut TypePrinter<'_>, yes: bool) {
    if yes {
        p.write(" ");
    }
}

fn present(def: ParamsOf, params: &[TypeParam<'_>], i: u16) -> bool {
    def.params[i as usize].is_present(params[i as usize])
}

fn print_elem(p: &mut TypePrinter<'_>, def: ParamsOf, e: &TypeElem, params: &[TypeParam<'_>]) {
    match *e {
        TypeElem::Literal { text, space: s } => {
            space(p, s);
            p.write(text);
        }
        TypeElem::Param { index, space: s } => {
            let spec = &def.params[index as usize];
            if spec.optional && !present(def, params, index) {
                return;
            }
            space(p, s);
            print_value(p, spec, params[index as usize]);
        }
        TypeElem::List {
            params: list,
            keyed,
            space: s,
        } => {
            let all_optional = list.iter().all(|&i| def.params[i as usize].optional);
            if s && (!all_optional || list.iter().any(|&i| present(def, params, i))) {
                p.write(" ");
            }
            let mut first = true;
            for &i in list {
                let spec = &def.params[i as usize];
                if spec.optional && !present(def, params, i) {
                    continue;
                }
                if !first {
                    p.write(", ");
                }
                first = false;
                if keyed {
                    p.write(spec.name);
                    p.write(" = ");
                }
                print_value(p, spec, params[i as usize]);
            }
        }
        TypeElem::Custom {
            print, space: s, ..
        } => {
            space(p, s);
            print(p, params);
        }
        TypeElem::Optional {
            anchor,
            inverted,
            then,
            otherwise,
        } => {
            let any = anchor.iter().any(|&i| present(def, params, i));
            if any != inverted {
                print_elems(p, def, then, params);
            } else {
                print_elems(p, def, otherwise, params);
            }
        }
    }
}

/// Prints one parameter value.
fn print_value(p: &mut TypePrinter<'_>, spec: &ParamSpec, v: TypeParam<'_>) {
    match (spec.kind, v) {
        (ParamKind::Enum(e), TypeParam::Int(x)) => match e.keyword(i128::from(x)) {
            Some(k) => p.write(k),
            None => p.print_int(x),
        },
        (_, TypeParam::Type(t)) => p.print_type(t),
        (_, TypeParam::Types(ts)) => {
            for (i, t) in ts.iter().enumerate() {
                if i > 0 {
                    p.write(", ");
                }
                p.print_type(*t);
            }
        }
        (_, TypeParam::Int(x)) => p.print_int(x),
        (_, TypeParam::Ints(xs)) => {
            for (i, x) in xs.iter().enumerate() {
                if i > 0 {
                    p.write(", ");
                }
                p.print_int(*x);
            }
        }
        (_, TypeParam::Bool(b)) => p.write(if b { "true" } else { "false" }),
        (_, TypeParam::Str(s)) => p.print_string(s),
        (ParamKind::AttrOf(c), TypeParam::Attr(a)) if c.dialect_attr.is_some() => {
            p.print_attribute_stripped(a)
        }
        (_, TypeParam::Attr(a)) => p.print_attribute(a),
        (_, TypeParam::Absent) => {}
    }
}
