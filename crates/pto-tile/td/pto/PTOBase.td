// The `pto` dialect: its definition and its enumerations, as the PTOAS assembler and
// PyPTO's code generator write them. Enum attributes come in two textual forms: the
// pretty `#pto.address_space<vec>` (format `<$value>`) and `#pto<cmp lt>` (format
// `$value`), exactly as PTOAS prints each of them.

#ifndef PTO_BASE
#define PTO_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def PTO_Dialect : Dialect {
  let name = "pto";
  let cppNamespace = "::pto::pto";
  let summary = "Tile-level PTO kernels (the PTOAS textual form)";
  let description = [{
    Kernels over tiles in the local memories of an Ascend-style AI core: global
    tensors are reached through `!pto.ptr`, `!pto.tensor_view` and
    `!pto.partition_tensor_view`; local data lives in `!pto.tile_buf` values placed in
    an address space (`vec`, `mat`, `left`, `right`, `acc`, `bias`, `scaling`). Tile ops
    are in destination-passing style (`ins(...) outs(...)`) and run on hardware pipes,
    which `set_flag`/`wait_flag` pairs and barriers order.
  }];
}

// An I32 enum of this dialect.
class PTO_I32Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::pto::pto";
  let genSpecializedAttr = 0;
}

// `#pto.<mnemonic><case>`.
class PTO_PrettyEnumAttr<EnumAttrInfo info, string mnemonic>
    : EnumAttr<PTO_Dialect, info, mnemonic> {
  let assemblyFormat = "`<` $value `>`";
}

// `#pto<mnemonic case>`.
class PTO_BareEnumAttr<EnumAttrInfo info, string mnemonic>
    : EnumAttr<PTO_Dialect, info, mnemonic> {
  let assemblyFormat = "$value";
}

def PTO_AddressSpace : PTO_I32Enum<"AddressSpace", "local or global memory", [
    I32EnumAttrCase<"Zero", 0, "zero">, I32EnumAttrCase<"GM", 1, "gm">,
    I32EnumAttrCase<"MAT", 2, "mat">, I32EnumAttrCase<"LEFT", 3, "left">,
    I32EnumAttrCase<"RIGHT", 4, "right">, I32EnumAttrCase<"ACC", 5, "acc">,
    I32EnumAttrCase<"VEC", 6, "vec">, I32EnumAttrCase<"BIAS", 7, "bias">,
    I32EnumAttrCase<"SCALING", 8, "scaling">]>;
def PTO_AddressSpaceAttr : PTO_PrettyEnumAttr<PTO_AddressSpace, "address_space">;

def PTO_Pipe : PTO_I32Enum<"PIPE", "hardware pipe", [
    I32EnumAttrCase<"PIPE_S", 0>, I32EnumAttrCase<"PIPE_V", 1>,
    I32EnumAttrCase<"PIPE_M", 2>, I32EnumAttrCase<"PIPE_MTE1", 3>,
    I32EnumAttrCase<"PIPE_MTE2", 4>, I32EnumAttrCase<"PIPE_MTE3", 5>,
    I32EnumAttrCase<"PIPE_ALL", 6>, I32EnumAttrCase<"PIPE_MTE4", 7>,
    I32EnumAttrCase<"PIPE_MTE5", 8>, I32EnumAttrCase<"PIPE_V2", 9>,
    I32EnumAttrCase<"PIPE_FIX", 10>, I32EnumAttrCase<"VIRTUAL_PIPE_MTE2_L1A", 11>,
    I32EnumAttrCase<"VIRTUAL_PIPE_MTE2_L1B", 12>, I32EnumAttrCase<"PIPE_NUM", 13>,
    I32EnumAttrCase<"PIPE_UNASSIGNED", 99>]>;
def PTO_PipeAttr : PTO_PrettyEnumAttr<PTO_Pipe, "pipe">;

