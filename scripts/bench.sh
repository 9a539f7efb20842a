#!/usr/bin/env bash
# Benchmarks: parse + verify + print (generic -> generic) of a ~1M-op module,
# pto-opt versus the real mlir-opt; `--canonicalize --cse` end to end on the same module
# (pto-opt serial and parallel, mlir-opt serial and parallel); and compilation of the lit-tests/run kernels to
# machine code (parse, lower-to-llvm, JIT) with the JIT's call overhead
# (crates/pto-mlir/benches/compile.rs); PyPTO kernels (f32 matmul 1024^3, softmax and layer norm of
# 4096x1024) compiled by pto-mlir against numpy on one BLAS thread, and the compile time
# of examples/pypto/*.py from Python to machine code (crates/pto-mlir/benches/pypto.rs,
# scripts/bench_pypto_numpy.py). Rewrites BENCHMARKS.md at the repo root.
#
#   bash scripts/bench.sh                 # builds release, then measures
#   PTO_BENCH_NO_BUILD=1 bash scripts/bench.sh   # use the existing target/release/pto-opt
#
# Knobs (environment):
#   PTO_BENCH_NO_BUILD=1   skip `cargo build --release` of pto-opt (the compile benchmark
#                          is still built by `cargo bench --no-run`, a no-op when fresh)
#   PTO_BENCH_CARGO        the cargo command (default `cargo`; e.g. `flock LOCK cargo`)
#   PTO_BENCH_COMPILE_RUNS compilations per kernel, median reported (default 25)
#   PTO_BENCH_COMPILE=0    skip the compile benchmark (its section of the previous report
#                          is kept, marked as such)
#   PTO_BENCH_CC=0         skip the canonicalize + cse benchmark (its section of the
#                          previous report is kept, marked as such)
#   PTO_BENCH_PYPTO=0      skip the PyPTO benchmark (its two sections of the previous
#                          report are kept, marked as such)
#   PTO_BENCH_PYPTO_RUNS   compilations per PyPTO example, median reported (default 10)
#   PTO_BENCH_PYPTO_CALLS  calls per PyPTO kernel, for pto-mlir and numpy alike, after two
#                          warm-up calls; median reported (default 20)
#   PTO_BENCH_DEEPX=0      skip the DeepX benchmark (scripts/bench_deepx.py; its section of
#                          the previous report is kept, marked as such)
#   PTO_BENCH_DEEPX_CALLS  calls per DeepX function, pto-run and numpy alike (default 10)
#   PTO_BENCH_HARP=0       skip the Harp benchmark (scripts/bench_harp.py: Eclat kernels
#                          against numpy, arena planning on random graphs; its section of
#                          the previous report is kept)
#   PTO_BENCH_WSP=0        skip the PTO-WSP benchmark (scripts/bench_wsp.py: attention
#                          workload on 1 and 2 threads against numpy, the cost of a task;
#                          its section of the previous report is kept)
#   PTO_BENCH_CHECK=0      skip the cost of `pto-run --check` (scripts/bench_check.py; its
#                          section of the previous report is kept)
#   PTO_BENCH_N / _M       functions / arith ops per function (default 1000 / 1000)
#   PTO_BENCH_RUNS         runs per tool, median reported (default 5; mlir-opt and
#                          pto-opt alternate)
#   PTO_BENCH_OUT          work dir (default <repo>/bench-out, git-ignored)
#   PTO_BENCH_REPORT       report file (default <repo>/BENCHMARKS.md)
#   PTO_OPT / MLIR_OPT     binaries (default target/release/pto-opt, /usr/lib/llvm-22/bin/mlir-opt)
#
# Exit status: 0 when both tools ran and pto-opt's output parses back with
# mlir-opt; 1 otherwise (the report is still written, with the failure in it).
# The performance goals are reported, not enforced (a PyPTO kernel whose result is
# wrong is reported as such, not timed).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
N="${PTO_BENCH_N:-1000}"
M="${PTO_BENCH_M:-1000}"
RUNS="${PTO_BENCH_RUNS:-5}"
COMPILE_RUNS="${PTO_BENCH_COMPILE_RUNS:-25}"
PYPTO_RUNS="${PTO_BENCH_PYPTO_RUNS:-10}"
PYPTO_CALLS="${PTO_BENCH_PYPTO_CALLS:-20}"
PTO_BENCH_PYPTO="${PTO_BENCH_PYPTO:-1}"
PTO_BENCH_DEEPX="${PTO_BENCH_DEEPX:-1}"
PTO_BENCH_CHECK="${PTO_BENCH_CHECK:-1}"
DEEPX_CALLS="${PTO_BENCH_DEEPX_CALLS:-10}"
read -r -a CARGO_CMD <<< "${PTO_BENCH_CARGO:-cargo}"
OUT="${PTO_BENCH_OUT:-$ROOT/bench-out}"
REPORT="${PTO_BENCH_REPORT:-$ROOT/BENCHMARKS.md}"
PTO_OPT="${PTO_OPT:-$ROOT/target/release/pto-opt}"
if [ -z "${MLIR_OPT:-}" ]; then
  if [ -x /usr/lib/llvm-22/bin/mlir-opt ]; then MLIR_OPT=/usr/lib/llvm-22/bin/mlir-opt
  else MLIR_OPT="$(command -v mlir-opt || true)"; fi
fi
[ -n "$MLIR_OPT" ] && [ -x "$MLIR_OPT" ] || { echo "bench: mlir-opt not found (set MLIR_OPT)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "bench: python3 is required" >&2; exit 1; }
# The Python with numpy: apt's python3-numpy (scripts/setup.sh) is /usr/bin/python3's,
# and a python3 earlier on PATH (pyenv) may lack it.
PYTHON=python3
python3 -c 'import numpy' 2>/dev/null || { [ -x /usr/bin/python3 ] && PYTHON=/usr/bin/python3; }

if [ "${PTO_BENCH_NO_BUILD:-0}" != 1 ]; then
  echo "bench: cargo build --release" >&2
  (cd "$ROOT" && "${CARGO_CMD[@]}" build --release --bin pto-opt)
fi
[ -x "$PTO_OPT" ] || { echo "bench: $PTO_OPT missing (build it or unset PTO_BENCH_NO_BUILD)" >&2; exit 1; }

mkdir -p "$OUT"
INPUT="$OUT/bench_n${N}_m${M}.mlir"
GEN="$ROOT/scripts/gen_bench_module.py"
# The generator is deterministic: regenerate only when missing or the generator changed.
if [ ! -s "$INPUT" ] || [ "$GEN" -nt "$INPUT" ]; then
  echo "bench: generating $INPUT (N=$N, M=$M)" >&2
  python3 "$GEN" -n "$N" -m "$M" -o "$INPUT.tmp"
  mv -f "$INPUT.tmp" "$INPUT"
fi

# Runs one command, prints "<wall s> <peak RSS KiB> <user s> <sys s> <exit code>".
# Peak RSS comes from wait4() on that very child (same number /usr/bin/time %M shows);
# python3 is used instead of /usr/bin/time so the script works where time(1) is absent.
TIMER_PY='
import os, subprocess, sys, time
cmd, log = sys.argv[2:], sys.argv[1]
with open(log, "wb") as err:
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=err, stderr=err)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
p.returncode = 0  # reaped by wait4 already
code = os.waitstatus_to_exitcode(status)
print("%.3f %d %.3f %.3f %d" % (wall, ru.ru_maxrss, ru.ru_utime, ru.ru_stime, code))
'

