// The project's dialect definitions are valid ODS: upstream mlir-tblgen reads each one
// as it reads MLIR's own dialects (build.rs reads them through the same TableGen).
// Every dialect in build.rs's DIALECTS list, as op declarations and definitions:
// RUN: grep -o '"dialects/[^"]*\.td"' %S/../../build.rs | tr -d '"' > %t.list
// RUN: bash -c 'set -e; test $(wc -l < %t.list) -ge 12; while read td; do for g in -gen-op-decls -gen-op-defs; do mlir-tblgen $g -I /usr/lib/llvm-22/include -I %S/../../dialects %S/../../$td -o /dev/null; done; done < %t.list'
// More generators on some:
// RUN: mlir-tblgen -gen-op-decls -I /usr/lib/llvm-22/include %S/../../dialects/func/FuncOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-decls -I /usr/lib/llvm-22/include %S/../../dialects/arith/ArithOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-decls -I /usr/lib/llvm-22/include %S/../../dialects/cf/ControlFlowOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-decls -I /usr/lib/llvm-22/include -I %S/../../dialects %S/../../dialects/math/MathOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-defs -I /usr/lib/llvm-22/include %S/../../dialects/ub/UBOps.td -o /dev/null
// RUN: mlir-tblgen -gen-attrdef-defs -attrdefs-dialect=ub -I /usr/lib/llvm-22/include %S/../../dialects/ub/UBOps.td -o /dev/null
// RUN: mlir-tblgen -gen-attr-interface-decls -I /usr/lib/llvm-22/include %S/../../dialects/ub/UBOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-defs -I /usr/lib/llvm-22/include %S/../../dialects/arith/ArithOps.td -o /dev/null
// RUN: mlir-tblgen -gen-dialect-doc -dialect=arith -I /usr/lib/llvm-22/include %S/../../dialects/arith/ArithOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-decls -I /usr/lib/llvm-22/include -I %S/../../dialects %S/../../dialects/llvm/LLVMOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-defs -I /usr/lib/llvm-22/include -I %S/../../dialects %S/../../dialects/llvm/LLVMOps.td -o /dev/null
// RUN: mlir-tblgen -gen-typedef-decls -typedefs-dialect=llvm -I /usr/lib/llvm-22/include -I %S/../../dialects %S/../../dialects/llvm/LLVMOps.td -o /dev/null
// RUN: mlir-tblgen -gen-typedef-defs -typedefs-dialect=llvm -I /usr/lib/llvm-22/include -I %S/../../dialects %S/../../dialects/llvm/LLVMOps.td -o /dev/null
// RUN: mlir-tblgen -gen-typedef-defs -I /usr/lib/llvm-22/include %S/../../dialects/test/TestOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-decls -I /usr/lib/llvm-22/include %S/../../dialects/test/TestOps.td -o /dev/null
// RUN: mlir-tblgen -gen-attrdef-defs -I /usr/lib/llvm-22/include %S/../../dialects/test/TestOps.td -o /dev/null
// RUN: mlir-tblgen -gen-attrdef-decls -I /usr/lib/llvm-22/include %S/../../dialects/test/TestOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-decls -I /usr/lib/llvm-22/include -I %S/../../dialects %S/../../dialects/pto/PTOOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-defs -I /usr/lib/llvm-22/include -I %S/../../dialects %S/../../dialects/pto/PTOOps.td -o /dev/null
// RUN: mlir-tblgen -gen-typedef-defs -typedefs-dialect=pto -I /usr/lib/llvm-22/include -I %S/../../dialects %S/../../dialects/pto/PTOOps.td -o /dev/null
// RUN: mlir-tblgen -gen-enum-defs -I /usr/lib/llvm-22/include -I %S/../../dialects %S/../../dialects/pto/PTOOps.td -o /dev/null
// RUN: mlir-tblgen -gen-attrdef-defs -attrdefs-dialect=pto -I /usr/lib/llvm-22/include -I %S/../../dialects %S/../../dialects/pto/PTOOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-decls -I /usr/lib/llvm-22/include -I %S/../../dialects %S/../../dialects/vector/VectorOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-defs -I /usr/lib/llvm-22/include -I %S/../../dialects %S/../../dialects/vector/VectorOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-decls -I /usr/lib/llvm-22/include -I %S/../../dialects %S/../../dialects/pypto/PyPTOOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-defs -I /usr/lib/llvm-22/include -I %S/../../dialects %S/../../dialects/pypto/PyPTOOps.td -o /dev/null
// RUN: mlir-tblgen -gen-typedef-defs -typedefs-dialect=pypto -I /usr/lib/llvm-22/include -I %S/../../dialects %S/../../dialects/pypto/PyPTOOps.td -o /dev/null
// RUN: mlir-tblgen -gen-enum-defs -I /usr/lib/llvm-22/include -I %S/../../dialects %S/../../dialects/pypto/PyPTOOps.td -o /dev/null
