// Generated from lit-tests/translate/Inputs/more-lowerings-source.mlir by:
//   mlir-opt --convert-scf-to-cf --expand-strided-metadata --convert-to-llvm --reconcile-unrealized-casts
// (MLIR 22). Regenerate with the same command; do not edit.
module {
  llvm.func @a(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: f32, %arg6: i64) -> !llvm.struct<(i1, f32)> {
    %0 = llvm.mlir.constant(0 : index) : i64
    %1 = llvm.intr.stacksave : !llvm.ptr
    llvm.br ^bb1
  ^bb1:  // pred: ^bb0
    %2 = llvm.mlir.constant(4 : index) : i64
    %3 = llvm.mlir.constant(1 : index) : i64
    %4 = llvm.alloca %2 x f32 : (i64) -> !llvm.ptr
    %5 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %6 = llvm.insertvalue %4, %5[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %7 = llvm.insertvalue %4, %6[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %8 = llvm.mlir.constant(0 : index) : i64
    %9 = llvm.insertvalue %8, %7[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %10 = llvm.insertvalue %2, %9[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %11 = llvm.insertvalue %3, %10[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %12 = llvm.extractvalue %11[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %13 = llvm.getelementptr inbounds|nuw %12[%0] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %arg5, %13 : f32, !llvm.ptr
    llvm.intr.stackrestore %1 : !llvm.ptr
    llvm.br ^bb2
  ^bb2:  // pred: ^bb1
    %14 = "llvm.intr.is.fpclass"(%arg5) <{bit = 3 : i32}> : (f32) -> i1
    %15 = llvm.mlir.constant(1.000000e+00 : f32) : f32
    %16 = llvm.intr.sqrt(%arg5) : (f32) -> f32
    %17 = llvm.fdiv %15, %16 : f32
    %18 = llvm.intr.powi(%arg5, %arg6) : (f32, i64) -> f32
    %19 = llvm.intr.sinh(%arg5) : (f32) -> f32
    %20 = llvm.intr.tan(%19) : (f32) -> f32
    %21 = llvm.intr.atan2(%20, %18) : (f32, f32) -> f32
    %22 = llvm.fadd %17, %21 : f32
    %23 = llvm.mlir.poison : !llvm.struct<(i1, f32)>
    %24 = llvm.insertvalue %14, %23[0] : !llvm.struct<(i1, f32)> 
    %25 = llvm.insertvalue %22, %24[1] : !llvm.struct<(i1, f32)> 
    llvm.return %25 : !llvm.struct<(i1, f32)>
  }
}

