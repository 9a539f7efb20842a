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

#endif // PTO_DEEPX_PASSES
