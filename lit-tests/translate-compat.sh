#!/usr/bin/env bash
# Translates an llvm dialect file to LLVM IR with pto-translate and with mlir-translate
# (the oracle) and fails with a diff if they differ.
#   translate-compat.sh FILE [FLAGS...]        the LLVM IR must be the same text (FLAGS,
#                                              e.g. --split-input-file, go to both tools)
#   translate-compat.sh --O2 FILE [FLAGS...]   the same after `opt -O2` on both
set -euo pipefail
mode=exact
if [ "$1" = "--O2" ]; then
  mode=O2
  shift
fi
input="$1"
shift
ours=$(mktemp)
theirs=$(mktemp)
trap 'rm -f "$ours" "$theirs"' EXIT
pto-translate --mlir-to-llvmir "$input" "$@" > "$ours"
mlir-translate --mlir-to-llvmir "$input" "$@" > "$theirs"
# One module per file (split outputs hold several).
if [ $# -eq 0 ]; then
  opt -S -passes=verify "$ours" -o /dev/null
fi
if [ "$mode" = O2 ]; then
  opt -S -O2 < "$ours" > "$ours.O2"
  opt -S -O2 < "$theirs" > "$theirs.O2"
  mv "$ours.O2" "$ours"
  mv "$theirs.O2" "$theirs"
fi
diff -u "$theirs" "$ours"
