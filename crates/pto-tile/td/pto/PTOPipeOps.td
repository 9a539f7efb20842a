// Communication between the cube core and the vector cores of a cluster (TPUSH/TPOP
// pipes), the local buffers the consumers receive into, and asynchronous remote DMA.
// The frontend ops (`aic_`/`aiv_initialize_pipe`, `tpush_to_*`, `tpop_from_*`,
// `tfree_from_*`) name a pipe by its `id` inside one kernel; PTOAS lowers them to the
// internal ops on `!pto.pipe` handles (`initialize_*_pipe`, `tpush`, `tpop`, `tfree`).
// Their semantics need two cores running concurrently: the CPU lowering rejects them.

#ifndef PTO_PIPE_OPS
#define PTO_PIPE_OPS

// Ops whose effects are the hardware's (FIFO pointers, flags, DMA queues): opaque.
class PTO_PipeOp<string mnemonic, list<Trait> traits = []>
    : PTO_Op<mnemonic, !listconcat(traits, [MemoryEffects<[MemRead, MemWrite]>])>;

// What a pipe carries: a local tile (or its lowered memref).
def PTO_PipeEntryType : AnyTypeOf<[PTO_TileBufType, AnyMemRef], "pipe entry (tile or memref)">;

// ---- reserved consumer buffers ---------------------------------------------------------

def PTO_ReserveBufferOp : PTO_PipeOp<"reserve_buffer"> {
  let summary = "Reserves a local buffer that a pipe's consumer receives into";
  let description = [{
    `%b = pto.reserve_buffer {name = "fifo", size = 8192, location = #pto.address_space<vec>,
    auto = true} -> i32` reserves `size` bytes of `location` (vec or mat) and returns
    their byte address. With `auto = true` memory planning places the buffer in a hole
    after the tiles; with `auto = false` the kernel gives the address (`base = 4096`).
    The name is unique in its function; the peer kernel imports the buffer by name
    (`pto.import_reserved_buffer`).
  }];
  let arguments = (ins StrAttr:$name, I32Attr:$size, PTO_AddressSpaceAttr:$location,
                       BoolAttr:$autoAlloc, OptionalAttr<I32Attr>:$base);
  let results = (outs I32:$addr);
  let assemblyFormat = [{
    `{` `name` `=` $name `,` `size` `=` $size `,` `location` `=` $location `,`
      `auto` `=` $autoAlloc (`,` `base` `=` $base^)? `}` attr-dict `->` type($addr)
  }];
  let hasVerifier = 1;
}

def PTO_ImportReservedBufferOp : PTO_PipeOp<"import_reserved_buffer",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "The address of a buffer that the peer kernel reserved";
  let description = [{
    `%b = pto.import_reserved_buffer {name = "c2v_fifo", peer_func = @vector_kernel}
    -> i32`: the address of the `pto.reserve_buffer` named `name` in the function
    `peer_func` (the kernel on the other core), which must exist.
  }];
  let arguments = (ins StrAttr:$name, FlatSymbolRefAttr:$peer_func);
  let results = (outs I32:$addr);
  let assemblyFormat = [{
    `{` `name` `=` $name `,` `peer_func` `=` $peer_func `}` attr-dict `->` type($addr)
  }];
  let hasVerifier = 1;
}

// ---- frontend pipes (one kernel per core type) ------------------------------------------

