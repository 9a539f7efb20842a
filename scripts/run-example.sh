#!/usr/bin/env bash
# Sets up a fresh machine, builds pto-opt, and runs it on the shipped example: parse,
# verify, print in custom and generic form, and check that real MLIR accepts the result.
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
