// Synchronisation between the pipes of a core and between cores, runtime queries and
// core-specific sections. On a sequential CPU these are ordering no-ops; they are kept
// for round-tripping, verification and the synchronisation passes.

#ifndef PTO_SYNC_OPS
#define PTO_SYNC_OPS

class PTO_SyncOp<string mnemonic, list<Trait> traits = []>
    : PTO_Op<mnemonic, !listconcat(traits, [MemoryEffects<[MemRead, MemWrite]>])>;

class PTO_FlagOp<string mnemonic, string what> : PTO_SyncOp<mnemonic> {
  let summary = what;
  let arguments = (ins PTO_PipeAttr:$src_pipe, PTO_PipeAttr:$dst_pipe,
                       PTO_EventAttr:$event_id);
  let assemblyFormat = "`[` $src_pipe `,` $dst_pipe `,` $event_id `]` attr-dict";
}

def PTO_SetFlagOp : PTO_FlagOp<"set_flag", "Signals an event from one pipe to another">;
def PTO_WaitFlagOp : PTO_FlagOp<"wait_flag", "Waits for an event from another pipe">;

class PTO_FlagDynOp<string mnemonic, string what> : PTO_SyncOp<mnemonic> {
  let summary = what;
  let arguments = (ins PTO_PipeAttr:$src_pipe, PTO_PipeAttr:$dst_pipe, Index:$event_id);
  let assemblyFormat = "`[` $src_pipe `,` $dst_pipe `,` $event_id `]` attr-dict";
}

def PTO_SetFlagDynOp : PTO_FlagDynOp<"set_flag_dyn", "set_flag with a run-time event id">;
def PTO_WaitFlagDynOp : PTO_FlagDynOp<"wait_flag_dyn", "wait_flag with a run-time event id">;

def PTO_PipeEventTypeLikeAttr : AnyAttrOf<[PTO_PipeEventTypeAttr, PTO_SyncOpTypeAttr]>;

class PTO_EventOp<string mnemonic, string what> : PTO_SyncOp<mnemonic> {
  let summary = what;
  let description = [{
    Between the pipes that run two kinds of ops (`#pto.pipe_event_type<TLOAD>` runs
    on MTE2, `TVEC` on V, ...): lowered to `set_flag`/`wait_flag`.
  }];
  let arguments = (ins PTO_PipeEventTypeLikeAttr:$src_op, PTO_PipeEventTypeLikeAttr:$dst_op,
                       PTO_EventAttr:$event_id);
  let assemblyFormat = "`[` $src_op `,` $dst_op `,` $event_id `]` attr-dict";
}

def PTO_RecordEventOp : PTO_EventOp<"record_event", "Signals an event between op kinds">;
def PTO_WaitEventOp : PTO_EventOp<"wait_event", "Waits for an event between op kinds">;

def PTO_BarrierOp : PTO_SyncOp<"barrier"> {
  let summary = "Orders the ops of one pipe";
  let arguments = (ins PTO_PipeAttr:$pipe);
  let assemblyFormat = "$pipe attr-dict";
}

def PTO_BarrierSyncOp : PTO_SyncOp<"barrier_sync"> {
  let summary = "A barrier on the pipe that runs a kind of op";
  let arguments = (ins PTO_SyncOpTypeAttr:$op_type);
  let assemblyFormat = "`[` $op_type `]` attr-dict";
}

// ---- between cores ------------------------------------------------------------------

