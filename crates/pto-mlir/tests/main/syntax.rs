//! Parser diagnostics through the library.

use pto_ir::Context;
use pto_parser::parse_source;

fn parse_error(src: &str) -> (u32, u32, String) {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    let d = match parse_source(&ctx, src, "t.mlir", &Default::default()) {
        Ok(_) => panic!("expected a parse error"),
        Err(d) => d,
    };
    let (_, l, c) = d.loc.file_line_col().unwrap();
    (l, c, d.message)
}

#[test]
fn undeclared_value_is_reported_at_its_use() {
    let (l, c, m) = parse_error("\"t.u\"(%x) : (i32) -> ()\n");
    assert_eq!((l, c), (1, 7));
    assert!(m.contains("use of undeclared SSA value name"), "{m}");
}

#[test]
fn redefinition_has_a_note() {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    let src = "%x = \"t.a\"() : () -> i32\n%x = \"t.a\"() : () -> i32\n";
    let d = parse_source(&ctx, src, "t.mlir", &Default::default())
        .err()
        .unwrap();
    assert_eq!(d.message, "redefinition of SSA value '%x'");
    assert_eq!(d.notes.len(), 1);
    assert_eq!(d.notes[0].loc.file_line_col().unwrap().1, 1);
}

#[test]
fn use_across_isolation_is_an_error_of_the_parse() {
    // A caller that does not verify still never gets IR using a value across an
    // isolation boundary: the parse fails with the verifier's error.
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    ctx.set_allow_unregistered_dialects(true);
    let src = "func.func @f(%a: i32) {\n  builtin.module {\n    \"t.use\"(%a) : (i32) -> ()\n  }\n  return\n}\n";
    let d = parse_source(&ctx, src, "t.mlir", &Default::default())
        .err()
        .unwrap();
    assert_eq!(
        d.message,
        "'t.use' op using value defined outside the region"
    );
    assert_eq!(d.loc.file_line_col().unwrap().1, 3);
    let note = d.notes.last().unwrap();
    assert_eq!(note.message, "required by region isolation constraints");
    assert_eq!(note.loc.file_line_col().unwrap().1, 2);
}

#[test]
fn a_non_ascii_character_is_one_error_token() {
    // Found by tests/main/mutations.rs: the error token of a 2-byte character ended
    // inside it, and taking its text panicked.
    let (l, c, m) = parse_error("\"t.u\"() {s = -\u{e9}\"} : () -> ()\n");
    assert_eq!((l, c), (1, 15));
    assert_eq!(m, "unexpected character");
}

#[test]
fn malformed_inputs_never_panic() {
    // Every prefix of a valid file is either valid or a located error.
    let src = "#map = affine_map<(d0)[s0] -> (d0 * 2 - s0)>\nmodule @m {\n  %0:2 = \"t.op\"() <{p = [1, 2.5 : f32]}> ({\n  ^bb0(%a: memref<4x?xf32, #map>):\n    \"t.br\"(%a)[^bb1] : (memref<4x?xf32, #map>) -> ()\n  ^bb1(%b: memref<4x?xf32, #map>):\n    \"t.ret\"() : () -> ()\n  }) {d = dense<[1, 2]> : tensor<2xi8>} : () -> (i32, tensor<*xf32>)\n}\n";
    for end in 0..src.len() {
        if !src.is_char_boundary(end) {
            continue;
        }
        let mut ctx = Context::new();
        ctx.set_allow_unregistered_dialects(true);
        let _ = parse_source(&ctx, &src[..end], "t.mlir", &Default::default());
    }
}
