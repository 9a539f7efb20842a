//! NumPy `.npy` files (format versions 1 to 3, C order, little-endian): memref
//! arguments in, results and written-to arguments out.
//!
//! `f16` is numpy's `float16` (`<f2`). numpy has no `bf16`: a `bf16` array is what
//! `ml_dtypes.bfloat16` arrays save as, a 2-byte void dtype (`'<V2'`; `'|V2'` is read
//! too) holding the raw bits, and is written the same way (`np.load(p).view(
//! ml_dtypes.bfloat16)` or `.view(np.uint16)` reads it back). Callers that know an
//! array is meant as `bf16` may also take `<u2` bit patterns ([`Array::as_bf16_bits`]).

use super::value::{Buffer, Elem, MemRef};

/// An array read from or written to a `.npy` file.
#[derive(Debug)]
pub struct Array {
    /// The elements, row-major, little-endian (as [`MemRef`] buffers hold them).
    pub buffer: Buffer,
    /// The element kind.
    pub elem: Elem,
    /// The shape.
    pub shape: Vec<i64>,
    /// Unsigned integers (`<u4`, ...), for writing back with the same dtype.
    pub unsigned: bool,
}

impl Array {
    /// A memref viewing the array (sharing nothing with it afterwards).
    pub fn into_memref(self) -> MemRef {
        MemRef::from_buffer(self.buffer, self.elem, &self.shape)
    }
    /// The elements of a memref view, as an array.
    pub fn from_memref(m: &MemRef) -> Result<Array, String> {
        Ok(Array {
            buffer: m.to_buffer()?,
            elem: m.elem,
            shape: m.sizes.clone(),
            unsigned: false,
        })
    }
    /// The array as `bf16` bit patterns, if it holds 16-bit unsigned integers (`<u2`):
    /// the second way to give a `bf16` parameter its data.
    pub fn as_bf16_bits(self) -> Option<Array> {
        (self.elem == Elem::Int(16) && self.unsigned).then_some(Array {
            elem: Elem::BF16,
            unsigned: false,
            ..self
        })
    }
}

/// How an element kind is described in errors: numpy's name for it.
pub fn dtype_name(e: Elem, unsigned: bool) -> String {
    match (e, unsigned) {
        (Elem::F32, _) => "float32".into(),
        (Elem::F64, _) => "float64".into(),
        (Elem::F16, _) => "float16".into(),
        (Elem::BF16, _) => "bfloat16 ('<V2')".into(),
        (Elem::Int(1), _) => "bool".into(),
        (Elem::Int(w), false) => format!("int{w}"),
        (Elem::Int(w), true) => format!("uint{w}"),
    }
}

/// What a `.npy` header says: the element kind, the shape, whether the integers are
/// unsigned, and where the data starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Header {
    /// The element kind.
    pub elem: Elem,
    /// The shape.
    pub shape: Vec<i64>,
    /// Unsigned integers.
    pub unsigned: bool,
    /// The offset of the data in the file.
    pub data_start: usize,
}

/// Parses the header at the start of `.npy` bytes (the data need not follow: the first
/// kilobytes of a file are enough to learn an array's shape and type).
pub fn header(bytes: &[u8]) -> Result<Header, String> {
    if bytes.len() < 10 || &bytes[..6] != b"\x93NUMPY" {
        return Err("not a .npy file (bad magic)".into());
    }
    let major = bytes[6];
    let (header_len, start) = match major {
        1 => (u16::from_le_bytes([bytes[8], bytes[9]]) as usize, 10),
        2 | 3 => {
            if bytes.len() < 12 {
                return Err("truncated .npy header".into());
            }
            (
                u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize,
                12,
            )
        }
        v => return Err(format!("unsupported .npy version {v}")),
    };
    let header = bytes
        .get(start..start + header_len)
        .ok_or("truncated .npy header")?;
    let header = std::str::from_utf8(header).map_err(|_| "the .npy header is not text")?;
    let descr = dict_value(header, "descr").ok_or("the .npy header has no 'descr'")?;
    let descr = descr.trim_matches(|c| c == '\'' || c == '"');
    if dict_value(header, "fortran_order").is_some_and(|v| v.starts_with("True")) {
        return Err("Fortran-ordered .npy arrays are not supported".into());
    }
    let shape_text = dict_value(header, "shape").ok_or("the .npy header has no 'shape'")?;
    let shape: Vec<i64> = shape_text
        .trim_start_matches('(')
        .split([',', ')'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<i64>()
                .map_err(|_| format!("bad shape entry '{s}'"))
        })
        .collect::<Result<_, _>>()?;
    let (elem, unsigned) = match descr {
        "<f4" => (Elem::F32, false),
        "<f8" => (Elem::F64, false),
        "<f2" => (Elem::F16, false),
        // ml_dtypes' bfloat16 (numpy saves user dtypes as their raw bytes).
        "<V2" | "|V2" => (Elem::BF16, false),
        "<i8" => (Elem::Int(64), false),
        "<u8" => (Elem::Int(64), true),
        "<i4" => (Elem::Int(32), false),
        "<u4" => (Elem::Int(32), true),
        "<i2" => (Elem::Int(16), false),
        "<u2" => (Elem::Int(16), true),
        "|i1" => (Elem::Int(8), false),
        "|u1" => (Elem::Int(8), true),
        "|b1" => (Elem::Int(1), true),
        d => return Err(format!("unsupported .npy dtype '{d}'")),
    };
    Ok(Header {
        elem,
        shape,
        unsigned,
        data_start: start + header_len,
    })
}

