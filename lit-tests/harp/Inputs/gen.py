"""Inputs and numpy references of the harp run tests: gen.py DIR."""
import sys
import numpy as np

d = sys.argv[1]
rng = np.random.default_rng(7)
x = rng.standard_normal((4, 8)).astype(np.float32) * 3
np.save(f"{d}/x.npy", x)
e = np.exp(x - x.max(axis=1, keepdims=True))
np.save(f"{d}/softmax.npy", (e / e.sum(axis=1, keepdims=True)).astype(np.float32))
a = rng.standard_normal((2, 3)).astype(np.float32)
b = rng.standard_normal(3).astype(np.float32)
np.save(f"{d}/a.npy", a)
np.save(f"{d}/b.npy", b)
np.save(f"{d}/add_relu.npy", np.maximum(a + b, 0).astype(np.float32))
# Padding and flipping: y[i, j] = x[i, 7 - j] for j < 8, 0 for the two padded columns.
p = np.zeros((4, 10), np.float32)
p[:, :8] = x[:, ::-1]
np.save(f"{d}/pad_flip.npy", p)
# Inputs/two_kernels.harp: relu(a + b) read through a mask, plus a[0, 1] + a[1, 1]
# (a reduction over a zero-stride view), truncated to an integer and back.
r = np.maximum(a + b, 0).ravel()
i = np.arange(6)
m = np.where((i >= 1) & (i < 5), r, np.float32(0))
s = (np.float32(0) + a.ravel()[1]) + a.ravel()[4]
np.save(f"{d}/two_kernels.npy", np.trunc(m + s).astype(np.float32))
