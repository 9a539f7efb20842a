// The `affine` dialect (a subset): `affine.apply`, with MLIR 22's syntax. Read by
// build.rs (pto-ods-gen); valid `mlir-tblgen` input.

#ifndef PTO_AFFINE_OPS
#define PTO_AFFINE_OPS

include "arith/ArithOps.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Affine_Dialect : Dialect {
  let name = "affine";
  let cppNamespace = "::pto::affine";
  let summary = "Affine index computations";
  let description = [{
    Index arithmetic written as affine maps over dimension and symbol operands. So far
    only `affine.apply`, which `expand-strided-metadata` produces for the offsets and
    strides of views and `lower-affine` turns into `arith`.
  }];
  let dependentDialects = ["::pto::arith::ArithDialect"];
  let hasConstantMaterializer = 1;
}

def AffineApplyOp : Op<Affine_Dialect, "apply", [Pure]> {
  let summary = "Applies a one-result affine map to index operands";
  let description = [{
    `%r = affine.apply affine_map<(d0)[s0] -> (d0 * 4 + s0)>(%i)[%n]`: the operands in
    parentheses bind the map's dimensions, those in brackets its symbols.
  }];
  let arguments = (ins AffineMapAttr:$map, Variadic<Index>:$mapOperands);
  let results = (outs Index);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

#endif // PTO_AFFINE_OPS
