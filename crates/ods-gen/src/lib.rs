//! `pto-ods-gen`: reads MLIR ODS (TableGen) dialect definitions and writes the Rust that
//! `pto-mlir` runs them with.
//!
//! A build script calls [`generate`] with a dialect's root `.td` file. The records are
//! read through the `tblgen` crate (MLIR 22's own TableGen front end, so anything
//! `mlir-tblgen` accepts is read the same way), turned into a plain model
//! ([`model`]), and emitted ([`emit`]) as static op specifications, typed op wrappers,
//! builders and hook references for the runtime in `pto_ir::ods`. Constraint predicates
//! are compiled to Rust ([`preds`]); assembly formats are parsed and their spacing
//! precomputed ([`format`]); a Markdown reference is written alongside ([`docs`]).
//!
//! Errors are returned as text naming the record at fault; a build script should print
//! them and fail, so that an unsupported construct never degrades silently.

pub mod docs;
pub mod emit;
pub mod format;
pub mod model;
pub mod preds;
pub mod typedef;
mod typedef_format;

use std::path::{Path, PathBuf};

/// What to generate for one dialect.
pub struct DialectGen {
    /// The dialect's namespace (`arith`): only ops of this dialect are emitted.
    pub name: String,
    /// The root `.td` file.
    pub td_file: PathBuf,
    /// Include directories (MLIR's `include/`, a crate's `td/`).
    pub include_dirs: Vec<PathBuf>,
    /// The Rust path of the ODS runtime (the `pto-ir` crate) as seen from the generated
    /// code: `crate` inside `pto-ir` itself, `::pto_ir` in every other crate.
    pub runtime: String,
}

/// The generated artifacts.
pub struct Generated {
    /// Rust source, to be `include!`d inside the dialect's module.
    pub rust: String,
    /// Markdown reference of the dialect.
    pub markdown: String,
}

/// Reads `cfg.td_file` and generates the dialect's Rust and docs.
pub fn generate(cfg: &DialectGen) -> Result<Generated, String> {
    let mut parser = tblgen::TableGenParser::new();
    for dir in &cfg.include_dirs {
        parser = parser.add_include_directory(&dir.to_string_lossy());
    }
    parser = parser.add_source_file(&cfg.td_file.to_string_lossy());
    let keeper = parser
        .parse()
        .map_err(|e| format!("{}: TableGen error: {e}", cfg.td_file.display()))?;
    let dialect = model::read_dialect(&keeper, &cfg.name)?;
    let rust = emit::emit(&dialect, &cfg.runtime)?;
    let markdown = docs::markdown(&dialect);
    Ok(Generated { rust, markdown })
}

/// Generates `cfg` and writes `<out_dir>/<name>_ods.rs` and `<out_dir>/<name>.md`.
pub fn generate_to(cfg: &DialectGen, out_dir: &Path) -> Result<(), String> {
    let g = generate(cfg)?;
    let rs = out_dir.join(format!("{}_ods.rs", cfg.name));
    std::fs::write(&rs, g.rust).map_err(|e| format!("{}: {e}", rs.display()))?;
    let md = out_dir.join(format!("{}.md", cfg.name));
    std::fs::write(&md, g.markdown).map_err(|e| format!("{}: {e}", md.display()))?;
    Ok(())
}

/// One dialect of a crate's list (see [`CrateDialects`]).
struct ListedDialect {
    name: String,
    td: PathBuf,
    module: String,
}

/// The dialects a crate defines, for its build script: the crate's one dialect list.
///
/// For each dialect, [`CrateDialects::build`] writes `<name>_ods.rs` (included by the
/// dialect's hook module) and `<name>.md` into `OUT_DIR`, and for the whole list
/// `dialects.rs`, which the crate's root includes: `DIALECTS` (every `Dialect` of the
/// list, in order, for registration) and `DIALECT_DOCS` (each dialect's generated
/// reference). Adding a dialect to a crate is one `.dialect(..)` line here, its `.td`
/// file and its hook module; nothing else lists it.
///
/// ```no_run
/// // build.rs
/// pto_ods_gen::CrateDialects::new()
///     .dialect("standalone", "td/standalone/StandaloneOps.td")
///     .build();
/// ```
pub struct CrateDialects {
    runtime: String,
    include_dirs: Vec<PathBuf>,
    dialects: Vec<ListedDialect>,
}

