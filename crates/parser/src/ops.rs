//! Operations, regions and blocks.

use smallvec::SmallVec;

use super::{dialect_registered, PResult, Parser};
use crate::lexer::TokenKind;
use pto_ir::asm::{OpAsmParser, RegionArgument, UnresolvedOperand};
use pto_ir::{
    AttrKind, InsertPoint, NamedAttribute, OpId, OpTraits, OperationState, Type, ValueId,
};

/// A result group being bound: `%name` or `%name:N`.
struct ResultBinding<'s> {
    name: &'s str,
    count: u32,
    pos: u32,
}

impl<'c, 's> Parser<'c, 's> {
    /// operation ::= (result-list `=`)? (generic-op | custom-op) trailing-location?
    pub(super) fn parse_operation(&mut self) -> PResult<OpId> {
        let start = self.tok.start;
        let mut bindings: SmallVec<[ResultBinding<'s>; 1]> = SmallVec::new();
        if self.is(TokenKind::PercentIdent) {
            loop {
                if !self.is(TokenKind::PercentIdent) {
                    return self.err("expected valid ssa identifier");
                }
                let pos = self.tok.start;
                let name = &self.tok_text()[1..];
                self.advance();
                let mut count = 1;
                if self.consume_if(TokenKind::Colon) {
                    if !self.is(TokenKind::Integer) {
                        return self.err("expected integer number of results");
                    }
                    count = match self.tok_text().parse::<u32>() {
                        Ok(n) if n >= 1 => n,
                        _ => return self.err("expected named operation to have at least 1 result"),
                    };
                    self.advance();
                }
                bindings.push(ResultBinding { name, count, pos });
                if !self.consume_if(TokenKind::Comma) {
                    break;
                }
            }
            self.expect_msg(TokenKind::Equal, "expected '=' after SSA name")?;
        }
        let name_start = self.tok.start;
        if self.is(TokenKind::BareIdent) && is_int_type_keyword(self.tok_text()) {
            return self.err_wrong_token("expected operation name in quotes");
        }
        let shown = match self.tok.kind {
            TokenKind::String => {
                let t = self.tok_text();
                &t[1..t.len() - 1]
            }
            _ => self.tok_text(),
        };
        self.op_stack.push((name_start, shown));
        let op = match self.tok.kind {
            TokenKind::String => self.parse_generic_op(name_start),
            TokenKind::BareIdent => self.parse_custom_op(name_start),
            _ => self.err_wrong_token("expected operation name in quotes"),
        };
        self.op_stack.pop();
        let op = op?;
        // Bind result names.
        if !bindings.is_empty() {
            let num = self.body_ref().num_results(op);
            let bound: u32 = bindings.iter().map(|b| b.count).sum();
            if num == 0 {
                return self.err_at(start, "cannot name an operation with no results");
            }
            if bound as usize != num {
                return self.err_at(
                    start,
                    &format!("operation defines {num} results but was provided {bound} to bind"),
                );
            }
            let mut next = 0usize;
            for b in bindings {
                let values: SmallVec<[ValueId; 2]> = (next..next + b.count as usize)
                    .map(|i| self.body_ref().result(op, i))
                    .collect();
                next += b.count as usize;
                self.define_values(b.name, b.pos, &values)?;
            }
        }
        if let Some(loc) = self.parse_optional_trailing_loc()? {
            self.body().set_op_loc(op, loc);
        }
        self.lend_finished(op);
        Ok(op)
    }

    fn finish_op(&mut self, mut state: OperationState<'c>) -> OpId {
        if let Some(def) = state
            .name
            .def
            .filter(|d| d.spec.is_some_and(|s| s.has_defaults()))
        {
            if state.props.is_none() {
                // The common case (generic form without properties) is cached per op kind.
                let ctx = self.ctx;
                let name = state.name;
                state.props = *self
                    .default_props
                    .entry(def as *const _)
                    .or_insert_with(|| {
                        let mut s = OperationState::new(ctx, name, ctx.unknown_loc());
                        pto_ir::ods::populate_defaults(ctx, &mut s);
                        s.props
                    });
            } else {
                pto_ir::ods::populate_defaults(self.ctx, &mut state);
            }
        }
        let block = *self.block_stack.last().expect("current block");
        let body = self.body();
        let op = body.create_op(state);
        body.insert_op(op, InsertPoint::BlockEnd(block));
        op
    }

    fn check_dialect(&mut self, name: &str, pos: u32) -> PResult<()> {
        if self.ctx.op_def(name).is_some() || self.ctx.allows_unregistered_dialects() {
            return Ok(());
        }
        if dialect_registered(self.ctx, name) {
            let d = name.split_once('.').map_or(name, |(d, _)| d);
            return self.err_at(
                pos,
                &format!("unregistered operation '{name}' found in dialect ('{d}') that does not allow unknown operations"),
            );
        }
        self.err_at(
            pos,
            "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used",
        )
    }

    /// `"name"(operands) [succs] <{props}> (regions) {attrs} : (types) -> types`
    fn parse_generic_op(&mut self, start: u32) -> PResult<OpId> {
        let key = self.tok_text();
        let op_name = match self.op_names.get(key) {
            Some(n) => *n,
            None => {
                let name = self.string_value_utf8()?;
                if name.is_empty() {
                    return self.err("empty operation name is invalid");
                }
                // MLIR reports an unregistered dialect at the token after the name.
                let mut look = crate::lexer::Lexer::new(self.src);
                look.reset_to(self.tok.end as usize);
                let after = look.next_token().start;
                self.check_dialect(&name, after)?;
                let n = self.op_name_for(&name);
                self.op_names.insert(key, n);
                n
            }
        };
        self.advance();
        let loc = self.loc_at(start);
        let mut state = OperationState::new(self.ctx, op_name, loc);
        let isolated = op_name.traits().contains(OpTraits::ISOLATED_FROM_ABOVE);

        // Operands, resolved once the function type is known.
        let mut operands: SmallVec<[UnresolvedOperand; 4]> = SmallVec::new();
        self.expect_msg(TokenKind::LParen, "expected '(' to start operand list")?;
        if self.is(TokenKind::PercentIdent) {
            loop {
                operands.push(self.parse_ssa_use()?);
                if !self.consume_if(TokenKind::Comma) {
                    break;
                }
            }
        }
        self.expect_msg(TokenKind::RParen, "expected ')' to end operand list")?;
        // Successors.
        if self.is(TokenKind::LSquare) {
            if op_name
                .def
                .is_some_and(|d| !d.traits.contains(OpTraits::TERMINATOR))
            {
                return self.err("successors in non-terminator");
            }
            self.advance();
            if self.is(TokenKind::RSquare) {
                return self.err_wrong_token("expected list element");
            }
            self.parse_comma_list_tail(TokenKind::RSquare, &mut |p: &mut Self| {
                let b = p.parse_successor()?;
                state.successors.push(b);
                Ok(())
            })?;
        }
        // Properties.
        if self.is(TokenKind::Less) {
            self.advance();
            let props = self.parse_attribute(None)?;
            self.expect_msg(TokenKind::Greater, "expected '>' to close properties")?;
            // Enum and dialect attributes convert to their property storage only when they
            // are of the right kind, as MLIR's property conversion.
            if let Some(spec) = op_name.def.and_then(|d| d.spec) {
                for a in spec.attrs {
                    let Some(v) = props.dict_get(a.name) else {
                        continue;
                    };
                    use pto_ir::ods::AttrForm;
                    let converts = match a.constraint.form {
                        AttrForm::Enum(_) | AttrForm::Dialect(_) | AttrForm::Interface => {
                            (a.constraint.check)(v)
                        }
                        // The storage classes: StringAttr, TypeAttr, UnitAttr.
                        AttrForm::Str | AttrForm::SymbolName => v.as_str().is_some(),
                        AttrForm::Type => matches!(v.kind(), pto_ir::AttrKind::Type(_)),
                        AttrForm::Unit => matches!(v.kind(), pto_ir::AttrKind::Unit),
                        _ => true,
                    };
                    if !converts {
                        let shown = pto_ir::printer::attr_to_string(props);
                        let value = pto_ir::printer::attr_to_string(v);
                        // MLIR reports a failed conversion at the op.
                        return self.err_at(
                            start,
                            &format!(
                                "invalid properties {shown} for op {}: Invalid attribute `{}` in property conversion: {value}",
                                op_name.as_str(),
                                a.name
                            ),
                        );
                    }
                }
            }
            state.props = Some(props);
        }
        // Regions.
        if self.is(TokenKind::LParen) {
            self.advance();
            loop {
                if isolated && state.nested.is_none() {
                    state.nested = Some(Box::default());
                }
                self.default_dialects
                    .push(op_name.def.map_or("", |d| d.default_dialect));
                let r = self.parse_region_into(&mut state, &[], true);
                self.default_dialects.pop();
                r?;
                if !self.consume_if(TokenKind::Comma) {
                    break;
                }
            }
            self.expect_msg(TokenKind::RParen, "expected ')' to end region list")?;
        }
        // Attributes.
        if self.is(TokenKind::LBrace) {
            let attrs = self.parse_attr_dict_entries()?;
            self.set_attrs(&mut state, attrs);
        }
        self.expect_msg(TokenKind::Colon, "expected ':' followed by operation type")?;
        let ty_pos = self.tok.start;
        let fty = self.parse_op_type()?;
        let Some((inputs, results)) = fty.function_signature() else {
            return self.err_at(ty_pos, "expected function type");
        };
        if inputs.len() != operands.len() {
            return self.err_at(
                ty_pos,
                &format!(
                    "expected {} operand type{} but had {}",
                    operands.len(),
                    if operands.len() == 1 { "" } else { "s" },
                    inputs.len()
                ),
            );
        }
        for (u, &t) in operands.iter().zip(inputs) {
            let v = self.resolve_unresolved(u, t)?;
            state.operands.push(v);
        }
        state.result_types.extend_from_slice(results);
        Ok(self.finish_op(state))
    }

    /// Parses the type of a generic op, reusing a recently parsed identical type: the text
    /// must match and be followed by a byte that cannot continue a type.
    fn parse_op_type(&mut self) -> PResult<Type<'c>> {
        let start = self.tok.start as usize;
        let rest = &self.src.as_bytes()[start..];
        for i in 0..self.fn_type_cache.len() {
            let (text, ty) = self.fn_type_cache[i];
            if rest.starts_with(text.as_bytes()) {
                let next = rest.get(text.len()).copied().unwrap_or(b' ');
                if matches!(
                    next,
                    b' ' | b'\n' | b'\r' | b'\t' | b',' | b')' | b'}' | b']' | b'/'
                ) {
                    self.lex.reset_to(start + text.len());
                    self.tok = self.lex.next_token();
                    self.fn_type_cache.swap(0, i);
                    return Ok(ty);
                }
            }
        }
        let ty = self.parse_type()?;
        let end = self.tok_prev_end() as usize;
        let text = &self.src[start..end];
        if self.fn_type_cache.len() >= 16 {
            self.fn_type_cache.pop();
        }
        self.fn_type_cache.insert(0, (text, ty));
        Ok(ty)
    }

