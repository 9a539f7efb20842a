//! [`ConversionTarget`]: which ops are legal after a conversion (MLIR's
//! `ConversionTarget`).

use rustc_hash::{FxHashMap, FxHashSet};

use pto_ir::{Body, OpId};

/// A dynamic legality check: `Some(legal)`, or `None` to defer to the dialect's rule and
/// then to the unknown-op rule.
pub type LegalityFn<'a, 'c> = Box<dyn Fn(&Body<'c>, OpId) -> Option<bool> + Send + Sync + 'a>;

/// How an op or dialect is treated.
enum Action<'a, 'c> {
    Legal,
    Illegal,
    Dynamic(LegalityFn<'a, 'c>),
}

/// What the target says about one op.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Legality {
    /// The op may stay.
    Legal,
    /// The op must be converted (explicitly illegal, or dynamically found illegal).
    Illegal,
    /// Nothing was declared: partial conversions keep it, full conversions must convert it.
    Unknown,
}

/// The legal and illegal ops and dialects of a conversion. Op rules take precedence over
/// dialect rules, which take precedence over the unknown-op rule.
#[derive(Default)]
pub struct ConversionTarget<'a, 'c> {
    ops: FxHashMap<String, Action<'a, 'c>>,
    dialects: FxHashMap<String, Action<'a, 'c>>,
    unknown: Option<LegalityFn<'a, 'c>>,
    recursively_legal: FxHashSet<String>,
}

impl<'a, 'c> ConversionTarget<'a, 'c> {
    /// A target with no rules.
    pub fn new() -> Self {
        Self {
            ops: FxHashMap::default(),
            dialects: FxHashMap::default(),
            unknown: None,
            recursively_legal: FxHashSet::default(),
        }
    }
    /// Marks ops legal by name.
    pub fn add_legal_ops(&mut self, names: &[&str]) -> &mut Self {
        for n in names {
            self.ops.insert(n.to_string(), Action::Legal);
        }
        self
    }
    /// Marks ops illegal by name.
    pub fn add_illegal_ops(&mut self, names: &[&str]) -> &mut Self {
        for n in names {
            self.ops.insert(n.to_string(), Action::Illegal);
        }
        self
    }
    /// Decides the legality of an op by a callback.
    pub fn add_dynamically_legal_op(
        &mut self,
        name: &str,
        f: impl Fn(&Body<'c>, OpId) -> Option<bool> + Send + Sync + 'a,
    ) -> &mut Self {
        self.ops
            .insert(name.to_string(), Action::Dynamic(Box::new(f)));
        self
    }
    /// Marks every op of the dialects legal.
    pub fn add_legal_dialects(&mut self, names: &[&str]) -> &mut Self {
        for n in names {
            self.dialects.insert(n.to_string(), Action::Legal);
        }
        self
    }
    /// Marks every op of the dialects illegal.
    pub fn add_illegal_dialects(&mut self, names: &[&str]) -> &mut Self {
        for n in names {
            self.dialects.insert(n.to_string(), Action::Illegal);
        }
        self
    }
    /// Decides the legality of a dialect's ops by a callback.
    pub fn add_dynamically_legal_dialect(
        &mut self,
        name: &str,
        f: impl Fn(&Body<'c>, OpId) -> Option<bool> + Send + Sync + 'a,
    ) -> &mut Self {
        self.dialects
            .insert(name.to_string(), Action::Dynamic(Box::new(f)));
        self
    }
    /// Decides the legality of ops with no op or dialect rule by a callback.
    pub fn mark_unknown_ops_dynamically_legal(
        &mut self,
        f: impl Fn(&Body<'c>, OpId) -> Option<bool> + Send + Sync + 'a,
    ) -> &mut Self {
        self.unknown = Some(Box::new(f));
        self
    }
    /// Once legal, the op's regions are left alone (MLIR's `markOpRecursivelyLegal`).
    pub fn mark_op_recursively_legal(&mut self, name: &str) -> &mut Self {
        self.recursively_legal.insert(name.to_string());
        self
    }

    /// The legality of `op`.
    pub fn legality(&self, body: &Body<'c>, op: OpId) -> Legality {
        let name = body.op_name(op);
        let decide = |action: Option<&Action<'a, 'c>>| match action? {
            Action::Legal => Some(Legality::Legal),
            Action::Illegal => Some(Legality::Illegal),
            Action::Dynamic(f) => f(body, op).map(|legal| {
                if legal {
                    Legality::Legal
                } else {
                    Legality::Illegal
                }
            }),
        };
        decide(self.ops.get(name.as_str()))
            .or_else(|| decide(self.dialects.get(name.dialect())))
            .or_else(|| {
                let f = self.unknown.as_ref()?;
                f(body, op).map(|legal| {
                    if legal {
                        Legality::Legal
                    } else {
                        Legality::Illegal
                    }
                })
            })
            .unwrap_or(Legality::Unknown)
    }

    /// True if `op` is legal and its regions need no conversion.
    pub fn is_recursively_legal(&self, body: &Body<'c>, op: OpId) -> bool {
        self.recursively_legal.contains(body.op_name(op).as_str())
            && self.legality(body, op) == Legality::Legal
    }
}
