"""Gather and merge-sort suites (tgather in its three forms, tgatherb, tmrgsort in both
formats) and tile handles placed with tassign. The references follow PTO's CPU
simulator (pto-isa include/pto/cpu/TGather.hpp, TGatherB.hpp, TMrgSort.hpp); each
kernel draws from a generator of its own, so the other suites' data is unchanged."""
import numpy as np

from . import common
from .common import Kernel, Suite, data, own_stream, NP, BYTES


def gathers():
    s = Suite("gather", """
tgather (index, compare and mask-pattern forms) and tgatherb on a CPU against numpy.
Index form: dst[i, j] = src flattened by its columns at idx[i, j] (0 for an index
outside src). Compare form: per valid row r of src, offset + r * cols + c for each
valid column c with src[r, c] > k (or == k), from dst[r, 0] on, and their count at
element r of cdst; the rest of dst and cdst keep their data. Mask form: the selected
columns of src's valid rows, packed into dst. tgatherb: 32-byte blocks at byte
offsets.""")
    for dt, it in [("f32", "i32"), ("f16", "i32"), ("i16", "i16"), ("i32", "i32")]:
        index_form(s, dt, it)
    for mode in ["gt", "eq"]:
        for dt in ["f32", "f16"]:
            compare_form(s, mode, dt)
    for pattern in ["P0101", "P1010", "P0001", "P0010", "P0100", "P1000", "P1111"]:
        for dt in ["f32", "f16"]:
            mask_form(s, pattern, dt)
    blocks(s, "f32")
    blocks(s, "f16")
    s.write()

    s = Suite("sort", """
tmrgsort on a CPU against numpy. Lists are rows of 8-byte structures (f32: value and
index; f16: value and three more halves) merged by descending value, the earlier list
first on ties. Format 1 merges each whole group of 4 blocks of blockLen elements in
dst's valid columns (a partial group is left alone); format 2 merges 2 to 4 lists into
dst's valid columns, stopping early when a list runs out with exhausted = true. Also
tile handles placed by pto.tassign (a declared tile at two byte offsets), and tsort32,
which makes such lists: blocks of 32 values sorted with their u32 indices.""")
    for dt in ["f32", "f16"]:
        merge_blocks(s, dt)
    for n, exhausted, cap in [(2, False, 40), (3, False, 64), (4, False, 24), (4, True, 64), (3, True, 64)]:
        merge_lists(s, "f32", n, exhausted, cap)
    merge_lists(s, "f16", 3, False, 96)
    tassign(s)
    for dt, rows, cols in [("f32", 3, 64), ("f32", 2, 20), ("f16", 2, 40), ("i32", 2, 32), ("i16", 1, 32)]:
        sort32(s, dt, rows, cols)
    s.write()


def index_form(s, dt, it):
    name = f"tgather_index_{dt}"
    with own_stream(name):
        k = Kernel(name)
        ps, pi, pd = k.ptr(dt), k.ptr(it), k.ptr(dt)
        src = k.tile("vec", 16, 32, dt, valid=(16, 32))
        idx = k.tile("vec", 8, 32, it, valid=(8, 32))
        tmp = k.tile("vec", 8, 32, it, valid=(8, 32))
        dst = k.tile("vec", 8, 32, dt, valid=(8, 32))
        k.load(ps, dt, (16, 32), (16, 32), src)
        k.load(pi, it, (8, 32), (8, 32), idx)
        k.emit(f"pto.tgather ins({src[0]}, {idx[0]}, {tmp[0]} : {src[1]}, {idx[1]}, {tmp[1]}) outs({dst[0]} : {dst[1]})")
        k.store(dst, pd, dt, (8, 32), (8, 32))
        a = data(dt, (16, 32))
        i = common.rng.integers(-20, 16 * 32 + 20, (8, 32)).astype(NP[it])
        flat = a.reshape(-1)
        inside = (i >= 0) & (i < flat.size)
        ref = np.where(inside, flat[np.clip(i, 0, flat.size - 1)], 0).astype(NP[dt])
        s.add(k, [a, i, data(dt, (8, 32))], 2, ref, "--rtol 0 --atol 0")


