//! The syntax tree of PyPTO's Python form: the subset of Python that PyPTO's printer
//! writes and its parser reads (functions with annotations, assignments, `for` over
//! `range`/`pl.range`, `if`/`else`, `return`, expressions and calls with keywords).

/// A position in the `.py` file (1-based line and column).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pos {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1.
    pub col: u32,
}

/// Binary operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `//`
    FloorDiv,
    /// `%`
    Mod,
    /// `**`
    Pow,
    /// `&`
    BitAnd,
    /// `|`
    BitOr,
    /// `^`
    BitXor,
    /// `<<`
    Shl,
    /// `>>`
    Shr,
    /// `and`
    And,
    /// `or`
    Or,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

/// Unary operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `-x`
    Neg,
    /// `+x`
    Pos,
    /// `~x`
    Invert,
    /// `not x`
    Not,
}

/// An expression, with the position of its first token.
#[derive(Clone, Debug)]
pub struct Expr {
    /// Where it starts.
    pub pos: Pos,
    /// What it is.
    pub kind: ExprKind,
}

/// The kinds of expressions.
#[derive(Clone, Debug)]
pub enum ExprKind {
    /// A variable or module name.
    Name(String),
    /// An integer literal.
    Int(i128),
    /// A float literal (its source text, parsed exactly).
    Float(f64),
    /// `True` / `False`.
    Bool(bool),
    /// A string literal.
    Str(String),
    /// `value.attr`
    Attr(Box<Expr>, String),
    /// `func(args, key=value)`
    Call {
        /// The callee.
        func: Box<Expr>,
        /// Positional arguments.
        args: Vec<Expr>,
        /// Keyword arguments, in order.
        kwargs: Vec<(String, Expr)>,
    },
    /// `value[index, key=value]` (keywords are PyPTO's type syntax, not Python's).
    Subscript {
        /// The subscripted value.
        value: Box<Expr>,
        /// Indices.
        index: Vec<Expr>,
        /// Keyword entries (`memref=...`).
        kwargs: Vec<(String, Expr)>,
    },
    /// `[a, b]`
    List(Vec<Expr>),
    /// `(a, b)` or `a, b`
    Tuple(Vec<Expr>),
    /// `a op b`
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `op a`
    Unary(UnOp, Box<Expr>),
}

impl Expr {
    /// `a.b.c` as `["a", "b", "c"]`, if the expression is a dotted name.
    pub fn dotted(&self) -> Option<Vec<&str>> {
        match &self.kind {
            ExprKind::Name(n) => Some(vec![n.as_str()]),
            ExprKind::Attr(v, a) => {
                let mut d = v.dotted()?;
                d.push(a.as_str());
                Some(d)
            }
            _ => None,
        }
    }
}

/// An assignment target: a name, with its position.
#[derive(Clone, Debug)]
pub struct Target {
    /// The variable.
    pub name: String,
    /// Where it is written.
    pub pos: Pos,
}

/// A statement.
#[derive(Clone, Debug)]
pub struct Stmt {
    /// Where it starts.
    pub pos: Pos,
    /// What it is.
    pub kind: StmtKind,
}

/// The kinds of statements.
#[derive(Clone, Debug)]
pub enum StmtKind {
    /// `a: T = v`, `a = v`, `a, b = v`.
    Assign {
        /// One or more targets.
        targets: Vec<Target>,
        /// The annotation (single targets only).
        annotation: Option<Expr>,
        /// The value.
        value: Expr,
    },
    /// An expression evaluated for its effect.
    Expr(Expr),
    /// `return a, b`.
    Return(Vec<Expr>),
    /// `if cond: ... else: ...`.
    If {
        /// The condition.
        cond: Expr,
        /// The then branch.
        then: Vec<Stmt>,
        /// The else branch (empty when absent).
        orelse: Vec<Stmt>,
    },
    /// `for i, (a, b) in pl.range(...): ...`.
    For {
        /// The loop variable.
        var: Target,
        /// The iteration arguments, when written `i, (a, b)`.
        iter_args: Option<Vec<Target>>,
        /// The iterated expression (a `range` or `pl.range` call).
        iter: Expr,
        /// The body.
        body: Vec<Stmt>,
    },
    /// `pass`.
    Pass,
}

/// A parameter with its annotation.
#[derive(Clone, Debug)]
pub struct Param {
    /// The name.
    pub name: Target,
    /// The annotation.
    pub annotation: Option<Expr>,
}

/// A function definition.
#[derive(Clone, Debug)]
pub struct FuncDef {
    /// Where `def` is.
    pub pos: Pos,
    /// The name.
    pub name: String,
    /// Decorators (`@pl.function(type=...)`).
    pub decorators: Vec<Expr>,
    /// Parameters.
    pub params: Vec<Param>,
    /// The return annotation.
    pub returns: Option<Expr>,
    /// The body.
    pub body: Vec<Stmt>,
}

/// A parsed file.
#[derive(Clone, Debug, Default)]
pub struct File {
    /// The program name of the `# pypto.program: name` header (`Some("")` for an
    /// unnamed program header, `None` without a header).
    pub program: Option<String>,
    /// The alias the language module is imported as (`pl`).
    pub prefix: Option<String>,
    /// The functions, in order.
    pub funcs: Vec<FuncDef>,
}
