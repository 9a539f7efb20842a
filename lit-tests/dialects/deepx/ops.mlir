// Every `deepx` op and type in its MLIR form. Checks the printed form, and that
// custom -> generic -> custom round-trips.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s

!T = !deepx.tensor<[?1, ?2], f32>
!S = !deepx.tensor<[?1, 1], f32>
!B = !deepx.tensor<[?1, ?2], i1>

// CHECK-LABEL: deepx.func @every_op(
// CHECK-SAME: %arg0: !deepx.tensor<[?1, ?2], f32>, %arg1: !deepx.tensor<[?1, ?2], f32>, %arg2: f32, %arg3: !deepx.list<i32>, %arg4: !deepx.string) -> (%arg5: !deepx.tensor<[?1, ?2], f32>, %arg6: !deepx.tensor<[?1, 1], f32>, %arg7: !deepx.tensor<[?1, ?2], i1>)
deepx.func @every_op(%A: !T, %B: !T, %s: f32, %axis: !deepx.list<i32>, %path: !deepx.string)
    -> (%C: !T, %R: !S, %M: !B) {
  // CHECK: %[[T:.*]] = deepx.newtensor : !deepx.tensor<[?1, ?2], f32>
  %t = deepx.newtensor : !T
  // CHECK: deepx.newtensor(%{{.*}} : !deepx.list<i32>) : !deepx.tensor<f32>
  %shape = deepx.const [4, 8] : !deepx.list<i32>
  %u = deepx.newtensor(%shape : !deepx.list<i32>) : !deepx.tensor<f32>
  // CHECK: deepx.newtensor {implicit} : !deepx.tensor
  %v = deepx.newtensor {implicit} : !deepx.tensor
  // CHECK: deepx.const 1.000000e+00 : f32
  %one = deepx.const 1.0 : f32
  // CHECK: deepx.const 7 : i32
  %seed = deepx.const 7 : i32
  // CHECK: deepx.const true : i1
  %true = deepx.const true : i1
  // CHECK: deepx.const "fmt" : !deepx.string
  %fmt = deepx.const "fmt" : !deepx.string
  // CHECK: deepx.copytensor %arg0 -> %[[T]]
  deepx.copytensor %A -> %t : !T -> !T
  // CHECK: deepx.clonetensor
  %c = deepx.clonetensor %A : !T -> !T
  // CHECK: deepx.renametensor %{{.*}} as "renamed"
  %r = deepx.renametensor %c as "renamed" : !T -> !T
  deepx.constant %one -> %t : f32 -> !T
  deepx.zeros -> %t : !T
  deepx.arange %one, %one -> %t : f32, f32 -> !T
  deepx.uniform %one, %s, %seed -> %t : f32, f32, i32 -> !T
  deepx.normal %one, %s, %seed -> %t : f32, f32, i32 -> !T
  deepx.dropout %s, %seed -> %t : f32, i32 -> !T
  // CHECK: deepx.print %[[T]] : !deepx.tensor<[?1, ?2], f32>
  deepx.print %t : !T
  // CHECK: deepx.print %[[T]], %{{.*}} : !deepx.string : !deepx.tensor<[?1, ?2], f32>
  deepx.print %t, %fmt : !deepx.string : !T
  deepx.save %t, %path : !T, !deepx.string
  deepx.load %path -> %t : !deepx.string -> !T
  deepx.loadtensordata %path -> %t : !deepx.string -> !T
  // CHECK: deepx.add %arg0, %arg1 -> %arg5
  deepx.add %A, %B -> %C : !T, !T -> !T
  deepx.sub %A, %B -> %C : !T, !T -> !T
  deepx.mul %A, %B -> %C : !T, !T -> !T
  deepx.div %A, %B -> %C : !T, !T -> !T
  deepx.pow %A, %B -> %C : !T, !T -> !T
  deepx.max %A, %B -> %C : !T, !T -> !T
  deepx.min %A, %B -> %C : !T, !T -> !T
  // CHECK: deepx.addscalar %arg0, %arg2 -> %arg5
  deepx.addscalar %A, %s -> %C : !T, f32 -> !T
  deepx.subscalar %A, %s -> %C : !T, f32 -> !T
  deepx.mulscalar %A, %s -> %C : !T, f32 -> !T
  deepx.divscalar %A, %s -> %C : !T, f32 -> !T
  deepx.powscalar %A, %s -> %C : !T, f32 -> !T
  deepx.maxscalar %A, %s -> %C : !T, f32 -> !T
  deepx.minscalar %A, %s -> %C : !T, f32 -> !T
  // CHECK: deepx.rsubscalar %arg2, %arg0 -> %arg5
  deepx.rsubscalar %s, %A -> %C : f32, !T -> !T
  deepx.rdivscalar %s, %A -> %C : f32, !T -> !T
  deepx.rpowscalar %s, %A -> %C : f32, !T -> !T
  deepx.exp %A -> %C : !T -> !T
  deepx.log %A -> %C : !T -> !T
  deepx.sqrt %A -> %C : !T -> !T
  deepx.sin %A -> %C : !T -> !T
  deepx.cos %A -> %C : !T -> !T
  deepx.tan %A -> %C : !T -> !T
  deepx.gelu %A -> %C : !T -> !T
  deepx.relu %A -> %C : !T -> !T
  deepx.abs %A -> %C : !T -> !T
  deepx.neg %A -> %C : !T -> !T
  deepx.invert %M -> %M : !B -> !B
  deepx.todtype %A -> %M : !T -> !B
  // CHECK: deepx.equal %arg0, %arg1, %arg2 -> %arg7
  deepx.equal %A, %B, %s -> %M : !T, !T, f32 -> !B
  deepx.notequal %A, %B, %s -> %M : !T, !T, f32 -> !B
  deepx.less %A, %B -> %M : !T, !T -> !B
  deepx.greater %A, %B -> %M : !T, !T -> !B
  deepx.equalscalar %A, %s, %s -> %M : !T, f32, f32 -> !B
  deepx.notequalscalar %A, %s, %s -> %M : !T, f32, f32 -> !B
  deepx.lessscalar %A, %s -> %M : !T, f32 -> !B
  deepx.greaterscalar %A, %s -> %M : !T, f32 -> !B
  // CHECK: deepx.list %arg0, %arg1 : (!deepx.tensor<[?1, ?2], f32>, !deepx.tensor<[?1, ?2], f32>) -> !deepx.list<!deepx.tensor>
  %choices = deepx.list %A, %B : (!T, !T) -> !deepx.list<!deepx.tensor>
  deepx.switch %choices, %M -> %C : !deepx.list<!deepx.tensor>, !B -> !T
  deepx.matmul %A, %B -> %C : !T, !T -> !T
  deepx.reshape %A, %shape -> %u : !T, !deepx.list<i32> -> !deepx.tensor<f32>
  deepx.transpose %A, %shape -> %u : !T, !deepx.list<i32> -> !deepx.tensor<f32>
  // CHECK: deepx.broadcastTo
  deepx.broadcastTo %A, %shape -> %u : !T, !deepx.list<i32> -> !deepx.tensor<f32>
  deepx.repeat %A, %shape -> %u : !T, !deepx.list<i32> -> !deepx.tensor<f32>
  deepx.concat %choices, %seed -> %u : !deepx.list<!deepx.tensor>, i32 -> !deepx.tensor<f32>
  %idx = deepx.newtensor : !deepx.tensor<[3], i64>
  deepx.indexselect %A, %idx, %seed -> %u : !T, !deepx.tensor<[3], i64>, i32 -> !deepx.tensor<f32>
  // CHECK: deepx.sum %arg0, %arg3, %{{.*}} -> %arg6
  deepx.sum %A, %axis, %true -> %R : !T, !deepx.list<i32>, i1 -> !S
  deepx.prod %A, %axis, %true -> %R : !T, !deepx.list<i32>, i1 -> !S
  deepx.reducemax %A, %axis, %true -> %R : !T, !deepx.list<i32>, i1 -> !S
  deepx.reducemin %A, %axis, %true -> %R : !T, !deepx.list<i32>, i1 -> !S
  deepx.deltensor %t : !T
  deepx.deltensor %u : !deepx.tensor<f32>
  deepx.deltensor %r : !T
  deepx.deltensor %idx : !deepx.tensor<[3], i64>
}

