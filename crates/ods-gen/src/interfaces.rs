//! Rust op interfaces (`RustOpInterface` records, see `td/pto/Interfaces.td`): their
//! traits, and the models of the ops that list them.
//!
//! A trait is generated where its record's `cppNamespace` (a Rust module path) says:
//! by the dialect whose hook module is that path, or into a crate's `interfaces.rs`
//! for its root. A model implements every method without a default, and the defaulted
//! ones the op names in `DeclareOpInterfaceMethods<I, [...]>`, by calling the dialect's
//! hook `<method>_<op>`; a missing hook is a compile error naming it.

use std::fmt::Write;

use tblgen::{Record, RecordKeeper, TypedInit};

/// One method of an interface.
#[derive(Clone, Debug)]
pub struct Method {
    /// Its Rust name.
    pub name: String,
    /// What it does.
    pub description: String,
    /// The Rust result type.
    pub ret: String,
    /// `(name, Rust type)` of each argument.
    pub args: Vec<(String, String)>,
    /// A default implementation (Rust), if any.
    pub default: Option<String>,
}

/// A `RustOpInterface` record.
#[derive(Clone, Debug)]
pub struct RustInterface {
    /// The record's name.
    pub record: String,
    /// The interface (trait) name.
    pub name: String,
    /// The Rust module that defines the trait (`::pto_tile`).
    pub namespace: String,
    /// Its description.
    pub description: String,
    /// Its methods.
    pub methods: Vec<Method>,
}

impl RustInterface {
    /// The trait's path as seen from crate `krate` (`crate::...` inside it).
    pub fn trait_path(&self, krate: &str) -> String {
        let ns = self.namespace.trim_start_matches("::");
        let ns = match ns.split_once("::") {
            Some((first, rest)) if first == krate => format!("crate::{rest}"),
            None if ns == krate => "crate".to_string(),
            _ => format!("::{ns}"),
        };
        format!("{ns}::{}", self.name)
    }

    /// The Rust method that a C++ or Rust method name in a `DeclareOpInterfaceMethods`
    /// list stands for (`getRegionInvocationBounds` is `region_invocation_bounds`).
    fn method_for(&self, listed: &str) -> Option<&Method> {
        let rust = snake(
            listed
                .strip_prefix("get")
                .filter(|r| r.starts_with(char::is_uppercase))
                .unwrap_or(listed),
        );
        self.methods
            .iter()
            .find(|m| m.name == listed || m.name == rust)
    }
}

fn snake(s: &str) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if c.is_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

fn string_of(v: TypedInit<'_>) -> Option<String> {
    match v {
        TypedInit::String(s) => s.to_str().ok().map(str::to_string),
        TypedInit::Code(s) => s.to_str().ok().map(str::to_string),
        _ => None,
    }
}

fn read_method(m: Record<'_>, iface: &str) -> Result<Method, String> {
    let name = m
        .str_value("name")
        .map_err(|e| format!("{iface}: {e}"))?
        .to_string();
    let dag = m
        .dag_value("arguments")
        .map_err(|e| format!("{iface}::{name}: {e}"))?;
    let mut args = Vec::new();
    for (n, v) in dag.args() {
        let ty = string_of(v)
            .ok_or_else(|| format!("{iface}::{name}: an argument type is not a string"))?;
        let n = n.ok_or_else(|| format!("{iface}::{name}: an argument has no name"))?;
        args.push((n.to_string(), ty));
    }
    if !m.str_value("body").unwrap_or("").trim().is_empty() {
        return Err(format!(
            "{iface}::{name}: a method body is not supported (use defaultImplementation)"
        ));
    }
    let default = m
        .str_value("defaultBody")
        .ok()
        .map(str::trim)
        .filter(|b| !b.is_empty())
        .map(str::to_string);
    Ok(Method {
        name,
        description: m.str_value("description").unwrap_or("").trim().to_string(),
        ret: m.str_value("returnType").unwrap_or("()").to_string(),
        args,
        default,
    })
}

/// Every `RustOpInterface` record, by record order.
pub fn read_rust_interfaces(keeper: &RecordKeeper<'_>) -> Result<Vec<RustInterface>, String> {
    let mut out = Vec::new();
    for r in keeper.all_derived_definitions_if_defined("RustOpInterface") {
        let record = r.name().unwrap_or("?").to_string();
        let name = r
            .str_value("cppInterfaceName")
            .map_err(|e| format!("{record}: {e}"))?
            .to_string();
        let namespace = r.str_value("cppNamespace").unwrap_or("").to_string();
        if !namespace.starts_with("::") {
            return Err(format!(
                "{record}: a RustOpInterface's cppNamespace is the Rust module of its trait, a path from the crate (`::my_crate::module`), not `{namespace}`"
            ));
        }
        let mut methods = Vec::new();
        for m in r.list_of_defs_value("methods").unwrap_or_default() {
            if m.subclass_of("StaticInterfaceMethod") {
                return Err(format!(
                    "{record}: static interface methods are not supported"
                ));
            }
            methods.push(read_method(m, &name)?);
        }
        out.push(RustInterface {
            record,
            name,
            namespace,
            description: r.str_value("description").unwrap_or("").trim().to_string(),
            methods,
        });
    }
    Ok(out)
}