class PTO_InitializePipeOp<string mnemonic, string core>
    : PTO_PipeOp<mnemonic, [AttrSizedOperandSegments]> {
  let summary = "Sets up a pipe on the " # core # " side";
  let description = [{
    `pto.}] # mnemonic # [{ {id = 0, dir_mask = 3, slot_size = 1024} (gm_slot_buffer =
    %p : !pto.ptr<f32>, c2v_consumer_buf = %a : i32, v2c_consumer_buf = %b : i32)`
    opens pipe `id` (unique in the kernel, default 0) in a }] # core # [{ kernel.
    `dir_mask` is 1 (cube to vector), 2 (vector to cube) or 3 (both); `slot_size`
    is the bytes of one unsplit entry; `slot_num` the FIFO depth (default 8, 4 for
    both directions), `local_slot_num` (A2/A3 only) the depth of the local part;
    `nosplit = true` forbids split entries. The consumer buffers are the addresses
    of reserved buffers (`pto.reserve_buffer`, `pto.import_reserved_buffer`), one
    for each direction used; A2/A3 pass the global slot buffer `gm_slot_buffer`.
  }];
  let arguments = (ins DefaultValuedOptionalAttr<I32Attr, "0">:$id, I8Attr:$dir_mask,
                       I32Attr:$slot_size, OptionalAttr<I32Attr>:$slot_num,
                       OptionalAttr<I32Attr>:$local_slot_num,
                       OptionalAttr<BoolAttr>:$nosplit,
                       Optional<PTO_PtrType>:$gm_slot_buffer,
                       Optional<I32>:$c2v_consumer_buf, Optional<I32>:$v2c_consumer_buf);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PTO_AicInitializePipeOp : PTO_InitializePipeOp<"aic_initialize_pipe", "cube">;
def PTO_AivInitializePipeOp : PTO_InitializePipeOp<"aiv_initialize_pipe", "vector">;

class PTO_FrontendPushOp<string mnemonic, string from, string to> : PTO_PipeOp<mnemonic> {
  let summary = "Pushes a tile from the " # from # " core to the " # to # " core";
  let description = [{
    `pto.}] # mnemonic # [{(%t : !pto.tile_buf<...>) {split = 0}` (in a }] # from # [{
    kernel) sends `t` through pipe `id` (default 0), which must carry data this way.
    `split` is 0 (whole tile), 1 (upper and lower halves) or 2 (left and right
    halves) for the two vector cores.
  }];
  let arguments = (ins PTO_PipeEntryType:$tile, DefaultValuedOptionalAttr<I32Attr, "0">:$id,
                       I8Attr:$split);
  let assemblyFormat = [{
    `(` $tile `:` qualified(type($tile)) `)`
    `{` (`id` `=` $id^ `,`)? `split` `=` $split `}` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TPushToAivOp : PTO_FrontendPushOp<"tpush_to_aiv", "cube", "vector">;
def PTO_TPushToAicOp : PTO_FrontendPushOp<"tpush_to_aic", "vector", "cube">;

class PTO_FrontendPopOp<string mnemonic, string from, string to>
    : PTO_PipeOp<mnemonic, [AttrSizedOperandSegments]> {
  let summary = "Receives a tile that the " # from # " core pushed";
  let description = [{
    `%t = pto.}] # mnemonic # [{ {split = 0} -> !pto.tile_buf<...>` (in a }] # to # [{
    kernel) is the next entry of pipe `id`, in the consumer buffer; with a dynamic
    valid shape the valid sizes are given: `pto.}] # mnemonic # [{(%r, %c) {split =
    0} -> ...`. The entry stays valid until the matching `tfree`.
  }];
  let arguments = (ins Optional<Index>:$valid_row, Optional<Index>:$valid_col,
                       DefaultValuedOptionalAttr<I32Attr, "0">:$id, I8Attr:$split);
  let results = (outs PTO_PipeEntryType:$tile);
  let assemblyFormat = [{
    (`(` $valid_row^ `,` $valid_col `)`)? `{` (`id` `=` $id^ `,`)? `split` `=` $split `}`
    attr-dict `->` qualified(type($tile))
  }];
  let hasVerifier = 1;
}

def PTO_TPopFromAicOp : PTO_FrontendPopOp<"tpop_from_aic", "cube", "vector">;
def PTO_TPopFromAivOp : PTO_FrontendPopOp<"tpop_from_aiv", "vector", "cube">;

