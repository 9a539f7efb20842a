//! Dialect types declared in ODS (`TypeDef`s with parameters): uniquing, typed wrappers,
//! construction from Rust, verification, and the parser/printer round trip. Uses the
//! in-tree `ptotest` dialect.

use pto_ir::{Context, FloatKind, Type, TypeParam};
use pto_mlir::test_dialect::{ListType, Loc, PairType, SpaceType, TileType, UnitType};
use pto_parser::parse_type_str;

fn context() -> Context {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    ctx.register_dialect(&pto_mlir::test_dialect::DIALECT);
    ctx
}

#[test]
fn dialect_types_are_uniqued() {
    let ctx = context();
    let f32 = ctx.float_type(FloatKind::F32);
    let a = TileType::get(&ctx, Loc::vec, f32, 32, 16, 0).ty();
    let b = TileType::get(&ctx, Loc::vec, f32, 32, 16, 0).ty();
    let c = TileType::get(&ctx, Loc::mat, f32, 32, 16, 0).ty();
    assert_eq!(a, b);
    assert_ne!(a, c);
    // Parsed in another order, with the default written out: the same type.
    let parsed = parse_type_str(
        &ctx,
        "!ptotest.tile<rows = 32, dtype = f32, pad = 0, cols = 16, loc = vec>",
    )
    .unwrap();
    assert_eq!(parsed, a);
    let l1 = ListType::get(&ctx, &[f32, ctx.int_type(8)], true).ty();
    let l2 = parse_type_str(&ctx, "!ptotest.list<f32, i8, ...>").unwrap();
    assert_eq!(l1, l2);
    assert_eq!(
        UnitType::get(&ctx).ty(),
        parse_type_str(&ctx, "!ptotest.unit").unwrap()
    );
}

#[test]
fn typed_wrappers_read_parameters() {
    let ctx = context();
    let t = parse_type_str(
        &ctx,
        "!ptotest.tile<loc = acc, dtype = !ptotest.pair<i8, index>, rows = 4, cols = 8, pad = 2>",
    )
    .unwrap();
    let tile = TileType::from_type(t).expect("a tile");
    assert_eq!(tile.loc(), Loc::acc);
    assert_eq!(tile.rows(), 4);
    assert_eq!(tile.cols(), 8);
    assert_eq!(tile.pad(), 2);
    let pair = PairType::from_type(tile.dtype()).expect("a pair");
    assert_eq!(pair.first(), ctx.int_type(8));
    assert_eq!(pair.second(), ctx.index_type());
    assert!(PairType::from_type(t).is_none());
    assert!(TileType::from_type(ctx.int_type(1)).is_none());
    assert!(t.is_dialect_type("ptotest", "tile"));
    let (def, params) = t.dialect_type().unwrap();
    assert_eq!(def.mnemonic, "tile");
    assert_eq!(params[2], TypeParam::Int(4));

    let s =
        SpaceType::from_type(parse_type_str(&ctx, "!ptotest.space tag \"x\"").unwrap()).unwrap();
    assert_eq!((s.id(), s.tag()), (0, "x"));
    let l = ListType::from_type(parse_type_str(&ctx, "!ptotest.list<i1>").unwrap()).unwrap();
    assert_eq!(l.elems(), &[ctx.int_type(1)]);
    assert!(!l.open());
}

#[test]
fn construction_prints_and_verifies() {
    let ctx = context();
    let f16 = ctx.float_type(FloatKind::F16);
    let t: Type<'_> = TileType::get(&ctx, Loc::mat, f16, 16, 16, 0).into();
    assert_eq!(
        t.to_string(),
        "!ptotest.tile<loc = mat, dtype = f16, rows = 16, cols = 16>"
    );
    assert_eq!(
        SpaceType::get(&ctx, 3, "").ty().to_string(),
        "!ptotest.space<3>"
    );
    assert_eq!(
        ListType::get(&ctx, &[], true).ty().to_string(),
        "!ptotest.list<...>"
    );
    // The verifier hook (`genVerifyDecl`) runs in `get_checked`.
    let err = TileType::get_checked(&ctx, Loc::vec, f16, 0, 4, 0).unwrap_err();
    assert_eq!(err, "tile rows must be positive");
    assert!(TileType::get_checked(&ctx, Loc::vec, f16, 1, 4, 0).is_ok());
}

#[test]
fn parse_errors_are_located_diagnostics() {
    let ctx = context();
    let e = parse_type_str(&ctx, "!ptotest.tile<loc = vec, dtype = f32, rows = 1>").unwrap_err();
    assert!(
        e.message
            .contains("struct is missing required parameter: cols"),
        "{}",
        e.message
    );
    let e = parse_type_str(
        &ctx,
        "!ptotest.tile<loc = vec, dtype = f32, rows = 0, cols = 1>",
    )
    .unwrap_err();
    assert_eq!(e.message, "tile rows must be positive");
}
