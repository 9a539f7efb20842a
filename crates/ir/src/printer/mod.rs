//! The printer: generic and custom op forms, MLIR's value numbering and aliases.
//!
//! `names` ports MLIR's `SSANameState`; `attrs` prints types, attributes and locations,
//! `dialect_types` dialect types and attributes with parameters. This file prints ops and
//! computes aliases by a dry run of the printer, in MLIR's order (depth, types before
//! attributes, name, first visit). A block of many ops (a module's functions;
//! `PrintOptions::threads`, pto-opt's threading) is printed on several threads
//! (`parallel`), byte-identical to one thread's output. The text streams to the output
//! in pieces of 64 KiB ([`print_module_to`]).

mod attrs;
mod dialect_types;
mod names;
mod parallel;

use std::fmt::Write as _;

use rustc_hash::FxHashMap;

pub use attrs::{
    is_bare_identifier, write_affine_expr, write_attr, write_escaped, write_keyword_or_string,
    write_symbol, write_type, Aliases, Elide,
};
pub use dialect_types::TypePrinter;
pub use names::Names;

use crate::asm::OpAsmPrinter;
use crate::module::Module;
use crate::{
    AttrKind, Attribute, BlockId, Body, NamedAttribute, OpId, RegionId, Type, TypeKind, ValueId,
};

/// Printing options, as mlir-opt's flags.
#[derive(Clone, Debug, Default)]
pub struct PrintOptions {
    /// `--mlir-print-op-generic`
    pub generic: bool,
    /// `--mlir-print-debuginfo`
    pub debuginfo: bool,
    /// `--mlir-print-local-scope`: no aliases.
    pub local_scope: bool,
    /// Threads to print a module's functions on (0 or 1: the calling thread only). The
    /// text does not depend on it.
    pub threads: usize,
}

/// A type as text (no aliases).
pub fn type_to_string(t: Type<'_>) -> String {
    let mut s = String::new();
    write_type(&mut s, t, &Aliases::default());
    s
}

/// A type in single quotes, as diagnostics show it.
pub fn quoted_type(t: Type<'_>) -> String {
    format!("'{}'", type_to_string(t))
}

/// An attribute as text (no aliases).
pub fn attr_to_string(a: Attribute<'_>) -> String {
    let mut s = String::new();
    write_attr(&mut s, a, Elide::Never, &Aliases::default());
    s
}

/// Prints a whole parsed file as mlir-opt does (aliases, op, deferred aliases, resources).
pub fn print_module(m: &Module<'_>, opts: &PrintOptions) -> String {
    let mut buf: Vec<u8> = Vec::new();
    print_module_to(m, opts, &mut buf).expect("writing to memory cannot fail");
    String::from_utf8(buf).expect("the printer writes UTF-8")
}

