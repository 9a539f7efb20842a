//! PyPTO's Python form into [`ast`](super::ast), read by a real Python parser (Ruff's,
//! as `rustpython-ruff_python_parser`): any Python that parses reads (headers over
//! several lines, black's trailing commas, parenthesised expressions, comments
//! anywhere), and this module turns its syntax tree into the subset PyPTO programs use,
//! with an error at the construct it does not take. Positions are byte columns.

use rustpython_ruff_python_ast as py;
use rustpython_ruff_text_size::{Ranged, TextSize};

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

/// How deeply expressions may nest (parentheses, calls, subscripts, unary operators,
/// and the operands of a chain of binary operators): the importer and the syntax
/// tree's destructor recurse on it.
pub const MAX_NESTING: usize = 1000;

/// Byte offsets to lines and columns.
struct Lines {
    starts: Vec<usize>,
}

impl Lines {
    fn new(text: &str) -> Lines {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines { starts }
    }

    fn pos(&self, at: TextSize) -> Pos {
        let at = usize::from(at);
        let line = self.starts.partition_point(|&s| s <= at).max(1);
        Pos {
            line: line as u32,
            col: (at - self.starts[line - 1] + 1) as u32,
        }
    }
}

struct Converter<'t> {
    text: &'t str,
    lines: Lines,
}

fn fail<T>(pos: Pos, message: impl Into<String>) -> R<T> {
    Err(SyntaxError {
        pos,
        message: message.into(),
    })
}

