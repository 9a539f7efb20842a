//! Entry ABIs: how a command line's arguments become the arguments of an entry function
//! whose lowering changed its signature, and how its results come back (`pto-run`).
//!
//! A front end whose lowering appends parameters (PyPTO's sizes of symbolic dimensions
//! and buffers for returned tensors) or reads arrays through pointers (`!pto.ptr`) adds
//! an [`EntryAbiProvider`] to the tool's registry; `pto-run` asks each provider whose
//! dialect a lowering handles for the entry's ABI just before that lowering runs, tells
//! it when the lowering is done, and uses it to build the call.

use pto_ir::module::Module;

use crate::Value;

/// An entry function's calling convention as its source declares it.
pub trait EntryAbi<'c> {
    /// How many arguments the command line gives, if this ABI decides it.
    fn arity(&self) -> Option<usize> {
        None
    }
    /// Whether command-line argument `i` was compiled into the code (a lowering that
    /// specializes to its arguments) and is not passed.
    fn consumed(&self, i: usize) -> bool {
        let _ = i;
        false
    }
    /// Whether parameter `i` of the lowered function takes a whole array, flattened
    /// (a pointer parameter).
    fn flattened(&self, i: usize) -> bool {
        let _ = i;
        false
    }
    /// Called once the lowering this ABI was captured for is done: what it appended.
    fn lowered(&mut self, module: &Module<'c>, entry: &str) -> Result<(), String> {
        let _ = (module, entry);
        Ok(())
    }
    /// Completes the arguments given (`args`, with the shapes of those that are arrays)
    /// with the ones the lowering appended. An error names the argument at fault, if one.
    fn complete_args(
        &self,
        args: &mut Vec<Value>,
        shapes: &mut Vec<Option<Vec<i64>>>,
    ) -> Result<(), (Option<usize>, String)> {
        let _ = (args, shapes);
        Ok(())
    }
    /// The source function's results, from the call's results and its final arguments.
    fn results(&self, results: Vec<Value>, args: &[Value]) -> Vec<Value> {
        let _ = args;
        results
    }
}

/// Makes the ABI of entry `entry` of a module about to be lowered from `dialect`.
pub struct EntryAbiProvider {
    /// The dialect whose lowering changes the signature.
    pub dialect: &'static str,
    /// The ABI of `entry`, read from the module before that lowering (`None`: the entry
    /// is not this dialect's).
    pub capture: for<'c> fn(&Module<'c>, &str) -> Option<Box<dyn EntryAbi<'c> + 'c>>,
}
