//! The parser of Harp's printed IR: one statement per line, nesting by indentation
//! (a `reduce ...:` block), so a line splitter is all the grammar needs.

use crate::{AluKind, RandKind, ReduceKind};

/// A position: line and column, 1-based.
pub(super) type Pos = (u32, u32);

#[derive(Debug, Clone)]
pub(super) struct ViewText {
    pub(super) shape: Vec<i64>,
    pub(super) strides: Vec<i64>,
    pub(super) offset: i64,
    pub(super) valid: Vec<i64>,
}

#[derive(Debug, Clone)]
pub(super) enum Inst {
    Const {
        out: usize,
        text: String,
    },
    Alu {
        out: usize,
        kind: AluKind,
        ins: Vec<usize>,
        to: Option<String>,
    },
    Load {
        out: usize,
        buf: i64,
        view: ViewText,
    },
    Store {
        buf: i64,
        from: usize,
        view: ViewText,
    },
    Rand {
        out: usize,
        kind: RandKind,
        view: ViewText,
        seed: i64,
        ty: Option<String>,
    },
    Reduce {
        out: usize,
        kind: ReduceKind,
        extents: Vec<i64>,
        body: Vec<(Pos, Inst)>,
    },
    Yield {
        from: usize,
    },
}

pub(super) struct Kernel {
    pub(super) name: String,
    pub(super) pos: Pos,
    pub(super) insts: Vec<(Pos, Inst)>,
}

pub(super) struct Function {
    pub(super) name: String,
    pub(super) pos: Pos,
    pub(super) kernels: Vec<Kernel>,
}

pub(super) type Err = (Pos, String);

struct Line<'a> {
    no: u32,
    indent: usize,
    text: &'a str,
}

pub(super) fn parse(text: &str) -> Result<Vec<Function>, Err> {
    let lines: Vec<Line<'_>> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let indent = l.len() - l.trim_start().len();
            Line {
                no: i as u32 + 1,
                indent,
                text: l.trim_end(),
            }
        })
        .collect();
    let mut funcs: Vec<Function> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let l = &lines[i];
        let col = l.indent as u32 + 1;
        let t = l.text.trim_start();
        if let Some(name) = header(t, "function ") {
            funcs.push(Function {
                name: name.map_err(|m| ((l.no, col), m))?,
                pos: (l.no, col),
                kernels: Vec::new(),
            });
            i += 1;
        } else if let Some(name) = header(t, "kernel ") {
            let Some(f) = funcs.last_mut() else {
                return Err((
                    (l.no, col),
                    "a kernel outside a function (expected 'function NAME:' first)".into(),
                ));
            };
            let name = name.map_err(|m| ((l.no, col), m))?;
            let (insts, next) = block(&lines, i + 1, 1)?;
            f.kernels.push(Kernel {
                name,
                pos: (l.no, col),
                insts,
            });
            i = next;
        } else {
            return Err((
                (l.no, col),
                format!("expected 'function NAME:' or 'kernel NAME:', found '{t}'"),
            ));
        }
    }
    if funcs.is_empty() {
        return Err(((1, 1), "expected 'function NAME:'".into()));
    }
    Ok(funcs)
}

/// `function NAME:` / `kernel NAME:`: `Some(name)` if `t` starts with `kw`.
fn header(t: &str, kw: &str) -> Option<Result<String, String>> {
    let rest = t.strip_prefix(kw)?;
    Some(match rest.strip_suffix(':') {
        Some(n) if !n.is_empty() && n.chars().all(|c| c.is_alphanumeric() || c == '_') => {
            Ok(n.to_string())
        }
        _ => Err(format!(
            "expected '{}NAME:' with NAME made of letters, digits and '_'",
            kw
        )),
    })
}

/// The instructions from line `i` on that are indented more than the enclosing
/// header; a deeper indentation opens only after `reduce ...:`.
fn block(
    lines: &[Line<'_>],
    mut i: usize,
    _depth: usize,
) -> Result<(Vec<(Pos, Inst)>, usize), Err> {
    let mut out = Vec::new();
    let Some(first) = lines.get(i) else {
        return Ok((out, i));
    };
    let indent = first.indent;
    if indent == 0 {
        return Ok((out, i));
    }
    while i < lines.len() && lines[i].indent == indent {
        let l = &lines[i];
        let pos = (l.no, indent as u32 + 1);
        let (inst, opens) = inst(l.text.trim_start(), pos)?;
        i += 1;
        let inst = match inst {
            Inst::Reduce {
                out: o,
                kind,
                extents,
                ..
            } if opens => {
                if lines.get(i).is_none_or(|n| n.indent <= indent) {
                    return Err((
                        pos,
                        "a reduce needs an indented body ending in 'yield vN'".into(),
                    ));
                }
                let (body, next) = block(lines, i, 0)?;
                i = next;
                Inst::Reduce {
                    out: o,
                    kind,
                    extents,
                    body,
                }
            }
            other => other,
        };
        out.push((pos, inst));
    }
    if let Some(l) = lines.get(i) {
        if l.indent > indent {
            return Err(((l.no, l.indent as u32 + 1), "unexpected indentation".into()));
        }
    }
    Ok((out, i))
}

fn reg_at(s: &str, pos: Pos) -> Result<usize, Err> {
    s.trim()
        .strip_prefix('v')
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| {
            (
                pos,
                format!("expected a register 'vN', found '{}'", s.trim()),
            )
        })
}

