//! The interfaces through which an operation's custom assembly form is parsed and printed.
//!
//! Hand-written hooks and (later) ODS-generated `assemblyFormat` code use only these traits,
//! so the parser and printer internals stay private.

use crate::ir::body::OperationState;
use crate::ir::{Attribute, Body, Context, Location, OpId, RegionId, Type, ValueId};

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
    /// Parses a comma-separated list of operands (possibly empty).
    fn parse_operand_list(&mut self) -> Result<Vec<UnresolvedOperand>, ()>;
    /// Resolves an operand to a value of type `ty`.
    fn resolve_operand(&mut self, operand: &UnresolvedOperand, ty: Type<'c>)
        -> Result<ValueId, ()>;
    /// Parses a region (with `arguments` as the entry block's arguments) into the state.
    fn parse_region(
        &mut self,
        state: &mut OperationState<'c>,
        arguments: &[RegionArgument<'c>],
    ) -> Result<(), ()>;
}

/// Printing services for custom op forms.
pub trait OpAsmPrinter<'c> {
    /// Writes raw text.
    fn write(&mut self, s: &str);
    /// Prints a type.
    fn print_type(&mut self, ty: Type<'c>);
    /// Prints an attribute.
    fn print_attribute(&mut self, attr: Attribute<'c>);
    /// Prints `@name`, quoted if needed.
    fn print_symbol_name(&mut self, name: &str);
    /// Prints a value's name (`%0`, `%arg1`, `%c0`).
    fn print_operand(&mut self, body: &Body<'c>, v: ValueId);
    /// Prints the op's discardable attributes as `{...}` (or `attributes {...}` when
    /// `with_keyword`), leaving out `elided`.
    fn print_attr_dict(&mut self, body: &Body<'c>, op: OpId, elided: &[&str], with_keyword: bool);
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
