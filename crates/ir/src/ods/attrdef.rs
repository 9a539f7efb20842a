//! Dialect attributes declared in ODS (`AttrDef`s).
//!
//! Enum attributes (`EnumAttr<Dialect, Enum, "mnemonic">`) over integer and bit enums,
//! with the `<$value>` format (`#arith.fastmath<fast>`) or the `$value` format
//! (`#pto<cmp lt>`, stored with the body `cmp lt`), are stored uniqued by their canonical
//! text (`#arith.fastmath<nnan,ninf>` is kept as dialect `arith`, body
//! `fastmath<nnan,ninf>`): parsing canonicalizes, so equal attributes are pointer-equal.
//!
//! Other `AttrDef`s ([`AttrDefKind::Params`]) are stored as
//! [`AttrKind::Dialect`](crate::AttrKind::Dialect): the definition and its parameter
//! values, as dialect types are; their syntax (declarative `assemblyFormat` or Rust
//! hooks) is interpreted by `ods::typedef`. Attributes without parameters or format
//! (`#ub.poison`, [`AttrDefKind::Empty`]) are stored by their body, as enum attributes are.
//!
//! The parser dispatches both `#dialect.mnemonic...` and `#dialect<mnemonic...>`; the
//! printer uses the pretty form when the body is `mnemonic<...>`, else `#dialect<body>`,
//! as MLIR does.

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::typedef::{check_param_kinds, fill_params, ParamSpec, TypeParam, TypeSyntax};
use crate::{Attribute, Context};

/// A Rust enum that pto-ods-gen generates for an integer enum with a dialect enum
/// attribute (`EnumAttr<Dialect, Enum, "mnemonic">`): its cases convert to and from the
/// attribute, so code generic over enums can read an op's enum attribute.
pub trait EnumAttrCase: Copy + Sized + 'static {
    /// The case an attribute holds, if it is this enum's attribute.
    fn from_attr(a: Attribute<'_>) -> Option<Self>;
    /// The attribute holding this case.
    fn to_attr(self, ctx: &Context) -> Attribute<'_>;
}

/// Verifies the parameters of an attribute (`genVerifyDecl`); the message is reported at
/// the attribute (parsing) or returned by `get_checked` (building).
pub type AttrVerifyFn = for<'c> fn(&'c Context, &[TypeParam<'c>]) -> Result<(), String>;

/// An `AttrDef` with parameters.
#[derive(Debug)]
pub struct ParamAttrDef {
    /// The ODS record's name (`TileBufConfigAttr`), for messages.
    pub name: &'static str,
    /// One-line summary.
    pub summary: &'static str,
    /// The parameters, in declaration order.
    pub params: &'static [ParamSpec],
    /// The syntax after the mnemonic (a declarative format or the dialect's
    /// `parse_attr_<mnemonic>`/`print_attr_<mnemonic>` hooks).
    pub syntax: TypeSyntax,
    /// The verifier hook (`genVerifyDecl`: `verify_attr_<mnemonic>`).
    pub verify: Option<AttrVerifyFn>,
}

/// The kinds of dialect attributes.
#[derive(Debug)]
pub enum AttrDefKind {
    /// An attribute with parameters, stored as `AttrKind::Dialect`.
    Params(ParamAttrDef),
    /// An enum value in angle brackets.
    Enum {
        /// The TableGen record, for messages (`Arith_FastMathAttr`).
        record: &'static str,
        /// The enum's name, for messages (`::mlir::arith::FastMathFlags`).
        name: &'static str,
        /// `(keyword, value)` cases.
        cases: &'static [(&'static str, i64)],
        /// Bit enum: cases combine with the separator.
        bits: bool,
        /// Printing separator (`", "`, `","`, `"|"`); parsing accepts `,` and `|`.
        separator: &'static str,
        /// Print multi-bit groups (`fast`) before single bits.
        groups_first: bool,
    },
    /// No parameters: the mnemonic alone. As MLIR's generated parser of such an
    /// attribute, whatever follows the mnemonic in the attribute's text is ignored
    /// (`#ub.poison<>` is `#ub.poison`).
    Empty,
}

