//! `llvm.intr.*` ops: calls of LLVM intrinsics, declared by name with the types they
//! are overloaded on (`llvm.fabs.f32`, `llvm.memcpy.p0.p0.i64`).
//!
//! `llvm.intr.<x>` becomes a call of `llvm.<x>`, declared through `Intrinsic::find` with
//! its overloaded types, which a small table of shapes gives per intrinsic.

use inkwell::intrinsics::Intrinsic;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{AsValueRef, BasicMetadataValueEnum, BasicValue, BasicValueEnum};

use pto_ir::{Diagnostic, OpId};

use super::function::FnCx;
use super::ops::fastmath_bits;
use super::raw;

/// How an intrinsic op maps onto the intrinsic's signature.
enum Shape {
    /// Overloaded on the result type; the operands are the arguments.
    Result,
    /// Overloaded on the result type; the operands, then an `i1` immediate from an
    /// attribute (`is_zero_poison` of `ctlz`).
    ResultWithFlag(&'static str),
    /// Overloaded on the types of these operands; the operands, then an `i1` immediate
    /// from an attribute (`isVolatile` of the memory intrinsics).
    OperandsWithFlag(&'static [usize], &'static str),
    /// Overloaded on the types of these operands.
    Operands(&'static [usize]),
    /// Overloaded on the types of these operands; the operands, then an `i32`
    /// immediate from each attribute (`bit` of `is.fpclass`).
    OperandsWithI32(&'static [usize], &'static [&'static str]),
    /// Overloaded on the result type and these operands' types (`powi`).
    ResultAndOperands(&'static [usize]),
}

fn shape(mnemonic: &str) -> Shape {
    match mnemonic {
        "ctlz" | "cttz" => Shape::ResultWithFlag("is_zero_poison"),
        "abs" => Shape::ResultWithFlag("is_int_min_poison"),
        "memcpy" | "memmove" => Shape::OperandsWithFlag(&[0, 1, 2], "isVolatile"),
        "memset" => Shape::OperandsWithFlag(&[0, 2], "isVolatile"),
        "powi" => Shape::ResultAndOperands(&[1]),
        // The result is `{iN, i1}`; the overload is the operands' `iN`.
        m if m.ends_with(".with.overflow") => Shape::Operands(&[0]),
        "is.fpclass" => Shape::OperandsWithI32(&[0], &["bit"]),
        "prefetch" => Shape::OperandsWithI32(&[0], &["rw", "hint", "cache"]),
        "stackrestore" => Shape::Operands(&[0]),
        "vector.reduce.fadd" | "vector.reduce.fmul" => Shape::Operands(&[1]),
        m if m.starts_with("vector.reduce.") => Shape::Operands(&[0]),
        _ => Shape::Result,
    }
}

impl<'c, 'll> FnCx<'_, 'c, 'll> {
    /// Translates `llvm.intr.<mnemonic>` into a call of `llvm.<mnemonic>`.
    pub(super) fn translate_intrinsic(
        &mut self,
        op: OpId,
        name: &str,
    ) -> Result<(), Diagnostic<'c>> {
        let mnemonic = &name["llvm.intr.".len()..];
        if let "masked.load" | "masked.store" = mnemonic {
            return self.translate_masked(op, mnemonic);
        }
        if mnemonic.starts_with("experimental.constrained.") {
            return self.translate_constrained(op, mnemonic);
        }
        let llvm_name = format!("llvm.{mnemonic}");
        let intrinsic = Intrinsic::find(&llvm_name)
            .ok_or_else(|| self.err(op, format!("'{llvm_name}' is not an LLVM intrinsic")))?;
        let operands: Vec<ValueIdAndValue<'ll>> = self
            .body
            .operands(op)
            .map(|v| Ok((v, self.value(op, v)?)))
            .collect::<Result<_, Diagnostic<'c>>>()?;
        let result_ty = match self.body.num_results(op) {
            0 => None,
            _ => Some(self.type_of(op, self.body.result(op, 0))?),
        };
        let operand_types = |idx: &[usize]| -> Result<Vec<BasicTypeEnum<'ll>>, Diagnostic<'c>> {
            idx.iter()
                .map(|&i| {
                    operands
                        .get(i)
                        .map(|(_, v)| v.get_type())
                        .ok_or_else(|| self.err(op, "missing intrinsic operand"))
                })
                .collect()
        };
        let need_result = || result_ty.ok_or_else(|| self.err(op, "intrinsic without a result"));
        let mut args: Vec<BasicValueEnum<'ll>> = operands.iter().map(|(_, v)| *v).collect();
        let i1_flag = |attr: &str| -> BasicValueEnum<'ll> {
            let set = self
                .body
                .attr(op, attr)
                .and_then(|a| a.as_int())
                .is_some_and(|v| v != 0);
            self.m
                .ll
                .bool_type()
                .const_int(u64::from(set), false)
                .as_basic_value_enum()
        };
        let overloads: Vec<BasicTypeEnum<'ll>> = if !intrinsic.is_overloaded() {
            Vec::new()
        } else {
            match shape(mnemonic) {
                Shape::Result => vec![need_result()?],
                Shape::ResultWithFlag(attr) => {
                    args.push(i1_flag(attr));
                    vec![need_result()?]
                }
                Shape::OperandsWithFlag(idx, attr) => {
                    args.push(i1_flag(attr));
                    operand_types(idx)?
                }
                Shape::Operands(idx) => operand_types(idx)?,
                Shape::OperandsWithI32(idx, attrs) => {
                    for attr in attrs {
                        let v = self
                            .body
                            .attr(op, attr)
                            .and_then(|a| a.as_int())
                            .unwrap_or(0);
                        let imm = self.m.ll.i32_type().const_int(v as u64, false);
                        args.push(imm.into());
                    }
                    operand_types(idx)?
                }
                Shape::ResultAndOperands(idx) => {
                    let mut v = vec![need_result()?];
                    v.extend(operand_types(idx)?);
                    v
                }
            }
        };
        let decl = intrinsic
            .get_declaration(&self.m.module, &overloads)
            .ok_or_else(|| self.err(op, format!("cannot declare intrinsic '{llvm_name}'")))?;
        let expected = decl.count_params() as usize;
        if expected != args.len() {
            return Err(self.err(
                op,
                format!(
                    "'{llvm_name}' takes {expected} arguments, the op gives {}",
                    args.len()
                ),
            ));
        }
        let meta: Vec<BasicMetadataValueEnum<'ll>> = args.iter().map(|v| (*v).into()).collect();
        let call = self
            .m
            .builder
            .build_direct_call(decl, &meta, "")
            .map_err(|e| self.err(op, e.to_string()))?;
        raw::set_fast_math(
            call.as_value_ref(),
            fastmath_bits(self.body.attr(op, "fastmathFlags")),
        );
        if self.body.num_results(op) == 1 {
            match call.try_as_basic_value() {
                inkwell::values::ValueKind::Basic(v) => {
                    if Some(v.get_type()) != result_ty {
                        return Err(self.err(op, format!("'{llvm_name}' returns another type")));
                    }
                    self.define_result(op, v);
                }
                _ => return Err(self.err(op, format!("'{llvm_name}' returns no value"))),
            }
        }
        Ok(())
    }
}

impl<'c, 'll> FnCx<'_, 'c, 'll> {
    /// `llvm.experimental.constrained.*` (`fptrunc`): overloaded on the result and the
    /// operand; the rounding mode and exception behavior are metadata strings
    /// (`!"round.tonearest"`, `!"fpexcept.ignore"`), and the call is `strictfp`, as
    /// mlir-translate writes it.
    fn translate_constrained(&mut self, op: OpId, mnemonic: &str) -> Result<(), Diagnostic<'c>> {
        const ROUNDING: [(i128, &str); 6] = [
            (0, "towardzero"),
            (1, "tonearest"),
            (2, "upward"),
            (3, "downward"),
            (4, "tonearestaway"),
            (7, "dynamic"),
        ];
        const EXCEPTIONS: [&str; 3] = ["ignore", "maytrap", "strict"];
        let llvm_name = format!("llvm.{mnemonic}");
        let intrinsic = Intrinsic::find(&llvm_name)
            .ok_or_else(|| self.err(op, format!("'{llvm_name}' is not an LLVM intrinsic")))?;
        let operand = self.value(op, self.body.operand(op, 0))?;
        let result_ty = self.type_of(op, self.body.result(op, 0))?;
        let int_attr = |name: &str| self.body.attr(op, name).and_then(|a| a.as_int());
        let mut args: Vec<BasicMetadataValueEnum<'ll>> = vec![operand.into()];
        if let Some(mode) = int_attr("roundingmode") {
            let (_, kw) = ROUNDING
                .iter()
                .find(|(v, _)| *v == mode)
                .ok_or_else(|| self.err(op, format!("invalid rounding mode {mode}")))?;
            args.push(self.m.ll.metadata_string(&format!("round.{kw}")).into());
        }
        let except = int_attr("fpExceptionBehavior").unwrap_or(0);
        let kw = usize::try_from(except)
            .ok()
            .and_then(|i| EXCEPTIONS.get(i))
            .ok_or_else(|| self.err(op, format!("invalid exception behavior {except}")))?;
        args.push(self.m.ll.metadata_string(&format!("fpexcept.{kw}")).into());
        let decl = intrinsic
            .get_declaration(&self.m.module, &[result_ty, operand.get_type()])
            .ok_or_else(|| self.err(op, format!("cannot declare intrinsic '{llvm_name}'")))?;
        if decl.count_params() as usize != args.len() {
            return Err(self.err(op, format!("'{llvm_name}' takes other arguments")));
        }
        let call = self
            .m
            .builder
            .build_direct_call(decl, &args, "")
            .map_err(|e| self.err(op, e.to_string()))?;
        let strictfp = self.m.ll.create_enum_attribute(
            inkwell::attributes::Attribute::get_named_enum_kind_id("strictfp"),
            0,
        );
        call.add_attribute(inkwell::attributes::AttributeLoc::Function, strictfp);
        match call.try_as_basic_value() {
            inkwell::values::ValueKind::Basic(v) => self.define_result(op, v),
            _ => return Err(self.err(op, format!("'{llvm_name}' returns no value"))),
        }
        Ok(())
    }

    /// `llvm.masked.load`/`llvm.masked.store`: since LLVM 22 the alignment is an
    /// `align` attribute of the pointer argument; a load without a pass-through value
    /// passes poison.
    fn translate_masked(&mut self, op: OpId, mnemonic: &str) -> Result<(), Diagnostic<'c>> {
        let llvm_name = format!("llvm.{mnemonic}");
        let intrinsic = Intrinsic::find(&llvm_name)
            .ok_or_else(|| self.err(op, format!("'{llvm_name}' is not an LLVM intrinsic")))?;
        let mut args: Vec<BasicValueEnum<'ll>> = self
            .body
            .operands(op)
            .map(|v| self.value(op, v))
            .collect::<Result<_, _>>()?;
        let load = mnemonic == "masked.load";
        let (vector_ty, ptr_at) = if load {
            let ty = self.type_of(op, self.body.result(op, 0))?;
            if args.len() == 2 {
                args.push(super::constants::poison(ty));
            }
            (ty, 0)
        } else {
            (args[0].get_type(), 1)
        };
        let overloads = [vector_ty, args[ptr_at].get_type()];
        let decl = intrinsic
            .get_declaration(&self.m.module, &overloads)
            .ok_or_else(|| self.err(op, format!("cannot declare intrinsic '{llvm_name}'")))?;
        let meta: Vec<BasicMetadataValueEnum<'ll>> = args.iter().map(|v| (*v).into()).collect();
        let call = self
            .m
            .builder
            .build_direct_call(decl, &meta, "")
            .map_err(|e| self.err(op, e.to_string()))?;
        let align = self
            .body
            .attr(op, "alignment")
            .and_then(|a| a.as_int())
            .unwrap_or(1)
            .max(1) as u64;
        let kind = inkwell::attributes::Attribute::get_named_enum_kind_id("align");
        let attr = self.m.ll.create_enum_attribute(kind, align);
        call.add_attribute(
            inkwell::attributes::AttributeLoc::Param(ptr_at as u32),
            attr,
        );
        if load && self.body.attr(op, "nontemporal").is_some() {
            let one = self
                .m
                .ll
                .i32_type()
                .const_int(1, false)
                .as_basic_value_enum();
            raw::set_metadata(self.m.ll, call.as_value_ref(), "nontemporal", &[one]);
        }
        if load {
            if let inkwell::values::ValueKind::Basic(v) = call.try_as_basic_value() {
                self.define_result(op, v);
            }
        }
        Ok(())
    }
}

type ValueIdAndValue<'ll> = (pto_ir::ValueId, BasicValueEnum<'ll>);
