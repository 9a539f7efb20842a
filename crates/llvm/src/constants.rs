//! Constants: attributes (`llvm.mlir.constant`'s value, a global's initializer) to LLVM
//! IR constants, and the typeless constant builders inkwell only offers per value kind.

use inkwell::context::Context as LLContext;
use inkwell::llvm_sys::core::{
    LLVMConstArray2, LLVMConstStringInContext2, LLVMConstStructInContext, LLVMConstVector,
    LLVMGetArrayLength2, LLVMGetElementType, LLVMGetPoison, LLVMGetTypeKind, LLVMGetUndef,
    LLVMGetVectorSize, LLVMIsConstant, LLVMStructGetTypeAtIndex,
};
use inkwell::llvm_sys::prelude::LLVMValueRef;
use inkwell::llvm_sys::LLVMTypeKind;
use inkwell::types::{AsTypeRef, BasicType, BasicTypeEnum};
use inkwell::values::{AsValueRef, BasicValue, BasicValueEnum};

use pto_ir::{AttrKind, Attribute, Type};

/// Wraps a value made by the C API.
///
/// # Safety
/// `v` must be a valid first-class value of the context in use.
pub(super) unsafe fn wrap<'ll>(v: LLVMValueRef) -> BasicValueEnum<'ll> {
    BasicValueEnum::new(v)
}

