// Types of the `pto` dialect. Shapes are `ArrayRefParameter<"int64_t">` with
// `ShapedType::kDynamic` for `?`. A tile buffer keeps its whole configuration as
// parameters (placement, physical and valid shape, layouts, fractal size, padding and
// compact mode), so that every question about a tile is a parameter read.

#ifndef PTO_TYPES
#define PTO_TYPES

include "pto/PTOBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class PTO_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<PTO_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def PTO_PtrType : PTO_Type<"Ptr", "ptr"> {
  let summary = "A pointer into global memory";
  let description = [{
    `!pto.ptr<f32>`: the address of elements of the given type in global memory
    (kernel arguments). Offsets added by `pto.addptr` count elements.
  }];
  let parameters = (ins "Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
}

def PTO_TensorViewType : PTO_Type<"TensorView", "tensor_view"> {
  let summary = "A view of a tensor in global memory";
  let description = [{
    `!pto.tensor_view<?x?xf32>`: shape (`?` for a size known at run time) and element
    type of a global tensor given by a base pointer, sizes and strides
    (`pto.make_tensor_view`). It owns no data.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape, "Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def PTO_PartitionTensorViewType
    : PTO_Type<"PartitionTensorView", "partition_tensor_view"> {
  let summary = "A window of a tensor view";
  let description = [{
    `!pto.partition_tensor_view<32x32xf32>`: the part of a tensor view that a
    `pto.partition_view` selects (offsets and sizes; the strides of its source).
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape, "Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def PTO_TileType : PTO_Type<"Tile", "tile"> {
  let summary = "A level-1 tile (shape and element type)";
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape, "Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def PTO_TileBufType : PTO_Type<"TileBuf", "tile_buf"> {
  let summary = "A two-dimensional buffer in a local memory";
  let description = [{
    A tile: `rows` x `cols` elements of `dtype` in the local memory `loc`, of which the
    top-left `validRows` x `validCols` are meaningful (`?`: known at run time). The
    storage order is given by `blayout` (row or column major) and `slayout` (boxes of
    `fractal` bytes stored row or column major, or none); `pad` says what the elements
    outside the valid region hold, `compact` = `row_plus_one` adds one to the major
    stride.

    Two spellings are accepted: the key-value form with every key in a fixed order,
    `!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16,
    blayout=row_major, slayout=none_box, fractal=512, pad=0>` (optionally `, compact=N`),
    and the compact form that is printed,
    `!pto.tile_buf<vec, 16x128xf32, valid=16x1, blayout=col_major>`, where the keys
    after the shape are optional, in any order, and default to the shape,
    `row_major`, `none_box`, 512, 0 and 0.
  }];
  let parameters = (ins EnumParameter<PTO_AddressSpace>:$loc, "Type":$dtype,
                        "int64_t":$rows, "int64_t":$cols,
                        "int64_t":$validRows, "int64_t":$validCols,
                        EnumParameter<PTO_BLayout>:$blayout,
                        EnumParameter<PTO_SLayout>:$slayout,
                        "int64_t":$fractal,
                        EnumParameter<PTO_PadValue>:$pad,
                        EnumParameter<PTO_CompactMode>:$compact);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def PTO_EventIdArrayType : PTO_Type<"EventIdArray", "eventid_array"> {
  let summary = "A local array of event ids (manual synchronisation)";
  let parameters = (ins "int64_t":$size);
  let assemblyFormat = "`<` $size `>`";
}

def PTO_PipeType : PTO_Type<"Pipe", "pipe"> {
  let summary = "A cube-vector pipe handle (TPUSH/TPOP)";
}

def PTO_AsyncSessionType : PTO_Type<"AsyncSession", "async_session"> {
  let summary = "An asynchronous remote DMA session";
}

def PTO_AsyncEventType : PTO_Type<"AsyncEvent", "async_event"> {
  let summary = "An event of an asynchronous remote DMA";
}

#endif // PTO_TYPES
