// Invalid llvm dialect input: bad function bodies, calls, comparisons, casts,
// aggregates, globals and types.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics

// -----

// expected-note @+1 {{when returning from function}}
llvm.func @return_type(%a: i32) -> i64 {
  // expected-error @+1 {{'llvm.return' op mismatching result types}}
  llvm.return %a : i32
}

// -----

llvm.func @callee(i32) -> i32

llvm.func @call_arg_type(%a: i64) -> i32 {
  // expected-error @+1 {{'llvm.call' op operand type mismatch for operand 0: 'i64' != 'i32'}}
  %0 = llvm.call @callee(%a) : (i64) -> i32
  llvm.return %0 : i32
}

// -----

llvm.func @icmp_bad_predicate(%a: i32) {
  // expected-error @+1 {{custom op 'llvm.icmp' 'olt' is an incorrect value of the 'predicate' attribute}}
  %0 = llvm.icmp "olt" %a, %a : i32
  llvm.return
}

// -----

llvm.func @sext_narrowing(%a: i32) {
  // expected-error @+1 {{integer width of the output type is smaller or equal to the integer width of the input type}}
  %0 = llvm.sext %a : i32 to i16
  llvm.return
}

// -----

llvm.func @extractvalue_out_of_bounds(%s: !llvm.struct<(i32, f32)>) {
  // The error is located at the token that follows the type (here `llvm.return`).
  // expected-error @+2 {{custom op 'llvm.extractvalue' position out of bounds: 2}}
  %0 = llvm.extractvalue %s[2] : !llvm.struct<(i32, f32)>
  llvm.return
}

// -----

llvm.func @addressof_missing() {
  // expected-error @+1 {{'llvm.mlir.addressof' op must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or 'llvm.func' or 'llvm.mlir.ifunc'}}
  %0 = llvm.mlir.addressof @nope : !llvm.ptr
  llvm.return
}

// -----

// expected-error @+1 {{expected valid keyword}}
llvm.func @bad_array_type(%a: !llvm.array<4 x>) {
  llvm.return
}

// -----

// expected-error @+1 {{custom op 'llvm.func' attribute 'linkage' occurs more than once in the attribute list}}
llvm.func @bad_linkage() attributes {linkage = 3 : i64} {
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.mlir.global' op cannot have both initializer value and region}}
llvm.mlir.global external @g(1 : i32) : i32 {
  %0 = llvm.mlir.constant(1 : i32) : i32
  llvm.return %0 : i32
}

// -----

llvm.func @switch_case_count(%a: i32) {
  // expected-error @+1 {{'llvm.switch' op expects number of case values to match number of case destinations}}
  "llvm.switch"(%a) [^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[1, 2]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  llvm.return
}

// -----

// Identified (named) structures are not supported (MLIR accepts them).
// expected-error @+1 {{identified (named) LLVM structure types are not supported; use a literal structure}}
llvm.func @named(!llvm.struct<"named", (i32, ptr)>)
