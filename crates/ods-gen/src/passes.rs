//! Declarative passes: MLIR's `Passes.td` (`Pass<"arg", "anchor">` records with
//! `Option`, `ListOption` and `Statistic` lists, from `mlir/Pass/PassBase.td`) become, per
//! pass, a struct holding its typed options, the options struct, the `PassInfo`
//! registration and statistic handles. The pass's author writes `impl Pass` for the
//! struct and nothing else; a misspelled option or counter does not compile.

use std::fmt::Write;

use tblgen::{Record, RecordKeeper};

/// The Rust form of an option's type.
#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Bool,
    Int,
    Str,
    /// A word among these (`::llvm::cl::values(clEnumValN(..., "word", ...), ...)`);
    /// an integer when the option's type is one.
    Enum(Vec<String>, bool),
    List,
}

struct PassOption {
    rust: String,
    argument: String,
    kind: Kind,
    default: String,
    help: String,
}

struct Statistic {
    rust: String,
    name: String,
    description: String,
}

struct PassDef {
    name: String,
    argument: String,
    anchor: String,
    summary: String,
    description: String,
    options: Vec<PassOption>,
    statistics: Vec<Statistic>,
}

fn s(r: Record<'_>, field: &str) -> String {
    r.str_value(field).unwrap_or("").to_string()
}

/// `maxIterations` -> `max_iterations`.
fn snake(s: &str) -> String {
    let mut out = String::new();
    let mut prev_lower = false;
    for c in s.chars() {
        if c.is_uppercase() {
            if prev_lower {
                out.push('_');
            }
            out.extend(c.to_lowercase());
            prev_lower = false;
        } else {
            out.push(c);
            prev_lower = c.is_lowercase() || c.is_ascii_digit();
        }
    }
    out
}

/// The words of `clEnumValN(value, "word", "description")` entries.
fn enum_words(flags: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = flags;
    while let Some(i) = rest.find("clEnumValN(") {
        rest = &rest[i + "clEnumValN(".len()..];
        let Some(q) = rest.find('"') else { break };
        let after = &rest[q + 1..];
        let Some(e) = after.find('"') else { break };
        out.push(after[..e].to_string());
        rest = &after[e + 1..];
    }
    out
}

fn read_option(r: Record<'_>, pass: &str, list: bool) -> Result<PassOption, String> {
    let ty = s(r, "type");
    let argument = s(r, "argument");
    let words = enum_words(&s(r, "additionalOptFlags"));
    let int = matches!(
        ty.as_str(),
        "int" | "int64_t" | "int32_t" | "unsigned" | "uint64_t" | "uint32_t" | "size_t"
    );
    let kind = if list {
        if ty != "std::string" {
            return Err(format!(
                "{pass}: list option `{argument}` of `{ty}`: only lists of std::string are supported"
            ));
        }
        Kind::List
    } else if !words.is_empty() {
        if int && words.iter().any(|w| w.parse::<i64>().is_err()) {
            return Err(format!(
                "{pass}: option `{argument}` is an integer whose values are not all integers"
            ));
        }
        Kind::Enum(words, int)
    } else {
        match ty.as_str() {
            "bool" => Kind::Bool,
            "int" | "int64_t" | "int32_t" | "unsigned" | "uint64_t" | "uint32_t" | "size_t" => {
                Kind::Int
            }
            "std::string" => Kind::Str,
            _ => {
                return Err(format!(
                    "{pass}: option `{argument}` of type `{ty}` is not supported (bool, integers, std::string, or an enum with ::llvm::cl::values)"
                ))
            }
        }
    };
    let default = s(r, "defaultValue");
    let default = default
        .strip_prefix('"')
        .and_then(|d| d.strip_suffix('"'))
        .unwrap_or(&default)
        .to_string();
    Ok(PassOption {
        rust: snake(&s(r, "cppName")),
        argument,
        kind,
        default,
        help: s(r, "description"),
    })
}

