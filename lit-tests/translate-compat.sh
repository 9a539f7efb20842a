#!/usr/bin/env bash
# Translates an llvm dialect file to LLVM IR with pto-translate and with mlir-translate
# (the oracle) and fails with a diff if they differ.
#   translate-compat.sh FILE         the LLVM IR must be the same text
#   translate-compat.sh --O2 FILE    the same after `opt -O2` on both (for inputs with
#                                    nested extractvalue/insertvalue positions, which the
#                                    LLVM C API builds as chains of single-index ops)
set -euo pipefail
mode=exact
if [ "$1" = "--O2" ]; then
  mode=O2
  shift
fi
input="$1"
ours=$(mktemp)
theirs=$(mktemp)
trap 'rm -f "$ours" "$theirs"' EXIT
pto-translate --mlir-to-llvmir "$input" > "$ours"
mlir-translate --mlir-to-llvmir "$input" > "$theirs"
opt -S -passes=verify "$ours" -o /dev/null
if [ "$mode" = O2 ]; then
  opt -S -O2 < "$ours" > "$ours.O2"
  opt -S -O2 < "$theirs" > "$theirs.O2"
  mv "$ours.O2" "$ours"
  mv "$theirs.O2" "$theirs"
fi
diff -u "$theirs" "$ours"