def PTO_Event : PTO_I32Enum<"EVENT", "synchronisation event id", [
    I32EnumAttrCase<"EVENT_ID0", 0>, I32EnumAttrCase<"EVENT_ID1", 1>,
    I32EnumAttrCase<"EVENT_ID2", 2>, I32EnumAttrCase<"EVENT_ID3", 3>,
    I32EnumAttrCase<"EVENT_ID4", 4>, I32EnumAttrCase<"EVENT_ID5", 5>,
    I32EnumAttrCase<"EVENT_ID6", 6>, I32EnumAttrCase<"EVENT_ID7", 7>]>;
def PTO_EventAttr : PTO_PrettyEnumAttr<PTO_Event, "event">;

def PTO_PipeEventType : PTO_I32Enum<"PipeEventType", "kind of a pipe event", [
    I32EnumAttrCase<"TLOAD", 0>, I32EnumAttrCase<"TSTORE_ACC", 1>,
    I32EnumAttrCase<"TSTORE_VEC", 2>, I32EnumAttrCase<"TMOV_M2L", 3>,
    I32EnumAttrCase<"TMOV_M2S", 4>, I32EnumAttrCase<"TMOV_M2B", 5>,
    I32EnumAttrCase<"TMOV_M2V", 6>, I32EnumAttrCase<"TMOV_V2M", 7>,
    I32EnumAttrCase<"TMATMUL", 8>, I32EnumAttrCase<"TVEC", 9>,
    I32EnumAttrCase<"TVECWAIT_EVENT", 10>]>;
def PTO_PipeEventTypeAttr : PTO_PrettyEnumAttr<PTO_PipeEventType, "pipe_event_type">;
// The legacy spelling of the same enum (its own C++ class).
def PTO_SyncOpTypeAttr : PTO_PrettyEnumAttr<PTO_PipeEventType, "sync_op_type"> {
  let cppClassName = "SyncOpTypeAttr";
}

def PTO_Layout : PTO_I32Enum<"Layout", "layout of a global tensor", [
    I32EnumAttrCase<"ND", 0, "nd">, I32EnumAttrCase<"DN", 1, "dn">,
    I32EnumAttrCase<"NZ", 2, "nz">]>;
def PTO_LayoutAttr : PTO_PrettyEnumAttr<PTO_Layout, "layout">;

def PTO_KernelKind : PTO_I32Enum<"KernelKind", "core type of a kernel", [
    I32EnumAttrCase<"Cube", 0, "cube">, I32EnumAttrCase<"Vector", 1, "vector">]>;
def PTO_KernelKindAttr : PTO_PrettyEnumAttr<PTO_KernelKind, "kernel_kind">;

def PTO_FuncCoreType : PTO_I32Enum<"FuncCoreType", "cores a function runs on", [
    I32EnumAttrCase<"AIC", 1>, I32EnumAttrCase<"AIV", 2>, I32EnumAttrCase<"MIX", 3>,
    I32EnumAttrCase<"AIC_OR_AIV", 4>]>;
def PTO_FuncCoreTypeAttr : PTO_PrettyEnumAttr<PTO_FuncCoreType, "func_core_type">;

def PTO_PadMode : PTO_I32Enum<"PadMode", "padding of a tload", [
    I32EnumAttrCase<"PadNull", 0>, I32EnumAttrCase<"PadFirstElem", 1>,
    I32EnumAttrCase<"PadValue", 2>]>;
def PTO_PadModeAttr : PTO_PrettyEnumAttr<PTO_PadMode, "padmode">;

def PTO_CmpMode : PTO_I32Enum<"CmpMode", "comparison", [
    I32EnumAttrCase<"EQ", 0, "eq">, I32EnumAttrCase<"NE", 1, "ne">,
    I32EnumAttrCase<"LT", 2, "lt">, I32EnumAttrCase<"LE", 3, "le">,
    I32EnumAttrCase<"GT", 4, "gt">, I32EnumAttrCase<"GE", 5, "ge">]>;
def PTO_CmpModeAttr : PTO_BareEnumAttr<PTO_CmpMode, "cmp">;

