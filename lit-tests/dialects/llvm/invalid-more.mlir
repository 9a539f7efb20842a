// Invalid llvm dialect input, part 2: type verifiers, GEP indices, calls against their
// callee, atomic accesses, casts, globals, returns, aggregates, constants. Each
// expectation is what mlir-opt -verify-diagnostics reports for the same input.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics
// RUN: %mlir-opt %s -split-input-file -verify-diagnostics

// -----

// expected-error @+1 {{invalid array element type: '!llvm.void'}}
llvm.func @a(!llvm.array<2 x void>)

// -----

// expected-error @+1 {{invalid LLVM structure element type: '!llvm.func<void ()>'}}
llvm.func @a(!llvm.struct<(func<void ()>)>)

// -----

// expected-error @+1 {{invalid function argument type: '!llvm.void'}}
llvm.func @a(!llvm.func<i32 (void)>)

// -----

// expected-error @+1 {{unknown LLVM type: foo}}
llvm.func @a(!llvm.struct<(foo)>)

// -----

llvm.func @gep(%p: !llvm.ptr, %i: i32) {
  // expected-error @+1 {{'llvm.getelementptr' op expected index 1 indexing a struct to be constant}}
  %0 = llvm.getelementptr %p[0, %i] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<(i32, f32)>
  llvm.return
}

// -----

llvm.func @gep(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.getelementptr' op index 1 indexing a struct is out of bounds}}
  %0 = llvm.getelementptr %p[0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, f32)>
  llvm.return
}

// -----

llvm.func @gep(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.getelementptr' op type 'i32' cannot be indexed (index #1)}}
  %0 = llvm.getelementptr %p[0, 2] : (!llvm.ptr) -> !llvm.ptr, i32
  llvm.return
}

// -----

llvm.func @f(i32) -> i32
llvm.func @call() {
  %0 = llvm.mlir.constant(1 : i32) : i32
  // expected-error @+1 {{'llvm.call' op result type mismatch: 'i64' != 'i32'}}
  %1 = llvm.call @f(%0) : (i32) -> i64
  llvm.return
}

// -----

llvm.func @f(i32, ...) -> i32
llvm.func @call() {
  %0 = llvm.mlir.constant(1 : i32) : i32
  // expected-error @+1 {{'llvm.call' op missing var_callee_type attribute for vararg call}}
  %1 = llvm.call @f(%0) : (i32) -> i32
  llvm.return
}

// -----

llvm.func @f() -> i32
llvm.func @call() {
  // expected-error @+1 {{'llvm.call' op expected function call to produce a value}}
  llvm.call @f() : () -> ()
  llvm.return
}

// -----

llvm.func @call(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.call' op incorrect number of operands (1) for callee (expecting: 0)}}
  llvm.call @f(%p) : (!llvm.ptr) -> ()
  llvm.return
}
llvm.func @f()

// -----

llvm.func @load(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op expected alignment for atomic access}}
  %0 = llvm.load %p atomic monotonic : !llvm.ptr -> i32
  llvm.return
}

// -----

llvm.func @store(%p: !llvm.ptr, %v: i32) {
  // expected-error @+1 {{'llvm.store' op unsupported ordering 'acquire'}}
  llvm.store %v, %p atomic acquire {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.return
}

// -----

llvm.func @load(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op unsupported type 'i1' for atomic access}}
  %0 = llvm.load %p atomic monotonic {alignment = 1 : i64} : !llvm.ptr -> i1
  llvm.return
}

// -----

llvm.func @cast(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.bitcast' op can only cast pointers from and to pointers}}
  %0 = llvm.bitcast %p : !llvm.ptr to i64
  llvm.return
}

// -----

