// RUN: pto-opt %s --split-input-file --verify-diagnostics --pypto-materialize-dims

// expected-error @+1 {{pypto-materialize-dims: parameter #0 binds dimension 'n' (pypto.dim) but has type f32, not i64 (INT64)}}
func.func @not_integer(%n: f32 {pypto.dim = "n"}, %x: !pypto.tensor<[n, 8], f32>) {
  return
}

// -----

// expected-error @+1 {{pypto-materialize-dims: parameter #1 binds dimension 'n' (pypto.dim) but has type i32, not i64 (INT64)}}
func.func @narrow(%x: !pypto.tensor<[n, 8], f32>, %n: i32 {pypto.dim = "n"}) {
  return
}

// -----

// expected-error @+1 {{pypto-materialize-dims: parameters #0 and #1 both bind dimension 'n'}}
func.func @twice(%a: i64 {pypto.dim = "n"}, %b: i64 {pypto.dim = "n"}, %x: !pypto.tensor<[n, 8], f32>) {
  return
}

// -----

// Nothing would give the caller the size of what it gets back.
// expected-error @+1 {{pypto-materialize-dims: result type !pypto.tensor<[k, 8], f32> has dimension 'k', which is not the size of a parameter}}
func.func @result_only(%x: !pypto.tensor<[n, 8], f32>, %k: i64) -> !pypto.tensor<[k, 8], f32> {
  %c8 = pypto.const 8 : i64
  %t = pypto.tensor.create [%k, %c8] {dtype = f32} : (i64, i64) -> !pypto.tensor<[k, 8], f32>
  return %t : !pypto.tensor<[k, 8], f32>
}

// -----

func.func @kernel(%x: !pypto.tensor<[k, 8], f32>) {
  return
}

// The caller's `k` is a size it computes, not one of its parameters'.
func.func @caller(%k: i64) {
  %c8 = pypto.const 8 : i64
  %t = pypto.tensor.create [%k, %c8] {dtype = f32} : (i64, i64) -> !pypto.tensor<[k, 8], f32>
  // expected-error @+1 {{pypto-materialize-dims: '@kernel' needs the size 'k', which is not the size of a parameter of the caller}}
  call @kernel(%t) : (!pypto.tensor<[k, 8], f32>) -> ()
  return
}
