// Blocks, successors, block arguments, forward references and `// pred:` comments.
// RUN: %pto-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: %roundtrip %s --allow-unregistered-dialect
// RUN: %compat %s

// CHECK-LABEL: module {
// CHECK-NEXT:   "xt.cfg"() ({
// CHECK-NEXT:   ^bb0(%arg0: i1):
// CHECK-NEXT:     "xt.cond_br"(%arg0)[^bb1, ^bb2] : (i1) -> ()
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     "xt.br"()[^bb3] : () -> ()
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     "xt.br"()[^bb3] : () -> ()
// CHECK-NEXT:   ^bb3:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:     "xt.return"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
"xt.cfg"() ({
^entry(%arg0: i1):
  "xt.cond_br"(%arg0)[^then, ^else] : (i1) -> ()
^then:
  "xt.br"()[^exit] : () -> ()
^else:
  "xt.br"()[^exit] : () -> ()
^exit:
  "xt.return"() : () -> ()
}) : () -> ()

// A use may textually precede its definition when the defining block dominates.
// CHECK-NEXT:   "xt.fwd"() ({
// CHECK-NEXT:     "xt.br"()[^bb2] : () -> ()
// CHECK-NEXT:   ^bb1:  // pred: ^bb2
// CHECK-NEXT:     "xt.use"(%0) : (i32) -> ()
// CHECK-NEXT:     "xt.ret"() : () -> ()
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     %0 = "xt.def"() : () -> i32
// CHECK-NEXT:     "xt.br"(%0)[^bb1] : (i32) -> ()
// CHECK-NEXT:   }) : () -> ()
"xt.fwd"() ({
  "xt.br"()[^def] : () -> ()
^use:
  "xt.use"(%v) : (i32) -> ()
  "xt.ret"() : () -> ()
^def:
  %v = "xt.def"() : () -> i32
  "xt.br"(%v)[^use] : (i32) -> ()
}) : () -> ()

// Unregistered ops may have graph regions: use before def inside one block.
// CHECK-NEXT:   "xt.graph"() ({
// CHECK-NEXT:     "xt.use"(%0) : (i64) -> ()
// CHECK-NEXT:     %0 = "xt.def"() : () -> i64
// CHECK-NEXT:   }) : () -> ()
"xt.graph"() ({
  "xt.use"(%late) : (i64) -> ()
  %late = "xt.def"() : () -> i64
}) : () -> ()

// Unreachable blocks and self loops.
// CHECK-NEXT:   "xt.preds"() ({
// CHECK-NEXT:     "xt.br"()[^bb2] : () -> ()
// CHECK-NEXT:   ^bb1:  // no predecessors
// CHECK-NEXT:     "xt.br"()[^bb2] : () -> ()
// CHECK-NEXT:   ^bb2:  // 3 preds: ^bb0, ^bb1, ^bb2
// CHECK-NEXT:     "xt.switch"()[^bb2, ^bb3] : () -> ()
// CHECK-NEXT:   ^bb3:  // pred: ^bb2
// CHECK-NEXT:     "xt.ret"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
"xt.preds"() ({
  "xt.br"()[^loop] : () -> ()
^dead:
  "xt.br"()[^loop] : () -> ()
^loop:
  "xt.switch"()[^loop, ^twice] : () -> ()
^twice:
  "xt.ret"() : () -> ()
}) : () -> ()

// Block arguments are numbered like op results (after the values of earlier blocks).
// CHECK-NEXT:   "xt.args"() ({
// CHECK-NEXT:   ^bb0(%arg0: i32, %arg1: i64):
// CHECK-NEXT:     %0 = "xt.op"(%arg0) : (i32) -> i32
// CHECK-NEXT:     "xt.br"(%0, %arg1)[^bb1] : (i32, i64) -> ()
// CHECK-NEXT:   ^bb1(%1: i32, %2: i64):  // pred: ^bb0
// CHECK-NEXT:     "xt.br"()[^bb2] : () -> ()
// CHECK-NEXT:   ^bb2:  // pred: ^bb1
// CHECK-NEXT:     "xt.use"(%1, %2, %arg0) : (i32, i64, i32) -> ()
// CHECK-NEXT:   }) : () -> ()
"xt.args"() ({
^bb0(%a: i32, %b: i64):
  %0 = "xt.op"(%a) : (i32) -> i32
  "xt.br"(%0, %b)[^bb1] : (i32, i64) -> ()
^bb1(%c: i32, %d: i64):
  "xt.br"()[^bb2] : () -> ()
^bb2:
  "xt.use"(%c, %d, %a) : (i32, i64, i32) -> ()
}) : () -> ()

// Block names are scoped to their region: the same label in sibling regions.
// CHECK-NEXT:   "xt.scoped"() ({
// CHECK-NEXT:     "xt.br"()[^bb1] : () -> ()
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     "xt.end"() : () -> ()
// CHECK-NEXT:   }, {
// CHECK-NEXT:     "xt.br"()[^bb1] : () -> ()
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     "xt.end"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
"xt.scoped"() ({
  "xt.br"()[^bb5] : () -> ()
^bb5:
  "xt.end"() : () -> ()
}, {
  "xt.br"()[^bb5] : () -> ()
^bb5:
  "xt.end"() : () -> ()
}) : () -> ()

// An empty argument list.
// CHECK-NEXT:   "xt.emptyargs"() ({
// CHECK-NEXT:     "xt.x"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
"xt.emptyargs"() ({
^bb0():
  "xt.x"() : () -> ()
}) : () -> ()
// CHECK-NEXT: }
