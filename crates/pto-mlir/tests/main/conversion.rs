//! Dialect conversion from the library API: target legality rules and their precedence,
//! the type converter's rule order and failure, a conversion with a type converter
//! (operands remapped, block signatures converted, casts folded away), and reconciling
//! cast chains.

use pto_ir::printer::{print_module, PrintOptions};
use pto_ir::{Context, OpId, Type, ValueId};
use pto_parser::{parse_source, Module};
use pto_rewrite::conversion::{
    apply_full_conversion, apply_partial_conversion, casts_in, reconcile_casts,
    ConversionPatternRewriter, ConversionPatternSet, ConversionTarget, Legality, TypeConversion,
    TypeConverter,
};
use pto_rewrite::MatchResult;

fn context() -> Context {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    ctx.set_allow_unregistered_dialects(true);
    ctx
}

fn parse<'c>(ctx: &'c Context, src: &str) -> Module<'c> {
    parse_source(ctx, src, "t.mlir", &Default::default()).expect("parses")
}

/// The body of the first function of `m`.
fn func_body<'a, 'c>(m: &'a mut Module<'c>) -> &'a mut pto_ir::Body<'c> {
    let module = m.body.block_ops(m.block).next().expect("a module");
    let mb = m.body.nested_mut(module).expect("isolated");
    let f = mb.all_ops()[0];
    mb.nested_mut(f).expect("isolated")
}

#[test]
fn legality_precedence_op_over_dialect_over_unknown() {
    let ctx = context();
    let mut m = parse(
        &ctx,
        r#"func.func @f(%a: i32) {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %a, %a : i32
  "test.x"() : () -> ()
  return
}"#,
    );
    let body = func_body(&mut m);
    let ops: Vec<OpId> = body.all_ops();
    let mut target = ConversionTarget::new();
    target
        .add_illegal_dialects(&["arith"])
        .add_legal_ops(&["arith.muli"])
        .add_dynamically_legal_op("func.return", |_, _| None)
        .mark_unknown_ops_dynamically_legal(|body, op| {
            Some(body.op_name(op).as_str() == "func.return")
        });
    let legality: Vec<Legality> = ops.iter().map(|&o| target.legality(body, o)).collect();
    assert_eq!(
        legality,
        [
            Legality::Illegal, // addi: dialect rule
            Legality::Legal,   // muli: op rule wins
            Legality::Illegal, // test.x: unknown rule says no
            Legality::Legal,   // return: op rule defers to the unknown rule
        ]
    );
}

#[test]
fn type_converter_tries_newest_rule_first_and_caches() {
    let ctx = context();
    let i32t = ctx.int_type(32);
    let i64t = ctx.int_type(64);
    let mut tc = TypeConverter::new();
    tc.add_identity_conversion();
    tc.add_conversion(move |t: Type<'_>| {
        if t.is_index() {
            TypeConversion::Converted(i64t)
        } else if t.is_float() {
            TypeConversion::Failed
        } else {
            TypeConversion::Skip
        }
    });
    assert_eq!(tc.convert_type(ctx.index_type()), Some(i64t));
    assert_eq!(tc.convert_type(ctx.index_type()), Some(i64t));
    assert_eq!(tc.convert_type(i32t), Some(i32t));
    assert!(tc.is_legal(i32t) && !tc.is_legal(ctx.index_type()));
    assert_eq!(
        tc.convert_type(ctx.float_type(pto_ir::FloatKind::F32)),
        None
    );
}

/// `arith.addi` on any type becomes `test.add` on converted types.
fn addi_to_test<'c>(
    op: OpId,
    operands: &[ValueId],
    rw: &mut ConversionPatternRewriter<'_, 'c>,
) -> MatchResult {
    let body = rw.body();
    let ty = body.value_type(body.result(op, 0));
    let Some(ty) = rw.convert_type(ty) else {
        return rw.notify_match_failure(op, "type");
    };
    let loc = rw.body().op_loc(op);
    let new = rw.create_op("test.add", loc, operands, &[ty], None);
    let r = rw.body().result(new, 0);
    rw.replace_op(op, &[r]);
    Ok(())
}

const ADDS: &str = r#"func.func @f(%a: index) -> index {
  %0 = arith.addi %a, %a : index
  %1 = arith.addi %0, %a : index
  "test.keep"(%1) : (index) -> ()
  return %1 : index
}"#;

#[test]
fn conversion_remaps_operands_and_folds_casts() {
    let ctx = context();
    let i64t = ctx.int_type(64);
    let mut m = parse(&ctx, ADDS);
    let mut tc = TypeConverter::new();
    tc.add_identity_conversion();
    tc.add_conversion(move |t: Type<'_>| {
        if t.is_index() {
            TypeConversion::Converted(i64t)
        } else {
            TypeConversion::Skip
        }
    });
    let mut target = ConversionTarget::new();
    target.add_illegal_ops(&["arith.addi"]);
    let mut set = ConversionPatternSet::new();
    set.add_fn("arith.addi", "AddiToTest", addi_to_test);
    let patterns = set.freeze();
    // Without materializations, the casts that stay live are errors.
    let err = apply_partial_conversion(&ctx, func_body(&mut m), &target, &patterns, Some(&tc))
        .expect_err("live casts without materializations");
    assert!(
        err.message.contains("remained live after conversion"),
        "{}",
        err.message
    );

    let mut m = parse(&ctx, ADDS);
    tc.add_unrealized_cast_materializations();
    apply_partial_conversion(&ctx, func_body(&mut m), &target, &patterns, Some(&tc))
        .expect("converts");
    let text = print_module(&m, &PrintOptions::default());
    // One target cast for %a (shared by both users), one source cast for the old users
    // of %1; the intermediate cast for %0 cancelled out.
    let expected = r#"module {
  func.func @f(%arg0: index) -> index {
    %0 = builtin.unrealized_conversion_cast %arg0 : index to i64
    %1 = "test.add"(%0, %0) : (i64, i64) -> i64
    %2 = "test.add"(%1, %0) : (i64, i64) -> i64
    %3 = builtin.unrealized_conversion_cast %2 : i64 to index
    "test.keep"(%3) : (index) -> ()
    return %3 : index
  }
}
"#;
    assert_eq!(text, expected);

    // A full conversion rejects the ops without rules.
    let mut m = parse(
        &ctx,
        "func.func @g() {\n  \"test.keep\"() : () -> ()\n  return\n}",
    );
    let mut target = ConversionTarget::new();
    target.add_legal_ops(&["func.return"]);
    let err = apply_full_conversion(&ctx, func_body(&mut m), &target, &patterns, Some(&tc))
        .expect_err("test.keep has no rule");
    assert_eq!(err.message, "failed to legalize operation 'test.keep'");
}

#[test]
fn reconcile_folds_round_trips_only() {
    let ctx = context();
    let mut m = parse(
        &ctx,
        r#"func.func @f(%a: index) -> (index, i64) {
  %0 = builtin.unrealized_conversion_cast %a : index to i64
  %1 = builtin.unrealized_conversion_cast %0 : i64 to i32
  %2 = builtin.unrealized_conversion_cast %1 : i32 to index
  %3 = builtin.unrealized_conversion_cast %a : index to i64
  return %2, %3 : index, i64
}"#,
    );
    let body = func_body(&mut m);
    let casts = casts_in(body);
    assert_eq!(casts.len(), 4);
    let remaining = reconcile_casts(body, &casts);
    assert_eq!(remaining, vec![casts[3]]);
}
