//! `view-op-graph`: prints a Graphviz (DOT) picture of the anchor op to stderr, as MLIR's
//! `ViewOpGraph` does.
//!
//! Ops with regions become clusters (subgraphs) holding one cluster per block; other ops
//! become record nodes listing their operands, name, attributes and results, filled with
//! a color per op name (hues spread evenly over the names in post-order of first
//! appearance). Block arguments are record nodes of their own. Data-flow edges run from
//! the result port of a value's producer to the operand port of its user (clipped at the
//! boundary when either end is a cluster); with `print-control-flow-edges`, dashed edges
//! join consecutive ops of a block. All edges follow the nodes. Values are shown with the
//! names the printer gives them.
//!
//! Limits: a pass sees only its anchor's body, so the anchor's label shows its properties
//! but not its discardable attributes, the names are those of the anchor printed on its
//! own in custom form (mlir-opt numbers from the top-level op, in generic form under
//! `--mlir-print-op-generic`), and the report is written when the pass runs.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;

use rustc_hash::FxHashMap;

use pto_ir::printer::{attr_to_string, type_to_string, Names};
use pto_ir::{AttrKind, Attribute, BlockId, Body, Context, Diagnostic, OpId, RegionId, ValueId};
use pto_pass::{Pass, PassTarget};

impl Pass for crate::ViewOpGraph {
    fn options_text(&self) -> String {
        self.options.to_text()
    }
    fn run<'c>(
        &self,
        _ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let Ok(max_label_len) = usize::try_from(self.options.max_label_len) else {
            return Err(Diagnostic::error(
                target.loc,
                format!(
                    "for the --max-label-len option: '{}' value invalid for uint argument!",
                    self.options.max_label_len
                ),
            ));
        };
        let body: &Body<'c> = target.body;
        let roots = body.root_regions();
        let mut names = Names::new(false);
        names.number_regions(body, &roots);
        let mut g = Graph {
            pass: &self.options,
            max_label_len,
            names: &names,
            out: String::new(),
            indent: 0,
            counter: 0,
            edges: Vec::new(),
            data_edges: Vec::new(),
            value_nodes: FxHashMap::default(),
            colors: colors(target.op_name.as_str(), body),
        };
        g.line("digraph G {");
        g.indent += 1;
        g.line("compound = true;");
        let anchor_attrs: Vec<(&str, Attribute<'c>)> = body
            .owner_props()
            .and_then(|p| p.as_dictionary())
            .unwrap_or(&[])
            .iter()
            .map(|e| (e.name.as_str(), e.value))
            .collect();
        let label = g.cluster_label(target.op_name.as_str(), &[], &anchor_attrs);
        g.cluster(&label, |g| {
            for &r in &roots {
                g.region(body, r);
            }
        });
        g.emit_edges();
        g.indent -= 1;
        g.line("}");
        // A closed stderr is no reason to fail the pipeline.
        let _ = std::io::stderr().lock().write_all(g.out.as_bytes());
        Ok(())
    }
}

/// A node of the graph; for a cluster, its invisible anchor node and the cluster's id.
#[derive(Copy, Clone, Default)]
struct Node {
    id: u32,
    cluster: Option<u32>,
}

/// A value anywhere under the anchor: its body (by address) and id there.
type ValueKey = (usize, ValueId);

