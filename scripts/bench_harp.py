#!/usr/bin/env python3
"""The Harp benchmark of scripts/bench.sh.

1. Kernels: examples/harp/softmax.ecl and layer_norm.ecl at 4096x1024, and
   matmul.ecl (expand-multiply-sum) at 512^3, run by `pto-run` (compiled at -O2; its
   `--time` gives the compile time and the median call), on one thread and on two
   (`--threads 2`), against numpy doing the same on one BLAS thread (median of as many
   calls after two warm-ups). Every result is checked against numpy's first.
2. Arena planning: N random graphs (Eclat programs of elementwise ops, reductions,
   broadcasts and movements over a few sizes) lowered by harp-lower-graph; for each,
   `harp-plan-arena` (best fit by decreasing size) and its first-fit baseline
   (`first-fit=true`: buffers in order, each at the lowest offset free for its
   lifetime) against the max-live lower bound (the most bytes live at one point).

Prints JSON.

  bench_harp.py --pto-run target/release/pto-run --pto-opt target/release/pto-opt \
      --calls 10 --graphs 120 --out bench-out/harp
"""
import argparse
import json
import os
import random
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
EX = os.path.join(ROOT, "examples", "harp")


def run_pto(pto_run, prog, entry, args, out_file, calls, extra=()):  # noqa: PLR0913
    cmd = [pto_run, prog, "-e", entry, "-O2", "--time", str(calls), "--out", out_file, *extra]
    for a in args:
        cmd += ["--arg", a]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        return {"error": p.stderr.strip()[-2000:]}
    unit = {"ms": 1e-3, "µs": 1e-6, "s": 1.0}
    c = re.search(r"compile time[^:]*: ([0-9.]+)(ms|µs|s)", p.stderr)
    m = re.search(r"median time of \d+ calls: ([0-9.]+)(ms|µs|s)", p.stderr)
    k = re.search(r"compiled code alone[^:]*: ([0-9.]+)(ms|µs|s)", p.stderr)
    return {
        "compile_s": float(c.group(1)) * unit[c.group(2)] if c else None,
        "call_s": float(m.group(1)) * unit[m.group(2)] if m else None,
        "code_s": float(k.group(1)) * unit[k.group(2)] if k else None,
    }


def kernels(a):
    rng = np.random.default_rng(20261207)
    d = lambda n: os.path.join(a.out, n)
    cases = []

    x = (rng.standard_normal((4096, 1024)) * 3).astype(np.float32)
    np.save(d("sm_x.npy"), x)

    def softmax():
        e = np.exp(x - x.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)

    cases.append(("softmax 4096x1024", "softmax.ecl", "softmax", [d("sm_x.npy")], softmax, 1e-5, 1e-8))

    g = rng.standard_normal(1024).astype(np.float32)
    b = rng.standard_normal(1024).astype(np.float32)
    np.save(d("ln_g.npy"), g)
    np.save(d("ln_b.npy"), b)

    def layer_norm():
        m = x.sum(axis=1, keepdims=True) / np.float32(1024)
        c = x - m
        v = (c * c).sum(axis=1, keepdims=True) / np.float32(1024)
        return c / np.sqrt(v + np.float32(1e-5)) * g + b

    cases.append(("layer norm 4096x1024", "layer_norm.ecl", "layer_norm", [d("sm_x.npy"), d("ln_g.npy"), d("ln_b.npy")], layer_norm, 1e-4, 1e-4))

    A = rng.standard_normal((512, 512)).astype(np.float32)
    B = rng.standard_normal((512, 512)).astype(np.float32)
    np.save(d("mm_a.npy"), A)
    np.save(d("mm_b.npy"), B)
    cases.append(("matmul 512^3 (expand-multiply-sum)", "matmul.ecl", "matmul", [d("mm_a.npy"), d("mm_b.npy")], lambda: A @ B, 1e-4, 1e-3))

    out = []
    for name, prog, entry, args, ref, rtol, atol in cases:
        res_file = d(entry + "_out.npy")
        r = run_pto(a.pto_run, os.path.join(EX, prog), entry, args, res_file, a.calls)
        row = {"name": name, **r}
        r2 = run_pto(a.pto_run, os.path.join(EX, prog), entry, args, res_file + ".2.npy", a.calls, ("--threads", "2"))
        if "error" not in r2:
            row["call2_s"] = r2["call_s"]
            row["code2_s"] = r2.get("code_s")
        if "error" not in r:
            got = np.load(res_file)
            want = ref()
            ok = bool(np.allclose(got, want, rtol=rtol, atol=atol))
            row["correct"] = ok
            row["numpy_s"] = median_call(ref, a.calls)
        out.append(row)
    return out


