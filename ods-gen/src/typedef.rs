//! Dialect types (`TypeDef` records): their parameters, declarative `assemblyFormat`
//! (parsed here, spacing decided as MLIR's `AttrOrTypeFormatGen` decides it) and the
//! emitted Rust: the `TypeDef` table entries, `custom<X>` adaptors and a typed wrapper
//! per type with accessors and `get`/`get_checked` builders.

use std::fmt::Write as _;

use tblgen::{Record, RecordKeeper, TypedInit};

use crate::format::{lex, snake_case, space_before, Tok};
use crate::model::EnumInfo;

/// What a parameter holds.
#[derive(Clone, Debug, PartialEq)]
pub enum PKind {
    /// `Type`.
    Type,
    /// `ArrayRef<Type>`.
    TypeList,
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
    /// `RT::ir::typedef::ParamDefault` expression.
    pub default: Option<String>,
    /// Summary, for docs.
    pub summary: String,
}

/// One `TypeDef`.
#[derive(Clone, Debug)]
pub struct TypeDefModel {
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

/// Reads the `TypeDef`s of dialect `name`.
pub fn read_typedefs(
    keeper: &RecordKeeper<'_>,
    name: &str,
    enums: &mut Vec<EnumInfo>,
) -> Result<Vec<TypeDefModel>, String> {
    let mut out = Vec::new();
    for r in keeper.all_derived_definitions_if_defined("TypeDef") {
        let dn = r
            .def_value("dialect")
            .ok()
            .and_then(|d| d.str_value("name").ok());
        if dn != Some(name) {
            continue;
        }
        let rn = r.name().unwrap_or("?").to_string();
        out.push(read_typedef(keeper, r, enums).map_err(|e| format!("{rn}: {e}"))?);
    }
    out.sort_by(|a, b| a.mnemonic.cmp(&b.mnemonic));
    Ok(out)
}

fn read_typedef(
    keeper: &RecordKeeper<'_>,
    r: Record<'_>,
    enums: &mut Vec<EnumInfo>,
) -> Result<TypeDefModel, String> {
    let mnemonic = r
        .str_value("mnemonic")
        .map_err(|_| "a TypeDef needs a `mnemonic`".to_string())?
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
        _ => return None,
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
    const D: &str = "RT::ir::typedef::ParamDefault";
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

// ---- formats ---------------------------------------------------------------------------

/// A type format element before spacing is decided.
#[derive(Clone, Debug)]
enum F {
    Lit(String),
    Param(usize),
    List(Vec<usize>, bool),
    Custom(String, Vec<(usize, bool)>),
    Optional {
        then: Vec<F>,
        otherwise: Vec<F>,
        anchor: Vec<usize>,
        inverted: bool,
    },
}

struct FP<'a> {
    toks: Vec<Tok>,
    pos: usize,
    def: &'a TypeDefModel,
    anchor: Option<Vec<usize>>,
}

impl FP<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(&Tok::Punct(c)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, c: char) -> Result<(), String> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(format!("expected `{c}` in assembly format"))
        }
    }
    fn param(&self, n: &str) -> Result<usize, String> {
        self.def
            .params
            .iter()
            .position(|p| p.name == n)
            .ok_or_else(|| format!("{} has no parameter named '{n}'", self.def.def_name))
    }
    fn group(&mut self) -> Result<Vec<F>, String> {
        let mut v = Vec::new();
        while !self.eat(')') {
            if self.peek().is_none() {
                return Err("unterminated group in assembly format".into());
            }
            v.push(self.elem()?);
        }
        Ok(v)
    }
    fn anchor_of(f: &F) -> Option<Vec<usize>> {
        match f {
            F::Param(i) => Some(vec![*i]),
            F::List(ps, _) => Some(ps.clone()),
            F::Custom(_, args) => Some(args.iter().filter(|a| a.1).map(|a| a.0).collect()),
            _ => None,
        }
    }
    fn elem(&mut self) -> Result<F, String> {
        let t = self
            .peek()
            .cloned()
            .ok_or("unexpected end of assembly format")?;
        self.pos += 1;
        let f = match t {
            Tok::Lit(l) => F::Lit(l),
            Tok::Var(v) => F::Param(self.param(&v)?),
            Tok::Punct('(') => {
                let saved = self.anchor.take();
                let then = self.group()?;
                let mut anchor = self.anchor.take();
                let mut inverted = false;
                let mut otherwise = Vec::new();
                if self.eat(':') {
                    self.expect('(')?;
                    otherwise = self.group()?;
                    if anchor.is_none() {
                        anchor = self.anchor.take();
                        inverted = true;
                    }
                }
                self.expect('?')?;
                self.anchor = saved;
                let anchor = anchor.ok_or("optional group without `^` anchor")?;
                F::Optional {
                    then,
                    otherwise,
                    anchor,
                    inverted,
                }
            }
            Tok::Ident(id) => match id.as_str() {
                "params" => F::List((0..self.def.params.len()).collect(), false),
                "struct" => {
                    self.expect('(')?;
                    let mut ps = Vec::new();
                    loop {
                        match self.peek().cloned() {
                            Some(Tok::Ident(p)) if p == "params" => {
                                self.pos += 1;
                                ps.extend(0..self.def.params.len());
                            }
                            Some(Tok::Var(v)) => {
                                self.pos += 1;
                                ps.push(self.param(&v)?);
                            }
                            _ => {
                                return Err(
                                    "`struct` argument list expected a variable or directive"
                                        .into(),
                                )
                            }
                        }
                        if !self.eat(',') {
                            break;
                        }
                    }
                    self.expect(')')?;
                    F::List(ps, true)
                }
                "qualified" => {
                    self.expect('(')?;
                    let Some(Tok::Var(v)) = self.peek().cloned() else {
                        return Err("`qualified` argument list expected a variable".into());
                    };
                    self.pos += 1;
                    self.expect(')')?;
                    F::Param(self.param(&v)?)
                }
                "custom" => {
                    self.expect('<')?;
                    let Some(Tok::Ident(name)) = self.peek().cloned() else {
                        return Err("expected directive name after `custom<`".into());
                    };
                    self.pos += 1;
                    self.expect('>')?;
                    self.expect('(')?;
                    let mut args = Vec::new();
                    while !self.eat(')') {
                        match self.peek().cloned() {
                            Some(Tok::Var(v)) => {
                                self.pos += 1;
                                args.push((self.param(&v)?, true));
                            }
                            Some(Tok::Ident(r)) if r == "ref" => {
                                self.pos += 1;
                                self.expect('(')?;
                                let Some(Tok::Var(v)) = self.peek().cloned() else {
                                    return Err("`ref` expects a parameter".into());
                                };
                                self.pos += 1;
                                self.expect(')')?;
                                args.push((self.param(&v)?, false));
                            }
                            _ => return Err("unsupported `custom` directive argument".into()),
                        }
                        self.eat(',');
                    }
                    F::Custom(name, args)
                }
                other => return Err(format!("unsupported type format directive `{other}`")),
            },
            Tok::Punct(c) => return Err(format!("unexpected `{c}` in assembly format")),
        };
        if self.eat('^') {
            self.anchor = Some(Self::anchor_of(&f).ok_or("invalid `^` anchor")?);
        }
        Ok(f)
    }
}

