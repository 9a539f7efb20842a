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
