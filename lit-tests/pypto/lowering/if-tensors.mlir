// `if` with return variables yielding tensors and tiles (scf.if, scf.index_switch),
// run on the CPU through pto-run, compiled and interpreted, against numpy
// (scripts/gen_pypto_data.py; float32 data, float64 references), every branch taken.
// examples/pypto/branch.py: select and scaled (a scalar yielded with the tensor) with
// flag 1 and 0; alternate and warmup (an if in a loop carrying a tensor; in warmup a
// branch passes the carried tensor on) for 5 steps, and 0 steps (the input back);
// nested (an if in an if in a loop); reassigned (not in SSA form) with flag 1 and 0.
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/branch.py > %t.mlir
// RUN: pto-run %t.mlir -e select --arg %S/../../../examples/pypto/data/branch_x.npy --arg 1 --expect 0=%S/../../../examples/pypto/data/select_1_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy
// RUN: pto-run %t.mlir -e select --arg %S/../../../examples/pypto/data/branch_x.npy --arg 0 --expect 0=%S/../../../examples/pypto/data/select_0_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy
// RUN: pto-run %t.mlir -e scaled --arg %S/../../../examples/pypto/data/branch_x.npy --arg 1 --expect 0=%S/../../../examples/pypto/data/scaled_1_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy
// RUN: pto-run %t.mlir -e scaled --arg %S/../../../examples/pypto/data/branch_x.npy --arg 0 --expect 0=%S/../../../examples/pypto/data/scaled_0_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy
// RUN: pto-run %t.mlir -e alternate --arg %S/../../../examples/pypto/data/branch_x.npy --arg 5 --expect 0=%S/../../../examples/pypto/data/alternate_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy
// RUN: pto-run %t.mlir -e alternate --arg %S/../../../examples/pypto/data/branch_x.npy --arg 0 --expect 0=%S/../../../examples/pypto/data/branch_x.npy --rtol 0 --atol 0 --out %t.o.npy
// RUN: pto-run %t.mlir -e warmup --arg %S/../../../examples/pypto/data/branch_x.npy --arg 5 --expect 0=%S/../../../examples/pypto/data/warmup_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy
// RUN: pto-run %t.mlir -e nested --arg %S/../../../examples/pypto/data/branch_x.npy --arg 4 --arg 3 --expect 0=%S/../../../examples/pypto/data/nested_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy
// RUN: pto-run %t.mlir -e reassigned --arg %S/../../../examples/pypto/data/branch_x.npy --arg 1 --expect 0=%S/../../../examples/pypto/data/reassigned_1_ref.npy --rtol 1e-6 --atol 1e-6 --out %t.o.npy
// RUN: pto-run %t.mlir -e reassigned --arg %S/../../../examples/pypto/data/branch_x.npy --arg 0 --expect 0=%S/../../../examples/pypto/data/reassigned_0_ref.npy --rtol 1e-6 --atol 1e-6 --out %t.o.npy
// RUN: pto-run --interpret %t.mlir -e select --arg %S/../../../examples/pypto/data/branch_x.npy --arg 1 --expect 0=%S/../../../examples/pypto/data/select_1_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy
// RUN: pto-run --interpret %t.mlir -e select --arg %S/../../../examples/pypto/data/branch_x.npy --arg 0 --expect 0=%S/../../../examples/pypto/data/select_0_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy
// RUN: pto-run --interpret %t.mlir -e scaled --arg %S/../../../examples/pypto/data/branch_x.npy --arg 1 --expect 0=%S/../../../examples/pypto/data/scaled_1_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy
// RUN: pto-run --interpret %t.mlir -e scaled --arg %S/../../../examples/pypto/data/branch_x.npy --arg 0 --expect 0=%S/../../../examples/pypto/data/scaled_0_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy
// RUN: pto-run --interpret %t.mlir -e alternate --arg %S/../../../examples/pypto/data/branch_x.npy --arg 5 --expect 0=%S/../../../examples/pypto/data/alternate_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy
// RUN: pto-run --interpret %t.mlir -e warmup --arg %S/../../../examples/pypto/data/branch_x.npy --arg 5 --expect 0=%S/../../../examples/pypto/data/warmup_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy
// RUN: pto-run --interpret %t.mlir -e nested --arg %S/../../../examples/pypto/data/branch_x.npy --arg 4 --arg 3 --expect 0=%S/../../../examples/pypto/data/nested_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy
// RUN: pto-run --interpret %t.mlir -e reassigned --arg %S/../../../examples/pypto/data/branch_x.npy --arg 0 --expect 0=%S/../../../examples/pypto/data/reassigned_0_ref.npy --rtol 1e-6 --atol 1e-6 --out %t.o.npy
//
// The tile-level functions below (this file is their input): a tile yielded by both
// branches with a scalar, and an scf.index_switch whose cases write the result and
// whose default copies the input.
// RUN: pto-run %s -e if_tile --arg %S/../../../examples/pypto/data/branch_x.npy --arg 1 --expect 0=%S/../../../examples/pypto/data/select_1_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy | FileCheck %s --check-prefix=K1
// RUN: pto-run %s -e if_tile --arg %S/../../../examples/pypto/data/branch_x.npy --arg 0 --expect 0=%S/../../../examples/pypto/data/select_0_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy | FileCheck %s --check-prefix=K0
// RUN: pto-run --interpret %s -e if_tile --arg %S/../../../examples/pypto/data/branch_x.npy --arg 1 --expect 0=%S/../../../examples/pypto/data/select_1_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy | FileCheck %s --check-prefix=K1
// RUN: pto-run --interpret %s -e if_tile --arg %S/../../../examples/pypto/data/branch_x.npy --arg 0 --expect 0=%S/../../../examples/pypto/data/select_0_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy | FileCheck %s --check-prefix=K0
// K1: {{^}}16{{$}}
// K0: {{^}}32{{$}}
// RUN: pto-run %s -e switch --arg %S/../../../examples/pypto/data/branch_x.npy --arg 0 --expect 0=%S/../../../examples/pypto/data/select_1_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy
// RUN: pto-run %s -e switch --arg %S/../../../examples/pypto/data/branch_x.npy --arg 1 --expect 0=%S/../../../examples/pypto/data/select_0_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy
// RUN: pto-run %s -e switch --arg %S/../../../examples/pypto/data/branch_x.npy --arg 7 --expect 0=%S/../../../examples/pypto/data/branch_x.npy --rtol 0 --atol 0 --out %t.o.npy
// RUN: pto-run --interpret %s -e switch --arg %S/../../../examples/pypto/data/branch_x.npy --arg 0 --expect 0=%S/../../../examples/pypto/data/select_1_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy
// RUN: pto-run --interpret %s -e switch --arg %S/../../../examples/pypto/data/branch_x.npy --arg 1 --expect 0=%S/../../../examples/pypto/data/select_0_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.o.npy
// RUN: pto-run --interpret %s -e switch --arg %S/../../../examples/pypto/data/branch_x.npy --arg 7 --expect 0=%S/../../../examples/pypto/data/branch_x.npy --rtol 0 --atol 0 --out %t.o.npy

