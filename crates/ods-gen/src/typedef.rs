//! Dialect types (`TypeDef` records) and attributes with parameters (`AttrDef` records
//! other than `EnumAttr`s): their parameters, declarative `assemblyFormat` (parsed here,
//! spacing decided as MLIR's `AttrOrTypeFormatGen` decides it) and the emitted Rust: the
//! `TypeDef`/`AttrDef` table entries, `custom<X>` adaptors and a typed wrapper per
//! definition with accessors and `get`/`get_checked` builders.
//!
//! Types: per `TypeDef` an entry in the dialect's `types` table (mnemonic, `ParamSpec`s,
//! syntax, the `genVerifyDecl` hook `verify_type_<mnemonic>`) and a typed wrapper
//! (`LLVMArrayType<'c>`: `from_type`, one accessor per parameter, `get` without and
//! `get_checked` with the verifier). Parameters are classified by C++ type (`Type`,
//! `ArrayRef<Type>`, integers, `bool`, `StringRef`, `Attribute`, `EnumParameter`), with
//! `OptionalParameter`/`DefaultValuedParameter` and their defaults. A declarative
//! `assemblyFormat` becomes a `pto_ir::ods::typedef::TypeFormat` (literals, `$param`,
//! `params`, `struct(...)`, `custom<X>(...)`, optional groups; spacing as MLIR's
//! `AttrOrTypeFormatGen` decides it, `typedef_format`); `custom<X>` calls
//! `parse_x`/`print_x` hooks with typed arguments (bound parameters returned, `ref(...)`
//! passed in); `hasCustomAssemblyFormat` calls `parse_type_<m>`/`print_type_<m>`. These
//! hooks get a `&mut dyn OpAsmParser` and a `pto_ir::printer::TypePrinter`. Anything else
//! (another C++ parameter type, custom parser code) fails the build: not yet supported
//! are a parameter's own `parser`/`printer` code and type-class parameters (`"PtrType"`).
//!
//! Attributes: enum attributes (`EnumAttr<...>`) and `AttrDef`s with neither parameters
//! nor a format (`#ub.poison`; [`is_body_stored_attr`] decides) are stored uniqued by
//! their canonical text (`pto_ir::ods::attrdef`). Other `AttrDef`s share the `TypeDef`
//! machinery: an `AttrDefKind::Params` entry in the dialect's `attrs` table (after the
//! enum attributes) and a typed wrapper (`TileBufConfigAttr<'c>`: `from_attr`,
//! accessors, `get`, `get_checked`); the attribute is `AttrKind::Dialect { def, params }`,
//! interned like a dialect type. Parameters may also be attribute classes
//! (`IntegerAttr`, a dialect's `BLayoutAttr`: checked when built; a dialect class is
//! printed stripped and parsed in either form, as MLIR's `printStrippedAttrOrType` and
//! `parseCustomAttributeWithFallback`). Hooks: `parse_attr_<m>`/`print_attr_<m>`
//! (`hasCustomAssemblyFormat`), `verify_attr_<m>` (`genVerifyDecl`). An attribute
//! interface that dialect `AttrDef`s implement (`PoisonAttrInterface`) is a constraint
//! that its implementers satisfy (`AttrForm::Interface`: written in full), and its
//! `constBuilderCall` gives a `DefaultValuedAttr<..., "{}">` its default.

use std::fmt::Write as _;

use tblgen::{Record, RecordKeeper, TypedInit};

use crate::format::{lex, snake_case};
use crate::model::EnumInfo;
use crate::typedef_format::{Emitter, Spacing, FP};

/// What a parameter holds.
#[derive(Clone, Debug, PartialEq)]
pub enum PKind {
    /// `Type`.
    Type,
    /// `ArrayRef<Type>`.
    TypeList,
    /// `ArrayRef<int64_t>`.
    IntList,
    /// A C++ integer of this width and signedness.
    Int(u8, bool),
    /// `bool`.
    Bool,
    /// `StringRef`.
    Str,
    /// `Attribute`.
    Attr,
    /// `EnumParameter<...>`: the enum's index in the dialect's enums.
    Enum(usize),
    /// An attribute class (`IntegerAttr`, a dialect's `BLayoutAttr`).
    AttrOf {
        /// The C++ type as written.
        class: String,
        /// Rust test over `y: Attribute`.
        test: String,
        /// `dialect.mnemonic` of a dialect attribute class (printed stripped).
        dialect_attr: Option<String>,
    },
}

