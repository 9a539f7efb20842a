//! Lexer and parser of PyPTO's Python form into [`ast`](super::ast): Python's
//! indentation (INDENT/DEDENT tokens, implicit line joining inside brackets), its
//! expression precedence, and the statements PyPTO's printer writes.

use super::ast::*;

/// A syntax error at a position.
#[derive(Clone, Debug)]
pub struct SyntaxError {
    /// Where.
    pub pos: Pos,
    /// What.
    pub message: String,
}

type R<T> = Result<T, SyntaxError>;

/// Tokens with their positions.
type Tokens = Vec<(Tok, Pos)>;

/// Positional and keyword arguments of a call or subscript.
type Arguments = (Vec<Expr>, Vec<(String, Expr)>);

fn fail<T>(pos: Pos, message: impl Into<String>) -> R<T> {
    Err(SyntaxError {
        pos,
        message: message.into(),
    })
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Name(String),
    Int(i128),
    Float(f64),
    Str(String),
    Op(&'static str),
    Newline,
    Indent,
    Dedent,
    Eof,
}

const OPS: [&str; 34] = [
    "**", "//", "<<", ">>", "<=", ">=", "==", "!=", "->", "+", "-", "*", "/", "%", "&", "|", "^",
    "~", "<", ">", "(", ")", "[", "]", "{", "}", ",", ":", ".", "=", "@", ";", "!", "?",
];

struct Lexer<'s> {
    src: &'s [u8],
    i: usize,
    line: u32,
    line_start: usize,
    depth: usize,
    indents: Vec<usize>,
    out: Vec<(Tok, Pos)>,
    /// `# pypto.program[: name]`, from the first such comment.
    program: Option<String>,
}

