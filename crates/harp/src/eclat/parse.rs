//! Eclat's grammar (upstream's `grammar.pest`), read by a small recursive-descent
//! parser: the language is a dozen rules, and a hand-written parser gives each
//! error its exact line and column without a grammar dependency.
//!
//! ```text
//! program   = "program" "{" graph* "}"
//! graph     = "graph" ("<" ident ("," ident)* ">")? ident "(" params? ")" "->" type "{" let* return "}"
//! type      = dtype "[" dim ("," dim)* "]"          dim = integer | ident
//! let       = "let" ident "=" expr ";"              return = "return" expr ";"
//! expr      = add (("<" | "<=" | ">" | ">=" | "==" | "!=") add)*
//! add       = mul (("+" | "-") mul)*                 mul = unary (("*" | "/") unary)*
//! unary     = "-" unary | primary                   primary = call | number | ident | "(" expr ")"
//! call      = ident "(" (arg ("," arg)*)? ")"        arg = ident "=" (list | expr) | list | expr
//! ```

/// A position: line and column, 1-based.
pub type Pos = (u32, u32);

/// A size in a type or a list.
#[derive(Clone, Debug, PartialEq)]
pub enum Size {
    /// An integer.
    Int(i64),
    /// A name (a symbolic size, or a dtype where one is expected).
    Name(String),
}

/// An expression.
#[derive(Clone, Debug)]
pub enum Expr {
    /// A name.
    Var(String, Pos),
    /// A number (`1`, `0.5`, `1e-5`), with whether it was written as an integer.
    Num(f64, bool, Pos),
    /// `-x`.
    Neg(Box<Expr>, Pos),
    /// `a op b`.
    Bin(String, Box<Expr>, Box<Expr>, Pos),
    /// `f(args)`.
    Call(String, Vec<Arg>, Pos),
}

impl Expr {
    /// Where it starts.
    pub fn pos(&self) -> Pos {
        match self {
            Expr::Var(_, p)
            | Expr::Num(_, _, p)
            | Expr::Neg(_, p)
            | Expr::Bin(_, _, _, p)
            | Expr::Call(_, _, p) => *p,
        }
    }
}

/// A call's argument.
#[derive(Clone, Debug)]
pub enum Arg {
    /// `[a, b]`.
    List(Vec<Size>, Pos),
    /// An expression.
    Expr(Expr),
    /// `name = value`.
    Named(String, Box<Arg>, Pos),
}

/// A parameter or result type.
#[derive(Clone, Debug)]
pub struct TypeSpec {
    /// `f32`, `bool`, ...
    pub dtype: String,
    /// Its sizes.
    pub shape: Vec<Size>,
    /// Where it is.
    pub pos: Pos,
}

