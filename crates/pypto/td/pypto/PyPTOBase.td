// The `pypto` dialect: PyPTO's IR (programs of functions over scalars, tensors and
// tiles) as MLIR. A program is a `builtin.module` (its name the module's symbol), a
// function a `func.func` whose kind is the `pypto.function_type` attribute; `for` and
// `if` with their iter_args, return variables and yields are `scf.for`, `scf.if` and
// `scf.yield`. This dialect adds what MLIR has no counterpart for: PyPTO's types, its
// scalar expressions with Python's semantics, and its registered operators.

#ifndef PYPTO_BASE
#define PYPTO_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def PyPTO_Dialect : Dialect {
  let name = "pypto";
  let cppNamespace = "::pto::pypto";
  let summary = "PyPTO programs: tensor- and tile-level operators with Python semantics";
  let description = [{
    The IR of PyPTO. Values are scalars (builtin integer and float types, plus
    `!pypto.hf4`/`!pypto.hf8`), tensors (`!pypto.tensor<[64, n], f32>`) and tiles
    (`!pypto.tile<[16, 16], f16>`), optionally placed in a memory (`memref = <UB, 0,
    4096, 0>`: space, address, size in bytes, buffer id). Operators are the
    registered ops of PyPTO (`pypto.tensor.*`, `pypto.block.*`, `pypto.system.*`), each
    with its keyword arguments as attributes and its result type deduced from its
    operands. Python variable names are the values' name locations.

    A symbolic dimension (`n` in `[n, 64]`) is the size held by the integer
    parameter whose argument attribute is `pypto.dim = "n"` (`%n: i64 {pypto.dim =
    "n"}`): the Python importer marks a declared `n: pl.INT64`, and
    `pypto-materialize-dims` appends such a parameter for every other symbol of a
    function's parameter types.
  }];
}

// An I32 enum of this dialect.
class PyPTO_I32Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::pto::pypto";
  let genSpecializedAttr = 0;
}

// `#pypto.<mnemonic><case>`.
class PyPTO_EnumAttr<EnumAttrInfo info, string mnemonic>
    : EnumAttr<PyPTO_Dialect, info, mnemonic> {
  let assemblyFormat = "`<` $value `>`";
}

def PyPTO_Pipe : PyPTO_I32Enum<"PipeKind", "hardware pipe", [
    I32EnumAttrCase<"S", 0>, I32EnumAttrCase<"V", 1>, I32EnumAttrCase<"M", 2>,
    I32EnumAttrCase<"MTE1", 3>, I32EnumAttrCase<"MTE2", 4>, I32EnumAttrCase<"MTE3", 5>,
    I32EnumAttrCase<"FIX", 6>, I32EnumAttrCase<"ALL", 7>]>;
def PyPTO_PipeAttr : PyPTO_EnumAttr<PyPTO_Pipe, "pipe">;

def PyPTO_MemorySpace : PyPTO_I32Enum<"MemorySpace", "memory space", [
    I32EnumAttrCase<"DDR", 0>, I32EnumAttrCase<"UB", 1>, I32EnumAttrCase<"L1", 2>,
    I32EnumAttrCase<"L0A", 3>, I32EnumAttrCase<"L0B", 4>, I32EnumAttrCase<"L0C", 5>]>;
def PyPTO_MemorySpaceAttr : PyPTO_EnumAttr<PyPTO_MemorySpace, "memory_space">;

def PyPTO_FunctionKind : PyPTO_I32Enum<"FunctionKind", "kind of a function", [
    I32EnumAttrCase<"Opaque", 0>, I32EnumAttrCase<"Orchestration", 1>,
    I32EnumAttrCase<"InCore", 2>]>;
def PyPTO_FunctionKindAttr : PyPTO_EnumAttr<PyPTO_FunctionKind, "function_type">;

#endif // PYPTO_BASE