# measure_once <name> <run number> <cmd...>: one run, appended to $OUT/<name>.runs, its
# stderr in $OUT/<name>.log
measure_once() {
  local name="$1" i="$2"; shift 2
  python3 -c "$TIMER_PY" "$OUT/$name.log" "$@" >> "$OUT/$name.runs"
  echo "bench: $name run $i: $(tail -n1 "$OUT/$name.runs")  (wall s, peak KiB, user s, sys s, exit)" >&2
}

# measure <name> <cmd...>: RUNS runs, results in $OUT/<name>.runs, stderr of the last run in $OUT/<name>.log
measure() {
  local name="$1"; shift
  : > "$OUT/$name.runs"
  local i
  for i in $(seq 1 "$RUNS"); do
    measure_once "$name" "$i" "$@"
  done
}

rm -f "$OUT"/pto.out.mlir "$OUT"/mlir.out.mlir "$OUT"/cc.*.mlir "$OUT"/*.runs "$OUT"/*.log
[ "${PTO_BENCH_COMPILE:-1}" = 0 ] || rm -f "$OUT"/compile.json
[ "$PTO_BENCH_PYPTO" = 0 ] || rm -f "$OUT"/pypto.json "$OUT"/pypto-numpy.json
# The two tools alternate run by run, so that a slow spell of the machine (a shared
# virtual machine's stolen time) weighs on both alike.
: > "$OUT/mlir.runs"; : > "$OUT/pto.runs"
for i in $(seq 1 "$RUNS"); do
  measure_once mlir "$i" "$MLIR_OPT" --allow-unregistered-dialect --mlir-print-op-generic "$INPUT" -o "$OUT/mlir.out.mlir"
  measure_once pto "$i" "$PTO_OPT" --allow-unregistered-dialect --mlir-print-op-generic "$INPUT" -o "$OUT/pto.out.mlir"
done

# Canonicalize + CSE end to end: both tools with and without threads.
CC=(--allow-unregistered-dialect --canonicalize --cse --mlir-print-op-generic)
if [ "${PTO_BENCH_CC:-1}" != 0 ]; then
  measure cc_mlir "$MLIR_OPT" "${CC[@]}" "$INPUT" -o "$OUT/cc.mlir.mlir"
  measure cc_mlir_serial "$MLIR_OPT" "${CC[@]}" --mlir-disable-threading "$INPUT" -o "$OUT/cc.mlir.serial.mlir"
  measure cc_pto "$PTO_OPT" "${CC[@]}" "$INPUT" -o "$OUT/cc.pto.mlir"
  measure cc_pto_serial "$PTO_OPT" "${CC[@]}" --mlir-disable-threading "$INPUT" -o "$OUT/cc.pto.serial.mlir"
fi
# pto-opt's canonicalized output must parse and verify with mlir-opt too.
CC_PARSEBACK=skipped
if [ -s "$OUT/cc.pto.mlir" ]; then
  if "$MLIR_OPT" --allow-unregistered-dialect "$OUT/cc.pto.mlir" -o /dev/null 2> "$OUT/cc.parseback.log"; then
    CC_PARSEBACK=ok
  else
    CC_PARSEBACK=failed
  fi
fi

# bench_bin NAME: builds the release bench binary NAME (crates/pto-mlir/benches/NAME.rs) and prints its
# path (cargo prints it); empty when it did not build (see $OUT/NAME-build.log).
bench_bin() {
  echo "bench: cargo bench --bench $1 --no-run" >&2
  (cd "$ROOT" && "${CARGO_CMD[@]}" bench --bench "$1" --no-run --message-format=json 2>"$OUT/$1-build.log" \
    | python3 -c 'import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("target", {}).get("name") == sys.argv[1] and m.get("executable"):
        print(m["executable"])' "$1") || true
}

# Compilation to machine code: the release bench binary.
COMPILE_BIN=""
if [ "${PTO_BENCH_COMPILE:-1}" != 0 ]; then
  COMPILE_BIN="$(bench_bin compile)"
fi
if [ "${PTO_BENCH_COMPILE:-1}" = 0 ]; then
  echo "bench: compile benchmark skipped (PTO_BENCH_COMPILE=0)" >&2
elif [ -n "$COMPILE_BIN" ] && [ -x "$COMPILE_BIN" ]; then
  echo "bench: $COMPILE_BIN --runs $COMPILE_RUNS" >&2
  "$COMPILE_BIN" --runs "$COMPILE_RUNS" > "$OUT/compile.json" 2> "$OUT/compile.log" || rm -f "$OUT/compile.json"
else
  echo "bench: the compile benchmark did not build (see $OUT/compile-build.log)" >&2
fi

# PyPTO: pto-mlir's kernels and compile times (crates/pto-mlir/benches/pypto.rs; its JSON is kept when a
# result check fails, exit 1, so that the report shows the failure), then numpy's.
if [ "$PTO_BENCH_PYPTO" = 0 ]; then
  echo "bench: PyPTO benchmark skipped (PTO_BENCH_PYPTO=0)" >&2
else
  PYPTO_BIN="$(bench_bin pypto)"
  if [ -n "$PYPTO_BIN" ] && [ -x "$PYPTO_BIN" ]; then
    echo "bench: $PYPTO_BIN --runs $PYPTO_RUNS --calls $PYPTO_CALLS" >&2
    "$PYPTO_BIN" --runs "$PYPTO_RUNS" --calls "$PYPTO_CALLS" > "$OUT/pypto.json" 2> "$OUT/pypto.log" \
      || echo "bench: the PyPTO benchmark failed (see $OUT/pypto.log)" >&2
    python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$OUT/pypto.json" 2>/dev/null || rm -f "$OUT/pypto.json"
  else
    echo "bench: the PyPTO benchmark did not build (see $OUT/pypto-build.log)" >&2
  fi
  echo "bench: scripts/bench_pypto_numpy.py --calls $PYPTO_CALLS" >&2
  "$PYTHON" "$ROOT/scripts/bench_pypto_numpy.py" --calls "$PYPTO_CALLS" > "$OUT/pypto-numpy.json" 2> "$OUT/pypto-numpy.log" \
    || { echo "bench: the numpy side failed (see $OUT/pypto-numpy.log)" >&2; rm -f "$OUT/pypto-numpy.json"; }
fi

# DeepX: the seed's fused functions run by pto-run against numpy (scripts/bench_deepx.py).
if [ "$PTO_BENCH_DEEPX" = 0 ]; then
  echo "bench: DeepX benchmark skipped (PTO_BENCH_DEEPX=0)" >&2
else
  rm -f "$OUT/deepx.json"
  echo "bench: scripts/bench_deepx.py --calls $DEEPX_CALLS" >&2
  "$PYTHON" "$ROOT/scripts/bench_deepx.py" --pto-run "$ROOT/target/release/pto-run" --calls "$DEEPX_CALLS" \
    --out "$OUT/deepx" > "$OUT/deepx.json" 2> "$OUT/deepx.log" \
    || { echo "bench: the DeepX benchmark failed (see $OUT/deepx.log)" >&2; rm -f "$OUT/deepx.json"; }
fi

# Harp: Eclat kernels against numpy, and arena planning on random graphs
# (scripts/bench_harp.py).
if [ "${PTO_BENCH_HARP:-1}" = 0 ]; then
  echo "bench: Harp benchmark skipped (PTO_BENCH_HARP=0)" >&2
else
  rm -f "$OUT/harp.json"
  echo "bench: scripts/bench_harp.py" >&2
  "$PYTHON" "$ROOT/scripts/bench_harp.py" --pto-run "$ROOT/target/release/pto-run" \
    --pto-opt "$ROOT/target/release/pto-opt" --pto-translate "$ROOT/target/release/pto-translate" \
    --calls 10 --graphs 120 --out "$OUT/harp" > "$OUT/harp.json" 2> "$OUT/harp.log" \
    || { echo "bench: the Harp benchmark failed (see $OUT/harp.log)" >&2; rm -f "$OUT/harp.json"; }
fi

# PTO-WSP: the attention workload on one and two threads against numpy, the cost of a
# task (scripts/bench_wsp.py).
if [ "${PTO_BENCH_WSP:-1}" = 0 ]; then
  echo "bench: PTO-WSP benchmark skipped (PTO_BENCH_WSP=0)" >&2
else
  rm -f "$OUT/wsp.json"
  echo "bench: scripts/bench_wsp.py" >&2
  "$PYTHON" "$ROOT/scripts/bench_wsp.py" --pto-run "$ROOT/target/release/pto-run" \
    --calls 10 --rounds 5 --out "$OUT/wsp" > "$OUT/wsp.json" 2> "$OUT/wsp.log" \
    || { echo "bench: the PTO-WSP benchmark failed (see $OUT/wsp.log)" >&2; rm -f "$OUT/wsp.json"; }
fi

# The cost of pto-run --check: the same kernels with and without it (scripts/bench_check.py).
if [ "${PTO_BENCH_CHECK:-1}" = 0 ]; then
  echo "bench: --check benchmark skipped (PTO_BENCH_CHECK=0)" >&2
else
  rm -f "$OUT/check.json"
  echo "bench: scripts/bench_check.py" >&2
  "$PYTHON" "$ROOT/scripts/bench_check.py" --pto-run "$ROOT/target/release/pto-run" --calls 50 --runs 5 \
    --out "$OUT/check" > "$OUT/check.json" 2> "$OUT/check.log" \
    || { echo "bench: the --check benchmark failed (see $OUT/check.log)" >&2; rm -f "$OUT/check.json"; }
fi

# Correctness: pto-opt's output must parse (and verify) with mlir-opt.
PARSEBACK=skipped
if [ -s "$OUT/pto.out.mlir" ]; then
  if "$MLIR_OPT" --allow-unregistered-dialect "$OUT/pto.out.mlir" -o /dev/null 2> "$OUT/parseback.log"; then
    PARSEBACK=ok
  else
    PARSEBACK=failed
  fi
fi

MACHINE_NPROC="$(nproc)"
MACHINE_CPU="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: *//' || true)"
MACHINE_MEM_KB="$(awk '/^MemTotal:/ {print $2}' /proc/meminfo 2>/dev/null || true)"
MACHINE_KERNEL="$(uname -srm)"
MLIR_VERSION="$("$MLIR_OPT" --version 2>/dev/null | grep -m1 -i 'version' | sed 's/^ *//' || true)"
PTO_COMMIT="$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
PTO_DIRTY="$(git -C "$ROOT" status --porcelain --untracked-files=no -- crates Cargo.toml Cargo.lock 2>/dev/null | head -c1 | wc -c)"
PTO_BUILT="$(date -u -r "$PTO_OPT" '+%Y-%m-%d %H:%M UTC')"
RUSTC_VERSION="$(rustc --version 2>/dev/null || echo unknown)"
PY_VERSION="$(python3 --version 2>&1)"
NOW="$(date -u '+%Y-%m-%d %H:%M UTC')"

