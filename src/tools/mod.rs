//! The command-line tools, as library code so that embedders get the same drivers.

pub mod opt;
pub mod pass_args;
pub mod run;
pub mod split;
pub mod translate;
pub mod verify_diagnostics;
