#!/usr/bin/env python3
"""Generates the inputs and numpy references of the PyPTO examples in examples/pypto/.

The .npy files are committed (examples/pypto/data/); rerun this (needs numpy) after
changing an example. Seeded, so the files are reproducible. An argument names another output directory
(the test suite regenerates the data there and compares, lit-tests/run/fresh-data.mlir). References are computed
in float64 and rounded to float32.
"""
import os
import sys

import numpy as np

out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "pypto", "data")
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(20261122)


def save(name, array):
    np.save(os.path.join(out, name + ".npy"), array.astype(np.float32))


def normal(*shape, scale=1.0):
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def softmax(h):
    e = np.exp(h - h.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


a, b = normal(128, 256), normal(128, 256)
save("elementwise_a", a)
save("elementwise_b", b)
a64, b64 = a.astype(np.float64), b.astype(np.float64)
save("elementwise_ref", np.exp(-(a64 * b64 + 0.5)) / (a64 + b64))

x = normal(64, 256, scale=4.0)
save("softmax_x", x)
save("softmax_ref", softmax(x.astype(np.float64)))

x = normal(64, 256, scale=3.0) + 1.0
save("layernorm_x", x)
x64 = x.astype(np.float64)
xc = x64 - x64.mean(axis=1, keepdims=True)
save("layernorm_ref", xc / np.sqrt((xc * xc).mean(axis=1, keepdims=True) + 1e-5))

a, b = normal(128, 256), normal(256, 64)
save("matmul_a", a)
save("matmul_b", b)
save("matmul_ref", a.astype(np.float64) @ b.astype(np.float64))

x = normal(32, 128)
save("loop_x", x)
acc = x.astype(np.float64)
for _ in range(5):
    acc = acc * 0.5 + x.astype(np.float64)
save("loop_ref", acc)
save("reassign_ref", 4 * x.astype(np.float64))

x, w1, w2 = normal(64, 128), normal(128, 64, scale=0.1), normal(64, 32)
save("mlp_x", x)
save("mlp_w1", w1)
save("mlp_w2", w2)
h = x.astype(np.float64) @ w1.astype(np.float64)
save("mlp_ref", softmax(h) @ w2.astype(np.float64))

x, y, w = normal(64, 128), normal(32, 64), normal(64, 32, scale=0.2)
save("window_x", x)
save("window_y", y)
save("window_w", w)
x64 = x.astype(np.float64)
res = np.exp(x64)
centre = x64[16:48, 32:96]
res[32:64, 64:128] = centre + y
res[0:32, 96:128] = centre @ w.astype(np.float64)
save("window_ref", res)

x = normal(32, 64, scale=2.0)
lo, hi = normal(32, 1) - 1.0, normal(32, 1) + 1.0
save("clamp_x", x)
save("clamp_lo", lo)
save("clamp_hi", hi)
# Computed in float32, as the kernel: the clamp is exact, the narrowing rounds once.
np.save(os.path.join(out, "clamp_ref.npy"), np.minimum(np.maximum(x, lo), hi).astype(np.float16))
np.save(os.path.join(out, "quantize_ref.npy"), np.floor(x * np.float32(16.0)).astype(np.int32))

x, w, b = normal(64, 128), normal(128, 32, scale=0.1), normal(1, 32)
s = np.abs(normal(1, 32)) + 0.5
save("linear_x", x)
save("linear_w", w)
save("linear_b", b)
save("linear_s", s)
save("linear_ref", (x.astype(np.float64) @ w.astype(np.float64) + b) / s)

# branch.py: `if` yielding tensors (select, scaled, reassigned: flag 1 and 0; alternate,
# warmup: 5 steps; nested: 4 steps, the first 3 in the inner if).
x = normal(32, 64)
save("branch_x", x)
x64 = x.astype(np.float64)
save("select_1_ref", np.exp(x64))
save("select_0_ref", -x64)
save("scaled_1_ref", np.exp(x64) * 2.0)
save("scaled_0_ref", -x64 * 0.5)
acc = x64.copy()
for i in range(5):
    acc = acc * 0.5 if i % 2 == 0 else acc + x64
save("alternate_ref", acc)
save("warmup_ref", 3 * x64)
acc = x64.copy()
for i in range(4):
    if i < 3:
        acc = acc + x64 if i % 2 == 0 else acc * 0.5
    else:
        acc = np.exp(acc)
save("nested_ref", acc)
save("reassigned_1_ref", 3 * x64)
save("reassigned_0_ref", 2 * x64)

# linear_bt.py: weights stored [out, in] (b_trans), an input stored transposed (a_trans)
# and x @ x^T written with tensor.transpose.
x, w, b = normal(64, 256), normal(128, 256, scale=0.1), normal(1, 128)
save("linear_bt_x", x)
save("linear_bt_w", w)
save("linear_bt_b", b)
x64, w64 = x.astype(np.float64), w.astype(np.float64)
save("linear_bt_ref", x64 @ w64.T + b)
save("linear_bt_xt", x.T.copy())
save("project_t_ref", x64 @ w64.T)
save("gram_ref", x64 @ x64.T)

# transpose.py: a transpose materialized alone and in an elementwise chain.
x, y = normal(96, 160), normal(160, 96)
save("transpose_x", x)
save("transpose_y", y)
save("transpose_ref", x.T.copy())
save("residual_t_ref", (x.astype(np.float64).T + y) * 0.5)

# reshape.py: reshapes sharing their input's buffer and copies (of a view, of a
# returned parameter).
x, s = normal(32, 64), np.abs(normal(64, 1)) + 0.5
save("reshape_x", x)
save("reshape_s", s)
x64 = x.astype(np.float64)
save("flat_exp_ref", np.exp(x64).reshape(2048))
save("regroup_ref", s / x64.reshape(64, 32))
save("window_rows_ref", x64[8:24, 16:48].reshape(8, 64) + 1.0)
save("reshaped_copy_ref", x.reshape(64, 32))

# broadcast.py: vectors on the left of sub and div, and an outer product.
x, b, c = normal(64, 96), normal(1, 96), normal(64, 1)
save("broadcast_x", x)
save("broadcast_b", b)
save("broadcast_c", c)
x64, b64, c64 = x.astype(np.float64), b.astype(np.float64), c.astype(np.float64)
save("broadcast_ref", c64 / (b64 - x64) + c64 * b64)

# rows.py: one program, run on 1, 37 and 200 rows (n is symbolic).
g = normal(1, 256)
save("rows_g", g)
for n in (1, 37, 200):
    x = normal(n, 256, scale=3.0)
    save(f"rows_x{n}", x)
    save(f"rows_ref{n}", softmax(x.astype(np.float64)) * g.astype(np.float64))
save("rows_scaled37", np.load(os.path.join(out, "rows_x37.npy")).astype(np.float64) * g.astype(np.float64))

# batched.py: rank-3 tensors.
x = normal(2, 32, 64, scale=2.0)
g = normal(64)
save("batched_x", x)
save("batched_g", g)
x64 = x.astype(np.float64)
e = np.exp(x64 - x64.max(axis=-1, keepdims=True))
save("softmax3_ref", e / e.sum(axis=-1, keepdims=True) * g.astype(np.float64))
save("transpose_last_ref", np.swapaxes(x, 1, 2))
save("scale_flat_ref", x64 * 0.5)
h = normal(32, 4, 16)
save("heads_x", h)
save("split_heads_ref", np.swapaxes(h, 0, 1))

# matmul_edges.py: M and N not multiples of the blocks.
a, b = normal(100, 64), normal(64, 50)
save("edges_a", a)
save("edges_b", b)
save("edges_ref", a.astype(np.float64) @ b.astype(np.float64))
a, b = normal(64, 37), normal(200, 64)
save("edges_t_a", a)
save("edges_t_b", b)
save("edges_t_ref", a.T.astype(np.float64) @ b.T.astype(np.float64))
save("rows_exp200", np.exp(np.load(os.path.join(out, "rows_x200.npy")).astype(np.float64)))
