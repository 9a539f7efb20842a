//! The syntax tree of `.pto` workload text: what [`super::parse`] reads.

/// A position: line and column, both from 1 (columns count characters).
pub type Pos = (usize, usize);

/// A syntax error.
pub type Err = (Pos, String);

/// The deepest nesting of statements accepted.
pub const MAX_DEPTH: usize = 200;

/// An axis as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Axis {
    /// `dense[8]`
    Dense(i64),
    /// `dense_dyn(n)`
    DenseDyn(String),
    /// `ragged(outer, lengths)`
    Ragged(String, String),
    /// `sparse(outer, indptr, indices)`
    Sparse(String, String, String),
}

/// Which loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopKind {
    /// `parallel_for`
    ParallelFor,
    /// `for_each`
    ForEach,
    /// `select`
    Select,
}

/// A name and where it was written.
pub type Name = (Pos, String);

/// A statement of a workload body.
#[derive(Clone, Debug)]
pub enum Stmt {
    Task {
        kernel: String,
        params: Vec<Name>,
        resources: Vec<String>,
    },
    Loop {
        kind: LoopKind,
        var: String,
        axis: (Pos, Axis),
        /// `select e in sparse(...)[t]`: the row selected from.
        row: Option<Name>,
        body: Vec<(Pos, Stmt)>,
    },
    Cond {
        pred: String,
        then_body: Vec<(Pos, Stmt)>,
        else_body: Vec<(Pos, Stmt)>,
    },
    Combine(Vec<(Pos, Stmt)>),
    Sequential(Vec<(Pos, Stmt)>),
    Call {
        target: String,
        args: Vec<Name>,
    },
    SlotSet {
        slot: i64,
        value: i64,
    },
    SlotLoad {
        slot: i64,
        tensor: i64,
        row: i64,
        col: i64,
    },
    Pipeline(Pipeline),
    Send {
        channel: String,
        value: Box<(Pos, Stmt)>,
    },
    Consume {
        var: String,
        channel: Name,
        body: Vec<(Pos, Stmt)>,
    },
}

/// `channel c : Channel[f32[4, 4]@global, 2]`
#[derive(Clone, Debug)]
pub struct Channel {
    pub pos: Pos,
    pub name: String,
    pub dtype: Name,
    /// `None` is `?` (dynamic).
    pub shape: Vec<Option<i64>>,
    pub location: Name,
    pub depth: i64,
}

/// `process @p consumes(a) produces(b) { ... }`
#[derive(Clone, Debug)]
pub struct Process {
    pub pos: Pos,
    pub name: String,
    pub consumes: Vec<Name>,
    pub produces: Vec<Name>,
    pub body: Vec<(Pos, Stmt)>,
}

/// `pipeline { channels processes }`
#[derive(Clone, Debug, Default)]
pub struct Pipeline {
    pub channels: Vec<Channel>,
    pub processes: Vec<Process>,
}

/// `@workload[level] name(%p: axis, ...) { body }`
#[derive(Clone, Debug)]
pub struct Workload {
    pub pos: Pos,
    pub name: String,
    pub level: String,
    pub params: Vec<(Name, Axis)>,
    pub body: Vec<(Pos, Stmt)>,
}

/// A schedule directive.
#[derive(Clone, Debug)]
pub enum Directive {
    Dispatch {
        policy: String,
        workers: i64,
        key: String,
    },
    Streams {
        count: i64,
        by: Option<String>,
    },
    Timing {
        policy: String,
        param: i64,
    },
    SpatialMap(Vec<i64>),
    Layout {
        tensor: String,
        dist: Vec<i64>,
    },
    DispatchThreshold(Vec<i64>),
    PipelineDepth(i64),
    TaskWindow {
        size: i64,
        unit: String,
        overflow: String,
    },
    BatchDeps {
        threshold: i64,
        range_compress: bool,
    },
}

/// `@schedule[level] name for workload { directives }`
#[derive(Clone, Debug)]
pub struct Schedule {
    pub pos: Pos,
    pub name: String,
    pub workload: Name,
    pub level: String,
    pub directives: Vec<(Pos, Directive)>,
}

/// A top-level item, in source order.
#[derive(Clone, Debug)]
pub enum Item {
    Workload(Workload),
    Schedule(Schedule),
    Pipeline(Pos, Pipeline),
}

/// A whole file.
#[derive(Clone, Debug, Default)]
pub struct File {
    pub name: Option<String>,
    pub version: Option<String>,
    pub targets: Vec<String>,
    pub items: Vec<Item>,
}
