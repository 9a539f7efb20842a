//! The [`Context`]: uniquing arenas for types, attributes and identifiers, and the
//! registry of dialects.
//!
//! Uniqued objects are allocated in a `bumpalo` arena and never freed before the context
//! drops, so the references handed out (`Type<'c>`, `Attribute<'c>`, `Ident<'c>`) are plain
//! pointers valid for the context's borrow `'c`. Interning takes a lock; reading a uniqued
//! object never does, so functions can be processed on several threads at once.
//!
//! A handle is one word (an `Ident` points at its length followed by its bytes; locations
//! are attributes), so equality and hashing are O(1) pointer operations, and the context
//! is `Sync`: uniqued objects are shared freely across threads. A small per-thread cache
//! (`InternCache`, by hash, entries tagged with the context's id and confirmed by
//! comparison) answers most interning without the lock.
//!
//! `loc("file":line:col)` locations, about one per op of a parsed file, are stored per
//! file under a lock of their own, in runs of locations made in increasing position order
//! (`FileLocs`, chunks that never move): a run's storage is its own index (a location
//! past its last one needs no lookup, others are found by halving), so these cost their
//! 32 bytes and keep the general hash table small. Runs are disjoint; parsers of
//! different parts of a file each begin one; an out-of-order location goes to the
//! general table (never to both: a run's last position only grows).
//!
//! Dialects are registered through `&mut Context`, before any IR exists. A handle of
//! another context is rejected: at compile time by the `'c` lifetime where it can be, and
//! at run time by the check in `owned` (a panic: a programming error, not bad input).

use std::fmt;
use std::hash::{BuildHasher, Hash, Hasher};
use std::ptr::NonNull;
use std::sync::Mutex;

use bumpalo::Bump;
use hashbrown::HashTable;
use rustc_hash::{FxBuildHasher, FxHashMap};

use crate::attributes::{AttrKind, AttrStorage, Attribute, Location, NamedAttribute};
use crate::dialect::{Dialect, OpDef};
use crate::types::{FloatKind, Signedness, Type, TypeKind, TypeStorage};

mod constructors;
mod owned;

/// An interned string, compared and hashed by pointer.
///
/// A thin pointer (one word, so that names in op records and dictionaries stay small)
/// to the string's length followed by its bytes in the context's arena.
#[derive(Copy, Clone)]
pub struct Ident<'c>(NonNull<usize>, std::marker::PhantomData<&'c str>);

// SAFETY: an identifier is immutable arena data, like a `&'c str`.
unsafe impl Send for Ident<'_> {}
// SAFETY: as above.
unsafe impl Sync for Ident<'_> {}

impl<'c> Ident<'c> {
    /// The text.
    #[inline]
    pub fn as_str(self) -> &'c str {
        // SAFETY: `Interner::ident` wrote the length and then that many bytes of a `str`
        // into one arena allocation, which lives for `'c`.
        unsafe {
            let len = *self.0.as_ptr();
            let bytes = (self.0.as_ptr() as *const u8).add(std::mem::size_of::<usize>());
            std::str::from_utf8_unchecked(std::slice::from_raw_parts(bytes, len))
        }
    }
}
impl PartialEq for Ident<'_> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}
impl Eq for Ident<'_> {}
impl Hash for Ident<'_> {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state)
    }
}
impl fmt::Debug for Ident<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}
impl fmt::Display for Ident<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The lock-protected half of the context: the arena and the uniquing tables.
struct Interner {
    arena: Bump,
    types: HashTable<(u64, NonNull<TypeStorage<'static>>)>,
    attrs: HashTable<(u64, NonNull<AttrStorage<'static>>)>,
    strings: HashTable<(u64, Ident<'static>)>,
}

/// Locations per chunk of a [`LocRun`].
const LOC_CHUNK: usize = 4096;

/// The `loc("file":line:col)` locations of one file, in runs: a run holds locations made
/// in increasing (line, column) order, stored in that order. A parsed file has one
/// location per op, made as the parser goes, so a run's storage is its own index
/// (searched by halving) and a location past its last one is new without any lookup:
/// these cost their storage and nothing more. Parsers working on different parts of a
/// file at once each begin a run at their part ([`Context::begin_file_loc_run`]).
///
/// Runs are sorted by their first position and disjoint: a location belongs to the last
/// run starting at or before it, is appended there if past its last one, and else is
/// looked up there; one that is not found goes to the general table. It is never in
/// both: the run's last position only grows, and a run begins only past the last one
/// of the run before.
#[derive(Default)]
struct FileLocs {
    runs: Vec<LocRun>,
}

struct LocRun {
    first: (u32, u32),
    /// Storage in chunks of [`LOC_CHUNK`] that never grow beyond their capacity (so the
    /// locations never move).
    chunks: Vec<Vec<AttrStorage<'static>>>,
    len: usize,
    last: (u32, u32),
}

impl LocRun {
    fn new(first: (u32, u32)) -> Self {
        Self {
            first,
            chunks: Vec::new(),
            len: 0,
            last: (0, 0),
        }
    }

    fn get(&self, i: usize) -> &AttrStorage<'static> {
        &self.chunks[i / LOC_CHUNK][i % LOC_CHUNK]
    }

    fn position(s: &AttrStorage<'_>) -> (u32, u32) {
        match s.kind {
            AttrKind::FileLineCol { line, col, .. } => (line, col),
            _ => unreachable!("only file locations are stored here"),
        }
    }

    /// The stored location at `pos`.
    fn find(&self, pos: (u32, u32)) -> Option<NonNull<AttrStorage<'static>>> {
        if self.len == 0 || pos > self.last {
            return None;
        }
        let (mut lo, mut hi) = (0, self.len);
        while lo < hi {
            let mid = (lo + hi) / 2;
            match Self::position(self.get(mid)).cmp(&pos) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(NonNull::from(self.get(mid))),
            }
        }
        None
    }

