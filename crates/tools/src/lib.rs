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
pub mod fault;
pub mod opt;
pub mod pass_args;
pub mod run;
pub mod split;
pub mod translate;
pub mod verify_diagnostics;

/// Why an input could not be read.
#[derive(Debug)]
pub enum InputError {
    /// The file could not be read at all.
    Io(std::io::Error),
    /// It is not UTF-8 where that matters: a located diagnostic, rendered.
    Located(String),
}

impl InputError {
    /// Prints the error as the tool `tool` reports an unreadable input.
    pub fn report(&self, input: &str) -> String {
        match self {
            InputError::Io(e) if input == "-" => format!("cannot read stdin: {e}"),
            InputError::Io(e) => format!("cannot open input file '{input}': {e}"),
            InputError::Located(d) => d.clone(),
        }
    }
}

/// Reads the input file `path` (`-`: stdin); a large file is mapped (see
/// [`SourceText`](pto_ir::SourceText)). Bytes that are not UTF-8 are accepted in
/// comments (`//` and `#` to the end of the line), as MLIR accepts them, each read as
/// `?` so that columns stay byte columns; anywhere else they are an error at their line
/// and column.
pub fn read_input(path: &str) -> Result<pto_ir::SourceText, InputError> {
    let bytes = if path == "-" {
        let mut b = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut b).map_err(InputError::Io)?;
        b
    } else {
        // SAFETY: the tools' inputs are not modified while they run (the assumption of
        // every compiler driver that maps its inputs; see `SourceText::read_file`).
        match unsafe { pto_ir::SourceText::read_file(path) } {
            Ok(t) => return Ok(t),
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                std::fs::read(path).map_err(InputError::Io)?
            }
            Err(e) => return Err(InputError::Io(e)),
        }
    };
    let name = if path == "-" { "<stdin>" } else { path };
    lossy_comments(bytes, name).map(Into::into)
}

/// `bytes` as text, with the bytes that are not UTF-8 inside comments read as `?`; an
/// error at the first such byte anywhere else.
fn lossy_comments(mut bytes: Vec<u8>, name: &str) -> Result<String, InputError> {
    let mut at = 0;
    loop {
        match std::str::from_utf8(&bytes[at..]) {
            Ok(_) => break,
            Err(e) => {
                let bad = at + e.valid_up_to();
                let len = e.error_len().unwrap_or(bytes.len() - bad);
                let line_start = bytes[..bad]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |i| i + 1);
                let before = &bytes[line_start..bad];
                let in_comment = before.windows(2).any(|w| w == b"//") || before.contains(&b'#');
                if !in_comment {
                    let line = bytes[..bad].iter().filter(|&&b| b == b'\n').count() + 1;
                    let col = bad - line_start + 1;
                    let end = bytes[bad..]
                        .iter()
                        .position(|&b| b == b'\n')
                        .map_or(bytes.len(), |i| bad + i);
                    let shown = String::from_utf8_lossy(&bytes[line_start..end]).into_owned();
                    return Err(InputError::Located(format!(
                        "{name}:{line}:{col}: error: invalid UTF-8 (byte 0x{:02x}) outside a comment\n{shown}\n{}^\n",
                        bytes[bad],
                        " ".repeat(col - 1)
                    )));
                }
                for b in &mut bytes[bad..bad + len] {
                    *b = b'?';
                }
                at = bad + len;
            }
        }
    }
    Ok(String::from_utf8(bytes).expect("made valid"))
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
