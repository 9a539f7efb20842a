// The cost of a task: `n` tasks over a dense_dyn axis, each adding one to its own
// element of A with a kernel that has no pto ops (scripts/bench_wsp.py divides the
// time by n; the kernel is about the least work a task can do that the compiler
// cannot remove).
module {
  func.func @bump(%a: !pto.ptr<f32>, %i: index) {
    %one = arith.constant 1.0 : f32
    %v = pto.load_scalar %a[%i] : !pto.ptr<f32> -> f32
    %s = arith.addf %v, %one : f32
    pto.store_scalar %s, %a[%i] : !pto.ptr<f32>, f32
    return
  }
  wsp.module "many" version "9.0" targets ["cpu_sim"] {
    wsp.tensor @A : !wsp.tensor<[n], f32>
    wsp.workload @many(%n "n": !wsp.dense_dyn<n>) level cpu {
      wsp.parallel_for %i "i" in !wsp.dense_dyn<n> {
        wsp.task @bump(%i) resources [@A]
      }
    }
  }
}