    /// Stores a location past the last one.
    fn push(&mut self, file: Ident<'static>, pos: (u32, u32)) -> NonNull<AttrStorage<'static>> {
        debug_assert!(self.len == 0 || pos > self.last);
        if self.len.is_multiple_of(LOC_CHUNK) {
            self.chunks.push(Vec::with_capacity(LOC_CHUNK));
        }
        let chunk = self.chunks.last_mut().expect("a chunk with room");
        chunk.push(AttrStorage {
            kind: AttrKind::FileLineCol {
                file,
                line: pos.0,
                col: pos.1,
            },
        });
        self.len += 1;
        self.last = pos;
        NonNull::from(chunk.last().expect("just pushed"))
    }
}

impl FileLocs {
    /// The location at `pos`, found or added in a run; `None` if it belongs in the
    /// general table.
    fn intern(
        &mut self,
        file: Ident<'static>,
        pos: (u32, u32),
    ) -> Option<NonNull<AttrStorage<'static>>> {
        let at = self.runs.partition_point(|r| r.first <= pos);
        if at == 0 {
            self.runs.insert(0, LocRun::new(pos));
            return Some(self.runs[0].push(file, pos));
        }
        let run = &mut self.runs[at - 1];
        if run.len == 0 || pos > run.last {
            return Some(run.push(file, pos));
        }
        if pos == run.last {
            return Some(NonNull::from(run.get(run.len - 1)));
        }
        run.find(pos)
    }

    /// Begins a run at `pos` unless `pos` is at or before the last location of the run
    /// it falls in.
    fn begin_run(&mut self, pos: (u32, u32)) {
        let at = self.runs.partition_point(|r| r.first <= pos);
        if at > 0 {
            let run = &self.runs[at - 1];
            if run.first == pos || (run.len > 0 && pos <= run.last) {
                return;
            }
        }
        self.runs.insert(at, LocRun::new(pos));
    }
}

// SAFETY: the raw pointers point into `arena`, which moves with the interner and is only
// touched under the context's mutex.
unsafe impl Send for Interner {}

fn fx_hash<T: Hash + ?Sized>(v: &T) -> u64 {
    FxBuildHasher.hash_one(v)
}

impl Interner {
    fn new() -> Self {
        Self {
            arena: Bump::new(),
            types: HashTable::new(),
            attrs: HashTable::new(),
            strings: HashTable::new(),
        }
    }

    /// Copies `s` into the arena; the result lives as long as the arena.
    fn alloc_str(&self, s: &str) -> &'static str {
        let r: &str = self.arena.alloc_str(s);
        // SAFETY: the arena is never reset and outlives every handed-out reference.
        unsafe { std::mem::transmute::<&str, &'static str>(r) }
    }

    fn alloc_slice<T: Copy>(&self, s: &[T]) -> &'static [T] {
        let r: &[T] = self.arena.alloc_slice_copy(s);
        // SAFETY: as for `alloc_str`.
        unsafe { std::mem::transmute::<&[T], &'static [T]>(r) }
    }

    fn ident(&mut self, s: &str) -> Ident<'static> {
        let hash = fx_hash(s);
        if let Some((_, found)) = self
            .strings
            .find(hash, |(h, v)| *h == hash && v.as_str() == s)
        {
            return *found;
        }
        let word = std::mem::size_of::<usize>();
        let layout =
            std::alloc::Layout::from_size_align(word + s.len(), word).expect("identifier too long");
        let p = self.arena.alloc_layout(layout);
        // SAFETY: `p` is a fresh allocation of `word + s.len()` bytes aligned for `usize`.
        unsafe {
            (p.as_ptr() as *mut usize).write(s.len());
            std::ptr::copy_nonoverlapping(s.as_ptr(), p.as_ptr().add(word), s.len());
        }
        let id = Ident(p.cast::<usize>(), std::marker::PhantomData);
        self.strings.insert_unique(hash, (hash, id), |(h, _)| *h);
        id
    }
}

/// Source of [`Context::id`]s (never reused, so a cache entry of a dropped context never
/// matches a live one).
static NEXT_CONTEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// A small per-thread cache of recently interned types and attributes, by hash, in front
/// of the context's lock: threads parsing or rewriting at once mostly intern what exists
/// already (the same few enum, integer and dictionary attributes, the same types), and a
/// hit takes neither the lock nor a table probe. Entries name their context by id; a hit
/// is confirmed by comparing the stored object with the one asked for.
struct InternCache;

