// Sparse and ragged axes of PTO-WSP, enumerated as upstream's code generator does:
// `select e in sparse(tokens, indptr, experts)` visits every selected expert
// (indices[indptr[0] .. indptr[tokens]]), and `for_each t in ragged(seqs, lens)`
// every position of every sequence (sum of lens). Each task adds one to the count
// of what it visits: the counts are a histogram of the routing and a tally of the
// positions. The CSR arrays are checked as they are read.
module {
  // count[i] += 1
  func.func @bump(%count: !pto.ptr<f32>, %i: index) {
    %one = arith.constant 1.0 : f32
    %v = pto.load_scalar %count[%i] : !pto.ptr<f32> -> f32
    %s = arith.addf %v, %one : f32
    pto.store_scalar %s, %count[%i] : !pto.ptr<f32>, f32
    return
  }

  wsp.module "routing" version "9.0" targets ["cpu_sim"] {
    wsp.tensor @Experts : !wsp.tensor<[8], f32>
    wsp.tensor @Positions : !wsp.tensor<[64], f32>
    wsp.workload @route() level cpu {
      wsp.select %e "e" in !wsp.sparse<tokens, indptr, experts> {
        wsp.task @bump(%e) resources [@Experts]
      }
      wsp.for_each %t "t" in !wsp.ragged<seqs, lens> {
        wsp.task @bump(%t) resources [@Positions]
      }
    }
  }
}
