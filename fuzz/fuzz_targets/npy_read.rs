//! `.npy` files: the reader never crashes or over-allocates, and what it reads writes
//! back to a file that reads as the same array.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pto_interp::npy;

fuzz_target!(|data: &[u8]| {
    let Ok(array) = npy::read(data) else {
        return;
    };
    let written = npy::write(&array);
    let again = npy::read(&written).expect("a written array reads back");
    assert_eq!(
        npy::write(&again),
        written,
        "write -> read -> write changed the file"
    );
});
