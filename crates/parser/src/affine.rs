//! `affine_map<(dims)[symbols] -> (exprs)>` bodies.

use bumpalo::Bump;
use rustc_hash::FxHashMap;

use super::{PResult, Parser};
use crate::lexer::TokenKind;
use pto_ir::affine::AffineBuilder;
use pto_ir::{AffineBinOp, AffineExpr, AffineMap};

impl<'c, 's> Parser<'c, 's> {
    /// Parses `(d0, ...)[s0, ...] -> (e0, ...)` (inside `affine_map<...>`).
    pub(super) fn parse_affine_map_body(&mut self) -> PResult<AffineMap<'c>> {
        let arena = Bump::new();
        let b = AffineBuilder::new(&arena);
        let mut ids: FxHashMap<&'s str, AffineExpr<'_>> = FxHashMap::default();
        let mut nd = 0u32;
        self.parse_comma_list(TokenKind::LParen, TokenKind::RParen, |p| {
            if !p.is(TokenKind::BareIdent) {
                return p.err("expected bare identifier");
            }
            let name = p.tok_text();
            if ids.insert(name, AffineExpr::Dim(nd)).is_some() {
                return p.err(&format!("redefinition of identifier '{name}'"));
            }
            nd += 1;
            p.advance();
            Ok(())
        })?;
        let mut ns = 0u32;
        if self.is(TokenKind::LSquare) {
            self.parse_comma_list(TokenKind::LSquare, TokenKind::RSquare, |p| {
                if !p.is(TokenKind::BareIdent) {
                    return p.err("expected bare identifier");
                }
                let name = p.tok_text();
                ids.insert(name, AffineExpr::Symbol(ns));
                ns += 1;
                p.advance();
                Ok(())
            })?;
        }
        self.expect(TokenKind::Arrow)?;
        if !self.is(TokenKind::LParen) {
            return self.err("expected '(' in affine map range");
        }
        let mut results: Vec<AffineExpr<'_>> = Vec::new();
        self.parse_comma_list(TokenKind::LParen, TokenKind::RParen, |p| {
            results.push(p.parse_affine_expr(&b, &ids)?);
            Ok(())
        })?;
        let map = AffineMap {
            num_dims: nd,
            num_symbols: ns,
            results: &results,
        };
        // Copy into the context arena through interning (the caller interns the attribute).
        let interned = self.ctx.affine_map_attr(map);
        match interned.kind() {
            pto_ir::AttrKind::AffineMap(m) => Ok(*m),
            _ => unreachable!("interned an affine map"),
        }
    }

    fn parse_affine_expr<'a>(
        &mut self,
        b: &AffineBuilder<'a>,
        ids: &FxHashMap<&'s str, AffineExpr<'a>>,
    ) -> PResult<AffineExpr<'a>> {
        let mut lhs = self.parse_affine_term(b, ids)?;
        loop {
            if self.consume_if(TokenKind::Plus) {
                let r = self.parse_affine_term(b, ids)?;
                lhs = b.add(lhs, r);
            } else if self.consume_if(TokenKind::Minus) {
                let r = self.parse_affine_term(b, ids)?;
                lhs = b.sub(lhs, r);
            } else {
                return Ok(lhs);
            }
        }
    }

    fn parse_affine_term<'a>(
        &mut self,
        b: &AffineBuilder<'a>,
        ids: &FxHashMap<&'s str, AffineExpr<'a>>,
    ) -> PResult<AffineExpr<'a>> {
        let mut lhs = self.parse_affine_factor(b, ids)?;
        loop {
            let op = if self.consume_if(TokenKind::Star) {
                AffineBinOp::Mul
            } else if self.consume_keyword("floordiv") {
                AffineBinOp::FloorDiv
            } else if self.consume_keyword("ceildiv") {
                AffineBinOp::CeilDiv
            } else if self.consume_keyword("mod") {
                AffineBinOp::Mod
            } else {
                return Ok(lhs);
            };
            let pos = self.tok.start;
            let r = self.parse_affine_factor(b, ids)?;
            lhs = match op {
                AffineBinOp::Mul => {
                    if !matches!(lhs, AffineExpr::Const(_))
                        && !matches!(r, AffineExpr::Const(_))
                        && !is_symbolic(&lhs)
                        && !is_symbolic(&r)
                    {
                        return self.err_at(pos, "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic");
                    }
                    b.mul(lhs, r)
                }
                _ => {
                    if !is_symbolic(&r) {
                        return self.err_at(pos, "non-affine expression: right operand of floordiv, ceildiv, and mod has to be either a constant or symbolic");
                    }
                    match b.div_like(op, lhs, r) {
                        Some(e) => e,
                        None => return self.err_at(pos, "division by zero"),
                    }
                }
            };
        }
    }

    fn parse_affine_factor<'a>(
        &mut self,
        b: &AffineBuilder<'a>,
        ids: &FxHashMap<&'s str, AffineExpr<'a>>,
    ) -> PResult<AffineExpr<'a>> {
        match self.tok.kind {
            TokenKind::Minus => {
                self.advance();
                let e = self.nested(|p| p.parse_affine_factor(b, ids))?;
                Ok(b.mul(e, AffineExpr::Const(-1)))
            }
            TokenKind::LParen => {
                self.advance();
                let e = self.nested(|p| p.parse_affine_expr(b, ids))?;
                self.expect(TokenKind::RParen)?;
                Ok(e)
            }
            TokenKind::Integer => {
                let v = match self.tok_text().parse::<i64>() {
                    Ok(v) => v,
                    Err(_) => return self.err("constant too large for index"),
                };
                self.advance();
                Ok(AffineExpr::Const(v))
            }
            TokenKind::BareIdent => match ids.get(self.tok_text()) {
                Some(e) => {
                    let e = *e;
                    self.advance();
                    Ok(e)
                }
                None => self.err("use of undeclared identifier"),
            },
            _ => self.err("expected affine expression"),
        }
    }
}

/// True if `e` involves no dimensions (symbols and constants only).
fn is_symbolic(e: &AffineExpr<'_>) -> bool {
    match *e {
        AffineExpr::Dim(_) => false,
        AffineExpr::Symbol(_) | AffineExpr::Const(_) => true,
        AffineExpr::Binary(_, l, r) => is_symbolic(l) && is_symbolic(r),
    }
}
