//! The `math` dialect (`dialects/math/MathOps.td`): elementary functions. Everything is
//! declared in ODS; there are no hooks yet.

mod ods {
    include!(concat!(env!("OUT_DIR"), "/math_ods.rs"));
}
pub use ods::*;
