//! The declarative `assemblyFormat`: a format is parsed once, at build time, into a tree
//! of [`Elem`]s (static data); this module parses and prints ops by walking that tree.
//!
//! Spacing follows MLIR's generated printers exactly. Their space decisions depend only on
//! the position in the format, never on the op, so the build script (`pto-ods-gen`)
//! precomputes them as a running state over the elements: every element carries `space`,
//! whether a space precedes it.
//!
//! Type lists parse as MLIR's generated parsers do: a variadic `type($x)` (and
//! `type(operands)`/`type(results)`) is `parseTypeList`, at least one type even where the
//! printer writes none (`: ()` for an empty group does not parse back, in MLIR either);
//! only an optional group around it leaves the types out. Optional and variadic groups
//! parse plain types (the verifier checks their kind), a single value's type is parsed as
//! its constraint's C++ class; `functional-type` requires a function type; an
//! operand/type count mismatch is `resolveOperands`' error at the operand list's start
//! (`lit-tests/ods/format-type-lists-invalid.mlir` runs mlir-opt on the same cases).
//! Types the format leaves out come from the traits as in MLIR's generator
//! (`AllTypesMatch`, `TypesMatchWith`, `ShapedTypeMatchesElementCountAndTypes`: as many
//! element types as the shaped value has elements) or, for an op with
//! `InferTypeOpAdaptor`, from its `infer_return_types_<op>` hook ([`InferFn`]: the
//! operand types and the attributes parsed so far). An unqualified `type($x)` of a single
//! value whose constraint's C++ class is a dialect type prints stripped
//! (`pto.addptr %p, %c : <f32> -> <f32>`), as MLIR's generated printers do; both
//! spellings parse.

use smallvec::SmallVec;

use super::{Arity, AttrForm, OpSpec, TypeTransform, Var};
use crate::asm::{OpAsmParser, OpAsmPrinter, UnresolvedOperand};
use crate::{
    AttrKind, Attribute, BlockId, Body, Context, NamedAttribute, OpId, OperationState, Type,
    ValueId,
};

/// Where the type of an operand or result group comes from when parsing.
#[derive(Copy, Clone)]
pub enum TypeSource {
    /// From a `type(...)` or `functional-type(...)` directive.
    Parsed,
    /// A buildable type (`I1`, `Index`).
    Build(for<'c> fn(&'c Context) -> Type<'c>),
    /// The type of another group, optionally transformed (`AllTypesMatch`,
    /// `SameOperandsAndResultType`, `TypesMatchWith`).
    SameAs(Var, Option<TypeTransform>),
    /// As many of the element type of a shaped group as it has elements
    /// (`ShapedTypeMatchesElementCountAndTypes`).
    ElementsOf(Var),
    /// From the op's `InferTypeOpAdaptor` hook.
    Inferred(InferFn),
}

/// An op's result type inference (MLIR's `inferReturnTypes`): from the operand types and
/// a lookup of the attributes parsed so far, all result types, or a message.
pub type InferFn = for<'c> fn(
    &'c Context,
    &[Type<'c>],
    &dyn Fn(&str) -> Option<Attribute<'c>>,
) -> Result<SmallVec<[Type<'c>; 1]>, String>;

/// A `custom<Name>(...)` parse hook: fills the slots named by `args`.
pub type CustomParseFn =
    for<'c> fn(&mut dyn OpAsmParser<'c>, &mut FormatState<'c>, &[Var]) -> Result<(), ()>;
/// A `custom<Name>(...)` print hook.
pub type CustomPrintFn =
    for<'c> fn(&mut dyn OpAsmPrinter<'c>, &Body<'c>, OpId, &'static OpSpec, &[Var]);

/// One element of a format.
pub enum Elem {
    /// A keyword or punctuation: `` `to` ``, `` `(` ``.
    Literal {
        /// The text.
        text: &'static str,
        /// Whether a space precedes it.
        space: bool,
    },
    /// `` ` ` `` (a forced space) or `` `` `` (no space).
    Spacer,
    /// `$operand` or `$variadic` (comma separated), or `operands`.
    Operands {
        /// The group (or all operands).
        var: Var,
        /// Whether a space precedes it.
        space: bool,
    },
    /// `$attr`.
    Attr {
        /// Index into the spec's attributes.
        index: u16,
        /// Whether a space precedes it.
        space: bool,
    },
    /// `attr-dict` or `attr-dict-with-keyword`.
    AttrDict {
        /// `attr-dict-with-keyword`.
        with_keyword: bool,
    },
    /// `prop-dict`: the properties as `<{...}>`.
    PropDict {
        /// Whether a space precedes it.
        space: bool,
    },
    /// `type($x)`, `qualified(type($x))`.
    Type {
        /// The group whose types are printed.
        var: Var,
        /// Whether a space precedes it.
        space: bool,
        /// `type($x)` of a single value constrained to one dialect type
        /// (`dialect.mnemonic`): a type of that kind prints without its `!dialect.`
        /// prefix, as MLIR's `printStrippedAttrOrType` (`<f32>` for `!pto.ptr<f32>`).
        stripped: Option<&'static str>,
    },
    /// `functional-type($inputs, $results)`.
    FunctionalType {
        /// The input groups.
        inputs: Var,
        /// The result groups.
        results: Var,
        /// Whether a space precedes it.
        space: bool,
    },
    /// `$region` or `regions`.
    Regions {
        /// The region (or all).
        var: Var,
        /// Whether a space precedes it.
        space: bool,
    },
    /// `$successor` or `successors`.
    Successors {
        /// The successor group (or all).
        var: Var,
        /// Whether a space precedes it.
        space: bool,
    },
    /// `custom<Name>(args)`.
    Custom {
        /// The parse hook.
        parse: CustomParseFn,
        /// The print hook.
        print: CustomPrintFn,
        /// The arguments.
        args: &'static [Var],
        /// Whether a space precedes it.
        space: bool,
    },
    /// `(then)?` or `(then) : (else)?`.
    Optional {
        /// The `^` anchor: the group prints iff it is present.
        anchor: Var,
        /// A `UnitAttr` anchor that is not printed: set when the group is parsed.
        unit_anchor: Option<u16>,
        /// The anchor is in the else branch: the then branch prints when it is absent.
        inverted: bool,
        /// Printed when the anchor is present; its first element decides parsing.
        then: &'static [Elem],
        /// Printed when the anchor is absent.
        otherwise: &'static [Elem],
    },
}

