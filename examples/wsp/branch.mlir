// A conditional workload (P-WHEN): the branch taken depends on run-time sizes, as a
// decode step takes one path and a prefill another. With `n > 2 && !prefill`, each of
// the n tasks adds one to its element of A; otherwise to its element of B.
module {
  func.func @bump(%a: !pto.ptr<f32>, %i: index) {
    %one = arith.constant 1.0 : f32
    %v = pto.load_scalar %a[%i] : !pto.ptr<f32> -> f32
    %s = arith.addf %v, %one : f32
    pto.store_scalar %s, %a[%i] : !pto.ptr<f32>, f32
    return
  }
  wsp.module "branch" version "9.0" targets ["cpu_sim"] {
    wsp.tensor @A : !wsp.tensor<[n], f32>
    wsp.tensor @B : !wsp.tensor<[n], f32>
    wsp.workload @branch(%n "n": !wsp.dense_dyn<n>) level cpu {
      wsp.cond "n > 2 && !prefill" {
        wsp.parallel_for %i "i" in !wsp.dense_dyn<n> {
          wsp.task @bump(%i) resources [@A]
        }
      } else {
        wsp.parallel_for %i "i" in !wsp.dense_dyn<n> {
          wsp.task @bump(%i) resources [@B]
        }
      }
    }
  }
}