/// A dialect attribute definition.
pub struct AttrDef {
    /// The dialect namespace (`pto`).
    pub dialect: &'static str,
    /// The mnemonic after `#dialect.`.
    pub mnemonic: &'static str,
    /// What it holds.
    pub kind: AttrDefKind,
    /// The parameters are written in angle brackets after the mnemonic
    /// (`#arith.fastmath<fast>`); otherwise after a space, which makes the attribute print
    /// in MLIR's non-pretty form `#pto<cmp lt>`.
    pub angle: bool,
}

impl AttrDef {
    /// The definition of an attribute with parameters (`None` for an enum attribute).
    pub fn params_def(&self) -> Option<&ParamAttrDef> {
        match &self.kind {
            AttrDefKind::Params(p) => Some(p),
            AttrDefKind::Enum { .. } | AttrDefKind::Empty => None,
        }
    }

    /// For an enum attribute, MLIR's second error when its value does not parse ("failed
    /// to parse Arith_FastMathAttr parameter 'value' which is to be a `...`").
    pub fn enum_param_error(&self) -> Option<String> {
        match self.kind {
            AttrDefKind::Enum { record, name, .. } => Some(format!(
                "failed to parse {record} parameter 'value' which is to be a `{name}`"
            )),
            AttrDefKind::Params(_) | AttrDefKind::Empty => None,
        }
    }

