// What convert-to-llvm makes of alloca scopes, alignment assumptions, isnan, rsqrt,
// fpowi, sinh/tan/atan2 (stacksave/stackrestore, is.fpclass, more intrinsics).
func.func @a(%m: memref<4xf32>, %x: f32, %n: index) -> (i1, f32) {
  memref.alloca_scope {
    %t = memref.alloca() : memref<4xf32>
    %c0 = arith.constant 0 : index
    memref.store %x, %t[%c0] : memref<4xf32>
  }
  %m2 = memref.assume_alignment %m, 16 : memref<4xf32>
  %nan = math.isnan %x : f32
  %r = math.rsqrt %x : f32
  %p = math.fpowi %x, %n : f32, index
  %e = math.sinh %x : f32
  %t2 = math.tan %e : f32
  %a = math.atan2 %t2, %p : f32
  %s = arith.addf %r, %a : f32
  %v = memref.alloc(%n) {alignment = 64} : memref<?xf32>
  return %nan, %s : i1, f32
}
