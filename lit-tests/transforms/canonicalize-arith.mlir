// canonicalize: MLIR 22's arith canonicalization patterns (ArithCanonicalization.td
// and the C++ ones of ArithOps.cpp: SelectToExtUI, CmpFIntToFPConst) with the folds they
// meet; output identical to mlir-opt in every traversal mode, with locations (DRR's
// fused locations of the matched ops).
// RUN: %pto-opt %s --canonicalize --split-input-file | FileCheck %s
// RUN: %compat %s --canonicalize --split-input-file
// RUN: %compat %s --canonicalize=top-down=false --split-input-file
// RUN: %compat %s --canonicalize=region-simplify=disabled --split-input-file
// RUN: %compat %s --canonicalize --mlir-print-debuginfo --split-input-file
// One iteration is not a fixed point, so compare single runs instead of round trips:
// RUN: %pto-opt %s --canonicalize=max-iterations=1 --split-input-file > %t.pto
// RUN: %mlir-opt %s --canonicalize=max-iterations=1 --split-input-file > %t.mlir
// RUN: diff %t.pto %t.mlir

// AddIMulNegativeOneRhs/Lhs: adding a product by -1 (scalar or splat) subtracts;
// the subtraction has no overflow flags.
// CHECK-LABEL: func.func @add_mul_neg_one(
// CHECK-NEXT:    %[[V0:.*]] = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT:    %[[V1:.*]] = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT:    %[[V2:.*]] = arith.subi %arg2, %arg3 : vector<4xi32>
// CHECK-NEXT:    return %[[V0]], %[[V1]], %[[V2]] : i32, i32, vector<4xi32>
// CHECK-NEXT:  }
func.func @add_mul_neg_one(%x: i32, %y: i32, %v: vector<4xi32>, %w: vector<4xi32>) -> (i32, i32, vector<4xi32>) {
  %m = arith.constant -1 : i32
  %mv = arith.constant dense<-1> : vector<4xi32>
  %a = arith.muli %y, %m overflow<nsw> : i32
  %0 = arith.addi %x, %a overflow<nsw> : i32
  %b = arith.muli %x, %m : i32
  %1 = arith.addi %b, %y : i32
  %c = arith.muli %w, %mv : vector<4xi32>
  %2 = arith.addi %v, %c : vector<4xi32>
  return %0, %1, %2 : i32, i32, vector<4xi32>
}

// -----

// SubISubILHSRHSLHS keeps the flags both subtractions carry; SubIRHSAddConstant
// drops them; SubIRHSSubConstantLHS folds the constants.
// CHECK-LABEL: func.func @sub_chains(
// CHECK-NEXT:    %[[C2_I32:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[C_2_I32:.*]] = arith.constant -2 : i32
// CHECK-NEXT:    %[[C0_I32:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[V0:.*]] = arith.subi %[[C0_I32]], %arg1 overflow<nsw> : i32
// CHECK-NEXT:    %[[V1:.*]] = arith.addi %arg0, %[[C_2_I32]] : i32
// CHECK-NEXT:    %[[V2:.*]] = arith.subi %[[C2_I32]], %arg0 : i32
// CHECK-NEXT:    return %[[V0]], %[[V1]], %[[V2]] : i32, i32, i32
// CHECK-NEXT:  }
func.func @sub_chains(%x: i32, %y: i32) -> (i32, i32, i32) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %a = arith.subi %x, %y overflow<nsw, nuw> : i32
  %0 = arith.subi %a, %x overflow<nsw> : i32
  %b = arith.addi %x, %c3 overflow<nsw> : i32
  %1 = arith.subi %b, %c5 overflow<nsw> : i32
  %c = arith.subi %c5, %x : i32
  %2 = arith.subi %c, %c3 : i32
  return %0, %1, %2 : i32, i32, i32
}

// -----

