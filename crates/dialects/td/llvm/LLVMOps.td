// The `llvm` dialect's operations, with MLIR 22's names, operands, attributes and
// syntax (what lowering arith/math/cf/func/memref/vector to LLVM needs). Types, enums
// and constraints are in LLVMTypes.td. Read by build.rs (pto-ods-gen); valid
// `mlir-tblgen` input.

#ifndef PTO_LLVM_OPS
#define PTO_LLVM_OPS

include "llvm/LLVMTypes.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "pto/Interfaces.td"

class LLVM_Op<string mnemonic, list<Trait> traits = []>
    : Op<LLVM_Dialect, mnemonic, traits>;

class LLVM_TerminatorOp<string mnemonic, list<Trait> traits = []>
    : LLVM_Op<mnemonic, traits # [Terminator]>;

// Alias-analysis attributes carried by memory accesses (kept as plain arrays).
defvar aliasAttrs = (ins OptionalAttr<ArrayAttr>:$access_groups,
                         OptionalAttr<ArrayAttr>:$alias_scopes,
                         OptionalAttr<ArrayAttr>:$noalias_scopes,
                         OptionalAttr<ArrayAttr>:$tbaa);

//===-- Integer and float arithmetic ------------------------------------------===//

class LLVM_ArithmeticOpBase<Type type, string mnemonic, list<Trait> traits = []>
    : LLVM_Op<mnemonic, [SameOperandsAndResultType, NoMemoryEffect] # traits> {
  dag commonArgs = (ins LLVM_ScalarOrVectorOf<type>:$lhs,
                        LLVM_ScalarOrVectorOf<type>:$rhs);
  let results = (outs LLVM_ScalarOrVectorOf<type>:$res);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($res)";
}

class LLVM_IntArithmeticOp<string mnemonic, list<Trait> traits = []>
    : LLVM_ArithmeticOpBase<AnySignlessInteger, mnemonic, traits # [Pure]> {
  let arguments = commonArgs;
}

class LLVM_IntArithmeticOpWithOverflowFlag<string mnemonic, list<Trait> traits = []>
    : LLVM_ArithmeticOpBase<AnySignlessInteger, mnemonic, traits # [Pure]> {
  let arguments = !con(commonArgs, (ins LLVM_OverflowFlags:$overflowFlags));
  let assemblyFormat = [{
    $lhs `,` $rhs (custom<OverflowFlags>($overflowFlags)^)? attr-dict `:` type($res)
  }];
}

class LLVM_IntArithmeticOpWithExactFlag<string mnemonic, list<Trait> traits = []>
    : LLVM_ArithmeticOpBase<AnySignlessInteger, mnemonic, traits> {
  let arguments = !con(commonArgs, (ins UnitAttr:$isExact));
  let assemblyFormat = [{
    (`exact` $isExact^)? $lhs `,` $rhs attr-dict `:` type($res)
  }];
}

class LLVM_FloatArithmeticOp<string mnemonic>
    : LLVM_ArithmeticOpBase<LLVM_AnyFloat, mnemonic, [Pure]> {
  let arguments = !con(commonArgs, (ins LLVM_FastmathFlags:$fastmathFlags));
}

def LLVM_AddOp : LLVM_IntArithmeticOpWithOverflowFlag<"add", [Commutative]> {
  let summary = "Integer addition";
}
def LLVM_SubOp : LLVM_IntArithmeticOpWithOverflowFlag<"sub"> {
  let summary = "Integer subtraction";
}
def LLVM_MulOp : LLVM_IntArithmeticOpWithOverflowFlag<"mul", [Commutative]> {
  let summary = "Integer multiplication";
}
def LLVM_ShlOp : LLVM_IntArithmeticOpWithOverflowFlag<"shl"> {
  let summary = "Shift left";
}
def LLVM_UDivOp : LLVM_IntArithmeticOpWithExactFlag<"udiv"> {
  let summary = "Unsigned integer division";
}
def LLVM_SDivOp : LLVM_IntArithmeticOpWithExactFlag<"sdiv"> {
  let summary = "Signed integer division";
}
def LLVM_LShrOp : LLVM_IntArithmeticOpWithExactFlag<"lshr", [Pure]> {
  let summary = "Logical shift right";
}
def LLVM_AShrOp : LLVM_IntArithmeticOpWithExactFlag<"ashr", [Pure]> {
  let summary = "Arithmetic shift right";
}
def LLVM_URemOp : LLVM_IntArithmeticOp<"urem"> { let summary = "Unsigned remainder"; }
def LLVM_SRemOp : LLVM_IntArithmeticOp<"srem"> { let summary = "Signed remainder"; }
def LLVM_AndOp : LLVM_IntArithmeticOp<"and"> { let summary = "Bitwise and"; }
def LLVM_XOrOp : LLVM_IntArithmeticOp<"xor"> { let summary = "Bitwise exclusive or"; }
def LLVM_OrOp : LLVM_ArithmeticOpBase<AnySignlessInteger, "or", [Pure]> {
  let summary = "Bitwise or";
  let arguments = !con(commonArgs, (ins UnitAttr:$isDisjoint));
  let assemblyFormat = [{
    (`disjoint` $isDisjoint^)? $lhs `,` $rhs attr-dict `:` type($res)
  }];
}

