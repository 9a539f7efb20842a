//! The IR core: uniquing, use lists, insertion, erasure, walks.

use pto_ir::body::EraseError;
use pto_ir::builder::OpBuilder;
use pto_ir::{Body, Context, InsertPoint, TypeKind, WalkOrder, WalkResult};

#[test]
fn types_and_attributes_are_uniqued() {
    let ctx = Context::new();
    let a = ctx.int_type(32);
    let b = ctx.intern_type(TypeKind::Integer {
        width: 32,
        signedness: pto_ir::Signedness::Signless,
    });
    assert_eq!(a, b);
    assert!(std::ptr::eq(a.as_ptr(), b.as_ptr()));
    let shape = [4i64, pto_ir::DYNAMIC];
    let t1 = ctx.ranked_tensor_type(&shape, a, None);
    let t2 = pto_parser::parse_type_str(&ctx, "tensor<4x?xi32>").unwrap();
    assert_eq!(t1, t2);
    let x = ctx.int_attr(ctx.int_type(8), 255);
    let y = pto_parser::parse_attr_str(&ctx, "-1 : i8").unwrap();
    assert_eq!(x, y, "255 : i8 and -1 : i8 are the same attribute");
    let d1 = pto_parser::parse_attr_str(&ctx, "{b = 1, a = 2}").unwrap();
    let d2 = pto_parser::parse_attr_str(&ctx, "{a = 2, b = 1}").unwrap();
    assert_eq!(d1, d2, "dictionaries are sorted before uniquing");
}

#[test]
fn interning_is_shared_across_threads() {
    let ctx = Context::new();
    let from_threads: Vec<*const ()> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..4)
            .map(|_| s.spawn(|| ctx.int_type(17).as_ptr() as usize))
            .collect();
        hs.into_iter()
            .map(|h| h.join().unwrap() as *const ())
            .collect()
    });
    assert!(from_threads.iter().all(|p| *p == ctx.int_type(17).as_ptr()));
}

