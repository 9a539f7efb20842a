// The ops of the `pto` dialect. Families with one syntax share a class; each op is
// one `def` with its semantics in its description.

#ifndef PTO_OPS
#define PTO_OPS

include "pto/PTOBase.td"
include "pto/PTOTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class PTO_Op<string mnemonic, list<Trait> traits = []>
    : Op<PTO_Dialect, mnemonic, traits>;

def PTO_AddPtrOp : PTO_Op<"addptr", [Pure, AllTypesMatch<["ptr", "result"]>]> {
  let summary = "Offsets a pointer by a number of elements";
  let arguments = (ins PTO_PtrType:$ptr, Index:$offset);
  let results = (outs PTO_PtrType:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` type($ptr) `->` type($result)";
}

#endif // PTO_OPS
