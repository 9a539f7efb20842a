#!/usr/bin/env bash
# Usage: compat.sh <file> [extra flags...]
#
# Cross-checks pto-opt against the reference mlir-opt (both run with
# --allow-unregistered-dialect and the extra flags, renamed for mlir-opt where it
# knows a pass by another name, see mlir_flags in Inputs/harness.sh):
#   0. both tools print <file> identically (custom form and generic form);
#   a. pto-opt's generic output parses in mlir-opt, and mlir-opt re-prints it exactly
#      as pto-opt printed <file>, in custom and in generic form;
#   b. mlir-opt's generic output parses in pto-opt, and pto-opt re-prints it exactly
#      as mlir-opt printed <file>, in custom and in generic form.
# Exits non-zero with a diff on any mismatch.
set -u
name=compat
source "$(dirname "$0")/Inputs/harness.sh"
harness_start "$@"
set -- "${args[@]}"
mlir_flags "$@"
U=--allow-unregistered-dialect
G=--mlir-print-op-generic
run "$tmp/pto.custom" "$PTO_OPT" $U "$@" "$file"
run "$tmp/pto.generic" "$PTO_OPT" $U $G "$@" "$file"
run "$tmp/mlir.custom" "$MLIR_OPT" $U "${mlir_args[@]}" "$file"
run "$tmp/mlir.generic" "$MLIR_OPT" $U $G "${mlir_args[@]}" "$file"

# 0. Same input, same output.
compare "custom print (mlir-opt vs pto-opt)" "$tmp/mlir.custom" "$tmp/pto.custom"
compare "generic print (mlir-opt vs pto-opt)" "$tmp/mlir.generic" "$tmp/pto.generic"

# a. pto-opt generic -> mlir-opt.
run "$tmp/a.custom" "$MLIR_OPT" $U "${mlir_args[@]}" "$tmp/pto.generic"
run "$tmp/a.generic" "$MLIR_OPT" $U $G "${mlir_args[@]}" "$tmp/pto.generic"
compare "pto generic -> mlir-opt custom" "$tmp/pto.custom" "$tmp/a.custom"
compare "pto generic -> mlir-opt generic" "$tmp/pto.generic" "$tmp/a.generic"

# b. mlir-opt generic -> pto-opt.
run "$tmp/b.custom" "$PTO_OPT" $U "$@" "$tmp/mlir.generic"
run "$tmp/b.generic" "$PTO_OPT" $U $G "$@" "$tmp/mlir.generic"
compare "mlir generic -> pto-opt custom" "$tmp/mlir.custom" "$tmp/b.custom"
compare "mlir generic -> pto-opt generic" "$tmp/mlir.generic" "$tmp/b.generic"
exit $status
