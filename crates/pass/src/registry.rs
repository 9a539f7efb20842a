//! What a tool is made of: the dialects it knows, the passes it can run, how it reads and
//! writes other formats, how each dialect lowers to the next level, and the command-line
//! options dialects add. MLIR spreads these over `DialectRegistry`, pass registration and
//! `TranslateRegistration`; here one [`Registry`] holds them, and each crate contributes
//! with one `register(&mut Registry)` function, so that `pto-opt`, `pto-translate` and
//! `pto-run` (and an embedder's own drivers) are composed from the crates they link
//! without knowing any of them.
//!
//! Crates above this one add typed entries of their own kinds ([`Registry::add`],
//! [`Registry::entries`]), as MLIR's dialect extensions do: `pto-interp`'s entry ABIs,
//! say, which `pto-run` asks for without this crate knowing the type.

use std::any::Any;

use pto_ir::module::Module;
use pto_ir::{Body, Context, Diagnostic, Dialect, InterfaceError};

use crate::{PassInfo, PassRegistry};

/// Reads a format into IR: the text and the file name (for locations).
pub type ImportFn =
    for<'c> fn(&'c Context, &str, &str, &DriverValues) -> Result<Module<'c>, Diagnostic<'c>>;

/// Writes IR (parsed and verified) in a format.
pub type ExportFn =
    for<'c> fn(&'c Context, &Module<'c>, &DriverValues) -> Result<Vec<u8>, Diagnostic<'c>>;

/// A front end: a format read into IR (`pto-translate --import-pypto`, and `pto-run` on
/// a file it recognizes).
#[derive(Clone, Debug)]
pub struct Importer {
    /// The translation flag (`import-pypto` for `--import-pypto`).
    pub name: &'static str,
    /// One line for `--help`.
    pub description: &'static str,
    /// File name endings that select it (`.py`).
    pub extensions: &'static [&'static str],
    /// Recognizes its format in a text whose name does not say (`None`: only by name).
    pub sniff: Option<fn(&str) -> bool>,
    /// Options of its own, which the drivers add to their command line.
    pub options: &'static [DriverOption],
    /// The translation.
    pub run: ImportFn,
}

/// A back end or printer: IR written in a format (`pto-translate --export-pypto`).
#[derive(Clone, Debug)]
pub struct Exporter {
    /// The translation flag.
    pub name: &'static str,
    /// One line for `--help`.
    pub description: &'static str,
    /// Options of its own, which the drivers add to their command line.
    pub options: &'static [DriverOption],
    /// The translation.
    pub run: ExportFn,
}

/// What a lowering is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LoweringGoal {
    /// The reference interpreter runs the result: loops over memory, exact math.
    Interpret,
    /// Machine code: down to the `llvm` dialect.
    Compile,
}

/// The options of a lowering.
#[derive(Clone, Debug)]
pub struct LoweringTarget {
    /// Interpret or compile.
    pub goal: LoweringGoal,
    /// The width of the host's vector registers, in bits.
    pub vector_bits: u32,
    /// The function that will be called (empty if not known).
    pub entry: String,
    /// The arguments it will be called with, as the command line gives them (empty if
    /// not known): what a lowering that specializes to its arguments reads.
    pub args: Vec<EntryArg>,
}

/// An argument of the entry, as given to `pto-run`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EntryArg {
    /// The text (`1`, `false`, `[1,2]`, a file name).
    pub text: String,
    /// For an array (a `.npy` file): its shape.
    pub shape: Option<Vec<i64>>,
    /// For an array: its element type's MLIR name (`f32`, `i64`, `i1`).
    pub dtype: Option<String>,
}

