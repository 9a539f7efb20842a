// RUN: pto-opt %s --split-input-file --pypto-materialize-dims --pypto-tensor-to-block="tile-rows=8" | FileCheck %s --check-prefix=BLOCK
// RUN: pto-opt %s --split-input-file --pypto-materialize-dims --pypto-tensor-to-block="tile-rows=8" --pypto-block-to-pto | FileCheck %s --check-prefix=PTO
// RUN: pto-opt %s --split-input-file --pypto-materialize-dims --pypto-tensor-to-block --pypto-block-to-pto --ptoas=enable-insert-sync=true --pto-verify-sync > /dev/null
// RUN: pto-opt %s --split-input-file --pypto-materialize-dims --pypto-tensor-to-block | FileCheck %s --check-prefix=AUTO
// A row count no block size divides runs in blocks plus one smaller block, against
// numpy (97 rows: 6 blocks of 16 and one of 1).
// RUN: %python -c "import numpy as n; x = n.random.default_rng(7).standard_normal((97, 1024)).astype(n.float32); n.save('%t.x.npy', x); n.save('%t.ref.npy', n.exp(x.astype(n.float64)).astype(n.float32))"
// RUN: pto-run %s -e prime_rows --arg %t.x.npy --expect 0=%t.ref.npy --rtol 1e-5 --atol 1e-6
// RUN: pto-run --interpret %s -e prime_rows --arg %t.x.npy --expect 0=%t.ref.npy --rtol 1e-5 --atol 1e-6

// A chain over a symbolic number of rows: `n` comes in a parameter
// (pypto-materialize-dims); the loop covers the whole blocks of 8 rows, a second loop
// the n mod 8 rows left, one at a time. The [1, 64] operand is the same row in both.

// AUTO-LABEL: func.func @scale_rows(
// BLOCK-LABEL: func.func @scale_rows(
// BLOCK-SAME: %[[X:[^:]*]]: !pypto.tensor<[n, 64], f32>, %[[G:[^:]*]]: !pypto.tensor<[1, 64], f32>, %[[N:[^:]*]]: i64 {pypto.dim = "n"}) -> !pypto.tensor<[n, 64], f32>
// BLOCK:      %[[OUT:.*]] = pypto.tensor.create[%[[N]], %{{.*}}] {dtype = f32} : (i64, i64) -> !pypto.tensor<[n, 64], f32>
// BLOCK:      %[[EIGHT:.*]] = pypto.const 8 : i64
// BLOCK:      %[[WHOLE:.*]] = pypto.floordiv %[[N]], %[[EIGHT]] : i64
// BLOCK:      %[[R1:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[WHOLE]] step %{{.*}} iter_args(%[[A1:.*]] = %[[OUT]]) -> (!pypto.tensor<[n, 64], f32>)
// BLOCK:        pypto.block.load %[[X]], {{.*}} -> !pypto.tile<[8, 64], f32>
// BLOCK:        pypto.block.load %[[G]], {{.*}} -> !pypto.tile<[1, 64], f32>
// BLOCK:        pypto.block.mul {{.*}} -> !pypto.tile<[8, 64], f32>
// BLOCK:        pypto.block.store {{.*}}, %[[A1]] : {{.*}} -> !pypto.tensor<[n, 64], f32>
// BLOCK:      %[[START:.*]] = pypto.mul %[[WHOLE]], %[[EIGHT]] : i64
// BLOCK:      %[[R2:.*]] = scf.for %[[R:.*]] = %[[START]] to %[[N]] step %{{.*}} iter_args(%[[A2:.*]] = %[[R1]]) -> (!pypto.tensor<[n, 64], f32>)
// BLOCK:        pypto.block.load %[[X]], %[[R]], {{.*}} -> !pypto.tile<[1, 64], f32>
// BLOCK:        pypto.block.mul {{.*}} -> !pypto.tile<[1, 64], f32>
// BLOCK:        pypto.block.store {{.*}}, %[[A2]] : {{.*}} -> !pypto.tensor<[n, 64], f32>
// BLOCK:      return %[[R2]]

