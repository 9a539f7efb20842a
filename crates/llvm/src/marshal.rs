//! The typed layer of the [`Engine`]: calls with interpreter [`Value`]s, marshalled
//! by MLIR's default calling convention of `convert-func-to-llvm` (the signature before
//! lowering decides): integers and `index` (`i64`) and floats as themselves; a ranked
//! memref as the scalars of its descriptor (allocated pointer, aligned pointer, `i64`
//! offset, `i64` sizes, `i64` strides); a memref result as the descriptor struct;
//! several results packed in a struct.
//!
//! Memref arguments are passed without copying: interpreter buffers hold the bytes as
//! compiled code stores them (little-endian, `i1` as a byte), so kernels that write into
//! their arguments (destination-passing style) write into the caller's buffers. Memref
//! results are copied into fresh buffers (the compiled allocation is not freed).
//!
//! `f16`/`bf16` scalars (arguments and results) cross as their bits: the packed wrapper
//! loads and stores them as `half`/`bfloat` in memory, so the native calling
//! convention of those types (XMM registers on x86-64) stays inside compiled code.

use std::cell::RefCell;
use std::ffi::c_void;
use std::rc::Rc;

use pto_interp::{Buffer, Elem, MemRef, Value};
use pto_ir::{Type, TypeKind};

use super::engine::{Engine, Leaf, Scalar};

/// A function's signature before lowering (builtin types: integers, `index`, `f16`,
/// `bf16`, `f32`, `f64`, ranked memrefs of those).
#[derive(Clone, Debug)]
pub struct Signature<'c> {
    /// Parameter types.
    pub inputs: Vec<Type<'c>>,
    /// Result types.
    pub results: Vec<Type<'c>>,
}

impl<'c> Signature<'c> {
    /// The signature of a builtin function type (`(memref<4xf32>) -> f32`).
    pub fn of_function_type(t: Type<'c>) -> Option<Self> {
        let (inputs, results) = t.function_signature()?;
        Some(Self {
            inputs: inputs.to_vec(),
            results: results.to_vec(),
        })
    }
}

/// One packed argument's storage (16 bytes, aligned for any scalar).
#[repr(C, align(16))]
#[derive(Copy, Clone, Default)]
struct Slot([u8; 16]);

/// A buffer handed to compiled code, which works on its bytes in place.
struct Staged {
    buffer: Rc<RefCell<Buffer>>,
    data: *mut u8,
}

fn stage(buffer: &Rc<RefCell<Buffer>>) -> Result<Staged, String> {
    // Fails if someone holds a borrow: the compiled code is about to write.
    let mut b = buffer
        .try_borrow_mut()
        .map_err(|_| "a memref argument's buffer is in use".to_string())?;
    let data = b.as_mut_ptr();
    Ok(Staged {
        buffer: buffer.clone(),
        data,
    })
}

fn read_le(c: &[u8]) -> u128 {
    let mut b = [0u8; 16];
    b[..c.len().min(16)].copy_from_slice(&c[..c.len().min(16)]);
    u128::from_le_bytes(b)
}

fn sign_extend(bits: u128, width: u32) -> i128 {
    if width == 0 || width >= 128 {
        return bits as i128;
    }
    let shift = 128 - width;
    ((bits << shift) as i128) >> shift
}

fn scalar_width(t: Type<'_>) -> Option<u32> {
    match t.kind() {
        TypeKind::Index => Some(64),
        _ => t.int_width(),
    }
}