/// Like [`print_module`], streaming the text to `w` as it is produced.
pub fn print_module_to(
    m: &Module<'_>,
    opts: &PrintOptions,
    w: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let tops: Vec<OpId> = m.body.block_ops(m.block).collect();
    let mut names = Names::new(opts.generic);
    for &op in &tops {
        names.number_top(&m.body, op);
    }
    let mut p = Printer::new(opts, &names);
    let (early, deferred) = if opts.local_scope {
        (Vec::new(), Vec::new())
    } else {
        p.build_aliases(&m.body, &tops)
    };
    let referenced_resources = std::mem::take(&mut p.resources_seen);
    p.sink = Some(w);
    p.out.clear();
    for (name, text) in &early {
        let _ = writeln!(p.out, "{name} = {text}");
    }
    for &op in &tops {
        p.print_op(&m.body, op);
        // With --mlir-print-local-scope the op is printed alone, without its newline.
        if !opts.local_scope {
            p.out.push('\n');
        }
    }
    for (name, text) in &deferred {
        let _ = writeln!(p.out, "{name} = {text}");
    }
    write_resources(&mut p.out, m, &referenced_resources);
    p.flush();
    match p.io_error.take() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The `{-# ... #-}` section: dialect resource blobs that the printed IR references (in
/// order of first reference), then external resources as they were read.
fn write_resources(out: &mut String, m: &Module<'_>, referenced: &[String]) {
    use crate::module::ResourceValue;
    let mut blobs: Vec<(&str, Vec<(&str, &str)>)> = Vec::new();
    for (group, entries) in &m.resources {
        let used: Vec<(&str, &str)> = referenced
            .iter()
            .filter_map(|h| {
                entries
                    .iter()
                    .find(|(k, _)| k == h)
                    .map(|(k, v)| (k.as_str(), v.as_str()))
            })
            .collect();
        if !used.is_empty() {
            blobs.push((group.as_str(), used));
        }
    }
    let mut sections: Vec<String> = Vec::new();
    if !blobs.is_empty() {
        let groups = blobs
            .iter()
            .map(|(g, e)| (*g, e.iter().map(|(k, v)| (*k, v.to_string())).collect()));
        sections.push(resource_section("dialect_resources", groups));
    }
    if !m.external_resources.is_empty() {
        let groups = m.external_resources.iter().map(|(g, entries)| {
            let values = entries
                .iter()
                .map(|(k, v)| {
                    let mut text = String::new();
                    match v {
                        ResourceValue::String(b) => write_escaped(&mut text, b),
                        ResourceValue::Raw(t) => text.push_str(t),
                    }
                    (k.as_str(), text)
                })
                .collect();
            (g.as_str(), values)
        });
        sections.push(resource_section("external_resources", groups));
    }
    if sections.is_empty() {
        return;
    }
    out.push_str("\n{-#\n");
    out.push_str(&sections.join(",\n"));
    out.push_str("\n#-}\n");
}

/// `  name: {\n    group: {\n      key: value,\n ... }\n  }` (no trailing newline).
fn resource_section<'a>(
    name: &str,
    groups: impl Iterator<Item = (&'a str, Vec<(&'a str, String)>)>,
) -> String {
    let mut out = format!("  {name}: {{\n");
    let groups: Vec<_> = groups.collect();
    for (gi, (group, entries)) in groups.iter().enumerate() {
        out.push_str("    ");
        write_keyword_or_string(&mut out, group);
        out.push_str(": {\n");
        for (i, (k, v)) in entries.iter().enumerate() {
            out.push_str("      ");
            write_keyword_or_string(&mut out, k);
            out.push_str(": ");
            out.push_str(v);
            out.push_str(if i + 1 < entries.len() { ",\n" } else { "\n" });
        }
        out.push_str(if gi + 1 < groups.len() {
            "    },\n"
        } else {
            "    }\n"
        });
    }
    out.push_str("  }");
    out
}

/// Prints one op (and its regions) on its own, without aliases: for diagnostics notes.
pub fn print_op_generic(body: &Body<'_>, op: OpId) -> String {
    let mut names = Names::new(true);
    names.number_top(body, op);
    print_generic_with(body, op, &names, false)
}

/// Prints one op nested somewhere in a file on its own, as MLIR prints a non-top-level op
/// (the IR dumps of `--mlir-print-ir-*`): values and blocks are numbered from the op, no
/// alias definitions are printed (attributes and types appear inline), locations follow
/// `opts.debuginfo`, and there is no trailing newline. Values used by the op but defined
/// outside it print as `<<UNKNOWN SSA VALUE>>`, as in MLIR.
pub fn print_op_alone(body: &Body<'_>, op: OpId, opts: &PrintOptions) -> String {
    let mut names = Names::new(opts.generic);
    names.number_top(body, op);
    let opts = PrintOptions {
        local_scope: true,
        ..opts.clone()
    };
    let mut p = Printer::new(&opts, &names);
    p.print_op(body, op);
    p.out
}

fn print_generic_with(body: &Body<'_>, op: OpId, names: &Names, debuginfo: bool) -> String {
    let opts = PrintOptions {
        generic: true,
        debuginfo,
        local_scope: true,
        threads: 1,
    };
    let mut p = Printer::new(&opts, names);
    p.print_op(body, op);
    p.out
}

/// An aliasable object: (is attribute, identity, base name, depth, deferred).
type AliasCandidate = (bool, *const (), String, u32, bool);
/// Alias definitions to print: (`#name`, text).
type AliasDefs = Vec<(String, String)>;

/// Prints `op` in generic form with values numbered as in its enclosing isolated body
/// (the "see current operation" note of verifier errors).
/// With `debuginfo`, locations are printed inline as well.
pub fn print_op_in_context(body: &Body<'_>, op: OpId, debuginfo: bool) -> String {
    let mut names = Names::new(true);
    names.number_regions(body, &body.root_regions());
    print_generic_with(body, op, &names, debuginfo)
}

