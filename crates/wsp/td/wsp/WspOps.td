// The `wsp` dialect: PTO-WSP's workload-schedule programs (its v9 IR,
// github.com/uv-xiao/pto-wsp `include/pto/wsp/ir`, and the formal type system of
// its `docs/design/type-system.md`): iteration axes, workloads that enumerate
// kernel tasks over them, CSP pipelines, and the schedules that place the tasks.

#ifndef WSP_OPS
#define WSP_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"

def Wsp_Dialect : Dialect {
  let name = "wsp";
  let cppNamespace = "::pto::wsp";
  let summary = "PTO-WSP: workloads of kernel tasks over typed axes, CSP pipelines, schedules";
  let description = [{
    A `wsp.module` holds workloads, schedules and pipelines. A workload's body is a
    tree of statements: loops over axes (`parallel_for`, `for_each`, `select` over a
    sparse axis) whose index is a block argument, `cond`, `combine`, `sequential`,
    `call` of another workload, and at the leaves `task`s (kernel calls).
    Names that upstream's text gives loop variables and parameters are kept in the
    ops (`"b"`), so `pto-translate --export-wsp` writes the text back as it was.
  }];
}

//===-- Enums -----------------------------------------------------------------===//

def Wsp_Level : I32EnumAttr<"Level", "where a workload runs", [
    I32EnumAttrCase<"Cpu", 0, "cpu">, I32EnumAttrCase<"Npu", 1, "npu">,
    I32EnumAttrCase<"Any", 2, "any">]> {
  let cppNamespace = "::pto::wsp";
  let genSpecializedAttr = 0;
}
def Wsp_LevelAttr : EnumAttr<Wsp_Dialect, Wsp_Level, "level">;

def Wsp_Deps : I32EnumAttr<"Deps", "the dependency kind of a workload (the seed's DependencyType)", [
    I32EnumAttrCase<"Independent", 0, "independent">, I32EnumAttrCase<"Sequential", 1, "sequential">,
    I32EnumAttrCase<"Combined", 2, "combined">, I32EnumAttrCase<"Pipeline", 3, "pipeline">,
    I32EnumAttrCase<"Conditional", 4, "conditional">, I32EnumAttrCase<"None", 5, "none">]> {
  let cppNamespace = "::pto::wsp";
  let genSpecializedAttr = 0;
}

def Wsp_Dispatch : I32EnumAttr<"Dispatch", "how tasks are assigned to workers", [
    I32EnumAttrCase<"RoundRobin", 0, "round_robin">, I32EnumAttrCase<"Affinity", 1, "affinity">,
    I32EnumAttrCase<"Hash", 2, "hash">, I32EnumAttrCase<"WorkSteal", 3, "work_steal">,
    I32EnumAttrCase<"DispatchBy", 4, "dispatch_by">]> {
  let cppNamespace = "::pto::wsp";
  let genSpecializedAttr = 0;
}
def Wsp_DispatchAttr : EnumAttr<Wsp_Dialect, Wsp_Dispatch, "dispatch">;

def Wsp_Timing : I32EnumAttr<"Timing", "when tasks are issued", [
    I32EnumAttrCase<"Immediate", 0, "immediate">, I32EnumAttrCase<"Batched", 1, "batched">,
    I32EnumAttrCase<"Interleaved", 2, "interleaved">, I32EnumAttrCase<"RateLimit", 3, "rate_limit">]> {
  let cppNamespace = "::pto::wsp";
  let genSpecializedAttr = 0;
}
def Wsp_TimingAttr : EnumAttr<Wsp_Dialect, Wsp_Timing, "timing">;

def Wsp_WindowUnit : I32EnumAttr<"WindowUnit", "what a task window counts", [
    I32EnumAttrCase<"Tasks", 0, "tasks">, I32EnumAttrCase<"Bytes", 1, "bytes">,
    I32EnumAttrCase<"Entries", 2, "entries">]> {
  let cppNamespace = "::pto::wsp";
  let genSpecializedAttr = 0;
}
def Wsp_WindowUnitAttr : EnumAttr<Wsp_Dialect, Wsp_WindowUnit, "window_unit">;