/// How a dialect's ops go to the next level (`pypto` to `pto`, `pto` to loops, the
/// upstream dialects to `llvm`). `pto-run` runs the lowerings whose dialects are in the
/// module until none is, each before those that lower what it produces.
#[derive(Clone, Debug)]
pub struct Lowering {
    /// The name, for messages (`pypto-to-pto`).
    pub name: &'static str,
    /// The dialects whose ops trigger it.
    pub dialects: &'static [&'static str],
    /// The dialects whose ops it may leave behind.
    pub produces: &'static [&'static str],
    /// Whether it runs for the goal at all (a lowering to `llvm` only compiles).
    pub goals: &'static [LoweringGoal],
    /// The pipeline, as pipeline text for `builtin.module`.
    pub pipeline: fn(&LoweringTarget) -> String,
}

/// A command-line option a dialect adds to the drivers (`--pto-arch=a5`).
#[derive(Clone, Debug)]
pub struct DriverOption {
    /// Its name (`pto-arch`).
    pub name: &'static str,
    /// One line for `--help`.
    pub help: &'static str,
    /// The values it takes (empty: any text).
    pub values: &'static [&'static str],
    /// A one-letter spelling (`-D`), besides `--name`.
    pub short: Option<char>,
    /// Whether it may be given more than once; the values are then joined with
    /// newlines, in order (`-D M=64 -D N=32`).
    pub repeated: bool,
}

