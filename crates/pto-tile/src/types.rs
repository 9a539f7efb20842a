//! Syntax and verifiers of the `pto` types: shaped views (`!pto.tensor_view<?x16xf32>`)
//! and tile buffers in both of PTOAS's spellings.
//!
//! A `!pto.tile_buf` keeps its whole configuration as type parameters (location, element
//! type, shape, valid shape, `blayout`, `slayout`, fractal size, pad, compact mode), is
//! parsed in both PTOAS spellings and printed in the compact one. PTOAS's own
//! `TileBufType` has a custom assembly format too: two spellings, a `blayout` rule that
//! depends on the target (`arch`) and printing that elides defaults are no declarative
//! format.

use pto_ir::asm::OpAsmParser;
use pto_ir::printer::TypePrinter;
use pto_ir::{Context, Type, TypeParam, DYNAMIC};

use super::{ENUM_ADDRESSSPACE, ENUM_BLAYOUT, ENUM_SLAYOUT};

// ---- shaped views ----------------------------------------------------------------------

/// `<d0xd1x...xT>`: a shape and an element type.
fn parse_shaped<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<TypeParam<'c>>, ()> {
    p.parse_punct("<")?;
    let dims = p.parse_dimension_list(true)?;
    let elem = p.parse_type()?;
    p.parse_punct(">")?;
    let ctx = p.context();
    Ok(vec![
        TypeParam::Ints(ctx.alloc_slice(&dims)),
        TypeParam::Type(elem),
    ])
}

fn print_shaped(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    p.write("<");
    for &d in params[0].as_ints() {
        print_dim(p, d);
        p.write("x");
    }
    if let Some(t) = params[1].as_type() {
        p.print_type(t);
    }
    p.write(">");
}

fn print_dim(p: &mut TypePrinter<'_>, d: i64) {
    if d == DYNAMIC {
        p.write("?");
    } else {
        p.print_int(d);
    }
}

fn verify_shaped(what: &str, params: &[TypeParam<'_>]) -> Result<(), String> {
    match params[0].as_ints().iter().find(|&&d| d < 0 && d != DYNAMIC) {
        Some(d) => Err(format!("{what} dimensions must be non-negative, got {d}")),
        None => Ok(()),
    }
}

pub(super) fn parse_type_tensor_view<'c>(
    p: &mut dyn OpAsmParser<'c>,
) -> Result<Vec<TypeParam<'c>>, ()> {
    parse_shaped(p)
}
pub(super) fn print_type_tensor_view(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    print_shaped(p, params)
}
pub(super) fn verify_type_tensor_view<'c>(
    _: &'c Context,
    params: &[TypeParam<'c>],
) -> Result<(), String> {
    verify_shaped("tensor_view", params)
}
pub(super) fn parse_type_partition_tensor_view<'c>(
    p: &mut dyn OpAsmParser<'c>,
) -> Result<Vec<TypeParam<'c>>, ()> {
    parse_shaped(p)
}
pub(super) fn print_type_partition_tensor_view(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    print_shaped(p, params)
}
pub(super) fn verify_type_partition_tensor_view<'c>(
    _: &'c Context,
    params: &[TypeParam<'c>],
) -> Result<(), String> {
    verify_shaped("partition_tensor_view", params)
}
pub(super) fn parse_type_tile<'c>(p: &mut dyn OpAsmParser<'c>) -> Result<Vec<TypeParam<'c>>, ()> {
    parse_shaped(p)
}
pub(super) fn print_type_tile(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    print_shaped(p, params)
}
pub(super) fn verify_type_tile<'c>(_: &'c Context, params: &[TypeParam<'c>]) -> Result<(), String> {
    if params[0].as_ints().contains(&DYNAMIC) {
        return Err("tile dimensions must be static".into());
    }
    verify_shaped("tile", params)
}

// ---- tile buffers ----------------------------------------------------------------------

/// Parameter positions of `!pto.tile_buf` (declaration order in `PTOTypes.td`).
pub(super) mod tb {
    pub const LOC: usize = 0;
    pub const DTYPE: usize = 1;
    pub const ROWS: usize = 2;
    pub const COLS: usize = 3;
    pub const VALID_ROWS: usize = 4;
    pub const VALID_COLS: usize = 5;
    pub const BLAYOUT: usize = 6;
    pub const SLAYOUT: usize = 7;
    pub const FRACTAL: usize = 8;
    pub const PAD: usize = 9;
    pub const COMPACT: usize = 10;
    pub const COUNT: usize = 11;
}

