//===- Passes.td - The standalone dialect's passes ----------------------------===//

#ifndef STANDALONE_PASSES
#define STANDALONE_PASSES

include "mlir/Pass/PassBase.td"

def ConvertStandaloneToArith : Pass<"convert-standalone-to-arith", "builtin.module"> {
  let summary = "Lower the standalone dialect to arith on integers";
  let statistics = [
    Statistic<"numConverted", "num-converted", "Number of standalone ops converted">
  ];
}

def StandaloneAnnotateCost : Pass<"standalone-annotate-cost", "builtin.module"> {
  let summary = "Record in each function what its standalone ops cost once lowered";
  let options = [
    Option<"attrName", "attr-name", "std::string", /*default=*/"\"standalone.cost\"",
           "The attribute the function gets">
  ];
}

#endif // STANDALONE_PASSES
