// Generated from lit-tests/translate/Inputs/print-source.mlir by:
//   mlir-opt --convert-scf-to-cf --expand-strided-metadata --convert-to-llvm --reconcile-unrealized-casts
// (MLIR 22). Regenerate with the same command; do not edit.
module {
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @printMemrefF32(i64, !llvm.ptr) attributes {sym_visibility = "private"}
  llvm.func @printMemrefI64(i64, !llvm.ptr) attributes {sym_visibility = "private"}
  llvm.func @printMemrefF64(i64, !llvm.ptr) attributes {sym_visibility = "private"}
  llvm.func @main() {
    %0 = llvm.mlir.constant(2.500000e-07 : f64) : f64
    %1 = llvm.mlir.constant(-42 : i64) : i64
    %2 = llvm.mlir.constant(0x4132D68700000000 : f64) : f64
    %3 = llvm.mlir.constant(0.333333313 : f32) : f32
    %4 = llvm.mlir.constant(0 : index) : i64
    %5 = llvm.mlir.constant(1 : index) : i64
    %6 = llvm.mlir.constant(2 : index) : i64
    %7 = llvm.mlir.constant(3 : index) : i64
    %8 = llvm.mlir.constant(2 : index) : i64
    %9 = llvm.mlir.constant(3 : index) : i64
    %10 = llvm.mlir.constant(1 : index) : i64
    %11 = llvm.mlir.constant(6 : index) : i64
    %12 = llvm.mlir.zero : !llvm.ptr
    %13 = llvm.getelementptr %12[%11] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %14 = llvm.ptrtoint %13 : !llvm.ptr to i64
    %15 = llvm.call @malloc(%14) : (i64) -> !llvm.ptr
    %16 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %17 = llvm.insertvalue %15, %16[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %18 = llvm.insertvalue %15, %17[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %19 = llvm.mlir.constant(0 : index) : i64
    %20 = llvm.insertvalue %19, %18[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %21 = llvm.insertvalue %8, %20[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %22 = llvm.insertvalue %9, %21[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %23 = llvm.insertvalue %9, %22[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %24 = llvm.insertvalue %10, %23[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %25 = llvm.mlir.constant(4 : index) : i64
    %26 = llvm.mlir.constant(1 : index) : i64
    %27 = llvm.mlir.zero : !llvm.ptr
    %28 = llvm.getelementptr %27[%25] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %29 = llvm.ptrtoint %28 : !llvm.ptr to i64
    %30 = llvm.call @malloc(%29) : (i64) -> !llvm.ptr
    %31 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %32 = llvm.insertvalue %30, %31[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %33 = llvm.insertvalue %30, %32[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %34 = llvm.mlir.constant(0 : index) : i64
    %35 = llvm.insertvalue %34, %33[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %36 = llvm.insertvalue %25, %35[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %37 = llvm.insertvalue %26, %36[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %38 = llvm.mlir.constant(1 : index) : i64
    %39 = llvm.mlir.constant(1 : index) : i64
    %40 = llvm.mlir.constant(1 : index) : i64
    %41 = llvm.mlir.zero : !llvm.ptr
    %42 = llvm.getelementptr %41[%38] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %43 = llvm.ptrtoint %42 : !llvm.ptr to i64
    %44 = llvm.call @malloc(%43) : (i64) -> !llvm.ptr
    %45 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
    %46 = llvm.insertvalue %44, %45[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %47 = llvm.insertvalue %44, %46[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %48 = llvm.mlir.constant(0 : index) : i64
    %49 = llvm.insertvalue %48, %47[2] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %50 = llvm.insertvalue %38, %49[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %51 = llvm.insertvalue %39, %50[3, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %52 = llvm.insertvalue %39, %51[4, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %53 = llvm.insertvalue %40, %52[4, 1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %54 = llvm.mlir.constant(2 : index) : i64
    %55 = llvm.mlir.constant(1 : index) : i64
    %56 = llvm.mlir.constant(2 : index) : i64
    %57 = llvm.mlir.constant(1 : index) : i64
    %58 = llvm.mlir.constant(2 : index) : i64
    %59 = llvm.mlir.constant(4 : index) : i64
    %60 = llvm.mlir.zero : !llvm.ptr
    %61 = llvm.getelementptr %60[%59] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    %62 = llvm.ptrtoint %61 : !llvm.ptr to i64
    %63 = llvm.call @malloc(%62) : (i64) -> !llvm.ptr
    %64 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
    %65 = llvm.insertvalue %63, %64[0] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %66 = llvm.insertvalue %63, %65[1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %67 = llvm.mlir.constant(0 : index) : i64
    %68 = llvm.insertvalue %67, %66[2] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %69 = llvm.insertvalue %54, %68[3, 0] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %70 = llvm.insertvalue %55, %69[3, 1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %71 = llvm.insertvalue %56, %70[3, 2] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %72 = llvm.insertvalue %58, %71[4, 0] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %73 = llvm.insertvalue %56, %72[4, 1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %74 = llvm.insertvalue %57, %73[4, 2] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    llvm.br ^bb1(%4 : i64)
  ^bb1(%75: i64):  // 2 preds: ^bb0, ^bb5
    %76 = llvm.icmp "slt" %75, %6 : i64
    llvm.cond_br %76, ^bb2, ^bb6
  ^bb2:  // pred: ^bb1
    llvm.br ^bb3(%4 : i64)
  ^bb3(%77: i64):  // 2 preds: ^bb2, ^bb4
    %78 = llvm.icmp "slt" %77, %7 : i64
    llvm.cond_br %78, ^bb4, ^bb5
  ^bb4:  // pred: ^bb3
    %79 = llvm.mul %75, %77 : i64
    %80 = llvm.sitofp %79 : i64 to f32
    %81 = llvm.fadd %80, %3 : f32
    %82 = llvm.extractvalue %24[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %83 = llvm.mlir.constant(3 : index) : i64
    %84 = llvm.mul %75, %83 overflow<nsw, nuw> : i64
    %85 = llvm.add %84, %77 overflow<nsw, nuw> : i64
    %86 = llvm.getelementptr inbounds|nuw %82[%85] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %81, %86 : f32, !llvm.ptr
    %87 = llvm.add %77, %5 : i64
    llvm.br ^bb3(%87 : i64)
  ^bb5:  // pred: ^bb3
    %88 = llvm.add %75, %5 : i64
    llvm.br ^bb1(%88 : i64)
  ^bb6:  // pred: ^bb1
    llvm.br ^bb7(%4 : i64)
  ^bb7(%89: i64):  // 2 preds: ^bb6, ^bb11
    %90 = llvm.icmp "slt" %89, %6 : i64
    llvm.cond_br %90, ^bb8, ^bb12
  ^bb8:  // pred: ^bb7
    llvm.br ^bb9(%4 : i64)
  ^bb9(%91: i64):  // 2 preds: ^bb8, ^bb10
    %92 = llvm.icmp "slt" %91, %6 : i64
    llvm.cond_br %92, ^bb10, ^bb11
  ^bb10:  // pred: ^bb9
    %93 = llvm.extractvalue %74[1] : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> 
    %94 = llvm.mlir.constant(2 : index) : i64
    %95 = llvm.mul %89, %94 overflow<nsw, nuw> : i64
    %96 = llvm.mlir.constant(2 : index) : i64
    %97 = llvm.mul %4, %96 overflow<nsw, nuw> : i64
    %98 = llvm.add %95, %97 overflow<nsw, nuw> : i64
    %99 = llvm.add %98, %91 overflow<nsw, nuw> : i64
    %100 = llvm.getelementptr inbounds|nuw %93[%99] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    llvm.store %2, %100 : f64, !llvm.ptr
    %101 = llvm.add %91, %5 : i64
    llvm.br ^bb9(%101 : i64)
  ^bb11:  // pred: ^bb9
    %102 = llvm.add %89, %5 : i64
    llvm.br ^bb7(%102 : i64)
  ^bb12:  // pred: ^bb7
    llvm.br ^bb13(%4 : i64)
  ^bb13(%103: i64):  // 2 preds: ^bb12, ^bb14
    %104 = llvm.icmp "slt" %103, %7 : i64
    llvm.cond_br %104, ^bb14, ^bb15
  ^bb14:  // pred: ^bb13
    %105 = llvm.extractvalue %37[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %106 = llvm.getelementptr inbounds|nuw %105[%103] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    llvm.store %1, %106 : i64, !llvm.ptr
    %107 = llvm.add %103, %5 : i64
    llvm.br ^bb13(%107 : i64)
  ^bb15:  // pred: ^bb13
    %108 = llvm.extractvalue %37[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %109 = llvm.getelementptr inbounds|nuw %108[%7] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    llvm.store %1, %109 : i64, !llvm.ptr
    %110 = llvm.extractvalue %53[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> 
    %111 = llvm.add %4, %4 overflow<nsw, nuw> : i64
    %112 = llvm.getelementptr inbounds|nuw %110[%111] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    llvm.store %0, %112 : f64, !llvm.ptr
    %113 = llvm.mlir.constant(1 : index) : i64
    %114 = llvm.alloca %113 x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
    llvm.store %24, %114 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
    %115 = llvm.mlir.constant(2 : index) : i64
    %116 = llvm.mlir.poison : !llvm.struct<(i64, ptr)>
    %117 = llvm.insertvalue %115, %116[0] : !llvm.struct<(i64, ptr)> 
    %118 = llvm.insertvalue %114, %117[1] : !llvm.struct<(i64, ptr)> 
    %119 = llvm.extractvalue %118[0] : !llvm.struct<(i64, ptr)> 
    %120 = llvm.extractvalue %118[1] : !llvm.struct<(i64, ptr)> 
    llvm.call @printMemrefF32(%119, %120) : (i64, !llvm.ptr) -> ()
    %121 = llvm.mlir.constant(1 : index) : i64
    %122 = llvm.alloca %121 x !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr
    llvm.store %37, %122 : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
    %123 = llvm.mlir.constant(1 : index) : i64
    %124 = llvm.mlir.poison : !llvm.struct<(i64, ptr)>
    %125 = llvm.insertvalue %123, %124[0] : !llvm.struct<(i64, ptr)> 
    %126 = llvm.insertvalue %122, %125[1] : !llvm.struct<(i64, ptr)> 
    %127 = llvm.extractvalue %126[0] : !llvm.struct<(i64, ptr)> 
    %128 = llvm.extractvalue %126[1] : !llvm.struct<(i64, ptr)> 
    llvm.call @printMemrefI64(%127, %128) : (i64, !llvm.ptr) -> ()
    %129 = llvm.mlir.constant(1 : index) : i64
    %130 = llvm.alloca %129 x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
    llvm.store %53, %130 : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
    %131 = llvm.mlir.constant(2 : index) : i64
    %132 = llvm.mlir.poison : !llvm.struct<(i64, ptr)>
    %133 = llvm.insertvalue %131, %132[0] : !llvm.struct<(i64, ptr)> 
    %134 = llvm.insertvalue %130, %133[1] : !llvm.struct<(i64, ptr)> 
    %135 = llvm.extractvalue %134[0] : !llvm.struct<(i64, ptr)> 
    %136 = llvm.extractvalue %134[1] : !llvm.struct<(i64, ptr)> 
    llvm.call @printMemrefF64(%135, %136) : (i64, !llvm.ptr) -> ()
    %137 = llvm.mlir.constant(1 : index) : i64
    %138 = llvm.alloca %137 x !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> : (i64) -> !llvm.ptr
    llvm.store %74, %138 : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>, !llvm.ptr
    %139 = llvm.mlir.constant(3 : index) : i64
    %140 = llvm.mlir.poison : !llvm.struct<(i64, ptr)>
    %141 = llvm.insertvalue %139, %140[0] : !llvm.struct<(i64, ptr)> 
    %142 = llvm.insertvalue %138, %141[1] : !llvm.struct<(i64, ptr)> 
    %143 = llvm.extractvalue %142[0] : !llvm.struct<(i64, ptr)> 
    %144 = llvm.extractvalue %142[1] : !llvm.struct<(i64, ptr)> 
    llvm.call @printMemrefF64(%143, %144) : (i64, !llvm.ptr) -> ()
    llvm.return
  }
}

