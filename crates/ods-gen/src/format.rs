//! The declarative `assemblyFormat`: parsed at build time into Rust static data for the
//! runtime interpreter (`pto_ir::ods::format`).
//!
//! Two things are decided here, as MLIR's generator decides them: the spacing of the
//! printed form (a running state over the elements, independent of the op printed), and
//! where each operand's and result's type comes from when it is not written.

use crate::model::{Arity, Check, Op};

/// A token of an assembly format.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Lit(String),
    Var(String),
    Ident(String),
    Punct(char),
}

/// Splits an assembly format into tokens.
pub(crate) fn lex(src: &str) -> Result<Vec<Tok>, String> {
    let b = src.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    while i < b.len() {
        let c = b[i] as char;
        match c {
            ' ' | '\t' | '\n' | '\r' => i += 1,
            '`' => {
                let end = src[i + 1..]
                    .find('`')
                    .ok_or("unterminated literal in assembly format")?;
                out.push(Tok::Lit(src[i + 1..i + 1 + end].to_string()));
                i += end + 2;
            }
            '$' => {
                let start = i + 1;
                i = start;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                out.push(Tok::Var(src[start..i].to_string()));
            }
            '(' | ')' | '?' | ':' | ',' | '^' | '<' | '>' => {
                out.push(Tok::Punct(c));
                i += 1;
            }
            _ if c.is_ascii_alphabetic() || c == '_' => {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'-')
                {
                    i += 1;
                }
                out.push(Tok::Ident(src[start..i].to_string()));
            }
            _ => return Err(format!("unexpected `{c}` in assembly format")),
        }
    }
    Ok(out)
}

/// A format element before resolution.
#[derive(Clone, Debug)]
enum F {
    Lit(String),
    Var(String),
    AttrDict(bool),
    PropDict,
    Type(Box<F>),
    Qualified(Box<F>),
    FuncType(Box<F>, Box<F>),
    Custom(String, Vec<F>),
    Ref(Box<F>),
    Operands,
    Results,
    Regions,
    Successors,
    Optional {
        then: Vec<F>,
        otherwise: Vec<F>,
        anchor: String,
        inverted: bool,
    },
}

struct P {
    toks: Vec<Tok>,
    pos: usize,
    anchor: Option<String>,
}

impl P {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }
    fn eat(&mut self, t: &Tok) -> bool {
        if self.peek() == Some(t) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, c: char) -> Result<(), String> {
        if self.eat(&Tok::Punct(c)) {
            Ok(())
        } else {
            Err(format!("expected `{c}` in assembly format"))
        }
    }
    fn elems_until_rparen(&mut self) -> Result<Vec<F>, String> {
        let mut v = Vec::new();
        while self.peek() != Some(&Tok::Punct(')')) {
            if self.peek().is_none() {
                return Err("unterminated group in assembly format".into());
            }
            v.push(self.elem()?);
        }
        self.pos += 1;
        Ok(v)
    }
    fn anchor_name(f: &F) -> Option<String> {
        match f {
            F::Var(n) => Some(n.clone()),
            F::Type(x) | F::Qualified(x) | F::Ref(x) => Self::anchor_name(x),
            F::FuncType(a, _) => Self::anchor_name(a),
            F::Custom(_, args) => args.iter().find_map(Self::anchor_name),
            F::Operands => Some("$operands".into()),
            F::Results => Some("$results".into()),
            F::Regions => Some("$regions".into()),
            F::Successors => Some("$successors".into()),
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
            Tok::Var(v) => F::Var(v),
            Tok::Punct('(') => {
                let saved = self.anchor.take();
                let then = self.elems_until_rparen()?;
                let mut anchor = self.anchor.take();
                let mut inverted = false;
                let mut otherwise = Vec::new();
                if self.eat(&Tok::Punct(':')) {
                    self.expect('(')?;
                    otherwise = self.elems_until_rparen()?;
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
                "attr-dict" => F::AttrDict(false),
                "attr-dict-with-keyword" => F::AttrDict(true),
                "prop-dict" => F::PropDict,
                "operands" => F::Operands,
                "results" => F::Results,
                "regions" => F::Regions,
                "successors" => F::Successors,
                "type" | "qualified" | "ref" => {
                    self.expect('(')?;
                    let inner = self.elem()?;
                    self.expect(')')?;
                    match id.as_str() {
                        "type" => F::Type(Box::new(inner)),
                        "qualified" => F::Qualified(Box::new(inner)),
                        _ => F::Ref(Box::new(inner)),
                    }
                }
                "functional-type" => {
                    self.expect('(')?;
                    let a = self.elem()?;
                    self.expect(',')?;
                    let b = self.elem()?;
                    self.expect(')')?;
                    F::FuncType(Box::new(a), Box::new(b))
                }
                "custom" => {
                    self.expect('<')?;
                    let name = match self.peek().cloned() {
                        Some(Tok::Ident(n)) => n,
                        _ => return Err("expected directive name after `custom<`".into()),
                    };
                    self.pos += 1;
                    self.expect('>')?;
                    self.expect('(')?;
                    let mut args = Vec::new();
                    if !self.eat(&Tok::Punct(')')) {
                        loop {
                            args.push(self.elem()?);
                            if self.eat(&Tok::Punct(')')) {
                                break;
                            }
                            self.expect(',')?;
                        }
                    }
                    F::Custom(name, args)
                }
                other => return Err(format!("unsupported format directive `{other}`")),
            },
            Tok::Punct(c) => return Err(format!("unexpected `{c}` in assembly format")),
        };
        if self.eat(&Tok::Punct('^')) {
            self.anchor = Some(Self::anchor_name(&f).ok_or("invalid `^` anchor")?);
        }
        Ok(f)
    }
}