def LLVM_FAddOp : LLVM_FloatArithmeticOp<"fadd"> { let summary = "Float addition"; }
def LLVM_FSubOp : LLVM_FloatArithmeticOp<"fsub"> { let summary = "Float subtraction"; }
def LLVM_FMulOp : LLVM_FloatArithmeticOp<"fmul"> { let summary = "Float multiplication"; }
def LLVM_FDivOp : LLVM_FloatArithmeticOp<"fdiv"> { let summary = "Float division"; }
def LLVM_FRemOp : LLVM_FloatArithmeticOp<"frem"> { let summary = "Float remainder"; }
def LLVM_FNegOp : LLVM_Op<"fneg", [Pure, SameOperandsAndResultType]> {
  let summary = "Float negation";
  let arguments = (ins LLVM_ScalarOrVectorOf<LLVM_AnyFloat>:$operand,
                       LLVM_FastmathFlags:$fastmathFlags);
  let results = (outs LLVM_ScalarOrVectorOf<LLVM_AnyFloat>:$res);
  let assemblyFormat = "$operand attr-dict `:` type($res)";
}

//===-- Comparisons and select -----------------------------------------------===//

class LLVM_ArithmeticCmpOp<string mnemonic, list<Trait> traits = []>
    : LLVM_Op<mnemonic, traits # [SameTypeOperands, TypesMatchWith<
        "result type has i1 element type and same shape as operands",
        "lhs", "res", "::getI1SameShape($_self)">]> {
  let results = (outs LLVM_ScalarOrVectorOf<I1>:$res);
  let hasCustomAssemblyFormat = 1;
}

def LLVM_ICmpOp : LLVM_ArithmeticCmpOp<"icmp", [Pure]> {
  let summary = "Integer or pointer comparison";
  let arguments = (ins ICmpPredicate:$predicate,
                   AnyTypeOf<[LLVM_ScalarOrVectorOf<AnySignlessInteger>,
                              LLVM_ScalarOrVectorOf<LLVM_AnyPointer>]>:$lhs,
                   AnyTypeOf<[LLVM_ScalarOrVectorOf<AnySignlessInteger>,
                              LLVM_ScalarOrVectorOf<LLVM_AnyPointer>]>:$rhs);
  let hasFolder = 1;
}

def LLVM_FCmpOp : LLVM_ArithmeticCmpOp<"fcmp", [Pure]> {
  let summary = "Float comparison";
  let arguments = (ins FCmpPredicate:$predicate,
                   LLVM_ScalarOrVectorOf<LLVM_AnyFloat>:$lhs,
                   LLVM_ScalarOrVectorOf<LLVM_AnyFloat>:$rhs,
                   LLVM_FastmathFlags:$fastmathFlags);
}

def LLVM_SelectOp : LLVM_Op<"select",
    [Pure, AllTypesMatch<["trueValue", "falseValue", "res"]>]> {
  let summary = "Choose one of two values";
  let arguments = (ins LLVM_ScalarOrVectorOf<I1>:$condition,
                   LLVM_Type:$trueValue, LLVM_Type:$falseValue,
                   LLVM_FastmathFlags:$fastmathFlags);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "operands attr-dict `:` type($condition) `,` type($res)";
}

def LLVM_FreezeOp : LLVM_Op<"freeze", [Pure, SameOperandsAndResultType]> {
  let summary = "Stop the propagation of poison and undef";
  let arguments = (ins LLVM_Type:$val);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "$val attr-dict `:` type($val)";
}

//===-- Casts ----------------------------------------------------------------===//

class LLVM_CastOp<string mnemonic, Type type, Type resultType, list<Trait> traits = []>
    : LLVM_Op<mnemonic, [Pure] # traits> {
  let arguments = (ins type:$arg);
  let results = (outs resultType:$res);
  let assemblyFormat = "$arg attr-dict `:` type($arg) `to` type($res)";
}

class LLVM_CastOpWithNNegFlag<string mnemonic, Type type, Type resultType>
    : LLVM_Op<mnemonic, [Pure]> {
  let arguments = (ins type:$arg, UnitAttr:$nonNeg);
  let results = (outs resultType:$res);
  let assemblyFormat = "(`nneg` $nonNeg^)? $arg attr-dict `:` type($arg) `to` type($res)";
}

defvar LLVM_IntLike = LLVM_ScalarOrVectorOf<AnySignlessInteger>;
defvar LLVM_FloatLike = LLVM_ScalarOrVectorOf<LLVM_AnyFloat>;
defvar LLVM_PtrLike = LLVM_ScalarOrVectorOf<LLVM_AnyPointer>;

def LLVM_BitcastOp : LLVM_CastOp<"bitcast", LLVM_AnyNonAggregate, LLVM_AnyNonAggregate> {
  let summary = "Reinterpret the bits of a value";
  let hasVerifier = 1;
  let hasFolder = 1;
}
def LLVM_AddrSpaceCastOp : LLVM_CastOp<"addrspacecast", LLVM_PtrLike, LLVM_PtrLike> {
  let summary = "Pointer cast between address spaces";
}
def LLVM_IntToPtrOp : LLVM_CastOp<"inttoptr", LLVM_IntLike, LLVM_PtrLike> {
  let summary = "Integer to pointer";
}
def LLVM_PtrToIntOp : LLVM_CastOp<"ptrtoint", LLVM_PtrLike, LLVM_IntLike> {
  let summary = "Pointer to integer";
}
def LLVM_SExtOp : LLVM_CastOp<"sext", LLVM_IntLike, LLVM_IntLike> {
  let summary = "Sign extension";
  let hasVerifier = 1;
}
def LLVM_ZExtOp : LLVM_CastOpWithNNegFlag<"zext", LLVM_IntLike, LLVM_IntLike> {
  let summary = "Zero extension";
  let hasVerifier = 1;
}
def LLVM_TruncOp : LLVM_Op<"trunc", [Pure]> {
  let summary = "Integer truncation";
  let arguments = (ins LLVM_IntLike:$arg, LLVM_OverflowFlags:$overflowFlags);
  let results = (outs LLVM_IntLike:$res);
  let assemblyFormat = [{
    $arg (custom<OverflowFlags>($overflowFlags)^)? attr-dict `:` type($arg) `to` type($res)
  }];
}
def LLVM_SIToFPOp : LLVM_CastOp<"sitofp", LLVM_IntLike, LLVM_FloatLike> {
  let summary = "Signed integer to float";
}
def LLVM_UIToFPOp : LLVM_CastOpWithNNegFlag<"uitofp", LLVM_IntLike, LLVM_FloatLike> {
  let summary = "Unsigned integer to float";
}
def LLVM_FPToSIOp : LLVM_CastOp<"fptosi", LLVM_FloatLike, LLVM_IntLike> {
  let summary = "Float to signed integer";
}
def LLVM_FPToUIOp : LLVM_CastOp<"fptoui", LLVM_FloatLike, LLVM_IntLike> {
  let summary = "Float to unsigned integer";
}
def LLVM_FPExtOp : LLVM_CastOp<"fpext", LLVM_FloatLike, LLVM_FloatLike> {
  let summary = "Float extension";
}
def LLVM_FPTruncOp : LLVM_CastOp<"fptrunc", LLVM_FloatLike, LLVM_FloatLike> {
  let summary = "Float truncation";
}