def compare_form(s, mode, dt):
    name = f"tgather_cmp_{mode}_{dt}"
    with own_stream(name):
        k = Kernel(name)
        ps, pd, pc = k.ptr(dt), k.ptr("i32"), k.ptr("i32")
        rows, cols, vr, vc = 4, 64, 3, 50
        src = k.tile("vec", rows, cols, dt, valid=(vr, vc))
        tmp = k.tile("vec", rows, cols, "ui8", valid=(rows, cols))
        dst = k.tile("vec", rows, cols, "i32", valid=(rows, cols))
        cnt = k.tile("vec", 1, 8, "i32", valid=(1, 8))
        k.load(ps, dt, (rows, cols), (vr, vc), src)
        k.load(pd, "i32", (rows, cols), (rows, cols), dst)
        k.load(pc, "i32", (1, 8), (1, 8), cnt)
        kv = 0.5 if mode == "gt" else 1.0
        offset = 7 if mode == "gt" else 0
        k.emit(f"%k = arith.constant {kv} : {dt}")
        attrs = f"{{cmpMode = #pto<cmp {mode}>, offset = {offset} : i32}}" if mode == "gt" else ""
        k.emit(f"pto.tgather ins({src[0]}, %k, {tmp[0]} : {src[1]}, {dt}, {tmp[1]}) outs({dst[0]}, {cnt[0]} : {dst[1]}, {cnt[1]}){' ' + attrs if attrs else ''}")
        k.store(dst, pd, "i32", (rows, cols), (rows, cols))
        k.store(cnt, pc, "i32", (1, 8), (1, 8))
        a = common.rng.integers(-3, 4, (rows, cols)).astype(NP[dt])
        d0 = common.rng.integers(-1000, 1000, (rows, cols)).astype(np.int32)
        c0 = common.rng.integers(-1000, 1000, (1, 8)).astype(np.int32)
        ref, cref = d0.copy(), c0.copy()
        for r in range(vr):
            row = a[r, :vc].astype(np.float64)
            hits = np.nonzero(row > kv if mode == "gt" else row == kv)[0]
            ref[r, :hits.size] = offset + r * cols + hits
            cref[0, r] = hits.size
        s.add(k, [a, d0, c0], 1, ref, "--rtol 0 --atol 0", more=[(2, cref)])


PATTERNS = {"P0101": (2, 0), "P1010": (2, 1), "P0001": (4, 0), "P0010": (4, 1), "P0100": (4, 2),
            "P1000": (4, 3), "P1111": (1, 0)}


def mask_form(s, pattern, dt):
    name = f"tgather_mask_{pattern}_{dt}"
    period, phase = PATTERNS[pattern]
    with own_stream(name):
        k = Kernel(name)
        ps, pd = k.ptr(dt), k.ptr(dt)
        vr, vc = 6, 24
        per_row = vc // period
        src = k.tile("vec", 8, 32, dt, valid=(vr, vc))
        dst = k.tile("vec", 8, per_row, dt, valid=(vr, per_row))
        k.load(ps, dt, (8, 32), (vr, vc), src)
        k.emit(f"pto.tgather ins({src[0]}, {{maskPattern = #pto.mask_pattern<{pattern}>}} : {src[1]}) outs({dst[0]} : {dst[1]})")
        k.store(dst, pd, dt, (8, per_row), (vr, per_row))
        a = data(dt, (8, 32))
        d0 = data(dt, (8, per_row))
        ref = d0.copy()
        ref[:vr, :] = a[:vr, phase:vc:period]
        s.add(k, [a, d0], 1, ref, "--rtol 0 --atol 0")