/// Prints `op` in its custom form (without its regions' contents or a trailing
/// newline) with values named as in its enclosing isolated body, as MLIR prints an op
/// with an `AsmState` of the function around it (runtime verification messages).
pub fn print_op_custom_in_context(body: &Body<'_>, op: OpId) -> String {
    let mut names = Names::new(false);
    names.number_regions(body, &body.root_regions());
    let opts = PrintOptions {
        local_scope: true,
        ..PrintOptions::default()
    };
    let mut p = Printer::new(&opts, &names);
    p.print_op(body, op);
    p.out
}

/// Alias candidates gathered by a dry run of the printer.
#[derive(Default)]
struct Collector {
    order: Vec<AliasCandidate>,
    seen: FxHashMap<*const (), usize>,
}

struct Printer<'a> {
    out: String,
    opts: &'a PrintOptions,
    names: &'a Names,
    aliases: std::borrow::Cow<'a, Aliases>,
    indent: usize,
    default_dialect: Vec<&'static str>,
    /// During the alias dry run: what was visited.
    collect: Option<Collector>,
    /// Where finished text goes (None: keep everything in `out`).
    sink: Option<&'a mut dyn std::io::Write>,
    /// The first write error, reported when printing ends.
    io_error: Option<std::io::Error>,
    /// `dense_resource` handles met during the alias dry run, in order of first use.
    resources_seen: Vec<String>,
    /// Threads for the ops of a large block (see `parallel`); 1 in worker printers.
    threads: usize,
}

// SAFETY: the candidates' pointers identify uniqued attributes and types owned by the
// context, which outlives the printer; they are only read.
unsafe impl Send for Collector {}

impl<'a> Printer<'a> {
    fn new(opts: &'a PrintOptions, names: &'a Names) -> Self {
        Printer {
            out: String::new(),
            opts,
            names,
            aliases: std::borrow::Cow::Owned(Aliases::default()),
            indent: 0,
            default_dialect: vec!["builtin"],
            collect: None,
            sink: None,
            io_error: None,
            resources_seen: Vec::new(),
            threads: opts.threads.max(1),
        }
    }

    fn build_aliases(&mut self, body: &Body<'_>, tops: &[OpId]) -> (AliasDefs, AliasDefs) {
        self.collect = Some(Collector {
            order: Vec::new(),
            seen: FxHashMap::default(),
        });
        for &op in tops {
            self.print_op(body, op);
        }
        let c = self.collect.take().expect("collector");
        self.out.clear();
        let mut items: Vec<(usize, &AliasCandidate)> = c.order.iter().enumerate().collect();
        items.sort_by(|a, b| {
            let ka = (a.1 .3, a.1 .0, &a.1 .2, a.0);
            let kb = (b.1 .3, b.1 .0, &b.1 .2, b.0);
            ka.cmp(&kb)
        });
        let mut counters: FxHashMap<&str, u32> = FxHashMap::default();
        let mut assigned: Vec<(usize, String)> = Vec::new();
        for (i, it) in &items {
            let n = counters.entry(it.2.as_str()).or_insert(0);
            let name = if *n == 0 {
                it.2.clone()
            } else {
                format!("{}{}", it.2, n)
            };
            *n += 1;
            assigned.push((*i, name));
        }
        for (i, name) in &assigned {
            let it = &c.order[*i];
            if it.0 {
                self.aliases.to_mut().attrs.insert(it.1, name.clone());
            } else {
                self.aliases.to_mut().types.insert(it.1, name.clone());
            }
        }
        // Definitions print the aliased object's own form (children may use aliases).
        let mut early = Vec::new();
        let mut deferred = Vec::new();
        for (i, name) in assigned {
            let it = &c.order[i];
            let mut text = String::new();
            if it.0 {
                // SAFETY: the pointer was taken from a live uniqued attribute of this module.
                let a = unsafe { Attribute::from_ptr(it.1) };
                self.aliases.to_mut().attrs.remove(&it.1);
                write_attr(&mut text, a, Elide::Never, &self.aliases);
                self.aliases.to_mut().attrs.insert(it.1, name.clone());
                if it.4 {
                    deferred.push((format!("#{name}"), text));
                } else {
                    early.push((format!("#{name}"), text));
                }
            } else {
                // SAFETY: as above, for types.
                let t = unsafe { Type::from_ptr(it.1) };
                self.aliases.to_mut().types.remove(&it.1);
                write_type(&mut text, t, &self.aliases);
                self.aliases.to_mut().types.insert(it.1, name.clone());
                early.push((format!("!{name}"), text));
            }
        }
        (early, deferred)
    }

