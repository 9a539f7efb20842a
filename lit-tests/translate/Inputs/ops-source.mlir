// Functions using most of what func/arith/math/memref/cf/vector lower to in the llvm
// dialect; lowered into ops.mlir (see there) for the translation tests.
memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
memref.global @buf : memref<2x3xi32> = uninitialized
func.func @scalars(%a: i32, %b: i32, %x: f32, %y: f64) -> (i32, f32, i1, f64) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %b : i32
  %2 = arith.divsi %1, %a : i32
  %3 = arith.remui %2, %b : i32
  %4 = arith.shli %3, %a : i32
  %5 = arith.shrsi %4, %a : i32
  %6 = arith.andi %5, %b : i32
  %7 = arith.ori %6, %a : i32
  %8 = arith.xori %7, %b : i32
  %9 = arith.maxsi %8, %a : i32
  %10 = arith.minui %9, %b : i32
  %11 = arith.sitofp %10 : i32 to f32
  %12 = arith.addf %11, %x : f32
  %13 = arith.mulf %12, %x fastmath<fast> : f32
  %14 = math.sqrt %13 : f32
  %15 = math.exp %14 : f32
  %16 = math.log %15 : f32
  %17 = math.powf %16, %x : f32
  %18 = math.fma %17, %x, %x : f32
  %19 = math.absf %18 : f32
  %20 = arith.maximumf %19, %x : f32
  %21 = arith.minnumf %20, %x : f32
  %22 = arith.cmpf olt, %21, %x : f32
  %23 = arith.select %22, %a, %b : i32
  %24 = arith.extf %21 : f32 to f64
  %25 = arith.addf %24, %y : f64
  %26 = math.floor %25 : f64
  %27 = math.ceil %26 : f64
  %28 = arith.negf %27 : f64
  %29 = arith.fptosi %28 : f64 to i64
  %30 = arith.trunci %29 : i64 to i32
  %31 = arith.addi %30, %23 : i32
  %32 = math.ctlz %31 : i32
  %33 = math.ctpop %32 : i32
  %34 = math.absi %33 : i32
  %35 = arith.index_cast %34 : i32 to index
  %36 = arith.index_cast %35 : index to i32
  %37 = math.copysign %x, %21 : f32
  %38 = math.tanh %37 : f32
  %39 = math.cos %38 : f32
  %40 = math.sin %39 : f32
  %41 = arith.extui %22 : i1 to i32
  %42 = arith.addi %41, %36 : i32
  %43 = math.round %40 : f32
  %44 = math.roundeven %43 : f32
  %45 = math.trunc %44 : f32
  %46 = math.log2 %45 : f32
  %47 = math.exp2 %46 : f32
  %48 = math.log10 %47 : f32
  %49 = arith.remf %48, %x : f32
  %50 = arith.divf %49, %x : f32
  %51 = arith.uitofp %42 : i32 to f64
  %52 = arith.addf %51, %28 : f64
  %53 = arith.bitcast %50 : f32 to i32
  %54 = arith.addi %53, %42 : i32
  return %54, %50, %22, %52 : i32, f32, i1, f64
}
func.func @mem(%m: memref<?x4xf32>, %n: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %g = memref.get_global @table : memref<4xf32>
  %v = memref.load %g[%c1] : memref<4xf32>
  %r = memref.alloc(%n) : memref<?xf32>
  %a = memref.alloca() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  %w = memref.load %a[%c0] : memref<4xf32>
  memref.store %w, %r[%c0] : memref<?xf32>
  %d = memref.dim %m, %c0 : memref<?x4xf32>
  %s = memref.subview %m[0, 1][2, 2][1, 1] : memref<?x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 1>>
  %x = memref.load %s[%c1, %c1] : memref<2x2xf32, strided<[4, 1], offset: 1>>
  memref.store %x, %r[%c1] : memref<?xf32>
  %cast = memref.cast %r : memref<?xf32> to memref<?xf32>
  %flag = arith.cmpi sgt, %d, %n : index
  cf.cond_br %flag, ^bb1(%c0 : index), ^bb2
^bb1(%i: index):
  %i2 = arith.addi %i, %c1 : index
  cf.br ^bb2
^bb2:
  %sel = arith.index_cast %d : index to i64
  cf.switch %sel : i64, [ default: ^bb3, 0: ^bb3, 5: ^bb4 ]
^bb3:
  return %cast : memref<?xf32>
^bb4:
  memref.dealloc %r : memref<?xf32>
  %r2 = memref.alloc(%n) : memref<?xf32>
  return %r2 : memref<?xf32>
}
func.func @callee(%a: f32) -> f32 {
  %0 = arith.addf %a, %a : f32
  return %0 : f32
}
func.func @caller(%a: f32) -> f32 {
  %0 = call @callee(%a) : (f32) -> f32
  %v = vector.broadcast %0 : f32 to vector<4xf32>
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %s = arith.addf %v, %c : vector<4xf32>
  %e = vector.extract %s[2] : f32 from vector<4xf32>
  %sh = vector.shuffle %s, %s [0, 5, 2, 7] : vector<4xf32>, vector<4xf32>
  %e2 = vector.extract %sh[1] : f32 from vector<4xf32>
  %r = arith.addf %e, %e2 : f32
  return %r : f32
}
func.func private @ext(f32) -> f32
