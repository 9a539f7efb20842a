// `ptotest`: a small dialect that exercises declarative dialect types and attributes
// (TypeDef and AttrDef with parameters) in tests. pto-opt registers it;
// register_all_dialects does not.

#ifndef PTO_TEST_OPS
#define PTO_TEST_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def PtoTest_Dialect : Dialect {
  let name = "ptotest";
  let cppNamespace = "::pto::ptotest";
  let summary = "Types with parameters, for tests";
}

def PtoTest_Loc : I32EnumAttr<"Loc", "tile location", [
  I32EnumAttrCase<"vec", 0>, I32EnumAttrCase<"mat", 1>, I32EnumAttrCase<"acc", 2>]> {
  let cppNamespace = "::pto::ptotest";
  let genSpecializedAttr = 0;
}

class PtoTest_Type<string name, string typeMnemonic> : TypeDef<PtoTest_Dialect, name> {
  let mnemonic = typeMnemonic;
}

// Keyword = value parameters in any order, as the PTO tile buffers are written.
def PtoTest_TileType : PtoTest_Type<"Tile", "tile"> {
  let summary = "A tile buffer";
  let parameters = (ins EnumParameter<PtoTest_Loc>:$loc, "Type":$dtype,
                        "int64_t":$rows, "int64_t":$cols,
                        DefaultValuedParameter<"unsigned", "0">:$pad);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

// Positional parameters.
def PtoTest_PairType : PtoTest_Type<"Pair", "pair"> {
  let summary = "Two types";
  let parameters = (ins "Type":$first, "Type":$second);
  let assemblyFormat = "`<` params `>`";
}

// An optional group anchored on a defaulted parameter, and a string.
def PtoTest_SpaceType : PtoTest_Type<"Space", "space"> {
  let summary = "An optional integer";
  let parameters = (ins DefaultValuedParameter<"unsigned", "0">:$id,
                        StringRefParameter<"a tag", [{""}]>:$tag);
  let assemblyFormat = "(`<` $id^ `>`)? (`tag` $tag^)?";
}

// A custom directive over a list and a flag.
def PtoTest_ListType : PtoTest_Type<"List", "list"> {
  let summary = "Types with an optional ellipsis";
  let parameters = (ins ArrayRefParameter<"Type">:$elems, "bool":$open);
  let assemblyFormat = "`<` custom<OpenList>($elems, $open) `>`";
}

// A type without parameters.
def PtoTest_UnitType : PtoTest_Type<"Unit", "unit"> {
  let summary = "No parameters";
}

def PtoTest_LocAttr : EnumAttr<PtoTest_Dialect, PtoTest_Loc, "loc"> {
  let assemblyFormat = "`<` $value `>`";
}

class PtoTest_Attr<string name, string attrMnemonic> : AttrDef<PtoTest_Dialect, name> {
  let mnemonic = attrMnemonic;
}

// Keyword = value parameters of every kind: an enum, a type, integers, an attribute of
// a dialect class (printed stripped), a builtin attribute class, any attribute, and
// defaulted and optional ones.
def PtoTest_ConfigAttr : PtoTest_Attr<"Config", "config"> {
  let summary = "Parameters of every kind, keyed";
  let parameters = (ins EnumParameter<PtoTest_Loc>:$loc, "Type":$dtype,
                        "int64_t":$rows, "LocAttr":$home, "mlir::IntegerAttr":$size,
                        DefaultValuedParameter<"unsigned", "512">:$fractal,
                        OptionalParameter<"Attribute">:$extra,
                        "bool":$flag);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

// Positional parameters, a list among them.
def PtoTest_DimsAttr : PtoTest_Attr<"Dims", "dims"> {
  let summary = "An element type and sizes";
  let parameters = (ins "Type":$elem, ArrayRefParameter<"int64_t">:$sizes);
  let assemblyFormat = "`<` params `>`";
}

// An optional group anchored on a defaulted parameter, a keyword and a string.
def PtoTest_SlotAttr : PtoTest_Attr<"Slot", "slot"> {
  let summary = "An optional index and an optional name";
  let parameters = (ins DefaultValuedParameter<"int64_t", "0">:$index,
                        StringRefParameter<"a name", [{""}]>:$name);
  let assemblyFormat = "(`<` $index^ `>`)? (`named` $name^)?";
}

// A hand-written syntax (Rust hooks) with a verifier.
def PtoTest_RangeAttr : PtoTest_Attr<"Range", "range"> {
  let summary = "A half-open integer range";
  let parameters = (ins "int64_t":$lo, "int64_t":$hi);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

// No parameters.
def PtoTest_MarkerAttr : PtoTest_Attr<"Marker", "marker"> {
  let summary = "No parameters";
}

def PtoTest_ConfigureOp : Op<PtoTest_Dialect, "configure", []> {
  let summary = "Holds a config (printed stripped) and optionally a range";
  let arguments = (ins PtoTest_ConfigAttr:$config, OptionalAttr<PtoTest_RangeAttr>:$range);
  let assemblyFormat = "$config (`range` $range^)? attr-dict";
}

// `type($x)` of a single value constrained to one dialect type prints stripped
// (`<i8, i16>`); variadic and optional groups, `qualified`, and a type whose stripped
// form would be empty print in full, as MLIR's generated printers do.
def PtoTest_TakeOp : Op<PtoTest_Dialect, "take", [AttrSizedOperandSegments]> {
  let summary = "Takes pairs";
  let arguments = (ins PtoTest_PairType:$pair, PtoTest_UnitType:$unit,
                       Variadic<PtoTest_PairType>:$more, Optional<PtoTest_PairType>:$opt,
                       PtoTest_PairType:$full);
  let results = (outs PtoTest_PairType:$result);
  let assemblyFormat = [{
    $pair `,` $unit `,` `[` $more `]` (`opt` $opt^ `:` type($opt))? `,` $full attr-dict
    `:` type($pair) `,` type($unit) `,` `[` type($more) `]` `,` qualified(type($full))
    `->` type($result)
  }];
}

def PtoTest_SourceOp : Op<PtoTest_Dialect, "source", []> {
  let summary = "Produces a value of any type";
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

// Two variadic result groups sized by `resultSegmentSizes`.
def PtoTest_SplitOp : Op<PtoTest_Dialect, "split", [AttrSizedResultSegments]> {
  let summary = "Produces two groups of values";
  let results = (outs Variadic<AnyType>:$left, Variadic<AnyType>:$right);
  let assemblyFormat = "attr-dict `:` `(` type($left) `)` `,` `(` type($right) `)`";
}

// Tensor-only operand and result (`AnyTensor`, `AnyRankedTensor`).
def PtoTest_TensorIdOp : Op<PtoTest_Dialect, "tensor_id", [Pure]> {
  let summary = "Returns its tensor operand";
  let arguments = (ins AnyTensor:$input);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

// A symbol table with `attr-dict-with-keyword`.
def PtoTest_TableOp : Op<PtoTest_Dialect, "table",
    [SymbolTable, NoTerminator, SingleBlock, IsolatedFromAbove]> {
  let summary = "A region of uniquely named symbols";
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "attr-dict-with-keyword $body";
}

#endif // PTO_TEST_OPS