llvm.func @cast(%p: !llvm.ptr<1>) {
  // expected-error @+1 {{'llvm.bitcast' op cannot cast pointers of different address spaces, use 'llvm.addrspacecast' instead}}
  %0 = llvm.bitcast %p : !llvm.ptr<1> to !llvm.ptr
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.mlir.global' op requires an i8 array type of the length equal to that of the string attribute}}
llvm.mlir.global internal constant @s("abc") : !llvm.array<4 x i8>

// -----

// expected-note @+1 {{when returning from function}}
llvm.func @r() {
  %0 = llvm.mlir.constant(1 : i32) : i32
  // expected-error @+1 {{'llvm.return' op expected no operands}}
  llvm.return %0 : i32
}

// -----

// expected-note @+1 {{when returning from function}}
llvm.func @r() -> i32 {
  // expected-error @+1 {{'llvm.return' op expected 1 operand}}
  llvm.return
}

// -----

llvm.func @ev(%s: !llvm.struct<(i32, f32)>) {
  // expected-error @+1 {{'llvm.extractvalue' op Type mismatch: extracting from '!llvm.struct<(i32, f32)>' should produce 'f32' but this op returns 'i32'}}
  %0 = "llvm.extractvalue"(%s) <{position = array<i64: 1>}> : (!llvm.struct<(i32, f32)>) -> i32
  llvm.return
}

// -----

llvm.func @iv(%s: !llvm.struct<(i32, f32)>, %v: i32) {
  // expected-error @+1 {{'llvm.insertvalue' op Type mismatch: cannot insert 'i32' into '!llvm.struct<(i32, f32)>'}}
  %0 = "llvm.insertvalue"(%s, %v) <{position = array<i64: 1>}> : (!llvm.struct<(i32, f32)>, i32) -> !llvm.struct<(i32, f32)>
  llvm.return
}

// -----

llvm.func @ev(%a: !llvm.array<2 x i32>) {
  // The error is located at the token that follows the type.
  // expected-error @+2 {{custom op 'llvm.extractvalue' expected LLVM IR structure/array type, got: 'i32'}}
  %0 = llvm.extractvalue %a[0, 0] : !llvm.array<2 x i32>
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.func' op external functions must have 'external' or 'extern_weak' linkage}}
llvm.func internal @decl()

// -----

// expected-error @+1 {{'llvm.func' op functions cannot have 'common' linkage}}
llvm.func common @c() {
  llvm.return
}

// -----

llvm.mlir.global external @g(1 : i32) {addr_space = 1 : i32} : i32
llvm.func @a() {
  // expected-error @+1 {{'llvm.mlir.addressof' op pointer address space must match address space of the referenced global or alias}}
  %0 = llvm.mlir.addressof @g : !llvm.ptr
  llvm.return
}

// -----

llvm.func @c() {
  // expected-error @+1 {{'llvm.mlir.constant' op expected array type of 3 i8 elements for the string constant}}
  %0 = llvm.mlir.constant("abc") : !llvm.array<4 x i8>
  llvm.return
}

// -----

llvm.func @c() {
  // expected-error @+1 {{'llvm.mlir.constant' op expected integer type}}
  %0 = llvm.mlir.constant(1 : i32) : f32
  llvm.return
}

// -----

llvm.func @sv(%v: vector<2xi32>) {
  // expected-error @+1 {{input and output vectors are of incompatible shape}}
  %0 = llvm.sext %v : vector<2xi32> to vector<4xi64>
  llvm.return
}

// -----

func.func @cmp(%a: index) {
  // expected-error @+1 {{custom op 'llvm.icmp' expected LLVM dialect-compatible type}}
  %0 = llvm.icmp "eq" %a, %a : index
  return
}

// -----

llvm.func @a(%n: i64) {
  // expected-error @+1 {{expected trailing function type with one argument and one result}}
  %0 = llvm.alloca %n x i32 : !llvm.ptr
  llvm.return
}


// -----

llvm.func @sw(%a: i32) {
  // expected-error @+1 {{'llvm.intr.fabs' op operand #0 must be floating point LLVM type or LLVM dialect-compatible vector of floating point LLVM type, but got 'i32'}}
  %0 = llvm.intr.fabs(%a) : (i32) -> i32
  llvm.return
}
