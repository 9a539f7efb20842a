#!/usr/bin/env python3
"""Generate a large MLIR module, in generic form, for the pto-opt benchmark.

The module holds N functions (default 1000). Each function has the signature
(i32, i32) -> i32 and contains exactly M (default 1000) `arith` ops plus one
`scf.for` loop (with an i32 iter_arg and an `scf.yield`) and a `func.return`.
The M arith ops mix arith.constant (i32, f32, index), addi, muli, subi, xori,
cmpi (with its `predicate` property), select, addf and mulf; a couple of them
sit inside the loop body. Total op count:

    1 (builtin.module) + N * (M + 4)   # func.func, scf.for, scf.yield, func.return

i.e. about 1M ops with the defaults.

The text is written exactly the way `mlir-opt --mlir-print-op-generic` prints
it (SSA numbering, `%argN` block arguments, default properties such as
`overflowFlags` / `fastmath`), so a generic -> generic round trip through
mlir-opt reproduces the input byte for byte (use --numbering=local for the
per-function %0/%arg0 names a human would write). Output is deterministic: the same
arguments (including --seed) always produce the same bytes.

Only the Python standard library is used.
"""

import argparse
import random
import sys

OVF = " <{overflowFlags = #arith.overflow<none>}>"
FM = " <{fastmath = #arith.fastmath<none>}>"

# Weighted op mix for the straight-line part of each function body.
MIX = [
    ("const_i32", 6),
    ("const_f32", 3),
    ("addi", 14),
    ("muli", 10),
    ("subi", 10),
    ("xori", 8),
    ("cmpi", 8),
    ("select", 8),
    ("addf", 9),
    ("mulf", 9),
]
KINDS = [k for k, _ in MIX]
WEIGHTS = [w for _, w in MIX]

# Ops emitted outside the weighted mix, per function:
#   prologue: 1 i32 constant, 1 f32 constant, 3 index constants (lb, ub, step)
#   loop body: addi + muli
FIXED_ARITH = 5 + 2


class FuncGen:
    def __init__(self, rng, out, ind, first_id):
        self.rng = rng
        self.out = out
        self.ind = ind
        self.next_id = first_id
        self.i32 = []   # recent i32 values
        self.f32 = []   # recent f32 values
        self.i1 = []    # recent i1 values
        self.emitted = 0

    def new(self):
        v = "%" + str(self.next_id)
        self.next_id += 1
        return v

    @staticmethod
    def push(pool, v, keep=16):
        pool.append(v)
        if len(pool) > keep:
            del pool[0]

    def pick(self, pool):
        return pool[self.rng.randrange(len(pool))]

    def line(self, text):
        self.out.append(self.ind + text + "\n")

    def op(self, kind):
        r = self.rng
        if kind == "const_i32":
            v = self.new()
            self.line('%s = "arith.constant"() <{value = %d : i32}> : () -> i32'
                      % (v, r.randrange(-1000, 1000)))
            self.push(self.i32, v)
        elif kind == "const_f32":
            v = self.new()
            # k + 0.5 / 0.25 values are exact in f32 and print as %e.
            val = r.randrange(-64, 64) + r.choice((0.0, 0.25, 0.5, 0.75))
            self.line('%s = "arith.constant"() <{value = %e : f32}> : () -> f32'
                      % (v, val))
            self.push(self.f32, v)
        elif kind in ("addi", "muli", "subi"):
            a, b = self.pick(self.i32), self.pick(self.i32)
            v = self.new()
            self.line('%s = "arith.%s"(%s, %s)%s : (i32, i32) -> i32'
                      % (v, kind, a, b, OVF))
            self.push(self.i32, v)
        elif kind == "xori":
            a, b = self.pick(self.i32), self.pick(self.i32)
            v = self.new()
            self.line('%s = "arith.xori"(%s, %s) : (i32, i32) -> i32' % (v, a, b))
            self.push(self.i32, v)
        elif kind == "cmpi":
            a, b = self.pick(self.i32), self.pick(self.i32)
            v = self.new()
            self.line('%s = "arith.cmpi"(%s, %s) <{predicate = %d : i64}> : (i32, i32) -> i1'
                      % (v, a, b, r.randrange(10)))
            self.push(self.i1, v)
        elif kind == "select":
            if not self.i1:           # need a condition first: emit a cmpi instead
                return self.op("cmpi")
            c = self.pick(self.i1)
            a, b = self.pick(self.i32), self.pick(self.i32)
            v = self.new()
            self.line('%s = "arith.select"(%s, %s, %s) : (i1, i32, i32) -> i32'
                      % (v, c, a, b))
            self.push(self.i32, v)
        elif kind in ("addf", "mulf"):
            a, b = self.pick(self.f32), self.pick(self.f32)
            v = self.new()
            self.line('%s = "arith.%s"(%s, %s)%s : (f32, f32) -> f32'
                      % (v, kind, a, b, FM))
            self.push(self.f32, v)
        else:
            raise AssertionError(kind)
        self.emitted += 1

    def mixed(self, count):
        for kind in self.rng.choices(KINDS, WEIGHTS, k=count):
            self.op(kind)


