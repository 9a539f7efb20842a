//! NumPy `.npy` files (format versions 1 to 3, C order, little-endian): memref
//! arguments in, results and written-to arguments out.

use super::value::{Buffer, Elem, MemRef, Value};

/// An array read from or written to a `.npy` file.
#[derive(Debug)]
pub struct Array {
    /// The elements, row-major.
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
        let values = m.elements()?;
        let buffer = match m.elem {
            Elem::F32 => Buffer::F32(values.iter().map(|v| v.as_f64() as f32).collect()),
            Elem::F64 => Buffer::F64(values.iter().map(Value::as_f64).collect()),
            Elem::Int(w) => Buffer::Int(values.iter().map(|v| v.sext() as i64).collect(), w),
        };
        Ok(Array {
            buffer,
            elem: m.elem,
            shape: m.sizes.clone(),
            unsigned: false,
        })
    }
}

/// Parses `.npy` bytes.
pub fn read(bytes: &[u8]) -> Result<Array, String> {
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
    let n: i64 = shape.iter().product();
    let data = &bytes[start + header_len..];
    let (elem, size, unsigned) = match descr {
        "<f4" => (Elem::F32, 4, false),
        "<f8" => (Elem::F64, 8, false),
        "<i8" => (Elem::Int(64), 8, false),
        "<u8" => (Elem::Int(64), 8, true),
        "<i4" => (Elem::Int(32), 4, false),
        "<u4" => (Elem::Int(32), 4, true),
        "<i2" => (Elem::Int(16), 2, false),
        "<u2" => (Elem::Int(16), 2, true),
        "|i1" => (Elem::Int(8), 1, false),
        "|u1" => (Elem::Int(8), 1, true),
        "|b1" => (Elem::Int(1), 1, true),
        d => return Err(format!("unsupported .npy dtype '{d}'")),
    };
    let need = n as usize * size;
    if data.len() < need {
        return Err(format!(
            "the .npy data holds {} bytes, {need} expected",
            data.len()
        ));
    }
    let chunks = data[..need].chunks_exact(size);
    let buffer = match elem {
        Elem::F32 => Buffer::F32(
            chunks
                .map(|c| f32::from_le_bytes(c.try_into().unwrap_or([0; 4])))
                .collect(),
        ),
        Elem::F64 => Buffer::F64(
            chunks
                .map(|c| f64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
                .collect(),
        ),
        Elem::Int(w) => Buffer::Int(
            chunks
                .map(|c| {
                    let mut b = [0u8; 8];
                    b[..size].copy_from_slice(c);
                    let shift = 64 - 8 * size as u32;
                    let v = i64::from_le_bytes(b) << shift;
                    if unsigned {
                        ((v as u64) >> shift) as i64
                    } else {
                        v >> shift
                    }
                })
                .collect(),
            w,
        ),
    };
    Ok(Array {
        buffer,
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
    let (descr, data): (&str, Vec<u8>) = match &a.buffer {
        Buffer::F32(v) => ("<f4", v.iter().flat_map(|x| x.to_le_bytes()).collect()),
        Buffer::F64(v) => ("<f8", v.iter().flat_map(|x| x.to_le_bytes()).collect()),
        Buffer::Int(v, w) => {
            let size = match w {
                1 | 8 => 1,
                16 => 2,
                32 => 4,
                _ => 8,
            };
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
            (
                descr,
                v.iter()
                    .flat_map(|x| x.to_le_bytes()[..size].to_vec())
                    .collect(),
            )
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
