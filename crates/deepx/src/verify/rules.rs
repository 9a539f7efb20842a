//! The shape rules of `deepx-verify`: what each [`ShapeRule`] says the written tensor's
//! shape is, checked against (or, when inferring, given to) the tensor it writes, and
//! the data types elementwise ops keep.

use pto_ir::{Diagnostic, Location, OpId, Type, ValueId};

use super::{const_ints, shape_text, value_name, Checker, Role};
use crate::shapes::ShapeRule;
use crate::types::{deepx_spelling, members, Dim, TensorInfo};
use crate::{ListOp, ShapeRuleOpInterface, ToDTypeOp};

impl<'c> Checker<'_, 'c> {
    /// The shape of the first tensor read and the constant integers of the second
    /// operand read (a reshape's shape, a permutation...), when both are known.
    fn shape_and_ints(
        &self,
        tensors: &[ValueId],
        reads: &[ValueId],
    ) -> Option<(Vec<Dim>, Vec<i64>)> {
        let a = tensors.first().and_then(|&t| self.shape_of(t))?;
        let ints = reads.get(1).and_then(|&v| const_ints(self.body, v))?;
        Some((a, ints))
    }

    fn report(&mut self, op: OpId, what: String, why: (String, Option<Location<'c>>)) {
        let loc = self.body.op_loc(op);
        let mut d = Diagnostic::error(loc, format!("{what}: {}", why.0));
        if let Some(l) = why.1 {
            d = d.with_note(l, "the dimension variable got its size here");
        }
        self.out.push(d);
    }

    /// `written` must have shape `expect`.
    fn expect_shape(&mut self, op: OpId, written: ValueId, expect: &[Dim], rule: &str) {
        let got = self.shape_of(written);
        let expect_resolved: Vec<Dim> = expect.iter().map(|&d| self.resolve(d)).collect();
        if let Some(refined) = &mut self.refined {
            // An open shape takes what the rule says.
            let open = got
                .as_ref()
                .is_none_or(|g| g.len() == expect.len() && g.contains(&Dim::Any));
            if open {
                let mut s: Vec<Dim> = expect_resolved;
                if let Some(g) = &got {
                    for (x, y) in s.iter_mut().zip(g) {
                        if *x == Dim::Any {
                            *x = *y;
                        }
                    }
                }
                refined.insert(written, s);
                return;
            }
        }
        let Some(got) = got else {
            return;
        };
        let name = value_name(self.body, written);
        let op_text = crate::mnemonic(self.body, op);
        if got.len() != expect.len() {
            let loc = self.body.op_loc(op);
            self.error(
                loc,
                format!(
                    "'{op_text}' writes a tensor of shape {} ({rule}) but '{name}' has shape {}",
                    shape_text(expect),
                    shape_text(&got)
                ),
            );
            return;
        }
        let at = self.body.op_loc(op);
        for (i, (&g, &e)) in got.iter().zip(expect).enumerate() {
            if let Err(why) = self.unify(g, e, at) {
                self.report(op, format!("'{op_text}' writes shape {} ({rule}) but '{name}' has shape {}, dimension {i}", shape_text(expect), shape_text(&got)), why);
                return;
            }
        }
    }

    pub(super) fn shapes(&mut self, op: OpId) {
        let Some(model) = self
            .ctx
            .op_interface::<dyn ShapeRuleOpInterface>(self.body, op)
        else {
            return;
        };
        let rule = model.shape_rule();
        let roles = self.roles(op);
        let reads: Vec<ValueId> = roles
            .iter()
            .filter(|r| r.1 == Role::Read)
            .map(|r| r.0)
            .collect();
        let Some(&(out, _)) = roles.iter().find(|r| r.1 == Role::Write) else {
            return;
        };
        let tensors: Vec<ValueId> = reads
            .iter()
            .copied()
            .filter(|&v| TensorInfo::of(self.body.value_type(v)).is_some())
            .collect();
        let op_text = crate::mnemonic(self.body, op);
        let at = self.body.op_loc(op);
        self.dtypes(op, &tensors, out);
        match rule {
            ShapeRule::None => {}
            ShapeRule::Same => {
                if let Some(s) = tensors.first().and_then(|&t| self.shape_of(t)) {
                    self.expect_shape(op, out, &s, "the shape of its input");
                }
            }
            ShapeRule::Broadcast => {
                let shapes: Option<Vec<Vec<Dim>>> =
                    tensors.iter().map(|&t| self.shape_of(t)).collect();
                let Some(shapes) = shapes else { return };
                let Some(result) = self.broadcast_all(op, &op_text, &tensors, &shapes) else {
                    return;
                };
                self.expect_shape(op, out, &result, "its inputs broadcast");
            }
            ShapeRule::Switch => {
                // The choices come in a list: their shapes and the cases' broadcast.
                let mut vals: Vec<ValueId> = Vec::new();
                if let Some(&list) = reads.first() {
                    if let Some(l) = self
                        .body
                        .defining_op(list)
                        .filter(|&o| ListOp::from_op(self.body, o).is_some())
                    {
                        vals.extend(self.body.operands(l));
                    }
                }
                vals.extend(tensors.iter().copied());
                let shapes: Option<Vec<Vec<Dim>>> =
                    vals.iter().map(|&t| self.shape_of(t)).collect();
                let Some(shapes) = shapes else { return };
                if let Some(result) = self.broadcast_all(op, &op_text, &vals, &shapes) {
                    self.expect_shape(op, out, &result, "its inputs broadcast");
                }
            }
            ShapeRule::Matmul => {
                let (Some(a), Some(b)) = (
                    tensors.first().and_then(|&t| self.shape_of(t)),
                    tensors.get(1).and_then(|&t| self.shape_of(t)),
                ) else {
                    return;
                };
                if a.len() < 2 || b.len() < 2 {
                    self.error(
                        at,
                        format!(
                            "'matmul' needs tensors of rank 2 or more, got {} and {}",
                            shape_text(&a),
                            shape_text(&b)
                        ),
                    );
                    return;
                }
                let (an, bn) = (
                    value_name(self.body, tensors[0]),
                    value_name(self.body, tensors[1]),
                );
                if let Err(why) = self.unify(a[a.len() - 1], b[b.len() - 2], at) {
                    self.report(
                        op,
                        format!(
                            "'matmul' needs {an}[-1] == {bn}[-2] ({} x {})",
                            shape_text(&a),
                            shape_text(&b)
                        ),
                        why,
                    );
                    return;
                }
                let mut result = a.clone();
                *result.last_mut().expect("rank 2") = b[b.len() - 1];
                self.expect_shape(op, out, &result, "A with its last dimension B's");
            }
            ShapeRule::Reduce => {
                let Some(a) = tensors.first().and_then(|&t| self.shape_of(t)) else {
                    return;
                };
                let (Some(axes), Some(keep)) = (
                    reads.get(1).and_then(|&v| const_ints(self.body, v)),
                    reads.get(2).and_then(|&v| const_ints(self.body, v)),
                ) else {
                    return;
                };
                let rank = a.len() as i64;
                let mut norm = Vec::new();
                for &x in &axes {
                    let n = if x < 0 { x + rank } else { x };
                    if !(0..rank).contains(&n) {
                        self.error(
                            at,
                            format!("'{op_text}' axis {x} is out of range for rank {rank}"),
                        );
                        return;
                    }
                    if !norm.contains(&n) {
                        norm.push(n);
                    }
                }
                let all = norm.is_empty();
                let mut result: Vec<Dim> = Vec::new();
                for (i, &d) in a.iter().enumerate() {
                    if all || norm.contains(&(i as i64)) {
                        if keep.first() == Some(&1) {
                            result.push(Dim::Static(1));
                        }
                    } else {
                        result.push(d);
                    }
                }
                if result.is_empty() {
                    result.push(Dim::Static(1));
                }
                self.expect_shape(op, out, &result, "the reduced shape");
            }
            ShapeRule::Concat => {
                let mut vals: Vec<ValueId> = Vec::new();
                if let Some(l) = reads
                    .first()
                    .and_then(|&list| self.body.defining_op(list))
                    .filter(|&o| ListOp::from_op(self.body, o).is_some())
                {
                    vals.extend(self.body.operands(l));
                }
                let shapes: Option<Vec<Vec<Dim>>> =
                    vals.iter().map(|&t| self.shape_of(t)).collect();
                let (Some(shapes), Some(axis)) = (
                    shapes,
                    reads
                        .get(1)
                        .and_then(|&v| const_ints(self.body, v))
                        .and_then(|v| v.first().copied()),
                ) else {
                    return;
                };
                let Some(first) = shapes.first().cloned() else {
                    return;
                };
                let rank = first.len() as i64;
                let axis = if axis < 0 { axis + rank } else { axis };
                if !(0..rank).contains(&axis) {
                    self.error(at, format!("'concat' axis is out of range for rank {rank}"));
                    return;
                }
                let mut result = first.clone();
                let mut total: Option<i64> = Some(0);
                for (k, s) in shapes.iter().enumerate() {
                    if s.len() != first.len() {
                        self.error(
                            at,
                            format!(
                                "'concat' needs tensors of one rank, got {} and {}",
                                shape_text(&first),
                                shape_text(s)
                            ),
                        );
                        return;
                    }
                    for i in 0..s.len() {
                        if i as i64 == axis {
                            total = total
                                .zip(self.resolve(s[i]).as_static())
                                .map(|(t, x)| t + x);
                        } else if let Err(why) = self.unify(result[i], s[i], at) {
                            let n = value_name(self.body, vals[k]);
                            self.report(op, format!("'concat' needs equal dimensions off the axis ('{n}' dimension {i})"), why);
                            return;
                        }
                    }
                }
                result[axis as usize] = total.map_or(Dim::Any, Dim::Static);
                self.expect_shape(op, out, &result, "the tensors joined");
            }
            ShapeRule::Reshape => {
                let Some((a, to)) = self.shape_and_ints(&tensors, &reads) else {
                    return;
                };
                let count = |s: &[Dim]| {
                    s.iter()
                        .map(|d| self.resolve(*d).as_static())
                        .try_fold(1i64, |acc, x| acc.checked_mul(x?))
                };
                let target: Vec<Dim> = to
                    .iter()
                    .map(|&x| if x < 0 { Dim::Any } else { Dim::Static(x) })
                    .collect();
                if let (Some(x), Some(y)) = (count(&a), count(&target)) {
                    if x != y {
                        self.error(
                            at,
                            format!(
                                "'reshape' keeps the number of elements: {} has {x}, {} has {y}",
                                shape_text(&a),
                                shape_text(&target)
                            ),
                        );
                        return;
                    }
                }
                self.expect_shape(op, out, &target, "the shape given");
            }
            ShapeRule::Transpose => {
                let Some((a, perm)) = self.shape_and_ints(&tensors, &reads) else {
                    return;
                };
                let mut sorted = perm.clone();
                sorted.sort_unstable();
                if sorted != (0..a.len() as i64).collect::<Vec<_>>() {
                    self.error(at, format!("'transpose' dim_order {perm:?} is not a permutation of the {} dimensions", a.len()));
                    return;
                }
                let result: Vec<Dim> = perm.iter().map(|&p| a[p as usize]).collect();
                self.expect_shape(op, out, &result, "the dimensions permuted");
            }
            ShapeRule::BroadcastTo => {
                let Some((a, to)) = self.shape_and_ints(&tensors, &reads) else {
                    return;
                };
                let target: Vec<Dim> = to.iter().map(|&x| Dim::Static(x)).collect();
                if a.len() > target.len() {
                    self.error(
                        at,
                        format!(
                            "'broadcastTo' cannot lower the rank of {} to {}",
                            shape_text(&a),
                            shape_text(&target)
                        ),
                    );
                    return;
                }
                for (x, y) in a.iter().rev().zip(target.iter().rev()) {
                    if self.resolve(*x) != Dim::Static(1) {
                        if let Err(why) = self.unify(*x, *y, at) {
                            self.report(
                                op,
                                format!(
                                    "'broadcastTo' cannot broadcast {} to {}",
                                    shape_text(&a),
                                    shape_text(&target)
                                ),
                                why,
                            );
                            return;
                        }
                    }
                }
                self.expect_shape(op, out, &target, "the shape given");
            }
            ShapeRule::Repeat => {
                let Some((a, reps)) = self.shape_and_ints(&tensors, &reads) else {
                    return;
                };
                if reps.len() != a.len() {
                    self.error(
                        at,
                        format!(
                            "'repeat' needs one count per dimension of {}, got {}",
                            shape_text(&a),
                            reps.len()
                        ),
                    );
                    return;
                }
                let result: Vec<Dim> = a
                    .iter()
                    .zip(&reps)
                    .map(|(d, &r)| match self.resolve(*d) {
                        Dim::Static(x) => Dim::Static(x * r),
                        other if r == 1 => other,
                        _ => Dim::Any,
                    })
                    .collect();
                self.expect_shape(op, out, &result, "each dimension repeated");
            }
            ShapeRule::IndexSelect => {
                let (Some(a), Some(idx), Some(axis)) = (
                    tensors.first().and_then(|&t| self.shape_of(t)),
                    tensors.get(1).and_then(|&t| self.shape_of(t)),
                    reads
                        .get(2)
                        .and_then(|&v| const_ints(self.body, v))
                        .and_then(|v| v.first().copied()),
                ) else {
                    return;
                };
                let rank = a.len() as i64;
                let axis = if axis < 0 { axis + rank } else { axis };
                if !(0..rank).contains(&axis) {
                    self.error(
                        at,
                        format!("'indexselect' axis is out of range for rank {rank}"),
                    );
                    return;
                }
                let n = idx
                    .iter()
                    .map(|d| self.resolve(*d).as_static())
                    .try_fold(1i64, |acc, x| Some(acc * x?));
                let mut result = a.clone();
                result[axis as usize] = n.map_or(Dim::Any, Dim::Static);
                self.expect_shape(op, out, &result, "A with the selected slices");
            }
        }
    }

    fn broadcast_all(
        &mut self,
        op: OpId,
        op_text: &str,
        vals: &[ValueId],
        shapes: &[Vec<Dim>],
    ) -> Option<Vec<Dim>> {
        let at = self.body.op_loc(op);
        let rank = shapes.iter().map(Vec::len).max()?;
        let mut result = vec![Dim::Static(1); rank];
        for (k, s) in shapes.iter().enumerate() {
            let off = rank - s.len();
            for (i, &d) in s.iter().enumerate() {
                match self.broadcast_dim(result[off + i], d, at) {
                    Ok(x) => result[off + i] = x,
                    Err(why) => {
                        let names: Vec<String> = vals[..=k]
                            .iter()
                            .zip(shapes)
                            .map(|(&v, s)| {
                                format!("'{}' {}", value_name(self.body, v), shape_text(s))
                            })
                            .collect();
                        self.report(
                            op,
                            format!(
                                "'{op_text}' cannot broadcast {} (aligned from the right)",
                                names.join(" with ")
                            ),
                            why,
                        );
                        return None;
                    }
                }
            }
        }
        Some(result)
    }

    /// Elementwise ops keep one data type (a mask is `bool`, `todtype` converts).
    fn dtypes(&mut self, op: OpId, tensors: &[ValueId], out: ValueId) {
        let dt = |v: ValueId| TensorInfo::of(self.body.value_type(v)).and_then(|i| i.dtype);
        let mut all: Vec<ValueId> = tensors.to_vec();
        let out_dt = dt(out);
        let is_mask = out_dt.is_some_and(|t| crate::types::dtype_name(t) == Some("bool"))
            && tensors
                .iter()
                .any(|&t| dt(t).is_some_and(|d| crate::types::dtype_name(d) != Some("bool")));
        if ToDTypeOp::from_op(self.body, op).is_none() && !is_mask {
            all.push(out);
        }
        if self
            .ctx
            .op_interface::<dyn ShapeRuleOpInterface>(self.body, op)
            .map(|m| m.shape_rule())
            == Some(ShapeRule::IndexSelect)
        {
            all.retain(|&v| Some(&v) != tensors.get(1));
        }
        let known: Vec<(ValueId, Type<'c>)> =
            all.iter().filter_map(|&v| Some((v, dt(v)?))).collect();
        for w in known.windows(2) {
            let (a, b) = (members(w[0].1), members(w[1].1));
            if !a.iter().any(|x| b.contains(x)) {
                let loc = self.body.op_loc(op);
                let op_text = crate::mnemonic(self.body, op);
                self.error(
                    loc,
                    format!(
                        "'{op_text}' mixes data types: '{}' is {} and '{}' is {}",
                        value_name(self.body, w[0].0),
                        deepx_spelling(w[0].1),
                        value_name(self.body, w[1].0),
                        deepx_spelling(w[1].1)
                    ),
                );
                return;
            }
        }
    }
}
