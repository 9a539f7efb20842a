// Workloads run: convert-wsp-to-tasks enumerates their tasks and calls the PTOAS tile
// kernels, compiled on two threads and interpreted, against numpy (exact for the
// counts, rtol 1e-6 for the sums). Arguments are checked against the declared
// tensors (symbolic sizes bound by the size arguments), and the CSR arrays as they
// are read.
// RUN: %python -c "import numpy as np; r = np.random.default_rng(0); x = r.standard_normal((2, 3, 16, 64)).astype(np.float32); y = r.standard_normal((2, 3, 16, 64)).astype(np.float32); np.save('%t.x.npy', x); np.save('%t.y.npy', y); np.save('%t.o.npy', np.zeros_like(x)); np.save('%t.ref.npy', x + y)"
// RUN: pto-run %S/../../examples/wsp/tile_add.mlir -e tile_add --arg %t.x.npy --arg %t.y.npy --arg %t.o.npy --arg 3 --expect-arg 2=%t.ref.npy --rtol 1e-6 --atol 1e-6 --threads 2 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: pto-run %S/../../examples/wsp/tile_add.mlir -e tile_add --arg %t.x.npy --arg %t.y.npy --arg %t.o.npy --arg 3 --expect-arg 2=%t.ref.npy --rtol 1e-6 --atol 1e-6 --interpret
// WARN: tile_add.mlir:{{[0-9]+}}:7: warning: convert-wsp-to-tasks: 'dispatch' has no effect on the CPU path
// The tasks of the grid run on the runtime's threads:
// RUN: pto-opt %S/../../examples/wsp/tile_add.mlir --pto-plan-memory --convert-pto-to-loops --convert-wsp-to-tasks --outline-parallel-loops 2>/dev/null | FileCheck %s --check-prefix=GRID
// GRID-LABEL: func.func @tile_add(%{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %{{.*}}: index) attributes {pto.entry}
// GRID: call @pto_parallel_for
// GRID-LABEL: func.func private @tile_add__parallel0
// GRID: arith.remui
// GRID: arith.divui
// GRID: call @add_tile(
// A size that disagrees with the arrays is refused before anything runs:
// RUN: not pto-run %S/../../examples/wsp/tile_add.mlir -e tile_add --arg %t.x.npy --arg %t.y.npy --arg %t.o.npy --arg 4 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: pto-run: error: argument 0: {{.*}}x.npy holds 6144 elements (shape [2, 3, 16, 64]), but tensor 'X' is declared [2, heads=4, 16, 64] (8192 elements)
// RUN: not pto-run %S/../../examples/wsp/tile_add.mlir -e tile_add --arg %t.x.npy --arg %t.y.npy --arg 3 --arg 3 2>&1 | FileCheck %s --check-prefix=KIND
// KIND: pto-run: error: argument 2: cannot read '3'

// Sparse and ragged axes: a histogram of the routing, a tally of the positions.
// RUN: %python -c "import numpy as np; np.save('%t.ex0.npy', np.zeros(8, np.float32)); np.save('%t.pos0.npy', np.zeros(64, np.float32)); idx = np.array([1, 3, 3, 0, 7, 3], np.int32); np.save('%t.indptr.npy', np.array([0, 2, 3, 5, 6], np.int32)); np.save('%t.idx.npy', idx); np.save('%t.lens.npy', np.array([5, 0, 3], np.int32)); np.save('%t.exref.npy', np.bincount(idx, minlength=8).astype(np.float32)); p = np.zeros(64, np.float32); p[:8] = 1; np.save('%t.posref.npy', p); np.save('%t.badptr.npy', np.array([0, 2, 1, 5, 6], np.int32)); np.save('%t.neglens.npy', np.array([5, -1, 3], np.int32))"
// RUN: pto-run %S/../../examples/wsp/routing.mlir -e route --arg %t.ex0.npy --arg %t.pos0.npy --arg 4 --arg %t.indptr.npy --arg %t.idx.npy --arg 3 --arg %t.lens.npy --expect-arg 0=%t.exref.npy --expect-arg 1=%t.posref.npy --threads 2
// RUN: pto-run %S/../../examples/wsp/routing.mlir -e route --arg %t.ex0.npy --arg %t.pos0.npy --arg 4 --arg %t.indptr.npy --arg %t.idx.npy --arg 3 --arg %t.lens.npy --expect-arg 0=%t.exref.npy --expect-arg 1=%t.posref.npy --interpret
// RUN: not pto-run %S/../../examples/wsp/routing.mlir -e route --arg %t.ex0.npy --arg %t.pos0.npy --arg 4 --arg %t.badptr.npy --arg %t.idx.npy --arg 3 --arg %t.lens.npy --interpret 2>&1 | FileCheck %s --check-prefix=CSR
// CSR: routing.mlir:{{[0-9]+}}:7: error: assertion failed: sparse axis: 'indptr' must not decrease
// RUN: not pto-run %S/../../examples/wsp/routing.mlir -e route --arg %t.ex0.npy --arg %t.pos0.npy --arg 5 --arg %t.indptr.npy --arg %t.idx.npy --arg 3 --arg %t.lens.npy 2>&1 | FileCheck %s --check-prefix=ROWS
// ROWS: sparse axis: 'indptr' holds fewer than 'tokens' + 1 row pointers
// RUN: not pto-run %S/../../examples/wsp/routing.mlir -e route --arg %t.ex0.npy --arg %t.pos0.npy --arg 4 --arg %t.indptr.npy --arg %t.idx.npy --arg 3 --arg %t.neglens.npy --interpret 2>&1 | FileCheck %s --check-prefix=LENS
// LENS: error: assertion failed: ragged axis: a length in 'lens' is negative

