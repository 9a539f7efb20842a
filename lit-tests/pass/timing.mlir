// --mlir-timing: mlir-opt's execution time report on stderr, after everything else. The
// timers nest as the pipeline runs (adjacent nested managers merged, a collection of
// managers on different ops shown as one), and a function pipeline is one timer however
// many functions went through it. Work on several threads adds a User Time column. Times
// differ from run to run, so the structure is checked; mlir-opt's own report, less its
// analysis timers ("(A) ..."; pto-opt has no analysis manager), passes the same checks.
// RUN: %pto-opt %s --pass-pipeline='builtin.module(func.func(cse),func.func(cse),builtin.module(cse),cse)' --mlir-timing --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --check-prefixes=CHECK,SERIAL
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(func.func(cse),func.func(cse),builtin.module(cse),cse)' --mlir-timing --mlir-disable-threading -o /dev/null 2>&1 | grep -v '(A) ' | FileCheck %s --strict-whitespace --check-prefixes=CHECK,SERIAL
// RUN: %pto-opt %s --pass-pipeline='builtin.module(func.func(cse),func.func(cse),builtin.module(cse),cse)' --mlir-timing -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --check-prefix=THREADS
// RUN: %pto-opt %s --pass-pipeline='builtin.module(func.func(cse),builtin.module(cse))' --mlir-timing --mlir-timing-display=list -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --check-prefix=LIST
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(func.func(cse),builtin.module(cse))' --mlir-timing --mlir-timing-display=list -o /dev/null 2>&1 | grep -v '(A) ' | FileCheck %s --strict-whitespace --check-prefix=LIST
// RUN: %pto-opt %s --mlir-timing -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --check-prefix=NOPASS
// RUN: %mlir-opt %s --mlir-timing -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --check-prefix=NOPASS
// RUN: not %pto-opt %s --test-pass-failure --mlir-timing 2>&1 | FileCheck %s --strict-whitespace --check-prefix=FAILED
// RUN: not %pto-opt %s --mlir-timing-display=flat 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK:      {{^}}===-------------------------------------------------------------------------===
// CHECK-NEXT: {{^}}                         ... Execution time report ...
// CHECK-NEXT: {{^}}===-------------------------------------------------------------------------===
// CHECK-NEXT: {{^}}  Total Execution Time: {{[0-9]+\.[0-9]+}} seconds
// CHECK-EMPTY:
// SERIAL-NEXT: {{^}}  ----Wall Time----  ----Name----
// SERIAL-NEXT: {{^ +[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)  }}Parser
// SERIAL-NEXT: {{^ +[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)  }}Pipeline Collection : ['builtin.module', 'func.func']
// SERIAL-NEXT: {{^ +[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)  }}  'func.func' Pipeline
// SERIAL-NEXT: {{^ +[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)  }}    CSE
// SERIAL-NEXT: {{^ +[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)  }}    CSE
// SERIAL-NEXT: {{^ +[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)  }}  'builtin.module' Pipeline
// SERIAL-NEXT: {{^ +[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)  }}    CSE
// SERIAL-NEXT: {{^ +[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)  }}CSE
// SERIAL-NEXT: {{^ +[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)  }}Output
// SERIAL-NEXT: {{^ +[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)  }}Rest
// SERIAL-NEXT: {{^ +[0-9]+\.[0-9]+ \(100\.0%\)  }}Total
// SERIAL-NOT:  {{.}}

// With threads, the functions run in parallel (their pipelines in any order), and the
// time spent on the threads shows in a User Time column (unless there is one core).
// THREADS:      {{^}}  {{(----User Time----  )?}}----Wall Time----  ----Name----
// THREADS-NEXT: {{^( +[0-9.]+ \( *[0-9.]+%\)){1,2}  }}Parser
// THREADS-NEXT: {{^( +[0-9.]+ \( *[0-9.]+%\)){1,2}  }}Pipeline Collection : ['builtin.module', 'func.func']
// THREADS-DAG:  {{^( +[0-9.]+ \( *[0-9.]+%\)){1,2}  }}  'func.func' Pipeline
// THREADS-DAG:  {{^( +[0-9.]+ \( *[0-9.]+%\)){1,2}  }}  'builtin.module' Pipeline
// THREADS:      {{^( +[0-9.]+ \( *[0-9.]+%\)){1,2}  }}CSE
// THREADS-NEXT: {{^( +[0-9.]+ \( *[0-9.]+%\)){1,2}  }}Output
// THREADS-NEXT: {{^( +[0-9.]+ \( *[0-9.]+%\)){1,2}  }}Rest
// THREADS-NEXT: {{^( +[0-9.]+ \(100\.0%\)){1,2}  }}Total

// Every timer once, by name (the hidden root and collection included), by decreasing time.
// LIST:      {{^}}  {{(----User Time----  )?}}----Wall Time----  ----Name----
// LIST-NEXT: {{^( +[0-9.]+ \( *[0-9.]+%\)){1,2}  }}root
// LIST-DAG:  {{^( +[0-9.]+ \( *[0-9.]+%\)){1,2}  }}Parser
// LIST-DAG:  {{^( +[0-9.]+ \( *[0-9.]+%\)){1,2}  }}Pipeline Collection : ['builtin.module', 'func.func']
// LIST-DAG:  {{^( +[0-9.]+ \( *[0-9.]+%\)){1,2}  }}'func.func' Pipeline
// LIST-DAG:  {{^( +[0-9.]+ \( *[0-9.]+%\)){1,2}  }}'builtin.module' Pipeline
// LIST-DAG:  {{^( +[0-9.]+ \( *[0-9.]+%\)){1,2}  }}CSE
// LIST-DAG:  {{^( +[0-9.]+ \( *[0-9.]+%\)){1,2}  }}Output
// LIST:      {{^( +[0-9.]+ \( *[0-9.]+%\)){1,2}  }}Rest
// LIST-NEXT: {{^( +[0-9.]+ \(100\.0%\)){1,2}  }}Total

// NOPASS:      {{^}}  ----Wall Time----  ----Name----
// NOPASS-NEXT: {{^ +[0-9.]+ \( *[0-9.]+%\)  }}Parser
// NOPASS-NEXT: {{^ +[0-9.]+ \( *[0-9.]+%\)  }}Output
// NOPASS-NEXT: {{^ +[0-9.]+ \( *[0-9.]+%\)  }}Rest
// NOPASS-NEXT: {{^ +[0-9.]+ \(100\.0%\)  }}Total

// The report comes even when a pass fails, after its error.
// FAILED:      error: illegal operation
// FAILED:      {{^}}                         ... Execution time report ...
// FAILED:      {{^ +[0-9.]+ \( *[0-9.]+%\)  }}Parser
// FAILED-NEXT: {{^ +[0-9.]+ \( *[0-9.]+%\)  }}{{\(anonymous namespace\)::TestFailurePass}}
// FAILED-NEXT: {{^ +[0-9.]+ \( *[0-9.]+%\)  }}Rest

// BAD: pto-opt: for the --mlir-timing-display option: Cannot find option named 'flat'!

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
func.func @g(%a: i32) -> i32 {
  return %a : i32
}
module @inner {
  func.func @h(%a: i32) -> i32 {
    return %a : i32
  }
}
