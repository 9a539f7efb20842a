// The Eclat examples (examples/harp) imported, lowered (graph -> kernels -> loops)
// and run against numpy (scripts/gen_harp_data.py), compiled and interpreted.
// Tolerances: softmax 1e-5 relative; layer norm 1e-4 (sums of 1024 terms in
// order, numpy's pairwise); matmul 1e-5 relative and absolute (32 terms); relu and
// add exact. Symbolic sizes are bound from the arguments, or by -D.
// DEFINE: %{ex} = %S/../../examples/harp
// RUN: rm -rf %t && mkdir -p %t && %python %S/../../scripts/gen_harp_data.py %t
// RUN: pto-run %{ex}/softmax.ecl -e softmax --arg %t/softmax_x.npy --expect 0=%t/softmax_ref.npy --rtol 1e-5 --atol 1e-8 > /dev/null
// RUN: pto-run %{ex}/softmax.ecl -e softmax --arg %t/softmax_x.npy --expect 0=%t/softmax_ref.npy --rtol 1e-5 --atol 1e-8 --interpret > /dev/null
// RUN: pto-run %{ex}/layer_norm.ecl -e layer_norm --arg %t/ln_x.npy --arg %t/ln_gamma.npy --arg %t/ln_beta.npy --expect 0=%t/ln_ref.npy --rtol 1e-4 --atol 1e-5 > /dev/null
// RUN: pto-run %{ex}/layer_norm.ecl -e layer_norm --arg %t/ln_x.npy --arg %t/ln_gamma.npy --arg %t/ln_beta.npy --expect 0=%t/ln_ref.npy --rtol 1e-4 --atol 1e-5 --interpret > /dev/null
// RUN: pto-run %{ex}/matmul.ecl -e matmul --arg %t/mm_a.npy --arg %t/mm_b.npy --expect 0=%t/mm_ref.npy --rtol 1e-5 --atol 1e-5 > /dev/null
// RUN: pto-run %{ex}/matmul.ecl -e matmul --arg %t/mm_a.npy --arg %t/mm_b.npy --expect 0=%t/mm_ref.npy --rtol 1e-5 --atol 1e-5 --interpret > /dev/null
// RUN: pto-run %{ex}/relu.ecl -D batch=32 -D hidden=64 -e relu --arg %t/relu_x.npy --expect 0=%t/relu_ref.npy --rtol 0 --atol 0 > /dev/null
// RUN: pto-run %{ex}/add.ecl -e add --arg %t/add_a.npy --arg %t/add_b.npy --expect 0=%t/add_ref.npy --rtol 0 --atol 0 > /dev/null
// RUN: pto-run %{ex}/add.ecl -e add --arg %t/add_a.npy --arg %t/add_b.npy --expect 0=%t/add_ref.npy --rtol 0 --atol 0 --interpret > /dev/null
// On two threads (launch grids split among them by pto_parallel_for): the same results.
// RUN: pto-run %{ex}/softmax.ecl -e softmax --threads 2 --arg %t/softmax_x.npy --expect 0=%t/softmax_ref.npy --rtol 1e-5 --atol 1e-8 > /dev/null
// RUN: pto-run %{ex}/layer_norm.ecl -e layer_norm --threads 2 --arg %t/ln_x.npy --arg %t/ln_gamma.npy --arg %t/ln_beta.npy --expect 0=%t/ln_ref.npy --rtol 1e-4 --atol 1e-5 > /dev/null
// RUN: pto-run %{ex}/matmul.ecl -e matmul --threads 2 --arg %t/mm_a.npy --arg %t/mm_b.npy --expect 0=%t/mm_ref.npy --rtol 1e-5 --atol 1e-5 > /dev/null
// Random initialization: uniform on [0, 1), He-scaled normal (variance 2/256).
// RUN: pto-run %{ex}/init.ecl -e uniform --out %t/u.npy > /dev/null
// RUN: pto-run %{ex}/init.ecl -e he --out %t/n.npy > /dev/null
// RUN: %python -c "import numpy as np; n = np.load('%t/n.npy') / np.sqrt(2 / 256); np.save('%t/n1.npy', n)"
// RUN: %python %S/Inputs/check_rand.py %t/u.npy %t/n1.npy | FileCheck %s
// Counter-based: two threads draw the same numbers.
// RUN: pto-run %{ex}/init.ecl -e uniform --threads 2 --expect 0=%t/u.npy --rtol 0 --atol 0 > /dev/null
// CHECK: moments ok
