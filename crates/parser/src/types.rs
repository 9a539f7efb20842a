//! Types: builtin types, aliases, and opaque types of unregistered dialects.

use smallvec::SmallVec;

use super::{PResult, Parser};
use crate::lexer::TokenKind;
use pto_ir::{AttrKind, Attribute, FloatKind, Signedness, Type, TypeKind, DYNAMIC};

/// The widest integer type MLIR accepts.
const MAX_INT_WIDTH: u64 = 16_777_215;

impl<'c, 's> Parser<'c, 's> {
    /// Parses a type.
    pub(crate) fn parse_type(&mut self) -> PResult<Type<'c>> {
        self.nested(|p| match p.tok.kind {
            TokenKind::LParen => p.parse_function_type(),
            TokenKind::ExclaimIdent => p.parse_extended_type(),
            TokenKind::BareIdent => p.parse_builtin_type(),
            _ => p.err_wrong_token("expected non-function type"),
        })
    }

    /// `(inputs) -> results`
    pub(super) fn parse_function_type(&mut self) -> PResult<Type<'c>> {
        let mut inputs: SmallVec<[Type<'c>; 4]> = SmallVec::new();
        self.parse_comma_list(TokenKind::LParen, TokenKind::RParen, |p| {
            inputs.push(p.parse_type()?);
            Ok(())
        })?;
        self.expect_msg(TokenKind::Arrow, "expected '->' in function type")?;
        let results = self.parse_function_result_types()?;
        Ok(self.ctx.function_type(&inputs, &results))
    }

    /// A single type, or a parenthesized list (which may itself be a function type).
    fn parse_function_result_types(&mut self) -> PResult<SmallVec<[Type<'c>; 2]>> {
        if !self.is(TokenKind::LParen) {
            let mut v = SmallVec::new();
            v.push(self.parse_type()?);
            return Ok(v);
        }
        // `(types)` unless it is a function type `(a) -> b`.
        let save_tok = self.tok;
        let mut v: SmallVec<[Type<'c>; 2]> = SmallVec::new();
        self.parse_comma_list(TokenKind::LParen, TokenKind::RParen, |p| {
            v.push(p.parse_type()?);
            Ok(())
        })?;
        if self.is(TokenKind::Arrow) {
            // It was a function type as the single result.
            self.lex.reset_to(save_tok.start as usize);
            self.tok = self.lex.next_token();
            let mut one = SmallVec::new();
            one.push(self.parse_function_type()?);
            return Ok(one);
        }
        Ok(v)
    }

    fn parse_extended_type(&mut self) -> PResult<Type<'c>> {
        let pos = self.tok.start;
        let ident = &self.tok_text()[1..];
        self.advance();
        if !ident.contains('.') && !self.is(TokenKind::Less) {
            return match self.type_aliases.get(ident) {
                Some(t) => Ok(*t),
                None => self.err_wrong_token(&format!("undefined symbol alias id '{ident}'")),
            };
        }
        let (dialect, pretty) = match ident.split_once('.') {
            Some((d, rest)) => (d, Some(rest)),
            None => (ident, None),
        };
        if let (Some(d), Some(mnemonic)) = (self.ctx.dialect(dialect), pretty) {
            if !d.types.is_empty() {
                let Some(def) = d.type_def(mnemonic) else {
                    return self.err_at(
                        pos,
                        &format!("unknown  type `{mnemonic}` in dialect `{dialect}`"),
                    );
                };
                // A type's own errors are not prefixed with the custom op being parsed.
                let saved = std::mem::take(&mut self.custom_ops);
                let r = pto_ir::ods::typedef::parse_type_body(self, def);
                self.custom_ops = saved;
                return r;
            }
        }
        let body = self.parse_dialect_body(pretty)?;
        if self.ctx.dialect(dialect).is_none() && !self.ctx.allows_unregistered_dialects() {
            return self.err_at(
                pos,
                &format!("dialect '{dialect}' is unknown; use -allow-unregistered-dialect to accept its types"),
            );
        }
        if self.ctx.dialect(dialect).is_some() {
            return self.err_at(
                pos,
                &format!("dialect '{dialect}' provides no type '{}'", body),
            );
        }
        let d = self.ctx.ident(dialect);
        Ok(self.ctx.opaque_type(d, &body))
    }

    /// The body of a dialect type or attribute: the pretty form `name<...>` (verbatim text)
    /// or the opaque form `<"text">`.
    pub(super) fn parse_dialect_body(&mut self, pretty: Option<&'s str>) -> PResult<String> {
        match pretty {
            Some(name) => {
                let mut body = name.to_string();
                if self.is(TokenKind::Less) && self.tok.start as usize == self.prev_end_hint() {
                    body.push_str(&self.balanced_text()?);
                }
                Ok(body)
            }
            None => {
                // `!dialect<body>`: the body is kept verbatim, quotes included.
                let text = self.balanced_text()?;
                Ok(text[1..text.len() - 1].to_string())
            }
        }
    }

    /// The byte offset right after the previous token (used to require that `<` follows a
    /// dialect name without whitespace, as in the pretty form).
    fn prev_end_hint(&self) -> usize {
        self.src[..self.tok.start as usize].trim_end().len()
    }

    /// Consumes a `<...>` group with balanced brackets and returns its verbatim text.
    /// Like MLIR's `parseDialectSymbolBody`, the body is scanned character by character,
    /// not as tokens (`#pt<.x<1>>` is a valid body though `.` alone lexes as nothing):
    /// brackets nest, `->` is no closer, strings are skipped whole.
    pub(super) fn balanced_text(&mut self) -> PResult<String> {
        let start = self.tok.start as usize;
        let bytes = self.src.as_bytes();
        // The openers not closed yet.
        let mut stack: Vec<u8> = Vec::new();
        let mut i = start;
        loop {
            let c = bytes.get(i).copied().unwrap_or(0);
            i += 1;
            match c {
                0 => {
                    return match stack.last() {
                        Some(&open) => self.err_at(
                            start as u32,
                            &format!(
                                "unbalanced '{}' character in pretty dialect name",
                                open as char
                            ),
                        ),
                        None => self
                            .err_at(start as u32, "unexpected nul or EOF in pretty dialect name"),
                    };
                }
                b'<' | b'[' | b'(' | b'{' => stack.push(c),
                b'-' if bytes.get(i) == Some(&b'>') => i += 1,
                b'>' | b']' | b')' | b'}' => {
                    let open = match c {
                        b'>' => b'<',
                        b']' => b'[',
                        b')' => b'(',
                        _ => b'{',
                    };
                    match stack.last() {
                        Some(&o) if o == open => {
                            stack.pop();
                        }
                        // MLIR reports the innermost unclosed opener, at the start of the body.
                        Some(&o) => {
                            return self.err_at(
                                start as u32,
                                &format!(
                                    "unbalanced '{}' character in pretty dialect name",
                                    o as char
                                ),
                            )
                        }
                        None => {
                            return self.err_at(
                                start as u32,
                                "unbalanced '<' character in pretty dialect name",
                            )
                        }
                    }
                }
                b'"' => {
                    self.lex.reset_to(i - 1);
                    let t = self.lex.next_token();
                    if t.kind != TokenKind::String {
                        let msg = self.lex.error.clone();
                        return self.err_at(t.start, &msg);
                    }
                    i = t.end as usize;
                }
                _ => {}
            }
            if stack.is_empty() {
                break;
            }
        }
        self.lex.reset_to(i);
        self.advance();
        Ok(self.src[start..i].to_string())
    }

    fn parse_builtin_type(&mut self) -> PResult<Type<'c>> {
        let pos = self.tok.start;
        let t = self.tok_text();
        let ctx = self.ctx;
        let simple = match t {
            "index" => Some(ctx.index_type()),
            "none" => Some(ctx.none_type()),
            _ => FloatKind::from_keyword(t).map(|k| ctx.float_type(k)),
        };
        if let Some(ty) = simple {
            self.advance();
            return Ok(ty);
        }
        if let Some(ty) = self.try_integer_type(t, pos)? {
            self.advance();
            return Ok(ty);
        }
        match t {
            "tuple" => {
                self.advance();
                let mut elems: SmallVec<[Type<'c>; 4]> = SmallVec::new();
                self.expect_msg(TokenKind::Less, "expected '<' in tuple type")?;
                if !self.consume_if(TokenKind::Greater) {
                    loop {
                        elems.push(self.parse_type()?);
                        if !self.consume_if(TokenKind::Comma) {
                            break;
                        }
                    }
                    self.expect_msg(TokenKind::Greater, "expected '>' in tuple type")?;
                }
                Ok(ctx.tuple_type(&elems))
            }
            "complex" => {
                self.advance();
                self.expect_msg(TokenKind::Less, "expected '<' in complex type")?;
                let epos = self.tok.start;
                let e = self.parse_type()?;
                if !(e.is_float() || e.is_integer()) {
                    return self.err_at(epos, "invalid element type for complex");
                }
                self.expect_msg(TokenKind::Greater, "expected '>' in complex type")?;
                Ok(ctx.intern_type(TypeKind::Complex(e)))
            }
            "vector" => self.parse_vector_type(),
            "tensor" => self.parse_tensor_type(),
            "memref" => self.parse_memref_type(),
            _ => self.err_wrong_token("expected non-function type"),
        }
    }

    fn try_integer_type(&mut self, t: &str, pos: u32) -> PResult<Option<Type<'c>>> {
        let (sign, digits) = if let Some(d) = t.strip_prefix("si") {
            (Signedness::Signed, d)
        } else if let Some(d) = t.strip_prefix("ui") {
            (Signedness::Unsigned, d)
        } else if let Some(d) = t.strip_prefix('i') {
            (Signedness::Signless, d)
        } else {
            return Ok(None);
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(None);
        }
        let width = match digits.parse::<u64>() {
            Ok(w) if w <= MAX_INT_WIDTH => w as u32,
            Ok(_) => {
                return self.err_at(
                    pos,
                    &format!("integer bitwidth is limited to {MAX_INT_WIDTH} bits"),
                )
            }
            Err(_) => return self.err_at(pos, "invalid integer width"),
        };
        Ok(Some(self.ctx.intern_type(TypeKind::Integer {
            width,
            signedness: sign,
        })))
    }

    /// After a dimension, consumes the `x` separator, re-lexing inside identifiers like
    /// `xf32` or `x4x`. Returns false if there is no `x`.
    fn consume_x_in_dims(&mut self) -> bool {
        if self.tok.kind != TokenKind::BareIdent || !self.tok_text().starts_with('x') {
            return false;
        }
        self.lex.reset_to(self.tok.start as usize + 1);
        self.tok = self.lex.next_token();
        true
    }

    /// Parses `dim x dim x ... x` (integers or `?`; `[N]` when `scalable` is given) up to
    /// the element type. A token that cannot be a dimension ends the list.
    pub(super) fn parse_dims(
        &mut self,
        allow_dynamic: bool,
        mut scalable: Option<&mut SmallVec<[bool; 4]>>,
    ) -> PResult<SmallVec<[i64; 4]>> {
        let mut dims = SmallVec::new();
        loop {
            let is_scalable = scalable.is_some() && self.is(TokenKind::LSquare);
            if is_scalable {
                self.advance();
            }
            match self.tok.kind {
                TokenKind::Question if allow_dynamic && !is_scalable => {
                    self.advance();
                    dims.push(DYNAMIC);
                }
                TokenKind::Integer => {
                    let text = self.tok_text();
                    if text.starts_with("0x") {
                        // `0x4` lexes as hex: it is the dimension 0 followed by `x4`.
                        self.lex.reset_to(self.tok.start as usize + 1);
                        self.tok = self.lex.next_token();
                        dims.push(0);
                    } else {
                        match text.parse::<i64>() {
                            Ok(d) => dims.push(d),
                            Err(_) => return self.err("invalid dimension"),
                        }
                        self.advance();
                    }
                }
                _ if is_scalable => return self.err("expected integer value"),
                _ => return Ok(dims),
            }
            if is_scalable {
                self.expect_msg(TokenKind::RSquare, "missing ']' closing scalable dimension")?;
            }
            if let Some(s) = scalable.as_deref_mut() {
                s.push(is_scalable);
            }
            if !self.consume_x_in_dims() {
                return self.err_wrong_token("expected 'x' in dimension list");
            }
        }
    }

    fn parse_vector_type(&mut self) -> PResult<Type<'c>> {
        let kw = self.tok.start;
        self.advance();
        self.expect_msg(TokenKind::Less, "expected '<' in vector type")?;
        let mut scalable: SmallVec<[bool; 4]> = SmallVec::new();
        let dims = self.parse_dims(false, Some(&mut scalable))?;
        let element = self.parse_type()?;
        self.expect_msg(TokenKind::Greater, "expected '>' in vector type")?;
        if dims.iter().any(|&d| d <= 0) {
            // MLIR lists the whole shape.
            let all: Vec<String> = dims.iter().map(i64::to_string).collect();
            return self.err_at(
                kw,
                &format!(
                    "vector types must have positive constant sizes but got {}",
                    all.join(", ")
                ),
            );
        }
        let dialect_elem =
            matches!(element.kind(), TypeKind::Dialect { def, .. } if def.vector_element);
        if !(element.is_integer() || element.is_index() || element.is_float() || dialect_elem) {
            return self.err_at(
                kw,
                "failed to verify 'elementType': VectorElementTypeInterface instance",
            );
        }
        Ok(self.ctx.scalable_vector_type(&dims, &scalable, element))
    }

    fn parse_tensor_type(&mut self) -> PResult<Type<'c>> {
        self.advance();
        self.expect_msg(TokenKind::Less, "expected '<' in tensor type")?;
        let unranked = self.consume_if(TokenKind::Star);
        let dims = if unranked {
            if !self.consume_x_in_dims() {
                return self.err_wrong_token("expected 'x' in dimension list");
            }
            SmallVec::new()
        } else {
            self.parse_dims(true, None)?
        };
        let epos = self.tok.start;
        let element = self.parse_type()?;
        let mut encoding = None;
        if self.consume_if(TokenKind::Comma) {
            encoding = Some(self.parse_attribute(None)?);
        }
        self.expect_msg(TokenKind::Greater, "expected '>' in tensor type")?;
        if unranked && encoding.is_some() {
            return self.err("cannot apply encoding to unranked tensor");
        }
        let valid = matches!(
            element.kind(),
            TypeKind::Integer { .. }
                | TypeKind::Index
                | TypeKind::Float(_)
                | TypeKind::Complex(_)
                | TypeKind::Vector { .. }
                | TypeKind::Opaque { .. }
                | TypeKind::Dialect { .. }
        );
        if !valid {
            return self.err_at(epos, "invalid tensor element type");
        }
        if unranked {
            return Ok(self.ctx.intern_type(TypeKind::UnrankedTensor { element }));
        }
        Ok(self.ctx.ranked_tensor_type(&dims, element, encoding))
    }

    fn parse_memref_type(&mut self) -> PResult<Type<'c>> {
        let kw = self.tok.start;
        self.advance();
        self.expect_msg(TokenKind::Less, "expected '<' in memref type")?;
        let unranked = self.consume_if(TokenKind::Star);
        let dims = if unranked {
            if !self.consume_x_in_dims() {
                return self.err_wrong_token("expected 'x' in dimension list");
            }
            SmallVec::new()
        } else {
            self.parse_dims(true, None)?
        };
        let epos = self.tok.start;
        let element = self.parse_type()?;
        let valid = matches!(
            element.kind(),
            TypeKind::Integer { .. }
                | TypeKind::Index
                | TypeKind::Float(_)
                | TypeKind::Complex(_)
                | TypeKind::Vector { .. }
                | TypeKind::MemRef { .. }
                | TypeKind::UnrankedMemRef { .. }
        );
        if !valid {
            return self.err_at(epos, "invalid memref element type");
        }
        let mut layout: Option<Attribute<'c>> = None;
        let mut space: Option<Attribute<'c>> = None;
        while self.consume_if(TokenKind::Comma) {
            let a = self.parse_attribute(None)?;
            let is_layout = matches!(a.kind(), AttrKind::AffineMap(_) | AttrKind::Strided { .. });
            if is_layout {
                if space.is_some() {
                    return self.err_wrong_token("expected memory space to be last in memref type");
                }
                if unranked {
                    return self.err_wrong_token("cannot have affine map for unranked memref type");
                }
                layout = Some(a);
            } else {
                if space.is_some() {
                    return self.err_wrong_token("multiple memory spaces specified in memref type");
                }
                space = Some(a);
            }
        }
        self.expect_msg(TokenKind::Greater, "expected ',' or '>' in memref type")?;
        match layout.map(|a| *a.kind()) {
            Some(AttrKind::AffineMap(m)) if m.num_dims as usize != dims.len() => {
                return self.err_at(
                    kw,
                    &format!(
                        "memref layout mismatch between rank and affine map: {} != {}",
                        dims.len(),
                        m.num_dims
                    ),
                );
            }
            Some(AttrKind::Strided { strides, .. }) if strides.len() != dims.len() => {
                return self.err_at(kw, "expected the number of strides to match the rank");
            }
            _ => {}
        }
        if let Some(s) = space {
            // Builtin integers, strings, dictionaries, and attributes of registered
            // dialects (`#pto.address_space<vec>`); MLIR keeps those of unregistered
            // dialects as builtin opaque attributes, which are rejected.
            let supported = match s.kind() {
                AttrKind::Integer { .. } | AttrKind::String { .. } | AttrKind::Dictionary(_) => {
                    true
                }
                AttrKind::Opaque { dialect, .. } => self.ctx.dialect(dialect.as_str()).is_some(),
                _ => false,
            };
            if !supported {
                return self.err_at(kw, "unsupported memory space Attribute");
            }
        }
        // MLIR drops identity layouts and the default memory space 0.
        if let Some(a) = layout {
            if pto_ir::affine::is_identity_layout(a) {
                layout = None;
            }
        }
        if let Some(s) = space {
            if matches!(s.kind(), AttrKind::Integer { value: 0, .. }) {
                space = None;
            }
        }
        if unranked {
            return Ok(self.ctx.intern_type(TypeKind::UnrankedMemRef {
                element,
                memory_space: space,
            }));
        }
        Ok(self.ctx.memref_type(&dims, element, layout, space))
    }
}
