//! The lexer for MLIR's textual format.
//!
//! Tokens are byte spans into the source; the parser slices the text it needs. Numbers and
//! identifiers follow MLIR's `Lexer.cpp` grammar; `x`-separated dimension lists are handled
//! by the parser re-lexing from inside a token, as MLIR does.

/// The kind of a token.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum TokenKind {
    /// End of input.
    Eof,
    /// A lexing error (the message is in [`Lexer::error`]).
    Error,
    /// `foo`, `i32`, `x`
    BareIdent,
    /// `@foo`, `@"foo bar"`
    AtIdent,
    /// `#foo`, `#1`
    HashIdent,
    /// `!foo`
    ExclaimIdent,
    /// `%foo`, `%0`
    PercentIdent,
    /// `^bb0`
    CaretIdent,
    /// `42`, `0x2A`
    Integer,
    /// `1.5e3`
    Float,
    /// `"text"`
    String,
    /// `->`
    Arrow,
    /// `:`
    Colon,
    /// `::`
    ColonColon,
    /// `,`
    Comma,
    /// `.`
    Dot,
    /// `...`
    Ellipsis,
    /// `=`
    Equal,
    /// `>`
    Greater,
    /// `<`
    Less,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `[`
    LSquare,
    /// `]`
    RSquare,
    /// `-`
    Minus,
    /// `+`
    Plus,
    /// `?`
    Question,
    /// `*`
    Star,
    /// `|`
    Vertical,
    /// `/` (a lone slash; `//` starts a comment)
    Slash,
    /// `{-#`
    FileMetadataBegin,
    /// `#-}`
    FileMetadataEnd,
}

impl TokenKind {
    /// How MLIR names the token in "expected ..." messages.
    pub fn spelling(self) -> &'static str {
        use TokenKind::*;
        match self {
            Arrow => "->",
            Colon => ":",
            ColonColon => "::",
            Comma => ",",
            Dot => ".",
            Ellipsis => "...",
            Equal => "=",
            Greater => ">",
            Less => "<",
            LBrace => "{",
            RBrace => "}",
            LParen => "(",
            RParen => ")",
            LSquare => "[",
            RSquare => "]",
            Minus => "-",
            Plus => "+",
            Question => "?",
            Star => "*",
            Vertical => "|",
            Slash => "/",
            FileMetadataBegin => "{-#",
            FileMetadataEnd => "#-}",
            _ => "token",
        }
    }
}

/// A token: its kind and byte span.
#[derive(Copy, Clone, Debug)]
pub struct Token {
    /// The kind.
    pub kind: TokenKind,
    /// Start byte offset.
    pub start: u32,
    /// End byte offset (exclusive).
    pub end: u32,
}

/// Splits source text into tokens.
pub struct Lexer<'s> {
    src: &'s [u8],
    pos: usize,
    /// The message of the last [`TokenKind::Error`] token.
    pub error: String,
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}
fn is_suffix_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-')
}
fn is_bare_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.')
}

impl<'s> Lexer<'s> {
    /// A lexer at the start of `src`.
    pub fn new(src: &'s str) -> Self {
        Self {
            src: src.as_bytes(),
            pos: 0,
            error: String::new(),
        }
    }

    /// Restarts lexing at byte offset `pos`.
    pub fn reset_to(&mut self, pos: usize) {
        self.pos = pos;
    }

    fn peek(&self, off: usize) -> u8 {
        self.src.get(self.pos + off).copied().unwrap_or(0)
    }

    fn tok(&self, kind: TokenKind, start: usize) -> Token {
        Token {
            kind,
            start: start as u32,
            end: self.pos as u32,
        }
    }

    fn err(&mut self, start: usize, msg: &str) -> Token {
        self.error = msg.to_string();
        // One character (all of its UTF-8 bytes), so that the token's text is a str.
        let mut end = (start + 1).min(self.src.len());
        while end < self.src.len() && (self.src[end] & 0xC0) == 0x80 {
            end += 1;
        }
        Token {
            kind: TokenKind::Error,
            start: start as u32,
            end: end as u32,
        }
    }

