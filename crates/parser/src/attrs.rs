//! Attributes and locations.

use pto_ir::module::element_bytes;
use smallvec::SmallVec;

use super::{PResult, Parser};
use crate::lexer::TokenKind;
use pto_ir::float;
use pto_ir::{AttrKind, Attribute, Location, NamedAttribute, Type, TypeKind, DYNAMIC};

/// A scalar element of a dense literal, before its type is known.
#[derive(Clone, Debug)]
enum Scalar {
    Int {
        negative: bool,
        magnitude: u128,
        hex: bool,
    },
    Float {
        negative: bool,
        text: String,
    },
    Bool(bool),
    Complex(Box<Scalar>, Box<Scalar>),
}

/// A dense literal: a scalar or nested lists.
#[derive(Clone, Debug)]
enum Literal {
    Scalar(Scalar, u32),
    /// Elements and the position of the closing `]`.
    List(Vec<Literal>, u32),
}

impl<'c, 's> Parser<'c, 's> {
    /// Parses an attribute; `ty` is the type expected by context (for `dense`, numbers).
    pub(crate) fn parse_attribute(&mut self, ty: Option<Type<'c>>) -> PResult<Attribute<'c>> {
        self.nested(|p| p.parse_attribute_at_depth(ty))
    }

    fn parse_attribute_at_depth(&mut self, ty: Option<Type<'c>>) -> PResult<Attribute<'c>> {
        let ctx = self.ctx;
        match self.tok.kind {
            TokenKind::LSquare => {
                let mut elems: SmallVec<[Attribute<'c>; 8]> = SmallVec::new();
                self.advance();
                if !self.consume_if(TokenKind::RSquare) {
                    self.parse_comma_list_tail(TokenKind::RSquare, &mut |p: &mut Self| {
                        elems.push(p.parse_attribute(None)?);
                        Ok(())
                    })?;
                }
                Ok(ctx.array_attr(&elems))
            }
            TokenKind::LBrace => {
                let entries = self.parse_attr_dict_entries()?;
                Ok(ctx.dictionary(&entries))
            }
            TokenKind::AtIdent => self.parse_symbol_ref(),
            TokenKind::String => {
                let s = self.string_value_utf8()?;
                self.advance();
                let ty = if self.consume_if(TokenKind::Colon) {
                    Some(self.parse_type()?)
                } else {
                    None
                };
                let value = ctx.alloc_str(&s);
                Ok(ctx.typed_string_attr(value, ty))
            }
            TokenKind::Minus | TokenKind::Integer | TokenKind::Float => self.parse_number_attr(ty),
            TokenKind::HashIdent => self.parse_extended_attr(),
            TokenKind::BareIdent => {
                let t = self.tok_text();
                match t {
                    "unit" => {
                        self.advance();
                        Ok(ctx.unit_attr())
                    }
                    "true" | "false" => {
                        self.advance();
                        Ok(ctx.int_attr(ctx.int_type(1), (t == "true") as i128))
                    }
                    "dense" => self.parse_dense(ty),
                    "dense_resource" => self.parse_dense_resource(ty),
                    "array" => self.parse_dense_array(),
                    "affine_map" => {
                        self.advance();
                        self.expect(TokenKind::Less)?;
                        let map = self.parse_affine_map_body()?;
                        self.expect(TokenKind::Greater)?;
                        Ok(ctx.affine_map_attr(map))
                    }
                    "strided" => self.parse_strided(),
                    "loc" => {
                        self.advance();
                        self.expect_msg(TokenKind::LParen, "expected '(' in location")?;
                        let l = self.parse_location_body()?;
                        self.expect_msg(TokenKind::RParen, "expected ')' in location")?;
                        Ok(l.attr())
                    }
                    "affine_set" | "sparse" | "distinct" | "dense_array" => {
                        self.err(&format!("'{t}' attributes are not supported yet"))
                    }
                    _ if is_type_keyword(t) => {
                        let ty = self.parse_type()?;
                        Ok(ctx.type_attr(ty))
                    }
                    _ => self.err("expected attribute value"),
                }
            }
            TokenKind::ExclaimIdent | TokenKind::LParen => {
                let ty = self.parse_type()?;
                Ok(ctx.type_attr(ty))
            }
            _ => self.err("expected attribute value"),
        }
    }

    /// `{key = value, unit-key, "quoted" = value}`
    pub(crate) fn parse_attr_dict_entries(&mut self) -> PResult<Vec<NamedAttribute<'c>>> {
        let mut entries: Vec<NamedAttribute<'c>> = Vec::new();
        // Duplicate keys: a linear scan for the usual small dictionaries, a set beyond.
        let mut seen: rustc_hash::FxHashSet<&str> = Default::default();
        self.expect(TokenKind::LBrace)?;
        if self.consume_if(TokenKind::RBrace) {
            return Ok(entries);
        }
        let mut elem = |p: &mut Self| -> PResult<()> {
            let pos = p.tok.start;
            let key = match p.tok.kind {
                TokenKind::String => {
                    let s = p.string_value_utf8()?;
                    if s.is_empty() {
                        return p.err("expected valid attribute name");
                    }
                    s
                }
                TokenKind::BareIdent => String::new(),
                _ => return p.err("expected attribute name"),
            };
            let name = if p.is(TokenKind::BareIdent) {
                let text = p.tok_text();
                match p.key_idents.get(text) {
                    Some(i) => *i,
                    None => {
                        let i = p.ctx.ident(text);
                        p.key_idents.insert(text, i);
                        i
                    }
                }
            } else {
                p.ctx.ident(&key)
            };
            p.advance();
            let key = name.as_str();
            let dup = if entries.len() < 32 {
                entries.iter().any(|e| e.name == name)
            } else {
                if seen.is_empty() {
                    seen.extend(entries.iter().map(|e| e.name.as_str()));
                }
                !seen.insert(name.as_str())
            };
            if dup {
                return p.err_at(
                    pos,
                    &format!("duplicate key '{key}' in dictionary attribute"),
                );
            }
            let value = if p.consume_if(TokenKind::Equal) {
                p.parse_attribute(None)?
            } else {
                p.ctx.unit_attr()
            };
            entries.push(NamedAttribute { name, value });
            Ok(())
        };
        loop {
            elem(self)?;
            if !self.consume_if(TokenKind::Comma) {
                break;
            }
        }
        self.expect_msg(TokenKind::RBrace, "expected '}' in attribute dictionary")?;
        Ok(entries)
    }

    /// The name in the current `@name` / `@"name"` token.
    pub(super) fn symbol_name_text(&mut self) -> PResult<String> {
        let t = &self.tok_text()[1..];
        if t.starts_with('"') {
            let bytes = crate::lexer::unescape(&t[1..t.len() - 1]);
            match String::from_utf8(bytes) {
                Ok(s) => Ok(s),
                Err(_) => self.err("symbol name is not valid UTF-8"),
            }
        } else {
            Ok(t.to_string())
        }
    }

    fn parse_symbol_ref(&mut self) -> PResult<Attribute<'c>> {
        let root = self.symbol_name_text()?;
        self.advance();
        let mut nested = Vec::new();
        while self.consume_if(TokenKind::ColonColon) {
            if !self.is(TokenKind::AtIdent) {
                return self.err("expected nested symbol reference identifier");
            }
            let n = self.symbol_name_text()?;
            nested.push(self.ctx.ident(&n));
            self.advance();
        }
        let root = self.ctx.ident(&root);
        Ok(self.ctx.symbol_ref_attr(root, &nested))
    }

    fn parse_extended_attr(&mut self) -> PResult<Attribute<'c>> {
        let pos = self.tok.start;
        if let Some(end) = scan_dialect_symbol(self.src.as_bytes(), pos as usize) {
            if let Some(a) = self.opaque_attrs.get(&self.src[pos as usize..end]).copied() {
                self.lex.reset_to(end);
                self.tok = self.lex.next_token();
                return Ok(a);
            }
        }
        let r = self.parse_extended_attr_uncached();
        if let Ok(a) = r {
            if matches!(a.kind(), AttrKind::Opaque { .. }) {
                let text = &self.src[pos as usize..self.tok_prev_end() as usize];
                self.opaque_attrs.insert(text, a);
            }
        }
        r
    }

