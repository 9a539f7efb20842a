// The project's dialect definitions are valid ODS: upstream mlir-tblgen reads each one
// as it reads MLIR's own dialects (build.rs reads them through the same TableGen).
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
