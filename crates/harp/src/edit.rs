//! Small IR edits the Harp passes share.

use pto_ir::{Attribute, Body, Context, OpId};

/// Replaces the property `name` of `op`.
pub fn set_prop<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    op: OpId,
    name: &str,
    value: Attribute<'c>,
) {
    let props = ctx.dict_with(body.op_props(op), name, Some(value));
    body.set_op_props(op, Some(props));
}

/// The top-level ops of `body` that `is` accepts (a pass's functions or graphs).
pub fn top_level_ops(body: &Body<'_>, is: impl Fn(&Body<'_>, OpId) -> bool) -> Vec<OpId> {
    body.all_ops()
        .into_iter()
        .filter(|&op| is(body, op))
        .collect()
}
