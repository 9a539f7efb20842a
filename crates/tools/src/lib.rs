//! `pto-tools`: the command-line tools (`pto-opt`, `pto-run`, `pto-translate`), as
//! library code so that embedders get the same drivers.
//!
//! Each driver is made of a `pto_pass::Registry` (dialects, context setups, passes,
//! importers, exporters, lowerings, driver options): a crate with dialects of its own
//! builds a registry with them and gets its own `*-opt`, `*-run` and `*-translate` from
//! these functions. The drivers know no dialect beyond the upstream ones of
//! `pto-dialects` (and the `llvm` back end of `pto-llvm`); `pto-mlir` composes the
//! workspace's registry. `split` and `verify_diagnostics` are mlir-opt's
//! `--split-input-file` and `--verify-diagnostics`, shared by the drivers.

#![warn(missing_docs)]
#![allow(clippy::result_unit_err)]

pub mod driver_options;
pub mod opt;
pub mod pass_args;
pub mod run;
pub mod split;
pub mod translate;
pub mod verify_diagnostics;

/// Reads the input file `path` (`-`: stdin); a large file is mapped (see
/// [`SourceText`](pto_ir::SourceText)).
pub fn read_input(path: &str) -> std::io::Result<pto_ir::SourceText> {
    if path == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)?;
        Ok(s.into())
    } else {
        // SAFETY: the tools' inputs are not modified while they run (the assumption of
        // every compiler driver that maps its inputs; see `SourceText::read_file`).
        unsafe { pto_ir::SourceText::read_file(path) }
    }
}

/// An output file written so that nothing is lost: into a temporary file beside it,
/// renamed over `path` by [`OutputFile::commit`] only, so that a failed run (or one
/// killed half way) leaves what `path` held. Special files (`/dev/null`, pipes) and
/// files that cannot be replaced by a rename (symbolic links) are written directly.
pub struct OutputFile {
    target: std::path::PathBuf,
    tmp: Option<std::path::PathBuf>,
    out: std::io::BufWriter<std::fs::File>,
}

impl OutputFile {
    /// Opens the output `path` for writing.
    pub fn create(path: &str) -> std::io::Result<OutputFile> {
        let target = std::path::PathBuf::from(path);
        let replaceable = match std::fs::symlink_metadata(&target) {
            Ok(m) => m.file_type().is_file(),
            Err(_) => true,
        };
        let (file, tmp) = if replaceable {
            let name = target
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let tmp = target.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
            (std::fs::File::create(&tmp)?, Some(tmp))
        } else {
            (std::fs::OpenOptions::new().write(true).open(&target)?, None)
        };
        Ok(OutputFile {
            target,
            tmp,
            out: std::io::BufWriter::with_capacity(1 << 16, file),
        })
    }

    /// Puts what was written in place of the target.
    pub fn commit(mut self) -> std::io::Result<()> {
        use std::io::Write as _;
        self.out.flush()?;
        if let Some(tmp) = self.tmp.take() {
            if let Err(e) = std::fs::rename(&tmp, &self.target) {
                let _ = std::fs::remove_file(&tmp);
                return Err(e);
            }
        }
        Ok(())
    }
}

impl std::io::Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.out.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

impl Drop for OutputFile {
    /// Not committed: the temporary file goes, the target stays as it was.
    fn drop(&mut self) {
        if let Some(tmp) = self.tmp.take() {
            let _ = std::fs::remove_file(tmp);
        }
    }
}

/// Writes `bytes` to the output `path` (`-`: standard output) through an
/// [`OutputFile`]: all or nothing.
pub fn write_output(path: &str, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    if path == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(bytes)?;
        return out.flush();
    }
    let mut f = OutputFile::create(path)?;
    f.write_all(bytes)?;
    f.commit()
}