    /// Splits a parsed attribute dictionary into properties (inherent attributes of a
    /// registered op) and discardable attributes.
    fn set_attrs(&mut self, state: &mut OperationState<'c>, attrs: Vec<NamedAttribute<'c>>) {
        match state.name.def {
            Some(def) if !def.inherent_attrs.is_empty() && state.props.is_none() => {
                let (inherent, rest): (Vec<_>, Vec<_>) = attrs
                    .into_iter()
                    .partition(|a| def.is_inherent(a.name.as_str()));
                if !inherent.is_empty() {
                    state.props = Some(self.ctx.dictionary(&inherent));
                }
                state.attrs = self.ctx.dictionary(&rest);
            }
            _ => state.attrs = self.ctx.dictionary(&attrs),
        }
    }

    fn parse_custom_op(&mut self, start: u32) -> PResult<OpId> {
        let name_pos = self.tok.start;
        let written = self.tok_text();
        let default = self.default_dialects.last().copied().unwrap_or("");
        // Unqualified names try the enclosing default dialect, then `builtin`.
        let def = self.ctx.op_def(written).or_else(|| {
            if written.contains('.') {
                return None;
            }
            let d = if default.is_empty() {
                None
            } else {
                self.ctx.op_def(&format!("{default}.{written}"))
            };
            d.or_else(|| self.ctx.op_def(&format!("builtin.{written}")))
        });
        if let Some(d) = def.filter(|d| d.parse.is_none()) {
            // A registered op without a custom form (MLIR's default `Op::parse`).
            return self.err_at(
                name_pos,
                &format!("custom op '{}' has no custom assembly form", d.name),
            );
        }
        let Some(def) = def else {
            let d = written.split_once('.').map(|(d, _)| d);
            if let Some(d) = d {
                if self.ctx.dialect(d).is_none() {
                    let mut names: Vec<&str> = self.ctx.dialects().iter().map(|d| d.name).collect();
                    names.sort_unstable();
                    let note = format!(
                        "Available dialects: {} ; for more info on dialect registration see https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management",
                        names.join(", ")
                    );
                    return self.err_with_note(
                        name_pos,
                        &format!("Dialect `{d}' not found for custom op '{written}' "),
                        name_pos,
                        &note,
                    );
                }
            }
            if !default.is_empty() && !written.starts_with(&format!("{default}.")) {
                return self.err_at(
                    name_pos,
                    &format!(
                        "custom op '{written}' is unknown (tried '{default}.{written}' as well)"
                    ),
                );
            }
            return self.err_at(name_pos, &format!("custom op '{written}' is unknown"));
        };
        self.advance();
        let op_name = self.op_name_for(def.name);
        let mut state = OperationState::new(self.ctx, op_name, self.loc_at(start));
        if def.traits.contains(OpTraits::ISOLATED_FROM_ABOVE) {
            state.nested = Some(Box::default());
        }
        let parse = def.parse.expect("checked above");
        self.default_dialects.push(def.default_dialect);
        self.custom_ops.push((def.name, name_pos));
        let r = parse(self, &mut state);
        self.custom_ops.pop();
        self.default_dialects.pop();
        r?;
        Ok(self.finish_op(state))
    }