fn value_key(body: &Body<'_>, v: ValueId) -> ValueKey {
    (body as *const Body<'_> as usize, v)
}

/// A data-flow edge, resolved once every producer has its node.
struct DataEdge {
    value: ValueKey,
    to: Node,
    port: String,
}

/// The background color of each op name: hues spread over the names in the order a
/// post-order walk (the anchor last) first meets them.
fn colors(anchor: &str, body: &Body<'_>) -> FxHashMap<String, String> {
    fn walk(body: &Body<'_>, order: &mut Vec<String>) {
        for r in body.root_regions() {
            for b in body.region_blocks(r) {
                for o in body.block_ops(b) {
                    for op in body.ops_in(o, pto_ir::WalkOrder::PostOrder) {
                        if let Some(nested) = body.nested(op) {
                            walk(nested, order);
                        }
                        let name = body.op_name(op).as_str();
                        if !order.iter().any(|n| n == name) {
                            order.push(name.to_string());
                        }
                    }
                }
            }
        }
    }
    let mut order = Vec::new();
    walk(body, &mut order);
    if !order.iter().any(|n| n == anchor) {
        order.push(anchor.to_string());
    }
    let n = order.len() as f64;
    order
        .into_iter()
        .enumerate()
        .map(|(i, name)| (name, format!("{:.6} 0.3 0.95", i as f64 / n)))
        .collect()
}

/// Backslash before the characters a record label gives a meaning to.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '{' | '|' | '<' | '}' | '>' | '\n' | '"') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Elements attributes with more elements than this are elided (MLIR's default limit).
const LARGE_ATTR_LIMIT: i64 = 16;

struct Graph<'p, 'n> {
    pass: &'p crate::ViewOpGraphOptions,
    max_label_len: usize,
    names: &'n Names,
    out: String,
    indent: usize,
    counter: u32,
    /// Edge statements, written after all nodes.
    edges: Vec<String>,
    data_edges: Vec<DataEdge>,
    value_nodes: FxHashMap<ValueKey, Node>,
    colors: FxHashMap<String, String>,
}

impl Graph<'_, '_> {
    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    /// `s` cut to the label length, with `...` when cut.
    fn truncate(&self, s: &str) -> String {
        if s.len() <= self.max_label_len {
            return s.to_string();
        }
        let cut = String::from_utf8_lossy(&s.as_bytes()[..self.max_label_len]);
        format!("{cut}...")
    }

    fn value_name(&self, body: &Body<'_>, v: ValueId) -> String {
        let mut s = String::new();
        self.names.write_value(&mut s, body, v);
        s
    }

    /// A value's name as a port name: `%0#1` gives `_0_1`.
    fn port(&self, body: &Body<'_>, v: ValueId) -> String {
        self.value_name(body, v).replace(['%', '#'], "_")
    }

    /// An attribute for a label: large elements and arrays elided, others cut and escaped.
    fn attr(&self, a: Attribute<'_>) -> String {
        let elements_type = match *a.kind() {
            AttrKind::DenseElements { splat: true, .. } => return escape(&attr_to_string(a)),
            AttrKind::DenseElements { ty, .. } | AttrKind::DenseResource { ty, .. } => Some(ty),
            _ => None,
        };
        if let Some(ty) = elements_type {
            if ty.num_elements().is_some_and(|n| n > LARGE_ATTR_LIMIT) {
                let rank = ty.shape().map_or(0, |s| s.len());
                return format!(
                    "{}...{} : {}",
                    "[".repeat(rank),
                    "]".repeat(rank),
                    escape(&self.truncate(&type_to_string(ty)))
                );
            }
        }
        if let AttrKind::Array(items) = *a.kind() {
            if items.len() as i64 > LARGE_ATTR_LIMIT {
                return "[...]".to_string();
            }
        }
        escape(&self.truncate(&attr_to_string(a)))
    }

    fn attr_lines(&self, attrs: &[(&str, Attribute<'_>)]) -> String {
        let mut s = String::new();
        for (name, value) in attrs {
            let _ = write!(s, "{name}: {}\\l", self.attr(*value));
        }
        s
    }

    /// `name : (result types)` and the attributes, one per line.
    fn cluster_label(
        &self,
        name: &str,
        types: &[String],
        attrs: &[(&str, Attribute<'_>)],
    ) -> String {
        let mut s = name.to_string();
        if self.pass.print_result_types {
            let _ = write!(s, " : ({})", self.truncate(&types.join(", ")));
        }
        if self.pass.print_attrs {
            s.push_str("\\l");
            s.push_str(&self.attr_lines(attrs));
        }
        s
    }

    fn node(&mut self, label: &str, shape: &str, background: Option<String>) -> Node {
        self.counter += 1;
        let id = self.counter;
        let mut attrs: BTreeMap<&str, String> = BTreeMap::new();
        attrs.insert("label", format!("\"{label}\""));
        attrs.insert("shape", shape.to_string());
        if let Some(bg) = background {
            attrs.insert("style", "filled".to_string());
            attrs.insert("fillcolor", format!("\"{bg}\""));
        }
        let list: Vec<String> = attrs.iter().map(|(k, v)| format!("{k} = {v}")).collect();
        self.line(&format!("v{id} [{}];", list.join(", ")));
        Node { id, cluster: None }
    }

    /// A subgraph with an invisible anchor node for edges to point at.
    fn cluster(&mut self, label: &str, build: impl FnOnce(&mut Self)) -> Node {
        self.counter += 1;
        let cluster = self.counter;
        self.line(&format!("subgraph cluster_{cluster} {{"));
        self.indent += 1;
        let anchor = self.node(" ", "plain", None);
        self.line(&format!("label = \"{label}\";"));
        build(self);
        self.indent -= 1;
        self.line("}");
        Node {
            id: anchor.id,
            cluster: Some(cluster),
        }
    }

    fn edge(&mut self, from: Node, to: Node, port: &str, style: &str) {
        let mut attrs: BTreeMap<&str, String> = BTreeMap::new();
        attrs.insert("style", style.to_string());
        if let Some(c) = from.cluster {
            attrs.insert("ltail", format!("cluster_{c}"));
        }
        if let Some(c) = to.cluster {
            attrs.insert("lhead", format!("cluster_{c}"));
        }
        let mut s = format!("v{}", from.id);
        if !port.is_empty() && from.cluster.is_none() {
            let _ = write!(s, ":res{port}:s");
        }
        let _ = write!(s, " -> v{}", to.id);
        if !port.is_empty() && to.cluster.is_none() {
            let _ = write!(s, ":arg{port}:n");
        }
        let list: Vec<String> = attrs.iter().map(|(k, v)| format!("{k} = {v}")).collect();
        let _ = write!(s, "[{}]", list.join(", "));
        self.edges.push(s);
    }

    fn emit_edges(&mut self) {
        if self.pass.print_data_flow_edges {
            for e in std::mem::take(&mut self.data_edges) {
                let from = self.value_nodes.get(&e.value).copied().unwrap_or_default();
                self.edge(from, e.to, &e.port, "solid");
            }
        }
        for e in std::mem::take(&mut self.edges) {
            self.line(&format!("{e};"));
        }
    }

    fn region(&mut self, body: &Body<'_>, r: RegionId) {
        let blocks: Vec<BlockId> = body.region_blocks(r).collect();
        for b in blocks {
            self.block(body, b);
        }
    }

    fn block(&mut self, body: &Body<'_>, b: BlockId) {
        self.cluster("", |g| {
            for &a in body.block_args(b) {
                let mut label = format!("<res{}> {}", g.port(body, a), g.value_name(body, a));
                if g.pass.print_result_types {
                    let ty = escape(&g.truncate(&type_to_string(body.value_type(a))));
                    let _ = write!(label, " {ty}");
                }
                let node = g.node(&label, "Mrecord", None);
                g.value_nodes.insert(value_key(body, a), node);
            }
            let mut prev: Option<Node> = None;
            for op in body.block_ops(b).collect::<Vec<_>>() {
                let node = g.op(body, op);
                if let (true, Some(p)) = (g.pass.print_control_flow_edges, prev) {
                    g.edge(p, node, "", "dashed");
                }
                prev = Some(node);
            }
        });
    }

    /// Every attribute of `op`, inherent and discardable, sorted by name.
    fn op_attrs<'c>(body: &Body<'c>, op: OpId) -> Vec<(&'c str, Attribute<'c>)> {
        let mut all: Vec<(&'c str, Attribute<'c>)> = body
            .op_props(op)
            .and_then(|p| p.as_dictionary())
            .unwrap_or(&[])
            .iter()
            .chain(body.op_attrs(op).as_dictionary().unwrap_or(&[]))
            .map(|e| (e.name.as_str(), e.value))
            .collect();
        all.sort_by(|a, b| a.0.cmp(b.0));
        all
    }

    fn op(&mut self, body: &Body<'_>, op: OpId) -> Node {
        let name = body.op_name(op).as_str();
        let attrs = Self::op_attrs(body, op);
        let node = if body.regions_of(op).is_empty() {
            let label = self.record_label(body, op, &attrs);
            let color = self.colors.get(name).cloned();
            self.node(&label, "Mrecord", color)
        } else {
            let types: Vec<String> = body
                .results(op)
                .map(|v| type_to_string(body.value_type(v)))
                .collect();
            let label = self.cluster_label(name, &types, &attrs);
            let rb = body.region_body(op);
            let regions = body.regions_of(op).to_vec();
            self.cluster(&label, |g| {
                for r in regions {
                    g.region(rb, r);
                }
            })
        };
        if self.pass.print_data_flow_edges {
            for v in body.operands(op) {
                self.data_edges.push(DataEdge {
                    value: value_key(body, v),
                    to: node,
                    port: self.port(body, v),
                });
            }
        }
        for v in body.results(op) {
            self.value_nodes.insert(value_key(body, v), node);
        }
        node
    }

    /// `{{operand ports}|name\l\lattributes|{result ports}}`.
    fn record_label(&self, body: &Body<'_>, op: OpId, attrs: &[(&str, Attribute<'_>)]) -> String {
        let mut s = String::from("{");
        if body.num_operands(op) > 0 {
            let ports: Vec<String> = body
                .operands(op)
                .map(|v| format!("<arg{}> {}", self.port(body, v), self.value_name(body, v)))
                .collect();
            let _ = write!(s, "{{{}}}|", ports.join("|"));
        }
        let _ = write!(s, "{}\\l", body.op_name(op).as_str());
        if self.pass.print_attrs && !attrs.is_empty() {
            s.push_str("\\l");
            s.push_str(&self.attr_lines(attrs));
        }
        if body.num_results(op) > 0 {
            let ports: Vec<String> = body
                .results(op)
                .map(|v| {
                    let mut p = format!("<res{}> {}", self.port(body, v), self.value_name(body, v));
                    if self.pass.print_result_types {
                        let ty = escape(&self.truncate(&type_to_string(body.value_type(v))));
                        let _ = write!(p, " {ty}");
                    }
                    p
                })
                .collect();
            let _ = write!(s, "|{{{}}}", ports.join("|"));
        }
        s.push('}');
        s
    }
}
