//! Parsing the functions of a large module on several threads.
//!
//! A module's functions are isolated from above: the text of one never refers to a value,
//! block or name scope of another. So the op list of a large module (or of the file's top
//! level) is cut into chunks of about [`CHUNK_BYTES`] that begin at an isolated op, and
//! worker threads (the parser's own thread among them) parse the chunks with parsers of
//! their own, each into a body of its own. The parser then moves the parsed ops into the
//! module, in file order, by moving each function's nested `Body` box: nothing is copied.
//! With verification requested, each worker verifies the functions it parsed, as the
//! verifier thread of `preverify` does.
//!
//! Cutting needs no parse: the [`Scanner`] reads the indentation of lines, and a chunk
//! boundary is a line indented as the first op that starts with the name of a registered
//! function-like op. The scanner can be fooled (text not indented as printed), so a chunk
//! counts only if its parser ends exactly at the next boundary, and only holds ops without operands, results or successors
//! whose regions are in their own bodies (which is what moving them between bodies
//! needs). When a chunk fails for any reason (a syntax error included), the chunks from it
//! on are dropped and the parser reads on serially from its start, so errors, their order
//! and everything parsed are exactly those of a serial parse.

use std::sync::mpsc::channel;
use std::sync::Mutex;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::{PResult, Parser};
use pto_ir::builtin;
use pto_ir::dialect::OpTraits;
use pto_ir::verifier::{self, VerifyOptions};
use pto_ir::{
    Attribute, BlockId, Body, Context, Diagnostic, Ident, InsertPoint, OperationState, Type,
};

/// The size a chunk grows to before the next isolated op starts a new one.
const CHUNK_BYTES: usize = 256 << 10;
/// An op list is parsed in parallel only if it holds more than this after its first
/// isolated op (smaller files are not worth the threads).
const MIN_PARALLEL_BYTES: usize = 2 * CHUNK_BYTES;

/// The parser's parallel settings.
pub(super) struct Parallel {
    /// Threads to parse on, the parser's own included (at least 2).
    threads: usize,
    /// Per level (the file's top level, a top-level module's body): op lists are not
    /// tried again before this byte offset (a try found the list too small up to here).
    next_try: [u32; 2],
}

impl Parallel {
    /// Settings for `threads` threads; `None` for fewer than 2.
    pub(super) fn new(threads: usize) -> Option<Self> {
        (threads > 1).then_some(Self {
            threads,
            next_try: [0; 2],
        })
    }
}

/// A piece of an op list: `[start, end)`, `start` on line `line`.
#[derive(Clone, Copy, Debug)]
struct Chunk {
    index: usize,
    start: usize,
    line: u32,
    end: usize,
}

/// Finds chunk boundaries in an op list without parsing it, line by line.
///
/// The ops of the list are indented alike (as printed, and as people write them), the
/// lines inside them deeper, and the list ends at the first line indented less (the
/// module's closing brace). So a boundary is a line with exactly the first op's
/// indentation that starts with a registered function-like op. This reads a line per
/// `memchr`, never the bytes of the functions.
struct Scanner<'c, 's> {
    ctx: &'c Context,
    src: &'s [u8],
    /// The whitespace before the first op on its line.
    indent: &'s [u8],
    /// Where the next chunk starts, and its line.
    pos: usize,
    line: u32,
    /// At the file's top level alias definitions and file metadata end the op list.
    file_level: bool,
    /// Set once a chunk reached the end of the op list.
    end: Option<usize>,
    /// Chunks handed out so far.
    handed: usize,
}

impl<'c, 's> Scanner<'c, 's> {
    /// The next chunk: from the current position to the first boundary at least `min`
    /// bytes on, or to the end of the op list. `None` once the end was reached.
    fn next_chunk(&mut self, min: usize) -> Option<Chunk> {
        if self.end.is_some() {
            return None;
        }
        let b = self.src;
        let (start, line) = (self.pos, self.line);
        let want = start + min;
        let mut nl = line;
        let mut next = memchr::memchr(b'\n', &b[start..]).map(|k| start + k + 1);
        let end = loop {
            let Some(i) = next else {
                break b.len();
            };
            nl += 1;
            next = memchr::memchr(b'\n', &b[i..]).map(|k| i + k + 1);
            let text = b[i..]
                .iter()
                .position(|c| !matches!(c, b' ' | b'\t'))
                .map_or(b.len(), |k| i + k);
            let rest = &b[text..];
            if matches!(rest.first(), None | Some(b'\n' | b'\r')) || rest.starts_with(b"//") {
                continue;
            }
            let indent = &b[i..text];
            if indent.len() < self.indent.len() {
                break text;
            }
            if indent != self.indent {
                continue;
            }
            if self.file_level && matches!(rest[0], b'#' | b'!' | b'{') {
                break text;
            }
            if text >= want && self.starts_chunk_op(text) {
                self.pos = text;
                self.line = nl;
                return Some(self.hand_out(start, line, text));
            }
        };
        self.end = Some(end);
        Some(self.hand_out(start, line, end))
    }