//===-- Memory -----------------------------------------------------------------===//

def LLVM_AllocaOp : LLVM_Op<"alloca"> {
  let summary = "Stack allocation";
  let arguments = (ins AnySignlessInteger:$arraySize,
                   OptionalAttr<I64Attr>:$alignment,
                   TypeAttr:$elem_type,
                   UnitAttr:$inalloca);
  let results = (outs Res<LLVM_AnyPointer, "", [MemAlloc]>:$res);
  let hasCustomAssemblyFormat = 1;
}

def LLVM_LoadOp : LLVM_Op<"load",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Load from memory";
  let arguments = !con((ins LLVM_AnyPointer:$addr,
                            OptionalAttr<I64Attr>:$alignment,
                            UnitAttr:$volatile_, UnitAttr:$nontemporal,
                            UnitAttr:$invariant, UnitAttr:$invariantGroup,
                            DefaultValuedAttr<AtomicOrdering,
                                "::pto::llvm::AtomicOrdering::not_atomic">:$ordering,
                            OptionalAttr<StrAttr>:$syncscope), aliasAttrs);
  let results = (outs LLVM_LoadableType:$res);
  let assemblyFormat = [{
    (`volatile` $volatile_^)? $addr
    (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)?
    (`invariant` $invariant^)?
    (`invariant_group` $invariantGroup^)?
    attr-dict `:` qualified(type($addr)) `->` type($res)
  }];
  let hasVerifier = 1;
}

def LLVM_StoreOp : LLVM_Op<"store",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Store to memory";
  let arguments = !con((ins LLVM_LoadableType:$value,
                            LLVM_AnyPointer:$addr,
                            OptionalAttr<I64Attr>:$alignment,
                            UnitAttr:$volatile_, UnitAttr:$nontemporal,
                            UnitAttr:$invariantGroup,
                            DefaultValuedAttr<AtomicOrdering,
                                "::pto::llvm::AtomicOrdering::not_atomic">:$ordering,
                            OptionalAttr<StrAttr>:$syncscope), aliasAttrs);
  let assemblyFormat = [{
    (`volatile` $volatile_^)? $value `,` $addr
    (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)?
    (`invariant_group` $invariantGroup^)?
    attr-dict `:` type($value) `,` qualified(type($addr))
  }];
  let hasVerifier = 1;
}

def LLVM_GEPOp : LLVM_Op<"getelementptr", [Pure]> {
  let summary = "Address computation";
  let description = [{
    Indices are constants or values; `rawConstantIndices` holds every index, with
    `-2147483648` marking the positions taken by `dynamicIndices`.
  }];
  let arguments = (ins LLVM_PtrLike:$base, Variadic<LLVM_IntLike>:$dynamicIndices,
                   DenseI32ArrayAttr:$rawConstantIndices,
                   TypeAttr:$elem_type,
                   LLVM_GEPNoWrapFlags:$noWrapFlags);
  let results = (outs LLVM_PtrLike:$res);
  let assemblyFormat = [{
    (custom<GEPNoWrapFlags>($noWrapFlags)^)?
    $base `[` custom<GEPIndices>($dynamicIndices, $rawConstantIndices) `]` attr-dict
    `:` functional-type(operands, results) `,` $elem_type
  }];
  let hasVerifier = 1;
}

//===-- Aggregates and vectors ---------------------------------------------------===//

def LLVM_ExtractValueOp : LLVM_Op<"extractvalue", [Pure]> {
  let summary = "Extract a value from an aggregate";
  let arguments = (ins LLVM_AnyAggregate:$container, DenseI64ArrayAttr:$position);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = [{
    $container `` $position attr-dict `:` type($container)
    custom<InsertExtractValueElementType>(type($res), ref(type($container)),
                                          ref($position))
  }];
  let hasVerifier = 1;
}

def LLVM_InsertValueOp : LLVM_Op<"insertvalue",
    [Pure, AllTypesMatch<["container", "res"]>]> {
  let summary = "Insert a value into an aggregate";
  let arguments = (ins LLVM_AnyAggregate:$container, LLVM_PrimitiveType:$value,
                       DenseI64ArrayAttr:$position);
  let results = (outs LLVM_AnyAggregate:$res);
  let assemblyFormat = [{
    $value `,` $container `` $position attr-dict `:` type($container)
    custom<InsertExtractValueElementType>(type($value), ref(type($container)),
                                          ref($position))
  }];
  let hasVerifier = 1;
}

