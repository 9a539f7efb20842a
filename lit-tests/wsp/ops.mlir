// The wsp dialect's custom forms: every op of upstream's IR (module header,
// workloads, loops over the four axis kinds, tasks, cond, combine, sequential,
// calls, slots, CSP pipelines, every schedule directive), the tensor, layout and
// workload types; custom and generic forms agree.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s

// CHECK-LABEL: wsp.module "demo" version "9.0" targets ["cpu_sim", "ascend_npu"] {
wsp.module "demo" version "9.0" targets ["cpu_sim", "ascend_npu"] {
  // CHECK: wsp.workload @attention(%[[B:.*]] "batch": !wsp.dense_dyn<batch>, %[[H:.*]] "heads": !wsp.dense<8>) level cpu {
  wsp.workload @attention(%batch "batch": !wsp.dense_dyn<batch>, %heads "heads": !wsp.dense<8>) level cpu {
    // CHECK-NEXT: wsp.parallel_for %[[I:.*]] "b" in !wsp.dense_dyn<batch> {
    wsp.parallel_for %b "b" in !wsp.dense_dyn<batch> {
      // CHECK-NEXT: wsp.parallel_for %[[J:.*]] "h" in !wsp.dense<8> {
      wsp.parallel_for %h "h" in !wsp.dense<8> {
        // CHECK-NEXT: wsp.task @attn_kernel(%[[I]], %[[J]]) resources [@Q, @K, @V, @O]
        wsp.task @attn_kernel(%b, %h) resources [@Q, @K, @V, @O]
      }
    }
  }
  // CHECK: wsp.workload @moe(%{{.*}} "routes": !wsp.sparse<tokens, indptr, experts>, %{{.*}} "seqs": !wsp.ragged<batch, lens>) level npu attributes {type = !wsp.workload<[!wsp.sparse<tokens, indptr, experts>], [@expert], independent>} {
  wsp.workload @moe(%r "routes": !wsp.sparse<tokens, indptr, experts>, %s "seqs": !wsp.ragged<batch, lens>) level npu attributes {type = !wsp.workload<[!wsp.sparse<tokens, indptr, experts>], [@expert], independent>} {
    // CHECK: wsp.select %[[E:.*]] "e" in !wsp.sparse<tokens, indptr, experts> {
    wsp.select %e "e" in !wsp.sparse<tokens, indptr, experts> {
      // CHECK-NEXT: wsp.for_each %[[T:.*]] "t" in !wsp.ragged<batch, lens> {
      wsp.for_each %t "t" in !wsp.ragged<batch, lens> {
        // CHECK-NEXT: wsp.task @expert(%[[E]], %[[T]], %{{.*}}) resources [] : index, index, !wsp.sparse<tokens, indptr, experts>
        wsp.task @expert(%e, %t, %r) resources [] : index, index, !wsp.sparse<tokens, indptr, experts>
      }
    }
  }
  // CHECK: wsp.workload @control() level any {
  wsp.workload @control() level any {
    // CHECK-NEXT: wsp.sequential {
    wsp.sequential {
      // CHECK-NEXT: wsp.slot_set_u64 0, 42
      wsp.slot_set_u64 0, 42
      // CHECK-NEXT: wsp.slot_load_u64 1, tensor 3, row 1, col 2
      wsp.slot_load_u64 1, tensor 3, row 1, col 2
      // CHECK-NEXT: wsp.cond "is_decode" {
      wsp.cond "is_decode" {
        // CHECK-NEXT: wsp.call @attention()
        wsp.call @attention()
      // CHECK-NEXT: } else {
      } else {
        // CHECK-NEXT: wsp.combine {
        wsp.combine {
          wsp.task @a() resources [@X]
          wsp.task @b() resources [@X]
        }
      }
      // CHECK: wsp.pipeline {
      wsp.pipeline {
        // CHECK-NEXT: wsp.channel @tiles depth 2 : !wsp.tensor<[32, ?], f32>
        wsp.channel @tiles depth 2 : !wsp.tensor<[32, ?], f32>
        // CHECK-NEXT: wsp.channel @done depth 0 : !wsp.tensor<[1], i1, ub>
        wsp.channel @done depth 0 : !wsp.tensor<[1], i1, ub>
        // CHECK-NEXT: wsp.process @load consumes [] produces [@tiles] {
        wsp.process @load consumes [] produces [@tiles] {
          // CHECK-NEXT: wsp.send @tiles {
          wsp.send @tiles {
            wsp.task @load_tile() resources [@A]
          }
        }
        // CHECK: wsp.process @compute consumes [@tiles] produces [@done] {
        wsp.process @compute consumes [@tiles] produces [@done] {
          // CHECK-NEXT: wsp.consume %{{.*}} "t" from @tiles : !wsp.tensor<[32, ?], f32> {
          wsp.consume %t "t" from @tiles : !wsp.tensor<[32, ?], f32> {
            wsp.task @compute_tile(%t) resources [@C] : !wsp.tensor<[32, ?], f32>
          }
        }
      }
    }
  }
  // CHECK: wsp.schedule @s for @attention level cpu {
  wsp.schedule @s for @attention level cpu {
    // CHECK-NEXT: wsp.dispatch round_robin(4)
    wsp.dispatch round_robin(4)
    // CHECK-NEXT: wsp.streams 2 by "b % 2"
    wsp.streams 2 by "b % 2"
    // CHECK-NEXT: wsp.timing batched(8)
    wsp.timing batched(8)
    // CHECK-NEXT: wsp.spatial_map [4, 4]
    wsp.spatial_map [4, 4]
    // CHECK-NEXT: wsp.layout @Q <[S(0), R, R, R]>
    wsp.layout @Q #wsp.layout<[S(0), R, R, R]>
    // CHECK-NEXT: wsp.dispatch_threshold [16, 256]
    wsp.dispatch_threshold [16, 256]
    // CHECK-NEXT: wsp.pipeline_depth 2
    wsp.pipeline_depth 2
    // CHECK-NEXT: wsp.task_window 8192 tasks stall
    wsp.task_window 8192 tasks stall
    // CHECK-NEXT: wsp.batch_deps 64 range_compress
    wsp.batch_deps 64 range_compress
  }
  // CHECK: wsp.schedule @t for @moe level npu {
  wsp.schedule @t for @moe level npu {
    // CHECK-NEXT: wsp.dispatch affinity("e")
    wsp.dispatch affinity("e")
    // CHECK-NEXT: wsp.timing immediate
    wsp.timing immediate
  }
}

// Tensor types: symbolic sizes, locations, layouts with memory layouts.
// CHECK-LABEL: func.func private @types(!wsp.tensor<[B, 8, 128, 64], f16, #wsp.layout<[S(0), R, R, R]>>, !wsp.tensor<[64, 64], bf16, l1, #wsp.layout<[R, R], strides [64, 1], order [1, 0], swizzle [3, 4, 3]>>, !wsp.tensor<[4], ui8, l2>)
func.func private @types(!wsp.tensor<[B, 8, 128, 64], f16, #wsp.layout<[S(0), R, R, R]>>, !wsp.tensor<[64, 64], bf16, l1, #wsp.layout<[R, R], strides [64, 1], order [1, 0], swizzle [3, 4, 3]>>, !wsp.tensor<[4], ui8, l2>)
