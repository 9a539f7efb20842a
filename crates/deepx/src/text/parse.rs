//! The parser of DeepX's text: the seed's deepxir form (`deepxir`/`function`/`func`/`def`
//! definitions whose headers may span lines, `op(reads) -> writes` with bare or
//! parenthesised write lists, shape literals `[2,4]` and expressions `?1x?3`) and
//! dxlang's additions (infix `A + B -> W`, `W <- op(...)`, `=>`, `#` comments,
//! `"string"` and `'key'` quoting, top-level statements after the definitions).
//!
//! Written by hand: no parser library reads this line-oriented, context-sensitive
//! syntax (`?1x?3` is one token in a shape and `x` a name elsewhere), and upstream's
//! own reader is a line splitter. Recursion is bounded ([`MAX_DEPTH`]).

use super::ast::*;

/// A syntax error.
#[derive(Clone, Debug)]
pub struct SyntaxError {
    /// Where.
    pub pos: Pos,
    /// What.
    pub message: String,
}

type R<T> = Result<T, SyntaxError>;

/// How deeply lists and types may nest.
pub const MAX_DEPTH: usize = 64;

/// The keywords that start a definition.
pub const DEF_KEYWORDS: [&str; 4] = ["deepxir", "function", "func", "def"];

/// The infix operators of dxlang, longest first.
pub const INFIX: [&str; 17] = [
    "==", "!=", "<=", ">=", "&&", "||", "<<", ">>", "+", "-", "*", "/", "%", "<", ">", "&", "^",
];

/// Parses a whole file.
pub fn parse(text: &str) -> R<File> {
    let mut p = Parser {
        chars: text.chars().collect(),
        i: 0,
        line: 1,
        col: 1,
    };
    let mut file = File::default();
    loop {
        p.skip(true);
        if p.eof() {
            return Ok(file);
        }
        let save = p.save();
        let word = p.ident();
        match word {
            Some(w) if DEF_KEYWORDS.contains(&w.as_str()) && p.peek_ident_start() => {
                if !file.toplevel.is_empty() {
                    // dxlang puts its calls after the definitions; a definition after a
                    // call is still a definition.
                }
                file.defs.push(p.def()?);
            }
            _ => {
                p.restore(save);
                file.toplevel.push(p.stmt()?);
                p.end_of_line()?;
            }
        }
    }
}

struct Parser {
    chars: Vec<char>,
    i: usize,
    line: u32,
    col: u32,
}

type Save = (usize, u32, u32);

