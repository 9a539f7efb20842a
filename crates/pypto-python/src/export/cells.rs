//! Cells (variables assigned more than once) in the Python form: `pypto.var` prints
//! nothing, `pypto.assign` prints `x: T = value`, and `pypto.read` prints the name. An
//! assignment that binds a parameter, loop variable or yield target to the cell of the
//! same name is the binding Python makes itself, so it prints nothing.

use pto_ir::{OpId, ValueId};

use super::{Exporter, R};

impl<'c> Exporter<'_, 'c> {
    /// Records the assignments that bind a named value to the cell of its name.
    pub(super) fn find_bindings(&mut self, block: pto_ir::BlockId) {
        for op in self.body.block_ops(block) {
            if self.body.op_name(op).as_str() == pto_pypto::AssignOp::NAME {
                let (cell, v) = (self.body.operand(op, 0), self.body.operand(op, 1));
                let inlined = self
                    .body
                    .defining_op(v)
                    .is_some_and(|d| self.inline.contains(&d));
                if !inlined && self.names.get(&v) == self.names.get(&cell) {
                    self.bound.insert(v, cell);
                }
            }
            for &region in self.body.regions_of(op) {
                for b in self.body.region_blocks(region) {
                    self.find_bindings(b);
                }
            }
        }
    }

    /// Whether `op` is an assignment that binds a value to its own name's cell.
    pub(super) fn is_binding(&self, op: OpId) -> bool {
        self.body.op_name(op).as_str() == pto_pypto::AssignOp::NAME
            && self.bound.get(&self.body.operand(op, 1)) == Some(&self.body.operand(op, 0))
    }

    /// Whether `op` reads a cell that is assigned between it and `user` (then the name
    /// printed at `user` would not mean the value read).
    pub(super) fn cell_written_before(&self, op: OpId, user: OpId) -> bool {
        if self.body.op_name(op).as_str() != pto_pypto::ReadOp::NAME {
            return false;
        }
        let cell = self.body.operand(op, 0);
        let mut at = self.body.next_op(op);
        while let Some(o) = at.filter(|&o| o != user) {
            if self.writes(o, cell) {
                return true;
            }
            at = self.body.next_op(o);
        }
        false
    }

    /// Whether `op` or an op nested in it assigns `cell`.
    fn writes(&self, op: OpId, cell: ValueId) -> bool {
        if self.body.op_name(op).as_str() == pto_pypto::AssignOp::NAME
            && self.body.operand(op, 0) == cell
        {
            return true;
        }
        self.body.regions_of(op).iter().any(|&r| {
            self.body
                .region_blocks(r)
                .any(|b| self.body.block_ops(b).any(|o| self.writes(o, cell)))
        })
    }

    /// `x: T = value`, or nothing for a binding whose names still agree.
    pub(super) fn assign_stmt(&mut self, op: OpId, indent: usize) -> R<'c, ()> {
        let (cell, v) = (self.body.operand(op, 0), self.body.operand(op, 1));
        if self.is_binding(op) && self.name(v) == self.name(cell) {
            return Ok(());
        }
        let t = self.body.value_type(v);
        let value = self.value(v, Some(t))?.0;
        let s = format!("{}: {} = {value}", self.name(cell), self.ty(t, op)?);
        self.line(indent, &s);
        Ok(())
    }
}
