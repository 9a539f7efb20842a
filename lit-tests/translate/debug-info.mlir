// --debug-info: DWARF line tables from the ops' locations (a compile unit, a
// subprogram per defined function at its line, a !dbg per instruction), valid for
// LLVM's verifier, optimization and code generation.
// RUN: pto-translate --mlir-to-llvmir --debug-info %s | FileCheck %s
// RUN: pto-translate --mlir-to-llvmir --debug-info -O2 %s | opt -S -passes=verify -o /dev/null
// RUN: pto-translate --mlir-to-llvmir --debug-info --emit=obj %s -o %t.o
// RUN: llvm-dwarfdump --debug-line %t.o | FileCheck %s --check-prefix=LINES
// Without the flag there is no debug info.
// RUN: pto-translate --mlir-to-llvmir %s | FileCheck %s --check-prefix=NONE

// CHECK-LABEL: define i64 @scale(i64 %0) !dbg
// CHECK: mul i64 %0, 3, !dbg [[MUL:![0-9]+]]
// CHECK: ret i64 %{{[0-9]+}}, !dbg [[RET:![0-9]+]]
// CHECK: !llvm.dbg.cu
// CHECK: !DICompileUnit(language: DW_LANG_C, file: [[FILE:![0-9]+]], producer: "pto-mlir"{{.*}}emissionKind: LineTablesOnly
// CHECK: [[FILE]] = !DIFile(filename: "debug-info.mlir"
// CHECK: !"Dwarf Version", i32 4
// CHECK: distinct !DISubprogram(name: "scale", {{.*}}line: [[# @LINE + 9]]
// CHECK: [[MUL]] = !DILocation(line: [[# @LINE + 10]], column: 8,
// CHECK: [[RET]] = !DILocation(line: [[# @LINE + 11]], column: 3,
// LINES: debug-info.mlir
// LINES: {{^}}0x{{[0-9a-f]+}} [[# @LINE + 7]] 8
// LINES-NEXT: {{^}}0x{{[0-9a-f]+}} [[# @LINE + 7]] 8
// NONE-NOT: !dbg
// NONE-NOT: DICompileUnit

llvm.func @scale(%x: i64) -> i64 {
  %c = llvm.mlir.constant(3 : i64) : i64
  %0 = llvm.mul %x, %c : i64
  %1 = llvm.add %0, %x : i64
  llvm.return %1 : i64
}