PTO_BENCH_COMPILE="${PTO_BENCH_COMPILE:-1}"
PTO_BENCH_HARP="${PTO_BENCH_HARP:-1}"
PTO_BENCH_WSP="${PTO_BENCH_WSP:-1}"
export N M RUNS COMPILE_RUNS INPUT OUT REPORT PARSEBACK CC_PARSEBACK PTO_BENCH_COMPILE PTO_BENCH_PYPTO PTO_BENCH_DEEPX PTO_BENCH_CHECK PTO_BENCH_HARP PTO_BENCH_WSP MACHINE_NPROC MACHINE_CPU MACHINE_MEM_KB MACHINE_KERNEL \
       MLIR_VERSION PTO_COMMIT PTO_DIRTY PTO_BUILT RUSTC_VERSION PY_VERSION NOW PTO_OPT MLIR_OPT
python3 - <<'PY'
import os, re, statistics, sys

E = os.environ
out, report = E["OUT"], E["REPORT"]
inp = E["INPUT"]
pto_out, mlir_out = os.path.join(out, "pto.out.mlir"), os.path.join(out, "mlir.out.mlir")

def runs(name):
    rows = []
    with open(os.path.join(out, name + ".runs")) as f:
        for line in f:
            w, rss, u, s, code = line.split()
            rows.append((float(w), int(rss), float(u), float(s), int(code)))
    return rows

def summary(rows):
    ok = all(r[4] == 0 for r in rows)
    return {
        "ok": ok,
        "codes": sorted({r[4] for r in rows}),
        "wall": statistics.median(r[0] for r in rows),
        "walls": [r[0] for r in rows],
        "rss": max(r[1] for r in rows),
        "cpu": statistics.median(r[2] + r[3] for r in rows),
    }

mlir, pto = summary(runs("mlir")), summary(runs("pto"))