def PTO_RoundMode : PTO_I32Enum<"RoundMode", "rounding of a conversion", [
    I32EnumAttrCase<"NONE", 0>, I32EnumAttrCase<"RINT", 1>, I32EnumAttrCase<"ROUND", 2>,
    I32EnumAttrCase<"FLOOR", 3>, I32EnumAttrCase<"CEIL", 4>, I32EnumAttrCase<"TRUNC", 5>,
    I32EnumAttrCase<"ODD", 6>, I32EnumAttrCase<"CAST_RINT", 7>]>;
def PTO_RoundModeAttr : PTO_BareEnumAttr<PTO_RoundMode, "round_mode">;

def PTO_SaturationMode : PTO_I32Enum<"SaturationMode", "saturation of a conversion", [
    I32EnumAttrCase<"ON", 0>, I32EnumAttrCase<"OFF", 1>]>;
def PTO_SaturationModeAttr : PTO_BareEnumAttr<PTO_SaturationMode, "saturation_mode">;

def PTO_STPhase : PTO_I32Enum<"STPhase", "phase of a tstore", [
    I32EnumAttrCase<"Unspecified", 0, "unspecified">, I32EnumAttrCase<"Partial", 2, "partial">,
    I32EnumAttrCase<"Final", 3, "final">]>;
def PTO_STPhaseAttr : PTO_BareEnumAttr<PTO_STPhase, "st_phase">;

def PTO_AtomicType : PTO_I32Enum<"AtomicType", "atomic mode of a tstore", [
    I32EnumAttrCase<"AtomicNone", 0, "atomic_none">,
    I32EnumAttrCase<"AtomicAdd", 1, "atomic_add">]>;
def PTO_AtomicTypeAttr : PTO_BareEnumAttr<PTO_AtomicType, "atomic_type">;

def PTO_ReluPreMode : PTO_I32Enum<"ReluPreMode", "ReLU before a store or move", [
    I32EnumAttrCase<"NoRelu", 0, "no_relu">, I32EnumAttrCase<"NormalRelu", 1, "normal_relu">]>;
def PTO_ReluPreModeAttr : PTO_BareEnumAttr<PTO_ReluPreMode, "relu_pre_mode">;

def PTO_AccToVecMode : PTO_I32Enum<"AccToVecMode", "how an accumulator reaches the vector cores", [
    I32EnumAttrCase<"SingleModeVec0", 0, "single_mode_vec0">,
    I32EnumAttrCase<"SingleModeVec1", 1, "single_mode_vec1">,
    I32EnumAttrCase<"DualModeSplitM", 2, "dual_mode_split_m">,
    I32EnumAttrCase<"DualModeSplitN", 3, "dual_mode_split_n">]>;
def PTO_AccToVecModeAttr : PTO_PrettyEnumAttr<PTO_AccToVecMode, "acc_to_vec_mode">;

def PTO_MaskPattern : PTO_I32Enum<"MaskPattern", "selection pattern of a tgather", [
    I32EnumAttrCase<"P0101", 1>, I32EnumAttrCase<"P1010", 2>, I32EnumAttrCase<"P0001", 3>,
    I32EnumAttrCase<"P0010", 4>, I32EnumAttrCase<"P0100", 5>, I32EnumAttrCase<"P1000", 6>,
    I32EnumAttrCase<"P1111", 7>]>;
def PTO_MaskPatternAttr : PTO_PrettyEnumAttr<PTO_MaskPattern, "mask_pattern">;

def PTO_GatherOOB : PTO_I32Enum<"GatherOOB", "out-of-bounds gather indices", [
    I32EnumAttrCase<"Undefined", 0, "undefined">, I32EnumAttrCase<"Clamp", 1, "clamp">,
    I32EnumAttrCase<"Wrap", 2, "wrap">, I32EnumAttrCase<"Zero", 3, "zero">]>;
def PTO_GatherOOBAttr : PTO_BareEnumAttr<PTO_GatherOOB, "gather_oob">;

def PTO_ScatterAtomicOp : PTO_I32Enum<"ScatterAtomicOp", "combination of scattered values", [
    I32EnumAttrCase<"None", 0, "none">, I32EnumAttrCase<"Add", 1, "add">,
    I32EnumAttrCase<"Max", 2, "max">, I32EnumAttrCase<"Min", 3, "min">]>;