    fn parse_extended_attr_uncached(&mut self) -> PResult<Attribute<'c>> {
        let pos = self.tok.start;
        let ident = &self.tok_text()[1..];
        self.advance();
        if !ident.contains('.') && !self.is(TokenKind::Less) {
            return match self.attr_aliases.get(ident) {
                Some(a) => Ok(*a),
                None => self.err_wrong_token(&format!("undefined symbol alias id '{ident}'")),
            };
        }
        let (dialect, pretty) = match ident.split_once('.') {
            Some((d, rest)) => (d, Some(rest)),
            None => (ident, None),
        };
        if let Some(d) = self.ctx.dialect(dialect) {
            // An attribute with parameters: `#d.mnemonic...`, or `#d<mnemonic...>`.
            let param_def = |m: &str| d.attr_def(m).filter(|a| a.params_def().is_some());
            if let Some(def) = pretty.and_then(param_def) {
                return self.parse_dialect_attr_params(def);
            }
            if pretty.is_none() && self.is(TokenKind::Less) {
                let save = self.tok;
                self.advance();
                if self.is(TokenKind::BareIdent) {
                    if let Some(def) = param_def(self.tok_text()) {
                        self.advance();
                        let a = self.parse_dialect_attr_params(def)?;
                        self.expect(TokenKind::Greater)?;
                        return Ok(a);
                    }
                }
                self.lex.reset_to(save.start as usize);
                self.tok = self.lex.next_token();
            }
        }
        let body = self.parse_dialect_body(pretty)?;
        if let Some(d) = self.ctx.dialect(dialect) {
            // `#d.mnemonic<params>` (pretty) or `#d<mnemonic params>` (a `$value` format).
            let word_end = body
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
                .unwrap_or(body.len());
            let (mnemonic, rest) = body.split_at(word_end);
            let def = d.attr_def(mnemonic);
            let params = match def {
                Some(def) if matches!(def.kind, pto_ir::ods::attrdef::AttrDefKind::Empty) => {
                    Some("")
                }
                Some(def) if def.angle => rest.strip_prefix('<').and_then(|r| r.strip_suffix('>')),
                Some(_) if pretty.is_none() => rest.strip_prefix(char::is_whitespace),
                _ => None,
            };
            // MLIR's generated attribute parser reports at the body (after `#d.` or
            // `#d<`) and the parameters (after the mnemonic and its `<` or space).
            let body_pos = pos + 2 + dialect.len() as u32;
            if let (Some(def), Some(params)) = (def, params) {
                return match def.canonical_params(params) {
                    Ok(c) => {
                        let text = def.body(&c);
                        Ok(self.ctx.opaque_attr(self.ctx.ident(dialect), &text))
                    }
                    Err(e) => self.err_at(body_pos + mnemonic.len() as u32 + 1, &e),
                };
            }
            if def.is_some() {
                // A known mnemonic written in the other form (`#pto.cmp<lt>`).
                return self.err_at(
                    pos,
                    &format!("dialect '{dialect}' provides no attribute '{body}'"),
                );
            }
            if mnemonic.is_empty() {
                return self.err_at(body_pos, "expected valid keyword");
            }
            return self.err_at(
                body_pos,
                &format!("unknown attribute `{mnemonic}` in dialect `{dialect}`"),
            );
        }
        if !self.ctx.allows_unregistered_dialects() {
            return self.err_at(
                pos,
                &format!("dialect '{dialect}' is unknown; use -allow-unregistered-dialect to accept its attributes"),
            );
        }
        let d = self.ctx.ident(dialect);
        let attr = self.ctx.opaque_attr(d, &body);
        // A trailing `: type` on an opaque attribute is part of its text in MLIR; accept it.
        Ok(attr)
    }

    /// The parameters of a dialect attribute after its mnemonic. The attribute's own
    /// errors are not prefixed with the custom op being parsed.
    fn parse_dialect_attr_params(
        &mut self,
        def: &'static pto_ir::ods::attrdef::AttrDef,
    ) -> PResult<Attribute<'c>> {
        let saved = std::mem::take(&mut self.custom_ops);
        let r = pto_ir::ods::typedef::parse_attr_body(self, def);
        self.custom_ops = saved;
        r
    }

    // ---- numbers ------------------------------------------------------------------------

    fn parse_number_attr(&mut self, ctx_ty: Option<Type<'c>>) -> PResult<Attribute<'c>> {
        let negative = self.consume_if(TokenKind::Minus);
        // MLIR reports value errors at the digits, after any minus sign.
        let pos = self.tok.start;
        let tok = self.tok;
        let text = self.tok_text();
        let is_float = match tok.kind {
            TokenKind::Integer => false,
            TokenKind::Float => true,
            _ => return self.err("expected constant integer or floating point value"),
        };
        self.advance();
        // With a type from context the `: type` suffix is not parsed (MLIR's
        // `parseAttribute(attr, type)`).
        let ty = if let Some(t) = ctx_ty {
            t
        } else if self.consume_if(TokenKind::Colon) {
            self.parse_type()?
        } else if is_float {
            self.ctx.float_type(pto_ir::FloatKind::F64)
        } else {
            self.ctx.int_type(64)
        };
        let scalar = if is_float {
            Scalar::Float {
                negative,
                text: text.to_string(),
            }
        } else {
            let hex = text.starts_with("0x");
            match parse_magnitude(text) {
                Some(m) => Scalar::Int {
                    negative,
                    magnitude: m,
                    hex,
                },
                None => return self.err_at(pos, "integer constant out of range for attribute"),
            }
        };
        self.scalar_to_attr(&scalar, ty, pos)
    }

    fn scalar_to_attr(&mut self, s: &Scalar, ty: Type<'c>, pos: u32) -> PResult<Attribute<'c>> {
        match (s, ty.kind()) {
            (
                Scalar::Int {
                    negative,
                    magnitude,
                    ..
                },
                TypeKind::Integer { width, signedness },
            ) => {
                let v = self.int_value(*negative, *magnitude, *width, *signedness, pos)?;
                Ok(self.ctx.int_attr(ty, v))
            }
            (
                Scalar::Int {
                    negative,
                    magnitude,
                    ..
                },
                TypeKind::Index,
            ) => {
                let v =
                    self.int_value(*negative, *magnitude, 64, pto_ir::Signedness::Signed, pos)?;
                Ok(self.ctx.int_attr(ty, v))
            }
            (
                Scalar::Int {
                    negative,
                    magnitude,
                    hex: true,
                },
                TypeKind::Float(k),
            ) => {
                if *negative {
                    return self.err_at(
                        pos,
                        "hexadecimal float literal should not have a leading minus",
                    );
                }
                let width = k.width();
                if width < 128 && *magnitude >> width != 0 {
                    return self.err_at(pos, "hexadecimal float constant out of range for type");
                }
                Ok(self.ctx.intern_attr(AttrKind::Float {
                    bits: *magnitude,
                    ty,
                }))
            }
            (Scalar::Int { hex: false, .. }, TypeKind::Float(_)) => {
                if self.error.is_none() {
                    let loc = self.loc_at(pos);
                    self.error = Some(
                        pto_ir::Diagnostic::error(
                            loc,
                            "unexpected decimal integer literal for a floating point value",
                        )
                        .with_note(loc, "add a trailing dot to make the literal a float"),
                    );
                }
                Err(())
            }
            (Scalar::Float { negative, text }, TypeKind::Float(k)) => {
                let bits = match float::parse_decimal(text, *negative, *k) {
                    Some(b) => b,
                    None => {
                        return self
                            .err_at(pos, "floating point value not valid for specified type")
                    }
                };
                Ok(self.ctx.intern_attr(AttrKind::Float { bits, ty }))
            }
            // MLIR reports this at the token after the type (its current token).
            (Scalar::Float { .. }, _) => {
                self.err("floating point value not valid for specified type")
            }
            (Scalar::Bool(b), TypeKind::Integer { width: 1, .. }) => {
                Ok(self.ctx.int_attr(ty, *b as i128))
            }
            _ => self.err_at(pos, "integer literal not valid for specified type"),
        }
    }

    fn int_value(
        &mut self,
        negative: bool,
        magnitude: u128,
        width: u32,
        signedness: pto_ir::Signedness,
        pos: u32,
    ) -> PResult<i128> {
        if negative && signedness == pto_ir::Signedness::Unsigned {
            return self.err_at(
                pos,
                "negative integer literal not valid for unsigned integer type",
            );
        }
        if magnitude > i128::MAX as u128 && !(negative && magnitude == 1u128 << 127) {
            return self.err_at(pos, "integer constant out of range for attribute");
        }
        let v = if negative {
            (magnitude as i128).wrapping_neg()
        } else {
            magnitude as i128
        };
        let fits = match signedness {
            _ if width == 0 => magnitude == 0 && !negative,
            pto_ir::Signedness::Signed => {
                width >= 128 || (v >= -(1i128 << (width - 1)) && v < (1i128 << (width - 1)))
            }
            _ => pto_ir::attributes_util::int_fits(v, width, negative),
        };
        if !fits {
            return self.err_at(pos, "integer constant out of range for attribute");
        }
        Ok(pto_ir::attributes_util::normalize_int(v, width, signedness))
    }

    // ---- dense --------------------------------------------------------------------------

    fn parse_literal(&mut self) -> PResult<Literal> {
        let pos = self.tok.start;
        match self.tok.kind {
            TokenKind::LSquare => {
                let mut elems = Vec::new();
                let mut end = 0;
                self.parse_comma_list(TokenKind::LSquare, TokenKind::RSquare, |p| {
                    elems.push(p.parse_literal()?);
                    if p.is(TokenKind::RSquare) {
                        end = p.tok.end;
                    }
                    Ok(())
                })?;
                Ok(Literal::List(elems, end))
            }
            TokenKind::LParen => {
                self.advance();
                let re = self.parse_scalar()?;
                self.expect(TokenKind::Comma)?;
                let im = self.parse_scalar()?;
                self.expect(TokenKind::RParen)?;
                Ok(Literal::Scalar(
                    Scalar::Complex(Box::new(re), Box::new(im)),
                    pos,
                ))
            }
            _ => Ok(Literal::Scalar(self.parse_scalar()?, pos)),
        }
    }

    fn parse_scalar(&mut self) -> PResult<Scalar> {
        let negative = self.consume_if(TokenKind::Minus);
        let text = self.tok_text();
        let s = match self.tok.kind {
            TokenKind::Integer => match parse_magnitude(text) {
                Some(m) => Scalar::Int {
                    negative,
                    magnitude: m,
                    hex: text.starts_with("0x"),
                },
                None => return self.err("integer constant out of range"),
            },
            TokenKind::Float => Scalar::Float {
                negative,
                text: text.to_string(),
            },
            TokenKind::BareIdent if (text == "true" || text == "false") && !negative => {
                Scalar::Bool(text == "true")
            }
            _ => return self.err("expected element literal of primitive type"),
        };
        self.advance();
        Ok(s)
    }

    fn parse_dense(&mut self, ctx_ty: Option<Type<'c>>) -> PResult<Attribute<'c>> {
        let kw_pos = self.tok.start;
        self.advance();
        self.expect(TokenKind::Less)?;
        let lit_pos = self.tok.start;
        let mut hex: Option<Vec<u8>> = None;
        let lit = if self.is(TokenKind::String) {
            let s = self.string_value_utf8()?;
            let Some(bytes) = s.strip_prefix("0x").and_then(decode_hex) else {
                return self.err("expected string containing hex digits starting with `0x`");
            };
            hex = Some(bytes);
            self.advance();
            None
        } else if self.is(TokenKind::Greater) {
            Some(Literal::List(Vec::new(), 0))
        } else {
            Some(self.parse_literal()?)
        };
        self.expect(TokenKind::Greater)?;
        let ty = if self.consume_if(TokenKind::Colon) {
            self.parse_type()?
        } else if let Some(t) = ctx_ty {
            t
        } else {
            return self.err("expected ':'");
        };
        let (Some(shape), Some(elem)) = (ty.shape(), ty.element_type()) else {
            return self.err_at(kw_pos, "elements literal must be a shaped type");
        };
        let Some(n) = ty.num_elements() else {
            return self.err("elements literal type must have static shape");
        };
        if !matches!(
            ty.kind(),
            TypeKind::RankedTensor { .. } | TypeKind::Vector { .. } | TypeKind::MemRef { .. }
        ) {
            return self.err("elements literal must be a ranked tensor or vector type");
        }
        let esize = element_bytes(elem);
        let Some(esize) = esize else {
            return self.err_at(
                lit_pos,
                "dense elements of this element type are not supported",
            );
        };
        if let Some(mut bytes) = hex {
            let bad_size = |p: &mut Self| {
                p.err_at(
                    kw_pos,
                    &format!(
                        "elements hex data size is invalid for provided type: {}",
                        pto_ir::printer::quoted_type(ty)
                    ),
                )
            };
            let mut splat = bytes.len() == esize && n != 1;
            if matches!(elem.kind(), TypeKind::Integer { width: 1, .. }) {
                // i1 data is bit-packed; one 0x00 or 0xFF byte is a splat.
                if bytes.len() == 1 && (bytes[0] == 0 || bytes[0] == 0xFF) {
                    bytes = vec![bytes[0] & 1];
                    splat = true;
                } else if bytes.len() * 8 == (n as usize).div_ceil(8) * 8 {
                    bytes = (0..n as usize)
                        .map(|i| (bytes[i / 8] >> (i % 8)) & 1)
                        .collect();
                    splat = false;
                } else {
                    return bad_size(self);
                }
            } else if bytes.len() != esize * n as usize && !splat {
                return bad_size(self);
            }
            let (splat, data) =
                pto_ir::attributes_util::normalize_splat(bytes, esize, splat || n == 1);
            return Ok(self.ctx.dense_elements_attr(ty, splat, &data));
        }
        let lit = lit.expect("literal");
        // Check the literal's shape.
        let mut flat: Vec<(&Scalar, u32)> = Vec::new();
        let is_splat = matches!(lit, Literal::Scalar(..));
        let empty_ok = n == 0 && matches!(&lit, Literal::List(l, _) if l.is_empty());
        if !is_splat && !empty_ok {
            let mut inferred = Vec::new();
            if let Err(pos) = literal_shape(&lit, 0, &mut inferred) {
                return self.err_at(
                    pos,
                    "tensor literal is invalid; ranks are not consistent between elements",
                );
            }
            if inferred.as_slice() != shape {
                let show = |d: &[i64]| {
                    d.iter()
                        .map(|x| x.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                return self.err_at(
                    kw_pos,
                    &format!(
                        "inferred shape of elements literal ([{}]) does not match type ([{}])",
                        show(&inferred),
                        show(shape)
                    ),
                );
            }
        }
        flatten(&lit, &mut flat);
        let mut data = Vec::with_capacity(flat.len() * esize);
        for (s, pos) in flat {
            self.encode_element(s, elem, pos, &mut data)?;
        }
        let (splat, data) =
            pto_ir::attributes_util::normalize_splat(data, esize, is_splat || n == 1);
        Ok(self.ctx.dense_elements_attr(ty, splat, &data))
    }

    fn encode_element(
        &mut self,
        s: &Scalar,
        elem: Type<'c>,
        pos: u32,
        out: &mut Vec<u8>,
    ) -> PResult<()> {
        if let TypeKind::Complex(inner) = *elem.kind() {
            let Scalar::Complex(re, im) = s else {
                return self.err_at(pos, "expected complex element literal");
            };
            self.encode_element(re, inner, pos, out)?;
            return self.encode_element(im, inner, pos, out);
        }
        if elem.is_integer() && matches!(s, Scalar::Float { .. }) {
            return self.err_at(pos, "expected integer elements, but parsed floating-point");
        }
        let a = match self.scalar_to_attr(s, elem, pos) {
            Ok(a) => a,
            Err(()) => {
                // Elements are checked against the element type, and MLIR says so.
                if let Some(d) = self.error.as_mut() {
                    if d.message == "integer constant out of range for attribute" {
                        d.message = "integer constant out of range for type".to_string();
                    }
                }
                return Err(());
            }
        };
        let esize = element_bytes(elem).unwrap_or(8);
        let bits: u128 = match *a.kind() {
            AttrKind::Integer { value, .. } => value as u128,
            AttrKind::Float { bits, .. } => bits,
            _ => 0,
        };
        out.extend_from_slice(&bits.to_le_bytes()[..esize]);
        Ok(())
    }

    fn parse_dense_resource(&mut self, ctx_ty: Option<Type<'c>>) -> PResult<Attribute<'c>> {
        self.advance();
        self.expect(TokenKind::Less)?;
        let handle = match self.tok.kind {
            TokenKind::BareIdent => self.tok_text().to_string(),
            TokenKind::String => self.string_value_utf8()?,
            _ => return self.err("expected identifier key for 'resource' entry"),
        };
        self.advance();
        self.expect(TokenKind::Greater)?;
        let ty = if self.consume_if(TokenKind::Colon) {
            self.parse_type()?
        } else if let Some(t) = ctx_ty {
            t
        } else {
            return self.err("expected ':'");
        };
        if !matches!(
            ty.kind(),
            TypeKind::RankedTensor { .. } | TypeKind::Vector { .. }
        ) {
            return self.err("dense resource elements attribute expects a shaped type");
        }
        let handle = self.ctx.ident(&handle);
        Ok(self.ctx.intern_attr(AttrKind::DenseResource { ty, handle }))
    }

    fn parse_dense_array(&mut self) -> PResult<Attribute<'c>> {
        self.advance();
        self.expect(TokenKind::Less)?;
        let epos = self.tok.start;
        let element = self.parse_type()?;
        let ok = matches!(
            element.kind(),
            TypeKind::Integer {
                width: 1 | 8 | 16 | 32 | 64,
                ..
            }
        ) || matches!(
            element.float_kind(),
            Some(pto_ir::FloatKind::F32 | pto_ir::FloatKind::F64)
        );
        if !ok {
            return self.err_at(epos, "expected integer or float type, got: ");
        }
        let esize = element_bytes(element).expect("checked");
        let mut data = Vec::new();
        if !self.is(TokenKind::Greater) {
            self.expect_msg(TokenKind::Colon, "expected ':' after dense array type")?;
            loop {
                let pos = self.tok.start;
                let s = self.parse_scalar()?;
                if element.is_integer() && matches!(s, Scalar::Float { .. }) {
                    return self.err_at(pos, "expected integer literal");
                }
                let a = self.scalar_to_attr(&s, element, pos)?;
                let bits: u128 = match *a.kind() {
                    AttrKind::Integer { value, .. } => value as u128,
                    AttrKind::Float { bits, .. } => bits,
                    _ => 0,
                };
                data.extend_from_slice(&bits.to_le_bytes()[..esize]);
                if !self.consume_if(TokenKind::Comma) {
                    break;
                }
            }
        }
        self.expect_msg(
            TokenKind::Greater,
            "expected '>' to close an array attribute",
        )?;
        Ok(self.ctx.dense_array_attr(element, &data))
    }

    fn parse_strided(&mut self) -> PResult<Attribute<'c>> {
        self.advance();
        self.expect(TokenKind::Less)?;
        let mut strides: Vec<i64> = Vec::new();
        self.parse_comma_list(TokenKind::LSquare, TokenKind::RSquare, |p| {
            let v = p.parse_dim_value()?;
            strides.push(v);
            Ok(())
        })?;
        let mut offset = 0;
        if self.consume_if(TokenKind::Comma) {
            if !self.consume_keyword("offset") {
                return self.err("expected 'offset' after comma");
            }
            self.expect(TokenKind::Colon)?;
            offset = self.parse_dim_value()?;
        }
        self.expect(TokenKind::Greater)?;
        Ok(self.ctx.strided_attr(offset, &strides))
    }

    /// An integer or `?`.
    fn parse_dim_value(&mut self) -> PResult<i64> {
        if self.consume_if(TokenKind::Question) {
            return Ok(DYNAMIC);
        }
        let neg = self.consume_if(TokenKind::Minus);
        if !self.is(TokenKind::Integer) {
            return self.err("expected a 64-bit signed integer or '?'");
        }
        let v = match self.tok_text().parse::<i64>() {
            Ok(v) => v,
            Err(_) => return self.err("expected a 64-bit signed integer or '?'"),
        };
        self.advance();
        Ok(if neg { -v } else { v })
    }

    // ---- locations ----------------------------------------------------------------------

    /// The inside of `loc(...)`.
    pub(super) fn parse_location_body(&mut self) -> PResult<Location<'c>> {
        self.nested(|p| p.parse_location_body_at_depth())
    }

    fn parse_location_body_at_depth(&mut self) -> PResult<Location<'c>> {
        let ctx = self.ctx;
        match self.tok.kind {
            TokenKind::HashIdent => {
                let pos = self.tok.start;
                let name = &self.tok_text()[1..];
                self.advance();
                match self.attr_aliases.get(name).and_then(|a| a.as_location()) {
                    Some(l) => Ok(l),
                    None => match self.attr_aliases.get(name) {
                        Some(a) => {
                            let shown = pto_ir::printer::attr_to_string(*a);
                            self.err_at(pos, &format!("expected location, but found '{shown}'"))
                        }
                        None => self.err_at(pos, &format!("undefined symbol alias id '{name}'")),
                    },
                }
            }
            TokenKind::String => {
                let s = self.string_value_utf8()?;
                self.advance();
                if self.consume_if(TokenKind::Colon) {
                    let line =
                        self.parse_u32("expected integer line number in FileLineColRange")?;
                    if !self.consume_if(TokenKind::Colon) {
                        let file = ctx.ident(&s);
                        return Ok(ctx.location(AttrKind::FileRange {
                            file,
                            start: (line, 0),
                            end: (line, 0),
                        }));
                    }
                    let col =
                        self.parse_u32("expected integer column number in FileLineColRange")?;
                    let file = ctx.ident(&s);
                    if self.consume_keyword("to") {
                        let (mut el, ec);
                        if self.consume_if(TokenKind::Colon) {
                            el = line;
                            ec = self
                                .parse_u32("expected integer column number in FileLineColRange")?;
                        } else {
                            el =
                                self.parse_u32("expected integer line number in FileLineColRange")?;
                            self.expect(TokenKind::Colon)?;
                            ec = self
                                .parse_u32("expected integer column number in FileLineColRange")?;
                        }
                        if el == 0 {
                            el = line;
                        }
                        return Ok(ctx.location(AttrKind::FileRange {
                            file,
                            start: (line, col),
                            end: (el, ec),
                        }));
                    }
                    return Ok(ctx.location(AttrKind::FileLineCol { file, line, col }));
                }
                let name = ctx.ident(&s);
                let child = if self.consume_if(TokenKind::LParen) {
                    let c = self.parse_location_body()?;
                    self.expect_msg(
                        TokenKind::RParen,
                        "expected ')' after child location of NameLoc",
                    )?;
                    Some(c)
                } else {
                    None
                };
                // `"n"(unknown)` is the same location as `"n"`.
                let child = child.filter(|c| !matches!(c.kind(), AttrKind::UnknownLoc));
                Ok(ctx.location(AttrKind::NameLoc { name, child }))
            }
            TokenKind::BareIdent => {
                let kw = self.tok_text();
                match kw {
                    "unknown" => {
                        self.advance();
                        Ok(ctx.unknown_loc())
                    }
                    "callsite" => {
                        self.advance();
                        self.expect_msg(TokenKind::LParen, "expected '(' in callsite location")?;
                        let callee = self.parse_location_body()?;
                        if !self.consume_keyword("at") {
                            return self.err("expected 'at' in callsite location");
                        }
                        let caller = self.parse_location_body()?;
                        self.expect_msg(TokenKind::RParen, "expected ')' in callsite location")?;
                        Ok(ctx.location(AttrKind::CallSiteLoc { callee, caller }))
                    }
                    "fused" => {
                        self.advance();
                        let mut metadata = None;
                        if self.consume_if(TokenKind::Less) {
                            metadata = Some(self.parse_attribute(None)?);
                            self.expect_msg(
                                TokenKind::Greater,
                                "expected '>' after fused location metadata",
                            )?;
                        }
                        let mut locs: Vec<Location<'c>> = Vec::new();
                        self.expect_msg(TokenKind::LSquare, "expected '[' in fused location")?;
                        if !self.consume_if(TokenKind::RSquare) {
                            loop {
                                locs.push(self.parse_location_body()?);
                                if !self.consume_if(TokenKind::Comma) {
                                    break;
                                }
                            }
                            self.expect_msg(TokenKind::RSquare, "expected ']' in fused location")?;
                        }
                        Ok(ctx.fused_loc(&locs, metadata))
                    }
                    _ => self.err("expected location instance"),
                }
            }
            _ => self.err("expected location instance"),
        }
    }

    fn parse_u32(&mut self, msg: &str) -> PResult<u32> {
        if !self.is(TokenKind::Integer) {
            return self.err(msg);
        }
        match self.tok_text().parse::<u32>() {
            Ok(v) => {
                self.advance();
                Ok(v)
            }
            Err(_) => self.err(msg),
        }
    }
}

fn parse_magnitude(text: &str) -> Option<u128> {
    match text.strip_prefix("0x") {
        Some(h) => u128::from_str_radix(h, 16).ok(),
        None => text.parse::<u128>().ok(),
    }
}

fn decode_hex(h: &str) -> Option<Vec<u8>> {
    if !h.len().is_multiple_of(2) {
        return None;
    }
    (0..h.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&h[i..i + 2], 16).ok())
        .collect()
}

