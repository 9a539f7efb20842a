//===- interp/Interfaces.td - The reference interpreter's op interface ---------===//
//
// What an op does when the reference interpreter runs it. Ops of MLIR's upstream
// dialects get their models from pto-interp (`register_semantics`), attached from
// outside their dialects as MLIR's external models are; another crate attaches models
// for its own ops the same way.
//
//===----------------------------------------------------------------------------===//

#ifndef INTERP_INTERFACES_TD
#define INTERP_INTERFACES_TD

include "pto/Interfaces.td"

def Interp_InterpretableOpInterface : RustOpInterface<"InterpretableOpInterface"> {
  let cppNamespace = "::pto_interp";
  let description = [{
    The semantics of an op in the reference interpreter: given the running frame (the
    values of its region, a way to run nested regions and call functions), what the op
    produces: result values, a branch to a block, or the values with which it leaves
    its region.
  }];
  let methods = [
    InterfaceMethod<"Runs the op.",
      "Result<::pto_interp::Step, Diagnostic<'c>>", "interpret",
      (ins "&mut ::pto_interp::Frame<'_, '_, 'c>":$frame, "OpId":$op)>
  ];
}

#endif // INTERP_INTERFACES_TD
