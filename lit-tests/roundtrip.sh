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
if [ $# -lt 1 ]; then
  echo "usage: $0 <file> [pto-opt flags...]" >&2
  exit 2
fi
file=$1
shift
PTO_OPT=${PTO_OPT:-pto-opt}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pto-roundtrip.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

run() { # run <out> <args...>
  local out=$1
  shift
  if ! "$PTO_OPT" "$@" >"$out" 2>"$tmp/stderr"; then
    echo "roundtrip: command failed: $PTO_OPT $*" >&2
    cat "$tmp/stderr" >&2
    exit 1
  fi
}

compare() { # compare <what> <expected> <actual>
  if ! cmp -s "$2" "$3"; then
    echo "roundtrip: $1 mismatch for $file" >&2
    diff -u "$2" "$3" >&2
    status=1
  fi
}

status=0
run "$tmp/custom.mlir" "$@" "$file"
run "$tmp/generic.mlir" "$@" --mlir-print-op-generic "$file"
run "$tmp/generic-to-custom.mlir" "$@" "$tmp/generic.mlir"
run "$tmp/custom-again.mlir" "$@" "$tmp/custom.mlir"
run "$tmp/generic-again.mlir" "$@" --mlir-print-op-generic "$tmp/generic.mlir"

compare "generic -> custom" "$tmp/custom.mlir" "$tmp/generic-to-custom.mlir"
compare "custom idempotence" "$tmp/custom.mlir" "$tmp/custom-again.mlir"
compare "generic idempotence" "$tmp/generic.mlir" "$tmp/generic-again.mlir"
exit $status
