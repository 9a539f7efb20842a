// The `func` dialect: functions, calls and returns, with MLIR's syntax and semantics.
// Read by build.rs (pto-ods-gen); also valid input for `mlir-tblgen -gen-op-decls`.

#ifndef PTO_FUNC_OPS
#define PTO_FUNC_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"

def Func_Dialect : Dialect {
  let name = "func";
  let cppNamespace = "::pto::func";
  let summary = "Functions, calls and returns";
  let description = [{
    A function is a symbol with a function type and one region (absent for
    declarations). Calls name their callee by symbol; `return` ends a function body
    with values matching the function's results.
  }];
  let hasConstantMaterializer = 1;
}

class Func_Op<string mnemonic, list<Trait> traits = []>
    : Op<Func_Dialect, mnemonic, traits>;

def Func_FuncOp : Func_Op<"func", [AffineScope, AutomaticAllocationScope,
    IsolatedFromAbove, Symbol,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getDefaultDialect"]>]> {
  let summary = "A function: a symbol with a type and a body";
  let description = [{
    `func.func @name(%arg0: T0, ...) -> (R0, ...) attributes {...} { ... }`. Without a
    body the function is a declaration and must not be public. Argument and result
    attributes are written after each argument or result type.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       UnitAttr:$no_inline);
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Func_ReturnOp : Func_Op<"return", [Pure, HasParent<"func.func">,
    ReturnLike, Terminator]> {
  let summary = "Returns from a function";
  let description = [{
    Ends the body of a `func.func`; the operands must match the function's result types.
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}

def Func_CallOp : Func_Op<"call", [CallOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Calls a function by symbol";
  let description = [{
    `func.call @callee(%a, %b) : (T0, T1) -> R` calls the function `@callee` defined
    in the nearest symbol table; operand and result types must match its type.
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       UnitAttr:$no_inline);
  let results = (outs Variadic<AnyType>);
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, results)
  }];
}

def Func_CallIndirectOp : Func_Op<"call_indirect", [CallOpInterface]> {
  let summary = "Calls a function value";
  let description = [{
    `func.call_indirect %f(%a) : (T0) -> R` calls the function value `%f`; the operands
    and results follow the callee's function type.
  }];
  let arguments = (ins FunctionType:$callee, Variadic<AnyType>:$callee_operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<AnyType>:$results);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Func_ConstantOp : Func_Op<"constant", [ConstantLike, Pure,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "A function value naming a function symbol";
  let description = [{
    `%f = func.constant @callee : (T0) -> R` produces the function `@callee` as a value
    of function type.
  }];
  let arguments = (ins FlatSymbolRefAttr:$value);
  let results = (outs AnyType);
  let assemblyFormat = "attr-dict $value `:` type(results)";
  let hasFolder = 1;
}

#endif // PTO_FUNC_OPS
