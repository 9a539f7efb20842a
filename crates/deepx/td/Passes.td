// The passes of pto-deepx, in MLIR's declarative form (mlir/Pass/PassBase.td).

#ifndef PTO_DEEPX_PASSES
#define PTO_DEEPX_PASSES

include "mlir/Pass/PassBase.td"

def DeepXVerify : Pass<"deepx-verify", "builtin.module"> {
  let summary = "Check what DeepX does not: lifetimes (use before newtensor or after deltensor, double delete, writes to read parameters, leaks), dimension variables across a function and its calls, op shape rules and signatures";
  let options = [
    Option<"leaks", "warn-leaks", "bool", /*default=*/"true", "Warn about locals not deleted at the end of their function">
  ];
  let statistics = [
    Statistic<"numErrors", "num-errors", "Number of errors found">,
    Statistic<"numWarnings", "num-warnings", "Number of warnings found">
  ];
}

def DeepXInline : Pass<"deepx-inline", "builtin.module"> {
  let summary = "Inline every call of a DeepX function: the callee's reads and writes become the call's operands, its dimension variables the caller's sizes";
  let statistics = [
    Statistic<"numInlined", "num-inlined", "Number of calls inlined">
  ];
}

def DeepXSpecialize : Pass<"deepx-specialize", "builtin.module"> {
  let summary = "Specialize a DeepX function to its arguments: dimension variables bound by the shapes of the arrays, scalar and list parameters by their values, and the shapes of the tensors it writes inferred";
  let options = [
    Option<"entry", "entry", "std::string", /*default=*/"\"\"", "The function to specialize">,
    Option<"args", "args", "std::string", /*default=*/"\"\"", "Per read parameter, ';'-separated: a shape (2x4, a scalar as 0-d), a value (1, 2.5, false, [1,2]), or nothing (unknown)">
  ];
}

def ConvertDeepXToPyPTO : Pass<"convert-deepx-to-pypto", "builtin.module"> {
  let summary = "Lower DeepX functions to PyPTO InCore functions: write lists become SSA values (results), lifetimes disappear, ops become pypto tensor ops, dimension variables symbolic dimensions";
  let statistics = [
    Statistic<"numLowered", "num-lowered-ops", "Number of deepx ops lowered">
  ];
}

#endif // PTO_DEEPX_PASSES