// The tensor views take the rows from the parameter; the result's buffer is
// appended, as for static shapes.
// PTO-LABEL: func.func @scale_rows(
// PTO-SAME: %[[X:[^:]*]]: !pto.ptr<f32>, %[[G:[^:]*]]: !pto.ptr<f32>, %[[N:[^:]*]]: i64 {pypto.dim = "n"}, %[[Y:[^:]*]]: !pto.ptr<f32>) attributes {pypto.result_args = [3]}
// PTO:      %[[ROWS:.*]] = arith.index_cast %[[N]] : i64 to index
// PTO-DAG:  pto.make_tensor_view %[[X]], shape = [%[[ROWS]], %{{.*}}]
// PTO-DAG:  pto.make_tensor_view %[[Y]], shape = [%[[ROWS]], %{{.*}}]
// PTO:      scf.for
// PTO:        pto.tcolexpandmul {{.*}} !pto.tile_buf<vec, 8x64xf32>
// PTO:      scf.for
// PTO:        pto.tmul {{.*}} !pto.tile_buf<vec, 1x64xf32>
func.func @scale_rows(%x: !pypto.tensor<[n, 64], f32>, %g: !pypto.tensor<[1, 64], f32>) -> !pypto.tensor<[n, 64], f32> {
  %e = pypto.tensor.exp %x : (!pypto.tensor<[n, 64], f32>) -> !pypto.tensor<[n, 64], f32>
  %y = pypto.tensor.mul %e, %g : (!pypto.tensor<[n, 64], f32>, !pypto.tensor<[1, 64], f32>) -> !pypto.tensor<[n, 64], f32>
  return %y : !pypto.tensor<[n, 64], f32>
}

// -----

// Static rows that tile-rows=8 does not divide: one block of 8, then one of 4.
// BLOCK-LABEL: func.func @twelve_rows(
// BLOCK: %[[R1:.*]] = scf.for {{.*}} -> (!pypto.tensor<[12, 64], f32>)
// BLOCK:   pypto.block.load {{.*}} -> !pypto.tile<[8, 64], f32>
// BLOCK:   scf.yield
// BLOCK: %[[AT:.*]] = pypto.const 8 : i64
// BLOCK: pypto.block.load %{{.*}}, %[[AT]], {{.*}} -> !pypto.tile<[4, 64], f32>
// BLOCK: pypto.block.exp {{.*}} -> !pypto.tile<[4, 64], f32>
// BLOCK: %[[R2:.*]] = pypto.block.store {{.*}}, %[[R1]] : {{.*}} -> !pypto.tensor<[12, 64], f32>
// BLOCK: return %[[R2]]
func.func @twelve_rows(%x: !pypto.tensor<[12, 64], f32>) -> !pypto.tensor<[12, 64], f32> {
  %e = pypto.tensor.exp %x : (!pypto.tensor<[12, 64], f32>) -> !pypto.tensor<[12, 64], f32>
  return %e : !pypto.tensor<[12, 64], f32>
}

// -----

// 97 rows (prime) of 1024: 21 rows fit UB, no divisor but 1 is near that, so blocks
// of 16 and a block of the 1 row left.
// AUTO-LABEL: func.func @prime_rows(
// AUTO: scf.for {{.*}} -> (!pypto.tensor<[97, 1024], f32>)
// AUTO:   pypto.block.load {{.*}} -> !pypto.tile<[16, 1024], f32>
// AUTO: pypto.block.load {{.*}} -> !pypto.tile<[1, 1024], f32>
func.func @prime_rows(%x: !pypto.tensor<[97, 1024], f32>) -> !pypto.tensor<[97, 1024], f32> {
  %e = pypto.tensor.exp %x : (!pypto.tensor<[97, 1024], f32>) -> !pypto.tensor<[97, 1024], f32>
  return %e : !pypto.tensor<[97, 1024], f32>
}