impl Parser {
    fn save(&self) -> Save {
        (self.i, self.line, self.col)
    }
    fn restore(&mut self, s: Save) {
        (self.i, self.line, self.col) = s;
    }
    fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            col: self.col,
        }
    }
    fn eof(&self) -> bool {
        self.i >= self.chars.len()
    }
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }
    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }
    fn fail<T>(&self, message: impl Into<String>) -> R<T> {
        Err(SyntaxError {
            pos: self.pos(),
            message: message.into(),
        })
    }
    fn describe_next(&self) -> String {
        match self.peek() {
            None => "end of file".into(),
            Some('\n') => "end of line".into(),
            Some(c) => format!("'{c}'"),
        }
    }

    /// Skips blanks and comments (`// ...`, `# ...`), and newlines when `newlines`.
    fn skip(&mut self, newlines: bool) {
        while let Some(c) = self.peek() {
            match c {
                ' ' | '\t' | '\r' | '\u{feff}' | '\u{3000}' => {
                    self.bump();
                }
                '\n' if newlines => {
                    self.bump();
                }
                '#' => self.skip_comment(),
                '/' if self.peek_at(1) == Some('/') => self.skip_comment(),
                _ => return,
            }
        }
    }
    fn skip_comment(&mut self) {
        while self.peek().is_some_and(|c| c != '\n') {
            self.bump();
        }
    }
    fn eat(&mut self, s: &str) -> bool {
        let n = s.chars().count();
        if self.i + n <= self.chars.len()
            && self.chars[self.i..self.i + n].iter().copied().eq(s.chars())
        {
            for _ in 0..n {
                self.bump();
            }
            true
        } else {
            false
        }
    }
    fn expect(&mut self, s: &str, what: &str) -> R<()> {
        if self.eat(s) {
            Ok(())
        } else {
            self.fail(format!(
                "expected '{s}' {what}, found {}",
                self.describe_next()
            ))
        }
    }
    fn end_of_line(&mut self) -> R<()> {
        self.skip(false);
        match self.peek() {
            None => Ok(()),
            Some('\n') => {
                self.bump();
                Ok(())
            }
            Some('}') => Ok(()),
            _ => self.fail(format!(
                "expected the end of the statement, found {}",
                self.describe_next()
            )),
        }
    }
    fn peek_ident_start(&mut self) -> bool {
        let save = self.save();
        self.skip(false);
        let ok = self.peek().is_some_and(|c| c.is_alphabetic() || c == '_');
        self.restore(save);
        ok
    }
    fn ident(&mut self) -> Option<String> {
        let c = self.peek()?;
        if !(c.is_alphabetic() || c == '_') {
            return None;
        }
        let mut s = String::new();
        while let Some(c) = self.peek() {
            if c.is_alphanumeric()
                || c == '_'
                || (c == '.' && self.peek_at(1).is_some_and(char::is_alphabetic))
            {
                s.push(c);
                self.bump();
            } else {
                break;
            }
        }
        Some(s)
    }
    fn quoted(&mut self, q: char) -> R<String> {
        let start = self.pos();
        self.bump();
        let mut s = String::new();
        loop {
            match self.bump() {
                Some(c) if c == q => return Ok(s),
                Some('\\') => match self.bump() {
                    Some('n') => s.push('\n'),
                    Some('t') => s.push('\t'),
                    Some(c) if c != '\n' => s.push(c),
                    _ => break,
                },
                Some('\n') | None => break,
                Some(c) => s.push(c),
            }
        }
        Err(SyntaxError {
            pos: start,
            message: format!("unterminated {q}...{q}"),
        })
    }
    /// A name: an identifier or a `'key'`.
    fn name(&mut self, what: &str) -> R<(String, Pos)> {
        self.skip(false);
        let pos = self.pos();
        if self.peek() == Some('\'') {
            return Ok((self.quoted('\'')?, pos));
        }
        if self.peek() == Some('"') {
            // dxlang's early examples quote keys with double quotes.
            return Ok((self.quoted('"')?, pos));
        }
        match self.ident() {
            Some(n) => Ok((n, pos)),
            None => self.fail(format!("expected {what}, found {}", self.describe_next())),
        }
    }

    // ---- definitions ---------------------------------------------------------------------

    fn def(&mut self) -> R<Def> {
        self.skip(false);
        let pos = self.pos();
        let name = self.ident().ok_or_else(|| SyntaxError {
            pos,
            message: "expected the function's name".into(),
        })?;
        self.skip(true);
        let reads = self.params("a read parameter")?;
        self.skip(true);
        let writes = if self.eat("->") || self.eat("=>") {
            self.skip(true);
            if self.peek() == Some('(') {
                self.params("a write parameter")?
            } else {
                vec![self.param("a write parameter")?]
            }
        } else {
            Vec::new()
        };
        self.skip(true);
        self.expect("{", "to open the function body")?;
        let mut body = Vec::new();
        loop {
            self.skip(true);
            if self.eat("}") {
                break;
            }
            if self.eof() {
                return Err(SyntaxError {
                    pos,
                    message: format!("function '{name}' is not closed with '}}'"),
                });
            }
            body.push(self.stmt()?);
            self.end_of_line()?;
        }
        Ok(Def {
            name,
            pos,
            reads,
            writes,
            body,
        })
    }

    fn params(&mut self, what: &str) -> R<Vec<Param>> {
        self.expect("(", "to open the parameter list")?;
        let mut out = Vec::new();
        self.skip(true);
        if self.eat(")") {
            return Ok(out);
        }
        loop {
            self.skip(true);
            out.push(self.param(what)?);
            self.skip(true);
            if self.eat(")") {
                return Ok(out);
            }
            self.expect(",", "or ')' after a parameter")?;
        }
    }

    fn param(&mut self, what: &str) -> R<Param> {
        let (name, pos) = self.name(what)?;
        self.skip(false);
        let ty = if self.eat(":") {
            self.skip(false);
            Some(self.ty(0)?)
        } else {
            None
        };
        Ok(Param { name, pos, ty })
    }

    // ---- types ---------------------------------------------------------------------------

    fn ty(&mut self, depth: usize) -> R<TypeExpr> {
        if depth > MAX_DEPTH {
            return self.fail("type nested too deeply");
        }
        let start = self.pos();
        let Some(word) = self.ident() else {
            return self.fail(format!("expected a type, found {}", self.describe_next()));
        };
        let mut t = match word.as_str() {
            "tensor" if self.peek() == Some('<') => {
                self.bump();
                let mut inner = String::new();
                while let Some(c) = self.peek() {
                    if c == '>' || c == '\n' {
                        break;
                    }
                    inner.push(c);
                    self.bump();
                }
                self.expect(">", "to close tensor<...>")?;
                tensor_inner(inner.trim(), start)?
            }
            "tensor" => TypeExpr::Tensor(None, Vec::new()),
            "list" => {
                self.expect("<", "after list")?;
                self.skip(false);
                let e = self.ty(depth + 1)?;
                self.skip(false);
                self.expect(">", "to close list<...>")?;
                TypeExpr::List(Box::new(e))
            }
            _ => {
                let mut names = vec![word];
                loop {
                    let save = self.save();
                    self.skip(false);
                    if self.eat("|") {
                        self.skip(false);
                        match self.ident() {
                            Some(n) => names.push(n),
                            None => return self.fail("expected a data type after '|'"),
                        }
                    } else {
                        self.restore(save);
                        break;
                    }
                }
                TypeExpr::Scalar(names)
            }
        };
        while self.eat("[]") {
            t = TypeExpr::List(Box::new(t));
        }
        Ok(t)
    }

    // ---- statements ----------------------------------------------------------------------

    fn stmt(&mut self) -> R<Stmt> {
        self.skip(false);
        // `W <- expr` / `(W1, W2) <- expr`.
        let save = self.save();
        if let Ok(writes) = self.write_list() {
            self.skip(false);
            if self.eat("<-") {
                let mut s = self.expr()?;
                s.writes = writes;
                return Ok(s);
            }
        }
        self.restore(save);
        let mut s = self.expr()?;
        self.skip(false);
        if self.eat("->") || self.eat("=>") {
            s.writes = self.write_list()?;
        }
        Ok(s)
    }

    fn write_list(&mut self) -> R<Vec<(String, Pos)>> {
        self.skip(false);
        let mut out = Vec::new();
        if self.eat("(") {
            self.skip(false);
            if self.eat(")") {
                return Ok(out);
            }
            loop {
                out.push(self.name("a written name")?);
                self.skip(false);
                if self.eat(")") {
                    return Ok(out);
                }
                self.expect(",", "or ')' in the write list")?;
            }
        }
        loop {
            out.push(self.name("a written name")?);
            let save = self.save();
            self.skip(false);
            if !self.eat(",") {
                self.restore(save);
                return Ok(out);
            }
        }
    }

    fn expr(&mut self) -> R<Stmt> {
        self.skip(false);
        let pos = self.pos();
        // Unary `!A`, `-A` (a negative number is a literal).
        if self.peek() == Some('!') && self.peek_at(1) != Some('=') {
            self.bump();
            let a = self.arg(0)?;
            return Ok(Stmt {
                op: "!".into(),
                pos,
                args: vec![a],
                writes: Vec::new(),
            });
        }
        if self.peek() == Some('-')
            && !self
                .peek_at(1)
                .is_some_and(|c| c.is_ascii_digit() || c == '.')
        {
            self.bump();
            let a = self.arg(0)?;
            return Ok(Stmt {
                op: "neg".into(),
                pos,
                args: vec![a],
                writes: Vec::new(),
            });
        }
        // A call `op(args)`.
        let save = self.save();
        if let Some(name) = self.ident() {
            if self.peek() == Some('(') {
                self.bump();
                let args = self.args(')', 0)?;
                return Ok(Stmt {
                    op: name,
                    pos,
                    args,
                    writes: Vec::new(),
                });
            }
        }
        self.restore(save);
        // Infix `a op b`.
        let lhs = self.arg(0)?;
        self.skip(false);
        let op_pos = self.pos();
        let Some(op) = INFIX.iter().find(|o| self.starts_with(o)) else {
            return self.fail(format!(
                "expected an op call 'name(...)' or an infix operator, found {}",
                self.describe_next()
            ));
        };
        self.eat(op);
        let rhs = self.arg(0)?;
        Ok(Stmt {
            op: (*op).to_string(),
            pos: op_pos,
            args: vec![lhs, rhs],
            writes: Vec::new(),
        })
    }

    fn starts_with(&self, s: &str) -> bool {
        let n = s.chars().count();
        self.i + n <= self.chars.len() && self.chars[self.i..self.i + n].iter().copied().eq(s.chars())
            // `->` and `<-` are arrows, not `-`/`<` followed by something.
            && !(s == "-" && self.peek_at(1) == Some('>'))
            && !(s == "<" && self.peek_at(1) == Some('-'))
    }

    /// Arguments up to `close`.
    fn args(&mut self, close: char, depth: usize) -> R<Vec<Arg>> {
        let mut out = Vec::new();
        self.skip(true);
        if self.peek() == Some(close) {
            self.bump();
            return Ok(out);
        }
        loop {
            self.skip(true);
            out.push(self.arg(depth)?);
            self.skip(true);
            if self.peek() == Some(close) {
                self.bump();
                return Ok(out);
            }
            self.expect(",", &format!("or '{close}' between arguments"))?;
        }
    }

    fn arg(&mut self, depth: usize) -> R<Arg> {
        if depth > MAX_DEPTH {
            return self.fail("list nested too deeply");
        }
        self.skip(false);
        let pos = self.pos();
        match self.peek() {
            Some('"') => Ok(Arg::Str(self.quoted('"')?, pos)),
            Some('\'') => Ok(Arg::Name(self.quoted('\'')?, pos)),
            Some('[') => {
                self.bump();
                Ok(Arg::List(self.args(']', depth + 1)?, pos))
            }
            Some('?') => Ok(Arg::Shape(self.shape_expr()?, pos)),
            Some(c) if c.is_ascii_digit() || c == '-' || c == '+' || c == '.' => {
                let text = self.number()?;
                if self.peek() == Some('x')
                    && self
                        .peek_at(1)
                        .is_some_and(|c| c.is_ascii_digit() || c == '?')
                    && !text.contains(['.', 'e', 'E', '-'])
                {
                    // `2x?1`: a shape expression starting with a size.
                    self.restore((self.i - text.chars().count(), pos.line, pos.col));
                    return Ok(Arg::Shape(self.shape_expr()?, pos));
                }
                if text.contains(['.', 'e', 'E']) || text.contains("inf") {
                    Ok(Arg::Float(text, pos))
                } else {
                    Ok(Arg::Int(text, pos))
                }
            }
            _ => match self.ident() {
                Some(w) if w == "true" => Ok(Arg::Bool(true, pos)),
                Some(w) if w == "false" => Ok(Arg::Bool(false, pos)),
                Some(w) => Ok(Arg::Name(w, pos)),
                None => self.fail(format!(
                    "expected an argument, found {}",
                    self.describe_next()
                )),
            },
        }
    }

    fn number(&mut self) -> R<String> {
        let mut s = String::new();
        if let Some(c @ ('-' | '+')) = self.peek() {
            s.push(c);
            self.bump();
        }
        let mut digits = false;
        while let Some(c) = self.peek() {
            if c.is_ascii_digit() {
                digits = true;
            } else if !(c == '.' || c == '_') {
                break;
            }
            s.push(c);
            self.bump();
        }
        if matches!(self.peek(), Some('e' | 'E')) && digits {
            let save = self.save();
            let mut e = String::from("e");
            self.bump();
            if let Some(c @ ('-' | '+')) = self.peek() {
                e.push(c);
                self.bump();
            }
            let mut any = false;
            while let Some(c) = self.peek().filter(char::is_ascii_digit) {
                e.push(c);
                self.bump();
                any = true;
            }
            if any {
                s.push_str(&e);
            } else {
                self.restore(save);
            }
        }
        if !digits || s.matches('.').count() > 1 {
            return self.fail(format!("malformed number '{s}'"));
        }
        Ok(s.replace('_', ""))
    }

    /// `?1x?3`, `?`, `2x?1`.
    fn shape_expr(&mut self) -> R<Vec<DimExpr>> {
        let mut dims = Vec::new();
        loop {
            let pos = self.pos();
            let mut digits = String::new();
            let q = self.eat("?");
            while let Some(c) = self.peek().filter(char::is_ascii_digit) {
                digits.push(c);
                self.bump();
            }
            let dim = match (q, digits.is_empty()) {
                (true, true) => DimExpr::Any,
                (true, false) => match digits.parse::<u32>() {
                    Ok(n) if n >= 1 => DimExpr::Var(n),
                    _ => {
                        return Err(SyntaxError {
                            pos,
                            message: format!(
                                "dimension variable must be ?1 or above, got ?{digits}"
                            ),
                        })
                    }
                },
                (false, false) => match digits.parse::<i64>() {
                    Ok(n) => DimExpr::Static(n),
                    Err(_) => {
                        return Err(SyntaxError {
                            pos,
                            message: format!("dimension {digits} is too large"),
                        })
                    }
                },
                (false, true) => {
                    return self.fail(format!(
                        "expected a dimension ('?', '?N' or a size), found {}",
                        self.describe_next()
                    ))
                }
            };
            dims.push(dim);
            if !(self.peek() == Some('x')
                && self
                    .peek_at(1)
                    .is_some_and(|c| c.is_ascii_digit() || c == '?'))
            {
                return Ok(dims);
            }
            self.bump();
        }
    }
}

