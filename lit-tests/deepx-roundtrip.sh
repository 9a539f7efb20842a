#!/usr/bin/env bash
# DeepX's import -> export -> import check: a .dx file is imported, exported in the
# seed's form and imported again. The two imports must print the same MLIR (without
# locations), and exporting the second must give back the first export (export is a
# fixed point; names survive).
#   deepx-roundtrip.sh FILE.dx
set -euo pipefail
in="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
pto-translate --import-deepx "$in" --mlir-print-debuginfo > "$tmp/a.mlir"
pto-translate --export-deepx "$tmp/a.mlir" > "$tmp/a.dx"
pto-translate --import-deepx "$tmp/a.dx" --mlir-print-debuginfo > "$tmp/b.mlir"
pto-translate --export-deepx "$tmp/b.mlir" > "$tmp/b.dx"
pto-opt "$tmp/a.mlir" > "$tmp/a.plain.mlir"
pto-opt "$tmp/b.mlir" > "$tmp/b.plain.mlir"
diff -u "$tmp/a.plain.mlir" "$tmp/b.plain.mlir"
diff -u "$tmp/a.dx" "$tmp/b.dx"
