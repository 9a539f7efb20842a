// The `cf` dialect: unstructured control flow between blocks, with MLIR's syntax.

#ifndef PTO_CF_OPS
#define PTO_CF_OPS

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "pto/Interfaces.td"

def CF_Dialect : Dialect {
  let name = "cf";
  let cppNamespace = "::pto::cf";
  let summary = "Branches between blocks";
  let description = [{
    Terminators that transfer control to successor blocks, passing values as block
    arguments, and a runtime assertion.
  }];
}

class CF_Op<string mnemonic, list<Trait> traits = []>
    : Op<CF_Dialect, mnemonic, traits>;

def CF_AssertOp : CF_Op<"assert", [MemoryEffects<[MemWrite]>]> {
  let summary = "Aborts with a message when the condition is false";
  let description = [{ `cf.assert %cond, "message"` }];
  let arguments = (ins I1:$arg, StrAttr:$msg);
  let assemblyFormat = "$arg `,` $msg attr-dict";
  let hasCanonicalizeMethod = 1;
}

def CF_BranchOp : CF_Op<"br", [Pure, Terminator,
    DeclareOpInterfaceMethods<BranchOpInterface, ["getSuccessorForOperands"]>]> {
  let summary = "Unconditional branch";
  let description = [{
    `cf.br ^bb1(%a : i32)` transfers control to `^bb1`, passing the operands as its
    block arguments.
  }];
  let arguments = (ins Variadic<AnyType>:$destOperands);
  let successors = (successor AnySuccessor:$dest);
  let assemblyFormat = [{
    $dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict
  }];
  let hasVerifier = 1;
  let hasCanonicalizeMethod = 1;
}

def CF_CondBranchOp : CF_Op<"cond_br", [AttrSizedOperandSegments, Pure, Terminator,
    DeclareOpInterfaceMethods<BranchOpInterface, ["getSuccessorForOperands"]>]> {
  let summary = "Conditional branch";
  let description = [{
    `cf.cond_br %c, ^bb1(%a : i32), ^bb2` branches to the first successor when `%c` is
    true, to the second otherwise, each with its own operands.
  }];
  let arguments = (ins I1:$condition, Variadic<AnyType>:$trueDestOperands,
                       Variadic<AnyType>:$falseDestOperands,
                       OptionalAttr<DenseI32ArrayAttr>:$branch_weights);
  let successors = (successor AnySuccessor:$trueDest, AnySuccessor:$falseDest);
  let assemblyFormat = [{
    $condition (`weights` `(` $branch_weights^ `)`)? `,`
    $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,`
    $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)?
    attr-dict
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def CF_SwitchOp : CF_Op<"switch", [AttrSizedOperandSegments, Pure, Terminator,
    DeclareOpInterfaceMethods<BranchOpInterface, ["getSuccessorForOperands"]>]> {
  let summary = "Multi-way branch on an integer";
  let description = [{
    `cf.switch %flag : i32, [default: ^bb1, 42: ^bb2(%a : i32)]` branches to the
    successor of the case equal to `%flag`, or to the default.
  }];
  let arguments = (ins AnyInteger:$flag, Variadic<AnyType>:$defaultOperands,
                       Variadic<AnyType>:$caseOperands,
                       OptionalAttr<AnyIntElementsAttr>:$case_values,
                       DenseI32ArrayAttr:$case_operand_segments);
  let successors = (successor AnySuccessor:$defaultDestination,
                              VariadicSuccessor<AnySuccessor>:$caseDestinations);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

#endif // PTO_CF_OPS