def LLVM_ExtractElementOp : LLVM_Op<"extractelement", [Pure,
    TypesMatchWith<"result type matches vector element type", "vector", "res",
                   "::llvm::cast<::mlir::VectorType>($_self).getElementType()">]> {
  let summary = "Extract an element from a vector";
  let arguments = (ins LLVM_AnyVector:$vector, AnySignlessInteger:$position);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = [{
    $vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)
  }];
}

def LLVM_InsertElementOp : LLVM_Op<"insertelement", [Pure,
    TypesMatchWith<"argument type matches vector element type", "vector", "value",
                   "::llvm::cast<::mlir::VectorType>($_self).getElementType()">,
    AllTypesMatch<["res", "vector"]>]> {
  let summary = "Insert an element into a vector";
  let arguments = (ins LLVM_AnyVector:$vector, LLVM_PrimitiveType:$value,
                       AnySignlessInteger:$position);
  let results = (outs LLVM_AnyVector:$res);
  let assemblyFormat = [{
    $value `,` $vector `[` $position `:` type($position) `]` attr-dict `:`
    type($vector)
  }];
}

def LLVM_ShuffleVectorOp : LLVM_Op<"shufflevector",
    [Pure, AllTypesMatch<["v1", "v2"]>]> {
  let summary = "Permute the elements of two vectors";
  let arguments = (ins LLVM_AnyVector:$v1, LLVM_AnyVector:$v2,
                       DenseI32ArrayAttr:$mask);
  let results = (outs LLVM_AnyVector:$res);
  let assemblyFormat = [{
    $v1 `,` $v2 $mask attr-dict `:` type($v1)
    custom<ShuffleType>(ref(type($v1)), type($res), ref($mask))
  }];
  let hasVerifier = 1;
}

//===-- Control flow ---------------------------------------------------------------===//

def LLVM_BrOp : LLVM_TerminatorOp<"br", [Pure,
    DeclareOpInterfaceMethods<BranchOpInterface, ["getSuccessorForOperands"]>]> {
  let summary = "Unconditional branch";
  let arguments = (ins Variadic<LLVM_Type>:$destOperands,
                       OptionalAttr<AnyAttr>:$loop_annotation);
  let successors = (successor AnySuccessor:$dest);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict
  }];
}