impl<'s> Lexer<'s> {
    fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            col: (self.i - self.line_start + 1) as u32,
        }
    }

    fn run(mut self) -> R<(Tokens, Option<String>)> {
        let mut at_line_start = true;
        while self.i < self.src.len() {
            if at_line_start && self.depth == 0 {
                // Measure indentation; blank and comment-only lines do not count.
                let mut j = self.i;
                let mut width = 0;
                while j < self.src.len() && matches!(self.src[j], b' ' | b'\t') {
                    width += if self.src[j] == b'\t' {
                        8 - width % 8
                    } else {
                        1
                    };
                    j += 1;
                }
                let blank = j >= self.src.len() || matches!(self.src[j], b'\n' | b'\r' | b'#');
                self.i = j;
                if !blank {
                    let cur = *self.indents.last().unwrap_or(&0);
                    let pos = self.pos();
                    if width > cur {
                        self.indents.push(width);
                        self.out.push((Tok::Indent, pos));
                    } else {
                        while width < *self.indents.last().unwrap_or(&0) {
                            self.indents.pop();
                            self.out.push((Tok::Dedent, pos));
                        }
                        if width != *self.indents.last().unwrap_or(&0) {
                            return fail(
                                pos,
                                "unindent does not match any outer indentation level",
                            );
                        }
                    }
                }
                at_line_start = false;
                continue;
            }
            let c = self.src[self.i];
            match c {
                b' ' | b'\t' | b'\r' => self.i += 1,
                b'\\' if self.src.get(self.i + 1) == Some(&b'\n') => {
                    self.i += 2;
                    self.line += 1;
                    self.line_start = self.i;
                }
                b'\n' => {
                    if self.depth == 0 && !matches!(self.out.last(), None | Some((Tok::Newline, _)))
                    {
                        let pos = self.pos();
                        self.out.push((Tok::Newline, pos));
                    }
                    self.i += 1;
                    self.line += 1;
                    self.line_start = self.i;
                    at_line_start = true;
                }
                b'#' => {
                    let start = self.i;
                    while self.i < self.src.len() && self.src[self.i] != b'\n' {
                        self.i += 1;
                    }
                    let text = String::from_utf8_lossy(&self.src[start + 1..self.i]);
                    let t = text.trim();
                    if self.program.is_none() {
                        if let Some(rest) = t.strip_prefix("pypto.program") {
                            let rest = rest.trim();
                            if rest.is_empty() {
                                self.program = Some(String::new());
                            } else if let Some(name) = rest.strip_prefix(':') {
                                self.program = Some(name.trim().to_string());
                            }
                        }
                    }
                }
                b'"' | b'\'' => self.string(c)?,
                b'0'..=b'9' => self.number()?,
                b'.' if self.src.get(self.i + 1).is_some_and(u8::is_ascii_digit) => {
                    self.number()?
                }
                c if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 => {
                    let pos = self.pos();
                    let start = self.i;
                    while self.i < self.src.len()
                        && (self.src[self.i].is_ascii_alphanumeric()
                            || self.src[self.i] == b'_'
                            || self.src[self.i] >= 0x80)
                    {
                        self.i += 1;
                    }
                    let s = String::from_utf8_lossy(&self.src[start..self.i]).into_owned();
                    self.out.push((Tok::Name(s), pos));
                }
                _ => {
                    let pos = self.pos();
                    let rest = &self.src[self.i..];
                    let Some(op) = OPS.iter().find(|o| rest.starts_with(o.as_bytes())) else {
                        return fail(pos, format!("unexpected character '{}'", c as char));
                    };
                    match *op {
                        "(" | "[" | "{" => self.depth += 1,
                        ")" | "]" | "}" => self.depth = self.depth.saturating_sub(1),
                        _ => {}
                    }
                    self.i += op.len();
                    self.out.push((Tok::Op(op), pos));
                }
            }
        }
        let pos = self.pos();
        if !matches!(self.out.last(), None | Some((Tok::Newline, _))) {
            self.out.push((Tok::Newline, pos));
        }
        while self.indents.len() > 1 {
            self.indents.pop();
            self.out.push((Tok::Dedent, pos));
        }
        self.out.push((Tok::Eof, pos));
        Ok((self.out, self.program))
    }

    fn string(&mut self, q: u8) -> R<()> {
        let pos = self.pos();
        self.i += 1;
        let mut s = Vec::new();
        loop {
            match self.src.get(self.i) {
                None | Some(b'\n') => return fail(pos, "unterminated string literal"),
                Some(&c) if c == q => {
                    self.i += 1;
                    break;
                }
                Some(b'\\') => {
                    let e = self.src.get(self.i + 1).copied().unwrap_or(b'\\');
                    s.push(match e {
                        b'n' => b'\n',
                        b't' => b'\t',
                        other => other,
                    });
                    self.i += 2;
                }
                Some(&c) => {
                    s.push(c);
                    self.i += 1;
                }
            }
        }
        self.out
            .push((Tok::Str(String::from_utf8_lossy(&s).into_owned()), pos));
        Ok(())
    }

    fn number(&mut self) -> R<()> {
        let pos = self.pos();
        let start = self.i;
        let rest = &self.src[self.i..];
        if rest.len() > 1
            && rest[0] == b'0'
            && matches!(rest[1], b'x' | b'X' | b'b' | b'B' | b'o' | b'O')
        {
            let radix = match rest[1] {
                b'x' | b'X' => 16,
                b'b' | b'B' => 2,
                _ => 8,
            };
            self.i += 2;
            while self.i < self.src.len()
                && (self.src[self.i].is_ascii_alphanumeric() || self.src[self.i] == b'_')
            {
                self.i += 1;
            }
            let digits: String =
                String::from_utf8_lossy(&self.src[start + 2..self.i]).replace('_', "");
            let Ok(v) = i128::from_str_radix(&digits, radix) else {
                return fail(pos, "invalid integer literal");
            };
            self.out.push((Tok::Int(v), pos));
            return Ok(());
        }
        let mut is_float = false;
        while self.i < self.src.len() {
            let c = self.src[self.i];
            if c.is_ascii_digit() || c == b'_' {
                self.i += 1;
            } else if c == b'.' && !is_float {
                is_float = true;
                self.i += 1;
            } else if matches!(c, b'e' | b'E') {
                is_float = true;
                self.i += 1;
                if matches!(self.src.get(self.i), Some(b'+' | b'-')) {
                    self.i += 1;
                }
            } else {
                break;
            }
        }
        let text: String = String::from_utf8_lossy(&self.src[start..self.i]).replace('_', "");
        let tok = if is_float {
            match text.parse::<f64>() {
                Ok(v) => Tok::Float(v),
                Err(_) => return fail(pos, "invalid float literal"),
            }
        } else {
            match text.parse::<i128>() {
                Ok(v) => Tok::Int(v),
                Err(_) => return fail(pos, "invalid integer literal"),
            }
        };
        self.out.push((tok, pos));
        Ok(())
    }
}