    /// Records an attribute (and its children) during the alias dry run; returns its depth.
    fn visit_attr(&mut self, a: Attribute<'_>, deferred: bool) -> u32 {
        let Some(c) = self.collect.as_mut() else {
            return 0;
        };
        let key = a.as_ptr();
        if let Some(&i) = c.seen.get(&key) {
            if !deferred {
                // A non-deferrable use makes the alias (and its children) non-deferred.
                if i != usize::MAX {
                    c.order[i].4 = false;
                }
            } else {
                return if i == usize::MAX { 0 } else { c.order[i].3 };
            }
        }
        let name = match a.kind() {
            AttrKind::AffineMap(_) => Some("map"),
            k if a.is_location() && !matches!(k, AttrKind::Unit) => Some("loc"),
            _ => None,
        };
        let idx = if let Some(n) = name {
            let existing = c.seen.get(&key).copied();
            match existing {
                Some(i) if i != usize::MAX => i,
                _ => {
                    c.order.push((true, key, n.to_string(), 0, deferred));
                    let i = c.order.len() - 1;
                    c.seen.insert(key, i);
                    i
                }
            }
        } else {
            c.seen.entry(key).or_insert(usize::MAX);
            usize::MAX
        };
        let mut depth = 0;
        let mut kids: Vec<Attribute<'_>> = Vec::new();
        let mut kid_types: Vec<Type<'_>> = Vec::new();
        match *a.kind() {
            AttrKind::Array(e) => kids.extend_from_slice(e),
            AttrKind::Dictionary(e) => kids.extend(e.iter().map(|n| n.value)),
            AttrKind::Type(t) => kid_types.push(t),
            AttrKind::NameLoc { child: Some(c), .. } => kids.push(c.attr()),
            AttrKind::CallSiteLoc { callee, caller } => kids.extend([callee.attr(), caller.attr()]),
            AttrKind::FusedLoc { locs, metadata } => {
                kids.extend(metadata);
                kids.extend(locs.iter().map(|l| l.attr()));
            }
            AttrKind::DenseElements { ty, .. } => kid_types.push(ty),
            AttrKind::Dialect { params, .. } => {
                for p in params {
                    match *p {
                        crate::TypeParam::Type(t) => kid_types.push(t),
                        crate::TypeParam::Types(ts) => kid_types.extend_from_slice(ts),
                        crate::TypeParam::Attr(x) => kids.push(x),
                        _ => {}
                    }
                }
            }
            AttrKind::DenseResource { ty, handle } => {
                kid_types.push(ty);
                if !self.resources_seen.iter().any(|h| h == handle.as_str()) {
                    self.resources_seen.push(handle.as_str().to_string());
                }
            }
            _ => {}
        }
        for k in kids {
            depth = depth.max(self.visit_attr(k, deferred));
        }
        for t in kid_types {
            depth = depth.max(self.visit_type(t, deferred));
        }
        let c = self.collect.as_mut().expect("collector");
        if idx != usize::MAX {
            depth += 1;
            c.order[idx].3 = c.order[idx].3.max(depth);
            return depth;
        }
        if depth > 0 {
            depth + 1
        } else {
            0
        }
    }

    fn visit_type(&mut self, t: Type<'_>, deferred: bool) -> u32 {
        let Some(c) = self.collect.as_mut() else {
            return 0;
        };
        // Builtin aliases only tuples of more than 16 elements (`!tuple`).
        let aliased = matches!(t.kind(), TypeKind::Tuple(e) if e.len() > 16);
        let key = t.as_ptr();
        let mut idx = usize::MAX;
        if aliased {
            match c.seen.get(&key) {
                Some(&i) => return c.order[i].3,
                None => {
                    c.order.push((false, key, "tuple".to_string(), 0, false));
                    idx = c.order.len() - 1;
                    c.seen.insert(key, idx);
                }
            }
        }
        let d = self.visit_type_children(t, deferred);
        if idx != usize::MAX {
            // An aliased node is one deeper than its deepest aliased child (1 for a leaf).
            let depth = d.max(1);
            let c = self.collect.as_mut().expect("collector");
            c.order[idx].3 = depth;
            return depth;
        }
        d
    }

