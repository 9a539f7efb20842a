// The `arith` dialect: integer and floating-point arithmetic, comparisons and casts, with
// MLIR's syntax and semantics. Read by build.rs (pto-ods-gen); valid `mlir-tblgen` input.

#ifndef PTO_ARITH_OPS
#define PTO_ARITH_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/CastInterfaces.td"
include "pto/Interfaces.td"

def Arith_Dialect : Dialect {
  let name = "arith";
  let cppNamespace = "::pto::arith";
  let summary = "Integer and floating-point arithmetic";
  let hasConstantMaterializer = 1;
  let description = [{
    Elementwise arithmetic on signless integers, indices and floats, and on vectors and
    tensors of them: binary operations, comparisons, selects, casts and constants.
    Integer operations carry optional overflow flags, float operations fast-math flags.
  }];
}

def SignlessFixedWidthIntegerLike : TypeConstraint<Or<[
        AnySignlessInteger.predicate,
        VectorOfAnyRankOf<[AnySignlessInteger]>.predicate,
        TensorOf<[AnySignlessInteger]>.predicate]>,
    "signless-fixed-width-integer-like">;

//===-- Enums and flags ------------------------------------------------------===//

def Arith_CmpIPredicateAttr : I64EnumAttr<"CmpIPredicate",
    "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9", [
  I64EnumAttrCase<"eq", 0>, I64EnumAttrCase<"ne", 1>, I64EnumAttrCase<"slt", 2>,
  I64EnumAttrCase<"sle", 3>, I64EnumAttrCase<"sgt", 4>, I64EnumAttrCase<"sge", 5>,
  I64EnumAttrCase<"ult", 6>, I64EnumAttrCase<"ule", 7>, I64EnumAttrCase<"ugt", 8>,
  I64EnumAttrCase<"uge", 9>]> {
  let cppNamespace = "::pto::arith";
}

def Arith_CmpFPredicateAttr : I64EnumAttr<"CmpFPredicate",
    "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15", [
  I64EnumAttrCase<"AlwaysFalse", 0, "false">, I64EnumAttrCase<"OEQ", 1, "oeq">,
  I64EnumAttrCase<"OGT", 2, "ogt">, I64EnumAttrCase<"OGE", 3, "oge">,
  I64EnumAttrCase<"OLT", 4, "olt">, I64EnumAttrCase<"OLE", 5, "ole">,
  I64EnumAttrCase<"ONE", 6, "one">, I64EnumAttrCase<"ORD", 7, "ord">,
  I64EnumAttrCase<"UEQ", 8, "ueq">, I64EnumAttrCase<"UGT", 9, "ugt">,
  I64EnumAttrCase<"UGE", 10, "uge">, I64EnumAttrCase<"ULT", 11, "ult">,
  I64EnumAttrCase<"ULE", 12, "ule">, I64EnumAttrCase<"UNE", 13, "une">,
  I64EnumAttrCase<"UNO", 14, "uno">, I64EnumAttrCase<"AlwaysTrue", 15, "true">]> {
  let cppNamespace = "::pto::arith";
}

def Arith_RoundingModeAttr : I32EnumAttr<"RoundingMode",
    "Floating point rounding mode", [
  I32EnumAttrCase<"to_nearest_even", 0>, I32EnumAttrCase<"downward", 1>,
  I32EnumAttrCase<"upward", 2>, I32EnumAttrCase<"toward_zero", 3>,
  I32EnumAttrCase<"to_nearest_away", 4>]> {
  let cppNamespace = "::pto::arith";
}

def Arith_IntegerOverflowFlags : I32BitEnumAttr<"IntegerOverflowFlags",
    "Integer overflow arith flags", [
  I32BitEnumAttrCaseNone<"none">, I32BitEnumAttrCaseBit<"nsw", 0>,
  I32BitEnumAttrCaseBit<"nuw", 1>]> {
  let separator = ", ";
  let cppNamespace = "::pto::arith";
  let genSpecializedAttr = 0;
}

def Arith_IntegerOverflowAttr
    : EnumAttr<Arith_Dialect, Arith_IntegerOverflowFlags, "overflow"> {
  let assemblyFormat = "`<` $value `>`";
}