/// One parameter.
#[derive(Clone, Debug)]
pub struct Param {
    /// Name.
    pub name: String,
    /// Kind.
    pub kind: PKind,
    /// May be left out.
    pub optional: bool,
    /// `RT::typedef::ParamDefault` expression.
    pub default: Option<String>,
    /// Summary, for docs.
    pub summary: String,
}

/// One `TypeDef`, or one `AttrDef` with parameters.
#[derive(Clone, Debug)]
pub struct TypeDefModel {
    /// An `AttrDef` (`#dialect.mnemonic`), not a `TypeDef`.
    pub is_attr: bool,
    /// The record name.
    pub def_name: String,
    /// The C++ class name, used for the Rust wrapper (`LLVMPointerType`).
    pub class_name: String,
    /// The mnemonic.
    pub mnemonic: String,
    /// Summary.
    pub summary: String,
    /// Description.
    pub description: String,
    /// Parameters.
    pub params: Vec<Param>,
    /// The declarative format.
    pub format: Option<String>,
    /// `hasCustomAssemblyFormat`.
    pub custom_format: bool,
    /// `genVerifyDecl`.
    pub verify: bool,
    /// Declares `VectorElementTypeInterface`.
    pub vector_element: bool,
}

fn s(r: Record<'_>, field: &str) -> String {
    r.str_value(field).map(str::to_string).unwrap_or_default()
}

/// The `(C++ class, dialect, mnemonic)` of every `TypeDef` in the records, so that
/// `::llvm::isa<Class>($_self)` predicates can be compiled.
pub fn type_classes(keeper: &RecordKeeper<'_>) -> Vec<(String, String, String)> {
    keeper
        .all_derived_definitions_if_defined("TypeDef")
        .filter_map(|r| {
            let d = r
                .def_value("dialect")
                .ok()?
                .str_value("name")
                .ok()?
                .to_string();
            Some((s(r, "cppType"), d, s(r, "mnemonic")))
        })
        .collect()
}

/// `(C++ class, dialect, mnemonic)` of every `AttrDef` in the records.
pub fn attr_classes(keeper: &RecordKeeper<'_>) -> Vec<(String, String, String)> {
    keeper
        .all_derived_definitions_if_defined("AttrDef")
        .filter_map(|r| {
            let d = r
                .def_value("dialect")
                .ok()?
                .str_value("name")
                .ok()?
                .to_string();
            Some((s(r, "cppType"), d, s(r, "mnemonic")))
        })
        .collect()
}

/// `(C++ interface, [(dialect, mnemonic)])` of every attribute interface that `AttrDef`s in
/// the records implement (`::pto::ub::PoisonAttrInterface`), with its implementers.
pub fn attr_interfaces(keeper: &RecordKeeper<'_>) -> crate::preds::AttrInterfaces {
    let mut out = crate::preds::AttrInterfaces::new();
    for r in keeper.all_derived_definitions_if_defined("AttrDef") {
        let Some(d) = r
            .def_value("dialect")
            .ok()
            .and_then(|d| d.str_value("name").ok())
        else {
            continue;
        };
        for t in r.list_of_defs_value("traits").unwrap_or_default() {
            if !t.subclass_of("AttrInterface") {
                continue;
            }
            let class = format!("{}::{}", s(t, "cppNamespace"), s(t, "cppInterfaceName"));
            let entry = (d.to_string(), s(r, "mnemonic"));
            match out.iter_mut().find(|(c, _)| *c == class) {
                Some((_, v)) => v.push(entry),
                None => out.push((class, vec![entry])),
            }
        }
    }
    out
}

/// Reads the `TypeDef`s of dialect `name`.
pub fn read_typedefs(
    keeper: &RecordKeeper<'_>,
    name: &str,
    enums: &mut Vec<EnumInfo>,
) -> Result<Vec<TypeDefModel>, String> {
    read_defs(keeper, name, "TypeDef", enums)
}