# ---- arena planning on random graphs ------------------------------------------------------


def random_graph(rng, i):
    """An Eclat program: a few inputs, a chain of ops whose values stay live for a
    while (reused later), reductions and broadcasts."""
    rows = rng.choice([16, 32, 64, 128])
    cols = rng.choice([16, 32, 64, 256])
    n_in = rng.randint(1, 3)
    params = ", ".join(f"x{k}: f32[{rows}, {cols}]" for k in range(n_in))
    full = [f"x{k}" for k in range(n_in)]
    lines = []
    for s in range(rng.randint(4, 14)):
        a = rng.choice(full)
        b = rng.choice(full)
        kind = rng.random()
        v = f"t{s}"
        if kind < 0.3:
            e = f"sum({a} * {b}, axis=1)"
            lines.append(f"let {v}r = {e};")
            e = f"{a} - expand({v}r, [{rows}, {cols}])"
        elif kind < 0.5:
            e = f"contiguous(exp({a}) + {b})"
        elif kind < 0.65:
            e = f"contiguous(permute(permute({a}, [1, 0]), [1, 0]) * 0.5)"
        elif kind < 0.8:
            e = f"max({a}, axis=1) + sum({b}, axis=1)"
            lines.append(f"let {v}m = {e};")
            e = f"{b} / expand({v}m, [{rows}, {cols}])"
        else:
            e = f"contiguous(where({a} > {b}, {a}, {b}))"
        lines.append(f"let {v} = {e};")
        full.append(v)
    ret = " + ".join(rng.sample(full[n_in:], min(3, len(full) - n_in)) or ["x0"])
    body = "\n        ".join(lines)
    return (f"program {{\n    graph g{i}({params}) -> f32[{rows}, {cols}] {{\n        {body}\n"
            f"        return {ret};\n    }}\n}}\n")


def arena(a):
    rng = random.Random(7)
    rows = []
    for i in range(a.graphs):
        src = os.path.join(a.out, f"g{i}.ecl")
        with open(src, "w") as f:
            f.write(random_graph(rng, i))
        stats = {}
        for label, opt in (("best_fit", "false"), ("first_fit", "true")):
            p = subprocess.run(
                f"{a.pto_translate} --import-ecl {src} | {a.pto_opt} --harp-lower-graph "
                f"--harp-plan-arena=first-fit={opt} --mlir-pass-statistics -o /dev/null",
                shell=True, capture_output=True, text=True)
            if p.returncode != 0:
                return {"error": f"graph {i}: " + p.stderr.strip()[-1000:]}
            m = re.search(r"(\d+) arena-bytes", p.stderr)
            lb = re.search(r"(\d+) max-live-bytes", p.stderr)
            stats[label] = int(m.group(1))
            stats["lower_bound"] = int(lb.group(1))
        rows.append(stats)
    ratios = sorted(r["best_fit"] / r["lower_bound"] for r in rows)
    ff = sorted(r["first_fit"] / r["lower_bound"] for r in rows)
    q = lambda v, f: v[min(len(v) - 1, int(f * len(v)))]
    return {
        "graphs": len(rows),
        "best_fit": {"median": q(ratios, 0.5), "p90": q(ratios, 0.9), "max": ratios[-1],
                     "at_bound": sum(1 for r in ratios if r <= 1.0 + 1e-9)},
        "first_fit": {"median": q(ff, 0.5), "p90": q(ff, 0.9), "max": ff[-1],
                      "at_bound": sum(1 for r in ff if r <= 1.0 + 1e-9)},
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pto-run", required=True)
    ap.add_argument("--pto-opt", required=True)
    ap.add_argument("--pto-translate", required=True)
    ap.add_argument("--calls", type=int, default=10)
    ap.add_argument("--graphs", type=int, default=120)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    import platform
    print(json.dumps({"kernels": kernels(a), "arena": arena(a), "calls": a.calls,
                      "numpy": np.__version__, "python": platform.python_version(),
                      "blas": blas_info()}, indent=1))


if __name__ == "__main__":
    main()
