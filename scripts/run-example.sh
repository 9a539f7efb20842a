#!/usr/bin/env bash
# Sets up a fresh machine, builds pto-opt, and runs it on the shipped example: parse,
# verify, print in custom and generic form, and check that real MLIR accepts the result;
# then compile and run a tiled PTO GEMM kernel on the CPU and check it against numpy;
# then compile a PyPTO program from its Python form (an Orchestration function calling
# matmul and softmax kernels) to native code and run it against numpy.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cargo build --release --bins
ex=examples/kernel.mlir
echo "== pto-opt $ex" >&2
target/release/pto-opt --allow-unregistered-dialect "$ex"
echo "== generic form, checked by mlir-opt" >&2
target/release/pto-opt --allow-unregistered-dialect --mlir-print-op-generic "$ex" \
  | /usr/lib/llvm-22/bin/mlir-opt --allow-unregistered-dialect >/dev/null
echo "ok: mlir-opt accepts pto-opt's output" >&2
k=lit-tests/pto/gemm.pto
in=lit-tests/pto/Inputs
echo "== $k: ptoas (plan memory, insert sync), verify sync, lower to loops and LLVM, JIT-run" >&2
target/release/pto-opt "$k" --ptoas=enable-insert-sync=true --pto-verify-sync \
  | target/release/pto-run - -e gemm --arg $in/gemm_a.npy --arg $in/gemm_b.npy \
      --arg $in/gemm_c0.npy --expect-arg 2=$in/gemm_ref.npy --rtol 1e-5 --atol 1e-5
echo "ok: the GEMM kernel matches numpy" >&2
ex=examples/pypto/orchestration.py
d=examples/pypto/data
echo "== $ex: import the Python form, lower tensor -> tile -> pto -> loops -> LLVM, JIT-run" >&2
target/release/pto-translate --import-pypto "$ex" \
  | target/release/pto-run - -e mlp --arg $d/mlp_x.npy --arg $d/mlp_w1.npy --arg $d/mlp_w2.npy \
      --expect 0=$d/mlp_ref.npy --rtol 1e-4 --atol 1e-5 --out /tmp/pto-mlir-mlp.npy
echo "ok: the PyPTO program matches numpy (result in /tmp/pto-mlir-mlp.npy)" >&2