/// Reads the `AttrDef`s of dialect `name` other than `EnumAttr`s (which are read as
/// enum attributes).
pub fn read_attrdefs(
    keeper: &RecordKeeper<'_>,
    name: &str,
    enums: &mut Vec<EnumInfo>,
) -> Result<Vec<TypeDefModel>, String> {
    read_defs(keeper, name, "AttrDef", enums)
}

/// Whether an `AttrDef` has neither parameters nor a format (`#ub.poison`): such an
/// attribute is stored by its body (`AttrDefKind::Empty`, read by the model), as MLIR's
/// parser treats its spelling; the others are read by [`read_attrdefs`].
pub fn is_body_stored_attr(r: Record<'_>) -> bool {
    let params = r
        .dag_value("parameters")
        .map(|d| d.args().count())
        .unwrap_or(0);
    let custom = r.bit_value("hasCustomAssemblyFormat").unwrap_or(false)
        || !s(r, "assemblyFormat").is_empty();
    params == 0 && !custom
}

fn read_defs(
    keeper: &RecordKeeper<'_>,
    name: &str,
    class: &str,
    enums: &mut Vec<EnumInfo>,
) -> Result<Vec<TypeDefModel>, String> {
    let mut out = Vec::new();
    for r in keeper.all_derived_definitions_if_defined(class) {
        let dn = r
            .def_value("dialect")
            .ok()
            .and_then(|d| d.str_value("name").ok());
        if dn != Some(name) || r.subclass_of("EnumAttr") {
            continue;
        }
        if class == "AttrDef" && is_body_stored_attr(r) {
            continue;
        }
        let rn = r.name().unwrap_or("?").to_string();
        out.push(read_typedef(keeper, r, class, enums).map_err(|e| format!("{rn}: {e}"))?);
    }
    out.sort_by(|a, b| a.mnemonic.cmp(&b.mnemonic));
    Ok(out)
}

fn read_typedef(
    keeper: &RecordKeeper<'_>,
    r: Record<'_>,
    class: &str,
    enums: &mut Vec<EnumInfo>,
) -> Result<TypeDefModel, String> {
    let mnemonic = r
        .str_value("mnemonic")
        .map_err(|_| format!("a {class} needs a `mnemonic`"))?
        .to_string();
    let mut params = Vec::new();
    if let Ok(dag) = r.dag_value("parameters") {
        for (n, v) in dag.args() {
            let n = n.unwrap_or("").to_string();
            let p = match v {
                TypedInit::String(t) | TypedInit::Code(t) => {
                    let cpp = t.to_str().map_err(|e| e.to_string())?;
                    let kind = param_kind(cpp).ok_or_else(|| {
                        format!("parameter `{n}` of C++ type `{cpp}` is not supported")
                    })?;
                    Param {
                        name: n,
                        kind,
                        optional: false,
                        default: None,
                        summary: String::new(),
                    }
                }
                TypedInit::Def(d) => read_param(keeper, &n, Record::from(d), enums)?,
                _ => return Err(format!("parameter `{n}` is not supported")),
            };
            params.push(p);
        }
    }
    let traits = r.list_of_defs_value("traits").unwrap_or_default();
    let vector_element = traits.iter().any(|t| {
        t.str_value("cppInterfaceName").ok() == Some("VectorElementTypeInterface")
            || t.name().ok() == Some("VectorElementTypeInterface")
    });
    Ok(TypeDefModel {
        is_attr: class == "AttrDef",
        def_name: r.name().unwrap_or("?").to_string(),
        class_name: s(r, "cppClassName"),
        mnemonic,
        summary: s(r, "summary"),
        description: s(r, "description"),
        params,
        format: r.str_value("assemblyFormat").ok().map(str::to_string),
        custom_format: r.bit_value("hasCustomAssemblyFormat").unwrap_or(false),
        verify: r.bit_value("genVerifyDecl").unwrap_or(false),
        vector_element,
    })
}

