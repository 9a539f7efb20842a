//! The tokens of `.pto` workload text. As upstream's lexer: `//` comments, newlines
//! as tokens (the parser mostly skips them), numbers with signs and suffixes (`42u`);
//! beyond it: `/* */` comments (its printer writes `/*codegen_bindings*/`), the
//! printer's `// PTO Module:` header read as a header, and an unknown character is an
//! error rather than skipped.

use super::ast::{Err, Pos};

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Ident(String),
    Number(String),
    Str(String),
    Punct(char),
    Newline,
    Eof,
}

#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub tok: Tok,
    pub pos: Pos,
    /// Byte range in the source.
    pub start: usize,
    pub end: usize,
}

/// The printer's comment header: name, version, targets.
pub(crate) type Header = (String, String, Vec<String>);

pub(crate) fn lex(src: &str) -> Result<(Vec<Token>, Option<Header>), Err> {
    let mut out = Vec::new();
    let b = src.as_bytes();
    let (mut i, mut line, mut col) = (0usize, 1usize, 1usize);
    // The printer's comment header, read as a header.
    let mut header: (Option<String>, Option<String>, Option<Vec<String>>) = (None, None, None);
    let adv = |i: &mut usize, line: &mut usize, col: &mut usize, c: char| {
        *i += c.len_utf8();
        if c == '\n' {
            *line += 1;
            *col = 1;
        } else {
            *col += 1;
        }
    };
    while i < b.len() {
        let c = src[i..].chars().next().unwrap_or(' ');
        let pos = (line, col);
        let start = i;
        if c == ' ' || c == '\t' || c == '\r' {
            adv(&mut i, &mut line, &mut col, c);
            continue;
        }
        if c == '\n' {
            adv(&mut i, &mut line, &mut col, c);
            out.push(Token {
                tok: Tok::Newline,
                pos,
                start,
                end: i,
            });
            continue;
        }
        if src[i..].starts_with("//") {
            let end = src[i..].find('\n').map_or(src.len(), |e| i + e);
            let comment = src[i + 2..end].trim();
            for (key, slot) in [("PTO Module:", 0), ("Version:", 1), ("Target:", 2)] {
                if let Some(v) = comment.strip_prefix(key) {
                    let v = v.trim().to_string();
                    match slot {
                        0 => header.0 = Some(v),
                        1 => header.1 = Some(v),
                        _ => {
                            header.2 = Some(
                                v.split('|')
                                    .map(|t| t.trim().to_string())
                                    .filter(|t| !t.is_empty())
                                    .collect(),
                            )
                        }
                    }
                }
            }
            for ch in src[i..end].chars() {
                adv(&mut i, &mut line, &mut col, ch);
            }
            continue;
        }
        if src[i..].starts_with("/*") {
            let Some(e) = src[i + 2..].find("*/") else {
                return Err((pos, "unterminated '/*' comment".into()));
            };
            let end = i + 2 + e + 2;
            for ch in src[i..end].chars() {
                adv(&mut i, &mut line, &mut col, ch);
            }
            continue;
        }
        if c == '"' {
            adv(&mut i, &mut line, &mut col, c);
            let mut s = String::new();
            loop {
                let Some(ch) = src[i..].chars().next() else {
                    return Err((pos, "unterminated string".into()));
                };
                adv(&mut i, &mut line, &mut col, ch);
                match ch {
                    '"' => break,
                    '\\' => {
                        let Some(e) = src[i..].chars().next() else {
                            return Err((pos, "unterminated string".into()));
                        };
                        adv(&mut i, &mut line, &mut col, e);
                        s.push(match e {
                            'n' => '\n',
                            't' => '\t',
                            'r' => '\r',
                            other => other,
                        });
                    }
                    '\n' => return Err((pos, "a string ends at the end of its line".into())),
                    other => s.push(other),
                }
            }
            out.push(Token {
                tok: Tok::Str(s),
                pos,
                start,
                end: i,
            });
            continue;
        }
        if c.is_ascii_digit() || (c == '-' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            let mut s = String::new();
            s.push(c);
            adv(&mut i, &mut line, &mut col, c);
            while let Some(ch) = src[i..].chars().next() {
                if ch.is_ascii_alphanumeric() || ch == '.' {
                    s.push(ch);
                    adv(&mut i, &mut line, &mut col, ch);
                } else {
                    break;
                }
            }
            out.push(Token {
                tok: Tok::Number(s),
                pos,
                start,
                end: i,
            });
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' {
            let mut s = String::new();
            while let Some(ch) = src[i..].chars().next() {
                if ch.is_ascii_alphanumeric() || ch == '_' {
                    s.push(ch);
                    adv(&mut i, &mut line, &mut col, ch);
                } else {
                    break;
                }
            }
            out.push(Token {
                tok: Tok::Ident(s),
                pos,
                start,
                end: i,
            });
            continue;
        }
        if "@:,()[]{}=|%!;<>+-*/&^~.?".contains(c) {
            adv(&mut i, &mut line, &mut col, c);
            out.push(Token {
                tok: Tok::Punct(c),
                pos,
                start,
                end: i,
            });
            continue;
        }
        return Err((pos, format!("unexpected character '{c}'")));
    }
    out.push(Token {
        tok: Tok::Eof,
        pos: (line, col),
        start: src.len(),
        end: src.len(),
    });
    let header = header.0.map(|n| {
        (
            n,
            header.1.unwrap_or_default(),
            header.2.unwrap_or_default(),
        )
    });
    Ok((out, header))
}
