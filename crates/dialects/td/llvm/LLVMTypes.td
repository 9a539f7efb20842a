// The `llvm` dialect's base: the dialect record, its types (TypeDefs with parameters),
// type constraints, enums and enum attributes. MLIR 22's syntax; LLVMOps.td holds the
// operations. Read by build.rs (pto-ods-gen); valid `mlir-tblgen` input.

#ifndef PTO_LLVM_TYPES
#define PTO_LLVM_TYPES

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

def LLVM_Dialect : Dialect {
  let name = "llvm";
  let cppNamespace = "::pto::llvm";
  let summary = "The LLVM IR dialect";
  let hasConstantMaterializer = 1;
  let description = [{
    LLVM IR as MLIR operations: functions, globals, control flow, integer and
    floating-point arithmetic, memory access, aggregates, vectors and intrinsics, over
    the builtin integer, float and vector types and the LLVM types (`!llvm.ptr`,
    `!llvm.array`, literal `!llvm.struct`, `!llvm.func`, `!llvm.void`). The textual
    syntax is MLIR 22's, so `mlir-translate --mlir-to-llvmir` reads what is printed.
  }];
}

//===-- Types ----------------------------------------------------------------===//

class LLVM_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<LLVM_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def LLVMVoidType : LLVM_TypeDef<"LLVMVoid", "void"> {
  let summary = "LLVM void type";
  let description = [{
    The result type of a function that returns nothing: `!llvm.func<void ()>`.
  }];
}

def LLVMPointerType : LLVM_TypeDef<"LLVMPointer", "ptr",
    [VectorElementTypeInterface]> {
  let summary = "LLVM pointer type";
  let description = [{
    An opaque pointer, optionally in an address space: `!llvm.ptr`, `!llvm.ptr<1>`.
  }];
  let parameters = (ins DefaultValuedParameter<"unsigned", "0">:$addressSpace);
  let assemblyFormat = "(`<` $addressSpace^ `>`)?";
}

def LLVMArrayType : LLVM_TypeDef<"LLVMArray", "array"> {
  let summary = "LLVM array type";
  let description = [{
    A fixed number of elements of one type: `!llvm.array<4 x i32>`. Nested LLVM types
    are written without the `!llvm.` prefix: `!llvm.array<2 x array<3 x f32>>`.
  }];
  let parameters = (ins "Type":$elementType, "uint64_t":$numElements);
  let assemblyFormat = "`<` $numElements `x` custom<PrettyLLVMType>($elementType) `>`";
  let genVerifyDecl = 1;
}

def LLVMFunctionType : LLVM_TypeDef<"LLVMFunction", "func"> {
  let summary = "LLVM function type";
  let description = [{
    One result type (`void` for none), the parameter types and whether the function
    is variadic: `!llvm.func<i32 (ptr, ...)>`.
  }];
  let parameters = (ins "Type":$returnType, ArrayRefParameter<"Type">:$params,
                        "bool":$varArg);
  let assemblyFormat = [{
    `<` custom<PrettyLLVMType>($returnType) ` ` `(`
    custom<FunctionTypes>($params, $varArg) `>`
  }];
  let genVerifyDecl = 1;
}