    fn hand_out(&mut self, start: usize, line: u32, end: usize) -> Chunk {
        self.handed += 1;
        Chunk {
            index: self.handed - 1,
            start,
            line,
            end,
        }
    }

    /// Whether the text at `at` names an op that starts a chunk, bare or quoted.
    fn starts_chunk_op(&self, at: usize) -> bool {
        let rest = &self.src[at..];
        let name = match rest.first() {
            Some(b'"') => {
                let n = rest[1..].iter().position(|&c| c == b'"' || c == b'\n');
                match n {
                    Some(n) if rest[1 + n] == b'"' => &rest[1..1 + n],
                    _ => return false,
                }
            }
            Some(c) if c.is_ascii_alphabetic() || *c == b'_' => {
                let n = rest
                    .iter()
                    .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.')))
                    .unwrap_or(rest.len());
                &rest[..n]
            }
            _ => return false,
        };
        starts_chunk(self.ctx, name)
    }
}

/// Whether ops called `name` start chunks: registered, isolated from above and not
/// symbol tables (functions, not modules: a module is where chunks are cut).
fn starts_chunk(ctx: &Context, name: &[u8]) -> bool {
    std::str::from_utf8(name)
        .ok()
        .and_then(|n| ctx.op_def(n))
        .is_some_and(|d| {
            d.traits.contains(OpTraits::ISOLATED_FROM_ABOVE)
                && !d.traits.contains(OpTraits::SYMBOL_TABLE)
        })
}

/// What a chunk parser starts from: the state of the parser at the op list.
struct Setup<'c, 's> {
    ctx: &'c Context,
    src: &'s str,
    file: Ident<'c>,
    first_line: u32,
    first_col: u32,
    type_aliases: FxHashMap<&'s str, Type<'c>>,
    attr_aliases: FxHashMap<&'s str, Attribute<'c>>,
    default_dialects: Vec<&'static str>,
    op_stack: Vec<(u32, &'s str)>,
    isolated_stack: Vec<u32>,
    verify: Option<VerifyOptions>,
}

/// A parsed chunk: a body whose block holds the chunk's ops, with what the main parser
/// takes over.
struct Parsed<'c, 's> {
    body: Body<'c>,
    block: BlockId,
    /// Location aliases used before their definition, in the order they were met.
    deferred: Vec<(Attribute<'c>, (&'s str, u32))>,
    /// Verification results of the chunk's isolated ops, by `preverified_key`.
    verified: Vec<(usize, Vec<Diagnostic<'c>>)>,
}

type Outcome<'c, 's> = (Chunk, Result<Parsed<'c, 's>, ()>);

impl<'c, 's> Parser<'c, 's> {
    /// A parser for chunks, in the state `setup` describes.
    fn for_chunks(setup: &Setup<'c, 's>) -> Self {
        let mut p = Parser::new(setup.ctx, "", "", setup.first_line);
        p.src = setup.src;
        p.lines = super::LineIndex::new(setup.src);
        p.lex = super::Lexer::new(setup.src);
        p.file = setup.file;
        p.first_col = setup.first_col;
        p.type_aliases = setup.type_aliases.clone();
        p.attr_aliases = setup.attr_aliases.clone();
        p.default_dialects = setup.default_dialects.clone();
        p.op_stack = setup.op_stack.clone();
        p.isolated_stack = setup.isolated_stack.clone();
        p
    }

