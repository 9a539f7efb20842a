//===- Passes.td - The wsp dialect's passes -----------------------------------===//

#ifndef WSP_PASSES
#define WSP_PASSES

include "mlir/Pass/PassBase.td"

def WspTypeCheck : Pass<"wsp-type-check", "builtin.module"> {
  let summary = "Check PTO-WSP modules by the rules of the seed and of upstream's type_check";
  let description = [{
    Upstream's structural checks (duplicate workload, schedule and channel names;
    calls of undefined workloads; schedules for undefined workloads; processes
    that consume or produce undefined channels; `parallel_for` in an NPU workload;
    `Dense` sizes <= 0; `pipeline_depth` < 1; `task_window` <= 0) and the seed's:
    a `select` ranges over a sparse axis, a task's arguments are indices of
    enclosing loops or parameters of its workload, a channel's element is a
    tensor, layouts of a tensor have its rank, round-robin dispatch has at
    least one worker. Every finding is reported (an error with notes); with
    `error-format=seed` each is written in the seed's `TypeError:` layout
    (category, location, description, Expected, Got, Hint).
  }];
  let options = [
    Option<"errorFormat", "error-format", "std::string", /*default=*/"\"mlir\"",
           "How findings are written: mlir (diagnostics with notes) or seed (the seed's TypeError layout)">
  ];
  let statistics = [
    Statistic<"numErrors", "errors", "The number of type errors found">
  ];
}

def WspInferTypes : Pass<"wsp-infer-types", "builtin.module"> {
  let summary = "Attach to each workload its type Workload[Axes, Task, Deps]";
  let description = [{
    By the seed's rules: P-GRID (`parallel_for`: the axis times the body's axes,
    independent), P-SEQ (`for_each`: sequential), P-SEL (`select`: independent),
    P-WHEN (`cond`: the union of both branches, conditional), COMBINE (combined)
    and SEQUENTIAL; a `pipeline` is pipeline; a `call` contributes the callee's
    type. The kernels are the tasks' kernels, in order of first appearance.
  }];
}

def WspCheckBackend : Pass<"wsp-check-backend", "builtin.module"> {
  let summary = "Check the seed's backend constraints (its L3 level) for a target";
  let description = [{
    For `target=npu` (Ascend, the seed's `AscendNPUConstraints`): tensor and channel
    data types among F16, BF16, F32 and I32; for both targets: ranks at most 8, and
    a tensor with static sizes placed in a local memory (`ub`: 192 KiB, `l1`: 512 KiB,
    the A3 capacities PTOAS plans by) fits it. Every finding is an error.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"cpu\"",
           "The backend: cpu or npu">
  ];
}

def ConvertWspToTasks : Pass<"convert-wsp-to-tasks", "builtin.module"> {
  let summary = "Turn each workload into a function that enumerates its tasks and calls its kernels";
  let description = [{
    Each workload of a `wsp.module` becomes a `func.func` of the same name (a
    `pto.entry`) taking the module's tensors (`wsp.tensor`, in order, as flat
    memrefs), then the run-time symbols its axes name, in order of first use
    (a `dense_dyn`, `ragged` or `sparse` size as an `index`, ragged lengths and
    CSR arrays as `memref<?xi32>`). Its body enumerates the tasks: a nest of
    `parallel_for`s over dense axes is one `scf.parallel` over their product (the
    runtime's threads take it after `outline-parallel-loops`), `for_each` is an
    `scf.for`, a `ragged` axis ranges over the sum of its lengths and a `sparse`
    axis over `indices[indptr[0] .. indptr[outer]]` (upstream's code generator's
    meaning; its Python enumerator yields nothing for both), `select` runs in order
    (two selections may name the same element), `combine` and `sequential` in
    order, `cond` on comparisons and connectives of run-time sizes and integers
    (`n > 2 && !prefill`), `call` calls the callee's
    function. A task calls the `func.func` named by its kernel with its resources'
    memrefs then its arguments as indices. The CSR and ragged arrays are checked once,
    at the function's entry (`cf.assert`). Kernels must be lowered already (run after the
    `pto` lowering); schedule directives have no meaning here and are each reported
    once as a warning.
  }];
}

#endif // WSP_PASSES
