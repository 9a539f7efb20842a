// wsp-type-check on the MLIR form: every finding of a module is reported, the
// first as the error and the others with it; statistics count them.
// RUN: %pto-opt %s --split-input-file --verify-diagnostics --wsp-type-check
// RUN: not %pto-opt %s --split-input-file --wsp-type-check=error-format=mlir --mlir-pass-statistics 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: not %pto-opt %s --split-input-file --wsp-type-check=error-format=nonsense 2>&1 | FileCheck %s --check-prefix=OPT

// STATS: 2 errors
// OPT: wsp-type-check: error-format is 'mlir' or 'seed', got 'nonsense'

wsp.module "m" version "9.0" targets [] {
  wsp.workload @w() level npu {
    // expected-error @+2 {{Invalid construct for level: parallel_for in an NPU workload}}
    // expected-note @+1 {{hint: Use for_each}}
    wsp.parallel_for %i "i" in !wsp.dense<4> {
      // expected-error @+2 {{Undefined workload: call of undefined workload 'nowhere'}}
      // expected-note @+1 {{hint: Define the workload}}
      wsp.call @nowhere()
    }
  }
}

// -----

wsp.module "m" version "9.0" targets [] {
  wsp.workload @w() level cpu {
    wsp.pipeline {
      // expected-note @+1 {{channel 'c' is declared here}}
      wsp.channel @c depth 1 : !wsp.tensor<[4], f32>
      wsp.process @p consumes [@c] produces [] {
        // expected-error @+2 {{Channel type mismatch: the value consumed from 'c' has the wrong type}}
        // expected-note @+1 {{expected: !wsp.tensor<[4], f32>; got: !wsp.tensor<[8], f32>}}
        wsp.consume %t "t" from @c : !wsp.tensor<[8], f32> {
        }
      }
    }
  }
}

// -----

// A correct module passes unchanged.
wsp.module "ok" version "9.0" targets ["cpu_sim"] {
  wsp.workload @w(%n "n": !wsp.dense<4>) level cpu {
    wsp.parallel_for %i "i" in !wsp.dense<4> {
      wsp.task @k(%i) resources [@A]
    }
  }
  wsp.schedule @s for @w level cpu {
    wsp.dispatch round_robin(2)
    wsp.task_window 16 tasks stall
  }
}

// -----

// The seed's KERNEL-CALL rule against kernels that are functions of the module:
// arity, data types, indices where the kernel takes indices; resources declared.
module {
  // expected-note @+2 {{kernel 'k' is defined here}}
  // expected-note @+1 {{kernel 'k' is defined here}}
  func.func @k(%a: !pto.ptr<f16>, %i: index) {
    return
  }
  wsp.module "m" version "9.0" targets [] {
    wsp.tensor @A : !wsp.tensor<[4], f32>
    wsp.workload @w() level cpu {
      wsp.for_each %i "i" in !wsp.dense<4> {
        // expected-error @+2 {{Argument type mismatch: argument 'A' of 'k'}}
        // expected-note @+1 {{expected: Tensor[F16]; got: Tensor[F32]}}
        wsp.task @k(%i) resources [@A]
        // expected-error @+4 {{Kernel arity mismatch: Kernel 'k' expects 2 args, got 3}}
        // expected-note @+3 {{expected: 2 arguments; got: 1 resources and 2 indices}}
        // expected-error @+2 {{Undefined tensor: task of 'k' uses 'B', which the module does not declare}}
        // expected-note @+1 {{hint: Declare it: wsp.tensor @B : !wsp.tensor<[...], f32>}}
        wsp.task @k(%i, %i) resources [@B]
      }
    }
  }
}