impl Default for CrateDialects {
    fn default() -> Self {
        Self::new()
    }
}

impl CrateDialects {
    /// An empty list whose generated code uses `::pto_ir`, with MLIR's ODS include
    /// directory (`$TABLEGEN_220_PREFIX/include`, default `/usr/lib/llvm-22/include`)
    /// and the crate's own `td/` on the include path.
    pub fn new() -> Self {
        let prefix =
            std::env::var("TABLEGEN_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
        let manifest =
            PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into()));
        Self {
            runtime: "::pto_ir".into(),
            include_dirs: vec![PathBuf::from(prefix).join("include"), manifest.join("td")],
            dialects: Vec::new(),
        }
    }

    /// The runtime path (`crate` for `pto-ir` itself).
    pub fn runtime(mut self, runtime: &str) -> Self {
        self.runtime = runtime.into();
        self
    }

    /// Adds an include directory.
    pub fn include_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.include_dirs.push(dir.into());
        self
    }

    /// Adds dialect `name` defined in `td` (relative to the crate), whose hook module is
    /// `crate::<name>`.
    pub fn dialect(self, name: &str, td: &str) -> Self {
        let module = format!("crate::{name}");
        self.dialect_in(name, td, &module)
    }

    /// Adds dialect `name` whose hook module is `module` (`crate` when the crate's root
    /// is the dialect's module).
    pub fn dialect_in(mut self, name: &str, td: &str, module: &str) -> Self {
        self.dialects.push(ListedDialect {
            name: name.into(),
            td: PathBuf::from(td),
            module: module.into(),
        });
        self
    }

    /// Generates everything into `OUT_DIR`. Errors are printed with the record at fault
    /// and fail the build (exit 1): a construct the generator does not understand never
    /// degrades silently.
    pub fn build(self) {
        let out =
            PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR is set for build scripts"));
        println!("cargo:rerun-if-changed=td");
        println!("cargo:rerun-if-changed=build.rs");
        println!("cargo:rerun-if-env-changed=TABLEGEN_220_PREFIX");
        match self.generate_into(&out) {
            Ok(()) => {}
            Err(errors) => {
                for e in errors {
                    println!("cargo:warning={e}");
                    eprintln!("error: {e}");
                }
                std::process::exit(1);
            }
        }
    }

    /// Generates everything into `out`, returning every error.
    pub fn generate_into(&self, out: &Path) -> Result<(), Vec<String>> {
        let mut errors = Vec::new();
        for d in &self.dialects {
            let cfg = DialectGen {
                name: d.name.clone(),
                td_file: d.td.clone(),
                include_dirs: self.include_dirs.clone(),
                runtime: self.runtime.clone(),
            };
            if let Err(e) = generate_to(&cfg, out) {
                errors.push(e);
            }
        }
        let mut list = String::from(
            "// Generated by pto-ods-gen from the build script's dialect list. Do not edit.\n",
        );
        list.push_str("/// This crate's dialects, in the order of its build script's list.\n");
        list.push_str(&format!(
            "pub static DIALECTS: &[&{}::Dialect] = &[\n",
            self.runtime
        ));
        for d in &self.dialects {
            list.push_str(&format!("    &{}::DIALECT,\n", d.module));
        }
        list.push_str("];\n/// The generated Markdown reference of each dialect, by name.\n");
        list.push_str("pub static DIALECT_DOCS: &[(&str, &str)] = &[\n");
        for d in &self.dialects {
            list.push_str(&format!(
                "    ({:?}, include_str!(concat!(env!(\"OUT_DIR\"), \"/{}.md\"))),\n",
                d.name, d.name
            ));
        }
        list.push_str("];\n");
        let path = out.join("dialects.rs");
        if let Err(e) = std::fs::write(&path, list) {
            errors.push(format!("{}: {e}", path.display()));
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }
}
