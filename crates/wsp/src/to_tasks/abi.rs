//! The entry ABI of a workload function, for `pto-run`.

use super::{Signature, SymbolKind};
use crate::TensorType;

/// A dimension of a declared tensor, as the call decides it.
#[derive(Clone, Debug)]
enum DimOf {
    Const(i64),
    /// The size parameter at this position.
    Param(usize, String),
}

/// The entry ABI of a workload function: its tensors and arrays take whole arrays
/// (flattened), and each tensor must hold what its declaration says (its symbolic
/// sizes bound by the call's size arguments).
struct WorkloadAbi {
    /// Per parameter: flattened, the declared dimensions of a tensor (`None`: a
    /// symbol the call does not bind, or not a tensor), and what to call it.
    params: Vec<(bool, Option<Vec<DimOf>>, String)>,
}

/// The ABI of workload `entry` of `module`, before `convert-wsp-to-tasks`.
pub fn capture<'c>(
    module: &pto_ir::module::Module<'c>,
    entry: &str,
) -> Option<Box<dyn pto_interp::abi::EntryAbi<'c> + 'c>> {
    let (body, items) = crate::module_items(module);
    for m in items {
        if crate::ModuleOp::from_op(body, m).is_none() {
            continue;
        }
        let rb = body.region_body(m);
        let found = crate::region_ops(body, m, 0).into_iter().any(|w| {
            crate::WorkloadOp::from_op(rb, w).is_some()
                && rb.attr(w, "sym_name").and_then(|a| a.as_str()) == Some(entry)
        });
        if !found {
            continue;
        }
        let sig = Signature::of(body, m).ok()?;
        let symbol_at = |name: &str| {
            sig.symbols
                .iter()
                .position(|(n, k)| n == name && *k == SymbolKind::Size)
                .map(|i| sig.tensors.len() + i)
        };
        let mut params: Vec<(bool, Option<Vec<DimOf>>, String)> = Vec::new();
        for op in crate::region_ops(body, m, 0) {
            let Some(t) = rb
                .attr(op, "type")
                .and_then(|a| a.as_type())
                .and_then(TensorType::from_type)
            else {
                continue;
            };
            if crate::TensorOp::from_op(rb, op).is_none() {
                continue;
            }
            let name = rb
                .attr(op, "sym_name")
                .and_then(|a| a.as_str())
                .unwrap_or("");
            let dims: Option<Vec<DimOf>> = crate::tensor_dims(t)
                .into_iter()
                .map(|d| match d {
                    crate::Dim::Size(n) => Some(DimOf::Const(n)),
                    crate::Dim::Sym(s) => symbol_at(&s).map(|i| DimOf::Param(i, s)),
                })
                .collect();
            params.push((true, dims, format!("tensor '{name}'")));
        }
        for (n, k) in &sig.symbols {
            params.push((*k == SymbolKind::Array, None, format!("'{n}'")));
        }
        return Some(Box::new(WorkloadAbi { params }));
    }
    None
}

impl<'c> pto_interp::abi::EntryAbi<'c> for WorkloadAbi {
    fn arity(&self) -> Option<usize> {
        Some(self.params.len())
    }

    fn flattened(&self, i: usize) -> bool {
        self.params.get(i).is_some_and(|p| p.0)
    }

    fn complete_args(
        &self,
        args: &mut Vec<pto_interp::Value>,
        shapes: &mut Vec<Option<Vec<i64>>>,
    ) -> Result<(), (Option<usize>, String)> {
        for (i, (flat, dims, what)) in self.params.iter().enumerate() {
            let shape = shapes.get(i).cloned().flatten();
            match (flat, shape) {
                (true, None) => return Err((Some(i), format!("{what} takes an array (.npy)"))),
                (false, Some(_)) => {
                    return Err((Some(i), format!("{what} is a size: pass an integer")))
                }
                (true, Some(s)) => {
                    let Some(dims) = dims else { continue };
                    let mut want: Vec<String> = Vec::new();
                    let mut count: i128 = 1;
                    for d in dims {
                        let n = match d {
                            DimOf::Const(n) => {
                                want.push(n.to_string());
                                i128::from(*n)
                            }
                            DimOf::Param(j, name) => {
                                let v = args.get(*j).map(|a| a.sext()).unwrap_or(0);
                                want.push(format!("{name}={v}"));
                                v
                            }
                        };
                        count = count.saturating_mul(n.max(0));
                    }
                    let held: i128 = s.iter().map(|&d| i128::from(d)).product();
                    if held != count {
                        return Err((
                            Some(i),
                            format!(
                                "holds {held} elements (shape {s:?}), but {what} is declared [{}] ({count} elements)",
                                want.join(", ")
                            ),
                        ));
                    }
                }
                (false, None) => {
                    if args.get(i).is_some_and(|a| a.sext() < 0) {
                        return Err((Some(i), format!("{what} is a size: it must be >= 0")));
                    }
                }
            }
        }
        Ok(())
    }
}
