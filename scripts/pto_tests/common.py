"""The kernel and suite builders, data generators and shared constants of the pto CPU
tests (see scripts/gen_pto_tests.py)."""
import contextlib
import os
import zlib

import numpy as np

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUT = os.path.join(HERE, "..", "lit-tests", "pto", "ops")
INPUTS = os.path.join(OUT, "Inputs")
rng = np.random.default_rng(20261122)

R, C, VR, VC = 16, 32, 12, 20
NP = {"f32": np.float32, "i32": np.int32, "i16": np.int16, "i8": np.int8, "ui8": np.uint8, "f16": np.float16,
      "ui32": np.uint32}
BYTES = {"f32": 4, "i32": 4, "i16": 2, "i8": 1, "ui8": 1, "f16": 2, "bf16": 2, "ui32": 4}
# Level-3 style explicit tile addresses (512-byte aligned, one after another).
ADDRESSES = False
TOL = {"f32": "--rtol 1e-6 --atol 1e-6"}


def tol(dtype, extra=None):
    if extra:
        return extra
    return TOL.get(dtype, "--rtol 0 --atol 0")


HALF = ("f16", "bf16")
rng16 = None  # per suite (Suite.__init__), so a suite's new kernels change only its own data


def half_rng(suite):
    return np.random.default_rng([20261125, zlib.crc32(suite.encode())])


@contextlib.contextmanager
def stream(*dtypes):
    """While generating a kernel of 16-bit floats, draw from their generator."""
    global rng
    if not any(d in HALF for d in dtypes):
        yield
        return
    saved, rng = rng, rng16
    try:
        yield
    finally:
        rng = saved


@contextlib.contextmanager
def own_stream(kernel):
    """While generating `kernel`, draw from a generator of its own (seeded by its name):
    for kernels added after the others' data was fixed, which it leaves as it was."""
    global rng
    saved, rng = rng, np.random.default_rng([20261122, zlib.crc32(kernel.encode())])
    try:
        yield
    finally:
        rng = saved


def streamed(items, dtype=lambda item: item):
    """The items (dtypes, or what `dtype` takes one from) in turn; the loop body of a
    16-bit float one runs with its generator."""
    for item in items:
        with stream(dtype(item)):
            yield item


class BF16(np.ndarray):
    """float32 values that are bfloat16 numbers (made by `bf16`)."""


def bf16(x):
    """x rounded to bfloat16 (to nearest, ties to even), as a BF16 array."""
    u = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    bits = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint32)
    return (bits << np.uint32(16)).view(np.float32).view(BF16)


def cast(x, dtype):
    """x (computed in a wider type, or in float16 by numpy) as an array of dtype."""
    if dtype == "bf16":
        return bf16(x)
    return np.asarray(x).astype(NP[dtype])


def save(name, array):
    path = os.path.join(INPUTS, name + ".npy")
    if not isinstance(array, BF16):
        np.save(path, array)
        return
    # As np.save writes an ml_dtypes bfloat16 array: descr '<V2', the raw bits.
    bits = np.ascontiguousarray(array.view(np.ndarray)).view(np.uint32)
    assert not (bits & 0xFFFF).any(), "bf16 data that is not bfloat16 values"
    shape = "(%s)" % "".join("%d," % d for d in array.shape) if array.ndim == 1 else str(tuple(array.shape))
    header = "{'descr': '<V2', 'fortran_order': False, 'shape': %s, }" % shape
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode())
        f.write((bits >> 16).astype("<u2").tobytes())


def data(dtype, shape, kind="signed"):
    if dtype in HALF:
        return cast(data("f32", shape, kind), dtype)
    if dtype == "f32":
        if kind == "positive":
            return rng.uniform(0.25, 4, shape).astype(np.float32)
        if kind == "nonzero":
            v = rng.uniform(0.25, 3, shape) * rng.choice([-1, 1], shape)
            return v.astype(np.float32)
        if kind == "small":
            return rng.uniform(-2, 2, shape).astype(np.float32)
        return rng.uniform(-3, 3, shape).astype(np.float32)
    if kind == "shift":
        return rng.integers(0, 4, shape).astype(NP[dtype])
    if kind == "nonzero":
        v = rng.integers(1, 20, shape) * rng.choice([-1, 1], shape)
        return v.astype(NP[dtype])
    if kind == "positive":
        return rng.integers(1, 20, shape).astype(NP[dtype])
    lo, hi = (-100, 100) if dtype != "i8" else (-10, 10)
    if dtype == "ui8":
        lo, hi = 0, 200
    return rng.integers(lo, hi, shape).astype(NP[dtype])


