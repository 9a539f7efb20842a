//! The `llvm` dialect from Rust: type builders and wrappers, op builders, verification
//! and printing of what was built.

use pto_dialects::llvm::{
    self, array_type, build_call, build_func, build_gep, build_global, build_load, build_store,
    func_type, ptr_type, ptr_type_in, struct_type, void_type, AddOp, ConstantOp, GepIndex,
    LLVMArrayType, LLVMFunctionType, LLVMPointerType, LLVMStructType, ReturnOp,
};
use pto_ir::builder::OpBuilder;
use pto_ir::{Context, FloatKind, InsertPoint};
use pto_parser::{parse_source, parse_type_str};

fn context() -> Context {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    ctx
}

#[test]
fn type_builders_are_uniqued_with_the_parser() {
    let ctx = context();
    let i32t = ctx.int_type(32);
    let f32t = ctx.float_type(FloatKind::F32);
    let p = ptr_type(&ctx);
    assert_eq!(p, parse_type_str(&ctx, "!llvm.ptr").unwrap());
    assert_eq!(ptr_type_in(&ctx, 0), p);
    assert_eq!(
        ptr_type_in(&ctx, 3),
        parse_type_str(&ctx, "!llvm.ptr<3>").unwrap()
    );
    let arr = array_type(&ctx, i32t, 4);
    assert_eq!(arr, parse_type_str(&ctx, "!llvm.array<4 x i32>").unwrap());
    let s = struct_type(
        &ctx,
        &[
            p,
            p,
            ctx.int_type(64),
            array_type(&ctx, ctx.int_type(64), 2),
        ],
        false,
    );
    assert_eq!(
        s,
        parse_type_str(
            &ctx,
            "!llvm.struct<(ptr, !llvm.ptr, i64, !llvm.array<2 x i64>)>"
        )
        .unwrap()
    );
    assert_eq!(
        s.to_string(),
        "!llvm.struct<(ptr, ptr, i64, array<2 x i64>)>"
    );
    let packed = struct_type(&ctx, &[ctx.int_type(8), i32t], true);
    assert_eq!(packed.to_string(), "!llvm.struct<packed (i8, i32)>");
    assert_ne!(packed, struct_type(&ctx, &[ctx.int_type(8), i32t], false));
    let f = func_type(&ctx, i32t, &[p], true);
    assert_eq!(
        f,
        parse_type_str(&ctx, "!llvm.func<i32 (ptr, ...)>").unwrap()
    );
    assert_eq!(
        func_type(&ctx, void_type(&ctx), &[], false).to_string(),
        "!llvm.func<void ()>"
    );
    assert_eq!(void_type(&ctx).to_string(), "!llvm.void");
    let v = parse_type_str(&ctx, "vector<2x!llvm.ptr<1>>").unwrap();
    assert_eq!(v.element_type(), Some(ptr_type_in(&ctx, 1)));
    let _ = f32t;
}

#[test]
fn typed_wrappers_read_the_parameters() {
    let ctx = context();
    let t = parse_type_str(
        &ctx,
        "!llvm.func<struct<(i1, f64)> (array<3 x ptr<2>>, ...)>",
    )
    .unwrap();
    let f = LLVMFunctionType::from_type(t).unwrap();
    assert!(f.var_arg());
    let s = LLVMStructType::from_type(f.return_type()).unwrap();
    assert_eq!(s.body(), &[ctx.int_type(1), ctx.float_type(FloatKind::F64)]);
    assert!(!s.packed());
    let a = LLVMArrayType::from_type(f.params()[0]).unwrap();
    assert_eq!(a.num_elements(), 3);
    assert_eq!(
        LLVMPointerType::from_type(a.element_type())
            .unwrap()
            .address_space(),
        2
    );
    assert!(LLVMArrayType::from_type(t).is_none());
    assert!(llvm::is_compatible_type(t));
    assert!(!llvm::is_compatible_type(ctx.index_type()));
}

#[test]
fn checked_builders_run_the_type_verifiers() {
    let ctx = context();
    let err = LLVMArrayType::get_checked(&ctx, void_type(&ctx), 2).unwrap_err();
    assert_eq!(err, "invalid array element type: '!llvm.void'");
    let err = LLVMFunctionType::get_checked(&ctx, ctx.int_type(1), &[void_type(&ctx)], false)
        .unwrap_err();
    assert_eq!(err, "invalid function argument type: '!llvm.void'");
    assert!(LLVMStructType::get_checked(&ctx, &[ptr_type(&ctx)], false).is_ok());
    let e = parse_type_str(&ctx, "!llvm.struct<\"named\", (i32)>").unwrap_err();
    assert!(e.message.contains("not supported"), "{}", e.message);
    let e = parse_type_str(&ctx, "!llvm.array<4 x>").unwrap_err();
    assert_eq!(e.message, "expected valid keyword");
}