/// A graph definition.
#[derive(Clone, Debug)]
pub struct Graph {
    /// Its name.
    pub name: String,
    /// Where it starts.
    pub pos: Pos,
    /// Its symbolic sizes.
    pub sizes: Vec<String>,
    /// Its parameters.
    pub params: Vec<(String, TypeSpec, Pos)>,
    /// Its result type.
    pub result: TypeSpec,
    /// `let` statements, in order.
    pub lets: Vec<(String, Expr, Pos)>,
    /// What it returns.
    pub ret: Expr,
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Num(f64, bool),
    Punct(&'static str),
    End,
}

struct Lexer {
    toks: Vec<(Tok, Pos)>,
    i: usize,
}

type PResult<T> = Result<T, (Pos, String)>;

const PUNCTS: &[&str] = &[
    "<=", ">=", "==", "!=", "->", "{", "}", "(", ")", "[", "]", "<", ">", ",", ":", ";", "=", "+",
    "-", "*", "/",
];

fn lex(text: &str) -> PResult<Vec<(Tok, Pos)>> {
    let mut toks = Vec::new();
    let bytes = text.as_bytes();
    let (mut i, mut line, mut col) = (0usize, 1u32, 1u32);
    while i < bytes.len() {
        let c = bytes[i];
        let pos = (line, col);
        if c == b'\n' {
            i += 1;
            line += 1;
            col = 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            col += 1;
            continue;
        }
        if text[i..].starts_with("//") {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        let start = i;
        if c.is_ascii_alphabetic() || c == b'_' {
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            toks.push((Tok::Ident(text[start..i].to_string()), pos));
        } else if c.is_ascii_digit() {
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let mut integer = true;
            if i < bytes.len() && bytes[i] == b'.' {
                integer = false;
                i += 1;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
            }
            if i < bytes.len() && (bytes[i] == b'e' || bytes[i] == b'E') {
                let save = i;
                i += 1;
                if i < bytes.len() && (bytes[i] == b'+' || bytes[i] == b'-') {
                    i += 1;
                }
                if i < bytes.len() && bytes[i].is_ascii_digit() {
                    integer = false;
                    while i < bytes.len() && bytes[i].is_ascii_digit() {
                        i += 1;
                    }
                } else {
                    i = save;
                }
            }
            let v: f64 = text[start..i]
                .parse()
                .map_err(|_| (pos, format!("invalid number '{}'", &text[start..i])))?;
            toks.push((Tok::Num(v, integer), pos));
        } else if let Some(p) = PUNCTS.iter().find(|p| text[i..].starts_with(**p)) {
            i += p.len();
            toks.push((Tok::Punct(p), pos));
        } else {
            let ch = text[i..].chars().next().unwrap_or('?');
            return Err((pos, format!("unexpected character '{ch}'")));
        }
        col += (i - start) as u32;
    }
    toks.push((Tok::End, (line, col)));
    Ok(toks)
}

/// Parses a program: its graphs.
pub fn parse(text: &str) -> PResult<Vec<Graph>> {
    let mut p = Lexer {
        toks: lex(text)?,
        i: 0,
    };
    p.keyword("program")?;
    p.punct("{")?;
    let mut graphs = Vec::new();
    while !p.eat("}") {
        graphs.push(p.graph()?);
    }
    if p.peek() != &Tok::End {
        return Err((
            p.pos(),
            "expected the end of the file after the program".into(),
        ));
    }
    Ok(graphs)
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Ident(s) => format!("'{s}'"),
        Tok::Num(v, _) => format!("'{v}'"),
        Tok::Punct(p) => format!("'{p}'"),
        Tok::End => "the end of the file".into(),
    }
}

impl Lexer {
    fn peek(&self) -> &Tok {
        &self.toks[self.i].0
    }
    fn pos(&self) -> Pos {
        self.toks[self.i].1
    }
    fn next(&mut self) -> (Tok, Pos) {
        let t = self.toks[self.i].clone();
        if self.i + 1 < self.toks.len() {
            self.i += 1;
        }
        t
    }
    fn eat(&mut self, p: &str) -> bool {
        if matches!(self.peek(), Tok::Punct(q) if *q == p) {
            self.next();
            true
        } else {
            false
        }
    }
    fn punct(&mut self, p: &str) -> PResult<()> {
        if self.eat(p) {
            Ok(())
        } else {
            Err((
                self.pos(),
                format!("expected '{p}', found {}", describe(self.peek())),
            ))
        }
    }
    fn keyword(&mut self, k: &str) -> PResult<()> {
        match self.peek() {
            Tok::Ident(s) if s == k => {
                self.next();
                Ok(())
            }
            t => Err((self.pos(), format!("expected '{k}', found {}", describe(t)))),
        }
    }
    fn ident(&mut self) -> PResult<(String, Pos)> {
        match self.next() {
            (Tok::Ident(s), p) => Ok((s, p)),
            (t, p) => Err((p, format!("expected a name, found {}", describe(&t)))),
        }
    }
    fn size(&mut self) -> PResult<Size> {
        match self.next() {
            (Tok::Num(v, true), _) => Ok(Size::Int(v as i64)),
            (Tok::Ident(s), _) => Ok(Size::Name(s)),
            (t, p) => Err((
                p,
                format!(
                    "expected a size (an integer or a name), found {}",
                    describe(&t)
                ),
            )),
        }
    }
    fn list(&mut self) -> PResult<Vec<Size>> {
        self.punct("[")?;
        let mut out = Vec::new();
        if self.eat("]") {
            return Ok(out);
        }
        loop {
            out.push(self.size()?);
            if self.eat("]") {
                return Ok(out);
            }
            self.punct(",")?;
        }
    }
    fn type_spec(&mut self) -> PResult<TypeSpec> {
        let (dtype, pos) = self.ident()?;
        let shape = self.list()?;
        Ok(TypeSpec { dtype, shape, pos })
    }
    fn graph(&mut self) -> PResult<Graph> {
        let pos = self.pos();
        self.keyword("graph")?;
        let mut sizes = Vec::new();
        if self.eat("<") {
            loop {
                sizes.push(self.ident()?.0);
                if self.eat(">") {
                    break;
                }
                self.punct(",")?;
            }
        }
        let (name, _) = self.ident()?;
        self.punct("(")?;
        let mut params = Vec::new();
        if !self.eat(")") {
            loop {
                let (n, p) = self.ident()?;
                self.punct(":")?;
                params.push((n, self.type_spec()?, p));
                if self.eat(")") {
                    break;
                }
                self.punct(",")?;
            }
        }
        self.punct("->")?;
        let result = self.type_spec()?;
        self.punct("{")?;
        let mut lets = Vec::new();
        loop {
            match self.peek() {
                Tok::Ident(k) if k == "let" => {
                    self.next();
                    let (n, p) = self.ident()?;
                    self.punct("=")?;
                    let e = self.expr()?;
                    self.punct(";")?;
                    lets.push((n, e, p));
                }
                Tok::Ident(k) if k == "return" => {
                    self.next();
                    let ret = self.expr()?;
                    self.punct(";")?;
                    self.punct("}")?;
                    return Ok(Graph {
                        name,
                        pos,
                        sizes,
                        params,
                        result,
                        lets,
                        ret,
                    });
                }
                t => {
                    return Err((
                        self.pos(),
                        format!("expected 'let' or 'return', found {}", describe(t)),
                    ))
                }
            }
        }
    }
    fn expr(&mut self) -> PResult<Expr> {
        let mut lhs = self.additive()?;
        loop {
            let op = match self.peek() {
                Tok::Punct(p @ ("<" | "<=" | ">" | ">=" | "==" | "!=")) => *p,
                _ => return Ok(lhs),
            };
            let pos = self.pos();
            self.next();
            let rhs = self.additive()?;
            lhs = Expr::Bin(op.to_string(), Box::new(lhs), Box::new(rhs), pos);
        }
    }
    fn additive(&mut self) -> PResult<Expr> {
        let mut lhs = self.multiplicative()?;
        while let Tok::Punct(p @ ("+" | "-")) = self.peek() {
            let op = p.to_string();
            let pos = self.pos();
            self.next();
            let rhs = self.multiplicative()?;
            lhs = Expr::Bin(op, Box::new(lhs), Box::new(rhs), pos);
        }
        Ok(lhs)
    }
    fn multiplicative(&mut self) -> PResult<Expr> {
        let mut lhs = self.unary()?;
        while let Tok::Punct(p @ ("*" | "/")) = self.peek() {
            let op = p.to_string();
            let pos = self.pos();
            self.next();
            let rhs = self.unary()?;
            lhs = Expr::Bin(op, Box::new(lhs), Box::new(rhs), pos);
        }
        Ok(lhs)
    }
    fn unary(&mut self) -> PResult<Expr> {
        let pos = self.pos();
        if self.eat("-") {
            return Ok(Expr::Neg(Box::new(self.unary()?), pos));
        }
        self.primary()
    }
    fn primary(&mut self) -> PResult<Expr> {
        match self.next() {
            (Tok::Num(v, int), p) => Ok(Expr::Num(v, int, p)),
            (Tok::Punct("("), _) => {
                let e = self.expr()?;
                self.punct(")")?;
                Ok(e)
            }
            (Tok::Ident(name), p) => {
                if !self.eat("(") {
                    return Ok(Expr::Var(name, p));
                }
                let mut args = Vec::new();
                if !self.eat(")") {
                    loop {
                        args.push(self.arg()?);
                        if self.eat(")") {
                            break;
                        }
                        self.punct(",")?;
                    }
                }
                Ok(Expr::Call(name, args, p))
            }
            (t, p) => Err((p, format!("expected an expression, found {}", describe(&t)))),
        }
    }
    fn arg(&mut self) -> PResult<Arg> {
        let pos = self.pos();
        if matches!(self.peek(), Tok::Punct("[")) {
            return Ok(Arg::List(self.list()?, pos));
        }
        if let Tok::Ident(name) = self.peek().clone() {
            if matches!(self.toks.get(self.i + 1), Some((Tok::Punct("="), _))) {
                self.next();
                self.next();
                let value = self.arg()?;
                return Ok(Arg::Named(name, Box::new(value), pos));
            }
        }
        Ok(Arg::Expr(self.expr()?))
    }
}
