# Programs as black formats them, read by a real Python parser: headers over several
# lines with trailing commas, calls and loop headers split across lines, comments
# inside brackets, parenthesised expressions, `elif`, docstrings (skipped). They import, and the export
# imports back to the same IR.
# RUN: pto-translate --import-pypto %s | FileCheck %s
# RUN: %pypto-roundtrip %s

"""Programs as black writes them."""

import pypto.language as pl


# CHECK-LABEL: func.func @scaled_sum(
# CHECK-SAME: %arg0: !pypto.tensor<[64, 64], f32>
# CHECK-SAME: %arg1: !pypto.tensor<[64, 64], f32>
# CHECK: pypto.tensor.add
# CHECK: pypto.tensor.mul_scalar
@pl.function(
    type=pl.FunctionType.InCore,
)
def scaled_sum(
    a: pl.Tensor[[64, 64], pl.FP32],  # the first operand
    b: pl.Tensor[
        [64, 64],
        pl.FP32,
    ],
) -> pl.Tensor[[64, 64], pl.FP32]:
    c = pl.tensor.add(
        a,
        b,  # trailing comma
    )
    d = pl.tensor.mul_scalar(c, (2.0))
    return d


# CHECK-LABEL: func.func @loop(
# CHECK: scf.for
def loop(
    x: pl.INT64,
) -> pl.INT64:
    acc = 0
    for i, (s,) in pl.range(
        0,
        4,
        1,
        init_values=[acc],
    ):
        t = s + (
            x * 2
        )
        s_out = pl.yield_(t)
    return s_out


# CHECK-LABEL: func.func @pick(
# CHECK: scf.if
def pick(x: pl.INT64) -> pl.INT64:
    """The distance to the step below x."""
    if x > 4:
        y = x - 4
    elif x > 2:
        y = x - 2
    else:
        y = x
    return y
