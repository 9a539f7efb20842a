//! The shape rules of DeepX's ops (deepx-core's `matmul_shape`, reductions, numpy
//! broadcasting, concat), as [`ShapeRule`]s that ops declare through
//! `ShapeRuleOpInterface` and `deepx-verify` checks.

/// How the shapes of an op's operands relate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ShapeRule {
    /// Nothing to check (init, io, lifetime).
    None,
    /// The written tensor has the shape of the read tensors broadcast together (numpy's
    /// rule, aligned from the right).
    Broadcast,
    /// The written tensor has the shape of the first read tensor (unary, tensor-scalar).
    Same,
    /// `C = A @ B` over the last two dimensions.
    Matmul,
    /// A reduction of `A` over `axis`, keeping dimensions as 1 with `keepdims`.
    Reduce,
    /// Tensors joined along a dimension.
    Concat,
    /// The same number of elements in another shape.
    Reshape,
    /// The dimensions permuted.
    Transpose,
    /// Broadcast to the given shape.
    BroadcastTo,
    /// Each dimension repeated.
    Repeat,
    /// Slices along an axis, as many as the index has elements.
    IndexSelect,
    /// The written tensor has the shape of the case tensor and of each choice.
    Switch,
}

/// The hooks of `ShapeRuleOpInterface`: each registry op's rule.
pub mod shape_rule_hooks {
    use super::ShapeRule;

    macro_rules! rules {
        ($($rule:ident: $($op:ident),+;)+) => {
            $($(
                #[allow(non_snake_case, missing_docs)]
                pub fn $op() -> ShapeRule {
                    ShapeRule::$rule
                }
            )+)+
        };
    }

    rules! {
        None: shape_rule_constant, shape_rule_zeros, shape_rule_arange, shape_rule_uniform,
            shape_rule_normal, shape_rule_dropout, shape_rule_print, shape_rule_save,
            shape_rule_load, shape_rule_loadtensordata;
        Same: shape_rule_copytensor, shape_rule_addscalar, shape_rule_subscalar,
            shape_rule_mulscalar, shape_rule_divscalar, shape_rule_powscalar,
            shape_rule_maxscalar, shape_rule_minscalar, shape_rule_rsubscalar,
            shape_rule_rdivscalar, shape_rule_rpowscalar, shape_rule_exp, shape_rule_log,
            shape_rule_sqrt, shape_rule_sin, shape_rule_cos, shape_rule_tan, shape_rule_gelu,
            shape_rule_relu, shape_rule_abs, shape_rule_neg, shape_rule_invert,
            shape_rule_todtype, shape_rule_lessscalar, shape_rule_greaterscalar,
            shape_rule_equalscalar, shape_rule_notequalscalar;
        Broadcast: shape_rule_add, shape_rule_sub, shape_rule_mul, shape_rule_div,
            shape_rule_pow, shape_rule_max, shape_rule_min, shape_rule_equal,
            shape_rule_notequal, shape_rule_less, shape_rule_greater;
        Switch: shape_rule_switch;
        Matmul: shape_rule_matmul;
        Reshape: shape_rule_reshape;
        Transpose: shape_rule_transpose;
        BroadcastTo: shape_rule_broadcast_to;
        Repeat: shape_rule_repeat;
        Concat: shape_rule_concat;
        IndexSelect: shape_rule_indexselect;
        Reduce: shape_rule_sum, shape_rule_prod, shape_rule_reducemax, shape_rule_reducemin;
    }
}
