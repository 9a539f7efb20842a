#!/usr/bin/env python3
"""Generates the per-op CPU tests of the pto dialect (lit-tests/pto/ops/*.pto) and their
numpy inputs and references (lit-tests/pto/ops/Inputs/*.npy).

Every kernel loads its inputs from global memory (`!pto.ptr` parameters) into tiles,
runs one op, and stores the result; `pto-run` runs it (planned, lowered to loops,
JIT-compiled) and compares the output parameter with numpy's result. Tiles are 16x32
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
import contextlib
import os
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "lit-tests", "pto", "ops")
INPUTS = os.path.join(OUT, "Inputs")
rng = np.random.default_rng(20261122)

R, C, VR, VC = 16, 32, 12, 20
NP = {"f32": np.float32, "i32": np.int32, "i16": np.int16, "i8": np.int8, "ui8": np.uint8, "f16": np.float16}
BYTES = {"f32": 4, "i32": 4, "i16": 2, "i8": 1, "ui8": 1, "f16": 2, "bf16": 2}
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


class Suite:
    """A lit file: kernels and one RUN line each."""

    def __init__(self, name, doc, module_attrs=""):
        global rng16
        rng16 = half_rng(name)
        self.name = name
        self.doc = doc
        self.runs = []
        self.kernels = []
        self.module_attrs = module_attrs

    def add(self, kernel, args, out_index, ref, tolerance):
        names = []
        for i, a in enumerate(args):
            n = f"{self.name}_{kernel.name}_{i}"
            save(n, a)
            names.append(n)
        rn = f"{self.name}_{kernel.name}_ref"
        # bf16 results are compared with float32 references (pto-run decodes them).
        save(rn, ref.view(np.ndarray) if isinstance(ref, BF16) else ref)
        arg_text = " ".join(f"--arg %S/Inputs/{n}.npy" for n in names)
        self.runs.append(
            f"// RUN: pto-run %s -e {kernel.name} {arg_text} --expect-arg {out_index}=%S/Inputs/{rn}.npy {tolerance}"
        )
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


BINARY = {
    "tadd": (np.add, ["f32", "i32", "i16", "f16", "bf16"], "signed"),
    "tsub": (np.subtract, ["f32", "i32", "i16", "f16"], "signed"),
    "tmul": (np.multiply, ["f32", "i32", "i16", "f16"], "signed"),
    "tdiv": (np.divide, ["f32", "f16"], "nonzero"),
    "tmax": (np.maximum, ["f32", "i32", "i16", "f16"], "signed"),
    "tmin": (np.minimum, ["f32", "i32", "i16", "f16"], "signed"),
    "tand": (np.bitwise_and, ["i16", "i8"], "signed"),
    "tor": (np.bitwise_or, ["i16", "i8"], "signed"),
    "tshl": (np.left_shift, ["i32", "i16"], "shift"),
    "tshr": (np.right_shift, ["i32", "i16"], "shift"),
    "tfmod": (c_fmod, ["f32", "i32"], "nonzero"),
}
BINARY_TMP = {
    "trem": (floored_rem, ["f32", "i32"], "nonzero"),
    "txor": (np.bitwise_xor, ["i16", "i8"], "signed"),
    "tprelu": (lambda a, s: np.where(a > 0, a, s * a), ["f32"], "signed"),
}


def elementwise():
    s = Suite("elementwise", """
Tile-tile elementwise ops on a CPU against numpy: each kernel loads two 16x32 tiles
(valid 12x20) from global memory, applies the op and stores the valid region.""")
    for table, tmp in [(BINARY, False), (BINARY_TMP, True)]:
        for op, (f, dtypes, kind) in table.items():
            for dt in streamed(dtypes):
                k = Kernel(f"{op}_{dt}")
                pa, pb, pc = k.ptr(dt), k.ptr(dt), k.ptr(dt)
                ta = k.tile("vec", R, C, dt)
                tb = k.tile("vec", R, C, dt)
                tc = k.tile("vec", R, C, dt)
                k.load(pa, dt, (R, C), (VR, VC), ta)
                k.load(pb, dt, (R, C), (VR, VC), tb)
                if tmp:
                    tt = k.tile("vec", R, C, dt)
                    k.emit(f"pto.{op} ins({ta[0]}, {tb[0]}, {tt[0]} : {ta[1]}, {tb[1]}, {tt[1]}) outs({tc[0]} : {tc[1]})")
                else:
                    k.emit(f"pto.{op} ins({ta[0]}, {tb[0]} : {ta[1]}, {tb[1]}) outs({tc[0]} : {tc[1]})")
                k.store(tc, pc, dt, (R, C), (VR, VC))
                a = data(dt, (R, C), "signed" if kind == "shift" else "signed")
                b = data(dt, (R, C), kind)
                c0 = data(dt, (R, C))
                # f16: numpy computes in float16 (each result rounded from float32):
                # bit-exact. bf16: computed in float32 and rounded, as the CPU does.
                with np.errstate(all="ignore"):
                    res = cast(f(a, b), dt)
                s.add(k, [a, b, c0], 2, masked(c0, res), tol(dt))
    # Partial ops: the second source is valid on 8x12 only.
    for op, f in [("tpartadd", np.add), ("tpartmax", np.maximum), ("tpartmin", np.minimum), ("tpartmul", np.multiply)]:
        dt = "f32"
        k = Kernel(f"{op}_{dt}")
        pa, pb, pc = k.ptr(dt), k.ptr(dt), k.ptr(dt)
        ta = k.tile("vec", R, C, dt)
        tb = k.tile("vec", R, C, dt, valid=(8, 12))
        tc = k.tile("vec", R, C, dt)
        k.load(pa, dt, (R, C), (VR, VC), ta)
        k.load(pb, dt, (R, C), (8, 12), tb)
        k.emit(f"pto.{op} ins({ta[0]}, {tb[0]} : {ta[1]}, {tb[1]}) outs({tc[0]} : {tc[1]})")
        k.store(tc, pc, dt, (R, C), (VR, VC))
        a, b, c0 = data(dt, (R, C)), data(dt, (R, C)), data(dt, (R, C))
        res = a.copy()
        res[:8, :12] = f(a[:8, :12], b[:8, :12])
        s.add(k, [a, b, c0], 2, masked(c0, res), tol(dt))
    s.write()


SCALAR = {
    "tadds": (lambda t, x: t + x, ["f32", "i32", "f16", "bf16"], "signed"),
    "tsubs": (lambda t, x: t - x, ["f32", "i32"], "signed"),
    "tmuls": (lambda t, x: t * x, ["f32", "i32", "f16", "bf16"], "signed"),
    "tdivs": (lambda t, x: t / x, ["f32"], "signed"),
    "tmaxs": (np.maximum, ["f32", "i32", "f16"], "signed"),
    "tmins": (np.minimum, ["f32", "i32"], "signed"),
    "tfmods": (c_fmod, ["f32"], "signed"),
    "tlrelu": (lambda t, x: np.where(t > 0, t, x * t), ["f32"], "signed"),
    "tands": (np.bitwise_and, ["i32"], "signed"),
    "tors": (np.bitwise_or, ["i32"], "signed"),
    "tshls": (np.left_shift, ["i32"], "signed"),
    "tshrs": (np.right_shift, ["i32"], "signed"),
}
SCALAR_TMP = {
    "trems": (floored_rem, ["f32", "i32"], "signed"),
    "txors": (np.bitwise_xor, ["i16"], "signed"),
}
SCALARS = {"f32": ("1.75", np.float32(1.75)), "i32": ("3", np.int32(3)), "i16": ("5", np.int16(5)),
           "f16": ("1.75", np.float16(1.75)), "bf16": ("1.75", np.float32(1.75))}


def scalar_ops():
    s = Suite("scalar", """
