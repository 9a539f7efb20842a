//! Dialect attributes declared in ODS with parameters (`AttrDef`s): uniquing, typed
//! wrappers, construction from Rust, verification, and the parser/printer round trip.
//! Uses the in-tree `ptotest` dialect.

use pto_ir::ods::attrdef::EnumAttrCase;
use pto_ir::{Attribute, Context, FloatKind, TypeParam};
use pto_mlir::test_dialect::{ConfigAttr, DimsAttr, Loc, LocAttr, RangeAttr, SlotAttr};
use pto_parser::parse_attr_str;

fn context() -> Context {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    ctx.register_dialect(&pto_mlir::test_dialect::DIALECT);
    ctx
}

#[test]
fn dialect_attrs_are_uniqued() {
    let ctx = context();
    let f32 = ctx.float_type(FloatKind::F32);
    let home = parse_attr_str(&ctx, "#ptotest.loc<acc>").unwrap();
    let size = ctx.int_attr(ctx.int_type(32), 4);
    let a = ConfigAttr::get(&ctx, Loc::vec, f32, 16, home, size, 512, None, true).attr();
    let b = ConfigAttr::get(&ctx, Loc::vec, f32, 16, home, size, 512, None, true).attr();
    let c = ConfigAttr::get(&ctx, Loc::vec, f32, 16, home, size, 16, None, true).attr();
    assert_eq!(a, b);
    assert_ne!(a, c);
    // Keys in another order, the default written out: the same attribute.
    let parsed = parse_attr_str(
        &ctx,
        "#ptotest.config<flag = true, fractal = 512, size = 4 : i32, home = <acc>, rows = 16, dtype = f32, loc = vec>",
    )
    .unwrap();
    assert_eq!(parsed, a);
    // An attribute without parameters is stored by its body: one spelling, one attribute.
    assert_eq!(
        parse_attr_str(&ctx, "#ptotest.marker").unwrap(),
        parse_attr_str(&ctx, "#ptotest<marker>").unwrap()
    );
    // The opaque spelling is the same attribute.
    assert_eq!(
        parse_attr_str(&ctx, "#ptotest<range<1 to 2>>").unwrap(),
        RangeAttr::get(&ctx, 1, 2).attr()
    );
}

/// `I32EnumAttr` becomes a Rust enum, `EnumAttr` a typed wrapper over it; both agree with
/// the parser and the printer.
#[test]
fn enums_and_enum_attributes_are_typed() {
    let ctx = context();
    assert_eq!(Loc::CASES, &[Loc::vec, Loc::mat, Loc::acc]);
    assert_eq!((Loc::acc.value(), Loc::acc.keyword()), (2, "acc"));
    assert_eq!(Loc::from_value(1), Some(Loc::mat));
    assert_eq!(Loc::from_keyword("vec"), Some(Loc::vec));
    assert_eq!((Loc::from_value(3), Loc::from_keyword("gm")), (None, None));
    assert_eq!(Loc::mat.to_string(), "mat");

    let built = LocAttr::get(&ctx, Loc::mat);
    let parsed = parse_attr_str(&ctx, "#ptotest.loc<mat>").unwrap();
    assert_eq!(built.attr(), parsed);
    assert_eq!(built.attr().to_string(), "#ptotest.loc<mat>");
    assert_eq!(
        LocAttr::from_attr(parsed).map(LocAttr::value),
        Some(Loc::mat)
    );
    // Other attributes are not views of it.
    assert!(LocAttr::from_attr(ctx.int_attr(ctx.int_type(32), 1)).is_none());
    assert!(LocAttr::from_attr(RangeAttr::get(&ctx, 1, 2).attr()).is_none());
    // The enum converts through its attribute generically.
    assert_eq!(<Loc as EnumAttrCase>::from_attr(parsed), Some(Loc::mat));
    assert_eq!(Loc::acc.to_attr(&ctx), LocAttr::get(&ctx, Loc::acc).attr());
}