def Wsp_WindowOverflow : I32EnumAttr<"WindowOverflow", "what a full task window does", [
    I32EnumAttrCase<"Stall", 0, "stall">, I32EnumAttrCase<"Abort", 1, "abort">,
    I32EnumAttrCase<"Benchmark", 2, "benchmark">]> {
  let cppNamespace = "::pto::wsp";
  let genSpecializedAttr = 0;
}
def Wsp_WindowOverflowAttr : EnumAttr<Wsp_Dialect, Wsp_WindowOverflow, "window_overflow">;

def Wsp_MemLocation : I32EnumAttr<"MemLocation", "where a tensor lives (the seed's Location)", [
    I32EnumAttrCase<"Global", 0, "global">, I32EnumAttrCase<"L2", 1, "l2">,
    I32EnumAttrCase<"UB", 2, "ub">, I32EnumAttrCase<"L1", 3, "l1">]> {
  let cppNamespace = "::pto::wsp";
  let genSpecializedAttr = 0;
}

//===-- Types -----------------------------------------------------------------===//

class Wsp_Type<string name, string typeMnemonic> : TypeDef<Wsp_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def Wsp_DenseType : Wsp_Type<"Dense", "dense"> {
  let summary = "Dense[N]: the axis 0, 1, ..., N-1, N known statically";
  let parameters = (ins "int64_t":$size);
  let assemblyFormat = "`<` $size `>`";
}

def Wsp_DenseDynType : Wsp_Type<"DenseDyn", "dense_dyn"> {
  let summary = "DenseDyn: 0, 1, ..., n-1 for a size n bound at run time (a named symbol)";
  let parameters = (ins StringRefParameter<"the size's symbol">:$size);
  let hasCustomAssemblyFormat = 1;
}

def Wsp_RaggedType : Wsp_Type<"Ragged", "ragged"> {
  let summary = "Ragged: for each of `outer` elements i, the axis 0 .. lengths[i]-1";
  let parameters = (ins StringRefParameter<"the outer size's symbol">:$outer,
                        StringRefParameter<"the lengths' symbol">:$lengths);
  let hasCustomAssemblyFormat = 1;
}

def Wsp_SparseType : Wsp_Type<"Sparse", "sparse"> {
  let summary = "Sparse: CSR selection, for each outer i the indices[indptr[i] .. indptr[i+1]]";
  let parameters = (ins StringRefParameter<"the outer size's symbol">:$outer,
                        StringRefParameter<"the row pointers' symbol">:$indptr,
                        StringRefParameter<"the column indices' symbol">:$indices);
  let hasCustomAssemblyFormat = 1;
}

def Wsp_Axis : Type<CPred<"::pto::wsp::isAxis($_self)">, "wsp axis">;
def Wsp_SparseAxis : Type<CPred<"::pto::wsp::isSparse($_self)">, "wsp sparse axis">;

