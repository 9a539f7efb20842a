// deepx-verify on the MLIR form: lifetimes, dimension variables, shape rules, calls.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics --deepx-verify

!T = !deepx.tensor<[?1, ?2], f32>

deepx.func @use_after_delete(%a: !T) -> (%b: !T) {
  %t = deepx.newtensor : !T loc("t")
  deepx.copytensor %a -> %t : !T -> !T
  // expected-note @+1 {{deleted here}}
  deepx.deltensor %t : !T
  // expected-error @+1 {{'t' is used by 'copytensor' after deltensor}}
  deepx.copytensor %t -> %b : !T -> !T
}

// -----

deepx.func @double_delete() -> () {
  %t = deepx.newtensor : !deepx.tensor<[2], f32> loc("t")
  // expected-note @+1 {{first deleted here}}
  deepx.deltensor %t : !deepx.tensor<[2], f32>
  // expected-error @+1 {{'t' is deleted twice}}
  deepx.deltensor %t : !deepx.tensor<[2], f32>
}

// -----

// expected-note @+1 {{declared here}}
deepx.func @write_read_param(%c: !deepx.tensor<[2], f32> loc("C"), %beta: f32) -> () {
  // expected-error @+1 {{'C' is a read parameter of 'write_read_param' and cannot be written (declare it right of '->')}}
  deepx.mulscalar %c, %beta -> %c : !deepx.tensor<[2], f32>, f32 -> !deepx.tensor<[2], f32>
}

// -----

deepx.func @renamed(%a: !deepx.tensor<[2], f32>) -> (%b: !deepx.tensor<[2], f32>) {
  %t = deepx.clonetensor %a : !deepx.tensor<[2], f32> -> !deepx.tensor<[2], f32> loc("t")
  // expected-note @+1 {{renamed here}}
  %u = deepx.renametensor %t as "u" : !deepx.tensor<[2], f32> -> !deepx.tensor<[2], f32>
  // expected-error @+1 {{'t' is used by 'copytensor' after renametensor gave it another name}}
  deepx.copytensor %t -> %b : !deepx.tensor<[2], f32> -> !deepx.tensor<[2], f32>
  deepx.deltensor %u : !deepx.tensor<[2], f32>
}

// -----

// A name without a position (loc("eps")) is reported at its function.
// expected-error @+1 {{'eps' is written by 'constant' but never created (no newtensor before it)}}
deepx.func @implicit(%a: !deepx.tensor<[2], f32>) -> () {
  %c = deepx.const 1.0 : f32
  %eps = deepx.newtensor {implicit} : !deepx.tensor loc("eps")
  deepx.constant %c -> %eps : f32 -> !deepx.tensor
}

// -----

// expected-warning @+1 {{'t' is not deleted before 'leak' ends (deltensor it)}}
deepx.func @leak() -> () {
  %t = deepx.newtensor : !deepx.tensor<[2], f32> loc("t")
}

// -----

deepx.func @broadcast(%a: !deepx.tensor<[?1, ?3], f32> loc("bias"), %b: !deepx.tensor<[?1], f32> loc("mean")) -> (%c: !deepx.tensor<[?1, ?3], f32>) {
  // expected-error @+1 {{'sub' cannot broadcast 'bias' [?1, ?3] with 'mean' [?1] (aligned from the right): ?3 and ?1 are different dimension variables}}
  deepx.sub %a, %b -> %c : !deepx.tensor<[?1, ?3], f32>, !deepx.tensor<[?1], f32> -> !deepx.tensor<[?1, ?3], f32>
}

// -----

deepx.func @broadcast_ok(%a: !deepx.tensor<[?1, ?3], f32>, %b: !deepx.tensor<[?1, 1], f32>, %s: !deepx.tensor<[?3], f32>) -> (%c: !deepx.tensor<[?1, ?3], f32>) {
  deepx.sub %a, %b -> %c : !deepx.tensor<[?1, ?3], f32>, !deepx.tensor<[?1, 1], f32> -> !deepx.tensor<[?1, ?3], f32>
  deepx.add %c, %s -> %c : !deepx.tensor<[?1, ?3], f32>, !deepx.tensor<[?3], f32> -> !deepx.tensor<[?1, ?3], f32>
}

// -----

deepx.func @matmul(%a: !deepx.tensor<[?1, ?2], f32> loc("A"), %b: !deepx.tensor<[4, ?3], f32> loc("B"), %x: !deepx.tensor<[3, ?3], f32>) -> (%c: !deepx.tensor<[?1, ?3], f32>) {
  // ?2 becomes 4 here.
  // expected-note @+1 {{the dimension variable got its size here}}
  deepx.matmul %a, %b -> %c : !deepx.tensor<[?1, ?2], f32>, !deepx.tensor<[4, ?3], f32> -> !deepx.tensor<[?1, ?3], f32>
  // expected-error @+1 {{'matmul' needs A[-1] == %2[-2] ([?1, ?2] x [3, ?3]): ?2 is 4 there but 3 here}}
  deepx.matmul %a, %x -> %c : !deepx.tensor<[?1, ?2], f32>, !deepx.tensor<[3, ?3], f32> -> !deepx.tensor<[?1, ?3], f32>
}