/// A parsed assembly format.
pub struct Format {
    /// The top-level elements.
    pub elems: &'static [Elem],
    /// Type sources of the operand groups.
    pub operand_types: &'static [TypeSource],
    /// Type sources of the result groups.
    pub result_types: &'static [TypeSource],
    /// Attributes the attr-dict leaves out although no element prints them (the sizes
    /// of `VariadicOfVariadic` groups).
    pub elided: &'static [&'static str],
}

/// What has been parsed so far for one op: the slots that custom directives fill too.
pub struct FormatState<'c> {
    /// The op being built.
    pub state: OperationState<'c>,
    /// The spec.
    pub spec: &'static OpSpec,
    /// Unresolved operands per operand group.
    pub operands: Vec<SmallVec<[UnresolvedOperand; 2]>>,
    /// Where each operand group's parsing started (MLIR's `<name>OperandsLoc`), for
    /// the operand/type count check; `None` if the group was not parsed.
    pub operand_locs: Vec<Option<u32>>,
    /// Parsed types per operand group.
    pub operand_types: Vec<Option<SmallVec<[Type<'c>; 2]>>>,
    /// Parsed types per result group.
    pub result_types: Vec<Option<SmallVec<[Type<'c>; 2]>>>,
    /// Parsed attributes per declared attribute.
    pub attrs: Vec<Option<Attribute<'c>>>,
    /// Parsed regions as `(region index, position in state.regions)`.
    pub regions: Vec<(u16, usize)>,
    /// Parsed successors per successor group.
    pub successors: Vec<SmallVec<[BlockId; 2]>>,
}

impl<'c> FormatState<'c> {
    fn new(state: OperationState<'c>, spec: &'static OpSpec) -> Self {
        Self {
            state,
            spec,
            operands: vec![SmallVec::new(); spec.operands.len()],
            operand_locs: vec![None; spec.operands.len()],
            operand_types: vec![None; spec.operands.len()],
            result_types: vec![None; spec.results.len()],
            attrs: vec![None; spec.attrs.len()],
            regions: Vec::new(),
            successors: vec![SmallVec::new(); spec.successors.len()],
        }
    }

    /// Sets the types of a group (operand or result, or all of them in order).
    pub fn set_types(&mut self, var: Var, types: &[Type<'c>]) {
        match var {
            Var::Operand(i) => self.operand_types[i as usize] = Some(types.into()),
            Var::Result(i) => self.result_types[i as usize] = Some(types.into()),
            Var::AllResults => {
                // Spread over the result groups: singles take one, the variadic the rest.
                let groups = self.spec.results;
                let sizes = super::group_sizes(groups, false, None, "", types.len());
                let mut at = 0;
                for (g, n) in sizes.into_iter().enumerate() {
                    let end = (at + n).min(types.len());
                    self.result_types[g] = Some(types[at..end].into());
                    at = end;
                }
            }
            Var::AllOperands => {
                let groups = self.spec.operands;
                let sizes = super::group_sizes(groups, false, None, "", types.len());
                let mut at = 0;
                for (g, n) in sizes.into_iter().enumerate() {
                    let end = (at + n).min(types.len());
                    self.operand_types[g] = Some(types[at..end].into());
                    at = end;
                }
            }
            _ => {}
        }
    }
}

/// Parses an op's custom form with `format`.
pub fn parse<'c>(
    p: &mut dyn OpAsmParser<'c>,
    state: &mut OperationState<'c>,
    spec: &'static OpSpec,
    format: &'static Format,
) -> Result<(), ()> {
    let ctx = p.context();
    let taken = std::mem::replace(state, OperationState::new(ctx, state.name, state.loc));
    let mut fs = FormatState::new(taken, spec);
    let start = p.current_loc();
    let r = parse_elems(p, &mut fs, format.elems).and_then(|_| finish(p, &mut fs, format));
    let _ = start;
    *state = fs.state;
    r
}

fn parse_elems<'c>(
    p: &mut dyn OpAsmParser<'c>,
    fs: &mut FormatState<'c>,
    elems: &'static [Elem],
) -> Result<(), ()> {
    for e in elems {
        parse_elem(p, fs, e)?;
    }
    Ok(())
}

fn parse_literal<'c>(p: &mut dyn OpAsmParser<'c>, text: &str) -> Result<(), ()> {
    if is_keyword(text) {
        p.parse_keyword(text)
    } else {
        p.parse_punct(text)
    }
}

fn is_keyword(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
}