Tile-scalar ops on a CPU against numpy (tile 16x32, valid 12x20; the scalar is a
constant). `tdivs` also with the scalar first (scalar / tile).""")
    for table, tmp in [(SCALAR, False), (SCALAR_TMP, True)]:
        for op, (f, dtypes, kind) in table.items():
            for dt in streamed(dtypes):
                for scalar_first in ([False, True] if op == "tdivs" else [False]):
                    name = f"{op}_{dt}" + ("_rev" if scalar_first else "")
                    k = Kernel(name)
                    pa, pc = k.ptr(dt), k.ptr(dt)
                    sty = "f32" if op == "tlrelu" else dt
                    text, value = SCALARS[sty]
                    if op in ("tshls", "tshrs"):
                        text, value = "2", np.int32(2)
                    sv = k.fresh("s")
                    k.emit(f"{sv} = arith.constant {text} : {sty}")
                    ta = k.tile("vec", R, C, dt)
                    tc = k.tile("vec", R, C, dt)
                    k.load(pa, dt, (R, C), (VR, VC), ta)
                    if tmp:
                        tt = k.tile("vec", R, C, dt)
                        k.emit(f"pto.{op} ins({ta[0]}, {sv}, {tt[0]} : {ta[1]}, {sty}, {tt[1]}) outs({tc[0]} : {tc[1]})")
                    elif scalar_first:
                        k.emit(f"pto.{op} ins({sv}, {ta[0]} : {sty}, {ta[1]}) outs({tc[0]} : {tc[1]})")
                    else:
                        k.emit(f"pto.{op} ins({ta[0]}, {sv} : {ta[1]}, {sty}) outs({tc[0]} : {tc[1]})")
                    k.store(tc, pc, dt, (R, C), (VR, VC))
                    a = data(dt, (R, C), "nonzero" if scalar_first else kind)
                    c0 = data(dt, (R, C))
                    res = cast(f(value, a) if scalar_first else f(a, value), dt)
                    s.add(k, [a, c0], 1, masked(c0, res), tol(dt))
    # taxpy: dst += t * s; texpands: dst = s.
    dt = "f32"
    k = Kernel("taxpy_f32")
    pa, pc = k.ptr(dt), k.ptr(dt)
    k.emit("%s = arith.constant 1.75 : f32")
    ta, tc = k.tile("vec", R, C, dt), k.tile("vec", R, C, dt)
    k.load(pa, dt, (R, C), (VR, VC), ta)
    k.load(pc, dt, (R, C), (VR, VC), tc)
    k.emit(f"pto.taxpy ins({ta[0]}, %s : {ta[1]}, f32) outs({tc[0]} : {tc[1]})")
    k.store(tc, pc, dt, (R, C), (VR, VC))
    a, c0 = data(dt, (R, C)), data(dt, (R, C))
    s.add(k, [a, c0], 1, masked(c0, c0 + np.float32(1.75) * a), tol(dt))
    for dt in streamed(["f32", "i32", "f16"]):
        k = Kernel(f"texpands_{dt}")
        pc = k.ptr(dt)
        text, value = SCALARS[dt]
        k.emit(f"%s = arith.constant {text} : {dt}")
        tc = k.tile("vec", R, C, dt)
        k.emit(f"pto.texpands ins(%s : {dt}) outs({tc[0]} : {tc[1]})")
        k.store(tc, pc, dt, (R, C), (VR, VC))
        c0 = data(dt, (R, C))
        s.add(k, [c0], 0, masked(c0, np.full((R, C), value, NP[dt])), tol(dt))
    s.write()


UNARY = {
    "tabs": (np.abs, ["f32", "f16"], "signed"),
    "tneg": (np.negative, ["f32", "i32", "i16", "f16"], "signed"),
    "texp": (np.exp, ["f32", "f16"], "small"),
    "tlog": (np.log, ["f32", "f16"], "positive"),
    "tsqrt": (np.sqrt, ["f32", "f16"], "positive"),
    "trsqrt": (lambda x: 1 / np.sqrt(x), ["f32", "f16"], "positive"),
    "trecip": (lambda x: 1 / x, ["f32", "f16"], "nonzero"),
    "trelu": (lambda x: np.maximum(x, 0), ["f32", "i32", "f16"], "signed"),
    "tnot": (np.invert, ["i16", "i32"], "signed"),
}


def unary_ops():
    s = Suite("unary", """
Unary tile ops and ternary forms on a CPU against numpy (tile 16x32, valid 12x20).""")
    for op, (f, dtypes, kind) in UNARY.items():
        for dt in streamed(dtypes):
            k = Kernel(f"{op}_{dt}")
            pa, pc = k.ptr(dt), k.ptr(dt)
            ta, tc = k.tile("vec", R, C, dt), k.tile("vec", R, C, dt)
            k.load(pa, dt, (R, C), (VR, VC), ta)
            k.emit(f"pto.{op} ins({ta[0]} : {ta[1]}) outs({tc[0]} : {tc[1]})")
            k.store(tc, pc, dt, (R, C), (VR, VC))
            a, c0 = data(dt, (R, C), kind), data(dt, (R, C))
            res = f(a.astype(np.float64) if dt in ("f32", "f16") else a).astype(NP[dt])
            # f16: the exact result rounded once; sqrt and 1/x round once on the CPU too
            # (in f32, then to f16: innocuous), exp/log/rsqrt may be one ulp off.
            t = "--rtol 1e-3 --atol 1e-6" if dt == "f16" and op in ("texp", "tlog", "trsqrt") else tol(dt)
            s.add(k, [a, c0], 1, masked(c0, res), t)
    for op, f in [("taddc", lambda a, b, c: a + b + c), ("tsubc", lambda a, b, c: a - b + c)]:
        dt = "f32"
        k = Kernel(f"{op}_{dt}")
        pa, pb, pd, pc = k.ptr(dt), k.ptr(dt), k.ptr(dt), k.ptr(dt)
        ta, tb, td, tc = (k.tile("vec", R, C, dt) for _ in range(4))
        for p, t in [(pa, ta), (pb, tb), (pd, td)]:
            k.load(p, dt, (R, C), (VR, VC), t)
        k.emit(f"pto.{op} ins({ta[0]}, {tb[0]}, {td[0]} : {ta[1]}, {tb[1]}, {td[1]}) outs({tc[0]} : {tc[1]})")
        k.store(tc, pc, dt, (R, C), (VR, VC))
        a, b, d, c0 = (data(dt, (R, C)) for _ in range(4))
        s.add(k, [a, b, d, c0], 3, masked(c0, f(a, b, d)), "--rtol 1e-6 --atol 1e-5")
    for op, f in [("taddsc", lambda a, x, b: a + x + b), ("tsubsc", lambda a, x, b: a - x + b)]:
        dt = "f32"
        k = Kernel(f"{op}_{dt}")
        pa, pb, pc = k.ptr(dt), k.ptr(dt), k.ptr(dt)
        k.emit("%s = arith.constant 1.75 : f32")
        ta, tb, tc = (k.tile("vec", R, C, dt) for _ in range(3))
        k.load(pa, dt, (R, C), (VR, VC), ta)
        k.load(pb, dt, (R, C), (VR, VC), tb)
        k.emit(f"pto.{op} ins({ta[0]}, %s, {tb[0]} : {ta[1]}, f32, {tb[1]}) outs({tc[0]} : {tc[1]})")
        k.store(tc, pc, dt, (R, C), (VR, VC))
        a, b, c0 = (data(dt, (R, C)) for _ in range(3))
        s.add(k, [a, b, c0], 2, masked(c0, f(a, np.float32(1.75), b)), "--rtol 1e-6 --atol 1e-5")
    s.write()


def reductions():
    s = Suite("reduce", """
