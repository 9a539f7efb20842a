// The `deepx` dialect: DeepX IR (deepxir, and its successor dxlang's instruction
// view) as MLIR. DeepX is not SSA: a program names tensors, reads them left of `->`
// and writes them right of it, and creates and frees them explicitly. Here a name is
// an SSA value of reference type (`!deepx.tensor<...>`, as a memref is): `newtensor`
// defines it, ops take their reads and their writes as operands (the writes declared
// `MemWrite`, as linalg's `outs`), and `deltensor` frees it. A name's text is its
// value's location (a `NameLoc`).

#ifndef DEEPX_BASE
#define DEEPX_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def DeepX_Dialect : Dialect {
  let name = "deepx";
  let cppNamespace = "::pto::deepx";
  let summary = "DeepX IR: named tensors, left-read/right-write ops, explicit lifetimes";
  let description = [{
    The IR of DeepX (github.com/miaobyte/deepx). A `deepx.func` has read
    parameters and write parameters and no results. Tensors are references
    (`!deepx.tensor<[?1, 4], f32>`: static sizes, `?` for any size, `?N` for a
    dimension variable that must agree wherever it appears; `!deepx.tensor<f32>`
    constrains only the data type, `!deepx.tensor` nothing). Every op of DeepX's
    registry reads the operands before `->` and writes the ones after it.
    `deepx-verify` checks what DeepX itself does not: lifetimes, dimension
    variables, shapes and signatures. `pto-translate --import-deepx` reads
    DeepX's own text.
  }];
}

#endif // DEEPX_BASE