OP_RE = re.compile(rb'^\s*(?:%[^=]*= )?"([^"]+)"\(', re.M)

def op_count(path):
    if not os.path.exists(path):
        return None
    with open(path, "rb") as f:
        return sum(1 for _ in OP_RE.finditer(f.read()))

def read(path):
    if not os.path.exists(path):
        return None
    with open(path, "rb") as f:
        return f.read()

def normalise(data):
    # Trailing blanks and empty lines dropped; SSA names renamed in order of first
    # use, restarting at every top-level op of the module (mlir-opt's generic
    # printer numbers the whole module at once, a per-function scheme is also valid).
    names = {}
    def ren(m):
        k = m.group(0)
        if k not in names:
            names[k] = b"%%v%d" % len(names)
        return names[k]
    out_lines = []
    for l in data.split(b"\n"):
        l = l.rstrip()
        if not l:
            continue
        if l.startswith(b"  ") and not l.startswith(b"   ") and not l.startswith(b"  ^") \
                and not l.startswith(b"  }"):
            names.clear()
        out_lines.append(re.sub(rb"%(?:arg)?[0-9]+\b", ren, l))
    return b"\n".join(out_lines)

in_ops, in_bytes = op_count(inp), os.path.getsize(inp)
p_ops, m_ops = op_count(pto_out), op_count(mlir_out)
p_data, m_data, i_data = read(pto_out), read(mlir_out), read(inp)
identical = p_data is not None and p_data == m_data
if identical:
    norm_identical = True
elif p_data is None or m_data is None:
    norm_identical = False
else:
    norm_identical = normalise(p_data) == normalise(m_data)
mlir_fixed = m_data is not None and m_data == i_data
del p_data, m_data, i_data

def fmt_s(x): return "%.2f s" % x
def fmt_mb(kb): return "%.0f MiB" % (kb / 1024)

goal_speed, goal_mem = 5.0, 1.0 / 3.0
lines = []
A = lines.append
A("# Benchmarks")
A("")
A("Generated by `scripts/bench.sh` (do not edit by hand; re-run the script to refresh).")
A("")
A("## What is measured")
A("")
A("Parse + verify + print, generic form in and generic form out, of one large module:")
A("")
A("```")
A("pto-opt  --allow-unregistered-dialect --mlir-print-op-generic bench.mlir -o out.mlir")
A("mlir-opt --allow-unregistered-dialect --mlir-print-op-generic bench.mlir -o out.mlir")
A("```")
A("")
A("The input comes from `scripts/gen_bench_module.py -n %s -m %s` (deterministic): %s functions, "
  "each with %s `arith` ops (constant, addi, muli, subi, xori, cmpi, select, addf, mulf) and one "
  "`scf.for` with an `iter_args` value and `scf.yield`. Both tools verify the func, arith and scf "
  "ops against their definitions (scf's region-branch checks and implicit terminator included) "
  "and fill in default-valued properties (printed in the generic output)."
  % (E["N"], E["M"], E["N"], E["M"]))
A("")
A("- Input: **%s ops**, %s bytes (%.1f MiB), `%s`" % (
    "{:,}".format(in_ops), "{:,}".format(in_bytes), in_bytes / 2**20, os.path.relpath(inp, os.path.dirname(report))))
A("- Runs per tool: %s, mlir-opt and pto-opt alternating (this machine is a shared virtual "
  "machine whose speed varies by the minute); the table shows the median wall time and the "
  "largest peak RSS (from `wait4()`, i.e. what `/usr/bin/time -f %%M` reports)." % E["RUNS"])
A("")
A("## Results")
A("")
A("| tool | median wall time | runs (s) | CPU user+sys (median) | peak RSS | speed-up vs mlir-opt | memory vs mlir-opt |")
A("|---|---|---|---|---|---|---|")
def row(name, s, base):
    if not s["ok"]:
        return "| %s | FAILED (exit %s) | | | | | |" % (name, ",".join(map(str, s["codes"])))
    sp = base["wall"] / s["wall"] if base["ok"] and s["wall"] > 0 else float("nan")
    mem = s["rss"] / base["rss"] if base["ok"] and base["rss"] else float("nan")
    return "| %s | %s | %s | %s | %s | %.2fx | %.2f (%.0f%%) |" % (
        name, fmt_s(s["wall"]), ", ".join("%.2f" % w for w in s["walls"]),
        fmt_s(s["cpu"]), fmt_mb(s["rss"]), sp, mem, mem * 100)
A(row("mlir-opt", mlir, mlir))
A(row("pto-opt", pto, mlir))
A("")
A("## Goal")
A("")
A("From the issue: pto-opt must be **at least 5x faster** than mlir-opt and use **at most 1/3 of its memory** on this workload.")
A("")
if pto["ok"] and mlir["ok"]:
    sp = mlir["wall"] / pto["wall"]
    mem = pto["rss"] / mlir["rss"]
    A("| criterion | target | measured | met? |")
    A("|---|---|---|---|")
    A("| speed-up | >= 5.00x | %.2fx | %s |" % (sp, "yes" if sp >= goal_speed else "**no**"))
    A("| memory ratio | <= 0.33 | %.2f | %s |" % (mem, "yes" if mem <= goal_mem else "**no**"))
else:
    A("Not evaluated: a tool failed (see below).")
A("")
A("## Correctness")
A("")
yn = lambda b: "yes" if b else "**no**"
A("- pto-opt output parses and verifies with `mlir-opt --allow-unregistered-dialect`: %s" % (
    {"ok": "yes", "failed": "**no**", "skipped": "not checked (no output)"}[E["PARSEBACK"]]))
A("- op count: input %s, pto-opt output %s, mlir-opt output %s: %s" % (
    in_ops, p_ops, m_ops, "equal" if in_ops == p_ops == m_ops else "**differ**"))
A("- pto-opt and mlir-opt generic outputs byte-identical: %s" % yn(identical))
if not identical:
    A("- identical after normalisation (blank lines/trailing spaces dropped, SSA names renumbered): %s" % yn(norm_identical))
A("- mlir-opt output equals the input (the generator writes mlir-opt's canonical generic form): %s" % yn(mlir_fixed))
def tail_log(name):
    p = os.path.join(out, name)
    if os.path.exists(p) and os.path.getsize(p):
        with open(p, "rb") as f:
            t = f.read()[-2000:].decode("utf-8", "replace").strip()
        return t
    return ""
for name, s in (("pto", pto), ("mlir", mlir)):
    if not s["ok"]:
        A("")
        A("%s-opt failed; end of its stderr:" % name)
        A("")
        A("```")
        A(tail_log(name + ".log"))
        A("```")
if E["PARSEBACK"] == "failed":
    A("")
    A("mlir-opt rejected pto-opt's output:")
    A("")
    A("```")
    A(tail_log("parseback.log"))
    A("```")
