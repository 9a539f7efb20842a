#!/usr/bin/env bash
# Usage: roundtrip.sh <file> [extra pto-opt flags...]
#
# Checks that pto-opt's custom and generic printings of <file> agree:
#   custom  = pto-opt FLAGS file
#   generic = pto-opt FLAGS --mlir-print-op-generic file
#   1. pto-opt FLAGS generic                          == custom   (generic -> custom)
#   2. pto-opt FLAGS custom                           == custom   (custom is a fixed point)
#   3. pto-opt FLAGS --mlir-print-op-generic generic  == generic  (generic is a fixed point)
# Flags such as --split-input-file are passed to every invocation; the output split
# markers of the first print are the input split markers of the re-parse.
# Exits non-zero with a diff on any mismatch.
set -u
name=roundtrip
source "$(dirname "$0")/Inputs/harness.sh"
harness_start "$@"
set -- "${args[@]}"
run "$tmp/custom.mlir" "$PTO_OPT" "$@" "$file"
run "$tmp/generic.mlir" "$PTO_OPT" "$@" --mlir-print-op-generic "$file"
run "$tmp/generic-to-custom.mlir" "$PTO_OPT" "$@" "$tmp/generic.mlir"
run "$tmp/custom-again.mlir" "$PTO_OPT" "$@" "$tmp/custom.mlir"
run "$tmp/generic-again.mlir" "$PTO_OPT" "$@" --mlir-print-op-generic "$tmp/generic.mlir"

compare "generic -> custom" "$tmp/custom.mlir" "$tmp/generic-to-custom.mlir"
compare "custom idempotence" "$tmp/custom.mlir" "$tmp/custom-again.mlir"
compare "generic idempotence" "$tmp/generic.mlir" "$tmp/generic-again.mlir"
exit $status
