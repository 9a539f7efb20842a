// standalone-run lowers the dialect (its registered lowering, then the upstream ones)
// and runs the result, interpreted and JIT-compiled, with the same answers.
// RUN: standalone-run %s -e poly --arg 2.25 --interpret | FileCheck %s --check-prefix=POLY
// RUN: standalone-run %s -e poly --arg 2.25 | FileCheck %s --check-prefix=POLY
// RUN: standalone-run %s -e poly --arg -1.75 -O0 | FileCheck %s --check-prefix=NEG
// RUN: standalone-run %s -e round --arg 0.2 --interpret | FileCheck %s --check-prefix=ROUND
// RUN: standalone-run %s -e round --arg 0.2 | FileCheck %s --check-prefix=ROUND

// 2.25^2 + 1.5 = 6.5625, exact in 16 fraction bits.
// POLY: 6.5625
// (-1.75)^2 + 1.5 = 4.5625
// NEG: 4.5625
func.func @poly(%x: f32) -> f32 {
  %a = standalone.from_float %x : f32 to !standalone.fixed<32, 16>
  %c = standalone.constant 1.5 : !standalone.fixed<32, 16>
  %m = standalone.mul %a, %a : !standalone.fixed<32, 16>
  %s = standalone.add %m, %c : !standalone.fixed<32, 16>
  %r = standalone.to_float %s : !standalone.fixed<32, 16> to f32
  return %r : f32
}

// 0.2 in 2 fraction bits: 0.25 to nearest (0.8 rounds to 1), 0 toward zero.
// ROUND: 0.25
// ROUND-NEXT: 0
func.func @round(%x: f32) -> (f32, f32) {
  %n = standalone.from_float %x : f32 to !standalone.fixed<8, 2>
  %z = standalone.from_float %x {rounding = #standalone.rounding<toward_zero>} : f32 to !standalone.fixed<8, 2>
  %a = standalone.to_float %n : !standalone.fixed<8, 2> to f32
  %b = standalone.to_float %z : !standalone.fixed<8, 2> to f32
  return %a, %b : f32, f32
}
