//! The `pto` dialect (`dialects/pto/*.td`): tile-level kernels in the textual form of the
//! PTOAS assembler. Types and ops are declared in ODS; this module holds the hooks ODS
//! cannot express: the types' two spellings (`types.rs`) and the op verifiers.

mod types;

use types::{
    parse_type_partition_tensor_view, parse_type_tensor_view, parse_type_tile, parse_type_tile_buf,
    print_type_partition_tensor_view, print_type_tensor_view, print_type_tile, print_type_tile_buf,
    verify_type_partition_tensor_view, verify_type_tensor_view, verify_type_tile,
    verify_type_tile_buf,
};

mod ods {
    include!(concat!(env!("OUT_DIR"), "/pto_ods.rs"));
}
pub use ods::*;
