//! The target PTOAS's parser reads types for. A `left` tile's base layout is the
//! target's, whatever the text says: `row_major` on A3, `col_major` on A5. As `ptoas`
//! does, the tools take the target from their `--pto-arch` flag, else from the text's
//! module attribute `pto.target_arch` (found before parsing, since the types inside
//! the module are read first), else A3; it is kept in the context
//! ([`set_parser_arch`]) where the `!pto.tile_buf` parser looks it up.

use pto_ir::Context;

/// The context setting that holds the parser's target.
const KEY: &str = "pto.parser-arch";

/// The targets whose parse rules differ.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ParserArch {
    /// A2/A3 (the default).
    A3,
    /// A5.
    A5,
}

impl ParserArch {
    /// `a5` (any case) is A5, `a3` A3; `None` for anything else.
    pub fn parse_flag(s: &str) -> Option<Self> {
        if s.eq_ignore_ascii_case("a5") {
            Some(Self::A5)
        } else if s.eq_ignore_ascii_case("a3") {
            Some(Self::A3)
        } else {
            None
        }
    }

    /// The value of `pto.target_arch` that names this target.
    pub fn name(self) -> &'static str {
        match self {
            Self::A3 => "a3",
            Self::A5 => "a5",
        }
    }

    /// ptoas's rule: `flag`, else the first `pto.target_arch` written in `text` (`a5`
    /// in any case is A5, any other value A3), else A3.
    pub fn for_text(flag: Option<Self>, text: &str) -> Self {
        flag.or_else(|| textual_target(text)).unwrap_or(Self::A3)
    }
}

/// The target named by the first `pto.target_arch = "..."` (quoted or bare key and value)
/// in `text`.
fn textual_target(text: &str) -> Option<ParserArch> {
    let key = "pto.target_arch";
    let at = memchr::memmem::find(text.as_bytes(), key.as_bytes())?;
    let rest = text[at + key.len()..].trim_start_matches('"').trim_start();
    let rest = rest.strip_prefix('=')?.trim_start();
    let value = match rest.strip_prefix('"') {
        Some(q) => &q[..q.find('"')?],
        None => {
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            &rest[..end]
        }
    };
    Some(if value.eq_ignore_ascii_case("a5") {
        ParserArch::A5
    } else {
        ParserArch::A3
    })
}

/// Makes the `pto` parser of `ctx` read types for `arch` (`None`: as written).
pub fn set_parser_arch(ctx: &mut Context, arch: Option<ParserArch>) {
    ctx.set_dialect_option(KEY, arch.map(|a| a.name().to_string()));
}

/// The target the `pto` parser of `ctx` reads types for, if one is set.
pub fn parser_arch(ctx: &Context) -> Option<ParserArch> {
    ctx.dialect_option(KEY).and_then(ParserArch::parse_flag)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_textual_target_is_found_in_both_spellings() {
        let t = |s: &str| ParserArch::for_text(None, s);
        assert_eq!(
            t("module attributes {pto.target_arch = \"A5\"} {}"),
            ParserArch::A5
        );
        assert_eq!(
            t("module attributes {\"pto.target_arch\" = \"a3\"} {}"),
            ParserArch::A3
        );
        assert_eq!(
            t("module attributes {pto.target_arch = a5} {}"),
            ParserArch::A5
        );
        assert_eq!(
            t("module attributes {pto.target_arch = \"a2a3\"} {}"),
            ParserArch::A3
        );
        assert_eq!(t("module {}"), ParserArch::A3);
        assert_eq!(
            ParserArch::for_text(Some(ParserArch::A3), "{pto.target_arch = \"a5\"}"),
            ParserArch::A3
        );
    }
}
