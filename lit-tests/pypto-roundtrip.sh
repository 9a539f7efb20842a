#!/usr/bin/env bash
# PyPTO's print -> parse -> equal check (PyPTO runs it after every pass): a Python
# program is imported, exported and imported again. The two imports must print the same
# MLIR (without locations: equal up to variable names and spans), and exporting the
# second import must give back the first export (names survive).
#   pypto-roundtrip.sh FILE.py [pto-translate args...]
set -euo pipefail
in="$1"
shift
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
pto-translate --import-pypto "$in" "$@" > "$tmp/a.mlir"
pto-translate --import-pypto "$in" --mlir-print-debuginfo "$@" | pto-translate --export-pypto > "$tmp/a.py"
pto-translate --import-pypto "$tmp/a.py" "$@" > "$tmp/b.mlir"
pto-translate --import-pypto "$tmp/a.py" --mlir-print-debuginfo "$@" | pto-translate --export-pypto > "$tmp/b.py"
diff -u "$tmp/a.mlir" "$tmp/b.mlir"
diff -u "$tmp/a.py" "$tmp/b.py"
