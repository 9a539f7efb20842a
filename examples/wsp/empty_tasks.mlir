// The cost of a task: `n` tasks of an empty kernel over a dense_dyn axis
// (scripts/bench.sh divides the time by n).
module {
  func.func @nop(%a: !pto.ptr<f32>, %i: index) {
    return
  }
  wsp.module "empty" version "9.0" targets ["cpu_sim"] {
    wsp.tensor @A : !wsp.tensor<[1], f32>
    wsp.workload @empty(%n "n": !wsp.dense_dyn<n>) level cpu {
      wsp.parallel_for %i "i" in !wsp.dense_dyn<n> {
        wsp.task @nop(%i) resources [@A]
      }
    }
  }
}
