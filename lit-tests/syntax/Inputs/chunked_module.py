#!/usr/bin/env python3
"""Writes a module large enough for pto-opt to parse its functions on several threads,
optionally with one defect in a function near the end, to check that errors and results
do not depend on the threads.

usage: chunked_module.py FORM FUNCTIONS OPS_PER_FUNCTION [DEFECT]
  FORM   top (functions at the top of the file) | module (in `module { }`) |
         split (a small module, `// -----`, then the large one, indented by one column)
  DEFECT syntax | verify | undefined | outer-value | loc-alias (function FUNCTIONS-3)
"""
import sys

form, n, m = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
defect = sys.argv[4] if len(sys.argv) > 4 else None
bad = n - 3
out = ["#map = affine_map<(d0) -> (d0 + 1)>"]
ind = ""
if form == "split":
    out = ["func.func @small() {", "  return", "}", "// -----", " #map = affine_map<(d0) -> (d0 + 1)>"]
if form in ("module", "split"):
    out.append(" module {" if form == "split" else "module {")
    ind = "  "
for f in range(n):
    if defect == "outer-value" and f == bad:
        out.append(f'{ind}%g = "test.global"() : () -> i32')
    out.append(f"{ind}func.func @f{f}(%a: i32, %m: memref<4xf32, #map>) -> i32 {{")
    out.append(f"{ind}  %c1 = arith.constant 1 : i32")
    prev = "%a"
    for i in range(m):
        loc = ""
        if defect == "loc-alias" and i == 1:
            loc = f" loc(#loc{f % 3})"
        out.append(f"{ind}  %v{i} = arith.addi {prev}, %c1 : i32{loc}")
        prev = f"%v{i}"
    if f == bad and defect == "syntax":
        out.append(f"{ind}  %e = arith.addi {prev}, : i32")
    if f == bad and defect == "verify":
        out.append(f'{ind}  %e = "arith.addi"({prev}, %c1) : (i32, i32) -> i64')
    if f == bad and defect == "undefined":
        out.append(f"{ind}  %e = arith.addi {prev}, %nowhere : i32")
    if f == bad and defect == "outer-value":
        out.append(f'{ind}  "test.use"(%g) : (i32) -> ()')
    out.append(f"{ind}  return {prev} : i32")
    out.append(f"{ind}}}")
if form in ("module", "split"):
    out.append("}")
if defect == "loc-alias":
    for k in range(3):
        out.append(f'#loc{k} = loc("chunked.py":{k + 1}:7)')
print("\n".join(out))
