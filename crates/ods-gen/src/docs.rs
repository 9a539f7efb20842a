//! Markdown reference of a dialect, from the ODS summaries and descriptions.

use std::fmt::Write as _;

use crate::model::{Arity, Dialect};
use crate::typedef::PKind;

/// Removes the common leading indentation of a `[{ ... }]` description block.
fn dedent(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let indent = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let body: Vec<&str> = lines
        .iter()
        .map(|l| {
            if l.len() >= indent {
                &l[indent..]
            } else {
                l.trim_start()
            }
        })
        .collect();
    body.join("\n").trim().to_string()
}

/// The dialect's reference page.
pub fn markdown(d: &Dialect) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# `{}` dialect\n", d.name);
    let _ = writeln!(
        out,
        "<!-- Generated from dialects/{0}/*.td by pto-ods-gen; do not edit. -->\n",
        d.name
    );
    if !d.summary.is_empty() {
        let _ = writeln!(out, "{}\n", d.summary);
    }
    if !d.description.is_empty() {
        let _ = writeln!(out, "{}\n", dedent(&d.description));
    }
    defs_section(&mut out, d, "Types", '!', &d.types);
    defs_section(&mut out, d, "Attributes", '#', &d.attrs);
    let _ = writeln!(out, "## Operations\n");
    for op in &d.ops {
        let _ = writeln!(out, "### `{}` ({})\n", op.name, op.struct_name);
        if !op.summary.is_empty() {
            let _ = writeln!(out, "_{}_\n", op.summary);
        }
        if let (Some(f), false) = (&op.format, op.custom_format) {
            let _ = writeln!(
                out,
                "Syntax: `` {} {} ``\n",
                op.name,
                f.split_whitespace().collect::<Vec<_>>().join(" ")
            );
        }
        if !op.description.is_empty() {
            let _ = writeln!(out, "{}\n", dedent(&op.description));
        }
        if !op.trait_names.is_empty() {
            let _ = writeln!(out, "Traits: {}\n", op.trait_names.join(", "));
        }
        if !op.attrs.is_empty() {
            let _ = writeln!(out, "| Attribute | Constraint |\n| --- | --- |");
            for a in &op.attrs {
                let _ = writeln!(
                    out,
                    "| `{}` | {}{} |",
                    a.name,
                    a.con.summary,
                    if a.optional { " (optional)" } else { "" }
                );
            }
            out.push('\n');
        }
        for (title, vals) in [("Operand", &op.operands), ("Result", &op.results)] {
            if vals.is_empty() {
                continue;
            }
            let _ = writeln!(out, "| {title} | Constraint |\n| --- | --- |");
            for v in vals.iter() {
                let suffix = match v.arity {
                    Arity::Single => "",
                    Arity::Optional => " (optional)",
                    Arity::Variadic => " (variadic)",
                };
                let _ = writeln!(out, "| `{}` | {}{suffix} |", v.name, v.con.summary);
            }
            out.push('\n');
        }
    }
    out
}

/// The reference of the dialect's types or attributes with parameters.
fn defs_section(
    out: &mut String,
    d: &Dialect,
    title: &str,
    sigil: char,
    defs: &[crate::typedef::TypeDefModel],
) {
    if !defs.is_empty() {
        let _ = writeln!(out, "## {title}\n");
        for t in defs {
            let _ = writeln!(
                out,
                "### `{sigil}{}.{}` ({})\n",
                d.name, t.mnemonic, t.class_name
            );
            if !t.summary.is_empty() {
                let _ = writeln!(out, "_{}_\n", t.summary);
            }
            if let (Some(f), false) = (&t.format, t.custom_format) {
                let _ = writeln!(
                    out,
                    "Syntax: `` {sigil}{}.{} {} ``\n",
                    d.name,
                    t.mnemonic,
                    f.split_whitespace().collect::<Vec<_>>().join(" ")
                );
            }
            if !t.description.is_empty() {
                let _ = writeln!(out, "{}\n", dedent(&t.description));
            }
            if !t.params.is_empty() {
                let _ = writeln!(out, "| Parameter | Kind |\n| --- | --- |");
                for p in &t.params {
                    let kind = match &p.kind {
                        PKind::Type => "type".to_string(),
                        PKind::TypeList => "type list".to_string(),
                        PKind::IntList => "integer list".to_string(),
                        PKind::Int(bits, signed) => {
                            format!("{}{bits}", if *signed { "i" } else { "u" })
                        }
                        PKind::Bool => "bool".to_string(),
                        PKind::Str => "string".to_string(),
                        PKind::Attr => "attribute".to_string(),
                        PKind::AttrOf { class, .. } => format!("attribute `{class}`"),
                        PKind::Enum(i) => format!("enum `{}`", d.enums[*i].name),
                    };
                    let _ = writeln!(
                        out,
                        "| `{}` | {kind}{} |",
                        p.name,
                        if p.optional { " (optional)" } else { "" }
                    );
                }
                out.push('\n');
            }
        }
    }
}