/// Slots per kind (types, attributes) of [`InternCache`].
const INTERN_CACHE_SLOTS: usize = 1024;

thread_local! {
    /// `(context id, hash, storage address)` per slot, types then attributes.
    static INTERN_CACHE: std::cell::RefCell<Vec<(u64, u64, usize)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

impl InternCache {
    fn slot(hash: u64, attr: bool) -> usize {
        // Fx hashes vary most in their high bits.
        (hash >> 54) as usize % INTERN_CACHE_SLOTS + usize::from(attr) * INTERN_CACHE_SLOTS
    }

    fn get(ctx: u64, slot: usize, hash: u64) -> Option<usize> {
        INTERN_CACHE.with(|c| {
            let c = c.borrow();
            c.get(slot)
                .filter(|e| e.0 == ctx && e.1 == hash)
                .map(|e| e.2)
        })
    }

    fn put(ctx: u64, slot: usize, hash: u64, p: usize) {
        INTERN_CACHE.with(|c| {
            let mut c = c.borrow_mut();
            if c.is_empty() {
                c.resize(2 * INTERN_CACHE_SLOTS, (0, 0, 0));
            }
            c[slot] = (ctx, hash, p);
        })
    }
}

/// Owns everything uniqued, and knows which dialects and operations exist.
pub struct Context {
    interner: Mutex<Interner>,
    /// File locations, apart from the interner: parsers make one per op.
    file_locs: Mutex<FxHashMap<Ident<'static>, FileLocs>>,
    /// This context among all contexts of the process (see [`InternCache`]).
    id: u64,
    dialects: Vec<&'static Dialect>,
    ops: FxHashMap<&'static str, &'static OpDef>,
    /// Interface models of the registered ops (see [`crate::interface`]).
    interface_models: crate::interface::InterfaceModels,
    allow_unregistered: bool,
    op_notes: Option<bool>,
    /// Settings of dialects for this context (`pto.parser-arch`), set by the tools.
    dialect_options: FxHashMap<&'static str, String>,
    common: Common,
}

/// Frequently used uniqued objects, interned once at start-up.
struct Common {
    i1: NonNull<TypeStorage<'static>>,
    i32: NonNull<TypeStorage<'static>>,
    i64: NonNull<TypeStorage<'static>>,
    index: NonNull<TypeStorage<'static>>,
    f32: NonNull<TypeStorage<'static>>,
    f64: NonNull<TypeStorage<'static>>,
    none: NonNull<TypeStorage<'static>>,
    unit: NonNull<AttrStorage<'static>>,
    unknown_loc: NonNull<AttrStorage<'static>>,
    empty_dict: NonNull<AttrStorage<'static>>,
}

// SAFETY: all pointers refer to immutable interned data owned by the context.
unsafe impl Send for Common {}
unsafe impl Sync for Common {}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

impl Context {
    /// A context with only the `builtin` dialect registered.
    pub fn new() -> Self {
        let mut interner = Interner::new();
        let int = |i: &mut Interner, w| {
            intern_type(
                i,
                TypeKind::Integer {
                    width: w,
                    signedness: Signedness::Signless,
                },
            )
        };
        let common = Common {
            i1: int(&mut interner, 1),
            i32: int(&mut interner, 32),
            i64: int(&mut interner, 64),
            index: intern_type(&mut interner, TypeKind::Index),
            f32: intern_type(&mut interner, TypeKind::Float(FloatKind::F32)),
            f64: intern_type(&mut interner, TypeKind::Float(FloatKind::F64)),
            none: intern_type(&mut interner, TypeKind::None),
            unit: intern_attr(&mut interner, AttrKind::Unit),
            unknown_loc: intern_attr(&mut interner, AttrKind::UnknownLoc),
            empty_dict: intern_attr(&mut interner, AttrKind::Dictionary(&[])),
        };
        let mut ctx = Context {
            interner: Mutex::new(interner),
            file_locs: Mutex::new(FxHashMap::default()),
            id: NEXT_CONTEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            dialects: Vec::new(),
            ops: FxHashMap::default(),
            interface_models: Default::default(),
            allow_unregistered: false,
            dialect_options: FxHashMap::default(),
            op_notes: None,
            common,
        };
        ctx.register_dialect(&crate::builtin::DIALECT);
        ctx
    }

    /// Registers a dialect, its operations and their ODS-declared interface models.
    /// Registering twice is harmless.
    pub fn register_dialect(&mut self, dialect: &'static Dialect) {
        if self.dialects.iter().any(|d| d.name == dialect.name) {
            return;
        }
        self.dialects.push(dialect);
        for op in dialect.ops {
            self.ops.insert(op.name, op);
            for i in op.interfaces {
                // An op's own models come first: nothing can have been attached to an
                // op that was not registered, so this never fails.
                let _ = self.interface_models.insert(
                    op,
                    (i.interface)(),
                    i.name,
                    crate::interface::Model::Static(i.model),
                );
            }
        }
    }

    pub(crate) fn interface_models(&self) -> &crate::interface::InterfaceModels {
        &self.interface_models
    }

    pub(crate) fn interface_models_mut(&mut self) -> &mut crate::interface::InterfaceModels {
        &mut self.interface_models
    }

    /// The registered dialects, in registration order.
    pub fn dialects(&self) -> &[&'static Dialect] {
        &self.dialects
    }

    /// The registered dialect called `name`.
    pub fn dialect(&self, name: &str) -> Option<&'static Dialect> {
        self.dialects.iter().copied().find(|d| d.name == name)
    }

    /// The definition of a registered operation.
    #[inline]
    pub fn op_def(&self, name: &str) -> Option<&'static OpDef> {
        self.ops.get(name).copied()
    }

    /// Whether operations of unregistered dialects are accepted (kept opaque).
    pub fn allows_unregistered_dialects(&self) -> bool {
        self.allow_unregistered
    }

    /// Accepts or rejects operations, types and attributes of unregistered dialects.
    pub fn set_allow_unregistered_dialects(&mut self, allow: bool) {
        self.allow_unregistered = allow;
    }

    /// Whether errors that passes report at an op carry MLIR's "see current operation"
    /// note (mlir-opt's `printOpOnDiagnostic`, off under `--verify-diagnostics`), and if so
    /// whether the printed op shows its locations: `Some(debuginfo)` or `None` for off.
    pub fn op_diagnostic_notes(&self) -> Option<bool> {
        self.op_notes
    }

    /// Turns the "see current operation" note of op errors on (`Some(debuginfo)`) or off.
    pub fn set_op_diagnostic_notes(&mut self, notes: Option<bool>) {
        self.op_notes = notes;
    }

    /// A dialect's setting in this context (as MLIR dialects keep state of their own),
    /// e.g. the target the `pto` parser reads types for.
    pub fn dialect_option(&self, key: &str) -> Option<&str> {
        self.dialect_options.get(key).map(String::as_str)
    }

    /// Sets (`Some`) or clears a dialect's setting; done before parsing, like
    /// registration.
    pub fn set_dialect_option(&mut self, key: &'static str, value: Option<String>) {
        match value {
            Some(v) => {
                self.dialect_options.insert(key, v);
            }
            None => {
                self.dialect_options.remove(key);
            }
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Interner> {
        // A panic while holding the lock cannot leave the tables inconsistent (every
        // insertion is a single call), so a poisoned lock is still usable.
        self.interner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Interns a string.
    pub fn ident<'c>(&'c self, s: &str) -> Ident<'c> {
        self.lock().ident(s)
    }

    /// Interns a type. Every handle in `kind` is tied to the context's borrow, so that a
    /// handle of a context that does not live as long does not compile:
    ///
    /// ```compile_fail
    /// use pto_ir::{Context, TypeKind};
    /// let b = Context::new();
    /// let v = {
    ///     let a = Context::new();
    ///     let element = a.int_type(32);
    ///     b.intern_type(TypeKind::Vector { shape: &[4], scalable: &[false], element })
    /// };
    /// let _ = v.kind(); // `element` would point into `a`'s freed arena
    /// ```
    ///
    /// A handle of another context that lives as long is rejected at run time (a panic,
    /// in every build). Kinds with lists (`Function`, `Tuple`, `Vector`, ...) need the
    /// lists for `'c` too; the typed constructors ([`Context::function_type`],
    /// [`Context::memref_type`], ...) take short-lived ones.
    pub fn intern_type<'c>(&'c self, kind: TypeKind<'c>) -> Type<'c> {
        self.intern_type_parts(kind)
    }

    /// Interns a type whose lists are borrowed for less than `'c` (the storage copies
    /// them). Private: the constructors that call it take every handle as `'c`.
    fn intern_type_parts<'c>(&'c self, kind: TypeKind<'_>) -> Type<'c> {
        let hash = fx_hash(&kind);
        let slot = InternCache::slot(hash, false);
        let p = match InternCache::get(self.id, slot, hash) {
            // SAFETY: a cached pointer of this context is live storage of it.
            Some(p) if unsafe { &*(p as *const TypeStorage<'_>) }.kind == kind => {
                p as *const TypeStorage<'c>
            }
            _ => {
                let p = intern_type_hashed(&mut self.lock(), kind, hash);
                InternCache::put(self.id, slot, hash, p.as_ptr() as usize);
                p.as_ptr() as *const TypeStorage<'c>
            }
        };
        // SAFETY: interned storage lives as long as the context.
        Type(unsafe { &*p })
    }

    /// Interns an attribute; as [`Context::intern_type`], every handle in `kind` is tied
    /// to the context's borrow, and a handle of another context is rejected at run time.
    pub fn intern_attr<'c>(&'c self, kind: AttrKind<'c>) -> Attribute<'c> {
        self.intern_attr_parts(kind)
    }

    /// Interns an attribute whose lists are borrowed for less than `'c`. Private, as
    /// [`Context::intern_type_parts`].
    fn intern_attr_parts<'c>(&'c self, kind: AttrKind<'_>) -> Attribute<'c> {
        if let AttrKind::FileLineCol { file, line, col } = kind {
            let mut file_locs = self.file_locs.lock().unwrap_or_else(|p| p.into_inner());
            let runs = match file_locs.entry(erase_ident(file)) {
                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::hash_map::Entry::Vacant(e) => {
                    // A file seen for the first time: its name must be this context's.
                    self.lock().check_file(file);
                    e.insert(FileLocs::default())
                }
            };
            let found = runs.intern(erase_ident(file), (line, col));
            drop(file_locs);
            let p = found.unwrap_or_else(|| intern_attr(&mut self.lock(), kind));
            // SAFETY: interned storage lives as long as the context.
            return Attribute(unsafe { &*(p.as_ptr() as *const AttrStorage<'c>) });
        }
        let hash = fx_hash(&kind);
        let slot = InternCache::slot(hash, true);
        let p = match InternCache::get(self.id, slot, hash) {
            // SAFETY: a cached pointer of this context is live storage of it.
            Some(p) if unsafe { &*(p as *const AttrStorage<'_>) }.kind == kind => {
                p as *const AttrStorage<'c>
            }
            _ => {
                let p = intern_attr_hashed(&mut self.lock(), kind, hash);
                InternCache::put(self.id, slot, hash, p.as_ptr() as usize);
                p.as_ptr() as *const AttrStorage<'c>
            }
        };
        // SAFETY: interned storage lives as long as the context.
        Attribute(unsafe { &*p })
    }

    /// Begins a run of locations of `file` at `line:col`, for a parser that makes the
    /// locations of the text from there on while others make those before it (see
    /// [`FileLocs`]); a no-op if `line:col` is not past the locations already made there.
    pub fn begin_file_loc_run(&self, file: Ident<'_>, line: u32, col: u32) {
        self.file_locs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(erase_ident(file))
            .or_default()
            .begin_run((line, col));
    }

    /// Copies a slice into the context arena.
    pub fn alloc_slice<'c, T: Copy + 'static>(&'c self, s: &[T]) -> &'c [T] {
        self.lock().alloc_slice(s)
    }

    /// Copies a list of types into the context arena (not uniqued).
    pub fn alloc_types<'c>(&'c self, types: &[Type<'c>]) -> &'c [Type<'c>] {
        self.lock().alloc_slice(erase_types(types))
    }

    /// Copies a string into the context arena (not uniqued).
    pub fn alloc_str<'c>(&'c self, s: &str) -> &'c str {
        self.lock().alloc_str(s)
    }

    // ---- common types -------------------------------------------------------------------

    fn common_type(&self, p: NonNull<TypeStorage<'static>>) -> Type<'_> {
        // SAFETY: interned at construction, lives as long as the context.
        Type(unsafe { &*(p.as_ptr() as *const TypeStorage<'_>) })
    }
    /// Signless integer `iN`.
    pub fn int_type(&self, width: u32) -> Type<'_> {
        match width {
            1 => self.common_type(self.common.i1),
            32 => self.common_type(self.common.i32),
            64 => self.common_type(self.common.i64),
            _ => self.intern_type(TypeKind::Integer {
                width,
                signedness: Signedness::Signless,
            }),
        }
    }
    /// `index`.
    pub fn index_type(&self) -> Type<'_> {
        self.common_type(self.common.index)
    }
    /// A float type.
    pub fn float_type(&self, kind: FloatKind) -> Type<'_> {
        match kind {
            FloatKind::F32 => self.common_type(self.common.f32),
            FloatKind::F64 => self.common_type(self.common.f64),
            _ => self.intern_type(TypeKind::Float(kind)),
        }
    }
    /// `none`.
    pub fn none_type(&self) -> Type<'_> {
        self.common_type(self.common.none)
    }
    /// `(inputs) -> results`.
    pub fn function_type<'c>(&'c self, inputs: &[Type<'c>], results: &[Type<'c>]) -> Type<'c> {
        self.intern_type_parts(TypeKind::Function { inputs, results })
    }

    // ---- common attributes --------------------------------------------------------------

    fn common_attr(&self, p: NonNull<AttrStorage<'static>>) -> Attribute<'_> {
        // SAFETY: interned at construction, lives as long as the context.
        Attribute(unsafe { &*(p.as_ptr() as *const AttrStorage<'_>) })
    }
    /// `unit`.
    pub fn unit_attr(&self) -> Attribute<'_> {
        self.common_attr(self.common.unit)
    }
    /// `{}`.
    pub fn empty_dict(&self) -> Attribute<'_> {
        self.common_attr(self.common.empty_dict)
    }
    /// `loc(unknown)`.
    pub fn unknown_loc(&self) -> Location<'_> {
        Location(self.common_attr(self.common.unknown_loc))
    }
    /// A location attribute; `kind` must be one of the location kinds.
    pub fn location<'c>(&'c self, kind: AttrKind<'c>) -> Location<'c> {
        let a = self.intern_attr(kind);
        debug_assert!(a.is_location());
        Location(a)
    }
    /// `loc(fused<metadata>[locs])`, simplified as MLIR does: unknown children dropped,
    /// nested fused locations with the same metadata flattened, duplicates removed; no
    /// children gives `unknown` (or `fused<m>[unknown]`), one child without metadata is
    /// that child.
    pub fn fused_loc<'c>(
        &'c self,
        locs: &[Location<'c>],
        metadata: Option<Attribute<'c>>,
    ) -> Location<'c> {
        let mut flat: Vec<Location<'c>> = Vec::new();
        for &l in locs {
            match *l.kind() {
                AttrKind::FusedLoc {
                    locs: inner,
                    metadata: m,
                } if m == metadata => {
                    for &i in inner {
                        if !flat.contains(&i) {
                            flat.push(i);
                        }
                    }
                }
                AttrKind::UnknownLoc => {}
                _ => {
                    if !flat.contains(&l) {
                        flat.push(l);
                    }
                }
            }
        }
        match (flat.len(), metadata) {
            (0, None) => self.unknown_loc(),
            (0, Some(_)) => {
                let u = [self.unknown_loc()];
                Location(self.intern_attr_parts(AttrKind::FusedLoc { locs: &u, metadata }))
            }
            (1, None) => flat[0],
            _ => Location(self.intern_attr_parts(AttrKind::FusedLoc {
                locs: &flat,
                metadata,
            })),
        }
    }
    /// `loc("file":line:col)`.
    pub fn file_loc<'c>(&'c self, file: &str, line: u32, col: u32) -> Location<'c> {
        let file = self.ident(file);
        self.location(AttrKind::FileLineCol { file, line, col })
    }
    /// A string attribute.
    pub fn string_attr<'c>(&'c self, s: &str) -> Attribute<'c> {
        let value = self.alloc_str(s);
        self.intern_attr(AttrKind::String { value, ty: None })
    }
    /// An integer attribute of type `ty`, truncated to its width.
    pub fn int_attr<'c>(&'c self, ty: Type<'c>, value: i128) -> Attribute<'c> {
        let value = match ty.kind() {
            TypeKind::Integer { width, signedness } => {
                super::attributes_util::normalize_int(value, *width, *signedness)
            }
            _ => value,
        };
        self.intern_attr(AttrKind::Integer { value, ty })
    }
    /// A dense integer array attribute (`array<iN: ...>`) with elements of `width` bits.
    pub fn dense_int_array<'c>(&'c self, width: u32, values: &[i64]) -> Attribute<'c> {
        let bytes = (width as usize).div_ceil(8).max(1);
        let data: Vec<u8> = values
            .iter()
            .flat_map(|v| v.to_le_bytes().into_iter().take(bytes))
            .collect();
        self.intern_attr_parts(AttrKind::DenseArray {
            element: self.int_type(width),
            data: &data,
        })
    }
    /// `dense<...> : ty` of integers for an integer-element shaped `ty`, stored as the
    /// parser stores it (a splat when all elements are equal). Not for `i1` elements,
    /// which are bit-packed.
    pub fn dense_int_elements<'c>(&'c self, ty: Type<'c>, values: &[i64]) -> Attribute<'c> {
        let width = ty.element_type().and_then(|e| e.int_width()).unwrap_or(64);
        let esize = (width as usize).div_ceil(8).max(1);
        let data: Vec<u8> = values
            .iter()
            .flat_map(|v| v.to_le_bytes().into_iter().take(esize))
            .collect();
        let (splat, data) = super::attributes_util::normalize_splat(data, esize, false);
        self.intern_attr_parts(AttrKind::DenseElements {
            ty,
            splat,
            data: &data,
        })
    }
    /// `dense<x> : ty`, a splat of the scalar whose bit pattern is `bits` (an integer or
    /// float element of the shaped type `ty`; not `i1`, which is bit-packed).
    pub fn dense_splat<'c>(&'c self, ty: Type<'c>, bits: u128) -> Attribute<'c> {
        let element = ty.element_type().unwrap_or(ty);
        let width = match (element.int_width(), element.float_kind()) {
            (Some(w), _) => w,
            (None, Some(k)) => k.width(),
            // index elements are stored as 64 bits.
            _ => 64,
        };
        let esize = (width as usize).div_ceil(8).max(1);
        self.intern_attr_parts(AttrKind::DenseElements {
            ty,
            splat: true,
            data: &bits.to_le_bytes()[..esize.min(16)],
        })
    }
    /// A type attribute.
    pub fn type_attr<'c>(&'c self, ty: Type<'c>) -> Attribute<'c> {
        self.intern_attr(AttrKind::Type(ty))
    }
    /// A dictionary attribute of `(name, value)` pairs (sorted, the last duplicate wins).
    pub fn dictionary_of<'c>(&'c self, entries: &[(&str, Attribute<'c>)]) -> Attribute<'c> {
        let named: Vec<NamedAttribute<'c>> = entries
            .iter()
            .map(|&(n, value)| NamedAttribute {
                name: self.ident(n),
                value,
            })
            .collect();
        self.dictionary(&named)
    }
    /// A dictionary attribute; entries are sorted by name, the last duplicate wins.
    pub fn dictionary<'c>(&'c self, entries: &[NamedAttribute<'c>]) -> Attribute<'c> {
        if entries.is_empty() {
            return self.empty_dict();
        }
        let sorted = entries
            .windows(2)
            .all(|w| w[0].name.as_str() < w[1].name.as_str());
        if sorted {
            return self.intern_attr_parts(AttrKind::Dictionary(entries));
        }
        let mut v: Vec<NamedAttribute<'c>> = entries.to_vec();
        v.sort_by(|a, b| a.name.as_str().cmp(b.name.as_str()));
        v.dedup_by(|later, earlier| {
            if later.name == earlier.name {
                earlier.value = later.value;
                true
            } else {
                false
            }
        });
        self.intern_attr_parts(AttrKind::Dictionary(&v))
    }
}

/// Hashes `kind` structurally, finds or allocates its storage.
fn intern_type(i: &mut Interner, kind: TypeKind<'_>) -> NonNull<TypeStorage<'static>> {
    let hash = fx_hash(&kind);
    intern_type_hashed(i, kind, hash)
}

fn intern_type_hashed(
    i: &mut Interner,
    kind: TypeKind<'_>,
    hash: u64,
) -> NonNull<TypeStorage<'static>> {
    if let Some((_, p)) = i.types.find(hash, |(h, p)| {
        // SAFETY: every pointer in the table points to live arena storage.
        *h == hash && unsafe { p.as_ref() }.kind == kind
    }) {
        return *p;
    }
    i.check_type_kind(&kind);
    // Copy borrowed slices into the arena so the storage is self-contained.
    let kind: TypeKind<'static> = match kind {
        TypeKind::Function { inputs, results } => TypeKind::Function {
            inputs: i.alloc_slice(erase_types(inputs)),
            results: i.alloc_slice(erase_types(results)),
        },
        TypeKind::Tuple(elems) => TypeKind::Tuple(i.alloc_slice(erase_types(elems))),
        TypeKind::Vector {
            shape,
            scalable,
            element,
        } => TypeKind::Vector {
            shape: i.alloc_slice(shape),
            scalable: i.alloc_slice(scalable),
            element: erase_type(element),
        },
        TypeKind::RankedTensor {
            shape,
            element,
            encoding,
        } => TypeKind::RankedTensor {
            shape: i.alloc_slice(shape),
            element: erase_type(element),
            encoding: encoding.map(erase_attr),
        },
        TypeKind::MemRef {
            shape,
            element,
            layout,
            memory_space,
        } => TypeKind::MemRef {
            shape: i.alloc_slice(shape),
            element: erase_type(element),
            layout: layout.map(erase_attr),
            memory_space: memory_space.map(erase_attr),
        },
        TypeKind::Opaque { dialect, body } => TypeKind::Opaque {
            dialect: erase_ident(dialect),
            body: i.alloc_str(body),
        },
        TypeKind::Dialect { def, params } => TypeKind::Dialect {
            def,
            params: copy_params(i, params),
        },
        // SAFETY: the remaining kinds hold only uniqued handles, which live in this arena.
        other => unsafe { std::mem::transmute::<TypeKind<'_>, TypeKind<'static>>(other) },
    };
    let p = NonNull::from(i.arena.alloc(TypeStorage { kind }));
    // SAFETY: the arena outlives the table.
    let p = unsafe {
        std::mem::transmute::<NonNull<TypeStorage<'_>>, NonNull<TypeStorage<'static>>>(p)
    };
    i.types.insert_unique(hash, (hash, p), |(h, _)| *h);
    p
}

/// Copies the parameters of a dialect type or attribute into the arena.
fn copy_params(
    i: &mut Interner,
    params: &[super::typedef::TypeParam<'_>],
) -> &'static [super::typedef::TypeParam<'static>] {
    use super::typedef::TypeParam;
    let owned: smallvec::SmallVec<[TypeParam<'static>; 4]> = params
        .iter()
        .map(|p| match *p {
            TypeParam::Type(t) => TypeParam::Type(erase_type(t)),
            TypeParam::Types(ts) => TypeParam::Types(i.alloc_slice(erase_types(ts))),
            TypeParam::Int(v) => TypeParam::Int(v),
            TypeParam::Ints(v) => TypeParam::Ints(i.alloc_slice(v)),
            TypeParam::Bool(b) => TypeParam::Bool(b),
            TypeParam::Str(s) => TypeParam::Str(i.alloc_str(s)),
            TypeParam::Attr(a) => TypeParam::Attr(erase_attr(a)),
            TypeParam::Absent => TypeParam::Absent,
        })
        .collect();
    i.alloc_slice(&owned)
}

fn intern_attr(i: &mut Interner, kind: AttrKind<'_>) -> NonNull<AttrStorage<'static>> {
    let hash = fx_hash(&kind);
    intern_attr_hashed(i, kind, hash)
}

fn intern_attr_hashed(
    i: &mut Interner,
    kind: AttrKind<'_>,
    hash: u64,
) -> NonNull<AttrStorage<'static>> {
    if let Some((_, p)) = i.attrs.find(hash, |(h, p)| {
        // SAFETY: every pointer in the table points to live arena storage.
        *h == hash && unsafe { p.as_ref() }.kind == kind
    }) {
        return *p;
    }
    i.check_attr_kind(&kind);
    let kind: AttrKind<'static> = match kind {
        AttrKind::String { value, ty } => AttrKind::String {
            value: i.alloc_str(value),
            ty: ty.map(erase_type),
        },
        AttrKind::Array(elems) => AttrKind::Array(i.alloc_slice(erase_attrs(elems))),
        AttrKind::DenseArray { element, data } => AttrKind::DenseArray {
            element: erase_type(element),
            data: i.alloc_slice(data),
        },
        AttrKind::Dictionary(entries) => {
            // SAFETY: named attributes hold only uniqued handles.
            let entries = unsafe {
                std::mem::transmute::<&[NamedAttribute<'_>], &[NamedAttribute<'static>]>(entries)
            };
            AttrKind::Dictionary(i.alloc_slice(entries))
        }
        AttrKind::SymbolRef { root, nested } => {
            // SAFETY: identifiers are uniqued in this arena.
            let nested = unsafe { std::mem::transmute::<&[Ident<'_>], &[Ident<'static>]>(nested) };
            AttrKind::SymbolRef {
                root: erase_ident(root),
                nested: i.alloc_slice(nested),
            }
        }
        AttrKind::DenseElements { ty, splat, data } => AttrKind::DenseElements {
            ty: erase_type(ty),
            splat,
            data: i.alloc_slice(data),
        },
        AttrKind::Strided { offset, strides } => AttrKind::Strided {
            offset,
            strides: i.alloc_slice(strides),
        },
        AttrKind::AffineMap(map) => {
            AttrKind::AffineMap(super::attributes_util::copy_affine_map(i_arena(i), map))
        }
        AttrKind::Opaque { dialect, body } => AttrKind::Opaque {
            dialect: erase_ident(dialect),
            body: i.alloc_str(body),
        },
        AttrKind::Dialect { def, params } => AttrKind::Dialect {
            def,
            params: copy_params(i, params),
        },
        AttrKind::FusedLoc { locs, metadata } => {
            // SAFETY: locations are uniqued in this arena.
            let locs =
                unsafe { std::mem::transmute::<&[Location<'_>], &[Location<'static>]>(locs) };
            AttrKind::FusedLoc {
                locs: i.alloc_slice(locs),
                metadata: metadata.map(erase_attr),
            }
        }
        // SAFETY: the remaining kinds hold only uniqued handles and plain data.
        other => unsafe { std::mem::transmute::<AttrKind<'_>, AttrKind<'static>>(other) },
    };
    let p = NonNull::from(i.arena.alloc(AttrStorage { kind }));
    // SAFETY: the arena outlives the table.
    let p = unsafe {
        std::mem::transmute::<NonNull<AttrStorage<'_>>, NonNull<AttrStorage<'static>>>(p)
    };
    i.attrs.insert_unique(hash, (hash, p), |(h, _)| *h);
    p
}

fn i_arena(i: &Interner) -> &'static Bump {
    // SAFETY: the arena lives as long as the interner, which outlives all uniqued data.
    unsafe { std::mem::transmute::<&Bump, &'static Bump>(&i.arena) }
}

fn erase_type(t: Type<'_>) -> Type<'static> {
    // SAFETY: uniqued handles point into the context arena, valid for its lifetime.
    unsafe { std::mem::transmute::<Type<'_>, Type<'static>>(t) }
}
fn erase_types<'a>(t: &'a [Type<'_>]) -> &'a [Type<'static>] {
    // SAFETY: as for `erase_type`.
    unsafe { std::mem::transmute::<&'a [Type<'_>], &'a [Type<'static>]>(t) }
}
fn erase_attr(a: Attribute<'_>) -> Attribute<'static> {
    // SAFETY: as for `erase_type`.
    unsafe { std::mem::transmute::<Attribute<'_>, Attribute<'static>>(a) }
}
fn erase_attrs<'a>(a: &'a [Attribute<'_>]) -> &'a [Attribute<'static>] {
    // SAFETY: as for `erase_type`.
    unsafe { std::mem::transmute::<&'a [Attribute<'_>], &'a [Attribute<'static>]>(a) }
}
fn erase_ident(s: Ident<'_>) -> Ident<'static> {
    // SAFETY: identifiers are interned in the context arena.
    unsafe { std::mem::transmute::<Ident<'_>, Ident<'static>>(s) }
}

impl Context {
    /// `dict` with entry `name` set to `value`, or removed when `value` is `None`.
    pub fn dict_with<'c>(
        &'c self,
        dict: Option<Attribute<'c>>,
        name: &str,
        value: Option<Attribute<'c>>,
    ) -> Attribute<'c> {
        let mut entries: Vec<NamedAttribute<'c>> = dict
            .and_then(|d| d.as_dictionary())
            .unwrap_or(&[])
            .iter()
            .filter(|e| e.name.as_str() != name)
            .copied()
            .collect();
        if let Some(value) = value {
            entries.push(NamedAttribute {
                name: self.ident(name),
                value,
            });
        }
        self.dictionary(&entries)
    }
}
