#!/usr/bin/env bash
# Usage: dump-compat.sh <file> [flags...]
#
# Runs pto-opt and the reference mlir-opt on <file> with the same flags and checks that
# they exit alike and write the same stdout and the same stderr: for what the pass
# instrumentation writes (IR dumps, diagnostics of failing passes). mlir-opt runs with
# --mlir-disable-threading, which makes its stderr deterministic; pto-opt runs as asked,
# and must write the same with or without threads.
# Exits non-zero with a diff on any mismatch.
set -u
name=dump-compat
source "$(dirname "$0")/Inputs/harness.sh"
harness_start "$@"
set -- "${args[@]}"

"$PTO_OPT" "$file" "$@" >"$tmp/pto.out" 2>"$tmp/pto.err"
pto_status=$?
"$MLIR_OPT" "$file" "$@" --mlir-disable-threading >"$tmp/mlir.out" 2>"$tmp/mlir.err"
mlir_status=$?

if [ "$pto_status" != "$mlir_status" ]; then
  echo "dump-compat: exit status mlir-opt=$mlir_status pto-opt=$pto_status for $file" >&2
  status=1
fi
for s in out err; do
  if ! cmp -s "$tmp/mlir.$s" "$tmp/pto.$s"; then
    echo "dump-compat: std$s mismatch for $file (mlir-opt vs pto-opt)" >&2
    diff -u "$tmp/mlir.$s" "$tmp/pto.$s" >&2
    status=1
  fi
done
exit $status
