// A module large enough that pto-opt prints its functions on several threads (the
// default; --mlir-disable-threading prints on one). The text must not depend on it:
// aliases in first-use order across functions, dense_resource blobs, value numbering
// (global in the generic form), and both forms as mlir-opt prints them.
// RUN: %python %S/Inputs/many_functions.py 12 1500 > %t.mlir
// RUN: env RUST_LOG=pto::printer=debug %pto-opt %t.mlir --allow-unregistered-dialect -o %t.threads.mlir 2>&1 | FileCheck %s --check-prefix=LOG
// RUN: %pto-opt %t.mlir --allow-unregistered-dialect --mlir-disable-threading -o %t.serial.mlir
// RUN: diff %t.serial.mlir %t.threads.mlir
// RUN: %pto-opt %t.mlir --allow-unregistered-dialect --mlir-print-op-generic -o %t.threads.generic.mlir
// RUN: %pto-opt %t.mlir --allow-unregistered-dialect --mlir-print-op-generic --mlir-disable-threading -o %t.serial.generic.mlir
// RUN: diff %t.serial.generic.mlir %t.threads.generic.mlir
// RUN: %mlir-opt %t.mlir --allow-unregistered-dialect -o %t.mlir-opt.mlir
// RUN: diff %t.mlir-opt.mlir %t.threads.mlir
// RUN: %mlir-opt %t.mlir --allow-unregistered-dialect --mlir-print-op-generic -o %t.mlir-opt.generic.mlir
// RUN: diff %t.mlir-opt.generic.mlir %t.threads.generic.mlir
// RUN: FileCheck %s < %t.threads.mlir
// RUN: FileCheck %s --check-prefix=GENERIC < %t.threads.generic.mlir

// LOG: alias dry run of a block on several threads
// LOG: printing a block on several threads

// Aliases in the order their objects are first used (f3, f7, f11; then f0, f1, ...).
// CHECK: !tuple = tuple<{{(i8, ){16}i8}}>
// CHECK-NEXT: !tuple1 = tuple<{{(i8, ){17}i8}}>
// CHECK-NEXT: !tuple2 = tuple<{{(i8, ){18}i8}}>
// CHECK-NEXT: #map = affine_map<(d0, d1) -> (d0 * 4 + d1)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d0 * 4 + d1 + 1)>
// CHECK-LABEL: func.func @f0(%arg0: i32, %arg1: memref<4x4xf32, #map>) -> i32 {
// CHECK: %1500 = "test.wrap"(%1499) ({
// CHECK-LABEL: func.func @f1(
// CHECK: %{{.*}} = arith.constant dense_resource<blob1> : tensor<2xi32>
// CHECK-LABEL: func.func @f3(
// CHECK: %{{.*}} = "test.tuple"() : () -> !tuple
// CHECK-LABEL: func.func @f5(
// CHECK: %{{.*}} = arith.constant dense_resource<blob0> : tensor<2xi32>
// CHECK-LABEL: func.func @f11(%arg0: i32, %arg1: memref<4x4xf32, #map4>) -> i32 {
// CHECK: dialect_resources: {
// CHECK-NEXT: builtin: {
// CHECK-NEXT: blob1: "0x040000000300000004000000",
// CHECK-NEXT: blob0: "0x040000000100000002000000"

// Generic numbering runs through the module, the last function first (MLIR's order).
// GENERIC: "func.func"() <{function_type = (i32, memref<4x4xf32, #map>) -> i32, sym_name = "f0"}> ({
// GENERIC-NEXT: ^bb0(%arg33: i32, %arg34: memref<4x4xf32, #map>):
// GENERIC: "func.func"() <{function_type = (i32, memref<4x4xf32, #map4>) -> i32, sym_name = "f11"}> ({
// GENERIC-NEXT: ^bb0(%arg0: i32, %arg1: memref<4x4xf32, #map4>):