/// Rust source of a format: the `Format` static's initializer, plus its type sources.
pub struct Emitted {
    /// `RT::ods::format::Format { ... }` expression.
    pub format: String,
}

struct Ctx<'a> {
    op: &'a Op,
    /// `shouldEmitSpace`.
    s: bool,
    /// `lastWasPunctuation`.
    p: bool,
    seen_operand_types: Vec<bool>,
    seen_result_types: Vec<bool>,
}

/// MLIR's `shouldEmitSpaceBefore`.
pub(crate) fn space_before(l: &str, last_punct: bool) -> bool {
    if l.chars().count() != 1 && l != "->" {
        return true;
    }
    let c = l.chars().next().unwrap_or(' ');
    if last_punct {
        !">)}],".contains(c)
    } else {
        !"<>(){}[],".contains(c)
    }
}

enum Target {
    Operand(usize),
    Result(usize),
    Attr(usize),
    Region(usize),
    Successor(usize),
}

impl Ctx<'_> {
    fn lookup(&self, name: &str) -> Result<Target, String> {
        let op = self.op;
        if let Some(i) = op.operands.iter().position(|v| v.name == name) {
            return Ok(Target::Operand(i));
        }
        if let Some(i) = op.results.iter().position(|v| v.name == name) {
            return Ok(Target::Result(i));
        }
        if let Some(i) = op.attrs.iter().position(|v| v.name == name) {
            return Ok(Target::Attr(i));
        }
        if let Some(i) = op.regions.iter().position(|v| v.name == name) {
            return Ok(Target::Region(i));
        }
        if let Some(i) = op.successors.iter().position(|v| v.name == name) {
            return Ok(Target::Successor(i));
        }
        Err(format!("unknown variable `${name}` in assembly format"))
    }

    /// `type(x)` (`strip`: unqualified) or `qualified(x)`.
    fn type_elem(&mut self, x: &F, strip: bool) -> Result<String, String> {
        if let F::Var(n) = x {
            if let Ok(Target::Attr(i)) = self.lookup(n) {
                let sp = self.var_space();
                return Ok(format!(
                    "RT::ods::format::Elem::Attr {{ index: {i}, space: {sp} }}"
                ));
            }
        }
        self.mark_type(x);
        let v = self.var_expr(x)?;
        let sp = self.var_space();
        let stripped = if strip { self.stripped_class(x) } else { None };
        let stripped = stripped.map_or("None".to_string(), |c| format!("Some({c:?})"));
        Ok(format!(
            "RT::ods::format::Elem::Type {{ var: {v}, space: {sp}, stripped: {stripped} }}"
        ))
    }

    /// For `type($x)` of a single operand or result whose constraint's C++ class is a
    /// dialect type (`PtrType`): that type's `dialect.mnemonic`. MLIR's generated
    /// printer prints such a type stripped (`<f32>`, `printStrippedAttrOrType`);
    /// variadic and optional groups and other classes print in full.
    fn stripped_class(&self, x: &F) -> Option<String> {
        let F::Var(n) = x else {
            return None;
        };
        let v = match self.lookup(n).ok()? {
            Target::Operand(i) => &self.op.operands[i],
            Target::Result(i) => &self.op.results[i],
            _ => return None,
        };
        if v.arity != crate::model::Arity::Single {
            return None;
        }
        crate::preds::dialect_type_class(&v.con.cpp_type).map(|(d, m)| format!("{d}.{m}"))
    }

    fn var_expr(&self, f: &F) -> Result<String, String> {
        Ok(match f {
            F::Var(n) => match self.lookup(n)? {
                Target::Operand(i) => format!("RT::ods::Var::Operand({i})"),
                Target::Result(i) => format!("RT::ods::Var::Result({i})"),
                Target::Attr(i) => format!("RT::ods::Var::Attr({i})"),
                Target::Region(i) => format!("RT::ods::Var::Region({i})"),
                Target::Successor(i) => format!("RT::ods::Var::Successor({i})"),
            },
            F::Operands => "RT::ods::Var::AllOperands".into(),
            F::Results => "RT::ods::Var::AllResults".into(),
            F::Regions => "RT::ods::Var::AllRegions".into(),
            F::Successors => "RT::ods::Var::AllSuccessors".into(),
            F::Type(x) | F::Qualified(x) | F::Ref(x) => self.var_expr(x)?,
            _ => return Err("expected a variable in assembly format".into()),
        })
    }

    fn anchor_expr(&self, name: &str) -> Result<String, String> {
        match name {
            "$operands" => Ok("RT::ods::Var::AllOperands".into()),
            "$results" => Ok("RT::ods::Var::AllResults".into()),
            "$regions" => Ok("RT::ods::Var::AllRegions".into()),
            "$successors" => Ok("RT::ods::Var::AllSuccessors".into()),
            _ => self.var_expr(&F::Var(name.to_string())),
        }
    }

    fn mark_type(&mut self, f: &F) {
        match f {
            F::Var(n) => match self.lookup(n) {
                Ok(Target::Operand(i)) => self.seen_operand_types[i] = true,
                Ok(Target::Result(i)) => self.seen_result_types[i] = true,
                _ => {}
            },
            F::Operands => self.seen_operand_types.iter_mut().for_each(|s| *s = true),
            F::Results => self.seen_result_types.iter_mut().for_each(|s| *s = true),
            F::Type(x) | F::Qualified(x) | F::Ref(x) => self.mark_type(x),
            _ => {}
        }
    }

    fn var_space(&mut self) -> bool {
        let sp = self.s || !self.p;
        self.s = true;
        self.p = false;
        sp
    }

    fn is_unit_attr(&self, name: &str) -> bool {
        matches!(self.lookup(name), Ok(Target::Attr(i)) if self.op.attrs[i].con.unit)
    }

    fn elems(&mut self, fs: &[F], unit_anchor: Option<&str>) -> Result<String, String> {
        let mut parts = Vec::new();
        for (k, f) in fs.iter().enumerate() {
            // A UnitAttr anchor after the first element is neither printed nor parsed.
            if let (Some(u), F::Var(n)) = (unit_anchor, f) {
                if n == u && k > 0 {
                    continue;
                }
            }
            parts.push(self.elem(f)?);
        }
        Ok(format!("&[{}]", parts.join(", ")))
    }

    fn elem(&mut self, f: &F) -> Result<String, String> {
        Ok(match f {
            F::Lit(l) if l == " " => {
                self.s = false;
                self.p = false;
                "RT::ods::format::Elem::Literal { text: \" \", space: false }".to_string()
            }
            F::Lit(l) if l.is_empty() => {
                self.s = false;
                self.p = true;
                "RT::ods::format::Elem::Spacer".to_string()
            }
            F::Lit(l) if l == "\\n" => "RT::ods::format::Elem::Spacer".to_string(),
            F::Lit(l) => {
                let sp = self.s && space_before(l, self.p);
                let first = l.chars().next().unwrap_or(' ');
                self.s = !(l.chars().count() == 1 && "<({[".contains(first));
                self.p = !(first == '_' || first.is_ascii_alphabetic());
                format!("RT::ods::format::Elem::Literal {{ text: {l:?}, space: {sp} }}")
            }
            F::AttrDict(kw) => {
                self.p = false;
                format!("RT::ods::format::Elem::AttrDict {{ with_keyword: {kw} }}")
            }
            F::PropDict => {
                self.p = false;
                "RT::ods::format::Elem::PropDict { space: true }".to_string()
            }
            F::Var(n) => {
                let target = self.lookup(n)?;
                let sp = self.var_space();
                match target {
                    Target::Operand(i) => format!(
                        "RT::ods::format::Elem::Operands {{ var: RT::ods::Var::Operand({i}), space: {sp} }}"
                    ),
                    Target::Result(_) => {
                        return Err(format!("result `${n}` cannot appear in an assembly format"))
                    }
                    Target::Attr(i) => {
                        format!("RT::ods::format::Elem::Attr {{ index: {i}, space: {sp} }}")
                    }
                    Target::Region(i) => format!(
                        "RT::ods::format::Elem::Regions {{ var: RT::ods::Var::Region({i}), space: {sp} }}"
                    ),
                    Target::Successor(i) => format!(
                        "RT::ods::format::Elem::Successors {{ var: RT::ods::Var::Successor({i}), space: {sp} }}"
                    ),
                }
            }
            F::Operands => {
                let sp = self.var_space();
                format!("RT::ods::format::Elem::Operands {{ var: RT::ods::Var::AllOperands, space: {sp} }}")
            }
            F::Regions => {
                let sp = self.var_space();
                format!("RT::ods::format::Elem::Regions {{ var: RT::ods::Var::AllRegions, space: {sp} }}")
            }
            F::Successors => {
                let sp = self.var_space();
                format!("RT::ods::format::Elem::Successors {{ var: RT::ods::Var::AllSuccessors, space: {sp} }}")
            }
            F::Results => return Err("`results` must be used inside `type(...)`".into()),
            F::Type(x) | F::Qualified(x) => {
                // `qualified(type($x))`: the type in full.
                if let F::Type(y) = &**x {
                    return self.type_elem(y, false);
                }
                self.type_elem(x, matches!(f, F::Type(_)))?
            }
            F::FuncType(a, b) => {
                self.mark_type(a);
                self.mark_type(b);
                let a = self.var_expr(a)?;
                let b = self.var_expr(b)?;
                let sp = self.var_space();
                format!("RT::ods::format::Elem::FunctionalType {{ inputs: {a}, results: {b}, space: {sp} }}")
            }
            F::Custom(name, args) => {
                let mut vars = Vec::new();
                for a in args {
                    match a {
                        F::AttrDict(_) | F::Lit(_) => {}
                        F::Type(x) => {
                            self.mark_type(x);
                            vars.push(self.var_expr(a)?);
                        }
                        _ => vars.push(self.var_expr(a)?),
                    }
                }
                let sp = self.var_space();
                let snake = snake_case(name);
                format!(
                    "RT::ods::format::Elem::Custom {{ parse: super::parse_{snake}, print: super::print_{snake}, args: &[{}], space: {sp} }}",
                    vars.join(", ")
                )
            }
            F::Ref(x) => self.elem(x)?,
            F::Optional {
                then,
                otherwise,
                anchor,
                inverted,
            } => {
                let anchor_e = self.anchor_expr(anchor)?;
                let unit = self.is_unit_attr(anchor);
                let unit_idx = if unit {
                    match self.lookup(anchor)? {
                        Target::Attr(i) => Some(i),
                        _ => None,
                    }
                } else {
                    None
                };
                let then_e = self.elems(then, unit.then_some(anchor.as_str()))?;
                let else_e = self.elems(otherwise, unit.then_some(anchor.as_str()))?;
                format!(
                    "RT::ods::format::Elem::Optional {{ anchor: {anchor_e}, unit_anchor: {}, inverted: {inverted}, then: {then_e}, otherwise: {else_e} }}",
                    match unit_idx {
                        Some(i) => format!("Some({i})"),
                        None => "None".into(),
                    }
                )
            }
        })
    }
}

