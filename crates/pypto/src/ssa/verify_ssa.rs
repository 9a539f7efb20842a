//! `pypto-verify-ssa`: PyPTO's VerifySSA on the names of a function (its IR is SSA by
//! construction; PyPTO's variables are names). It reports, without changing anything:
//! - a name assigned more than once in the function (assignment targets and return
//!   variables of `for`/`if` count; parameters do not), at each later definition;
//! - a definition (assignment target, return variable, loop variable, iter_arg) whose
//!   name is defined in an enclosing scope (shadowing);
//! - variables that are still cells (`pypto.var`: run `pypto-convert-to-ssa`);
//! - a `for` with iter_args or an `if` with return variables whose bodies do not end in
//!   a yield of one value per return variable (MLIR's verifier of `scf` ensures this for
//!   parsed IR; IR built in memory is checked here).
//!
//! Every finding is an error; the first carries the others as notes of its own, as
//! `pto-verify-sync` reports.

use rustc_hash::{FxHashMap, FxHashSet};

use pto_ir::{BlockId, Body, Context, Diagnostic, Location, OpId};
use pto_pass::{Pass, PassTarget};

use super::names::{arg_name, result_names};
use pto_dialects::scf;

impl Pass for crate::VerifySSA {
    fn run<'c>(
        &self,
        _: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let mut errors = verify_function(target.body).into_iter();
        match errors.next() {
            None => Ok(()),
            Some(mut first) => {
                first.notes.extend(errors);
                Err(first)
            }
        }
    }
}

/// The findings of VerifySSA on a function body, in program order.
pub fn verify_function<'c>(body: &Body<'c>) -> Vec<Diagnostic<'c>> {
    let mut v = Verifier {
        body,
        scopes: vec![FxHashSet::default()],
        counts: FxHashMap::default(),
        errors: Vec::new(),
    };
    if let Some(entry) = body.root_entry_block() {
        for i in 0..body.block_args(entry).len() {
            if let Some(n) = arg_name(body, entry, i) {
                v.declare(n);
            }
        }
        v.block(entry);
    }
    v.errors
}

struct Verifier<'a, 'c> {
    body: &'a Body<'c>,
    scopes: Vec<FxHashSet<String>>,
    counts: FxHashMap<String, u32>,
    errors: Vec<Diagnostic<'c>>,
}

