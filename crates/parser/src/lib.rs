//! The parser for MLIR's textual format: generic and custom op forms, regions and blocks,
//! SSA names with forward references, type/attribute/location aliases and file metadata.
//!
//! Parsing stops at the first error, reported as a located [`Diagnostic`].
//!
//! `pto-parser` is MLIR's `lib/AsmParser`: it builds IR of `pto-ir` and depends on
//! nothing else; custom op forms are parsed by their dialects' hooks through
//! [`pto_ir::asm::OpAsmParser`], which [`Parser`] implements.
//!
//! Layout: this file holds the top level, aliases, name scopes with forward references and
//! deferred location aliases; `ops` generic and custom ops, regions and blocks; `types`,
//! `attrs`, `affine` the rest of the grammar; dimension lists (`4x?xf32`) are read by
//! re-lexing (`lexer`). A forward reference is a placeholder value, replaced (RAUW) at its
//! definition. The line index fills in as the parser asks for locations. With threads,
//! finished functions are lent to a verifier thread (`preverify`), and the op list of a
//! large module is cut into chunks parsed on several threads (`parallel`); the result
//! is always the serial parse's, errors included.
//!
//! A large input (`pto_ir::SourceText`, mapped from the file) is released behind the
//! parser as it goes (`parse_source_releasing`, used by pto-opt and pto-translate), so the
//! resident input is a window around the parser. Speed: the parser caches per source text
//! what files repeat (op names, attribute keys, opaque dialect attributes, recent
//! operation types); measured in `BENCHMARKS.md` (`scripts/bench.sh`).
//!
//! **Invariant:** printing then parsing gives the same IR, and printing again the same
//! text; the lit `%roundtrip` and `%compat` substitutions check this and equality with
//! mlir-opt. Cases where pto-opt still differs from mlir-opt are failing tests in
//! `lit-tests/syntax/*-pending.mlir` (run with `PTO_LIT_PENDING=1`); fixing one means
//! renaming its file so that it runs by default.

#![warn(missing_docs)]
#![allow(clippy::result_unit_err)]

mod affine;
mod attrs;
pub mod lexer;
mod ops;
mod parallel;
mod preverify;
mod types;

pub use pto_ir::module::{Module, ResourceValue};

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::lexer::{unescape, Lexer, LineIndex, Token, TokenKind};
use pto_ir::builtin;
use pto_ir::{
    AttrKind, Attribute, BlockId, Body, Context, Diagnostic, Ident, InsertPoint, Location, OpId,
    OpName, OperationState, Type, ValueId,
};

/// Options of a parse.
#[derive(Clone, Debug, Default)]
pub struct ParseOptions {
    /// Do not wrap the top-level ops in a `builtin.module`, and require exactly one
    /// top-level op (as `--no-implicit-module`).
    pub no_implicit_module: bool,
    /// Line number of the first line of the text in its file (for split chunks); 1 if 0.
    pub first_line: u32,
    /// Column of the first character of the text on that line (for split chunks); 1 if 0.
    pub first_col: u32,
    /// Verify the functions on another thread while parsing, with these options; their
    /// results are in [`Module::preverified`].
    pub verify: Option<pto_ir::verifier::VerifyOptions>,
    /// Parse the functions of a large module on this many threads (see
    /// `parser::parallel`); 0 or 1 parses serially.
    pub threads: usize,
    /// The caller verifies the whole module before using it. Otherwise the parser
    /// verifies a module that it cannot hand out unverified (a value used across an
    /// isolation boundary) and returns the verifier's first error.
    pub caller_verifies: bool,
}

/// One definition slot of an SSA name (a result group has several).
#[derive(Copy, Clone)]
struct Slot {
    value: ValueId,
    /// Byte offset of the definition (or of the first use, for forward references).
    pos: u32,
    forward: bool,
}

/// Names visible in one isolated-from-above scope.
#[derive(Default)]
struct NameScope<'s> {
    values: FxHashMap<&'s str, SmallVec<[Option<Slot>; 1]>>,
    /// Names defined in each open region, removed when the region closes.
    region_defs: Vec<Vec<&'s str>>,
    /// Blocks of each open region: name -> (block, defined?, position of first mention).
    region_blocks: Vec<FxHashMap<&'s str, (BlockId, bool, u32)>>,
    /// Number of unresolved forward references.
    pending_forward: usize,
}