def PTO_ScatterAtomicOpAttr : PTO_BareEnumAttr<PTO_ScatterAtomicOp, "scatter_atomic_op">;

def PTO_ScatterOOB : PTO_I32Enum<"ScatterOOB", "out-of-bounds scatter indices", [
    I32EnumAttrCase<"Undefined", 0, "undefined">, I32EnumAttrCase<"Skip", 1, "skip">,
    I32EnumAttrCase<"Clamp", 2, "clamp">, I32EnumAttrCase<"Wrap", 3, "wrap">]>;
def PTO_ScatterOOBAttr : PTO_BareEnumAttr<PTO_ScatterOOB, "scatter_oob">;

def PTO_QuantType : PTO_I32Enum<"QuantType", "quantization", [
    I32EnumAttrCase<"INT8_SYM", 0>, I32EnumAttrCase<"INT8_ASYM", 1>]>;
def PTO_QuantTypeAttr : PTO_BareEnumAttr<PTO_QuantType, "quant_type">;

def PTO_BLayout : PTO_I32Enum<"BLayout", "base layout of a tile", [
    I32EnumAttrCase<"RowMajor", 0, "row_major">, I32EnumAttrCase<"ColMajor", 1, "col_major">]>;
def PTO_BLayoutAttr : PTO_PrettyEnumAttr<PTO_BLayout, "blayout">;

def PTO_SLayout : PTO_I32Enum<"SLayout", "layout inside the boxes of a tile", [
    I32EnumAttrCase<"NoneBox", 0, "none_box">, I32EnumAttrCase<"RowMajor", 1, "row_major">,
    I32EnumAttrCase<"ColMajor", 2, "col_major">]>;
def PTO_SLayoutAttr : PTO_PrettyEnumAttr<PTO_SLayout, "slayout">;

def PTO_PadValue : PTO_I32Enum<"PadValue", "value of a tile's padding", [
    I32EnumAttrCase<"Null", 0, "null">, I32EnumAttrCase<"Zero", 1, "zero">,
    I32EnumAttrCase<"Max", 2, "max">, I32EnumAttrCase<"Min", 3, "min">]>;
def PTO_PadValueAttr : PTO_PrettyEnumAttr<PTO_PadValue, "pad_value">;

def PTO_CompactMode : PTO_I32Enum<"CompactMode", "stride mode of a tile", [
    I32EnumAttrCase<"Null", 0, "null">, I32EnumAttrCase<"Normal", 1, "normal">,
    I32EnumAttrCase<"RowPlusOne", 2, "row_plus_one">]>;
def PTO_CompactModeAttr : PTO_PrettyEnumAttr<PTO_CompactMode, "compact_mode">;

// The configuration part of a tile buffer as an attribute (PTOAS's TileBufConfigAttr):
// what `pto.bind_tile` attaches to a lowered (memref) tile.
def PTO_TileBufConfigAttr : AttrDef<PTO_Dialect, "TileBufConfig"> {
  let mnemonic = "tile_buf_config";
  let summary = "The layout configuration of a tile buffer";
  let description = [{
    `#pto.tile_buf_config<blayout=#pto.blayout<row_major>,
    slayout=#pto.slayout<none_box>, s_fractal_size=512, pad=#pto.pad_value<null>,
    compact=#pto.compact_mode<null>>`: the base layout, the layout inside boxes, the
    box (fractal) size in bytes (16, 32, 512 or 1024, an i32), the value of the padding
    and the compact mode of a tile. Keys may be written in any order and left out
    (`#pto.tile_buf_config<>` is the default); a layout, pad or compact value may also
    be an integer (`blayout=1`). It prints with every key, in this order.
  }];
  let parameters = (ins "BLayoutAttr":$bLayout, "SLayoutAttr":$sLayout,
                        "mlir::IntegerAttr":$sFractalSize, "PadValueAttr":$pad,
                        "CompactModeAttr":$compactMode);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // PTO_BASE
