//! Dialects generated from ODS: typed wrappers, builders, derived verifiers, folders and
//! the generated reference docs.

use pto_dialects::arith::{AddIOp, CmpIOp, ConstantOp};
use pto_ir::builder::OpBuilder;
use pto_ir::{Body, Context, Folded, InsertPoint};

fn context() -> Context {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    ctx
}

fn parse<'c>(ctx: &'c Context, src: &str) -> pto_ir::module::Module<'c> {
    pto_parser::parse_source(ctx, src, "t.mlir", &Default::default()).unwrap()
}

/// The body of the implicit module and its block.
fn module_body<'m, 'c>(m: &'m pto_ir::module::Module<'c>) -> (&'m Body<'c>, pto_ir::BlockId) {
    let top = m.top_op().unwrap();
    let body = m.body.nested(top).unwrap();
    let r = body.root_regions()[0];
    (body, body.entry_block(r).unwrap())
}

#[test]
fn typed_accessors_read_the_parsed_op() {
    let ctx = context();
    let m = parse(
        &ctx,
        "%a = arith.constant 3 : i32\n%b = arith.constant 4 : i32\n%c = arith.addi %a, %b overflow<nsw> : i32\n%d = arith.cmpi slt, %a, %c : i32\n",
    );
    let (body, block) = module_body(&m);
    let ops: Vec<_> = body.block_ops(block).collect();
    let add = AddIOp::from_op(body, ops[2]).expect("an arith.addi");
    assert!(ConstantOp::from_op(body, ops[2]).is_none());
    assert_eq!(add.lhs(body), body.result(ops[0], 0));
    assert_eq!(add.rhs(body), body.result(ops[1], 0));
    let flags = add.overflow_flags(body).unwrap();
    assert_eq!(flags.to_string(), "#arith.overflow<nsw>");
    let cmp = CmpIOp::from_op(body, ops[3]).unwrap();
    // The enum is stored as its integer value (slt = 2), typed by the ODS enum width.
    assert_eq!(cmp.predicate(body).unwrap().to_string(), "2 : i64");
    // The result type was inferred through TypesMatchWith (getI1SameShape).
    assert_eq!(body.value_type(cmp.result(body)).to_string(), "i1");
}

#[test]
fn builders_create_ops_that_verify_and_print() {
    let ctx = context();
    let mut m = parse(&ctx, "%a = arith.constant 3 : i32\n");
    let (body, block) = module_body(&m);
    let a = body.result(body.first_op(block).unwrap(), 0);
    let i32t = ctx.int_type(32);
    let loc = ctx.unknown_loc();
    let top = m.top_op().unwrap();
    let mut b = OpBuilder::new(&ctx, m.body.nested_mut(top).unwrap());
    b.set_insertion_point(InsertPoint::BlockEnd(block));
    let add = AddIOp::build(&mut b, loc, a, a, i32t, None);
    let sum = add.result(b.body());
    let _ = AddIOp::build(&mut b, loc, sum, a, i32t, None);
    let top = m.top_op().unwrap();
    pto_ir::verifier::verify(&ctx, &m.body, top).unwrap();
    let text = pto_ir::printer::print_module(&m, &Default::default());
    assert!(
        text.contains("%0 = arith.addi %c3_i32, %c3_i32 : i32"),
        "{text}"
    );
    assert!(text.contains("%1 = arith.addi %0, %c3_i32 : i32"), "{text}");
}

#[test]
fn derived_verifier_reports_the_constraint_summary() {
    let mut ctx = context();
    ctx.set_allow_unregistered_dialects(true);
    let m = parse(
        &ctx,
        "%a = \"test.x\"() : () -> f32\n%b = \"arith.addi\"(%a, %a) : (f32, f32) -> f32\n",
    );
    let top = m.top_op().unwrap();
    let err = pto_ir::verifier::verify(&ctx, &m.body, top).unwrap_err();
    assert_eq!(
        err[0].message,
        "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'"
    );
}

#[test]
fn folders_compute_constants() {
    let ctx = context();
    let m = parse(
        &ctx,
        "%a = arith.constant -7 : i8\n%b = arith.constant 2 : i8\n%c = arith.divui %a, %b : i8\n%d = arith.shrsi %a, %b : i8\n",
    );
    let (body, block) = module_body(&m);
    let ops: Vec<_> = body.block_ops(block).collect();
    let consts = [body.attr(ops[0], "value"), body.attr(ops[1], "value")];
    let fold = |op| {
        let def = body.op_name(op).def.unwrap();
        (def.fold.unwrap())(&ctx, body, op, &consts)
    };
    // 249 / 2 = 124 (unsigned), -7 >> 2 = -2 (arithmetic).
    match fold(ops[2]).unwrap()[0] {
        Folded::Attr(a) => assert_eq!(a.to_string(), "124 : i8"),
        other => panic!("{other:?}"),
    }
    match fold(ops[3]).unwrap()[0] {
        Folded::Attr(a) => assert_eq!(a.to_string(), "-2 : i8"),
        other => panic!("{other:?}"),
    }
    // Division by zero does not fold.
    let zero = [consts[0], Some(ctx.int_attr(ctx.int_type(8), 0))];
    let def = body.op_name(ops[2]).def.unwrap();
    assert!((def.fold.unwrap())(&ctx, body, ops[2], &zero).is_none());
}

#[test]
fn generated_docs_are_committed() {
    // docs/dialects/<name>.md is the generated reference of every dialect of a crate's
    // list (builtin's is checked by pto-ods-gen's tests); regenerate with
    // `PTO_UPDATE_DOCS=1 cargo test generated_docs`.
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let lists = [
        pto_dialects::DIALECT_DOCS,
        pto_tile::DIALECT_DOCS,
        pto_pypto::DIALECT_DOCS,
        pto_deepx::DIALECT_DOCS,
        pto_harp::DIALECT_DOCS,
        pto_wsp::DIALECT_DOCS,
    ];
    for &(name, doc) in lists.iter().flat_map(|l| l.iter()) {
        let path = root.join("docs/dialects").join(format!("{name}.md"));
        if std::env::var_os("PTO_UPDATE_DOCS").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, doc).unwrap();
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == doc,
            "{} is out of date; run PTO_UPDATE_DOCS=1 cargo test generated_docs",
            path.display()
        );
    }
}
