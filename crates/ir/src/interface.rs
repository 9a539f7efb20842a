//! Op interfaces: typed, open to other crates, and checked.
//!
//! An interface is a Rust trait (object safe, `Sync + 'static`); a model is a
//! `&'static` value implementing it for one registered op. Interfaces are declared in
//! ODS: `pto-ods-gen` generates the trait of every `RustOpInterface` record, and for each
//! op that lists it (`DeclareOpInterfaceMethods<...>`) a model whose methods call the
//! dialect's hooks `<method>_<op>`; those models are part of the op's definition
//! ([`OpDef::interfaces`](crate::OpDef::interfaces)) and come with the dialect.
//! Any crate may also attach a model to an op it does not own, as MLIR's external
//! models ([`Context::attach_interface`]). An op has at most one model of an interface:
//! a second is an [`InterfaceError`], never a silent replacement.
//!
//! Lookup ([`Context::interface`]) is by the op's registered definition and the trait
//! object type's `TypeId`, one hash probe.

use std::any::{Any, TypeId};
use std::fmt;

use crate::{Body, Context, OpDef, OpId, OpName};

/// A model of one interface for one op, as ODS-generated code declares it.
pub struct InterfaceImpl {
    /// `TypeId::of::<dyn Interface>`.
    pub interface: fn() -> TypeId,
    /// The interface's name, for messages.
    pub name: &'static str,
    /// A `&'static &'static dyn Interface`.
    pub model: &'static (dyn Any + Send + Sync),
}

impl fmt::Debug for InterfaceImpl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "InterfaceImpl({})", self.name)
    }
}

impl OpDef {
    /// The op's own model of interface `I`, as its ODS record declares it (no context
    /// needed; [`Context::interface`] also finds models attached from outside).
    pub fn declared_interface<I: ?Sized + 'static>(&self) -> Option<&'static I> {
        let id = TypeId::of::<I>();
        self.interfaces
            .iter()
            .find(|i| (i.interface)() == id)?
            .model
            .downcast_ref::<&'static I>()
            .copied()
    }
}

/// A typed op: the wrappers ODS generates (`AddIOp`) name their op without strings.
pub trait TypedOp: Copy {
    /// The op's full name (`arith.addi`).
    const NAME: &'static str;
    /// Views `op` as this op if it is one.
    fn from_op(body: &Body<'_>, op: OpId) -> Option<Self>;
    /// The op.
    fn op(self) -> OpId;
}

/// A typed op whose operands a dialect conversion gives converted: its generated
/// adaptor views them by operand group (`adaptor.lhs()`), as MLIR's `FooOpAdaptor`.
pub trait OpAdaptor: TypedOp {
    /// The adaptor over converted operands.
    type Adaptor<'a>;
    /// The adaptor of this op over `operands`, one value per operand of the op in
    /// `body`.
    fn adaptor<'a>(self, body: &Body<'_>, operands: &'a [crate::ValueId]) -> Self::Adaptor<'a>;
}

/// Why a model cannot be attached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InterfaceError {
    /// The op is not registered in the context (register its dialect first).
    UnregisteredOp {
        /// The op.
        op: String,
        /// The interface.
        interface: &'static str,
    },
    /// The op already has a model of the interface.
    Duplicate {
        /// The op.
        op: String,
        /// The interface.
        interface: &'static str,
    },
}

impl fmt::Display for InterfaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InterfaceError::UnregisteredOp { op, interface } => write!(
                f,
                "cannot attach a model of {interface} to '{op}': the op is not registered"
            ),
            InterfaceError::Duplicate { op, interface } => write!(
                f,
                "'{op}' already has a model of {interface}; a second model is an error"
            ),
        }
    }
}

impl std::error::Error for InterfaceError {}

/// The models of a context, by (op definition, interface).
#[derive(Default)]
pub(crate) struct InterfaceModels {
    models: rustc_hash::FxHashMap<(usize, TypeId), Model>,
}

/// A model: a value of type `&'static I` for its interface `I`, either a static the
/// op's ODS declared or one attached later, owned by the table (so that a context made
/// per request does not leak).
pub(crate) enum Model {
    /// Declared with the op.
    Static(&'static (dyn Any + Send + Sync)),
    /// Attached to the context.
    Owned(Box<dyn Any + Send + Sync>),
}

impl InterfaceModels {
    pub(crate) fn insert(
        &mut self,
        def: &'static OpDef,
        interface: TypeId,
        name: &'static str,
        model: Model,
    ) -> Result<(), InterfaceError> {
        let key = (def as *const OpDef as usize, interface);
        if self.models.contains_key(&key) {
            return Err(InterfaceError::Duplicate {
                op: def.name.to_string(),
                interface: name,
            });
        }
        self.models.insert(key, model);
        Ok(())
    }

    #[inline]
    pub(crate) fn get(
        &self,
        def: &'static OpDef,
        interface: TypeId,
    ) -> Option<&(dyn Any + Send + Sync)> {
        if self.models.is_empty() {
            return None;
        }
        self.models
            .get(&(def as *const OpDef as usize, interface))
            .map(|m| match m {
                Model::Static(m) => *m,
                Model::Owned(m) => &**m,
            })
    }
}

/// The short name of an interface type (`PipeOpInterface` for `dyn pto_tile::PipeOpInterface`).
fn short_name<I: ?Sized>() -> &'static str {
    let full = std::any::type_name::<I>();
    full.rsplit("::").next().unwrap_or(full)
}

impl Context {
    /// Attaches `model` as op `op`'s implementation of interface `I` (a `dyn Trait`),
    /// for an op this crate does not define (MLIR's external models). The op must be
    /// registered; a second model of the same interface is an error.
    pub fn attach_interface<I: ?Sized + Sync + 'static>(
        &mut self,
        op: &str,
        model: &'static I,
    ) -> Result<(), InterfaceError> {
        let name = short_name::<I>();
        let Some(def) = self.op_def(op) else {
            return Err(InterfaceError::UnregisteredOp {
                op: op.to_string(),
                interface: name,
            });
        };
        self.interface_models_mut().insert(
            def,
            TypeId::of::<I>(),
            name,
            Model::Owned(Box::new(model)),
        )
    }

    /// Like [`Context::attach_interface`], naming the op by its generated wrapper.
    pub fn attach_op_interface<Op: TypedOp, I: ?Sized + Sync + 'static>(
        &mut self,
        model: &'static I,
    ) -> Result<(), InterfaceError> {
        self.attach_interface::<I>(Op::NAME, model)
    }

    /// The model of interface `I` of op `name`, if it has one.
    #[inline]
    pub fn interface<I: ?Sized + 'static>(&self, name: OpName<'_>) -> Option<&'static I> {
        let def = name.def?;
        let model = self.interface_models().get(def, TypeId::of::<I>())?;
        model.downcast_ref::<&'static I>().copied()
    }

    /// The model of interface `I` of `op`, if it has one.
    #[inline]
    pub fn op_interface<I: ?Sized + 'static>(
        &self,
        body: &Body<'_>,
        op: OpId,
    ) -> Option<&'static I> {
        self.interface::<I>(body.op_name(op))
    }
}
