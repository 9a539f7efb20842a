//! The checks of a `harp.func` that span its kernels: the buffer table, what each
//! kernel reads and writes, that every access stays inside its buffer, and that
//! buffers live at the same time do not share arena bytes. Upstream Harp checks
//! none of these (its linearizer leaves sizes, writes and the arena empty).

use pto_ir::verifier::op_error;
use pto_ir::{Body, Context, Diagnostic, OpId, Type};
use rustc_hash::FxHashMap;

use crate::view::View;
use crate::{dtype_bytes, BufferAttr, KernelOp, LoadOp, StoreOp, ViewAttr};

/// A buffer of the table, as the checks need it.
#[derive(Clone, Copy, Debug)]
pub struct BufferInfo<'c> {
    /// Its id.
    pub id: i64,
    /// Its element type.
    pub dtype: Type<'c>,
    /// Its size in bytes.
    pub size: i64,
    /// Its byte offset in the arena.
    pub offset: i64,
}

impl<'c> BufferInfo<'c> {
    /// How many elements fit.
    pub fn elements(&self) -> i64 {
        self.size / dtype_bytes(self.dtype).unwrap_or(1).max(1)
    }
}

/// The buffers of a `harp.func`, in table order.
pub fn buffers<'c>(body: &Body<'c>, func: OpId) -> Vec<BufferInfo<'c>> {
    let Some(list) = body.attr(func, "buffers").and_then(|a| a.as_array()) else {
        return Vec::new();
    };
    list.iter()
        .filter_map(|&a| BufferAttr::from_attr(a))
        .map(|b| BufferInfo {
            id: b.id(),
            dtype: b.dtype(),
            size: b.size(),
            offset: b.offset(),
        })
        .collect()
}

/// A kernel's accesses: `(op, buffer, is_write)` in program order.
pub fn accesses(inner: &Body<'_>) -> Vec<(OpId, i64, bool)> {
    inner
        .all_ops()
        .into_iter()
        .filter_map(|op| {
            let buf = inner.attr(op, "buffer").and_then(|a| a.as_int())? as i64;
            if LoadOp::from_op(inner, op).is_some() {
                Some((op, buf, false))
            } else if StoreOp::from_op(inner, op).is_some() {
                Some((op, buf, true))
            } else {
                None
            }
        })
        .collect()
}

/// The live range of each buffer over the kernel order, as `[first, last]` kernel
/// indices: from the first kernel that writes it (`-1` for an argument) to the last
/// that reads it (`kernels` for the result, `first` if none does). `None` for a
/// buffer no kernel touches and that is neither argument nor result.
pub fn live_ranges(body: &Body<'_>, func: OpId) -> FxHashMap<i64, (i64, i64)> {
    let kernels: Vec<OpId> = kernels(body, func);
    let args = int_list(body, func, "args");
    let ret = body
        .attr(func, "ret")
        .and_then(|a| a.as_int())
        .map(|v| v as i64);
    let mut ranges: FxHashMap<i64, (i64, i64)> = FxHashMap::default();
    for &a in &args {
        ranges.insert(a, (-1, -1));
    }
    let fb = body.region_body(func);
    for (k, &kernel) in kernels.iter().enumerate() {
        let k = k as i64;
        for (_, buf, write) in accesses(fb.region_body(kernel)) {
            let r = ranges.entry(buf).or_insert((k, k));
            if write {
                r.0 = r.0.min(k);
            }
            r.1 = r.1.max(k);
        }
    }
    if let Some(r) = ret {
        let end = kernels.len() as i64;
        ranges
            .entry(r)
            .and_modify(|x| x.1 = end)
            .or_insert((end, end));
    }
    ranges
}

/// The kernels of a function, in order (ops of `body.region_body(func)`).
pub fn kernels(body: &Body<'_>, func: OpId) -> Vec<OpId> {
    let inner = body.region_body(func);
    let Some(&region) = body.regions_of(func).first() else {
        return Vec::new();
    };
    let Some(block) = inner.entry_block(region) else {
        return Vec::new();
    };
    inner
        .block_ops(block)
        .filter(|&op| KernelOp::from_op(inner, op).is_some())
        .collect()
}

/// An integer-array property (`args`, `reads`, `writes`, `launch_dims`).
pub fn int_list(body: &Body<'_>, op: OpId, name: &str) -> Vec<i64> {
    body.attr(op, name)
        .and_then(|a| a.dense_int_values())
        .map(|v| v.to_vec())
        .unwrap_or_default()
}

