// pypto-insert-sync: PyPTO's InsertSync (after pypto-init-memref gives the MemRefs).
// RUN: pto-opt %s --pypto-init-memref --pypto-insert-sync -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @cross_pipe
// CHECK: pypto.block.load
// CHECK-NEXT: pypto.system.sync_src {event_id = 0 : i64, set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<V>}
// CHECK-NEXT: pypto.block.load
// CHECK-NEXT: pypto.system.sync_src {event_id = 1 : i64, set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<V>}
// CHECK-NEXT: pypto.system.sync_dst {event_id = 0 : i64, set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<V>}
// CHECK-NEXT: pypto.system.sync_dst {event_id = 1 : i64, set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<V>}
// CHECK-NEXT: pypto.block.add
// CHECK-NEXT: pypto.system.sync_src {event_id = 0 : i64, set_pipe = #pypto.pipe<V>, wait_pipe = #pypto.pipe<MTE3>}
// CHECK-NEXT: pypto.system.sync_dst {event_id = 0 : i64, set_pipe = #pypto.pipe<V>, wait_pipe = #pypto.pipe<MTE3>}
// CHECK-NEXT: pypto.block.store
// CHECK-NEXT: return
// CHECK-NOT: pypto.system
// Reference case 4: load, load (MTE2) -> add (V) -> store (MTE3): three pairs, one per
// producer statement and pipe pair, ids from PyPTO's simulation.
func.func @cross_pipe(%A: !pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 0>>, %B: !pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 1>>, %out: !pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 2>>) -> !pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 2>> {
  %c0 = pypto.const 0 : i64
  %c64 = pypto.const 64 : i64
  %a = pypto.block.load %A, %c0, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 0>>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 3>>
  %b = pypto.block.load %B, %c0, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 1>>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32, memref = <UB, 16384, 16384, 4>>
  %c = pypto.block.add %a, %b : (!pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 3>>, !pypto.tile<[64, 64], f32, memref = <UB, 16384, 16384, 4>>) -> !pypto.tile<[64, 64], f32, memref = <UB, 32768, 16384, 5>>
  %r = pypto.block.store %c, %c0, %c0, %c64, %c64, %out : (!pypto.tile<[64, 64], f32, memref = <UB, 32768, 16384, 5>>, i64, i64, i64, i64, !pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 2>>) -> !pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 2>>
  return %r : !pypto.tensor<[64, 64], f32, memref = <DDR, 0, 16384, 2>>
}


// -----

// CHECK-LABEL: func.func @intra_pipe
// CHECK-NEXT: pypto.block.add
// CHECK-NEXT: pypto.system.bar_v
// CHECK-NEXT: pypto.block.add
// CHECK-NEXT: return
// Reference case 4: two dependent adds on V get exactly one bar_v.
func.func @intra_pipe(%a: !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 3>>, %b: !pypto.tile<[64, 64], f32, memref = <UB, 16384, 16384, 4>>) -> !pypto.tile<[64, 64], f32, memref = <UB, 49152, 16384, 6>> {
  %c = pypto.block.add %a, %b : (!pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 3>>, !pypto.tile<[64, 64], f32, memref = <UB, 16384, 16384, 4>>) -> !pypto.tile<[64, 64], f32, memref = <UB, 32768, 16384, 5>>
  %d = pypto.block.add %c, %a : (!pypto.tile<[64, 64], f32, memref = <UB, 32768, 16384, 5>>, !pypto.tile<[64, 64], f32, memref = <UB, 0, 16384, 3>>) -> !pypto.tile<[64, 64], f32, memref = <UB, 49152, 16384, 6>>
  return %d : !pypto.tile<[64, 64], f32, memref = <UB, 49152, 16384, 6>>
}

// -----

