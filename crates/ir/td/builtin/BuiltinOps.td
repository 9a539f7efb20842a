// The `builtin` dialect's ops: `module` and `unrealized_conversion_cast`, with MLIR's
// syntax and semantics. Read by build.rs (pto-ods-gen); also valid input for
// `mlir-tblgen -gen-op-decls`.

#ifndef PTO_BUILTIN_OPS
#define PTO_BUILTIN_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Builtin_Dialect : Dialect {
  let name = "builtin";
  let cppNamespace = "::pto::builtin";
  let summary = "Types, attributes and the top-level container ops every MLIR file uses";
  let description = [{
    Builtin types and attributes are part of the IR core; this dialect adds the
    top-level container `builtin.module` and `builtin.unrealized_conversion_cast`,
    the placeholder a partial dialect conversion leaves between type systems.
  }];
}

class Builtin_Op<string mnemonic, list<Trait> traits = []>
    : Op<Builtin_Dialect, mnemonic, traits>;

def Builtin_ModuleOp : Builtin_Op<"module", [AffineScope, IsolatedFromAbove,
    NoRegionArguments, SymbolTable, Symbol, GraphRegionNoTerminator,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getDefaultDialect"]>]> {
  let summary = "A top-level container operation";
  let description = [{
    One region with one block of ops, no terminator, optionally named by a symbol:
    `module @name attributes {...} { ... }`. A file whose top level is not a single
    module is wrapped in one when parsed.
  }];
  let arguments = (ins OptionalAttr<SymbolNameAttr>:$sym_name,
                       OptionalAttr<StrAttr>:$sym_visibility);
  let regions = (region SizedRegion<1>:$bodyRegion);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Builtin_UnrealizedConversionCastOp : Builtin_Op<"unrealized_conversion_cast",
    [Pure]> {
  let summary = "An unrealized conversion from one set of types to another";
  let description = [{
    Stands for a conversion a dialect conversion has not materialized yet:
    `%b = builtin.unrealized_conversion_cast %a : i64 to index`.
    `reconcile-unrealized-casts` removes the pairs that cancel out.
  }];
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$outputs);
  let assemblyFormat = "($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict";
  let hasVerifier = 1;
}

#endif // PTO_BUILTIN_OPS
