//! [`SourceText`]: the text of an input file, owned or mapped from the file.
//!
//! A large input is mapped read-only instead of read into memory, and the parser releases
//! the pages it has gone past ([`SourceText::release_before`]): the kernel drops them from
//! the process (they stay in the page cache) and maps them in again if they are read
//! later (a diagnostic showing a line, a name looked up by its first spelling). The
//! resident input is then a window around the parser instead of the whole file, as
//! with a streamed input, while the text stays one contiguous `&str` for the parser.
//!
//! As with every file mapping (LLVM's `MemoryBuffer` maps large inputs the same way),
//! the file must not be modified while it is mapped.
//!
//! `pto_tools::read_input` reads the inputs of pto-opt, pto-translate and pto-run this
//! way; [`SourceText::read_file`] is `unsafe` because the file must not change while the
//! tool runs.

use std::fs::File;
use std::io;

/// Files at least this large are mapped rather than read.
const MAP_THRESHOLD: u64 = 1 << 20;

/// UTF-8 is checked in pieces of this size, each released once checked.
const CHECK_PIECE: usize = 4 << 20;

/// The text of a source buffer.
pub struct SourceText {
    repr: Repr,
}

enum Repr {
    Owned(String),
    Mapped(Mapping),
}

/// A read-only private mapping of a whole file, known to hold UTF-8.
struct Mapping {
    ptr: *mut libc::c_void,
    len: usize,
    /// Bytes from the start already given back since the last pass over the text began
    /// (each release advises only what is new).
    released: std::sync::atomic::AtomicUsize,
}

// SAFETY: the mapping is read-only and never changed through this handle; releasing pages
// (`madvise`) does not change what is read.
unsafe impl Send for Mapping {}
// SAFETY: as above.
unsafe impl Sync for Mapping {}

impl Drop for Mapping {
    fn drop(&mut self) {
        // SAFETY: `ptr`/`len` describe a mapping made by `Mapping::new` and not unmapped.
        unsafe {
            libc::munmap(self.ptr, self.len);
        }
    }
}

fn page_size() -> usize {
    // SAFETY: sysconf has no preconditions.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    if p > 0 {
        p as usize
    } else {
        4096
    }
}

impl Mapping {
    /// Maps `file` (of `len > 0` bytes) and checks that it is UTF-8, releasing each piece
    /// once checked. `Ok(None)` when the system refuses the mapping.
    fn new(file: &File, len: usize) -> io::Result<Option<Self>> {
        use std::os::fd::AsRawFd;
        // SAFETY: a fresh read-only private mapping of an open file; the result is checked.
        let ptr = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ,
                libc::MAP_PRIVATE,
                file.as_raw_fd(),
                0,
            )
        };
        if ptr == libc::MAP_FAILED {
            return Ok(None);
        }
        let map = Mapping {
            ptr,
            len,
            released: std::sync::atomic::AtomicUsize::new(0),
        };
        // SAFETY: advice only; the range is the mapping.
        unsafe {
            libc::madvise(ptr, len, libc::MADV_SEQUENTIAL);
        }
        let bytes = map.bytes();
        let mut start = 0;
        while start < len {
            let end = (start + CHECK_PIECE).min(len);
            let checked = match std::str::from_utf8(&bytes[start..end]) {
                Ok(_) => end,
                // A character cut at the end of the piece is checked with the next one.
                Err(e) if e.error_len().is_none() && end < len => start + e.valid_up_to(),
                // The message `std::fs::read_to_string` gives.
                Err(_) => {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        "stream did not contain valid UTF-8",
                    ));
                }
            };
            map.release_before(checked);
            start = checked;
        }
        // The parser reads the text in again from the start: its releases count from 0.
        map.released.store(0, std::sync::atomic::Ordering::Relaxed);
        Ok(Some(map))
    }

    fn bytes(&self) -> &[u8] {
        // SAFETY: the mapping is readable for `len` bytes while `self` lives.
        unsafe { std::slice::from_raw_parts(self.ptr as *const u8, self.len) }
    }

    fn release_before(&self, offset: usize) {
        use std::sync::atomic::Ordering;
        let page = page_size();
        let end = offset.min(self.len) / page * page;
        let start = self.released.fetch_max(end, Ordering::Relaxed);
        if end > start {
            // SAFETY: the range lies in the mapping (page-aligned: `start` and `end` are
            // multiples of the page size); for a private read-only file mapping the pages
            // are read in again from the file when next touched.
            unsafe {
                libc::madvise(
                    (self.ptr as *mut u8).add(start) as *mut libc::c_void,
                    end - start,
                    libc::MADV_DONTNEED,
                );
            }
        }
    }
}

