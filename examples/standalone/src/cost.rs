//! `standalone-annotate-cost`: gives each function of the module an attribute
//! (`standalone.cost` by default) with what its `standalone` ops cost once lowered, as
//! their `CostOpInterface` models say.

use pto_dialects::func::FuncOp;
use pto_ir::{Body, Context, Diagnostic, OpId};
use pto_pass::{Pass, PassTarget};

use crate::CostOpInterface;

/// The cost of the ops of `body` and of the bodies nested in it.
fn cost_of<'c>(ctx: &'c Context, body: &Body<'c>) -> u64 {
    body.all_ops()
        .into_iter()
        .map(|op| {
            let own = <dyn CostOpInterface>::of(ctx, body, op).map_or(0, |m| m.cost(body, op));
            own + body.nested(op).map_or(0, |n| cost_of(ctx, n))
        })
        .sum()
}

impl Pass for crate::StandaloneAnnotateCost {
    fn run<'c>(
        &self,
        ctx: &'c Context,
        target: &mut PassTarget<'_, 'c>,
    ) -> Result<(), Diagnostic<'c>> {
        let body = &mut *target.body;
        let funcs: Vec<OpId> = body
            .all_ops()
            .into_iter()
            .filter(|&op| FuncOp::from_op(body, op).is_some())
            .collect();
        for f in funcs {
            let total = body.nested(f).map_or(0, |n| cost_of(ctx, n));
            let attrs = ctx.dict_with(
                Some(body.op_attrs(f)),
                &self.options.attr_name,
                Some(ctx.int_attr(ctx.int_type(64), i128::from(total))),
            );
            body.set_op_attrs(f, attrs);
        }
        Ok(())
    }
}