Row and column reductions and expansions on a CPU against numpy. Row results go to a
16x1 column vector (DN), column results to a 1x32 row; sources are 16x32 with a 12x20
valid region, over which they reduce.""")
    col_vec = "blayout=col_major"
    for op, f in [("trowsum", np.sum), ("trowmax", np.max), ("trowmin", np.min), ("trowprod", np.prod),
                  ("trowargmax", np.argmax), ("trowargmin", np.argmin)]:
        for dt in streamed(["f32", "i32", "f16"] if not op.endswith("prod") else ["f32"]):
            arg = "arg" in op
            odt = "i32" if arg else dt
            k = Kernel(f"{op}_{dt}")
            pa, pc = k.ptr(dt), k.ptr(odt)
            ta, tt = k.tile("vec", R, C, dt), k.tile("vec", R, C, dt)
            tc = k.tile("vec", R, 1, odt, valid=(VR, 1), extra=col_vec)
            k.load(pa, dt, (R, C), (VR, VC), ta)
            k.emit(f"pto.{op} ins({ta[0]}, {tt[0]} : {ta[1]}, {tt[1]}) outs({tc[0]} : {tc[1]})")
            k.store(tc, pc, odt, (R, 1), (VR, 1), )
            a = data(dt, (R, C), "positive" if op.endswith("prod") else "signed")
            if op.endswith("prod"):
                a = rng.uniform(0.8, 1.25, (R, C)).astype(np.float32)
            c0 = data(odt, (R, 1))
            res = f(a[:VR, :VC].astype(np.float64) if dt in ("f32", "f16") and not arg else a[:VR, :VC], axis=1)
            ref = c0.copy()
            ref[:VR, 0] = res.astype(NP[odt])
            t = tol(odt)
            if dt == "f32" and not arg:
                t = "--rtol 1e-5 --atol 1e-5"
            elif op == "trowsum" and dt == "f16":
                # The exact sum rounded once against one rounded at each step (PTOAS's
                # board tests use 1e-2 for half).
                t = "--rtol 1e-2 --atol 1e-2"
            s.add(k, [a, c0], 1, ref, t)
    for op, f, dt in streamed([("tcolmax", np.max, "f32"), ("tcolmin", np.min, "f32"), ("tcolprod", np.prod, "f32"),
                      ("tcolargmax", np.argmax, "f32"), ("tcolargmin", np.argmin, "f32"),
                      ("tcolmax", np.max, "f16"), ("tcolargmin", np.argmin, "f16")], lambda t: t[2]):
        arg = "arg" in op
        odt = "i32" if arg else dt
        k = Kernel(f"{op}_{dt}")
        pa, pc = k.ptr(dt), k.ptr(odt)
        ta = k.tile("vec", R, C, dt)
        tc = k.tile("vec", 1, C, odt, valid=(1, VC))
        k.load(pa, dt, (R, C), (VR, VC), ta)
        if arg:
            tt = k.tile("vec", R, C, dt)
            k.emit(f"pto.{op} ins({ta[0]}, {tt[0]} : {ta[1]}, {tt[1]}) outs({tc[0]} : {tc[1]})")
        else:
            k.emit(f"pto.{op} ins({ta[0]} : {ta[1]}) outs({tc[0]} : {tc[1]})")
        k.store(tc, pc, odt, (1, C), (1, VC))
        a = rng.uniform(0.8, 1.25, (R, C)).astype(np.float32) if op.endswith("prod") else data(dt, (R, C))
        c0 = data(odt, (1, C))
        res = f(a[:VR, :VC].astype(np.float64) if not arg else a[:VR, :VC], axis=0)
        ref = c0.copy()
        ref[0, :VC] = res.astype(NP[odt])
        s.add(k, [a, c0], 1, ref, "--rtol 1e-5 --atol 1e-5" if not arg else tol(odt))
    # Expansions.
    dt = "f32"
    for op in ["trowexpand", "tcolexpand"]:
        row = op.startswith("trow")
        k = Kernel(f"{op}_{dt}")
        pb, pc = k.ptr(dt), k.ptr(dt)
        if row:
            tb = k.tile("vec", R, 1, dt, valid=(VR, 1), extra=col_vec)
            k.load(pb, dt, (R, 1), (VR, 1), tb)
        else:
            tb = k.tile("vec", 1, C, dt, valid=(1, VC))
            k.load(pb, dt, (1, C), (1, VC), tb)
        tc = k.tile("vec", R, C, dt)
        k.emit(f"pto.{op} ins({tb[0]} : {tb[1]}) outs({tc[0]} : {tc[1]})")
        k.store(tc, pc, dt, (R, C), (VR, VC))
        b = data(dt, (R, 1) if row else (1, C))
        c0 = data(dt, (R, C))
        s.add(k, [b, c0], 1, masked(c0, np.broadcast_to(b, (R, C))), tol(dt))
    ops = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide, "max": np.maximum,
           "min": np.minimum, "expdif": lambda a, b: np.exp(a.astype(np.float64) - b)}
    for kind, f in ops.items():
        for row in [True, False]:
            op = ("trowexpand" if row else "tcolexpand") + kind
            k = Kernel(f"{op}_{dt}")
            pa, pb, pc = k.ptr(dt), k.ptr(dt), k.ptr(dt)
            ta = k.tile("vec", R, C, dt)
            if row:
                tb = k.tile("vec", R, 1, dt, valid=(VR, 1), extra=col_vec)
            else:
                tb = k.tile("vec", 1, C, dt, valid=(1, VC))
            tc = k.tile("vec", R, C, dt)
            k.load(pa, dt, (R, C), (VR, VC), ta)
            k.load(pb, dt, (R, 1) if row else (1, C), (VR, 1) if row else (1, VC), tb)
            k.emit(f"pto.{op} ins({ta[0]}, {tb[0]} : {ta[1]}, {tb[1]}) outs({tc[0]} : {tc[1]})")
            k.store(tc, pc, dt, (R, C), (VR, VC))
            a = data(dt, (R, C), "small" if kind == "expdif" else "signed")
            b = data(dt, (R, 1) if row else (1, C), "nonzero" if kind == "div" else ("small" if kind == "expdif" else "signed"))
            c0 = data(dt, (R, C))
            s.add(k, [a, b, c0], 2, masked(c0, f(a, b).astype(np.float32)), "--rtol 1e-6 --atol 1e-6")
    s.write()


NZ = "blayout=col_major, slayout=row_major"
ZZ = "slayout=row_major"
ZN = "slayout=col_major"
ACC = "blayout=col_major, slayout=row_major, fractal=1024"


def matmuls():
    s = Suite("matmul", """
