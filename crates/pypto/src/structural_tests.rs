//! Unit tests of structural equality and hashing.

use super::*;
use pto_ir::Context;
use pto_parser::{parse_source, Module, ParseOptions};

fn context() -> Context {
    let mut ctx = Context::new();
    pto_dialects::register_dialects(&mut ctx);
    crate::register_dialects(&mut ctx);
    ctx
}

fn parse<'c>(ctx: &'c Context, text: &str) -> Module<'c> {
    parse_source(ctx, text, "t.mlir", &ParseOptions::default()).expect("parses")
}

/// The body of the first function of `m` and its ops.
fn func_ops<'a, 'c>(m: &'a Module<'c>) -> (&'a Body<'c>, Vec<OpId>) {
    let module = m.body.block_ops(m.block).next().expect("a module");
    let mb = m.body.nested(module).expect("isolated");
    let mblock = mb
        .region_blocks(m.body.regions_of(module)[0])
        .next()
        .expect("a block");
    let f = mb.block_ops(mblock).next().expect("a function");
    let fb = mb.nested(f).expect("isolated");
    let entry = fb
        .region_blocks(mb.regions_of(f)[0])
        .next()
        .expect("an entry");
    (fb, fb.block_ops(entry).collect())
}

/// Compares the two files' top levels.
fn files<'c>(a: &Module<'c>, b: &Module<'c>) -> Result<(), Mismatch<'c>> {
    let ra = a.body.root_regions();
    let rb = b.body.root_regions();
    structural_equal_regions(&a.body, &ra, &b.body, &rb)
}

const SUMS: &str = "
func.func @f(%x: i64, %y: i64, %z: i64) {
  %0 = pypto.add %x, %x : i64
  %1 = pypto.add %y, %y : i64
  %2 = pypto.add %y, %z : i64
  return
}";

#[test]
fn free_variables_are_mapped_one_to_one() {
    let ctx = context();
    let m = parse(&ctx, SUMS);
    let (body, ops) = func_ops(&m);
    let (xx, yy, yz) = (ops[0], ops[1], ops[2]);
    assert!(
        structural_equal(body, xx, body, yy).is_ok(),
        "x + x == y + y"
    );
    let e = structural_equal(body, xx, body, yz).expect_err("x + x != y + z");
    assert_eq!(e.message, "operand 1 refers to a different variable");
    assert!(
        structural_equal(body, yz, body, xx).is_err(),
        "y + z != x + x"
    );
    assert_eq!(structural_hash(body, xx), structural_hash(body, yy));
    assert_ne!(structural_hash(body, xx), structural_hash(body, yz));
}

#[test]
fn names_and_spans_are_ignored_definitions_mapped() {
    let ctx = context();
    let a = parse(
        &ctx,
        r#"module @prog_a {
  func.func @main(%a: i64) -> i64 {
    %0 = pypto.add %a, %a : i64 loc("t"("a.py":3:5))
    %c0 = pypto.const 0 : i64
    %c1 = pypto.const 1 : i64
    %1 = scf.for %i = %c0 to %a step %c1 iter_args(%s = %0) -> (i64) : i64 {
      %2 = pypto.add %s, %i : i64
      scf.yield %2 : i64
    } {pypto.arg_names = ["i", "s"]}
    return %1 : i64
  }
}"#,
    );
    let b = parse(
        &ctx,
        r#"module @prog_b {
  func.func @main(%q: i64) -> i64 {
    %0 = pypto.add %q, %q : i64 loc("u"("b.py":9:1))
    %c0 = pypto.const 0 : i64
    %c1 = pypto.const 1 : i64
    %1 = scf.for %j = %c0 to %q step %c1 iter_args(%acc = %0) -> (i64) : i64 {
      %2 = pypto.add %acc, %j : i64
      scf.yield %2 : i64
    } {pypto.arg_names = ["j_0", "acc_0"]}
    return %1 : i64
  }
}"#,
    );
    files(&a, &b).expect("equal up to names and spans");
    let (ba, oa) = func_ops(&a);
    let (bb, ob) = func_ops(&b);
    for (&x, &y) in oa.iter().zip(&ob) {
        assert_eq!(structural_hash(ba, x), structural_hash(bb, y));
    }
}

#[test]
fn first_difference_has_a_path() {
    let ctx = context();
    let a = parse(
        &ctx,
        "func.func @main(%a: i64, %b: i64) -> i64 {
  %c0 = pypto.const 0 : i64
  %c1 = pypto.const 1 : i64
  %1 = scf.for %i = %c0 to %a step %c1 iter_args(%s = %a) -> (i64) : i64 {
    %2 = pypto.add %s, %i : i64
    scf.yield %2 : i64
  }
  return %1 : i64
}",
    );
    let b = parse(
        &ctx,
        "func.func @main(%a: i64, %b: i64) -> i64 {
  %c0 = pypto.const 0 : i64
  %c1 = pypto.const 1 : i64
  %1 = scf.for %i = %c0 to %a step %c1 iter_args(%s = %a) -> (i64) : i64 {
    %2 = pypto.add %s, %b : i64
    scf.yield %2 : i64
  }
  return %1 : i64
}",
    );
    let e = files(&a, &b).expect_err("the loop adds a different value");
    assert_eq!(
        e.to_string(),
        "builtin.module #0 > func.func @main > scf.for #2 > pypto.add #0: operand 1 refers to a different variable"
    );
    assert!(e.lhs.is_some() && e.rhs.is_some());

    let c = parse(
        &ctx,
        "func.func @main(%a: i64, %b: i64) -> i64 {\n  return %a : i64\n}",
    );
    let d = parse(&ctx, "func.func @main(%a: i64, %b: i64) -> i64 {\n  %c = pypto.const 2 : i64\n  return %a : i64\n}");
    let e = files(&c, &d).expect_err("an extra op");
    assert_eq!(e.message, "'func.return' vs 'pypto.const'");
    let f = parse(&ctx, "func.func @main(%a: i64, %b: i64) -> i64 {\n  %c = pypto.const 3 : i64\n  return %a : i64\n}");
    let e = files(&d, &f).expect_err("another constant");
    assert_eq!(e.message, "attribute 'value' differs: 2 : i64 vs 3 : i64");
}
