//! The syntax tree of DeepX's text: definitions (`deepxir`/`function`/`func`/`def`) and
//! statements (one op or call per line), as written.

/// A position in the source: 1-based line and column (columns count characters).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Pos {
    /// Line.
    pub line: u32,
    /// Column.
    pub col: u32,
}

/// A written type.
#[derive(Clone, Debug, PartialEq)]
pub enum TypeExpr {
    /// `f32`, `i32`, `bool`, `string`... or a union `f32|f64`.
    Scalar(Vec<String>),
    /// `tensor`, `tensor<f32>`, `tensor<?1x4xf32>`: dims (if given) and data types (if
    /// given; several for a union).
    Tensor(Option<Vec<DimExpr>>, Vec<String>),
    /// `list<T>` or `T[]`.
    List(Box<TypeExpr>),
}

/// A written dimension.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DimExpr {
    /// A size.
    Static(i64),
    /// `?`.
    Any,
    /// `?N`.
    Var(u32),
}

/// A parameter: its name (an identifier or a `'key'`) and type, if written.
#[derive(Clone, Debug)]
pub struct Param {
    /// Its name.
    pub name: String,
    /// Where.
    pub pos: Pos,
    /// Its type.
    pub ty: Option<TypeExpr>,
}

/// An argument of an op or call.
#[derive(Clone, Debug)]
pub enum Arg {
    /// A name (identifier or `'key'`).
    Name(String, Pos),
    /// An integer literal, as written.
    Int(String, Pos),
    /// A float literal, as written.
    Float(String, Pos),
    /// `true` / `false`.
    Bool(bool, Pos),
    /// `"string"`.
    Str(String, Pos),
    /// `[a, b, ...]`.
    List(Vec<Arg>, Pos),
    /// `?1x?3`, a shape expression.
    Shape(Vec<DimExpr>, Pos),
}

impl Arg {
    /// Where it starts.
    pub fn pos(&self) -> Pos {
        match self {
            Arg::Name(_, p)
            | Arg::Int(_, p)
            | Arg::Float(_, p)
            | Arg::Bool(_, p)
            | Arg::Str(_, p)
            | Arg::List(_, p)
            | Arg::Shape(_, p) => *p,
        }
    }
}

/// One statement: `op(args) -> writes`, `writes <- op(args)`, `A + B -> W`.
#[derive(Clone, Debug)]
pub struct Stmt {
    /// The op or function name (`add`, or the infix operator `+`).
    pub op: String,
    /// Where the op is named.
    pub pos: Pos,
    /// Its reads.
    pub args: Vec<Arg>,
    /// Its writes (names).
    pub writes: Vec<(String, Pos)>,
}

/// A definition.
#[derive(Clone, Debug)]
pub struct Def {
    /// Its name.
    pub name: String,
    /// Where the name is.
    pub pos: Pos,
    /// Read parameters.
    pub reads: Vec<Param>,
    /// Write parameters.
    pub writes: Vec<Param>,
    /// Its statements.
    pub body: Vec<Stmt>,
}

/// A file: definitions, then (dxlang) top-level statements.
#[derive(Clone, Debug, Default)]
pub struct File {
    /// The definitions in order.
    pub defs: Vec<Def>,
    /// Statements outside any definition.
    pub toplevel: Vec<Stmt>,
}