/// The kind of a parameter from its C++ type.
fn param_kind(cpp: &str) -> Option<PKind> {
    let t: String = cpp.chars().filter(|c| !c.is_whitespace()).collect();
    let t = t.trim_start_matches("::");
    let t = t.strip_prefix("mlir::").unwrap_or(t);
    let t = t.strip_prefix("llvm::").unwrap_or(t);
    Some(match t {
        "Type" => PKind::Type,
        "ArrayRef<Type>" | "ArrayRef<mlir::Type>" | "ArrayRef<::mlir::Type>" => PKind::TypeList,
        "ArrayRef<int64_t>" => PKind::IntList,
        "unsigned" | "unsignedint" | "uint32_t" => PKind::Int(32, false),
        "uint64_t" | "size_t" => PKind::Int(64, false),
        "uint16_t" => PKind::Int(16, false),
        "uint8_t" => PKind::Int(8, false),
        "int" | "int32_t" => PKind::Int(32, true),
        "int64_t" | "APInt" => PKind::Int(64, true),
        "int16_t" => PKind::Int(16, true),
        "int8_t" => PKind::Int(8, true),
        "bool" => PKind::Bool,
        "StringRef" => PKind::Str,
        "Attribute" => PKind::Attr,
        _ => return attr_class_kind(cpp.trim()),
    })
}

/// The kind of a parameter whose C++ type is an attribute class: a builtin one
/// (`IntegerAttr`) or a dialect's (`BLayoutAttr`, with or without namespace).
fn attr_class_kind(cpp: &str) -> Option<PKind> {
    let bare = cpp.trim_start_matches("::");
    let last = bare.rsplit("::").next()?;
    if !last.ends_with("Attr") {
        return None;
    }
    let dialect_attr = crate::preds::dialect_attr_class(bare).map(|(d, m)| format!("{d}.{m}"));
    let builtin = bare == last || bare == format!("mlir::{last}");
    let test = match &dialect_attr {
        Some(_) => crate::preds::attr_class_test(bare)?,
        None if builtin => crate::preds::attr_class_test(last)?,
        None => return None,
    };
    Some(PKind::AttrOf {
        class: cpp.to_string(),
        test,
        dialect_attr,
    })
}

fn read_param(
    keeper: &RecordKeeper<'_>,
    name: &str,
    r: Record<'_>,
    enums: &mut Vec<EnumInfo>,
) -> Result<Param, String> {
    let cpp = s(r, "cppType");
    let kind = if r.subclass_of("EnumParameter") {
        let info = keeper
            .all_derived_definitions_if_defined("EnumInfo")
            .chain(keeper.all_derived_definitions_if_defined("EnumAttrInfo"))
            .find(|e| format!("{}::{}", s(*e, "cppNamespace"), s(*e, "className")) == cpp)
            .ok_or_else(|| format!("parameter `{name}`: enum `{cpp}` not found"))?;
        let e = crate::model::read_enum(info)?;
        let i = match enums.iter().position(|x| x.name == e.name) {
            Some(i) => i,
            None => {
                enums.push(e);
                enums.len() - 1
            }
        };
        PKind::Enum(i)
    } else {
        param_kind(&cpp)
            .ok_or_else(|| format!("parameter `{name}` of C++ type `{cpp}` is not supported"))?
    };
    let custom_code = r.str_value("parser").is_ok() || r.str_value("printer").is_ok();
    if custom_code && !r.subclass_of("EnumParameter") && !r.subclass_of("StringRefParameter") {
        return Err(format!(
            "parameter `{name}`: custom `parser`/`printer` code is not supported"
        ));
    }
    let default_text = s(r, "defaultValue");
    let optional = !default_text.is_empty();
    let default = if optional {
        default_value(&default_text, &kind, enums).ok_or_else(|| {
            format!("parameter `{name}`: default value `{default_text}` is not supported")
        })?
    } else {
        None
    };
    Ok(Param {
        name: name.to_string(),
        kind,
        optional,
        default,
        summary: s(r, "summary"),
    })
}