/// `undef` of `ty`.
pub fn undef(ty: BasicTypeEnum<'_>) -> BasicValueEnum<'_> {
    // SAFETY: `ty` is a valid first-class type; the result is a constant of it.
    unsafe { wrap(LLVMGetUndef(ty.as_type_ref())) }
}

/// `poison` of `ty`.
pub fn poison(ty: BasicTypeEnum<'_>) -> BasicValueEnum<'_> {
    // SAFETY: as for `undef`.
    unsafe { wrap(LLVMGetPoison(ty.as_type_ref())) }
}

/// Whether `v` is a constant (so it can initialize a global).
pub fn is_constant(v: BasicValueEnum<'_>) -> bool {
    // SAFETY: `v` is a valid value.
    unsafe { LLVMIsConstant(v.as_value_ref()) != 0 }
}

/// A constant vector, array or literal struct of type `ty` from its element constants
/// (which must have the element types).
pub fn aggregate<'ll>(
    ll: &'ll LLContext,
    ty: BasicTypeEnum<'ll>,
    elems: &[BasicValueEnum<'ll>],
) -> Result<BasicValueEnum<'ll>, String> {
    let mut refs: Vec<LLVMValueRef> = elems.iter().map(|e| e.as_value_ref()).collect();
    let n = refs.len() as u32;
    // SAFETY: the element values are constants of `ll`; each branch checks the count
    // against the type before calling the constructor.
    unsafe {
        match ty {
            BasicTypeEnum::VectorType(v) => {
                if LLVMGetVectorSize(v.as_type_ref()) != n {
                    return Err(format!("{n} elements for a vector of {}", v.get_size()));
                }
                Ok(wrap(LLVMConstVector(refs.as_mut_ptr(), n)))
            }
            BasicTypeEnum::ArrayType(a) => {
                if LLVMGetArrayLength2(a.as_type_ref()) != u64::from(n) {
                    return Err(format!("{n} elements for an array of {}", a.len()));
                }
                let elem = LLVMGetElementType(a.as_type_ref());
                Ok(wrap(LLVMConstArray2(elem, refs.as_mut_ptr(), u64::from(n))))
            }
            BasicTypeEnum::StructType(s) => {
                if s.count_fields() != n {
                    return Err(format!(
                        "{n} elements for a struct of {} fields",
                        s.count_fields()
                    ));
                }
                Ok(wrap(LLVMConstStructInContext(
                    ll.raw(),
                    refs.as_mut_ptr(),
                    n,
                    i32::from(s.is_packed()),
                )))
            }
            _ => Err("not an aggregate type".into()),
        }
    }
}

/// The element types of an aggregate LLVM type (`n` copies for arrays and vectors).
fn element_types(ty: BasicTypeEnum<'_>) -> Vec<BasicTypeEnum<'_>> {
    // SAFETY: `ty` is a valid type; element types of valid aggregates are valid.
    unsafe {
        let r = ty.as_type_ref();
        match LLVMGetTypeKind(r) {
            LLVMTypeKind::LLVMArrayTypeKind => {
                let e = BasicTypeEnum::new(LLVMGetElementType(r));
                vec![e; LLVMGetArrayLength2(r) as usize]
            }
            LLVMTypeKind::LLVMVectorTypeKind => {
                let e = BasicTypeEnum::new(LLVMGetElementType(r));
                vec![e; LLVMGetVectorSize(r) as usize]
            }
            LLVMTypeKind::LLVMStructTypeKind => {
                let s = ty.into_struct_type();
                (0..s.count_fields())
                    .map(|i| BasicTypeEnum::new(LLVMStructGetTypeAtIndex(r, i)))
                    .collect()
            }
            _ => Vec::new(),
        }
    }
}

/// An integer or float constant of `ty` from its bits (low bits used).
pub fn scalar_from_bits(ty: BasicTypeEnum<'_>, bits: u128) -> Result<BasicValueEnum<'_>, String> {
    let words = [bits as u64, (bits >> 64) as u64];
    match ty {
        BasicTypeEnum::IntType(t) => {
            let w = t.get_bit_width();
            let bits = if w >= 128 {
                bits
            } else {
                bits & ((1u128 << w) - 1)
            };
            let words = [bits as u64, (bits >> 64) as u64];
            Ok(t.const_int_arbitrary_precision(&words)
                .as_basic_value_enum())
        }
        BasicTypeEnum::FloatType(f) => {
            // An integer constant of the float's width, reinterpreted: exact for every
            // format (f16, bf16, x86_fp80, fp128 included), which `const_float(f64)` is not.
            let width = float_width(f.as_basic_type_enum())?;
            let ll = f.get_context();
            let int_ty = ll
                .custom_width_int_type(std::num::NonZeroU32::new(width).expect("nonzero"))
                .map_err(|e| e.to_string())?;
            let bits = if width >= 128 {
                bits
            } else {
                bits & ((1u128 << width) - 1)
            };
            let words = [bits as u64, (bits >> 64) as u64];
            let int = int_ty.const_int_arbitrary_precision(&words);
            // SAFETY: a bitcast between types of the same size is a valid constant
            // expression; LLVM folds it to a ConstantFP.
            Ok(unsafe {
                wrap(inkwell::llvm_sys::core::LLVMConstBitCast(
                    int.as_value_ref(),
                    f.as_type_ref(),
                ))
            })
        }
        _ => {
            let _ = words;
            Err("expected an integer or float type".into())
        }
    }
}

fn float_width(ty: BasicTypeEnum<'_>) -> Result<u32, String> {
    // SAFETY: reads the kind of a valid type.
    let kind = unsafe { LLVMGetTypeKind(ty.as_type_ref()) };
    Ok(match kind {
        LLVMTypeKind::LLVMHalfTypeKind | LLVMTypeKind::LLVMBFloatTypeKind => 16,
        LLVMTypeKind::LLVMFloatTypeKind => 32,
        LLVMTypeKind::LLVMDoubleTypeKind => 64,
        LLVMTypeKind::LLVMX86_FP80TypeKind => 80,
        LLVMTypeKind::LLVMFP128TypeKind => 128,
        _ => return Err("unsupported float type".into()),
    })
}

/// The constant that attribute `attr` denotes as a value of `ty` (the op's result or
/// the global's LLVM IR type): integers, floats, `dense<...>` elements (splat or full,
/// for vectors and nested arrays), strings (for `i8` arrays) and arrays of those (for
/// structs and arrays).
pub fn from_attribute<'ll>(
    ll: &'ll LLContext,
    attr: Attribute<'_>,
    ty: BasicTypeEnum<'ll>,
) -> Result<BasicValueEnum<'ll>, String> {
    match *attr.kind() {
        AttrKind::Integer { value, .. } => match ty {
            BasicTypeEnum::IntType(_) => scalar_from_bits(ty, value as u128),
            BasicTypeEnum::VectorType(_) | BasicTypeEnum::ArrayType(_) => {
                let elems = element_types(ty)
                    .into_iter()
                    .map(|e| scalar_from_bits(e, value as u128))
                    .collect::<Result<Vec<_>, _>>()?;
                aggregate(ll, ty, &elems)
            }
            _ => Err("an integer attribute needs an integer type".into()),
        },
        AttrKind::Float { bits, ty: float_ty } => match ty {
            BasicTypeEnum::FloatType(_) => scalar_from_bits(ty, bits),
            // A float LLVM has no type for (`f8E4M3FN`, `f4E2M1FN`) is the integer of its
            // width, and its constant that integer's bits (as mlir-translate does).
            BasicTypeEnum::IntType(t)
                if float_ty.float_kind().map(|k| k.width()) == Some(t.get_bit_width()) =>
            {
                scalar_from_bits(ty, bits)
            }
            BasicTypeEnum::VectorType(_) | BasicTypeEnum::ArrayType(_) => {
                let elems = element_types(ty)
                    .into_iter()
                    .map(|e| scalar_from_bits(e, bits))
                    .collect::<Result<Vec<_>, _>>()?;
                aggregate(ll, ty, &elems)
            }
            _ => Err("a float attribute needs a float type".into()),
        },
        AttrKind::DenseElements {
            ty: attr_ty,
            splat,
            data,
        } => dense(ll, attr_ty, splat, data, ty),
        AttrKind::String { value, .. } => match ty {
            BasicTypeEnum::ArrayType(a) if a.len() as usize == value.len() => {
                // SAFETY: a byte string constant of the array's length.
                Ok(unsafe {
                    wrap(LLVMConstStringInContext2(
                        ll.raw(),
                        value.as_ptr().cast(),
                        value.len(),
                        1,
                    ))
                })
            }
            _ => Err("a string attribute needs an i8 array of its length".into()),
        },
        AttrKind::Array(items) => {
            let types = element_types(ty);
            if types.len() != items.len() {
                return Err(format!(
                    "{} elements for an aggregate of {}",
                    items.len(),
                    types.len()
                ));
            }
            let elems = items
                .iter()
                .zip(types)
                .map(|(a, t)| from_attribute(ll, *a, t))
                .collect::<Result<Vec<_>, _>>()?;
            aggregate(ll, ty, &elems)
        }
        _ => Err(format!("unsupported constant attribute {attr}")),
    }
}

/// The most elements a constant is expanded to (a `dense` splat of another value than
/// zero, or an explicit one): beyond, the translation is an error, not an exhausted
/// machine.
const MAX_EXPANDED_ELEMENTS: usize = 1 << 26;

/// A `dense<...>` attribute of type `attr_ty` as a constant of `ty`: a vector or an
/// array, nested for multi-dimensional shapes (row-major).
fn dense<'ll>(
    ll: &'ll LLContext,
    attr_ty: Type<'_>,
    splat: bool,
    data: &[u8],
    ty: BasicTypeEnum<'ll>,
) -> Result<BasicValueEnum<'ll>, String> {
    let elem = attr_ty
        .element_type()
        .ok_or("dense attribute without an element type")?;
    // `index` elements (a lowered `vector.step`, ...) are stored as 64-bit integers.
    let width = elem
        .int_width()
        .or_else(|| elem.is_index().then_some(64))
        .or_else(|| elem.float_kind().map(|k| k.width()))
        .ok_or_else(|| format!("unsupported dense element type {elem}"))?;
    let esize = (width as usize).div_ceil(8).max(1);
    let count = attr_ty.num_elements().unwrap_or(1).max(0) as usize;
    let bits_at = |i: usize| -> u128 {
        let i = if splat { 0 } else { i };
        let mut b = [0u8; 16];
        let chunk = data.get(i * esize..(i + 1) * esize).unwrap_or(&[]);
        b[..chunk.len()].copy_from_slice(chunk);
        u128::from_le_bytes(b)
    };
    // A zero splat stays one constant however large (`zeroinitializer`); any other
    // constant is written element by element, which a size bounds.
    if splat && bits_at(0) == 0 {
        return Ok(ty.const_zero());
    }
    if count > MAX_EXPANDED_ELEMENTS {
        return Err(format!(
            "a constant of {count} elements is too large to write element by element \
             (at most {MAX_EXPANDED_ELEMENTS}; a zero splat stays compact)"
        ));
    }
    if !splat && data.len() < count * esize {
        return Err("dense attribute data shorter than its type".into());
    }
    let mut next = 0usize;
    let value = build_nested(ll, ty, &mut || {
        let b = bits_at(next);
        next += 1;
        b
    })?;
    if next != count {
        return Err(format!(
            "dense attribute of {count} elements for a type of {next} elements"
        ));
    }
    Ok(value)
}

/// Builds a constant of `ty`, taking scalar bits from `next` in row-major order.
fn build_nested<'ll>(
    ll: &'ll LLContext,
    ty: BasicTypeEnum<'ll>,
    next: &mut dyn FnMut() -> u128,
) -> Result<BasicValueEnum<'ll>, String> {
    match ty {
        BasicTypeEnum::IntType(_) | BasicTypeEnum::FloatType(_) => scalar_from_bits(ty, next()),
        BasicTypeEnum::VectorType(_) | BasicTypeEnum::ArrayType(_) => {
            let elems = element_types(ty)
                .into_iter()
                .map(|e| build_nested(ll, e, next))
                .collect::<Result<Vec<_>, _>>()?;
            aggregate(ll, ty, &elems)
        }
        _ => Err("dense attribute for a type that is not a vector or an array".into()),
    }
}