def LLVM_CondBrOp : LLVM_TerminatorOp<"cond_br", [AttrSizedOperandSegments, Pure,
    DeclareOpInterfaceMethods<BranchOpInterface, ["getSuccessorForOperands"]>]> {
  let summary = "Conditional branch";
  let arguments = (ins I1:$condition,
                   Variadic<LLVM_Type>:$trueDestOperands,
                   Variadic<LLVM_Type>:$falseDestOperands,
                   OptionalAttr<DenseI32ArrayAttr>:$branch_weights,
                   OptionalAttr<AnyAttr>:$loop_annotation);
  let successors = (successor AnySuccessor:$trueDest, AnySuccessor:$falseDest);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $condition ( `weights` `(` $branch_weights^ `)` )? `,`
    $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,`
    $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)?
    attr-dict
  }];
}

def LLVM_SwitchOp : LLVM_TerminatorOp<"switch", [AttrSizedOperandSegments, Pure]> {
  let summary = "Multi-way branch on an integer";
  let arguments = (ins
    AnySignlessInteger:$value,
    Variadic<AnyType>:$defaultOperands,
    VariadicOfVariadic<AnyType, "case_operand_segments">:$caseOperands,
    OptionalAttr<AnyIntElementsAttr>:$case_values,
    DenseI32ArrayAttr:$case_operand_segments,
    OptionalAttr<DenseI32ArrayAttr>:$branch_weights);
  let successors = (successor AnySuccessor:$defaultDestination,
                              VariadicSuccessor<AnySuccessor>:$caseDestinations);
  let assemblyFormat = [{
    $value `:` type($value) `,`
    $defaultDestination (`(` $defaultOperands^ `:` type($defaultOperands) `)`)?
    custom<SwitchOpCases>(ref(type($value)), $case_values, $caseDestinations,
                          $caseOperands, type($caseOperands))
    attr-dict
  }];
  let hasVerifier = 1;
}

def LLVM_ReturnOp : LLVM_TerminatorOp<"return", [Pure, ReturnLike]> {
  let summary = "Return from a function";
  let arguments = (ins Optional<LLVM_Type>:$arg);
  let assemblyFormat = "attr-dict ($arg^ `:` type($arg))?";
  let hasVerifier = 1;
}

def LLVM_UnreachableOp : LLVM_TerminatorOp<"unreachable"> {
  let summary = "Unreachable point";
  let assemblyFormat = "attr-dict";
}

def LLVM_CallOp : LLVM_Op<"call", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Call a function, directly or through a pointer";
  let arguments = !con((ins
      OptionalAttr<TypeAttrOf<LLVM_FunctionType>>:$var_callee_type,
      OptionalAttr<FlatSymbolRefAttr>:$callee,
      Variadic<LLVM_Type>:$callee_operands,
      LLVM_FastmathFlags:$fastmathFlags,
      DefaultValuedAttr<LLVM_CConvAttr, "::pto::llvm::cconv::CConv::C">:$CConv,
      DefaultValuedAttr<LLVM_TailCallKindAttr,
          "::pto::llvm::tailcallkind::TailCallKind::None">:$TailCallKind,
      OptionalAttr<AnyAttr>:$memory_effects,
      UnitAttr:$convergent, UnitAttr:$no_unwind, UnitAttr:$will_return,
      VariadicOfVariadic<LLVM_Type, "op_bundle_sizes">:$op_bundle_operands,
      DenseI32ArrayAttr:$op_bundle_sizes,
      OptionalAttr<ArrayAttr>:$op_bundle_tags,
      OptionalAttr<DictArrayAttr>:$arg_attrs,
      OptionalAttr<DictArrayAttr>:$res_attrs, UnitAttr:$no_inline,
      UnitAttr:$always_inline, UnitAttr:$inline_hint), aliasAttrs);
  let results = (outs Optional<LLVM_Type>:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===-- Functions and globals ------------------------------------------------------===//

def LLVM_LLVMFuncOp : LLVM_Op<"func", [AffineScope, IsolatedFromAbove, Symbol]> {
  let summary = "An LLVM function";
  let description = [{
    A function with an `!llvm.func` type, a linkage and a calling convention;
    without a body it is a declaration. Variadic functions end their parameter list
    with `...`.
  }];
  let arguments = (ins
    StrAttr:$sym_name,
    OptionalAttr<StrAttr>:$sym_visibility,
    TypeAttrOf<LLVM_FunctionType>:$function_type,
    DefaultValuedAttr<LLVM_LinkageAttr, "::pto::llvm::linkage::Linkage::External">:$linkage,
    UnitAttr:$dso_local,
    DefaultValuedAttr<LLVM_CConvAttr, "::pto::llvm::cconv::CConv::C">:$CConv,
    OptionalAttr<SymbolRefAttr>:$comdat,
    OptionalAttr<UnitAttr>:$convergent,
    OptionalAttr<FlatSymbolRefAttr>:$personality,
    OptionalAttr<StrAttr>:$garbageCollector,
    OptionalAttr<ArrayAttr>:$passthrough,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs,
    OptionalAttr<I64Attr>:$function_entry_count,
    OptionalAttr<AnyAttr>:$memory_effects,
    DefaultValuedAttr<Visibility, "::pto::llvm::Visibility::Default">:$visibility_,
    OptionalAttr<UnitAttr>:$arm_streaming,
    OptionalAttr<UnitAttr>:$arm_locally_streaming,
    OptionalAttr<UnitAttr>:$arm_streaming_compatible,
    OptionalAttr<UnitAttr>:$arm_new_za,
    OptionalAttr<UnitAttr>:$arm_in_za,
    OptionalAttr<UnitAttr>:$arm_out_za,
    OptionalAttr<UnitAttr>:$arm_inout_za,
    OptionalAttr<UnitAttr>:$arm_preserves_za,
    OptionalAttr<StrAttr>:$section,
    OptionalAttr<UnnamedAddr>:$unnamed_addr,
    OptionalAttr<I64Attr>:$alignment,
    OptionalAttr<AnyAttr>:$vscale_range,
    OptionalAttr<AnyAttr>:$frame_pointer,
    OptionalAttr<StrAttr>:$target_cpu,
    OptionalAttr<StrAttr>:$tune_cpu,
    OptionalAttr<StrAttr>:$reciprocal_estimates,
    OptionalAttr<StrAttr>:$prefer_vector_width,
    OptionalAttr<AnyAttr>:$target_features,
    OptionalAttr<BoolAttr>:$no_infs_fp_math,
    OptionalAttr<BoolAttr>:$no_nans_fp_math,
    OptionalAttr<BoolAttr>:$no_signed_zeros_fp_math,
    OptionalAttr<StrAttr>:$denormal_fp_math,
    OptionalAttr<StrAttr>:$denormal_fp_math_f32,
    OptionalAttr<StrAttr>:$fp_contract,
    OptionalAttr<StrAttr>:$instrument_function_entry,
    OptionalAttr<StrAttr>:$instrument_function_exit,
    OptionalAttr<UnitAttr>:$no_inline,
    OptionalAttr<UnitAttr>:$always_inline,
    OptionalAttr<UnitAttr>:$inline_hint,
    OptionalAttr<UnitAttr>:$no_unwind,
    OptionalAttr<UnitAttr>:$will_return,
    OptionalAttr<UnitAttr>:$optimize_none,
    OptionalAttr<AnyAttr>:$vec_type_hint,
    OptionalAttr<DenseI32ArrayAttr>:$work_group_size_hint,
    OptionalAttr<DenseI32ArrayAttr>:$reqd_work_group_size,
    OptionalAttr<I32Attr>:$intel_reqd_sub_group_size,
    OptionalAttr<AnyAttr>:$uwtable_kind);
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def LLVM_GlobalOp : LLVM_Op<"mlir.global", [IsolatedFromAbove,
    SingleBlockImplicitTerminator<"llvm.return">, Symbol]> {
  let summary = "A global variable or constant";
  let description = [{
    Initialized by an attribute in parentheses or by a region returning the value.
  }];
  let arguments = (ins
    TypeAttr:$global_type,
    UnitAttr:$constant,
    StrAttr:$sym_name,
    LLVM_LinkageAttr:$linkage,
    UnitAttr:$dso_local,
    UnitAttr:$thread_local_,
    UnitAttr:$externally_initialized,
    OptionalAttr<AnyAttr>:$value,
    OptionalAttr<I64Attr>:$alignment,
    DefaultValuedAttr<ConfinedAttr<I32Attr, [IntNonNegative]>, "0">:$addr_space,
    OptionalAttr<UnnamedAddr>:$unnamed_addr,
    OptionalAttr<StrAttr>:$section,
    OptionalAttr<SymbolRefAttr>:$comdat,
    OptionalAttr<ArrayAttr>:$dbg_exprs,
    DefaultValuedAttr<Visibility, "::pto::llvm::Visibility::Default">:$visibility_,
    OptionalAttr<ArrayAttr>:$target_specific_attrs);
  let regions = (region AnyRegion:$initializer);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def LLVM_AddressOfOp : LLVM_Op<"mlir.addressof",
    [Pure, ConstantLike, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "The address of a global or function";
  let arguments = (ins FlatSymbolRefAttr:$global_name);
  let results = (outs LLVM_AnyPointer:$res);
  let assemblyFormat = "$global_name attr-dict `:` qualified(type($res))";
  let hasFolder = 1;
}

//===-- Constants ----------------------------------------------------------------===//

def LLVM_ConstantOp : LLVM_Op<"mlir.constant", [Pure, ConstantLike]> {
  let summary = "A constant of an LLVM-compatible type";
  let arguments = (ins AnyAttr:$value);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "`(` $value `)` attr-dict `:` type($res)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def LLVM_UndefOp : LLVM_Op<"mlir.undef", [Pure, ConstantLike]> {
  let summary = "An undefined value";
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "attr-dict `:` type($res)";
  let hasFolder = 1;
}

def LLVM_PoisonOp : LLVM_Op<"mlir.poison", [Pure, ConstantLike]> {
  let summary = "A poison value";
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "attr-dict `:` type($res)";
  let hasFolder = 1;
}

def LLVM_ZeroOp : LLVM_Op<"mlir.zero", [Pure, ConstantLike]> {
  let summary = "A zero-initialized value";
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "attr-dict `:` type($res)";
  let hasFolder = 1;
}

//===-- Intrinsics -------------------------------------------------------------------===//

class LLVM_IntrOp<string mnem, list<Trait> traits = []>
    : LLVM_Op<"intr." # mnem, traits>;

defvar IntrFormat = "`(` operands `)` attr-dict `:` functional-type(operands, results)";

class LLVM_UnaryIntrOpF<string mnem>
    : LLVM_IntrOp<mnem, [Pure, SameOperandsAndResultType]> {
  let summary = "`llvm." # mnem # "` on floats";
  let arguments = (ins LLVM_FloatLike:$in, LLVM_FastmathFlags:$fastmathFlags);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = IntrFormat;
}

class LLVM_UnaryIntrOpI<string mnem>
    : LLVM_IntrOp<mnem, [Pure, SameOperandsAndResultType]> {
  let summary = "`llvm." # mnem # "` on integers";
  let arguments = (ins LLVM_IntLike:$in);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = IntrFormat;
}

class LLVM_BinaryIntrOpF<string mnem>
    : LLVM_IntrOp<mnem, [Pure, SameOperandsAndResultType]> {
  let summary = "`llvm." # mnem # "` on floats";
  let arguments = (ins LLVM_FloatLike:$a, LLVM_FloatLike:$b, LLVM_FastmathFlags:$fastmathFlags);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = IntrFormat;
}

class LLVM_BinaryIntrOpI<string mnem>
    : LLVM_IntrOp<mnem, [Pure, SameOperandsAndResultType]> {
  let summary = "`llvm." # mnem # "` on integers";
  let arguments = (ins LLVM_IntLike:$a, LLVM_IntLike:$b);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = IntrFormat;
}

class LLVM_TernaryIntrOpF<string mnem>
    : LLVM_IntrOp<mnem, [Pure, SameOperandsAndResultType]> {
  let summary = "`llvm." # mnem # "` on floats";
  let arguments = (ins LLVM_FloatLike:$a, LLVM_FloatLike:$b, LLVM_FloatLike:$c,
                       LLVM_FastmathFlags:$fastmathFlags);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = IntrFormat;
}

def LLVM_ExpOp : LLVM_UnaryIntrOpF<"exp">;
def LLVM_Exp2Op : LLVM_UnaryIntrOpF<"exp2">;
def LLVM_LogOp : LLVM_UnaryIntrOpF<"log">;
def LLVM_Log2Op : LLVM_UnaryIntrOpF<"log2">;
def LLVM_Log10Op : LLVM_UnaryIntrOpF<"log10">;
def LLVM_SqrtOp : LLVM_UnaryIntrOpF<"sqrt">;
def LLVM_FAbsOp : LLVM_UnaryIntrOpF<"fabs">;
def LLVM_SinOp : LLVM_UnaryIntrOpF<"sin">;
def LLVM_CosOp : LLVM_UnaryIntrOpF<"cos">;
def LLVM_TanOp : LLVM_UnaryIntrOpF<"tan">;
def LLVM_TanhOp : LLVM_UnaryIntrOpF<"tanh">;
def LLVM_FFloorOp : LLVM_UnaryIntrOpF<"floor">;
def LLVM_FCeilOp : LLVM_UnaryIntrOpF<"ceil">;
def LLVM_RoundOp : LLVM_UnaryIntrOpF<"round">;
def LLVM_RoundEvenOp : LLVM_UnaryIntrOpF<"roundeven">;
def LLVM_FTruncOp : LLVM_UnaryIntrOpF<"trunc">;
def LLVM_RintOp : LLVM_UnaryIntrOpF<"rint">;
def LLVM_ASinOp : LLVM_UnaryIntrOpF<"asin">;
def LLVM_ACosOp : LLVM_UnaryIntrOpF<"acos">;
def LLVM_ATanOp : LLVM_UnaryIntrOpF<"atan">;
def LLVM_SinhOp : LLVM_UnaryIntrOpF<"sinh">;
def LLVM_CoshOp : LLVM_UnaryIntrOpF<"cosh">;
def LLVM_PowOp : LLVM_BinaryIntrOpF<"pow">;
def LLVM_ATan2Op : LLVM_BinaryIntrOpF<"atan2">;
def LLVM_CopySignOp : LLVM_BinaryIntrOpF<"copysign">;
def LLVM_MaxNumOp : LLVM_BinaryIntrOpF<"maxnum">;
def LLVM_MinNumOp : LLVM_BinaryIntrOpF<"minnum">;
def LLVM_MaximumOp : LLVM_BinaryIntrOpF<"maximum">;
def LLVM_MinimumOp : LLVM_BinaryIntrOpF<"minimum">;
def LLVM_FMAOp : LLVM_TernaryIntrOpF<"fma">;
def LLVM_FMulAddOp : LLVM_TernaryIntrOpF<"fmuladd">;
def LLVM_CtPopOp : LLVM_UnaryIntrOpI<"ctpop">;
def LLVM_BitReverseOp : LLVM_UnaryIntrOpI<"bitreverse">;
def LLVM_SMaxOp : LLVM_BinaryIntrOpI<"smax">;
def LLVM_SMinOp : LLVM_BinaryIntrOpI<"smin">;
def LLVM_UMaxOp : LLVM_BinaryIntrOpI<"umax">;
def LLVM_UMinOp : LLVM_BinaryIntrOpI<"umin">;

def LLVM_PowIOp : LLVM_IntrOp<"powi", [Pure]> {
  let summary = "`llvm.powi`: a float to an integer power";
  let arguments = (ins LLVM_FloatLike:$val, AnySignlessInteger:$power,
                       LLVM_FastmathFlags:$fastmathFlags);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = IntrFormat;
}

class LLVM_CountZerosIntrOp<string mnem>
    : LLVM_IntrOp<mnem, [Pure, SameOperandsAndResultType]> {
  let summary = "`llvm." # mnem # "`: count zero bits";
  let arguments = (ins LLVM_IntLike:$in, I1Attr:$is_zero_poison);
  let results = (outs LLVM_Type:$res);
}
def LLVM_CountLeadingZerosOp : LLVM_CountZerosIntrOp<"ctlz">;
def LLVM_CountTrailingZerosOp : LLVM_CountZerosIntrOp<"cttz">;

def LLVM_AbsOp : LLVM_IntrOp<"abs", [Pure]> {
  let summary = "`llvm.abs`: integer absolute value";
  let arguments = (ins LLVM_IntLike:$in, I1Attr:$is_int_min_poison);
  let results = (outs LLVM_Type:$res);
}

def LLVM_ConstrainedFPTruncIntr
    : LLVM_IntrOp<"experimental.constrained.fptrunc", [Pure]> {
  let summary = "`llvm.experimental.constrained.fptrunc`: a float truncation with an "
                "explicit rounding mode";
  let arguments = (ins LLVM_FloatLike:$arg_0, RoundingMode:$roundingmode,
                       FPExceptionBehavior:$fpExceptionBehavior);
  let results = (outs LLVM_FloatLike:$res);
  let assemblyFormat = [{
    $arg_0 $roundingmode $fpExceptionBehavior attr-dict `:` type($arg_0) `to` type($res)
  }];
}

class LLVM_ArithWithOverflowOp<string mnem>
    : LLVM_IntrOp<mnem # ".with.overflow", [Pure, SameOperandsElementType]> {
  let summary = "`llvm." # mnem # ".with.overflow`: the result and whether it overflowed";
  let arguments = (ins LLVM_IntLike:$a, LLVM_IntLike:$b);
  let results = (outs LLVM_AnyAggregate:$res);
}
def LLVM_SAddWithOverflowOp : LLVM_ArithWithOverflowOp<"sadd">;
def LLVM_UAddWithOverflowOp : LLVM_ArithWithOverflowOp<"uadd">;
def LLVM_SSubWithOverflowOp : LLVM_ArithWithOverflowOp<"ssub">;
def LLVM_USubWithOverflowOp : LLVM_ArithWithOverflowOp<"usub">;
def LLVM_SMulWithOverflowOp : LLVM_ArithWithOverflowOp<"smul">;
def LLVM_UMulWithOverflowOp : LLVM_ArithWithOverflowOp<"umul">;

def LLVM_MemcpyOp : LLVM_IntrOp<"memcpy"> {
  let summary = "`llvm.memcpy`: copy memory";
  let arguments = !con((ins Arg<LLVM_AnyPointer, "", [MemWrite]>:$dst,
                            Arg<LLVM_AnyPointer, "", [MemRead]>:$src,
                            AnySignlessInteger:$len, I1Attr:$isVolatile), aliasAttrs,
                       (ins OptionalAttr<DictArrayAttr>:$arg_attrs,
                            OptionalAttr<DictArrayAttr>:$res_attrs));
}

def LLVM_MemmoveOp : LLVM_IntrOp<"memmove"> {
  let summary = "`llvm.memmove`: copy memory that may overlap";
  let arguments = !con((ins Arg<LLVM_AnyPointer, "", [MemWrite]>:$dst,
                            Arg<LLVM_AnyPointer, "", [MemRead]>:$src,
                            AnySignlessInteger:$len, I1Attr:$isVolatile), aliasAttrs,
                       (ins OptionalAttr<DictArrayAttr>:$arg_attrs,
                            OptionalAttr<DictArrayAttr>:$res_attrs));
}

def LLVM_MemsetOp : LLVM_IntrOp<"memset"> {
  let summary = "`llvm.memset`: fill memory with a byte";
  let arguments = !con((ins Arg<LLVM_AnyPointer, "", [MemWrite]>:$dst,
                            I8:$val, AnySignlessInteger:$len, I1Attr:$isVolatile),
                       aliasAttrs,
                       (ins OptionalAttr<DictArrayAttr>:$arg_attrs,
                            OptionalAttr<DictArrayAttr>:$res_attrs));
}

def LLVM_IsFPClass : LLVM_IntrOp<"is.fpclass", [Pure]> {
  let summary = "`llvm.is.fpclass`: test a float against the classes in `bit`";
  let arguments = (ins LLVM_FloatLike:$in, I32Attr:$bit);
  let results = (outs LLVM_ScalarOrVectorOf<I1>:$res);
}

def LLVM_Prefetch : LLVM_IntrOp<"prefetch"> {
  let summary = "`llvm.prefetch`: hint that the memory at an address is accessed soon";
  let description = [{
    `rw` is 0 for a read and 1 for a write, `hint` the temporal locality from 0 (none)
    to 3 (keep in all cache levels), `cache` 1 for the data cache and 0 for the
    instruction cache. A prefetch never traps and has no visible effect. As in MLIR,
    the ranges are LLVM's verifier's to check.
  }];
  let arguments = (ins LLVM_AnyPointer:$addr, I32Attr:$rw, I32Attr:$hint, I32Attr:$cache);
}

def LLVM_StackSaveOp : LLVM_IntrOp<"stacksave"> {
  let summary = "`llvm.stacksave`: the current stack position";
  let results = (outs LLVM_AnyPointer:$res);
  let assemblyFormat = "attr-dict `:` qualified(type($res))";
}

def LLVM_StackRestoreOp : LLVM_IntrOp<"stackrestore"> {
  let summary = "`llvm.stackrestore`: free the stack allocated since a stacksave";
  let arguments = (ins LLVM_AnyPointer:$ptr);
  let assemblyFormat = "$ptr attr-dict `:` qualified(type($ptr))";
}

// Masked memory access.
def LLVM_MaskedLoadOp : LLVM_IntrOp<"masked.load"> {
  let summary = "`llvm.masked.load`: the lanes a mask sets from memory, others from pass_thru";
  let arguments = (ins Arg<LLVM_AnyPointer, "", [MemRead]>:$data, LLVM_VectorOf<I1>:$mask,
                       Optional<LLVM_AnyVector>:$pass_thru, I32Attr:$alignment,
                       UnitAttr:$nontemporal);
  let results = (outs LLVM_AnyVector:$res);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
}

def LLVM_MaskedStoreOp : LLVM_IntrOp<"masked.store"> {
  let summary = "`llvm.masked.store`: the lanes a mask sets to memory";
  let arguments = (ins LLVM_AnyVector:$value, Arg<LLVM_AnyPointer, "", [MemWrite]>:$data,
                       LLVM_VectorOf<I1>:$mask, I32Attr:$alignment);
  let assemblyFormat = "$value `,` $data `,` $mask attr-dict `:` "
                       "type($value) `,` type($mask) `into` qualified(type($data))";
}

// Vector reductions.
class LLVM_VecReductionI<string mnem>
    : LLVM_IntrOp<"vector.reduce." # mnem, [Pure, SameOperandsAndResultElementType]> {
  let summary = "`llvm.vector.reduce." # mnem # "` over an integer vector";
  let arguments = (ins LLVM_VectorOf<AnySignlessInteger>:$in);
  let results = (outs LLVM_Type:$res);
}

class LLVM_VecReductionF<string mnem>
    : LLVM_IntrOp<"vector.reduce." # mnem, [Pure, SameOperandsAndResultElementType]> {
  let summary = "`llvm.vector.reduce." # mnem # "` over a float vector";
  let arguments = (ins LLVM_VectorOf<AnyFloat>:$in, LLVM_FastmathFlags:$fastmathFlags);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = IntrFormat;
}

class LLVM_VecReductionAccF<string mnem>
    : LLVM_IntrOp<"vector.reduce." # mnem, [Pure, SameOperandsAndResultElementType]> {
  let summary = "`llvm.vector.reduce." # mnem # "` with a start value";
  let arguments = (ins AnyFloat:$start_value, LLVM_VectorOf<AnyFloat>:$input,
                       LLVM_FastmathFlags:$fastmathFlags);
  let results = (outs LLVM_Type:$res);
}

def LLVM_VectorReduceAddOp : LLVM_VecReductionI<"add">;
def LLVM_VectorReduceMulOp : LLVM_VecReductionI<"mul">;
def LLVM_VectorReduceAndOp : LLVM_VecReductionI<"and">;
def LLVM_VectorReduceOrOp : LLVM_VecReductionI<"or">;
def LLVM_VectorReduceXorOp : LLVM_VecReductionI<"xor">;
def LLVM_VectorReduceSmaxOp : LLVM_VecReductionI<"smax">;
def LLVM_VectorReduceSminOp : LLVM_VecReductionI<"smin">;
def LLVM_VectorReduceUmaxOp : LLVM_VecReductionI<"umax">;
def LLVM_VectorReduceUminOp : LLVM_VecReductionI<"umin">;
def LLVM_VectorReduceFmaxOp : LLVM_VecReductionF<"fmax">;
def LLVM_VectorReduceFminOp : LLVM_VecReductionF<"fmin">;
def LLVM_VectorReduceFmaximumOp : LLVM_VecReductionF<"fmaximum">;
def LLVM_VectorReduceFminimumOp : LLVM_VecReductionF<"fminimum">;
def LLVM_VectorReduceFaddOp : LLVM_VecReductionAccF<"fadd">;
def LLVM_VectorReduceFmulOp : LLVM_VecReductionAccF<"fmul">;

#endif // PTO_LLVM_OPS
