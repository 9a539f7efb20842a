"""Tile suites: matmuls, copies and conversions, views and aliasing, A5 forms, and the
data of the hand-written conformance kernels."""
import os

import numpy as np

from . import common
from .common import *  # noqa: F401,F403 (the shared builders and generators)
from .vector import packed

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
    # 14 valid rows: the register-blocked kernel's blocks of 4 rows and its row-by-row
    # rest; 48 columns: three blocks of 16.
    with own_stream("tmatmul_rows14_f32"):
        matmul_rows14(s)
    s.write()


def matmul_rows14(s):
    dt, rows, kk2, n2 = "f32", 14, 32, 48
    k = Kernel("tmatmul_rows14_f32")
    pa, pb, pc = k.ptr(dt), k.ptr(dt), k.ptr(dt)
    ma = k.tile("mat", 16, kk2, dt, valid=(rows, kk2), extra=NZ)
    mb = k.tile("mat", kk2, n2, dt, valid=(kk2, n2), extra=NZ)
    left = k.tile("left", 16, kk2, dt, valid=(rows, kk2), extra=ZZ)
    right = k.tile("right", kk2, n2, dt, valid=(kk2, n2), extra=ZN)
    out = k.tile("acc", 16, n2, dt, valid=(rows, n2), extra=ACC)
    k.load(pa, dt, (rows, kk2), (rows, kk2), ma)
    k.load(pb, dt, (kk2, n2), (kk2, n2), mb)
    k.emit(f"pto.tmov ins({ma[0]} : {ma[1]}) outs({left[0]} : {left[1]})")
    k.emit(f"pto.tmov ins({mb[0]} : {mb[1]}) outs({right[0]} : {right[1]})")
    k.emit(f"pto.tmatmul ins({left[0]}, {right[0]} : {left[1]}, {right[1]}) outs({out[0]} : {out[1]})")
    k.store(out, pc, dt, (rows, n2), (rows, n2))
    a, b, c0 = data(dt, (rows, kk2)), data(dt, (kk2, n2)), data(dt, (rows, n2))
    prod = a.astype(np.float64) @ b.astype(np.float64)
    s.add(k, [a, b, c0], 2, prod.astype(np.float32), "--rtol 1e-5 --atol 1e-5")


def copies():
    s = Suite("copy", """
Copies and conversions between tiles on a CPU against numpy: tmov (vec to vec, with
ReLU), textract, ttrans, tfillpad, tconcat, tcvt (round modes, saturation), tquant,
tdequant, tci, ttri (PTO's CPU simulator: a 0/1 triangle relative to a diagonal).""")
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
    x = (common.rng.uniform(-50, 50, (R, C))).astype(np.float32)
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
    a, c0 = common.rng.integers(-(1 << 30), 1 << 30, (R, C)).astype(np.int32), data("f32", (R, C))
    s.add(k, [a, c0], 1, masked(c0, a.astype(np.float32)), tol("f32"))
    k = Kernel("tcvt_trunc_f32_i16")
    pa, pc = k.ptr("f32"), k.ptr("i16")
    ta, tc = k.tile("vec", R, C, "f32"), k.tile("vec", R, C, "i16")
    k.load(pa, "f32", (R, C), (VR, VC), ta)
    k.emit(f"pto.tcvt ins({ta[0]} {{rmode = #pto<round_mode TRUNC>}} : {ta[1]}) outs({tc[0]} : {tc[1]})")
    k.store(tc, pc, "i16", (R, C), (VR, VC))
    big = common.rng.uniform(-50000, 50000, (R, C)).astype(np.float32)
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
        fpv = common.rng.uniform(5, 40, (R, 8)).astype(np.float32)
        scale = fpv[:, np.arange(C) % 8]
        args = [x, fpv]
        if po:
            to = k.tile("vec", R, 8, "f32", valid=(R, 8))
            k.load(po, "f32", (R, 8), (R, 8), to)
            k.emit(f"pto.tquant ins({ta[0]}, {tf[0]}, {to[0]} : {ta[1]}, {tf[1]}, {to[1]}) outs({tc[0]} : {tc[1]}) {{quant_type = #pto<quant_type {qt}>}}")
            offv = common.rng.uniform(100, 150, (R, 8)).astype(np.float32)
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
    sc, of = common.rng.uniform(0.01, 0.1, (R, 1)).astype(np.float32), common.rng.uniform(-3, 3, (R, 1)).astype(np.float32)
    c0 = data("f32", (R, C))
    s.add(k, [a, sc, of, c0], 3, masked(c0, (a.astype(np.float32) - of) * sc), "--rtol 1e-6 --atol 1e-6")
    # 16-bit floats: f32 -> f16 and f32 -> bf16 in the default mode (nearest even) on
    # ties, the overflow threshold, subnormals and zeros, bit-exact against numpy's
    # astype(float16) (and the same rounding to bfloat16); back to f32 (exact); f16 ->
    # bf16 (exact through f32, rounded once); f16 -> i32 truncating.
    with stream("f16"):
        x = common.rng.uniform(-50, 50, (R, C)).astype(np.float32)
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
            a, c0 = cast(common.rng.uniform(-60000, 60000, (R, C)) * 10.0 ** common.rng.integers(-9, 1, (R, C)), frm), data(to, (R, C))
            s.add(k, [a, c0], 1, masked(c0, cast(a.astype(np.float32), to)), tol(to))
        k = Kernel("tcvt_trunc_f16_i32")
        pa, pc = k.ptr("f16"), k.ptr("i32")
        ta, tc = k.tile("vec", R, C, "f16"), k.tile("vec", R, C, "i32")
        k.load(pa, "f16", (R, C), (VR, VC), ta)
        k.emit(f"pto.tcvt ins({ta[0]} {{rmode = #pto<round_mode TRUNC>}} : {ta[1]}) outs({tc[0]} : {tc[1]})")
        k.store(tc, pc, "i32", (R, C), (VR, VC))
        a, c0 = cast(common.rng.uniform(-3000, 3000, (R, C)), "f16"), data("i32", (R, C))
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
    # ttri: 1 where c <= r + diagonal (lower) or c >= r + diagonal (upper), else 0
    # (added later: each kernel draws from a generator of its own).
    for dt, upper, diag in [("f32", 0, 0), ("f32", 1, 2), ("i32", 0, -3), ("f16", 1, -1)]:
        name = f"ttri_{'upper' if upper else 'lower'}_{dt}"
        with own_stream(name):
            k = Kernel(name)
            pc = k.ptr(dt)
            k.emit(f"%d = arith.constant {diag} : i32")
            tc = k.tile("vec", R, C, dt)
            k.emit(f"pto.ttri ins(%d {{upperOrLower = {upper} : i32}} : i32) outs({tc[0]} : {tc[1]})")
            k.store(tc, pc, dt, (R, C), (VR, VC))
            c0 = data(dt, (R, C))
            r, c = np.meshgrid(np.arange(R), np.arange(C), indexing="ij")
            tri = (c >= r + diag) if upper else (c <= r + diag)
            s.add(k, [c0], 0, masked(c0, tri.astype(NP[dt])), "--rtol 0 --atol 0")
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