#[test]
fn op_builders_create_a_function_that_verifies_and_prints() {
    let ctx = context();
    let mut m = parse_source(&ctx, "", "t.mlir", &Default::default()).unwrap();
    let top = m.top_op().unwrap();
    let loc = ctx.unknown_loc();
    let i32t = ctx.int_type(32);
    let p = ptr_type(&ctx);
    let module = m.body.nested_mut(top).unwrap();
    let block = module.entry_block(module.root_regions()[0]).unwrap();
    let (func, entry) = {
        let mut b = OpBuilder::new(&ctx, module);
        b.set_insertion_point(InsertPoint::BlockEnd(block));
        let fty = func_type(&ctx, i32t, &[i32t, p], false);
        build_func(
            &mut b,
            loc,
            "puts",
            func_type(&ctx, i32t, &[p], false),
            "external",
            false,
        );
        build_global(
            &mut b,
            loc,
            "g",
            i32t,
            "internal",
            false,
            Some(ctx.int_attr(i32t, 5)),
        );
        build_func(&mut b, loc, "f", fty, "external", true)
    };
    let entry = entry.unwrap();
    let fbody = module.nested_mut(func.0).unwrap();
    let (a, ptr) = (fbody.block_args(entry)[0], fbody.block_args(entry)[1]);
    let mut b = OpBuilder::new(&ctx, fbody);
    b.set_insertion_point(InsertPoint::BlockEnd(entry));
    let one = ConstantOp::build(&mut b, loc, i32t, ctx.int_attr(i32t, 1)).res(b.body());
    let sum = AddOp::build(&mut b, loc, a, one, i32t, None).res(b.body());
    let arr = array_type(&ctx, i32t, 4);
    let gep = build_gep(
        &mut b,
        loc,
        p,
        arr,
        ptr,
        &[GepIndex::Value(one), GepIndex::Const(2)],
        pto_dialects::llvm::GEP_INBOUNDS,
    )
    .res(b.body());
    build_store(&mut b, loc, sum, gep, 4);
    let loaded = build_load(&mut b, loc, i32t, gep, 0).res(b.body());
    let puts = LLVMFunctionType::from_type(func_type(&ctx, i32t, &[p], false)).unwrap();
    let called = build_call(&mut b, loc, "puts", puts, &[ptr])
        .result(b.body())
        .unwrap();
    let total = AddOp::build(&mut b, loc, loaded, called, i32t, None).res(b.body());
    ReturnOp::build(&mut b, loc, Some(total));
    pto_ir::verifier::verify(&ctx, &m.body, top).unwrap();
    let text = pto_ir::printer::print_module(&m, &Default::default());
    let expected = "module {
  llvm.func @puts(!llvm.ptr) -> i32
  llvm.mlir.global internal @g(5 : i32) {addr_space = 0 : i32} : i32
  llvm.func @f(%arg0: i32, %arg1: !llvm.ptr) -> i32 {
    %0 = llvm.mlir.constant(1 : i32) : i32
    %1 = llvm.add %arg0, %0 : i32
    %2 = llvm.getelementptr inbounds %arg1[%0, 2] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<4 x i32>
    llvm.store %1, %2 {alignment = 4 : i64} : i32, !llvm.ptr
    %3 = llvm.load %2 : !llvm.ptr -> i32
    %4 = llvm.call @puts(%arg1) : (!llvm.ptr) -> i32
    %5 = llvm.add %3, %4 : i32
    llvm.return %5 : i32
  }
}
";
    assert_eq!(text, expected);
    // The generic form carries the properties MLIR's builders set.
    let generic = pto_ir::printer::print_module(
        &m,
        &pto_ir::printer::PrintOptions {
            generic: true,
            ..Default::default()
        },
    );
    assert!(generic.contains("CConv = #llvm.cconv<ccc>"), "{generic}");
    assert!(generic.contains("overflowFlags = 0 : i32"), "{generic}");
    assert!(
        generic.contains("TailCallKind = #llvm.tailcallkind<none>"),
        "{generic}"
    );
}