def FM_reassoc : I32BitEnumAttrCaseBit<"reassoc", 0>;
def FM_nnan : I32BitEnumAttrCaseBit<"nnan", 1>;
def FM_ninf : I32BitEnumAttrCaseBit<"ninf", 2>;
def FM_nsz : I32BitEnumAttrCaseBit<"nsz", 3>;
def FM_arcp : I32BitEnumAttrCaseBit<"arcp", 4>;
def FM_contract : I32BitEnumAttrCaseBit<"contract", 5>;
def FM_afn : I32BitEnumAttrCaseBit<"afn", 6>;
def Arith_FastMathFlags : I32BitEnumAttr<"FastMathFlags",
    "Floating point fast math flags", [
  I32BitEnumAttrCaseNone<"none">, FM_reassoc, FM_nnan, FM_ninf, FM_nsz, FM_arcp,
  FM_contract, FM_afn,
  I32BitEnumAttrCaseGroup<"fast", [FM_reassoc, FM_nnan, FM_ninf, FM_nsz, FM_arcp,
                                   FM_contract, FM_afn]>]> {
  let separator = ",";
  let cppNamespace = "::pto::arith";
  let genSpecializedAttr = 0;
  let printBitEnumPrimaryGroups = 1;
}

def Arith_FastMathAttr : EnumAttr<Arith_Dialect, Arith_FastMathFlags, "fastmath"> {
  let assemblyFormat = "`<` $value `>`";
}

def Arith_OverflowFlags : DefaultValuedAttr<Arith_IntegerOverflowAttr,
    "::pto::arith::IntegerOverflowFlags::none">;
def Arith_FastMath : DefaultValuedAttr<Arith_FastMathAttr,
    "::pto::arith::FastMathFlags::none">;

//===-- Op classes -------------------------------------------------------------===//

class Arith_Op<string mnemonic, list<Trait> traits = []>
    : Op<Arith_Dialect, mnemonic, traits # [Pure]>;

class Arith_IntBinaryOp<string mnemonic, list<Trait> traits = []>
    : Arith_Op<mnemonic, traits # [SameOperandsAndResultType, Elementwise]> {
  let arguments = (ins SignlessIntegerOrIndexLike:$lhs, SignlessIntegerOrIndexLike:$rhs);
  let results = (outs SignlessIntegerOrIndexLike:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

class Arith_IntBinaryOverflowOp<string mnemonic, list<Trait> traits = []>
    : Arith_IntBinaryOp<mnemonic, traits> {
  let arguments = (ins SignlessIntegerOrIndexLike:$lhs, SignlessIntegerOrIndexLike:$rhs,
                       Arith_OverflowFlags:$overflowFlags);
  let assemblyFormat = [{
    $lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)
  }];
}

class Arith_IntBinaryExactOp<string mnemonic, list<Trait> traits = []>
    : Arith_IntBinaryOp<mnemonic, traits> {
  let arguments = (ins SignlessIntegerOrIndexLike:$lhs, SignlessIntegerOrIndexLike:$rhs,
                       UnitAttr:$isExact);
  let assemblyFormat = "$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)";
}

class Arith_FloatBinaryOp<string mnemonic, list<Trait> traits = []>
    : Arith_Op<mnemonic, traits # [SameOperandsAndResultType, Elementwise]> {
  let arguments = (ins FloatLike:$lhs, FloatLike:$rhs, Arith_FastMath:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)
  }];
}

class Arith_CastOp<string mnemonic, TypeConstraint From, TypeConstraint To,
                   list<Trait> traits = []>
    : Arith_Op<mnemonic, traits # [SameOperandsAndResultShape, Elementwise,
                                    DeclareOpInterfaceMethods<CastOpInterface>]> {
  let arguments = (ins From:$in);
  let results = (outs To:$out);
  let assemblyFormat = "$in attr-dict `:` type($in) `to` type($out)";
}

//===-- Constants ------------------------------------------------------------===//