/// The values given to driver options, by name.
#[derive(Clone, Debug, Default)]
pub struct DriverValues {
    values: Vec<(&'static str, String)>,
}

impl DriverValues {
    /// Sets option `name` to `value`.
    pub fn set(&mut self, name: &'static str, value: String) {
        self.values.retain(|(n, _)| *n != name);
        self.values.push((name, value));
    }
    /// The value of option `name`, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// What a dialect adds to the drivers: options, and the context and module settings
/// they make (MLIR's dialect-specific `mlir-opt` flags).
pub trait DriverExtension: Send + Sync {
    /// The options it adds.
    fn options(&self) -> &'static [DriverOption];
    /// Configures `ctx` before `text` is parsed (the target a dialect's parser reads
    /// types for, from an option or from the text itself).
    fn before_parse(
        &self,
        ctx: &mut Context,
        values: &DriverValues,
        text: &str,
    ) -> Result<(), String> {
        let _ = (ctx, values, text);
        Ok(())
    }
    /// Adjusts a parsed module (records an option in it, so the output reads back the
    /// same).
    fn after_parse<'c>(
        &self,
        ctx: &'c Context,
        values: &DriverValues,
        module: &mut Module<'c>,
    ) -> Result<(), String> {
        let _ = (ctx, values, module);
        Ok(())
    }
}

/// Attaches models or settings to a context whose dialects are registered (external
/// interface models, such as the interpreter's semantics).
pub type ContextSetup = fn(&mut Context) -> Result<(), InterfaceError>;

/// A tool's dialects, passes, translations, lowerings and driver options.
#[derive(Default)]
pub struct Registry {
    dialects: Vec<&'static Dialect>,
    setups: Vec<ContextSetup>,
    passes: PassRegistry,
    importers: Vec<Importer>,
    exporters: Vec<Exporter>,
    lowerings: Vec<Lowering>,
    extensions: Vec<&'static dyn DriverExtension>,
    entries: Vec<Box<dyn Any + Send + Sync>>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds dialects (a dialect added twice is kept once).
    pub fn dialects(&mut self, dialects: &[&'static Dialect]) -> &mut Self {
        for &d in dialects {
            if !self.dialects.iter().any(|e| e.name == d.name) {
                self.dialects.push(d);
            }
        }
        self
    }

    /// Adds a setup run on every context after its dialects are registered.
    pub fn context_setup(&mut self, setup: ContextSetup) -> &mut Self {
        self.setups.push(setup);
        self
    }

    /// Adds passes.
    pub fn passes(&mut self, infos: &[&'static PassInfo]) -> &mut Self {
        for &i in infos {
            self.passes.register(i);
        }
        self
    }

    /// Adds passes through a crate's generated `register_passes`.
    pub fn passes_from(&mut self, register: fn(&mut PassRegistry)) -> &mut Self {
        register(&mut self.passes);
        self
    }

    /// Adds a front end.
    pub fn importer(&mut self, importer: Importer) -> &mut Self {
        self.importers.push(importer);
        self
    }

    /// Adds a back end.
    pub fn exporter(&mut self, exporter: Exporter) -> &mut Self {
        self.exporters.push(exporter);
        self
    }

    /// Adds a lowering.
    pub fn lowering(&mut self, lowering: Lowering) -> &mut Self {
        self.lowerings.push(lowering);
        self
    }

    /// Adds a driver extension.
    pub fn extension(&mut self, extension: &'static dyn DriverExtension) -> &mut Self {
        self.extensions.push(extension);
        self
    }

    /// Adds an entry of a kind a crate above this one defines.
    pub fn add<T: Any + Send + Sync>(&mut self, entry: T) -> &mut Self {
        self.entries.push(Box::new(entry));
        self
    }

    /// The entries of kind `T`, in the order added.
    pub fn entries<T: Any>(&self) -> impl Iterator<Item = &T> {
        self.entries.iter().filter_map(|e| e.downcast_ref::<T>())
    }

    /// A context with the dialects registered and the setups run.
    pub fn context(&self) -> Result<Context, InterfaceError> {
        let mut ctx = Context::new();
        self.register_in(&mut ctx)?;
        Ok(ctx)
    }

    /// Registers the dialects in `ctx` and runs the setups.
    pub fn register_in(&self, ctx: &mut Context) -> Result<(), InterfaceError> {
        for d in &self.dialects {
            ctx.register_dialect(d);
        }
        for setup in &self.setups {
            setup(ctx)?;
        }
        Ok(())
    }

    /// The dialects.
    pub fn all_dialects(&self) -> &[&'static Dialect] {
        &self.dialects
    }

    /// The passes.
    pub fn pass_registry(&self) -> &PassRegistry {
        &self.passes
    }

    /// The front ends.
    pub fn importers(&self) -> &[Importer] {
        &self.importers
    }

    /// The back ends.
    pub fn exporters(&self) -> &[Exporter] {
        &self.exporters
    }

    /// The driver extensions.
    pub fn extensions(&self) -> &[&'static dyn DriverExtension] {
        &self.extensions
    }

    /// The front end for a file named `file` with text `text`: by its name's ending,
    /// else by its content.
    pub fn importer_for(&self, file: &str, text: &str) -> Option<&Importer> {
        self.importers
            .iter()
            .find(|i| i.extensions.iter().any(|e| file.ends_with(e)))
            .or_else(|| {
                self.importers
                    .iter()
                    .find(|i| i.sniff.is_some_and(|s| s(text)))
            })
    }

    /// The next lowering to run on `body` for `goal`: one whose dialects have ops in it
    /// and whose dialects no other applicable lowering produces (so that `pypto` lowers
    /// before the `pto` it makes does). `None` when no lowering applies.
    pub fn next_lowering(&self, body: &Body<'_>, goal: LoweringGoal) -> Option<&Lowering> {
        let present = dialects_in(body);
        let applicable: Vec<&Lowering> = self
            .lowerings
            .iter()
            .filter(|l| l.goals.contains(&goal))
            .filter(|l| l.dialects.iter().any(|d| present.contains(d)))
            .collect();
        applicable
            .iter()
            .copied()
            .find(|l| {
                !applicable.iter().any(|o| {
                    !std::ptr::eq(*o, *l) && l.dialects.iter().any(|d| o.produces.contains(d))
                })
            })
            .or_else(|| applicable.first().copied())
    }
}

/// The dialect namespaces of the ops in `body` and its nested bodies.
pub fn dialects_in<'b>(body: &'b Body<'_>) -> Vec<&'b str> {
    let mut out: Vec<&str> = Vec::new();
    for op in body.all_ops() {
        let name = body.op_name(op).as_str();
        let dialect = name.split_once('.').map_or(name, |(d, _)| d);
        if !out.contains(&dialect) {
            out.push(dialect);
        }
        if let Some(nested) = body.nested(op) {
            for d in dialects_in(nested) {
                if !out.contains(&d) {
                    out.push(d);
                }
            }
        }
    }
    out
}