A("")
def previous_section(title, flag):
    """The body of section `title` of the previous report when `flag`=0 skipped it."""
    if E.get(flag) != "0" or not os.path.exists(report):
        return None
    with open(report) as f:
        old_report = f.read()
    m = re.search(r"## %s\n\n(.*?)\n## " % re.escape(title), old_report, re.S)
    if not m:
        return None
    return re.sub(r"^_Kept from an earlier run[^\n]*\n\n", "", m.group(1).rstrip("\n"))

def kept_section(title, flag):
    """Appends the previous report's section `title` when `flag`=0 skipped it; whether it did."""
    body = previous_section(title, flag)
    if body is None:
        return False
    A("_Kept from an earlier run of the script (this run had `%s=0`)._" % flag)
    A("")
    A(body)
    return True

A("## Canonicalize + CSE")
A("")
cc_names = [("mlir-opt", "cc_mlir", "cc.mlir.mlir"), ("mlir-opt, serial", "cc_mlir_serial", "cc.mlir.serial.mlir"),
            ("pto-opt", "cc_pto", "cc.pto.mlir"), ("pto-opt, serial", "cc_pto_serial", "cc.pto.serial.mlir")]
cc_measured = all(os.path.exists(os.path.join(out, n + ".runs")) for _, n, _ in cc_names)
cc_kept = None if cc_measured else previous_section("Canonicalize + CSE", "PTO_BENCH_CC")
if cc_measured:
    A("The same module through `--canonicalize --cse` (generic form out), each tool with its default "
      "threading and with `--mlir-disable-threading`:")
    A("")
    A("```")
    A("pto-opt  --allow-unregistered-dialect --canonicalize --cse --mlir-print-op-generic [--mlir-disable-threading] bench.mlir -o out.mlir")
    A("mlir-opt --allow-unregistered-dialect --canonicalize --cse --mlir-print-op-generic [--mlir-disable-threading] bench.mlir -o out.mlir")
    A("```")
    A("")
    cc = {n: summary(runs(n)) for _, n, _ in cc_names}
    A("| tool | median wall time | runs (s) | CPU user+sys (median) | peak RSS | speed-up vs mlir-opt | memory vs mlir-opt |")
    A("|---|---|---|---|---|---|---|")
    for label, n, _ in cc_names:
        A(row(label, cc[n], cc["cc_mlir"]))
    A("")
    A("Speed-ups and memory are relative to mlir-opt with its default threading; serial against "
      "serial: %s." % (
        "%.2fx" % (cc["cc_mlir_serial"]["wall"] / cc["cc_pto_serial"]["wall"])
        if cc["cc_pto_serial"]["ok"] and cc["cc_mlir_serial"]["ok"] else "not evaluated"))
    A("")
    counts = {n: op_count(os.path.join(out, f)) for _, n, f in cc_names}
    m_cc, p_cc = counts["cc_mlir"], counts["cc_pto"]
    A("- pto-opt output parses and verifies with `mlir-opt --allow-unregistered-dialect`: %s" % (
        {"ok": "yes", "failed": "**no**", "skipped": "not checked (no output)"}[E["CC_PARSEBACK"]]))
    A("- op count after canonicalize + cse: input %s, mlir-opt %s, pto-opt %s" % (
        "{:,}".format(in_ops), "{:,}".format(m_cc or 0), "{:,}".format(p_cc or 0)))
    if m_cc and p_cc:
        diff = (p_cc - m_cc) / m_cc
        A("- pto-opt's op count differs from mlir-opt's by %+.2f%% (goal: within 2%%): %s" % (
            diff * 100, "met" if abs(diff) <= 0.02 else "**not met**"))
    same = lambda a, b: read(os.path.join(out, a)) == read(os.path.join(out, b))
    A("- serial and parallel outputs identical: pto-opt %s, mlir-opt %s" % (
        yn(same("cc.pto.mlir", "cc.pto.serial.mlir")), yn(same("cc.mlir.mlir", "cc.mlir.serial.mlir"))))
    A("- pto-opt and mlir-opt outputs byte-identical: %s" % yn(same("cc.pto.mlir", "cc.mlir.mlir")))
    for label, n, _ in cc_names:
        if not cc[n]["ok"]:
            A("")
            A("%s failed; end of its stderr:" % label)
            A("")
            A("```")
            A(tail_log(n + ".log"))
            A("```")
elif cc_kept is not None:
    A("_Kept from an earlier run of the script (this run had `PTO_BENCH_CC=0`)._")
    A("")
    A(cc_kept)
else:
    A("Not measured in this run (`PTO_BENCH_CC=0`).")
A("")
A("## Compilation to machine code")
A("")
compile_path = os.path.join(out, "compile.json")
if kept_section("Compilation to machine code", "PTO_BENCH_COMPILE"):
    pass
elif os.path.exists(compile_path):
    import json
    with open(compile_path) as f:
        cj = json.load(f)
    A("`crates/pto-mlir/benches/compile.rs` (release build; `cargo bench --bench compile`): each kernel of `lit-tests/run` "
      "from its `func`/`scf` text to callable machine code in a fresh context, %d times, median per stage: "
      "parse + verify; the pass pipeline (`lower-to-llvm`, for `approx` after `math-polynomial-approximation`); "
      "`Engine::new` (translation to LLVM IR, LLVM's `default<O2>`, MCJIT code generation). The last columns "
      "are the median total at `-O2` (`pto-run`'s default) and at `-O0`." % cj["runs"])
    A("")
    A("| kernel | ops | parse | passes | JIT -O2 | total -O2 | total -O0 |")
    A("|---|---|---|---|---|---|---|")
    ms = lambda us: "%.2f ms" % (us / 1000.0)
    for k in cj["kernels"]:
        A("| %s (`%s`) | %d | %s | %s | %s | **%s** | %s |" % (
            k["name"], os.path.basename(k["file"]), k["ops"], ms(k["parse_us"]), ms(k["lower_us"]),
            ms(k["jit_us"]), ms(k["total_us"]), ms(k["total_o0_us"])))
    c = cj["calls"]
    A("")
    A("Call overhead of the JIT, `%s` compiled at `-O2`: median over %d repetitions of the mean of "
      "%d calls." % (c["function"], c["reps"], c["batch"]))
    A("")
    A("| call through | time per call |")
    A("|---|---|")
    A("| `Engine::call` (interpreter values, marshalled by the signature) | %.0f ns |" % c["engine_call_ns"])
    A("| `Engine::invoke_packed` (pointers to the arguments and the result) | %.0f ns |" % c["invoke_packed_ns"])
else:
    A("Not measured: the compile benchmark failed (see `%s`)." % os.path.relpath(
        os.path.join(out, "compile.log"), os.path.dirname(report)))