fn parse_elem<'c>(
    p: &mut dyn OpAsmParser<'c>,
    fs: &mut FormatState<'c>,
    e: &'static Elem,
) -> Result<(), ()> {
    let ctx = p.context();
    match *e {
        Elem::Literal { text, .. } => parse_literal(p, text),
        Elem::Spacer => Ok(()),
        Elem::Operands { var, .. } => match var {
            Var::Operand(i) => {
                let g = &fs.spec.operands[i as usize];
                fs.operand_locs[i as usize] = Some(p.current_pos());
                match g.arity {
                    Arity::Single => {
                        let u = p.parse_operand()?;
                        fs.operands[i as usize].push(u);
                    }
                    Arity::Optional => {
                        if let Some(u) = p.parse_optional_operand()? {
                            fs.operands[i as usize].push(u);
                        }
                    }
                    Arity::Variadic => {
                        let list = p.parse_operand_list()?;
                        fs.operands[i as usize].extend(list);
                    }
                }
                Ok(())
            }
            Var::AllOperands => {
                let pos = p.current_pos();
                fs.operand_locs.fill(Some(pos));
                let list = p.parse_operand_list()?;
                // Spread over the groups when parsing `operands`.
                let sizes = super::group_sizes(fs.spec.operands, false, None, "", list.len());
                let mut it = list.into_iter();
                for (g, n) in sizes.into_iter().enumerate() {
                    fs.operands[g].extend(it.by_ref().take(n));
                }
                Ok(())
            }
            _ => Ok(()),
        },
        Elem::Attr { index, .. } => {
            let a = parse_attr(p, fs.spec, index as usize, false)?;
            fs.attrs[index as usize] = a;
            Ok(())
        }
        Elem::AttrDict { with_keyword } => {
            let pos = p.current_pos();
            if with_keyword {
                p.parse_optional_attr_dict_with_keyword(&mut fs.state)?;
            } else {
                p.parse_optional_attr_dict(&mut fs.state)?;
            }
            // Inherent attributes written in the dictionary are checked right away, as
            // MLIR's generated parsers do (`verifyInherentAttrs`).
            let entries = fs
                .state
                .props
                .and_then(|d| d.as_dictionary())
                .unwrap_or(&[]);
            for e in entries {
                let Some(a) = fs.spec.attrs.iter().find(|a| a.name == e.name.as_str()) else {
                    continue;
                };
                if !(a.constraint.check)(e.value) {
                    p.emit_error_at(
                        pos,
                        &format!(
                            "'{}' op attribute '{}' failed to satisfy constraint: {}",
                            fs.spec.name, a.name, a.constraint.summary
                        ),
                    );
                    return Err(());
                }
            }
            Ok(())
        }
        Elem::PropDict { .. } => {
            if p.parse_optional_punct("<") {
                let a = p.parse_attribute()?;
                p.parse_punct(">")?;
                if let Some(entries) = a.as_dictionary() {
                    for e in entries {
                        if let Some(i) = fs.spec.attr_index(e.name.as_str()) {
                            fs.attrs[i] = Some(e.value);
                        }
                    }
                }
            }
            Ok(())
        }
        Elem::Type { var, stripped, .. } => {
            let types = parse_types_for(p, fs, var, stripped)?;
            fs.set_types(var, &types);
            Ok(())
        }
        Elem::FunctionalType {
            inputs, results, ..
        } => {
            // MLIR parses a `FunctionType` here (`parseType<FunctionType>`).
            let pos = p.current_pos();
            let t = p.parse_type()?;
            let Some((ins, outs)) = t.function_signature() else {
                p.emit_error_at(pos, &wrong_type_kind_message("::mlir::FunctionType", t));
                return Err(());
            };
            fs.set_types(inputs, ins);
            fs.set_types(results, outs);
            Ok(())
        }
        Elem::Regions { var, .. } => match var {
            Var::Region(i) => {
                let spec = &fs.spec.regions[i as usize];
                if spec.variadic {
                    while p.is_punct("{") {
                        let at = fs.state.regions.len();
                        p.parse_region(&mut fs.state, &[])?;
                        fs.regions.push((i, at));
                        if !p.parse_optional_punct(",") {
                            break;
                        }
                    }
                } else {
                    let at = fs.state.regions.len();
                    p.parse_region(&mut fs.state, &[])?;
                    p.ensure_terminator(&mut fs.state, at);
                    fs.regions.push((i, at));
                }
                Ok(())
            }
            _ => {
                // `regions`: a comma-separated list of all regions, in order.
                let mut i = 0u16;
                while p.is_punct("{") {
                    let at = fs.state.regions.len();
                    p.parse_region(&mut fs.state, &[])?;
                    fs.regions
                        .push((i.min(fs.spec.regions.len() as u16 - 1), at));
                    i += 1;
                    if !p.parse_optional_punct(",") {
                        break;
                    }
                }
                Ok(())
            }
        },
        Elem::Successors { var, .. } => match var {
            Var::Successor(i) => {
                if fs.spec.successors[i as usize].variadic {
                    while let Some(b) = p.parse_optional_successor()? {
                        fs.successors[i as usize].push(b);
                        if !p.parse_optional_punct(",") {
                            break;
                        }
                    }
                } else {
                    let Some(b) = p.parse_optional_successor()? else {
                        p.emit_error("expected block name");
                        return Err(());
                    };
                    fs.successors[i as usize].push(b);
                }
                Ok(())
            }
            _ => {
                let last = fs.spec.successors.len().saturating_sub(1);
                while let Some(b) = p.parse_optional_successor()? {
                    fs.successors[last].push(b);
                    if !p.parse_optional_punct(",") {
                        break;
                    }
                }
                Ok(())
            }
        },
        Elem::Custom { parse, args, .. } => {
            // As MLIR's generated code, operand groups passed to a custom directive
            // are located where the directive starts (a group parsed earlier is a
            // `ref(...)`/`type(...)` argument and keeps its location).
            let pos = p.current_pos();
            for a in args {
                if let Var::Operand(i) = *a {
                    fs.operand_locs[i as usize].get_or_insert(pos);
                }
            }
            parse(p, fs, args)
        }
        Elem::Optional {
            then,
            otherwise,
            unit_anchor,
            inverted,
            ..
        } => {
            // Leading spacers only affect printing; the first real element decides.
            let skip = then
                .iter()
                .take_while(|e| matches!(e, Elem::Spacer))
                .count();
            let Some((first, rest)) = then[skip..].split_first() else {
                return Ok(());
            };
            if parse_optional_first(p, fs, first)? {
                if let (Some(i), false) = (unit_anchor, inverted) {
                    fs.attrs[i as usize] = Some(ctx.unit_attr());
                }
                parse_elems(p, fs, rest)
            } else {
                if let (Some(i), true) = (unit_anchor, inverted) {
                    fs.attrs[i as usize] = Some(ctx.unit_attr());
                }
                parse_elems(p, fs, otherwise)
            }
        }
    }
}

