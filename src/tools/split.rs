//! `--split-input-file`: cutting a buffer into chunks at `// -----` markers.

/// One chunk of a split buffer.
pub struct Chunk<'s> {
    /// The chunk's text.
    pub text: &'s str,
    /// The 1-based line number of the chunk's first line in the whole buffer.
    pub first_line: u32,
}

/// Splits `text` at lines that start with `marker` (the rest of such a line is dropped).
/// Without splitting, the whole buffer is one chunk.
pub fn split_input<'s>(text: &'s str, marker: Option<&str>) -> Vec<Chunk<'s>> {
    let Some(marker) = marker else {
        return vec![Chunk {
            text,
            first_line: 1,
        }];
    };
    let mut chunks = Vec::new();
    let mut start = 0usize;
    let mut start_line = 1u32;
    let mut pos = 0usize;
    for (line_no, line) in (1u32..).zip(text.split_inclusive('\n')) {
        if line.trim_end().starts_with(marker) && line.trim_end()[marker.len()..].trim().is_empty()
        {
            chunks.push(Chunk {
                text: &text[start..pos],
                first_line: start_line,
            });
            start = pos + line.len();
            start_line = line_no + 1;
        }
        pos += line.len();
    }
    chunks.push(Chunk {
        text: &text[start..],
        first_line: start_line,
    });
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_markers_and_keeps_line_numbers() {
        let t = "a\n// -----\nb\nc\n// -----\nd";
        let c = split_input(t, Some("// -----"));
        assert_eq!(c.len(), 3);
        assert_eq!((c[0].text, c[0].first_line), ("a\n", 1));
        assert_eq!((c[1].text, c[1].first_line), ("b\nc\n", 3));
        assert_eq!((c[2].text, c[2].first_line), ("d", 6));
    }
}