    /// `%name` or `%name#N`.
    pub(super) fn parse_ssa_use(&mut self) -> PResult<UnresolvedOperand> {
        if !self.is(TokenKind::PercentIdent) {
            return self.err_wrong_token("expected SSA operand");
        }
        let pos = self.tok.start;
        let len = self.tok.end - self.tok.start - 1;
        self.advance();
        let mut number = 0;
        if self.is(TokenKind::HashIdent) {
            let t = &self.tok_text()[1..];
            match t.parse::<u32>() {
                Ok(n) => number = n,
                Err(_) => return self.err("invalid SSA value result number"),
            }
            self.advance();
        }
        Ok(UnresolvedOperand { len, number, pos })
    }

    fn resolve_unresolved(&mut self, u: &UnresolvedOperand, ty: Type<'c>) -> PResult<ValueId> {
        // Names are slices of the source; find the same slice to key the scope maps.
        let start = u.pos as usize + 1;
        let name: &'s str = &self.src[start..start + u.len as usize];
        self.resolve_value(name, u.number, u.pos, ty)
    }

    fn parse_successor(&mut self) -> PResult<pto_ir::BlockId> {
        if !self.is(TokenKind::CaretIdent) {
            return self.err("expected block name");
        }
        let pos = self.tok.start;
        let name = self.tok_text();
        self.advance();
        Ok(self.block_ref(name, pos))
    }

