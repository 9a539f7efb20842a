// Malformed `pto` types and attributes are reported at the offending token with
// PTOAS's messages where it has them.
// RUN: %pto-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{unknown loc: gm}}
func.func private @f(!pto.tile_buf<gm, 16x16xf32>)

// -----

// expected-error @+1 {{duplicate valid in tile_buf compact syntax}}
func.func private @f(!pto.tile_buf<vec, 16x16xf32, valid=8x8, valid=4x4>)

// -----

// expected-error @+1 {{unknown key in tile_buf compact syntax: align}}
func.func private @f(!pto.tile_buf<vec, 16x16xf32, align=8>)

// -----

// expected-error @+1 {{tile_buf valid must have exactly two dims}}
func.func private @f(!pto.tile_buf<vec, 16x16xf32, valid=16>)

// -----

// expected-error @+1 {{tile_buf shape must have exactly two dims}}
func.func private @f(!pto.tile_buf<vec, 2x16x16xf32>)

// -----

// expected-error @+1 {{unsupported s_fractal_size: 64}}
func.func private @f(!pto.tile_buf<vec, 16x16xf32, fractal=64>)

// -----

// expected-error @+1 {{v_row must be in [0, 16] or '?', got 32}}
func.func private @f(!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=32, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

// -----

// The key-value form has a fixed order.
// expected-error @+1 {{expected 'dtype'}}
func.func private @f(!pto.tile_buf<loc=vec, rows=16, dtype=f32, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)

// -----

// expected-error @+1 {{unknown blayout: diagonal}}
func.func private @f(!pto.tile_buf<vec, 16x16xf32, blayout=diagonal>)

// -----

// expected-error @+1 {{tile dimensions must be static}}
func.func private @f(!pto.tile<?x16xf32>)

// -----

// expected-error @+1 {{expected ::mlir::pto::CmpMode to be one of: eq, ne, lt, le, gt, ge}}
func.func private @f() attributes {c = #pto<cmp less_than>}

// -----

// `cmp` is written without angle brackets.
// expected-error @+1 {{dialect 'pto' provides no attribute 'cmp<lt>'}}
func.func private @f() attributes {c = #pto.cmp<lt>}
