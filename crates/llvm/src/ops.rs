//! Ops to instructions: one arm per `llvm` op (intrinsics in [`super::intrinsics`]).

use inkwell::llvm_sys::core as c;
use inkwell::llvm_sys::{LLVMAtomicOrdering, LLVMIntPredicate, LLVMOpcode, LLVMRealPredicate};
use inkwell::types::{BasicType, BasicTypeEnum};
use inkwell::values::{AsValueRef, BasicMetadataValueEnum, BasicValue, BasicValueEnum};

use pto_ir::{AttrKind, Attribute, Diagnostic, OpId, ValueId};

use super::constants;
use super::function::FnCx;
use super::raw;
use super::translate::{calling_convention, enum_keyword};
use super::types::{basic_type, function_type};
use pto_dialects::llvm;

/// LLVM's fast-math bits from a `#llvm.fastmath<...>` attribute.
pub(super) fn fastmath_bits(a: Option<Attribute<'_>>) -> u32 {
    use inkwell::llvm_sys as s;
    let Some(words) = enum_keyword(a) else {
        return 0;
    };
    let mut bits = 0;
    for w in words.split(',').map(str::trim) {
        bits |= match w {
            "nnan" => s::LLVMFastMathNoNaNs,
            "ninf" => s::LLVMFastMathNoInfs,
            "nsz" => s::LLVMFastMathNoSignedZeros,
            "arcp" => s::LLVMFastMathAllowReciprocal,
            "contract" => s::LLVMFastMathAllowContract,
            "afn" => s::LLVMFastMathApproxFunc,
            "reassoc" => s::LLVMFastMathAllowReassoc,
            "fast" => s::LLVMFastMathAll,
            _ => 0,
        };
    }
    bits
}

fn int_binop(name: &str) -> Option<LLVMOpcode> {
    use LLVMOpcode::*;
    Some(match name {
        llvm::AddOp::NAME => LLVMAdd,
        llvm::SubOp::NAME => LLVMSub,
        llvm::MulOp::NAME => LLVMMul,
        llvm::ShlOp::NAME => LLVMShl,
        llvm::UDivOp::NAME => LLVMUDiv,
        llvm::SDivOp::NAME => LLVMSDiv,
        llvm::LShrOp::NAME => LLVMLShr,
        llvm::AShrOp::NAME => LLVMAShr,
        llvm::URemOp::NAME => LLVMURem,
        llvm::SRemOp::NAME => LLVMSRem,
        llvm::AndOp::NAME => LLVMAnd,
        llvm::OrOp::NAME => LLVMOr,
        llvm::XOrOp::NAME => LLVMXor,
        _ => return None,
    })
}

fn float_binop(name: &str) -> Option<LLVMOpcode> {
    use LLVMOpcode::*;
    Some(match name {
        llvm::FAddOp::NAME => LLVMFAdd,
        llvm::FSubOp::NAME => LLVMFSub,
        llvm::FMulOp::NAME => LLVMFMul,
        llvm::FDivOp::NAME => LLVMFDiv,
        llvm::FRemOp::NAME => LLVMFRem,
        _ => return None,
    })
}

fn cast_opcode(name: &str) -> Option<LLVMOpcode> {
    use LLVMOpcode::*;
    Some(match name {
        llvm::BitcastOp::NAME => LLVMBitCast,
        llvm::AddrSpaceCastOp::NAME => LLVMAddrSpaceCast,
        llvm::IntToPtrOp::NAME => LLVMIntToPtr,
        llvm::PtrToIntOp::NAME => LLVMPtrToInt,
        llvm::SExtOp::NAME => LLVMSExt,
        llvm::ZExtOp::NAME => LLVMZExt,
        llvm::TruncOp::NAME => LLVMTrunc,
        llvm::SIToFPOp::NAME => LLVMSIToFP,
        llvm::UIToFPOp::NAME => LLVMUIToFP,
        llvm::FPToSIOp::NAME => LLVMFPToSI,
        llvm::FPToUIOp::NAME => LLVMFPToUI,
        llvm::FPExtOp::NAME => LLVMFPExt,
        llvm::FPTruncOp::NAME => LLVMFPTrunc,
        _ => return None,
    })
}