/// Infers the shape of a nested literal; on inconsistency, the position to report.
fn literal_shape(lit: &Literal, depth: usize, shape: &mut Vec<i64>) -> Result<(), u32> {
    match lit {
        Literal::Scalar(_, pos) => {
            if depth != shape.len() && !shape.is_empty() {
                return Err(*pos);
            }
            Ok(())
        }
        Literal::List(elems, end) => {
            if depth == shape.len() {
                shape.push(elems.len() as i64);
            } else if depth > shape.len() || shape[depth] != elems.len() as i64 {
                return Err(*end);
            }
            for e in elems {
                literal_shape(e, depth + 1, shape)?;
            }
            Ok(())
        }
    }
}

fn flatten<'a>(lit: &'a Literal, out: &mut Vec<(&'a Scalar, u32)>) {
    match lit {
        Literal::Scalar(s, pos) => out.push((s, *pos)),
        Literal::List(elems, _) => elems.iter().for_each(|e| flatten(e, out)),
    }
}

/// The end of a dialect symbol `#dialect.name<...>` starting at `pos` (a `#`), found by a
/// byte scan with balanced brackets; `None` if it is not of that shape.
fn scan_dialect_symbol(src: &[u8], pos: usize) -> Option<usize> {
    let mut i = pos + 1;
    let mut dot = false;
    while i < src.len()
        && (src[i].is_ascii_alphanumeric() || matches!(src[i], b'_' | b'$' | b'.' | b'-'))
    {
        dot |= src[i] == b'.';
        i += 1;
    }
    if !dot {
        return None;
    }
    if src.get(i) != Some(&b'<') {
        return Some(i);
    }
    let mut depth = 0i32;
    while i < src.len() {
        match src[i] {
            b'<' | b'(' | b'[' | b'{' => depth += 1,
            b'>' | b')' | b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            b'"' => {
                i += 1;
                while i < src.len() && src[i] != b'"' {
                    if src[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'\n' => return None,
            _ => {}
        }
        i += 1;
    }
    None
}

/// Keywords that start a builtin type.
pub(super) fn is_type_keyword(t: &str) -> bool {
    let int = t
        .strip_prefix("si")
        .or_else(|| t.strip_prefix("ui"))
        .or_else(|| t.strip_prefix('i'))
        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
    int || matches!(
        t,
        "index" | "none" | "tuple" | "complex" | "vector" | "tensor" | "memref"
    ) || pto_ir::FloatKind::from_keyword(t).is_some()
}
