#!/usr/bin/env python3
"""Generates the inputs and numpy references of the kernels in lit-tests/run/.

The .npy files are committed; rerun this (needs numpy) after changing a kernel's data.
Seeded, so the files are reproducible.
"""
import os

import numpy as np

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lit-tests", "run", "Inputs")
rng = np.random.default_rng(20261122)


def save(name, array):
    np.save(os.path.join(out, name + ".npy"), array)


a = rng.standard_normal((8, 16)).astype(np.float32)
b = rng.standard_normal((16, 4)).astype(np.float32)
c0 = rng.standard_normal((8, 4)).astype(np.float32)
save("matmul_a", a)
save("matmul_b", b)
save("matmul_c0", c0)
save("matmul_ref", (c0.astype(np.float64) + a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32))

x = (rng.standard_normal((4, 16)) * 4).astype(np.float32)
e = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
save("softmax_x", x)
save("softmax_y0", np.zeros_like(x))
save("softmax_ref", (e / e.sum(axis=1, keepdims=True)).astype(np.float32))

v = rng.standard_normal(100)
save("reduce_x", v)
save("reduce_ref", np.array([np.sum(v)]))

# lit-tests/run/vector.mlir: saxpy and row sums over f32 with 8-lane vectors.
alpha = np.float32(1.5)
sx = rng.standard_normal(64).astype(np.float32)
sy = rng.standard_normal(64).astype(np.float32)
save("vector_x", sx)
save("vector_y", sy)
save("vector_saxpy_ref", (np.float64(alpha) * sx.astype(np.float64) + sy.astype(np.float64)).astype(np.float32))
sm = rng.standard_normal((16, 32)).astype(np.float32)
save("vector_m", sm)
save("vector_out0", np.zeros(16, dtype=np.float32))
save("vector_rowsum_ref", sm.astype(np.float64).sum(axis=1).astype(np.float32))
save("vector_colmax_ref", sm.max(axis=0))

# math-polynomial-approximation (lit-tests/run/approx.mlir): inputs over each function's
# meaningful range (and a few edge values), float64 references rounded to float32. A
# separate generator, so that the data above does not change.
import math

rng = np.random.default_rng(20261123)
n = 256


def with_edges(values, edges):
    values = values.astype(np.float32)
    values[: len(edges)] = edges
    return values


approx = {
    # exp: [-87, 88] covers the whole normal output range; most points in [-20, 20].
    "exp": with_edges(
        np.concatenate([rng.uniform(-20, 20, n - 32), rng.uniform(-87, 88, 32)]),
        [0.0, -0.0, 1.0, -1.0, 88.0, -87.0, 1e-7, -1e-7],
    ),
    # tanh: saturates beyond ~9; tiny arguments return themselves.
    "tanh": with_edges(rng.uniform(-10, 10, n), [0.0, 1e-4, -3e-4, 0.5, -0.5, 9.5, -9.5, 20.0]),
    # log: positive normal numbers over 60 decades (subnormals are flushed to the
    # smallest normal by the approximation).
    "log": with_edges(
        10.0 ** rng.uniform(-30, 30, n), [1.0, 2.0, 0.5, 1.2e-38, 3e38, 0.999999, 1.000001, 10.0]
    ),
    # erf: saturates beyond ~4.
    "erf": with_edges(rng.uniform(-5, 5, n), [0.0, 0.79, 0.81, 1.99, 2.01, 3.74, -3.76, 1e-6]),
}
reference = {
    "exp": np.exp,
    "tanh": np.tanh,
    "log": np.log,
    "erf": np.vectorize(math.erf),
}
save("approx_y0", np.zeros(n, dtype=np.float32))
for name, x in approx.items():
    save("approx_%s_x" % name, x)
    save("approx_%s_ref" % name, reference[name](x.astype(np.float64)).astype(np.float32))

# memref globals and views (lit-tests/run/globals.mlir): products with the constant
# table of the kernel, exact in f32; the sum of elements 1 and 5.
x = np.array([1.5, -2.0, 3.25, 0.5, -4.0, 6.0, 0.125, -1.0], dtype=np.float32)
table = np.array([[1.0, -2.0, 0.5, 4.0], [0.25, 3.0, -1.5, 8.0]], dtype=np.float32)
save("globals_x", x)
save("globals_y0", np.zeros((2, 4), dtype=np.float32))
save("globals_ref", x.reshape(2, 4) * table)
save("globals_column_ref", np.array([x[1] + x[5]], dtype=np.float32))

# memref views (lit-tests/run/views.mlir): a strided window, the flattened buffer
# doubled, the buffer as 2x2x8 plus one; exact in f32.
x = (np.arange(32, dtype=np.float32) * 0.5 - 3.0).reshape(4, 8)
save("views_x", x)
save("views_y0", np.zeros((2, 3), dtype=np.float32))
save("views_z0", np.zeros(32, dtype=np.float32))
save("views_w0", np.zeros((2, 2, 8), dtype=np.float32))
save("views_y", x[1:3, 1:7:2].copy())
save("views_z", x.reshape(32) * 2)
save("views_w", x.reshape(2, 2, 8) + 1)
