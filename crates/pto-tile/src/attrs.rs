//! `#pto.tile_buf_config<...>`: the layout configuration of a tile as an attribute
//! (PTOAS's `TileBufConfigAttr`), its syntax and verifier.
//!
//! Written `<key=value, ...>` with the keys `blayout`, `slayout`, `s_fractal_size`,
//! `pad` and `compact` in any order, each optional (a repeated key overrides, as in
//! PTOAS); layout, pad and compact values are the enum attributes
//! (`#pto.blayout<col_major>`) or integers. Printed with every key, in that order.

use pto_ir::asm::OpAsmParser;
use pto_ir::ods::EnumSpec;
use pto_ir::printer::TypePrinter;
use pto_ir::{Attribute, Context, TypeParam};

use super::{DIALECT, ENUM_BLAYOUT, ENUM_COMPACTMODE, ENUM_PADVALUE, ENUM_SLAYOUT};

/// Positions of the parameters of `#pto.tile_buf_config` (declaration order).
mod cfg {
    pub const BLAYOUT: usize = 0;
    pub const SLAYOUT: usize = 1;
    pub const FRACTAL: usize = 2;
    pub const PAD: usize = 3;
    pub const COMPACT: usize = 4;
}

/// The fractal sizes a tile may use (bytes).
pub(super) const FRACTAL_SIZES: [i64; 4] = [16, 32, 512, 1024];

/// The values of a tile configuration, as the tile-buffer type keeps them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TileConfig {
    /// `#pto.blayout` value (0 row major, 1 column major).
    pub blayout: i64,
    /// `#pto.slayout` value (0 none, 1 row major, 2 column major).
    pub slayout: i64,
    /// Box size in bytes.
    pub fractal: i64,
    /// `#pto.pad_value` value.
    pub pad: i64,
    /// `#pto.compact_mode` value.
    pub compact: i64,
}

impl Default for TileConfig {
    /// PTOAS's `TileBufConfigAttr::getDefault`: row major, no boxes, 512, no padding.
    fn default() -> Self {
        TileConfig {
            blayout: 0,
            slayout: 0,
            fractal: 512,
            pad: 0,
            compact: 0,
        }
    }
}

impl TileConfig {
    /// The values of a `#pto.tile_buf_config` attribute.
    pub fn of_attr(a: Attribute<'_>) -> Option<TileConfig> {
        let c = super::TileBufConfigAttr::from_attr(a)?;
        Some(TileConfig {
            blayout: super::enum_value(c.b_layout())?,
            slayout: super::enum_value(c.s_layout())?,
            fractal: i64::try_from(c.s_fractal_size().as_int()?).ok()?,
            pad: super::enum_value(c.pad())?,
            compact: super::enum_value(c.compact_mode())?,
        })
    }

    /// The `#pto.tile_buf_config` attribute with these values (`None` if one is out of
    /// its range).
    pub fn to_attr<'c>(self, ctx: &'c Context) -> Option<Attribute<'c>> {
        let params = [
            TypeParam::Attr(enum_attr(ctx, "blayout", &ENUM_BLAYOUT, self.blayout)?),
            TypeParam::Attr(enum_attr(ctx, "slayout", &ENUM_SLAYOUT, self.slayout)?),
            TypeParam::Attr(ctx.int_attr(ctx.int_type(32), i128::from(self.fractal))),
            TypeParam::Attr(enum_attr(ctx, "pad_value", &ENUM_PADVALUE, self.pad)?),
            TypeParam::Attr(enum_attr(
                ctx,
                "compact_mode",
                &ENUM_COMPACTMODE,
                self.compact,
            )?),
        ];
        super::TileBufConfigAttr::def()
            .get_checked(ctx, &params)
            .ok()
    }
}

/// The enum attribute `#pto.<mnemonic><case>` of value `v`.
fn enum_attr<'c>(ctx: &'c Context, mnemonic: &str, e: &EnumSpec, v: i64) -> Option<Attribute<'c>> {
    let def = DIALECT.attr_def(mnemonic)?;
    let body = def.body(e.keyword(i128::from(v))?);
    Some(ctx.opaque_attr(ctx.ident("pto"), &body))
}

/// One layout-like value: the enum attribute `#pto.<mnemonic><...>` or an integer
/// (converted to the enum, as PTOAS's parser converts it).
fn parse_enum_value<'c>(
    p: &mut dyn OpAsmParser<'c>,
    key: &str,
    mnemonic: &str,
    class: &str,
    e: &EnumSpec,
) -> Result<Attribute<'c>, ()> {
    let ctx = p.context();
    let pos = p.current_pos();
    let a = p.parse_attribute()?;
    if super::enum_value(a).is_some() && pto_ir::ods::preds::a_dialect(a, "pto", mnemonic) {
        return Ok(a);
    }
    if let Some(v) = a
        .as_int()
        .filter(|_| a.ty().is_some_and(|t| t.is_integer()))
    {
        let what = if key == "compact" {
            "compact_mode"
        } else {
            key
        };
        let attr = i64::try_from(v)
            .ok()
            .and_then(|v| enum_attr(ctx, mnemonic, e, v));
        return attr.ok_or_else(|| {
            p.emit_error_at(pos, &format!("unsupported {what} value: {v}"));
        });
    }
    let what = if key == "compact" {
        "compact_mode"
    } else {
        key
    };
    p.emit_error_at(pos, &format!("{what} must be {class} or i32 integer attr"));
    Err(())
}

