// The ops of the `pto` dialect, in the syntax PTOAS reads and prints. Tile ops are in
// destination-passing style: `ins(...)` operands are read, `outs(...)` operands are
// written, and an op has no results except where noted. Families that share one syntax
// share a class; each op's semantics is in its description.

#ifndef PTO_OPS
#define PTO_OPS

include "pto/PTOBase.td"
include "pto/PTOTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "pto/Interfaces.td"

def PTO_PipeOpInterface : RustOpInterface<"PipeOpInterface"> {
  let cppNamespace = "::pto_tile";
  let description = [{
    The hardware pipe an op runs on, as PTOAS assigns pipes: what the
    synchronisation passes order. Every op of the dialect declares it (`PTO_Op`),
    so an op without a pipe assignment does not compile.
  }];
  let methods = [
    InterfaceMethod<[{
        The pipe the op runs on for the target family `arch`; `None` for ops that
        synchronisation ignores (views, allocation, sync ops, scalar arithmetic).
      }],
      "Option<::pto_tile::transforms::sync_model::Pipe>", "pipe",
      (ins "&Body<'c>":$body, "OpId":$op,
           "::pto_tile::transforms::sync_model::Arch":$arch)>
  ];
}

class PTO_Op<string mnemonic, list<Trait> traits = []>
    : Op<PTO_Dialect, mnemonic,
         !listconcat(traits, [DeclareOpInterfaceMethods<PTO_PipeOpInterface>])>;

// Where tile ops take their operands: tiles, windows of global tensors, and their
// lowered forms (memrefs, ranked tensors).
def PTO_DpsType : AnyTypeOf<[AnyRankedTensor, AnyMemRef, PTO_PartitionTensorViewType,
                             PTO_TileBufType]>;
def PTO_TileBufOrMemRef : AnyTypeOf<[PTO_TileBufType, AnyMemRef], "TileBuf or MemRef">;
def PTO_TensorViewOrMemRef : AnyTypeOf<[PTO_TensorViewType, AnyMemRef],
                                       "TensorView or MemRef">;
def PTO_ScalarPtrOrMemRef : TypeConstraint<
    CPred<"::pto::pto::isScalarPtrOrMemRef($_self)">, "Ptr or MemRef in GM">;
def PTO_ScalarType : AnyTypeOf<[AnySignlessInteger, AnyFloat], "numeric (integer/float)">;

include "pto/PTOViewOps.td"
include "pto/PTOTileOps.td"
include "pto/PTOSyncOps.td"
include "pto/PTOPipeOps.td"

#endif // PTO_OPS