def LLVMStructType : LLVM_TypeDef<"LLVMStruct", "struct"> {
  let summary = "LLVM literal structure type";
  let description = [{
    A literal (unnamed) structure, uniqued by its element types and packedness:
    `!llvm.struct<(i32, ptr)>`, `!llvm.struct<packed (i8, i32)>`. Identified (named)
    structures are not supported.
  }];
  let parameters = (ins ArrayRefParameter<"Type">:$body, "bool":$packed);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===-- Type constraints ----------------------------------------------------===//

def LLVM_Type : Type<CPred<"::pto::llvm::isCompatibleOuterType($_self)">,
    "LLVM dialect-compatible type">;

def LLVM_PrimitiveType : Type<
  And<[LLVM_Type.predicate, CPred<"!::pto::llvm::isVoidOrFunctionType($_self)">]>,
  "primitive LLVM type">;

def LLVM_FunctionType : Type<
  CPred<"::llvm::isa<::pto::llvm::LLVMFunctionType>($_self)">,
  "LLVM function type", "::pto::llvm::LLVMFunctionType">;

def LLVM_AnyFloat : Type<
  CPred<"::pto::llvm::isCompatibleFloatingPointType($_self)">,
  "floating point LLVM type">;

def LLVM_AnyPointer : Type<
  CPred<"::llvm::isa<::pto::llvm::LLVMPointerType>($_self)">,
  "LLVM pointer type", "::pto::llvm::LLVMPointerType">;

def LLVM_LoadableType : Type<CPred<"::pto::llvm::isLoadableType($_self)">,
  "LLVM type with size">;

def LLVM_AnyAggregate : Type<CPred<"::pto::llvm::isAggregateType($_self)">,
  "LLVM aggregate type">;

def LLVM_AnyNonAggregate : Type<
  And<[LLVM_Type.predicate, Neg<LLVM_AnyAggregate.predicate>]>,
  "LLVM-compatible non-aggregate type">;

def LLVM_AnyVector : Type<CPred<"::pto::llvm::isCompatibleVectorType($_self)">,
  "LLVM dialect-compatible vector type", "::mlir::VectorType">;

class LLVM_VectorOf<Type element> : Type<
  And<[LLVM_AnyVector.predicate,
       SubstLeaves<"$_self",
                   "::llvm::cast<::mlir::VectorType>($_self).getElementType()",
                   element.predicate>]>,
  "LLVM dialect-compatible vector of " # element.summary, "::mlir::VectorType">;

class LLVM_ScalarOrVectorOf<Type element> :
    AnyTypeOf<[element, LLVM_VectorOf<element>]>;

//===-- Enums ----------------------------------------------------------------===//

class LLVM_EnumCase<string sym, string str, int val> : I64EnumAttrCase<sym, val, str>;

def ICmpPredicate : I64EnumAttr<"ICmpPredicate", "llvm.icmp comparison predicate", [
    LLVM_EnumCase<"eq", "eq", 0>, LLVM_EnumCase<"ne", "ne", 1>,
    LLVM_EnumCase<"slt", "slt", 2>, LLVM_EnumCase<"sle", "sle", 3>,
    LLVM_EnumCase<"sgt", "sgt", 4>, LLVM_EnumCase<"sge", "sge", 5>,
    LLVM_EnumCase<"ult", "ult", 6>, LLVM_EnumCase<"ule", "ule", 7>,
    LLVM_EnumCase<"ugt", "ugt", 8>, LLVM_EnumCase<"uge", "uge", 9>]> {
  let cppNamespace = "::pto::llvm";
}

def FCmpPredicate : I64EnumAttr<"FCmpPredicate", "llvm.fcmp comparison predicate", [
    LLVM_EnumCase<"_false", "_false", 0>, LLVM_EnumCase<"oeq", "oeq", 1>,
    LLVM_EnumCase<"ogt", "ogt", 2>, LLVM_EnumCase<"oge", "oge", 3>,
    LLVM_EnumCase<"olt", "olt", 4>, LLVM_EnumCase<"ole", "ole", 5>,
    LLVM_EnumCase<"one", "one", 6>, LLVM_EnumCase<"ord", "ord", 7>,
    LLVM_EnumCase<"ueq", "ueq", 8>, LLVM_EnumCase<"ugt", "ugt", 9>,
    LLVM_EnumCase<"uge", "uge", 10>, LLVM_EnumCase<"ult", "ult", 11>,
    LLVM_EnumCase<"ule", "ule", 12>, LLVM_EnumCase<"une", "une", 13>,
    LLVM_EnumCase<"uno", "uno", 14>, LLVM_EnumCase<"_true", "_true", 15>]> {
  let cppNamespace = "::pto::llvm";
}

def AtomicOrdering : I64EnumAttr<"AtomicOrdering",
    "Atomic ordering for LLVM's memory model", [
    LLVM_EnumCase<"not_atomic", "not_atomic", 0>,
    LLVM_EnumCase<"unordered", "unordered", 1>,
    LLVM_EnumCase<"monotonic", "monotonic", 2>,
    LLVM_EnumCase<"acquire", "acquire", 4>,
    LLVM_EnumCase<"release", "release", 5>,
    LLVM_EnumCase<"acq_rel", "acq_rel", 6>,
    LLVM_EnumCase<"seq_cst", "seq_cst", 7>]> {
  let cppNamespace = "::pto::llvm";
}

// The rounding modes of constrained intrinsics, numbered as `llvm::RoundingMode`.
def RoundingMode : I64EnumAttr<"RoundingMode", "LLVM rounding mode", [
    LLVM_EnumCase<"TowardZero", "towardzero", 0>,
    LLVM_EnumCase<"NearestTiesToEven", "tonearest", 1>,
    LLVM_EnumCase<"TowardPositive", "upward", 2>,
    LLVM_EnumCase<"TowardNegative", "downward", 3>,
    LLVM_EnumCase<"NearestTiesToAway", "tonearestaway", 4>,
    LLVM_EnumCase<"Dynamic", "dynamic", 7>]> {
  let cppNamespace = "::pto::llvm";
}

def FPExceptionBehavior : I64EnumAttr<"FPExceptionBehavior",
    "LLVM exception behavior of constrained floating-point intrinsics", [
    LLVM_EnumCase<"Ignore", "ignore", 0>,
    LLVM_EnumCase<"MayTrap", "maytrap", 1>,
    LLVM_EnumCase<"Strict", "strict", 2>]> {
  let cppNamespace = "::pto::llvm";
}

def UnnamedAddr : I64EnumAttr<"UnnamedAddr", "LLVM GlobalValue UnnamedAddr", [
    LLVM_EnumCase<"None", "", 0>, LLVM_EnumCase<"Local", "local_unnamed_addr", 1>,
    LLVM_EnumCase<"Global", "unnamed_addr", 2>]> {
  let cppNamespace = "::pto::llvm";
}

def Visibility : I64EnumAttr<"Visibility", "LLVM GlobalValue Visibility", [
    LLVM_EnumCase<"Default", "", 0>, LLVM_EnumCase<"Hidden", "hidden", 1>,
    LLVM_EnumCase<"Protected", "protected", 2>]> {
  let cppNamespace = "::pto::llvm";
}

def LinkageEnum : I64EnumAttr<"Linkage", "LLVM linkage types", [
    LLVM_EnumCase<"External", "external", 0>,
    LLVM_EnumCase<"AvailableExternally", "available_externally", 1>,
    LLVM_EnumCase<"Linkonce", "linkonce", 2>,
    LLVM_EnumCase<"LinkonceODR", "linkonce_odr", 3>,
    LLVM_EnumCase<"Weak", "weak", 4>, LLVM_EnumCase<"WeakODR", "weak_odr", 5>,
    LLVM_EnumCase<"Appending", "appending", 6>,
    LLVM_EnumCase<"Internal", "internal", 7>,
    LLVM_EnumCase<"Private", "private", 8>,
    LLVM_EnumCase<"ExternWeak", "extern_weak", 9>,
    LLVM_EnumCase<"Common", "common", 10>]> {
  let cppNamespace = "::pto::llvm::linkage";
  let genSpecializedAttr = 0;
}

def LLVM_LinkageAttr : EnumAttr<LLVM_Dialect, LinkageEnum, "linkage"> {
  let assemblyFormat = "`<` $value `>`";
}

def CConvEnum : I64EnumAttr<"CConv", "Calling Conventions", [
    LLVM_EnumCase<"C", "ccc", 0>, LLVM_EnumCase<"Fast", "fastcc", 8>,
    LLVM_EnumCase<"Cold", "coldcc", 9>, LLVM_EnumCase<"GHC", "cc_10", 10>,
    LLVM_EnumCase<"HiPE", "cc_11", 11>, LLVM_EnumCase<"AnyReg", "anyregcc", 13>,
    LLVM_EnumCase<"PreserveMost", "preserve_mostcc", 14>,
    LLVM_EnumCase<"PreserveAll", "preserve_allcc", 15>,
    LLVM_EnumCase<"Swift", "swiftcc", 16>,
    LLVM_EnumCase<"CXX_FAST_TLS", "cxx_fast_tlscc", 17>,
    LLVM_EnumCase<"Tail", "tailcc", 18>,
    LLVM_EnumCase<"CFGuard_Check", "cfguard_checkcc", 19>,
    LLVM_EnumCase<"SwiftTail", "swifttailcc", 20>,
    LLVM_EnumCase<"X86_StdCall", "x86_stdcallcc", 64>,
    LLVM_EnumCase<"X86_FastCall", "x86_fastcallcc", 65>,
    LLVM_EnumCase<"ARM_APCS", "arm_apcscc", 66>,
    LLVM_EnumCase<"ARM_AAPCS", "arm_aapcscc", 67>,
    LLVM_EnumCase<"ARM_AAPCS_VFP", "arm_aapcs_vfpcc", 68>,
    LLVM_EnumCase<"PTX_Kernel", "ptx_kernelcc", 71>,
    LLVM_EnumCase<"PTX_Device", "ptx_devicecc", 72>,
    LLVM_EnumCase<"SPIR_FUNC", "spir_funccc", 75>,
    LLVM_EnumCase<"SPIR_KERNEL", "spir_kernelcc", 76>,
    LLVM_EnumCase<"X86_64_SysV", "x86_64_sysvcc", 78>,
    LLVM_EnumCase<"Win64", "win64cc", 79>,
    LLVM_EnumCase<"X86_VectorCall", "x86_vectorcallcc", 80>]> {
  let cppNamespace = "::pto::llvm::cconv";
  let genSpecializedAttr = 0;
}

def LLVM_CConvAttr : EnumAttr<LLVM_Dialect, CConvEnum, "cconv"> {
  let assemblyFormat = "`<` $value `>`";
}

def TailCallKindEnum : I64EnumAttr<"TailCallKind", "Tail Call Kind", [
    LLVM_EnumCase<"None", "none", 0>, LLVM_EnumCase<"NoTail", "notail", 3>,
    LLVM_EnumCase<"MustTail", "musttail", 2>, LLVM_EnumCase<"Tail", "tail", 1>]> {
  let cppNamespace = "::pto::llvm::tailcallkind";
  let genSpecializedAttr = 0;
}

def LLVM_TailCallKindAttr : EnumAttr<LLVM_Dialect, TailCallKindEnum, "tailcallkind"> {
  let assemblyFormat = "`<` $value `>`";
}

def FMFnnan     : I32BitEnumAttrCaseBit<"nnan", 0>;
def FMFninf     : I32BitEnumAttrCaseBit<"ninf", 1>;
def FMFnsz      : I32BitEnumAttrCaseBit<"nsz", 2>;
def FMFarcp     : I32BitEnumAttrCaseBit<"arcp", 3>;
def FMFcontract : I32BitEnumAttrCaseBit<"contract", 4>;
def FMFafn      : I32BitEnumAttrCaseBit<"afn", 5>;
def FMFreassoc  : I32BitEnumAttrCaseBit<"reassoc", 6>;
def FastmathFlags : I32BitEnumAttr<"FastmathFlags", "LLVM fastmath flags", [
    I32BitEnumAttrCaseNone<"none">, FMFnnan, FMFninf, FMFnsz, FMFarcp, FMFcontract,
    FMFafn, FMFreassoc,
    I32BitEnumAttrCaseGroup<"fast", [FMFnnan, FMFninf, FMFnsz, FMFarcp, FMFcontract,
                                     FMFafn, FMFreassoc]>]> {
  let separator = ", ";
  let cppNamespace = "::pto::llvm";
  let genSpecializedAttr = 0;
  let printBitEnumPrimaryGroups = 1;
}

def LLVM_FastmathFlagsAttr : EnumAttr<LLVM_Dialect, FastmathFlags, "fastmath"> {
  let assemblyFormat = "`<` $value `>`";
}

// Integer overflow flags (`overflow<nsw, nuw>`) and GEP no-wrap flags (`inbounds`) are
// properties in MLIR, printed as integers in the generic form: i32 attributes here,
// with custom directives for their keyword forms.
def LLVM_OverflowFlags : DefaultValuedAttr<I32Attr, "0">;
def LLVM_GEPNoWrapFlags : DefaultValuedAttr<I32Attr, "0">;

def LLVM_FastmathFlags : DefaultValuedAttr<LLVM_FastmathFlagsAttr,
    "::pto::llvm::FastmathFlags::none">;

#endif // PTO_LLVM_TYPES