// CHECK-LABEL: deepx.func @types(
// CHECK-SAME: !deepx.tensor, %{{.*}}: !deepx.tensor<f32>, %{{.*}}: !deepx.tensor<[2, ?, ?3], !deepx.union<f32, f64>>, %{{.*}}: !deepx.list<!deepx.tensor<i8>>, %{{.*}}: !deepx.union<i8, i16, i32, i64>, %{{.*}}: f8E5M2, %{{.*}}: ui8, %{{.*}}: bf16)
// CHECK: deepx.call @every_op
deepx.func @types(%a: !deepx.tensor, %b: !deepx.tensor<f32>,
                  %c: !deepx.tensor<[2, ?, ?3], !deepx.union<f32, f64>>,
                  %d: !deepx.list<!deepx.tensor<i8>>, %e: !deepx.union<i8, i16, i32, i64>,
                  %f: f8E5M2, %g: ui8, %h: bf16) -> () {
  %x = deepx.newtensor : !T
  %y = deepx.newtensor : !S
  %z = deepx.newtensor : !B
  %s = deepx.const 2.0 : f32
  %l = deepx.const [1] : !deepx.list<i32>
  %p = deepx.const "out.bin" : !deepx.string
  deepx.call @every_op(%x, %x, %s, %l, %p) -> (%x, %y, %z) : (!T, !T, f32, !deepx.list<i32>, !deepx.string) -> (!T, !S, !B)
  deepx.deltensor %x : !T
  deepx.deltensor %y : !S
  deepx.deltensor %z : !B
}

// An empty function keeps its (empty) body block, so that it prints and reads back.
// CHECK-LABEL: deepx.func @empty() -> () {
// CHECK-NEXT:  }
deepx.func @empty() -> () {
}
