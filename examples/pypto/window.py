# pypto.program: window
import pypto.language as pl

# Windows of tensors: a view is read in place (by an elementwise chain and by a
# matmul), and results are assembled into one output tensor.

@pl.function(type=pl.FunctionType.InCore)
def window(x: pl.Tensor[[64, 128], pl.FP32], y: pl.Tensor[[32, 64], pl.FP32], w: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 128], pl.FP32]:
    out = pl.tensor.create([64, 128], dtype=pl.FP32)
    out = pl.tensor.assemble(out, pl.tensor.exp(x), [0, 0])
    centre = pl.tensor.view(x, [32, 64], [16, 32])
    out = pl.tensor.assemble(out, pl.tensor.add(centre, y), [32, 64])
    out = pl.tensor.assemble(out, pl.tensor.matmul(centre, w), [0, 96])
    return out