/// `DynamicIndexList` -> `dynamic_index_list`, `PrettyLLVMType` -> `pretty_llvm_type`:
/// an underscore before a capital that follows a lower-case letter or digit, or that
/// ends a run of capitals followed by a lower-case letter.
pub fn snake_case(name: &str) -> String {
    let c: Vec<char> = name.chars().collect();
    let mut out = String::new();
    for (i, &ch) in c.iter().enumerate() {
        if ch.is_ascii_uppercase() {
            let prev = i.checked_sub(1).map(|j| c[j]);
            let next = c.get(i + 1).copied();
            let after_lower = prev.is_some_and(|p| p.is_ascii_lowercase() || p.is_ascii_digit());
            let ends_run = prev.is_some_and(|p| p.is_ascii_uppercase())
                && next.is_some_and(|n| n.is_ascii_lowercase());
            if after_lower || ends_run {
                out.push('_');
            }
            out.push(ch.to_ascii_lowercase());
        } else {
            out.push(ch);
        }
    }
    out
}

/// Parses `op`'s assembly format and emits its `Format` initializer.
pub fn emit_format(op: &Op, text: &str) -> Result<Emitted, String> {
    let toks = lex(text)?;
    let mut p = P {
        toks,
        pos: 0,
        anchor: None,
    };
    let mut fs = Vec::new();
    while p.peek().is_some() {
        fs.push(p.elem()?);
    }
    let mut cx = Ctx {
        op,
        s: true,
        p: false,
        seen_operand_types: vec![false; op.operands.len()],
        seen_result_types: vec![false; op.results.len()],
    };
    let elems = cx.elems(&fs, None)?;
    let (ops, res) = type_sources(op, &cx.seen_operand_types, &cx.seen_result_types)?;
    // The sizes of `VariadicOfVariadic` groups are implied by the syntax.
    let elided: Vec<String> = op
        .operands
        .iter()
        .filter_map(|v| v.segment_attr.as_ref().map(|a| format!("{a:?}")))
        .collect();
    Ok(Emitted {
        format: format!(
            "RT::ods::format::Format {{ elems: {elems}, operand_types: &[{}], result_types: &[{}], elided: &[{}] }}",
            ops.join(", "),
            res.join(", "),
            elided.join(", ")
        ),
    })
}

