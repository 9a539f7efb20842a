// Multi-index extractvalue/insertvalue, which LLVM's C API lacks (LLVMBuildExtractValue
// and LLVMBuildInsertValue take one index). mlir-translate emits one instruction for a
// nested position such as `insertvalue %desc, i64 %n, 3, 0`; so do we, through
// IRBuilder's own entry points. Compiled by build.rs against LLVM 22's headers.

#include <llvm-c/Core.h>
#include <llvm/ADT/ArrayRef.h>
#include <llvm/IR/IRBuilder.h>

extern "C" LLVMValueRef pto_llvm_build_extract_value(LLVMBuilderRef builder,
                                                     LLVMValueRef aggregate,
                                                     const unsigned *indices,
                                                     unsigned count) {
  return llvm::wrap(llvm::unwrap(builder)->CreateExtractValue(
      llvm::unwrap(aggregate), llvm::ArrayRef<unsigned>(indices, count)));
}

extern "C" LLVMValueRef pto_llvm_build_insert_value(LLVMBuilderRef builder,
                                                    LLVMValueRef aggregate,
                                                    LLVMValueRef value,
                                                    const unsigned *indices,
                                                    unsigned count) {
  return llvm::wrap(llvm::unwrap(builder)->CreateInsertValue(
      llvm::unwrap(aggregate), llvm::unwrap(value),
      llvm::ArrayRef<unsigned>(indices, count)));
}

#include <llvm/Analysis/ConstantFolding.h>
#include <llvm/IR/Module.h>

// Folds a constant expression with the module's data layout, as the IRBuilder with a
// TargetFolder that mlir-translate uses does (`ptrtoint (gep null, 32)` becomes 128);
// the C API's builder folds without a data layout. Other values come back unchanged.
extern "C" LLVMValueRef pto_llvm_fold_constant(LLVMValueRef value,
                                               LLVMModuleRef module) {
  auto *constant = llvm::dyn_cast<llvm::Constant>(llvm::unwrap(value));
  if (!constant || llvm::isa<llvm::GlobalValue>(constant))
    return value;
  llvm::Constant *folded = llvm::ConstantFoldConstant(
      constant, llvm::unwrap(module)->getDataLayout());
  return folded ? llvm::wrap(folded) : value;
}

#include <llvm/IR/Instructions.h>

// Marks an alloca `inalloca` (no C API setter).
extern "C" void pto_llvm_set_inalloca(LLVMValueRef alloca) {
  if (auto *inst = llvm::dyn_cast<llvm::AllocaInst>(llvm::unwrap(alloca)))
    inst->setUsedWithInAlloca(true);
}
