// wsp-check-backend: the seed's backend constraints (data types on the NPU, rank at
// most 8, local memories' capacities) for tensors and channel elements.
// RUN: %pto-opt %s --split-input-file --verify-diagnostics --wsp-check-backend=target=npu
// RUN: not %pto-opt %s --split-input-file --wsp-check-backend=target=cpu 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: not %pto-opt %s --wsp-check-backend=target=gpu 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: wsp-check-backend: target is 'cpu' or 'npu', got 'gpu'

wsp.module "m" version "9.0" targets ["ascend_npu"] {
  wsp.tensor @A : !wsp.tensor<[64, 64], f16>
  wsp.tensor @B : !wsp.tensor<[B, 64], i32>
  // expected-error @+1 {{wsp-check-backend (npu): the NPU backend supports the data types f16, bf16, f32 and i32, not f64}}
  wsp.tensor @C : !wsp.tensor<[4], f64>
  wsp.workload @w() level npu {
    wsp.pipeline {
      // expected-error @+1 {{wsp-check-backend (npu): the NPU backend supports the data types f16, bf16, f32 and i32, not u8}}
      wsp.channel @c depth 1 : !wsp.tensor<[4], ui8>
    }
  }
}

// -----

// The CPU takes every data type; ranks and capacities hold for both.
// CPU-NOT: error: {{.*}}f64
// CPU: error: wsp-check-backend (cpu): a tensor of rank 9 (the backends take at most 8 dimensions)
// CPU: error: wsp-check-backend (cpu): 262144 bytes do not fit in ub (196608 bytes)
wsp.module "m" version "9.0" targets [] {
  // expected-error @+1 {{wsp-check-backend (npu): a tensor of rank 9 (the backends take at most 8 dimensions)}}
  wsp.tensor @R : !wsp.tensor<[1, 1, 1, 1, 1, 1, 1, 1, 2], f32>
  // expected-error @+1 {{wsp-check-backend (npu): 262144 bytes do not fit in ub (196608 bytes)}}
  wsp.tensor @U : !wsp.tensor<[256, 256], f32, ub>
  wsp.tensor @L : !wsp.tensor<[256, 256], f32, l1>
  wsp.tensor @S : !wsp.tensor<[N, 256], f32, ub>
}