/// File locations are uniqued whatever the order they are made in: in runs begun by
/// parsers of different parts of a file, out of order, and from several threads.
#[test]
fn file_locations_in_runs_stay_unique() {
    let ctx = Context::new();
    let file = ctx.ident("f.mlir");
    let at = |l, c| ctx.file_loc("f.mlir", l, c).attr().as_ptr() as usize;
    // An early location, then two parts made alternately, each in its own run.
    let early = at(1, 1);
    ctx.begin_file_loc_run(file, 100, 1);
    ctx.begin_file_loc_run(file, 200, 1);
    let mut first = Vec::new();
    for i in 0..50u32 {
        first.push((100 + i, at(100 + i, 3)));
        first.push((200 + i, at(200 + i, 3)));
    }
    // A run cannot begin inside what another made already.
    ctx.begin_file_loc_run(file, 120, 3);
    // Before the last of a run and not made yet: the general table.
    let between = at(120, 1);
    let late = at(300, 1);
    for (line, p) in &first {
        assert_eq!(*p, at(*line, 3), "line {line}");
    }
    assert_eq!(early, at(1, 1));
    assert_eq!(between, at(120, 1));
    assert_eq!(late, at(300, 1));
    // The same from threads making interleaved parts.
    let from_threads: Vec<Vec<usize>> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..2u32)
            .map(|t| {
                let at = &at;
                let ctx = &ctx;
                s.spawn(move || {
                    ctx.begin_file_loc_run(file, 1000 + t * 1000, 1);
                    (0..500).map(|i| at(1000 + t * 1000 + i, 5)).collect()
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (t, ps) in from_threads.iter().enumerate() {
        for (i, p) in ps.iter().enumerate() {
            assert_eq!(*p, at(1000 + t as u32 * 1000 + i as u32, 5));
        }
    }
}

/// The per-thread intern cache never hands out an object of another context.
#[test]
fn intern_cache_is_per_context() {
    let a = Context::new();
    let ta = a.int_type(23).as_ptr();
    let b = Context::new();
    let tb = b.int_type(23).as_ptr();
    assert_ne!(ta, tb);
    assert_eq!(a.int_type(23).as_ptr(), ta);
    assert_eq!(b.int_type(23).as_ptr(), tb);
    let sa = a.string_attr("x").as_ptr();
    drop(b);
    let c = Context::new();
    assert_ne!(c.string_attr("x").as_ptr(), sa);
    assert_eq!(a.string_attr("x").as_ptr(), sa);
}

fn straight_line(ctx: &Context) -> (Body<'_>, pto_ir::BlockId, Vec<pto_ir::OpId>) {
    let mut body = Body::new();
    let r = body.create_region();
    let blk = body.create_block();
    body.append_block(r, blk);
    let loc = ctx.unknown_loc();
    let i32t = ctx.int_type(32);
    let mut b = OpBuilder::new(ctx, &mut body);
    b.set_insertion_point_to_end(blk);
    let c = b.create_named("t.const", loc, &[], &[i32t], ctx.empty_dict());
    let cv = b.body().result(c, 0);
    let add = b.create_named("t.add", loc, &[cv, cv], &[i32t], ctx.empty_dict());
    let av = b.body().result(add, 0);
    let use1 = b.create_named("t.use", loc, &[av], &[], ctx.empty_dict());
    (body, blk, vec![c, add, use1])
}

#[test]
fn use_lists_and_replace_all_uses() {
    let ctx = Context::new();
    let (mut body, blk, ops) = straight_line(&ctx);
    let cv = body.result(ops[0], 0);
    let av = body.result(ops[1], 0);
    assert_eq!(body.uses(cv).count(), 2);
    assert_eq!(body.uses(av).collect::<Vec<_>>(), vec![(ops[2], 0)]);
    // RAUW moves every use.
    body.replace_all_uses(av, cv);
    assert!(!body.has_uses(av));
    assert_eq!(body.uses(cv).count(), 3);
    assert_eq!(body.operand(ops[2], 0), cv);
    // Now `add` is dead and can be erased; `const` cannot.
    assert_eq!(
        body.erase_op(ops[0]),
        Err(EraseError::ResultStillUsed {
            op: ops[0],
            result: 0
        })
    );
    assert!(body.erase_op(ops[1]).is_ok());
    assert_eq!(
        body.uses(cv).count(),
        1,
        "erasing drops the erased op's operand uses"
    );
    assert_eq!(
        body.block_ops(blk).collect::<Vec<_>>(),
        vec![ops[0], ops[2]]
    );
    assert_eq!(body.erase_op(ops[1]), Err(EraseError::AlreadyErased));
}

#[test]
fn move_and_insert_are_constant_time_list_edits() {
    let ctx = Context::new();
    let (mut body, blk, ops) = straight_line(&ctx);
    body.move_op(ops[2], InsertPoint::BlockStart(blk));
    assert_eq!(
        body.block_ops(blk).collect::<Vec<_>>(),
        vec![ops[2], ops[0], ops[1]]
    );
    body.move_op(ops[2], InsertPoint::After(ops[1]));
    assert_eq!(body.block_ops(blk).collect::<Vec<_>>(), ops);
    assert_eq!(body.prev_op(ops[1]), Some(ops[0]));
    assert_eq!(body.last_op(blk), Some(ops[2]));
}

#[test]
fn walks_tolerate_erasing_the_visited_op() {
    let ctx = Context::new();
    let (mut body, blk, ops) = straight_line(&ctx);
    let root_ops: Vec<_> = body.block_ops(blk).collect();
    // Post-order from the back: erase every op once it has no uses.
    let mut visited = Vec::new();
    for &root in root_ops.iter().rev() {
        body.walk(root, WalkOrder::PostOrder, |b, op| {
            visited.push(op);
            let dead = b.results(op).all(|r| !b.has_uses(r));
            if dead {
                b.erase_op(op).unwrap();
            }
            WalkResult::Advance
        });
    }
    assert_eq!(visited, vec![ops[2], ops[1], ops[0]]);
    assert_eq!(body.block_ops(blk).count(), 0);
}

#[test]
fn parse_verify_print_through_the_library() {
    let ctx = {
        let mut c = Context::new();
        c.set_allow_unregistered_dialects(true);
        c
    };
    let src = "%0 = \"t.a\"() : () -> i32\n\"t.b\"(%0) : (i32) -> ()\n";
    let m = pto_parser::parse_source(&ctx, src, "x.mlir", &Default::default()).unwrap();
    let top = m.top_op().unwrap();
    pto_ir::verifier::verify(&ctx, &m.body, top).unwrap();
    let text = pto_ir::printer::print_module(&m, &Default::default());
    assert_eq!(
        text,
        "module {\n  %0 = \"t.a\"() : () -> i32\n  \"t.b\"(%0) : (i32) -> ()\n}\n"
    );
}

#[test]
fn storage_sizes_stay_small() {
    // Memory per op is a design goal (see ARCHITECTURE.md); compile-time bounds live next
    // to the definitions, this prints the sizes for the record.
    use std::mem::size_of;
    eprintln!(
        "AttrKind {} TypeKind {} OpData {} ValueData {}",
        size_of::<pto_ir::AttrKind<'_>>(),
        size_of::<TypeKind<'_>>(),
        pto_ir::body::OP_DATA_SIZE,
        pto_ir::body::VALUE_DATA_SIZE
    );
}