/// One instruction; `true` if it opens a block (`reduce ...:`).
fn inst(t: &str, pos: Pos) -> Result<(Inst, bool), Err> {
    let col = |off: usize| (pos.0, pos.1 + off as u32);
    if let Some(rest) = t.strip_prefix("store ") {
        let (buf, view, after) = access(rest, col(6))?;
        let from = after.trim().strip_prefix('=').ok_or_else(|| {
            (
                col(t.len() - after.len()),
                "expected '= vN' after the store's view".to_string(),
            )
        })?;
        return Ok((
            Inst::Store {
                buf,
                from: reg_at(from, col(t.len() - from.len()))?,
                view,
            },
            false,
        ));
    }
    if let Some(rest) = t.strip_prefix("yield ") {
        return Ok((
            Inst::Yield {
                from: reg_at(rest, col(6))?,
            },
            false,
        ));
    }
    let Some((lhs, rhs)) = t.split_once(" = ") else {
        return Err((
            pos,
            format!("expected 'vN = ...', 'store ...' or 'yield vN', found '{t}'"),
        ));
    };
    let out = reg_at(lhs, pos)?;
    let rcol = col(lhs.len() + 3);
    let (word, args) = rhs.split_once(' ').unwrap_or((rhs, ""));
    let acol = (rcol.0, rcol.1 + word.len() as u32 + 1);
    match word {
        "const" => {
            if args.trim().is_empty() {
                return Err((rcol, "expected a value after 'const'".into()));
            }
            Ok((
                Inst::Const {
                    out,
                    text: args.trim().to_string(),
                },
                false,
            ))
        }
        "load" => {
            let (buf, view, after) = access(args, acol)?;
            if !after.trim().is_empty() {
                return Err((
                    acol,
                    format!("unexpected '{}' after the load's view", after.trim()),
                ));
            }
            Ok((Inst::Load { out, buf, view }, false))
        }
        "Uniform" | "Normal" => {
            let kind = if word == "Uniform" {
                RandKind::Uniform
            } else {
                RandKind::Normal
            };
            let inner = args
                .trim()
                .strip_prefix('[')
                .and_then(|r| r.split_once(']'))
                .ok_or_else(|| (acol, "expected '[shape=..., map=...]'".to_string()))?;
            let view = view(inner.0, acol)?;
            let mut seed = 0;
            let mut ty = None;
            let mut words = inner.1.split_whitespace();
            while let Some(w) = words.next() {
                let v = words
                    .next()
                    .ok_or_else(|| (acol, format!("expected a value after '{w}'")))?;
                match w {
                    "seed" => {
                        seed = v
                            .parse()
                            .map_err(|_| (acol, format!("expected an integer seed, found '{v}'")))?
                    }
                    "as" => ty = Some(v.to_string()),
                    _ => return Err((acol, format!("unexpected '{w}' after the view"))),
                }
            }
            Ok((
                Inst::Rand {
                    out,
                    kind,
                    view,
                    seed,
                    ty,
                },
                false,
            ))
        }
        "reduce" => {
            let a = args.trim();
            let a = a.strip_suffix(':').ok_or_else(|| {
                (
                    acol,
                    "expected ':' ending 'reduce KIND [EXTENTS]:'".to_string(),
                )
            })?;
            let (k, ext) = a.split_once(' ').unwrap_or((a, ""));
            let kind = match k {
                "Sum" => ReduceKind::Sum,
                "Max" => ReduceKind::Max,
                _ => return Err((acol, format!("unknown reduction '{k}' (Sum or Max)"))),
            };
            let extents = int_list(ext.trim(), acol)?;
            Ok((
                Inst::Reduce {
                    out,
                    kind,
                    extents,
                    body: Vec::new(),
                },
                true,
            ))
        }
        _ => {
            let Some(kind) = AluKind::from_keyword(word) else {
                return Err((rcol, format!("unknown instruction '{word}'")));
            };
            let (regs, to) = match args.split_once(" as ") {
                Some((r, t)) => (r, Some(t.trim().to_string())),
                None => (args, None),
            };
            let ins = regs
                .split(',')
                .map(|r| reg_at(r, acol))
                .collect::<Result<Vec<_>, _>>()?;
            if ins.len() != crate::alu_arity(kind) {
                return Err((
                    rcol,
                    format!(
                        "{word} takes {} operands, got {}",
                        crate::alu_arity(kind),
                        ins.len()
                    ),
                ));
            }
            if (kind == AluKind::Cast) != to.is_some() {
                return Err((rcol, "'as TYPE' goes with Cast, and Cast needs it".into()));
            }
            Ok((Inst::Alu { out, kind, ins, to }, false))
        }
    }
}