/// The printer's spacing state (`shouldEmitSpace`, `lastWasPunctuation`).
struct Spacing {
    s: bool,
    p: bool,
}

struct Emitter<'a> {
    def: &'a TypeDefModel,
    upper: String,
    customs: String,
    n_custom: usize,
    enums: &'a [EnumInfo],
}

fn list(v: &[usize]) -> String {
    v.iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl Emitter<'_> {
    fn elems(&mut self, fs: &[F], sp: &mut Spacing) -> Result<String, String> {
        let mut parts = Vec::new();
        for f in fs {
            parts.push(self.elem(f, sp)?);
        }
        Ok(format!("&[{}]", parts.join(", ")))
    }

    fn var_space(sp: &mut Spacing) -> bool {
        let r = sp.s || !sp.p;
        sp.s = true;
        sp.p = false;
        r
    }

    fn elem(&mut self, f: &F, sp: &mut Spacing) -> Result<String, String> {
        const E: &str = "RT::ods::typedef::TypeElem";
        Ok(match f {
            F::Lit(l) if l == " " => {
                sp.s = false;
                format!("{E}::Literal {{ text: \" \", space: false }}")
            }
            F::Lit(l) if l.is_empty() => {
                sp.s = false;
                sp.p = true;
                format!("{E}::Literal {{ text: \"\", space: false }}")
            }
            F::Lit(l) if l.contains('\\') => return Err(format!("literal `{l}` is not supported")),
            F::Lit(l) => {
                let space = sp.s && space_before(l, sp.p);
                let first = l.chars().next().unwrap_or(' ');
                sp.s = !(l.chars().count() == 1 && "<({[".contains(first));
                sp.p = !(first == '_' || first.is_ascii_alphabetic());
                format!("{E}::Literal {{ text: {l:?}, space: {space} }}")
            }
            F::Param(i) => {
                let space = Self::var_space(sp);
                format!("{E}::Param {{ index: {i}, space: {space} }}")
            }
            F::List(ps, keyed) => {
                let space = sp.s || !sp.p;
                if !ps.is_empty() {
                    sp.s = true;
                    sp.p = false;
                }
                format!(
                    "{E}::List {{ params: &[{}], keyed: {keyed}, space: {space} }}",
                    list(ps)
                )
            }
            F::Custom(name, args) => {
                let space = Self::var_space(sp);
                let (parse, print) = self.custom(name, args)?;
                let bound: Vec<usize> = args.iter().filter(|a| a.1).map(|a| a.0).collect();
                format!(
                    "{E}::Custom {{ parse: {parse}, print: {print}, params: &[{}], space: {space} }}",
                    list(&bound)
                )
            }
            F::Optional {
                then,
                otherwise,
                anchor,
                inverted,
            } => {
                let saved = Spacing { s: sp.s, p: sp.p };
                let then_e = self.elems(then, sp)?;
                sp.s = saved.s;
                sp.p = saved.p;
                let else_e = self.elems(otherwise, sp)?;
                format!(
                    "{E}::Optional {{ anchor: &[{}], inverted: {inverted}, then: {then_e}, otherwise: {else_e} }}",
                    list(anchor)
                )
            }
        })
    }

    /// The Rust type a custom hook takes or returns for parameter `p`.
    fn rust_type(&self, p: &Param, out: bool) -> String {
        let base = match p.kind {
            PKind::Type => "Type<'c>".to_string(),
            PKind::TypeList if out => "Vec<Type<'c>>".to_string(),
            PKind::TypeList => "&'c [Type<'c>]".to_string(),
            PKind::Int(bits, signed) => format!("{}{bits}", if signed { "i" } else { "u" }),
            PKind::Bool => "bool".to_string(),
            PKind::Str if out => "String".to_string(),
            PKind::Str => "&'c str".to_string(),
            PKind::Attr => "Attribute<'c>".to_string(),
            PKind::Enum(_) => "i64".to_string(),
        };
        if p.optional && p.default.is_none() && !matches!(p.kind, PKind::TypeList) {
            format!("Option<{base}>")
        } else {
            base
        }
    }

    /// The expression reading parameter `i` out of `params` as its Rust type.
    fn read_expr(&self, i: usize) -> String {
        let p = &self.def.params[i];
        let opt = p.optional && p.default.is_none() && !matches!(p.kind, PKind::TypeList);
        let v = format!("params[{i}]");
        let inner = match p.kind {
            PKind::Type => format!("{v}.as_type()"),
            PKind::TypeList => return format!("{v}.as_types()"),
            PKind::Int(bits, signed) => {
                format!(
                    "{v}.as_int().map(|x| x as {}{bits})",
                    if signed { "i" } else { "u" }
                )
            }
            PKind::Bool => return format!("{v}.as_bool()"),
            PKind::Str => format!("{v}.as_str()"),
            PKind::Attr => format!("{v}.as_attr()"),
            PKind::Enum(_) => format!("{v}.as_int()"),
        };
        if opt {
            inner
        } else {
            format!("{inner}.expect(\"parameter kinds are checked when a type is built\")")
        }
    }

    /// The expression storing Rust value `x` of parameter `i` as a `TypeParam`.
    fn write_expr(&self, i: usize, x: &str) -> String {
        let p = &self.def.params[i];
        let opt = p.optional && p.default.is_none() && !matches!(p.kind, PKind::TypeList);
        let conv = |y: &str| match p.kind {
            PKind::Type => format!("RT::ir::TypeParam::Type({y})"),
            PKind::TypeList => format!("RT::ir::TypeParam::Types(ctx.alloc_types(&{y}))"),
            PKind::Int(..) | PKind::Enum(_) => format!("RT::ir::TypeParam::Int({y} as i64)"),
            PKind::Bool => format!("RT::ir::TypeParam::Bool({y})"),
            PKind::Str => format!("RT::ir::TypeParam::Str(ctx.alloc_str(&{y}))"),
            PKind::Attr => format!("RT::ir::TypeParam::Attr({y})"),
        };
        if opt {
            format!(
                "match {x} {{ Some(y) => {}, None => RT::ir::TypeParam::Absent }}",
                conv("y")
            )
        } else {
            conv(x)
        }
    }

    /// Emits the adaptors of a `custom<Name>(args)` directive.
    fn custom(&mut self, name: &str, args: &[(usize, bool)]) -> Result<(String, String), String> {
        let k = self.n_custom;
        self.n_custom += 1;
        let snake = snake_case(name);
        let u = &self.upper;
        let refs: Vec<String> = args
            .iter()
            .filter(|a| !a.1)
            .map(|a| self.read_expr(a.0))
            .collect();
        let bound: Vec<usize> = args.iter().filter(|a| a.1).map(|a| a.0).collect();
        let names: Vec<String> = (0..bound.len()).map(|j| format!("b{j}")).collect();
        let pat = match names.len() {
            0 => "()".to_string(),
            1 => names[0].clone(),
            _ => format!("({})", names.join(", ")),
        };
        let stores: String = bound
            .iter()
            .zip(&names)
            .map(|(&i, n)| format!(" params[{i}] = {};", self.write_expr(i, n)))
            .collect();
        let ref_args: String = refs.iter().map(|r| format!(", {r}")).collect();
        let _ = writeln!(
            self.customs,
            "#[allow(unused_variables, clippy::all)]\nfn __tparse_{u}_{k}<'c>(p: &mut dyn OpAsmParser<'c>, params: &mut [RT::ir::TypeParam<'c>]) -> Result<(), ()> {{ let ctx = p.context(); let {pat} = super::parse_{snake}(p{ref_args})?;{stores} Ok(()) }}"
        );
        let all: String = args
            .iter()
            .map(|a| format!(", {}", self.read_expr(a.0)))
            .collect();
        let _ = writeln!(
            self.customs,
            "#[allow(unused_variables, clippy::all)]\nfn __tprint_{u}_{k}<'c>(p: &mut RT::syntax::printer::TypePrinter<'_>, params: &[RT::ir::TypeParam<'c>]) {{ super::print_{snake}(p{all}) }}"
        );
        let _ = self.enums;
        Ok((format!("__tparse_{u}_{k}"), format!("__tprint_{u}_{k}")))
    }
}