/// The `ParamDefault` of a C++ default value (`None` inside: absent by default).
fn default_value(text: &str, kind: &PKind, enums: &[EnumInfo]) -> Option<Option<String>> {
    let t = text.trim();
    const D: &str = "RT::typedef::ParamDefault";
    if t.ends_with("()") {
        return Some(match kind {
            PKind::Int(..) | PKind::Enum(_) => Some(format!("{D}::Int(0)")),
            PKind::Bool => Some(format!("{D}::Bool(false)")),
            PKind::Str => Some(format!("{D}::Str(\"\")")),
            _ => None,
        });
    }
    match kind {
        PKind::Int(..) => t
            .parse::<i64>()
            .ok()
            .map(|v| Some(format!("{D}::Int({v})"))),
        PKind::Bool => match t {
            "true" => Some(Some(format!("{D}::Bool(true)"))),
            "false" => Some(Some(format!("{D}::Bool(false)"))),
            _ => None,
        },
        PKind::Str => {
            let inner = t.strip_prefix('"')?.strip_suffix('"')?;
            Some(Some(format!("{D}::Str({inner:?})")))
        }
        PKind::Enum(i) => {
            let case = t.rsplit("::").next()?;
            let e = &enums[*i];
            let v = e.value_of_symbol(case)?;
            Some(Some(format!("{D}::Int({v})")))
        }
        _ => None,
    }
}

/// Emits the Rust of the dialect's types: items (adaptors, wrappers) and the entries of
/// the `types` table, in that order. `table` names the static holding the table.
/// `first` is the index of the first definition in its table (attributes with
/// parameters follow the enum attributes).
pub fn emit_typedefs(
    types: &[TypeDefModel],
    enums: &[EnumInfo],
    dialect: &str,
    first: usize,
) -> Result<(String, String), String> {
    let mut items = String::new();
    let mut table = String::new();
    for (k, t) in types.iter().enumerate() {
        let (item, entry) =
            emit_one(t, first + k, enums, dialect).map_err(|e| format!("{}: {e}", t.def_name))?;
        items.push_str(&item);
        table.push_str(&entry);
    }
    Ok((items, table))
}

fn emit_one(
    t: &TypeDefModel,
    k: usize,
    enums: &[EnumInfo],
    dialect: &str,
) -> Result<(String, String), String> {
    let upper = snake_case(&t.class_name)
        .trim_start_matches('_')
        .to_string();
    let mut em = Emitter {
        def: t,
        upper: upper.clone(),
        customs: String::new(),
        n_custom: 0,
        enums,
    };
    let hook = snake_case(&t.mnemonic).replace('.', "_");
    let syntax = match (&t.format, t.custom_format) {
        (_, true) => {
            let what = if t.is_attr { "attr" } else { "type" };
            format!(
                "RT::typedef::TypeSyntax::Custom {{ parse: super::parse_{what}_{hook}, print: super::print_{what}_{hook} }}"
            )
        }
        (Some(f), false) => {
            let toks = lex(f)?;
            let mut fp = FP {
                toks,
                pos: 0,
                def: t,
                anchor: None,
            };
            let mut fs = Vec::new();
            while fp.peek().is_some() {
                fs.push(fp.elem()?);
            }
            let mut sp = Spacing { s: true, p: false };
            let elems = em.elems(&fs, &mut sp)?;
            format!("RT::typedef::TypeSyntax::Format(&RT::ods::typedef::TypeFormat {{ elems: {elems} }})")
        }
        (None, false) if t.params.is_empty() => "RT::typedef::TypeSyntax::Bare".to_string(),
        (None, false) => return Err(
            "a definition with parameters needs an `assemblyFormat` or `hasCustomAssemblyFormat`"
                .into(),
        ),
    };
    let params: Vec<String> = t
        .params
        .iter()
        .map(|p| {
            let kind = match &p.kind {
                PKind::Type => "Type".to_string(),
                PKind::TypeList => "TypeList".to_string(),
                PKind::IntList => "IntList".to_string(),
                PKind::Int(bits, signed) => format!("Int {{ bits: {bits}, signed: {signed} }}"),
                PKind::Bool => "Bool".to_string(),
                PKind::Str => "Str".to_string(),
                PKind::Attr => "Attr".to_string(),
                PKind::Enum(i) => format!("Enum(&ENUM_{})", enums[*i].name.to_uppercase()),
                PKind::AttrOf { class, test, dialect_attr } => format!(
                    "AttrOf(&RT::typedef::AttrClass {{ class: {class:?}, test: |y: RT::Attribute<'_>| {test}, dialect_attr: {} }})",
                    dialect_attr.as_ref().map_or("None".to_string(), |d| format!("Some({d:?})"))
                ),
            };
            format!(
                "RT::typedef::ParamSpec {{ name: {:?}, kind: RT::typedef::ParamKind::{kind}, optional: {}, default: {} }}",
                p.name,
                p.optional,
                p.default.as_ref().map_or("None".to_string(), |d| format!("Some({d})"))
            )
        })
        .collect();
    let verify = if t.verify {
        let what = if t.is_attr { "attr" } else { "type" };
        format!("Some(super::verify_{what}_{hook})")
    } else {
        "None".into()
    };
    let entry = if t.is_attr {
        format!(
            "        RT::ods::attrdef::AttrDef {{ dialect: {dialect:?}, mnemonic: {:?}, kind: RT::ods::attrdef::AttrDefKind::Params(RT::ods::attrdef::ParamAttrDef {{ name: {:?}, summary: {:?}, params: &[{}], syntax: {syntax}, verify: {verify} }}), angle: true }},\n",
            t.mnemonic,
            t.def_name,
            t.summary,
            params.join(", "),
        )
    } else {
        format!(
            "        RT::TypeDef {{ dialect: {dialect:?}, mnemonic: {:?}, name: {:?}, summary: {:?}, params: &[{}], syntax: {syntax}, verify: {verify}, vector_element: {} }},\n",
            t.mnemonic,
            t.def_name,
            t.summary,
            params.join(", "),
            t.vector_element,
        )
    };
    let mut item = em.customs;
    item.push_str(&wrapper(t, k, enums, &em_read_exprs(t, enums)));
    Ok((item, entry))
}

