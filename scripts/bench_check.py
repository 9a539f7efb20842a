#!/usr/bin/env python3
"""The `--check` benchmark of scripts/bench.sh: what the run-time checks of `pto-run
--check` (generate-runtime-verification{check-divisions=true} before the lowering to
llvm: every memory access and integer division) cost. Each kernel runs compiled at -O2
with and without `--check` on the same inputs, alternating, median call of `--time N`
over several runs. Prints JSON.

  bench_check.py --pto-run target/release/pto-run --calls 20 --out bench-out/check
"""
import argparse
import json
import os
import re
import statistics
import subprocess

import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
UNIT = {"ms": 1e-3, "µs": 1e-6, "s": 1.0}


def timed(pto_run, path, entry, args, calls, check):
    cmd = [pto_run, path, "-e", entry, "-O2", "--time", str(calls)]
    for a in args:
        cmd += ["--arg", a]
    if check:
        cmd.append("--check")
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("%s failed: %s" % (" ".join(cmd), p.stderr.strip()[-1000:]))
    c = re.search(r"compile time[^:]*: ([0-9.]+)(ms|µs|s)", p.stderr)
    m = re.search(r"median time of \d+ calls: ([0-9.]+)(ms|µs|s)", p.stderr)
    return (float(c.group(1)) * UNIT[c.group(2)] if c else None,
            float(m.group(1)) * UNIT[m.group(2)])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pto-run", required=True)
    ap.add_argument("--calls", type=int, default=20)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rng = np.random.default_rng(20261207)

    def arr(name, shape):
        path = os.path.join(a.out, name + ".npy")
        np.save(path, rng.standard_normal(shape).astype(np.float32))
        return path

    ex = lambda *p: os.path.join(ROOT, *p)
    cases = [
        ("pto abs (tile loop)", "64x64", ex("lit-tests", "pto", "abs.pto"), "abs_kernel",
         [arr("abs_x", (64, 64)), arr("abs_y", (64, 64))]),
        ("PyPTO matmul", "128x256 @ 256x64", ex("examples", "pypto", "matmul.py"), "matmul",
         [arr("mm_a", (128, 256)), arr("mm_b", (256, 64))]),
        ("PyPTO softmax", "64x256", ex("examples", "pypto", "softmax.py"), "softmax",
         [arr("sm_x", (64, 256))]),
        ("DeepX fused_attention_scores", "1024x64 @ 64x1024",
         ex("examples", "deepx", "fused_attention_scores.dx"), "fused_attention_scores",
         [arr("q", (1024, 64)), arr("k", (64, 1024)), "[1]", "true", "[1024,1024]", "[1024,1]"]),
    ]
    results = []
    for name, shape, path, entry, args in cases:
        r = {"name": name, "shape": shape, "file": os.path.relpath(path, ROOT)}
        try:
            plain, checked, cplain, cchecked = [], [], [], []
            for _ in range(a.runs):
                c, t = timed(a.pto_run, path, entry, args, a.calls, False)
                plain.append(t)
                cplain.append(c)
                c, t = timed(a.pto_run, path, entry, args, a.calls, True)
                checked.append(t)
                cchecked.append(c)
            r.update({
                "call_s": statistics.median(plain),
                "call_check_s": statistics.median(checked),
                "compile_s": statistics.median(x for x in cplain if x is not None) if any(cplain) else None,
                "compile_check_s": statistics.median(x for x in cchecked if x is not None) if any(cchecked) else None,
            })
        except Exception as e:  # report, go on with the others
            r["error"] = str(e)
        results.append(r)
    print(json.dumps({"calls": a.calls, "runs": a.runs, "cases": results}, indent=1))


if __name__ == "__main__":
    main()
