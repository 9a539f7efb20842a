//===- Passes.td - The harp dialect's passes ----------------------------------===//

#ifndef HARP_PASSES
#define HARP_PASSES

include "mlir/Pass/PassBase.td"

def ConvertHarpToLoops : Pass<"convert-harp-to-loops", "builtin.module"> {
  let summary = "Lower harp functions to func, scf, memref, arith and math";
  let description = [{
    Each `harp.func` becomes a `func.func` taking its argument buffers as memrefs
    (of their shape) and returning its result: it allocates the arena once
    (`required_memory` bytes), copies the arguments in, runs each kernel as a loop
    nest over its launch grid (the outermost dimension an `scf.parallel`), turns
    views into index arithmetic (a masked load selects 0 outside its `valid`
    ranges), copies the result out and frees the arena.
  }];
}

def HarpPlanArena : Pass<"harp-plan-arena", "builtin.module"> {
  let summary = "Assign the buffers of each harp function non-overlapping arena offsets";
  let description = [{
    Liveness over the kernel order (a buffer lives from the first kernel that writes
    it, or the start for an argument, to the last kernel that reads it, or the end
    for the result); buffers are placed best-fit by decreasing size at 64-byte
    aligned offsets so that buffers live at the same time never overlap, and
    `required_memory` becomes the arena's size.
  }];
  let options = [
    Option<"alignment", "alignment", "int64_t", /*default=*/"64",
           "The alignment of every offset, in bytes">
  ];
  let statistics = [
    Statistic<"lowerBound", "max-live-bytes", "The most bytes live at one point">,
    Statistic<"arenaBytes", "arena-bytes", "The arena's size">
  ];
}

#endif // HARP_PASSES