impl Engine {
    /// Calls `name`, whose signature before lowering was `sig`, on `args`: the results
    /// as values (memref results copied into fresh row-major buffers). Memref arguments
    /// are updated in place with what the function wrote.
    pub fn call(
        &self,
        name: &str,
        sig: &Signature<'_>,
        args: &[Value],
    ) -> Result<Vec<Value>, String> {
        let layout = self
            .layout(name)
            .ok_or_else(|| format!("no compiled function named '@{name}'"))?
            .clone();
        if args.len() != sig.inputs.len() {
            return Err(format!(
                "'@{name}' takes {} arguments, {} given",
                sig.inputs.len(),
                args.len()
            ));
        }
        let mismatch = || {
            format!(
                "the compiled '@{name}' does not have the parameters its signature lowers to \
                 (default memref calling convention expected)"
            )
        };
        let mut slots: Vec<Slot> = Vec::new();
        let mut expect: Vec<Scalar> = Vec::new();
        let mut staged: Vec<Staged> = Vec::new();
        for (i, (ty, v)) in sig.inputs.iter().zip(args).enumerate() {
            let bad = || format!("argument {i}: {v} does not match type {ty}");
            match ty.kind() {
                TypeKind::MemRef { shape, element, .. } => {
                    let m = v.as_memref().ok_or_else(bad)?;
                    let elem = Elem::of(*element).ok_or_else(bad)?;
                    if m.elem != elem || m.sizes.len() != shape.len() {
                        return Err(bad());
                    }
                    let data = match staged.iter().find(|s| Rc::ptr_eq(&s.buffer, &m.buffer)) {
                        Some(s) => s.data,
                        None => {
                            let s = stage(&m.buffer).map_err(|e| format!("argument {i}: {e}"))?;
                            let d = s.data;
                            staged.push(s);
                            d
                        }
                    };
                    let len = m.buffer.borrow().len();
                    if m.base < 0 || m.base as usize > len {
                        return Err(format!(
                            "argument {i}: its aligned pointer is {} bytes from a buffer of {len}",
                            m.base
                        ));
                    }
                    let base = data.wrapping_add(m.base as usize);
                    let ptr = Slot(pad((base as usize as u64).to_le_bytes()));
                    slots.extend([ptr, ptr, int_slot(m.offset as i128)]);
                    expect.extend([Scalar::Ptr, Scalar::Ptr, Scalar::Int(64)]);
                    for &d in m.sizes.iter().chain(&m.strides) {
                        slots.push(int_slot(d as i128));
                        expect.push(Scalar::Int(64));
                    }
                }
                TypeKind::Float(_) => {
                    let (slot, s) = match (Elem::of(*ty), v) {
                        (Some(Elem::F32), Value::F32(x)) => {
                            (Slot(pad(x.to_le_bytes())), Scalar::F32)
                        }
                        (Some(Elem::F64), Value::F64(x)) => {
                            (Slot(pad(x.to_le_bytes())), Scalar::F64)
                        }
                        (Some(Elem::F16), Value::F16(b)) | (Some(Elem::BF16), Value::BF16(b)) => {
                            (Slot(pad(b.to_le_bytes())), Scalar::Half)
                        }
                        _ => return Err(bad()),
                    };
                    slots.push(slot);
                    expect.push(s);
                }
                _ => {
                    let w = scalar_width(*ty)
                        .ok_or_else(|| format!("argument {i}: unsupported type {ty}"))?;
                    let Value::Int { .. } = v else {
                        return Err(bad());
                    };
                    slots.push(int_slot(v.zext() as i128));
                    expect.push(Scalar::Int(w));
                }
            }
        }
        if layout.params.len() != expect.len()
            || layout
                .params
                .iter()
                .zip(&expect)
                .any(|(p, e)| *p != Some(*e))
        {
            return Err(mismatch());
        }
        let mut result_storage: Vec<Slot> = match &layout.result {
            Some((_, size)) => vec![Slot::default(); size.div_ceil(16).max(1)],
            None => Vec::new(),
        };
        let mut packed: Vec<*mut c_void> =
            slots.iter_mut().map(|s| s.0.as_mut_ptr().cast()).collect();
        if layout.result.is_some() {
            packed.push(result_storage.as_mut_ptr().cast());
        }
        // SAFETY: every pointer points to a slot of the parameter's scalar type (checked
        // against the compiled signature above) or to result storage of the result's
        // size; memref descriptors point into live buffers of the described extent.
        unsafe { self.invoke_packed(name, &mut packed) }?;
        drop(staged);
        let Some((leaves, _)) = &layout.result else {
            return if sig.results.is_empty() {
                Ok(Vec::new())
            } else {
                Err(mismatch())
            };
        };
        // SAFETY: the storage holds the result the wrapper stored.
        let bytes: &[u8] = unsafe {
            std::slice::from_raw_parts(
                result_storage.as_ptr().cast::<u8>(),
                result_storage.len() * 16,
            )
        };
        decode_results(sig, leaves, bytes).ok_or_else(mismatch)?
    }
}

fn pad<const N: usize>(b: [u8; N]) -> [u8; 16] {
    let mut out = [0u8; 16];
    out[..N].copy_from_slice(&b);
    out
}

