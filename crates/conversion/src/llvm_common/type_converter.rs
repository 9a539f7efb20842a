//! The type converter of every conversion to the `llvm` dialect (MLIR's
//! `LLVMTypeConverter`): `index` becomes `i64`, signed and unsigned integers become
//! signless, float formats LLVM has no type for become integers of their width,
//! `complex<T>` a two-field struct, 1-D vectors stay, 0-D vectors become one-lane
//! vectors, n-D vectors arrays of 1-D vectors, and memrefs become MLIR's descriptor
//! structs. Types of the `llvm` dialect are already legal.

use smallvec::SmallVec;

use pto_dialects::llvm::{self, array_type, ptr_type_in, struct_type};
use pto_ir::{AttrKind, Context, FloatKind, Type, TypeKind};
use pto_rewrite::conversion::{TypeConversion, TypeConverter};

/// Options shared by the conversions to `llvm` (MLIR's `LowerToLLVMOptions`).
#[derive(Copy, Clone, Debug)]
pub struct LowerToLlvmOptions {
    /// The width of `index` (`index-bitwidth`; 64 by default).
    pub index_bitwidth: u32,
    /// Memref arguments and results as bare pointers instead of descriptors
    /// (`use-bare-ptr-memref-call-conv`).
    pub bare_ptr_memrefs: bool,
}

impl Default for LowerToLlvmOptions {
    fn default() -> Self {
        Self {
            index_bitwidth: 64,
            bare_ptr_memrefs: false,
        }
    }
}

/// The integer type `index` converts to.
pub fn index_type<'c>(ctx: &'c Context, options: &LowerToLlvmOptions) -> Type<'c> {
    ctx.int_type(options.index_bitwidth)
}

/// The address space of a memref's memory space attribute (none is 0); `None` for a
/// memory space that is not an integer.
pub fn address_space(memory_space: Option<pto_ir::Attribute<'_>>) -> Option<u32> {
    match memory_space.map(|a| a.kind()) {
        None => Some(0),
        Some(AttrKind::Integer { value, .. }) => u32::try_from(*value).ok(),
        Some(_) => None,
    }
}

/// The descriptor struct of a ranked memref of `rank` dimensions in `addr_space`:
/// `(allocated ptr, aligned ptr, offset, sizes[rank], strides[rank])`; without the two
/// arrays for rank 0.
pub fn memref_descriptor_type<'c>(
    ctx: &'c Context,
    index: Type<'c>,
    rank: usize,
    addr_space: u32,
) -> Type<'c> {
    let ptr = ptr_type_in(ctx, addr_space);
    let mut fields: SmallVec<[Type<'c>; 5]> = SmallVec::from_slice(&[ptr, ptr, index]);
    if rank > 0 {
        let arr = array_type(ctx, index, rank as u64);
        fields.extend([arr, arr]);
    }
    struct_type(ctx, &fields, false)
}

/// The descriptor of an unranked memref: `(rank, ptr to a ranked descriptor)`.
pub fn unranked_descriptor_type<'c>(
    ctx: &'c Context,
    index: Type<'c>,
    addr_space: u32,
) -> Type<'c> {
    struct_type(ctx, &[index, ptr_type_in(ctx, addr_space)], false)
}

/// The LLVM element type a memref of element type `t` stores (`None` if `t` does not
/// convert).
pub fn convert_element_type<'c>(
    ctx: &'c Context,
    options: &LowerToLlvmOptions,
    t: Type<'c>,
) -> Option<Type<'c>> {
    convert(ctx, options, t)
}

