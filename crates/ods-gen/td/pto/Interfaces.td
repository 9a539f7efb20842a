//===- pto/Interfaces.td - Op interfaces in Rust ------------------------------===//
//
// pto-mlir's op interfaces. pto-ods-gen puts this directory on every dialect's include
// path: a dialect `include "pto/Interfaces.td"` to define interfaces of its own.
//
// A `RustOpInterface` is an op interface whose method signatures are Rust: pto-ods-gen
// generates its trait in the Rust module `cppNamespace` names (a path starting with the
// crate, `::pto_tile`), and for each op that lists it (`DeclareOpInterfaceMethods<I>`,
// or `I` when every method has a default) a model whose methods call the dialect's
// hooks `<method>_<op>`. Method argument and result types are Rust; besides the IR's
// own names (`Body`, `OpId`, `Context`, `Type`, `Attribute`, ...), write paths in full
// (`::pto_tile::Pipe`). A `defaultImplementation` is Rust too. mlir-tblgen reads these
// records as any op interface.
//
//===----------------------------------------------------------------------------===//

#ifndef PTO_INTERFACES_TD
#define PTO_INTERFACES_TD

include "mlir/IR/OpBase.td"

class RustOpInterface<string name, list<Interface> baseInterfaces = []>
    : OpInterface<name, baseInterfaces>;

// MLIR's own interfaces that pto-mlir's transformations query. Their traits are in
// pto-ir (`pto_ir::op_interfaces`); an op lists MLIR's record
// (`DeclareOpInterfaceMethods<ConditionallySpeculatable>`), which pto-ods-gen maps to
// these by interface name; a C++ method name in the list (`getRegionInvocationBounds`)
// is the Rust one in snake case without `get` (`region_invocation_bounds`).

def Rust_ConditionallySpeculatable : RustOpInterface<"ConditionallySpeculatable"> {
  let cppNamespace = "::pto_ir::op_interfaces";
  let description = [{
    Whether an op may run where it would not have run (MLIR's
    `ConditionallySpeculatable`).
  }];
  let methods = [
    InterfaceMethod<"The op's speculatability.",
      "::pto_ir::op_interfaces::Speculatability", "speculatability",
      (ins "&'c Context":$ctx, "&Body<'c>":$body, "OpId":$op)>
  ];
}

def Rust_LoopLikeOpInterface : RustOpInterface<"LoopLikeOpInterface"> {
  let cppNamespace = "::pto_ir::op_interfaces";
  let description = [{ A loop (MLIR's `LoopLikeOpInterface`). }];
  let methods = [
    InterfaceMethod<"The regions that run once per iteration.",
      "::smallvec::SmallVec<[RegionId; 2]>", "loop_regions",
      (ins "&Body<'c>":$body, "OpId":$op)>
  ];
}

def Rust_RegionBranchOpInterface : RustOpInterface<"RegionBranchOpInterface"> {
  let cppNamespace = "::pto_ir::op_interfaces";
  let description = [{
    An op whose regions control flow enters and leaves (MLIR's
    `RegionBranchOpInterface`): where control goes from the op and from its regions'
    terminators, and which values go along.
  }];
  let methods = [
    InterfaceMethod<[{
        The control-flow edges entering from the op itself, given the constant values
        of its operands (`None` where not constant; an empty list: none known), as
        MLIR's `getEntrySuccessorRegions`.
      }],
      "Vec<::pto_ir::region_branch::Edge>", "entry_successors",
      (ins "&Body<'c>":$body, "OpId":$op, "&[Option<Attribute<'c>>]":$operands)>,
    InterfaceMethod<[{
        The control-flow edges out of `terminator`, the terminator of a block of region
        `region` of the op, given the constant values of the terminator's operands, as
        MLIR's `getSuccessorRegions` from a region.
      }],
      "Vec<::pto_ir::region_branch::Edge>", "region_successors",
      (ins "&Body<'c>":$body, "OpId":$op, "usize":$region, "OpId":$terminator,
           "&[Option<Attribute<'c>>]":$operands)>,
    InterfaceMethod<[{
        How often each region may run each time the op does, given the constant
        values of its operands (`None` where not constant): one entry per region;
        `None` if the op does not know.
      }],
      "Option<::smallvec::SmallVec<[::pto_ir::op_interfaces::InvocationBounds; 2]>>",
      "region_invocation_bounds",
      (ins "&'c Context":$ctx, "&Body<'c>":$body, "OpId":$op,
           "&[Option<Attribute<'c>>]":$operands),
      [{}], [{ None }]>
  ];
}

def Rust_BranchOpInterface : RustOpInterface<"BranchOpInterface"> {
  let cppNamespace = "::pto_ir::op_interfaces";
  let description = [{
    A terminator that branches to successor blocks, passing its successor operands as
    their arguments (MLIR's `BranchOpInterface`): the data-flow passes follow the
    operands into the blocks.
  }];
  let methods = [
    InterfaceMethod<[{
        The index of the successor the branch takes, given the constant values of its
        operands (`None` where not constant); `None` if that cannot be decided (MLIR's
        `getSuccessorForOperands`).
      }],
      "Option<usize>", "successor_for_operands",
      (ins "&Body<'c>":$body, "OpId":$op, "&[Option<Attribute<'c>>]":$operands),
      [{}], [{ None }]>
  ];
}

def Rust_RegionBranchTerminatorOpInterface
    : RustOpInterface<"RegionBranchTerminatorOpInterface"> {
  let cppNamespace = "::pto_ir::op_interfaces";
  let description = [{
    A terminator that passes values on to a region or out of a region op (MLIR's
    `RegionBranchTerminatorOpInterface`); the values are its operands, from the first
    the op's `RegionBranchOpInterface` edges say.
  }];
}

def Rust_FoldInPlaceOpInterface : RustOpInterface<"FoldInPlaceOpInterface"> {
  let cppNamespace = "::pto_ir::op_interfaces";
  let description = [{
    A fold that changes the op in place (MLIR's `fold` may; a `hasFolder` hook only
    reads), tried when the op's fold hook does not fold.
  }];
  let methods = [
    InterfaceMethod<"Folds the op in place; true if it changed.",
      "bool", "fold_in_place",
      (ins "&'c Context":$ctx, "&mut Body<'c>":$body, "OpId":$op)>
  ];
}

#endif // PTO_INTERFACES_TD