The matmul family on a CPU against numpy: operands loaded from global memory into
`mat` tiles (NZ), moved to `left` (zZ) and `right` (ZN), multiplied into an `acc`
tile (NZ, fractal 1024) and stored; f32 accumulation (i32 for i8 inputs). M, K, N
are the valid sizes; the tiles' shapes are box multiples.""")
    m, kk, n = 16, 32, 32
    for op in ["tmatmul", "tmatmul.acc", "tmatmul.bias", "tgemv", "tgemv.acc", "tgemv.bias"]:
        pairs = [("f32", "f32"), ("i8", "i32"), ("f16", "f32"), ("bf16", "f32")] if op == "tmatmul" else [("f32", "f32")]
        for dt, acc in streamed(pairs, lambda p: p[0]):
            rows = 1 if op.startswith("tgemv") else m
            name = op.replace(".", "_") + f"_{dt}"
            k = Kernel(name)
            pa, pb, pc = k.ptr(dt), k.ptr(dt), k.ptr(acc)
            box_rows = 16
            ma = k.tile("mat", box_rows, kk, dt, valid=(rows, kk), extra=NZ)
            mb = k.tile("mat", kk, n, dt, valid=(kk, n), extra=NZ)
            left = k.tile("left", box_rows, kk, dt, valid=(rows, kk), extra=ZZ)
            right = k.tile("right", kk, n, dt, valid=(kk, n), extra=ZN)
            out = k.tile("acc", box_rows, n, acc, valid=(rows, n), extra=ACC)
            k.load(pa, dt, (rows, kk), (rows, kk), ma)
            k.load(pb, dt, (kk, n), (kk, n), mb)
            k.emit(f"pto.tmov ins({ma[0]} : {ma[1]}) outs({left[0]} : {left[1]})")
            k.emit(f"pto.tmov ins({mb[0]} : {mb[1]}) outs({right[0]} : {right[1]})")
            a = data(dt, (rows, kk), "signed" if dt == "i8" else "small")
            b = data(dt, (kk, n), "signed" if dt == "i8" else "small")
            c0 = data(acc, (rows, n))
            prod = a.astype(np.float64) @ b.astype(np.float64)
            args = [a, b, c0]
            if op.endswith(".acc"):
                k.load(pc, acc, (rows, n), (rows, n), out)
                k.emit(f"pto.{op} ins({out[0]}, {left[0]}, {right[0]} : {out[1]}, {left[1]}, {right[1]}) outs({out[0]} : {out[1]})")
                prod = prod + c0
            elif op.endswith(".bias"):
                pbias = k.ptr(acc)
                mbias = k.tile("mat", 1, n, acc, valid=(1, n))
                bias = k.tile("bias", 1, n, acc, valid=(1, n))
                k.load(pbias, acc, (1, n), (1, n), mbias)
                k.emit(f"pto.tmov ins({mbias[0]} : {mbias[1]}) outs({bias[0]} : {bias[1]})")
                k.emit(f"pto.{op} ins({left[0]}, {right[0]}, {bias[0]} : {left[1]}, {right[1]}, {bias[1]}) outs({out[0]} : {out[1]})")
                bv = data(acc, (1, n))
                args.append(bv)
                prod = prod + bv
            else:
                k.emit(f"pto.{op} ins({left[0]}, {right[0]} : {left[1]}, {right[1]}) outs({out[0]} : {out[1]})")
            k.store(out, pc, acc, (rows, n), (rows, n))
            ref = prod.astype(NP[acc])
            s.add(k, args, 2, ref, "--rtol 1e-5 --atol 1e-5" if acc == "f32" else "--rtol 0 --atol 0")
    # f16 x f16 accumulated in f32, then moved from acc to a vec tile as f16 (the FIX
    # pipe's conversion, to nearest even) and stored: the f32 result rounded once more.
    with stream("f16"):
        dt = "f16"
        k = Kernel("tmatmul_tmov_acc_vec_f16")
        pa, pb, pc = k.ptr(dt), k.ptr(dt), k.ptr(dt)
        ma = k.tile("mat", m, kk, dt, valid=(m, kk), extra=NZ)
        mb = k.tile("mat", kk, n, dt, valid=(kk, n), extra=NZ)
        left = k.tile("left", m, kk, dt, valid=(m, kk), extra=ZZ)
        right = k.tile("right", kk, n, dt, valid=(kk, n), extra=ZN)
        out = k.tile("acc", m, n, "f32", valid=(m, n), extra=ACC)
        vec = k.tile("vec", m, n, dt, valid=(m, n))
        k.load(pa, dt, (m, kk), (m, kk), ma)
        k.load(pb, dt, (kk, n), (kk, n), mb)
        k.emit(f"pto.tmov ins({ma[0]} : {ma[1]}) outs({left[0]} : {left[1]})")
        k.emit(f"pto.tmov ins({mb[0]} : {mb[1]}) outs({right[0]} : {right[1]})")
        k.emit(f"pto.tmatmul ins({left[0]}, {right[0]} : {left[1]}, {right[1]}) outs({out[0]} : {out[1]})")
        k.emit(f"pto.tmov ins({out[0]} : {out[1]}) outs({vec[0]} : {vec[1]})")
        k.store(vec, pc, dt, (m, n), (m, n))
        a, b, c0 = data(dt, (m, kk), "small"), data(dt, (kk, n), "small"), data(dt, (m, n))
        prod = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
        # One f16 ulp (the f32 sums differ from the exact ones in their last bits, which
        # may move a result across a rounding boundary of f16).
        s.add(k, [a, b, c0], 2, prod.astype(np.float16), "--rtol 1e-3 --atol 1e-3")
    s.write()