def Arith_ConstantOp : Arith_Op<"constant", [ConstantLike,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "An integer, index, float or dense constant";
  let description = [{
    `%c = arith.constant 42 : i32`. The result has the type of the value attribute.
  }];
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs AnyType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===-- Integer binary ops -----------------------------------------------------===//

def Arith_AddIOp : Arith_IntBinaryOverflowOp<"addi", [Commutative]> {
  let summary = "Integer addition (wrapping)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}
def Arith_SubIOp : Arith_IntBinaryOverflowOp<"subi"> {
  let summary = "Integer subtraction (wrapping)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}
def Arith_MulIOp : Arith_IntBinaryOverflowOp<"muli", [Commutative]> {
  let summary = "Integer multiplication (wrapping)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}
def Arith_DivSIOp : Arith_IntBinaryExactOp<"divsi",
    [DeclareOpInterfaceMethods<ConditionallySpeculatable>]> {
  let summary = "Signed integer division rounding toward zero";
  let hasFolder = 1;
}
def Arith_DivUIOp : Arith_IntBinaryExactOp<"divui",
    [DeclareOpInterfaceMethods<ConditionallySpeculatable>]> {
  let summary = "Unsigned integer division";
  let hasFolder = 1;
}
def Arith_CeilDivSIOp : Arith_IntBinaryOp<"ceildivsi",
    [DeclareOpInterfaceMethods<ConditionallySpeculatable>]> {
  let summary = "Signed integer division rounding toward positive infinity";
  let hasFolder = 1;
}
def Arith_CeilDivUIOp : Arith_IntBinaryOp<"ceildivui",
    [DeclareOpInterfaceMethods<ConditionallySpeculatable>]> {
  let summary = "Unsigned integer division rounding up";
  let hasFolder = 1;
}
def Arith_FloorDivSIOp : Arith_IntBinaryOp<"floordivsi"> {
  let summary = "Signed integer division rounding toward negative infinity";
  let hasFolder = 1;
}
def Arith_RemSIOp : Arith_IntBinaryOp<"remsi"> {
  let summary = "Signed integer remainder (sign of the dividend)";
  let hasFolder = 1;
}
def Arith_RemUIOp : Arith_IntBinaryOp<"remui"> {
  let summary = "Unsigned integer remainder";
  let hasFolder = 1;
}
def Arith_AndIOp : Arith_IntBinaryOp<"andi", [Commutative]> {
  let summary = "Bitwise and";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}
def Arith_OrIOp : Arith_IntBinaryOp<"ori", [Commutative]> {
  let summary = "Bitwise or";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}
def Arith_XOrIOp : Arith_IntBinaryOp<"xori", [Commutative]> {
  let summary = "Bitwise exclusive or";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}
def Arith_ShLIOp : Arith_IntBinaryOverflowOp<"shli"> {
  let summary = "Shift left";
  let hasFolder = 1;
}
def Arith_ShRSIOp : Arith_IntBinaryExactOp<"shrsi"> {
  let summary = "Arithmetic (signed) shift right";
  let hasFolder = 1;
}
def Arith_ShRUIOp : Arith_IntBinaryExactOp<"shrui"> {
  let summary = "Logical (unsigned) shift right";
  let hasFolder = 1;
}
def Arith_MaxSIOp : Arith_IntBinaryOp<"maxsi", [Commutative]> {
  let summary = "Signed integer maximum";
  let hasFolder = 1;
}
def Arith_MaxUIOp : Arith_IntBinaryOp<"maxui", [Commutative]> {
  let summary = "Unsigned integer maximum";
  let hasFolder = 1;
}
def Arith_MinSIOp : Arith_IntBinaryOp<"minsi", [Commutative]> {
  let summary = "Signed integer minimum";
  let hasFolder = 1;
}
def Arith_MinUIOp : Arith_IntBinaryOp<"minui", [Commutative]> {
  let summary = "Unsigned integer minimum";
  let hasFolder = 1;
}

def Arith_AddUIExtendedOp : Arith_Op<"addui_extended", [Commutative,
    AllTypesMatch<["lhs", "rhs", "sum"]>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "Unsigned addition with an overflow bit";
  let arguments = (ins SignlessIntegerOrIndexLike:$lhs, SignlessIntegerOrIndexLike:$rhs);
  let results = (outs SignlessIntegerOrIndexLike:$sum, BoolLike:$overflow);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)";
  let hasCanonicalizer = 1;
  let hasFolder = 1;
}
def Arith_MulUIExtendedOp : Arith_Op<"mului_extended", [Commutative,
    AllTypesMatch<["lhs", "rhs", "low", "high"]>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "Unsigned multiplication giving the low and high halves";
  let arguments = (ins SignlessIntegerOrIndexLike:$lhs, SignlessIntegerOrIndexLike:$rhs);
  let results = (outs SignlessIntegerOrIndexLike:$low, SignlessIntegerOrIndexLike:$high);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}
def Arith_MulSIExtendedOp : Arith_Op<"mulsi_extended", [Commutative,
    AllTypesMatch<["lhs", "rhs", "low", "high"]>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "Signed multiplication giving the low and high halves";
  let arguments = (ins SignlessIntegerOrIndexLike:$lhs, SignlessIntegerOrIndexLike:$rhs);
  let results = (outs SignlessIntegerOrIndexLike:$low, SignlessIntegerOrIndexLike:$high);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===-- Float ops ------------------------------------------------------------===//

def Arith_AddFOp : Arith_FloatBinaryOp<"addf", [Commutative]> {
  let summary = "Floating-point addition";
  let hasFolder = 1;
}
def Arith_SubFOp : Arith_FloatBinaryOp<"subf"> {
  let summary = "Floating-point subtraction";
  let hasFolder = 1;
}
def Arith_MulFOp : Arith_FloatBinaryOp<"mulf", [Commutative]> {
  let summary = "Floating-point multiplication";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}
def Arith_DivFOp : Arith_FloatBinaryOp<"divf"> {
  let summary = "Floating-point division";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}
def Arith_RemFOp : Arith_FloatBinaryOp<"remf"> {
  let summary = "Floating-point remainder (C's fmod)";
  let hasFolder = 1;
}
def Arith_MaximumFOp : Arith_FloatBinaryOp<"maximumf", [Commutative]> {
  let summary = "Floating-point maximum, propagating NaN";
  let hasFolder = 1;
}
def Arith_MinimumFOp : Arith_FloatBinaryOp<"minimumf", [Commutative]> {
  let summary = "Floating-point minimum, propagating NaN";
  let hasFolder = 1;
}
def Arith_MaxNumFOp : Arith_FloatBinaryOp<"maxnumf", [Commutative]> {
  let summary = "Floating-point maximum, ignoring a NaN operand";
  let hasFolder = 1;
}
def Arith_MinNumFOp : Arith_FloatBinaryOp<"minnumf", [Commutative]> {
  let summary = "Floating-point minimum, ignoring a NaN operand";
  let hasFolder = 1;
}
def Arith_NegFOp : Arith_Op<"negf", [SameOperandsAndResultType, Elementwise]> {
  let summary = "Floating-point negation";
  let arguments = (ins FloatLike:$operand, Arith_FastMath:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)";
  let hasFolder = 1;
}

//===-- Comparisons and select -----------------------------------------------===//

def Arith_CmpIOp : Arith_Op<"cmpi", [SameTypeOperands, Elementwise,
    DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>,
    TypesMatchWith<"result type has i1 element type and same shape as operands",
                   "lhs", "result", "::getI1SameShape($_self)">]> {
  let summary = "Integer comparison";
  let arguments = (ins Arith_CmpIPredicateAttr:$predicate,
                       SignlessIntegerOrIndexLike:$lhs, SignlessIntegerOrIndexLike:$rhs);
  let results = (outs BoolLike:$result);
  let assemblyFormat = "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Arith_CmpFOp : Arith_Op<"cmpf", [SameTypeOperands, Elementwise,
    TypesMatchWith<"result type has i1 element type and same shape as operands",
                   "lhs", "result", "::getI1SameShape($_self)">]> {
  let summary = "Floating-point comparison";
  let arguments = (ins Arith_CmpFPredicateAttr:$predicate, FloatLike:$lhs,
                       FloatLike:$rhs, Arith_FastMath:$fastmath);
  let results = (outs BoolLike:$result);
  let assemblyFormat = [{
    $predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)
  }];
  let hasCanonicalizer = 1;
  let hasFolder = 1;
}

def Arith_SelectOp : Arith_Op<"select", [Elementwise,
    AllTypesMatch<["true_value", "false_value", "result"]>]> {
  let summary = "Chooses between two values by a condition";
  let description = [{
    `arith.select %c, %a, %b : T` (scalar `%c`) or `: vector<4xi1>, vector<4xT>`
    (elementwise condition).
  }];
  let arguments = (ins BoolLike:$condition, AnyType:$true_value, AnyType:$false_value);
  let results = (outs AnyType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===-- Casts ----------------------------------------------------------------===//

def Arith_ExtSIOp : Arith_CastOp<"extsi", SignlessFixedWidthIntegerLike,
                                 SignlessFixedWidthIntegerLike, [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>]> {
  let summary = "Sign-extends an integer";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}
def Arith_ExtUIOp : Arith_CastOp<"extui", SignlessFixedWidthIntegerLike,
                                 SignlessFixedWidthIntegerLike, [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>]> {
  let summary = "Zero-extends an integer";
  let hasVerifier = 1;
  let hasFolder = 1;
}
def Arith_TruncIOp : Arith_CastOp<"trunci", SignlessFixedWidthIntegerLike,
                                  SignlessFixedWidthIntegerLike, [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>]> {
  let summary = "Truncates an integer";
  let hasVerifier = 1;
  let arguments = (ins SignlessFixedWidthIntegerLike:$in, Arith_OverflowFlags:$overflowFlags);
  let assemblyFormat = [{
    $in (`overflow` `` $overflowFlags^)? attr-dict `:` type($in) `to` type($out)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}
def Arith_SIToFPOp : Arith_CastOp<"sitofp", SignlessFixedWidthIntegerLike, FloatLike> {
  let summary = "Signed integer to float";
  let hasFolder = 1;
}
def Arith_UIToFPOp : Arith_CastOp<"uitofp", SignlessFixedWidthIntegerLike, FloatLike> {
  let summary = "Unsigned integer to float";
  let hasFolder = 1;
}
def Arith_FPToSIOp : Arith_CastOp<"fptosi", FloatLike, SignlessFixedWidthIntegerLike> {
  let summary = "Float to signed integer, rounding toward zero";
  let hasFolder = 1;
}
def Arith_FPToUIOp : Arith_CastOp<"fptoui", FloatLike, SignlessFixedWidthIntegerLike> {
  let summary = "Float to unsigned integer, rounding toward zero";
  let hasFolder = 1;
}
def Arith_ExtFOp : Arith_CastOp<"extf", FloatLike, FloatLike> {
  let summary = "Widens a float";
  let hasVerifier = 1;
  let arguments = (ins FloatLike:$in, OptionalAttr<Arith_FastMathAttr>:$fastmath);
  let assemblyFormat = [{
    $in (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)
  }];
  let hasFolder = 1;
}
def Arith_TruncFOp : Arith_CastOp<"truncf", FloatLike, FloatLike, [DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>]> {
  let summary = "Narrows a float with an optional rounding mode";
  let hasVerifier = 1;
  let arguments = (ins FloatLike:$in, OptionalAttr<Arith_RoundingModeAttr>:$roundingmode,
                       OptionalAttr<Arith_FastMathAttr>:$fastmath);
  let assemblyFormat = [{
    $in ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}
def Arith_IndexCastOp : Arith_CastOp<"index_cast", SignlessIntegerOrIndexLike,
                                     SignlessIntegerOrIndexLike> {
  let summary = "Casts between index and integers (sign-extending)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}
def Arith_IndexCastUIOp : Arith_CastOp<"index_castui", SignlessIntegerOrIndexLike,
                                       SignlessIntegerOrIndexLike> {
  let summary = "Casts between index and integers (zero-extending)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}
def Arith_BitcastOp : Arith_CastOp<"bitcast", SignlessIntegerOrFloatLike,
                                   SignlessIntegerOrFloatLike> {
  let summary = "Reinterprets the bits of a value as another type of the same width";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

#endif // PTO_ARITH_OPS
