// Input of inline.mlir, where a second run of the inliner changes the output of the
// first: an unused private function calling a private helper, and mutual recursion.
func.func private @helper(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  return %0 : i32
}
func.func private @never_called(%a: i32) -> i32 {
  %0 = call @helper(%a) : (i32) -> i32
  return %0 : i32
}
func.func @top(%a: i32) -> i32 {
  return %a : i32
}
func.func private @ping(%a: i32) -> i32 {
  %0 = call @pong(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @pong(%a: i32) -> i32 {
  %0 = call @ping(%a) : (i32) -> i32
  return %0 : i32
}
func.func @caller(%a: i32) -> i32 {
  %0 = call @ping(%a) : (i32) -> i32
  return %0 : i32
}