// -----

deepx.func @reduce(%a: !deepx.tensor<[4, 8], f32>) -> (%r: !deepx.tensor<[4], f32> loc("r")) {
  %axis = deepx.const [1] : !deepx.list<i32>
  %keep = deepx.const true : i1
  // expected-error @+1 {{'sum' writes a tensor of shape [4, 1] (the reduced shape) but 'r' has shape [4]}}
  deepx.sum %a, %axis, %keep -> %r : !deepx.tensor<[4, 8], f32>, !deepx.list<i32>, i1 -> !deepx.tensor<[4], f32>
}

// -----

deepx.func @reduce_axis(%a: !deepx.tensor<[4, 8], f32>) -> (%r: !deepx.tensor<[4], f32>) {
  %axis = deepx.const [2] : !deepx.list<i32>
  %keep = deepx.const false : i1
  // expected-error @+1 {{'sum' axis 2 is out of range for rank 2}}
  deepx.sum %a, %axis, %keep -> %r : !deepx.tensor<[4, 8], f32>, !deepx.list<i32>, i1 -> !deepx.tensor<[4], f32>
}

// -----

deepx.func @concat(%a: !deepx.tensor<[2, 3], f32>, %b: !deepx.tensor<[2, 5], f32>) -> (%c: !deepx.tensor<[2, 8], f32>, %d: !deepx.tensor<[4, 3], f32>) {
  %l = deepx.list %a, %b : (!deepx.tensor<[2, 3], f32>, !deepx.tensor<[2, 5], f32>) -> !deepx.list<!deepx.tensor>
  %one = deepx.const 1 : i32
  %zero = deepx.const 0 : i32
  deepx.concat %l, %one -> %c : !deepx.list<!deepx.tensor>, i32 -> !deepx.tensor<[2, 8], f32>
  // expected-error @+1 {{'concat' needs equal dimensions off the axis ('%1' dimension 1): 3 and 5 differ}}
  deepx.concat %l, %zero -> %d : !deepx.list<!deepx.tensor>, i32 -> !deepx.tensor<[4, 3], f32>
}

// -----

deepx.func @reshape(%a: !deepx.tensor<[2, 3], f32>) -> (%b: !deepx.tensor<[7], f32>) {
  %s = deepx.const [7] : !deepx.list<i32>
  // expected-error @+1 {{'reshape' keeps the number of elements: [2, 3] has 6, [7] has 7}}
  deepx.reshape %a, %s -> %b : !deepx.tensor<[2, 3], f32>, !deepx.list<i32> -> !deepx.tensor<[7], f32>
}

// -----

deepx.func @transpose(%a: !deepx.tensor<[2, 3], f32>) -> (%b: !deepx.tensor<[2, 3], f32> loc("b")) {
  %p = deepx.const [1, 0] : !deepx.list<i32>
  // expected-error @+1 {{'transpose' writes shape [3, 2] (the dimensions permuted) but 'b' has shape [2, 3], dimension 0: 2 and 3 differ}}
  deepx.transpose %a, %p -> %b : !deepx.tensor<[2, 3], f32>, !deepx.list<i32> -> !deepx.tensor<[2, 3], f32>
}

// -----

deepx.func @dtypes(%a: !deepx.tensor<[2], f32> loc("a"), %b: !deepx.tensor<[2], f64> loc("b")) -> (%c: !deepx.tensor<[2], f32>) {
  // expected-error @+1 {{'add' mixes data types: 'a' is f32 and 'b' is f64}}
  deepx.add %a, %b -> %c : !deepx.tensor<[2], f32>, !deepx.tensor<[2], f64> -> !deepx.tensor<[2], f32>
}

// -----

// expected-note @+1 {{'B' is declared tensor<?1x?2xf32> here}}
deepx.func @callee(%a: !deepx.tensor<[?1, ?2], f32>, %b: !deepx.tensor<[?1, ?2], f32> loc("B")) -> () {
}
deepx.func @caller(%x: !deepx.tensor<[2, 3], f32> loc("x"), %y: !deepx.tensor<[2, 4], f32> loc("y")) -> () {
  // expected-error @+1 {{?2 of 'callee' is 3 ('x' dimension 1) but 'y' dimension 1 is 4: 3 and 4 differ}}
  deepx.call @callee(%x, %y) -> () : (!deepx.tensor<[2, 3], f32>, !deepx.tensor<[2, 4], f32>) -> ()
}

// -----

deepx.func @caller() -> () {
  // expected-error @+1 {{call of undefined function 'nowhere'}}
  deepx.call @nowhere() -> () : () -> ()
}