struct Parser {
    toks: Vec<(Tok, Pos)>,
    k: usize,
    /// How deeply the expression being parsed nests (see [`MAX_NESTING`]).
    depth: usize,
}

/// How deeply expressions may nest (parentheses, calls, subscripts, unary operators,
/// and the operands of a chain of binary operators): the parser, the importer and the
/// syntax tree's destructor recurse on it.
pub const MAX_NESTING: usize = 1000;

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.k].0
    }
    fn pos(&self) -> Pos {
        self.toks[self.k].1
    }
    fn bump(&mut self) -> Tok {
        let t = self.toks[self.k].0.clone();
        if self.k + 1 < self.toks.len() {
            self.k += 1;
        }
        t
    }
    fn is_op(&self, op: &str) -> bool {
        matches!(self.peek(), Tok::Op(o) if *o == op)
    }
    fn is_name(&self, n: &str) -> bool {
        matches!(self.peek(), Tok::Name(s) if s == n)
    }
    fn eat_op(&mut self, op: &str) -> bool {
        let yes = self.is_op(op);
        if yes {
            self.bump();
        }
        yes
    }
    fn eat_name(&mut self, n: &str) -> bool {
        let yes = self.is_name(n);
        if yes {
            self.bump();
        }
        yes
    }
    fn describe(&self) -> String {
        match self.peek() {
            Tok::Name(n) => format!("'{n}'"),
            Tok::Int(v) => format!("'{v}'"),
            Tok::Float(v) => format!("'{v}'"),
            Tok::Str(_) => "a string".into(),
            Tok::Op(o) => format!("'{o}'"),
            Tok::Newline => "end of line".into(),
            Tok::Indent => "an indented block".into(),
            Tok::Dedent => "the end of a block".into(),
            Tok::Eof => "end of file".into(),
        }
    }
    fn expect_op(&mut self, op: &str) -> R<()> {
        if self.eat_op(op) {
            return Ok(());
        }
        fail(
            self.pos(),
            format!("expected '{op}', found {}", self.describe()),
        )
    }
    fn expect_name(&mut self) -> R<Target> {
        let pos = self.pos();
        match self.peek().clone() {
            Tok::Name(n) if !is_keyword(&n) => {
                self.bump();
                Ok(Target { name: n, pos })
            }
            _ => fail(pos, format!("expected a name, found {}", self.describe())),
        }
    }
    fn expect_newline(&mut self) -> R<()> {
        if matches!(self.peek(), Tok::Newline) {
            self.bump();
            return Ok(());
        }
        if matches!(self.peek(), Tok::Eof | Tok::Dedent) {
            return Ok(());
        }
        fail(
            self.pos(),
            format!("expected end of line, found {}", self.describe()),
        )
    }

    fn file(&mut self) -> R<File> {
        let mut f = File::default();
        loop {
            match self.peek().clone() {
                Tok::Eof => return Ok(f),
                Tok::Newline => {
                    self.bump();
                }
                Tok::Name(n) if n == "import" => {
                    self.bump();
                    let mut dotted = vec![self.expect_name()?.name];
                    while self.eat_op(".") {
                        dotted.push(self.expect_name()?.name);
                    }
                    let alias = if self.eat_name("as") {
                        self.expect_name()?.name
                    } else {
                        dotted[0].clone()
                    };
                    f.prefix.get_or_insert(alias);
                    self.expect_newline()?;
                }
                Tok::Name(n) if n == "from" => {
                    self.bump();
                    self.expect_name()?;
                    while self.eat_op(".") {
                        self.expect_name()?;
                    }
                    if !self.eat_name("import") {
                        return fail(self.pos(), "expected 'import'");
                    }
                    let name = self.expect_name()?.name;
                    let alias = if self.eat_name("as") {
                        self.expect_name()?.name
                    } else {
                        name
                    };
                    f.prefix.get_or_insert(alias);
                    self.expect_newline()?;
                }
                Tok::Op("@") | Tok::Name(_) => f.funcs.push(self.funcdef()?),
                _ => {
                    return fail(
                        self.pos(),
                        format!("expected a function definition, found {}", self.describe()),
                    )
                }
            }
        }
    }

    fn funcdef(&mut self) -> R<FuncDef> {
        let mut decorators = Vec::new();
        while self.eat_op("@") {
            decorators.push(self.expr()?);
            self.expect_newline()?;
        }
        let pos = self.pos();
        if !self.eat_name("def") {
            return fail(pos, format!("expected 'def', found {}", self.describe()));
        }
        let name = self.expect_name()?.name;
        self.expect_op("(")?;
        let mut params = Vec::new();
        while !self.is_op(")") {
            let name = self.expect_name()?;
            let annotation = if self.eat_op(":") {
                Some(self.expr()?)
            } else {
                None
            };
            params.push(Param { name, annotation });
            if !self.eat_op(",") {
                break;
            }
        }
        self.expect_op(")")?;
        let returns = if self.eat_op("->") {
            Some(self.expr()?)
        } else {
            None
        };
        self.expect_op(":")?;
        let body = self.block()?;
        Ok(FuncDef {
            pos,
            name,
            decorators,
            params,
            returns,
            body,
        })
    }

    fn block(&mut self) -> R<Vec<Stmt>> {
        if !matches!(self.peek(), Tok::Newline) {
            // `if x: stmt` on one line.
            let s = self.simple_stmt()?;
            return Ok(vec![s]);
        }
        self.bump();
        if !matches!(self.peek(), Tok::Indent) {
            return fail(self.pos(), "expected an indented block");
        }
        self.bump();
        let mut out = Vec::new();
        while !matches!(self.peek(), Tok::Dedent | Tok::Eof) {
            if matches!(self.peek(), Tok::Newline) {
                self.bump();
                continue;
            }
            out.push(self.stmt()?);
        }
        if matches!(self.peek(), Tok::Dedent) {
            self.bump();
        }
        Ok(out)
    }

    fn stmt(&mut self) -> R<Stmt> {
        let pos = self.pos();
        if self.eat_name("if") {
            return self.if_rest(pos);
        }
        if self.eat_name("for") {
            let var = self.expect_name()?;
            let mut iter_args = None;
            if self.eat_op(",") {
                self.expect_op("(")?;
                let mut names = Vec::new();
                while !self.is_op(")") {
                    names.push(self.expect_name()?);
                    if !self.eat_op(",") {
                        break;
                    }
                }
                self.expect_op(")")?;
                iter_args = Some(names);
            }
            if !self.eat_name("in") {
                return fail(
                    self.pos(),
                    format!("expected 'in', found {}", self.describe()),
                );
            }
            let iter = self.expr()?;
            self.expect_op(":")?;
            let body = self.block()?;
            return Ok(Stmt {
                pos,
                kind: StmtKind::For {
                    var,
                    iter_args,
                    iter,
                    body,
                },
            });
        }
        if matches!(self.peek(), Tok::Name(n) if n == "def" || n == "class" || n == "while" || n == "with")
        {
            return fail(
                pos,
                format!("{} is not supported in PyPTO programs", self.describe()),
            );
        }
        self.simple_stmt()
    }

    fn if_rest(&mut self, pos: Pos) -> R<Stmt> {
        let cond = self.expr()?;
        self.expect_op(":")?;
        let then = self.block()?;
        let orelse = if self.is_name("elif") {
            let p = self.pos();
            self.bump();
            vec![self.if_rest(p)?]
        } else if self.eat_name("else") {
            self.expect_op(":")?;
            self.block()?
        } else {
            Vec::new()
        };
        Ok(Stmt {
            pos,
            kind: StmtKind::If { cond, then, orelse },
        })
    }

    fn simple_stmt(&mut self) -> R<Stmt> {
        let pos = self.pos();
        if self.eat_name("pass") {
            self.expect_newline()?;
            return Ok(Stmt {
                pos,
                kind: StmtKind::Pass,
            });
        }
        if self.eat_name("return") {
            let mut values = Vec::new();
            if !matches!(self.peek(), Tok::Newline | Tok::Eof | Tok::Dedent) {
                let e = self.expr_list()?;
                values = match e.kind {
                    ExprKind::Tuple(v) => v,
                    _ => vec![e],
                };
            }
            self.expect_newline()?;
            return Ok(Stmt {
                pos,
                kind: StmtKind::Return(values),
            });
        }
        let first = self.expr_list()?;
        if self.eat_op(":") {
            let annotation = self.expr()?;
            let ExprKind::Name(name) = &first.kind else {
                return fail(first.pos, "only a variable can be annotated");
            };
            let targets = vec![Target {
                name: name.clone(),
                pos: first.pos,
            }];
            self.expect_op("=")?;
            let value = self.expr_list()?;
            self.expect_newline()?;
            return Ok(Stmt {
                pos,
                kind: StmtKind::Assign {
                    targets,
                    annotation: Some(annotation),
                    value,
                },
            });
        }
        if self.eat_op("=") {
            let targets = match &first.kind {
                ExprKind::Name(n) => vec![Target {
                    name: n.clone(),
                    pos: first.pos,
                }],
                ExprKind::Tuple(items) => items
                    .iter()
                    .map(|e| match &e.kind {
                        ExprKind::Name(n) => Ok(Target {
                            name: n.clone(),
                            pos: e.pos,
                        }),
                        _ => fail(e.pos, "only variables can be assigned"),
                    })
                    .collect::<R<Vec<_>>>()?,
                _ => return fail(first.pos, "only variables can be assigned"),
            };
            let value = self.expr_list()?;
            self.expect_newline()?;
            return Ok(Stmt {
                pos,
                kind: StmtKind::Assign {
                    targets,
                    annotation: None,
                    value,
                },
            });
        }
        self.expect_newline()?;
        Ok(Stmt {
            pos,
            kind: StmtKind::Expr(first),
        })
    }

    /// `a, b, c` (a tuple when there is a comma).
    fn expr_list(&mut self) -> R<Expr> {
        let pos = self.pos();
        let first = self.expr()?;
        if !self.is_op(",") {
            return Ok(first);
        }
        let mut items = vec![first];
        while self.eat_op(",") {
            if matches!(self.peek(), Tok::Newline | Tok::Eof) || self.is_op("=") || self.is_op(":")
            {
                break;
            }
            items.push(self.expr()?);
        }
        Ok(Expr {
            pos,
            kind: ExprKind::Tuple(items),
        })
    }

    fn expr(&mut self) -> R<Expr> {
        self.nested(Self::or_expr)
    }

    /// Runs `f` one nesting level deeper: an error past [`MAX_NESTING`] levels.
    fn nested(&mut self, f: impl FnOnce(&mut Self) -> R<Expr>) -> R<Expr> {
        if self.depth >= MAX_NESTING {
            return fail(
                self.pos(),
                format!("expression nests too deeply (more than {MAX_NESTING} levels)"),
            );
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    fn or_expr(&mut self) -> R<Expr> {
        let mut l = self.and_expr()?;
        while self.is_name("or") {
            self.bump();
            let r = self.and_expr()?;
            l = bin(BinOp::Or, l, r);
        }
        Ok(l)
    }

    fn and_expr(&mut self) -> R<Expr> {
        let mut l = self.not_expr()?;
        while self.is_name("and") {
            self.bump();
            let r = self.not_expr()?;
            l = bin(BinOp::And, l, r);
        }
        Ok(l)
    }

    fn not_expr(&mut self) -> R<Expr> {
        let pos = self.pos();
        if self.eat_name("not") {
            let e = self.nested(Self::not_expr)?;
            return Ok(Expr {
                pos,
                kind: ExprKind::Unary(UnOp::Not, Box::new(e)),
            });
        }
        self.comparison()
    }

    fn comparison(&mut self) -> R<Expr> {
        let l = self.binary(0)?;
        let op = match self.peek() {
            Tok::Op("==") => BinOp::Eq,
            Tok::Op("!=") => BinOp::Ne,
            Tok::Op("<") => BinOp::Lt,
            Tok::Op("<=") => BinOp::Le,
            Tok::Op(">") => BinOp::Gt,
            Tok::Op(">=") => BinOp::Ge,
            _ => return Ok(l),
        };
        self.bump();
        let r = self.binary(0)?;
        if matches!(self.peek(), Tok::Op("==" | "!=" | "<" | "<=" | ">" | ">=")) {
            return fail(self.pos(), "chained comparisons are not supported");
        }
        Ok(bin(op, l, r))
    }

    /// Binary operators by precedence level: `|`, `^`, `&`, shifts, `+ -`, `* / // %`.
    fn binary(&mut self, level: usize) -> R<Expr> {
        const LEVELS: [&[(&str, BinOp)]; 6] = [
            &[("|", BinOp::BitOr)],
            &[("^", BinOp::BitXor)],
            &[("&", BinOp::BitAnd)],
            &[("<<", BinOp::Shl), (">>", BinOp::Shr)],
            &[("+", BinOp::Add), ("-", BinOp::Sub)],
            &[
                ("*", BinOp::Mul),
                ("/", BinOp::Div),
                ("//", BinOp::FloorDiv),
                ("%", BinOp::Mod),
            ],
        ];
        if level == LEVELS.len() {
            return self.unary();
        }
        let mut l = self.binary(level + 1)?;
        // A chain `a + b + c ...` nests to the left, one level per operator.
        let mut chain = 0;
        loop {
            let Tok::Op(o) = self.peek() else {
                return Ok(l);
            };
            let Some(&(_, op)) = LEVELS[level].iter().find(|(s, _)| s == o) else {
                return Ok(l);
            };
            self.bump();
            let r = self.binary(level + 1)?;
            chain += 1;
            if self.depth + chain > MAX_NESTING {
                return fail(
                    self.pos(),
                    format!("expression nests too deeply (more than {MAX_NESTING} levels)"),
                );
            }
            l = bin(op, l, r);
        }
    }

    fn unary(&mut self) -> R<Expr> {
        let pos = self.pos();
        let op = match self.peek() {
            Tok::Op("-") => UnOp::Neg,
            Tok::Op("+") => UnOp::Pos,
            Tok::Op("~") => UnOp::Invert,
            _ => return self.power(),
        };
        self.bump();
        let e = self.nested(Self::unary)?;
        Ok(Expr {
            pos,
            kind: ExprKind::Unary(op, Box::new(e)),
        })
    }

    fn power(&mut self) -> R<Expr> {
        let base = self.postfix()?;
        if self.eat_op("**") {
            // Right-associative, binds tighter than unary minus on its left only.
            let exp = self.nested(Self::unary)?;
            return Ok(bin(BinOp::Pow, base, exp));
        }
        Ok(base)
    }

    fn postfix(&mut self) -> R<Expr> {
        let mut e = self.atom()?;
        loop {
            let pos = e.pos;
            if self.eat_op(".") {
                let name = self.expect_name_or_keyword()?;
                e = Expr {
                    pos,
                    kind: ExprKind::Attr(Box::new(e), name),
                };
            } else if self.eat_op("(") {
                let (args, kwargs) = self.arguments(")")?;
                e = Expr {
                    pos,
                    kind: ExprKind::Call {
                        func: Box::new(e),
                        args,
                        kwargs,
                    },
                };
            } else if self.eat_op("[") {
                let (index, kwargs) = self.arguments("]")?;
                e = Expr {
                    pos,
                    kind: ExprKind::Subscript {
                        value: Box::new(e),
                        index,
                        kwargs,
                    },
                };
            } else {
                return Ok(e);
            }
        }
    }

    fn expect_name_or_keyword(&mut self) -> R<String> {
        match self.peek().clone() {
            Tok::Name(n) => {
                self.bump();
                Ok(n)
            }
            _ => fail(
                self.pos(),
                format!("expected a name, found {}", self.describe()),
            ),
        }
    }

    /// Positional and keyword arguments up to `close`.
    fn arguments(&mut self, close: &str) -> R<Arguments> {
        let mut args = Vec::new();
        let mut kwargs = Vec::new();
        while !self.is_op(close) {
            let is_kw = matches!(self.peek(), Tok::Name(_))
                && matches!(self.toks.get(self.k + 1), Some((Tok::Op("="), _)));
            if is_kw {
                let Tok::Name(k) = self.bump() else {
                    unreachable!()
                };
                self.bump();
                kwargs.push((k, self.expr()?));
            } else {
                if !kwargs.is_empty() {
                    return fail(self.pos(), "positional argument follows keyword argument");
                }
                args.push(self.expr()?);
            }
            if !self.eat_op(",") {
                break;
            }
        }
        self.expect_op(close)?;
        Ok((args, kwargs))
    }

    fn atom(&mut self) -> R<Expr> {
        let pos = self.pos();
        let kind = match self.bump() {
            Tok::Name(n) if n == "True" => ExprKind::Bool(true),
            Tok::Name(n) if n == "False" => ExprKind::Bool(false),
            Tok::Name(n) if !is_keyword(&n) => ExprKind::Name(n),
            Tok::Int(v) => ExprKind::Int(v),
            Tok::Float(v) => ExprKind::Float(v),
            Tok::Str(s) => ExprKind::Str(s),
            Tok::Op("(") => {
                if self.eat_op(")") {
                    ExprKind::Tuple(Vec::new())
                } else {
                    let first = self.expr()?;
                    if self.eat_op(")") {
                        return Ok(first);
                    }
                    let mut items = vec![first];
                    while self.eat_op(",") {
                        if self.is_op(")") {
                            break;
                        }
                        items.push(self.expr()?);
                    }
                    self.expect_op(")")?;
                    ExprKind::Tuple(items)
                }
            }
            Tok::Op("[") => {
                let mut items = Vec::new();
                while !self.is_op("]") {
                    items.push(self.expr()?);
                    if !self.eat_op(",") {
                        break;
                    }
                }
                self.expect_op("]")?;
                ExprKind::List(items)
            }
            _ => {
                self.k -= 1;
                return fail(
                    pos,
                    format!("expected an expression, found {}", self.describe()),
                );
            }
        };
        Ok(Expr { pos, kind })
    }
}

fn bin(op: BinOp, l: Expr, r: Expr) -> Expr {
    Expr {
        pos: l.pos,
        kind: ExprKind::Binary(op, Box::new(l), Box::new(r)),
    }
}

fn is_keyword(n: &str) -> bool {
    matches!(
        n,
        "def"
            | "return"
            | "if"
            | "else"
            | "elif"
            | "for"
            | "in"
            | "and"
            | "or"
            | "not"
            | "import"
            | "from"
            | "as"
            | "pass"
            | "while"
            | "class"
            | "with"
            | "lambda"
    )
}

/// Parses a `.py` file in PyPTO's Python form.
pub fn parse_file(text: &str) -> Result<File, SyntaxError> {
    let lexer = Lexer {
        src: text.as_bytes(),
        i: 0,
        line: 1,
        line_start: 0,
        depth: 0,
        indents: vec![0],
        out: Vec::new(),
        program: None,
    };
    let (toks, program) = lexer.run()?;
    let mut p = Parser {
        toks,
        k: 0,
        depth: 0,
    };
    let mut f = p.file()?;
    f.program = program;
    Ok(f)
}
