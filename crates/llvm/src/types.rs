//! Types: `llvm` dialect and builtin types to LLVM IR types.

use inkwell::context::Context as LLContext;
use inkwell::llvm_sys::core::{LLVMArrayType2, LLVMVectorType};
use inkwell::types::{AsTypeRef, BasicType, BasicTypeEnum, FunctionType};
use inkwell::AddressSpace;

use pto_dialects::llvm::{
    LLVMArrayType, LLVMFunctionType, LLVMPointerType, LLVMStructType, LLVMVoidType,
};
use pto_ir::{FloatKind, Type, TypeKind};

/// The LLVM IR type of a value of type `t` (every type but `void` and function types).
pub fn basic_type<'ll>(ll: &'ll LLContext, t: Type<'_>) -> Result<BasicTypeEnum<'ll>, String> {
    match t.kind() {
        TypeKind::Integer { width, .. } => {
            let bits = std::num::NonZeroU32::new(*width)
                .ok_or_else(|| "zero-width integers have no LLVM IR type".to_string())?;
            Ok(ll
                .custom_width_int_type(bits)
                .map_err(|e| format!("type {t}: {e}"))?
                .as_basic_type_enum())
        }
        TypeKind::Float(kind) => Ok(match kind {
            FloatKind::F16 => ll.f16_type(),
            FloatKind::BF16 => ll.bf16_type(),
            FloatKind::F32 => ll.f32_type(),
            FloatKind::F64 => ll.f64_type(),
            FloatKind::F80 => ll.x86_f80_type(),
            FloatKind::F128 => ll.f128_type(),
            _ => return Err(format!("type {t} has no LLVM IR equivalent")),
        }
        .as_basic_type_enum()),
        TypeKind::Vector {
            shape,
            scalable,
            element,
        } if shape.len() == 1 && !scalable.iter().any(|s| *s) => {
            let elem = basic_type(ll, *element)?;
            let n = u32::try_from(shape[0]).map_err(|_| format!("vector type {t} too long"))?;
            // SAFETY: the element type belongs to `ll`; LLVMVectorType returns a vector
            // type of the same context.
            Ok(unsafe { BasicTypeEnum::new(LLVMVectorType(elem.as_type_ref(), n)) })
        }
        _ => {
            if let Some(p) = LLVMPointerType::from_type(t) {
                return Ok(ll
                    .ptr_type(AddressSpace::from(p.address_space() as u16))
                    .as_basic_type_enum());
            }
            if let Some(a) = LLVMArrayType::from_type(t) {
                let elem = basic_type(ll, a.element_type())?;
                // SAFETY: as for vectors above.
                return Ok(unsafe {
                    BasicTypeEnum::new(LLVMArrayType2(elem.as_type_ref(), a.num_elements()))
                });
            }
            if let Some(s) = LLVMStructType::from_type(t) {
                let fields = s
                    .body()
                    .iter()
                    .map(|f| basic_type(ll, *f))
                    .collect::<Result<Vec<_>, _>>()?;
                return Ok(ll.struct_type(&fields, s.packed()).as_basic_type_enum());
            }
            Err(format!("type {t} has no LLVM IR equivalent"))
        }
    }
}

/// The LLVM IR function type of an `!llvm.func<...>` type.
pub fn function_type<'ll>(ll: &'ll LLContext, t: Type<'_>) -> Result<FunctionType<'ll>, String> {
    let f = LLVMFunctionType::from_type(t).ok_or_else(|| format!("{t} is not a function type"))?;
    let params = f
        .params()
        .iter()
        .map(|p| basic_type(ll, *p).map(Into::into))
        .collect::<Result<Vec<_>, _>>()?;
    let ret = f.return_type();
    if LLVMVoidType::from_type(ret).is_some() {
        Ok(ll.void_type().fn_type(&params, f.var_arg()))
    } else {
        Ok(basic_type(ll, ret)?.fn_type(&params, f.var_arg()))
    }
}
