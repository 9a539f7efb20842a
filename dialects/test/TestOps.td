// `ptotest`: a small dialect that exercises declarative dialect types (TypeDef with
// parameters) in tests. pto-opt registers it; register_all_dialects does not.

#ifndef PTO_TEST_OPS
#define PTO_TEST_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

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

def PtoTest_SourceOp : Op<PtoTest_Dialect, "source", []> {
  let summary = "Produces a value of any type";
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

#endif // PTO_TEST_OPS