/// The parser state.
pub struct Parser<'c, 's> {
    ctx: &'c Context,
    src: &'s str,
    file: Ident<'c>,
    first_line: u32,
    first_col: u32,
    lex: Lexer<'s>,
    tok: Token,
    lines: LineIndex<'s>,
    error: Option<Diagnostic<'c>>,
    /// Bodies being filled: the last one is current; isolated ops push their own.
    bodies: Vec<Body<'c>>,
    scopes: Vec<NameScope<'s>>,
    /// The block ops are currently appended to.
    block_stack: Vec<BlockId>,
    type_aliases: FxHashMap<&'s str, Type<'c>>,
    attr_aliases: FxHashMap<&'s str, Attribute<'c>>,
    /// Location aliases used before being defined: placeholder -> alias name.
    deferred_locs: FxHashMap<Attribute<'c>, (&'s str, u32)>,
    op_names: FxHashMap<&'s str, OpName<'c>>,
    /// Interned attribute names by their source text (saves a lock per dictionary key).
    key_idents: FxHashMap<&'s str, Ident<'c>>,
    /// Recently parsed operation types, by source text (generic ops repeat a few types).
    fn_type_cache: Vec<(&'s str, Type<'c>)>,
    /// Per op definition: the properties of an op written without any, once its
    /// default-valued attributes are filled in (the same for every such op).
    default_props: rustc_hash::FxHashMap<*const pto_ir::OpDef, Option<Attribute<'c>>>,
    /// Attributes of unregistered dialects by their verbatim source text.
    opaque_attrs: FxHashMap<&'s str, Attribute<'c>>,
    forward_ref_name: OpName<'c>,
    /// The ops being parsed (name position and full name), innermost last.
    op_stack: Vec<(u32, &'s str)>,
    /// Positions of the isolated-from-above ops whose regions are being parsed.
    isolated_stack: Vec<u32>,
    /// Whether a value defined outside its enclosing isolated op was used: the use
    /// holds a detached [`verifier::OUTSIDE_VALUE_OP`] result, which the verifier
    /// reports in MLIR's order (the module is verified before it is handed out).
    outside_uses: bool,
    /// The name of those detached ops.
    outside_value_name: OpName<'c>,
    /// Dialects whose ops may be written without prefix in the current region.
    default_dialects: Vec<&'static str>,
    /// Names of the custom ops being parsed (innermost last): errors that custom parsers
    /// raise through `OpAsmParser::emit_error` carry `custom op '<name>' `, as in MLIR;
    /// with the byte offset of the name (`OpAsmParser::op_name_pos`).
    custom_ops: Vec<(&'static str, u32)>,
    resources: Vec<(String, Vec<(String, String)>)>,
    external: Vec<(String, Vec<(String, ResourceValue)>)>,
    /// A closed name scope, emptied, whose tables keep their room for the next isolated
    /// op (functions of similar sizes follow each other).
    spare_scope: Option<NameScope<'s>>,
    /// The buffer `src` is part of, told which text the parser is done with.
    source: Option<&'s pto_ir::SourceText>,
    /// Position in `src` at which to release the text behind again.
    next_release: u32,
    /// The verifier thread finished functions go to (see `preverify`).
    lender: Option<preverify::Lender<'c>>,
    /// Parsing op lists on several threads, if enabled.
    parallel: Option<parallel::Parallel>,
    /// How deeply the construct being parsed nests (see [`MAX_NESTING`]).
    depth: u32,
}

/// How deeply regions, types, attributes, locations and affine expressions may nest.
/// The parser and everything after it (verifier, passes, printer) recurse on nesting,
/// so a bound keeps them within their stacks; deeper input is an error ("nesting too
/// deep") at the construct that goes past it, as no real program nests this far.
pub const MAX_NESTING: u32 = 1000;

/// The parser releases the input it has gone past every this many bytes...
const RELEASE_STEP: u32 = 2 << 20;
/// ...except for this much text behind it (forward references and errors look back).
const RELEASE_KEEP: u32 = 1 << 20;

/// Parses `src` (named `file` in locations) into a [`Module`].
pub fn parse_source<'c>(
    ctx: &'c Context,
    src: &str,
    file: &str,
    opts: &ParseOptions,
) -> Result<Module<'c>, Diagnostic<'c>> {
    parse_source_with(ctx, src, None, file, opts)
}

/// Like [`parse_source`], telling `source` (whose text `src` is, or is part of) to release
/// the text the parser has gone past, so that a mapped input is never resident whole.
pub fn parse_source_releasing<'c, 's>(
    ctx: &'c Context,
    src: &'s str,
    source: &'s pto_ir::SourceText,
    file: &str,
    opts: &ParseOptions,
) -> Result<Module<'c>, Diagnostic<'c>> {
    parse_source_with(ctx, src, Some(source), file, opts)
}

fn parse_source_with<'c, 's>(
    ctx: &'c Context,
    src: &'s str,
    source: Option<&'s pto_ir::SourceText>,
    file: &str,
    opts: &ParseOptions,
) -> Result<Module<'c>, Diagnostic<'c>> {
    let mut p = Parser::new(ctx, src, file, opts.first_line.max(1));
    p.first_col = opts.first_col.max(1);
    p.source = source;
    p.parallel = parallel::Parallel::new(opts.threads);
    let r = p.parse_top_level(opts);
    match r {
        Ok(m) if p.outside_uses && !opts.caller_verifies => Err(first_verifier_error(ctx, m, opts)),
        Ok(m) => Ok(m),
        Err(()) => Err(p
            .error
            .take()
            .unwrap_or_else(|| Diagnostic::error(ctx.unknown_loc(), "parse failed"))),
    }
}