class PTO_FrontendFreeOp<string mnemonic, string from, string to> : PTO_PipeOp<mnemonic> {
  let summary = "Releases the entry last received from the " # from # " core";
  let description = [{
    `pto.}] # mnemonic # [{ {split = 0}` (in a }] # to # [{ kernel) gives the slot of
    the entry last popped from pipe `id` back to the producer.
  }];
  let arguments = (ins DefaultValuedOptionalAttr<I32Attr, "0">:$id, I8Attr:$split);
  let assemblyFormat = [{
    `{` (`id` `=` $id^ `,`)? `split` `=` $split `}` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TFreeFromAicOp : PTO_FrontendFreeOp<"tfree_from_aic", "cube", "vector">;
def PTO_TFreeFromAivOp : PTO_FrontendFreeOp<"tfree_from_aiv", "vector", "cube">;

// ---- internal pipes (handles) -------------------------------------------------------------

def PTO_InitializeL2LPipeOp : PTO_PipeOp<"initialize_l2l_pipe"> {
  let summary = "A pipe between the local memories of two cores";
  let description = [{
    `%p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8}
    (%local : i32) -> !pto.pipe`: a FIFO of `slot_num` entries of `slot_size` bytes
    in the consumer's local buffer at `local_addr` (and `peer_local_addr` for the
    other direction when `dir_mask` is 3). `flag_base` is the first of the
    hardware flag ids it uses.
  }];
  let arguments = (ins I8Attr:$dir_mask, I32Attr:$slot_size, I32Attr:$slot_num,
                       OptionalAttr<I32Attr>:$flag_base, OptionalAttr<BoolAttr>:$nosplit,
                       AnyType:$local_addr, Optional<AnyType>:$peer_local_addr);
  let results = (outs PTO_PipeType:$pipe);
  let assemblyFormat = [{
    `{` `dir_mask` `=` $dir_mask `,` `slot_size` `=` $slot_size `,` `slot_num` `=` $slot_num
      (`,` `flag_base` `=` $flag_base^)? (`,` `nosplit` `=` $nosplit^)? `}`
    `(` $local_addr `:` type($local_addr)
      (`,` $peer_local_addr^ `:` type($peer_local_addr))? `)`
    attr-dict `->` qualified(type($pipe))
  }];
  let hasVerifier = 1;
}

def PTO_InitializeL2G2LPipeOp : PTO_PipeOp<"initialize_l2g2l_pipe",
                                           [AttrSizedOperandSegments]> {
  let summary = "A pipe through global memory into a core's local memory";
  let description = [{
    `%p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8}
    (%gm : !pto.ptr<f32>, %local : i32) -> !pto.pipe`: entries go through the
    global slot buffer `gm_addr`, and, with `local_addr`, on into `local_slot_num`
    local slots.
  }];
  let arguments = (ins I8Attr:$dir_mask, I32Attr:$slot_size, I32Attr:$slot_num,
                       OptionalAttr<I32Attr>:$local_slot_num,
                       OptionalAttr<I32Attr>:$flag_base, OptionalAttr<BoolAttr>:$nosplit,
                       AnyType:$gm_addr, Optional<AnyType>:$local_addr,
                       Optional<AnyType>:$peer_local_addr);
  let results = (outs PTO_PipeType:$pipe);
  let assemblyFormat = [{
    `{` `dir_mask` `=` $dir_mask `,` `slot_size` `=` $slot_size `,` `slot_num` `=` $slot_num
      (`,` `local_slot_num` `=` $local_slot_num^)? (`,` `flag_base` `=` $flag_base^)?
      (`,` `nosplit` `=` $nosplit^)? `}`
    `(` $gm_addr `:` type($gm_addr)
      (`,` $local_addr^ `:` type($local_addr))?
      (`,` $peer_local_addr^ `:` type($peer_local_addr))? `)`
    attr-dict `->` qualified(type($pipe))
  }];
  let hasVerifier = 1;
}

// `(%tile, %pipe : T, !pto.pipe) {split = s}`.
class PTO_PipeEntryOp<string mnemonic, string what> : PTO_PipeOp<mnemonic> {
  let summary = what;
  let arguments = (ins PTO_PipeEntryType:$tile, PTO_PipeType:$pipe_handle, I8Attr:$split);
  let assemblyFormat = [{
    `(` $tile `,` $pipe_handle `:` qualified(type($tile)) `,` qualified(type($pipe_handle))
    `)` `{` `split` `=` $split `}` attr-dict
  }];
  let hasVerifier = 1;
}

def PTO_TPushOp : PTO_PipeEntryOp<"tpush", "Pushes a tile into a pipe">;
def PTO_TPopOp : PTO_PipeEntryOp<"tpop",
    "Binds a declared tile to the next entry of a pipe (the tile is written)">;

def PTO_TFreeOp : PTO_PipeOp<"tfree"> {
  let summary = "Releases the current consumer slot of a pipe";
  let description = [{
    `pto.tfree(%pipe : !pto.pipe) {split = 0}`, or with the released entry
    `pto.tfree(%t, %pipe : T, !pto.pipe) {split = 0}`.
  }];
  let arguments = (ins Optional<PTO_PipeEntryType>:$entry, PTO_PipeType:$pipe_handle,
                       I8Attr:$split);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

// ---- asynchronous remote DMA ------------------------------------------------------------

def PTO_BuildAsyncSessionOp : PTO_PipeOp<"build_async_session"> {
  let summary = "A session for asynchronous remote copies";
  let description = [{
    `%s = pto.build_async_session(%scratch, %ws : !pto.tile_buf<vec, 1x256xi8>,
    memref<1024xi8, #pto.address_space<gm>>) -> !pto.async_session`: a DMA session
    using a vec scratch tile (at least 8 bytes) and a global byte workspace;
    `sync_id` (0..7), `block_bytes`, `comm_block_offset`, `queue_num` and
    `channel_group_idx` configure it.
  }];
  let arguments = (ins PTO_TileBufOrMemRef:$scratch, PTO_ScalarPtrOrMemRef:$workspace,
                       OptionalAttr<I32Attr>:$sync_id, OptionalAttr<I64Attr>:$block_bytes,
                       OptionalAttr<I64Attr>:$comm_block_offset,
                       OptionalAttr<I32Attr>:$queue_num,
                       OptionalAttr<I64Attr>:$channel_group_idx);
  let results = (outs PTO_AsyncSessionType:$session);
  let assemblyFormat = [{
    `(` $scratch `,` $workspace `:` qualified(type($scratch)) `,` type($workspace) `)`
    attr-dict `->` qualified(type($session))
  }];
  let hasVerifier = 1;
}

class PTO_AsyncCopyOp<string mnemonic, string what> : PTO_PipeOp<mnemonic> {
  let summary = what;
  let description = [{
    `%e = pto.}] # mnemonic # [{(%dst, %src, %s : M, M, !pto.async_session) ->
    !pto.async_event` starts the copy of `src` into `dst`, flat contiguous
    global tensors of one static shape and element type.
  }];
  let arguments = (ins PTO_DpsType:$dst, PTO_DpsType:$src, PTO_AsyncSessionType:$session);
  let results = (outs PTO_AsyncEventType:$event);
  let assemblyFormat = [{
    `(` $dst `,` $src `,` $session `:` type($dst) `,` type($src) `,`
      qualified(type($session)) `)` attr-dict `->` qualified(type($event))
  }];
  let hasVerifier = 1;
}

def PTO_TPutAsyncOp : PTO_AsyncCopyOp<"tput_async", "Starts a copy to remote memory">;
def PTO_TGetAsyncOp : PTO_AsyncCopyOp<"tget_async", "Starts a copy from remote memory">;

class PTO_AsyncEventOp<string mnemonic, string what> : PTO_PipeOp<mnemonic> {
  let summary = what;
  let arguments = (ins PTO_AsyncEventType:$event, PTO_AsyncSessionType:$session);
  let results = (outs I1:$completed);
  let assemblyFormat = [{
    `(` $event `,` $session `:` qualified(type($event)) `,` qualified(type($session)) `)`
    attr-dict `->` type($completed)
  }];
}

def PTO_WaitAsyncEventOp : PTO_AsyncEventOp<"wait_async_event",
    "Waits for an asynchronous copy; true when it completed">;
def PTO_TestAsyncEventOp : PTO_AsyncEventOp<"test_async_event",
    "Whether an asynchronous copy has completed (without waiting)">;

#endif // PTO_PIPE_OPS