/// Default fractal (inner box) size in bytes.
const DEFAULT_FRACTAL: i64 = 512;

impl<'c> super::TileBufType<'c> {
    /// `!pto.tile_buf<loc, rows x cols x dtype>`: every element valid, and the compact
    /// form's defaults (row-major, no boxes, 512-byte fractal, no pad, not compact).
    pub fn of_shape(
        ctx: &'c Context,
        loc: super::AddressSpace,
        dtype: Type<'c>,
        [rows, cols]: [i64; 2],
    ) -> Self {
        Self::get(
            ctx,
            loc,
            dtype,
            rows,
            cols,
            rows,
            cols,
            super::BLayout::RowMajor,
            super::SLayout::NoneBox,
            DEFAULT_FRACTAL,
            super::PadValue::Null,
            super::CompactMode::Null,
        )
    }

    /// This tile with base layout `blayout` and box layout `slayout`.
    pub fn with_layout(
        self,
        ctx: &'c Context,
        blayout: super::BLayout,
        slayout: super::SLayout,
    ) -> Self {
        self.with_storage(ctx, blayout, slayout, self.fractal())
    }

    /// This tile with inner boxes of `fractal` bytes.
    pub fn with_fractal(self, ctx: &'c Context, fractal: i64) -> Self {
        self.with_storage(ctx, self.blayout(), self.slayout(), fractal)
    }

    fn with_storage(
        self,
        ctx: &'c Context,
        blayout: super::BLayout,
        slayout: super::SLayout,
        fractal: i64,
    ) -> Self {
        Self::get(
            ctx,
            self.loc(),
            self.dtype(),
            self.rows(),
            self.cols(),
            self.valid_rows(),
            self.valid_cols(),
            blayout,
            slayout,
            fractal,
            self.pad(),
            self.compact(),
        )
    }
}

/// The base layout PTOAS's parser gives every `left` tile for the target `ctx` reads
/// types for, whatever is written (`None`: as written).
pub fn left_tile_blayout(ctx: &Context) -> Option<super::BLayout> {
    match super::arch::parser_arch(ctx)? {
        super::arch::ParserArch::A3 => Some(super::BLayout::RowMajor),
        super::arch::ParserArch::A5 => Some(super::BLayout::ColMajor),
    }
}

/// `?` or an integer (`-1` also means `?`, as PTOAS writes dynamic valid sizes).
fn parse_valid_dim(p: &mut dyn OpAsmParser<'_>) -> Result<i64, ()> {
    if p.parse_optional_punct("?") {
        return Ok(DYNAMIC);
    }
    match p.parse_optional_integer()? {
        Some(-1) => Ok(DYNAMIC),
        Some(v) => Ok(v),
        None => {
            p.emit_error("expected integer or '?'");
            Err(())
        }
    }
}

/// `RxC` with `?` allowed, as in `valid=16x?` (the lexer splits `16x1` into `16`, `x1`).
fn parse_valid_pair(p: &mut dyn OpAsmParser<'_>) -> Result<(i64, i64), ()> {
    let r = parse_valid_dim(p)?;
    let pos = p.current_pos();
    let word = p.parse_optional_any_keyword().unwrap_or_default();
    let Some(rest) = word.strip_prefix('x') else {
        p.emit_error_at(pos, "tile_buf valid must have exactly two dims");
        return Err(());
    };
    let c = if rest.is_empty() {
        parse_valid_dim(p)?
    } else {
        match rest.parse::<i64>() {
            Ok(v) => v,
            Err(_) => {
                p.emit_error_at(pos, "tile_buf valid must have exactly two dims");
                return Err(());
            }
        }
    };
    if p.is_punct("x")
        || p.peek_keyword_or_string()
            .is_some_and(|w| w.starts_with('x'))
    {
        p.emit_error("tile_buf valid must have exactly two dims");
        return Err(());
    }
    Ok((r, c))
}