fn convert<'c>(ctx: &'c Context, options: &LowerToLlvmOptions, t: Type<'c>) -> Option<Type<'c>> {
    match *t.kind() {
        TypeKind::Index => Some(index_type(ctx, options)),
        TypeKind::Integer { width, .. } => Some(ctx.int_type(width)),
        TypeKind::Float(k) => Some(match k {
            FloatKind::F16
            | FloatKind::BF16
            | FloatKind::F32
            | FloatKind::F64
            | FloatKind::F80
            | FloatKind::F128 => t,
            // No LLVM type: carried as the integer of the same width.
            FloatKind::TF32 => ctx.int_type(19),
            FloatKind::F6E2M3FN | FloatKind::F6E3M2FN => ctx.int_type(6),
            FloatKind::F4E2M1FN => ctx.int_type(4),
            _ => ctx.int_type(8),
        }),
        TypeKind::Complex(e) => {
            let e = convert(ctx, options, e)?;
            Some(struct_type(ctx, &[e, e], false))
        }
        TypeKind::Vector {
            shape,
            scalable,
            element,
        } => {
            let e = convert(ctx, options, element)?;
            if !llvm::is_compatible_type(e) || e.dialect_type().is_some() && !e.is_integer() {
                return None;
            }
            // A 0-D vector is a one-lane LLVM vector, as in MLIR.
            let (&last, outer) = shape.split_last().unwrap_or((&1, &[]));
            // Scalable dimensions other than the innermost have no LLVM form.
            if scalable[..outer.len()].iter().any(|&s| s) {
                return None;
            }
            let inner = if scalable.last() == Some(&true) {
                ctx.scalable_vector_type(&[last], &[true], e)
            } else {
                ctx.vector_type(&[last], e)
            };
            Some(
                outer
                    .iter()
                    .rev()
                    .fold(inner, |acc, &d| array_type(ctx, acc, d as u64)),
            )
        }
        TypeKind::MemRef {
            shape,
            element,
            layout,
            memory_space,
        } => {
            convert(ctx, options, element)?;
            // Only layouts with strides and an offset have a descriptor.
            t.strides_and_offset()?;
            let _ = layout;
            let space = address_space(memory_space)?;
            let index = index_type(ctx, options);
            Some(memref_descriptor_type(ctx, index, shape.len(), space))
        }
        TypeKind::UnrankedMemRef {
            element,
            memory_space,
        } => {
            convert(ctx, options, element)?;
            let space = address_space(memory_space)?;
            Some(unranked_descriptor_type(
                ctx,
                index_type(ctx, options),
                space,
            ))
        }
        // A value of function type (`func.constant`) is a function pointer, as in
        // MLIR's `convertFunctionType`.
        TypeKind::Function { .. } => Some(llvm::ptr_type(ctx)),
        TypeKind::Dialect { def, .. } if def.dialect == "llvm" => Some(t),
        _ => None,
    }
}

/// The single LLVM type a function with `results` returns: `!llvm.void` for none, the
/// converted type for one, a struct of them for several.
pub fn packed_result_type<'c>(
    ctx: &'c Context,
    options: &LowerToLlvmOptions,
    results: &[Type<'c>],
) -> Option<Type<'c>> {
    match results {
        [] => Some(llvm::void_type(ctx)),
        [r] => convert(ctx, options, *r),
        _ => {
            let fields: Option<SmallVec<[Type<'c>; 4]>> =
                results.iter().map(|&r| convert(ctx, options, r)).collect();
            Some(struct_type(ctx, &fields?, false))
        }
    }
}

/// The LLVM type converter, with unrealized-cast materializations (the casts are
/// removed by `reconcile-unrealized-casts` once both sides are converted).
pub fn llvm_type_converter<'c>(ctx: &'c Context, options: LowerToLlvmOptions) -> TypeConverter<'c> {
    let mut tc = TypeConverter::new();
    tc.add_conversion(move |t| match convert(ctx, &options, t) {
        Some(n) => TypeConversion::Converted(n),
        None => TypeConversion::Failed,
    });
    tc.add_unrealized_cast_materializations();
    tc
}

#[cfg(test)]
mod tests {
    use super::*;
    use pto_parser::parse_type_str;

    fn conv(src: &str) -> String {
        let mut ctx = Context::new();
        pto_dialects::register_dialects(&mut ctx);
        let t = parse_type_str(&ctx, src).expect("type parses");
        let tc = llvm_type_converter(&ctx, LowerToLlvmOptions::default());
        tc.convert_type(t)
            .map_or("<fails>".into(), |t| t.to_string())
    }

    #[test]
    fn builtin_types_become_llvm_types() {
        assert_eq!(conv("index"), "i64");
        assert_eq!(conv("si8"), "i8");
        assert_eq!(conv("f8E4M3FN"), "i8");
        assert_eq!(conv("bf16"), "bf16");
        assert_eq!(conv("complex<f32>"), "!llvm.struct<(f32, f32)>");
        assert_eq!(conv("vector<4xindex>"), "vector<4xi64>");
        assert_eq!(conv("vector<2x3xf32>"), "!llvm.array<2 x vector<3xf32>>");
        assert_eq!(conv("vector<[4]xf32>"), "vector<[4]xf32>");
        assert_eq!(conv("tuple<i32>"), "<fails>");
    }

    #[test]
    fn memrefs_become_descriptors() {
        assert_eq!(
            conv("memref<4x?xf32>"),
            "!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>"
        );
        assert_eq!(
            conv("memref<f32, 3>"),
            "!llvm.struct<(ptr<3>, ptr<3>, i64)>"
        );
        assert_eq!(
            conv("memref<4xf32, strided<[?], offset: ?>>"),
            "!llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>"
        );
        assert_eq!(conv("memref<*xf32>"), "!llvm.struct<(i64, ptr)>");
        assert_eq!(conv("memref<4xf32, \"gpu\">"), "<fails>");
        // Values of function type are function pointers.
        assert_eq!(conv("(memref<2xi8>, index) -> (f32, i1)"), "!llvm.ptr");
    }
}
