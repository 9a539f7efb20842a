//! The parameters of the workload functions: the module's tensors, then its axes'
//! run-time symbols.

use pto_ir::{Body, Context, Diagnostic, Location, OpId, Type, TypeKind};

use crate::{DenseDynType, RaggedType, SparseType, TensorType};

/// A run-time symbol an axis names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    /// A size (`index`).
    Size,
    /// An array of `i32` (ragged lengths, CSR row pointers and indices).
    Array,
}

/// The parameters of every workload function of a `wsp.module`: its tensors, then its
/// symbols.
#[derive(Clone, Debug, Default)]
pub struct Signature<'c> {
    /// Name, element type and shape (`None` for a symbolic size) of each tensor.
    pub tensors: Vec<(String, Type<'c>, Vec<Option<i64>>)>,
    /// Name and kind of each symbol, in order of first use.
    pub symbols: Vec<(String, SymbolKind)>,
}

impl<'c> Signature<'c> {
    /// Reads the signature of the `wsp.module` `m` (in `body`).
    pub fn of(body: &Body<'c>, m: OpId) -> Result<Self, Diagnostic<'c>> {
        let rb = body.region_body(m);
        let mut sig = Signature::default();
        let items = crate::region_ops(body, m, 0);
        for &op in &items {
            if crate::TensorOp::from_op(rb, op).is_none() {
                continue;
            }
            let name = rb
                .attr(op, "sym_name")
                .and_then(|a| a.as_str())
                .unwrap_or("");
            let Some(t) = rb
                .attr(op, "type")
                .and_then(|a| a.as_type())
                .and_then(TensorType::from_type)
            else {
                continue;
            };
            let shape = crate::tensor_dims(t)
                .into_iter()
                .map(|d| match d {
                    crate::Dim::Size(n) => Some(n),
                    crate::Dim::Sym(_) => None,
                })
                .collect();
            sig.tensors.push((name.to_string(), t.dtype(), shape));
        }
        let add = |sig: &mut Signature<'c>, loc: Location<'c>, name: &str, kind: SymbolKind| {
            if let Some(&(_, k)) = sig.symbols.iter().find(|(n, _)| n == name) {
                if k != kind {
                    return Err(Diagnostic::error(
                        loc,
                        format!("convert-wsp-to-tasks: '{name}' names both a size and an array"),
                    ));
                }
                return Ok(());
            }
            if sig.tensors.iter().any(|(n, ..)| n == name) {
                return Err(Diagnostic::error(
                    loc,
                    format!("convert-wsp-to-tasks: axis symbol '{name}' is also a tensor's name"),
                ));
            }
            sig.symbols.push((name.to_string(), kind));
            Ok(())
        };
        for &op in &items {
            if crate::WorkloadOp::from_op(rb, op).is_none() {
                continue;
            }
            let wb = rb.region_body(op);
            let mut axes: Vec<(Location<'c>, Type<'c>)> = crate::region_args(rb, op, 0)
                .iter()
                .map(|&a| (wb.value_loc(a), wb.value_type(a)))
                .collect();
            let nested = crate::nested_ops(rb, op);
            for &s in &nested {
                if let Some(t) = wb.attr(s, "axis").and_then(|a| a.as_type()) {
                    axes.push((wb.op_loc(s), t));
                }
                if crate::CondOp::from_op(wb, s).is_some() {
                    let p = wb
                        .attr(s, "predicate")
                        .and_then(|a| a.as_str())
                        .unwrap_or("");
                    // A predicate the CPU path cannot evaluate is the lowering's error.
                    if let Ok(pred) = super::predicate::parse(p) {
                        let mut names = Vec::new();
                        pred.symbols(&mut names);
                        for n in names {
                            add(&mut sig, wb.op_loc(s), n, SymbolKind::Size)?;
                        }
                    }
                }
            }
            for (loc, t) in axes {
                if let Some(d) = DenseDynType::from_type(t) {
                    add(&mut sig, loc, d.size(), SymbolKind::Size)?;
                } else if let Some(r) = RaggedType::from_type(t) {
                    add(&mut sig, loc, r.outer(), SymbolKind::Size)?;
                    add(&mut sig, loc, r.lengths(), SymbolKind::Array)?;
                } else if let Some(s) = SparseType::from_type(t) {
                    add(&mut sig, loc, s.outer(), SymbolKind::Size)?;
                    add(&mut sig, loc, s.indptr(), SymbolKind::Array)?;
                    add(&mut sig, loc, s.indices(), SymbolKind::Array)?;
                }
            }
        }
        Ok(sig)
    }

    /// The parameter types of a workload function.
    pub fn param_types(&self, ctx: &'c Context) -> Vec<Type<'c>> {
        let flat = |t: Type<'c>| ctx.memref_type(&[pto_ir::DYNAMIC], t, None, None);
        let mut out: Vec<Type<'c>> = self
            .tensors
            .iter()
            .map(|(_, t, _)| flat(signless(ctx, *t)))
            .collect();
        for (_, k) in &self.symbols {
            out.push(match k {
                SymbolKind::Size => ctx.index_type(),
                SymbolKind::Array => flat(ctx.int_type(32)),
            });
        }
        out
    }
}

/// The signless integer of the same width (memrefs of `pto.ptr` lower to those).
pub(super) fn signless<'c>(ctx: &'c Context, t: Type<'c>) -> Type<'c> {
    match *t.kind() {
        TypeKind::Integer { width, .. } => ctx.int_type(width),
        _ => t,
    }
}