/// The generated Rust enum of an enum parameter (see `enums.rs`), if it has one.
fn typed_enum<'a>(p: &Param, enums: &'a [EnumInfo]) -> Option<&'a str> {
    match p.kind {
        PKind::Enum(i) if !enums[i].cases.is_empty() => Some(&enums[i].name),
        _ => None,
    }
}

/// `ty`, or `Option<ty>` for an optional parameter without default.
fn maybe(p: &Param, ty: &str) -> String {
    if p.optional && p.default.is_none() {
        format!("Option<{ty}>")
    } else {
        ty.to_string()
    }
}

fn em_read_exprs(t: &TypeDefModel, enums: &[EnumInfo]) -> Vec<(String, String, String)> {
    let em = Emitter {
        def: t,
        upper: String::new(),
        customs: String::new(),
        n_custom: 0,
        enums: &[],
    };
    t.params
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let name = crate::emit::method_name(&p.name);
            match typed_enum(p, enums) {
                Some(e) if p.optional && p.default.is_none() => (
                    name,
                    maybe(p, e),
                    format!("params[{i}].as_int().and_then({e}::from_value)"),
                ),
                Some(e) => (
                    name,
                    e.to_string(),
                    format!("params[{i}].as_int().and_then({e}::from_value).expect(\"parameter kinds are checked when a type is built\")"),
                ),
                None => (name, em.rust_type(p, false), em.read_expr(i)),
            }
        })
        .collect()
}

