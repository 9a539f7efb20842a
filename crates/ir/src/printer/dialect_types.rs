//! Printing of dialect types (`!dialect.mnemonic<...>`) and attributes with parameters
//! (`#dialect.mnemonic<...>`): the [`TypePrinter`] that their printers (declarative
//! format or custom hook) write through.

use super::attrs::{write_attr, write_escaped, write_type, Aliases, Elide};
use crate::{AttrKind, Attribute, Type, TypeKind};

/// The printing services a dialect type's printer sees (MLIR's `AsmPrinter` as handed to
/// `Type::print`).
pub struct TypePrinter<'a> {
    out: &'a mut String,
    aliases: &'a Aliases,
}

impl<'a> TypePrinter<'a> {
    /// A printer appending to `out` with `aliases` in effect.
    pub fn new(out: &'a mut String, aliases: &'a Aliases) -> Self {
        Self { out, aliases }
    }
    /// Writes raw text.
    pub fn write(&mut self, s: &str) {
        self.out.push_str(s);
    }
    /// Prints a type in full (`!dialect.` prefix included).
    pub fn print_type(&mut self, t: Type<'_>) {
        write_type(self.out, t, self.aliases);
    }
    /// Prints a type of a registered dialect without its `!dialect.` prefix
    /// (`ptr`, `array<4 x i32>`); other types in full.
    pub fn print_type_stripped(&mut self, t: Type<'_>) {
        match *t.kind() {
            TypeKind::Dialect { def, params } => {
                write_dialect_type_body(self.out, def, params, self.aliases)
            }
            _ => self.print_type(t),
        }
    }
    /// Prints an attribute in full.
    pub fn print_attribute(&mut self, a: Attribute<'_>) {
        write_attr(self.out, a, Elide::Never, self.aliases);
    }
    /// Prints an attribute of a registered dialect without its `#dialect.mnemonic`
    /// prefix (`<row_major>`, or the bare case of a `$value` enum), as MLIR's
    /// `printStrippedAttrOrType`; other attributes (and aliased ones) in full.
    pub fn print_attribute_stripped(&mut self, a: Attribute<'_>) {
        if self.aliases.attr(a).is_some() {
            return self.print_attribute(a);
        }
        match *a.kind() {
            AttrKind::Dialect { def, params } => {
                crate::ods::typedef::print_attr_body(self, def, params)
            }
            AttrKind::Opaque { body, .. } => {
                // An enum attribute: `mnemonic<case>` or `mnemonic case`.
                let word = body
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
                    .unwrap_or(body.len());
                let rest = &body[word..];
                match rest.strip_prefix(' ') {
                    Some(case) => self.out.push_str(case),
                    None if rest.starts_with('<') => self.out.push_str(rest),
                    None => self.print_attribute(a),
                }
            }
            _ => self.print_attribute(a),
        }
    }
    /// Prints a quoted, escaped string.
    pub fn print_string(&mut self, s: &str) {
        write_escaped(self.out, s.as_bytes());
    }
    /// Prints an integer.
    pub fn print_int(&mut self, v: i64) {
        self.out.push_str(itoa::Buffer::new().format(v));
    }
}

/// `!dialect.mnemonic<params>`.
pub(super) fn write_dialect_type(
    out: &mut String,
    def: &'static crate::TypeDef,
    params: &[crate::TypeParam<'_>],
    al: &Aliases,
) {
    out.push('!');
    out.push_str(def.dialect);
    out.push('.');
    write_dialect_type_body(out, def, params, al);
}

/// What follows the mnemonic of a dialect type (`<f32>` of `!pto.ptr<f32>`): MLIR's
/// `printStrippedAttrOrType` of a type.
pub(super) fn dialect_type_params(
    def: &'static crate::TypeDef,
    params: &[crate::TypeParam<'_>],
    al: &Aliases,
) -> String {
    let mut out = String::new();
    let mut p = TypePrinter::new(&mut out, al);
    match def.syntax {
        crate::typedef::TypeSyntax::Bare => {}
        crate::typedef::TypeSyntax::Format(f) => crate::ods::typedef::print(
            &mut p,
            crate::ods::typedef::ParamsOf::of_type(def),
            f,
            params,
        ),
        crate::typedef::TypeSyntax::Custom { print, .. } => print(&mut p, params),
    }
    out
}

/// `mnemonic<params>`: the type as its dialect prints it.
fn write_dialect_type_body(
    out: &mut String,
    def: &'static crate::TypeDef,
    params: &[crate::TypeParam<'_>],
    al: &Aliases,
) {
    out.push_str(def.mnemonic);
    let mut p = TypePrinter::new(out, al);
    match def.syntax {
        crate::typedef::TypeSyntax::Bare => {}
        crate::typedef::TypeSyntax::Format(f) => crate::ods::typedef::print(
            &mut p,
            crate::ods::typedef::ParamsOf::of_type(def),
            f,
            params,
        ),
        crate::typedef::TypeSyntax::Custom { print, .. } => print(&mut p, params),
    }
}

/// `mnemonic<params>`: a dialect attribute with parameters as its dialect prints it
/// (without `#dialect.`).
pub(super) fn dialect_attr_body(
    def: &'static crate::ods::attrdef::AttrDef,
    params: &[crate::TypeParam<'_>],
    al: &Aliases,
) -> String {
    let mut out = String::from(def.mnemonic);
    let mut p = TypePrinter::new(&mut out, al);
    crate::ods::typedef::print_attr_body(&mut p, def, params);
    out
}