class Kernel:
    """One `func.func` taking `!pto.ptr` parameters, built op by op."""

    def __init__(self, name):
        self.name = name
        self.params = []
        self.lines = []
        self.consts = {}
        self.n = 0
        self.addr = {}

    def fresh(self, base="v"):
        self.n += 1
        return f"%{base}{self.n}"

    def ptr(self, dtype):
        p = f"%arg{len(self.params)}"
        self.params.append(f"{p}: !pto.ptr<{dtype}>")
        return p

    def index(self, v):
        if v not in self.consts:
            self.consts[v] = f"%c{v}"
            self.lines.insert(0, f"    %c{v} = arith.constant {v} : index")
        return self.consts[v]

    def emit(self, line):
        self.lines.append("    " + line)

    def tile(self, loc, rows, cols, dtype, valid=(VR, VC), extra=""):
        ty = f"!pto.tile_buf<{loc}, {rows}x{cols}x{dtype}"
        if valid != (rows, cols):
            ty += f", valid={valid[0]}x{valid[1]}"
        ty += (", " + extra if extra else "") + ">"
        t = self.fresh("t")
        if ADDRESSES:
            size = rows * cols * BYTES[dtype]
            at = self.addr.get(loc, 0)
            self.addr[loc] = at + (size + 511) // 512 * 512
            a = self.fresh("a")
            self.emit(f"{a} = arith.constant {at} : i64")
            self.emit(f"{t} = pto.alloc_tile addr = {a} : {ty}")
        else:
            self.emit(f"{t} = pto.alloc_tile : {ty}")
        return t, ty

    def view(self, p, dtype, shape, sizes, offsets=None):
        rank = len(shape)
        strides = [int(np.prod(shape[i + 1:])) for i in range(rank)]
        q = "?x" * rank
        tv = self.fresh("tv")
        dims = ", ".join(self.index(d) for d in shape)
        st = ", ".join(self.index(s) for s in strides)
        self.emit(f"{tv} = pto.make_tensor_view {p}, shape = [{dims}], strides = [{st}] : !pto.tensor_view<{q}{dtype}>")
        pv = self.fresh("pv")
        offsets = offsets or [0] * rank
        offs = ", ".join(self.index(o) for o in offsets)
        sz = ", ".join(self.index(s) for s in sizes)
        pty = f"!pto.partition_tensor_view<{'x'.join(map(str, sizes))}x{dtype}>"
        self.emit(f"{pv} = pto.partition_view {tv}, offsets = [{offs}], sizes = [{sz}] : !pto.tensor_view<{q}{dtype}> -> {pty}")
        return pv, pty

    def load(self, p, dtype, shape, sizes, tile):
        pv, pty = self.view(p, dtype, shape, sizes)
        self.emit(f"pto.tload ins({pv} : {pty}) outs({tile[0]} : {tile[1]})")

    def store(self, tile, p, dtype, shape, sizes):
        pv, pty = self.view(p, dtype, shape, sizes)
        self.emit(f"pto.tstore ins({tile[0]} : {tile[1]}) outs({pv} : {pty})")

    def text(self):
        params = ", ".join(self.params)
        body = "\n".join(self.lines)
        return f"  func.func @{self.name}({params}) {{\n{body}\n    return\n  }}\n"


# Kernels also run by the reference interpreter (`pto-run --interpret`: the same loops
# over byte arenas, exact math) against the same reference: a cross-section of the
# suites (16-bit floats, masks, matrix tiles, conversions, reductions, views).
INTERPRETED = {
    "tadd_f16", "tadd_bf16", "tcmp_lt_f16", "tsel_f16", "tmatmul_f16", "tmatmul_i8",
    "tmatmul_tmov_acc_vec_f16", "tcvt_f32_f16", "ttrans_f32", "trowsum_f16",
    "trowargmax_f16", "tcolmax_f16", "trowexpandexpdif_f32", "texp_f16", "trsqrt_f16",
    "tadds_bf16", "tfmods_f32", "bitcast_f32_i32", "dn_view_f32", "tinsert_f32",
    "tgather_index_f16", "tgather_cmp_gt_f32", "tgather_mask_P0010_f16", "tgatherb_f32",
    "tmrgsort_blocks_f32", "tmrgsort_4lists_exhausted_f32", "tassign_f32", "tsort32_f16_2x40",
}


class Suite:
    """A lit file: kernels and one RUN line each (two for those in INTERPRETED)."""

    def __init__(self, name, doc, module_attrs=""):
        global rng16
        rng16 = half_rng(name)
        self.name = name
        self.doc = doc
        self.runs = []
        self.kernels = []
        self.module_attrs = module_attrs

    def add(self, kernel, args, out_index, ref, tolerance, more=()):
        """`more`: further (argument index, reference) pairs the run checks."""
        names = []
        for i, a in enumerate(args):
            n = f"{self.name}_{kernel.name}_{i}"
            save(n, a)
            names.append(n)
        rn = f"{self.name}_{kernel.name}_ref"
        # bf16 results are compared with float32 references (pto-run decodes them).
        save(rn, ref.view(np.ndarray) if isinstance(ref, BF16) else ref)
        arg_text = " ".join(f"--arg %S/Inputs/{n}.npy" for n in names)
        expect = f"--expect-arg {out_index}=%S/Inputs/{rn}.npy"
        for i, r in more:
            extra = f"{self.name}_{kernel.name}_ref{i}"
            save(extra, r)
            expect += f" --expect-arg {i}=%S/Inputs/{extra}.npy"
        run = f"%s -e {kernel.name} {arg_text} {expect} {tolerance}"
        self.runs.append(f"// RUN: pto-run {run}")
        if kernel.name in INTERPRETED:
            self.runs.append(f"// RUN: pto-run --interpret {run}")
        self.kernels.append(kernel)

    def write(self):
        attrs = f" attributes {{{self.module_attrs}}}" if self.module_attrs else ""
        with open(os.path.join(OUT, self.name + ".pto"), "w") as f:
            f.write("".join(f"// {line}\n" for line in self.doc.strip().split("\n")))
            f.write("// Generated by scripts/gen_pto_tests.py (inputs and numpy references in Inputs/).\n")
            f.write("\n".join(self.runs) + "\n\n")
            f.write(f"module{attrs} {{\n")
            f.write("\n".join(k.text() for k in self.kernels))
            f.write("}\n")


def masked(out0, result, rows=VR, cols=VC):
    """`out0` with its top-left valid region replaced by `result`."""
    ref = out0.copy()
    ref[:rows, :cols] = result[:rows, :cols]
    return ref


def floored_rem(a, b):
    return np.remainder(a, b)


def c_fmod(a, b):
    if a.dtype.kind == "f":
        return np.fmod(a, b)
    return (np.sign(a) * (np.abs(a) % np.abs(b))).astype(a.dtype)


