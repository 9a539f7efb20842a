// --export-wsp from the MLIR form: strings keep their characters through the text's
// escapes (found by fuzzing: a control character in a target), and a name the text
// cannot write bare is an error at its op.
// RUN: pto-translate --export-wsp %s --split-input-file --verify-diagnostics > %t.pto
// RUN: FileCheck %s < %t.pto
// RUN: pto-translate --import-wsp %t.pto | pto-translate --export-wsp | FileCheck %s

// CHECK: module "a\"b\\c\td" version "9.0" target "cpu{{.}}sim"
wsp.module "a\22b\\c\09d" version "9.0" targets ["cpu\11sim"] {
  wsp.workload @w() level cpu {
    wsp.task @k() resources []
  }
}

// -----

wsp.module "m" version "9.0" targets [] {
  wsp.workload @w() level cpu {
    // expected-error @+1 {{--export-wsp: 'a b' is not a name of .pto text ([A-Za-z_][A-Za-z0-9_]*)}}
    wsp.for_each %i "a b" in !wsp.dense<4> {
    }
  }
}

// -----

wsp.module "m" version "9.0" targets [] {
  wsp.workload @w() level cpu {
    // expected-error @+1 {{--export-wsp: 'n-1' is not a name of .pto text}}
    wsp.for_each %i "i" in !wsp.dense_dyn<"n-1"> {
    }
  }
}

// -----

// expected-error @+1 {{--export-wsp writes wsp.module ops; 'func.func' is not one}}
func.func @f() {
  return
}