    /// Lexes the next token.
    pub fn next_token(&mut self) -> Token {
        use TokenKind::*;
        loop {
            let start = self.pos;
            let Some(&c) = self.src.get(self.pos) else {
                return self.tok(Eof, start);
            };
            self.pos += 1;
            return match c {
                b' ' | b'\t' | b'\n' | b'\r' => continue,
                b'/' if self.peek(0) == b'/' => {
                    while self.pos < self.src.len() && !matches!(self.src[self.pos], b'\n' | b'\r')
                    {
                        self.pos += 1;
                    }
                    continue;
                }
                b'/' => self.tok(Slash, start),
                b':' if self.peek(0) == b':' => {
                    self.pos += 1;
                    self.tok(ColonColon, start)
                }
                b':' => self.tok(Colon, start),
                b',' => self.tok(Comma, start),
                b'.' if self.peek(0) == b'.' && self.peek(1) == b'.' => {
                    self.pos += 2;
                    self.tok(Ellipsis, start)
                }
                b'.' => {
                    let at = self.pos;
                    self.err(at, "expected three consecutive dots for an ellipsis")
                }
                b'(' => self.tok(LParen, start),
                b')' => self.tok(RParen, start),
                b'{' if self.peek(0) == b'-' && self.peek(1) == b'#' => {
                    self.pos += 2;
                    self.tok(FileMetadataBegin, start)
                }
                b'{' => self.tok(LBrace, start),
                b'}' => self.tok(RBrace, start),
                b'[' => self.tok(LSquare, start),
                b']' => self.tok(RSquare, start),
                b'<' => self.tok(Less, start),
                b'>' => self.tok(Greater, start),
                b'=' => self.tok(Equal, start),
                b'+' => self.tok(Plus, start),
                b'*' => self.tok(Star, start),
                b'?' => self.tok(Question, start),
                b'|' => self.tok(Vertical, start),
                b'-' if self.peek(0) == b'>' => {
                    self.pos += 1;
                    self.tok(Arrow, start)
                }
                b'-' => self.tok(Minus, start),
                b'"' => self.lex_string(start),
                b'@' => self.lex_at(start),
                b'#' if self.peek(0) == b'-' && self.peek(1) == b'}' => {
                    self.pos += 2;
                    self.tok(FileMetadataEnd, start)
                }
                b'#' | b'!' | b'%' | b'^' => self.lex_prefixed(start, c),
                b'0'..=b'9' => self.lex_number(start),
                c if is_ident_start(c) => {
                    while self.pos < self.src.len() && is_bare_char(self.src[self.pos]) {
                        self.pos += 1;
                    }
                    self.tok(BareIdent, start)
                }
                _ => {
                    // Step over a whole UTF-8 character so spans stay on char boundaries.
                    while self.pos < self.src.len() && (self.src[self.pos] & 0xC0) == 0x80 {
                        self.pos += 1;
                    }
                    self.err(start, "unexpected character")
                }
            };
        }
    }

    fn lex_string(&mut self, start: usize) -> Token {
        loop {
            match self.src.get(self.pos).copied() {
                None | Some(b'\n') | Some(b'\r') => {
                    // MLIR reports an unterminated string where the line (or input) ends.
                    let at = self.pos;
                    return self.err(at, "expected '\"' in string literal");
                }
                Some(b'"') => {
                    self.pos += 1;
                    return self.tok(TokenKind::String, start);
                }
                Some(b'\\') => {
                    let n = self.peek(1);
                    if matches!(n, b'"' | b'\\' | b'n' | b't') {
                        self.pos += 2;
                    } else if n.is_ascii_hexdigit() && self.peek(2).is_ascii_hexdigit() {
                        self.pos += 3;
                    } else {
                        let at = self.pos;
                        return self.err(at, "unknown escape in string literal");
                    }
                }
                Some(_) => self.pos += 1,
            }
        }
    }

    fn lex_at(&mut self, start: usize) -> Token {
        match self.src.get(self.pos).copied() {
            Some(b'"') => {
                self.pos += 1;
                let t = self.lex_string(start);
                if t.kind == TokenKind::Error {
                    return t;
                }
                self.tok(TokenKind::AtIdent, start)
            }
            Some(c) if is_ident_start(c) => {
                while self.pos < self.src.len() && is_suffix_char(self.src[self.pos]) {
                    self.pos += 1;
                }
                self.tok(TokenKind::AtIdent, start)
            }
            _ => {
                let at = start + 1;
                self.err(at, "@ identifier expected to start with letter or '_'")
            }
        }
    }

    fn lex_prefixed(&mut self, start: usize, c: u8) -> Token {
        let kind = match c {
            b'#' => TokenKind::HashIdent,
            b'!' => TokenKind::ExclaimIdent,
            b'%' => TokenKind::PercentIdent,
            _ => TokenKind::CaretIdent,
        };
        let first = self.peek(0);
        if first.is_ascii_digit() {
            // A suffix id made of digits: `%0`, `#1`.
            while self.peek(0).is_ascii_digit() {
                self.pos += 1;
            }
        } else if is_ident_start(first) || matches!(first, b'$' | b'.' | b'-') {
            while self.pos < self.src.len() && is_suffix_char(self.src[self.pos]) {
                self.pos += 1;
            }
        } else {
            let what = match c {
                b'#' => "invalid attribute name",
                b'!' => "invalid type identifier",
                b'%' => "invalid SSA name",
                _ => "invalid block name",
            };
            return self.err(start, what);
        }
        self.tok(kind, start)
    }