#[test]
fn typed_wrappers_read_parameters() {
    let ctx = context();
    let a = parse_attr_str(
        &ctx,
        "#ptotest.config<loc = mat, dtype = i8, rows = 2, home = #ptotest.loc<vec>, size = 8, extra = \"x\", flag = false>",
    )
    .unwrap();
    let c = ConfigAttr::from_attr(a).expect("a config");
    assert_eq!(c.loc(), Loc::mat);
    assert_eq!(c.dtype(), ctx.int_type(8));
    assert_eq!(c.rows(), 2);
    assert_eq!(c.home().to_string(), "#ptotest.loc<vec>");
    assert_eq!(c.size().as_int(), Some(8));
    assert_eq!(c.fractal(), 512);
    assert_eq!(c.extra().and_then(Attribute::as_str), Some("x"));
    assert!(!c.flag());
    assert!(RangeAttr::from_attr(a).is_none());
    assert!(ConfigAttr::from_attr(ctx.unit_attr()).is_none());
    let (def, params) = a.dialect_attr().unwrap();
    assert_eq!((def.dialect, def.mnemonic), ("ptotest", "config"));
    assert_eq!(params[2], TypeParam::Int(2));

    let d = DimsAttr::from_attr(parse_attr_str(&ctx, "#ptotest.dims<f16, 1, 2>").unwrap()).unwrap();
    assert_eq!(d.elem(), ctx.float_type(FloatKind::F16));
    assert_eq!(d.sizes(), &[1, 2]);
    let s =
        SlotAttr::from_attr(parse_attr_str(&ctx, "#ptotest.slot named \"n\"").unwrap()).unwrap();
    assert_eq!((s.index(), s.name()), (0, "n"));
}

#[test]
fn construction_prints_and_verifies() {
    let ctx = context();
    assert_eq!(
        RangeAttr::get(&ctx, 0, 8).attr().to_string(),
        "#ptotest.range<0 to 8>"
    );
    assert_eq!(
        DimsAttr::get(&ctx, ctx.index_type(), &[3])
            .attr()
            .to_string(),
        "#ptotest.dims<index, 3>"
    );
    // A body that is not `mnemonic<...>` prints in the opaque form, as MLIR prints it.
    assert_eq!(
        SlotAttr::get(&ctx, 2, "a").attr().to_string(),
        "#ptotest<slot<2> named \"a\">"
    );
    assert_eq!(
        SlotAttr::get(&ctx, 0, "").attr().to_string(),
        "#ptotest.slot"
    );
    // The verifier hook (`genVerifyDecl`) runs in `get_checked`.
    assert_eq!(
        RangeAttr::get_checked(&ctx, 3, 1).unwrap_err(),
        "range lower bound 3 exceeds upper bound 1"
    );
    assert!(RangeAttr::get_checked(&ctx, 1, 3).is_ok());
}

#[test]
fn parse_errors_are_located_diagnostics() {
    let ctx = context();
    let e = parse_attr_str(&ctx, "#ptotest.range<5 to 4>").unwrap_err();
    assert_eq!(e.message, "range lower bound 5 exceeds upper bound 4");
    let e = parse_attr_str(
        &ctx,
        "#ptotest.config<loc = vec, dtype = f32, rows = 1, home = <acc>, size = \"s\", flag = true>",
    )
    .unwrap_err();
    assert_eq!(e.message, "invalid kind of attribute specified");
}

#[test]
fn pto_tile_buf_config() {
    use pto_tile::{TileBufConfigAttr, TileConfig};
    let ctx = context();
    let a = parse_attr_str(&ctx, "#pto.tile_buf_config<>").unwrap();
    assert_eq!(TileConfig::of_attr(a), Some(TileConfig::default()));
    assert_eq!(TileConfig::default().to_attr(&ctx), Some(a));
    let c = TileConfig {
        blayout: 1,
        slayout: 2,
        fractal: 1024,
        pad: 3,
        compact: 2,
    };
    let b = c.to_attr(&ctx).unwrap();
    assert_eq!(
        b.to_string(),
        "#pto.tile_buf_config<blayout=#pto.blayout<col_major>, slayout=#pto.slayout<col_major>, s_fractal_size=1024, pad=#pto.pad_value<min>, compact=#pto.compact_mode<row_plus_one>>"
    );
    assert_eq!(parse_attr_str(&ctx, &b.to_string()).unwrap(), b);
    assert_eq!(TileConfig::of_attr(b), Some(c));
    let w = TileBufConfigAttr::from_attr(b).unwrap();
    assert_eq!(w.s_fractal_size().as_int(), Some(1024));
    // Out-of-range values build no attribute.
    let bad = TileConfig {
        fractal: 100,
        ..TileConfig::default()
    };
    assert_eq!(bad.to_attr(&ctx), None);
    assert_eq!(
        TileConfig {
            blayout: 7,
            ..TileConfig::default()
        }
        .to_attr(&ctx),
        None
    );
}