/// Emits the Rust of the dialect's types: items (adaptors, wrappers) and the entries of
/// the `types` table, in that order. `table` names the static holding the table.
pub fn emit_typedefs(
    types: &[TypeDefModel],
    enums: &[EnumInfo],
    dialect: &str,
) -> Result<(String, String), String> {
    let mut items = String::new();
    let mut table = String::new();
    for (k, t) in types.iter().enumerate() {
        let (item, entry) =
            emit_one(t, k, enums, dialect).map_err(|e| format!("{}: {e}", t.def_name))?;
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
        (_, true) => format!(
            "RT::ir::typedef::TypeSyntax::Custom {{ parse: super::parse_type_{hook}, print: super::print_type_{hook} }}"
        ),
        (Some(f), false) => {
            let toks = lex(f)?;
            let mut fp = FP { toks, pos: 0, def: t, anchor: None };
            let mut fs = Vec::new();
            while fp.peek().is_some() {
                fs.push(fp.elem()?);
            }
            let mut sp = Spacing { s: true, p: false };
            let elems = em.elems(&fs, &mut sp)?;
            format!("RT::ir::typedef::TypeSyntax::Format(&RT::ods::typedef::TypeFormat {{ elems: {elems} }})")
        }
        (None, false) if t.params.is_empty() => "RT::ir::typedef::TypeSyntax::Bare".to_string(),
        (None, false) => return Err("a type with parameters needs an `assemblyFormat` or `hasCustomAssemblyFormat`".into()),
    };
    let params: Vec<String> = t
        .params
        .iter()
        .map(|p| {
            let kind = match p.kind {
                PKind::Type => "Type".to_string(),
                PKind::TypeList => "TypeList".to_string(),
                PKind::Int(bits, signed) => format!("Int {{ bits: {bits}, signed: {signed} }}"),
                PKind::Bool => "Bool".to_string(),
                PKind::Str => "Str".to_string(),
                PKind::Attr => "Attr".to_string(),
                PKind::Enum(i) => format!("Enum(&ENUM_{})", enums[i].name.to_uppercase()),
            };
            format!(
                "RT::ir::typedef::ParamSpec {{ name: {:?}, kind: RT::ir::typedef::ParamKind::{kind}, optional: {}, default: {} }}",
                p.name,
                p.optional,
                p.default.as_ref().map_or("None".to_string(), |d| format!("Some({d})"))
            )
        })
        .collect();
    let entry = format!(
        "        RT::ir::TypeDef {{ dialect: {dialect:?}, mnemonic: {:?}, name: {:?}, summary: {:?}, params: &[{}], syntax: {syntax}, verify: {}, vector_element: {} }},\n",
        t.mnemonic,
        t.def_name,
        t.summary,
        params.join(", "),
        if t.verify { format!("Some(super::verify_type_{hook})") } else { "None".into() },
        t.vector_element,
    );
    let mut item = em.customs;
    item.push_str(&wrapper(t, k, &em_read_exprs(t)));
    Ok((item, entry))
}