impl Converter<'_> {
    fn pos(&self, node: &impl Ranged) -> Pos {
        self.lines.pos(node.range().start())
    }

    fn file(&self, module: &py::ModModule) -> R<File> {
        let mut f = File::default();
        for stmt in &module.body {
            match stmt {
                py::Stmt::Import(i) => {
                    if let Some(a) = i.names.first() {
                        let alias = a.asname.as_ref().unwrap_or(&a.name).as_str();
                        let alias = alias.split('.').next().unwrap_or(alias);
                        f.prefix.get_or_insert_with(|| alias.to_string());
                    }
                }
                py::Stmt::ImportFrom(i) => {
                    if let Some(a) = i.names.first() {
                        let alias = a.asname.as_ref().unwrap_or(&a.name).as_str();
                        f.prefix.get_or_insert_with(|| alias.to_string());
                    }
                }
                py::Stmt::FunctionDef(d) => f.funcs.push(self.funcdef(d)?),
                // The module's docstring.
                py::Stmt::Expr(e) if e.value.is_string_literal_expr() => {}
                other => {
                    return fail(
                        self.pos(other),
                        format!("expected a function definition, found {}", describe(other)),
                    )
                }
            }
        }
        f.program = program_comment(self.text);
        Ok(f)
    }

    fn funcdef(&self, d: &py::StmtFunctionDef) -> R<FuncDef> {
        // The definition's position is its `def` (its range starts at the decorators).
        let name_at = usize::from(d.name.range().start());
        let def_at = self.text[..name_at].rfind("def").unwrap_or(name_at);
        let pos = self.lines.pos(TextSize::new(def_at as u32));
        if d.is_async {
            return fail(pos, "'async def' is not supported in PyPTO programs");
        }
        let p = &d.parameters;
        if let Some(v) = p.vararg.as_ref().or(p.kwarg.as_ref()) {
            return fail(self.pos(&**v), "'*' and '**' parameters are not supported");
        }
        let mut params = Vec::new();
        for param in p.posonlyargs.iter().chain(&p.args).chain(&p.kwonlyargs) {
            if let Some(default) = &param.default {
                return fail(self.pos(&**default), "parameter defaults are not supported");
            }
            let at = &param.parameter;
            params.push(Param {
                name: Target {
                    name: at.name.as_str().to_string(),
                    pos: self.pos(&at.name),
                },
                annotation: at
                    .annotation
                    .as_deref()
                    .map(|a| self.expr(a, 0))
                    .transpose()?,
            });
        }
        Ok(FuncDef {
            pos,
            name: d.name.as_str().to_string(),
            decorators: d
                .decorator_list
                .iter()
                .map(|dec| self.expr(&dec.expression, 0))
                .collect::<R<_>>()?,
            params,
            returns: d.returns.as_deref().map(|r| self.expr(r, 0)).transpose()?,
            body: self.block(without_docstring(&d.body))?,
        })
    }

    fn block(&self, stmts: &[py::Stmt]) -> R<Vec<Stmt>> {
        stmts.iter().map(|s| self.stmt(s)).collect()
    }

    fn target(&self, e: &py::Expr) -> R<Target> {
        match e {
            py::Expr::Name(n) => Ok(Target {
                name: n.id.as_str().to_string(),
                pos: self.pos(e),
            }),
            _ => fail(self.pos(e), "only variables can be assigned"),
        }
    }

    fn stmt(&self, s: &py::Stmt) -> R<Stmt> {
        let pos = self.pos(s);
        let kind = match s {
            py::Stmt::Pass(_) => StmtKind::Pass,
            py::Stmt::Return(r) => StmtKind::Return(match r.value.as_deref() {
                None => Vec::new(),
                Some(py::Expr::Tuple(t)) => self.exprs(&t.elts, 0)?,
                Some(v) => vec![self.expr(v, 0)?],
            }),
            py::Stmt::Expr(e) => StmtKind::Expr(self.expr(&e.value, 0)?),
            py::Stmt::Assign(a) => {
                let [target] = &a.targets[..] else {
                    return fail(pos, "chained assignments are not supported");
                };
                let targets = match target {
                    py::Expr::Tuple(t) => {
                        t.elts.iter().map(|e| self.target(e)).collect::<R<_>>()?
                    }
                    e => vec![self.target(e)?],
                };
                StmtKind::Assign {
                    targets,
                    annotation: None,
                    value: self.expr(&a.value, 0)?,
                }
            }
            py::Stmt::AnnAssign(a) => {
                let py::Expr::Name(_) = &*a.target else {
                    return fail(self.pos(&*a.target), "only a variable can be annotated");
                };
                let Some(value) = &a.value else {
                    return fail(pos, "an annotated name needs a value ('x: T = ...')");
                };
                StmtKind::Assign {
                    targets: vec![self.target(&a.target)?],
                    annotation: Some(self.expr(&a.annotation, 0)?),
                    value: self.expr(value, 0)?,
                }
            }
            py::Stmt::If(i) => return self.if_chain(pos, &i.test, &i.body, &i.elif_else_clauses),
            py::Stmt::For(f) => {
                if f.is_async || !f.orelse.is_empty() {
                    return fail(pos, "'async for' and 'for ... else' are not supported");
                }
                // `for i in ...` or `for i, (a, b) in pl.range(..., init_values=...)`.
                let (var, iter_args) =
                    match &*f.target {
                        py::Expr::Tuple(t) => match &t.elts[..] {
                            [v, py::Expr::Tuple(carried)] => (
                                self.target(v)?,
                                Some(
                                    carried
                                        .elts
                                        .iter()
                                        .map(|e| self.target(e))
                                        .collect::<R<_>>()?,
                                ),
                            ),
                            _ => return fail(
                                self.pos(&*f.target),
                                "expected a loop variable, or 'i, (a, b, ...)' with carried values",
                            ),
                        },
                        e => (self.target(e)?, None),
                    };
                StmtKind::For {
                    var,
                    iter_args,
                    iter: self.expr(&f.iter, 0)?,
                    body: self.block(&f.body)?,
                }
            }
            other => {
                return fail(
                    pos,
                    format!("{} is not supported in PyPTO programs", describe(other)),
                )
            }
        };
        Ok(Stmt { pos, kind })
    }

    fn if_chain(
        &self,
        pos: Pos,
        test: &py::Expr,
        body: &[py::Stmt],
        clauses: &[py::ElifElseClause],
    ) -> R<Stmt> {
        let orelse = match clauses.split_first() {
            None => Vec::new(),
            Some((c, rest)) => match &c.test {
                Some(t) => vec![self.if_chain(self.pos(c), t, &c.body, rest)?],
                None => self.block(&c.body)?,
            },
        };
        Ok(Stmt {
            pos,
            kind: StmtKind::If {
                cond: self.expr(test, 0)?,
                then: self.block(body)?,
                orelse,
            },
        })
    }

    fn exprs(&self, es: &[py::Expr], depth: usize) -> R<Vec<Expr>> {
        es.iter().map(|e| self.expr(e, depth)).collect()
    }

    fn expr(&self, e: &py::Expr, depth: usize) -> R<Expr> {
        let pos = self.pos(e);
        if depth >= MAX_NESTING {
            return fail(
                pos,
                format!("expression nests too deeply (more than {MAX_NESTING} levels)"),
            );
        }
        let d = depth + 1;
        let boxed = |x: &py::Expr| self.expr(x, d).map(Box::new);
        let kind = match e {
            py::Expr::Name(n) => ExprKind::Name(n.id.as_str().to_string()),
            py::Expr::BooleanLiteral(b) => ExprKind::Bool(b.value),
            py::Expr::StringLiteral(s) => ExprKind::Str(s.value.to_str().to_string()),
            py::Expr::NumberLiteral(n) => match &n.value {
                py::Number::Int(i) => ExprKind::Int(int_value(i).ok_or_else(|| SyntaxError {
                    pos,
                    message: "invalid integer literal".into(),
                })?),
                py::Number::Float(f) => ExprKind::Float(*f),
                py::Number::Complex { .. } => {
                    return fail(pos, "complex numbers are not supported")
                }
            },
            py::Expr::Attribute(a) => ExprKind::Attr(boxed(&a.value)?, a.attr.as_str().to_string()),
            py::Expr::Call(c) => {
                let mut args = Vec::new();
                for a in c.arguments.args.iter() {
                    if let py::Expr::Starred(_) = a {
                        return fail(self.pos(a), "'*' arguments are not supported");
                    }
                    args.push(self.expr(a, d)?);
                }
                let mut kwargs = Vec::new();
                for k in c.arguments.keywords.iter() {
                    let Some(name) = &k.arg else {
                        return fail(self.pos(k), "'**' arguments are not supported");
                    };
                    kwargs.push((name.as_str().to_string(), self.expr(&k.value, d)?));
                }
                ExprKind::Call {
                    func: boxed(&c.func)?,
                    args,
                    kwargs,
                }
            }
            py::Expr::Subscript(s) => ExprKind::Subscript {
                value: boxed(&s.value)?,
                index: match &*s.slice {
                    py::Expr::Tuple(t) if !t.parenthesized => self.exprs(&t.elts, d)?,
                    i => vec![self.expr(i, d)?],
                },
                kwargs: Vec::new(),
            },
            py::Expr::List(l) => ExprKind::List(self.exprs(&l.elts, d)?),
            py::Expr::Tuple(t) => ExprKind::Tuple(self.exprs(&t.elts, d)?),
            py::Expr::UnaryOp(u) => {
                let op = match u.op {
                    py::UnaryOp::USub => UnOp::Neg,
                    py::UnaryOp::UAdd => UnOp::Pos,
                    py::UnaryOp::Invert => UnOp::Invert,
                    py::UnaryOp::Not => UnOp::Not,
                };
                ExprKind::Unary(op, boxed(&u.operand)?)
            }
            py::Expr::BinOp(b) => {
                let op = match b.op {
                    py::Operator::Add => BinOp::Add,
                    py::Operator::Sub => BinOp::Sub,
                    py::Operator::Mult => BinOp::Mul,
                    py::Operator::Div => BinOp::Div,
                    py::Operator::FloorDiv => BinOp::FloorDiv,
                    py::Operator::Mod => BinOp::Mod,
                    py::Operator::Pow => BinOp::Pow,
                    py::Operator::BitAnd => BinOp::BitAnd,
                    py::Operator::BitOr => BinOp::BitOr,
                    py::Operator::BitXor => BinOp::BitXor,
                    py::Operator::LShift => BinOp::Shl,
                    py::Operator::RShift => BinOp::Shr,
                    py::Operator::MatMult => {
                        return fail(pos, "'@' is not supported: use pl.matmul")
                    }
                };
                ExprKind::Binary(op, boxed(&b.left)?, boxed(&b.right)?)
            }
            py::Expr::BoolOp(b) => {
                let op = match b.op {
                    py::BoolOp::And => BinOp::And,
                    py::BoolOp::Or => BinOp::Or,
                };
                let mut values = b.values.iter();
                let first = values.next().map(|v| self.expr(v, d));
                let Some(mut acc) = first.transpose()? else {
                    return fail(pos, "empty boolean operation");
                };
                for v in values {
                    acc = Expr {
                        pos,
                        kind: ExprKind::Binary(op, Box::new(acc), Box::new(self.expr(v, d)?)),
                    };
                }
                return Ok(acc);
            }
            py::Expr::Compare(c) => {
                let ([op], [right]) = (&c.ops[..], &c.comparators[..]) else {
                    return fail(pos, "chained comparisons are not supported");
                };
                let op = match op {
                    py::CmpOp::Eq => BinOp::Eq,
                    py::CmpOp::NotEq => BinOp::Ne,
                    py::CmpOp::Lt => BinOp::Lt,
                    py::CmpOp::LtE => BinOp::Le,
                    py::CmpOp::Gt => BinOp::Gt,
                    py::CmpOp::GtE => BinOp::Ge,
                    other => return fail(pos, format!("'{}' is not supported", other.as_str())),
                };
                ExprKind::Binary(op, boxed(&c.left)?, boxed(right)?)
            }
            other => {
                return fail(
                    pos,
                    format!(
                        "{} is not supported in PyPTO programs",
                        describe_expr(other)
                    ),
                )
            }
        };
        Ok(Expr { pos, kind })
    }
}