    /// Parses `chunk` into a body of its own; `Err` if it fails or does not end exactly
    /// at the chunk's end, or holds an op that cannot move to another body.
    fn parse_chunk(
        &mut self,
        chunk: Chunk,
        verify: Option<VerifyOptions>,
    ) -> Result<Parsed<'c, 's>, ()> {
        // Columns count from the start of the chunk's first line.
        let line_start =
            memchr::memrchr(b'\n', &self.src.as_bytes()[..chunk.start]).map_or(0, |k| k + 1);
        self.lines.rebase(line_start as u32, chunk.line);
        // The locations of this chunk are made in order, while other threads make those of
        // other chunks: a run of its own keeps them cheap (see `Context::intern_attr`).
        let (line, col) = self.file_pos(chunk.start as u32);
        self.ctx.begin_file_loc_run(self.file, line, col);
        self.lex.reset_to(chunk.start);
        self.advance();
        self.error = None;
        self.outside_uses = false;
        self.deferred_locs.clear();
        let (_, block) = self.open_top_body();
        while self.error.is_none()
            && (self.tok.start as usize) < chunk.end
            && self.tok.kind != super::TokenKind::Eof
        {
            self.parse_operation()?;
        }
        // A use across an isolation boundary is an error the serial parse reports.
        if self.error.is_some() || self.outside_uses || self.tok.start as usize != chunk.end {
            return Err(());
        }
        self.close_region_scope()?;
        self.close_name_scope()?;
        self.block_stack.pop();
        let body = self.bodies.pop().expect("chunk body");
        let movable = body.block_ops(block).all(|op| {
            body.num_operands(op) == 0
                && body.num_results(op) == 0
                && body.successors(op).is_empty()
                && (body.regions_of(op).is_empty() || body.nested(op).is_some())
        });
        if !movable {
            return Err(());
        }
        let verified = match verify {
            Some(options) => body
                .block_ops(block)
                .filter_map(|op| {
                    let nested = body.nested(op)?;
                    let errors = verifier::verify_detached(
                        self.ctx,
                        nested,
                        body.op_name(op),
                        body.regions_of(op),
                        body.op_loc(op),
                        options,
                    );
                    Some((verifier::preverified_key(nested), errors))
                })
                .collect(),
            None => Vec::new(),
        };
        let mut deferred: Vec<_> = self.deferred_locs.drain().collect();
        deferred.sort_by_key(|(_, (_, pos))| *pos);
        Ok(Parsed {
            body,
            block,
            deferred,
            verified,
        })
    }

    /// Whether the op list the parser is in may be parsed in parallel here: at the top
    /// of the file, or directly in a top-level module, at an isolated op.
    fn at_parallel_op_list(&self) -> bool {
        let Some(par) = self.parallel.as_ref() else {
            return false;
        };
        let depth = self.bodies.len();
        if !(1..=2).contains(&depth)
            || self.tok.start < par.next_try[depth - 1]
            || self.error.is_some()
        {
            return false;
        }
        let level = match self.bodies.len() {
            1 => self.op_stack.is_empty() && self.block_stack.len() == 1,
            2 => {
                self.op_stack.len() == 1
                    && matches!(self.op_stack[0].1, builtin::ModuleOp::NAME | "module")
                    && self.block_stack.len() == 2
            }
            _ => false,
        };
        level && {
            let t = self.tok_text().as_bytes();
            let name = t
                .strip_prefix(b"\"")
                .and_then(|t| t.strip_suffix(b"\""))
                .unwrap_or(t);
            matches!(
                self.tok.kind,
                super::TokenKind::BareIdent | super::TokenKind::String
            ) && starts_chunk(self.ctx, name)
        }
    }

