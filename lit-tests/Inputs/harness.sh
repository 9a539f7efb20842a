# Shared by the lit comparison scripts (compat.sh, roundtrip.sh, dump-compat.sh).
# The sourcing script sets `name` and passes its arguments: `harness_start "$@"` checks
# the usage, sets `file` (the first argument; `args` holds the rest), the tool paths and
# a temporary directory removed on exit. `run` and `compare` report with `name`.

harness_start() {
  if [ $# -lt 1 ]; then
    echo "usage: $name.sh <file> [flags...]" >&2
    exit 2
  fi
  file=$1
  shift
  args=("$@")
  PTO_OPT=${PTO_OPT:-pto-opt}
  MLIR_OPT=${MLIR_OPT:-mlir-opt}
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/pto-$name.XXXXXX") || exit 2
  trap 'rm -rf "$tmp"' EXIT
  status=0
}

run() { # run <out> <command...>: the command must succeed; its stdout goes to <out>
  local out=$1
  shift
  if ! "$@" >"$out" 2>"$tmp/stderr"; then
    echo "$name: command failed: $*" >&2
    cat "$tmp/stderr" >&2
    exit 1
  fi
}

compare() { # compare <what> <expected> <actual>: a diff and status=1 on mismatch
  if ! cmp -s "$2" "$3"; then
    echo "$name: $1 mismatch for $file" >&2
    diff -u "$2" "$3" >&2
    status=1
  fi
}

# mlir_flags <flags...>: sets `mlir_args` to the flags for mlir-opt. A pass mlir-opt
# registers under another name is renamed: MLIR 22 has math-polynomial-approximation
# only as its test pass test-math-polynomial-approximation.
mlir_flags() {
  mlir_args=()
  local a
  for a in "$@"; do
    case "$a" in
      --math-polynomial-approximation*) a="--test-${a#--}" ;;
    esac
    mlir_args+=("$a")
  done
}