/// `body` without its docstring (a leading string statement), which documents and
/// does not compute.
fn without_docstring(body: &[py::Stmt]) -> &[py::Stmt] {
    match body.split_first() {
        Some((py::Stmt::Expr(e), rest)) if e.value.is_string_literal_expr() => rest,
        _ => body,
    }
}

/// An integer literal's value, if it fits `i128`.
fn int_value(i: &py::Int) -> Option<i128> {
    if let Some(v) = i.as_u64() {
        return Some(i128::from(v));
    }
    let text = i.to_string().replace('_', "");
    let lower = text.to_ascii_lowercase();
    let (digits, radix) = match lower.get(..2) {
        Some("0x") => (&lower[2..], 16),
        Some("0o") => (&lower[2..], 8),
        Some("0b") => (&lower[2..], 2),
        _ => (&lower[..], 10),
    };
    i128::from_str_radix(digits, radix).ok()
}

/// `# pypto.program[: name]`: the first such comment line names the program.
fn program_comment(text: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let rest = line
            .trim()
            .strip_prefix('#')?
            .trim()
            .strip_prefix("pypto.program")?;
        let rest = rest.trim();
        if rest.is_empty() {
            Some(String::new())
        } else {
            rest.strip_prefix(':').map(|n| n.trim().to_string())
        }
    })
}

