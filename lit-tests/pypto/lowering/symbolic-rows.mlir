// RUN: pto-opt %s --pypto-materialize-dims --pypto-tensor-to-block="tile-rows=8" | FileCheck %s --check-prefix=BLOCK
// RUN: pto-opt %s --pypto-materialize-dims --pypto-tensor-to-block="tile-rows=8" --pypto-block-to-pto | FileCheck %s --check-prefix=PTO
// RUN: pto-opt %s --pypto-materialize-dims --pypto-tensor-to-block --pypto-block-to-pto --ptoas=enable-insert-sync=true --pto-verify-sync > /dev/null

// A chain over a symbolic number of rows: `n` comes in a parameter
// (pypto-materialize-dims); the loop covers the whole blocks of 8 rows, a second loop
// the n mod 8 rows left, one at a time. The [1, 64] operand is the same row in both.

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