/// The first error of verifying `m`, which holds a use across an isolation boundary
/// (the verifier reports it, after any error MLIR's verifier finds first).
fn first_verifier_error<'c>(
    ctx: &'c Context,
    m: Module<'c>,
    opts: &ParseOptions,
) -> Diagnostic<'c> {
    use pto_ir::verifier;
    let vopts = opts.verify.unwrap_or(verifier::VerifyOptions {
        op_notes: ctx.op_diagnostic_notes().is_some(),
        debuginfo: ctx.op_diagnostic_notes().unwrap_or(false),
        threads: 1,
    });
    for op in m.body.block_ops(m.block) {
        let r = verifier::verify_with_preverified(ctx, &m.body, op, vopts, &m.preverified);
        if let Err(mut ds) = r {
            return ds.swap_remove(0);
        }
    }
    // The verifier reports every such use; should it not, the module still cannot be
    // handed out.
    Diagnostic::error(ctx.unknown_loc(), "using value defined outside the region")
}

/// Parses a single type from `text`.
pub fn parse_type_str<'c>(ctx: &'c Context, text: &str) -> Result<Type<'c>, Diagnostic<'c>> {
    let mut p = Parser::new(ctx, text, "<type>", 1);
    let r = p.parse_type().and_then(|t| {
        if p.tok.kind == TokenKind::Eof {
            Ok(t)
        } else {
            p.err("unexpected trailing text")
        }
    });
    r.map_err(|()| {
        p.error
            .take()
            .unwrap_or_else(|| Diagnostic::error(ctx.unknown_loc(), "invalid type"))
    })
}

/// Parses a single attribute from `text`.
pub fn parse_attr_str<'c>(ctx: &'c Context, text: &str) -> Result<Attribute<'c>, Diagnostic<'c>> {
    let mut p = Parser::new(ctx, text, "<attribute>", 1);
    let r = p.parse_attribute(None).and_then(|a| {
        if p.tok.kind == TokenKind::Eof {
            Ok(a)
        } else {
            p.err("unexpected trailing text")
        }
    });
    r.map_err(|()| {
        p.error
            .take()
            .unwrap_or_else(|| Diagnostic::error(ctx.unknown_loc(), "invalid attribute"))
    })
}

type PResult<T> = Result<T, ()>;

impl<'c, 's> Parser<'c, 's> {
    fn new(ctx: &'c Context, src: &'s str, file: &str, first_line: u32) -> Self {
        let mut lex = Lexer::new(src);
        let tok = lex.next_token();
        let forward_ref_name = OpName {
            name: ctx.ident("builtin.<forward-reference>"),
            def: None,
        };
        let mut p = Self {
            ctx,
            src,
            file: ctx.ident(file),
            first_line,
            first_col: 1,
            lex,
            tok,
            lines: LineIndex::new(src),
            error: None,
            bodies: Vec::new(),
            scopes: Vec::new(),
            block_stack: Vec::new(),
            type_aliases: FxHashMap::default(),
            attr_aliases: FxHashMap::default(),
            deferred_locs: FxHashMap::default(),
            op_names: FxHashMap::default(),
            key_idents: FxHashMap::default(),
            opaque_attrs: FxHashMap::default(),
            fn_type_cache: Vec::new(),
            default_props: Default::default(),
            forward_ref_name,
            default_dialects: vec!["builtin"],
            custom_ops: Vec::new(),
            op_stack: Vec::new(),
            isolated_stack: Vec::new(),
            outside_uses: false,
            outside_value_name: OpName {
                name: ctx.ident(pto_ir::verifier::OUTSIDE_VALUE_OP),
                def: None,
            },
            resources: Vec::new(),
            external: Vec::new(),
            spare_scope: None,
            source: None,
            next_release: RELEASE_STEP,
            lender: None,
            parallel: None,
            depth: 0,
        };
        if p.tok.kind == TokenKind::Error {
            let msg = p.lex.error.clone();
            let _ = p.err_at::<()>(p.tok.start, &msg);
        }
        p
    }

    // ---- tokens and diagnostics ---------------------------------------------------------