/// What a statement is, for errors.
fn describe(s: &py::Stmt) -> &'static str {
    match s {
        py::Stmt::FunctionDef(_) => "a nested 'def'",
        py::Stmt::ClassDef(_) => "'class'",
        py::Stmt::While(_) => "'while'",
        py::Stmt::With(_) => "'with'",
        py::Stmt::AugAssign(_) => "an augmented assignment ('+=')",
        py::Stmt::Import(_) | py::Stmt::ImportFrom(_) => "an import inside a function",
        py::Stmt::Try(_) => "'try'",
        py::Stmt::Raise(_) => "'raise'",
        py::Stmt::Assert(_) => "'assert'",
        py::Stmt::Break(_) => "'break'",
        py::Stmt::Continue(_) => "'continue'",
        py::Stmt::Expr(_) => "an expression statement",
        py::Stmt::Assign(_) | py::Stmt::AnnAssign(_) => "an assignment",
        py::Stmt::If(_) => "'if'",
        py::Stmt::For(_) => "'for'",
        _ => "this statement",
    }
}

/// What an expression is, for errors.
fn describe_expr(e: &py::Expr) -> &'static str {
    match e {
        py::Expr::Lambda(_) => "'lambda'",
        py::Expr::If(_) => "a conditional expression",
        py::Expr::ListComp(_) | py::Expr::SetComp(_) | py::Expr::DictComp(_) => "a comprehension",
        py::Expr::Generator(_) => "a generator",
        py::Expr::Dict(_) => "a dict",
        py::Expr::Set(_) => "a set",
        py::Expr::Slice(_) => "a slice",
        py::Expr::NoneLiteral(_) => "None",
        py::Expr::FString(_) => "an f-string",
        py::Expr::Starred(_) => "'*'",
        _ => "this expression",
    }
}

