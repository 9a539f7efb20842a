#!/usr/bin/env python3
"""The PTO-WSP benchmark of scripts/bench.sh.

1. Attention (examples/wsp/attention.mlir): batch 4 x heads 8 x 256x64 f32, one task
   per (batch, head, query tile of 64 rows), each a PTOAS tile kernel. `pto-run -O2
   --time CALLS` on one thread and on two, in ROUNDS alternating rounds (the machine
   is noisy: the median of the rounds' medians is reported, with every round's
   figure); the speed-up is the ratio of the medians of the compiled code alone.
   Against numpy doing the same computation on one BLAS thread (float32 matmuls and
   softmax), checked against numpy's float64 result (rtol 1e-4, atol 1e-5).
2. Tasks: examples/wsp/many_tasks.mlir, a million tasks over a dense_dyn axis, each
   adding one to its own element: the time of the compiled code divided by the
   number of tasks, on one thread and on two.

Prints JSON.

  bench_wsp.py --pto-run target/release/pto-run --calls 10 --rounds 5 --out bench-out/wsp
"""
import argparse
import json
import os
import re
import subprocess
import sys

for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[var] = "1"
os.environ.pop("OPENBLAS_CORETYPE", None)
os.environ.pop("OPENBLAS_L2_SIZE", None)

import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_deepx import blas_info, median_call  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
EX = os.path.join(ROOT, "examples", "wsp")
UNIT = {"ms": 1e-3, "µs": 1e-6, "ns": 1e-9, "s": 1.0}


def run(pto_run, prog, entry, args, calls, threads, extra=()):  # noqa: PLR0913
    cmd = [pto_run, prog, "-e", entry, "-O2", "--time", str(calls), "--threads", str(threads), *extra]
    for a in args:
        cmd += ["--arg", a]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit("pto-run failed: %s\n%s" % (" ".join(cmd), p.stderr[-2000:]))
    m = re.search(r"median time of \d+ calls: ([0-9.]+)(ms|µs|ns|s)", p.stderr)
    k = re.search(r"compiled code alone[^:]*: ([0-9.]+)(ms|µs|ns|s)", p.stderr)
    c = re.search(r"compile time[^:]*: ([0-9.]+)(ms|µs|ns|s)", p.stderr)
    val = lambda x: float(x.group(1)) * UNIT[x.group(2)] if x else None
    return {"call_s": val(m), "code_s": val(k), "compile_s": val(c)}


def median(xs):
    xs = sorted(x for x in xs if x is not None)
    return xs[len(xs) // 2] if xs else None


def alternate(a, prog, entry, args):
    rounds = {1: [], 2: []}
    for _ in range(a.rounds):
        for t in (1, 2):
            rounds[t].append(run(a.pto_run, prog, entry, args, a.calls, t))
    out = {}
    for t, rs in rounds.items():
        out["t%d" % t] = {
            "call_s": median([r["call_s"] for r in rs]),
            "code_s": median([r["code_s"] for r in rs]),
            "code_rounds_s": [r["code_s"] for r in rs],
            "compile_s": median([r["compile_s"] for r in rs]),
        }
    return out


def attention(a):
    d = lambda n: os.path.join(a.out, n)
    rng = np.random.default_rng(20261207)
    q, k, v = [rng.standard_normal((4, 8, 256, 64)).astype(np.float32) for _ in range(3)]
    for n, x in (("q", q), ("k", k), ("v", v)):
        np.save(d(n + ".npy"), x)
    np.save(d("o0.npy"), np.zeros_like(q))
    np.save(d("p0.npy"), np.zeros((4, 8, 4, 64, 256), np.float32))
    args = [d("q.npy"), d("k.npy"), d("v.npy"), d("o0.npy"), d("p0.npy"), "4"]
    prog = os.path.join(EX, "attention.mlir")
    # Correctness first, against float64.
    s = np.einsum("bhqd,bhkd->bhqk", q.astype(np.float64), k.astype(np.float64)) / 8
    s = np.exp(s - s.max(-1, keepdims=True))
    s /= s.sum(-1, keepdims=True)
    np.save(d("oref.npy"), np.einsum("bhqk,bhkd->bhqd", s, v.astype(np.float64)).astype(np.float32))
    check = subprocess.run(
        [a.pto_run, prog, "-e", "attention", "-O2", "--threads", "2", *sum([["--arg", x] for x in args], []),
         "--expect-arg", "3=" + d("oref.npy"), "--rtol", "1e-4", "--atol", "1e-5"],
        capture_output=True, text=True)
    res = {"correct": check.returncode == 0}
    res.update(alternate(a, prog, "attention", args))

    def numpy_attention():
        s = (q @ k.transpose(0, 1, 3, 2)) * np.float32(0.125)
        e = np.exp(s - s.max(-1, keepdims=True))
        return (e / e.sum(-1, keepdims=True)) @ v

    res["numpy_s"] = median_call(numpy_attention, a.calls)
    res["tasks"] = 4 * 8 * 4
    return res


def tasks(a):
    n = 1_000_000
    np.save(os.path.join(a.out, "a.npy"), np.zeros(n, np.float32))
    res = alternate(a, os.path.join(EX, "many_tasks.mlir"), "many", [os.path.join(a.out, "a.npy"), str(n)])
    res["tasks"] = n
    return res


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--pto-run", required=True)
    p.add_argument("--calls", type=int, default=10)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--out", required=True)
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    print(json.dumps({"blas": blas_info(), "attention": attention(a), "tasks": tasks(a)}, indent=1))


if __name__ == "__main__":
    main()