/// Parses the first element of an optional group if it is present; false if absent.
fn parse_optional_first<'c>(
    p: &mut dyn OpAsmParser<'c>,
    fs: &mut FormatState<'c>,
    e: &'static Elem,
) -> Result<bool, ()> {
    match *e {
        Elem::Literal { text, .. } => Ok(if is_keyword(text) {
            p.parse_optional_keyword(text)
        } else {
            p.parse_optional_punct(text)
        }),
        Elem::Operands { var, .. } => {
            if !p.is_punct("%") {
                return Ok(false);
            }
            parse_elem(p, fs, e)?;
            let _ = var;
            Ok(true)
        }
        Elem::Attr { index, .. } => {
            let a = parse_attr(p, fs.spec, index as usize, true)?;
            let present = a.is_some();
            fs.attrs[index as usize] = a;
            Ok(present)
        }
        Elem::Type { var, .. } => match p.parse_optional_type()? {
            Some(t) => {
                let mut types = vec![t];
                let optional = match var {
                    Var::Operand(i) => fs.spec.operands[i as usize].arity == Arity::Optional,
                    Var::Result(i) => fs.spec.results[i as usize].arity == Arity::Optional,
                    _ => false,
                };
                let list = matches!(var, Var::AllOperands | Var::AllResults)
                    || (is_variadic(fs.spec, var) && !optional);
                if list {
                    while p.parse_optional_punct(",") {
                        types.push(p.parse_type()?);
                    }
                }
                fs.set_types(var, &types);
                Ok(true)
            }
            None => Ok(false),
        },
        Elem::Regions { .. } => {
            if !p.is_punct("{") {
                return Ok(false);
            }
            parse_elem(p, fs, e)?;
            Ok(true)
        }
        Elem::Successors { .. } => {
            if !p.is_punct("^") {
                return Ok(false);
            }
            parse_elem(p, fs, e)?;
            Ok(true)
        }
        Elem::AttrDict { .. } | Elem::PropDict { .. } => {
            let before = p.is_punct("{") || p.is_punct("<");
            parse_elem(p, fs, e)?;
            Ok(before)
        }
        Elem::FunctionalType { .. } | Elem::Custom { .. } => {
            parse_elem(p, fs, e)?;
            Ok(true)
        }
        Elem::Spacer | Elem::Optional { .. } => Ok(false),
    }
}

fn is_variadic(spec: &OpSpec, var: Var) -> bool {
    match var {
        Var::Operand(i) => spec.operands[i as usize].arity != Arity::Single,
        Var::Result(i) => spec.results[i as usize].arity != Arity::Single,
        _ => true,
    }
}

/// Parses the types of `var`. With `stripped` (`dialect.mnemonic`, see
/// [`Elem::Type`]) a type may also be written without its `!dialect.mnemonic` prefix
/// (MLIR's `parseCustomTypeWithFallback`): `<f32>` for `!pto.ptr<f32>`.
/// MLIR's error for a type of the wrong class where `cpp_type` is expected: classes
/// with a name (the concrete builtin types) say which, as MLIR's `parseType<T>` does.
pub fn wrong_type_kind_message(cpp_type: &str, found: Type<'_>) -> String {
    let name = match cpp_type.trim_start_matches("::mlir::") {
        "IntegerType" => "builtin.integer",
        "IndexType" => "builtin.index",
        "VectorType" => "builtin.vector",
        "RankedTensorType" => "builtin.tensor",
        "UnrankedTensorType" => "builtin.unranked_tensor",
        "MemRefType" => "builtin.memref",
        "UnrankedMemRefType" => "builtin.unranked_memref",
        "FunctionType" => "builtin.function",
        "ComplexType" => "builtin.complex",
        "TupleType" => "builtin.tuple",
        "NoneType" => "builtin.none",
        _ => return "invalid kind of type specified".to_string(),
    };
    format!(
        "invalid kind of type specified: expected {name}, but found '{}'",
        crate::printer::type_to_string(found)
    )
}

