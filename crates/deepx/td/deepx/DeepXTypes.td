// Types of the `deepx` dialect.

#ifndef DEEPX_TYPES
#define DEEPX_TYPES

include "deepx/DeepXBase.td"

class DeepX_Type<string name, string typeMnemonic> : TypeDef<DeepX_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def DeepX_TensorType : DeepX_Type<"Tensor", "tensor"> {
  let summary = "A named tensor (a reference), its shape and data type optionally constrained";
  let description = [{
    `!deepx.tensor<[2, 4], f32>` (DeepX's `tensor<2x4xf32>`), `!deepx.tensor<[?1,
    ?2], f32>` (dimension variables), `!deepx.tensor<[?, ?], i32>` (any sizes),
    `!deepx.tensor<f32>` (any shape), `!deepx.tensor` (any shape and data type);
    the data type may be a union (`!deepx.union<f32, f64>`).
  }];
  let parameters = (ins OptionalParameter<"Attribute">:$shape,
                        OptionalParameter<"Type">:$dtype);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def DeepX_UnionType : DeepX_Type<"Union", "union"> {
  let summary = "One of several data types (DeepX's `f32|f64`)";
  let parameters = (ins ArrayRefParameter<"Type">:$members);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def DeepX_ListType : DeepX_Type<"List", "list"> {
  let summary = "A list of values of one type (DeepX's `list<T>`, dxlang's `T[]`)";
  let parameters = (ins "Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
}

def DeepX_StringType : DeepX_Type<"String", "string"> {
  let summary = "A string (file paths, names, print formats)";
}

def DeepX_Tensor : Type<CPred<"::pto::deepx::isTensor($_self)">, "deepx tensor">;
def DeepX_BoolTensor : Type<CPred<"::pto::deepx::isBoolTensor($_self)">,
    "deepx tensor of bool">;
def DeepX_FloatTensor : Type<CPred<"::pto::deepx::isFloatTensor($_self)">,
    "deepx tensor of f16|f32|f64|bf16|bf8">;
def DeepX_IntTensor : Type<CPred<"::pto::deepx::isIntTensor($_self)">,
    "deepx tensor of i8|i16|i32|i64|u8|bool">;
def DeepX_IndexTensor : Type<CPred<"::pto::deepx::isIndexTensor($_self)">,
    "deepx tensor of i32|i64">;
def DeepX_CaseTensor : Type<CPred<"::pto::deepx::isCaseTensor($_self)">,
    "deepx tensor of i32|bool">;
def DeepX_Scalar : Type<CPred<"::pto::deepx::isScalar($_self)">, "deepx scalar">;
def DeepX_IntScalar : Type<CPred<"::pto::deepx::isIntScalar($_self)">,
    "deepx integer scalar">;
def DeepX_BoolScalar : Type<CPred<"::pto::deepx::isBoolScalar($_self)">, "deepx bool">;
def DeepX_IntList : Type<CPred<"::pto::deepx::isIntList($_self)">,
    "deepx integer or list of integers">;
def DeepX_TensorList : Type<CPred<"::pto::deepx::isTensorList($_self)">,
    "deepx list of tensors">;
def DeepX_Str : Type<CPred<"::pto::deepx::isString($_self)">, "deepx string">;
def DeepX_Literal : Type<CPred<"::pto::deepx::isLiteralType($_self)">,
    "deepx scalar, string or list of scalars">;

#endif // DEEPX_TYPES