// RedundantSelectTrue/False, and SelectNotCond on either operand order of the xori.
// CHECK-LABEL: func.func @selects(
// CHECK-NEXT:    %[[V0:.*]] = arith.select %arg0, %arg1, %arg3 : i32
// CHECK-NEXT:    %[[V1:.*]] = arith.select %arg0, %arg3, %arg2 : i32
// CHECK-NEXT:    %[[V2:.*]] = arith.select %arg0, %arg2, %arg1 : i32
// CHECK-NEXT:    %[[V3:.*]] = arith.select %arg0, %arg3, %arg1 : i32
// CHECK-NEXT:    return %[[V0]], %[[V1]], %[[V2]], %[[V3]] : i32, i32, i32, i32
// CHECK-NEXT:  }
func.func @selects(%c: i1, %a: i32, %b: i32, %d: i32) -> (i32, i32, i32, i32) {
  %t = arith.constant true
  %s = arith.select %c, %a, %b : i32
  %0 = arith.select %c, %s, %d : i32
  %1 = arith.select %c, %d, %s : i32
  %n = arith.xori %c, %t : i1
  %2 = arith.select %n, %a, %b : i32
  %n2 = arith.xori %t, %c : i1
  %3 = arith.select %n2, %a, %d : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// -----

// SelectI1ToNot, SelectToExtUI (scalars wider than i1 only) and the i1 fold.
// CHECK-LABEL: func.func @select_constants(
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<0> : vector<2xi32>
// CHECK-NEXT:    %[[CST_0:.*]] = arith.constant dense<1> : vector<2xi32>
// CHECK-NEXT:    %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:    %[[V0:.*]] = arith.xori %arg0, %[[TRUE]] : i1
// CHECK-NEXT:    %[[V1:.*]] = arith.extui %arg0 : i1 to i64
// CHECK-NEXT:    %[[V2:.*]] = arith.xori %arg0, %[[TRUE]] : i1
// CHECK-NEXT:    %[[V3:.*]] = arith.extui %[[V2]] : i1 to i64
// CHECK-NEXT:    %[[V4:.*]] = arith.select %arg1, %[[CST_0]], %[[CST]] : vector<2xi1>, vector<2xi32>
// CHECK-NEXT:    return %[[V0]], %[[V1]], %[[V3]], %arg0, %[[V4]] : i1, i64, i64, i1, vector<2xi32>
// CHECK-NEXT:  }
func.func @select_constants(%c: i1, %v: vector<2xi1>) -> (i1, i64, i64, i1, vector<2xi32>) {
  %t = arith.constant true
  %f = arith.constant false
  %one = arith.constant 1 : i64
  %zero = arith.constant 0 : i64
  %0 = arith.select %c, %f, %t : i1
  %1 = arith.select %c, %one, %zero : i64
  %2 = arith.select %c, %zero, %one : i64
  %3 = arith.select %c, %t, %f : i1
  %vone = arith.constant dense<1> : vector<2xi32>
  %vzero = arith.constant dense<0> : vector<2xi32>
  %4 = arith.select %v, %vone, %vzero : vector<2xi1>, vector<2xi32>
  return %0, %1, %2, %3, %4 : i1, i64, i64, i1, vector<2xi32>
}

// -----

// AndOfExtUI/ExtSI, OrOfExtUI/ExtSI, XOrIOfExtUI/ExtSI: the op moves before the
// extension when both sources have one type.
// CHECK-LABEL: func.func @bit_ops_of_extensions(
// CHECK-NEXT:    %[[V0:.*]] = arith.extui %arg0 : i8 to i32
// CHECK-NEXT:    %[[V1:.*]] = arith.extui %arg2 : i16 to i32
// CHECK-NEXT:    %[[V2:.*]] = arith.andi %arg0, %arg1 : i8
// CHECK-NEXT:    %[[V3:.*]] = arith.extui %[[V2]] : i8 to i32
// CHECK-NEXT:    %[[V4:.*]] = arith.andi %arg0, %arg1 : i8
// CHECK-NEXT:    %[[V5:.*]] = arith.extsi %[[V4]] : i8 to i32
// CHECK-NEXT:    %[[V6:.*]] = arith.ori %arg0, %arg1 : i8
// CHECK-NEXT:    %[[V7:.*]] = arith.extui %[[V6]] : i8 to i32
// CHECK-NEXT:    %[[V8:.*]] = arith.ori %arg0, %arg1 : i8
// CHECK-NEXT:    %[[V9:.*]] = arith.extsi %[[V8]] : i8 to i32
// CHECK-NEXT:    %[[V10:.*]] = arith.xori %arg0, %arg1 : i8
// CHECK-NEXT:    %[[V11:.*]] = arith.extui %[[V10]] : i8 to i32
// CHECK-NEXT:    %[[V12:.*]] = arith.xori %arg0, %arg1 : i8
// CHECK-NEXT:    %[[V13:.*]] = arith.extsi %[[V12]] : i8 to i32
// CHECK-NEXT:    %[[V14:.*]] = arith.andi %[[V0]], %[[V1]] : i32
// CHECK-NEXT:    return %[[V3]], %[[V5]], %[[V7]], %[[V9]], %[[V11]], %[[V13]], %[[V14]] : i32, i32, i32, i32, i32, i32, i32
// CHECK-NEXT:  }
func.func @bit_ops_of_extensions(%a: i8, %b: i8, %c: i16) -> (i32, i32, i32, i32, i32, i32, i32) {
  %ua = arith.extui %a : i8 to i32
  %ub = arith.extui %b : i8 to i32
  %sa = arith.extsi %a : i8 to i32
  %sb = arith.extsi %b : i8 to i32
  %uc = arith.extui %c : i16 to i32
  %0 = arith.andi %ua, %ub : i32
  %1 = arith.andi %sa, %sb : i32
  %2 = arith.ori %ua, %ub : i32
  %3 = arith.ori %sa, %sb : i32
  %4 = arith.xori %ua, %ub : i32
  %5 = arith.xori %sa, %sb : i32
  // Different source types: unchanged.
  %6 = arith.andi %ua, %uc : i32
  return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i32, i32, i32, i32, i32
}

// -----

// CmpIExtSI/CmpIExtUI: equalities of two like extensions compare the sources.
// CHECK-LABEL: func.func @cmpi_of_extensions(
// CHECK-NEXT:    %[[V0:.*]] = arith.extsi %arg0 : i8 to i64
// CHECK-NEXT:    %[[V1:.*]] = arith.extsi %arg1 : i8 to i64
// CHECK-NEXT:    %[[V2:.*]] = arith.extui %arg1 : i8 to i64
// CHECK-NEXT:    %[[V3:.*]] = arith.cmpi eq, %arg0, %arg1 : i8
// CHECK-NEXT:    %[[V4:.*]] = arith.cmpi ne, %arg0, %arg1 : i8
// CHECK-NEXT:    %[[V5:.*]] = arith.cmpi slt, %[[V0]], %[[V1]] : i64
// CHECK-NEXT:    %[[V6:.*]] = arith.cmpi eq, %[[V0]], %[[V2]] : i64
// CHECK-NEXT:    return %[[V3]], %[[V4]], %[[V5]], %[[V6]] : i1, i1, i1, i1
// CHECK-NEXT:  }
func.func @cmpi_of_extensions(%a: i8, %b: i8) -> (i1, i1, i1, i1) {
  %sa = arith.extsi %a : i8 to i64
  %sb = arith.extsi %b : i8 to i64
  %ua = arith.extui %a : i8 to i64
  %ub = arith.extui %b : i8 to i64
  %0 = arith.cmpi eq, %sa, %sb : i64
  %1 = arith.cmpi ne, %ua, %ub : i64
  // Only equalities.
  %2 = arith.cmpi slt, %sa, %sb : i64
  // Mixed extensions.
  %3 = arith.cmpi eq, %sa, %ub : i64
  return %0, %1, %2, %3 : i1, i1, i1, i1
}

// -----

// XOrINotCmpI inverts the predicate.
// CHECK-LABEL: func.func @not_cmpi(
// CHECK-NEXT:    %[[V0:.*]] = arith.cmpi ne, %arg0, %arg1 : i32
// CHECK-NEXT:    %[[V1:.*]] = arith.cmpi sge, %arg0, %arg1 : i32
// CHECK-NEXT:    %[[V2:.*]] = arith.cmpi ugt, %arg0, %arg1 : i32
// CHECK-NEXT:    %[[V3:.*]] = arith.cmpi ule, %arg0, %arg1 : i32
// CHECK-NEXT:    %[[V4:.*]] = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT:    return %[[V0]], %[[V1]], %[[V2]], %[[V3]], %[[V4]] : i1, i1, i1, i1, i1
// CHECK-NEXT:  }
func.func @not_cmpi(%x: i32, %y: i32) -> (i1, i1, i1, i1, i1) {
  %t = arith.constant true
  %0 = arith.cmpi eq, %x, %y : i32
  %n0 = arith.xori %0, %t : i1
  %1 = arith.cmpi slt, %x, %y : i32
  %n1 = arith.xori %1, %t : i1
  %2 = arith.cmpi ule, %x, %y : i32
  %n2 = arith.xori %2, %t : i1
  %3 = arith.cmpi ugt, %x, %y : i32
  %n3 = arith.xori %3, %t : i1
  %4 = arith.cmpi sge, %x, %y : i32
  %n4 = arith.xori %4, %t : i1
  return %n0, %n1, %n2, %n3, %n4 : i1, i1, i1, i1, i1
}

// -----

// ExtSIOfExtUI, IndexCastOfExtSI, IndexCastUIOfExtUI, IndexCastOfIndexCast (also
// through a narrower type, as MLIR 22), BitcastOfBitcast and the identity cast fold.
// CHECK-LABEL: func.func @cast_chains(
// CHECK-NEXT:    %[[V0:.*]] = arith.extui %arg0 : i8 to i64
// CHECK-NEXT:    %[[V1:.*]] = arith.index_cast %arg0 : i8 to index
// CHECK-NEXT:    %[[V2:.*]] = arith.index_castui %arg0 : i8 to index
// CHECK-NEXT:    %[[V3:.*]] = arith.bitcast %arg1 : i32 to f32
// CHECK-NEXT:    return %[[V0]], %[[V1]], %[[V2]], %arg1, %arg2, %[[V3]], %arg1 : i64, index, index, i32, index, f32, i32
// CHECK-NEXT:  }
func.func @cast_chains(%a: i8, %x: i32, %i: index) -> (i64, index, index, i32, index, f32, i32) {
  %u = arith.extui %a : i8 to i16
  %0 = arith.extsi %u : i16 to i64
  %s = arith.extsi %a : i8 to i32
  %1 = arith.index_cast %s : i32 to index
  %z = arith.extui %a : i8 to i32
  %2 = arith.index_castui %z : i32 to index
  %c = arith.index_cast %x : i32 to index
  %3 = arith.index_cast %c : index to i32
  %d = arith.index_castui %i : index to i32
  %4 = arith.index_castui %d : i32 to index
  %f = arith.bitcast %x : i32 to f32
  %g = arith.bitcast %f : f32 to i32
  %5 = arith.bitcast %g : i32 to f32
  %6 = arith.bitcast %f : f32 to i32
  return %0, %1, %2, %3, %4, %5, %6 : i64, index, index, i32, index, f32, i32
}

// -----

// TruncIExtSIToExtSI/ExtUIToExtUI, TruncIShrSIToTrunciShrUI (keeping the flags), the
// value and in-place folds of trunci.
// CHECK-LABEL: func.func @truncations(
// CHECK-NEXT:    %[[C16_I32:.*]] = arith.constant 16 : i32
// CHECK-NEXT:    %[[C8_I32:.*]] = arith.constant 8 : i32
// CHECK-NEXT:    %[[V0:.*]] = arith.extsi %arg0 : i8 to i16
// CHECK-NEXT:    %[[V1:.*]] = arith.extui %arg0 : i8 to i16
// CHECK-NEXT:    %[[V2:.*]] = arith.shrui %arg1, %[[C16_I32]] : i32
// CHECK-NEXT:    %[[V3:.*]] = arith.trunci %[[V2]] overflow<nsw> : i32 to i16
// CHECK-NEXT:    %[[V4:.*]] = arith.shrsi %arg1, %[[C8_I32]] : i32
// CHECK-NEXT:    %[[V5:.*]] = arith.trunci %[[V4]] : i32 to i16
// CHECK-NEXT:    %[[V6:.*]] = arith.trunci %arg1 : i32 to i16
// CHECK-NEXT:    %[[V7:.*]] = arith.trunci %arg2 : i64 to i16
// CHECK-NEXT:    return %[[V0]], %[[V1]], %[[V3]], %[[V5]], %arg0, %[[V6]], %[[V7]] : i16, i16, i16, i16, i8, i16, i16
// CHECK-NEXT:  }
func.func @truncations(%a: i8, %x: i32, %y: i64) -> (i16, i16, i16, i16, i8, i16, i16) {
  %s = arith.extsi %a : i8 to i32
  %0 = arith.trunci %s : i32 to i16
  %u = arith.extui %a : i8 to i32
  %1 = arith.trunci %u overflow<nuw> : i32 to i16
  %c16 = arith.constant 16 : i32
  %sh = arith.shrsi %x, %c16 : i32
  %2 = arith.trunci %sh overflow<nsw> : i32 to i16
  // A shift by another amount stays signed.
  %c8 = arith.constant 8 : i32
  %sh8 = arith.shrsi %x, %c8 : i32
  %3 = arith.trunci %sh8 : i32 to i16
  // Back to the source type: the source.
  %4 = arith.trunci %s : i32 to i8
  // Wider source: truncate it directly (in place).
  %e = arith.extsi %x : i32 to i64
  %5 = arith.trunci %e : i64 to i16
  %t = arith.trunci %y : i64 to i32
  %6 = arith.trunci %t : i32 to i16
  return %0, %1, %2, %3, %4, %5, %6 : i16, i16, i16, i16, i8, i16, i16
}

// -----

// TruncFSIToFPToSIToFP/UIToFP (default rounding only), MulFOfNegF/DivFOfNegF (the
// root's fast-math flags), and the in-place fold of truncf(extf).
// CHECK-LABEL: func.func @float_casts(
// CHECK-NEXT:    %[[V0:.*]] = arith.sitofp %arg0 : i32 to f16
// CHECK-NEXT:    %[[V1:.*]] = arith.uitofp %arg0 : i32 to f32
// CHECK-NEXT:    %[[V2:.*]] = arith.uitofp %arg0 : i32 to f16
// CHECK-NEXT:    %[[V3:.*]] = arith.truncf %[[V1]] downward : f32 to f16
// CHECK-NEXT:    %[[V4:.*]] = arith.mulf %arg1, %arg2 fastmath<nnan> : f32
// CHECK-NEXT:    %[[V5:.*]] = arith.divf %arg1, %arg2 : f32
// CHECK-NEXT:    %[[V6:.*]] = arith.truncf %arg3 : f32 to f16
// CHECK-NEXT:    return %[[V0]], %[[V2]], %[[V3]], %[[V4]], %[[V5]], %[[V6]] : f16, f16, f16, f32, f32, f16
// CHECK-NEXT:  }
func.func @float_casts(%x: i32, %f: f32, %g: f32, %h: f32) -> (f16, f16, f16, f32, f32, f16) {
  %a = arith.sitofp %x : i32 to f32
  %0 = arith.truncf %a : f32 to f16
  %b = arith.uitofp %x : i32 to f32
  %1 = arith.truncf %b : f32 to f16
  // A rounding mode keeps the truncation.
  %2 = arith.truncf %b downward : f32 to f16
  %nf = arith.negf %f : f32
  %ng = arith.negf %g : f32
  %3 = arith.mulf %nf, %ng fastmath<nnan> : f32
  %4 = arith.divf %nf, %ng : f32
  %e = arith.extf %h : f32 to f64
  %5 = arith.truncf %e : f64 to f16
  return %0, %1, %2, %3, %4, %5 : f16, f16, f16, f32, f32, f16
}

// -----

// AddUIExtendedToAddI, MulSIExtendedToMulI, MulUIExtendedToMulI (second result
// unused) and MulSIExtendedRHSOne (scalar and vector).
// CHECK-LABEL: func.func @extended_ops(
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<0> : vector<2xi16>
// CHECK-NEXT:    %[[C0_I32:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[V0:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    %[[V1:.*]] = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT:    %[[V2:.*]] = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT:    %[[V3:.*]] = arith.cmpi slt, %arg0, %[[C0_I32]] : i32
// CHECK-NEXT:    %[[V4:.*]] = arith.extsi %[[V3]] : i1 to i32
// CHECK-NEXT:    %[[SUM:.*]], %[[OVERFLOW:.*]] = arith.addui_extended %arg1, %arg0 : i32, i1
// CHECK-NEXT:    %[[V5:.*]] = arith.cmpi slt, %arg2, %[[CST]] : vector<2xi16>
// CHECK-NEXT:    %[[V6:.*]] = arith.extsi %[[V5]] : vector<2xi1> to vector<2xi16>
// CHECK-NEXT:    return %[[V0]], %[[V1]], %[[V2]], %[[V4]], %[[SUM]], %[[OVERFLOW]], %arg2, %[[V6]] : i32, i32, i32, i32, i32, i1, vector<2xi16>, vector<2xi16>
// CHECK-NEXT:  }
func.func @extended_ops(%x: i32, %y: i32, %v: vector<2xi16>) -> (i32, i32, i32, i32, i32, i1, vector<2xi16>, vector<2xi16>) {
  %s, %o = arith.addui_extended %x, %y : i32, i1
  %l, %h = arith.mulsi_extended %x, %y : i32
  %l2, %h2 = arith.mului_extended %x, %y : i32
  %c1 = arith.constant 1 : i32
  %l3, %h3 = arith.mulsi_extended %x, %c1 : i32
  %s4, %o4 = arith.addui_extended %y, %x : i32, i1
  %v1 = arith.constant dense<1> : vector<2xi16>
  %l5, %h5 = arith.mulsi_extended %v, %v1 : vector<2xi16>
  return %s, %l, %l2, %h3, %s4, %o4, %l5, %h5 : i32, i32, i32, i32, i32, i1, vector<2xi16>, vector<2xi16>
}

// -----

// CmpFIntToFPConst: integer comparisons, constants where the float constant is out
// of range or fractional, ord/uno; kept where the conversion may round.
// CHECK-LABEL: func.func @cmpf_of_int(
// CHECK-NEXT:    %[[C4_I32:.*]] = arith.constant 4 : i32
// CHECK-NEXT:    %[[C3_I16:.*]] = arith.constant 3 : i16
// CHECK-NEXT:    %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:    %[[FALSE:.*]] = arith.constant false
// CHECK-NEXT:    %[[C_4_I8:.*]] = arith.constant -4 : i8
// CHECK-NEXT:    %[[CST:.*]] = arith.constant 0x4B800000 : f32
// CHECK-NEXT:    %[[C4_I8:.*]] = arith.constant 4 : i8
// CHECK-NEXT:    %[[V0:.*]] = arith.cmpi sle, %arg0, %[[C4_I8]] : i8
// CHECK-NEXT:    %[[V1:.*]] = arith.cmpi sge, %arg0, %[[C_4_I8]] : i8
// CHECK-NEXT:    %[[V2:.*]] = arith.cmpi sge, %arg0, %[[C4_I8]] : i8
// CHECK-NEXT:    %[[V3:.*]] = arith.cmpi sle, %arg2, %[[C3_I16]] : i16
// CHECK-NEXT:    %[[V4:.*]] = arith.sitofp %arg3 : i64 to f32
// CHECK-NEXT:    %[[V5:.*]] = arith.cmpf olt, %[[V4]], %[[CST]] : f32
// CHECK-NEXT:    %[[V6:.*]] = arith.cmpi sle, %arg1, %[[C4_I32]] : i32
// CHECK-NEXT:    return %[[V0]], %[[V1]], %[[FALSE]], %[[TRUE]], %[[V2]], %[[FALSE]], %[[FALSE]], %[[TRUE]], %[[FALSE]], %[[V3]], %[[V5]], %[[V6]] : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
// CHECK-NEXT:  }
func.func @cmpf_of_int(%a: i8, %b: i32, %c: i16, %d: i64, %e: i8) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %f = arith.sitofp %a : i8 to f32
  %u = arith.uitofp %e : i8 to f32
  %k = arith.constant 4.5 : f32
  %nk = arith.constant -4.5 : f32
  %four = arith.constant 4.0 : f32
  %big = arith.constant 1000.0 : f32
  %0 = arith.cmpf olt, %f, %k : f32
  %1 = arith.cmpf ugt, %f, %nk : f32
  %2 = arith.cmpf oeq, %f, %k : f32
  %3 = arith.cmpf une, %f, %k : f32
  %4 = arith.cmpf oge, %f, %four : f32
  %5 = arith.cmpf ogt, %f, %big : f32
  %6 = arith.cmpf ult, %u, %nk : f32
  %7 = arith.cmpf ord, %u, %four : f32
  %8 = arith.cmpf uno, %f, %four : f32
  %h = arith.sitofp %c : i16 to f16
  %hk = arith.constant 3.0 : f16
  %9 = arith.cmpf ole, %h, %hk : f16
  // i64 to f32 may round, and the constant is within the rounded range: kept.
  %g = arith.sitofp %d : i64 to f32
  %gk = arith.constant 16777216.0 : f32
  %10 = arith.cmpf olt, %g, %gk : f32
  %w = arith.sitofp %b : i32 to f32
  %11 = arith.cmpf ule, %w, %four : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}