    fn text(&self, t: Token) -> &'s str {
        &self.src[t.start as usize..t.end as usize]
    }

    fn tok_text(&self) -> &'s str {
        self.text(self.tok)
    }

    fn advance(&mut self) {
        self.tok = self.lex.next_token();
        if self.tok.kind == TokenKind::Error && self.error.is_none() {
            let msg = self.lex.error.clone();
            let _ = self.err_at::<()>(self.tok.start, &msg);
        }
    }

    /// Releases the input more than [`RELEASE_KEEP`] bytes behind the current token, every
    /// [`RELEASE_STEP`] bytes (called between ops).
    #[inline]
    fn maybe_release_input(&mut self) {
        if self.tok.start < self.next_release {
            return;
        }
        self.next_release = self.tok.start.saturating_add(RELEASE_STEP);
        if let Some(source) = self.source {
            let keep_from = (self.tok.start - RELEASE_KEEP.min(self.tok.start)) as usize;
            source.release_before_addr(self.src.as_ptr().wrapping_add(keep_from));
        }
    }

    fn loc_at(&self, pos: u32) -> Location<'c> {
        let (line, col) = self.file_pos(pos);
        self.ctx.location(AttrKind::FileLineCol {
            file: self.file,
            line,
            col,
        })
    }

    /// The line and column in the file of byte offset `pos` of the text.
    fn file_pos(&self, pos: u32) -> (u32, u32) {
        let (line, col) = self.lines.line_col(pos);
        // Columns on the first line of a split chunk continue those of the marker's line.
        let col = if line == 1 {
            col + self.first_col - 1
        } else {
            col
        };
        (line + self.first_line - 1, col)
    }

    fn cur_loc(&self) -> Location<'c> {
        self.loc_at(self.tok.start)
    }

    fn err_at<T>(&mut self, pos: u32, msg: &str) -> PResult<T> {
        if self.error.is_none() {
            self.error = Some(Diagnostic::error(self.loc_at(pos), msg));
        }
        Err(())
    }

    /// Runs `f` one nesting level deeper: an error past [`MAX_NESTING`] levels.
    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= MAX_NESTING {
            return self.err(&format!(
                "nesting too deep (more than {MAX_NESTING} levels)"
            ));
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    fn err<T>(&mut self, msg: &str) -> PResult<T> {
        self.err_at(self.tok.start, msg)
    }

    /// Two errors, as MLIR reports some failures: `msg` at `pos`, then `then` at
    /// `then_pos` (carried as an error-severity note, rendered and verified as an error).
    fn err_then<T>(&mut self, pos: u32, msg: &str, then_pos: u32, then: &str) -> PResult<T> {
        if self.error.is_none() {
            let second = Diagnostic::new(
                self.loc_at(then_pos),
                pto_ir::Severity::Error,
                then.to_string(),
            );
            let mut d = Diagnostic::error(self.loc_at(pos), msg);
            d.notes.push(second);
            self.error = Some(d);
        }
        Err(())
    }

    fn err_with_note<T>(&mut self, pos: u32, msg: &str, note_pos: u32, note: &str) -> PResult<T> {
        if self.error.is_none() {
            let d = Diagnostic::error(self.loc_at(pos), msg).with_note(self.loc_at(note_pos), note);
            self.error = Some(d);
        }
        Err(())
    }

    fn is(&self, k: TokenKind) -> bool {
        self.tok.kind == k
    }

    fn consume_if(&mut self, k: TokenKind) -> bool {
        if self.tok.kind == k {
            self.advance();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, k: TokenKind) -> PResult<()> {
        if self.consume_if(k) {
            Ok(())
        } else {
            self.err_wrong_token(&format!("expected '{}'", k.spelling()))
        }
    }

    fn expect_msg(&mut self, k: TokenKind, msg: &str) -> PResult<()> {
        if self.consume_if(k) {
            Ok(())
        } else {
            self.err_wrong_token(msg)
        }
    }

    /// Reports a wrong token as MLIR does: right after the last non-blank character
    /// before it, skipping blank lines and trailing `//` comments.
    pub(crate) fn err_wrong_token<T>(&mut self, msg: &str) -> PResult<T> {
        let src = self.src.as_bytes();
        let mut pos = (self.tok.start as usize).min(src.len());
        if self.tok.kind == TokenKind::Eof && pos > 0 {
            pos -= 1;
        }
        let start = pos;
        let mut p = pos;
        loop {
            while p > 0 && matches!(src[p - 1], b' ' | b'\t') {
                p -= 1;
            }
            if p > 0 && matches!(src[p - 1], b'\n' | b'\r') {
                // Back over the line break; if the previous line has a comment, stop before it.
                p -= 1;
                let line_start = self.src[..p].rfind('\n').map_or(0, |i| i + 1);
                if let Some(c) = self.src[line_start..p].find("//") {
                    p = line_start + c;
                }
                continue;
            }
            break;
        }
        if p == 0 {
            return self.err_at(start as u32, msg);
        }
        self.err_at(p as u32, msg)
    }

    fn is_keyword(&self, kw: &str) -> bool {
        self.tok.kind == TokenKind::BareIdent && self.tok_text() == kw
    }

    fn consume_keyword(&mut self, kw: &str) -> bool {
        if self.is_keyword(kw) {
            self.advance();
            true
        } else {
            false
        }
    }

    /// Parses `elem (, elem)*` between `open` and `close`; empty lists allowed.
    fn parse_comma_list(
        &mut self,
        open: TokenKind,
        close: TokenKind,
        mut elem: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        self.expect(open)?;
        if self.consume_if(close) {
            return Ok(());
        }
        loop {
            elem(self)?;
            if !self.consume_if(TokenKind::Comma) {
                break;
            }
        }
        self.expect(close)
    }

    /// The elements and closing token of a list whose opening token is consumed; the list
    /// must not be empty. A missing close is "expected ',' or ']'", as in MLIR.
    fn parse_comma_list_tail(
        &mut self,
        close: TokenKind,
        elem: &mut impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        loop {
            elem(self)?;
            if !self.consume_if(TokenKind::Comma) {
                break;
            }
        }
        if self.consume_if(close) {
            return Ok(());
        }
        self.err_wrong_token(&format!("expected ',' or '{}'", close.spelling()))
    }

    /// The decoded contents of the current string token.
    fn string_value(&self) -> Vec<u8> {
        let t = self.tok_text();
        unescape(&t[1..t.len() - 1])
    }

    fn string_value_utf8(&mut self) -> PResult<String> {
        let bytes = self.string_value();
        match String::from_utf8(bytes) {
            Ok(s) => Ok(s),
            Err(_) => self.err("string literal is not valid UTF-8"),
        }
    }

    // ---- bodies -------------------------------------------------------------------------

    fn body(&mut self) -> &mut Body<'c> {
        self.bodies.last_mut().expect("no current body")
    }

    fn body_ref(&self) -> &Body<'c> {
        self.bodies.last().expect("no current body")
    }

    fn scope(&mut self) -> &mut NameScope<'s> {
        self.scopes.last_mut().expect("no name scope")
    }

    // ---- top level ----------------------------------------------------------------------

    fn parse_top_level(&mut self, opts: &ParseOptions) -> PResult<Module<'c>> {
        if self.error.is_some() {
            return Err(());
        }
        let (region, block) = self.open_top_body();
        let preverified = match opts.verify {
            Some(v) => self.with_preverifier(v, Self::parse_top_level_items)?,
            None => {
                self.parse_top_level_items()?;
                Default::default()
            }
        };
        self.close_region_scope()?;
        self.close_name_scope()?;
        self.block_stack.pop();
        let mut body = self.bodies.pop().expect("top-level body");
        self.resolve_deferred_locs(&mut body)?;
        let resources = std::mem::take(&mut self.resources);

        let ops: Vec<OpId> = body.block_ops(block).collect();
        let single_module =
            ops.len() == 1 && body.op_name(ops[0]).as_str() == builtin::ModuleOp::NAME;
        if opts.no_implicit_module {
            if ops.len() != 1 {
                let loc = self.ctx.file_loc(self.file.as_str(), 0, 0);
                let msg = format!(
                    "source must contain a single top-level operation, found: {}",
                    ops.len()
                );
                self.error = Some(Diagnostic::error(loc, msg));
                return Err(());
            }
            return Ok(Module {
                body,
                block,
                resources,
                external_resources: std::mem::take(&mut self.external),
                preverified,
                diagnostics: Vec::new(),
            });
        }
        if single_module {
            return Ok(Module {
                body,
                block,
                resources,
                external_resources: std::mem::take(&mut self.external),
                preverified,
                diagnostics: Vec::new(),
            });
        }
        // Wrap everything in an implicit module whose nested body is what we parsed.
        let mut outer = Body::new();
        let outer_region = outer.create_region();
        let outer_block = outer.create_block();
        outer.append_block(outer_region, outer_block);
        let name = self.op_name_for(builtin::ModuleOp::NAME);
        // The implicit module is at `file:0:0`, or where a split chunk starts.
        let (l, c) = if self.first_line == 1 && self.first_col == 1 {
            (0, 0)
        } else {
            (self.first_line, self.first_col)
        };
        let loc = self.ctx.file_loc(self.file.as_str(), l, c);
        let mut state = OperationState::new(self.ctx, name, loc);
        state.regions.push(region);
        state.nested = Some(Box::new(body));
        let module = outer.create_op(state);
        outer.insert_op(module, InsertPoint::BlockEnd(outer_block));
        Ok(Module {
            body: outer,
            block: outer_block,
            resources,
            external_resources: std::mem::take(&mut self.external),
            preverified,
            diagnostics: Vec::new(),
        })
    }

    /// Starts a body for a file's top level (or a chunk of it, see `parallel`): one
    /// region with one block, which ops are appended to, in a name scope of its own.
    fn open_top_body(&mut self) -> (pto_ir::RegionId, BlockId) {
        let mut body = Body::new();
        let region = body.create_region();
        let block = body.create_block();
        body.append_block(region, block);
        self.bodies.push(body);
        self.scopes.push(NameScope::default());
        self.open_region_scope();
        self.block_stack.push(block);
        (region, block)
    }

    /// The items of the file: aliases, file metadata and operations.
    fn parse_top_level_items(&mut self) -> PResult<()> {
        loop {
            match self.tok.kind {
                TokenKind::Eof => return Ok(()),
                TokenKind::HashIdent if self.peek_is_equal() => self.parse_attr_alias_def()?,
                TokenKind::ExclaimIdent if self.peek_is_equal() => self.parse_type_alias_def()?,
                TokenKind::FileMetadataBegin => self.parse_file_metadata()?,
                _ => {
                    if self.parallel.is_some() && self.parse_ops_in_parallel()? {
                        continue;
                    }
                    self.parse_operation()?;
                    self.maybe_release_input();
                }
            }
        }
    }

    fn peek_is_equal(&self) -> bool {
        let mut look = Lexer::new(self.src);
        look.reset_to(self.tok.end as usize);
        look.next_token().kind == TokenKind::Equal
    }

    fn parse_attr_alias_def(&mut self) -> PResult<()> {
        let name_tok = self.tok;
        let name = &self.text(name_tok)[1..];
        if name.contains('.') {
            return self.err("attribute names with a '.' are reserved for dialect-defined names");
        }
        if self.attr_aliases.contains_key(name) {
            return self.err(&format!("redefinition of attribute alias id '{name}'"));
        }
        self.advance();
        self.expect(TokenKind::Equal)?;
        let value = self.parse_attribute(None)?;
        // Resolve location aliases that were used before this definition.
        self.attr_aliases.insert(name, value);
        Ok(())
    }

    fn parse_type_alias_def(&mut self) -> PResult<()> {
        let name = &self.tok_text()[1..];
        if name.contains('.') {
            return self.err("type names with a '.' are reserved for dialect-defined names");
        }
        if self.type_aliases.contains_key(name) {
            return self.err(&format!("redefinition of type alias id '{name}'"));
        }
        self.advance();
        self.expect(TokenKind::Equal)?;
        let ty = self.parse_type()?;
        self.type_aliases.insert(name, ty);
        Ok(())
    }

    /// `{-# dialect_resources: { d: { key: "0x..." } }, external_resources: {...} #-}`
    fn parse_file_metadata(&mut self) -> PResult<()> {
        self.advance();
        loop {
            if self.consume_if(TokenKind::FileMetadataEnd) {
                return Ok(());
            }
            if !self.is(TokenKind::BareIdent) {
                return self.err("expected identifier key in file metadata dictionary");
            }
            let section = self.tok_text();
            if section != "dialect_resources" && section != "external_resources" {
                return self.err(&format!(
                    "unknown key '{section}' in file metadata dictionary"
                ));
            }
            self.advance();
            self.expect(TokenKind::Colon)?;
            let mut groups = Vec::new();
            let is_dialect = section == "dialect_resources";
            self.parse_comma_list(TokenKind::LBrace, TokenKind::RBrace, |p| {
                let group_pos = p.tok.start;
                let group = p.parse_metadata_key()?;
                if is_dialect && p.ctx.dialect(&group).is_none() {
                    return p.err_at(group_pos, &format!("dialect '{group}' is unknown"));
                }
                p.expect(TokenKind::Colon)?;
                let mut entries = Vec::new();
                p.parse_comma_list(TokenKind::LBrace, TokenKind::RBrace, |p| {
                    let key = p.parse_metadata_key()?;
                    p.expect(TokenKind::Colon)?;
                    let start = p.tok.start;
                    if is_dialect {
                        // Blobs are "0x" + 4 bytes of alignment + data, in hex.
                        let hex = if p.is(TokenKind::String) {
                            p.string_value_utf8()?.strip_prefix("0x").map(str::to_string)
                        } else {
                            None
                        };
                        match hex {
                            None => return p.err(&format!("expected hex string blob for key '{key}'")),
                            Some(h) if h.len() < 8 || !h.bytes().all(|b| b.is_ascii_hexdigit()) => {
                                return p.err(&format!(
                                    "expected hex string blob for key '{key}' to encode alignment in first 4 bytes"
                                ))
                            }
                            Some(_) => {}
                        }
                    }
                    // The value is a string blob, a bool or an integer: keep its text.
                    match p.tok.kind {
                        TokenKind::String | TokenKind::Integer | TokenKind::BareIdent => {
                            p.advance()
                        }
                        _ => return p.err("expected resource value"),
                    }
                    let text = p.src[start as usize..p.tok_prev_end() as usize].to_string();
                    entries.push((key, text));
                    Ok(())
                })?;
                groups.push((group, entries));
                Ok(())
            })?;
            if section == "dialect_resources" {
                self.resources.extend(groups);
            } else {
                // External resources are passed through; strings are re-escaped on output.
                for (g, entries) in groups {
                    let values = entries
                        .into_iter()
                        .map(|(k, text)| {
                            let v = if text.starts_with('"') && !text.starts_with("\"0x") {
                                ResourceValue::String(unescape(&text[1..text.len() - 1]))
                            } else {
                                ResourceValue::Raw(text)
                            };
                            (k, v)
                        })
                        .collect();
                    self.external.push((g, values));
                }
            }
            if !self.consume_if(TokenKind::Comma) {
                return self.expect(TokenKind::FileMetadataEnd);
            }
        }
    }

    fn tok_prev_end(&self) -> u32 {
        // The text between the last consumed token and the current one is whitespace or
        // comments; trim it to find the end of the consumed token.
        let upto = &self.src[..self.tok.start as usize];
        upto.trim_end().len() as u32
    }

    fn parse_metadata_key(&mut self) -> PResult<String> {
        match self.tok.kind {
            TokenKind::BareIdent => {
                let s = self.tok_text().to_string();
                self.advance();
                Ok(s)
            }
            TokenKind::String => {
                let s = self.string_value_utf8()?;
                self.advance();
                Ok(s)
            }
            _ => self.err("expected identifier key for 'resource' entry"),
        }
    }

    fn resolve_deferred_locs(&mut self, body: &mut Body<'c>) -> PResult<()> {
        if self.deferred_locs.is_empty() {
            return Ok(());
        }
        let mut map: FxHashMap<Attribute<'c>, Location<'c>> = FxHashMap::default();
        let deferred: Vec<_> = self.deferred_locs.iter().map(|(k, v)| (*k, *v)).collect();
        for (placeholder, (name, pos)) in deferred {
            match self.attr_aliases.get(name).and_then(|a| a.as_location()) {
                Some(loc) => {
                    map.insert(placeholder, loc);
                }
                None => {
                    return self.err_at(pos, "operation location alias was never defined");
                }
            }
        }
        fix_locs(body, &map);
        Ok(())
    }

    // ---- name scopes --------------------------------------------------------------------

    fn open_region_scope(&mut self) {
        let s = self.scope();
        s.region_defs.push(Vec::new());
        s.region_blocks.push(FxHashMap::default());
    }

    fn close_region_scope(&mut self) -> PResult<()> {
        let scope = self.scopes.last_mut().expect("scope");
        let names = scope.region_defs.pop().unwrap_or_default();
        let blocks = scope.region_blocks.pop().unwrap_or_default();
        for n in names {
            // Keep forward references (they are resolved or reported at scope end).
            if let Some(slots) = scope.values.get(n) {
                if slots.iter().all(|s| s.is_none_or(|s| !s.forward)) {
                    scope.values.remove(n);
                }
            }
        }
        // MLIR reports the first undefined block (by position) when its region closes.
        let first_undefined = blocks
            .values()
            .filter(|(_, defined, _)| !defined)
            .map(|(_, _, pos)| *pos)
            .min();
        if let Some(pos) = first_undefined {
            return self.err_at(pos, "reference to an undefined block");
        }
        Ok(())
    }

    fn close_name_scope(&mut self) -> PResult<()> {
        let scope = self.scopes.pop().expect("scope");
        if scope.pending_forward > 0 {
            // The first unresolved forward reference, by position.
            let first = scope
                .values
                .values()
                .flatten()
                .flatten()
                .filter(|s| s.forward)
                .map(|s| s.pos)
                .min();
            if let Some(pos) = first {
                return self.err_at(pos, "use of undeclared SSA value name");
            }
        }
        let mut scope = scope;
        scope.values.clear();
        scope.region_defs.clear();
        scope.region_blocks.clear();
        scope.pending_forward = 0;
        self.spare_scope = Some(scope);
        Ok(())
    }

    /// Opens the name scope of an isolated op's regions.
    fn open_name_scope(&mut self) {
        let scope = self.spare_scope.take().unwrap_or_default();
        self.scopes.push(scope);
    }

    /// Binds `name` (without `%`) to `values` in the current scope.
    fn define_values(&mut self, name: &'s str, pos: u32, values: &[ValueId]) -> PResult<()> {
        let scope_idx = self.scopes.len() - 1;
        let existing = self.scopes[scope_idx].values.get(name).cloned();
        if let Some(slots) = &existing {
            if let Some(prev) = slots.iter().flatten().find(|s| !s.forward) {
                let prev_pos = prev.pos;
                return self.err_with_note(
                    pos,
                    &format!("redefinition of SSA value '%{name}'"),
                    prev_pos,
                    "previously defined here",
                );
            }
        }
        // Resolve forward references to these names.
        if let Some(slots) = existing {
            for (i, s) in slots.iter().enumerate() {
                let Some(s) = s else { continue };
                if i >= values.len() {
                    return self.err_at(s.pos, "use of undeclared SSA value name");
                }
                let body = self.bodies.last_mut().expect("body");
                let (fty, nty) = (body.value_type(s.value), body.value_type(values[i]));
                if fty != nty {
                    let suffix = format!("#{i}");
                    return self.err_with_note(
                        pos,
                        &format!(
                            "definition of SSA value '%{name}{suffix}' has type {}",
                            pto_ir::printer::quoted_type(nty)
                        ),
                        s.pos,
                        &format!(
                            "previously used here with type {}",
                            pto_ir::printer::quoted_type(fty)
                        ),
                    );
                }
                body.replace_all_uses(s.value, values[i]);
                let placeholder = body
                    .defining_op(s.value)
                    .expect("forward reference placeholder");
                let _ = body.erase_op(placeholder);
                self.scopes[scope_idx].pending_forward -= 1;
            }
        }
        let slots: SmallVec<[Option<Slot>; 1]> = values
            .iter()
            .map(|&v| {
                Some(Slot {
                    value: v,
                    pos,
                    forward: false,
                })
            })
            .collect();
        let scope = &mut self.scopes[scope_idx];
        scope.values.insert(name, slots);
        if let Some(defs) = scope.region_defs.last_mut() {
            defs.push(name);
        }
        Ok(())
    }

    /// Resolves `%name#number` to a value of type `ty`, creating a forward reference if the
    /// name is not yet defined.
    fn resolve_value(
        &mut self,
        name: &'s str,
        number: u32,
        pos: u32,
        ty: Type<'c>,
    ) -> PResult<ValueId> {
        let scope_idx = self.scopes.len() - 1;
        if let Some(slots) = self.scopes[scope_idx].values.get(name) {
            let any_defined = slots.iter().flatten().any(|s| !s.forward);
            if any_defined {
                let Some(Some(slot)) = slots.get(number as usize).copied() else {
                    return self.err_at(pos, "reference to invalid result number");
                };
                let vty = self.body_ref().value_type(slot.value);
                if vty != ty {
                    let shown = if number > 0 || slots.len() > 1 {
                        format!("%{name}#{number}")
                    } else {
                        format!("%{name}")
                    };
                    return self.err_with_note(
                        pos,
                        &format!(
                            "use of value '{shown}' expects different type than prior uses: {} vs {}",
                            pto_ir::printer::quoted_type(ty),
                            pto_ir::printer::quoted_type(vty)
                        ),
                        slot.pos,
                        "prior use here",
                    );
                }
                return Ok(slot.value);
            }
            if let Some(Some(slot)) = slots.get(number as usize).copied() {
                let vty = self.body_ref().value_type(slot.value);
                if vty != ty {
                    let shown = if number > 0 {
                        format!("%{name}#{number}")
                    } else {
                        format!("%{name}")
                    };
                    return self.err_with_note(
                        pos,
                        &format!(
                            "use of value '{shown}' expects different type than prior uses: {} vs {}",
                            pto_ir::printer::quoted_type(ty),
                            pto_ir::printer::quoted_type(vty)
                        ),
                        slot.pos,
                        "prior use here",
                    );
                }
                return Ok(slot.value);
            }
        }
        // A name defined outside the enclosing isolated-from-above op: MLIR's verifier reports
        // this on the using op. A body cannot refer to another body's values, so the use
        // gets a value with no definition in this body (printed as `<<UNKNOWN SSA VALUE>>`),
        // which the verifier recognises.
        let outer = self.scopes[..scope_idx].iter().any(|s| {
            s.values
                .get(name)
                .is_some_and(|slots| slots.iter().flatten().any(|x| !x.forward))
        });
        if outer && !self.op_stack.is_empty() && !self.isolated_stack.is_empty() {
            self.outside_uses = true;
            let mut state =
                OperationState::new(self.ctx, self.outside_value_name, self.loc_at(pos));
            state.result_types.push(ty);
            let body = self.body();
            let placeholder = body.create_op(state);
            return Ok(body.result(placeholder, 0));
        }
        // A forward reference: a detached placeholder op whose result stands in for the value.
        let mut state = OperationState::new(self.ctx, self.forward_ref_name, self.loc_at(pos));
        state.result_types.push(ty);
        let body = self.body();
        let op = body.create_op(state);
        let v = body.result(op, 0);
        let scope = &mut self.scopes[scope_idx];
        let slots = scope.values.entry(name).or_default();
        if slots.len() <= number as usize {
            slots.resize(number as usize + 1, None);
        }
        slots[number as usize] = Some(Slot {
            value: v,
            pos,
            forward: true,
        });
        scope.pending_forward += 1;
        Ok(v)
    }

    // ---- blocks -------------------------------------------------------------------------

    /// The block named `name` in the current region, created (undefined) on first mention.
    fn block_ref(&mut self, name: &'s str, pos: u32) -> BlockId {
        let scope_idx = self.scopes.len() - 1;
        if let Some((b, _, _)) = self.scopes[scope_idx]
            .region_blocks
            .last()
            .and_then(|m| m.get(name))
        {
            return *b;
        }
        let b = self.body().create_block();
        self.scopes[scope_idx]
            .region_blocks
            .last_mut()
            .expect("region scope")
            .insert(name, (b, false, pos));
        b
    }

    fn op_name_for(&mut self, full: &str) -> OpName<'c> {
        OpName {
            name: self.ctx.ident(full),
            def: self.ctx.op_def(full),
        }
    }
}

/// Replaces placeholder locations (deferred aliases) everywhere in `body`.
fn fix_locs<'c>(body: &mut Body<'c>, map: &FxHashMap<Attribute<'c>, Location<'c>>) {
    for i in 0..body.num_op_slots() {
        let op = <OpId as pto_ir::entity::EntityRef>::new(i);
        if !body.is_alive(op) {
            continue;
        }
        if let Some(l) = map.get(&body.op_loc(op).attr()) {
            body.set_op_loc(op, *l);
        }
        if let Some(n) = body.nested_mut(op) {
            fix_locs(n, map);
        }
    }
    body.remap_block_arg_locs(|l| map.get(&l.attr()).copied());
}

/// Whether `name` (a full op name) belongs to a registered dialect of `ctx`.
fn dialect_registered(ctx: &Context, name: &str) -> bool {
    let d = name.split_once('.').map_or(name, |(d, _)| d);
    ctx.dialect(d).is_some()
}