fn doc(out: &mut String, indent: &str, text: &str) {
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() {
            let _ = writeln!(out, "{indent}///");
        } else {
            let _ = writeln!(out, "{indent}/// {line}");
        }
    }
}

fn signature(m: &Method) -> String {
    let args: String = m.args.iter().map(|(n, t)| format!(", {n}: {t}")).collect();
    format!("fn {}<'c>(&self{args}) -> {}", m.name, m.ret)
}

/// The trait of `i`, with its lookup function.
pub fn emit_trait(i: &RustInterface) -> String {
    let mut out = String::new();
    doc(&mut out, "", &i.description);
    let _ = writeln!(
        out,
        "///\n/// Generated from `{}`; see `pto_ir::interface` for lookup and external models.",
        i.record
    );
    let _ = writeln!(
        out,
        "#[allow(clippy::needless_lifetimes, clippy::extra_unused_lifetimes)]"
    );
    let _ = writeln!(out, "pub trait {}: Sync + 'static {{", i.name);
    for m in &i.methods {
        doc(&mut out, "    ", &m.description);
        match &m.default {
            Some(body) => {
                let _ = writeln!(out, "    #[allow(unused_variables)]");
                let _ = writeln!(out, "    {} {{\n        {body}\n    }}", signature(m));
            }
            None => {
                let _ = writeln!(out, "    {};", signature(m));
            }
        }
    }
    let _ = writeln!(out, "}}");
    let _ = writeln!(
        out,
        "impl dyn {} {{\n    /// The model of `op`, if its op implements this interface.\n    #[inline]\n    pub fn of<'c>(ctx: &'c Context, body: &Body<'c>, op: OpId) -> Option<&'static dyn {}> {{\n        ctx.op_interface::<dyn {}>(body, op)\n    }}\n}}",
        i.name, i.name, i.name
    );
    out
}

/// An op's implementation of a Rust interface, as the op's record lists it.
#[derive(Clone, Debug)]
pub struct OpImpl {
    /// Index into the dialect's known interfaces.
    pub interface: usize,
    /// The methods the op implements with hooks (Rust names).
    pub hooked: Vec<String>,
}

/// The implementation of `iface` by an op listing it with `listed` methods (`declare`:
/// through `DeclareOpInterfaceMethods`), or an error naming what is wrong.
pub fn op_impl(
    index: usize,
    iface: &RustInterface,
    listed: &[String],
    declare: bool,
    op: &str,
) -> Result<OpImpl, String> {
    let mut hooked: Vec<String> = Vec::new();
    for m in &iface.methods {
        if m.default.is_none() {
            if !declare {
                return Err(format!(
                    "{op}: interface {} has methods without a default ({}); list it as DeclareOpInterfaceMethods<{}>",
                    iface.name, m.name, iface.record
                ));
            }
            hooked.push(m.name.clone());
        }
    }
    for l in listed {
        let m = iface
            .method_for(l)
            .ok_or_else(|| format!("{op}: interface {} has no method `{l}`", iface.name))?;
        if !hooked.contains(&m.name) {
            hooked.push(m.name.clone());
        }
    }
    Ok(OpImpl {
        interface: index,
        hooked,
    })
}

/// The model of `imp` for an op with struct name `st` and hook base `h`: its code and
/// its `InterfaceImpl` entry.
pub fn emit_model(
    iface: &RustInterface,
    imp: &OpImpl,
    krate: &str,
    st: &str,
    h: &str,
) -> (String, String) {
    let path = iface.trait_path(krate);
    let model = format!("__{}Model{st}", iface.name);
    let stat = format!("__{}_{}", iface.name.to_uppercase(), st.to_uppercase());
    let mut out = String::new();
    let _ = writeln!(out, "struct {model};");
    let _ = writeln!(
        out,
        "#[allow(clippy::needless_lifetimes, clippy::extra_unused_lifetimes)]"
    );
    let _ = writeln!(out, "impl {path} for {model} {{");
    for m in iface
        .methods
        .iter()
        .filter(|m| imp.hooked.contains(&m.name))
    {
        let call: Vec<&str> = m.args.iter().map(|(n, _)| n.as_str()).collect();
        let _ = writeln!(
            out,
            "    {} {{ super::{}_{h}({}) }}",
            signature(m),
            m.name,
            call.join(", ")
        );
    }
    let _ = writeln!(out, "}}");
    let _ = writeln!(out, "static {stat}: &'static dyn {path} = &{model};");
    let entry = format!(
        "RT::interface::InterfaceImpl {{ interface: ::std::any::TypeId::of::<dyn {path}>, name: {:?}, model: &{stat} }}",
        iface.name
    );
    (out, entry)
}
