// The project's dialect definitions are valid ODS: upstream mlir-tblgen reads each one
// as it reads MLIR's own dialects (the build scripts read them through the same TableGen).
// Every dialect in every crate's dialect list (the `.dialect(..)` lines of the build
// scripts: crates/<crate>/build.rs, .td paths relative to the crate), and builtin's
// committed one, as op declarations and definitions (a crate's Passes.td as pass
// declarations):
// RUN: bash -c 'cd %S/../../crates && for b in */build.rs; do c=$(dirname $b); grep -o "\"td/[^\"]*\.td\"" $b | tr -d "\"" | sed "s#^#$c #"; done; echo "ir td/builtin/BuiltinOps.td"' > %t.list
// RUN: bash -c 'set -e; test $(wc -l < %t.list) -ge 14; while read c td; do gens="-gen-op-decls -gen-op-defs"; case $td in *Passes.td) gens="-gen-pass-decls";; esac; for g in $gens; do mlir-tblgen $g -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/$c/td %S/../../crates/$c/$td -o /dev/null; done; done < %t.list'
// More generators on some:
// RUN: mlir-tblgen -gen-op-decls -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td %S/../../crates/dialects/td/func/FuncOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-decls -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td %S/../../crates/dialects/td/arith/ArithOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-decls -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td %S/../../crates/dialects/td/cf/ControlFlowOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-decls -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/dialects/td %S/../../crates/dialects/td/math/MathOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-defs -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td %S/../../crates/dialects/td/ub/UBOps.td -o /dev/null
// RUN: mlir-tblgen -gen-attrdef-defs -attrdefs-dialect=ub -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td %S/../../crates/dialects/td/ub/UBOps.td -o /dev/null
// RUN: mlir-tblgen -gen-attr-interface-decls -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td %S/../../crates/dialects/td/ub/UBOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-defs -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td %S/../../crates/dialects/td/arith/ArithOps.td -o /dev/null
// RUN: mlir-tblgen -gen-dialect-doc -dialect=arith -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td %S/../../crates/dialects/td/arith/ArithOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-decls -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/dialects/td %S/../../crates/dialects/td/llvm/LLVMOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-defs -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/dialects/td %S/../../crates/dialects/td/llvm/LLVMOps.td -o /dev/null
// RUN: mlir-tblgen -gen-typedef-decls -typedefs-dialect=llvm -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/dialects/td %S/../../crates/dialects/td/llvm/LLVMOps.td -o /dev/null
// RUN: mlir-tblgen -gen-typedef-defs -typedefs-dialect=llvm -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/dialects/td %S/../../crates/dialects/td/llvm/LLVMOps.td -o /dev/null
// RUN: mlir-tblgen -gen-typedef-defs -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td %S/../../crates/pto-mlir/td/test/TestOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-decls -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td %S/../../crates/pto-mlir/td/test/TestOps.td -o /dev/null
// RUN: mlir-tblgen -gen-attrdef-defs -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td %S/../../crates/pto-mlir/td/test/TestOps.td -o /dev/null
// RUN: mlir-tblgen -gen-attrdef-decls -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td %S/../../crates/pto-mlir/td/test/TestOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-decls -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/pto-tile/td %S/../../crates/pto-tile/td/pto/PTOOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-defs -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/pto-tile/td %S/../../crates/pto-tile/td/pto/PTOOps.td -o /dev/null
// RUN: mlir-tblgen -gen-typedef-defs -typedefs-dialect=pto -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/pto-tile/td %S/../../crates/pto-tile/td/pto/PTOOps.td -o /dev/null
// RUN: mlir-tblgen -gen-enum-defs -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/pto-tile/td %S/../../crates/pto-tile/td/pto/PTOOps.td -o /dev/null
// RUN: mlir-tblgen -gen-attrdef-defs -attrdefs-dialect=harp -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/harp/td %S/../../crates/harp/td/harp/HarpOps.td -o /dev/null
// RUN: mlir-tblgen -gen-enum-defs -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/harp/td %S/../../crates/harp/td/harp/HarpOps.td -o /dev/null
// RUN: mlir-tblgen -gen-typedef-defs -typedefs-dialect=wsp -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/wsp/td %S/../../crates/wsp/td/wsp/WspOps.td -o /dev/null
// RUN: mlir-tblgen -gen-attrdef-defs -attrdefs-dialect=wsp -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/wsp/td %S/../../crates/wsp/td/wsp/WspOps.td -o /dev/null
// RUN: mlir-tblgen -gen-enum-defs -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/wsp/td %S/../../crates/wsp/td/wsp/WspOps.td -o /dev/null
// RUN: mlir-tblgen -gen-attrdef-defs -attrdefs-dialect=pto -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/pto-tile/td %S/../../crates/pto-tile/td/pto/PTOOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-decls -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/dialects/td %S/../../crates/dialects/td/vector/VectorOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-defs -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/dialects/td %S/../../crates/dialects/td/vector/VectorOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-decls -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/pypto/td %S/../../crates/pypto/td/pypto/PyPTOOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-defs -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/pypto/td %S/../../crates/pypto/td/pypto/PyPTOOps.td -o /dev/null
// RUN: mlir-tblgen -gen-typedef-defs -typedefs-dialect=pypto -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/pypto/td %S/../../crates/pypto/td/pypto/PyPTOOps.td -o /dev/null
// RUN: mlir-tblgen -gen-enum-defs -I /usr/lib/llvm-22/include -I %S/../../crates/ods-gen/td -I %S/../../crates/pypto/td %S/../../crates/pypto/td/pypto/PyPTOOps.td -o /dev/null