/// Parses `.npy` bytes.
pub fn read(bytes: &[u8]) -> Result<Array, String> {
    let Header {
        elem,
        shape,
        unsigned,
        data_start,
    } = header(bytes)?;
    let data = bytes.get(data_start..).unwrap_or(&[]);
    let size = elem.size();
    // The byte count the header claims, checked: a header may claim more elements than
    // any memory holds (the sizes multiply past 2^64).
    let need = shape
        .iter()
        .try_fold(size, |acc, &d| {
            usize::try_from(d).ok().and_then(|d| acc.checked_mul(d))
        })
        .ok_or_else(|| format!("the .npy shape {shape:?} is too large or negative"))?;
    if data.len() < need {
        return Err(format!(
            "the .npy data holds {} bytes, {need} expected",
            data.len()
        ));
    }
    Ok(Array {
        buffer: Buffer::from_bytes(&data[..need]),
        elem,
        shape,
        unsigned,
    })
}

/// The text of `key`'s value in a `.npy` header dictionary.
fn dict_value<'h>(header: &'h str, key: &str) -> Option<&'h str> {
    let at = header.find(&format!("'{key}'"))? + key.len() + 2;
    let rest = header[at..].trim_start().strip_prefix(':')?.trim_start();
    let end = if rest.starts_with('(') {
        rest.find(')')? + 1
    } else {
        rest.find([',', '}']).unwrap_or(rest.len())
    };
    Some(&rest[..end])
}

/// Encodes an array as `.npy` (version 1.0).
pub fn write(a: &Array) -> Vec<u8> {
    let bytes = a.buffer.bytes();
    let (descr, data): (&str, Vec<u8>) = match a.elem {
        Elem::F32 => ("<f4", bytes.to_vec()),
        Elem::F64 => ("<f8", bytes.to_vec()),
        Elem::F16 => ("<f2", bytes.to_vec()),
        Elem::BF16 => ("<V2", bytes.to_vec()),
        Elem::Int(w @ (1 | 8 | 16 | 32 | 64)) => {
            let descr = match (w, a.unsigned) {
                (1, _) => "|b1",
                (8, false) => "|i1",
                (8, true) => "|u1",
                (16, false) => "<i2",
                (16, true) => "<u2",
                (32, false) => "<i4",
                (32, true) => "<u4",
                (_, false) => "<i8",
                (_, true) => "<u8",
            };
            (descr, bytes.to_vec())
        }
        // Other widths have no dtype: widened to 64 bits.
        Elem::Int(_) => {
            let wide = bytes.chunks_exact(a.elem.size()).flat_map(|c| {
                let v = a.elem.decode(c);
                let x = if a.unsigned {
                    v.zext() as i64
                } else {
                    v.sext() as i64
                };
                x.to_le_bytes()
            });
            (if a.unsigned { "<u8" } else { "<i8" }, wide.collect())
        }
    };
    let shape = match a.shape.len() {
        1 => format!("({},)", a.shape[0]),
        _ => format!(
            "({})",
            a.shape
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let mut header = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape}, }}");
    // Pad so that the data starts at a multiple of 64 bytes, ending with a newline.
    while (10 + header.len() + 1) % 64 != 0 {
        header.push(' ');
    }
    header.push('\n');
    let mut out = Vec::with_capacity(10 + header.len() + data.len());
    out.extend_from_slice(b"\x93NUMPY\x01\x00");
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(&data);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `.npy` file of `header` (the dictionary) and `data`.
    fn file(header: &str, data: &[u8]) -> Vec<u8> {
        let mut h = header.to_string();
        while !(10 + h.len() + 1).is_multiple_of(64) {
            h.push(' ');
        }
        h.push('\n');
        let mut out = b"\x93NUMPY\x01\x00".to_vec();
        out.extend_from_slice(&(h.len() as u16).to_le_bytes());
        out.extend_from_slice(h.as_bytes());
        out.extend_from_slice(data);
        out
    }

    #[test]
    fn element_counts_that_overflow_are_rejected() {
        // 4611686018427387908 * 4 bytes wraps to 16 in 64 bits: a 16-byte file must not
        // pass for that array.
        let f = file(
            "{'descr': '<f4', 'fortran_order': False, 'shape': (4611686018427387908,), }",
            &[0; 16],
        );
        let e = read(&f).unwrap_err();
        assert!(e.contains("too large"), "{e}");
        let f = file(
            "{'descr': '<f4', 'fortran_order': False, 'shape': (-4, 2), }",
            &[0; 32],
        );
        assert!(read(&f).unwrap_err().contains("too large or negative"));
        let f = file(
            "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }",
            &[0; 8],
        );
        assert!(read(&f).unwrap_err().contains("8 bytes, 16 expected"));
        let f = file(
            "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }",
            &[0; 16],
        );
        assert_eq!(read(&f).unwrap().shape, vec![2, 2]);
    }
}