fn int_predicate(p: i128) -> Option<LLVMIntPredicate> {
    use LLVMIntPredicate::*;
    Some(match p {
        0 => LLVMIntEQ,
        1 => LLVMIntNE,
        2 => LLVMIntSLT,
        3 => LLVMIntSLE,
        4 => LLVMIntSGT,
        5 => LLVMIntSGE,
        6 => LLVMIntULT,
        7 => LLVMIntULE,
        8 => LLVMIntUGT,
        9 => LLVMIntUGE,
        _ => return None,
    })
}

fn real_predicate(p: i128) -> Option<LLVMRealPredicate> {
    use LLVMRealPredicate::*;
    // MLIR numbers the predicates as LLVM's `FCmpInst::Predicate` does.
    Some(match p {
        0 => LLVMRealPredicateFalse,
        1 => LLVMRealOEQ,
        2 => LLVMRealOGT,
        3 => LLVMRealOGE,
        4 => LLVMRealOLT,
        5 => LLVMRealOLE,
        6 => LLVMRealONE,
        7 => LLVMRealORD,
        8 => LLVMRealUEQ,
        9 => LLVMRealUGT,
        10 => LLVMRealUGE,
        11 => LLVMRealULT,
        12 => LLVMRealULE,
        13 => LLVMRealUNE,
        14 => LLVMRealUNO,
        15 => LLVMRealPredicateTrue,
        _ => return None,
    })
}

fn atomic_ordering(v: i128) -> LLVMAtomicOrdering {
    use LLVMAtomicOrdering::*;
    match v {
        1 => LLVMAtomicOrderingUnordered,
        2 => LLVMAtomicOrderingMonotonic,
        4 => LLVMAtomicOrderingAcquire,
        5 => LLVMAtomicOrderingRelease,
        6 => LLVMAtomicOrderingAcquireRelease,
        7 => LLVMAtomicOrderingSequentiallyConsistent,
        _ => LLVMAtomicOrderingNotAtomic,
    }
}

