// The passes of pto-transforms, in MLIR's declarative form (mlir/Pass/PassBase.td):
// pto-ods-gen generates each pass's struct, typed options, registration and counters
// (OUT_DIR/passes.rs); the Rust beside each pass implements `Pass` for its struct.

#ifndef PTO_TRANSFORMS_PASSES
#define PTO_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def Canonicalizer : Pass<"canonicalize"> {
  let summary = "Canonicalize operations";
  let options = [
    Option<"topDown", "top-down", "bool", /*default=*/"true", "Seed the worklist in general top-down order">,
    Option<"regionSimplify", "region-simplify", "std::string", /*default=*/"\"normal\"", "Perform control flow optimizations to the region tree", [{::llvm::cl::values(clEnumValN("disabled", "disabled", ""), clEnumValN("normal", "normal", ""))}]>,
    Option<"maxIterations", "max-iterations", "int64_t", /*default=*/"10", "Max. iterations between applying patterns / simplifying regions">,
    Option<"maxNumRewrites", "max-num-rewrites", "int64_t", /*default=*/"-1", "Max. number of pattern rewrites within an iteration">,
    Option<"testConvergence", "test-convergence", "bool", /*default=*/"false", "Test only: Fail pass on non-convergence to detect cyclic pattern">,
    ListOption<"disablePatterns", "disable-patterns", "std::string", "Labels of patterns that should be filtered out during application">,
    ListOption<"enablePatterns", "enable-patterns", "std::string", "Labels of patterns that should be used during application, all other patterns are filtered out">
  ];
}

def ControlFlowSink : Pass<"control-flow-sink"> {
  let summary = "Sink operations into conditional blocks";
  let statistics = [
    Statistic<"numSunk", "num-sunk", "Number of operations sunk">
  ];
}

def CSE : Pass<"cse"> {
  let summary = "Eliminate common sub-expressions";
  let statistics = [
    Statistic<"numCsed", "num-cse'd", "Number of operations CSE'd">,
    Statistic<"numDced", "num-dce'd", "Number of operations DCE'd">
  ];
}

def LoopInvariantCodeMotion : Pass<"loop-invariant-code-motion"> {
  let summary = "Hoist loop invariant instructions outside of the loop";
}

def PrintOpStats : Pass<"print-op-stats"> {
  let summary = "Print statistics of operations";
  let options = [
    Option<"json", "json", "bool", /*default=*/"false", "print the stats as JSON">
  ];
}

def StripDebugInfo : Pass<"strip-debuginfo"> {
  let summary = "Strip debug info from all operations";
}

def SymbolDCE : Pass<"symbol-dce"> {
  let summary = "Eliminate dead symbols";
  let statistics = [
    Statistic<"numDced", "num-dce'd", "Number of symbols DCE'd">
  ];
}

def SymbolPrivatize : Pass<"symbol-privatize"> {
  let summary = "Mark symbols private";
  let options = [
    ListOption<"exclude", "exclude", "std::string", "Comma separated list of symbols that should not be marked private">
  ];
}

def TopologicalSort : Pass<"topological-sort"> {
  let summary = "Sort regions without SSA dominance in topological order";
}

def ViewOpGraph : Pass<"view-op-graph"> {
  let summary = "Print Graphviz visualization of an operation";
  let options = [
    Option<"maxLabelLen", "max-label-len", "int64_t", /*default=*/"20", "Limit attribute/type length to number of chars">,
    Option<"printAttrs", "print-attrs", "bool", /*default=*/"true", "Print attributes of operations">,
    Option<"printControlFlowEdges", "print-control-flow-edges", "bool", /*default=*/"false", "Print control flow edges">,
    Option<"printDataFlowEdges", "print-data-flow-edges", "bool", /*default=*/"true", "Print data flow edges">,
    Option<"printResultTypes", "print-result-types", "bool", /*default=*/"true", "Print result types of operations">
  ];
}

def Inliner : Pass<"inline"> {
  let summary = "Inline function calls";
  let options = [
    Option<"defaultPipeline", "default-pipeline", "std::string", /*default=*/"\"canonicalize\"", "The optimizer pipeline used for callables that do not have a dedicated optimizer pipeline in opPipelineList">,
    Option<"opPipelines", "op-pipelines", "std::string", /*default=*/"\"\"", "Callable operation specific optimizer pipelines (in the form of `dialect.op(pipeline)`)">,
    Option<"maxIterations", "max-iterations", "int64_t", /*default=*/"4", "Maximum number of iterations when inlining within an SCC">,
    Option<"inliningThreshold", "inlining-threshold", "int64_t", /*default=*/"4294967295", "If the ratio between the number of the operations in the callee and the number of the operations in the caller exceeds this value (in percentage), then the callee is not inlined even if it is legal to inline it">
  ];
}

def GenerateRuntimeVerification : Pass<"generate-runtime-verification"> {
  let summary = "Generate additional runtime op verification checks";
  let options = [
    Option<"verboseLevel", "verbose-level", "unsigned", /*default=*/"1",
           "Verbosity level for runtime verification messages: 0 = Minimum (only source location), 1 = Detailed (include full operation details, names, types, shapes, etc.)">,
    Option<"checkDivisions", "check-divisions", "bool", /*default=*/"false",
           "Also check integer divisions and remainders (a zero divisor, MIN / -1), which MLIR's pass leaves unchecked">
  ];
}

def SCCP : Pass<"sccp"> {
  let summary = "Sparse Conditional Constant Propagation";
}

def RemoveDeadValues : Pass<"remove-dead-values"> {
  let summary = "Remove dead values";
  let options = [
    Option<"canonicalize", "canonicalize", "bool", /*default=*/"true", "Canonicalize region branch ops">
  ];
}

#endif