impl SourceText {
    /// Reads the file at `path`: large regular files are mapped, others read. Fails on
    /// I/O errors, on text that is not UTF-8 and on files of 4 GiB or more (source
    /// positions are 32-bit).
    ///
    /// # Safety
    /// The file must not be modified or truncated while the text lives: released pages
    /// of a mapped text are read from the file again, so a change could make the `&str`
    /// hold invalid UTF-8 (or the process fault on a truncated file). Compiler drivers
    /// assume this of their inputs, as LLVM's `MemoryBuffer` does.
    pub unsafe fn read_file(path: &str) -> io::Result<Self> {
        let file = File::open(path)?;
        let meta = file.metadata()?;
        if meta.len() > u64::from(u32::MAX) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "inputs of 4 GiB or more are not supported",
            ));
        }
        if meta.is_file() && meta.len() >= MAP_THRESHOLD {
            if let Ok(len) = usize::try_from(meta.len()) {
                if let Some(map) = Mapping::new(&file, len)? {
                    return Ok(Self {
                        repr: Repr::Mapped(map),
                    });
                }
            }
        }
        let mut text = String::new();
        io::Read::read_to_string(&mut &file, &mut text)?;
        Ok(text.into())
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        match &self.repr {
            Repr::Owned(s) => s,
            // SAFETY: checked to be UTF-8 when mapped, and the mapping is read-only.
            Repr::Mapped(m) => unsafe { std::str::from_utf8_unchecked(m.bytes()) },
        }
    }

    /// Tells that the text before byte `offset` will probably not be read again: a mapped
    /// text gives those pages back (they are read in again if needed). Nothing changes
    /// for an owned text, nor in what the text reads.
    pub fn release_before(&self, offset: usize) {
        if let Repr::Mapped(m) = &self.repr {
            m.release_before(offset);
        }
    }

    /// Like [`SourceText::release_before`], with the position given as the address of a
    /// byte of the text (for a parser that sees a slice of it); other addresses are ignored.
    pub fn release_before_addr(&self, addr: *const u8) {
        let base = self.as_str().as_ptr() as usize;
        if let Some(offset) = (addr as usize).checked_sub(base) {
            self.release_before(offset);
        }
    }

    /// True if the text is mapped from its file.
    pub fn is_mapped(&self) -> bool {
        matches!(self.repr, Repr::Mapped(_))
    }
}

impl From<String> for SourceText {
    fn from(s: String) -> Self {
        Self {
            repr: Repr::Owned(s),
        }
    }
}

impl std::ops::Deref for SourceText {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Debug for SourceText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SourceText")
            .field("len", &self.len())
            .field("mapped", &self.is_mapped())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mapped_text_reads_back_after_release() {
        let dir = std::env::temp_dir().join(format!("pto-source-text-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("big.mlir");
        // Multi-byte characters across the check pieces' boundaries.
        let line = "// é€𝄞 some text\n";
        let text: String = line.repeat((MAP_THRESHOLD as usize * 6) / line.len());
        std::fs::write(&path, &text).unwrap();
        // SAFETY: the test's own file, not modified while read.
        let src = unsafe { SourceText::read_file(path.to_str().unwrap()) }.unwrap();
        assert!(src.is_mapped());
        src.release_before(src.len() / 2);
        assert_eq!(src.as_str(), text);
        std::fs::write(dir.join("small.mlir"), "x").unwrap();
        // SAFETY: as above.
        let small =
            unsafe { SourceText::read_file(dir.join("small.mlir").to_str().unwrap()) }.unwrap();
        assert!(!small.is_mapped());
        assert_eq!(&*small, "x");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn invalid_utf8_is_refused() {
        let dir = std::env::temp_dir().join(format!("pto-source-utf8-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bad.mlir");
        let mut bytes = vec![b' '; MAP_THRESHOLD as usize + 10];
        bytes.push(0xff);
        std::fs::write(&path, &bytes).unwrap();
        // SAFETY: the test's own file, not modified while read.
        let err = unsafe { SourceText::read_file(path.to_str().unwrap()) }.unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
