//! Dialect attributes declared in ODS (`AttrDef`s), stored uniqued by their canonical
//! text (`#arith.fastmath<nnan,ninf>` is kept as dialect `arith`, body
//! `fastmath<nnan,ninf>`): parsing canonicalizes, so equal attributes are pointer-equal.
//!
//! Supported so far: enum attributes (`EnumAttr<Dialect, Enum, "mnemonic">`) over integer
//! and bit enums, with the `<$value>` format (`#arith.fastmath<fast>`) or the `$value`
//! format (`#pto<cmp lt>`, stored with the body `cmp lt`), and attributes without
//! parameters (`#ub.poison`, stored with the body `poison`).

/// The kinds of dialect attributes.
#[derive(Debug)]
pub enum AttrDefKind {
    /// An enum value in angle brackets.
    Enum {
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
#[derive(Debug)]
pub struct AttrDef {
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
    /// The `(keyword, value)` cases of an enum attribute.
    pub fn enum_cases(&self) -> Option<&'static [(&'static str, i64)]> {
        match self.kind {
            AttrDefKind::Enum { cases, .. } => Some(cases),
            AttrDefKind::Empty => None,
        }
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
            AttrDefKind::Empty => Ok(String::new()),
            AttrDefKind::Enum {
                name,
                cases,
                bits,
                separator,
                groups_first,
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
