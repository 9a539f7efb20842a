// Variables of programs that are not in SSA form: PyPTO lets a Python variable be
// assigned several times, in straight-line code and inside loops and branches. Such a
// variable is a cell (`pypto.var`) written by `pypto.assign` and read by `pypto.read`,
// as a memory slot is by `memref.alloca`, `memref.store` and `memref.load`;
// `pypto-convert-to-ssa` promotes cells to SSA values, iter_args and yields (a
// structured mem2reg). The variable's name is the location of its `pypto.var`.
// `pypto.alias` keeps `y = x` (an assignment whose value is another variable).

#ifndef PYPTO_VAR_OPS
#define PYPTO_VAR_OPS

def PyPTO_VarOp : PyPTO_Op<"var"> {
  let summary = "Declares a variable that is assigned more than once";
  let description = [{
    `%v = pypto.var : !pypto.var<f32> loc("x")`. The cell holds no value until the
    first `pypto.assign`; reading it before is an error of `pypto-convert-to-ssa`.
  }];
  let results = (outs Res<PyPTO_VarType, "", [MemAlloc]>:$var);
  let assemblyFormat = "attr-dict `:` type($var)";
}

def PyPTO_AssignOp : PyPTO_Op<"assign"> {
  let summary = "Assigns a value to a variable (`x = value`)";
  let description = [{
    `pypto.assign %v, %value : !pypto.var<f32>, f32`. The value has the type of the variable.
  }];
  let arguments = (ins Arg<PyPTO_VarType, "", [MemWrite]>:$var, AnyType:$value);
  let assemblyFormat = "$var `,` $value attr-dict `:` type($var) `,` type($value)";
  let hasVerifier = 1;
}

def PyPTO_ReadOp : PyPTO_Op<"read"> {
  let summary = "The current value of a variable (a use of `x`)";
  let arguments = (ins Arg<PyPTO_VarType, "", [MemRead]>:$var);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$var attr-dict `:` type($var) `->` type($result)";
  let hasVerifier = 1;
}

def PyPTO_AliasOp : PyPTO_Op<"alias", [Pure, SameOperandsAndResultType]> {
  let summary = "Another name for a value (`y = x`)";
  let description = [{
    `%y = pypto.alias %x : f32 loc("y")`: PyPTO's assignment of a variable to another.
    It folds to its operand.
  }];
  let arguments = (ins AnyType:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$value attr-dict `:` type($result)";
  let hasFolder = 1;
}

#endif // PYPTO_VAR_OPS