    fn visit_type_children(&mut self, t: Type<'_>, deferred: bool) -> u32 {
        let mut d = 0;
        match *t.kind() {
            TypeKind::MemRef {
                element,
                layout,
                memory_space,
                ..
            } => {
                d = d.max(self.visit_type(element, deferred));
                if let Some(l) = layout {
                    d = d.max(self.visit_attr(l, deferred));
                }
                if let Some(s) = memory_space {
                    d = d.max(self.visit_attr(s, deferred));
                }
            }
            TypeKind::RankedTensor {
                element, encoding, ..
            } => {
                d = d.max(self.visit_type(element, deferred));
                if let Some(e) = encoding {
                    d = d.max(self.visit_attr(e, deferred));
                }
            }
            TypeKind::Function { inputs, results } => {
                for x in inputs.iter().chain(results) {
                    d = d.max(self.visit_type(*x, deferred));
                }
            }
            TypeKind::Tuple(e) => {
                for x in e {
                    d = d.max(self.visit_type(*x, deferred));
                }
            }
            TypeKind::Vector { element, .. }
            | TypeKind::UnrankedTensor { element }
            | TypeKind::Complex(element) => d = d.max(self.visit_type(element, deferred)),
            TypeKind::UnrankedMemRef {
                element,
                memory_space,
            } => {
                d = d.max(self.visit_type(element, deferred));
                if let Some(s) = memory_space {
                    d = d.max(self.visit_attr(s, deferred));
                }
            }
            TypeKind::Dialect { params, .. } => {
                for p in params {
                    match *p {
                        crate::TypeParam::Type(x) => d = d.max(self.visit_type(x, deferred)),
                        crate::TypeParam::Types(xs) => {
                            for x in xs {
                                d = d.max(self.visit_type(*x, deferred));
                            }
                        }
                        crate::TypeParam::Attr(a) => d = d.max(self.visit_attr(a, deferred)),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        if d > 0 {
            d + 1
        } else {
            0
        }
    }

    fn emit_type(&mut self, t: Type<'_>) {
        if self.collect.is_some() {
            self.visit_type(t, false);
        } else {
            write_type(&mut self.out, t, &self.aliases);
        }
    }

    fn emit_attr(&mut self, a: Attribute<'_>, elide: Elide) {
        if self.collect.is_some() {
            self.visit_attr(a, false);
        } else {
            write_attr(&mut self.out, a, elide, &self.aliases);
        }
    }

    /// Hands finished text to the sink.
    fn flush(&mut self) {
        if let Some(w) = self.sink.as_mut() {
            if self.io_error.is_none() {
                if let Err(e) = w.write_all(self.out.as_bytes()) {
                    self.io_error = Some(e);
                }
            }
            self.out.clear();
        }
    }

    fn newline(&mut self) {
        if self.out.len() >= 1 << 16 && self.collect.is_none() {
            self.flush();
        }
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push(' ');
        }
    }

    fn value_name(&mut self, body: &Body<'_>, v: ValueId) {
        self.names.write_value(&mut self.out, body, v);
    }

    fn print_op(&mut self, body: &Body<'_>, op: OpId) {
        if self.collect.is_some() {
            return self.collect_op(body, op);
        }
        // Results.
        let nres = body.num_results(op);
        if nres > 0 {
            self.names.write_result_defs(&mut self.out, body, op);
            self.out.push_str(" = ");
        }
        let name = body.op_name(op);
        let custom = !self.opts.generic && name.def.and_then(|d| d.print).is_some();
        if self.opts.debuginfo && self.collect.is_some() {
            self.visit_attr(body.op_loc(op).attr(), true);
        }
        if custom {
            let def = name.def.expect("registered");
            let full = name.as_str();
            let dd = *self.default_dialect.last().unwrap_or(&"");
            let shown = match full.split_once('.') {
                Some((d, rest)) if d == dd => rest,
                _ => full,
            };
            self.out.push_str(shown);
            self.default_dialect.push(def.default_dialect);
            (def.print.expect("custom printer"))(self, body, op);
            self.default_dialect.pop();
        } else {
            self.print_generic(body, op);
        }
        if self.opts.debuginfo && self.collect.is_none() {
            self.out.push_str(" loc(");
            let l = body.op_loc(op).attr();
            match self.aliases.attrs.get(&l.as_ptr()) {
                Some(a) => {
                    self.out.push('#');
                    self.out.push_str(a);
                }
                None => attrs::write_loc_inner(&mut self.out, l, &self.aliases),
            }
            self.out.push(')');
        }
    }

    /// The alias dry run over one op: visits what printing would print, in MLIR's order,
    /// without producing text.
    fn collect_op(&mut self, body: &Body<'_>, op: OpId) {
        let name = body.op_name(op);
        if self.opts.debuginfo {
            self.visit_attr(body.op_loc(op).attr(), true);
        }
        match name
            .def
            .and_then(|d| d.print)
            .filter(|_| !self.opts.generic)
        {
            Some(print) => {
                let def = name.def.expect("registered");
                self.default_dialect.push(def.default_dialect);
                print(self, body, op);
                self.default_dialect.pop();
            }
            None => {
                // Generic form: regions first, then operand and result types, then attributes.
                let rb = body.region_body(op);
                for &r in body.regions_of(op) {
                    self.collect_region(rb, r, true, true);
                }
                for v in body.operands(op) {
                    self.visit_type(body.value_type(v), false);
                }
                for v in body.results(op) {
                    self.visit_type(body.value_type(v), false);
                }
                if let (Some(p), true) = (body.op_props(op), name.def.is_some()) {
                    self.visit_attr(p, false);
                }
                self.visit_attr(body.op_attrs(op), false);
            }
        }
    }

    /// The dry run over a region: like MLIR's, it skips what the printer leaves out (the
    /// entry block's arguments and terminator when the custom form elides them).
    fn collect_region(&mut self, rb: &Body<'_>, r: RegionId, entry_args: bool, terminators: bool) {
        for (bi, b) in rb.region_blocks(r).enumerate() {
            if bi > 0 || entry_args {
                for (i, &a) in rb.block_args(b).iter().enumerate() {
                    self.visit_type(rb.value_type(a), false);
                    if self.opts.debuginfo {
                        self.visit_attr(rb.block_arg_loc(b, i).attr(), false);
                    }
                }
            }
            let last = rb.last_op(b);
            if self.threads > 1 && rb.first_op(b) != last {
                let mut ops: Vec<OpId> = rb.block_ops(b).collect();
                let elided_last = bi == 0
                    && !terminators
                    && last.is_some_and(|o| {
                        rb.op_name(o).traits().contains(crate::OpTraits::TERMINATOR)
                    });
                if elided_last {
                    ops.pop();
                }
                if self.collect_ops_parallel(rb, &ops) {
                    continue;
                }
            }
            for o in rb.block_ops(b) {
                let elided = bi == 0
                    && !terminators
                    && Some(o) == last
                    && rb.op_name(o).traits().contains(crate::OpTraits::TERMINATOR);
                if !elided {
                    self.collect_op(rb, o);
                }
            }
        }
    }

    fn print_generic(&mut self, body: &Body<'_>, op: OpId) {
        let name = body.op_name(op);
        write_escaped(&mut self.out, name.as_str().as_bytes());
        self.out.push('(');
        for (i, v) in body.operands(op).enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.names.write_value(&mut self.out, body, v);
        }
        self.out.push(')');
        let succs = body.successors(op);
        if !succs.is_empty() {
            self.out.push('[');
            for (i, b) in succs.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.names.write_block(&mut self.out, body, *b);
            }
            self.out.push(']');
        }
        if let Some(p) = body.op_props(op) {
            self.out.push_str(" <");
            write_attr(&mut self.out, p, Elide::Never, &self.aliases);
            self.out.push('>');
        }
        self.print_generic_regions(body, op);
        let attrs = body.op_attrs(op);
        if !attrs.as_dictionary().unwrap_or(&[]).is_empty() {
            self.out.push_str(" {");
            attrs::write_dict_entries(
                &mut self.out,
                attrs.as_dictionary().unwrap_or(&[]),
                &[],
                &self.aliases,
            );
            self.out.push('}');
        }
        self.out.push_str(" : (");
        for (i, v) in body.operands(op).enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            write_type(&mut self.out, body.value_type(v), &self.aliases);
        }
        self.out.push_str(") -> ");
        let results: smallvec::SmallVec<[Type<'_>; 4]> =
            body.results(op).map(|v| body.value_type(v)).collect();
        attrs::write_result_types(&mut self.out, &results, &self.aliases);
    }

    fn print_generic_regions(&mut self, body: &Body<'_>, op: OpId) {
        let regions = body.regions_of(op);
        if regions.is_empty() {
            return;
        }
        self.out.push_str(" (");
        self.default_dialect.push("");
        for (i, &r) in regions.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_region_impl(body, op, r, true, true, true);
        }
        self.default_dialect.pop();
        self.out.push(')');
    }