// A kernel without pto ops (nothing for the pto lowering to do) takes its pointers
// as memrefs all the same; a million tasks run on two threads, each once.
// RUN: %python -c "import numpy as np; np.save('%t.a.npy', np.zeros(1000000, np.float32)); np.save('%t.ones.npy', np.ones(1000000, np.float32)); np.save('%t.a100.npy', np.zeros(100, np.float32)); np.save('%t.ones100.npy', np.ones(100, np.float32))"
// RUN: pto-run %S/../../examples/wsp/many_tasks.mlir -e many --arg %t.a.npy --arg 1000000 --threads 2 --expect-arg 0=%t.ones.npy
// RUN: pto-run %S/../../examples/wsp/many_tasks.mlir -e many --arg %t.a100.npy --arg 100 --interpret --expect-arg 0=%t.ones100.npy

// A mixture of experts: per token (in parallel), the experts of its row of the CSR
// routing (select with a row), exact against numpy.
// RUN: %python -c "import numpy as np; r = np.random.default_rng(3); x = r.standard_normal((6, 64)).astype(np.float32); w = r.standard_normal((4, 64)).astype(np.float32); p = np.array([0, 2, 3, 3, 5, 6, 8], np.int32); i = np.array([0, 3, 1, 2, 3, 0, 1, 2], np.int32); y = np.zeros((6, 64), np.float32); [y.__setitem__(t, y[t] + x[t] * w[i[j]]) for t in range(6) for j in range(p[t], p[t + 1])]; np.save('%t.mx.npy', x); np.save('%t.mw.npy', w); np.save('%t.my0.npy', np.zeros((6, 64), np.float32)); np.save('%t.myref.npy', y); np.save('%t.mp.npy', p); np.save('%t.mi.npy', i)"
// RUN: pto-run %S/../../examples/wsp/moe.mlir -e moe --arg %t.mx.npy --arg %t.mw.npy --arg %t.my0.npy --arg 6 --arg %t.mp.npy --arg %t.mi.npy --expect-arg 2=%t.myref.npy --rtol 1e-6 --atol 1e-6 --threads 2
// RUN: pto-run %S/../../examples/wsp/moe.mlir -e moe --arg %t.mx.npy --arg %t.mw.npy --arg %t.my0.npy --arg 6 --arg %t.mp.npy --arg %t.mi.npy --expect-arg 2=%t.myref.npy --rtol 1e-6 --atol 1e-6 --interpret
// The arrays are checked once, before the tasks:
// RUN: pto-opt %S/../../examples/wsp/moe.mlir --pto-plan-memory --convert-pto-to-loops --convert-wsp-to-tasks 2>&1 | FileCheck %s --check-prefix=ONCE
// ONCE-LABEL: func.func @moe(
// ONCE: cf.assert {{.*}} "sparse axis: 'indptr' must not decrease"
// ONCE: scf.parallel
// ONCE-NOT: must not decrease
// ONCE: cf.assert {{.*}} "sparse axis: the selected row is not below 'tokens'"
// ONCE: call @expert_row(

// Attention over batch x heads x query tiles (PTO-WSP's attention example with a
// PTOAS kernel on the cube and vector units), batch 2, on two threads, against numpy
// in float64 (rtol 1e-4, atol 1e-5).
// RUN: %python -c "import numpy as np; r = np.random.default_rng(1); q, k, v = [r.standard_normal((2, 8, 256, 64)).astype(np.float32) for _ in range(3)]; [np.save('%t.' + n + '.npy', a) for n, a in (('q', q), ('k', k), ('v', v))]; np.save('%t.o0.npy', np.zeros_like(q)); np.save('%t.p0.npy', np.zeros((2, 8, 4, 64, 256), np.float32)); s = np.einsum('bhqd,bhkd->bhqk', q.astype(np.float64), k.astype(np.float64)) / 8; s = np.exp(s - s.max(-1, keepdims=True)); s /= s.sum(-1, keepdims=True); np.save('%t.oref.npy', np.einsum('bhqk,bhkd->bhqd', s, v.astype(np.float64)).astype(np.float32))"
// RUN: pto-run %S/../../examples/wsp/attention.mlir -e attention --arg %t.q.npy --arg %t.k.npy --arg %t.v.npy --arg %t.o0.npy --arg %t.p0.npy --arg 2 --threads 2 --expect-arg 3=%t.oref.npy --rtol 1e-4 --atol 1e-5

