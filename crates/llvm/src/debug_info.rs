//! DWARF line tables from MLIR locations (`--debug-info`,
//! `TranslationOptions::debug_info`): a compile unit for the module, a subprogram per
//! defined function at its location, and each instruction's `!dbg` at its op's
//! `file:line:col`, so debuggers and profilers show the MLIR source of compiled code.
//! (mlir-translate has no such mode: it emits debug info only from `#llvm.di_*`
//! attributes, which this dialect does not have.)

use std::path::Path;

use inkwell::debug_info::{
    AsDIScope, DICompileUnit, DIFile, DIFlags, DIFlagsConstants, DILocation, DISubprogram,
    DWARFEmissionKind, DWARFSourceLanguage, DebugInfoBuilder,
};
use inkwell::module::Module;
use inkwell::values::FunctionValue;
use rustc_hash::FxHashMap;

use pto_ir::Location;

/// The debug-info builder of one module.
pub(super) struct DebugInfo<'ll> {
    builder: DebugInfoBuilder<'ll>,
    unit: DICompileUnit<'ll>,
    files: FxHashMap<String, DIFile<'ll>>,
}

fn split_path(path: &str) -> (String, String) {
    let p = Path::new(path);
    let name = p
        .file_name()
        .map_or_else(|| path.to_string(), |n| n.to_string_lossy().into_owned());
    let dir = p
        .parent()
        .map(|d| d.to_string_lossy().into_owned())
        .unwrap_or_default();
    (name, dir)
}

impl<'ll> DebugInfo<'ll> {
    /// A line-tables-only compile unit for `module`, named after `source` (the file of
    /// the first located op).
    pub fn new(module: &Module<'ll>, source: &str) -> Self {
        let (name, dir) = split_path(source);
        let (builder, unit) = module.create_debug_info_builder(
            true,
            DWARFSourceLanguage::C,
            &name,
            &dir,
            "pto-mlir",
            false,
            "",
            0,
            "",
            DWARFEmissionKind::LineTablesOnly,
            0,
            false,
            false,
            "",
            "",
        );
        Self {
            builder,
            unit,
            files: FxHashMap::default(),
        }
    }

    fn file(&mut self, path: &str) -> DIFile<'ll> {
        if let Some(f) = self.files.get(path) {
            return *f;
        }
        let (name, dir) = split_path(path);
        let f = self.builder.create_file(&name, &dir);
        self.files.insert(path.to_string(), f);
        f
    }

    /// Gives `f` a subprogram at `loc` (its file, or the unit's when unknown).
    pub fn subprogram(&mut self, f: FunctionValue<'ll>, loc: Location<'_>) -> DISubprogram<'ll> {
        let (file, line) = match loc.file_line_col() {
            Some((path, line, _)) => (self.file(path), line),
            None => (self.unit.get_file(), 0),
        };
        let ty = self
            .builder
            .create_subroutine_type(file, None, &[], DIFlags::ZERO);
        let name = f.get_name().to_string_lossy().into_owned();
        let local = matches!(
            f.get_linkage(),
            inkwell::module::Linkage::Internal | inkwell::module::Linkage::Private
        );
        let sp = self.builder.create_function(
            self.unit.as_debug_info_scope(),
            &name,
            None,
            file,
            line,
            ty,
            local,
            true,
            line,
            DIFlags::ZERO,
            false,
        );
        f.set_subprogram(sp);
        sp
    }

    /// The `!dbg` location of an op at `loc` in subprogram `sp` (line 0 when unknown,
    /// which LLVM reads as "no source line").
    pub fn location(
        &self,
        ll: &'ll inkwell::context::Context,
        sp: DISubprogram<'ll>,
        loc: Location<'_>,
    ) -> DILocation<'ll> {
        let (line, col) = loc.file_line_col().map_or((0, 0), |(_, l, c)| (l, c));
        self.builder
            .create_debug_location(ll, line, col, sp.as_debug_info_scope(), None)
    }

    /// Resolves the debug info (before verification or emission).
    pub fn finalize(&self) {
        self.builder.finalize();
    }
}