fn parse_enum_word(
    p: &mut dyn OpAsmParser<'_>,
    e: &'static pto_ir::ods::EnumSpec,
    what: &str,
) -> Result<i64, ()> {
    let pos = p.current_pos();
    if let Some(v) = p.parse_optional_integer()? {
        if e.keyword(i128::from(v)).is_some() {
            return Ok(v);
        }
        p.emit_error_at(pos, &format!("unknown {what}: {v}"));
        return Err(());
    }
    let word = p.parse_keyword_or_string()?;
    match e.value(&word) {
        Some(v) => Ok(v),
        None => {
            p.emit_error_at(pos, &format!("unknown {what}: {word}"));
            Err(())
        }
    }
}

fn parse_int(p: &mut dyn OpAsmParser<'_>) -> Result<i64, ()> {
    match p.parse_optional_integer()? {
        Some(v) => Ok(v),
        None => {
            p.emit_error("expected integer value");
            Err(())
        }
    }
}

/// The location keyword of a tile (`gm` is not a tile location).
fn parse_loc(p: &mut dyn OpAsmParser<'_>) -> Result<i64, ()> {
    let pos = p.current_pos();
    let word = p.parse_keyword_or_string()?;
    match ENUM_ADDRESSSPACE.value(&word) {
        Some(v) if word != "gm" && word != "zero" => Ok(v),
        _ => {
            p.emit_error_at(pos, &format!("unknown loc: {word}"));
            Err(())
        }
    }
}

pub(super) fn parse_type_tile_buf<'c>(
    p: &mut dyn OpAsmParser<'c>,
) -> Result<Vec<TypeParam<'c>>, ()> {
    p.parse_punct("<")?;
    let mut v = [0i64; tb::COUNT];
    let mut dtype: Option<Type<'c>> = None;
    if p.parse_optional_keyword("loc") {
        // Key-value form: every key, in this order; `compact` may be left out.
        p.parse_punct("=")?;
        v[tb::LOC] = parse_loc(p)?;
        for (key, slot) in [
            ("dtype", tb::DTYPE),
            ("rows", tb::ROWS),
            ("cols", tb::COLS),
            ("v_row", tb::VALID_ROWS),
            ("v_col", tb::VALID_COLS),
            ("blayout", tb::BLAYOUT),
            ("slayout", tb::SLAYOUT),
            ("fractal", tb::FRACTAL),
            ("pad", tb::PAD),
        ] {
            p.parse_punct(",")?;
            p.parse_keyword(key)?;
            p.parse_punct("=")?;
            match slot {
                tb::DTYPE => dtype = Some(p.parse_type()?),
                tb::VALID_ROWS | tb::VALID_COLS => v[slot] = parse_valid_dim(p)?,
                tb::BLAYOUT => v[slot] = parse_enum_word(p, &ENUM_BLAYOUT, "blayout")?,
                tb::SLAYOUT => v[slot] = parse_enum_word(p, &ENUM_SLAYOUT, "slayout")?,
                _ => v[slot] = parse_int(p)?,
            }
        }
        if p.parse_optional_punct(",") {
            p.parse_keyword("compact")?;
            p.parse_punct("=")?;
            v[tb::COMPACT] = parse_int(p)?;
        }
    } else {
        // Compact form: `loc, RxCxT` then optional keys in any order.
        v[tb::LOC] = parse_loc(p)?;
        p.parse_punct(",")?;
        let pos = p.current_pos();
        let dims = p.parse_dimension_list(false)?;
        if dims.len() != 2 {
            p.emit_error_at(pos, "tile_buf shape must have exactly two dims");
            return Err(());
        }
        dtype = Some(p.parse_type()?);
        (v[tb::ROWS], v[tb::COLS]) = (dims[0], dims[1]);
        (v[tb::VALID_ROWS], v[tb::VALID_COLS]) = (dims[0], dims[1]);
        v[tb::FRACTAL] = DEFAULT_FRACTAL;
        let mut seen: Vec<String> = Vec::new();
        while p.parse_optional_punct(",") {
            let pos = p.current_pos();
            let key = p.parse_optional_any_keyword().unwrap_or_default();
            if seen.contains(&key) {
                p.emit_error_at(pos, &format!("duplicate {key} in tile_buf compact syntax"));
                return Err(());
            }
            p.parse_punct("=")?;
            match key.as_str() {
                "valid" => (v[tb::VALID_ROWS], v[tb::VALID_COLS]) = parse_valid_pair(p)?,
                "blayout" => v[tb::BLAYOUT] = parse_enum_word(p, &ENUM_BLAYOUT, "blayout")?,
                "slayout" => v[tb::SLAYOUT] = parse_enum_word(p, &ENUM_SLAYOUT, "slayout")?,
                "fractal" => v[tb::FRACTAL] = parse_int(p)?,
                "pad" => v[tb::PAD] = parse_int(p)?,
                "compact" => v[tb::COMPACT] = parse_int(p)?,
                _ => {
                    p.emit_error_at(
                        pos,
                        &format!("unknown key in tile_buf compact syntax: {key}"),
                    );
                    return Err(());
                }
            }
            seen.push(key);
        }
    }
    p.parse_punct(">")?;
    // PTOAS's parser gives a `left` tile its target's base layout, whatever is written.
    if v[tb::LOC] == super::AddressSpace::LEFT.value() {
        if let Some(b) = left_tile_blayout(p.context()) {
            v[tb::BLAYOUT] = b.value();
        }
    }
    let mut params: Vec<TypeParam<'c>> = v.iter().map(|&x| TypeParam::Int(x)).collect();
    params[tb::DTYPE] = TypeParam::Type(dtype.expect("dtype is parsed in both forms"));
    Ok(params)
}

