// `type($x)` in an op's format: a single value whose constraint is one dialect type
// prints without `!dialect.mnemonic` (`<i8, i16>`), as MLIR's generated printers do
// (`printStrippedAttrOrType`; mlir-opt prints `emitc.load %0 : <i32>`). Variadic and
// optional groups, `qualified(...)`, and a type whose stripped form would be empty
// (`!ptotest.unit`) print in full. Both spellings parse.
// RUN: %pto-opt %s | FileCheck %s
// RUN: %roundtrip %s

// CHECK-LABEL: func.func @take
// CHECK: %0 = ptotest.take %arg0, %arg1, [%arg0, %arg0] opt %arg0 : !ptotest.pair<i8, i16>, %arg0 : <i8, i16>, !ptotest.unit, [!ptotest.pair<i8, i16>, !ptotest.pair<i8, i16>], !ptotest.pair<i8, i16> -> <i8, i16>
// CHECK: %1 = ptotest.take %0, %arg1, [%0], %0 : <i8, i16>, !ptotest.unit, [!ptotest.pair<i8, i16>], !ptotest.pair<i8, i16> -> <i8, i16>
func.func @take(%p: !ptotest.pair<i8, i16>, %u: !ptotest.unit) -> !ptotest.pair<i8, i16> {
  %0 = ptotest.take %p, %u, [%p, %p] opt %p : !ptotest.pair<i8, i16>, %p : !ptotest.pair<i8, i16>, !ptotest.unit, [!ptotest.pair<i8, i16>, !ptotest.pair<i8, i16>], !ptotest.pair<i8, i16> -> !ptotest.pair<i8, i16>
  %1 = ptotest.take %0, %u, [%0], %0 : <i8, i16>, !ptotest.unit, [!ptotest.pair<i8, i16>], !ptotest.pair<i8, i16> -> <i8, i16>
  return %1 : !ptotest.pair<i8, i16>
}