A("")
def load_json(name):
    import json
    p = os.path.join(out, name)
    if not os.path.exists(p):
        return None
    with open(p) as f:
        return json.load(f)

# Skipped: no stale JSON of an earlier run stands in for this one.
pypto_skipped = E["PTO_BENCH_PYPTO"] == "0"
pypto_j, numpy_j = (None, None) if pypto_skipped else (load_json("pypto.json"), load_json("pypto-numpy.json"))
pypto_missing = ("Not measured in this run (`PTO_BENCH_PYPTO=0`)." if pypto_skipped else
                 "Not measured: the PyPTO benchmark failed (see `%s`)."
                 % os.path.relpath(os.path.join(out, "pypto.log"), os.path.dirname(report)))
A("## PyPTO kernels")
A("")
if kept_section("PyPTO kernels", "PTO_BENCH_PYPTO"):
    pass
elif pypto_j is None or not pypto_j["kernels"]:
    A(pypto_missing)
else:
    A("PyPTO programs written in `crates/pto-mlir/benches/pypto.rs` (`cargo bench --bench pypto`; shaped like "
      "`examples/pypto/matmul.py`, `softmax.py` and `layernorm.py`), imported from Python and "
      "compiled as `pto-run` compiles them (`run_pypto::CompiledEntry`: `%s`, then `Engine::new` "
      "at `-O%d`), called through `Engine::call` on seeded random f32 inputs: median wall time of "
      "%d calls after two warm-up calls. numpy (`scripts/bench_pypto_numpy.py`) computes the same "
      "on the same shapes, written as the PyPTO programs are (`a @ b`; row max, `exp`, row sum, "
      "division; row sums times 1/N, `1/sqrt(var + 1e-5)`), on one thread, median of as many "
      "calls after two warm-up calls." % (
          pypto_j["run_pipeline"], pypto_j["opt_level"], pypto_j["kernels"][0]["calls"]))
    A("")
    nk = {k["name"]: k for k in (numpy_j or {}).get("kernels", [])}
    A("| kernel | shape | pto-mlir | numpy | speed-up vs numpy | GFLOP/s pto-mlir / numpy | "
      "% of OpenBLAS | goal | met? |")
    A("|---|---|---|---|---|---|---|---|---|")
    for k in pypto_j["kernels"]:
        n = nk.get(k["name"])
        ok = k["check"]["ok"]
        mine = "%.2f ms" % k["median_ms"] if ok else "**wrong result**"
        theirs = "%.2f ms" % n["median_ms"] if n else "not measured"
        speedup = "%.2fx" % (n["median_ms"] / k["median_ms"]) if n and ok else "-"
        if k["gflops"] is not None:
            gf = "%s / %s" % ("%.1f" % k["gflops"] if ok else "-", "%.1f" % n["gflops"] if n else "-")
            share = k["gflops"] / n["gflops"] if n and ok else None
            pct = "%.0f%%" % (share * 100) if share is not None else "-"
            goal, met = ">= 50% of OpenBLAS", share is not None and share >= 0.5
        else:
            gf, pct = "-", "-"
            ratio = n["median_ms"] / k["median_ms"] if n and ok else None
            goal, met = ">= 4x numpy", ratio is not None and ratio >= 4.0
        verdict = "yes" if met else ("**no** (wrong result)" if not ok else
                                     "not evaluated" if not n else "**no**")
        A("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            k["name"], k["shape"], mine, theirs, speedup, gf, pct, goal, verdict))
    A("")
    A("Each pto-mlir result (of the last timed call) is checked against a reference computed in "
      "f64 in the benchmark: every element within `atol + rtol * |ref|`, else the kernel is "
      "reported as wrong above.")
    A("")
    A("| kernel | rtol | atol | largest error | largest error / tolerance | elements beyond | "
      "pto-mlir min / max | compile (import to machine code) |")
    A("|---|---|---|---|---|---|---|---|")
    for k in pypto_j["kernels"]:
        c = k["check"]
        A("| %s | %g | %g | %.2e | %.3f | %s | %.2f / %.2f ms | %.0f ms |" % (
            k["name"], c["rtol"], c["atol"], c["max_abs_err"], c["max_err_over_tol"],
            "0" if c["ok"] else "**%d of %d**" % (c["bad_elements"], c["elements"]),
            k["min_ms"], k["max_ms"], k["compile_ms"]))
    A("")
    if numpy_j:
        A("numpy %s (Python %s), BLAS: %s, BLAS threads: %s." % (
            numpy_j["numpy"], numpy_j["python"], numpy_j["blas"] or "unknown",
            numpy_j["blas_threads"] if numpy_j["blas_threads"] is not None else "unknown"))
    else:
        A("numpy was not measured (see `%s`)." % os.path.relpath(
            os.path.join(out, "pypto-numpy.log"), os.path.dirname(report)))
A("")
A("## PyPTO compile time")
A("")
if kept_section("PyPTO compile time", "PTO_BENCH_PYPTO"):
    pass
elif pypto_j is None or not pypto_j["examples"]:
    A(pypto_missing)
else:
    st = pypto_j["stages"]
    A("`crates/pto-mlir/benches/pypto.rs`: each `examples/pypto/*.py` from its Python text to callable machine code "
      "in a fresh context, %d times after a warm-up, median per stage: the Python import "
      "(`pto-translate --import-pypto`) with verification; `pypto-to-llvm` in three stages, "
      "`%s` (to pto), `%s` (PTOAS and the tiles' CPU loops), `%s`, each a pass pipeline run as "
      "`pto-opt` runs one (verification after each pass); `Engine::new` at `-O%d` "
      "(translation to LLVM IR, LLVM's `default<O%d>`, MCJIT code generation). Ops are counted "
      "after the import and after the lowering (the `llvm` dialect)." % (
          pypto_j["runs"], st[0], st[1], st[2], pypto_j["opt_level"], pypto_j["opt_level"]))
    A("")
    A("| example | ops | llvm ops | import | to pto | ptoas + loops | to llvm | JIT -O%d | total |"
      % pypto_j["opt_level"])
    A("|---|---|---|---|---|---|---|---|---|")
    ms = lambda us: "%.2f ms" % (us / 1000.0)
    for x in pypto_j["examples"]:
        A("| `%s` | %d | %d | %s | %s | %s | %s | %s | **%s** |" % (
            os.path.basename(x["file"]), x["ops"], x["llvm_ops"], ms(x["import_us"]),
            ms(x["to_pto_us"]), ms(x["ptoas_us"]), ms(x["to_llvm_us"]), ms(x["jit_us"]),
            ms(x["total_us"])))
    A("")
    differ = [os.path.basename(x["file"]) for x in pypto_j["examples"]
              if not x["stages_match_pypto_to_llvm"]]
    A("The three stages, run one after the other, give the module the `pypto-to-llvm` pass gives: %s"
      % ("yes, for every example." if not differ else
         "**no** for %s (the benchmark's stages are out of step with "
         "`crates/pypto/src/pypto_to_llvm.rs`)." % ", ".join("`%s`" % d for d in differ)))
A("")
A("## DeepX programs")
A("")
deepx_path = os.path.join(out, "deepx.json")
if kept_section("DeepX programs", "PTO_BENCH_DEEPX"):
    pass
elif not os.path.exists(deepx_path):
    A("Not measured in this run (`PTO_BENCH_DEEPX=0`)." if E.get("PTO_BENCH_DEEPX") == "0" else
      "The DeepX benchmark failed (see `%s`)." % os.path.relpath(os.path.join(out, "deepx.log"), os.path.dirname(report)))
else:
    import json as _json
    dj = _json.load(open(deepx_path))
    A("`scripts/bench_deepx.py`: the seed's fused functions, `examples/deepx/fused_linear_norm.dx` and "
      "`examples/deepx/fused_attention_scores.dx`, run by `pto-run -O2 --time %d` (import, `deepx-verify`, "
      "`deepx-inline`, `deepx-specialize` to the arrays, `convert-deepx-to-pypto`, PyPTO's lowering, JIT); "
      "the compile time is pto-run's, from reading the `.dx` file to callable code (arrays' headers "
      "included, their data not); the call is the median of %d. numpy does the same steps "
      "(`@`, `+`, row sums times 1/N, `sqrt`, `/`; `@`, `exp`, row sums, `/`) on one BLAS thread, median "
      "of as many calls after two warm-ups. Goal: the whole function at least 1.5x numpy, compiled "
      "in under 200 ms." % (dj["calls"], dj["calls"]))
    A("")
    A("| function | shape | pto-mlir | numpy | speed-up vs numpy | compile | largest error (rtol, atol) | goal met? |")
    A("|---|---|---|---|---|---|---|---|")
    for c in dj["cases"]:
        if "error" in c:
            A("| %s | %s | **failed** | %.2f ms | - | - | - | no |" % (c["name"], c["shape"], c["numpy_s"] * 1e3))
            continue
        speed = c["numpy_s"] / c["call_s"] if c.get("call_s") else 0
        met = c.get("ok") and speed >= 1.5 and (c.get("compile_s") or 1) < 0.2
        A("| %s | %s | %.2f ms | %.2f ms | %.2fx | %.0f ms | %.2e (%g, %g)%s | %s |" % (
            c["name"], c["shape"], c["call_s"] * 1e3, c["numpy_s"] * 1e3, speed,
            (c.get("compile_s") or 0) * 1e3, c.get("max_error", 0), c["rtol"], c["atol"],
            "" if c.get("ok") else " **wrong**", "yes" if met else "no"))
    A("")
    A("numpy %s (Python %s), BLAS: %s, one thread." % (dj["numpy"], dj["python"], dj["blas"]))
A("")
A("## Harp programs")
A("")
harp_path = os.path.join(out, "harp.json")
if kept_section("Harp programs", "PTO_BENCH_HARP"):
    pass
elif not os.path.exists(harp_path):
    A("Not measured in this run (`PTO_BENCH_HARP=0`)." if E.get("PTO_BENCH_HARP") == "0" else
      "The Harp benchmark failed (see `%s`)." % os.path.relpath(os.path.join(out, "harp.log"), os.path.dirname(report)))
else:
    import json as _json
    hj = _json.load(open(harp_path))
    A("`scripts/bench_harp.py`: `examples/harp/*.ecl` run by `pto-run -O2 --time %d` (Eclat import, "
      "`harp-graph-specialize` to the arrays, `harp-lower-graph`, `convert-harp-to-loops`, "
      "`outline-parallel-loops`, `math-polynomial-approximation`, JIT), on one thread and with "
      "`--threads 2`; the call is pto-run's median, which "
      "includes copying the arrays in and the result out; numpy does the same on one BLAS thread, "
      "median of as many calls after two warm-ups. Goals: softmax and layer norm at least 3x numpy, "
      "the expand-multiply-sum matmul within 2x of numpy's `@`." % hj["calls"])
    A("")
    A("| program | pto-mlir | numpy | speed-up vs numpy | compiled code alone | its speed-up | compile | correct? | goal met? | 2 threads | 1 -> 2 threads | code alone, 2 threads |")
    A("|---|---|---|---|---|---|---|---|---|---|---|---|")
    ms = lambda t: "%.2f ms" % (t * 1e3) if t else "-"
    for c in hj["kernels"]:
        if "error" in c:
            A("| %s | **failed** | - | - | - | - | - | - | no | - | - | - |" % c["name"])
            continue
        speed = c["numpy_s"] / c["call_s"]
        goal = speed >= 0.5 if "matmul" in c["name"] else speed >= 3
        two = c.get("call2_s")
        code = c.get("code_s")
        A("| %s | %s | %s | %.2fx | %s | %s | %.0f ms | %s | %s | %s | %s | %s |" % (
            c["name"], ms(c["call_s"]), ms(c["numpy_s"]), speed, ms(code),
            "%.2fx" % (c["numpy_s"] / code) if code else "-", (c.get("compile_s") or 0) * 1e3,
            "yes" if c.get("correct") else "**no**", "yes" if goal and c.get("correct") else "no",
            ms(two), "%.2fx" % (c["call_s"] / two) if two else "-", ms(c.get("code2_s"))))
    A("")
    A("The call includes pto-run's copies of the arrays in and of the result out; \"compiled code "
      "alone\" is the JIT function's own time (pto-run's second median), which still includes "
      "allocating and first touching the result and the arena. Neither the copies nor the page faults "
      "of fresh memory shorten with two threads (softmax and layer norm are dominated by them); the "
      "matmul, compute-bound, shows what the threads give. Goal for the threads: 1.7x.")
    A("")
    A("numpy %s (Python %s), BLAS: %s, one thread." % (hj["numpy"], hj["python"], hj["blas"]))
    A("")
    ar = hj["arena"]
    if "error" in ar:
        A("Arena planning: **failed** (%s)." % ar["error"][:200])
    else:
        A("Arena planning on %d random graphs (Eclat programs of elementwise ops, reductions, "
          "broadcasts and movements, lowered by `harp-lower-graph`): the arena against the max-live "
          "lower bound (the most bytes live at one point), `harp-plan-arena` (best fit by decreasing "
          "size) and its first-fit baseline (`first-fit=true`). Goal: at most 1.05x." % ar["graphs"])
        A("")
        A("| planner | median | 90th percentile | worst | graphs at the bound | goal met? |")
        A("|---|---|---|---|---|---|")
        for label, key in (("best fit by size (`harp-plan-arena`)", "best_fit"), ("first fit (baseline)", "first_fit")):
            r = ar[key]
            A("| %s | %.3fx | %.3fx | %.3fx | %d of %d | %s |" % (
                label, r["median"], r["p90"], r["max"], r["at_bound"], ar["graphs"],
                "yes" if r["max"] <= 1.05 else "no"))
A("")
A("## PTO-WSP workloads")
A("")
wsp_path = os.path.join(out, "wsp.json")
if kept_section("PTO-WSP workloads", "PTO_BENCH_WSP"):
    pass
elif not os.path.exists(wsp_path):
    A("Not measured in this run (`PTO_BENCH_WSP=0`)." if E.get("PTO_BENCH_WSP") == "0" else
      "The PTO-WSP benchmark failed (see `%s`)." % os.path.relpath(os.path.join(out, "wsp.log"), os.path.dirname(report)))
else:
    import json as _json
    wj = _json.load(open(wsp_path))
    at, tk = wj["attention"], wj["tasks"]
    ms = lambda t: "%.2f ms" % (t * 1e3) if t else "-"
    A("`scripts/bench_wsp.py`: `examples/wsp/attention.mlir` (batch 4 x heads 8 x 256x64 f32, "
      "%d tasks: one per batch, head and query tile of 64 rows, each a PTOAS tile kernel) run by "
      "`pto-run -O2 --time 10` (`convert-wsp-to-tasks`, the `pto` lowering, `outline-parallel-loops`, "
      "JIT) on one thread and with `--threads 2`, in 5 alternating rounds (median of the rounds' "
      "medians); numpy computes the same attention in float32 on one BLAS thread. Goal: 1 -> 2 "
      "threads at least 1.7x." % at["tasks"])
    A("")
    A("| | 1 thread | 2 threads | 1 -> 2 threads | numpy (1 thread) | correct? |")
    A("|---|---|---|---|---|---|")
    t1, t2 = at["t1"], at["t2"]
    A("| call (with copies in and out) | %s | %s | %.2fx | %s | %s |" % (
        ms(t1["call_s"]), ms(t2["call_s"]), t1["call_s"] / t2["call_s"], ms(at["numpy_s"]),
        "yes" if at["correct"] else "**no**"))
    A("| compiled code alone | %s | %s | %.2fx | | |" % (
        ms(t1["code_s"]), ms(t2["code_s"]), t1["code_s"] / t2["code_s"]))
    A("")
    A("Rounds, code alone: 1 thread %s; 2 threads %s." % (
        ", ".join(ms(x) for x in t1["code_rounds_s"]), ", ".join(ms(x) for x in t2["code_rounds_s"])))
    A("")
    n = tk["tasks"]
    A("The cost of a task (`examples/wsp/many_tasks.mlir`: %d tasks over a `dense_dyn` axis, each "
      "adding one to its own element): %.2f ns per task on one thread, %.2f ns on two (compiled code "
      "alone divided by the tasks). A grid's tasks are calls in one parallel loop, which LLVM inlines "
      "and vectorizes here; goal: under 2 us." % (n, tk["t1"]["code_s"] / n * 1e9, tk["t2"]["code_s"] / n * 1e9))
    A("")
    A("BLAS: %s." % wj["blas"])
A("")
A("## Cost of `pto-run --check`")
A("")
check_path = os.path.join(out, "check.json")
if kept_section("Cost of `pto-run --check`", "PTO_BENCH_CHECK"):
    pass
elif not os.path.exists(check_path):
    A("Not measured in this run (`PTO_BENCH_CHECK=0`)." if E.get("PTO_BENCH_CHECK") == "0" else
      "The --check benchmark failed (see `%s`)." % os.path.relpath(os.path.join(out, "check.log"), os.path.dirname(report)))
else:
    import json as _json
    cj = _json.load(open(check_path))
    A("`scripts/bench_check.py`: each kernel compiled at -O2 with and without `--check` "
      "(`generate-runtime-verification{check-divisions=true}` before the lowering to llvm: a bounds "
      "check before every memory access, a divisor check before every integer division), on the same "
      "random inputs; the call is the median of `--time %d`, the median of %d alternating runs of each; "
      "the compile time is pto-run's (import to callable code)." % (cj["calls"], cj["runs"]))
    A("")
    A("| kernel | shape | call | call with --check | cost | compile | compile with --check |")
    A("|---|---|---|---|---|---|---|")
    us = lambda s: "%.1f µs" % (s * 1e6) if s < 1e-3 else "%.2f ms" % (s * 1e3)
    for c in cj["cases"]:
        if "error" in c:
            A("| %s | %s | **failed** | - | - | - | - |" % (c["name"], c["shape"]))
            continue
        A("| %s (`%s`) | %s | %s | %s | %+.0f%% | %s | %s |" % (
            c["name"], c["file"], c["shape"], us(c["call_s"]), us(c["call_check_s"]),
            (c["call_check_s"] / c["call_s"] - 1) * 100,
            "%.0f ms" % ((c.get("compile_s") or 0) * 1e3), "%.0f ms" % ((c.get("compile_check_s") or 0) * 1e3)))
A("")
A("## Environment")
A("")
mem_kb = E.get("MACHINE_MEM_KB") or "0"
A("- Date: %s" % E["NOW"])
A("- Machine: %s logical CPUs (`nproc`), %s, %.1f GiB RAM, %s" % (
    E["MACHINE_NPROC"], E["MACHINE_CPU"] or "unknown CPU", int(mem_kb) / 2**20, E["MACHINE_KERNEL"]))
A("- mlir-opt: `%s` (%s)" % (E["MLIR_OPT"], E["MLIR_VERSION"] or "unknown version"))
A("- pto-opt: `%s`, binary built %s; repository HEAD %s%s when measured; %s" % (
    os.path.relpath(E["PTO_OPT"], os.path.dirname(report)), E["PTO_BUILT"], E["PTO_COMMIT"],
    " (with uncommitted changes under crates/)" if E["PTO_DIRTY"] != "0" else "",
    E["RUSTC_VERSION"]))
A("- Timing wrapper: %s (`os.wait4`)" % E["PY_VERSION"])
A("- Note: mlir-opt may use several threads (its verifier runs in parallel over functions), "
  "so the CPU column can exceed wall time; pto-opt is compared on wall time.")
A("")
with open(report + ".tmp", "w") as f:
    f.write("\n".join(lines))
os.replace(report + ".tmp", report)

print("bench: mlir-opt %s %s | pto-opt %s %s | parse-back %s | identical %s" % (
    fmt_s(mlir["wall"]), fmt_mb(mlir["rss"]),
    fmt_s(pto["wall"]) if pto["ok"] else "FAILED", fmt_mb(pto["rss"]) if pto["ok"] else "",
    E["PARSEBACK"], identical), file=sys.stderr)
sys.exit(0 if (pto["ok"] and mlir["ok"] and E["PARSEBACK"] == "ok") else 1)
PY