def copies():
    s = Suite("copy", """
Copies and conversions between tiles on a CPU against numpy: tmov (vec to vec, with
ReLU), textract, ttrans, tfillpad, tconcat, tcvt (round modes, saturation), tquant,
tdequant, tci.""")
    dt = "f32"
    # tmov vec -> vec, and acc-style ReLU.
    for relu in [False, True]:
        k = Kernel("tmov_relu_f32" if relu else "tmov_f32")
        pa, pc = k.ptr(dt), k.ptr(dt)
        ta, tc = k.tile("vec", R, C, dt), k.tile("vec", R, C, dt)
        k.load(pa, dt, (R, C), (VR, VC), ta)
        attr = " {reluPreMode = #pto<relu_pre_mode normal_relu>}" if relu else ""
        k.emit(f"pto.tmov ins({ta[0]} : {ta[1]}) outs({tc[0]} : {tc[1]}){attr}")
        k.store(tc, pc, dt, (R, C), (VR, VC))
        a, c0 = data(dt, (R, C)), data(dt, (R, C))
        s.add(k, [a, c0], 1, masked(c0, np.maximum(a, 0) if relu else a), tol(dt))
    # textract: the 16x8 window at (0, 8) of a 16x32 mat tile into a left tile, checked
    # through a matmul with a random 8x16 right operand.
    k = Kernel("textract_f32")
    pa, pb, pc = k.ptr(dt), k.ptr(dt), k.ptr(dt)
    ma = k.tile("mat", 16, 32, dt, valid=(16, 32), extra=NZ)
    mb = k.tile("mat", 8, 16, dt, valid=(8, 16), extra=NZ)
    left = k.tile("left", 16, 8, dt, valid=(16, 8), extra=ZZ)
    right = k.tile("right", 8, 16, dt, valid=(8, 16), extra=ZN)
    out = k.tile("acc", 16, 16, dt, valid=(16, 16), extra=ACC)
    k.load(pa, dt, (16, 32), (16, 32), ma)
    k.load(pb, dt, (8, 16), (8, 16), mb)
    k.emit(f"pto.textract ins({ma[0]}, {k.index(0)}, {k.index(8)} : {ma[1]}, index, index) outs({left[0]} : {left[1]})")
    k.emit(f"pto.tmov ins({mb[0]} : {mb[1]}) outs({right[0]} : {right[1]})")
    k.emit(f"pto.tmatmul ins({left[0]}, {right[0]} : {left[1]}, {right[1]}) outs({out[0]} : {out[1]})")
    k.store(out, pc, dt, (16, 16), (16, 16))
    a, b, c0 = data(dt, (16, 32)), data(dt, (8, 16)), data(dt, (16, 16))
    s.add(k, [a, b, c0], 2, (a[:, 8:16].astype(np.float64) @ b).astype(np.float32), "--rtol 1e-5 --atol 1e-5")
    # ttrans: 16x32 (valid 12x20) -> 32x16.
    k = Kernel("ttrans_f32")
    pa, pc = k.ptr(dt), k.ptr(dt)
    ta, tt = k.tile("vec", R, C, dt), k.tile("vec", R, C, dt)
    tc = k.tile("vec", C, R, dt, valid=(VC, VR))
    k.load(pa, dt, (R, C), (VR, VC), ta)
    k.emit(f"pto.ttrans ins({ta[0]}, {tt[0]} : {ta[1]}, {tt[1]}) outs({tc[0]} : {tc[1]})")
    k.store(tc, pc, dt, (C, R), (VC, VR))
    a, c0 = data(dt, (R, C)), data(dt, (C, R))
    s.add(k, [a, c0], 1, masked(c0, a.T.copy(), VC, VR), tol(dt))
    # tfillpad: valid 12x20 source into a zero- (pad=1) or max-padded (pad=2) 16x32 tile.
    for pad, fill in [(1, 0.0), (2, np.inf)]:
        k = Kernel(f"tfillpad_{pad}_f32")
        pa, pc = k.ptr(dt), k.ptr(dt)
        ta = k.tile("vec", R, C, dt)
        tc = k.tile("vec", R, C, dt, valid=(R, C), extra=f"pad={pad}")
        k.load(pa, dt, (R, C), (VR, VC), ta)
        k.emit(f"pto.tfillpad ins({ta[0]} : {ta[1]}) outs({tc[0]} : {tc[1]})")
        k.store(tc, pc, dt, (R, C), (R, C))
        a, c0 = data(dt, (R, C)), data(dt, (R, C))
        ref = np.full((R, C), fill, np.float32)
        ref[:VR, :VC] = a[:VR, :VC]
        s.add(k, [a, c0], 1, ref, tol(dt))
    # tfillpad_expand: a 16x16 tile into the left half of a zero-padded 16x32 one.
    k = Kernel("tfillpad_expand_f32")
    pa, pc = k.ptr(dt), k.ptr(dt)
    ta = k.tile("vec", R, 16, dt, valid=(R, 16))
    tc = k.tile("vec", R, C, dt, valid=(R, C), extra="pad=1")
    k.load(pa, dt, (R, 16), (R, 16), ta)
    k.emit(f"pto.tfillpad_expand ins({ta[0]} : {ta[1]}) outs({tc[0]} : {tc[1]})")
    k.store(tc, pc, dt, (R, C), (R, C))
    a, c0 = data(dt, (R, 16)), data(dt, (R, C))
    s.add(k, [a, c0], 1, np.concatenate([a, np.zeros((R, 16), np.float32)], axis=1), tol(dt))
    # tconcat: 12x8 and 12x12 valid halves side by side.
    k = Kernel("tconcat_f32")
    pa, pb, pc = k.ptr(dt), k.ptr(dt), k.ptr(dt)
    ta = k.tile("vec", R, 16, dt, valid=(VR, 8))
    tb = k.tile("vec", R, 16, dt, valid=(VR, 12))
    tc = k.tile("vec", R, C, dt)
    k.load(pa, dt, (R, 16), (VR, 8), ta)
    k.load(pb, dt, (R, 16), (VR, 12), tb)
    k.emit(f"pto.tconcat ins({ta[0]}, {tb[0]} : {ta[1]}, {tb[1]}) outs({tc[0]} : {tc[1]})")
    k.store(tc, pc, dt, (R, C), (VR, VC))
    a, b, c0 = data(dt, (R, 16)), data(dt, (R, 16)), data(dt, (R, C))
    s.add(k, [a, b, c0], 2, masked(c0, np.concatenate([a[:, :8], b[:, :12], a[:, :12]], axis=1)), tol(dt))
    # tcvt: f32 -> i32 in each round mode, i32 -> f32, f32 -> i16 saturating.
    x = (rng.uniform(-50, 50, (R, C))).astype(np.float32)
    x[0, :8] = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3.49, -3.51]
    modes = {"CAST_RINT": np.rint, "ROUND": lambda v: np.trunc(v + np.copysign(0.5, v)), "FLOOR": np.floor,
             "CEIL": np.ceil, "TRUNC": np.trunc}
    for mode, f in modes.items():
        k = Kernel(f"tcvt_{mode.lower()}_f32_i32")
        pa, pc = k.ptr("f32"), k.ptr("i32")
        ta, tc = k.tile("vec", R, C, "f32"), k.tile("vec", R, C, "i32")
        k.load(pa, "f32", (R, C), (VR, VC), ta)
        k.emit(f"pto.tcvt ins({ta[0]} {{rmode = #pto<round_mode {mode}>}} : {ta[1]}) outs({tc[0]} : {tc[1]})")
        k.store(tc, pc, "i32", (R, C), (VR, VC))
        c0 = data("i32", (R, C))
        s.add(k, [x, c0], 1, masked(c0, f(x.astype(np.float64)).astype(np.int32)), tol("i32"))
    k = Kernel("tcvt_i32_f32")
    pa, pc = k.ptr("i32"), k.ptr("f32")
    ta, tc = k.tile("vec", R, C, "i32"), k.tile("vec", R, C, "f32")
    k.load(pa, "i32", (R, C), (VR, VC), ta)
    k.emit(f"pto.tcvt ins({ta[0]} : {ta[1]}) outs({tc[0]} : {tc[1]})")
    k.store(tc, pc, "f32", (R, C), (VR, VC))
    a, c0 = rng.integers(-(1 << 30), 1 << 30, (R, C)).astype(np.int32), data("f32", (R, C))
    s.add(k, [a, c0], 1, masked(c0, a.astype(np.float32)), tol("f32"))
    k = Kernel("tcvt_trunc_f32_i16")
    pa, pc = k.ptr("f32"), k.ptr("i16")
    ta, tc = k.tile("vec", R, C, "f32"), k.tile("vec", R, C, "i16")
    k.load(pa, "f32", (R, C), (VR, VC), ta)
    k.emit(f"pto.tcvt ins({ta[0]} {{rmode = #pto<round_mode TRUNC>}} : {ta[1]}) outs({tc[0]} : {tc[1]})")
    k.store(tc, pc, "i16", (R, C), (VR, VC))
    big = rng.uniform(-50000, 50000, (R, C)).astype(np.float32)
    c0 = data("i16", (R, C))
    s.add(k, [big, c0], 1, masked(c0, np.clip(np.trunc(big), -32768, 32767).astype(np.int16)), tol("i16"))
    # tquant (symmetric to i8, asymmetric to ui8) with a 16x8 block of multipliers,
    # tdequant with per-row scale and offset column vectors.
    for qt, odt in [("INT8_SYM", "i8"), ("INT8_ASYM", "ui8")]:
        k = Kernel(f"tquant_{qt.lower()}")
        pa, pf = k.ptr("f32"), k.ptr("f32")
        po = k.ptr("f32") if qt == "INT8_ASYM" else None
        pc = k.ptr(odt)
        ta, tf = k.tile("vec", R, C, "f32"), k.tile("vec", R, 8, "f32", valid=(R, 8))
        tc = k.tile("vec", R, C, odt)
        k.load(pa, "f32", (R, C), (VR, VC), ta)
        k.load(pf, "f32", (R, 8), (R, 8), tf)
        x = data("f32", (R, C))
        fpv = rng.uniform(5, 40, (R, 8)).astype(np.float32)
        scale = fpv[:, np.arange(C) % 8]
        args = [x, fpv]
        if po:
            to = k.tile("vec", R, 8, "f32", valid=(R, 8))
            k.load(po, "f32", (R, 8), (R, 8), to)
            k.emit(f"pto.tquant ins({ta[0]}, {tf[0]}, {to[0]} : {ta[1]}, {tf[1]}, {to[1]}) outs({tc[0]} : {tc[1]}) {{quant_type = #pto<quant_type {qt}>}}")
            offv = rng.uniform(100, 150, (R, 8)).astype(np.float32)
            args.append(offv)
            q = np.clip(np.rint(x * scale + offv[:, np.arange(C) % 8]), 0, 255).astype(np.uint8)
        else:
            k.emit(f"pto.tquant ins({ta[0]}, {tf[0]} : {ta[1]}, {tf[1]}) outs({tc[0]} : {tc[1]}) {{quant_type = #pto<quant_type {qt}>}}")
            q = np.clip(np.rint(x * scale), -128, 127).astype(np.int8)
        k.store(tc, pc, odt, (R, C), (VR, VC))
        c0 = data(odt, (R, C))
        s.add(k, args + [c0], len(args), masked(c0, q), "--rtol 0 --atol 1")
    k = Kernel("tdequant_i8")
    pa, ps, po, pc = k.ptr("i8"), k.ptr("f32"), k.ptr("f32"), k.ptr("f32")
    ta = k.tile("vec", R, C, "i8")
    col = "blayout=col_major"
    tsc = k.tile("vec", R, 1, "f32", valid=(VR, 1), extra=col)
    tof = k.tile("vec", R, 1, "f32", valid=(VR, 1), extra=col)
    tc = k.tile("vec", R, C, "f32")
    k.load(pa, "i8", (R, C), (VR, VC), ta)
    k.load(ps, "f32", (R, 1), (VR, 1), tsc)
    k.load(po, "f32", (R, 1), (VR, 1), tof)
    k.emit(f"pto.tdequant ins({ta[0]}, {tsc[0]}, {tof[0]} : {ta[1]}, {tsc[1]}, {tof[1]}) outs({tc[0]} : {tc[1]})")
    k.store(tc, pc, "f32", (R, C), (VR, VC))
    a = data("i8", (R, C))
    sc, of = rng.uniform(0.01, 0.1, (R, 1)).astype(np.float32), rng.uniform(-3, 3, (R, 1)).astype(np.float32)
    c0 = data("f32", (R, C))
    s.add(k, [a, sc, of, c0], 3, masked(c0, (a.astype(np.float32) - of) * sc), "--rtol 1e-6 --atol 1e-6")
    # 16-bit floats: f32 -> f16 and f32 -> bf16 in the default mode (nearest even) on
    # ties, the overflow threshold, subnormals and zeros, bit-exact against numpy's
    # astype(float16) (and the same rounding to bfloat16); back to f32 (exact); f16 ->
    # bf16 (exact through f32, rounded once); f16 -> i32 truncating.
    with stream("f16"):
        x = rng.uniform(-50, 50, (R, C)).astype(np.float32)
        x[0, :16] = [1 + 2.0**-11, 1 + 3 * 2.0**-11, -(1 + 2.0**-11), 65504, 65519.99, 65520, -70000, 2.0**-24,
                     2.0**-25, 1.5 * 2.0**-25, -0.0, 1e-8, 1 + 2.0**-8, 1 + 3 * 2.0**-8, 3.0e38, 2.0**-14]
        for to in ["f16", "bf16"]:
            k = Kernel(f"tcvt_f32_{to}")
            pa, pc = k.ptr("f32"), k.ptr(to)
            ta, tc = k.tile("vec", R, C, "f32"), k.tile("vec", R, C, to)
            k.load(pa, "f32", (R, C), (VR, VC), ta)
            k.emit(f"pto.tcvt ins({ta[0]} : {ta[1]}) outs({tc[0]} : {tc[1]})")
            k.store(tc, pc, to, (R, C), (VR, VC))
            c0 = data(to, (R, C))
            with np.errstate(over="ignore"):
                s.add(k, [x, c0], 1, masked(c0, cast(x, to)), tol(to))
        for frm, to in [("f16", "f32"), ("bf16", "f32"), ("f16", "bf16")]:
            k = Kernel(f"tcvt_{frm}_{to}")
            pa, pc = k.ptr(frm), k.ptr(to)
            ta, tc = k.tile("vec", R, C, frm), k.tile("vec", R, C, to)
            k.load(pa, frm, (R, C), (VR, VC), ta)
            k.emit(f"pto.tcvt ins({ta[0]} : {ta[1]}) outs({tc[0]} : {tc[1]})")
            k.store(tc, pc, to, (R, C), (VR, VC))
            a, c0 = cast(rng.uniform(-60000, 60000, (R, C)) * 10.0 ** rng.integers(-9, 1, (R, C)), frm), data(to, (R, C))
            s.add(k, [a, c0], 1, masked(c0, cast(a.astype(np.float32), to)), tol(to))
        k = Kernel("tcvt_trunc_f16_i32")
        pa, pc = k.ptr("f16"), k.ptr("i32")
        ta, tc = k.tile("vec", R, C, "f16"), k.tile("vec", R, C, "i32")
        k.load(pa, "f16", (R, C), (VR, VC), ta)
        k.emit(f"pto.tcvt ins({ta[0]} {{rmode = #pto<round_mode TRUNC>}} : {ta[1]}) outs({tc[0]} : {tc[1]})")
        k.store(tc, pc, "i32", (R, C), (VR, VC))
        a, c0 = cast(rng.uniform(-3000, 3000, (R, C)), "f16"), data("i32", (R, C))
        s.add(k, [a, c0], 1, masked(c0, np.trunc(a.astype(np.float64)).astype(np.int32)), tol("i32"))
    # tci: row 0 gets s + j (s - j descending).
    for desc in [False, True]:
        k = Kernel("tci_desc_i32" if desc else "tci_i32")
        pc = k.ptr("i32")
        k.emit("%s = arith.constant 100 : i32")
        tc = k.tile("vec", 1, C, "i32", valid=(1, VC))
        attr = " {descending = true}" if desc else ""
        k.emit(f"pto.tci ins(%s{attr} : i32) outs({tc[0]} : {tc[1]})")
        k.store(tc, pc, "i32", (1, C), (1, VC))
        c0 = data("i32", (1, C))
        j = np.arange(VC, dtype=np.int32)
        ref = c0.copy()
        ref[0, :VC] = 100 - j if desc else 100 + j
        s.add(k, [c0], 0, ref, tol("i32"))
    s.write()


