#!/usr/bin/env python3
"""Inputs and numpy references for the Harp examples (examples/harp/*.ecl):
gen_harp_data.py OUT_DIR. The lit test lit-tests/harp/examples.mlir runs each
example on them, compiled and interpreted."""
import sys

import numpy as np

out = sys.argv[1]
rng = np.random.default_rng(2026)


def save(name, a):
    np.save(f"{out}/{name}.npy", a)


f32 = np.float32

# softmax.ecl: 16 rows of 1024.
x = (rng.standard_normal((16, 1024)) * 3).astype(f32)
save("softmax_x", x)
e = np.exp(x - x.max(axis=1, keepdims=True))
save("softmax_ref", (e / e.sum(axis=1, keepdims=True)).astype(f32))

# layer_norm.ecl: 8 rows of 1024.
x = (rng.standard_normal((8, 1024)) * 2 + 0.5).astype(f32)
g = rng.standard_normal(1024).astype(f32)
b = rng.standard_normal(1024).astype(f32)
save("ln_x", x)
save("ln_gamma", g)
save("ln_beta", b)
mean = x.mean(axis=1, keepdims=True)
var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
save("ln_ref", ((x - mean) / np.sqrt(var + 1e-5) * g + b).astype(f32))

# matmul.ecl: 16x32 @ 32x8.
a = rng.standard_normal((16, 32)).astype(f32)
w = rng.standard_normal((32, 8)).astype(f32)
save("mm_a", a)
save("mm_b", w)
save("mm_ref", (a.astype(np.float64) @ w.astype(np.float64)).astype(f32))

# relu.ecl with -D batch=32 -D hidden=64.
x = rng.standard_normal((32, 64)).astype(f32)
save("relu_x", x)
save("relu_ref", np.where(x > 0, x, f32(0)))

# add.ecl: a 4x8 matrix plus a row.
a = rng.standard_normal((4, 8)).astype(f32)
r = rng.standard_normal(8).astype(f32)
save("add_a", a)
save("add_b", r)
save("add_ref", a + r)