fn read_passes(keeper: &RecordKeeper<'_>) -> Result<Vec<PassDef>, String> {
    let mut out = Vec::new();
    for r in keeper.all_derived_definitions_if_defined("PassBase") {
        let name = r.name().unwrap_or("?").to_string();
        let base = s(r, "baseClass");
        let anchor = base
            .strip_prefix("::mlir::OperationPass<")
            .and_then(|b| b.strip_suffix('>'))
            .ok_or_else(|| format!("{name}: only Pass<\"arg\", \"anchor\"> records are supported"))?
            .to_string();
        let mut options = Vec::new();
        for o in r.list_of_defs_value("options").unwrap_or_default() {
            options.push(read_option(o, &name, o.subclass_of("ListOption"))?);
        }
        let mut statistics = Vec::new();
        for st in r.list_of_defs_value("statistics").unwrap_or_default() {
            statistics.push(Statistic {
                rust: snake(&s(st, "cppName")).to_uppercase(),
                name: s(st, "name"),
                description: s(st, "description"),
            });
        }
        out.push(PassDef {
            argument: s(r, "argument"),
            anchor,
            summary: s(r, "summary"),
            description: s(r, "description"),
            options,
            statistics,
            name,
        });
    }
    Ok(out)
}

fn doc(out: &mut String, indent: &str, text: &str) {
    for line in text.trim().lines() {
        let line = line.trim();
        if line.is_empty() {
            let _ = writeln!(out, "{indent}///");
        } else {
            let _ = writeln!(out, "{indent}/// {line}");
        }
    }
}