/// Refuses text that would nest deeper than Ruff's recursive-descent parser can go
/// on the drivers' stack (it has no bound of its own; a million `(` or `-` overflow
/// it): brackets deeper than [`MAX_NESTING`], or a logical line with more than
/// `4 * MAX_NESTING` of the tokens its grammar recurses on (prefix operators, `not`,
/// `**`, `if`, `lambda`). Strings and comments are skipped. No real program comes near.
fn check_nesting(text: &str, lines: &Lines) -> R<()> {
    let b = text.as_bytes();
    let too_deep = |at: usize| {
        fail(
            lines.pos(TextSize::new(at as u32)),
            format!("expression nests too deeply (more than {MAX_NESTING} levels)"),
        )
    };
    let (mut depth, mut recursive, mut i) = (0usize, 0usize, 0usize);
    while i < b.len() {
        let c = b[i];
        match c {
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'"' | b'\'' => {
                let triple = b.get(i..i + 3) == Some(&[c, c, c][..]);
                let close: &[u8] = if triple { &b[i..i + 3] } else { &b[i..i + 1] };
                let close = close.to_vec();
                i += close.len();
                while i < b.len() && !b[i..].starts_with(&close) {
                    if b[i] == b'\\' {
                        i += 1;
                    } else if b[i] == b'\n' && !triple {
                        break;
                    }
                    i += 1;
                }
                i += close.len();
                continue;
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return too_deep(i);
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b'\n' if depth == 0 => recursive = 0,
            b'-' | b'+' | b'~' => recursive += 1,
            b'*' if b.get(i + 1) == Some(&b'*') => {
                recursive += 1;
                i += 1;
            }
            c if c.is_ascii_alphabetic() => {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                if matches!(&text[start..i], "not" | "if" | "lambda" | "await") {
                    recursive += 1;
                }
                if recursive > 4 * MAX_NESTING {
                    return too_deep(start);
                }
                continue;
            }
            _ => {}
        }
        if recursive > 4 * MAX_NESTING {
            return too_deep(i);
        }
        i += 1;
    }
    Ok(())
}

/// Parses a `.py` file in PyPTO's Python form.
pub fn parse_file(text: &str) -> Result<File, SyntaxError> {
    let lines = Lines::new(text);
    check_nesting(text, &lines)?;
    let parsed = rustpython_ruff_python_parser::parse_module(text).map_err(|e| SyntaxError {
        pos: lines.pos(e.location.start()),
        message: e.error.to_string(),
    })?;
    Converter { text, lines }.file(parsed.syntax())
}