module @tiles {
  func.func @if_tile(%a: !pypto.tensor<[32, 64], f32>, %flag: i64) -> (!pypto.tensor<[32, 64], f32>, i64) attributes {pypto.function_type = #pypto.function_type<InCore>} {
    %c0 = pypto.const 0 : i64
    %c16 = pypto.const 16 : i64
    %c32 = pypto.const 32 : i64
    %c64 = pypto.const 64 : i64
    %c = pypto.gt %flag, %c0 : i64
    %t = pypto.block.load %a, %c0, %c0, %c32, %c64 : (!pypto.tensor<[32, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[32, 64], f32>
    %r, %k = scf.if %c -> (!pypto.tile<[32, 64], f32>, i64) {
      %e = pypto.block.exp %t : (!pypto.tile<[32, 64], f32>) -> !pypto.tile<[32, 64], f32>
      scf.yield %e, %c16 : !pypto.tile<[32, 64], f32>, i64
    } else {
      %n = pypto.block.neg %t : (!pypto.tile<[32, 64], f32>) -> !pypto.tile<[32, 64], f32>
      scf.yield %n, %c32 : !pypto.tile<[32, 64], f32>, i64
    }
    %o = pypto.tensor.create [%c32, %c64] {dtype = f32} : (i64, i64) -> !pypto.tensor<[32, 64], f32>
    %s = pypto.block.store %r, %c0, %c0, %c32, %c64, %o : (!pypto.tile<[32, 64], f32>, i64, i64, i64, i64, !pypto.tensor<[32, 64], f32>) -> !pypto.tensor<[32, 64], f32>
    return %s, %k : !pypto.tensor<[32, 64], f32>, i64
  }
  func.func @switch(%a: !pypto.tensor<[32, 64], f32>, %flag: i64) -> !pypto.tensor<[32, 64], f32> attributes {pypto.function_type = #pypto.function_type<InCore>} {
    %i = arith.index_cast %flag : i64 to index
    %r = scf.index_switch %i -> !pypto.tensor<[32, 64], f32>
    case 0 {
      %e = pypto.tensor.exp %a : (!pypto.tensor<[32, 64], f32>) -> !pypto.tensor<[32, 64], f32>
      scf.yield %e : !pypto.tensor<[32, 64], f32>
    }
    case 1 {
      %e = pypto.tensor.neg %a : (!pypto.tensor<[32, 64], f32>) -> !pypto.tensor<[32, 64], f32>
      scf.yield %e : !pypto.tensor<[32, 64], f32>
    }
    default {
      scf.yield %a : !pypto.tensor<[32, 64], f32>
    }
    return %r : !pypto.tensor<[32, 64], f32>
  }
}
