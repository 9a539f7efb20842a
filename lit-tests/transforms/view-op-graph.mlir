// view-op-graph: the Graphviz picture mlir-opt prints to stderr, byte for byte, with
// every option: region ops as clusters (one per block), record nodes with operand and
// result ports (`%2#1` gives port `_2_1`), block arguments as nodes, colors per op name,
// attributes cut at max-label-len and escaped (large elements and arrays elided, splats
// whole), data-flow edges clipped at cluster boundaries, dashed control-flow edges
// between consecutive ops, all edges after the nodes (so a use before its definition in
// a graph region still finds it). Under a function pipeline, one graph per function.
// RUN: %pto-opt --allow-unregistered-dialect %s --view-op-graph -o /dev/null 2> %t.pto
// RUN: %mlir-opt --allow-unregistered-dialect %s --view-op-graph -o /dev/null 2> %t.mlir
// RUN: diff %t.mlir %t.pto
// RUN: FileCheck %s < %t.pto
// RUN: %pto-opt --allow-unregistered-dialect %s --view-op-graph='print-control-flow-edges max-label-len=5' -o /dev/null 2> %t.pto
// RUN: %mlir-opt --allow-unregistered-dialect %s --view-op-graph='print-control-flow-edges max-label-len=5' -o /dev/null 2> %t.mlir
// RUN: diff %t.mlir %t.pto
// RUN: FileCheck %s --check-prefix=CF < %t.pto
// RUN: %pto-opt --allow-unregistered-dialect %s --view-op-graph='print-control-flow-edges print-data-flow-edges=false print-result-types=false print-attrs=false max-label-len=3' -o /dev/null 2> %t.pto
// RUN: %mlir-opt --allow-unregistered-dialect %s --view-op-graph='print-control-flow-edges print-data-flow-edges=false print-result-types=false print-attrs=false max-label-len=3' -o /dev/null 2> %t.mlir
// RUN: diff %t.mlir %t.pto
// mlir-opt's pass instance keeps its node counter and data-flow edges from one function
// to the next (single-threaded); pto-opt draws each function afresh, as mlir-opt does the
// first one, so only the first graphs are compared.
// RUN: %pto-opt --allow-unregistered-dialect %s --pass-pipeline='builtin.module(func.func(view-op-graph{print-attrs=false}))' --mlir-disable-threading -o /dev/null 2> %t.pto
// RUN: %mlir-opt --allow-unregistered-dialect %s --pass-pipeline='builtin.module(func.func(view-op-graph{print-attrs=false}))' --mlir-disable-threading -o /dev/null 2> %t.mlir
// RUN: sed -n '1,/^}/p' %t.pto > %t.pto1
// RUN: sed -n '1,/^}/p' %t.mlir > %t.mlir1
// RUN: diff %t.mlir1 %t.pto1
// RUN: FileCheck %s --check-prefix=FUNC < %t.pto
// RUN: %compat %s --view-op-graph
// RUN: not %pto-opt --allow-unregistered-dialect %s --view-op-graph=max-label-len=-1 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK:      digraph G {
// CHECK-NEXT:   compound = true;
// CHECK-NEXT:   subgraph cluster_1 {
// CHECK-NEXT:     v2 [label = " ", shape = plain];
// CHECK-NEXT:     label = "builtin.module : ()\l";
// CHECK:              label = "func.func : ()\lfunction_type: (i32, i32, i1) -\> i3...\lsym_name: \"f\"\l";
// CHECK:              v9 [label = "<res_arg0> %arg0 i32", shape = Mrecord];
// CHECK:              v12 [fillcolor = "0.000000 0.3 0.95", label = "{{[{][{]}}<arg_arg0> %arg0|<arg_arg1> %arg1}|arith.addi\l\loverflowFlags: #arith.overflow\<none...\l|{<res_0> %0 i32}}", shape = Mrecord, style = filled];
// CHECK:                label = "scf.if : (i32)\l";
// CHECK:        v11:res_arg2:s -> v16[lhead = cluster_15, style = solid];
// CHECK-NEXT:   v16 -> v23:arg_2:n[ltail = cluster_15, style = solid];
// CHECK:        v{{[0-9]+}}:res_1_1:s -> v{{[0-9]+}}:arg_1_1:n[style = solid];
// CHECK:      }

// CF:      v12 -> v13[style = dashed];
// CF:      v14 -> v16[lhead = cluster_15, style = dashed];
// CF-NEXT: v16 -> v23[ltail = cluster_15, style = dashed];

// FUNC-COUNT-3: digraph G {
// FUNC-NOT:     digraph

// BAD: error: for the --max-label-len option: '-1' value invalid for uint argument!

func.func @f(%a: i32, %b: i32, %c: i1) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.constant 3 : i32
  %2 = arith.muli %0, %1 : i32
  %r = scf.if %c -> i32 {
    scf.yield %2 : i32
  } else {
    scf.yield %a : i32
  }
  cf.br ^bb1(%r : i32)
^bb1(%x: i32):
  return %x : i32
}

func.func @g(%a: i32, %t: tensor<20xi32>) -> (i32, i32) {
  %0 = arith.addi %a, %a : i32
  %1:2 = "foo.pair"(%0) {big = dense<[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]> : tensor<17xi32>, splat = dense<7> : tensor<40xi32>, arr = [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17], small = [1, 2], s = "a{b}|<c>", big2 = dense<[[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5]]> : tensor<4x5xi32>} : (i32) -> (i32, i32)
  %2 = "foo.use"(%1#1, %1#0, %a) : (i32, i32, i32) -> i32
  %r = "foo.region"() ({
    "foo.y"(%2) : (i32) -> ()
  }, {
  }) {s = "a<b>"} : () -> (tensor<4xf32>)
  return %1#0, %2 : i32, i32
}

func.func private @decl()

module @inner {
  "foo.graphuse"(%v) : (i32) -> ()
  %v = "foo.def"() : () -> i32
}