// cond on run-time sizes: `n > 2 && !prefill` takes the then branch (A) or the else
// branch (B), compiled and interpreted.
// RUN: %python -c "import numpy as np; [np.save('%t.z%%d.npy' %% n, np.zeros(n, np.float32)) or np.save('%t.o%%d.npy' %% n, np.ones(n, np.float32)) for n in (2, 4)]"
// RUN: pto-run %S/../../examples/wsp/branch.mlir -e branch --arg %t.z4.npy --arg %t.z4.npy --arg 4 --arg 0 --expect-arg 0=%t.o4.npy --expect-arg 1=%t.z4.npy --threads 2
// RUN: pto-run %S/../../examples/wsp/branch.mlir -e branch --arg %t.z4.npy --arg %t.z4.npy --arg 4 --arg 1 --expect-arg 0=%t.z4.npy --expect-arg 1=%t.o4.npy --interpret
// RUN: pto-run %S/../../examples/wsp/branch.mlir -e branch --arg %t.z2.npy --arg %t.z2.npy --arg 2 --arg 0 --expect-arg 0=%t.z2.npy --expect-arg 1=%t.o2.npy

// The CSP pipeline example (.pto text) imports, type-checks and has its type
// inferred; running it is a clear error, not a silent drop.
// RUN: pto-translate --import-wsp %S/../../examples/wsp/csp_pipeline.pto | pto-opt --wsp-infer-types | FileCheck %s --check-prefix=CSP
// CSP: wsp.workload @square_tiles({{.*}}) level cpu attributes {type = !wsp.workload<[!wsp.dense<16>], [@load_tile, @square_tile, @store_tile], pipeline>}
// RUN: not pto-run %S/../../examples/wsp/csp_pipeline.pto -e square_tiles 2>&1 | FileCheck %s --check-prefix=CSPEXEC
// CSPEXEC: csp_pipeline.pto:{{[0-9]+}}:3: error: convert-wsp-to-tasks: CSP pipelines do not run on the CPU path yet

// The examples type-check (their tasks against their kernels):
// RUN: pto-opt %S/../../examples/wsp/tile_add.mlir --wsp-type-check --wsp-infer-types -o /dev/null
// RUN: pto-opt %S/../../examples/wsp/routing.mlir --wsp-type-check -o /dev/null
// RUN: pto-opt %S/../../examples/wsp/moe.mlir --wsp-type-check -o /dev/null
// RUN: pto-opt %S/../../examples/wsp/attention.mlir --wsp-type-check -o /dev/null
// RUN: pto-opt %S/../../examples/wsp/many_tasks.mlir --wsp-type-check -o /dev/null

// convert-wsp-to-tasks on its own: the function of a workload, its errors.
// RUN: pto-opt %s --split-input-file --verify-diagnostics --convert-wsp-to-tasks

module {
  func.func @k(%a: memref<?xf32>, %i: index) {
    return
  }
  wsp.module "m" version "9.0" targets [] {
    wsp.tensor @A : !wsp.tensor<[4], f32>
    wsp.workload @w() level cpu {
      wsp.for_each %i "i" in !wsp.dense<4> {
        // expected-error @+1 {{convert-wsp-to-tasks: kernel 'nope' is not a function of the module}}
        wsp.task @nope(%i) resources [@A]
      }
    }
  }
}

// -----

module {
  func.func @k(%a: !pto.ptr<f32>, %i: index) {
    %v = pto.load_scalar %a[%i] : !pto.ptr<f32> -> f32
    return
  }
  wsp.module "m" version "9.0" targets [] {
    wsp.tensor @A : !wsp.tensor<[4], f32>
    wsp.workload @w() level cpu {
      wsp.for_each %i "i" in !wsp.dense<4> {
        // expected-error @+1 {{task of 'k' passes (memref<?xf32>, index) but the kernel takes (!pto.ptr<f32>, index) (run the pto lowering first: kernels take memrefs here)}}
        wsp.task @k(%i) resources [@A]
      }
    }
  }
}

// -----

module {
  func.func @k(%a: memref<?xf32>, %i: index) {
    return
  }
  wsp.module "m" version "9.0" targets [] {
    wsp.tensor @A : !wsp.tensor<[4], f32>
    wsp.workload @w() level cpu {
      // expected-error @+1 {{convert-wsp-to-tasks: the predicate 'slot_u64(0) < 4': 'slot_u64(...)' is a runtime call (upstream's slots), which the CPU path does not have}}
      wsp.cond "slot_u64(0) < 4" {
        wsp.task @k() resources [@A]
      } else {
      }
    }
  }
}

// -----

module {
  wsp.module "m" version "9.0" targets [] {
    wsp.workload @w() level cpu {
      // expected-error @+1 {{convert-wsp-to-tasks: CSP pipelines do not run on the CPU path yet}}
      wsp.pipeline {
      }
    }
  }
}