def views():
    s = Suite("views", """
Views and aliasing on a CPU against numpy: subsets, bitcasts and reshapes of the same
bytes, dynamic and updated valid shapes, scalar access to tiles and to global memory,
3-D partitions collapsing into tile rows, column-major (DN) global views.""")
    dt = "f32"
    t32 = "!pto.tile_buf<vec, 16x32xf32>"

    def full_tile(k, p, dtype="f32"):
        t = k.tile("vec", R, C, dtype, valid=(R, C))
        k.load(p, dtype, (R, C), (R, C), t)
        return t

    # subset: scale an 8x16 window at (4, 8) in place.
    k = Kernel("subset_f32")
    pa, pc = k.ptr(dt), k.ptr(dt)
    t = full_tile(k, pa)
    sub = "!pto.tile_buf<vec, 8x16xf32>"
    k.emit("%two = arith.constant 2.0 : f32")
    k.emit(f"%sub = pto.subset {t[0]}[{k.index(4)}, {k.index(8)}] sizes [8, 16] : {t32}")
    k.emit(f"pto.tmuls ins(%sub, %two : {sub}, f32) outs(%sub : {sub})")
    k.store(t, pc, dt, (R, C), (R, C))
    a, c0 = data(dt, (R, C)), data(dt, (R, C))
    ref = a.copy()
    ref[4:12, 8:24] *= 2
    s.add(k, [a, c0], 1, ref, tol(dt))
    # bitcast: clear the sign bits through an i32 view of the same bytes.
    k = Kernel("bitcast_f32_i32")
    pa, pc = k.ptr(dt), k.ptr("i32")
    t = full_tile(k, pa)
    ti = "!pto.tile_buf<vec, 16x32xi32>"
    k.emit("%mask = arith.constant 2147483647 : i32")
    k.emit(f"%bits = pto.bitcast {t[0]} : {t32} -> {ti}")
    k.emit(f"pto.tands ins(%bits, %mask : {ti}, i32) outs(%bits : {ti})")
    pv, pty = k.view(pc, "i32", (R, C), (R, C))
    k.emit(f"pto.tstore ins(%bits : {ti}) outs({pv} : {pty})")
    a, c0 = data(dt, (R, C)), data("i32", (R, C))
    s.add(k, [a, c0], 1, a.view(np.int32) & 0x7FFFFFFF, tol("i32"))
    # treshape: the 16x32 row-major bytes seen as 32x16.
    k = Kernel("treshape_f32")
    pa, pc = k.ptr(dt), k.ptr(dt)
    t = full_tile(k, pa)
    t2 = "!pto.tile_buf<vec, 32x16xf32>"
    k.emit(f"%r = pto.treshape {t[0]} : {t32} -> {t2}")
    pv, pty = k.view(pc, dt, (C, R), (C, R))
    k.emit(f"pto.tstore ins(%r : {t2}) outs({pv} : {pty})")
    a, c0 = data(dt, (R, C)), data(dt, (C, R))
    s.add(k, [a, c0], 1, a.reshape(C, R), tol(dt))
    # Dynamic valid shape from the caller: exp over a vr x vc window.
    k = Kernel("dynamic_valid_f32")
    pa, pc = k.ptr(dt), k.ptr(dt)
    k.params += ["%vr: index", "%vc: index"]
    td = "!pto.tile_buf<vec, 16x32xf32, valid=?x?>"
    k.emit(f"%ta = pto.alloc_tile valid_row = %vr valid_col = %vc : {td}")
    k.emit(f"%tc = pto.alloc_tile valid_row = %vr valid_col = %vc : {td}")
    for p, name, tile in [(pa, "a", "%ta"), (pc, "c", "%tc")]:
        k.emit(f"%tv{name} = pto.make_tensor_view {p}, shape = [{k.index(R)}, {k.index(C)}], strides = [{k.index(C)}, {k.index(1)}] : !pto.tensor_view<?x?xf32>")
        k.emit(f"%pv{name} = pto.partition_view %tv{name}, offsets = [{k.index(0)}, {k.index(0)}], sizes = [%vr, %vc] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<?x?xf32>")
    k.emit(f"pto.tload ins(%pva : !pto.partition_tensor_view<?x?xf32>) outs(%ta : {td})")
    k.emit(f"pto.texp ins(%ta : {td}) outs(%tc : {td})")
    k.emit(f"pto.tstore ins(%tc : {td}) outs(%pvc : !pto.partition_tensor_view<?x?xf32>)")
    a, c0 = data(dt, (R, C), "small"), data(dt, (R, C))
    s.add(k, [a, c0], 1, masked(c0, np.exp(a.astype(np.float64)).astype(np.float32), 7, 13), tol(dt))
    s.runs[-1] = s.runs[-1].replace(" --expect-arg", " --arg 7 --arg 13 --expect-arg")
    # set_validshape: only a 5x9 window gets the addition.
    k = Kernel("set_validshape_f32")
    pa, pc = k.ptr(dt), k.ptr(dt)
    td = "!pto.tile_buf<vec, 16x32xf32, valid=?x?>"
    k.emit("%one = arith.constant 1.0 : f32")
    k.emit(f"%t = pto.alloc_tile valid_row = {k.index(R)} valid_col = {k.index(C)} : {td}")
    pva, pty = k.view(pa, dt, (R, C), (R, C))
    pvc, _ = k.view(pc, dt, (R, C), (R, C))
    k.emit(f"pto.tload ins({pva} : {pty}) outs(%t : {td})")
    k.emit(f"pto.set_validshape %t, {k.index(5)}, {k.index(9)} : {td}")
    k.emit(f"pto.tadds ins(%t, %one : {td}, f32) outs(%t : {td})")
    k.emit(f"pto.set_validshape %t, {k.index(R)}, {k.index(C)} : {td}")
    k.emit(f"pto.tstore ins(%t : {td}) outs({pvc} : {pty})")
    a, c0 = data(dt, (R, C)), data(dt, (R, C))
    ref = a.copy()
    ref[:5, :9] += 1
    s.add(k, [a, c0], 1, ref, tol(dt))
    # tgetval/tsetval at linear storage offsets: t[0, 0] = t[1, 5].
    k = Kernel("tgetval_tsetval_f32")
    pa, pc = k.ptr(dt), k.ptr(dt)
    t = full_tile(k, pa)
    k.emit(f"%x = pto.tgetval ins({t[0]}, {k.index(37)} : {t32}, index) outs : f32")
    k.emit(f"pto.tsetval ins({k.index(0)}, %x : index, f32) outs({t[0]} : {t32})")
    k.store(t, pc, dt, (R, C), (R, C))
    a, c0 = data(dt, (R, C)), data(dt, (R, C))
    ref = a.copy()
    ref[0, 0] = a[1, 5]
    s.add(k, [a, c0], 1, ref, tol(dt))
    # Scalars in global memory through an advanced pointer: q[2] = p[4 + 1].
    k = Kernel("scalar_gm_f32")
    pa, pc = k.ptr(dt), k.ptr(dt)
    k.emit(f"%p4 = pto.addptr {pa}, {k.index(4)} : !pto.ptr<f32> -> !pto.ptr<f32>")
    k.emit(f"%x = pto.load_scalar %p4[{k.index(1)}] : !pto.ptr<f32> -> f32")
    k.emit(f"pto.store_scalar %x, {pc}[{k.index(2)}] : !pto.ptr<f32>, f32")
    a, c0 = data(dt, (8,)), data(dt, (8,))
    ref = c0.copy()
    ref[2] = a[5]
    s.add(k, [a, c0], 1, ref, tol(dt))
    # Launch queries on one core: block 0 of 1, sub-block 0 of 1.
    k = Kernel("block_queries")
    pc = k.ptr("i64")
    for i, q in enumerate(["get_block_idx", "get_block_num", "get_subblock_idx", "get_subblock_num"]):
        k.emit(f"%q{i} = pto.{q}")
        k.emit(f"pto.store_scalar %q{i}, {pc}[{k.index(i)}] : !pto.ptr<i64>, i64")
    c0 = np.full(4, 7, np.int64)
    s.add(k, [c0], 0, np.array([0, 1, 0, 1], np.int64), "--rtol 0 --atol 0")
    # A 2x8x32 partition fills a 16x32 tile; the same back.
    k = Kernel("partition_3d_f32")
    pa, pc = k.ptr(dt), k.ptr(dt)
    t = k.tile("vec", R, C, dt, valid=(R, C))
    k.emit("%one = arith.constant 1.0 : f32")
    k.load(pa, dt, (2, 8, C), (2, 8, C), t)
    k.emit(f"pto.tadds ins({t[0]}, %one : {t[1]}, f32) outs({t[0]} : {t[1]})")
    k.store(t, pc, dt, (2, 8, C), (2, 8, C))
    a, c0 = data(dt, (2, 8, C)), data(dt, (2, 8, C))
    s.add(k, [a, c0], 1, a + np.float32(1), tol(dt))
    # A column-major (DN) view: strides [1, 16] over a 32x16 array read as 16x32.
    k = Kernel("dn_view_f32")
    pa, pc = k.ptr(dt), k.ptr(dt)
    t = k.tile("vec", R, C, dt, valid=(R, C))
    k.emit(f"%tvdn = pto.make_tensor_view {pa}, shape = [{k.index(R)}, {k.index(C)}], strides = [{k.index(1)}, {k.index(R)}] {{layout = #pto.layout<dn>}} : !pto.tensor_view<?x?xf32>")
    k.emit(f"%dim = pto.get_tensor_view_dim %tvdn, {k.index(1)} : !pto.tensor_view<?x?xf32> -> index")
    k.emit(f"%pvdn = pto.partition_view %tvdn, offsets = [{k.index(0)}, {k.index(0)}], sizes = [{k.index(R)}, %dim] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x32xf32>")
    k.emit(f"pto.tload ins(%pvdn : !pto.partition_tensor_view<16x32xf32>) outs({t[0]} : {t[1]})")
    k.store(t, pc, dt, (R, C), (R, C))
    a, c0 = data(dt, (C, R)), data(dt, (R, C))
    s.add(k, [a, c0], 1, a.T.copy(), tol(dt))
    s.write()


