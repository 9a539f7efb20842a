//===- StandaloneOps.td - The standalone dialect ------------------------------===//
//
// A dialect defined outside pto-mlir's crates, as MLIR's standalone example is:
// fixed-point numbers, whose arithmetic lowers to `arith` on integers.
//
//===----------------------------------------------------------------------------===//

#ifndef STANDALONE_OPS
#define STANDALONE_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "pto/Interfaces.td"

def Standalone_Dialect : Dialect {
  let name = "standalone";
  let cppNamespace = "::standalone";
  let summary = "Fixed-point arithmetic, an out-of-tree example dialect";
  let description = [{
    `!standalone.fixed<W, F>` numbers are `W`-bit two's complement integers with `F`
    fraction bits: the integer `r` stands for `r / 2^F`. The ops add, multiply and
    negate them (wrapping, as the integers do), and convert from and to floats.
    `convert-standalone-to-arith` lowers them to `arith` on `iW`.
  }];
  let hasConstantMaterializer = 1;
}

//===-- Types and attributes --------------------------------------------------===//

def Standalone_FixedType : TypeDef<Standalone_Dialect, "Fixed"> {
  let mnemonic = "fixed";
  let summary = "A fixed-point number of `width` bits, `fraction` of them after the point";
  let parameters = (ins "unsigned":$width, "unsigned":$fraction);
  let assemblyFormat = "`<` $width `,` $fraction `>`";
  let genVerifyDecl = 1;
}

def Standalone_Fixed : Type<CPred<"::llvm::isa<::standalone::FixedType>($_self)">,
    "fixed-point number", "::standalone::FixedType">;

def Standalone_Rounding : I32EnumAttr<"Rounding", "how a float rounds to fixed point", [
    I32EnumAttrCase<"Nearest", 0, "nearest">, I32EnumAttrCase<"TowardZero", 1, "toward_zero">]> {
  let cppNamespace = "::standalone";
  let genSpecializedAttr = 0;
}

def Standalone_RoundingAttr : EnumAttr<Standalone_Dialect, Standalone_Rounding, "rounding"> {
  let assemblyFormat = "`<` $value `>`";
}

//===-- Interfaces ------------------------------------------------------------===//

def Standalone_CostOpInterface : RustOpInterface<"CostOpInterface"> {
  let cppNamespace = "::standalone";
  let description = [{
    What an op costs once lowered: the number of integer and float instructions
    `convert-standalone-to-arith` makes of it.
  }];
  let methods = [
    InterfaceMethod<"The instructions the op lowers to.", "u64", "cost",
      (ins "&Body<'c>":$body, "OpId":$op)>
  ];
}

//===-- Ops -------------------------------------------------------------------===//

// Every op of the dialect says what it costs.
class Standalone_Op<string mnemonic, list<Trait> traits = []>
    : Op<Standalone_Dialect, mnemonic,
         !listconcat(traits, [DeclareOpInterfaceMethods<Standalone_CostOpInterface>])>;

def Standalone_ConstantOp : Standalone_Op<"constant", [ConstantLike, Pure]> {
  let summary = "A fixed-point constant";
  let description = [{
    `%c = standalone.constant 1.5 : !standalone.fixed<16, 8>`: the value must be a
    multiple of `2^-F` within the type's range.
  }];
  let arguments = (ins F64Attr:$value);
  let results = (outs Standalone_Fixed:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
}

class Standalone_BinaryOp<string mnemonic, list<Trait> traits = []>
    : Standalone_Op<mnemonic, !listconcat(traits, [Pure, SameOperandsAndResultType])> {
  let arguments = (ins Standalone_Fixed:$lhs, Standalone_Fixed:$rhs);
  let results = (outs Standalone_Fixed:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` qualified(type($result))";
  let hasFolder = 1;
}

def Standalone_AddOp : Standalone_BinaryOp<"add", [Commutative]> {
  let summary = "Fixed-point addition (wrapping)";
}

def Standalone_MulOp : Standalone_BinaryOp<"mul", [Commutative]> {
  let summary = "Fixed-point multiplication, rounding toward negative infinity";
}

def Standalone_NegOp : Standalone_Op<"neg", [Pure, SameOperandsAndResultType]> {
  let summary = "Fixed-point negation (wrapping)";
  let arguments = (ins Standalone_Fixed:$operand);
  let results = (outs Standalone_Fixed:$result);
  let assemblyFormat = "$operand attr-dict `:` qualified(type($result))";
  let hasCanonicalizeMethod = 1;
}

def Standalone_FromFloatOp : Standalone_Op<"from_float", [Pure]> {
  let summary = "A float to fixed point, rounded";
  let arguments = (ins AnyFloat:$input,
                       DefaultValuedAttr<Standalone_RoundingAttr,
                                         "::standalone::Rounding::Nearest">:$rounding);
  let results = (outs Standalone_Fixed:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($input)) `to` qualified(type($result))";
}

def Standalone_ToFloatOp : Standalone_Op<"to_float", [Pure]> {
  let summary = "Fixed point to a float";
  let arguments = (ins Standalone_Fixed:$input);
  let results = (outs AnyFloat:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($input)) `to` qualified(type($result))";
}

#endif // STANDALONE_OPS
