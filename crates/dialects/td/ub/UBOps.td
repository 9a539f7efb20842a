// The `ub` dialect: undefined behaviour made explicit, with MLIR's syntax. Read by
// build.rs (pto-ods-gen); valid `mlir-tblgen` input.

#ifndef PTO_UB_OPS
#define PTO_UB_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def UB_Dialect : Dialect {
  let name = "ub";
  let cppNamespace = "::pto::ub";
  let summary = "Undefined behaviour";
  let description = [{
    Values and control flow whose use or execution is undefined: `ub.poison` stands for
    a deferred undefined value (what a lowering or a transformation puts where any value
    would do), `ub.unreachable` for a point that is never reached.
  }];
  let hasConstantMaterializer = 1;
  let useDefaultAttributePrinterParser = 1;
}

// What a poison value holds. Only `#ub.poison` (fully poisoned) implements it so far;
// the interface leaves room for partially poisoned values.
def UB_PoisonAttrInterface : AttrInterface<"PoisonAttrInterface"> {
  let cppNamespace = "::pto::ub";
  let constBuilderCall = "::pto::ub::PoisonAttr::get($_builder.getContext())";
}

def UB_PoisonAttr : AttrDef<UB_Dialect, "Poison", [UB_PoisonAttrInterface]> {
  let mnemonic = "poison";
  let summary = "A fully poisoned value";
}

def UB_PoisonOp : Op<UB_Dialect, "poison", [ConstantLike, Pure]> {
  let summary = "A poisoned constant";
  let description = [{
    Materializes a poisoned value of any type: using it is deferred undefined
    behaviour. `value` says which poison (fully poisoned by default, and elided then).

    ```mlir
    %0 = ub.poison : i32
    ```
  }];
  let arguments = (ins DefaultValuedAttr<UB_PoisonAttrInterface, "{}">:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict (`<` $value^ `>`)? `:` type($result)";
  let hasFolder = 1;
}

def UB_UnreachableOp : Op<UB_Dialect, "unreachable", [Terminator]> {
  let summary = "Undefined behaviour when executed";
  let description = [{
    A terminator that must never be reached.

    ```mlir
    ub.unreachable
    ```
  }];
  let assemblyFormat = "attr-dict";
}

#endif // PTO_UB_OPS
