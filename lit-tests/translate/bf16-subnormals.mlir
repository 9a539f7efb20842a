// x86's native f32 -> bf16 conversion (vcvtneps2bf16) flushes subnormals whatever
// MXCSR says, so on a CPU that has it (znver4 here; the host when none is named) the
// translator turns AVX512-BF16 and AVX-NE-CONVERT off and the conversion is expanded
// in IEEE arithmetic; features the user names are taken as given.
// RUN: pto-translate --mlir-to-llvmir --emit=asm -O2 --target-triple=x86_64-unknown-linux-gnu --target-cpu=znver4 %s | FileCheck %s --check-prefix=IEEE
// RUN: pto-translate --mlir-to-llvmir -O2 --target-triple=x86_64-unknown-linux-gnu --target-cpu=znver4 %s | FileCheck %s --check-prefix=ATTR
// RUN: pto-translate --mlir-to-llvmir --emit=asm -O2 --target-triple=x86_64-unknown-linux-gnu --target-cpu=znver4 --target-features=+avx512bf16,+avx512vl %s | FileCheck %s --check-prefix=NATIVE

// IEEE-LABEL: narrow:
// IEEE-NOT: vcvtneps2bf16
// IEEE: ret
// ATTR: "target-cpu"="znver4"
// ATTR-SAME: "target-features"="{{.*}}-avx512bf16,-avxneconvert"
// NATIVE-LABEL: narrow:
// NATIVE: vcvtneps2bf16
llvm.func @narrow(%x: f32) -> bf16 {
  %0 = llvm.fptrunc %x : f32 to bf16
  llvm.return %0 : bf16
}
