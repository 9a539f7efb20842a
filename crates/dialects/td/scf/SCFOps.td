// The `scf` dialect: structured control flow (loops and conditionals with regions), with
// MLIR's syntax and verification.

#ifndef PTO_SCF_OPS
#define PTO_SCF_OPS

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/LoopLikeInterface.td"
include "pto/Interfaces.td"

def SCF_Dialect : Dialect {
  let name = "scf";
  let cppNamespace = "::pto::scf";
  let summary = "Structured control flow";
  let description = [{
    Loops (`scf.for`, `scf.while`, `scf.parallel`) and conditionals (`scf.if`,
    `scf.index_switch`) whose bodies are regions. Values flow into a region as block
    arguments and out of it through the region's terminator (`scf.yield`,
    `scf.condition`, `scf.reduce`).
  }];
}

class SCF_Op<string mnemonic, list<Trait> traits = []>
    : Op<SCF_Dialect, mnemonic, traits>;

def SCF_ConditionOp : SCF_Op<"condition", [HasParent<"scf.while">, Pure, Terminator,
    DeclareOpInterfaceMethods<RegionBranchTerminatorOpInterface>]> {
  let summary = "Loop continuation condition of `scf.while`";
  let description = [{
    Ends the "before" region of `scf.while`: when `$condition` is true, `$args` are
    passed to the "after" region; otherwise the loop ends and they become its results.
  }];
  let arguments = (ins I1:$condition, Variadic<AnyType>:$args);
  let assemblyFormat = "`(` $condition `)` attr-dict ($args^ `:` type($args))?";
}

def SCF_ExecuteRegionOp : SCF_Op<"execute_region", [RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<RegionBranchOpInterface>]> {
  let summary = "Runs a region exactly once";
  let description = [{
    Executes its region (which may hold several blocks) once; the `scf.yield` that
    ends it gives the op's results. `no_inline` keeps canonicalization from inlining it.
  }];
  let arguments = (ins UnitAttr:$no_inline);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region AnyRegion:$region);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let hasCanonicalizer = 1;
}

def SCF_ForOp : SCF_Op<"for", [AutomaticAllocationScope,
    DeclareOpInterfaceMethods<LoopLikeOpInterface>,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>,
    AllTypesMatch<["lowerBound", "upperBound", "step"]>,
    DeclareOpInterfaceMethods<RegionBranchOpInterface>,
    SingleBlockImplicitTerminator<"scf.yield">, RecursiveMemoryEffects]> {
  let summary = "Counted loop";
  let description = [{
    Runs its body for the induction variable going from `$lowerBound` (inclusive) to
    `$upperBound` (exclusive) by `$step`; bounds are all index or all the same
    integer type. `iter_args` are loop-carried values: the body's `scf.yield`
    passes them to the next iteration and the last ones become the results.
    `unsigned` compares the bounds as unsigned integers.
  }];
  let arguments = (ins AnySignlessIntegerOrIndex:$lowerBound,
                       AnySignlessIntegerOrIndex:$upperBound,
                       AnySignlessIntegerOrIndex:$step,
                       Variadic<AnyType>:$initArgs,
                       UnitAttr:$unsignedCmp);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let hasCanonicalizer = 1;
}

def SCF_IfOp : SCF_Op<"if", [
    DeclareOpInterfaceMethods<RegionBranchOpInterface, ["getRegionInvocationBounds"]>,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>,
    DeclareOpInterfaceMethods<Rust_FoldInPlaceOpInterface>,
    SingleBlockImplicitTerminator<"scf.yield">, RecursiveMemoryEffects,
    NoRegionArguments]> {
  let summary = "If-then-else";
  let description = [{
    Runs the "then" region when `$condition` is true and the "else" region (which may
    be empty when the op has no results) otherwise. Results come from the `scf.yield`
    of the region that ran.
  }];
  let arguments = (ins I1:$condition);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$thenRegion, MaxSizedRegion<1>:$elseRegion);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let hasCanonicalizer = 1;
}

def SCF_ParallelOp : SCF_Op<"parallel", [AutomaticAllocationScope,
    DeclareOpInterfaceMethods<LoopLikeOpInterface>,
    DeclareOpInterfaceMethods<RegionBranchOpInterface>,
    AttrSizedOperandSegments, RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"scf.reduce">]> {
  let summary = "Parallel loop nest";
  let description = [{
    A multi-dimensional loop whose iterations may run in any order. Each `init` value
    is combined with the values that `scf.reduce` contributes from every iteration,
    using the reduction's region, to give one result.
  }];
  let arguments = (ins Variadic<Index>:$lowerBound, Variadic<Index>:$upperBound,
                       Variadic<Index>:$step, Variadic<AnyType>:$initVals);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$region);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def SCF_ReduceOp : SCF_Op<"reduce", [HasParent<"scf.parallel">, RecursiveMemoryEffects,
    Terminator]> {
  let summary = "Reduction terminator of `scf.parallel`";
  let description = [{
    Contributes one value per reduction of the enclosing `scf.parallel`; each region
    combines two values (its block arguments) with `scf.reduce.return`.
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let regions = (region VariadicRegion<SizedRegion<1>>:$reductions);
  let assemblyFormat = "(`(` $operands^ `:` type($operands) `)`)? $reductions attr-dict";
  let hasRegionVerifier = 1;
}

def SCF_ReduceReturnOp : SCF_Op<"reduce.return", [HasParent<"scf.reduce">, Pure,
    Terminator]> {
  let summary = "Result of a reduction region";
  let description = [{ Ends a region of `scf.reduce` with the combined value. }];
  let arguments = (ins AnyType:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def SCF_WhileOp : SCF_Op<"while", [RecursiveMemoryEffects, SingleBlock,
    DeclareOpInterfaceMethods<RegionBranchOpInterface>,
    DeclareOpInterfaceMethods<LoopLikeOpInterface>]> {
  let summary = "General loop with a condition";
  let description = [{
    The "before" region receives the loop-carried values and ends with
    `scf.condition`, which either forwards values to the "after" region or ends the
    loop with them as results; the "after" region's `scf.yield` feeds the next
    "before".
  }];
  let arguments = (ins Variadic<AnyType>:$inits);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$before, SizedRegion<1>:$after);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
  let hasCanonicalizer = 1;
}

def SCF_IndexSwitchOp : SCF_Op<"index_switch", [RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"scf.yield">,
    DeclareOpInterfaceMethods<RegionBranchOpInterface, ["getRegionInvocationBounds"]>]> {
  let summary = "Switch on an index value";
  let description = [{
    Runs the region of the case whose value equals `$arg`, or the default region;
    the `scf.yield` of that region gives the results.
  }];
  let arguments = (ins Index:$arg, DenseI64ArrayAttr:$cases);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$defaultRegion,
                        VariadicRegion<SizedRegion<1>>:$caseRegions);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let hasCanonicalizer = 1;
}

def SCF_YieldOp : SCF_Op<"yield", [Pure, ReturnLike, Terminator,
    ParentOneOf<["scf.execute_region", "scf.for", "scf.if", "scf.index_switch",
                 "scf.while"]>]> {
  let summary = "Yields values out of an scf region";
  let description = [{
    Ends the regions of `scf.for`, `scf.if`, `scf.while` ("after"),
    `scf.execute_region` and `scf.index_switch`, passing its operands to the
    region's successor (the next iteration or the parent's results).
  }];
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

#endif // PTO_SCF_OPS
