//! `--split-input-file`: cutting a buffer into chunks at `// -----` markers, as MLIR's
//! `splitAndProcessBuffer` does.
//!
//! The marker is looked for anywhere in the raw text (not only at line starts). A piece
//! that follows `// ---` but does not continue with `--` and a third character other than
//! `0` is a near miss: it is reported as a warning and not split.

/// One chunk of a split buffer.
pub struct Chunk<'s> {
    /// The chunk's text.
    pub text: &'s str,
    /// The 1-based line of the chunk's first character in the whole buffer.
    pub first_line: u32,
    /// The 1-based column of the chunk's first character.
    pub first_col: u32,
}

/// The result of splitting.
pub struct Split<'s> {
    /// The chunks, in order.
    pub chunks: Vec<Chunk<'s>>,
    /// Byte offsets of near misses (for `warning: near miss with file split marker`).
    pub near_misses: Vec<usize>,
}

/// Lines and columns of increasing positions, counting each byte once.
struct Positions<'s> {
    text: &'s str,
    /// The last position asked for, its line, and where that line starts.
    at: usize,
    line: u32,
    line_start: usize,
}

impl Positions<'_> {
    /// The 1-based `(line, column)` of `pos` (at least the last position asked for).
    fn line_col(&mut self, pos: usize) -> (u32, u32) {
        let piece = &self.text.as_bytes()[self.at..pos];
        for i in memchr::memchr_iter(b'\n', piece) {
            self.line += 1;
            self.line_start = self.at + i + 1;
        }
        self.at = pos;
        (self.line, (pos - self.line_start) as u32 + 1)
    }
}

/// Splits `text` at `marker` (None: one chunk).
pub fn split_input<'s>(text: &'s str, marker: Option<&str>) -> Split<'s> {
    let Some(marker) = marker else {
        return Split {
            chunks: vec![Chunk {
                text,
                first_line: 1,
                first_col: 1,
            }],
            near_misses: Vec::new(),
        };
    };
    let (head, tail) = marker.split_at(marker.len().saturating_sub(2));
    let mut cut_points: Vec<(usize, usize)> = Vec::new(); // (end of chunk, start of next)
    let mut near_misses = Vec::new();
    let mut search = 0;
    while let Some(i) = text[search..].find(head) {
        let at = search + i;
        let piece = &text[at + head.len()..];
        let b = piece.as_bytes();
        if piece.starts_with(tail) && piece.len() > tail.len() && b.get(2) != Some(&b'0') {
            cut_points.push((at, at + marker.len()));
        } else if !head.is_empty() {
            near_misses.push(at + head.len());
        }
        search = at + head.len().max(1);
    }
    let mut chunks = Vec::new();
    let mut start = 0;
    let mut positions = Positions {
        text,
        at: 0,
        line: 1,
        line_start: 0,
    };
    for (end, next) in cut_points {
        if !(start == 0 && end == 0) {
            let (l, c) = positions.line_col(start);
            chunks.push(Chunk {
                text: &text[start..end],
                first_line: l,
                first_col: c,
            });
            start = next;
        } else {
            // A marker at the very start: the empty first chunk is skipped, and MLIR keeps
            // the marker's last two characters in the next chunk.
            start = end + head.len();
        }
    }
    let (l, c) = positions.line_col(start);
    chunks.push(Chunk {
        text: &text[start..],
        first_line: l,
        first_col: c,
    });
    Split {
        chunks,
        near_misses,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_markers_and_keeps_positions() {
        let t = "a\n// -----\nb\nc\n// -----\nd";
        let s = split_input(t, Some("// -----"));
        let c = &s.chunks;
        assert_eq!(c.len(), 3);
        assert_eq!((c[0].text, c[0].first_line), ("a\n", 1));
        assert_eq!(
            (c[1].text, c[1].first_line, c[1].first_col),
            ("\nb\nc\n", 2, 9)
        );
        assert_eq!((c[2].text, c[2].first_line), ("\nd", 5));
        assert!(s.near_misses.is_empty());
    }

    #[test]
    fn near_misses_do_not_split() {
        let s = split_input("a\n// ----\nb\n// -----0\n", Some("// -----"));
        assert_eq!(s.chunks.len(), 1);
        assert_eq!(s.near_misses.len(), 2);
    }
}
