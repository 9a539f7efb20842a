//! PyPTO's SSA passes: `pypto-convert-to-ssa` (cells of programs not in SSA form to
//! SSA values, PyPTO's versioned names) and `pypto-verify-ssa` (PyPTO's VerifySSA),
//! and the names they read and write (`names`). The structural equality check
//! (`pypto-structural-equal`) is registered with them.

pub mod convert_to_ssa;
pub mod names;
pub mod verify_ssa;
