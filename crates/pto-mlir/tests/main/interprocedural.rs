//! The inter-procedural transforms (`inline`, `sccp`) and the cross-body copy they rely
//! on (`Body::clone_region_from`). Their output is checked against mlir-opt in
//! `lit-tests/transforms/{inline,sccp}.mlir`; these tests check properties of the
//! library: copies are complete and independent, bad copies leave nothing behind, and
//! deep call chains and large modules go through without recursion limits or panics.

use pto_ir::printer::{print_module, PrintOptions};
use pto_ir::{Body, CloneError, Context, IrMapping, OpId};
use pto_parser::{parse_source, Module};
use pto_pass::{parse_pipeline, PassRegistry, RunOptions};

fn registry() -> PassRegistry {
    let mut r = PassRegistry::new();
    pto_transforms::register_all_passes(&mut r);
    r
}

fn parse<'c>(ctx: &'c Context, src: &str) -> Module<'c> {
    parse_source(ctx, src, "t.mlir", &Default::default()).unwrap()
}

/// Runs `pipeline` on `src` and returns the printed result (the run must succeed).
fn run(pipeline: &str, src: &str) -> String {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    let pm = parse_pipeline(pipeline, &registry()).unwrap();
    let mut m = parse(&ctx, src);
    let report = pm.run_on_module(&ctx, &mut m, &RunOptions::default(), None);
    assert!(report.success, "{:?}", report.events);
    print_module(&m, &PrintOptions::default())
}

/// The functions of the module's top op, in order, with their bodies.
fn functions<'m, 'c>(m: &'m mut Module<'c>) -> Vec<(OpId, &'m mut Body<'c>)> {
    let top = m.top_op().unwrap();
    let module = m.body.nested_mut(top).unwrap();
    module.nested_bodies_mut().collect()
}

#[test]
fn cloned_regions_are_complete_and_independent() {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    // The loop body uses a value of a block that comes later in the region.
    let src = "func.func @f(%a: i32, %c: i1) -> i32 {\n  cf.br ^bb2\n^bb1(%x: i32):\n  %s = arith.addi %x, %y : i32\n  return %s : i32\n^bb2:\n  %y = arith.muli %a, %a : i32\n  cf.cond_br %c, ^bb1(%y : i32), ^bb1(%a : i32)\n}\nfunc.func @g(%a: i32, %c: i1) -> i32 {\n  return %a : i32\n}\n";
    let mut m = parse(&ctx, src);
    let mut fs = functions(&mut m);
    let (_, g) = fs.pop().unwrap();
    let (_, f) = fs.pop().unwrap();
    let src_region = f.root_regions()[0];
    let dst_region = g.root_regions()[0];
    let mut map = IrMapping::default();
    let blocks = g
        .clone_region_from(f, src_region, dst_region, None, &mut map)
        .unwrap();
    assert_eq!(blocks.len(), 3);
    // Every source value was mapped, and the copy's ops mirror the source's.
    let copied: usize = blocks.iter().map(|&b| g.block_ops(b).count()).sum();
    let original: usize = f
        .region_blocks(src_region)
        .map(|b| f.block_ops(b).count())
        .sum();
    assert_eq!(copied, original);
    for b in f.region_blocks(src_region) {
        for &a in f.block_args(b) {
            assert!(map.value(a).is_some());
        }
        for o in f.block_ops(b) {
            for r in f.results(o) {
                let c = map.value(r).unwrap();
                assert_eq!(g.value_type(c), f.value_type(r));
            }
        }
    }
    // Erasing the copy leaves the source intact.
    for &b in blocks.iter().rev() {
        for o in g.block_ops(b).collect::<Vec<_>>() {
            g.drop_operands(o);
        }
    }
    for &b in blocks.iter().rev() {
        g.erase_block(b).unwrap();
    }
    let printed = print_module(&m, &PrintOptions::default());
    assert!(
        printed.contains("%1 = arith.addi %0, %2 : i32"),
        "{printed}"
    );
    assert!(
        printed.contains("@g(%arg0: i32, %arg1: i1) -> i32 {\n    return %arg0 : i32"),
        "{printed}"
    );
}

