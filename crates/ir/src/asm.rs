//! The interfaces through which an operation's custom assembly form is parsed and printed.
//!
//! Hand-written hooks and the ODS-generated `assemblyFormat` code use only these traits
//! (the only interface custom op forms see), so the parser and printer internals stay
//! private.

use crate::body::OperationState;
use crate::{
    Attribute, BlockId, Body, Context, Location, NamedAttribute, OpId, RegionId, Type, ValueId,
};

/// An operand written as `%name` or `%name#N`, not yet resolved to a value.
#[derive(Clone, Debug)]
pub struct UnresolvedOperand {
    /// Length in bytes of the name (without `%`), which starts at `pos + 1`.
    pub len: u32,
    /// The result number after `#`.
    pub number: u32,
    /// Byte offset in the source, for diagnostics.
    pub pos: u32,
}

/// A region entry-block argument: `%name: type loc(...)`.
#[derive(Clone, Debug)]
pub struct RegionArgument<'c> {
    /// The name and position of the argument.
    pub name: UnresolvedOperand,
    /// Its type.
    pub ty: Type<'c>,
    /// Its location (`loc(...)` after the type, or where it was written).
    pub loc: Option<Location<'c>>,
}

/// Parsing services for custom op forms. Methods that fail have already reported a
/// located diagnostic; callers just propagate `Err(())`.
pub trait OpAsmParser<'c> {
    /// The context.
    fn context(&self) -> &'c Context;
    /// The location of the current token.
    fn current_loc(&self) -> Location<'c>;
    /// Reports an error at the current token.
    fn emit_error(&mut self, message: &str);
    /// Consumes `kw` if it is the next token.
    fn parse_optional_keyword(&mut self, kw: &str) -> bool;
    /// Consumes the keyword `kw` or reports "expected 'kw'".
    fn parse_keyword(&mut self, kw: &str) -> Result<(), ()>;
    /// Consumes punctuation `p` (such as `"("`, `"->"`, `":"`) if it is next.
    fn parse_optional_punct(&mut self, p: &str) -> bool;
    /// Consumes punctuation `p` or reports "expected 'p'".
    fn parse_punct(&mut self, p: &str) -> Result<(), ()>;
    /// Parses `@name` if present, returning the name.
    fn parse_optional_symbol_name(&mut self) -> Result<Option<String>, ()>;
    /// Parses a type.
    fn parse_type(&mut self) -> Result<Type<'c>, ()>;
    /// Parses a comma-separated list of types (at least one).
    fn parse_type_list(&mut self) -> Result<Vec<Type<'c>>, ()>;
    /// Parses an attribute.
    fn parse_attribute(&mut self) -> Result<Attribute<'c>, ()>;
    /// Parses `{...}` if present into the state's discardable attributes.
    fn parse_optional_attr_dict(&mut self, state: &mut OperationState<'c>) -> Result<(), ()>;
    /// Parses `attributes {...}` if present into the state's discardable attributes.
    fn parse_optional_attr_dict_with_keyword(
        &mut self,
        state: &mut OperationState<'c>,
    ) -> Result<(), ()>;
    /// Parses `%name` or `%name#N` if present.
    fn parse_optional_operand(&mut self) -> Result<Option<UnresolvedOperand>, ()>;
    /// Parses an operand (`%name` or `%name#N`); anything else is an error at the end of
    /// the previous token, as MLIR's `parseOperand` reports it.
    fn parse_operand(&mut self) -> Result<UnresolvedOperand, ()>;
    /// Parses a comma-separated list of operands (possibly empty).
    fn parse_operand_list(&mut self) -> Result<Vec<UnresolvedOperand>, ()>;
    /// Resolves an operand to a value of type `ty`.
    fn resolve_operand(&mut self, operand: &UnresolvedOperand, ty: Type<'c>)
        -> Result<ValueId, ()>;
    /// MLIR's `resolveOperands(operands, types, loc, result)`: resolves `operands`
    /// against as many `types`; a count mismatch is reported at byte offset `pos`
    /// (where the custom parser says the list is, as MLIR's `loc`).
    fn resolve_operands(
        &mut self,
        operands: &[UnresolvedOperand],
        types: &[Type<'c>],
        pos: u32,
    ) -> Result<Vec<ValueId>, ()> {
        if operands.len() != types.len() {
            self.emit_error_at(
                pos,
                &format!(
                    "number of operands and types do not match: got {} operands and {} types",
                    operands.len(),
                    types.len()
                ),
            );
            return Err(());
        }
        operands
            .iter()
            .zip(types)
            .map(|(u, &t)| self.resolve_operand(u, t))
            .collect()
    }
    /// Parses a region (with `arguments` as the entry block's arguments) into the state.
    fn parse_region(
        &mut self,
        state: &mut OperationState<'c>,
        arguments: &[RegionArgument<'c>],
    ) -> Result<(), ()>;
    /// Whether the next token is the punctuation `p` (without consuming it).
    fn is_punct(&self, p: &str) -> bool;
    /// The byte offset of the current token, for [`emit_error_at`](Self::emit_error_at).
    fn current_pos(&self) -> u32;
    /// The byte offset of the name of the custom op being parsed (MLIR's
    /// `getNameLoc()`), where errors about its whole syntax point.
    fn op_name_pos(&self) -> u32;
    /// Reports an error at byte offset `pos` of the source.
    fn emit_error_at(&mut self, pos: u32, message: &str);
    /// Parses a type if one starts here.
    fn parse_optional_type(&mut self) -> Result<Option<Type<'c>>, ()>;
    /// Parses an attribute if one starts here; integer and float literals take type `ty`
    /// when given (MLIR's `parseOptionalAttribute(attr, type)`).
    fn parse_optional_attribute(
        &mut self,
        ty: Option<Type<'c>>,
    ) -> Result<Option<Attribute<'c>>, ()>;
    /// Parses an attribute; integer and float literals take type `ty` when given.
    fn parse_attribute_of(&mut self, ty: Option<Type<'c>>) -> Result<Attribute<'c>, ()>;
    /// The next token if it is a bare identifier or a string (without consuming it).
    fn peek_keyword_or_string(&self) -> Option<String>;
    /// Consumes a string literal if one is next and returns its value.
    fn parse_optional_string(&mut self) -> Result<Option<String>, ()>;
    /// Consumes an integer literal (`42`, `-3`, `0x1F`) if one is next; an integer that does
    /// not fit 64 bits is an error.
    fn parse_optional_integer(&mut self) -> Result<Option<i64>, ()>;
    /// Parses `d0xd1x...x` up to what follows the last `x` (MLIR's `parseDimensionList`
    /// with a trailing type): integers, and `?` as [`DYNAMIC`](crate::DYNAMIC) when
    /// `allow_dynamic`. An empty list is allowed.
    fn parse_dimension_list(&mut self, allow_dynamic: bool) -> Result<Vec<i64>, ()>;
    /// The integer value of an already resolved operand that a constant op defines
    /// (for custom parsers that infer result types from constant operands).
    fn constant_int(&self, v: ValueId) -> Option<i128>;
    /// Consumes a bare identifier (any keyword) if one is next and returns it.
    fn parse_optional_any_keyword(&mut self) -> Option<String>;
    /// Consumes a bare identifier or a string and returns its text.
    fn parse_keyword_or_string(&mut self) -> Result<String, ()>;
    /// Parses `^bb` if present.
    fn parse_optional_successor(&mut self) -> Result<Option<BlockId>, ()>;
    /// Parses `loc(...)` if present.
    fn parse_optional_location(&mut self) -> Result<Option<Location<'c>>, ()>;
    /// Parses the parameters `<...>` of a dialect attribute whose `#dialect.mnemonic`
    /// prefix (`prefix`, without `#`) was left out.
    fn parse_stripped_dialect_attr(&mut self, prefix: &str) -> Result<Attribute<'c>, ()>;
    /// MLIR's `ensureTerminator`: gives region `index` of `state` a block if it has none
    /// and appends the op's implicit terminator (`SingleBlockImplicitTerminator`) when
    /// the block does not end with a terminator.
    fn ensure_terminator(&mut self, state: &mut OperationState<'c>, index: usize);
    /// Adds an empty region to `state` (an optional region that was not written).
    fn add_empty_region(&mut self, state: &mut OperationState<'c>);
}

/// Printing services for custom op forms.
pub trait OpAsmPrinter<'c> {
    /// Writes raw text.
    fn write(&mut self, s: &str);
    /// Prints a type.
    fn print_type(&mut self, ty: Type<'c>);
    /// Prints a type of a registered dialect without its `!dialect.mnemonic` prefix
    /// (MLIR's `printStrippedAttrOrType`: `<f32>` for `!pto.ptr<f32>`); other types
    /// (and aliased ones) in full.
    fn print_type_stripped(&mut self, ty: Type<'c>);
    /// Prints an attribute.
    fn print_attribute(&mut self, attr: Attribute<'c>);
    /// Prints `@name`, quoted if needed.
    fn print_symbol_name(&mut self, name: &str);
    /// Prints a value's name (`%0`, `%arg1`, `%c0`).
    fn print_operand(&mut self, body: &Body<'c>, v: ValueId);
    /// Prints the op's discardable attributes as `{...}` (or `attributes {...}` when
    /// `with_keyword`), leaving out `elided`.
    fn print_attr_dict(&mut self, body: &Body<'c>, op: OpId, elided: &[&str], with_keyword: bool);
    /// Prints an attribute without its `: type` suffix.
    fn print_attribute_without_type(&mut self, attr: Attribute<'c>);
    /// Prints `(inputs) -> results` (results bare when one non-function type).
    fn print_functional_type(&mut self, inputs: &[Type<'c>], results: &[Type<'c>]);
    /// Prints a successor block's name.
    fn print_successor(&mut self, body: &Body<'c>, block: BlockId);
    /// Prints a dialect attribute without its `#prefix` (`prefix` is `dialect.mnemonic`).
    fn print_stripped_dialect_attr(&mut self, attr: Attribute<'c>, prefix: &str);
    /// Like [`print_attr_dict`](Self::print_attr_dict) with `extra` entries (inherent
    /// attributes the format does not print) merged in.
    fn print_attr_dict_with_extra(
        &mut self,
        body: &Body<'c>,
        op: OpId,
        extra: &[NamedAttribute<'c>],
        elided: &[&str],
        with_keyword: bool,
    );
    /// Starts a new line at the current indentation.
    fn print_newline(&mut self);
    /// Prints ` loc(...)` for `loc` when locations are being printed (debug info).
    fn print_trailing_location(&mut self, loc: Location<'c>);
    /// Prints a region of `op`.
    fn print_region(
        &mut self,
        body: &Body<'c>,
        op: OpId,
        region: RegionId,
        print_entry_args: bool,
        print_terminators: bool,
    );
}

/// Prints `^bb1(%a, %b : T0, T1)` (just `^bb1` without operands): a successor with the
/// values passed to it, as `cf.switch` and `llvm.switch` cases print them.
pub fn print_successor_and_use_list<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    body: &Body<'c>,
    dest: BlockId,
    operands: &[ValueId],
) {
    p.print_successor(body, dest);
    if operands.is_empty() {
        return;
    }
    p.write("(");
    print_values_with_types(p, body, operands);
    p.write(")");
}

/// Prints the attribute dictionary of a custom form: the op's properties (inherent
/// attributes) and its discardable attributes, leaving out `elided` names (MLIR's
/// `printOptionalAttrDict` over the op's combined attributes).
pub fn print_op_attrs<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    body: &Body<'c>,
    op: OpId,
    elided: &[&str],
) {
    let props: Vec<NamedAttribute<'c>> = body
        .op_props(op)
        .and_then(|d| d.as_dictionary())
        .unwrap_or(&[])
        .iter()
        .filter(|e| !elided.contains(&e.name.as_str()))
        .copied()
        .collect();
    p.print_attr_dict_with_extra(body, op, &props, elided, false);
}

/// Prints `%a, %b : T0, T1`, the operand-list-with-types form many ops share.
pub fn print_values_with_types<'c>(
    p: &mut dyn OpAsmPrinter<'c>,
    body: &Body<'c>,
    values: &[ValueId],
) {
    print_operand_list(p, body, values);
    p.write(" : ");
    print_value_types(p, body, values);
}

/// Prints `%a, %b`.
pub fn print_operand_list<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, values: &[ValueId]) {
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(body, v);
    }
}

/// Prints the types of `values`, `T0, T1`.
pub fn print_value_types<'c>(p: &mut dyn OpAsmPrinter<'c>, body: &Body<'c>, values: &[ValueId]) {
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(body.value_type(v));
    }
}
