// pto-opt parses the functions of a large module on several threads (unless
// --mlir-disable-threading): chunks of functions go to parsers of their own, which also
// verify them. Nothing may depend on it: the output (locations included), the errors,
// their order and locations are those of a serial parse and of mlir-opt. A chunk that
// fails (here: a syntax error, an undefined value) is parsed again serially, which
// reports the error; a verifier error does not stop the threads.

// Functions at the top of the file, custom and generic form.
// RUN: %python %S/Inputs/chunked_module.py top 32 700 > %t.top.mlir
// RUN: env RUST_LOG=pto::parser=debug %pto-opt %t.top.mlir -o %t.top.threads.mlir 2>&1 | FileCheck %s --check-prefix=PARALLEL
// RUN: %pto-opt %t.top.mlir --mlir-disable-threading -o %t.top.serial.mlir
// RUN: diff %t.top.serial.mlir %t.top.threads.mlir
// RUN: %mlir-opt %t.top.mlir -o %t.top.mlir-opt.mlir
// RUN: diff %t.top.mlir-opt.mlir %t.top.threads.mlir
// RUN: %pto-opt %t.top.mlir --mlir-print-op-generic --mlir-print-debuginfo -o %t.generic.mlir
// RUN: env RUST_LOG=pto::parser=debug %pto-opt %t.generic.mlir --mlir-print-debuginfo -o %t.generic.threads.mlir 2>&1 | FileCheck %s --check-prefix=PARALLEL
// RUN: %pto-opt %t.generic.mlir --mlir-print-debuginfo --mlir-disable-threading -o %t.generic.serial.mlir
// RUN: diff %t.generic.serial.mlir %t.generic.threads.mlir
// RUN: %mlir-opt %t.generic.mlir --mlir-print-debuginfo -o %t.generic.mlir-opt.mlir
// RUN: diff %t.generic.mlir-opt.mlir %t.generic.threads.mlir

// Locations through aliases defined after their use, in a module.
// RUN: %python %S/Inputs/chunked_module.py module 32 700 loc-alias > %t.loc.mlir
// RUN: env RUST_LOG=pto::parser=debug %pto-opt %t.loc.mlir --mlir-print-debuginfo -o %t.loc.threads.mlir 2>&1 | FileCheck %s --check-prefix=PARALLEL
// RUN: %pto-opt %t.loc.mlir --mlir-print-debuginfo --mlir-disable-threading -o %t.loc.serial.mlir
// RUN: diff %t.loc.serial.mlir %t.loc.threads.mlir
// RUN: %mlir-opt %t.loc.mlir --mlir-print-debuginfo -o %t.loc.mlir-opt.mlir
// RUN: diff %t.loc.mlir-opt.mlir %t.loc.threads.mlir

// A split input file: line and column numbers continue those of the file.
// RUN: %python %S/Inputs/chunked_module.py split 32 700 verify > %t.split.mlir
// RUN: not %pto-opt %t.split.mlir --split-input-file --mlir-print-debuginfo -o %t.split.threads.mlir 2> %t.split.threads.err
// RUN: not %pto-opt %t.split.mlir --split-input-file --mlir-print-debuginfo --mlir-disable-threading -o %t.split.serial.mlir 2> %t.split.serial.err
// RUN: diff %t.split.serial.err %t.split.threads.err
// RUN: not %mlir-opt %t.split.mlir --split-input-file --mlir-print-debuginfo 2> %t.split.mlir-opt.err
// RUN: diff %t.split.mlir-opt.err %t.split.threads.err

// A verifier error: reported by the thread that parsed the function.
// RUN: %python %S/Inputs/chunked_module.py top 32 700 verify > %t.verify.mlir
// RUN: env RUST_LOG=pto::parser=debug not %pto-opt %t.verify.mlir 2>&1 >/dev/null | FileCheck %s --check-prefixes=PARALLEL,VERIFY
// RUN: not %pto-opt %t.verify.mlir 2> %t.verify.threads.err
// RUN: not %pto-opt %t.verify.mlir --mlir-disable-threading 2> %t.verify.serial.err
// RUN: diff %t.verify.serial.err %t.verify.threads.err
// RUN: not %mlir-opt %t.verify.mlir 2> %t.verify.mlir-opt.err
// RUN: diff %t.verify.mlir-opt.err %t.verify.threads.err

// Errors the parser finds: the chunk is parsed again serially.
// RUN: %python %S/Inputs/chunked_module.py module 32 700 syntax > %t.syntax.mlir
// RUN: env RUST_LOG=pto::parser=debug not %pto-opt %t.syntax.mlir 2>&1 >/dev/null | FileCheck %s --check-prefixes=FALLBACK,SYNTAX
// RUN: not %pto-opt %t.syntax.mlir 2> %t.syntax.threads.err
// RUN: not %mlir-opt %t.syntax.mlir 2> %t.syntax.mlir-opt.err
// RUN: diff %t.syntax.mlir-opt.err %t.syntax.threads.err
// RUN: %python %S/Inputs/chunked_module.py module 32 700 undefined > %t.undefined.mlir
// RUN: env RUST_LOG=pto::parser=debug not %pto-opt %t.undefined.mlir 2>&1 >/dev/null | FileCheck %s --check-prefixes=FALLBACK,UNDEFINED
// RUN: not %pto-opt %t.undefined.mlir 2> %t.undefined.threads.err
// RUN: not %mlir-opt %t.undefined.mlir 2> %t.undefined.mlir-opt.err
// RUN: diff %t.undefined.mlir-opt.err %t.undefined.threads.err

// PARALLEL: parsed an op list in parallel chunks={{[0-9]+}} threads={{[0-9]+$}}
// VERIFY: error: 'arith.addi' op requires the same type for all operands and results
// FALLBACK: parsed an op list in parallel chunks={{[0-9]+}} threads={{[0-9]+}} serial_from={{[0-9]+$}}
// SYNTAX: .syntax.mlir:{{[0-9]+}}:27: error: expected SSA operand
// UNDEFINED: error: use of undeclared SSA value name
