// The PyPTO examples (examples/pypto/*.py) compiled from Python and run on the CPU
// through pto-run (its default lowering includes pypto-tensor-to-block and
// pypto-block-to-pto), checked against numpy (scripts/gen_pypto_data.py; float32
// data, float64 references): elementwise and softmax to 1e-5 relative, layer norm and
// the matmuls to 1e-4 (sums of 256 products); clamps and casts exactly (float32
// references: one rounding each).
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/elementwise.py | pto-run - -e elementwise --arg %S/../../../examples/pypto/data/elementwise_a.npy --arg %S/../../../examples/pypto/data/elementwise_b.npy --expect 0=%S/../../../examples/pypto/data/elementwise_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.ew.npy
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/softmax.py | pto-run - -e softmax --arg %S/../../../examples/pypto/data/softmax_x.npy --expect 0=%S/../../../examples/pypto/data/softmax_ref.npy --rtol 1e-5 --atol 1e-7 --out %t.sm.npy
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/layernorm.py | pto-run - -e layernorm --arg %S/../../../examples/pypto/data/layernorm_x.npy --expect 0=%S/../../../examples/pypto/data/layernorm_ref.npy --rtol 1e-4 --atol 1e-5 --out %t.ln.npy
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/matmul.py | pto-run - -e matmul --arg %S/../../../examples/pypto/data/matmul_a.npy --arg %S/../../../examples/pypto/data/matmul_b.npy --expect 0=%S/../../../examples/pypto/data/matmul_ref.npy --rtol 1e-4 --atol 1e-4 --out %t.mm.npy
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/loop.py | pto-run - -e relax --arg %S/../../../examples/pypto/data/loop_x.npy --arg 5 --expect 0=%S/../../../examples/pypto/data/loop_ref.npy --rtol 1e-5 --atol 1e-6 --out %t.loop.npy
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/orchestration.py | pto-run - -e mlp --arg %S/../../../examples/pypto/data/mlp_x.npy --arg %S/../../../examples/pypto/data/mlp_w1.npy --arg %S/../../../examples/pypto/data/mlp_w2.npy --expect 0=%S/../../../examples/pypto/data/mlp_ref.npy --rtol 1e-4 --atol 1e-5 --out %t.mlp.npy
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/reassign.py | pto-run - -e reassign --arg %S/../../../examples/pypto/data/loop_x.npy --expect 0=%S/../../../examples/pypto/data/reassign_ref.npy --rtol 1e-6 --atol 1e-6 --out %t.re.npy
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/window.py | pto-run - -e window --arg %S/../../../examples/pypto/data/window_x.npy --arg %S/../../../examples/pypto/data/window_y.npy --arg %S/../../../examples/pypto/data/window_w.npy --expect 0=%S/../../../examples/pypto/data/window_ref.npy --rtol 1e-4 --atol 1e-5 --out %t.win.npy
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/clamp_cast.py | pto-run - -e clamp_half --arg %S/../../../examples/pypto/data/clamp_x.npy --arg %S/../../../examples/pypto/data/clamp_lo.npy --arg %S/../../../examples/pypto/data/clamp_hi.npy --expect 0=%S/../../../examples/pypto/data/clamp_ref.npy --rtol 0 --atol 0
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/clamp_cast.py | pto-run - -e quantize --arg %S/../../../examples/pypto/data/clamp_x.npy --expect 0=%S/../../../examples/pypto/data/quantize_ref.npy --rtol 0 --atol 0
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/linear.py | pto-run - -e linear --arg %S/../../../examples/pypto/data/linear_x.npy --arg %S/../../../examples/pypto/data/linear_w.npy --arg %S/../../../examples/pypto/data/linear_b.npy --arg %S/../../../examples/pypto/data/linear_s.npy --expect 0=%S/../../../examples/pypto/data/linear_ref.npy --rtol 1e-4 --atol 1e-5
// Interpreted (the same lowering to loops over byte arenas, exact math): the same results.
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/softmax.py | pto-run --interpret - -e softmax --arg %S/../../../examples/pypto/data/softmax_x.npy --expect 0=%S/../../../examples/pypto/data/softmax_ref.npy --rtol 1e-5 --atol 1e-7
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/orchestration.py | pto-run --interpret - -e mlp --arg %S/../../../examples/pypto/data/mlp_x.npy --arg %S/../../../examples/pypto/data/mlp_w1.npy --arg %S/../../../examples/pypto/data/mlp_w2.npy --expect 0=%S/../../../examples/pypto/data/mlp_ref.npy --rtol 1e-4 --atol 1e-5
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/window.py | pto-run --interpret - -e window --arg %S/../../../examples/pypto/data/window_x.npy --arg %S/../../../examples/pypto/data/window_y.npy --arg %S/../../../examples/pypto/data/window_w.npy --expect 0=%S/../../../examples/pypto/data/window_ref.npy --rtol 1e-4 --atol 1e-5
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/clamp_cast.py | pto-run --interpret - -e clamp_half --arg %S/../../../examples/pypto/data/clamp_x.npy --arg %S/../../../examples/pypto/data/clamp_lo.npy --arg %S/../../../examples/pypto/data/clamp_hi.npy --expect 0=%S/../../../examples/pypto/data/clamp_ref.npy --rtol 0 --atol 0
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/linear.py | pto-run --interpret - -e linear --arg %S/../../../examples/pypto/data/linear_x.npy --arg %S/../../../examples/pypto/data/linear_w.npy --arg %S/../../../examples/pypto/data/linear_b.npy --arg %S/../../../examples/pypto/data/linear_s.npy --expect 0=%S/../../../examples/pypto/data/linear_ref.npy --rtol 1e-4 --atol 1e-5
// The named pipeline gives LLVM IR, through PTOAS's pipeline with synchronisation.
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/orchestration.py | pto-opt --pypto-to-llvm | pto-translate --mlir-to-llvmir | FileCheck %s
// CHECK-DAG: define void @mlp(
// CHECK-DAG: define void @project(
// CHECK-DAG: call void @softmax(
// The vector width reaches the matmul kernel: 8 lanes by default, 16 with vector-bits=512.
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/matmul.py | pto-opt --pypto-to-llvm | pto-translate --mlir-to-llvmir | FileCheck %s --check-prefix=W256
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/matmul.py | pto-opt --pypto-to-llvm=vector-bits=512 | pto-translate --mlir-to-llvmir | FileCheck %s --check-prefix=W512
// W256: call <8 x float> @llvm.fmuladd.v8f32(
// W512: call <16 x float> @llvm.fmuladd.v16f32(
// A wrong input shape is an error naming the parameter's type; nothing is written.
// RUN: rm -f %t.bad.npy
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/softmax.py | not pto-run - -e softmax --arg %S/../../../examples/pypto/data/matmul_b.npy --out %t.bad.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not test -e %t.bad.npy
// SHAPE: argument 0: {{.*}}matmul_b.npy has shape [256, 64], !pypto.tensor<[64, 256], f32> expected
