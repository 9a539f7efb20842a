#!/usr/bin/env python3
"""Writes a module of many functions, large enough for pto-opt to print it on several
threads, with what the printer shares across functions: attribute and type aliases first
used in different functions, dense_resource blobs, block successors and nested regions.

usage: many_functions.py FUNCTIONS OPS_PER_FUNCTION
"""
import sys

n, m = int(sys.argv[1]), int(sys.argv[2])
out = []
for f in range(n):
    # A map and a tuple type that only some functions use, so alias order follows the
    # first function using each.
    out.append(f"func.func @f{f}(%a: i32, %b: memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 4 + d1 + {f % 7})>>) -> i32 {{")
    out.append("  %c1 = arith.constant 1 : i32")
    prev = "%a"
    for i in range(m):
        out.append(f"  %v{i} = arith.addi {prev}, %c1 : i32")
        prev = f"%v{i}"
    if f % 4 == 3:
        out.append(f'  %t = "test.tuple"() : () -> tuple<{", ".join(["i8"] * (17 + (f // 4) % 3))}>')
    if f % 4 == 1:
        out.append(f"  %r = arith.constant dense_resource<blob{(f // 4 + 1) % 2}> : tensor<2xi32>")
    out.append(f"  %x = \"test.wrap\"({prev}) ({{")
    out.append(f"  ^bb0(%y: i32):")
    out.append(f"    cf.br ^bb1(%y : i32)")
    out.append(f"  ^bb1(%z: i32):")
    out.append(f"    \"test.yield\"(%z) : (i32) -> ()")
    out.append(f"  }}) : (i32) -> i32")
    out.append("  return %x : i32")
    out.append("}")
out.append("{-#")
out.append("  dialect_resources: {")
out.append("    builtin: {")
out.append('      blob0: "0x040000000100000002000000",')
out.append('      blob1: "0x040000000300000004000000"')
out.append("    }")
out.append("  }")
out.append("#-}")
print("\n".join(out))
