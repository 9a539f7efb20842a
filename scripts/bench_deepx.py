#!/usr/bin/env python3
"""The DeepX benchmark of scripts/bench.sh: the seed's two fused functions
(examples/deepx/fused_linear_norm.dx at 4096x1024 @ 1024x1024, and
examples/deepx/fused_attention_scores.dx at 1024x64 @ 64x1024) run by `pto-run` (compiled
at -O2; its `--time` reports the compile time, from reading the .dx file to callable code,
and the median call) against numpy doing the same steps on one BLAS thread (median of as
many calls after two warm-ups). Every result is checked against numpy's. Prints JSON.

  bench_deepx.py --pto-run target/release/pto-run --calls 10 --out bench-out/deepx
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[var] = "1"
# The machine's own kernel choice, as the issue asks.
os.environ.pop("OPENBLAS_CORETYPE", None)
os.environ.pop("OPENBLAS_L2_SIZE", None)

import numpy as np  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def blas_info():
    try:
        cfg = np.show_config(mode="dicts")
        b = cfg["Build Dependencies"]["blas"]
        return "%s %s" % (b.get("name", "?"), b.get("version", "?"))
    except Exception:  # older numpy
        return "unknown"


def median_call(f, calls):
    f()
    f()
    ts = []
    for _ in range(calls):
        t0 = time.perf_counter()
        f()
        ts.append(time.perf_counter() - t0)
    ts.sort()
    return ts[len(ts) // 2]


def run_pto(pto_run, dx, entry, args, out_file, calls):
    cmd = [pto_run, dx, "-e", entry, "-O2", "--time", str(calls), "--out", out_file]
    for a in args:
        cmd += ["--arg", a]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        return {"error": p.stderr.strip()[-2000:]}
    compile_m = re.search(r"compile time[^:]*: ([0-9.]+)(ms|µs|s)", p.stderr)
    call_m = re.search(r"median time of \d+ calls: ([0-9.]+)(ms|µs|s)", p.stderr)
    unit = {"ms": 1e-3, "µs": 1e-6, "s": 1.0}
    return {
        "compile_s": float(compile_m.group(1)) * unit[compile_m.group(2)] if compile_m else None,
        "call_s": float(call_m.group(1)) * unit[call_m.group(2)] if call_m else None,
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pto-run", required=True)
    ap.add_argument("--calls", type=int, default=10)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rng = np.random.default_rng(20261207)
    d = lambda n: os.path.join(a.out, n)
    cases = []

    # fused_linear_norm: A [4096, 1024] @ W [1024, 1024] + b, normalized per row.
    A = rng.standard_normal((4096, 1024)).astype(np.float32)
    W = (rng.standard_normal((1024, 1024)) * 0.03).astype(np.float32)
    b = rng.standard_normal(1024).astype(np.float32)
    for n, v in (("A", A), ("W", W), ("b", b)):
        np.save(d(n + ".npy"), v)
    inv = np.float32(1.0 / 1024)

    def fln():
        mm = A @ W
        bias = mm + b
        mean = bias.sum(axis=1, keepdims=True) * inv
        centered = bias - mean
        var = (centered * centered).sum(axis=1, keepdims=True) * inv
        std = np.sqrt(var + np.float32(1e-5))
        return centered / std

    cases.append(("fused_linear_norm", "4096x1024 @ 1024x1024", "fused_linear_norm.dx", "fused_linear_norm",
                  [d("A.npy"), d("W.npy"), d("b.npy"), repr(float(inv))], fln, 1e-3, 1e-3))

    # fused_attention_scores: Q [1024, 64] @ K [64, 1024], softmax over axis 1.
    Q = (rng.standard_normal((1024, 64)) * 0.1).astype(np.float32)
    K = (rng.standard_normal((64, 1024)) * 0.1).astype(np.float32)
    np.save(d("Q.npy"), Q)
    np.save(d("K.npy"), K)

    def att():
        scores = Q @ K
        e = np.exp(scores)
        s = e.sum(axis=1, keepdims=True)
        return e / s

    cases.append(("fused_attention_scores", "1024x64 @ 64x1024", "fused_attention_scores.dx",
                  "fused_attention_scores",
                  [d("Q.npy"), d("K.npy"), "[1]", "true", "[1024,1024]", "[1024,1]"], att, 1e-4, 1e-7))

    results = []
    for name, shape, dx, entry, args, f, rtol, atol in cases:
        out_file = d(name + ".out.npy")
        r = run_pto(a.pto_run, os.path.join(ROOT, "examples", "deepx", dx), entry, args, out_file, a.calls)
        ref = f()
        r.update({"name": name, "shape": shape, "numpy_s": median_call(f, a.calls), "rtol": rtol, "atol": atol})
        if "error" not in r:
            got = np.load(out_file)
            err = np.abs(got.astype(np.float64) - ref.astype(np.float64))
            r["max_error"] = float(err.max())
            r["ok"] = bool(np.all(err <= atol + rtol * np.abs(ref)))
        results.append(r)
    json.dump({"numpy": np.__version__, "python": sys.version.split()[0], "blas": blas_info(),
               "calls": a.calls, "cases": results}, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