fn em_read_exprs(t: &TypeDefModel) -> Vec<(String, String, String)> {
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
            (
                crate::emit::method_name(&p.name),
                em.rust_type(p, false),
                em.read_expr(i),
            )
        })
        .collect()
}

/// The typed wrapper of one type.
fn wrapper(t: &TypeDefModel, k: usize, accessors: &[(String, String, String)]) -> String {
    let em = Emitter {
        def: t,
        upper: String::new(),
        customs: String::new(),
        n_custom: 0,
        enums: &[],
    };
    let c = &t.class_name;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "/// `!{}`: {}\n#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]\npub struct {c}<'c>(pub Type<'c>);\n#[allow(dead_code, clippy::all)]\nimpl<'c> {c}<'c> {{\n    /// The mnemonic.\n    pub const MNEMONIC: &'static str = {:?};\n    /// The type's definition.\n    pub fn def() -> &'static RT::ir::TypeDef {{ &DIALECT.types[{k}] }}\n    /// Views `t` as this type if it is one.\n    pub fn from_type(t: Type<'c>) -> Option<Self> {{ matches!(t.kind(), RT::ir::TypeKind::Dialect {{ def, .. }} if std::ptr::eq(*def, Self::def())).then_some(Self(t)) }}\n    /// The type as a plain `Type`.\n    pub fn ty(self) -> Type<'c> {{ self.0 }}\n    fn __params(self) -> &'c [RT::ir::TypeParam<'c>] {{ self.0.dialect_type().map_or(&[], |d| d.1) }}",
        t.mnemonic,
        t.summary.replace('\n', " "),
        t.mnemonic,
    );
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
                PKind::Str if p.default.is_some() || !p.optional => "&str".to_string(),
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
            let _ = p;
            em.write_expr(i, &crate::emit::method_name(&t.params[i].name))
        })
        .collect();
    let sig = args.iter().map(|a| format!(", {a}")).collect::<String>();
    let _ = writeln!(
        out,
        "    /// The type with these parameters (not verified, as MLIR's `get`).\n    pub fn get(ctx: &'c Context{sig}) -> Self {{ let params = [{}]; Self(Self::def().get(ctx, &params)) }}\n    /// The type with these parameters if they verify (MLIR's `getChecked`).\n    pub fn get_checked(ctx: &'c Context{sig}) -> Result<Self, String> {{ let params = [{}]; Self::def().get_checked(ctx, &params).map(Self) }}\n}}\nimpl<'c> From<{c}<'c>> for Type<'c> {{\n    fn from(t: {c}<'c>) -> Type<'c> {{ t.0 }}\n}}\n",
        vals.join(", "),
        vals.join(", "),
    );
    out
}
