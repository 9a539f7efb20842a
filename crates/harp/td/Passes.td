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
           "The alignment of every offset, in bytes">,
    Option<"firstFit", "first-fit", "bool", /*default=*/"false",
           "Place buffers in table order at the lowest free offset (the baseline of BENCHMARKS.md)">
  ];
  let statistics = [
    Statistic<"lowerBound", "max-live-bytes", "The most bytes live at one point">,
    Statistic<"arenaBytes", "arena-bytes", "The arena's size">
  ];
}

def HarpLowerGraph : Pass<"harp-lower-graph", "builtin.module"> {
  let summary = "Lower harp_graph graphs (known sizes) to harp functions";
  let description = [{
    Elementwise chains and movements fuse into the kernel that stores them
    (movements move the views of the loads); reductions are kernels over the kept
    axes looping over the reduced one, their input fused into the loop; a value is
    materialized only for a reduction's result, `contiguous`, a movement no view
    expresses, and the result. The arena is then planned as `harp-plan-arena` does.
  }];
}

def HarpGraphSpecialize : Pass<"harp-graph-specialize", "builtin.module"> {
  let summary = "Bind the symbolic sizes of harp_graph graphs";
  let description = [{
    `sizes="M=64,N=32"` binds sizes by name in every graph; with `entry` and
    `shapes` (one `AxBxC` per argument, `;`-separated: what `pto-run` passes), the
    entry graph's sizes are bound from its arguments' shapes, which must agree.
  }];
  let options = [
    Option<"sizes", "sizes", "std::string", /*default=*/"\"\"", "NAME=SIZE pairs, comma-separated">,
    Option<"entry", "entry", "std::string", /*default=*/"\"\"", "The graph the shapes are for">,
    Option<"shapes", "shapes", "std::string", /*default=*/"\"\"", "The arguments' shapes (AxB;C)">
  ];
}

def OutlineParallelLoops : Pass<"outline-parallel-loops", "builtin.module"> {
  let summary = "Run top-level scf.parallel loops on the runtime's threads (pto_parallel_for)";
  let description = [{
    Each top-level `scf.parallel` of a function (from 0, step 1, one induction
    variable, no reductions) whose body uses only constants, memrefs and integers
    from outside becomes `pto_parallel_for(n, @body, ctx)`: the body moves into a
    function running `scf.for lo to hi`, the memrefs' descriptors and the integers
    pass through a stack struct. The JIT runtime runs the chunks on
    `pto-run --threads N` threads.
  }];
}

#endif // HARP_PASSES