// CHECK-LABEL: func.func @cube
// CHECK: pypto.block.load
// CHECK-NEXT: pypto.system.sync_src {event_id = 0 : i64, set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<MTE1>}
// CHECK-NEXT: pypto.block.load
// CHECK-NEXT: pypto.system.sync_src {event_id = 1 : i64, set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<MTE1>}
// CHECK-NEXT: pypto.system.sync_dst {event_id = 0 : i64, set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<MTE1>}
// CHECK-NEXT: pypto.block.move
// CHECK-NEXT: pypto.system.sync_src {event_id = 0 : i64, set_pipe = #pypto.pipe<MTE1>, wait_pipe = #pypto.pipe<M>}
// CHECK-NEXT: pypto.system.sync_dst {event_id = 1 : i64, set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<MTE1>}
// CHECK-NEXT: pypto.block.move
// CHECK-NEXT: pypto.system.sync_src {event_id = 1 : i64, set_pipe = #pypto.pipe<MTE1>, wait_pipe = #pypto.pipe<M>}
// CHECK-NEXT: pypto.system.sync_dst {event_id = 0 : i64, set_pipe = #pypto.pipe<MTE1>, wait_pipe = #pypto.pipe<M>}
// CHECK-NEXT: pypto.system.sync_dst {event_id = 1 : i64, set_pipe = #pypto.pipe<MTE1>, wait_pipe = #pypto.pipe<M>}
// CHECK-NEXT: pypto.block.matmul
// CHECK-NEXT: pypto.system.sync_src {event_id = 0 : i64, set_pipe = #pypto.pipe<M>, wait_pipe = #pypto.pipe<MTE3>}
// CHECK-NEXT: pypto.system.sync_dst {event_id = 0 : i64, set_pipe = #pypto.pipe<M>, wait_pipe = #pypto.pipe<MTE3>}
// CHECK-NEXT: pypto.block.store
// The cube path: MTE2 -> MTE1 -> M -> MTE3, one pair per producer.
func.func @cube(%a: !pypto.tensor<[64, 64], f16>, %b: !pypto.tensor<[64, 64], f16>, %out: !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32> attributes {pypto.function_type = #pypto.function_type<InCore>} {
  %c0 = pypto.const 0 : i64
  %c64 = pypto.const 64 : i64
  %ta = pypto.block.load %a, %c0, %c0, %c64, %c64 {target_memory = 2} : (!pypto.tensor<[64, 64], f16>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f16>
  %tb = pypto.block.load %b, %c0, %c0, %c64, %c64 {target_memory = 2} : (!pypto.tensor<[64, 64], f16>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f16>
  %la = pypto.block.move %ta {target_memory = 3} : (!pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f16>
  %lb = pypto.block.move %tb {target_memory = 4} : (!pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f16>
  %m = pypto.block.matmul %la, %lb : (!pypto.tile<[64, 64], f16>, !pypto.tile<[64, 64], f16>) -> !pypto.tile<[64, 64], f32>
  %r = pypto.block.store %m, %c0, %c0, %c64, %c64, %out : (!pypto.tile<[64, 64], f32>, i64, i64, i64, i64, !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32>
  return %r : !pypto.tensor<[64, 64], f32>
}

// -----

// CHECK-LABEL: func.func @branches
// CHECK: pypto.block.load
// CHECK-NEXT: pypto.system.sync_src {event_id = 0 : i64, set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<V>}
// CHECK-NEXT: pypto.system.sync_dst {event_id = 0 : i64, set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<V>}
// CHECK-NEXT: scf.if
// CHECK-NEXT: pypto.block.add
// CHECK-NEXT: pypto.system.bar_v
// CHECK-NEXT: pypto.block.add
// CHECK-NEXT: scf.yield
// CHECK-NEXT: } else {
// CHECK-NEXT: pypto.block.mul
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: pypto.system.sync_src {event_id = 0 : i64, set_pipe = #pypto.pipe<V>, wait_pipe = #pypto.pipe<MTE3>}
// CHECK-NEXT: pypto.system.sync_dst {event_id = 0 : i64, set_pipe = #pypto.pipe<V>, wait_pipe = #pypto.pipe<MTE3>}
// CHECK-NEXT: pypto.block.store
// An if is one statement to the sequence around it (the wait for the load goes before
// it, the set for the store after it); each branch is a sequence of its own.
func.func @branches(%x: !pypto.tensor<[64, 64], f32>, %out: !pypto.tensor<[64, 64], f32>, %p: i1) -> !pypto.tensor<[64, 64], f32> attributes {pypto.function_type = #pypto.function_type<InCore>} {
  %c0 = pypto.const 0 : i64
  %c64 = pypto.const 64 : i64
  %a = pypto.block.load %x, %c0, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32>
  %r = scf.if %p -> (!pypto.tile<[64, 64], f32>) {
    %b = pypto.block.add %a, %a : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
    %c = pypto.block.add %b, %a : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
    scf.yield %c : !pypto.tile<[64, 64], f32>
  } else {
    %d = pypto.block.mul %a, %a : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
    scf.yield %d : !pypto.tile<[64, 64], f32>
  }
  %s = pypto.block.store %r, %c0, %c0, %c64, %c64, %out : (!pypto.tile<[64, 64], f32>, i64, i64, i64, i64, !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32>
  return %s : !pypto.tensor<[64, 64], f32>
}

// -----

// Loops: the load before the loop is waited for before it; inside, the next
// iteration's load may not overwrite t while the add still reads it (V -> MTE2) and the
// add may not overwrite the accumulator while the store still reads it (MTE3 -> V):
// these pairs are set at the end of the body and waited for at its head, with a set
// before the loop and a wait after it; their ids are kept from 7 down.
// CHECK-LABEL: func.func @loop
// CHECK: pypto.block.load
// CHECK-NEXT: pypto.system.sync_src {event_id = 0 : i64, set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<V>}
// CHECK-NEXT: pypto.system.sync_src {event_id = 0 : i64, set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<MTE3>}
// CHECK-NEXT: pypto.system.sync_src {event_id = 7 : i64, set_pipe = #pypto.pipe<V>, wait_pipe = #pypto.pipe<MTE2>}
// CHECK-NEXT: pypto.system.sync_src {event_id = 7 : i64, set_pipe = #pypto.pipe<MTE3>, wait_pipe = #pypto.pipe<V>}
// CHECK-NEXT: pypto.system.sync_dst {event_id = 0 : i64, set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<V>}
// CHECK-NEXT: pypto.system.sync_dst {event_id = 0 : i64, set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<MTE3>}
// CHECK-NEXT: scf.for
// CHECK-NEXT: pypto.system.sync_dst {event_id = 7 : i64, set_pipe = #pypto.pipe<V>, wait_pipe = #pypto.pipe<MTE2>}
// CHECK-NEXT: pypto.block.load
// CHECK-NEXT: pypto.system.sync_src {event_id = 0 : i64, set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<V>}
// CHECK-NEXT: pypto.system.sync_dst {event_id = 0 : i64, set_pipe = #pypto.pipe<MTE2>, wait_pipe = #pypto.pipe<V>}
// CHECK-NEXT: pypto.system.sync_dst {event_id = 7 : i64, set_pipe = #pypto.pipe<MTE3>, wait_pipe = #pypto.pipe<V>}
// CHECK-NEXT: pypto.system.bar_v
// CHECK-NEXT: pypto.block.add
// CHECK-NEXT: pypto.system.sync_src {event_id = 0 : i64, set_pipe = #pypto.pipe<V>, wait_pipe = #pypto.pipe<MTE3>}
// CHECK-NEXT: pypto.system.sync_src {event_id = 7 : i64, set_pipe = #pypto.pipe<V>, wait_pipe = #pypto.pipe<MTE2>}
// CHECK-NEXT: pypto.system.sync_dst {event_id = 0 : i64, set_pipe = #pypto.pipe<V>, wait_pipe = #pypto.pipe<MTE3>}
// CHECK-NEXT: pypto.block.store
// CHECK-NEXT: pypto.system.sync_src {event_id = 7 : i64, set_pipe = #pypto.pipe<MTE3>, wait_pipe = #pypto.pipe<V>}
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: pypto.system.sync_dst {event_id = 7 : i64, set_pipe = #pypto.pipe<V>, wait_pipe = #pypto.pipe<MTE2>}
// CHECK-NEXT: pypto.system.sync_dst {event_id = 7 : i64, set_pipe = #pypto.pipe<MTE3>, wait_pipe = #pypto.pipe<V>}
func.func @loop(%x: !pypto.tensor<[64, 64], f32>, %out: !pypto.tensor<[64, 64], f32>, %n: index, %p: i1) -> !pypto.tensor<[64, 64], f32> attributes {pypto.function_type = #pypto.function_type<InCore>} {
  %c0 = pypto.const 0 : i64
  %c64 = pypto.const 64 : i64
  %lb = arith.constant 0 : index
  %st = arith.constant 1 : index
  %init = pypto.block.load %x, %c0, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32>
  %acc, %o = scf.for %i = %lb to %n step %st iter_args(%a = %init, %t = %out) -> (!pypto.tile<[64, 64], f32>, !pypto.tensor<[64, 64], f32>) {
    %y = pypto.block.load %x, %c0, %c0, %c64, %c64 : (!pypto.tensor<[64, 64], f32>, i64, i64, i64, i64) -> !pypto.tile<[64, 64], f32>
    %s = pypto.block.add %a, %y : (!pypto.tile<[64, 64], f32>, !pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
    %t2 = pypto.block.store %s, %c0, %c0, %c64, %c64, %t : (!pypto.tile<[64, 64], f32>, i64, i64, i64, i64, !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32>
    scf.yield %s, %t2 : !pypto.tile<[64, 64], f32>, !pypto.tensor<[64, 64], f32>
  }
  %r = scf.if %p -> (!pypto.tile<[64, 64], f32>) {
    %e = pypto.block.exp %acc : (!pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
    scf.yield %e : !pypto.tile<[64, 64], f32>
  } else {
    %g = pypto.block.neg %acc : (!pypto.tile<[64, 64], f32>) -> !pypto.tile<[64, 64], f32>
    scf.yield %g : !pypto.tile<[64, 64], f32>
  }
  %res = pypto.block.store %r, %c0, %c0, %c64, %c64, %o : (!pypto.tile<[64, 64], f32>, i64, i64, i64, i64, !pypto.tensor<[64, 64], f32>) -> !pypto.tensor<[64, 64], f32>
  return %res : !pypto.tensor<[64, 64], f32>
}