/// The typed wrapper of one type.
fn wrapper(
    t: &TypeDefModel,
    k: usize,
    enums: &[EnumInfo],
    accessors: &[(String, String, String)],
) -> String {
    let em = Emitter {
        def: t,
        upper: String::new(),
        customs: String::new(),
        n_custom: 0,
        enums: &[],
    };
    let c = &t.class_name;
    let mut out = String::new();
    if t.is_attr {
        let _ = writeln!(
            out,
            "/// `#{}`: {}\n#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]\npub struct {c}<'c>(pub Attribute<'c>);\n#[allow(dead_code, clippy::all)]\nimpl<'c> {c}<'c> {{\n    /// The mnemonic.\n    pub const MNEMONIC: &'static str = {:?};\n    /// The attribute's definition.\n    pub fn def() -> &'static RT::ods::attrdef::AttrDef {{ &DIALECT.attrs[{k}] }}\n    /// Views `a` as this attribute if it is one.\n    pub fn from_attr(a: Attribute<'c>) -> Option<Self> {{ matches!(a.kind(), RT::AttrKind::Dialect {{ def, .. }} if std::ptr::eq(*def, Self::def())).then_some(Self(a)) }}\n    /// The attribute as a plain `Attribute`.\n    pub fn attr(self) -> Attribute<'c> {{ self.0 }}\n    fn __params(self) -> &'c [RT::TypeParam<'c>] {{ self.0.dialect_attr().map_or(&[], |d| d.1) }}",
            t.mnemonic,
            t.summary.replace('\n', " "),
            t.mnemonic,
        );
    } else {
        let _ = writeln!(
            out,
            "/// `!{}`: {}\n#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]\npub struct {c}<'c>(pub Type<'c>);\n#[allow(dead_code, clippy::all)]\nimpl<'c> {c}<'c> {{\n    /// The mnemonic.\n    pub const MNEMONIC: &'static str = {:?};\n    /// The type's definition.\n    pub fn def() -> &'static RT::TypeDef {{ &DIALECT.types[{k}] }}\n    /// Views `t` as this type if it is one.\n    pub fn from_type(t: Type<'c>) -> Option<Self> {{ matches!(t.kind(), RT::TypeKind::Dialect {{ def, .. }} if std::ptr::eq(*def, Self::def())).then_some(Self(t)) }}\n    /// The type as a plain `Type`.\n    pub fn ty(self) -> Type<'c> {{ self.0 }}\n    fn __params(self) -> &'c [RT::TypeParam<'c>] {{ self.0.dialect_type().map_or(&[], |d| d.1) }}",
            t.mnemonic,
            t.summary.replace('\n', " "),
            t.mnemonic,
        );
    }
    for (name, ty, read) in accessors {
        let _ = writeln!(
            out,
            "    /// Parameter `{name}`.\n    pub fn {name}(self) -> {ty} {{ let params = self.__params(); {read} }}"
        );
    }
    let args: Vec<String> = t
        .params
        .iter()
        .map(|p| {
            let ty = match p.kind {
                PKind::TypeList => "&[Type<'c>]".to_string(),
                PKind::IntList => "&[i64]".to_string(),
                PKind::Str if p.default.is_some() || !p.optional => "&str".to_string(),
                PKind::Enum(_) if typed_enum(p, enums).is_some() => {
                    maybe(p, typed_enum(p, enums).unwrap_or_default())
                }
                _ => em.rust_type(p, false),
            };
            format!("{}: {ty}", crate::emit::method_name(&p.name))
        })
        .collect();
    let vals: Vec<String> = t
        .params
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let arg = crate::emit::method_name(&p.name);
            match typed_enum(p, enums) {
                Some(_) if p.optional && p.default.is_none() => format!(
                    "match {arg} {{ Some(y) => RT::TypeParam::Int(y.value()), None => RT::TypeParam::Absent }}"
                ),
                Some(_) => format!("RT::TypeParam::Int({arg}.value())"),
                None => em.write_expr(i, &arg),
            }
        })
        .collect();
    let sig = args.iter().map(|a| format!(", {a}")).collect::<String>();
    let (what, base) = if t.is_attr {
        ("attribute", "Attribute")
    } else {
        ("type", "Type")
    };
    let _ = writeln!(
        out,
        "    /// The {what} with these parameters (not verified, as MLIR's `get`).\n    pub fn get(ctx: &'c Context{sig}) -> Self {{ let params = [{}]; Self(Self::def().get(ctx, &params)) }}\n    /// The {what} with these parameters if they verify (MLIR's `getChecked`).\n    pub fn get_checked(ctx: &'c Context{sig}) -> Result<Self, String> {{ let params = [{}]; Self::def().get_checked(ctx, &params).map(Self) }}\n}}\nimpl<'c> From<{c}<'c>> for {base}<'c> {{\n    fn from(t: {c}<'c>) -> {base}<'c> {{ t.0 }}\n}}\n",
        vals.join(", "),
        vals.join(", "),
    );
    out
}
