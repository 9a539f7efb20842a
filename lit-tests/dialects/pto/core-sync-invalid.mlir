// sync.set/sync.wait/set_ffts errors, with PTOAS's messages; the A5 rules (event ids
// 0-15, the pipes each side may name) apply when the target is A5.
// RUN: pto-opt %s --split-input-file --verify-diagnostics
// RUN: not pto-opt %s --split-input-file --verify-diagnostics --pto-arch=a5 --mlir-disable-threading 2>&1 | FileCheck %s --check-prefix=A5

func.func @both(%i: index) {
  // expected-error @+1 {{'pto.sync.set' op expects exactly one event-id form: static attr or dynamic index operand}}
  "pto.sync.set"(%i) <{pipe = #pto.pipe<PIPE_FIX>, event_id = 1 : i32}> : (index) -> ()
  return
}

// -----

func.func @mode() {
  // expected-error @+1 {{'pto.sync.wait' op requires ffts_mode in range [0, 2], but got 3}}
  pto.sync.wait <PIPE_V>, 1 {ffts_mode = 3 : i32}
  return
}

// -----

func.func @ffts(%m: memref<16xi32>) {
  // expected-error @+1 {{'pto.set_ffts' op expects element type i64 (or i8)}}
  pto.set_ffts %m : memref<16xi32>
  return
}

// -----

func.func @ffts_type(%x: i64) {
  // expected-error @+1 {{'pto.set_ffts' op expects a memref or !pto.ptr operand}}
  pto.set_ffts %x : i64
  return
}

// -----

func.func @pipe_word() {
  // expected-error @+1 {{unknown pipe 'PIPE_Q'}}
  pto.sync.set <PIPE_Q>, 0
  return
}

// -----

// Valid on A3; on A5 only FIX and MTE3 may signal, and event ids stop at 15.
// A5: error: 'pto.sync.set' op A5 sync.set expects pipe to be one of <PIPE_FIX>, <PIPE_MTE3>
// A5: error: 'pto.sync.wait' op A5 sync.wait expects static FFTS event_id in [0, 15], but got 16
// A5: error: 'pto.sync.wait' op A5 sync.wait expects pipe to be one of <PIPE_FIX>, <PIPE_MTE1>, <PIPE_MTE2>, <PIPE_MTE3>, <PIPE_V>
func.func @a5_set() {
  pto.sync.set <PIPE_M>, 0
  return
}

// -----

func.func @a5_id() {
  pto.sync.wait <PIPE_V>, 16
  return
}

// -----

func.func @a5_wait() {
  pto.sync.wait <PIPE_S>, 0
  return
}