def Wsp_TensorType : Wsp_Type<"Tensor", "tensor"> {
  let summary = "Tensor[D, S, L]: a data type, a shape (sizes or symbols), a location and a layout";
  let description = [{
    `!wsp.tensor<[B, 8, 128, 64], f16, global, #wsp.layout<[S(0), R, R, R]>>`; the
    location defaults to `global` and the layout to all-replicated.
  }];
  let parameters = (ins "Attribute":$shape, "Type":$dtype,
                        EnumParameter<Wsp_MemLocation>:$location,
                        OptionalParameter<"Attribute">:$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Wsp_Tensor : Type<CPred<"::pto::wsp::isTensor($_self)">, "wsp tensor">;

def Wsp_WorkloadType : Wsp_Type<"Workload", "workload"> {
  let summary = "Workload[Axes, Task, Deps]: the axis product, the kernels it calls, its dependency kind";
  let description = [{
    `!wsp.workload<[!wsp.dense_dyn<batch>, !wsp.dense<8>], [@attn], independent>`,
    as `wsp-infer-types` computes it by the seed's rules (P-GRID, P-SEQ, P-SEL,
    P-WHEN, COMBINE, SEQUENTIAL).
  }];
  let parameters = (ins ArrayRefParameter<"Type">:$axes, "Attribute":$tasks,
                        EnumParameter<Wsp_Deps>:$deps);
  let hasCustomAssemblyFormat = 1;
}

//===-- Attributes ------------------------------------------------------------===//

def Wsp_LayoutAttr : AttrDef<Wsp_Dialect, "Layout"> {
  let mnemonic = "layout";
  let summary = "A layout: distribution per dimension and an optional memory layout";
  let description = [{
    `#wsp.layout<[S(0), R]>`: dimension 0 sharded along mesh axis 0, dimension 1
    replicated. A memory layout may follow:
    `#wsp.layout<[R, R], strides [64, 1], order [1, 0], swizzle [3, 4, 3]>`.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$dist,
                        ArrayRefParameter<"int64_t">:$strides,
                        ArrayRefParameter<"int64_t">:$order,
                        ArrayRefParameter<"int64_t">:$swizzle);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===-- Module, workloads, statements -----------------------------------------===//

class Wsp_Op<string mnemonic, list<Trait> traits = []> : Op<Wsp_Dialect, mnemonic, traits>;

// A statement region: one block, no terminator.
class Wsp_Stmt<string mnemonic, list<Trait> traits = []>
    : Wsp_Op<mnemonic, !listconcat(traits, [NoTerminator])>;

def Wsp_ModuleOp : Wsp_Op<"module", [SymbolTable, IsolatedFromAbove, NoTerminator,
                                      SingleBlock]> {
  let summary = "A PTO-WSP module: its header and its workloads, schedules and pipelines";
  let description = [{
    `wsp.module "attn" version "9.0" targets ["cpu_sim"] { ... }` (upstream's
    `module "attn" version "9.0" target "cpu_sim"`).
  }];
  let arguments = (ins StrAttr:$name, StrAttr:$version, StrArrayAttr:$targets);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$name `version` $version `targets` $targets attr-dict-with-keyword $body";
  let hasVerifier = 1;
}

def Wsp_WorkloadOp : Wsp_Stmt<"workload", [Symbol, IsolatedFromAbove, SingleBlock,
                                            HasParent<"wsp.module">]> {
  let summary = "A workload: parameters (axes) and a body of statements";
  let description = [{
    `wsp.workload @attention(%arg0 "batch": !wsp.dense_dyn<batch>) level cpu { ... }`
    (upstream's `@workload attention(%batch: dense_dyn(batch)) { ... }`;
    `@workload[npu]` is level `npu`). `wsp-infer-types` adds its `type`.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, Wsp_LevelAttr:$level,
                       StrArrayAttr:$param_names, OptionalAttr<TypeAttr>:$type);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Wsp_TensorOp : Wsp_Op<"tensor", [Symbol, HasParent<"wsp.module">]> {
  let summary = "A tensor of the program (upstream's Module.tensors), by name";
  let description = [{
    `wsp.tensor @Q : !wsp.tensor<[4, 8, 64, 64], f32>`: tasks name it among their
    resources; `convert-wsp-to-tasks` makes it a parameter of each workload's
    function, in declaration order.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttr:$type);
  let assemblyFormat = "$sym_name `:` $type attr-dict";
  let hasVerifier = 1;
}

// A loop: one block whose argument is the index.
class Wsp_Loop<string mnemonic, string what> : Wsp_Stmt<mnemonic, [SingleBlock]> {
  let arguments = (ins StrAttr:$var, TypeAttr:$axis);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Wsp_ParallelForOp : Wsp_Loop<"parallel_for", "parallel"> {
  let summary = "Runs its body for every index of an axis, all independent (P-GRID)";
  let description = [{
    `wsp.parallel_for %arg1 "b" in !wsp.dense_dyn<batch> { ... }`: `%arg1` is the
    index (upstream's loop variable `b`).
  }];
}

def Wsp_ForEachOp : Wsp_Loop<"for_each", "sequential"> {
  let summary = "Runs its body for every index of an axis, each after the previous one (P-SEQ)";
}

def Wsp_SelectOp : Wsp_Loop<"select", "sparse"> {
  let summary = "Runs its body for every index a sparse axis selects (P-SEL)";
  let description = [{
    `wsp.select %e "e" in !wsp.sparse<tokens, indptr, experts> { ... }` visits every
    selected index (`indices[indptr[0] .. indptr[tokens]]`, as upstream's code
    generator does); with a row, `... row %t { ... }` (text:
    `select e in sparse(tokens, indptr, experts)[t]`, upstream's
    `P.sel(routing[t])`), those of row `t` only: the seed's `selected(t)`.
  }];
  let arguments = (ins StrAttr:$var, TypeAttr:$axis, Optional<Index>:$row);
}

def Wsp_TaskOp : Wsp_Op<"task"> {
  let summary = "A task: a call of a kernel with its axis arguments and the tensors it uses";
  let description = [{
    `wsp.task @attn_kernel(%b, %h) resources [@Q, @K, @V, @O]`. Arguments that are
    not indices have their types after a colon.
  }];
  let arguments = (ins FlatSymbolRefAttr:$kernel, Variadic<AnyType>:$params,
                       FlatSymbolRefArrayAttr:$resources);
  let hasCustomAssemblyFormat = 1;
}

def Wsp_CallOp : Wsp_Op<"call"> {
  let summary = "Runs another workload of the module";
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$args);
  let hasCustomAssemblyFormat = 1;
}

def Wsp_CondOp : Wsp_Stmt<"cond", [SingleBlock]> {
  let summary = "Runs one of two bodies by a predicate (P-WHEN)";
  let description = [{
    `wsp.cond "is_decode" { ... } else { ... }`: the predicate as upstream writes it
    (a name, or the expression its printer writes).
  }];
  let arguments = (ins StrAttr:$predicate);
  let regions = (region SizedRegion<1>:$then_body, SizedRegion<1>:$else_body);
  let assemblyFormat = "$predicate $then_body `else` $else_body attr-dict";
}

def Wsp_CombineOp : Wsp_Stmt<"combine", [SingleBlock]> {
  let summary = "Its statements, in an order the schedule chooses (COMBINE)";
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict";
}

def Wsp_SequentialOp : Wsp_Stmt<"sequential", [SingleBlock]> {
  let summary = "Its statements, each after the previous one (SEQUENTIAL)";
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict";
}

def Wsp_SlotSetU64Op : Wsp_Op<"slot_set_u64"> {
  let summary = "Writes a runtime slot (upstream's `slot_set_u64(0, 42u)`)";
  let arguments = (ins I32Attr:$slot, I64Attr:$value);
  let assemblyFormat = "$slot `,` $value attr-dict";
}

def Wsp_SlotLoadU64Op : Wsp_Op<"slot_load_u64"> {
  let summary = "Loads a tensor element into a runtime slot";
  let description = [{
    `wsp.slot_load_u64 0, tensor 3, row 1, col 2` (upstream's
    `slot_load_u64(0, tensor_id=3, row=1, col=2)`).
  }];
  let arguments = (ins I32Attr:$slot, I64Attr:$tensor, I64Attr:$row, I64Attr:$col);
  let assemblyFormat = "$slot `,` `tensor` $tensor `,` `row` $row `,` `col` $col attr-dict";
}

//===-- CSP ---------------------------------------------------------------------===//

def Wsp_PipelineOp : Wsp_Stmt<"pipeline", [SingleBlock, SymbolTable]> {
  let summary = "A CSP pipeline: channels and the processes connected by them";
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict";
}

def Wsp_ChannelOp : Wsp_Op<"channel", [Symbol, HasParent<"wsp.pipeline">]> {
  let summary = "A bounded channel of tensors; depth 0 is an event (rendezvous)";
  let description = [{
    `wsp.channel @tiles depth 2 : !wsp.tensor<[32, 32], f32>` (upstream's
    `channel tiles : Channel[f32[32, 32]@global, 2]`).
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, I64Attr:$depth, TypeAttr:$element);
  let assemblyFormat = "$sym_name `depth` $depth `:` $element attr-dict";
  let hasVerifier = 1;
}

def Wsp_ProcessOp : Wsp_Stmt<"process", [Symbol, SingleBlock, HasParent<"wsp.pipeline">]> {
  let summary = "A CSP process: the channels it consumes and produces, and its body";
  let arguments = (ins SymbolNameAttr:$sym_name, FlatSymbolRefArrayAttr:$consumes,
                       FlatSymbolRefArrayAttr:$produces);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $sym_name `consumes` $consumes `produces` $produces attr-dict-with-keyword $body
  }];
}

def Wsp_SendOp : Wsp_Stmt<"send", [SingleBlock]> {
  let summary = "Sends what its body produces to a channel";
  let arguments = (ins FlatSymbolRefAttr:$channel);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$channel $body attr-dict";
}

def Wsp_ConsumeOp : Wsp_Stmt<"consume", [SingleBlock]> {
  let summary = "Runs its body for each value received from a channel";
  let description = [{
    `wsp.consume %arg2 "t" from @tiles { ... }` (upstream's
    `consume t from tiles { ... }`): `%arg2` is the received value's handle.
  }];
  let arguments = (ins StrAttr:$var, FlatSymbolRefAttr:$channel);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===-- Schedules ---------------------------------------------------------------===//

def Wsp_ScheduleOp : Wsp_Stmt<"schedule", [SingleBlock, HasParent<"wsp.module">]> {
  let summary = "A schedule: directives for how a workload's tasks are placed and issued";
  let description = [{
    `wsp.schedule @s for @w level cpu { wsp.dispatch round_robin(4) ... }`
    (upstream's `@schedule s for w { dispatch = round_robin(4) ... }`). Not a
    symbol: upstream keeps schedules apart from workloads, so a schedule may share
    its workload's name.
  }];
  let arguments = (ins SymbolNameAttr:$name, FlatSymbolRefAttr:$workload,
                       Wsp_LevelAttr:$level);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$name `for` $workload `level` $level attr-dict-with-keyword $body";
}

class Wsp_Directive<string mnemonic, list<Trait> traits = []>
    : Wsp_Op<mnemonic, !listconcat(traits, [HasParent<"wsp.schedule">])>;

def Wsp_DispatchOp : Wsp_Directive<"dispatch"> {
  let summary = "Which worker runs each task";
  let description = [{
    `wsp.dispatch round_robin(4)`, `affinity("b")`, `hash("h")`, `work_steal`,
    `dispatch_by("b % 2")`: the key is an expression over the task's axis
    variables, as upstream writes it.
  }];
  let arguments = (ins Wsp_DispatchAttr:$policy, DefaultValuedAttr<I64Attr, "0">:$workers,
                       DefaultValuedAttr<StrAttr, "\"\"">:$key);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Wsp_StreamsOp : Wsp_Directive<"streams"> {
  let summary = "How many concurrent streams, and the key choosing a task's stream";
  let arguments = (ins I64Attr:$count, OptionalAttr<StrAttr>:$by);
  let assemblyFormat = "$count (`by` $by^)? attr-dict";
}

def Wsp_TimingOp : Wsp_Directive<"timing"> {
  let summary = "When tasks are issued: immediate, batched(n), interleaved(n), rate_limit(n)";
  let arguments = (ins Wsp_TimingAttr:$policy, DefaultValuedAttr<I64Attr, "0">:$param);
  let hasCustomAssemblyFormat = 1;
}

def Wsp_SpatialMapOp : Wsp_Directive<"spatial_map"> {
  let summary = "The grid of cores the tasks are mapped onto";
  let arguments = (ins DenseI64ArrayAttr:$grid);
  let assemblyFormat = "$grid attr-dict";
}

def Wsp_LayoutOp : Wsp_Directive<"layout"> {
  let summary = "A tensor's distribution (upstream's `layout Q = (S(0), R)`)";
  let arguments = (ins FlatSymbolRefAttr:$tensor, Wsp_LayoutAttr:$layout);
  let assemblyFormat = "$tensor $layout attr-dict";
}

def Wsp_DispatchThresholdOp : Wsp_Directive<"dispatch_threshold"> {
  let summary = "Multi-level dispatch by thresholds";
  let arguments = (ins DenseI64ArrayAttr:$thresholds);
  let assemblyFormat = "$thresholds attr-dict";
}

def Wsp_PipelineDepthOp : Wsp_Directive<"pipeline_depth"> {
  let summary = "How many tasks may be in flight per stream";
  let arguments = (ins I64Attr:$depth);
  let assemblyFormat = "$depth attr-dict";
}

def Wsp_TaskWindowOp : Wsp_Directive<"task_window"> {
  let summary = "How much task metadata may be outstanding, and what happens when it is full";
  let arguments = (ins I64Attr:$size, Wsp_WindowUnitAttr:$unit, Wsp_WindowOverflowAttr:$overflow);
  let assemblyFormat = "$size $unit $overflow attr-dict";
}

def Wsp_BatchDepsOp : Wsp_Directive<"batch_deps"> {
  let summary = "Resolve dependencies in batches of this many tasks";
  let arguments = (ins I64Attr:$threshold, UnitAttr:$range_compress);
  let assemblyFormat = "$threshold (`range_compress` $range_compress^)? attr-dict";
}

#endif // WSP_OPS
