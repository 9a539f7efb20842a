// Generated from lit-tests/run/softmax.mlir by:
//   mlir-opt --convert-scf-to-cf --expand-strided-metadata --convert-to-llvm --reconcile-unrealized-casts
// (MLIR 22). Regenerate with the same command; do not edit.
module {
  llvm.func @softmax(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: !llvm.ptr, %arg8: !llvm.ptr, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: i64, %arg13: i64) {
    %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %1 = llvm.insertvalue %arg7, %0[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %2 = llvm.insertvalue %arg8, %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %3 = llvm.insertvalue %arg9, %2[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %4 = llvm.insertvalue %arg10, %3[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %5 = llvm.insertvalue %arg12, %4[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %6 = llvm.insertvalue %arg11, %5[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %7 = llvm.insertvalue %arg13, %6[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %8 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %9 = llvm.insertvalue %arg0, %8[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %10 = llvm.insertvalue %arg1, %9[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %11 = llvm.insertvalue %arg2, %10[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %12 = llvm.insertvalue %arg3, %11[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %13 = llvm.insertvalue %arg5, %12[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %14 = llvm.insertvalue %arg4, %13[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %15 = llvm.insertvalue %arg6, %14[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %16 = llvm.mlir.constant(0 : index) : i64
    %17 = llvm.mlir.constant(1 : index) : i64
    %18 = llvm.mlir.constant(4 : index) : i64
    %19 = llvm.mlir.constant(16 : index) : i64
    %20 = llvm.mlir.constant(0xFF800000 : f32) : f32
    %21 = llvm.mlir.constant(0.000000e+00 : f32) : f32
    llvm.br ^bb1(%16 : i64)
  ^bb1(%22: i64):  // 2 preds: ^bb0, ^bb11
    %23 = llvm.icmp "slt" %22, %18 : i64
    llvm.cond_br %23, ^bb2, ^bb12
  ^bb2:  // pred: ^bb1
    llvm.br ^bb3(%16, %20 : i64, f32)
  ^bb3(%24: i64, %25: f32):  // 2 preds: ^bb2, ^bb4
    %26 = llvm.icmp "slt" %24, %19 : i64
    llvm.cond_br %26, ^bb4, ^bb5
  ^bb4:  // pred: ^bb3
    %27 = llvm.extractvalue %15[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %28 = llvm.mlir.constant(16 : index) : i64
    %29 = llvm.mul %22, %28 overflow<nsw, nuw> : i64
    %30 = llvm.add %29, %24 overflow<nsw, nuw> : i64
    %31 = llvm.getelementptr inbounds|nuw %27[%30] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %32 = llvm.load %31 : !llvm.ptr -> f32
    %33 = llvm.intr.maximum(%25, %32) : (f32, f32) -> f32
    %34 = llvm.add %24, %17 : i64
    llvm.br ^bb3(%34, %33 : i64, f32)
  ^bb5:  // pred: ^bb3
    llvm.br ^bb6(%16, %21 : i64, f32)
  ^bb6(%35: i64, %36: f32):  // 2 preds: ^bb5, ^bb7
    %37 = llvm.icmp "slt" %35, %19 : i64
    llvm.cond_br %37, ^bb7, ^bb8
  ^bb7:  // pred: ^bb6
    %38 = llvm.extractvalue %15[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %39 = llvm.mlir.constant(16 : index) : i64
    %40 = llvm.mul %22, %39 overflow<nsw, nuw> : i64
    %41 = llvm.add %40, %35 overflow<nsw, nuw> : i64
    %42 = llvm.getelementptr inbounds|nuw %38[%41] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %43 = llvm.load %42 : !llvm.ptr -> f32
    %44 = llvm.fsub %43, %25 : f32
    %45 = llvm.intr.exp(%44) : (f32) -> f32
    %46 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %47 = llvm.mlir.constant(16 : index) : i64
    %48 = llvm.mul %22, %47 overflow<nsw, nuw> : i64
    %49 = llvm.add %48, %35 overflow<nsw, nuw> : i64
    %50 = llvm.getelementptr inbounds|nuw %46[%49] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %45, %50 : f32, !llvm.ptr
    %51 = llvm.fadd %36, %45 : f32
    %52 = llvm.add %35, %17 : i64
    llvm.br ^bb6(%52, %51 : i64, f32)
  ^bb8:  // pred: ^bb6
    llvm.br ^bb9(%16 : i64)
  ^bb9(%53: i64):  // 2 preds: ^bb8, ^bb10
    %54 = llvm.icmp "slt" %53, %19 : i64
    llvm.cond_br %54, ^bb10, ^bb11
  ^bb10:  // pred: ^bb9
    %55 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %56 = llvm.mlir.constant(16 : index) : i64
    %57 = llvm.mul %22, %56 overflow<nsw, nuw> : i64
    %58 = llvm.add %57, %53 overflow<nsw, nuw> : i64
    %59 = llvm.getelementptr inbounds|nuw %55[%58] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %60 = llvm.load %59 : !llvm.ptr -> f32
    %61 = llvm.fdiv %60, %36 : f32
    %62 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %63 = llvm.mlir.constant(16 : index) : i64
    %64 = llvm.mul %22, %63 overflow<nsw, nuw> : i64
    %65 = llvm.add %64, %53 overflow<nsw, nuw> : i64
    %66 = llvm.getelementptr inbounds|nuw %62[%65] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %61, %66 : f32, !llvm.ptr
    %67 = llvm.add %53, %17 : i64
    llvm.br ^bb9(%67 : i64)
  ^bb11:  // pred: ^bb9
    %68 = llvm.add %22, %17 : i64
    llvm.br ^bb1(%68 : i64)
  ^bb12:  // pred: ^bb1
    llvm.return
  }
}

