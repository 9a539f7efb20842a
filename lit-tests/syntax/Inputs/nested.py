"""Prints IR nested `depth` levels deep in one construct (`nesting.mlir`):
regions, tuple types, arrays, call-site locations, affine parentheses, or a PyPTO
expression (`py-parens`, `py-neg`)."""
import sys

kind, depth = sys.argv[1], int(sys.argv[2])
if kind == "regions":
    print('"t.op"() ({\n' * depth + '"t.end"() : () -> ()\n' + '}) : () -> ()\n' * depth)
elif kind == "tuples":
    print("func.func private @f() -> " + "tuple<" * depth + "i32" + ">" * depth)
elif kind == "arrays":
    print('"t.op"() {a = ' + "[" * depth + "]" * depth + "} : () -> ()")
elif kind == "locations":
    print('"t.op"() : () -> () loc(' + "callsite(" * depth + '"a"' + ' at "b")' * depth + ")")
elif kind == "affine":
    print("#m = affine_map<(d0) -> (" + "(" * depth + "d0" + ")" * depth + ')>\n"t.op"() {m = #m} : () -> ()')
elif kind.startswith("py-"):
    head = ("# pypto.program: p\nimport pypto.language as pl\n\n"
            "@pl.function(type=pl.FunctionType.InCore)\ndef f(x: pl.INT64) -> pl.INT64:\n")
    body = {"py-parens": "(" * depth + "x" + ")" * depth,
            "py-neg": "-" * depth + "x",
            "py-sum": " + ".join(["x"] * depth)}[kind]
    print(head + "    y = " + body + "\n    return y")
else:
    sys.exit("unknown kind " + kind)
