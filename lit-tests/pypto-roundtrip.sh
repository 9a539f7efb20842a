#!/usr/bin/env bash
# PyPTO's print -> parse -> equal check (PyPTO runs it after every pass): a Python
# program is imported (and, with --opt=FLAGS, run through pto-opt FLAGS), exported and
# imported again. The two imports must be structurally equal (pypto-structural-equal:
# names and spans ignored) and print the same MLIR without locations, and exporting
# the second import must give back the first export (names survive).
#   pypto-roundtrip.sh FILE.py [--opt=PTO_OPT_FLAGS] [pto-translate args...]
set -euo pipefail
in="$1"
shift
opt=()
if [[ "${1:-}" == --opt=* ]]; then
  read -r -a opt <<< "${1#--opt=}"
  shift
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
pto-translate --import-pypto "$in" --mlir-print-debuginfo "$@" > "$tmp/a0.mlir"
if ((${#opt[@]})); then
  pto-opt "$tmp/a0.mlir" "${opt[@]}" --mlir-print-debuginfo > "$tmp/a.mlir"
else
  cp "$tmp/a0.mlir" "$tmp/a.mlir"
fi
pto-translate --export-pypto "$tmp/a.mlir" > "$tmp/a.py"
pto-translate --import-pypto "$tmp/a.py" --mlir-print-debuginfo "$@" > "$tmp/b.mlir"
pto-translate --export-pypto "$tmp/b.mlir" > "$tmp/b.py"
pto-opt "$tmp/a.mlir" --pypto-structural-equal="file=$tmp/b.mlir" > "$tmp/a.plain.mlir"
pto-opt "$tmp/b.mlir" > "$tmp/b.plain.mlir"
diff -u "$tmp/a.plain.mlir" "$tmp/b.plain.mlir"
diff -u "$tmp/a.py" "$tmp/b.py"