// `pto.sync.set <PIPE_FIX>, 0` or `pto.sync.set <PIPE_M>, %id {ffts_mode = 1 : i32}`: a
// signal between the cube and the vector cores, with a static or a run-time event id.
class PTO_CoreSyncOp<string mnemonic, string what> : PTO_SyncOp<mnemonic> {
  let summary = what;
  let arguments = (ins PTO_PipeAttr:$pipe, OptionalAttr<I32Attr>:$event_id,
                       Optional<Index>:$event_id_dyn, OptionalAttr<I32Attr>:$ffts_mode);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PTO_SyncSetOp : PTO_CoreSyncOp<"sync.set",
    "Signals an event to the other kind of core when the pipe's work so far is done">;
def PTO_SyncWaitOp : PTO_CoreSyncOp<"sync.wait",
    "Makes the pipe wait for an event from the other kind of core">;

def PTO_SetFFTsOp : PTO_SyncOp<"set_ffts"> {
  let summary = "Gives A2/A3 the base of the cross-core synchronisation table";
  let description = [{
    `pto.set_ffts %m : memref<...xi64>` (or a `!pto.ptr` of `i64` or `i8`): A2/A3 need it
    before `sync.set`/`sync.wait` between cores.
  }];
  let arguments = (ins AnyType:$ffts);
  let assemblyFormat = "$ffts attr-dict `:` type($ffts)";
  let hasVerifier = 1;
}

def PTO_TSyncOp : PTO_SyncOp<"tsync"> {
  let summary = "Orders two tiles' producers and consumers (PTO-ISA's TSYNC)";
  let arguments = (ins PTO_DpsType:$a, PTO_DpsType:$b);
  let assemblyFormat = [{
    `ins` `(` $a `,` $b `:` qualified(type($a)) `,` qualified(type($b)) `)` attr-dict
  }];
}

class PTO_BufOp<string mnemonic, string what> : PTO_SyncOp<mnemonic> {
  let summary = what;
  let arguments = (ins PTO_PipeEventTypeLikeAttr:$op_type, I32Attr:$buf_id,
                       DefaultValuedAttr<I32Attr, "0">:$mode);
  let assemblyFormat = "`[` $op_type `,` $buf_id `]` attr-dict";
}

def PTO_GetBufOp : PTO_BufOp<"get_buf", "Acquires a buffer token">;
def PTO_RlsBufOp : PTO_BufOp<"rls_buf", "Releases a buffer token">;

def PTO_DeclareEventIdArrayOp : PTO_Op<"declare_eventid_array"> {
  let summary = "A local array of run-time event ids";
  let results = (outs PTO_EventIdArrayType:$array);
  let assemblyFormat = "attr-dict `->` qualified(type($array))";
}

def PTO_EventIdArrayGetOp : PTO_SyncOp<"eventid_array_get"> {
  let summary = "Reads an event id from an array";
  let arguments = (ins PTO_EventIdArrayType:$array, Index:$index);
  let results = (outs Index:$result);
  let assemblyFormat =
      "$array `[` $index `]` attr-dict `:` qualified(type($array))";
}

def PTO_EventIdArraySetOp : PTO_SyncOp<"eventid_array_set"> {
  let summary = "Writes an event id into an array";
  let arguments = (ins PTO_EventIdArrayType:$array, Index:$index, Index:$value);
  let assemblyFormat =
      "$array `[` $index `]` `,` $value attr-dict `:` qualified(type($array))";
}

class PTO_QueryOp<string mnemonic, string what> : PTO_Op<mnemonic, [Pure]> {
  let summary = what;
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict";
}

def PTO_GetBlockIdxOp : PTO_QueryOp<"get_block_idx", "The index of this core">;
def PTO_GetSubblockIdxOp : PTO_QueryOp<"get_subblock_idx", "The index of this vector core">;
def PTO_GetBlockNumOp : PTO_QueryOp<"get_block_num", "The number of cores">;
def PTO_GetSubblockNumOp : PTO_QueryOp<"get_subblock_num", "The number of vector cores">;

class PTO_SectionOp<string mnemonic, string what>
    : PTO_Op<mnemonic, [SingleBlock, NoTerminator]> {
  let summary = what;
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict";
}

def PTO_SectionCubeOp : PTO_SectionOp<"section.cube", "Code for the cube core only">;
def PTO_SectionVectorOp : PTO_SectionOp<"section.vector", "Code for the vector cores only">;

def PTO_PrintOp : PTO_Op<"print", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Prints one scalar with a printf format";
  let arguments = (ins StrAttr:$format, PTO_ScalarType:$scalar);
  let assemblyFormat = "`ins` `(` $format `,` $scalar `:` type($scalar) `)` attr-dict";
}

def PTO_TPrintOp : PTO_Op<"tprint", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Prints a tile";
  let arguments = (ins PTO_DpsType:$src);
  let assemblyFormat = "`ins` `(` $src `:` qualified(type($src)) `)` attr-dict";
}

def PTO_TrapOp : PTO_Op<"trap", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Aborts the kernel";
  let assemblyFormat = "attr-dict";
}

#endif // PTO_SYNC_OPS
