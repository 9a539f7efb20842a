// pto-run takes a PyPTO program in Python form directly (a file named *.py): imported
// as pto-translate --import-pypto does, then lowered and run as PyPTO IR, against the
// same numpy data as examples.mlir (which pipes the import into pto-run).
// RUN: pto-run %S/../../../examples/pypto/softmax.py -e softmax --arg %S/../../../examples/pypto/data/softmax_x.npy --expect 0=%S/../../../examples/pypto/data/softmax_ref.npy --rtol 1e-5 --atol 1e-7 --out %t.sm.npy
// RUN: pto-run %S/../../../examples/pypto/layernorm.py -e layernorm --arg %S/../../../examples/pypto/data/layernorm_x.npy --expect 0=%S/../../../examples/pypto/data/layernorm_ref.npy --rtol 1e-4 --atol 1e-5
// Several functions, an Orchestration entry calling InCore kernels.
// RUN: pto-run %S/../../../examples/pypto/orchestration.py -e mlp --arg %S/../../../examples/pypto/data/mlp_x.npy --arg %S/../../../examples/pypto/data/mlp_w1.npy --arg %S/../../../examples/pypto/data/mlp_w2.npy --expect 0=%S/../../../examples/pypto/data/mlp_ref.npy --rtol 1e-4 --atol 1e-5
// A program that reassigns variables (converted to SSA form first) and a scalar argument.
// RUN: pto-run %S/../../../examples/pypto/reassign.py -e reassign --arg %S/../../../examples/pypto/data/loop_x.npy --expect 0=%S/../../../examples/pypto/data/reassign_ref.npy --rtol 1e-6 --atol 1e-6
// RUN: pto-run %S/../../../examples/pypto/loop.py -e relax --arg %S/../../../examples/pypto/data/loop_x.npy --arg 5 --expect 0=%S/../../../examples/pypto/data/loop_ref.npy --rtol 1e-5 --atol 1e-6
// A variable both branches of an if assign, read after it (non-SSA input).
// RUN: pto-run %S/../python/non_ssa.py -e merge --arg 3 | FileCheck %s --check-prefix=MERGE3
// RUN: pto-run %S/../python/non_ssa.py -e merge --arg -1 | FileCheck %s --check-prefix=MERGE0
// MERGE3: {{^}}7{{$}}
// MERGE0: {{^}}0{{$}}
// The same file through pto-translate gives the same result, byte for byte.
// RUN: pto-translate --import-pypto %S/../../../examples/pypto/softmax.py | pto-run - -e softmax --arg %S/../../../examples/pypto/data/softmax_x.npy --out %t.sm2.npy
// RUN: cmp %t.sm.npy %t.sm2.npy
// A wrong entry name is an error.
// RUN: not pto-run %S/../../../examples/pypto/softmax.py -e nosuch --arg %S/../../../examples/pypto/data/softmax_x.npy 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: pto-run: error: no function named '@nosuch' in {{.*}}softmax.py