def packed(cond):
    """PTO's mask bytes of a boolean matrix: bit c%8 of byte c//8, LSB first."""
    return np.packbits(cond, axis=1, bitorder="little").view(np.int8)


def masks():
    s = Suite("masks", """
Compares and selects with packed bit masks on a CPU against numpy (A3 layout: each row
of the 16x32 i8 mask tile owns 32 bytes; the first ceil(20 / 8) = 3 are the used ones,
which the kernels store). Selects read masks loaded from global memory.""")
    nb = (VC + 7) // 8
    modes = {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal, "gt": np.greater,
             "ge": np.greater_equal}
    for mode, f in modes.items():
        for dt in streamed(["f32", "i32", "f16"]):
            for scalar in [False, True]:
                op = "tcmps" if scalar else "tcmp"
                k = Kernel(f"{op}_{mode}_{dt}")
                pa = k.ptr(dt)
                pb = None if scalar else k.ptr(dt)
                pm = k.ptr("i8")
                ta = k.tile("vec", R, C, dt)
                tm = k.tile("vec", R, C, "i8", valid=(VR, nb))
                k.load(pa, dt, (R, C), (VR, VC), ta)
                attr = f"{{cmpMode = #pto<cmp {mode}>}}"
                a = data(dt, (R, C), "small")
                if dt == "i32":
                    a = rng.integers(-3, 3, (R, C)).astype(np.int32)
                if scalar:
                    k.emit(f"%s = arith.constant {'1' if dt == 'i32' else '0.5'} : {dt}")
                    k.emit(f"pto.tcmps ins({ta[0]}, %s {attr} : {ta[1]}, {dt}) outs({tm[0]} : {tm[1]})")
                    b = np.full((R, C), 1 if dt == "i32" else 0.5, NP[dt])
                    args = [a]
                else:
                    tb = k.tile("vec", R, C, dt)
                    k.load(pb, dt, (R, C), (VR, VC), tb)
                    k.emit(f"pto.tcmp ins({ta[0]}, {tb[0]} {attr} : {ta[1]}, {tb[1]}) outs({tm[0]} : {tm[1]})")
                    b = a.copy()
                    b[::2] = data(dt, (R // 2, C), "small") if dt != "i32" else rng.integers(-3, 3, (R // 2, C))
                    args = [a, b]
                k.store(tm, pm, "i8", (R, C), (VR, nb))
                m0 = data("i8", (R, C))
                ref = m0.copy()
                ref[:VR, :nb] = packed(f(a[:VR, :VC], b[:VR, :VC]))
                s.add(k, args + [m0], len(args), ref, tol("i8"))
    for op, dt in streamed([("tsel", "f32"), ("tsels", "f32"), ("tsel", "f16")], lambda t: t[1]):
        k = Kernel(f"{op}_{dt}")
        pm, pa = k.ptr("i8"), k.ptr(dt)
        pb = None if op == "tsels" else k.ptr(dt)
        pc = k.ptr(dt)
        tm = k.tile("vec", R, C, "i8", valid=(VR, nb))
        ta, tt, tc = k.tile("vec", R, C, dt), k.tile("vec", R, C, dt), k.tile("vec", R, C, dt)
        k.load(pm, "i8", (R, C), (VR, nb), tm)
        k.load(pa, dt, (R, C), (VR, VC), ta)
        cond = rng.integers(0, 2, (R, C)).astype(bool)
        mask = np.zeros((R, C), np.int8)
        mask[:, :nb] = packed(cond[:, :VC])
        a, c0 = data(dt, (R, C)), data(dt, (R, C))
        if op == "tsel":
            tb = k.tile("vec", R, C, dt)
            k.load(pb, dt, (R, C), (VR, VC), tb)
            k.emit(f"pto.tsel ins({tm[0]}, {ta[0]}, {tb[0]}, {tt[0]} : {tm[1]}, {ta[1]}, {tb[1]}, {tt[1]}) outs({tc[0]} : {tc[1]})")
            b = data(dt, (R, C))
            args = [mask, a, b, c0]
        else:
            k.emit("%s = arith.constant 0.5 : f32")
            k.emit(f"pto.tsels ins({tm[0]}, {ta[0]}, {tt[0]}, %s : {tm[1]}, {ta[1]}, {tt[1]}, f32) outs({tc[0]} : {tc[1]})")
            b = np.full((R, C), 0.5, np.float32)
            args = [mask, a, c0]
        k.store(tc, pc, dt, (R, C), (VR, VC))
        s.add(k, args, len(args) - 1, masked(c0, np.where(cond, a, b)), tol(dt))
    s.write()


def conformance():
    """Data of the hand-written conformance kernels in lit-tests/pto/*.pto (their own
    generator, so that the per-op data does not shift them)."""
    out = os.path.join(OUT, "..", "Inputs")
    os.makedirs(out, exist_ok=True)
    g = np.random.default_rng(20261123)

    def put(name, a):
        np.save(os.path.join(out, name + ".npy"), a)

    f32 = np.float32
    a, b = g.uniform(-3, 3, (32, 32)).astype(f32), g.uniform(-3, 3, (32, 32)).astype(f32)
    put("vadd_a", a), put("vadd_b", b), put("vadd_c0", np.zeros((32, 32), f32)), put("vadd_ref", a + b)
    x = g.uniform(-3, 3, (64, 64)).astype(f32)
    put("abs_x", x), put("abs_y0", np.zeros_like(x)), put("abs_ref", np.abs(x))
    x = g.uniform(-3, 3, (16, 64)).astype(f32)
    put("rowreduce_x", x), put("rowreduce_s0", np.zeros((16, 1), f32)), put("rowreduce_m0", np.zeros((16, 1), f32))
    put("rowreduce_sum", x.astype(np.float64).sum(axis=1, keepdims=True).astype(f32))
    put("rowreduce_max", x.max(axis=1, keepdims=True))
    x = (g.standard_normal((16, 64)) * 3).astype(f32)
    e = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
    put("softmax_x", x), put("softmax_y0", np.zeros_like(x))
    put("softmax_ref", (e / e.sum(axis=1, keepdims=True)).astype(f32))
    a, b = g.uniform(-2, 2, (32, 64)).astype(f32), g.uniform(-2, 2, (64, 32)).astype(f32)
    put("gemm_a", a), put("gemm_b", b), put("gemm_c0", np.zeros((32, 32), f32))
    put("gemm_ref", (a.astype(np.float64) @ b.astype(np.float64)).astype(f32))
    x = g.uniform(-3, 3, (128, 64)).astype(f32)
    put("dbuf_x", x), put("dbuf_y0", np.zeros_like(x)), put("dbuf_ref", x * f32(2) + f32(1))


def a5():
    s = Suite("a5", """
Ops whose forms or semantics depend on the target, on A5 (`pto.target_arch = "a5"`):
tinsert between vector tiles, compare masks packed densely (ceil(cols / 8) bytes per
row), tprefetch, tfillpad in place.""", module_attrs='"pto.target_arch" = "a5"')
    dt = "f32"
    # tinsert: an 8x16 tile into a 16x32 one at (4, 8).
    k = Kernel("tinsert_f32")
    pa, pb, pc = k.ptr(dt), k.ptr(dt), k.ptr(dt)
    small = k.tile("vec", 8, 16, dt, valid=(8, 16))
    big = k.tile("vec", R, C, dt, valid=(R, C))
    k.load(pa, dt, (8, 16), (8, 16), small)
    k.load(pb, dt, (R, C), (R, C), big)
    k.emit(f"pto.tinsert ins({small[0]}, {k.index(4)}, {k.index(8)} : {small[1]}, index, index) outs({big[0]} : {big[1]})")
    k.store(big, pc, dt, (R, C), (R, C))
    a, b, c0 = data(dt, (8, 16)), data(dt, (R, C)), data(dt, (R, C))
    ref = b.copy()
    ref[4:12, 8:24] = a
    s.add(k, [a, b, c0], 2, ref, tol(dt))
    # tcmp with the dense A5 mask layout: rows of ceil(20 / 8) = 3 bytes from byte 0,
    # stored through a one-row view (treshape, then subset) of the mask's bytes.
    nb = (VC + 7) // 8
    k = Kernel("tcmp_lt_f32")
    pa, pb, pm = k.ptr(dt), k.ptr(dt), k.ptr("i8")
    ta, tb = k.tile("vec", R, C, dt), k.tile("vec", R, C, dt)
    tm = k.tile("vec", R, C, "i8", valid=(VR, nb))
    k.load(pa, dt, (R, C), (VR, VC), ta)
    k.load(pb, dt, (R, C), (VR, VC), tb)
    k.emit(f"pto.tcmp ins({ta[0]}, {tb[0]} {{cmpMode = #pto<cmp lt>}} : {ta[1]}, {tb[1]}) outs({tm[0]} : {tm[1]})")
    row = "!pto.tile_buf<vec, 1x512xi8>"
    k.emit(f"%row = pto.treshape {tm[0]} : {tm[1]} -> {row}")
    k.emit(f"%used = pto.subset %row[{k.index(0)}, {k.index(0)}] sizes [1, {VR * nb}] : {row}")
    pv, pty = k.view(pm, "i8", (1, R * C), (1, VR * nb))
    k.emit(f"pto.tstore ins(%used : !pto.tile_buf<vec, 1x{VR * nb}xi8>) outs({pv} : {pty})")
    a, b = data(dt, (R, C), "small"), data(dt, (R, C), "small")
    m0 = data("i8", (1, R * C))
    ref = m0.copy()
    ref[0, :VR * nb] = packed(a[:VR, :VC] < b[:VR, :VC]).reshape(-1)
    s.add(k, [a, b, m0], 2, ref, tol("i8"))
    # tprefetch fills a tile like tload; tfillpad_inplace pads the tile itself (pad=3:
    # the smallest value), which the store of the valid region does not show, so the
    # kernel then widens the valid shape to the whole tile.
    k = Kernel("tprefetch_fillpad_inplace_f32")
    pa, pc = k.ptr(dt), k.ptr(dt)
    td = "!pto.tile_buf<vec, 16x32xf32, valid=?x?, pad=3>"
    k.emit(f"%t = pto.alloc_tile valid_row = {k.index(VR)} valid_col = {k.index(VC)} : {td}")
    pv, pty = k.view(pa, dt, (R, C), (VR, VC))
    k.emit(f"pto.tprefetch ins({pv} : {pty}) outs(%t : {td})")
    k.emit(f"pto.tfillpad_inplace ins(%t : {td}) outs(%t : {td})")
    k.emit(f"pto.set_validshape %t, {k.index(R)}, {k.index(C)} : {td}")
    pv, pty = k.view(pc, dt, (R, C), (R, C))
    k.emit(f"pto.tstore ins(%t : {td}) outs({pv} : {pty})")
    a, c0 = data(dt, (R, C)), data(dt, (R, C))
    ref = np.full((R, C), -np.inf, np.float32)
    ref[:VR, :VC] = a[:VR, :VC]
    s.add(k, [a, c0], 1, ref, tol(dt))
    s.write()


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


if __name__ == "__main__":
    main()
