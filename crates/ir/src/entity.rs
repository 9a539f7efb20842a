//! Dense entity references and maps, in the style of Cranelift's `cranelift-entity`.
//!
//! IR objects (operations, blocks, regions, values, uses) live in per-[`Body`](super::Body)
//! vectors and are named by 32-bit indices. Indices are never reused within a body, so a
//! stale handle can only ever name a dead slot, never another object.

use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

/// A small copyable index naming an entity in a [`PrimaryMap`].
pub trait EntityRef: Copy + Eq {
    /// Builds a reference from a dense index.
    fn new(index: usize) -> Self;
    /// The dense index of this reference.
    fn index(self) -> usize;
}

/// Declares a `u32` entity reference type with a display prefix.
macro_rules! entity {
    ($(#[$attr:meta])* $name:ident, $prefix:literal) => {
        $(#[$attr])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u32);
        impl $crate::entity::EntityRef for $name {
            #[inline]
            fn new(index: usize) -> Self {
                debug_assert!(index < u32::MAX as usize);
                $name(index as u32)
            }
            #[inline]
            fn index(self) -> usize {
                self.0 as usize
            }
        }
        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}
pub(crate) use entity;

/// A vector indexed by an entity reference; the only way to create new references.
#[derive(Clone)]
pub struct PrimaryMap<K: EntityRef, V> {
    elems: Vec<V>,
    _key: PhantomData<K>,
}

impl<K: EntityRef, V> Default for PrimaryMap<K, V> {
    fn default() -> Self {
        Self {
            elems: Vec::new(),
            _key: PhantomData,
        }
    }
}

impl<K: EntityRef, V> PrimaryMap<K, V> {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }
    /// Appends `v` and returns its new reference.
    #[inline]
    pub fn push(&mut self, v: V) -> K {
        let k = K::new(self.elems.len());
        self.elems.push(v);
        k
    }
    /// The reference the next `push` will return.
    #[inline]
    pub fn next_key(&self) -> K {
        K::new(self.elems.len())
    }
    /// Number of entities ever created.
    #[inline]
    pub fn len(&self) -> usize {
        self.elems.len()
    }
    /// True if no entity was ever created.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.elems.is_empty()
    }
    /// Looks up `k`, returning `None` if out of range.
    #[inline]
    pub fn get(&self, k: K) -> Option<&V> {
        self.elems.get(k.index())
    }
    /// Iterates over all `(key, value)` pairs.
    pub fn iter(&self) -> impl Iterator<Item = (K, &V)> {
        self.elems.iter().enumerate().map(|(i, v)| (K::new(i), v))
    }
    /// Iterates mutably over all values.
    pub fn values_mut(&mut self) -> std::slice::IterMut<'_, V> {
        self.elems.iter_mut()
    }
    /// All values as a slice, in key order.
    #[inline]
    pub fn as_slice(&self) -> &[V] {
        &self.elems
    }
    /// Reserves room for `n` more entities.
    pub fn reserve(&mut self, n: usize) {
        self.elems.reserve(n);
    }
    /// Gives back the room reserved beyond the entities created.
    pub fn shrink_to_fit(&mut self) {
        self.elems.shrink_to_fit();
    }
}

impl<K: EntityRef, V> Index<K> for PrimaryMap<K, V> {
    type Output = V;
    #[inline]
    fn index(&self, k: K) -> &V {
        &self.elems[k.index()]
    }
}

impl<K: EntityRef, V> IndexMut<K> for PrimaryMap<K, V> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut V {
        &mut self.elems[k.index()]
    }
}

/// A secondary map from entity references to values with a default, grown on demand.
#[derive(Clone)]
pub struct SecondaryMap<K: EntityRef, V: Clone> {
    elems: Vec<V>,
    default: V,
    _key: PhantomData<K>,
}

impl<K: EntityRef, V: Clone> SecondaryMap<K, V> {
    /// A map in which every key maps to `default` until set.
    pub fn with_default(default: V) -> Self {
        Self {
            elems: Vec::new(),
            default,
            _key: PhantomData,
        }
    }
    /// The value for `k` (the default if never set).
    #[inline]
    pub fn get(&self, k: K) -> &V {
        self.elems.get(k.index()).unwrap_or(&self.default)
    }
    /// Sets the value for `k`.
    #[inline]
    pub fn set(&mut self, k: K, v: V) {
        let i = k.index();
        if i >= self.elems.len() {
            self.elems.resize(i + 1, self.default.clone());
        }
        self.elems[i] = v;
    }
    /// Mutable access to the value for `k`, growing the map if needed.
    #[inline]
    pub fn get_mut(&mut self, k: K) -> &mut V {
        let i = k.index();
        if i >= self.elems.len() {
            self.elems.resize(i + 1, self.default.clone());
        }
        &mut self.elems[i]
    }
    /// Forgets every value.
    pub fn clear(&mut self) {
        self.elems.clear();
    }
}

/// An `Option<K>` packed into the reference's 32 bits (`u32::MAX` is "none").
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct PackedOption<K: EntityRef>(u32, PhantomData<K>);

impl<K: EntityRef> PackedOption<K> {
    /// The empty value.
    pub const NONE: Self = PackedOption(u32::MAX, PhantomData);
    /// Packs `Some(k)`.
    #[inline]
    pub fn some(k: K) -> Self {
        PackedOption(k.index() as u32, PhantomData)
    }
    /// Unpacks.
    #[inline]
    pub fn get(self) -> Option<K> {
        (self.0 != u32::MAX).then(|| K::new(self.0 as usize))
    }
    /// True if empty.
    #[inline]
    pub fn is_none(self) -> bool {
        self.0 == u32::MAX
    }
}

impl<K: EntityRef> From<Option<K>> for PackedOption<K> {
    fn from(o: Option<K>) -> Self {
        o.map_or(Self::NONE, Self::some)
    }
}

impl<K: EntityRef + std::fmt::Debug> std::fmt::Debug for PackedOption<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.get().fmt(f)
    }
}

/// Disjoint sets over the dense indices `0..n` (union-find with path halving). The
/// smallest index of a set is its representative, so the choice is deterministic.
#[derive(Clone, Debug)]
pub struct UnionFind {
    parent: Vec<usize>,
}

impl UnionFind {
    /// `n` singleton sets.
    pub fn new(n: usize) -> Self {
        Self {
            parent: (0..n).collect(),
        }
    }

    /// The representative (smallest index) of `i`'s set.
    pub fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }

    /// Merges the sets of `a` and `b`.
    pub fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[ra.max(rb)] = ra.min(rb);
        }
    }
}