    /// At an op of an op list that may be parsed in parallel: parses the rest of the list
    /// on several threads if it is large enough. Returns whether it parsed anything; the
    /// parser is then at the end of the list, or at the first chunk that failed (to be
    /// parsed serially, which reports its errors).
    pub(super) fn parse_ops_in_parallel(&mut self) -> PResult<bool> {
        if !self.at_parallel_op_list() {
            return Ok(false);
        }
        let start = self.tok.start as usize;
        let src = self.src.as_bytes();
        let line_start = memchr::memrchr(b'\n', &src[..start]).map_or(0, |k| k + 1);
        let indent = &src[line_start..start];
        if !indent.iter().all(|c| matches!(c, b' ' | b'\t')) {
            // Not the first op on its line: leave this list to the serial parser.
            let par = self.parallel.as_mut().expect("parallel");
            par.next_try[self.bodies.len() - 1] = u32::MAX;
            return Ok(false);
        }
        let mut scanner = Scanner {
            ctx: self.ctx,
            src,
            indent,
            pos: start,
            line: self.lines.line_col(self.tok.start).0,
            file_level: self.bodies.len() == 1,
            end: None,
            handed: 0,
        };
        let first = scanner
            .next_chunk(MIN_PARALLEL_BYTES)
            .expect("a first chunk");
        let par = self.parallel.as_mut().expect("parallel");
        if scanner.end.is_some() {
            // Too small: parse it serially.
            par.next_try[self.bodies.len() - 1] = first.end as u32;
            return Ok(false);
        }
        let threads = par.threads;
        let setup = Setup {
            ctx: self.ctx,
            src: self.src,
            file: self.file,
            first_line: self.first_line,
            first_col: self.first_col,
            type_aliases: self.type_aliases.clone(),
            attr_aliases: self.attr_aliases.clone(),
            default_dialects: self.default_dialects.clone(),
            op_stack: self.op_stack.clone(),
            isolated_stack: self.isolated_stack.clone(),
            verify: self.lender.as_ref().map(|l| l.options),
        };
        let work = Mutex::new((scanner, false));
        // Hands out the next chunk unless the list ended or a chunk failed.
        let take = || {
            let mut w = work.lock().unwrap_or_else(|p| p.into_inner());
            if w.1 {
                return None;
            }
            w.0.next_chunk(CHUNK_BYTES)
        };
        let fail = || work.lock().unwrap_or_else(|p| p.into_inner()).1 = true;
        let mut outcomes: Vec<Option<Outcome<'c, 's>>> = Vec::new();
        let mut adopted = 0usize;
        let mut failed: Option<Chunk> = None;
        std::thread::scope(|s| {
            let (tx, rx) = channel::<Outcome<'c, 's>>();
            for _ in 1..threads {
                let tx = tx.clone();
                let (setup, take, fail) = (&setup, &take, &fail);
                pto_ir::threads::spawn(s, move || {
                    let mut p = Parser::for_chunks(setup);
                    while let Some(chunk) = take() {
                        let r = p.parse_chunk(chunk, setup.verify);
                        if r.is_err() {
                            fail();
                        }
                        // The receiver lives until every worker has finished.
                        let _ = tx.send((chunk, r));
                    }
                });
            }
            drop(tx);
            let mut p = Parser::for_chunks(&setup);
            let mut next = Some(first);
            while let Some(chunk) = next {
                let r = p.parse_chunk(chunk, setup.verify);
                if r.is_err() {
                    // A failed chunk parser may be left mid-op: start a fresh one.
                    fail();
                    p = Parser::for_chunks(&setup);
                }
                store(&mut outcomes, (chunk, r));
                while let Ok(o) = rx.try_recv() {
                    store(&mut outcomes, o);
                }
                self.adopt_ready(&mut outcomes, &mut adopted, &mut failed);
                next = take();
            }
            for o in rx {
                store(&mut outcomes, o);
            }
            self.adopt_ready(&mut outcomes, &mut adopted, &mut failed);
        });
        let (scanner, _) = work.into_inner().unwrap_or_else(|p| p.into_inner());
        let resume = match failed {
            Some(c) => {
                self.parallel = None;
                c.start
            }
            None => scanner.end.expect("the op list ended"),
        };
        tracing::debug!(
            target: "pto::parser",
            chunks = adopted,
            threads,
            serial_from = failed.map(|c| c.start),
            "parsed an op list in parallel"
        );
        self.lex.reset_to(resume);
        self.advance();
        Ok(adopted > 0)
    }

    /// Moves the parsed chunks that are next in file order into the current block, up to
    /// the first failed one.
    fn adopt_ready(
        &mut self,
        outcomes: &mut [Option<Outcome<'c, 's>>],
        adopted: &mut usize,
        failed: &mut Option<Chunk>,
    ) {
        while failed.is_none() {
            let Some(slot) = outcomes.get_mut(*adopted) else {
                return;
            };
            let Some((chunk, r)) = slot.take() else {
                return;
            };
            match r {
                Ok(parsed) => self.adopt(parsed),
                Err(()) => {
                    *failed = Some(chunk);
                    return;
                }
            }
            *adopted += 1;
            if let (Some(source), Some(Some((next, _)))) = (self.source, outcomes.get(*adopted)) {
                let keep_from = next.start.saturating_sub(super::RELEASE_KEEP as usize);
                source.release_before_addr(self.src.as_ptr().wrapping_add(keep_from));
            }
        }
    }

    /// Moves a parsed chunk's ops to the end of the current block.
    fn adopt(&mut self, mut parsed: Parsed<'c, 's>) {
        let ctx = self.ctx;
        let block = *self.block_stack.last().expect("current block");
        let ops: SmallVec<[_; 16]> = parsed.body.block_ops(parsed.block).collect();
        for op in ops {
            let from = &mut parsed.body;
            let mut state = OperationState::new(ctx, from.op_name(op), from.op_loc(op));
            state.attrs = from.op_attrs(op);
            state.props = from.op_props(op);
            state.regions = SmallVec::from_slice(from.regions_of(op));
            state.nested = from.take_nested(op);
            let body = self.body();
            let new = body.create_op(state);
            body.insert_op(new, InsertPoint::BlockEnd(block));
        }
        self.deferred_locs.extend(parsed.deferred);
        let in_module = self.bodies.len() == 2;
        if let Some(lender) = self.lender.as_mut() {
            lender.adopt_verified(parsed.verified, in_module);
        }
    }
}

/// Puts an outcome in its chunk's slot.
fn store<'c, 's>(outcomes: &mut Vec<Option<Outcome<'c, 's>>>, o: Outcome<'c, 's>) {
    let i = o.0.index;
    if outcomes.len() <= i {
        outcomes.resize_with(i + 1, || None);
    }
    outcomes[i] = Some(o);
}
