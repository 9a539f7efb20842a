"""check_rand.py U.npy N.npy: the uniform and normal draws have the moments of their
distributions (n = 16384: the standard errors of the means are 0.0023 and 0.0078, of the
variances 0.0006 and 0.011; the bounds are about 4 of them)."""
import sys
import numpy as np

u = np.load(sys.argv[1]).ravel()
n = np.load(sys.argv[2]).ravel()
assert u.min() >= 0 and u.max() < 1, (u.min(), u.max())
assert abs(u.mean() - 0.5) < 0.01, u.mean()
assert abs(u.var() - 1 / 12) < 0.003, u.var()
assert abs(n.mean()) < 0.035, n.mean()
assert abs(n.var() - 1) < 0.05, n.var()
# Distinct draws: a counter-based generator repeats nothing here.
assert len(np.unique(u)) > 0.99 * len(u)
print("moments ok")
