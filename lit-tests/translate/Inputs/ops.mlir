// Generated from lit-tests/translate/Inputs/ops-source.mlir by:
//   mlir-opt --convert-scf-to-cf --expand-strided-metadata --convert-to-llvm --reconcile-unrealized-casts
// (MLIR 22). Regenerate with the same command; do not edit.
module {
  llvm.func @free(!llvm.ptr)
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.mlir.global private constant @table(dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>) {addr_space = 0 : i32} : !llvm.array<4 x f32>
  llvm.mlir.global external @buf() {addr_space = 0 : i32} : !llvm.array<2 x array<3 x i32>> {
    %0 = llvm.mlir.undef : !llvm.array<2 x array<3 x i32>>
    llvm.return %0 : !llvm.array<2 x array<3 x i32>>
  }
  llvm.func @scalars(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f64) -> !llvm.struct<(i32, f32, i1, f64)> {
    %0 = llvm.add %arg0, %arg1 : i32
    %1 = llvm.mul %0, %arg1 : i32
    %2 = llvm.sdiv %1, %arg0 : i32
    %3 = llvm.urem %2, %arg1 : i32
    %4 = llvm.shl %3, %arg0 : i32
    %5 = llvm.ashr %4, %arg0 : i32
    %6 = llvm.and %5, %arg1 : i32
    %7 = llvm.or %6, %arg0 : i32
    %8 = llvm.xor %7, %arg1 : i32
    %9 = llvm.intr.smax(%8, %arg0) : (i32, i32) -> i32
    %10 = llvm.intr.umin(%9, %arg1) : (i32, i32) -> i32
    %11 = llvm.sitofp %10 : i32 to f32
    %12 = llvm.fadd %11, %arg2 : f32
    %13 = llvm.fmul %12, %arg2 {fastmathFlags = #llvm.fastmath<fast>} : f32
    %14 = llvm.intr.sqrt(%13) : (f32) -> f32
    %15 = llvm.intr.exp(%14) : (f32) -> f32
    %16 = llvm.intr.log(%15) : (f32) -> f32
    %17 = llvm.intr.pow(%16, %arg2) : (f32, f32) -> f32
    %18 = llvm.intr.fma(%17, %arg2, %arg2) : (f32, f32, f32) -> f32
    %19 = llvm.intr.fabs(%18) : (f32) -> f32
    %20 = llvm.intr.maximum(%19, %arg2) : (f32, f32) -> f32
    %21 = llvm.intr.minnum(%20, %arg2) : (f32, f32) -> f32
    %22 = llvm.fcmp "olt" %21, %arg2 : f32
    %23 = llvm.select %22, %arg0, %arg1 : i1, i32
    %24 = llvm.fpext %21 : f32 to f64
    %25 = llvm.fadd %24, %arg3 : f64
    %26 = llvm.intr.floor(%25) : (f64) -> f64
    %27 = llvm.intr.ceil(%26) : (f64) -> f64
    %28 = llvm.fneg %27 : f64
    %29 = llvm.fptosi %28 : f64 to i64
    %30 = llvm.trunc %29 : i64 to i32
    %31 = llvm.add %30, %23 : i32
    %32 = "llvm.intr.ctlz"(%31) <{is_zero_poison = false}> : (i32) -> i32
    %33 = llvm.intr.ctpop(%32) : (i32) -> i32
    %34 = "llvm.intr.abs"(%33) <{is_int_min_poison = false}> : (i32) -> i32
    %35 = llvm.sext %34 : i32 to i64
    %36 = llvm.trunc %35 : i64 to i32
    %37 = llvm.intr.copysign(%arg2, %21) : (f32, f32) -> f32
    %38 = llvm.intr.tanh(%37) : (f32) -> f32
    %39 = llvm.intr.cos(%38) : (f32) -> f32
    %40 = llvm.intr.sin(%39) : (f32) -> f32
    %41 = llvm.zext %22 : i1 to i32
    %42 = llvm.add %41, %36 : i32
    %43 = llvm.intr.round(%40) : (f32) -> f32
    %44 = llvm.intr.roundeven(%43) : (f32) -> f32
    %45 = llvm.intr.trunc(%44) : (f32) -> f32
    %46 = llvm.intr.log2(%45) : (f32) -> f32
    %47 = llvm.intr.exp2(%46) : (f32) -> f32
    %48 = llvm.intr.log10(%47) : (f32) -> f32
    %49 = llvm.frem %48, %arg2 : f32
    %50 = llvm.fdiv %49, %arg2 : f32
    %51 = llvm.uitofp %42 : i32 to f64
    %52 = llvm.fadd %51, %28 : f64
    %53 = llvm.bitcast %50 : f32 to i32
    %54 = llvm.add %53, %42 : i32
    %55 = llvm.mlir.poison : !llvm.struct<(i32, f32, i1, f64)>
    %56 = llvm.insertvalue %54, %55[0] : !llvm.struct<(i32, f32, i1, f64)> 
    %57 = llvm.insertvalue %50, %56[1] : !llvm.struct<(i32, f32, i1, f64)> 
    %58 = llvm.insertvalue %22, %57[2] : !llvm.struct<(i32, f32, i1, f64)> 
    %59 = llvm.insertvalue %52, %58[3] : !llvm.struct<(i32, f32, i1, f64)> 
    llvm.return %59 : !llvm.struct<(i32, f32, i1, f64)>
  }
  llvm.func @mem(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> {
    %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %1 = llvm.insertvalue %arg0, %0[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %2 = llvm.insertvalue %arg1, %1[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %3 = llvm.insertvalue %arg2, %2[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %4 = llvm.insertvalue %arg3, %3[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %5 = llvm.insertvalue %arg5, %4[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %6 = llvm.insertvalue %arg4, %5[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %7 = llvm.insertvalue %arg6, %6[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %8 = llvm.mlir.constant(0 : index) : i64
    %9 = llvm.mlir.constant(1 : index) : i64
    %10 = llvm.mlir.constant(4 : index) : i64
    %11 = llvm.mlir.constant(1 : index) : i64
    %12 = llvm.mlir.zero : !llvm.ptr
    %13 = llvm.getelementptr %12[%10] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %14 = llvm.ptrtoint %13 : !llvm.ptr to i64
    %15 = llvm.mlir.addressof @table : !llvm.ptr
    %16 = llvm.getelementptr %15[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<4 x f32>
    %17 = llvm.mlir.constant(3735928559 : index) : i64
    %18 = llvm.inttoptr %17 : i64 to !llvm.ptr
    %19 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %20 = llvm.insertvalue %18, %19[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %21 = llvm.insertvalue %16, %20[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %22 = llvm.mlir.constant(0 : index) : i64
    %23 = llvm.insertvalue %22, %21[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %24 = llvm.insertvalue %10, %23[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %25 = llvm.insertvalue %11, %24[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %26 = llvm.extractvalue %25[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %27 = llvm.getelementptr inbounds|nuw %26[%9] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %28 = llvm.load %27 : !llvm.ptr -> f32
    %29 = llvm.mlir.constant(1 : index) : i64
    %30 = llvm.mlir.zero : !llvm.ptr
    %31 = llvm.getelementptr %30[%arg7] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %32 = llvm.ptrtoint %31 : !llvm.ptr to i64
    %33 = llvm.call @malloc(%32) : (i64) -> !llvm.ptr
    %34 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %35 = llvm.insertvalue %33, %34[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %36 = llvm.insertvalue %33, %35[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %37 = llvm.mlir.constant(0 : index) : i64
    %38 = llvm.insertvalue %37, %36[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %39 = llvm.insertvalue %arg7, %38[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %40 = llvm.insertvalue %29, %39[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %41 = llvm.mlir.constant(4 : index) : i64
    %42 = llvm.mlir.constant(1 : index) : i64
    %43 = llvm.alloca %41 x f32 : (i64) -> !llvm.ptr
    %44 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %45 = llvm.insertvalue %43, %44[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %46 = llvm.insertvalue %43, %45[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %47 = llvm.mlir.constant(0 : index) : i64
    %48 = llvm.insertvalue %47, %46[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %49 = llvm.insertvalue %41, %48[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %50 = llvm.insertvalue %42, %49[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %51 = llvm.extractvalue %50[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %52 = llvm.getelementptr inbounds|nuw %51[%8] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %28, %52 : f32, !llvm.ptr
    %53 = llvm.extractvalue %50[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %54 = llvm.getelementptr inbounds|nuw %53[%8] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %55 = llvm.load %54 : !llvm.ptr -> f32
    %56 = llvm.extractvalue %40[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %57 = llvm.getelementptr inbounds|nuw %56[%8] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %55, %57 : f32, !llvm.ptr
    %58 = llvm.extractvalue %7[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %59 = llvm.extractvalue %7[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %60 = llvm.extractvalue %7[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %61 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64)>
    %62 = llvm.insertvalue %59, %61[0] : !llvm.struct<(ptr, ptr, i64)> 
    %63 = llvm.insertvalue %60, %62[1] : !llvm.struct<(ptr, ptr, i64)> 
    %64 = llvm.mlir.constant(0 : index) : i64
    %65 = llvm.insertvalue %64, %63[2] : !llvm.struct<(ptr, ptr, i64)> 
    %66 = llvm.extractvalue %7[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %67 = llvm.extractvalue %7[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %68 = llvm.extractvalue %7[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %69 = llvm.extractvalue %7[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %70 = llvm.extractvalue %7[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %71 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %72 = llvm.extractvalue %65[0] : !llvm.struct<(ptr, ptr, i64)> 
    %73 = llvm.extractvalue %65[1] : !llvm.struct<(ptr, ptr, i64)> 
    %74 = llvm.insertvalue %72, %71[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %75 = llvm.insertvalue %73, %74[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %76 = llvm.mlir.constant(1 : index) : i64
    %77 = llvm.insertvalue %76, %75[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %78 = llvm.mlir.constant(2 : index) : i64
    %79 = llvm.insertvalue %78, %77[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %80 = llvm.mlir.constant(4 : index) : i64
    %81 = llvm.insertvalue %80, %79[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %82 = llvm.mlir.constant(2 : index) : i64
    %83 = llvm.insertvalue %82, %81[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %84 = llvm.mlir.constant(1 : index) : i64
    %85 = llvm.insertvalue %84, %83[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %86 = llvm.extractvalue %85[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %87 = llvm.mlir.constant(1 : index) : i64
    %88 = llvm.getelementptr %86[%87] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %89 = llvm.mlir.constant(4 : index) : i64
    %90 = llvm.mul %9, %89 overflow<nsw, nuw> : i64
    %91 = llvm.add %90, %9 overflow<nsw, nuw> : i64
    %92 = llvm.getelementptr inbounds|nuw %88[%91] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %93 = llvm.load %92 : !llvm.ptr -> f32
    %94 = llvm.extractvalue %40[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %95 = llvm.getelementptr inbounds|nuw %94[%9] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %93, %95 : f32, !llvm.ptr
    %96 = llvm.icmp "sgt" %58, %arg7 : i64
    llvm.cond_br %96, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    llvm.br ^bb2
  ^bb2:  // 2 preds: ^bb0, ^bb1
    llvm.switch %58 : i64, ^bb3 [
      0: ^bb3,
      5: ^bb4
    ]
  ^bb3:  // 2 preds: ^bb2, ^bb2
    llvm.return %40 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  ^bb4:  // pred: ^bb2
    %97 = llvm.extractvalue %40[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    llvm.call @free(%97) : (!llvm.ptr) -> ()
    %98 = llvm.mlir.constant(1 : index) : i64
    %99 = llvm.mlir.zero : !llvm.ptr
    %100 = llvm.getelementptr %99[%arg7] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %101 = llvm.ptrtoint %100 : !llvm.ptr to i64
    %102 = llvm.call @malloc(%101) : (i64) -> !llvm.ptr
    %103 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %104 = llvm.insertvalue %102, %103[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %105 = llvm.insertvalue %102, %104[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %106 = llvm.mlir.constant(0 : index) : i64
    %107 = llvm.insertvalue %106, %105[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %108 = llvm.insertvalue %arg7, %107[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %109 = llvm.insertvalue %98, %108[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    llvm.return %109 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
  }
  llvm.func @callee(%arg0: f32) -> f32 {
    %0 = llvm.fadd %arg0, %arg0 : f32
    llvm.return %0 : f32
  }
  llvm.func @caller(%arg0: f32) -> f32 {
    %0 = llvm.mlir.constant(dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : vector<4xf32>) : vector<4xf32>
    %1 = llvm.call @callee(%arg0) : (f32) -> f32
    %2 = llvm.mlir.poison : vector<4xf32>
    %3 = llvm.mlir.constant(0 : i32) : i32
    %4 = llvm.insertelement %1, %2[%3 : i32] : vector<4xf32>
    %5 = llvm.shufflevector %4, %2 [0, 0, 0, 0] : vector<4xf32> 
    %6 = llvm.fadd %5, %0 : vector<4xf32>
    %7 = llvm.mlir.constant(2 : i64) : i64
    %8 = llvm.extractelement %6[%7 : i64] : vector<4xf32>
    %9 = llvm.mlir.constant(1 : i64) : i64
    %10 = llvm.extractelement %6[%9 : i64] : vector<4xf32>
    %11 = llvm.fadd %8, %10 : f32
    llvm.return %11 : f32
  }
  llvm.func @ext(f32) -> f32 attributes {sym_visibility = "private"}
}