#[test]
fn a_copy_with_an_unmapped_outside_value_is_refused_and_undone() {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    let src = "func.func @f(%a: i32) -> i32 {\n  %0 = scf.execute_region -> i32 {\n    %1 = arith.addi %a, %a : i32\n    scf.yield %1 : i32\n  }\n  return %0 : i32\n}\nfunc.func @g() {\n  return\n}\n";
    let mut m = parse(&ctx, src);
    let mut fs = functions(&mut m);
    let (_, g) = fs.pop().unwrap();
    let (_, f) = fs.pop().unwrap();
    // The region of scf.execute_region uses %a, defined outside it and not mapped.
    let entry = f.entry_block(f.root_regions()[0]).unwrap();
    let exec = f.block_ops(entry).next().unwrap();
    let inner = f.regions_of(exec)[0];
    let dst = g.root_regions()[0];
    let before: Vec<_> = g.region_blocks(dst).collect();
    let mut map = IrMapping::default();
    let err = g
        .clone_region_from(f, inner, dst, None, &mut map)
        .unwrap_err();
    assert!(matches!(err, CloneError::UnmappedValue(_)));
    let after: Vec<_> = g.region_blocks(dst).collect();
    assert_eq!(before, after);
}

#[test]
fn a_deep_call_chain_is_inlined_bottom_up() {
    let mut src = String::new();
    let depth = 200;
    for i in 0..depth {
        src.push_str(&format!(
            "func.func private @f{i}(%a: i32) -> i32 {{\n  %0 = call @f{}(%a) : (i32) -> i32\n  %1 = arith.addi %0, %a : i32\n  return %1 : i32\n}}\n",
            i + 1
        ));
    }
    src.push_str(&format!(
        "func.func private @f{depth}(%a: i32) -> i32 {{\n  return %a : i32\n}}\nfunc.func @main(%a: i32) -> i32 {{\n  %0 = call @f0(%a) : (i32) -> i32\n  return %0 : i32\n}}\n"
    ));
    let out = run("builtin.module(inline)", &src);
    assert!(!out.contains("call"), "{out}");
    assert_eq!(out.matches("arith.addi").count(), depth);
    assert!(!out.contains("@f0"));
}

#[test]
fn sccp_propagates_through_a_call_chain() {
    let mut src = String::new();
    let depth = 50;
    for i in 0..depth {
        src.push_str(&format!(
            "func.func private @f{i}(%a: i32) -> i32 {{\n  %0 = call @f{}(%a) : (i32) -> i32\n  return %0 : i32\n}}\n",
            i + 1
        ));
    }
    src.push_str(&format!(
        "func.func private @f{depth}(%a: i32) -> i32 {{\n  %c = arith.constant 1 : i32\n  %0 = arith.addi %a, %c : i32\n  return %0 : i32\n}}\nfunc.func @main() -> i32 {{\n  %c = arith.constant 41 : i32\n  %0 = call @f0(%c) : (i32) -> i32\n  return %0 : i32\n}}\n"
    ));
    let out = run("builtin.module(sccp)", &src);
    let main = &out[out.find("func.func @main").unwrap()..];
    assert!(main.contains("return %c42_i32 : i32"), "{main}");
}

#[test]
fn inlining_is_refused_where_mlir_refuses_it() {
    // Recursion, and an op of a dialect without an inliner interface.
    let src = "func.func private @r(%a: i32) -> i32 {\n  %0 = call @r(%a) : (i32) -> i32\n  return %0 : i32\n}\nfunc.func @main(%a: i32) -> i32 {\n  %0 = call @r(%a) : (i32) -> i32\n  return %0 : i32\n}\n";
    let out = run("builtin.module(inline)", src);
    assert_eq!(out.matches("call @r").count(), 2, "{out}");
}