fn parse_types_for<'c>(
    p: &mut dyn OpAsmParser<'c>,
    fs: &FormatState<'c>,
    var: Var,
    stripped: Option<&'static str>,
) -> Result<SmallVec<[Type<'c>; 2]>, ()> {
    if let Some(def) = stripped.filter(|_| p.is_punct("<")).and_then(|class| {
        let (d, m) = class.split_once('.')?;
        p.context().dialect(d)?.type_def(m)
    }) {
        let mut v = SmallVec::new();
        v.push(crate::ods::typedef::parse_type_body(p, def)?);
        return Ok(v);
    }
    let mut v = SmallVec::new();
    // A constraint on a specific type class rejects other kinds while parsing.
    // Only a single value's type is parsed as its class (`parseCustomTypeWithFallback`
    // on the C++ class); MLIR parses optional and variadic groups as plain `Type`s and
    // leaves a wrong kind to the verifier.
    let cpp_type = match var {
        Var::Operand(i) if !is_variadic(fs.spec, var) => {
            fs.spec.operands[i as usize].constraint.cpp_type
        }
        Var::Result(i) if !is_variadic(fs.spec, var) => {
            fs.spec.results[i as usize].constraint.cpp_type
        }
        _ => "::mlir::Type",
    };
    let mut parse_one = |p: &mut dyn OpAsmParser<'c>, optional: bool| {
        let pos = p.current_pos();
        let t = if optional {
            p.parse_optional_type()?
        } else {
            Some(p.parse_type()?)
        };
        if let Some(t) = t {
            let class_ok = stripped.is_none_or(|class| is_dialect_type_of(t, class));
            if !class_ok {
                p.emit_error_at(pos, "invalid kind of type specified");
                return Err(());
            }
            if !super::preds::is_cpp_type(t, cpp_type) {
                p.emit_error_at(pos, &wrong_type_kind_message(cpp_type, t));
                return Err(());
            }
            v.push(t);
        }
        Ok(t.is_some())
    };
    let optional = match var {
        Var::Operand(i) => fs.spec.operands[i as usize].arity == Arity::Optional,
        Var::Result(i) => fs.spec.results[i as usize].arity == Arity::Optional,
        _ => false,
    };
    if !is_variadic(fs.spec, var) {
        parse_one(p, false)?;
    } else if optional {
        // An optional group: at most one type (MLIR's `parseOptionalType`).
        parse_one(p, true)?;
    } else {
        // A variadic group (or `type(operands)`, `type(results)`): MLIR's generated
        // parser calls `parseTypeList`, which requires at least one type, so an empty
        // list is an error ("expected non-function type") even where the printer
        // writes one; only an optional group around it can leave the types out.
        parse_one(p, false)?;
        while p.parse_optional_punct(",") {
            parse_one(p, false)?;
        }
    }
    Ok(v)
}

/// Parses attribute `index` in its format form; `optional` returns `None` when absent.
fn parse_attr<'c>(
    p: &mut dyn OpAsmParser<'c>,
    spec: &'static OpSpec,
    index: usize,
    optional: bool,
) -> Result<Option<Attribute<'c>>, ()> {
    let ctx = p.context();
    let a = &spec.attrs[index];
    match a.constraint.form {
        AttrForm::Unit => Ok(Some(ctx.unit_attr())),
        AttrForm::Enum(e) => {
            let word = p.peek_keyword_or_string();
            match word.as_deref().and_then(|w| e.value(w)) {
                Some(v) => {
                    p.parse_keyword_or_string()?;
                    let ty = ctx.int_type(e.width);
                    Ok(Some(ctx.int_attr(ty, i128::from(v))))
                }
                None if optional => Ok(None),
                None => {
                    p.emit_error(&format!(
                        "expected string or keyword containing one of the following enum values for attribute '{}' [{}]",
                        a.name,
                        e.cases.iter().map(|c| c.0).collect::<Vec<_>>().join(", ")
                    ));
                    Err(())
                }
            }
        }
        AttrForm::SymbolName => match p.parse_optional_symbol_name()? {
            Some(s) => Ok(Some(ctx.string_attr(&s))),
            None if optional => Ok(None),
            None => {
                p.emit_error("expected valid '@'-identifier for symbol name");
                Err(())
            }
        },
        AttrForm::Type => match p.parse_optional_type()? {
            Some(t) => Ok(Some(ctx.type_attr(t))),
            None if optional => Ok(None),
            None => {
                p.emit_error("expected type");
                Err(())
            }
        },
        AttrForm::Typed(ty) => {
            let ty = ty(ctx);
            if optional {
                p.parse_optional_attribute(Some(ty))
            } else {
                p.parse_attribute_of(Some(ty)).map(Some)
            }
        }
        AttrForm::Str => match p.parse_optional_string()? {
            Some(text) => Ok(Some(ctx.string_attr(&text))),
            None if optional => Ok(None),
            None => {
                p.emit_error("expected string");
                Err(())
            }
        },
        AttrForm::Interface => {
            let pos = p.current_pos();
            let attr = if optional {
                p.parse_optional_attribute(None)?
            } else {
                Some(p.parse_attribute()?)
            };
            if attr.is_some_and(|v| !(a.constraint.check)(v)) {
                p.emit_error_at(pos, "invalid kind of attribute specified");
                return Err(());
            }
            Ok(attr)
        }
        AttrForm::Plain | AttrForm::Bare => {
            if optional {
                p.parse_optional_attribute(None)
            } else {
                p.parse_attribute().map(Some)
            }
        }
        AttrForm::DenseArray(elem) => {
            if optional && !p.is_punct("[") {
                return Ok(None);
            }
            let elem = elem(ctx);
            p.parse_punct("[")?;
            let mut data: Vec<u8> = Vec::new();
            let width = elem.int_width().unwrap_or(64).div_ceil(8) as usize;
            if !p.parse_optional_punct("]") {
                loop {
                    let a = p.parse_attribute_of(Some(elem))?;
                    let v = a.as_int().unwrap_or(0);
                    data.extend_from_slice(&v.to_le_bytes()[..width.max(1)]);
                    if !p.parse_optional_punct(",") {
                        break;
                    }
                }
                p.parse_punct("]")?;
            }
            let data = ctx.alloc_slice(&data);
            Ok(Some(ctx.dense_array_attr(elem, data)))
        }
        AttrForm::Dialect(prefix) => {
            if optional && !p.is_punct("<") {
                return Ok(None);
            }
            p.parse_stripped_dialect_attr(prefix).map(Some)
        }
    }
}

