// Harp kernel-level programs run compiled and interpreted against numpy
// (Inputs/gen.py); tolerances: softmax 1e-5 relative (exp2 and a reciprocal),
// the others exact.
// RUN: rm -rf %t && mkdir -p %t && %python %S/Inputs/gen.py %t
// RUN: pto-run %S/Inputs/add_relu.mlir -e add_relu --arg %t/a.npy --arg %t/b.npy --expect 0=%t/add_relu.npy --rtol 0 --atol 0 > /dev/null
// RUN: pto-run %S/Inputs/add_relu.mlir -e add_relu --arg %t/a.npy --arg %t/b.npy --expect 0=%t/add_relu.npy --rtol 0 --atol 0 --interpret > /dev/null
// RUN: pto-run %S/Inputs/softmax.mlir -e softmax --arg %t/x.npy --expect 0=%t/softmax.npy --rtol 1e-5 --atol 1e-7 > /dev/null
// RUN: pto-run %S/Inputs/softmax.mlir -e softmax --arg %t/x.npy --expect 0=%t/softmax.npy --rtol 1e-5 --atol 1e-7 --interpret > /dev/null
// RUN: pto-run %S/Inputs/pad_flip.mlir -e pad_flip --arg %t/x.npy --expect 0=%t/pad_flip.npy --rtol 0 --atol 0 > /dev/null
// RUN: pto-run %S/Inputs/pad_flip.mlir -e pad_flip --arg %t/x.npy --expect 0=%t/pad_flip.npy --rtol 0 --atol 0 --interpret > /dev/null
// Random numbers: their moments, and the same numbers compiled and interpreted.
// RUN: pto-run %S/Inputs/rand.mlir -e uniform --out %t/u.npy > /dev/null
// RUN: pto-run %S/Inputs/rand.mlir -e normal --out %t/n.npy > /dev/null
// RUN: %python %S/Inputs/check_rand.py %t/u.npy %t/n.npy | FileCheck %s --check-prefix=MOMENTS
// RUN: pto-run %S/Inputs/rand.mlir -e uniform --interpret --expect 0=%t/u.npy --rtol 0 --atol 0 > /dev/null
// RUN: pto-run %S/Inputs/rand.mlir -e normal --interpret --expect 0=%t/n.npy --rtol 1e-6 --atol 1e-6 > /dev/null
// MOMENTS: moments ok