/// The `harp.func` verifier.
pub fn verify_func<'c>(
    ctx: &'c Context,
    body: &Body<'c>,
    func: OpId,
) -> Result<(), Diagnostic<'c>> {
    let err = |msg: String| Err(op_error(body, func, &msg));
    let bufs = buffers(body, func);
    let mut by_id: FxHashMap<i64, BufferInfo<'c>> = FxHashMap::default();
    let arena = body
        .attr(func, "required_memory")
        .and_then(|a| a.as_int())
        .unwrap_or(0) as i64;
    if arena < 0 {
        return err(format!("required_memory must be non-negative, got {arena}"));
    }
    // `required_memory` 0: not planned yet (harp-plan-arena assigns the offsets).
    let planned = arena > 0;
    for b in &bufs {
        if by_id.insert(b.id, *b).is_some() {
            return err(format!("buffer id {} is listed twice", b.id));
        }
        if planned && b.offset.checked_add(b.size).is_none_or(|end| end > arena) {
            return err(format!(
                "buffer {} (bytes {}..{}) lies outside the arena of {arena} bytes",
                b.id,
                b.offset,
                b.offset.saturating_add(b.size)
            ));
        }
    }
    let args = int_list(body, func, "args");
    for (i, a) in args.iter().enumerate() {
        if !by_id.contains_key(a) {
            return err(format!(
                "argument {i} names buffer {a}, which is not in the table"
            ));
        }
        if args[..i].contains(a) {
            return err(format!("buffer {a} is passed as two arguments"));
        }
    }
    let ret = body.attr(func, "ret").and_then(|a| a.as_int()).unwrap_or(0) as i64;
    if !by_id.contains_key(&ret) {
        return err(format!(
            "the result names buffer {ret}, which is not in the table"
        ));
    }
    if args.contains(&ret) {
        return err(format!("buffer {ret} is both an argument and the result"));
    }

    let kernels = kernels(body, func);
    let mut written: FxHashMap<i64, ()> = args.iter().map(|&a| (a, ())).collect();
    let fb = body.region_body(func);
    for &kernel in &kernels {
        // Isolated kernels may be verified after this; their own rule comes first.
        crate::verify_kernel(ctx, fb, kernel)?;
        verify_kernel_accesses(fb, kernel, &by_id, &mut written)?;
    }
    if !written.contains_key(&ret) {
        return err(format!("no kernel writes the result buffer {ret}"));
    }

    if !planned {
        return Ok(());
    }
    // Buffers live at the same time must not share bytes.
    let ranges = live_ranges(body, func);
    let mut live: Vec<(BufferInfo<'c>, (i64, i64))> = bufs
        .iter()
        .filter(|b| b.size > 0)
        .filter_map(|b| ranges.get(&b.id).map(|&r| (*b, r)))
        .collect();
    live.sort_by_key(|(b, _)| (b.offset, b.id));
    for (i, (a, ra)) in live.iter().enumerate() {
        for (b, rb) in &live[i + 1..] {
            if b.offset >= a.offset + a.size {
                break;
            }
            if ra.0 <= rb.1 && rb.0 <= ra.1 {
                return err(format!(
                    "buffers {} (bytes {}..{}) and {} (bytes {}..{}) overlap while both are \
                     live (kernels {} and {})",
                    a.id,
                    a.offset,
                    a.offset + a.size,
                    b.id,
                    b.offset,
                    b.offset + b.size,
                    describe(ra),
                    describe(rb)
                ));
            }
        }
    }
    Ok(())
}

fn describe(r: &(i64, i64)) -> String {
    let end = |k: i64| {
        if k < 0 {
            "start".to_string()
        } else {
            k.to_string()
        }
    };
    format!("{}..{}", end(r.0), end(r.1))
}

/// A kernel's accesses name buffers of the table, with their element type, inside
/// them; its `reads`/`writes` are exactly the buffers it loads and stores; it reads
/// nothing that no earlier kernel (or the caller) wrote.
fn verify_kernel_accesses<'c>(
    body: &Body<'c>,
    kernel: OpId,
    by_id: &FxHashMap<i64, BufferInfo<'c>>,
    written: &mut FxHashMap<i64, ()>,
) -> Result<(), Diagnostic<'c>> {
    let inner = body.region_body(kernel);
    let mut reads = Vec::new();
    let mut writes = Vec::new();
    for (op, id, is_write) in accesses(inner) {
        let e = |msg: String| Err(op_error(inner, op, &msg));
        let Some(buf) = by_id.get(&id) else {
            return e(format!(
                "names buffer {id}, which is not in the function's table"
            ));
        };
        let ty = if is_write {
            inner.value_type(inner.operand(op, 0))
        } else {
            inner.value_type(inner.result(op, 0))
        };
        if ty != buf.dtype {
            return e(format!(
                "accesses buffer {id} of {} elements as {ty}",
                buf.dtype
            ));
        }
        if let Some(v) = inner.attr(op, "view").and_then(ViewAttr::from_attr) {
            match View::of(v).extent() {
                Some(Some((lo, hi))) if lo < 0 || hi >= buf.elements() => {
                    return e(format!(
                        "reaches elements {lo}..={hi} of buffer {id}, which holds {} \
                         ({} bytes of {})",
                        buf.elements(),
                        buf.size,
                        buf.dtype
                    ))
                }
                None => return e("view offsets overflow".to_string()),
                _ => {}
            }
        }
        if is_write {
            if !writes.contains(&id) {
                writes.push(id);
            }
        } else {
            if !written.contains_key(&id) {
                return e(format!(
                    "reads buffer {id}, which neither the caller nor an earlier kernel writes"
                ));
            }
            if !reads.contains(&id) {
                reads.push(id);
            }
        }
    }
    for (list, actual, what) in [
        ("reads", &mut reads, "loads"),
        ("writes", &mut writes, "stores"),
    ] {
        let mut declared = int_list(body, kernel, list);
        declared.sort_unstable();
        actual.sort_unstable();
        if declared != *actual {
            return Err(op_error(
                body,
                kernel,
                &format!("{list} {declared:?}, but its {what} name buffers {actual:?}"),
            ));
        }
    }
    for w in writes {
        written.insert(w, ());
    }
    Ok(())
}