#[derive(Clone)]
enum Src {
    Same(String, Option<String>),
    /// As many of the shaped group's element type as it has elements.
    ElementsOf(String),
}

fn group_var(op: &Op, name: &str) -> Option<(bool, usize)> {
    if let Some(i) = op.operands.iter().position(|v| v.name == name) {
        return Some((true, i));
    }
    op.results
        .iter()
        .position(|v| v.name == name)
        .map(|i| (false, i))
}

fn var_of(is_operand: bool, i: usize) -> String {
    if is_operand {
        format!("RT::ods::Var::Operand({i})")
    } else {
        format!("RT::ods::Var::Result({i})")
    }
}

/// Where each group's type comes from when parsing.
fn type_sources(
    op: &Op,
    seen_ops: &[bool],
    seen_res: &[bool],
) -> Result<(Vec<String>, Vec<String>), String> {
    let mut op_src: Vec<Option<Src>> = vec![None; op.operands.len()];
    let mut res_src: Vec<Option<Src>> = vec![None; op.results.len()];
    let seen = |is_op: bool, i: usize| if is_op { seen_ops[i] } else { seen_res[i] };
    for c in &op.checks {
        match c {
            Check::AllTypesMatch(names, _) => {
                let groups: Vec<(bool, usize)> =
                    names.iter().filter_map(|n| group_var(op, n)).collect();
                if let Some(&(fo, fi)) = groups.iter().find(|(o, i)| seen(*o, *i)) {
                    for &(o, i) in &groups {
                        if !seen(o, i) {
                            let s = Some(Src::Same(var_of(fo, fi), None));
                            if o {
                                op_src[i] = s;
                            } else {
                                res_src[i] = s;
                            }
                        }
                    }
                }
            }
            Check::Simple("SameTypeOperands") => {
                if let Some(f) = (0..op.operands.len()).find(|&i| seen_ops[i]) {
                    for (i, s) in op_src.iter_mut().enumerate() {
                        if !seen_ops[i] {
                            *s = Some(Src::Same(var_of(true, f), None));
                        }
                    }
                }
            }
            Check::Simple("SameOperandsAndResultType") => {
                let first = (0..op.operands.len())
                    .find(|&i| seen_ops[i])
                    .map(|i| var_of(true, i))
                    .or_else(|| {
                        (0..op.results.len())
                            .find(|&i| seen_res[i])
                            .map(|i| var_of(false, i))
                    });
                if let Some(f) = first {
                    for (i, s) in op_src.iter_mut().enumerate() {
                        if !seen_ops[i] {
                            *s = Some(Src::Same(f.clone(), None));
                        }
                    }
                    for (i, s) in res_src.iter_mut().enumerate() {
                        if !seen_res[i] {
                            *s = Some(Src::Same(f.clone(), None));
                        }
                    }
                }
            }
            Check::TypesMatchWith(lhs, rhs, transform, _) => {
                if let (Some((lo, li)), Some((ro, ri))) = (group_var(op, lhs), group_var(op, rhs)) {
                    if seen(lo, li) && !seen(ro, ri) {
                        let s = Some(Src::Same(
                            var_of(lo, li),
                            Some(format!("|ctx, x| {{ let _ = ctx; {transform} }}")),
                        ));
                        if ro {
                            op_src[ri] = s;
                        } else {
                            res_src[ri] = s;
                        }
                    }
                }
            }
            Check::ElementCountAndTypes(shaped, elements, _) => {
                if let (Some((so, si)), Some((eo, ei))) =
                    (group_var(op, shaped), group_var(op, elements))
                {
                    if seen(so, si) && !seen(eo, ei) {
                        let s = Some(Src::ElementsOf(var_of(so, si)));
                        if eo {
                            op_src[ei] = s;
                        } else {
                            res_src[ei] = s;
                        }
                    }
                }
            }
            _ => {}
        }
    }
    let hook = crate::emit::hook_name(op);
    let render = |is_op: bool, i: usize, src: &Option<Src>| -> Result<String, String> {
        let v = if is_op {
            &op.operands[i]
        } else {
            &op.results[i]
        };
        if seen(is_op, i) {
            return Ok("RT::ods::format::TypeSource::Parsed".into());
        }
        if let Some(Src::Same(var, tr)) = src {
            return Ok(format!(
                "RT::ods::format::TypeSource::SameAs({var}, {})",
                match tr {
                    Some(t) => format!("Some({t})"),
                    None => "None".into(),
                }
            ));
        }
        if let Some(Src::ElementsOf(var)) = src {
            return Ok(format!("RT::ods::format::TypeSource::ElementsOf({var})"));
        }
        if let Some(b) = &v.con.build {
            if is_op || v.arity == Arity::Single {
                return Ok(format!("RT::ods::format::TypeSource::Build(|ctx| {b})"));
            }
        }
        if !is_op && op.infer_types {
            return Ok(format!(
                "RT::ods::format::TypeSource::Inferred(super::infer_return_types_{hook})"
            ));
        }
        Err(format!(
            "type of `{}` is neither in the assembly format nor inferable",
            v.name
        ))
    };
    let mut ops = Vec::new();
    for (i, s) in op_src.iter().enumerate() {
        ops.push(render(true, i, s)?);
    }
    let mut res = Vec::new();
    for (i, s) in res_src.iter().enumerate() {
        res.push(render(false, i, s)?);
    }
    Ok((ops, res))
}
