// The dialect and its passes are valid ODS: upstream mlir-tblgen reads them as it reads
// MLIR's own (pto-ods-gen's td/ directory supplies pto/Interfaces.td).
// RUN: mlir-tblgen -gen-op-decls -I /usr/lib/llvm-22/include -I %S/../../../crates/ods-gen/td %S/../td/standalone/StandaloneOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-defs -I /usr/lib/llvm-22/include -I %S/../../../crates/ods-gen/td %S/../td/standalone/StandaloneOps.td -o /dev/null
// RUN: mlir-tblgen -gen-typedef-decls -typedefs-dialect=standalone -I /usr/lib/llvm-22/include -I %S/../../../crates/ods-gen/td %S/../td/standalone/StandaloneOps.td -o /dev/null
// RUN: mlir-tblgen -gen-op-interface-decls -I /usr/lib/llvm-22/include -I %S/../../../crates/ods-gen/td %S/../td/standalone/StandaloneOps.td -o /dev/null
// RUN: mlir-tblgen -gen-pass-decls -I /usr/lib/llvm-22/include %S/../td/Passes.td -o /dev/null
