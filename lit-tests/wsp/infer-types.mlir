// wsp-infer-types: Workload[Axes, Task, Deps] by the seed's rules, attached to each
// workload; a call contributes its callee's type.
// RUN: %pto-opt %s --wsp-infer-types | FileCheck %s
// RUN: %pto-opt %s --wsp-infer-types | %pto-opt --wsp-infer-types | FileCheck %s

wsp.module "m" version "9.0" targets [] {
  // P-GRID twice: the axis product, independent.
  // CHECK: wsp.workload @grid({{.*}}) level cpu attributes {type = !wsp.workload<[!wsp.dense_dyn<batch>, !wsp.dense<8>], [@attn], independent>}
  wsp.workload @grid(%n "batch": !wsp.dense_dyn<batch>) level cpu {
    wsp.parallel_for %b "b" in !wsp.dense_dyn<batch> {
      wsp.parallel_for %h "h" in !wsp.dense<8> {
        wsp.task @attn(%b, %h) resources [@Q]
      }
    }
  }
  // P-SEQ over P-SEL: sequential outside.
  // CHECK: wsp.workload @seq() level cpu attributes {type = !wsp.workload<[!wsp.dense<4>, !wsp.sparse<n, p, i>], [@expert], sequential>}
  wsp.workload @seq() level cpu {
    wsp.for_each %t "t" in !wsp.dense<4> {
      wsp.select %e "e" in !wsp.sparse<n, p, i> {
        wsp.task @expert(%t, %e) resources []
      }
    }
  }
  // P-WHEN: the union of both branches' axes and kernels, conditional.
  // CHECK: wsp.workload @when() level cpu attributes {type = !wsp.workload<[!wsp.dense<4>, !wsp.dense<2>], [@a, @b, @c], conditional>}
  wsp.workload @when() level cpu {
    wsp.cond "p" {
      wsp.parallel_for %i "i" in !wsp.dense<4> {
        wsp.task @a(%i) resources []
      }
    } else {
      wsp.parallel_for %i "i" in !wsp.dense<4> {
        wsp.parallel_for %j "j" in !wsp.dense<2> {
          wsp.task @b(%i, %j) resources []
          wsp.task @c(%i) resources []
        }
      }
    }
  }
  // COMBINE (several statements of a body are one), SEQUENTIAL, and a call.
  // CHECK: wsp.workload @both() level cpu attributes {type = !wsp.workload<[!wsp.dense_dyn<batch>, !wsp.dense<8>, !wsp.dense<4>, !wsp.sparse<n, p, i>], [@attn, @expert, @x], combined>}
  wsp.workload @both() level cpu {
    wsp.call @grid()
    wsp.sequential {
      wsp.call @seq()
      wsp.task @x() resources []
    }
  }
  // CHECK: wsp.workload @ordered() level cpu attributes {type = !wsp.workload<[], [@x, @y], sequential>}
  wsp.workload @ordered() level cpu {
    wsp.sequential {
      wsp.task @x() resources []
      wsp.task @y() resources []
    }
  }
  // A pipeline: its processes' types, pipeline.
  // CHECK: wsp.workload @pipe() level cpu attributes {type = !wsp.workload<[!wsp.dense<2>], [@load, @use], pipeline>}
  wsp.workload @pipe() level cpu {
    wsp.pipeline {
      wsp.channel @c depth 2 : !wsp.tensor<[4], f32>
      wsp.process @p consumes [] produces [@c] {
        wsp.parallel_for %i "i" in !wsp.dense<2> {
          wsp.send @c {
            wsp.task @load(%i) resources []
          }
        }
      }
      wsp.process @q consumes [@c] produces [] {
        wsp.consume %t "t" from @c : !wsp.tensor<[4], f32> {
          wsp.task @use(%t) resources [] : !wsp.tensor<[4], f32>
        }
      }
    }
  }
}