fn emit_pass(out: &mut String, p: &PassDef) {
    let n = &p.name;
    let info = format!("__{}_INFO", n.to_uppercase());
    // The pass.
    let _ = writeln!(out, "/// `{}`: {}", p.argument, p.summary);
    if !p.description.trim().is_empty() {
        let _ = writeln!(out, "///");
        doc(out, "", &p.description);
    }
    let _ = writeln!(
        out,
        "#[allow(clippy::upper_case_acronyms)]\n#[derive(Clone, Debug)]\npub struct {n} {{\n    /// The options it was created with.\n    pub options: {n}Options,\n}}\n"
    );
    // Options.
    let _ = writeln!(out, "/// The options of `{}`.", p.argument);
    let _ = writeln!(
        out,
        "#[derive(Clone, Debug, PartialEq)]\npub struct {n}Options {{"
    );
    for o in &p.options {
        let _ = writeln!(out, "    /// `{}`: {}", o.argument, o.help);
        let ty = match o.kind {
            Kind::Bool => "bool",
            Kind::Int => "i64",
            Kind::Str | Kind::Enum(_, false) => "String",
            Kind::Enum(_, true) => "i64",
            Kind::List => "Vec<String>",
        };
        let _ = writeln!(out, "    pub {}: {ty},", o.rust);
    }
    let _ = writeln!(out, "}}\n");
    let _ = writeln!(out, "impl {n}Options {{");
    let _ = writeln!(
        out,
        "    /// The options checked against the pass's declarations (defaults filled in).\n    #[allow(unused_variables)]\n    pub fn from_pass_options(o: &PP::PassOptions) -> Self {{\n        Self {{"
    );
    for o in &p.options {
        let get = match o.kind {
            Kind::Bool => "bool",
            Kind::Int => "int",
            Kind::Str | Kind::Enum(_, false) => "string",
            Kind::Enum(_, true) => "int",
            Kind::List => "list",
        };
        let _ = writeln!(out, "            {}: o.{get}({:?}),", o.rust, o.argument);
    }
    let _ = writeln!(out, "        }}\n    }}");
    // Pipeline text, in declaration order (`--dump-pass-pipeline`).
    let items: Vec<String> = p
        .options
        .iter()
        .map(|o| match o.kind {
            Kind::List => format!(
                "format!(\"{}={{}}\", self.{}.join(\",\"))",
                o.argument, o.rust
            ),
            _ => format!("format!(\"{}={{}}\", self.{})", o.argument, o.rust),
        })
        .collect();
    let _ = writeln!(
        out,
        "    /// The options as pipeline text (`name=value ...`, in declaration order).\n    pub fn to_text(&self) -> String {{\n        let items: [String; {}] = [{}];\n        items.join(\" \")\n    }}\n}}\n",
        items.len(),
        items.join(", ")
    );
    let _ = writeln!(
        out,
        "impl Default for {n}Options {{\n    fn default() -> Self {{\n        Self::from_pass_options(&PP::PassOptions::defaults(&{info}))\n    }}\n}}\n"
    );
    // Registration and counters.
    let _ = writeln!(out, "#[allow(dead_code)]\nimpl {n} {{");
    let _ = writeln!(
        out,
        "    /// The registration of `{}`.\n    pub const INFO: &'static PP::PassInfo = &{info};",
        p.argument
    );
    let _ = writeln!(
        out,
        "    /// The pass with these options.\n    pub fn new(options: {n}Options) -> Self {{\n        Self {{ options }}\n    }}"
    );
    for (i, st) in p.statistics.iter().enumerate() {
        let _ = writeln!(
            out,
            "    /// Counter `{}`: {}.\n    pub const {}: &'static PP::StatisticSpec = &{info}.statistics[{i}];",
            st.name, st.description, st.rust
        );
    }
    let _ = writeln!(out, "}}\n");
    let options: Vec<String> = p
        .options
        .iter()
        .map(|o| {
            let kind = match &o.kind {
                Kind::Bool => "PP::OptionKind::Bool".to_string(),
                Kind::Int => "PP::OptionKind::Int".to_string(),
                Kind::Str => "PP::OptionKind::String".to_string(),
                Kind::List => "PP::OptionKind::List".to_string(),
                Kind::Enum(w, _) => format!("PP::OptionKind::Enum(&{w:?})"),
            };
            format!(
                "PP::OptionSpec {{ name: {:?}, kind: {kind}, default: {:?}, help: {:?} }}",
                o.argument, o.default, o.help
            )
        })
        .collect();
    let stats: Vec<String> = p
        .statistics
        .iter()
        .map(|st| {
            format!(
                "PP::StatisticSpec {{ name: {:?}, description: {:?} }}",
                st.name, st.description
            )
        })
        .collect();
    let anchor = if p.anchor.is_empty() {
        "None".to_string()
    } else {
        format!("Some({:?})", p.anchor)
    };
    let _ = writeln!(
        out,
        "static {info}: PP::PassInfo = PP::PassInfo {{\n    argument: {:?},\n    name: {:?},\n    summary: {:?},\n    anchor: {anchor},\n    options: &[{}],\n    statistics: &[{}],\n    create: |o: &PP::PassOptions| ::std::boxed::Box::new({n} {{ options: {n}Options::from_pass_options(o) }}),\n}};\n",
        p.argument,
        n,
        p.summary,
        options.join(", "),
        stats.join(", ")
    );
}

/// The Rust of the passes in the records: a struct, options and registration each, and
/// `register_passes` for them all. `runtime` is the path of the `pto-pass` crate.
pub fn emit_passes(
    keeper: &RecordKeeper<'_>,
    runtime: &str,
    source: &str,
) -> Result<String, String> {
    let passes = read_passes(keeper)?;
    let mut out = format!(
        "// Generated by pto-ods-gen from the passes of `{source}`. Do not edit.\n#[allow(unused_imports)]\nuse {runtime} as PP;\n\n"
    );
    for p in &passes {
        emit_pass(&mut out, p);
    }
    let _ = writeln!(
        out,
        "/// Registers every pass of `{source}`.\npub fn register_passes(registry: &mut PP::PassRegistry) {{"
    );
    for p in &passes {
        let _ = writeln!(out, "    registry.register({}::INFO);", p.name);
    }
    let _ = writeln!(out, "}}");
    Ok(out)
}
