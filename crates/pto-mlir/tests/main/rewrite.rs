//! Pattern rewriting: the greedy driver (patterns, folding, convergence reporting,
//! listener-driven worklist), the walk driver, and pattern ordering by benefit.

use pto_ir::printer::{print_module, PrintOptions};
use pto_ir::{Context, OpId};
use pto_parser::parse_source;
use pto_rewrite::walk::walk_and_apply_patterns;
use pto_rewrite::{
    apply_patterns_greedily, FnPattern, GreedyConfig, MatchResult, PatternRewriter,
    RewritePatternSet,
};

const SRC: &str = "func.func @f(%x: i32, %y: i32) -> i32 {
  %0 = arith.subi %x, %y : i32
  %1 = arith.muli %0, %y : i32
  return %1 : i32
}
";

fn context() -> Context {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    ctx
}

/// `subi(a, b)` becomes `addi(a, b)`: a rewrite that always applies once.
fn sub_to_add<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let (a, b) = (body.operand(op, 0), body.operand(op, 1));
    let ty = body.value_type(body.result(op, 0));
    let loc = body.op_loc(op);
    let add = rw.create_op("arith.addi", loc, &[a, b], &[ty], None);
    let r = rw.body().result(add, 0);
    rw.replace_op(op, &[r]);
    Ok(())
}

/// Swaps the operands of `muli` forever: never converges.
fn swap_forever<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    let body = rw.body();
    let (a, b) = (body.operand(op, 0), body.operand(op, 1));
    rw.modify_op_in_place(op, |body| body.set_operands(op, &[b, a]));
    Ok(())
}

fn never<'c>(op: OpId, rw: &mut PatternRewriter<'_, 'c>) -> MatchResult {
    rw.notify_match_failure(op, "never applies")
}

#[test]
fn greedy_driver_applies_patterns_to_a_fixed_point() {
    let ctx = context();
    let mut m = parse_source(&ctx, SRC, "t.mlir", &Default::default()).unwrap();
    let mut set = RewritePatternSet::new();
    set.add_fn("arith.subi", "SubToAdd", sub_to_add);
    let out = apply_patterns_greedily(&ctx, &mut m.body, &set.freeze(), &GreedyConfig::default());
    assert!(out.converged && out.changed);
    let text = print_module(&m, &PrintOptions::default());
    assert!(text.contains("arith.addi %arg0, %arg1"), "{text}");
    assert!(!text.contains("subi"), "{text}");
}

#[test]
fn greedy_driver_reports_non_convergence() {
    let ctx = context();
    let mut m = parse_source(&ctx, SRC, "t.mlir", &Default::default()).unwrap();
    let mut set = RewritePatternSet::new();
    set.add_fn("arith.muli", "SwapForever", swap_forever);
    // A pattern that always applies re-enqueues its op forever within one iteration (as
    // in MLIR): the rewrite limit ends each iteration, the iteration limit the run.
    let config = GreedyConfig {
        max_iterations: Some(3),
        max_num_rewrites: Some(10),
        ..GreedyConfig::default()
    };
    let out = apply_patterns_greedily(&ctx, &mut m.body, &set.freeze(), &config);
    assert!(!out.converged);
    assert!(out.changed);
}

#[test]
fn higher_benefit_patterns_are_tried_first() {
    let ctx = context();
    let mut m = parse_source(&ctx, SRC, "t.mlir", &Default::default()).unwrap();
    let mut set = RewritePatternSet::new();
    // The failing pattern has the higher benefit and comes second: tried first, then the
    // rewrite applies.
    set.add_fn("arith.subi", "SubToAdd", sub_to_add);
    set.add(FnPattern {
        root: Some("arith.subi"),
        name: "Never",
        benefit: 5,
        rewrite: never,
    });
    let frozen = set.freeze();
    let names: Vec<&str> = frozen.candidates("arith.subi").map(|p| p.name()).collect();
    assert_eq!(names, ["Never", "SubToAdd"]);
    // Disabling by name leaves only the failing pattern.
    let mut set = RewritePatternSet::new();
    set.add_fn("arith.subi", "SubToAdd", sub_to_add);
    set.retain(|n| n != "SubToAdd");
    assert!(set.is_empty());
    let out = apply_patterns_greedily(&ctx, &mut m.body, &set.freeze(), &GreedyConfig::default());
    assert!(out.converged);
}

#[test]
fn walk_driver_rewrites_each_op_once() {
    let ctx = context();
    let mut m = parse_source(&ctx, SRC, "t.mlir", &Default::default()).unwrap();
    let mut set = RewritePatternSet::new();
    set.add_fn("arith.subi", "SubToAdd", sub_to_add);
    set.add_fn("arith.muli", "SwapForever", swap_forever);
    let applied = walk_and_apply_patterns(&ctx, &mut m.body, &set.freeze());
    assert_eq!(applied, 2);
    let text = print_module(&m, &PrintOptions::default());
    assert!(text.contains("arith.muli %arg1, %0"), "{text}");
}

#[test]
fn folding_materializes_constants_through_the_dialect() {
    let ctx = context();
    let src = "func.func @f() -> i32 {
  %a = arith.constant 6 : i32
  %b = arith.constant 7 : i32
  %0 = arith.muli %a, %b : i32
  return %0 : i32
}
";
    let mut m = parse_source(&ctx, src, "t.mlir", &Default::default()).unwrap();
    let empty = pto_rewrite::FrozenPatternSet::empty();
    let out = apply_patterns_greedily(&ctx, &mut m.body, &empty, &GreedyConfig::default());
    assert!(out.converged && out.changed);
    let text = print_module(&m, &PrintOptions::default());
    assert!(text.contains("arith.constant 42 : i32"), "{text}");
    assert!(!text.contains("muli"), "{text}");
}