/// `bufN[VIEW]REST`.
fn access(s: &str, pos: Pos) -> Result<(i64, ViewText, &str), Err> {
    let s = s.trim_start();
    let rest = s
        .strip_prefix("buf")
        .ok_or_else(|| (pos, format!("expected 'bufN[...]', found '{s}'")))?;
    let (n, rest) = rest
        .split_once('[')
        .ok_or_else(|| (pos, "expected '[' after the buffer".to_string()))?;
    let buf: i64 = n
        .parse()
        .map_err(|_| (pos, format!("expected a buffer number, found '{n}'")))?;
    let (inner, after) = rest
        .rsplit_once(']')
        .ok_or_else(|| (pos, "expected ']' closing the view".to_string()))?;
    Ok((buf, view(inner, pos)?, after))
}

fn int_list(s: &str, pos: Pos) -> Result<Vec<i64>, Err> {
    let inner = s
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .ok_or_else(|| (pos, format!("expected '[...]', found '{s}'")))?;
    if inner.trim().is_empty() {
        return Ok(Vec::new());
    }
    inner
        .split(',')
        .map(|x| {
            x.trim()
                .parse()
                .map_err(|_| (pos, format!("expected an integer, found '{}'", x.trim())))
        })
        .collect()
}

/// `shape=[2, 3], map=(idx * 3) + idx[ + 4][, valid=[0:2, 1:3]]`.
fn view(s: &str, pos: Pos) -> Result<ViewText, Err> {
    let s = s.trim();
    let rest = s
        .strip_prefix("shape=")
        .ok_or_else(|| (pos, "expected 'shape=[...]'".to_string()))?;
    let close = rest
        .find(']')
        .ok_or_else(|| (pos, "expected ']' closing the shape".to_string()))?;
    let shape = int_list(&rest[..=close], pos)?;
    let rest = rest[close + 1..]
        .trim_start()
        .strip_prefix(',')
        .map(str::trim_start)
        .and_then(|r| r.strip_prefix("map="))
        .ok_or_else(|| (pos, "expected ', map=...' after the shape".to_string()))?;
    let (map, valid_text) = match rest.split_once(", valid=") {
        Some((m, v)) => (m, Some(v)),
        None => (rest, None),
    };
    let terms: Vec<&str> = split_terms(map);
    let mut strides = Vec::new();
    let mut offset = 0;
    for (i, t) in terms.iter().enumerate() {
        let t = t.trim();
        let stride = if t == "idx" {
            Some(1)
        } else if let Some(inner) = t.strip_prefix("(idx * ").and_then(|r| r.strip_suffix(')')) {
            inner.trim().parse().ok()
        } else {
            None
        };
        match (stride, t.parse::<i64>()) {
            (Some(s), _) => strides.push(s),
            (None, Ok(v)) if strides.len() < shape.len() => strides.push(if v == 0 {
                0
            } else {
                return Err((
                    pos,
                    format!(
                        "map term '{t}' of dimension {i} is a constant; only 0 is (a broadcast)"
                    ),
                ));
            }),
            (None, Ok(v)) if i + 1 == terms.len() => offset = v,
            _ => {
                return Err((
                    pos,
                    format!(
                    "unsupported map term '{t}' (expected 'idx', '(idx * N)' or 0 per dimension)"
                ),
                ))
            }
        }
    }
    if strides.len() != shape.len() {
        return Err((
            pos,
            format!(
                "the map has {} terms for {} dimensions",
                strides.len(),
                shape.len()
            ),
        ));
    }
    let mut valid = Vec::new();
    if let Some(v) = valid_text {
        let inner = v
            .trim()
            .strip_prefix('[')
            .and_then(|r| r.strip_suffix(']'))
            .ok_or_else(|| (pos, "expected 'valid=[lo:hi, ...]'".to_string()))?;
        for r in inner.split(',') {
            let (a, b) = r
                .split_once(':')
                .ok_or_else(|| (pos, format!("expected 'lo:hi', found '{}'", r.trim())))?;
            for x in [a, b] {
                valid.push(
                    x.trim()
                        .parse()
                        .map_err(|_| (pos, format!("expected an integer, found '{}'", x.trim())))?,
                );
            }
        }
    }
    Ok(ViewText {
        shape,
        strides,
        offset,
        valid,
    })
}

/// Splits `a + (b + c) + d` at its top-level `+`.
fn split_terms(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    let bytes = s.as_bytes();
    for (i, &c) in bytes.iter().enumerate() {
        match c {
            b'(' => depth += 1,
            b')' => depth -= 1,
            b'+' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out.into_iter().filter(|t| !t.trim().is_empty()).collect()
}
