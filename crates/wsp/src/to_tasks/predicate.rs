//! The predicates of `cond` the CPU path evaluates: run-time sizes and integers under
//! comparisons (`== != < <= > >=`), `!`/`not`, `&&`/`and`, `||`/`or` and parentheses
//! (`n > 0`, `(b == 0) || !skip`); a size alone is true when it is not 0. Upstream's
//! printed slot expressions (`slot_u64(0) < 4`) name runtime slots, which the CPU path
//! does not have: an error.

/// A parsed predicate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pred {
    /// A run-time size (as a condition: not 0).
    Sym(String),
    /// An integer.
    Int(i64),
    /// `!p`
    Not(Box<Pred>),
    /// `a op b` with op one of `== != < <= > >=`.
    Cmp(&'static str, Box<Pred>, Box<Pred>),
    /// `a && b`
    And(Box<Pred>, Box<Pred>),
    /// `a || b`
    Or(Box<Pred>, Box<Pred>),
}

/// The deepest nesting of a predicate accepted.
const MAX_DEPTH: usize = 64;

fn tokens(s: &str) -> Result<Vec<String>, String> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as char;
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_alphanumeric() || c == '_' {
            let start = i;
            while i < b.len() && ((b[i] as char).is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(s[start..i].to_string());
        } else {
            let two = s.get(i..i + 2).unwrap_or("");
            if ["==", "!=", "<=", ">=", "&&", "||"].contains(&two) {
                out.push(two.to_string());
                i += 2;
            } else if "()<>!".contains(c) {
                out.push(c.to_string());
                i += 1;
            } else {
                return Err(format!(
                    "'{c}' has no meaning in a predicate the CPU path evaluates"
                ));
            }
        }
    }
    Ok(out)
}

struct P {
    toks: Vec<String>,
    at: usize,
    depth: usize,
}

impl P {
    fn peek(&self) -> Option<&str> {
        self.toks.get(self.at).map(String::as_str)
    }

    fn eat(&mut self, t: &str) -> bool {
        if self.peek() == Some(t) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn or(&mut self) -> Result<Pred, String> {
        let mut p = self.and()?;
        while self.eat("||") || self.eat("or") {
            p = Pred::Or(Box::new(p), Box::new(self.and()?));
        }
        Ok(p)
    }

    fn and(&mut self) -> Result<Pred, String> {
        let mut p = self.cmp()?;
        while self.eat("&&") || self.eat("and") {
            p = Pred::And(Box::new(p), Box::new(self.cmp()?));
        }
        Ok(p)
    }

    fn cmp(&mut self) -> Result<Pred, String> {
        let a = self.atom()?;
        for op in ["==", "!=", "<=", ">=", "<", ">"] {
            if self.eat(op) {
                return Ok(Pred::Cmp(op, Box::new(a), Box::new(self.atom()?)));
            }
        }
        Ok(a)
    }

    fn atom(&mut self) -> Result<Pred, String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err("the predicate nests too deeply".into());
        }
        let r = if self.eat("(") {
            let p = self.or()?;
            if !self.eat(")") {
                return Err("a '(' without its ')'".into());
            }
            p
        } else if self.eat("!") || self.eat("not") {
            Pred::Not(Box::new(self.atom()?))
        } else {
            match self.peek().map(str::to_string) {
                Some(t) if t == "true" => {
                    self.at += 1;
                    Pred::Int(1)
                }
                Some(t) if t == "false" => {
                    self.at += 1;
                    Pred::Int(0)
                }
                Some(t) if t.starts_with(|c: char| c.is_ascii_digit()) => {
                    self.at += 1;
                    Pred::Int(
                        t.parse()
                            .map_err(|_| format!("'{t}' is not a 64-bit integer"))?,
                    )
                }
                Some(t) if t.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') => {
                    self.at += 1;
                    if self.peek() == Some("(") {
                        return Err(format!(
                            "'{t}(...)' is a runtime call (upstream's slots), which the CPU path does not have"
                        ));
                    }
                    Pred::Sym(t)
                }
                Some(t) => return Err(format!("unexpected '{t}'")),
                None => return Err("the predicate ends early".into()),
            }
        };
        self.depth -= 1;
        Ok(r)
    }
}

/// Parses a `cond` predicate.
pub fn parse(text: &str) -> Result<Pred, String> {
    let mut p = P {
        toks: tokens(text)?,
        at: 0,
        depth: 0,
    };
    let r = p.or()?;
    match p.peek() {
        None => Ok(r),
        Some(t) => Err(format!("unexpected '{t}'")),
    }
}

impl Pred {
    /// The sizes it names, in order.
    pub fn symbols<'a>(&'a self, out: &mut Vec<&'a str>) {
        match self {
            Pred::Sym(s) => out.push(s),
            Pred::Int(_) => {}
            Pred::Not(a) => a.symbols(out),
            Pred::Cmp(_, a, b) | Pred::And(a, b) | Pred::Or(a, b) => {
                a.symbols(out);
                b.symbols(out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_comparisons_and_connectives() {
        let p = parse("(n > 0) && !skip || b == 2").unwrap();
        let mut syms = Vec::new();
        p.symbols(&mut syms);
        assert_eq!(syms, ["n", "skip", "b"]);
        assert!(matches!(p, Pred::Or(..)));
        assert_eq!(parse("flag").unwrap(), Pred::Sym("flag".into()));
        assert!(parse("slot_u64(0) < 4")
            .unwrap_err()
            .contains("runtime call"));
        assert!(parse("n +").is_err());
        assert!(parse("((n)").is_err());
        assert!(parse(&"(".repeat(100)).unwrap_err().contains("too deeply"));
    }
}