    /// `{ blocks }` with MLIR's header rules.
    fn print_region_impl(
        &mut self,
        body: &Body<'_>,
        op: OpId,
        r: RegionId,
        entry_args: bool,
        terminators: bool,
        print_empty: bool,
    ) {
        let rb = body.region_body(op);
        if self.collect.is_some() {
            return self.collect_region(rb, r, entry_args, terminators);
        }
        self.out.push('{');
        let blocks: Vec<BlockId> = rb.region_blocks(r).collect();
        let preds = predecessors(rb, &blocks);
        let base = self.indent;
        for (bi, &b) in blocks.iter().enumerate() {
            let has_ops = rb.first_op(b).is_some();
            let nargs = rb.block_args(b).len();
            let header = bi > 0 || (print_empty && !has_ops) || (entry_args && nargs > 0);
            if header {
                self.newline();
                self.names.write_block(&mut self.out, rb, b);
                if nargs > 0 {
                    self.out.push('(');
                    for (i, &a) in rb.block_args(b).iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        if self.collect.is_none() {
                            self.names.write_value(&mut self.out, rb, a);
                            self.out.push_str(": ");
                        }
                        self.emit_type(rb.value_type(a));
                        if self.opts.debuginfo {
                            let l = rb.block_arg_loc(b, i).attr();
                            if self.collect.is_some() {
                                self.visit_attr(l, false);
                            } else {
                                self.out.push_str(" loc(");
                                attrs::write_loc_inner(&mut self.out, l, &self.aliases);
                                self.out.push(')');
                            }
                        }
                    }
                    self.out.push(')');
                }
                self.out.push(':');
                if self.collect.is_none() {
                    let p = &preds[bi];
                    if bi > 0 && p.is_empty() {
                        self.out.push_str("  // no predecessors");
                    } else if !p.is_empty() {
                        let single = p.len() == 1;
                        if single {
                            self.out.push_str("  // pred: ");
                            self.names.write_block(&mut self.out, rb, blocks[p[0]]);
                        } else {
                            let _ = write!(self.out, "  // {} preds: ", p.len());
                            for (i, &x) in p.iter().enumerate() {
                                if i > 0 {
                                    self.out.push_str(", ");
                                }
                                self.names.write_block(&mut self.out, rb, blocks[x]);
                            }
                        }
                    }
                }
            }
            self.indent = base + 2;
            // The entry block's terminator may be left out (an implicit terminator).
            let skip = (bi == 0 && !terminators)
                .then(|| rb.last_op(b))
                .flatten()
                .filter(|&o| rb.op_name(o).traits().contains(crate::OpTraits::TERMINATOR));
            if self.threads > 1 && rb.first_op(b) != rb.last_op(b) {
                let ops: Vec<OpId> = rb.block_ops(b).take_while(|&o| Some(o) != skip).collect();
                if self.print_ops_parallel(rb, &ops) {
                    self.indent = base;
                    continue;
                }
            }
            for o in rb.block_ops(b) {
                if Some(o) == skip {
                    break;
                }
                self.newline();
                self.print_op(rb, o);
            }
            self.indent = base;
        }
        self.newline();
        self.out.push('}');
    }
}

