// Types of the `pypto` dialect. A shape is an array attribute of dimensions, each an
// integer or the name of a symbolic size (`[n, 128]`). A placement (`memref`) is an
// array attribute `[space, addr, size, id]`, a tile view `[valid, stride, offset]`;
// both are printed in PyPTO's terms.

#ifndef PYPTO_TYPES
#define PYPTO_TYPES

include "pypto/PyPTOBase.td"

class PyPTO_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<PyPTO_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def PyPTO_TensorType : PyPTO_Type<"Tensor", "tensor"> {
  let summary = "A tensor (PyPTO's TensorType)";
  let description = [{
    `!pypto.tensor<[4, n], f32>`, optionally placed: `!pypto.tensor<[64, 128], f32,
    memref = <DDR, 0, 32768, 0>>` (memory space, address, size in bytes, buffer id).
    Value semantics: ops return new tensors.
  }];
  let parameters = (ins "Attribute":$shape, "Type":$dtype,
                        OptionalParameter<"Attribute">:$memref);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def PyPTO_TileType : PyPTO_Type<"Tile", "tile"> {
  let summary = "A tile of at most two dimensions (PyPTO's TileType)";
  let description = [{
    `!pypto.tile<[16, 16], f16>`, optionally placed (`memref = <UB, 0, 512, 1>`) and
    viewed (`view = <valid = [16, 8], stride = [1, 16], offset = 0>`).
  }];
  let parameters = (ins "Attribute":$shape, "Type":$dtype,
                        OptionalParameter<"Attribute">:$memref,
                        OptionalParameter<"Attribute">:$view);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def PyPTO_PipeType : PyPTO_Type<"Pipe", "pipe"> {
  let summary = "A hardware pipe (PyPTO's PipeType)";
  let parameters = (ins EnumParameter<PyPTO_Pipe>:$kind);
  let assemblyFormat = "`<` $kind `>`";
}

def PyPTO_MemRefType : PyPTO_Type<"MemRef", "memref"> {
  let summary = "A buffer reserved by `pypto.block.alloc` (PyPTO's MemRefType)";
}

def PyPTO_UnknownType : PyPTO_Type<"Unknown", "unknown"> {
  let summary = "A value whose type is not known (PyPTO's UnknownType)";
}

def PyPTO_HF4Type : PyPTO_Type<"HF4", "hf4"> {
  let summary = "HiSilicon 4-bit float";
}

def PyPTO_HF8Type : PyPTO_Type<"HF8", "hf8"> {
  let summary = "HiSilicon 8-bit float";
}

def PyPTO_VarType : PyPTO_Type<"Var", "var"> {
  let summary = "A Python variable that is assigned more than once (a mutable cell)";
  let description = [{
    `!pypto.var<f32>`: the cell of a variable of a program that is not in SSA form
    (`pypto.var`, `pypto.assign`, `pypto.read`). Every value assigned to it has the
    type of the cell. `pypto-convert-to-ssa` removes cells.
  }];
  let parameters = (ins "Type":$valueType);
  let assemblyFormat = "`<` $valueType `>`";
}

// A scalar of any PyPTO data type.
def PyPTO_Scalar : AnyTypeOf<[AnyInteger, AnyFloat, PyPTO_HF4Type, PyPTO_HF8Type],
                             "PyPTO scalar">;
def PyPTO_Bool : TypeAlias<I1, "bool">;
def PyPTO_Int : TypeAlias<AnyInteger, "integer">;

#endif // PYPTO_TYPES
