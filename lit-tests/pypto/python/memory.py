# PyPTO's memory passes from the Python form: InitMemRef, BasicMemoryReuse, InsertSync
# and AddAlloc, exported back to Python (reference cases 3 and 4).
# RUN: pto-translate --import-pypto %s --mlir-print-debuginfo | pto-opt --pypto-type-check --pypto-init-memref --pypto-basic-memory-reuse --mlir-print-debuginfo | pto-translate --export-pypto | FileCheck %s --check-prefix=REUSE
# RUN: pto-translate --import-pypto %s --mlir-print-debuginfo | pto-opt --pypto-init-memref --pypto-basic-memory-reuse --pypto-insert-sync --pypto-add-alloc --mlir-print-debuginfo | pto-translate --export-pypto | FileCheck %s --check-prefix=ALL
# RUN: pto-translate --import-pypto %s | pto-opt --pypto-init-memref --pypto-insert-sync | FileCheck %s --check-prefix=SYNC
# RUN: pto-translate --import-pypto %s | pto-opt --pypto-init-memref --pypto-insert-sync | FileCheck %s --check-prefix=SYNCD

# pypto.program: memory
import pypto.language as pl

# Case 3: a and d share a MemRef, b and e share one.
# REUSE-LABEL: def case3(
# REUSE-SAME: out: pl.Tensor{{\[\[}}64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, 0, 16384, 2)]
# REUSE-NEXT: a: pl.Tile{{\[\[}}64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.UB, 0, 16384, 3)] = pl.block.load(A, 0, 0, 64, 64)
# REUSE-NEXT: b: pl.Tile{{\[\[}}64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.UB, 0, 16384, 4)] = pl.block.load(B, 0, 0, 64, 64)
# REUSE-NEXT: c: pl.Tile{{\[\[}}64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.UB, 0, 16384, 5)] = pl.block.add(a, b)
# REUSE-NEXT: d: pl.Tile{{\[\[}}64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.UB, 0, 16384, 3)] = pl.block.mul(c, c)
# REUSE-NEXT: e: pl.Tile{{\[\[}}64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.UB, 0, 16384, 4)] = pl.block.add(d, d)
# REUSE-NEXT: r: pl.Tensor{{\[\[}}64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.DDR, 0, 16384, 2)] = pl.block.store(e, 0, 0, 64, 64, out)
# ALL-LABEL: def case3(
# ALL-NEXT: mem_3 = pl.block.alloc(1, 0, 16384, 3)
# ALL-NEXT: mem_4 = pl.block.alloc(1, 16384, 16384, 4)
# ALL-NEXT: mem_5 = pl.block.alloc(1, 32768, 16384, 5)
# ALL-NEXT: a: pl.Tile{{\[\[}}64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.UB, 0, 16384, 3)] = pl.block.load(A, 0, 0, 64, 64)
# ALL-NEXT: pl.system.sync_src(event_id=0, set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.V)
# ALL-NEXT: b: pl.Tile{{\[\[}}64, 64], pl.FP32, memref=pl.MemRef(pl.MemorySpace.UB, 16384, 16384, 4)] = pl.block.load(B, 0, 0, 64, 64)
# ALL-NEXT: pl.system.sync_src(event_id=1, set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.V)
# ALL-NEXT: pl.system.sync_dst(event_id=0, set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.V)
# ALL-NEXT: pl.system.sync_dst(event_id=1, set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.V)
# ALL-NEXT: c: {{.*}} = pl.block.add(a, b)
# ALL-NEXT: pl.system.bar_v()
# ALL-NEXT: d: {{.*}} = pl.block.mul(c, c)
# ALL-NEXT: pl.system.bar_v()
# ALL-NEXT: e: {{.*}} = pl.block.add(d, d)
# ALL-NEXT: pl.system.sync_src(event_id=0, set_pipe=pl.PipeType.V, wait_pipe=pl.PipeType.MTE3)
# ALL-NEXT: pl.system.sync_dst(event_id=0, set_pipe=pl.PipeType.V, wait_pipe=pl.PipeType.MTE3)
# ALL-NEXT: r: {{.*}} = pl.block.store(e, 0, 0, 64, 64, out)
@pl.function(type=pl.FunctionType.InCore)
def case3(A: pl.Tensor[[64, 64], pl.FP32], B: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
    a: pl.Tile[[64, 64], pl.FP32] = pl.block.load(A, 0, 0, 64, 64)
    b: pl.Tile[[64, 64], pl.FP32] = pl.block.load(B, 0, 0, 64, 64)
    c: pl.Tile[[64, 64], pl.FP32] = pl.block.add(a, b)
    d: pl.Tile[[64, 64], pl.FP32] = pl.block.mul(c, c)
    e: pl.Tile[[64, 64], pl.FP32] = pl.block.add(d, d)
    r: pl.Tensor[[64, 64], pl.FP32] = pl.block.store(e, 0, 0, 64, 64, out)
    return r

# Case 4: load, load -> add -> store: 3 sync_src and 3 sync_dst.
# SYNC-LABEL: func.func @case4
# SYNC-COUNT-3: pypto.system.sync_src
# SYNC-NOT: pypto.system.{{sync_src|bar}}
# SYNC: return
# SYNCD-LABEL: func.func @case4
# SYNCD-COUNT-3: pypto.system.sync_dst
# SYNCD-NOT: pypto.system.{{sync_dst|bar}}
# SYNCD: return
@pl.function(type=pl.FunctionType.InCore)
def case4(A: pl.Tensor[[64, 64], pl.FP32], B: pl.Tensor[[64, 64], pl.FP32], out: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
    tile_a: pl.Tile[[64, 64], pl.FP32] = pl.block.load(A, 0, 0, 64, 64)
    tile_b: pl.Tile[[64, 64], pl.FP32] = pl.block.load(B, 0, 0, 64, 64)
    tile_c: pl.Tile[[64, 64], pl.FP32] = pl.block.add(tile_a, tile_b)
    res: pl.Tensor[[64, 64], pl.FP32] = pl.block.store(tile_c, 0, 0, 64, 64, out)
    return res
