#!/usr/bin/env python3
"""Writes the seed inputs of each fuzz target (see scripts/fuzz.sh) into DIR/<target>/:
the project's own lit tests and examples, split at `// -----` as the tools split them.
Seeds are regenerated on every run; only the corpora the fuzzer grows are committed."""
import hashlib
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PIPELINES = 8  # len(PIPELINES) in fuzz/fuzz_targets/pass_pipeline.rs


def write(out: Path, data: bytes) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / hashlib.sha1(data).hexdigest()).write_bytes(data)


def chunks(path: Path):
    text = path.read_bytes()
    for chunk in text.split(b"\n// -----\n"):
        if chunk.strip():
            yield chunk


def npy(dtype: str, shape, payload: bytes) -> bytes:
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (dtype, shape)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + payload


def main() -> None:
    out = Path(sys.argv[1])
    sources = [ROOT / "lit-tests", ROOT / "examples"]
    files = sorted(p for s in sources for p in s.rglob("*") if p.is_file() and "Output" not in p.parts)
    n = 0
    for p in files:
        if p.suffix == ".pto" and "wsp" in p.parts:
            for chunk in chunks(p):
                write(out / "wsp_import", chunk)
        if p.suffix in (".mlir", ".pto"):
            for chunk in chunks(p):
                write(out / "mlir_roundtrip", chunk)
                write(out / "pass_pipeline", bytes([n % PIPELINES]) + chunk)
                n += 1
        elif p.suffix == ".py" and "pypto" in str(p):
            write(out / "pypto_import", p.read_bytes())
        elif p.suffix == ".dx":
            write(out / "deepx_import", p.read_bytes())
        elif p.suffix == ".npy":
            write(out / "npy_read", p.read_bytes())
        elif p.suffix == ".ecl":
            write(out / "ecl_import", p.read_bytes())
        elif p.suffix == ".harp":
            write(out / "harp_ir_import", p.read_bytes())
    # The reader's dtypes and ranks, small.
    for dtype, size in [("<f4", 4), ("<f8", 8), ("<i4", 4), ("<i8", 8), ("|i1", 1),
                        ("|u1", 1), ("<f2", 2), ("|b1", 1), ("<u2", 2)]:
        for shape, count in [("()", 1), ("(3,)", 3), ("(2, 3)", 6), ("(0, 4)", 0)]:
            write(out / "npy_read", npy(dtype, shape, bytes(size * count)))
    for t in sorted(os.listdir(out)):
        print(f"{t}: {len(os.listdir(out / t))} seeds")


if __name__ == "__main__":
    main()
