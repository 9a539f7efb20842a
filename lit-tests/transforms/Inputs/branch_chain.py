"""Prints a function whose body is a chain of `n` blocks, each branching to the next
(`canonicalize-branch-chain.mlir`)."""
import sys

n = int(sys.argv[1])
out = ["func.func @f(%x: i32) -> i32 {", "  cf.br ^b0"]
for i in range(n):
    out.append("^b%d:" % i)
    out.append("  cf.br ^b%d" % (i + 1))
out.append("^b%d:" % n)
out.append("  return %x : i32")
out.append("}")
print("\n".join(out))
