#!/usr/bin/env python3
"""numpy's side of the PyPTO kernel benchmark (benches/pypto.rs; run by scripts/bench.sh).

Times the computations benches/pypto.rs runs as PyPTO programs, on the same shapes, with
numpy on ONE thread (OpenBLAS and any OpenMP pool are limited to one thread before numpy
is imported): f32 matmul 1024x1024x1024 (`a @ b`), softmax and layer norm over the rows
of a 4096x1024 f32 array, written as the PyPTO programs are (row max, exp of the
difference, row sum, division; mean and variance as row sums times 1/N, then times
1/sqrt(var + 1e-5)). Inputs are seeded normal f32 (as scaled in the PyPTO benchmark).
Each computation: two warm-up calls, then the median wall time of --calls calls.

Prints one JSON object on stdout.

    python3 scripts/bench_pypto_numpy.py --calls 20
"""
import argparse
import ctypes
import glob
import json
import os
import statistics
import sys
import time

# Before numpy loads OpenBLAS: one thread for every BLAS/OpenMP runtime it may use.
for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS",
            "BLIS_NUM_THREADS", "VECLIB_MAXIMUM_THREADS", "NUMEXPR_NUM_THREADS"):
    os.environ[var] = "1"

import numpy as np  # noqa: E402


def openblas_info():
    """(threads, config) of the OpenBLAS numpy loaded, or (None, None) if not found."""
    here = os.path.dirname(os.path.dirname(np.__file__))
    for path in sorted(glob.glob(os.path.join(here, "numpy.libs", "*openblas*"))):
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        for prefix, suffix in (("scipy_openblas_", "64_"), ("openblas_", "")):
            get_threads = getattr(lib, prefix + "get_num_threads" + suffix, None)
            get_config = getattr(lib, prefix + "get_config" + suffix, None)
            if get_threads is None or get_config is None:
                continue
            get_config.restype = ctypes.c_char_p
            return get_threads(), get_config().decode()
    return None, None


def timed(f, calls):
    for _ in range(2):
        f()
    times = []
    for _ in range(calls):
        t = time.perf_counter()
        f()
        times.append((time.perf_counter() - t) * 1e3)
    return times


def softmax(x):
    m = x.max(axis=1, keepdims=True)
    e = np.exp(x - m)
    return e / e.sum(axis=1, keepdims=True)


def layernorm(x):
    inv = np.float32(1.0 / x.shape[1])
    mean = x.sum(axis=1, keepdims=True) * inv
    xc = x - mean
    var = (xc * xc).sum(axis=1, keepdims=True) * inv
    return xc * (np.float32(1.0) / np.sqrt(var + np.float32(1e-5)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--calls", type=int, default=20, help="timed calls per kernel (median)")
    args = ap.parse_args()
    if args.calls < 1:
        ap.error("--calls must be positive")
    rng = np.random.default_rng(20261122)
    normal = lambda shape, scale=1.0, shift=0.0: (
        rng.standard_normal(shape) * scale + shift).astype(np.float32)
    m = k = n = 1024
    rows, cols = 4096, 1024
    a, b = normal((m, k)), normal((k, n))
    xs, xl = normal((rows, cols), 4.0), normal((rows, cols), 3.0, 1.0)
    kernels = []
    for name, shape, f, flop in (
        ("matmul", "%dx%dx%d" % (m, k, n), lambda: a @ b, 2.0 * m * k * n),
        ("softmax", "%dx%d" % (rows, cols), lambda: softmax(xs), None),
        ("layernorm", "%dx%d" % (rows, cols), lambda: layernorm(xl), None),
    ):
        assert f().dtype == np.float32
        times = timed(f, args.calls)
        med = statistics.median(times)
        kernels.append({
            "name": name, "shape": shape, "calls": args.calls, "median_ms": round(med, 3),
            "min_ms": round(min(times), 3), "max_ms": round(max(times), 3),
            "gflops": round(flop / (med * 1e-3) / 1e9, 2) if flop else None,
        })
    threads, config = openblas_info()
    json.dump({
        "numpy": np.__version__, "python": sys.version.split()[0],
        "blas": config, "blas_threads": threads, "kernels": kernels,
    }, sys.stdout)
    print()


if __name__ == "__main__":
    main()