    /// The `(keyword, value)` cases of an enum attribute (`None` for an attribute with
    /// parameters).
    pub fn enum_cases(&self) -> Option<&'static [(&'static str, i64)]> {
        match self.kind {
            AttrDefKind::Enum { cases, .. } => Some(cases),
            AttrDefKind::Params(_) | AttrDefKind::Empty => None,
        }
    }

    /// The enum attribute whose case is `keyword` (`#pto.pipe<PIPE_V>` from `PIPE_V`),
    /// stored as the parser stores it; `None` if this is not an integer enum attribute
    /// or has no such case. The generated `<Name>Attr::get` calls this with a keyword of
    /// its Rust enum, so it cannot fail there.
    pub fn enum_attr<'c>(&self, ctx: &'c Context, keyword: &str) -> Option<Attribute<'c>> {
        self.enum_cases()?.iter().find(|c| c.0 == keyword)?;
        Some(ctx.opaque_attr(ctx.ident(self.dialect), &self.body(keyword)))
    }

    /// The case keyword of `a` if it is this enum attribute.
    pub fn enum_keyword<'c>(&self, a: Attribute<'c>) -> Option<&'c str> {
        let crate::AttrKind::Opaque { dialect, body } = *a.kind() else {
            return None;
        };
        if dialect.as_str() != self.dialect {
            return None;
        }
        let word = self.params_of(body)?.trim();
        self.enum_cases()?
            .iter()
            .any(|c| c.0 == word)
            .then_some(word)
    }

    /// The attribute with these parameters, without running the verifier hook (MLIR's
    /// `get`). Missing parameters take their default or are absent.
    ///
    /// # Panics
    /// If this is not an attribute with parameters, or a value does not have its
    /// parameter's kind: programming errors, which the typed wrappers generated for each
    /// attribute rule out.
    pub fn get<'c>(&'static self, ctx: &'c Context, params: &[TypeParam<'c>]) -> Attribute<'c> {
        let Some(p) = self.params_def() else {
            panic!("#{}.{} is an enum attribute", self.dialect, self.mnemonic);
        };
        let filled = fill_params(p.params, params);
        if let Err(e) = check_param_kinds(p.name, p.params, &filled) {
            panic!("{e}");
        }
        ctx.dialect_attr(self, &filled)
    }

    /// The attribute with these parameters if they verify (MLIR's `getChecked`), else
    /// the verifier's message.
    pub fn get_checked<'c>(
        &'static self,
        ctx: &'c Context,
        params: &[TypeParam<'c>],
    ) -> Result<Attribute<'c>, String> {
        let Some(p) = self.params_def() else {
            return Err(format!(
                "#{}.{} is an enum attribute",
                self.dialect, self.mnemonic
            ));
        };
        let filled = fill_params(p.params, params);
        check_param_kinds(p.name, p.params, &filled)?;
        if let Some(v) = p.verify {
            v(ctx, &filled)?;
        }
        Ok(ctx.dialect_attr(self, &filled))
    }

    /// The stored body of the attribute with canonical parameters `canonical`:
    /// `mnemonic<canonical>` or, without angle brackets, `mnemonic canonical`.
    pub fn body(&self, canonical: &str) -> String {
        if matches!(self.kind, AttrDefKind::Empty) {
            self.mnemonic.to_string()
        } else if self.angle {
            format!("{}<{canonical}>", self.mnemonic)
        } else {
            format!("{} {canonical}", self.mnemonic)
        }
    }

    /// The canonical parameter text of a stored body (what follows the mnemonic).
    pub fn params_of<'b>(&self, body: &'b str) -> Option<&'b str> {
        let rest = body.strip_prefix(self.mnemonic)?;
        if matches!(self.kind, AttrDefKind::Empty) {
            rest.is_empty().then_some(rest)
        } else if self.angle {
            rest.strip_prefix('<')?.strip_suffix('>')
        } else {
            rest.strip_prefix(' ')
        }
    }

    /// Canonicalizes the parameter text `inner` (between `<` and `>`), or explains what is
    /// wrong with it.
    pub fn canonical_params(&self, inner: &str) -> Result<String, String> {
        match &self.kind {
            AttrDefKind::Params(p) => Err(format!(
                "{} is not an enum attribute: its parameters are parsed, not canonicalized",
                p.name
            )),
            AttrDefKind::Empty => Ok(String::new()),
            AttrDefKind::Enum {
                name,
                cases,
                bits,
                separator,
                groups_first,
                ..
            } => {
                let expected = || {
                    format!(
                        "expected {name} to be one of: {}",
                        cases.iter().map(|c| c.0).collect::<Vec<_>>().join(", ")
                    )
                };
                let words: Vec<&str> = if *bits {
                    inner.split([',', '|']).map(str::trim).collect()
                } else {
                    vec![inner.trim()]
                };
                let mut value = 0i64;
                for w in &words {
                    let w = w.trim_matches('"');
                    match cases.iter().find(|c| c.0 == w) {
                        Some(c) if *bits => value |= c.1,
                        Some(c) => value = c.1,
                        None => return Err(expected()),
                    }
                }
                Ok(stringify_enum(
                    cases,
                    *bits,
                    separator,
                    *groups_first,
                    value,
                ))
            }
        }
    }
}

impl PartialEq for AttrDef {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}
impl Eq for AttrDef {}
impl Hash for AttrDef {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self as *const AttrDef).hash(state)
    }
}
impl fmt::Debug for AttrDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AttrDef(#{}.{})", self.dialect, self.mnemonic)
    }
}

/// MLIR's generated `stringify` of an enum value.
pub fn stringify_enum(
    cases: &[(&str, i64)],
    bits: bool,
    separator: &str,
    groups_first: bool,
    value: i64,
) -> String {
    if !bits {
        return cases
            .iter()
            .find(|c| c.1 == value)
            .map_or_else(|| value.to_string(), |c| c.0.to_string());
    }
    if value == 0 {
        return cases
            .iter()
            .find(|c| c.1 == 0)
            .map_or_else(String::new, |c| c.0.to_string());
    }
    let mut parts: Vec<&str> = Vec::new();
    let mut rest = value;
    if groups_first {
        for c in cases.iter().filter(|c| c.1 != 0 && (c.1 & (c.1 - 1)) != 0) {
            if rest & c.1 == c.1 {
                parts.push(c.0);
                rest &= !c.1;
            }
        }
    }
    for c in cases.iter().filter(|c| c.1 != 0 && (c.1 & (c.1 - 1)) == 0) {
        if rest & c.1 == c.1 {
            parts.push(c.0);
        }
    }
    parts.join(separator)
}