impl<'c, 'll> FnCx<'_, 'c, 'll> {
    /// The LLVM type of value `v` (for errors, at `op`).
    pub(super) fn type_of(
        &self,
        op: OpId,
        v: ValueId,
    ) -> Result<BasicTypeEnum<'ll>, Diagnostic<'c>> {
        basic_type(self.m.ll, self.body.value_type(v)).map_err(|e| self.err(op, e))
    }

    fn operand(&self, op: OpId, i: usize) -> Result<BasicValueEnum<'ll>, Diagnostic<'c>> {
        self.value(op, self.body.operand(op, i))
    }

    fn int_attr(&self, op: OpId, name: &str) -> Option<i128> {
        self.body.attr(op, name).and_then(|a| a.as_int())
    }

    fn flag(&self, op: OpId, name: &str) -> bool {
        self.body.attr(op, name).is_some()
    }

    fn result_type(&self, op: OpId) -> Result<BasicTypeEnum<'ll>, Diagnostic<'c>> {
        self.type_of(op, self.body.result(op, 0))
    }

    fn type_attr(&self, op: OpId, name: &str) -> Result<BasicTypeEnum<'ll>, Diagnostic<'c>> {
        let t = self
            .body
            .attr(op, name)
            .and_then(|a| a.as_type())
            .ok_or_else(|| self.err(op, format!("missing type attribute '{name}'")))?;
        basic_type(self.m.ll, t).map_err(|e| self.err(op, e))
    }

    /// Translates one op at the builder's position.
    pub(super) fn translate_op(&mut self, op: OpId) -> Result<(), Diagnostic<'c>> {
        let name = self.body.op_name(op).as_str();
        let builder = &self.m.builder;
        if let Some(opcode) = int_binop(name) {
            let v = raw::binop(builder, opcode, self.operand(op, 0)?, self.operand(op, 1)?);
            if let Some(bits) = self.int_attr(op, "overflowFlags") {
                raw::set_overflow_flags(v, bits);
            }
            if self.flag(op, "isExact") {
                raw::set_exact(v);
            }
            if self.flag(op, "isDisjoint") {
                raw::set_disjoint(v);
            }
            self.define_result(op, v);
            return Ok(());
        }
        if let Some(opcode) = float_binop(name) {
            let v = raw::binop(builder, opcode, self.operand(op, 0)?, self.operand(op, 1)?);
            raw::set_fast_math(
                v.as_value_ref(),
                fastmath_bits(self.body.attr(op, "fastmathFlags")),
            );
            self.define_result(op, v);
            return Ok(());
        }
        if let Some(opcode) = cast_opcode(name) {
            let v = raw::cast(builder, opcode, self.operand(op, 0)?, self.result_type(op)?);
            if self.flag(op, "nonNeg") {
                raw::set_nneg(v);
            }
            if let Some(bits) = self.int_attr(op, "overflowFlags") {
                raw::set_overflow_flags(v, bits);
            }
            self.define_result(op, v);
            return Ok(());
        }
        if name.starts_with("llvm.intr.") {
            return self.translate_intrinsic(op, name);
        }
        match name {
            llvm::FNegOp::NAME => {
                let v = raw::fneg(builder, self.operand(op, 0)?);
                raw::set_fast_math(
                    v.as_value_ref(),
                    fastmath_bits(self.body.attr(op, "fastmathFlags")),
                );
                self.define_result(op, v);
            }
            llvm::ICmpOp::NAME => {
                let pred = self
                    .int_attr(op, "predicate")
                    .and_then(int_predicate)
                    .ok_or_else(|| self.err(op, "invalid icmp predicate"))?;
                let v = raw::icmp(builder, pred, self.operand(op, 0)?, self.operand(op, 1)?);
                self.define_result(op, v);
            }
            llvm::FCmpOp::NAME => {
                let pred = self
                    .int_attr(op, "predicate")
                    .and_then(real_predicate)
                    .ok_or_else(|| self.err(op, "invalid fcmp predicate"))?;
                let v = raw::fcmp(builder, pred, self.operand(op, 0)?, self.operand(op, 1)?);
                raw::set_fast_math(
                    v.as_value_ref(),
                    fastmath_bits(self.body.attr(op, "fastmathFlags")),
                );
                self.define_result(op, v);
            }
            llvm::SelectOp::NAME => {
                let v = raw::select(
                    builder,
                    self.operand(op, 0)?,
                    self.operand(op, 1)?,
                    self.operand(op, 2)?,
                );
                raw::set_fast_math(
                    v.as_value_ref(),
                    fastmath_bits(self.body.attr(op, "fastmathFlags")),
                );
                self.define_result(op, v);
            }
            llvm::FreezeOp::NAME => {
                let v = raw::freeze(builder, self.operand(op, 0)?);
                self.define_result(op, v);
            }
            llvm::ConstantOp::NAME => {
                let ty = self.result_type(op)?;
                let attr = self
                    .body
                    .attr(op, "value")
                    .ok_or_else(|| self.err(op, "constant without a value"))?;
                let v =
                    constants::from_attribute(self.m.ll, attr, ty).map_err(|e| self.err(op, e))?;
                self.define_result(op, v);
            }
            llvm::UndefOp::NAME => {
                let v = constants::undef(self.result_type(op)?);
                self.define_result(op, v);
            }
            llvm::PoisonOp::NAME => {
                let v = constants::poison(self.result_type(op)?);
                self.define_result(op, v);
            }
            llvm::ZeroOp::NAME => {
                let v = self.result_type(op)?.const_zero();
                self.define_result(op, v);
            }
            llvm::AddressOfOp::NAME => {
                let sym = self
                    .body
                    .attr(op, "global_name")
                    .and_then(|a| a.symbol_root())
                    .ok_or_else(|| self.err(op, "addressof without a symbol"))?;
                let p = self
                    .m
                    .symbol_address(sym)
                    .ok_or_else(|| self.err(op, format!("no global or function named '@{sym}'")))?;
                self.define_result(op, p);
            }
            llvm::AllocaOp::NAME => self.alloca(op)?,
            llvm::LoadOp::NAME => self.load(op)?,
            llvm::StoreOp::NAME => self.store(op)?,
            llvm::GEPOp::NAME => self.gep(op)?,
            llvm::ExtractValueOp::NAME => {
                let position = self.position(op)?;
                let v = raw::extract_value(builder, self.operand(op, 0)?, &position);
                self.define_result(op, v);
            }
            llvm::InsertValueOp::NAME => {
                let position = self.position(op)?;
                let v = raw::insert_value(
                    builder,
                    self.operand(op, 0)?,
                    self.operand(op, 1)?,
                    &position,
                );
                self.define_result(op, v);
            }
            llvm::ExtractElementOp::NAME => {
                let v = raw::extract_element(builder, self.operand(op, 0)?, self.operand(op, 1)?);
                self.define_result(op, v);
            }
            llvm::InsertElementOp::NAME => {
                let v = raw::insert_element(
                    builder,
                    self.operand(op, 0)?,
                    self.operand(op, 1)?,
                    self.operand(op, 2)?,
                );
                self.define_result(op, v);
            }
            llvm::ShuffleVectorOp::NAME => {
                let mask = self
                    .body
                    .attr(op, "mask")
                    .and_then(|a| a.dense_int_values())
                    .ok_or_else(|| self.err(op, "shufflevector without a mask"))?;
                let i32t = self.m.ll.i32_type();
                let elems: Vec<BasicValueEnum> = mask
                    .iter()
                    .map(|&m| {
                        if m < 0 {
                            constants::poison(i32t.as_basic_type_enum())
                        } else {
                            i32t.const_int(m as u64, false).as_basic_value_enum()
                        }
                    })
                    .collect();
                let mask_ty = i32t.vec_type(elems.len() as u32).as_basic_type_enum();
                let mask = constants::aggregate(self.m.ll, mask_ty, &elems)
                    .map_err(|e| self.err(op, e))?;
                let v = raw::shuffle(builder, self.operand(op, 0)?, self.operand(op, 1)?, mask);
                self.define_result(op, v);
            }
            llvm::CallOp::NAME => self.call(op)?,
            llvm::BrOp::NAME | llvm::CondBrOp::NAME | llvm::SwitchOp::NAME => {
                self.branch(op, name)?
            }
            llvm::ReturnOp::NAME => {
                let value = match self.body.num_operands(op) {
                    0 => None,
                    _ => Some(self.operand(op, 0)?),
                };
                if self.record_initializer_result(value) {
                    builder
                        .build_return(None)
                        .map_err(|e| self.err(op, e.to_string()))?;
                } else {
                    builder
                        .build_return(value.as_ref().map(|v| v as &dyn BasicValue))
                        .map_err(|e| self.err(op, e.to_string()))?;
                }
            }
            llvm::UnreachableOp::NAME => {
                builder
                    .build_unreachable()
                    .map_err(|e| self.err(op, e.to_string()))?;
            }
            other => {
                return Err(self.err(
                    op,
                    format!("cannot translate '{other}' to LLVM IR (no translation for this op)"),
                ))
            }
        }
        Ok(())
    }

    /// The `branch_weights` of a conditional branch or switch as `!prof` metadata.
    fn branch_weights(&self, op: OpId, inst: inkwell::values::InstructionValue<'ll>) {
        if let Some(w) = self
            .body
            .attr(op, "branch_weights")
            .and_then(|a| a.dense_int_values())
        {
            raw::set_branch_weights(self.m.ll, inst.as_value_ref(), &w);
        }
    }

    /// The `position` of `extractvalue`/`insertvalue`.
    fn position(&self, op: OpId) -> Result<Vec<u32>, Diagnostic<'c>> {
        let pos = self
            .body
            .attr(op, "position")
            .and_then(|a| a.dense_int_values())
            .ok_or_else(|| self.err(op, "missing position"))?;
        pos.iter()
            .map(|&i| u32::try_from(i).map_err(|_| self.err(op, "negative position")))
            .collect()
    }

    fn alloca(&mut self, op: OpId) -> Result<(), Diagnostic<'c>> {
        let ty = self.type_attr(op, "elem_type")?;
        let size = self.operand(op, 0)?.into_int_value();
        let p = self
            .m
            .builder
            .build_array_alloca(ty, size, "")
            .map_err(|e| self.err(op, e.to_string()))?;
        if let Some(align) = self.int_attr(op, "alignment").filter(|&a| a > 0) {
            if let Some(i) = p.as_instruction() {
                i.set_alignment(align as u32)
                    .map_err(|e| self.err(op, e.to_string()))?;
            }
        }
        if self.flag(op, "inalloca") {
            raw::set_inalloca(p.as_basic_value_enum());
        }
        self.define_result(op, p);
        Ok(())
    }

    /// Alignment, volatility, atomic ordering and the `!nontemporal`/`!invariant.load`
    /// markers of a load or store.
    fn memory_access_flags(
        &self,
        op: OpId,
        inst: inkwell::values::InstructionValue<'ll>,
    ) -> Result<(), Diagnostic<'c>> {
        let e = |e: inkwell::values::InstructionValueError| self.err(op, e.to_string());
        if let Some(align) = self.int_attr(op, "alignment").filter(|&a| a > 0) {
            inst.set_alignment(align as u32).map_err(e)?;
        }
        if self.flag(op, "volatile_") {
            inst.set_volatile(true).map_err(e)?;
        }
        let ordering = self.int_attr(op, "ordering").unwrap_or(0);
        if ordering != 0 {
            // SAFETY: `inst` is a load or store.
            unsafe { c::LLVMSetOrdering(inst.as_value_ref(), atomic_ordering(ordering)) };
            if let Some(scope) = self.body.attr(op, "syncscope").and_then(|a| a.as_str()) {
                raw::set_sync_scope(self.m.ll, inst.as_value_ref(), scope);
            }
        }
        if self.flag(op, "nontemporal") {
            let one = self
                .m
                .ll
                .i32_type()
                .const_int(1, false)
                .as_basic_value_enum();
            raw::set_metadata(self.m.ll, inst.as_value_ref(), "nontemporal", &[one]);
        }
        if self.flag(op, "invariant") {
            raw::set_metadata(self.m.ll, inst.as_value_ref(), "invariant.load", &[]);
        }
        Ok(())
    }

    fn load(&mut self, op: OpId) -> Result<(), Diagnostic<'c>> {
        let ty = self.result_type(op)?;
        let ptr = self.operand(op, 0)?.into_pointer_value();
        let v = self
            .m
            .builder
            .build_load(ty, ptr, "")
            .map_err(|e| self.err(op, e.to_string()))?;
        if let Some(inst) = v.as_instruction_value() {
            self.memory_access_flags(op, inst)?;
        }
        self.define_result(op, v);
        Ok(())
    }

    fn store(&mut self, op: OpId) -> Result<(), Diagnostic<'c>> {
        let value = self.operand(op, 0)?;
        let ptr = self.operand(op, 1)?.into_pointer_value();
        let inst = self
            .m
            .builder
            .build_store(ptr, value)
            .map_err(|e| self.err(op, e.to_string()))?;
        self.memory_access_flags(op, inst)
    }

    fn gep(&mut self, op: OpId) -> Result<(), Diagnostic<'c>> {
        let elem = self.type_attr(op, "elem_type")?;
        let base = self.operand(op, 0)?;
        let raw_indices = self
            .body
            .attr(op, "rawConstantIndices")
            .and_then(|a| a.dense_int_values())
            .ok_or_else(|| self.err(op, "getelementptr without indices"))?;
        let mut dynamic = self.body.operands(op).skip(1);
        let i32t = self.m.ll.i32_type();
        let mut indices = Vec::with_capacity(raw_indices.len());
        for &i in &raw_indices {
            if i == i64::from(pto_dialects::llvm::GEP_DYNAMIC_INDEX) {
                let v = dynamic
                    .next()
                    .ok_or_else(|| self.err(op, "fewer dynamic indices than markers"))?;
                indices.push(self.value(op, v)?);
            } else {
                indices.push(i32t.const_int(i as u64, true).as_basic_value_enum());
            }
        }
        let flags = self.int_attr(op, "noWrapFlags").unwrap_or(0) as u32;
        let v = raw::gep(&self.m.builder, elem, base, &indices, flags);
        self.define_result(op, v);
        Ok(())
    }

    fn call(&mut self, op: OpId) -> Result<(), Diagnostic<'c>> {
        let spec = pto_dialects::llvm::CallOp(op);
        let operands = self.values_of(op, spec.callee_operands(self.body))?;
        let args_of = |vals: &[BasicValueEnum<'ll>]| -> Vec<BasicMetadataValueEnum<'ll>> {
            vals.iter().map(|v| (*v).into()).collect()
        };
        let builder = &self.m.builder;
        let call = if let Some(sym) = spec.callee(self.body).and_then(|a| a.symbol_root()) {
            let f = *self
                .m
                .functions
                .get(sym)
                .ok_or_else(|| self.err(op, format!("no function named '@{sym}'")))?;
            match self
                .body
                .attr(op, "var_callee_type")
                .and_then(|a| a.as_type())
            {
                Some(t) => {
                    let fty = function_type(self.m.ll, t).map_err(|e| self.err(op, e))?;
                    builder.build_indirect_call(
                        fty,
                        f.as_global_value().as_pointer_value(),
                        &args_of(&operands),
                        "",
                    )
                }
                None => builder.build_direct_call(f, &args_of(&operands), ""),
            }
        } else {
            let (callee, args) = operands
                .split_first()
                .ok_or_else(|| self.err(op, "indirect call without a callee"))?;
            let fty = match self
                .body
                .attr(op, "var_callee_type")
                .and_then(|a| a.as_type())
            {
                Some(t) => function_type(self.m.ll, t).map_err(|e| self.err(op, e))?,
                None => {
                    let params: Vec<_> = args.iter().map(|a| a.get_type().into()).collect();
                    match spec.result(self.body) {
                        Some(r) => self.type_of(op, r)?.fn_type(&params, false),
                        None => self.m.ll.void_type().fn_type(&params, false),
                    }
                }
            };
            builder.build_indirect_call(fty, callee.into_pointer_value(), &args_of(args), "")
        }
        .map_err(|e| self.err(op, e.to_string()))?;
        let call_ref = call.as_value_ref();
        if let Some(kw) = enum_keyword(self.body.attr(op, "CConv")) {
            let cc = calling_convention(kw).map_err(|e| self.err(op, e))?;
            // SAFETY: `call_ref` is a call instruction.
            unsafe { c::LLVMSetInstructionCallConv(call_ref, cc) };
        }
        if let Some(kind) = enum_keyword(self.body.attr(op, "TailCallKind")) {
            use inkwell::llvm_sys::LLVMTailCallKind::*;
            let k = match kind {
                "tail" => Some(LLVMTailCallKindTail),
                "musttail" => Some(LLVMTailCallKindMustTail),
                "notail" => Some(LLVMTailCallKindNoTail),
                _ => None,
            };
            if let Some(k) = k {
                // SAFETY: as above.
                unsafe { c::LLVMSetTailCallKind(call_ref, k) };
            }
        }
        raw::set_fast_math(call_ref, fastmath_bits(self.body.attr(op, "fastmathFlags")));
        for (flag, name) in super::translate::FUNCTION_FLAGS {
            if self.flag(op, flag) {
                let kind = inkwell::attributes::Attribute::get_named_enum_kind_id(name);
                let a = self.m.ll.create_enum_attribute(kind, 0);
                call.add_attribute(inkwell::attributes::AttributeLoc::Function, a);
            }
        }
        if let Some(r) = spec.result(self.body) {
            match call.try_as_basic_value() {
                inkwell::values::ValueKind::Basic(v) => self.define(r, v),
                _ => return Err(self.err(op, "call of a void function has a result")),
            }
        }
        Ok(())
    }

    fn branch(&mut self, op: OpId, name: &str) -> Result<(), Diagnostic<'c>> {
        let from = self
            .m
            .builder
            .get_insert_block()
            .ok_or_else(|| self.err(op, "builder has no block"))?;
        let body = self.body;
        let succs = body.successors(op);
        let source = body
            .op_block(op)
            .ok_or_else(|| self.err(op, "terminator outside a block"))?;
        match name {
            llvm::BrOp::NAME => {
                let ops: Vec<ValueId> = body.operands(op).collect();
                let t = self.branch_targets(source, from, &[(succs[0], ops)]);
                self.m
                    .builder
                    .build_unconditional_branch(t[0])
                    .map_err(|e| self.err(op, e.to_string()))?;
            }
            llvm::CondBrOp::NAME => {
                let w = pto_dialects::llvm::CondBrOp(op);
                let cond = self.value(op, w.condition(body))?.into_int_value();
                let t = self.branch_targets(
                    source,
                    from,
                    &[
                        (succs[0], w.true_dest_operands(body)),
                        (succs[1], w.false_dest_operands(body)),
                    ],
                );
                let inst = self
                    .m
                    .builder
                    .build_conditional_branch(cond, t[0], t[1])
                    .map_err(|e| self.err(op, e.to_string()))?;
                self.branch_weights(op, inst);
            }
            _ => {
                let w = pto_dialects::llvm::SwitchOp(op);
                let value = self.value(op, w.value(body))?.into_int_value();
                let case_values: Vec<i128> = match w.case_values(body).map(|a| *a.kind()) {
                    None => Vec::new(),
                    Some(AttrKind::DenseElements { .. }) => w
                        .case_values(body)
                        .and_then(|a| dense_ints(a))
                        .ok_or_else(|| self.err(op, "unsupported case values"))?,
                    Some(_) => return Err(self.err(op, "unsupported case values")),
                };
                let segments = w
                    .case_operand_segments(body)
                    .and_then(|a| a.dense_int_values())
                    .unwrap_or_default();
                let flat = w.case_operands(body);
                let mut succ_ops = vec![(succs[0], w.default_operands(body))];
                let mut at = 0usize;
                for (i, &d) in succs[1..].iter().enumerate() {
                    let n = segments.get(i).copied().unwrap_or(0).max(0) as usize;
                    let ops = flat.get(at..at + n).map(<[_]>::to_vec).unwrap_or_default();
                    at += n;
                    succ_ops.push((d, ops));
                }
                if case_values.len() != succs.len() - 1 {
                    return Err(self.err(op, "case values do not match the case destinations"));
                }
                let t = self.branch_targets(source, from, &succ_ops);
                let int_ty = value.get_type();
                let cases: Vec<_> = case_values
                    .iter()
                    .zip(&t[1..])
                    .map(|(&v, &bb)| {
                        let words = [v as u64, ((v as u128) >> 64) as u64];
                        (int_ty.const_int_arbitrary_precision(&words), bb)
                    })
                    .collect();
                let inst = self
                    .m
                    .builder
                    .build_switch(value, t[0], &cases)
                    .map_err(|e| self.err(op, e.to_string()))?;
                self.branch_weights(op, inst);
            }
        }
        Ok(())
    }
}

/// The integer elements of a `dense<...>` attribute of any width, sign-extended.
fn dense_ints(a: Attribute<'_>) -> Option<Vec<i128>> {
    let AttrKind::DenseElements { ty, splat, data } = *a.kind() else {
        return None;
    };
    let width = ty.element_type()?.int_width()? as usize;
    let esize = width.div_ceil(8).max(1);
    let n = ty.num_elements()? as usize;
    let shift = 128 - (esize * 8).min(128) as u32;
    let at = |i: usize| {
        let i = if splat { 0 } else { i };
        let mut b = [0u8; 16];
        b[..esize].copy_from_slice(data.get(i * esize..(i + 1) * esize)?);
        Some((i128::from_le_bytes(b) << shift) >> shift)
    };
    (0..n).map(at).collect()
}