/// The inside of `tensor<...>`: `f32`, `?1x4xf32`, `10x20xf32|f64`.
fn tensor_inner(inner: &str, pos: Pos) -> R<TypeExpr> {
    let err = |m: String| Err(SyntaxError { pos, message: m });
    let segments: Vec<&str> = inner.split('x').map(str::trim).collect();
    let (dtype, dims) = segments.split_last().expect("split gives one segment");
    let dtypes: Vec<String> = dtype.split('|').map(|s| s.trim().to_string()).collect();
    if dtypes
        .iter()
        .any(|d| d.is_empty() || !d.chars().all(|c| c.is_alphanumeric() || c == '_'))
    {
        return err(format!(
            "expected a data type at the end of tensor<{inner}>"
        ));
    }
    if dims.is_empty() {
        return Ok(TypeExpr::Tensor(None, dtypes));
    }
    let mut out = Vec::new();
    for d in dims {
        out.push(match *d {
            "?" => DimExpr::Any,
            d if d.starts_with('?') => match d[1..].parse::<u32>() {
                Ok(n) if n >= 1 => DimExpr::Var(n),
                _ => return err(format!("bad dimension '{d}' in tensor<{inner}>")),
            },
            d => match d.parse::<i64>() {
                Ok(n) if n >= 0 => DimExpr::Static(n),
                _ => return err(format!("bad dimension '{d}' in tensor<{inner}>")),
            },
        });
    }
    Ok(TypeExpr::Tensor(Some(out), dtypes))
}
