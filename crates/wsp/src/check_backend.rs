//! `wsp-check-backend` (see `td/Passes.td`): the seed's backend constraints.

use pto_ir::{Body, Context, Diagnostic, OpId, Type};
use pto_pass::{Pass, PassTarget};

use crate::{MemLocation, TensorType};

/// The most dimensions a tensor may have on either backend (the seed's `maxRank`).
pub const MAX_RANK: usize = 8;

/// The capacity in bytes of a local memory, if it has one the type system checks.
pub fn capacity(l: MemLocation) -> Option<i64> {
    match l {
        MemLocation::UB => Some(192 * 1024),
        MemLocation::L1 => Some(512 * 1024),
        MemLocation::Global | MemLocation::L2 => None,
    }
}

/// Why `t` does not suit the backend, if it does not.
fn problem(t: TensorType<'_>, npu: bool) -> Option<String> {
    let dtype = t.dtype();
    let name = crate::syntax::dtype_name(dtype).unwrap_or("?");
    if npu && !matches!(name, "f16" | "bf16" | "f32" | "i32") {
        return Some(format!(
            "the NPU backend supports the data types f16, bf16, f32 and i32, not {name}"
        ));
    }
    let dims = crate::tensor_dims(t);
    if dims.len() > MAX_RANK {
        return Some(format!(
            "a tensor of rank {} (the backends take at most {MAX_RANK} dimensions)",
            dims.len()
        ));
    }
    let cap = capacity(t.location())?;
    let mut elems: i64 = 1;
    for d in &dims {
        match d {
            crate::Dim::Size(n) => elems = elems.saturating_mul(*n),
            crate::Dim::Sym(_) => return None,
        }
    }
    let bits = match *dtype.kind() {
        pto_ir::TypeKind::Integer { width, .. } => width,
        pto_ir::TypeKind::Float(k) => k.width(),
        _ => 8,
    };
    let bytes = elems.saturating_mul(i64::from(bits.div_ceil(8)));
    (bytes > cap).then(|| {
        format!(
            "{bytes} bytes do not fit in {} ({cap} bytes)",
            t.location().keyword()
        )
    })
}

impl Pass for crate::WspCheckBackend {
    fn run<'c>(
        &self,
        _ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let npu = match self.options.target.as_str() {
            "cpu" => false,
            "npu" => true,
            other => {
                return Err(Diagnostic::error(
                    target.loc,
                    format!("wsp-check-backend: target is 'cpu' or 'npu', got '{other}'"),
                ))
            }
        };
        let body = &*target.body;
        let Some(block) = body.root_entry_block() else {
            return Ok(());
        };
        let mut errors: Vec<Diagnostic<'c>> = Vec::new();
        for m in body.block_ops(block) {
            if crate::ModuleOp::from_op(body, m).is_none() {
                continue;
            }
            let rb = body.region_body(m);
            let mut typed: Vec<(&Body<'c>, OpId, Type<'c>)> = Vec::new();
            for op in crate::region_ops(body, m, 0) {
                if crate::TensorOp::from_op(rb, op).is_some() {
                    typed.extend(
                        rb.attr(op, "type")
                            .and_then(|a| a.as_type())
                            .map(|t| (rb, op, t)),
                    );
                }
                if crate::WorkloadOp::from_op(rb, op).is_some()
                    || crate::PipelineOp::from_op(rb, op).is_some()
                {
                    let (inner, ops) = (rb.region_body(op), crate::nested_ops(rb, op));
                    for c in ops {
                        if crate::ChannelOp::from_op(inner, c).is_some() {
                            typed.extend(
                                inner
                                    .attr(c, "element")
                                    .and_then(|a| a.as_type())
                                    .map(|t| (inner, c, t)),
                            );
                        }
                    }
                }
            }
            for (b, op, t) in typed {
                let Some(tt) = TensorType::from_type(t) else {
                    continue;
                };
                if let Some(p) = problem(tt, npu) {
                    errors.push(Diagnostic::error(
                        b.op_loc(op),
                        format!("wsp-check-backend ({}): {p}", self.options.target),
                    ));
                }
            }
        }
        let mut it = errors.into_iter();
        match it.next() {
            None => Ok(()),
            Some(mut first) => {
                first.notes.extend(it);
                Err(first)
            }
        }
    }
}
