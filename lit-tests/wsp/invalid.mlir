// The wsp dialect's verifiers: what an op must be whatever the program.
// RUN: %pto-opt %s --split-input-file --verify-diagnostics

wsp.module "m" version "9.0" targets [] {
  wsp.workload @w() level cpu {
    // expected-error @+1 {{'wsp.select' op selects over a sparse axis, got dense[4]}}
    wsp.select %i "i" in !wsp.dense<4> {
    }
  }
}

// -----

wsp.module "m" version "9.0" targets [] {
  // expected-error @+1 {{'wsp.workload' op parameter 0 must be an axis (dense, dense_dyn, ragged, sparse), got index}}
  wsp.workload @w(%n "n": index) level cpu {
  }
}

// -----

// expected-error @+1 {{'wsp.module' op needs a version (upstream writes "9.0")}}
wsp.module "m" version "" targets [] {
}

// -----

wsp.module "m" version "9.0" targets [] {
  wsp.workload @w() level cpu {
    wsp.pipeline {
      // expected-error @+1 {{'wsp.channel' op depth must be >= 0 (0 is an event), got -1}}
      wsp.channel @c depth -1 : !wsp.tensor<[4], f32>
    }
  }
}

// -----

wsp.module "m" version "9.0" targets [] {
  wsp.workload @w() level cpu {
    wsp.pipeline {
      // expected-error @+1 {{'wsp.channel' op carries tensors: its element type must be a !wsp.tensor}}
      wsp.channel @c depth 1 : f32
    }
  }
}

// -----

wsp.module "m" version "9.0" targets [] {
  wsp.workload @w() level cpu {
    wsp.pipeline {
      // expected-note @+1 {{see existing symbol definition here}}
      wsp.channel @c depth 1 : !wsp.tensor<[4], f32>
      // expected-error @+1 {{redefinition of symbol named 'c'}}
      wsp.channel @c depth 1 : !wsp.tensor<[4], f32>
    }
  }
}

// -----

wsp.module "m" version "9.0" targets [] {
  wsp.schedule @s for @w level cpu {
    // expected-error @+1 {{'wsp.dispatch' op this dispatch policy needs a key expression}}
    wsp.dispatch hash("")
  }
}

// -----

// expected-error @+1 {{'wsp.workload' op expects parent op 'wsp.module'}}
wsp.workload @w() level cpu {
}

// -----

// expected-error @+1 {{Layout rank mismatch: a rank-2 tensor with a layout of 1 dimensions}}
func.func private @f(!wsp.tensor<[4, 4], f32, #wsp.layout<[S(0)]>>)

// -----

// expected-error @+1 {{'f8E5M2' is not a PTO-WSP data type}}
func.func private @f(!wsp.tensor<[4], f8E5M2>)

// -----

// expected-error @+1 {{order must be a permutation of 0..2, got [0, 0]}}
func.func private @f(!wsp.tensor<[4, 4], f32, #wsp.layout<[R, R], order [0, 0]>>)

// -----

// expected-error @+1 {{a shard's mesh axis must be >= 0, got -2}}
func.func private @f(!wsp.tensor<[4], f32, #wsp.layout<[S(-2)]>>)
