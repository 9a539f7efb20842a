"""Vector-unit suites: elementwise, tile-scalar, unary, reductions and expansions,
packed compare masks."""
import numpy as np

from . import common
from .common import *  # noqa: F401,F403 (the shared builders and generators)

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


def col_kernel(name, op, dt, odt, scratch=False, attrs=""):
    """A column reduction `op` of an R x C tile (VR x VC valid) into a 1 x C row of
    `odt`, with a scratch tile when `scratch`: the kernel, its data still to add."""
    k = Kernel(name)
    pa, pc = k.ptr(dt), k.ptr(odt)
    ta = k.tile("vec", R, C, dt)
    tc = k.tile("vec", 1, C, odt, valid=(1, VC))
    k.load(pa, dt, (R, C), (VR, VC), ta)
    if scratch:
        tt = k.tile("vec", R, C, dt)
        k.emit(f"pto.{op} ins({ta[0]}, {tt[0]}{attrs} : {ta[1]}, {tt[1]}) outs({tc[0]} : {tc[1]})")
    else:
        k.emit(f"pto.{op} ins({ta[0]}{attrs} : {ta[1]}) outs({tc[0]} : {tc[1]})")
    k.store(tc, pc, odt, (1, C), (1, VC))
    return k


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
                a = common.rng.uniform(0.8, 1.25, (R, C)).astype(np.float32)
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
        k = col_kernel(f"{op}_{dt}", op, dt, odt, scratch=arg)
        a = common.rng.uniform(0.8, 1.25, (R, C)).astype(np.float32) if op.endswith("prod") else data(dt, (R, C))
        c0 = data(odt, (1, C))
        res = f(a[:VR, :VC].astype(np.float64) if not arg else a[:VR, :VC], axis=0)
        ref = c0.copy()
        ref[0, :VC] = res.astype(NP[odt])
        s.add(k, [a, c0], 1, ref, "--rtol 1e-5 --atol 1e-5" if not arg else tol(odt))
    # tcolsum, plain and with a scratch tile (isBinary); added later, so each kernel
    # draws from a generator of its own.
    for dt, binary in (("f32", False), ("f32", True), ("f16", False), ("i32", False), ("i16", True)):
        name = f"tcolsum_{dt}" + ("_binary" if binary else "")
        with common.own_stream(name):
            k = col_kernel(name, "tcolsum", dt, dt, scratch=binary, attrs=" {isBinary = true}" if binary else "")
            a = data(dt, (R, C))
            c0 = data(dt, (1, C))
            wide = a[:VR, :VC].astype(np.float64 if dt in ("f32", "f16") else np.int64)
            ref = c0.copy()
            ref[0, :VC] = cast(wide.sum(axis=0), dt)
            # f16: the exact sum rounded once against one rounded at each step.
            t = {"f32": "--rtol 1e-5 --atol 1e-5", "f16": "--rtol 1e-2 --atol 1e-2"}.get(dt, tol(dt))
            s.add(k, [a, c0], 1, ref, t)
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
                    a = common.rng.integers(-3, 3, (R, C)).astype(np.int32)
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
                    b[::2] = data(dt, (R // 2, C), "small") if dt != "i32" else common.rng.integers(-3, 3, (R // 2, C))
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
        cond = common.rng.integers(0, 2, (R, C)).astype(bool)
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
