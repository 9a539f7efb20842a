//! Type assembly formats (`TypeDef.assemblyFormat`): parsed into a tree, then emitted
//! as a `TypeFormat` initializer with MLIR's spacing (`AttrOrTypeFormatGen`'s running
//! state) and typed adaptors for `custom<X>` directives.

use std::fmt::Write as _;

use crate::format::{snake_case, space_before, Tok};
use crate::model::EnumInfo;
use crate::typedef::{PKind, Param, TypeDefModel};

// ---- formats ---------------------------------------------------------------------------

/// A type format element before spacing is decided.
#[derive(Clone, Debug)]
pub(crate) enum F {
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

pub(crate) struct FP<'a> {
    pub(crate) toks: Vec<Tok>,
    pub(crate) pos: usize,
    pub(crate) def: &'a TypeDefModel,
    pub(crate) anchor: Option<Vec<usize>>,
}

impl FP<'_> {
    pub(crate) fn peek(&self) -> Option<&Tok> {
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
    pub(crate) fn elem(&mut self) -> Result<F, String> {
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
pub(crate) struct Spacing {
    pub(crate) s: bool,
    pub(crate) p: bool,
}

pub(crate) struct Emitter<'a> {
    pub(crate) def: &'a TypeDefModel,
    pub(crate) upper: String,
    pub(crate) customs: String,
    pub(crate) n_custom: usize,
    pub(crate) enums: &'a [EnumInfo],
}

fn list(v: &[usize]) -> String {
    v.iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl Emitter<'_> {
    pub(crate) fn elems(&mut self, fs: &[F], sp: &mut Spacing) -> Result<String, String> {
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
    pub(crate) fn rust_type(&self, p: &Param, out: bool) -> String {
        let base = match &p.kind {
            PKind::Type => "Type<'c>".to_string(),
            PKind::TypeList if out => "Vec<Type<'c>>".to_string(),
            PKind::TypeList => "&'c [Type<'c>]".to_string(),
            PKind::IntList if out => "Vec<i64>".to_string(),
            PKind::IntList => "&'c [i64]".to_string(),
            PKind::Int(bits, signed) => format!("{}{bits}", if *signed { "i" } else { "u" }),
            PKind::Bool => "bool".to_string(),
            PKind::Str if out => "String".to_string(),
            PKind::Str => "&'c str".to_string(),
            PKind::Attr | PKind::AttrOf { .. } => "Attribute<'c>".to_string(),
            PKind::Enum(_) => "i64".to_string(),
        };
        if p.optional && p.default.is_none() && !matches!(p.kind, PKind::TypeList | PKind::IntList)
        {
            format!("Option<{base}>")
        } else {
            base
        }
    }

    /// The expression reading parameter `i` out of `params` as its Rust type.
    pub(crate) fn read_expr(&self, i: usize) -> String {
        let p = &self.def.params[i];
        let opt = p.optional
            && p.default.is_none()
            && !matches!(p.kind, PKind::TypeList | PKind::IntList);
        let v = format!("params[{i}]");
        let inner = match &p.kind {
            PKind::Type => format!("{v}.as_type()"),
            PKind::TypeList => return format!("{v}.as_types()"),
            PKind::IntList => return format!("{v}.as_ints()"),
            PKind::Int(bits, signed) => {
                format!(
                    "{v}.as_int().map(|x| x as {}{bits})",
                    if *signed { "i" } else { "u" }
                )
            }
            PKind::Bool => return format!("{v}.as_bool()"),
            PKind::Str => format!("{v}.as_str()"),
            PKind::Attr | PKind::AttrOf { .. } => format!("{v}.as_attr()"),
            PKind::Enum(_) => format!("{v}.as_int()"),
        };
        if opt {
            inner
        } else {
            format!("{inner}.expect(\"parameter kinds are checked when a type is built\")")
        }
    }

    /// The expression storing Rust value `x` of parameter `i` as a `TypeParam`.
    pub(crate) fn write_expr(&self, i: usize, x: &str) -> String {
        let p = &self.def.params[i];
        let opt = p.optional
            && p.default.is_none()
            && !matches!(p.kind, PKind::TypeList | PKind::IntList);
        let conv = |y: &str| match &p.kind {
            PKind::Type => format!("RT::TypeParam::Type({y})"),
            PKind::TypeList => format!("RT::TypeParam::Types(ctx.alloc_types(&{y}))"),
            PKind::IntList => format!("RT::TypeParam::Ints(ctx.alloc_slice(&{y}))"),
            PKind::Int(..) | PKind::Enum(_) => format!("RT::TypeParam::Int({y} as i64)"),
            PKind::Bool => format!("RT::TypeParam::Bool({y})"),
            PKind::Str => format!("RT::TypeParam::Str(ctx.alloc_str(&{y}))"),
            PKind::Attr | PKind::AttrOf { .. } => format!("RT::TypeParam::Attr({y})"),
        };
        if opt {
            format!(
                "match {x} {{ Some(y) => {}, None => RT::TypeParam::Absent }}",
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
            "#[allow(unused_variables, clippy::all)]\nfn __tparse_{u}_{k}<'c>(p: &mut dyn OpAsmParser<'c>, params: &mut [RT::TypeParam<'c>]) -> Result<(), ()> {{ let ctx = p.context(); let {pat} = super::parse_{snake}(p{ref_args})?;{stores} Ok(()) }}"
        );
        let all: String = args
            .iter()
            .map(|a| format!(", {}", self.read_expr(a.0)))
            .collect();
        let _ = writeln!(
            self.customs,
            "#[allow(unused_variables, clippy::all)]\nfn __tprint_{u}_{k}<'c>(p: &mut RT::printer::TypePrinter<'_>, params: &[RT::TypeParam<'c>]) {{ super::print_{snake}(p{all}) }}"
        );
        let _ = self.enums;
        Ok((format!("__tparse_{u}_{k}"), format!("__tprint_{u}_{k}")))
    }
}
