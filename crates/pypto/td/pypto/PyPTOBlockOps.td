// PyPTO's tile-level operators (`block.*`) and synchronisation (`system.*`). Each
// block op runs on one hardware pipe (`pypto-insert-sync` orders them); the pipe of
// each is in its description.

#ifndef PYPTO_BLOCK_OPS
#define PYPTO_BLOCK_OPS

include "pto/Interfaces.td"

def PyPTO_PipeOpInterface : RustOpInterface<"PipeOpInterface"> {
  let cppNamespace = "::pto_pypto";
  let description = [{
    The hardware pipe a block op runs on, as PyPTO's op registry assigns it: what
    `pypto-insert-sync` orders. Every `block.*` op declares it (`PyPTO_BlockOp`); the
    vector pipe unless the op says otherwise.
  }];
  let methods = [
    InterfaceMethod<"The pipe the op runs on.", "::pto_pypto::PipeKind", "pipe", (ins),
      [{}], [{ ::pto_pypto::PipeKind::V }]>
  ];
}

// A tile-level op, on the pipe `pipe` gives (the vector pipe by default; an op on
// another pipe lists `DeclareOpInterfaceMethods<PyPTO_PipeOpInterface, ["pipe"]>` and has
// a hook `pipe_<op>`).
class PyPTO_BlockOp<string mnemonic, list<Trait> traits = [],
                    Trait pipe = PyPTO_PipeOpInterface>
    : PyPTO_RegisteredOp<"block." # mnemonic, !listconcat(traits, [pipe])>;

def PyPTO_BlockLoadOp : PyPTO_BlockOp<"load", [Pure], DeclareOpInterfaceMethods<PyPTO_PipeOpInterface, ["pipe"]>> {
  let summary = "A window of a tensor copied into a tile (pipe MTE2)";
  let description = [{
    The `height` x `width` window at (`row_offset`, `col_offset`) of a DDR tensor;
    `target_memory` 1 puts the tile in UB (default), 2 in L1.
  }];
  let arguments = (ins PyPTO_TensorType:$tensor, PyPTO_Int:$row_offset,
                       PyPTO_Int:$col_offset, PyPTO_Int:$height, PyPTO_Int:$width,
                       OptionalAttr<I64Attr>:$target_memory);
  let results = (outs PyPTO_TileType:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, $result)";
}

def PyPTO_BlockStoreOp : PyPTO_BlockOp<"store", [Pure], DeclareOpInterfaceMethods<PyPTO_PipeOpInterface, ["pipe"]>> {
  let summary = "A tile copied into a window of a tensor (pipe MTE3)";
  let description = [{ The result is the output tensor with the window updated. }];
  let arguments = (ins PyPTO_TileType:$tile, PyPTO_Int:$row_offset,
                       PyPTO_Int:$col_offset, PyPTO_Int:$height, PyPTO_Int:$width,
                       PyPTO_TensorType:$output);
  let results = (outs PyPTO_TensorType:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, $result)";
}

def PyPTO_BlockMoveOp : PyPTO_BlockOp<"move", [Pure], DeclareOpInterfaceMethods<PyPTO_PipeOpInterface, ["pipe"]>> {
  let summary = "A tile moved between on-chip buffers (pipe MTE1)";
  let description = [{
    `target_memory` 1 UB, 2 L1, 3 L0A, 4 L0B; `transpose` swaps the two axes.
  }];
  let arguments = (ins PyPTO_TileType:$tile, OptionalAttr<BoolAttr>:$transpose,
                       I64Attr:$target_memory);
  let results = (outs PyPTO_TileType:$result);
  let assemblyFormat = "$tile attr-dict `:` functional-type(operands, $result)";
}

def PyPTO_BlockAllocOp : PyPTO_BlockOp<"alloc"> {
  let summary = "A buffer reserved in a memory space (pipe V)";
  let description = [{
    Operands: the memory space (0 DDR, 1 UB, 2 L1, 3 L0A, 4 L0B, 5 L0C), the address,
    the size in bytes and the buffer id, as `pypto-add-alloc` writes them.
  }];
  let arguments = (ins PyPTO_Int:$memory_space, PyPTO_Int:$addr, PyPTO_Int:$size,
                       PyPTO_Int:$id);
  let results = (outs PyPTO_MemRefType:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, $result)";
}