/// Resolves types and operands and fills the op state after the format was parsed.
fn finish<'c>(
    p: &mut dyn OpAsmParser<'c>,
    fs: &mut FormatState<'c>,
    format: &'static Format,
) -> Result<(), ()> {
    let ctx = p.context();
    let spec = fs.spec;
    // Operand types.
    let mut op_types: Vec<SmallVec<[Type<'c>; 2]>> = Vec::with_capacity(spec.operands.len());
    for g in 0..spec.operands.len() {
        let n = fs.operands[g].len();
        let t = resolve_types(ctx, fs, format, Var::Operand(g as u16), n, 0)?;
        op_types.push(t);
    }
    let mut res_types: Vec<SmallVec<[Type<'c>; 2]>> = Vec::with_capacity(spec.results.len());
    let mut inferred: Option<SmallVec<[Type<'c>; 1]>> = None;
    for g in 0..spec.results.len() {
        let single = spec.results[g].arity == Arity::Single;
        if let (None, TypeSource::Inferred(infer)) = (&fs.result_types[g], format.result_types[g]) {
            if inferred.is_none() {
                let flat: SmallVec<[Type<'c>; 4]> = op_types.iter().flatten().copied().collect();
                match infer(ctx, &flat, &|name| format_attr(fs, name)) {
                    Ok(t) => inferred = Some(t),
                    Err(msg) => {
                        p.emit_error(&msg);
                        return Err(());
                    }
                }
            }
            // A single group takes its position; a variadic one (the only result group
            // of such ops) takes them all.
            let all = inferred.as_deref().unwrap_or(&[]);
            res_types.push(match (single, all.get(g)) {
                (true, Some(&t)) => SmallVec::from_slice(&[t]),
                _ => SmallVec::from_slice(all),
            });
            continue;
        }
        let n = usize::from(single);
        let t = resolve_types(ctx, fs, format, Var::Result(g as u16), n, 0)?;
        res_types.push(t);
    }
    // Operands.
    let mut segments: SmallVec<[i32; 4]> = SmallVec::new();
    for (g, types) in op_types.iter().enumerate() {
        let ops = std::mem::take(&mut fs.operands[g]);
        // MLIR's `resolveOperands`, at the start of the group's operand list.
        let at = fs.operand_locs[g]
            .or(ops.first().map(|u| u.pos))
            .unwrap_or_else(|| p.current_pos());
        let values = p.resolve_operands(&ops, types, at)?;
        fs.state.operands.extend(values);
        segments.push(ops.len() as i32);
    }
    let mut result_segments: SmallVec<[i32; 4]> = SmallVec::new();
    for t in &res_types {
        fs.state.result_types.extend(t.iter().copied());
        result_segments.push(t.len() as i32);
    }
    // Regions into declaration order.
    if fs.regions.windows(2).any(|w| w[0].0 > w[1].0) {
        let mut order = fs.regions.clone();
        order.sort_by_key(|r| r.0);
        let regions: SmallVec<[crate::RegionId; 1]> =
            order.iter().map(|&(_, at)| fs.state.regions[at]).collect();
        fs.state.regions = regions;
    }
    // Successors.
    for s in &fs.successors {
        fs.state.successors.extend(s.iter().copied());
    }
    // Properties: the format's attributes, overridden by inherent ones written in the
    // attr-dict (as MLIR moves those into properties after parsing).
    let mut props: Vec<NamedAttribute<'c>> = Vec::new();
    for (i, a) in fs.attrs.iter().enumerate() {
        if let Some(a) = *a {
            props.push(NamedAttribute {
                name: ctx.ident(spec.attrs[i].name),
                value: a,
            });
        }
    }
    props.extend_from_slice(
        fs.state
            .props
            .and_then(|d| d.as_dictionary())
            .unwrap_or(&[]),
    );
    if spec.operand_segments {
        props.push(NamedAttribute {
            name: ctx.ident("operandSegmentSizes"),
            value: dense_i32_array(ctx, &segments),
        });
    }
    if spec.result_segments {
        props.push(NamedAttribute {
            name: ctx.ident("resultSegmentSizes"),
            value: dense_i32_array(ctx, &result_segments),
        });
    }
    fs.state.props = if props.is_empty() {
        None
    } else {
        Some(ctx.dictionary(&props))
    };
    Ok(())
}

/// An attribute parsed so far, by name: from the format, else from the attr-dict.
fn format_attr<'c>(fs: &FormatState<'c>, name: &str) -> Option<Attribute<'c>> {
    let i = fs.spec.attrs.iter().position(|a| a.name == name);
    if let Some(a) = i.and_then(|i| fs.attrs[i]) {
        return Some(a);
    }
    let dicts = [Some(fs.state.attrs), fs.state.props];
    dicts
        .into_iter()
        .flatten()
        .filter_map(|d| d.as_dictionary())
        .flatten()
        .find(|na| na.name.as_str() == name)
        .map(|na| na.value)
}

/// `array<i32: ...>`.
pub fn dense_i32_array<'c>(ctx: &'c Context, values: &[i32]) -> Attribute<'c> {
    let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let data = ctx.alloc_slice(&data);
    ctx.dense_array_attr(ctx.int_type(32), data)
}

fn resolve_types<'c>(
    ctx: &'c Context,
    fs: &FormatState<'c>,
    format: &'static Format,
    var: Var,
    count: usize,
    depth: u32,
) -> Result<SmallVec<[Type<'c>; 2]>, ()> {
    let (parsed, source) = match var {
        Var::Operand(i) => (
            &fs.operand_types[i as usize],
            format.operand_types[i as usize],
        ),
        Var::Result(i) => (
            &fs.result_types[i as usize],
            format.result_types[i as usize],
        ),
        _ => return Ok(SmallVec::new()),
    };
    if let Some(t) = parsed {
        return Ok(t.clone());
    }
    if depth > 8 {
        return Ok(SmallVec::new());
    }
    match source {
        TypeSource::Parsed | TypeSource::Inferred(_) => Ok(SmallVec::new()),
        TypeSource::ElementsOf(shaped) => {
            let src = resolve_types(ctx, fs, format, shaped, 1, depth + 1)?;
            let Some(&t) = src.first() else {
                return Ok(SmallVec::new());
            };
            match (t.num_elements(), t.element_type()) {
                (Some(n), Some(e)) => Ok(std::iter::repeat_n(e, n as usize).collect()),
                _ => Ok(SmallVec::new()),
            }
        }
        TypeSource::Build(b) => Ok(std::iter::repeat_n(b(ctx), count).collect()),
        TypeSource::SameAs(other, transform) => {
            let other_count = match other {
                Var::Operand(i) => fs.operands[i as usize].len(),
                _ => 1,
            };
            let src = resolve_types(ctx, fs, format, other, other_count, depth + 1)?;
            let Some(&t) = src.first() else {
                return Ok(SmallVec::new());
            };
            let t = transform.map_or(t, |f| f(ctx, t));
            Ok(std::iter::repeat_n(t, count).collect())
        }
    }
}

