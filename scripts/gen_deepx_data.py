#!/usr/bin/env python3
"""Generates the inputs and numpy references of the DeepX examples in examples/deepx/.

The .npy files are committed (examples/deepx/data/); rerun this (needs numpy) after
changing an example. Seeded, so the files are reproducible. References are computed in
float64 and rounded to float32.
"""
import os
import sys

import numpy as np

out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "deepx", "data")
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(20261207)


def save(name, array):
    np.save(os.path.join(out, name + ".npy"), np.ascontiguousarray(np.asarray(array).astype(np.float32)))


def normal(*shape, scale=1.0):
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def f64(*arrays):
    return [a.astype(np.float64) for a in arrays]


# fused_linear_norm / norm_layer: x [64, 32] @ W [32, 48] + b, normalized per row.
x, w, b = normal(64, 32), normal(32, 48, scale=0.2), normal(48)
save("fln_x", x)
save("fln_w", w)
save("fln_b", b)
h = x.astype(np.float64) @ w.astype(np.float64) + b.astype(np.float64)
c = h - h.mean(axis=1, keepdims=True)
save("fln_ref", c / np.sqrt((c * c).mean(axis=1, keepdims=True) + 1e-5))

# fused_attention_scores: Q [64, 16] @ K [16, 32], softmax over axis 1.
q, k = normal(64, 16, scale=0.5), normal(16, 32, scale=0.5)
save("att_q", q)
save("att_k", k)
s = np.exp(q.astype(np.float64) @ k.astype(np.float64))
save("att_ref", s / s.sum(axis=1, keepdims=True))

# gemm: 2.0 * A @ B - 0.5 * C.
a, bb, cc = normal(32, 64), normal(64, 48), normal(32, 48)
save("gemm_a", a)
save("gemm_b", bb)
save("gemm_c", cc)
a64, b64, c64 = f64(a, bb, cc)
save("gemm_ref", 2.0 * a64 @ b64 - 0.5 * c64)

# mlp: x [32, 64] -> 96 -> 16.
x, w1, b1, w2, b2 = normal(32, 64), normal(64, 96, scale=0.1), normal(96), normal(96, 16, scale=0.1), normal(16)
for n, v in [("mlp_x", x), ("mlp_w1", w1), ("mlp_b1", b1), ("mlp_w2", w2), ("mlp_b2", b2)]:
    save(n, v)
x, w1, b1, w2, b2 = f64(x, w1, b1, w2, b2)
hh = x @ w1 + b1
g = 0.5 * hh * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (hh + 0.044715 * hh ** 3)))
save("mlp_ref", g @ w2 + b2)

# shapes: x [32, 16].
x = normal(32, 16)
save("shapes_x", x)
save("shapes_colmax", x.max(axis=0, keepdims=True))
save("shapes_rowsum", x.astype(np.float64).sum(axis=-1))
save("shapes_t", x.T)
save("shapes_r", x.T.reshape(8, -1))
x64 = x.astype(np.float64)
cs = x64.T.sum(axis=1, keepdims=True)
save("shapes_stats", np.concatenate([x64.min(axis=1, keepdims=True), (x64 * 0.5 + 1.0).prod(axis=1, keepdims=True),
                                     np.concatenate([cs, cs], axis=0)], axis=1))

# activations: x [32, 16].
x = normal(32, 16)
save("act_x", x)
x = x.astype(np.float64)
save("act_ref", np.minimum(np.maximum(np.maximum(x, 0) + np.log(np.abs(x) + 1), 0.25), 2.5))
