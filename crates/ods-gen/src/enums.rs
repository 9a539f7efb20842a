//! Rust enums for the dialect's integer enums, and typed wrappers of its enum attributes.
//!
//! `I32EnumAttr<"Pipe", ...>` becomes `pub enum Pipe { PIPE_S, ... }` (the cases keep their
//! C++ symbols, as MLIR's generated `::mlir::pto::Pipe::PIPE_S` does, so a case is found by
//! the name its `.td` gives it); `EnumAttr<PTO_Dialect, PTO_Pipe, "pipe">` becomes
//! `PipeAttr<'c>` with `get(ctx, Pipe::PIPE_V)` and `value()`, as MLIR's `PipeAttr::get`
//! and `getValue`. Bit enums keep their integer form.

use std::fmt::Write;

use crate::model::{Dialect, EnumInfo};

/// The Rust name of a case: its C++ symbol (its keyword if it has none), raw if a keyword.
fn variant(info: &EnumInfo, i: usize) -> String {
    let sym = info
        .symbols
        .get(i)
        .filter(|s| !s.is_empty())
        .unwrap_or(&info.cases[i].0);
    let mut v: String = sym
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if v.starts_with(|c: char| c.is_ascii_digit()) {
        v.insert(0, '_');
    }
    if crate::emit::KEYWORDS.contains(&v.as_str()) || v == "Self" {
        v = format!("r#{v}");
    }
    v
}

/// The enum `info` as a Rust enum with its keyword and value conversions.
fn rust_enum(out: &mut String, info: &EnumInfo) {
    let n = &info.name;
    let variants: Vec<String> = (0..info.cases.len()).map(|i| variant(info, i)).collect();
    let _ = writeln!(
        out,
        "/// The cases of enum `{n}`.\n#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]\n#[allow(non_camel_case_types, clippy::upper_case_acronyms, dead_code)]\npub enum {n} {{"
    );
    for (v, (kw, val)) in variants.iter().zip(&info.cases) {
        let _ = writeln!(out, "    /// `{kw}` ({val}).\n    {v},");
    }
    let all: Vec<String> = variants.iter().map(|v| format!("Self::{v}")).collect();
    // Variants and associated items share a namespace: name the case list around them.
    let mut list = "CASES".to_string();
    while variants.contains(&list) {
        list.push('_');
    }
    // The match arms each way: `(from, to)` for a case's value and for its keyword.
    let arms = |key: &dyn Fn(&(String, i64)) -> String| -> (Vec<String>, Vec<String>) {
        variants
            .iter()
            .zip(&info.cases)
            .map(|(v, c)| {
                let k = key(c);
                (
                    format!("{k} => Some(Self::{v})"),
                    format!("Self::{v} => {k}"),
                )
            })
            .unzip()
    };
    let (from_value, to_value) = arms(&|c| c.1.to_string());
    let (from_kw, to_kw) = arms(&|c| format!("{:?}", c.0));
    let _ = writeln!(
        out,
        "}}\n#[allow(dead_code)]\nimpl {n} {{\n    /// Every case, in declaration order.\n    pub const {list}: &'static [{n}] = &[{}];\n    /// The case's integer value.\n    pub const fn value(self) -> i64 {{ match self {{ {} }} }}\n    /// The case with integer value `v`.\n    #[allow(unreachable_patterns)]\n    pub fn from_value(v: i64) -> Option<Self> {{ match v {{ {}, _ => None }} }}\n    /// The case's keyword in the textual IR.\n    pub const fn keyword(self) -> &'static str {{ match self {{ {} }} }}\n    /// The case written `keyword`.\n    #[allow(unreachable_patterns)]\n    pub fn from_keyword(keyword: &str) -> Option<Self> {{ match keyword {{ {}, _ => None }} }}\n}}\nimpl std::fmt::Display for {n} {{\n    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {{ f.write_str(self.keyword()) }}\n}}",
        all.join(", "),
        to_value.join(", "),
        from_value.join(", "),
        to_kw.join(", "),
        from_kw.join(", "),
    );
}

/// The Rust enums of `d`'s integer enums and the typed wrappers of its enum attributes.
pub fn emit_enums(d: &Dialect) -> String {
    let mut out = String::new();
    let mut seen: Vec<&str> = Vec::new();
    let attr_enums = d.enum_attrs.iter().filter(|a| !a.bits).map(|a| &a.info);
    for info in d.enums.iter().chain(attr_enums) {
        if info.cases.is_empty() || seen.contains(&info.name.as_str()) {
            continue;
        }
        seen.push(&info.name);
        rust_enum(&mut out, info);
    }
    let mut with_case_trait: Vec<&str> = Vec::new();
    for (k, a) in d.enum_attrs.iter().enumerate() {
        if a.bits {
            continue;
        }
        // The first attribute over an enum is the one its cases convert to.
        if !with_case_trait.contains(&a.info.name.as_str()) {
            with_case_trait.push(&a.info.name);
            let (c, e) = (&a.class_name, &a.info.name);
            let _ = writeln!(
                out,
                "impl RT::ods::attrdef::EnumAttrCase for {e} {{
    fn from_attr(a: Attribute<'_>) -> Option<Self> {{ {c}::from_attr(a).map({c}::value) }}
    fn to_attr(self, ctx: &Context) -> Attribute<'_> {{ {c}::get(ctx, self).attr() }}
}}"
            );
        }
        let (c, e) = (&a.class_name, &a.info.name);
        let _ = writeln!(
            out,
            "/// `#{}.{}<...>`: the enum attribute `{}` over [`{e}`].\n#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]\npub struct {c}<'c>(pub Attribute<'c>);\n#[allow(dead_code)]\nimpl<'c> {c}<'c> {{\n    /// The mnemonic.\n    pub const MNEMONIC: &'static str = {:?};\n    /// The attribute's definition.\n    pub fn def() -> &'static RT::ods::attrdef::AttrDef {{ &DIALECT.attrs[{k}] }}\n    /// The attribute holding case `value`.\n    pub fn get(ctx: &'c Context, value: {e}) -> Self {{ Self(Self::def().enum_attr(ctx, value.keyword()).expect(\"the cases of the enum are the attribute's\")) }}\n    /// Views `a` as this attribute if it is one.\n    pub fn from_attr(a: Attribute<'c>) -> Option<Self> {{ Self::def().enum_keyword(a).map(|_| Self(a)) }}\n    /// The case held.\n    pub fn value(self) -> {e} {{ Self::def().enum_keyword(self.0).and_then({e}::from_keyword).expect(\"checked when viewed\") }}\n    /// The attribute as a plain `Attribute`.\n    pub fn attr(self) -> Attribute<'c> {{ self.0 }}\n}}\nimpl<'c> From<{c}<'c>> for Attribute<'c> {{\n    fn from(a: {c}<'c>) -> Attribute<'c> {{ a.0 }}\n}}",
            d.name, a.mnemonic, a.record, a.mnemonic,
        );
    }
    out
}
