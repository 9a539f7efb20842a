#!/usr/bin/env python3
"""Generates the per-op CPU tests of the pto dialect (lit-tests/pto/ops/*.pto) and their
numpy inputs and references (lit-tests/pto/ops/Inputs/*.npy).

Every kernel loads its inputs from global memory (`!pto.ptr` parameters) into tiles,
runs one op, and stores the result; `pto-run` runs it (planned, lowered to loops,
JIT-compiled) and compares the output parameter with numpy's result; a cross-section
(`INTERPRETED` in pto_tests/common.py) also runs interpreted. Tiles are 16x32
with a 12x20 valid region, and the output starts as random data: elements outside the
valid region must come back unchanged. Seeded, so the files are reproducible; rerun
after changing a kernel (needs numpy).

16-bit floats: f16 is numpy's float16, whose arithmetic rounds each float32 result to
float16 as the CPU code does, so most f16 kernels are checked bit for bit. numpy has no
bfloat16: bf16 data is kept as float32 arrays of bfloat16 values (class BF16), written
as ml_dtypes writes bfloat16 arrays (descr '<V2', the raw bits), and bf16 results are
compared with float32 references (pto-run decodes them). The 16-bit kernels draw from
a generator of their own per suite, so adding them leaves every other kernel's data as
it was.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from pto_tests.common import INPUTS  # noqa: E402
from pto_tests.gathers import gathers  # noqa: E402
from pto_tests.tiles import a5, conformance, copies, matmuls, views  # noqa: E402
from pto_tests.vector import elementwise, masks, reductions, scalar_ops, unary_ops  # noqa: E402


def main():
    os.makedirs(INPUTS, exist_ok=True)
    a5()
    conformance()
    masks()
    views()
    elementwise()
    scalar_ops()
    unary_ops()
    reductions()
    matmuls()
    copies()
    gathers()


if __name__ == "__main__":
    main()