/// For each block (by index), the indices of its predecessor blocks, one per edge, sorted.
fn predecessors(body: &Body<'_>, blocks: &[BlockId]) -> Vec<Vec<usize>> {
    let mut preds = vec![Vec::new(); blocks.len()];
    if blocks.len() < 2 {
        return preds;
    }
    let index: FxHashMap<BlockId, usize> =
        blocks.iter().enumerate().map(|(i, b)| (*b, i)).collect();
    for (bi, &b) in blocks.iter().enumerate() {
        for o in body.block_ops(b) {
            for s in body.successors(o) {
                if let Some(&si) = index.get(s) {
                    preds[si].push(bi);
                }
            }
        }
    }
    for p in &mut preds {
        p.sort_unstable();
    }
    preds
}

impl<'c> OpAsmPrinter<'c> for Printer<'_> {
    fn write(&mut self, s: &str) {
        if self.collect.is_none() {
            self.out.push_str(s);
        }
    }
    fn print_type(&mut self, ty: Type<'c>) {
        self.emit_type(ty);
    }
    fn print_type_stripped(&mut self, ty: Type<'c>) {
        if self.collect.is_some() || self.aliases.types.contains_key(&ty.as_ptr()) {
            return self.emit_type(ty);
        }
        let TypeKind::Dialect { def, params } = *ty.kind() else {
            return self.emit_type(ty);
        };
        let body = dialect_types::dialect_type_params(def, params, &self.aliases);
        if body.is_empty() {
            // MLIR falls back to the full form when the stripped one is empty.
            self.emit_type(ty);
        } else {
            self.out.push_str(&body);
        }
    }
    fn print_attribute(&mut self, attr: Attribute<'c>) {
        self.emit_attr(attr, Elide::Never);
    }
    fn print_symbol_name(&mut self, name: &str) {
        if self.collect.is_none() {
            write_symbol(&mut self.out, name);
        }
    }
    fn print_operand(&mut self, body: &Body<'c>, v: ValueId) {
        if self.collect.is_none() {
            self.value_name(body, v);
        }
    }
    fn print_attr_dict(&mut self, body: &Body<'c>, op: OpId, elided: &[&str], with_keyword: bool) {
        let entries = body.op_attrs(op).as_dictionary().unwrap_or(&[]);
        if entries.iter().all(|e| elided.contains(&e.name.as_str())) {
            return;
        }
        if self.collect.is_some() {
            for e in entries
                .iter()
                .filter(|e| !elided.contains(&e.name.as_str()))
            {
                self.visit_attr(e.value, false);
            }
            return;
        }
        self.out
            .push_str(if with_keyword { " attributes {" } else { " {" });
        attrs::write_dict_entries(&mut self.out, entries, elided, &self.aliases);
        self.out.push('}');
    }
    fn print_region(
        &mut self,
        body: &Body<'c>,
        op: OpId,
        region: RegionId,
        print_entry_args: bool,
        print_terminators: bool,
    ) {
        self.print_region_impl(body, op, region, print_entry_args, print_terminators, false);
    }
    fn print_newline(&mut self) {
        if self.collect.is_none() {
            self.newline();
        }
    }
    fn print_trailing_location(&mut self, loc: crate::Location<'c>) {
        if !self.opts.debuginfo {
            return;
        }
        if self.collect.is_some() {
            self.visit_attr(loc.attr(), false);
        } else {
            self.out.push_str(" loc(");
            attrs::write_loc_inner(&mut self.out, loc.attr(), &self.aliases);
            self.out.push(')');
        }
    }
    fn print_attribute_without_type(&mut self, attr: Attribute<'c>) {
        self.emit_attr(attr, Elide::Must);
    }
    fn print_functional_type(&mut self, inputs: &[Type<'c>], results: &[Type<'c>]) {
        if self.collect.is_some() {
            for t in inputs.iter().chain(results) {
                self.visit_type(*t, false);
            }
            return;
        }
        self.out.push('(');
        attrs::write_type_list(&mut self.out, inputs, &self.aliases);
        self.out.push_str(") -> ");
        attrs::write_result_types(&mut self.out, results, &self.aliases);
    }
    fn print_successor(&mut self, body: &Body<'c>, block: BlockId) {
        if self.collect.is_none() {
            self.names.write_block(&mut self.out, body, block);
        }
    }
    fn print_stripped_dialect_attr(&mut self, attr: Attribute<'c>, prefix: &str) {
        if self.collect.is_some() {
            return;
        }
        let mnemonic = prefix.split_once('.').map_or("", |(_, m)| m);
        match *attr.kind() {
            AttrKind::Dialect { def, params } if def.mnemonic == mnemonic => {
                let mut p = TypePrinter::new(&mut self.out, &self.aliases);
                crate::ods::typedef::print_attr_body(&mut p, def, params);
            }
            AttrKind::Opaque { body, .. } if body.starts_with(mnemonic) => {
                // `<case>` of a pretty enum, or the bare case of a `$value` one.
                let rest = &body[mnemonic.len()..];
                self.out.push_str(rest.strip_prefix(' ').unwrap_or(rest));
            }
            _ => write_attr(&mut self.out, attr, Elide::Never, &self.aliases),
        }
    }
    fn print_attr_dict_with_extra(
        &mut self,
        body: &Body<'c>,
        op: OpId,
        extra: &[NamedAttribute<'c>],
        elided: &[&str],
        with_keyword: bool,
    ) {
        if extra.is_empty() {
            return self.print_attr_dict(body, op, elided, with_keyword);
        }
        let mut all: Vec<NamedAttribute<'c>> = body
            .op_attrs(op)
            .as_dictionary()
            .unwrap_or(&[])
            .iter()
            .filter(|e| !elided.contains(&e.name.as_str()))
            .copied()
            .collect();
        all.extend_from_slice(extra);
        all.sort_by(|a, b| a.name.as_str().cmp(b.name.as_str()));
        if self.collect.is_some() {
            for e in &all {
                self.visit_attr(e.value, false);
            }
            return;
        }
        self.out
            .push_str(if with_keyword { " attributes {" } else { " {" });
        attrs::write_dict_entries(&mut self.out, &all, &[], &self.aliases);
        self.out.push('}');
    }
}
