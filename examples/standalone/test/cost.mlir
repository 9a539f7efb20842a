// CostOpInterface: every op says what it costs once lowered, and
// standalone-annotate-cost adds it up per function (nested regions included).
// RUN: standalone-opt %s --standalone-annotate-cost | FileCheck %s
// RUN: standalone-opt %s --standalone-annotate-cost=attr-name=cost | FileCheck %s --check-prefix=NAMED

// CHECK: func.func @poly({{.*}}) -> f32 attributes {standalone.cost = 17 : i64}
// NAMED: func.func @poly({{.*}}) -> f32 attributes {cost = 17 : i64}
func.func @poly(%x: f32) -> f32 {
  %a = standalone.from_float %x : f32 to !standalone.fixed<32, 16>
  %c = standalone.constant 1.5 : !standalone.fixed<32, 16>
  %m = standalone.mul %a, %a : !standalone.fixed<32, 16>
  %s = standalone.add %m, %c : !standalone.fixed<32, 16>
  %n = standalone.neg %s : !standalone.fixed<32, 16>
  %r = standalone.to_float %n : !standalone.fixed<32, 16> to f32
  return %r : f32
}

// CHECK: func.func @none() attributes {standalone.cost = 0 : i64}
func.func @none() {
  return
}

// toward_zero rounding needs no rounding op (3), a loop body counts too.
// CHECK: func.func @looped({{.*}}) attributes {standalone.cost = 4 : i64}
func.func @looped(%f: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = standalone.from_float %f {rounding = #standalone.rounding<toward_zero>} : f32 to !standalone.fixed<16, 8>
    %c = standalone.constant 2.0 : !standalone.fixed<16, 8>
  }
  return
}