/// Prints an op's custom form with `format`.
pub fn print<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    body: &Body<'c>,
    op: OpId,
    spec: &'static OpSpec,
    format: &'static Format,
) {
    let mut elided = elided_attrs(spec, format.elems);
    elided.extend_from_slice(format.elided);
    print_elems(p, body, op, spec, format.elems, &elided);
}

/// Attributes that the attr-dict leaves out: those the format prints, and segment sizes.
fn elided_attrs(spec: &OpSpec, elems: &[Elem]) -> SmallVec<[&'static str; 4]> {
    fn walk(spec: &OpSpec, elems: &[Elem], out: &mut SmallVec<[&'static str; 4]>) {
        for e in elems {
            match e {
                Elem::Attr { index, .. } => out.push(spec.attrs[*index as usize].name),
                Elem::Custom { args, .. } => {
                    for a in args.iter() {
                        if let Var::Attr(i) = a {
                            out.push(spec.attrs[*i as usize].name);
                        }
                    }
                }
                Elem::Optional {
                    then,
                    otherwise,
                    unit_anchor,
                    ..
                } => {
                    if let Some(i) = unit_anchor {
                        out.push(spec.attrs[*i as usize].name);
                    }
                    walk(spec, then, out);
                    walk(spec, otherwise, out);
                }
                _ => {}
            }
        }
    }
    let mut out = SmallVec::new();
    walk(spec, elems, &mut out);
    if spec.operand_segments {
        out.push("operandSegmentSizes");
    }
    if spec.result_segments {
        out.push("resultSegmentSizes");
    }
    out
}

fn print_elems<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    body: &Body<'c>,
    op: OpId,
    spec: &'static OpSpec,
    elems: &'static [Elem],
    elided: &[&'static str],
) {
    for e in elems {
        print_elem(p, body, op, spec, e, elided);
    }
}

fn space(p: &mut dyn OpAsmPrinter<'_>, yes: bool) {
    if yes {
        p.write(" ");
    }
}

fn values_of(spec: &'static OpSpec, body: &Body<'_>, op: OpId, var: Var) -> SmallVec<[ValueId; 4]> {
    match var {
        Var::Operand(i) => {
            let (s, e) = super::operand_range(spec, body, op, i as usize);
            (s..e).map(|k| body.operand(op, k)).collect()
        }
        Var::Result(i) => {
            let (s, e) = super::result_range(spec, body, op, i as usize);
            (s..e).map(|k| body.result(op, k)).collect()
        }
        Var::AllOperands => body.operands(op).collect(),
        Var::AllResults => body.results(op).collect(),
        _ => SmallVec::new(),
    }
}

fn print_elem<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    body: &Body<'c>,
    op: OpId,
    spec: &'static OpSpec,
    e: &'static Elem,
    elided: &[&'static str],
) {
    match *e {
        Elem::Literal { text, space: s } => {
            space(p, s);
            p.write(text);
        }
        Elem::Spacer => {}
        Elem::Operands { var, space: s } => {
            space(p, s);
            for (i, v) in values_of(spec, body, op, var).into_iter().enumerate() {
                if i > 0 {
                    p.write(", ");
                }
                p.print_operand(body, v);
            }
        }
        Elem::Attr { index, space: s } => {
            let a = &spec.attrs[index as usize];
            let Some(value) = body.attr(op, a.name) else {
                return;
            };
            if matches!(a.constraint.form, AttrForm::Unit) {
                return;
            }
            space(p, s);
            print_attr(p, a.constraint.form, value);
        }
        Elem::AttrDict { with_keyword } => {
            print_attr_dict(p, body, op, spec, elided, with_keyword);
        }
        Elem::PropDict { space: s } => {
            if let Some(props) = body.op_props(op) {
                if props.as_dictionary().is_some_and(|d| !d.is_empty()) {
                    space(p, s);
                    p.write("<");
                    p.print_attribute(props);
                    p.write(">");
                }
            }
        }
        Elem::Type {
            var,
            space: s,
            stripped,
        } => {
            space(p, s);
            for (i, v) in values_of(spec, body, op, var).into_iter().enumerate() {
                if i > 0 {
                    p.write(", ");
                }
                let t = body.value_type(v);
                match stripped {
                    Some(class) if is_dialect_type_of(t, class) => p.print_type_stripped(t),
                    _ => p.print_type(t),
                }
            }
        }
        Elem::FunctionalType {
            inputs,
            results,
            space: s,
        } => {
            space(p, s);
            let ins: SmallVec<[Type<'c>; 4]> = values_of(spec, body, op, inputs)
                .into_iter()
                .map(|v| body.value_type(v))
                .collect();
            let outs: SmallVec<[Type<'c>; 4]> = values_of(spec, body, op, results)
                .into_iter()
                .map(|v| body.value_type(v))
                .collect();
            p.print_functional_type(&ins, &outs);
        }
        Elem::Regions { var, space: s } => {
            let regions = body.regions_of(op);
            let which: SmallVec<[usize; 2]> = match var {
                Var::Region(i) => region_indices(spec, regions.len(), i as usize),
                _ => (0..regions.len()).collect(),
            };
            // MLIR emits the space even before an empty variadic region list.
            space(p, s);
            for (k, ri) in which.into_iter().enumerate() {
                if k > 0 {
                    p.write(", ");
                }
                p.print_region(body, op, regions[ri], true, true);
            }
        }
        Elem::Successors { var, space: s } => {
            let succs = body.successors(op);
            let which: SmallVec<[usize; 2]> = match var {
                Var::Successor(i) => successor_indices(spec, succs.len(), i as usize),
                _ => (0..succs.len()).collect(),
            };
            if which.is_empty() {
                return;
            }
            space(p, s);
            for (k, si) in which.into_iter().enumerate() {
                if k > 0 {
                    p.write(", ");
                }
                p.print_successor(body, succs[si]);
            }
        }
        Elem::Custom {
            print,
            parse: _,
            args,
            space: s,
        } => {
            space(p, s);
            print(p, body, op, spec, args);
        }
        Elem::Optional {
            anchor,
            then,
            otherwise,
            inverted,
            ..
        } => {
            if is_present(body, op, spec, anchor) != inverted {
                print_elems(p, body, op, spec, then, elided);
            } else {
                print_elems(p, body, op, spec, otherwise, elided);
            }
        }
    }
}

/// Prints an attribute in its format form.
pub fn print_attr<'c>(p: &mut dyn OpAsmPrinter<'c>, form: AttrForm, value: Attribute<'c>) {
    match form {
        AttrForm::Unit => {}
        AttrForm::Enum(e) => match value.as_int().and_then(|v| e.keyword(v)) {
            Some(k) => p.write(k),
            None => p.print_attribute(value),
        },
        AttrForm::SymbolName => match value.as_str() {
            Some(s) => p.print_symbol_name(s),
            None => p.print_attribute(value),
        },
        AttrForm::Type => match value.kind() {
            AttrKind::Type(t) => p.print_type(*t),
            _ => p.print_attribute(value),
        },
        AttrForm::Typed(_) | AttrForm::Bare => p.print_attribute_without_type(value),
        AttrForm::Plain | AttrForm::Str | AttrForm::Interface => p.print_attribute(value),
        AttrForm::Dialect(prefix) => p.print_stripped_dialect_attr(value, prefix),
        AttrForm::DenseArray(_) => {
            let mut text = String::new();
            crate::printer::write_attr(
                &mut text,
                value,
                crate::printer::Elide::Never,
                &Default::default(),
            );
            // `array<i32: 1, 2>` -> `[1, 2]`, `array<i32>` -> `[]`.
            let inner = text
                .split_once(": ")
                .map_or("", |(_, r)| r.strip_suffix('>').unwrap_or(r));
            p.write("[");
            p.write(inner);
            p.write("]");
        }
    }
}

fn region_indices(spec: &OpSpec, total: usize, i: usize) -> SmallVec<[usize; 2]> {
    // Only the last region group may be variadic in practice.
    if spec.regions[i].variadic {
        (i..total).collect()
    } else if i < total {
        SmallVec::from_slice(&[i])
    } else {
        SmallVec::new()
    }
}

fn successor_indices(spec: &OpSpec, total: usize, i: usize) -> SmallVec<[usize; 2]> {
    let fixed_before = i;
    if spec.successors[i].variadic {
        let fixed_after = spec.successors.len() - i - 1;
        (fixed_before..total.saturating_sub(fixed_after)).collect()
    } else if i < total {
        SmallVec::from_slice(&[i])
    } else {
        SmallVec::new()
    }
}

/// Whether an optional group's anchor is present.
pub fn is_present(body: &Body<'_>, op: OpId, spec: &'static OpSpec, anchor: Var) -> bool {
    match anchor {
        Var::Operand(_) | Var::Result(_) | Var::AllOperands | Var::AllResults => {
            !values_of(spec, body, op, anchor).is_empty()
        }
        Var::Attr(i) => {
            let a = &spec.attrs[i as usize];
            match body.attr(op, a.name) {
                None => false,
                // A default-valued attribute equal to its default is left out.
                Some(v) => !a.default.is_some_and(|d| d.matches(v)),
            }
        }
        Var::Region(i) => {
            let regions = body.regions_of(op);
            region_indices(spec, regions.len(), i as usize)
                .iter()
                .any(|&r| body.region_body(op).entry_block(regions[r]).is_some())
        }
        Var::AllRegions => !body.regions_of(op).is_empty(),
        Var::Successor(i) => {
            !successor_indices(spec, body.successors(op).len(), i as usize).is_empty()
        }
        Var::AllSuccessors => !body.successors(op).is_empty(),
    }
}

fn print_attr_dict<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    body: &Body<'c>,
    op: OpId,
    spec: &'static OpSpec,
    elided: &[&'static str],
    with_keyword: bool,
) {
    // Inherent attributes the format does not print go into the dictionary, merged with
    // the discardable ones, sorted; default-valued ones equal to their default are left out.
    let props = body
        .op_props(op)
        .and_then(|d| d.as_dictionary())
        .unwrap_or(&[]);
    let extra: SmallVec<[NamedAttribute<'c>; 4]> = props
        .iter()
        .filter(|e| !elided.contains(&e.name.as_str()))
        .filter(|e| {
            spec.attrs
                .iter()
                .find(|a| a.name == e.name.as_str())
                .and_then(|a| a.default)
                .is_none_or(|d| !d.matches(e.value))
        })
        .copied()
        .collect();
    p.print_attr_dict_with_extra(body, op, &extra, elided, with_keyword);
}

/// Whether `t` is the dialect type `class` (`dialect.mnemonic`).
fn is_dialect_type_of(t: Type<'_>, class: &str) -> bool {
    let (d, m) = class.split_once('.').unwrap_or((class, ""));
    crate::ods::preds::dialect_type(t, d, m)
}