def gen_function(idx, m, rng, out, first_id, first_arg):
    """Emit function `f<idx>`.

    SSA ids: the function body's own values (M-2 arith results + the scf.for
    result) get first_id .. first_id+M-2, the two loop-body values the next
    two; block arguments are %arg<first_arg> .. %arg<first_arg+3>.
    """
    a0, a1, a2, a3 = ("%%arg%d" % (first_arg + k) for k in range(4))
    out.append('  "func.func"() <{function_type = (i32, i32) -> i32, sym_name = "f%d"}> ({\n' % idx)
    out.append("  ^bb0(%s: i32, %s: i32):\n" % (a0, a1))
    g = FuncGen(rng, out, "    ", first_id)
    g.i32 = [a0, a1]

    # Prologue: seed constants and the loop bounds.
    g.op("const_i32")
    g.op("const_f32")
    lb, ub, st = g.new(), g.new(), g.new()
    g.line('%s = "arith.constant"() <{value = 0 : index}> : () -> index' % lb)
    g.line('%s = "arith.constant"() <{value = %d : index}> : () -> index'
           % (ub, rng.randrange(4, 64)))
    g.line('%s = "arith.constant"() <{value = 1 : index}> : () -> index' % st)
    g.emitted += 3

    free = m - FIXED_ARITH
    before = free // 2
    after = free - before
    g.mixed(before)

    # scf.for with one i32 iter_arg; nested block args continue the %argN count.
    # Body values are numbered after all of the function body's own values
    # (that is how mlir-opt numbers nested regions).
    init = g.pick(g.i32)
    loop_res = g.new()
    g.line('%s = "scf.for"(%s, %s, %s, %s) ({' % (loop_res, lb, ub, st, init))
    g.line("^bb0(%s: index, %s: i32):" % (a2, a3))
    outer_ind = g.ind
    g.ind = outer_ind + "  "
    inner_base = first_id + (m - 1)
    t0 = "%%%d" % inner_base
    t1 = "%%%d" % (inner_base + 1)
    g.line('%s = "arith.addi"(%s, %s)%s : (i32, i32) -> i32'
           % (t0, a3, g.pick(g.i32), OVF))
    g.line('%s = "arith.muli"(%s, %s)%s : (i32, i32) -> i32' % (t1, t0, a3, OVF))
    g.emitted += 2
    g.line('"scf.yield"(%s) : (i32) -> ()' % t1)
    g.ind = outer_ind
    g.line("}) : (index, index, index, i32) -> i32")
    g.push(g.i32, loop_res)

    g.mixed(after)
    assert g.emitted == m, (g.emitted, m)
    assert g.next_id == inner_base, (g.next_id, inner_base)

    g.line('"func.return"(%s) : (i32) -> ()' % g.i32[-1])
    out.append("  }) : () -> ()\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", "--functions", type=int, default=1000,
                    help="number of functions (default 1000)")
    ap.add_argument("-m", "--ops-per-function", type=int, default=1000,
                    help="arith ops per function (default 1000, minimum %d)" % FIXED_ARITH)
    ap.add_argument("--seed", type=int, default=20240601,
                    help="RNG seed (default fixed, output is deterministic)")
    ap.add_argument("-o", "--output", default="-", help="output file ('-' = stdout)")
    ap.add_argument("--numbering", choices=("mlir", "local"), default="mlir",
                    help="SSA names: 'mlir' (default) reproduces mlir-opt's generic "
                         "printer (one numbering for the whole module, functions "
                         "numbered last to first) so the file is a fixed point of "
                         "`mlir-opt --mlir-print-op-generic`; 'local' restarts "
                         "%%0 / %%arg0 in every function")
    ap.add_argument("--stats", action="store_true",
                    help="print 'ops=<total> bytes=<size>' to stderr")
    args = ap.parse_args(argv)
    if args.functions < 0 or args.ops_per_function < FIXED_ARITH:
        ap.error("need N >= 0 and M >= %d" % FIXED_ARITH)

    rng = random.Random(args.seed)
    f = sys.stdout if args.output == "-" else open(args.output, "w", encoding="utf-8", newline="\n")
    nbytes = 0
    try:
        head = '"builtin.module"() ({\n'
        f.write(head)
        nbytes += len(head)
        n, m = args.functions, args.ops_per_function
        for i in range(n):
            # Each function defines M+1 values and 4 block arguments.
            slot = (n - 1 - i) if args.numbering == "mlir" else 0
            chunk = []
            gen_function(i, m, rng, chunk, slot * (m + 1), slot * 4)
            s = "".join(chunk)
            f.write(s)
            nbytes += len(s)
        tail = "}) : () -> ()\n\n"  # mlir-opt ends its output with a blank line
        f.write(tail)
        nbytes += len(tail)
    finally:
        if f is not sys.stdout:
            f.close()
    if args.stats:
        total_ops = 1 + args.functions * (args.ops_per_function + 4)
        print("ops=%d bytes=%d" % (total_ops, nbytes), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