impl<'c> Verifier<'_, 'c> {
    fn declare(&mut self, name: &str) {
        self.scopes
            .last_mut()
            .expect("a scope")
            .insert(name.to_string());
    }

    fn shadowing(&mut self, name: &str, at: Location<'c>) {
        let outer = &self.scopes[..self.scopes.len() - 1];
        if outer.iter().any(|s| s.contains(name)) {
            self.errors.push(Diagnostic::error(
                at,
                format!(
                    "variable '{name}' shadows a variable of an enclosing scope with the same name"
                ),
            ));
        }
    }

    /// An assignment target or return variable.
    fn assigned(&mut self, name: &str, at: Location<'c>) {
        self.shadowing(name, at);
        self.declare(name);
        let n = self.counts.entry(name.to_string()).or_insert(0);
        *n += 1;
        if *n > 1 {
            let n = *n;
            self.errors.push(Diagnostic::error(
                at,
                format!(
                    "variable '{name}' is assigned more than once ({n} times), violating SSA form"
                ),
            ));
        }
    }

    fn results(&mut self, op: OpId) {
        let at = self.body.op_loc(op);
        for n in result_names(self.body, op).into_iter().flatten() {
            self.assigned(n, at);
        }
    }

    fn block(&mut self, block: BlockId) {
        for op in self.body.block_ops(block) {
            match self.body.op_name(op).as_str() {
                crate::VarOp::NAME => {
                    let name = super::names::loc_name(self.body.op_loc(op)).unwrap_or("?");
                    self.errors.push(Diagnostic::error(
                        self.body.op_loc(op),
                        format!("variable '{name}' is assigned more than once and is not in SSA form (run pypto-convert-to-ssa)"),
                    ));
                }
                scf::ForOp::NAME => self.for_op(op),
                scf::IfOp::NAME => self.if_op(op),
                _ => self.results(op),
            }
        }
    }

    /// Whether `block` ends in a yield of `n` values.
    fn yields(&self, block: Option<BlockId>, n: usize) -> bool {
        block.and_then(|b| self.body.last_op(b)).is_some_and(|y| {
            self.body.op_name(y).as_str() == scf::YieldOp::NAME && self.body.num_operands(y) == n
        })
    }

    fn for_op(&mut self, op: OpId) {
        self.results(op);
        let at = self.body.op_loc(op);
        let block = self.body.entry_block(self.body.regions_of(op)[0]);
        self.scopes.push(FxHashSet::default());
        if let Some(b) = block {
            for i in 0..self.body.block_args(b).len() {
                if let Some(n) = arg_name(self.body, b, i) {
                    self.shadowing(n, at);
                    self.declare(n);
                }
            }
            self.block(b);
        }
        self.scopes.pop();
        let n = self.body.num_results(op);
        if n > 0 && !self.yields(block, n) {
            self.errors.push(Diagnostic::error(
                at,
                "a for with iter_args must end its body with a yield of one value per iter_arg",
            ));
        }
    }

    fn if_op(&mut self, op: OpId) {
        self.results(op);
        let at = self.body.op_loc(op);
        let regions = self.body.regions_of(op).to_vec();
        let blocks: Vec<Option<BlockId>> =
            regions.iter().map(|&r| self.body.entry_block(r)).collect();
        for b in blocks.iter().flatten() {
            self.scopes.push(FxHashSet::default());
            self.block(*b);
            self.scopes.pop();
        }
        let n = self.body.num_results(op);
        if n == 0 {
            return;
        }
        if blocks.get(1).copied().flatten().is_none() {
            self.errors.push(Diagnostic::error(
                at,
                "an if with return variables must have an else branch",
            ));
            return;
        }
        for (k, which) in ["then", "else"].iter().enumerate() {
            if !self.yields(blocks[k], n) {
                self.errors.push(Diagnostic::error(
                    at,
                    format!("the {which} branch of an if with return variables must end with a yield of one value per return variable"),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pto_parser::{parse_source, ParseOptions};

    /// A yield that lost its values (IR built in memory, never verified) is reported.
    #[test]
    fn missing_yield_values_are_reported() {
        let mut ctx = Context::new();
        pto_dialects::register_dialects(&mut ctx);
        crate::register_dialects(&mut ctx);
        let text = "func.func @f(%c: i1, %n: i64) -> i64 {
  %c0 = pypto.const 0 : i64
  %c1 = pypto.const 1 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %n) -> (i64) : i64 {
    scf.yield %s : i64
  }
  %t = scf.if %c -> (i64) {
    scf.yield %r : i64
  } else {
    scf.yield %n : i64
  }
  return %t : i64
}";
        let mut m = parse_source(&ctx, text, "t.mlir", &ParseOptions::default()).expect("parses");
        let module = m.body.block_ops(m.block).next().expect("a module");
        let mregion = m.body.regions_of(module)[0];
        let mb = m.body.nested_mut(module).expect("isolated");
        let mblock = mb.region_blocks(mregion).next().expect("a block");
        let f = mb.block_ops(mblock).next().expect("a function");
        let fregion = mb.regions_of(f)[0];
        let fb = mb.nested_mut(f).expect("isolated");
        assert!(verify_function(fb).is_empty(), "valid before the change");
        let entry = fb.region_blocks(fregion).next().expect("an entry");
        let ops: Vec<OpId> = fb.block_ops(entry).collect();
        for &op in &ops[2..4] {
            for &r in fb.regions_of(op).to_vec().iter() {
                let b = fb.entry_block(r).expect("a block");
                let y = fb.last_op(b).expect("a yield");
                fb.set_operands(y, &[]);
            }
        }
        let messages: Vec<String> = verify_function(fb).into_iter().map(|d| d.message).collect();
        assert_eq!(
            messages,
            [
                "a for with iter_args must end its body with a yield of one value per iter_arg",
                "the then branch of an if with return variables must end with a yield of one value per return variable",
                "the else branch of an if with return variables must end with a yield of one value per return variable",
            ]
        );
    }
}