/// Prints the compact form: only what differs from the defaults follows the shape.
pub(super) fn print_type_tile_buf(p: &mut TypePrinter<'_>, params: &[TypeParam<'_>]) {
    let int = |i: usize| params[i].as_int().unwrap_or(0);
    p.write("<");
    p.write(
        ENUM_ADDRESSSPACE
            .keyword(i128::from(int(tb::LOC)))
            .unwrap_or("?"),
    );
    p.write(", ");
    p.print_int(int(tb::ROWS));
    p.write("x");
    p.print_int(int(tb::COLS));
    p.write("x");
    if let Some(t) = params[tb::DTYPE].as_type() {
        p.print_type(t);
    }
    if (int(tb::VALID_ROWS), int(tb::VALID_COLS)) != (int(tb::ROWS), int(tb::COLS)) {
        p.write(", valid=");
        print_dim(p, int(tb::VALID_ROWS));
        p.write("x");
        print_dim(p, int(tb::VALID_COLS));
    }
    if int(tb::BLAYOUT) != 0 {
        p.write(", blayout=");
        p.write(
            ENUM_BLAYOUT
                .keyword(i128::from(int(tb::BLAYOUT)))
                .unwrap_or("?"),
        );
    }
    if int(tb::SLAYOUT) != 0 {
        p.write(", slayout=");
        p.write(
            ENUM_SLAYOUT
                .keyword(i128::from(int(tb::SLAYOUT)))
                .unwrap_or("?"),
        );
    }
    if int(tb::FRACTAL) != DEFAULT_FRACTAL {
        p.write(", fractal=");
        p.print_int(int(tb::FRACTAL));
    }
    if int(tb::PAD) != 0 {
        p.write(", pad=");
        p.print_int(int(tb::PAD));
    }
    if int(tb::COMPACT) != 0 {
        p.write(", compact=");
        p.print_int(int(tb::COMPACT));
    }
    p.write(">");
}

pub(super) fn verify_type_tile_buf<'c>(
    _: &'c Context,
    params: &[TypeParam<'c>],
) -> Result<(), String> {
    let int = |i: usize| params[i].as_int().unwrap_or(0);
    let (rows, cols) = (int(tb::ROWS), int(tb::COLS));
    if rows < 0 || cols < 0 {
        return Err("rows/cols must be non-negative".into());
    }
    for (v, n, what) in [
        (int(tb::VALID_ROWS), rows, "v_row"),
        (int(tb::VALID_COLS), cols, "v_col"),
    ] {
        if v != DYNAMIC && !(0..=n).contains(&v) {
            return Err(format!("{what} must be in [0, {n}] or '?', got {v}"));
        }
    }
    if ![16, 32, 512, 1024].contains(&int(tb::FRACTAL)) {
        return Err(format!("unsupported s_fractal_size: {}", int(tb::FRACTAL)));
    }
    if !(0..=3).contains(&int(tb::PAD)) {
        return Err(format!("unsupported pad value: {}", int(tb::PAD)));
    }
    if !(0..=2).contains(&int(tb::COMPACT)) {
        return Err(format!("unsupported compact mode: {}", int(tb::COMPACT)));
    }
    Ok(())
}