    /// Parses `{ blocks }` as a new region of `state`.
    pub(super) fn parse_region_into(
        &mut self,
        state: &mut OperationState<'c>,
        entry_args: &[RegionArgument<'c>],
        _generic: bool,
    ) -> PResult<()> {
        let isolated = state.nested.is_some();
        if isolated {
            let nested = state.nested.take().expect("nested body");
            self.bodies.push(*nested);
            self.open_name_scope();
            let pos = self.op_stack.last().map_or(0, |o| o.0);
            self.isolated_stack.push(pos);
        }
        let r = self.parse_region_body(entry_args);
        if isolated {
            self.isolated_stack.pop();
            // Pop the nested body back into the state even on error.
            let mut body = self.bodies.pop().expect("nested body");
            // Complete: its room for growth serves the next isolated op's body.
            body.shrink_to_fit();
            let scope_ok = if r.is_ok() {
                self.close_name_scope()
            } else {
                self.scopes.pop();
                Ok(())
            };
            state.nested = Some(Box::new(body));
            scope_ok?;
        }
        let region = r?;
        state.regions.push(region);
        Ok(())
    }

    fn parse_region_body(
        &mut self,
        entry_args: &[RegionArgument<'c>],
    ) -> PResult<pto_ir::RegionId> {
        self.nested(|p| p.parse_region_body_at_depth(entry_args))
    }

    fn parse_region_body_at_depth(
        &mut self,
        entry_args: &[RegionArgument<'c>],
    ) -> PResult<pto_ir::RegionId> {
        self.expect_msg(TokenKind::LBrace, "expected '{' to begin a region")?;
        let region = self.body().create_region();
        self.open_region_scope();
        // Regions of non-isolated custom ops may use the dialect's ops unqualified.
        if self.consume_if(TokenKind::RBrace) {
            if !entry_args.is_empty() {
                // An empty region with arguments still needs its entry block.
                let b = self.body().create_block();
                self.body().append_block(region, b);
                self.add_entry_args(b, entry_args)?;
            }
            self.close_region_scope()?;
            return Ok(region);
        }
        // The entry block may be implicit.
        if !self.is(TokenKind::CaretIdent) {
            let b = self.body().create_block();
            self.body().append_block(region, b);
            self.add_entry_args(b, entry_args)?;
            self.parse_block_ops(b)?;
        } else if !entry_args.is_empty() {
            return self.err("invalid block name in region with named arguments");
        }
        while self.is(TokenKind::CaretIdent) {
            self.parse_block(region)?;
        }
        if !self.consume_if(TokenKind::RBrace) {
            return self.err("expected '}' to end a region");
        }
        self.close_region_scope()?;
        Ok(region)
    }

    fn add_entry_args(&mut self, b: pto_ir::BlockId, args: &[RegionArgument<'c>]) -> PResult<()> {
        for a in args {
            let loc = a.loc.unwrap_or_else(|| self.loc_at(a.name.pos));
            let v = self.body().add_block_argument(b, a.ty, loc);
            let start = a.name.pos as usize + 1;
            let name: &'s str = &self.src[start..start + a.name.len as usize];
            self.define_values(name, a.name.pos, &[v])?;
        }
        Ok(())
    }

    /// `^name(args): ops`
    fn parse_block(&mut self, region: pto_ir::RegionId) -> PResult<()> {
        let pos = self.tok.start;
        let name = self.tok_text();
        self.advance();
        let b = self.block_ref(name, pos);
        let scope_idx = self.scopes.len() - 1;
        let entry = self.scopes[scope_idx]
            .region_blocks
            .last_mut()
            .and_then(|m| m.get_mut(name))
            .expect("block");
        if entry.1 {
            return self.err_at(pos, &format!("redefinition of block '{name}'"));
        }
        entry.1 = true;
        entry.2 = pos;
        self.body().append_block(region, b);
        if self.consume_if(TokenKind::LParen) && !self.consume_if(TokenKind::RParen) {
            loop {
                let u = self.parse_ssa_use()?;
                if u.number != 0
                    || self.src.as_bytes().get((u.pos + 1 + u.len) as usize) == Some(&b'#')
                {
                    return self.err_at(u.pos, "invalid block argument name");
                }
                self.expect_msg(TokenKind::Colon, "expected ':' and type for SSA operand")?;
                let ty = self.parse_type()?;
                let loc = match self.parse_optional_trailing_loc()? {
                    Some(l) => l,
                    None => self.loc_at(u.pos),
                };
                let v = self.body().add_block_argument(b, ty, loc);
                let start = u.pos as usize + 1;
                let n: &'s str = &self.src[start..start + u.len as usize];
                self.define_values(n, u.pos, &[v])?;
                if !self.consume_if(TokenKind::Comma) {
                    break;
                }
            }
            self.expect_msg(TokenKind::RParen, "expected ')' to end argument list")?;
        }
        self.expect_msg(TokenKind::Colon, "expected ':' after block name")?;
        self.parse_block_ops(b)
    }

    fn parse_block_ops(&mut self, b: pto_ir::BlockId) -> PResult<()> {
        self.block_stack.push(b);
        let r = loop {
            match self.tok.kind {
                TokenKind::CaretIdent | TokenKind::RBrace => break Ok(()),
                // At the end of input MLIR tries to parse another op.
                TokenKind::Eof => break self.err_wrong_token("expected operation name in quotes"),
                _ => {
                    if self.parallel.is_some() {
                        match self.parse_ops_in_parallel() {
                            Ok(true) => continue,
                            Ok(false) => {}
                            Err(e) => break Err(e),
                        }
                    }
                    if let Err(e) = self.parse_operation() {
                        break Err(e);
                    }
                    self.maybe_release_input();
                }
            }
        };
        self.block_stack.pop();
        r
    }

    /// `loc(...)` after an operation or argument.
    pub(super) fn parse_optional_trailing_loc(&mut self) -> PResult<Option<pto_ir::Location<'c>>> {
        if !self.is_keyword("loc") {
            return Ok(None);
        }
        self.advance();
        self.expect_msg(TokenKind::LParen, "expected '(' in location")?;
        let loc = if self.is(TokenKind::HashIdent) {
            let pos = self.tok.start;
            let name = &self.tok_text()[1..];
            self.advance();
            match self.attr_aliases.get(name).copied() {
                Some(a) => match a.as_location() {
                    Some(l) => l,
                    None => {
                        let shown = pto_ir::printer::attr_to_string(a);
                        return self
                            .err_at(pos, &format!("expected location, but found '{shown}'"));
                    }
                },
                None => {
                    // Defined later in the file: use a placeholder, fixed up at the end.
                    let marker = format!("\u{0}deferred-loc#{name}");
                    let ident = self.ctx.ident(&marker);
                    let l = self.ctx.location(AttrKind::NameLoc {
                        name: ident,
                        child: None,
                    });
                    self.deferred_locs.insert(l.attr(), (name, pos));
                    l
                }
            }
        } else {
            self.parse_location_body()?
        };
        self.expect_msg(TokenKind::RParen, "expected ')' in location")?;
        Ok(Some(loc))
    }
}

impl Parser<'_, '_> {
    /// `custom op '<name>' <message>` inside a custom op's parser.
    fn custom_op_message(&self, message: &str) -> String {
        match self.custom_ops.last() {
            Some((name, _)) => format!("custom op '{name}' {message}"),
            None => message.to_string(),
        }
    }
}

impl<'c, 's> OpAsmParser<'c> for Parser<'c, 's> {
    fn context(&self) -> &'c pto_ir::Context {
        self.ctx
    }
    fn current_loc(&self) -> pto_ir::Location<'c> {
        self.cur_loc()
    }
    fn emit_error(&mut self, message: &str) {
        let msg = self.custom_op_message(message);
        let _ = self.err::<()>(&msg);
    }
    fn parse_optional_keyword(&mut self, kw: &str) -> bool {
        self.consume_keyword(kw)
    }
    fn parse_keyword(&mut self, kw: &str) -> PResult<()> {
        if self.consume_keyword(kw) {
            Ok(())
        } else {
            // MLIR's `AsmParser::parseKeyword` reports through the op parser's
            // `emitError`, so the message names the custom op (punctuation does not).
            let msg = self.custom_op_message(&format!("expected '{kw}'"));
            self.err(&msg)
        }
    }
    fn parse_optional_punct(&mut self, p: &str) -> bool {
        if self.tok.kind != TokenKind::String && self.tok_text() == p {
            self.advance();
            true
        } else {
            false
        }
    }
    fn parse_punct(&mut self, p: &str) -> PResult<()> {
        if self.parse_optional_punct(p) {
            Ok(())
        } else {
            // MLIR's parseComma & co.: after the last token, not at the next line's.
            self.err_wrong_token(&format!("expected '{p}'"))
        }
    }
    fn parse_optional_symbol_name(&mut self) -> PResult<Option<String>> {
        if !self.is(TokenKind::AtIdent) {
            return Ok(None);
        }
        let name = self.symbol_name_text()?;
        self.advance();
        Ok(Some(name))
    }
    fn parse_type(&mut self) -> PResult<Type<'c>> {
        Parser::parse_type(self)
    }
    fn parse_type_list(&mut self) -> PResult<Vec<Type<'c>>> {
        let mut v = vec![Parser::parse_type(self)?];
        while self.consume_if(TokenKind::Comma) {
            v.push(Parser::parse_type(self)?);
        }
        Ok(v)
    }
    fn parse_attribute(&mut self) -> PResult<pto_ir::Attribute<'c>> {
        Parser::parse_attribute(self, None)
    }
    fn parse_optional_attr_dict(&mut self, state: &mut OperationState<'c>) -> PResult<()> {
        if self.is(TokenKind::LBrace) {
            let attrs = self.parse_attr_dict_entries()?;
            self.set_attrs(state, attrs);
        }
        Ok(())
    }
    fn parse_optional_attr_dict_with_keyword(
        &mut self,
        state: &mut OperationState<'c>,
    ) -> PResult<()> {
        if self.consume_keyword("attributes") {
            let attrs = self.parse_attr_dict_entries()?;
            self.set_attrs(state, attrs);
        }
        Ok(())
    }
    fn parse_optional_operand(&mut self) -> PResult<Option<UnresolvedOperand>> {
        if self.is(TokenKind::PercentIdent) {
            Ok(Some(self.parse_ssa_use()?))
        } else {
            Ok(None)
        }
    }
    fn parse_operand(&mut self) -> PResult<UnresolvedOperand> {
        self.parse_ssa_use()
    }
    fn parse_operand_list(&mut self) -> PResult<Vec<UnresolvedOperand>> {
        let mut v = Vec::new();
        if !self.is(TokenKind::PercentIdent) {
            return Ok(v);
        }
        loop {
            v.push(self.parse_ssa_use()?);
            if !self.consume_if(TokenKind::Comma) {
                return Ok(v);
            }
        }
    }
    fn resolve_operand(&mut self, operand: &UnresolvedOperand, ty: Type<'c>) -> PResult<ValueId> {
        self.resolve_unresolved(operand, ty)
    }
    fn parse_region(
        &mut self,
        state: &mut OperationState<'c>,
        arguments: &[RegionArgument<'c>],
    ) -> PResult<()> {
        self.parse_region_into(state, arguments, false)
    }
    fn ensure_terminator(&mut self, state: &mut OperationState<'c>, index: usize) {
        let Some(&region) = state.regions.get(index) else {
            return;
        };
        let Some(name) = state.name.def.and_then(|d| d.implicit_terminator) else {
            // A single-block region without terminator (`NoTerminator`) written `{}`
            // still has its block, as MLIR's generated parsers add it.
            if state.name.traits().contains(pto_ir::OpTraits::SINGLE_BLOCK) {
                let body = match state.nested.as_deref_mut() {
                    Some(b) => b,
                    None => self.body(),
                };
                if body.entry_block(region).is_none() {
                    let b = body.create_block();
                    body.append_block(region, b);
                }
            }
            return;
        };
        let ctx = self.ctx;
        let loc = state.loc;
        let body = match state.nested.as_deref_mut() {
            Some(b) => b,
            None => self.body(),
        };
        pto_ir::body::ensure_terminator(ctx, body, region, name, loc);
    }
    fn add_empty_region(&mut self, state: &mut OperationState<'c>) {
        let body = match state.nested.as_deref_mut() {
            Some(b) => b,
            None => self.body(),
        };
        let r = body.create_region();
        state.regions.push(r);
    }
    fn is_punct(&self, p: &str) -> bool {
        self.tok.kind != TokenKind::String
            && self.tok.kind != TokenKind::Eof
            && if p.len() == 1 && matches!(p, "%" | "^" | "@" | "#" | "!") {
                self.tok_text().starts_with(p)
            } else {
                self.tok_text() == p
            }
    }
    fn parse_optional_string(&mut self) -> PResult<Option<String>> {
        if !self.is(TokenKind::String) {
            return Ok(None);
        }
        let v = self.string_value_utf8()?;
        self.advance();
        Ok(Some(v))
    }
    fn current_pos(&self) -> u32 {
        self.tok.start
    }
    fn constant_int(&self, v: ValueId) -> Option<i128> {
        self.body_ref().constant_int(v)
    }
    fn parse_dimension_list(&mut self, allow_dynamic: bool) -> PResult<Vec<i64>> {
        Ok(self.parse_dims(allow_dynamic, None)?.into_vec())
    }
    fn parse_optional_integer(&mut self) -> PResult<Option<i64>> {
        let pos = self.tok.start;
        let negative = self.is(TokenKind::Minus);
        if negative {
            // `-` must be followed by an integer to start one.
            let save = self.tok;
            self.advance();
            if !self.is(TokenKind::Integer) {
                self.lex.reset_to(save.start as usize);
                self.tok = self.lex.next_token();
                return Ok(None);
            }
        } else if !self.is(TokenKind::Integer) {
            return Ok(None);
        }
        let text = self.tok_text();
        let magnitude = match text.strip_prefix("0x") {
            Some(hex) => u64::from_str_radix(hex, 16).ok(),
            None => text.parse::<u64>().ok(),
        };
        let value = magnitude.and_then(|m| {
            if negative {
                0i64.checked_sub_unsigned(m)
            } else {
                i64::try_from(m).ok()
            }
        });
        match value {
            Some(v) => {
                self.advance();
                Ok(Some(v))
            }
            None => {
                let _ = pos;
                self.err("integer value too large")
            }
        }
    }
    fn parse_optional_any_keyword(&mut self) -> Option<String> {
        if self.is(TokenKind::BareIdent) {
            let s = self.tok_text().to_string();
            self.advance();
            Some(s)
        } else {
            None
        }
    }
    fn op_name_pos(&self) -> u32 {
        self.custom_ops
            .last()
            .map_or(self.tok.start, |&(_, pos)| pos)
    }
    fn emit_error_at(&mut self, pos: u32, message: &str) {
        let msg = self.custom_op_message(message);
        let _ = self.err_at::<()>(pos, &msg);
    }
    fn parse_optional_type(&mut self) -> PResult<Option<Type<'c>>> {
        let starts = match self.tok.kind {
            TokenKind::LParen | TokenKind::ExclaimIdent => true,
            TokenKind::BareIdent => super::attrs::is_type_keyword(self.tok_text()),
            _ => false,
        };
        if starts {
            Ok(Some(Parser::parse_type(self)?))
        } else {
            Ok(None)
        }
    }
    fn parse_optional_attribute(
        &mut self,
        ty: Option<Type<'c>>,
    ) -> PResult<Option<pto_ir::Attribute<'c>>> {
        let starts = match self.tok.kind {
            TokenKind::LSquare
            | TokenKind::LBrace
            | TokenKind::AtIdent
            | TokenKind::String
            | TokenKind::Minus
            | TokenKind::Integer
            | TokenKind::Float
            | TokenKind::HashIdent
            | TokenKind::ExclaimIdent => true,
            TokenKind::BareIdent => {
                let t = self.tok_text();
                matches!(
                    t,
                    "unit"
                        | "true"
                        | "false"
                        | "dense"
                        | "dense_resource"
                        | "array"
                        | "affine_map"
                        | "affine_set"
                        | "strided"
                        | "loc"
                        | "sparse"
                        | "distinct"
                ) || super::attrs::is_type_keyword(t)
            }
            _ => false,
        };
        if starts {
            Ok(Some(Parser::parse_attribute(self, ty)?))
        } else {
            Ok(None)
        }
    }
    fn parse_attribute_of(&mut self, ty: Option<Type<'c>>) -> PResult<pto_ir::Attribute<'c>> {
        Parser::parse_attribute(self, ty)
    }
    fn peek_keyword_or_string(&self) -> Option<String> {
        match self.tok.kind {
            TokenKind::BareIdent => Some(self.tok_text().to_string()),
            TokenKind::String => Some(String::from_utf8_lossy(&self.string_value()).into_owned()),
            _ => None,
        }
    }
    fn parse_keyword_or_string(&mut self) -> PResult<String> {
        match self.peek_keyword_or_string() {
            Some(s) => {
                self.advance();
                Ok(s)
            }
            None => self.err("expected keyword or string"),
        }
    }
    fn parse_optional_successor(&mut self) -> PResult<Option<pto_ir::BlockId>> {
        if self.is(TokenKind::CaretIdent) {
            Ok(Some(self.parse_successor()?))
        } else {
            Ok(None)
        }
    }
    fn parse_optional_location(&mut self) -> PResult<Option<pto_ir::Location<'c>>> {
        self.parse_optional_trailing_loc()
    }
    fn parse_stripped_dialect_attr(&mut self, prefix: &str) -> PResult<pto_ir::Attribute<'c>> {
        let (dialect, mnemonic) = prefix.split_once('.').unwrap_or((prefix, ""));
        let def = self.ctx.dialect(dialect).and_then(|d| d.attr_def(mnemonic));
        let pos = self.tok.start;
        if self.is(TokenKind::HashIdent) {
            // The full form is accepted too (MLIR's `parseCustomAttributeWithFallback`).
            let a = Parser::parse_attribute(self, None)?;
            let ok = match a.kind() {
                AttrKind::Opaque { dialect: d, body } => {
                    d.as_str() == dialect && def.is_some_and(|def| def.params_of(body).is_some())
                }
                AttrKind::Dialect { def: ad, .. } => def.is_some_and(|def| std::ptr::eq(*ad, def)),
                _ => false,
            };
            if !ok {
                return self.err_at(pos, &format!("expected a '#{prefix}' attribute"));
            }
            return Ok(a);
        }
        if let Some(def) = def.filter(|d| d.params_def().is_some()) {
            let saved = std::mem::take(&mut self.custom_ops);
            let r = pto_ir::ods::typedef::parse_attr_body(self, def);
            self.custom_ops = saved;
            return r;
        }
        if let Some(def) = def.filter(|d| !d.angle) {
            // A `$value` format: the stripped form is the bare case keyword.
            let word = self.parse_keyword_or_string()?;
            let body = match def.canonical_params(&word) {
                Ok(c) => def.body(&c),
                Err(e) => return self.err_at(pos, &e),
            };
            let d = self.ctx.ident(dialect);
            let body = self.ctx.alloc_str(&body);
            return Ok(self.ctx.opaque_attr(d, body));
        }
        if !self.is(TokenKind::Less) {
            return self.err("expected '<'");
        }
        let open = self.tok.start;
        let text = self.balanced_text()?;
        let body = match def {
            Some(def) => match def.canonical_params(&text[1..text.len() - 1]) {
                Ok(c) => def.body(&c),
                Err(e) => match def.enum_param_error() {
                    // As MLIR's generated enum parser: the value's error, then the
                    // parameter's at the closing `>`.
                    Some(second) => {
                        let inner = &text[1..];
                        let word = open + 1 + (inner.len() - inner.trim_start().len()) as u32;
                        let close = open + text.len() as u32 - 1;
                        let (first, second) =
                            (self.custom_op_message(&e), self.custom_op_message(&second));
                        return self.err_then(word, &first, close, &second);
                    }
                    None => return self.err_at(pos, &e),
                },
            },
            None => format!("{mnemonic}{text}"),
        };
        let d = self.ctx.ident(dialect);
        let body = self.ctx.alloc_str(&body);
        Ok(self.ctx.opaque_attr(d, body))
    }
}

/// `iN`, `siN`, `uiN`: lexed by MLIR as type tokens, never op names.
fn is_int_type_keyword(s: &str) -> bool {
    let d = s
        .strip_prefix("si")
        .or_else(|| s.strip_prefix("ui"))
        .or_else(|| s.strip_prefix('i'));
    d.is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}