def PyPTO_BlockGetBlockIdxOp : PyPTO_BlockOp<"get_block_idx", [Pure], DeclareOpInterfaceMethods<PyPTO_PipeOpInterface, ["pipe"]>> {
  let summary = "The index of the executing core (pipe S)";
  let results = (outs PyPTO_Int:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

// Two tiles, elementwise (pipe V).
class PyPTO_BlockBinaryOp<string mnemonic, string what>
    : PyPTO_BlockOp<mnemonic, [Pure]> {
  let summary = "Elementwise " # what # " of two tiles (pipe V)";
  let arguments = (ins PyPTO_TileType:$lhs, PyPTO_TileType:$rhs);
  let results = (outs PyPTO_TileType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` functional-type(operands, $result)";
}

def PyPTO_BlockAddOp : PyPTO_BlockBinaryOp<"add", "sum">;
def PyPTO_BlockSubOp : PyPTO_BlockBinaryOp<"sub", "difference">;
def PyPTO_BlockMulOp : PyPTO_BlockBinaryOp<"mul", "product">;
def PyPTO_BlockDivOp : PyPTO_BlockBinaryOp<"div", "quotient">;
def PyPTO_BlockMaximumOp : PyPTO_BlockBinaryOp<"maximum", "maximum">;
def PyPTO_BlockMinimumOp : PyPTO_BlockBinaryOp<"minimum", "minimum">;

// A tile and a scalar (pipe V).
class PyPTO_BlockScalarOp<string mnemonic, string what>
    : PyPTO_BlockOp<mnemonic, [Pure]> {
  let summary = "Elementwise " # what # " of a tile and a scalar (pipe V)";
  let arguments = (ins PyPTO_TileType:$lhs, PyPTO_Scalar:$rhs);
  let results = (outs PyPTO_TileType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` functional-type(operands, $result)";
}

def PyPTO_BlockAddsOp : PyPTO_BlockScalarOp<"adds", "sum">;
def PyPTO_BlockSubsOp : PyPTO_BlockScalarOp<"subs", "difference">;
def PyPTO_BlockMulsOp : PyPTO_BlockScalarOp<"muls", "product">;
def PyPTO_BlockDivsOp : PyPTO_BlockScalarOp<"divs", "quotient">;
def PyPTO_BlockMaxsOp : PyPTO_BlockScalarOp<"maxs", "maximum">;
def PyPTO_BlockMinsOp : PyPTO_BlockScalarOp<"mins", "minimum">;

// One tile, elementwise (pipe V).
class PyPTO_BlockUnaryOp<string mnemonic, string what>
    : PyPTO_BlockOp<mnemonic, [Pure]> {
  let summary = "Elementwise " # what # " of a tile (pipe V)";
  let arguments = (ins PyPTO_TileType:$tile);
  let results = (outs PyPTO_TileType:$result);
  let assemblyFormat = "$tile attr-dict `:` functional-type(operands, $result)";
}

def PyPTO_BlockNegOp : PyPTO_BlockUnaryOp<"neg", "negation">;
def PyPTO_BlockExpOp : PyPTO_BlockUnaryOp<"exp", "exponential">;
def PyPTO_BlockRecipOp : PyPTO_BlockUnaryOp<"recip", "reciprocal">;
def PyPTO_BlockSqrtOp : PyPTO_BlockUnaryOp<"sqrt", "square root">;
def PyPTO_BlockRsqrtOp : PyPTO_BlockUnaryOp<"rsqrt", "reciprocal square root">;
def PyPTO_BlockLogOp : PyPTO_BlockUnaryOp<"log", "natural logarithm">;
def PyPTO_BlockAbsOp : PyPTO_BlockUnaryOp<"abs", "absolute value">;
def PyPTO_BlockReluOp : PyPTO_BlockUnaryOp<"relu", "max(x, 0)">;

def PyPTO_BlockCastOp : PyPTO_BlockOp<"cast", [Pure]> {
  let summary = "Elementwise conversion of a tile to `target_type` (pipe V)";
  let description = [{
    The tile-level form of `tensor.cast` (later PyPTO's `block.cast`): `mode` rounds
    float-to-integer conversions, 0 to nearest (ties to even), 1 down, 2 up.
  }];
  let arguments = (ins PyPTO_TileType:$tile, TypeAttr:$target_type,
                       OptionalAttr<I64Attr>:$mode);
  let results = (outs PyPTO_TileType:$result);
  let assemblyFormat = "$tile attr-dict `:` functional-type(operands, $result)";
}

// A reduction over an axis (pipe V).
class PyPTO_BlockAxisReduceOp<string mnemonic, string what>
    : PyPTO_BlockOp<mnemonic, [Pure]> {
  let summary = what # " of a tile over an axis (pipe V)";
  let arguments = (ins PyPTO_TileType:$tile, I64Attr:$axis, OptionalAttr<BoolAttr>:$keepdim);
  let results = (outs PyPTO_TileType:$result);
  let assemblyFormat = "$tile attr-dict `:` functional-type(operands, $result)";
}

def PyPTO_BlockSumOp : PyPTO_BlockAxisReduceOp<"sum", "Sum">;
def PyPTO_BlockMaxOp : PyPTO_BlockAxisReduceOp<"max", "Maximum">;

// A row reduction `[M, N] -> [M, 1]` (pipe V).
class PyPTO_BlockRowReduceOp<string mnemonic, string what>
    : PyPTO_BlockOp<mnemonic, [Pure]> {
  let summary = what # " of each row, `[M, N] -> [M, 1]` (pipe V)";
  let arguments = (ins PyPTO_TileType:$tile);
  let results = (outs PyPTO_TileType:$result);
  let assemblyFormat = "$tile attr-dict `:` functional-type(operands, $result)";
}

def PyPTO_BlockRowMaxOp : PyPTO_BlockRowReduceOp<"row_max", "Maximum">;
def PyPTO_BlockRowSumOp : PyPTO_BlockRowReduceOp<"row_sum", "Sum">;
def PyPTO_BlockRowMinOp : PyPTO_BlockRowReduceOp<"row_min", "Minimum">;
def PyPTO_BlockRowProdOp : PyPTO_BlockRowReduceOp<"row_prod", "Product">;

// A row vector `[M, 1]` broadcast across the columns of `[M, N]` (pipe V).
class PyPTO_BlockRowExpandOp<string mnemonic, string what>
    : PyPTO_BlockOp<"row_expand_" # mnemonic, [Pure]> {
  let summary = "Each row " # what # " its entry of a `[M, 1]` tile (pipe V)";
  let arguments = (ins PyPTO_TileType:$tile, PyPTO_TileType:$row);
  let results = (outs PyPTO_TileType:$result);
  let assemblyFormat = "$tile `,` $row attr-dict `:` functional-type(operands, $result)";
}

def PyPTO_BlockRowExpandSubOp : PyPTO_BlockRowExpandOp<"sub", "minus">;
def PyPTO_BlockRowExpandDivOp : PyPTO_BlockRowExpandOp<"div", "divided by">;
def PyPTO_BlockRowExpandMulOp : PyPTO_BlockRowExpandOp<"mul", "times">;

def PyPTO_BlockMatmulOp : PyPTO_BlockOp<"matmul", [Pure], DeclareOpInterfaceMethods<PyPTO_PipeOpInterface, ["pipe"]>> {
  let summary = "Tile matrix product into L0C (pipe M)";
  let arguments = (ins PyPTO_TileType:$lhs, PyPTO_TileType:$rhs);
  let results = (outs PyPTO_TileType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` functional-type(operands, $result)";
}

def PyPTO_BlockMatmulAccOp : PyPTO_BlockOp<"matmul_acc", [Pure], DeclareOpInterfaceMethods<PyPTO_PipeOpInterface, ["pipe"]>> {
  let summary = "`acc + lhs x rhs` in L0C (pipe M)";
  let arguments = (ins PyPTO_TileType:$acc, PyPTO_TileType:$lhs, PyPTO_TileType:$rhs);
  let results = (outs PyPTO_TileType:$result);
  let assemblyFormat = "$acc `,` $lhs `,` $rhs attr-dict `:` functional-type(operands, $result)";
}

//===-- Synchronisation -----------------------------------------------------------===//

class PyPTO_SyncOp<string mnemonic, string what>
    : PyPTO_RegisteredOp<"system." # mnemonic> {
  let summary = what;
  let arguments = (ins PyPTO_PipeAttr:$set_pipe, PyPTO_PipeAttr:$wait_pipe,
                       I64Attr:$event_id);
  let assemblyFormat = "attr-dict";
}

def PyPTO_SyncSrcOp : PyPTO_SyncOp<"sync_src",
    "Signals event `event_id` from `set_pipe` to `wait_pipe`">;
def PyPTO_SyncDstOp : PyPTO_SyncOp<"sync_dst",
    "Waits in `wait_pipe` for event `event_id` from `set_pipe`">;

class PyPTO_BarrierOp<string mnemonic, string what>
    : PyPTO_RegisteredOp<"system." # mnemonic> {
  let summary = what;
  let assemblyFormat = "attr-dict";
}

def PyPTO_BarVOp : PyPTO_BarrierOp<"bar_v", "Barrier within the vector pipe">;
def PyPTO_BarMOp : PyPTO_BarrierOp<"bar_m", "Barrier within the matrix pipe">;
def PyPTO_BarAllOp : PyPTO_BarrierOp<"bar_all", "Barrier across all pipes">;

#endif // PYPTO_BLOCK_OPS
