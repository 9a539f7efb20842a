#!/usr/bin/env python3
"""same-npy.py FRESH COMMITTED: every .npy file in FRESH has a twin in COMMITTED with the
same dtype, shape and bytes. Exit 1 naming each file that differs or is missing."""
import os
import sys

import numpy as np

fresh, committed = sys.argv[1], sys.argv[2]
bad = []
names = sorted(n for n in os.listdir(fresh) if n.endswith(".npy"))
for name in names:
    theirs = os.path.join(committed, name)
    if not os.path.exists(theirs):
        bad.append(f"{name}: not committed")
        continue
    a, b = np.load(os.path.join(fresh, name)), np.load(theirs)
    if a.dtype != b.dtype or a.shape != b.shape or a.tobytes() != b.tobytes():
        bad.append(f"{name}: differs ({a.dtype}{list(a.shape)} vs {b.dtype}{list(b.shape)})")
for line in bad:
    print(f"same-npy: {line}", file=sys.stderr)
if not names:
    print("same-npy: no .npy files generated", file=sys.stderr)
    sys.exit(1)
if bad:
    sys.exit(1)
print(f"same-npy: {len(names)} files identical")