/// `<key=value, ...>` (`hasCustomAssemblyFormat`).
pub(super) fn parse_attr_tile_buf_config<'c>(
    p: &mut dyn OpAsmParser<'c>,
) -> Result<Vec<TypeParam<'c>>, ()> {
    let ctx = p.context();
    let mut v: Vec<TypeParam<'c>> = Vec::with_capacity(5);
    let defaults = TileConfig::default().to_attr(ctx);
    let Some((_, params)) = defaults.and_then(|a| a.dialect_attr()) else {
        p.emit_error("failed to load default tile_buf config");
        return Err(());
    };
    v.extend_from_slice(params);
    p.parse_punct("<")?;
    if p.parse_optional_punct(">") {
        return Ok(v);
    }
    loop {
        let key = match p.parse_optional_any_keyword() {
            Some(k) => k,
            None => {
                p.emit_error("expected valid keyword");
                return Err(());
            }
        };
        p.parse_punct("=")?;
        match key.as_str() {
            "blayout" => {
                v[cfg::BLAYOUT] = TypeParam::Attr(parse_enum_value(
                    p,
                    "blayout",
                    "blayout",
                    "BLayoutAttr",
                    &ENUM_BLAYOUT,
                )?)
            }
            "slayout" => {
                v[cfg::SLAYOUT] = TypeParam::Attr(parse_enum_value(
                    p,
                    "slayout",
                    "slayout",
                    "SLayoutAttr",
                    &ENUM_SLAYOUT,
                )?)
            }
            "pad" => {
                v[cfg::PAD] = TypeParam::Attr(parse_enum_value(
                    p,
                    "pad",
                    "pad_value",
                    "PadValueAttr",
                    &ENUM_PADVALUE,
                )?)
            }
            "compact" => {
                v[cfg::COMPACT] = TypeParam::Attr(parse_enum_value(
                    p,
                    "compact",
                    "compact_mode",
                    "CompactModeAttr",
                    &ENUM_COMPACTMODE,
                )?)
            }
            "s_fractal_size" => {
                let pos = p.current_pos();
                let n = match p.parse_optional_integer()? {
                    Some(n) if i32::try_from(n).is_ok() => n,
                    Some(_) => {
                        p.emit_error_at(pos, "integer value too large");
                        return Err(());
                    }
                    None => {
                        p.emit_error("expected integer value");
                        return Err(());
                    }
                };
                v[cfg::FRACTAL] = TypeParam::Attr(ctx.int_attr(ctx.int_type(32), i128::from(n)));
            }
            _ => {
                p.emit_error(&format!("unknown key in tile_buf_config: {key}"));
                return Err(());
            }
        }
        if p.parse_optional_punct(">") {
            return Ok(v);
        }
        p.parse_punct(",")?;
    }
}

/// Every key, in order, with the full attribute spellings.
pub(super) fn print_attr_tile_buf_config(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    let attr = |i: usize| params.get(i).and_then(|v| v.as_attr());
    p.write("<");
    for (i, key) in [
        (cfg::BLAYOUT, "blayout="),
        (cfg::SLAYOUT, ", slayout="),
        (cfg::FRACTAL, ", s_fractal_size="),
        (cfg::PAD, ", pad="),
        (cfg::COMPACT, ", compact="),
    ] {
        p.write(key);
        match attr(i) {
            Some(a) if i == cfg::FRACTAL => match a.as_int() {
                Some(n) => p.print_int(n as i64),
                None => p.print_attribute(a),
            },
            Some(a) => p.print_attribute(a),
            None => {}
        }
    }
    p.write(">");
}

/// PTOAS's `TileBufConfigAttr::verify`: an i32 fractal size among the supported ones.
/// (The layout, pad and compact parameters are enum attributes by their types.)
pub(super) fn verify_attr_tile_buf_config<'c>(
    _: &'c Context,
    params: &[TypeParam<'c>],
) -> Result<(), String> {
    let Some(size) = params[cfg::FRACTAL].as_attr() else {
        return Err("s_fractal_size must be i32".into());
    };
    if !size.ty().is_some_and(|t| t.is_signless_int(32)) {
        return Err("s_fractal_size must be i32".into());
    }
    let n = size.as_int().unwrap_or_default();
    if !FRACTAL_SIZES.iter().any(|&f| i128::from(f) == n) {
        return Err(format!("unsupported s_fractal_size: {n}"));
    }
    Ok(())
}
