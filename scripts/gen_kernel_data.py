#!/usr/bin/env python3
"""Generates the inputs and numpy references of the kernels in lit-tests/run/.

The .npy files are committed; rerun this (needs numpy) after changing a kernel's data.
Seeded, so the files are reproducible. An argument names another output directory
(the test suite regenerates the data there and compares, lit-tests/run/fresh-data.mlir).
"""
import os
import sys

import numpy as np

out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lit-tests", "run", "Inputs")
os.makedirs(out, exist_ok=True)
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

# 16-bit floats (lit-tests/run/half.mlir). f16 is numpy's float16, whose arithmetic
# rounds each operation's float32 result to float16, as the interpreter and the
# compiled code do: the references are bit-exact. numpy has no bfloat16: inputs are
# written as ml_dtypes saves bfloat16 arrays (descr '<V2', the raw bits) or as uint16
# bits, and references rounded here (to nearest, ties to even) from float32.
rng = np.random.default_rng(20261124)


def bf16_bits(x):
    """The bfloat16 bits nearest to the float32 values x (ties to even; NaN quieted)."""
    u = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    r = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    nan = np.isnan(np.asarray(x, dtype=np.float32))
    r[nan] = ((u[nan] >> 16) | 0x40).astype(np.uint16)
    return r


def bf16_value(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def save_bf16(name, bits):
    """Writes bits as ml_dtypes' np.save writes a bfloat16 array ('<V2')."""
    header = "{'descr': '<V2', 'fortran_order': False, 'shape': (%d,), }" % len(bits)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(os.path.join(out, name + ".npy"), "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode())
        f.write(bits.astype("<u2").tobytes())


n = 64
hx = rng.standard_normal(n).astype(np.float16)
hy = (rng.standard_normal(n) + 2.5).astype(np.float16)
save("half_x", hx)
save("half_y", hy)
save("half_out0", np.zeros(n, dtype=np.float16))
save("half_f32_out0", np.zeros(n, dtype=np.float32))
save("half_fma_ref", hx * hy + hx)
q = hx / hy
d = hx - hy
save("half_mix_ref", np.where(hx < hy, np.maximum(q, d), np.minimum(q, d)))
save("half_ext_ref", hx.astype(np.float32))
s = np.float16(0.5)
for v in hx:
    s = np.float16(s + v)
save("half_sum_ref", np.array([s], dtype=np.float16))
save("half_exp_ref", np.exp(hx.astype(np.float64)).astype(np.float16))
# float32 -> float16 on every kind of input: ties (to even), the overflow threshold
# 65520, subnormals and half the smallest one, signed zeros, infinities.
edges = np.array(
    [0.0, -0.0, 1.0 + 2.0**-11, 1.0 + 3 * 2.0**-11, 65504.0, 65519.99, 65520.0, -70000.0,
     2.0**-24, 2.0**-25, 1.5 * 2.0**-25, -(2.0**-14), np.inf, -np.inf, 1e-30, 3.0e38],
    dtype=np.float32,
)
tx = np.concatenate([edges, (rng.standard_normal(256 - len(edges)) * 10.0**rng.uniform(-6, 5, 256 - len(edges))).astype(np.float32)])
save("half_trunc_x", tx)
save("half_trunc_out0", np.zeros(len(tx), dtype=np.float16))
with np.errstate(over="ignore"):  # 65520 and beyond become inf, as they should
    save("half_trunc_ref", tx.astype(np.float16))
save("bf16_trunc_out0", np.zeros(len(tx), dtype=np.uint16))
save("bf16_trunc_ref", bf16_bits(tx))
bx = bf16_bits(rng.standard_normal(n).astype(np.float32))
by = bf16_bits(rng.standard_normal(n).astype(np.float32))
save_bf16("bf16_x", bx)
save("bf16_y", by)
save_bf16("bf16_out0", np.zeros(n, dtype=np.uint16))
bfx, bfy = bf16_value(bx), bf16_value(by)
save("bf16_fma_ref", bf16_value(bf16_bits(bf16_value(bf16_bits(bfx * bfy)) + bfx)))
save("half_iota_ref", (np.arange(4) * 0.5 - 1.0).astype(np.float16))

# Typed views of a byte arena (lit-tests/run/byte-views.mlir): x copied into an f32 view,
# its rows reversed into an f16 view at an unaligned shift, its signs flipped through an
# i32 view; 2 * x[:, ::-1] - x, exact (views_x holds halves between -3 and 12.5).
x = np.load(os.path.join(out, "views_x.npy"))
save("byte_views_ref", 2 * x[:, ::-1] - x)