    fn lex_number(&mut self, start: usize) -> Token {
        let first = self.src[start];
        if first == b'0' && self.peek(0) == b'x' && self.peek(1).is_ascii_hexdigit() {
            self.pos += 1;
            while self.peek(0).is_ascii_hexdigit() {
                self.pos += 1;
            }
            return self.tok(TokenKind::Integer, start);
        }
        while self.peek(0).is_ascii_digit() {
            self.pos += 1;
        }
        if self.peek(0) != b'.' {
            return self.tok(TokenKind::Integer, start);
        }
        self.pos += 1;
        while self.peek(0).is_ascii_digit() {
            self.pos += 1;
        }
        if matches!(self.peek(0), b'e' | b'E')
            && (self.peek(1).is_ascii_digit()
                || (matches!(self.peek(1), b'-' | b'+') && self.peek(2).is_ascii_digit()))
        {
            self.pos += 2;
            while self.peek(0).is_ascii_digit() {
                self.pos += 1;
            }
        }
        self.tok(TokenKind::Float, start)
    }
}

/// Decodes the contents of a string token (without its quotes) into bytes.
pub fn unescape(raw: &str) -> Vec<u8> {
    let b = raw.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            match b[i + 1] {
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                b'"' => out.push(b'"'),
                b'\\' => out.push(b'\\'),
                _ if i + 2 < b.len() => {
                    let hex = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
                    out.push(hex(b[i + 1]) * 16 + hex(b[i + 2]));
                    i += 3;
                    continue;
                }
                other => out.push(other),
            }
            i += 2;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

/// Maps byte offsets to 1-based line and column numbers.
///
/// The text is indexed as far as positions are asked for (a parser asks about where it
/// is), so that a mapped input is read front to back once, not scanned ahead whole.
pub struct LineIndex<'s> {
    src: &'s str,
    starts: std::cell::RefCell<Vec<u32>>,
    /// Bytes of `src` indexed so far.
    scanned: std::cell::Cell<usize>,
    /// The line of the last answer (a parser asks about the same or the next line).
    last: std::cell::Cell<usize>,
    /// Lines before `starts[0]` (non-zero after [`LineIndex::rebase`]).
    base: u32,
}

/// How far past an asked position the index reads ahead.
const LINE_INDEX_AHEAD: usize = 1 << 16;

impl<'s> LineIndex<'s> {
    /// An index of `src` (filled in on demand).
    pub fn new(src: &'s str) -> Self {
        Self {
            src,
            starts: std::cell::RefCell::new(vec![0u32]),
            scanned: std::cell::Cell::new(0),
            last: std::cell::Cell::new(0),
            base: 0,
        }
    }

    /// Forgets what was indexed and starts again at byte `pos`, which begins line
    /// `line` (1-based); positions before `pos` are then answered as `pos`. A parser
    /// that reads a piece of a large text far from its beginning (see
    /// `parser::parallel`) uses this instead of indexing everything before the piece.
    pub fn rebase(&mut self, pos: u32, line: u32) {
        let starts = self.starts.get_mut();
        starts.clear();
        starts.push(pos);
        self.scanned.set(pos as usize);
        self.last.set(0);
        self.base = line.saturating_sub(1);
    }
    /// The 1-based `(line, column)` of byte offset `pos`.
    pub fn line_col(&self, pos: u32) -> (u32, u32) {
        let scanned = self.scanned.get();
        if pos as usize >= scanned && scanned < self.src.len() {
            let end = (pos as usize)
                .saturating_add(LINE_INDEX_AHEAD)
                .min(self.src.len());
            let piece = &self.src.as_bytes()[scanned..end];
            self.starts
                .borrow_mut()
                .extend(memchr::memchr_iter(b'\n', piece).map(|i| (scanned + i) as u32 + 1));
            self.scanned.set(end);
        }
        let starts = self.starts.borrow();
        let pos = pos.max(starts[0]);
        // Every line start at or before `pos` is indexed now.
        let on = |l: usize| starts[l] <= pos && starts.get(l + 1).is_none_or(|&n| pos < n);
        let last = self.last.get();
        let line = if on(last) {
            last
        } else if last + 1 < starts.len() && on(last + 1) {
            last + 1
        } else {
            starts.partition_point(|&s| s <= pos) - 1
        };
        self.last.set(line);
        (self.base + line as u32 + 1, pos - starts[line] + 1)
    }
}