fn int_slot(v: i128) -> Slot {
    Slot(v.to_le_bytes())
}

/// The result values from the stored result's scalars, by the original result types.
fn decode_results(
    sig: &Signature<'_>,
    leaves: &[Leaf],
    bytes: &[u8],
) -> Option<Result<Vec<Value>, String>> {
    let mut it = leaves.iter();
    let mut out = Vec::with_capacity(sig.results.len());
    let read = |l: &Leaf| read_le(&bytes[l.offset..l.offset + l.scalar.size()]);
    for ty in &sig.results {
        match ty.kind() {
            TypeKind::MemRef { shape, element, .. } => {
                let rank = shape.len();
                let mut next = || it.next().map(read);
                let _allocated = next()?;
                let aligned = next()? as usize;
                let offset = next()? as i64;
                let mut sizes = Vec::with_capacity(rank);
                for _ in 0..rank {
                    sizes.push(next()? as i64);
                }
                let mut strides = Vec::with_capacity(rank);
                for _ in 0..rank {
                    strides.push(next()? as i64);
                }
                let elem = Elem::of(*element)?;
                // SAFETY: the descriptor comes from the compiled code, which allocated
                // or received the memory it describes.
                out.push(
                    unsafe { copy_out(aligned as *const u8, elem, offset, &sizes, &strides) }
                        .map(Value::MemRef),
                );
            }
            TypeKind::Float(_) => {
                let l = it.next()?;
                out.push(Ok(match (Elem::of(*ty)?, l.scalar) {
                    (Elem::F32, Scalar::F32) => Value::F32(f32::from_bits(read(l) as u32)),
                    (Elem::F64, Scalar::F64) => Value::F64(f64::from_bits(read(l) as u64)),
                    (Elem::F16, Scalar::Half) => Value::F16(read(l) as u16),
                    (Elem::BF16, Scalar::Half) => Value::BF16(read(l) as u16),
                    _ => return None,
                }));
            }
            _ => {
                let l = it.next()?;
                let w = scalar_width(*ty)?;
                if l.scalar != Scalar::Int(w) {
                    return None;
                }
                out.push(Ok(Value::int(sign_extend(read(l), w), w)));
            }
        }
    }
    if it.next().is_some() {
        return None;
    }
    Some(out.into_iter().collect())
}

/// Copies the elements a descriptor describes into a fresh row-major memref.
///
/// # Safety
/// Every element position `aligned + (offset + sum(i_d * stride_d)) * size` for indices
/// within `sizes` must be readable.
unsafe fn copy_out(
    aligned: *const u8,
    elem: Elem,
    offset: i64,
    sizes: &[i64],
    strides: &[i64],
) -> Result<MemRef, String> {
    if sizes.iter().any(|&s| s < 0) {
        return Err("memref result with a negative size".into());
    }
    let n: i64 = sizes.iter().product();
    if n > 0 && aligned.is_null() {
        return Err("memref result with a null data pointer".into());
    }
    let size = elem.size();
    // A row-major result (what compiled code allocates) is one copy.
    let row_major = pto_interp::value::row_major(sizes);
    let contiguous = sizes
        .iter()
        .zip(strides.iter().zip(&row_major))
        .all(|(&n, (&s, &r))| n == 1 || s == r);
    if contiguous && n > 0 {
        let p = aligned.offset(offset as isize * size as isize);
        let buffer = Buffer::from_bytes(std::slice::from_raw_parts(p, n as usize * size));
        return Ok(MemRef::from_buffer(buffer, elem, sizes));
    }
    let mut buffer = Buffer::zeroed(n as usize * size);
    let mut index = vec![0i64; sizes.len()];
    for chunk in buffer.bytes_mut().chunks_exact_mut(size) {
        let pos: i64 = offset + index.iter().zip(strides).map(|(i, s)| i * s).sum::<i64>();
        let p = aligned.offset(pos as isize * size as isize);
        chunk.copy_from_slice(std::slice::from_raw_parts(p, size));
        for d in (0..index.len()).rev() {
            index[d] += 1;
            if index[d] < sizes[d] {
                break;
            }
            index[d] = 0;
        }
    }
    Ok(MemRef::from_buffer(buffer, elem, sizes))
}