def blocks(s, dt):
    name = f"tgatherb_{dt}"
    with own_stream(name):
        k = Kernel(name)
        ps, po, pd = k.ptr(dt), k.ptr("i32"), k.ptr(dt)
        src = k.tile("vec", 8, 32, dt, valid=(8, 32))
        off = k.tile("vec", 8, 8, "i32", valid=(6, 8))
        dst = k.tile("vec", 8, 32, dt, valid=(6, 32))
        k.load(ps, dt, (8, 32), (8, 32), src)
        k.load(po, "i32", (8, 8), (6, 8), off)
        k.load(pd, dt, (8, 32), (6, 32), dst)
        k.emit(f"pto.tgatherb ins({src[0]}, {off[0]} : {src[1]}, {off[1]}) outs({dst[0]} : {dst[1]})")
        k.store(dst, pd, dt, (8, 32), (6, 32))
        a = data(dt, (8, 32))
        size = a.nbytes
        # Byte offsets: 4-byte aligned, some not 32-byte aligned, some past the end.
        o = (common.rng.integers(0, (size + 64) // 4, (8, 8)) * 4).astype(np.int32)
        d0 = data(dt, (8, 32))
        src_bytes = a.tobytes()
        out = bytearray(d0.tobytes())
        row_bytes = 32 * BYTES[dt]
        for r in range(6):
            for b in range(row_bytes // 32):
                at = int(o[r, b])
                if at + 32 <= size:
                    start = r * row_bytes + b * 32
                    out[start:start + 32] = src_bytes[at:at + 32]
        ref = np.frombuffer(bytes(out), dtype=NP[dt]).reshape(8, 32)
        s.add(k, [a, o, d0], 2, ref, "--rtol 0 --atol 0")


def structures(dt, n, keys):
    """n 8-byte structures as a row of dt elements: key first, then payload."""
    per = 8 // BYTES[dt]
    row = common.rng.integers(-100, 100, (n, per)).astype(NP[dt])
    row[:, 0] = keys
    return row.reshape(-1)


def merge(lists, cap, exhausted, per):
    """The simulator's merge of struct lists (arrays of shape (n, per)) into cap structs."""
    heads = [0] * len(lists)
    out = []
    while len(out) < cap:
        pick = -1
        for i, l in enumerate(lists):
            if heads[i] < len(l) and (pick < 0 or l[heads[i]][0] > lists[pick][heads[pick]][0]):
                pick = i
        if pick < 0:
            break
        out.append(lists[pick][heads[pick]])
        heads[pick] += 1
        if exhausted and any(h == len(l) for h, l in zip(heads, lists)):
            break
    return out


def sorted_keys(dt, n):
    """n keys in descending order, with ties."""
    return np.sort(common.rng.integers(-8, 8, n).astype(NP[dt]))[::-1]


def merge_blocks(s, dt):
    name = f"tmrgsort_blocks_{dt}"
    per = 8 // BYTES[dt]
    with own_stream(name):
        k = Kernel(name)
        ps, pd = k.ptr(dt), k.ptr(dt)
        block = 64
        cols = 4 * block + block  # one whole group and a partial one
        src = k.tile("vec", 1, cols, dt, valid=(1, cols))
        dst = k.tile("vec", 1, cols, dt, valid=(1, cols))
        k.load(ps, dt, (1, cols), (1, cols), src)
        k.load(pd, dt, (1, cols), (1, cols), dst)
        k.emit(f"%len = arith.constant {block} : i32")
        k.emit(f"pto.tmrgsort ins({src[0]}, %len : {src[1]}, i32) outs({dst[0]} : {dst[1]})")
        k.store(dst, pd, dt, (1, cols), (1, cols))
        n = block // per
        a = np.concatenate([structures(dt, n, sorted_keys(dt, n)) for _ in range(cols // block)])
        d0 = data(dt, (cols,))
        lists = [a[b * block:(b + 1) * block].reshape(n, per) for b in range(4)]
        merged = np.array(merge(lists, 4 * n, False, per)).reshape(-1)
        ref = d0.copy()
        ref[:4 * block] = merged
        s.add(k, [a.reshape(1, cols), d0.reshape(1, cols)], 1, ref.reshape(1, cols), "--rtol 0 --atol 0")


def merge_lists(s, dt, n, exhausted, cap):
    """n lists of different lengths into a dst of cap valid elements."""
    name = f"tmrgsort_{n}lists{'_exhausted' if exhausted else ''}_{dt}"
    per = 8 // BYTES[dt]
    sizes = [5, 9, 3, 7][:n]
    with own_stream(name):
        k = Kernel(name)
        ptrs = [k.ptr(dt) for _ in range(n)]
        pd = k.ptr(dt)
        width = 64 if dt == "f32" else 128
        srcs = []
        for p, m in zip(ptrs, sizes):
            t = k.tile("vec", 1, width, dt, valid=(1, m * per))
            k.load(p, dt, (1, width), (1, m * per), t)
            srcs.append(t)
        tmp = k.tile("vec", 1, width * n, dt, valid=(1, width * n))
        dst = k.tile("vec", 1, width, dt, valid=(1, cap))
        k.load(pd, dt, (1, width), (1, cap), dst)
        k.emit("%exec = arith.constant dense<0> : vector<4xi16>")
        names = ", ".join(t[0] for t in srcs)
        types = ", ".join(t[1] for t in srcs)
        k.emit(f"pto.tmrgsort ins({names}, {tmp[0]} {{exhausted = {'true' if exhausted else 'false'}}} : {types}, {tmp[1]}) outs({dst[0]}, %exec : {dst[1]}, vector<4xi16>)")
        k.store(dst, pd, dt, (1, width), (1, cap))
        lists = [structures(dt, m, sorted_keys(dt, m)).reshape(m, per) for m in sizes]
        args = []
        for l in lists:
            row = data(dt, (width,))
            row[:l.size] = l.reshape(-1)
            args.append(row.reshape(1, width))
        d0 = data(dt, (width,))
        merged = np.array(merge(lists, cap // per, exhausted, per)).reshape(-1)
        ref = d0.copy()
        ref[:merged.size] = merged
        s.add(k, args + [d0.reshape(1, width)], n, ref.reshape(1, width), "--rtol 0 --atol 0")


def tassign(s):
    """Two handles of one declared tile placed by tassign: the second at the first's
    bytes plus 4096 reads what a tadds wrote there."""
    name = "tassign_f32"
    with own_stream(name):
        k = Kernel(name)
        pa, pb = k.ptr("f32"), k.ptr("f32")
        ty = "!pto.tile_buf<vec, 16x32xf32>"
        k.emit(f"%decl = pto.declare_tile -> {ty}")
        k.emit("%at0 = arith.constant 0 : i64")
        k.emit("%at1 = arith.constant 4096 : i64")
        k.emit(f"%x = pto.tassign %decl, %at0 : {ty} -> {ty}")
        k.emit(f"%y = pto.tassign %decl, %at1 : {ty} -> {ty}")
        k.load(pa, "f32", (16, 32), (16, 32), ("%x", ty))
        k.emit("%one = arith.constant 1.0 : f32")
        k.emit(f"pto.tadds ins(%x, %one : {ty}, f32) outs(%y : {ty})")
        k.store(("%y", ty), pb, "f32", (16, 32), (16, 32))
        a = data("f32", (16, 32))
        s.add(k, [a, data("f32", (16, 32))], 1, (a + np.float32(1)).astype(np.float32), "--rtol 0 --atol 0")


def sort32(s, dt, rows, cols):
    """tsort32 of `rows` x `cols` valid elements: each block of 32 sorted by descending
    value, then by index, then by position, as 8-byte structures (the value, then the
    u32 index: one element for 32-bit values, a zero and two halves for 16-bit ones).
    Values have ties and some indices repeat, so every tie-break is exercised."""
    name = f"tsort32_{dt}_{rows}x{cols}"
    per = 8 // BYTES[dt]
    tcols = 32 * -(-cols // 32)
    with own_stream(name):
        k = Kernel(name)
        ps, pi, pd = k.ptr(dt), k.ptr("ui32"), k.ptr(dt)
        src = k.tile("vec", rows, tcols, dt, valid=(rows, cols))
        idx = k.tile("vec", rows, tcols, "ui32", valid=(rows, cols))
        dst = k.tile("vec", rows, tcols * per, dt, valid=(rows, cols * per))
        k.load(ps, dt, (rows, tcols), (rows, cols), src)
        k.load(pi, "ui32", (rows, tcols), (rows, cols), idx)
        k.load(pd, dt, (rows, tcols * per), (rows, cols * per), dst)
        k.emit(f"pto.tsort32 ins({src[0]}, {idx[0]} : {src[1]}, {idx[1]}) outs({dst[0]} : {dst[1]})")
        k.store(dst, pd, dt, (rows, tcols * per), (rows, cols * per))
        a = common.rng.integers(-6, 6, (rows, tcols)).astype(NP[dt])
        ix = common.rng.integers(0, 40, (rows, tcols)).astype(np.uint32)
        d0 = data(dt, (rows, tcols * per))
        ref = d0.copy()
        for r in range(rows):
            for j in range(0, cols, 32):
                n = min(32, cols - j)
                order = sorted(range(n), key=lambda m: (-float(a[r, j + m]), int(ix[r, j + m]), m))
                for slot, m in enumerate(order):
                    at = (j + slot) * per
                    ref[r, at] = a[r, j + m]
                    i = np.array([ix[r, j + m]], dtype=np.uint32)
                    if per == 2:
                        ref[r, at + 1] = i.view(NP[dt])[0]
                    else:
                        halves = i.view(np.uint16)
                        ref[r, at + 1] = 0
                        ref[r, at + 2] = halves[:1].view(NP[dt])[0]
                        ref[r, at + 3] = halves[1:].view(NP[dt])[0]
        s.add(k, [a, ix, d0], 2, ref, "--rtol 0 --atol 0")
