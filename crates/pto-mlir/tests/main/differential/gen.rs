//! A seeded generator of random, well-defined `func`/`arith`/`math`/`scf`/`memref`/`vector`
//! functions for the differential test: integer ops on i1, i8, i32, i64 and index
//! (extended arithmetic, shifts, divisions), f32/f64 arithmetic, comparisons, selects,
//! casts, `scf.if` with results, `scf.for` with `iter_args` (index or integer
//! induction variables), `scf.while`, small stack buffers (some of them `memref.view`s
//! at a byte shift into a byte buffer) stored and loaded, and small
//! vectors built from scalars, rearranged (`shuffle`, strided slices) and taken apart.
//!
//! Every program is defined for every argument: divisors are guarded away from zero
//! (and from -1 for signed division), shift amounts are masked below the width,
//! float-to-integer conversions see values clamped into range with NaN replaced,
//! loops have small constant trip counts, buffers are written before they are read
//! and indexed modulo their size. Where LLVM leaves a result unspecified the
//! operands are made deterministic rather than the comparison weakened: the bits of a
//! NaN are never observed through `bitcast` or `copysign` (NaNs are replaced by a number
//! there), and `maxnumf`/`minnumf` never see `-0.0` or a signaling NaN (their operands
//! get `+ 0.0`, which LLVM may not drop without `nsz`).

use std::fmt::Write;

use super::values::{fit, interesting_float, interesting_int, Rng, Ty, FIXED, FLOATS, INTS, TYPES};

/// A value in scope: its name and type.
#[derive(Clone)]
struct Val {
    name: String,
    ty: Ty,
}

/// Builds one function's text.
pub struct FnGen<'r> {
    rng: &'r mut Rng,
    out: String,
    next: usize,
    scopes: Vec<Vec<Val>>,
    /// The `memref<4xT>` buffers in scope (never results: they live on the stack).
    mems: Vec<Vec<(String, Ty)>>,
    indent: usize,
    depth: usize,
}

/// Parameters of every generated function: two of each type.
pub fn params() -> Vec<Ty> {
    TYPES.iter().flat_map(|&t| [t, t]).collect()
}

impl<'r> FnGen<'r> {
    /// A generator drawing from `rng`.
    pub fn new(rng: &'r mut Rng) -> Self {
        Self {
            rng,
            out: String::new(),
            next: 0,
            scopes: vec![Vec::new()],
            mems: vec![Vec::new()],
            indent: 2,
            depth: 0,
        }
    }

    /// The text of `func.func @name` with [`params`] and about `size` ops, and its
    /// result types.
    pub fn function(mut self, name: &str, size: usize) -> (String, Vec<Ty>) {
        let mut sig = Vec::new();
        for (i, t) in params().into_iter().enumerate() {
            let v = format!("%a{i}");
            sig.push(format!("{v}: {}", t.text()));
            self.scopes[0].push(Val { name: v, ty: t });
        }
        for _ in 0..size {
            self.statement();
        }
        // Return the last few values computed and a few others.
        let pool = self.scopes[0].clone();
        let mut results: Vec<Val> = pool.iter().rev().take(4).cloned().collect();
        for _ in 0..3 {
            results.push(pool[self.rng.below(pool.len())].clone());
        }
        let names: Vec<&str> = results.iter().map(|v| v.name.as_str()).collect();
        let types: Vec<&str> = results.iter().map(|v| v.ty.text()).collect();
        let mut text = format!(
            "func.func @{name}({}) -> ({}) {{\n",
            sig.join(", "),
            types.join(", ")
        );
        text.push_str(&self.out);
        let _ = writeln!(
            text,
            "  return {} : {}\n}}",
            names.join(", "),
            types.join(", ")
        );
        (text, results.into_iter().map(|v| v.ty).collect())
    }

    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push(' ');
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn define(&mut self, ty: Ty, rhs: &str) -> String {
        let v = self.fresh();
        self.line(&format!("{v} = {rhs}"));
        self.scopes.last_mut().expect("a scope").push(Val {
            name: v.clone(),
            ty,
        });
        v
    }

    /// A value of type `ty` in scope, recent ones preferred; a new constant if none.
    fn operand(&mut self, ty: Ty) -> String {
        let candidates: Vec<&Val> = self
            .scopes
            .iter()
            .flatten()
            .filter(|v| v.ty == ty)
            .collect();
        if candidates.is_empty() || self.rng.chance(8) {
            return self.constant(ty);
        }
        let n = candidates.len();
        let i = if self.rng.chance(60) {
            n - 1 - self.rng.below(n.min(4))
        } else {
            self.rng.below(n)
        };
        candidates[i].name.clone()
    }

    fn constant(&mut self, ty: Ty) -> String {
        let lit = match ty {
            Ty::I1 => {
                if self.rng.chance(50) {
                    "true".to_string()
                } else {
                    "false".to_string()
                }
            }
            t if t.is_float() => format!("0x{:X}", interesting_float(self.rng, t)),
            t => fit(interesting_int(self.rng, t.width()), t.width()).to_string(),
        };
        self.int_or_float_constant(ty, &lit)
    }

    fn int_or_float_constant(&mut self, ty: Ty, lit: &str) -> String {
        let rhs = if ty == Ty::I1 {
            format!("arith.constant {lit}")
        } else {
            format!("arith.constant {lit} : {}", ty.text())
        };
        self.define(ty, &rhs)
    }

    fn int_constant(&mut self, ty: Ty, v: i64) -> String {
        let lit = if ty == Ty::I1 {
            (v & 1 == 1).to_string()
        } else {
            v.to_string()
        };
        self.int_or_float_constant(ty, &lit)
    }

    fn float_constant(&mut self, ty: Ty, v: f64) -> String {
        let bits = if ty == Ty::F32 {
            u64::from((v as f32).to_bits())
        } else {
            v.to_bits()
        };
        self.int_or_float_constant(ty, &format!("0x{bits:X}"))
    }

    fn binary(&mut self, op: &str, ty: Ty, a: &str, b: &str) -> String {
        self.define(ty, &format!("{op} {a}, {b} : {}", ty.text()))
    }

    fn cmp(&mut self, op: &str, pred: &str, ty: Ty, a: &str, b: &str) -> String {
        self.define(Ty::I1, &format!("{op} {pred}, {a}, {b} : {}", ty.text()))
    }

    fn select(&mut self, c: &str, ty: Ty, a: &str, b: &str) -> String {
        self.define(ty, &format!("arith.select {c}, {a}, {b} : {}", ty.text()))
    }

    fn cast(&mut self, op: &str, a: &str, from: Ty, to: Ty) -> String {
        self.define(to, &format!("{op} {a} : {} to {}", from.text(), to.text()))
    }

    /// `x`, or `replacement` where `x` is NaN.
    fn without_nan(&mut self, ty: Ty, x: &str, replacement: &str) -> String {
        let nan = self.cmp("arith.cmpf", "uno", ty, x, x);
        self.select(&nan, ty, replacement, x)
    }

    fn statement(&mut self) {
        let nested_ok = self.depth < 2;
        match self.rng.below(if nested_ok { 114 } else { 101 }) {
            0..=14 => self.int_binary(),
            15..=17 => self.extended(),
            18..=22 => self.shift(),
            23..=29 => self.division(),
            30..=35 => {
                let ty = self.rng.pick(&INTS);
                let (a, b) = (self.operand(ty), self.operand(ty));
                let pred = self.rng.pick(&[
                    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
                ]);
                self.cmp("arith.cmpi", pred, ty, &a, &b);
            }
            36..=40 => {
                let ty = self.rng.pick(&TYPES);
                let c = self.operand(Ty::I1);
                let (a, b) = (self.operand(ty), self.operand(ty));
                self.select(&c, ty, &a, &b);
            }
            41..=47 => self.int_cast(),
            48..=53 => self.int_to_float(),
            54..=57 => self.float_to_int(),
            58..=67 => self.float_binary(),
            68..=72 => self.float_unary(),
            73..=75 => {
                let ty = self.rng.pick(&FLOATS);
                let (a, b, c) = (self.operand(ty), self.operand(ty), self.operand(ty));
                self.define(ty, &format!("math.fma {a}, {b}, {c} : {}", ty.text()));
            }
            76..=81 => {
                let ty = self.rng.pick(&FLOATS);
                let (a, b) = (self.operand(ty), self.operand(ty));
                let preds = [
                    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge",
                    "ult", "ule", "une", "uno", "true",
                ];
                let pred = self.rng.pick(&preds);
                self.cmp("arith.cmpf", pred, ty, &a, &b);
            }
            82..=84 => {
                if self.rng.chance(50) {
                    let a = self.operand(Ty::F32);
                    self.cast("arith.extf", &a, Ty::F32, Ty::F64);
                } else {
                    let a = self.operand(Ty::F64);
                    self.cast("arith.truncf", &a, Ty::F64, Ty::F32);
                }
            }
            85..=91 => self.bitcast(),
            92..=96 => self.memory(),
            97..=100 => self.vectors(),
            101..=104 => self.if_op(),
            105..=109 => self.for_op(),
            _ => self.while_op(),
        }
    }

    fn int_binary(&mut self) {
        let ty = self.rng.pick(&INTS);
        let op = self.rng.pick(&[
            "arith.addi",
            "arith.subi",
            "arith.muli",
            "arith.andi",
            "arith.ori",
            "arith.xori",
            "arith.maxsi",
            "arith.minsi",
            "arith.maxui",
            "arith.minui",
        ]);
        let (a, b) = (self.operand(ty), self.operand(ty));
        self.binary(op, ty, &a, &b);
    }

    /// The two-result ops (`addui_extended`, `mului_extended`, `mulsi_extended`) and
    /// `math.absi`.
    fn extended(&mut self) {
        let ty = self.rng.pick(&INTS);
        let (a, b) = (self.operand(ty), self.operand(ty));
        let r = self.fresh();
        let t = ty.text();
        match self.rng.below(4) {
            0 => {
                self.line(&format!("{r}:2 = arith.addui_extended {a}, {b} : {t}, i1"));
                self.define_results(&r, &[ty, Ty::I1]);
            }
            1 => {
                self.line(&format!("{r}:2 = arith.mului_extended {a}, {b} : {t}"));
                self.define_results(&r, &[ty, ty]);
            }
            2 => {
                self.line(&format!("{r}:2 = arith.mulsi_extended {a}, {b} : {t}"));
                self.define_results(&r, &[ty, ty]);
            }
            _ => {
                self.line(&format!("{r} = math.absi {a} : {t}"));
                self.define_results(&r, &[]);
                self.scopes
                    .last_mut()
                    .expect("a scope")
                    .push(Val { name: r, ty });
            }
        }
    }

    /// A shift by an amount masked below the width (all widths are powers of two).
    fn shift(&mut self) {
        let ty = self.rng.pick(&INTS);
        let (a, b) = (self.operand(ty), self.operand(ty));
        let mask = self.int_constant(ty, i64::from(ty.width()) - 1);
        let amount = self.binary("arith.andi", ty, &b, &mask);
        let op = self.rng.pick(&["arith.shli", "arith.shrsi", "arith.shrui"]);
        self.binary(op, ty, &a, &amount);
    }

    /// A division whose divisor is a constant other than 0 and -1 or a value with 0
    /// (and -1, for the signed ones) replaced by such a constant.
    fn division(&mut self) {
        let ty = self.rng.pick(&[Ty::I8, Ty::I32, Ty::I64, Ty::Index]);
        let signed = [
            "arith.divsi",
            "arith.remsi",
            "arith.ceildivsi",
            "arith.floordivsi",
        ];
        let unsigned = ["arith.divui", "arith.remui", "arith.ceildivui"];
        let is_signed = self.rng.chance(60);
        let op = if is_signed {
            self.rng.pick(&signed)
        } else {
            self.rng.pick(&unsigned)
        };
        let a = self.operand(ty);
        let safe = loop {
            let v = fit(interesting_int(self.rng, ty.width()), ty.width());
            if v != 0 && v != -1 {
                break v;
            }
        };
        let k = self.int_constant(ty, safe);
        let d = if self.rng.chance(30) {
            k
        } else {
            let b = self.operand(ty);
            let zero = self.int_constant(ty, 0);
            let mut bad = self.cmp("arith.cmpi", "eq", ty, &b, &zero);
            if is_signed {
                let minus_one = self.int_constant(ty, -1);
                let m = self.cmp("arith.cmpi", "eq", ty, &b, &minus_one);
                bad = self.binary("arith.ori", Ty::I1, &bad, &m);
            }
            self.select(&bad, ty, &k, &b)
        };
        self.binary(op, ty, &a, &d);
    }

    fn int_cast(&mut self) {
        match self.rng.below(3) {
            0 => {
                // Between fixed widths.
                let (from, to) = (self.rng.pick(&FIXED), self.rng.pick(&FIXED));
                let a = self.operand(from);
                match from.width().cmp(&to.width()) {
                    std::cmp::Ordering::Less => {
                        let op = self.rng.pick(&["arith.extsi", "arith.extui"]);
                        self.cast(op, &a, from, to);
                    }
                    std::cmp::Ordering::Greater => {
                        self.cast("arith.trunci", &a, from, to);
                    }
                    std::cmp::Ordering::Equal => {}
                }
            }
            1 => {
                let from = self.rng.pick(&FIXED);
                let a = self.operand(from);
                let op = self.rng.pick(&["arith.index_cast", "arith.index_castui"]);
                self.cast(op, &a, from, Ty::Index);
            }
            _ => {
                let to = self.rng.pick(&FIXED);
                let a = self.operand(Ty::Index);
                let op = self.rng.pick(&["arith.index_cast", "arith.index_castui"]);
                self.cast(op, &a, Ty::Index, to);
            }
        }
    }

    fn int_to_float(&mut self) {
        let (from, to) = (self.rng.pick(&FIXED), self.rng.pick(&FLOATS));
        let a = self.operand(from);
        let op = self.rng.pick(&["arith.sitofp", "arith.uitofp"]);
        self.cast(op, &a, from, to);
    }

    /// `fptosi`/`fptoui` of a value with NaN replaced by zero and clamped to a range
    /// whose truncation fits the result type.
    fn float_to_int(&mut self) {
        let (from, to) = (self.rng.pick(&FLOATS), self.rng.pick(&FIXED));
        let signed = self.rng.chance(50);
        let w = to.width() as i32;
        let (lo, hi) = match (signed, w) {
            (true, 1) => (-1.0, 0.0),
            (false, 1) => (0.0, 1.0),
            (true, _) => (-(2f64.powi(w - 2)), 2f64.powi(w - 2)),
            (false, _) => (0.0, 2f64.powi(w - 1)),
        };
        let x = self.operand(from);
        let zero = self.float_constant(from, 0.0);
        let x = self.without_nan(from, &x, &zero);
        // No -0.0 either: which zero maxnum(-0, +0) returns is unspecified.
        let x = self.binary("arith.addf", from, &x, &zero);
        let hi = self.float_constant(from, hi);
        let x = self.binary("arith.minnumf", from, &x, &hi);
        let lo = self.float_constant(from, lo);
        let x = self.binary("arith.maxnumf", from, &x, &lo);
        let op = if signed {
            "arith.fptosi"
        } else {
            "arith.fptoui"
        };
        self.cast(op, &x, from, to);
    }

    fn float_binary(&mut self) {
        let ty = self.rng.pick(&FLOATS);
        let (a, b) = (self.operand(ty), self.operand(ty));
        let op = self.rng.pick(&[
            "arith.addf",
            "arith.subf",
            "arith.mulf",
            "arith.divf",
            "arith.remf",
            "arith.maximumf",
            "arith.minimumf",
            "arith.maxnumf",
            "arith.minnumf",
            "math.copysign",
        ]);
        match op {
            "arith.maxnumf" | "arith.minnumf" => {
                // Which zero maxnum(+0, -0) returns is unspecified; + 0.0 makes zeros
                // positive (and quiets signaling NaNs).
                let zero = self.float_constant(ty, 0.0);
                let a = self.binary("arith.addf", ty, &a, &zero);
                let b = self.binary("arith.addf", ty, &b, &zero);
                self.binary(op, ty, &a, &b);
            }
            "math.copysign" => {
                // The sign of a NaN is unspecified.
                let one = self.float_constant(ty, 1.0);
                let b = self.without_nan(ty, &b, &one);
                self.binary(op, ty, &a, &b);
            }
            _ => {
                self.binary(op, ty, &a, &b);
            }
        }
    }

    fn float_unary(&mut self) {
        let ty = self.rng.pick(&FLOATS);
        let a = self.operand(ty);
        let op = self.rng.pick(&[
            "arith.negf",
            "math.absf",
            "math.floor",
            "math.ceil",
            "math.sqrt",
        ]);
        self.define(ty, &format!("{op} {a} : {}", ty.text()));
    }

    /// Bitcasts between floats and integers of the same width. The bits of a NaN
    /// computed by an operation are unspecified (LLVM may also replace a NaN by any
    /// other: `select(isnan(x), NaN, x)` folds to `x`), so NaNs are replaced by a number
    /// before a float is reinterpreted; NaNs made from integers (signaling ones
    /// included) become a number too.
    fn bitcast(&mut self) {
        let (f, i) = self.rng.pick(&[(Ty::F32, Ty::I32), (Ty::F64, Ty::I64)]);
        let one = self.float_constant(f, 1.0);
        if self.rng.chance(50) {
            let x = self.operand(f);
            let x = self.without_nan(f, &x, &one);
            self.cast("arith.bitcast", &x, f, i);
        } else {
            let x = self.operand(i);
            let y = self.cast("arith.bitcast", &x, i, f);
            self.without_nan(f, &y, &one);
        }
    }

    /// Runs `body` in a new scope at one more indentation level; yields values of
    /// `types` chosen from it.
    fn region(&mut self, types: &[Ty]) -> Vec<String> {
        self.push_scope(Vec::new());
        self.indent += 2;
        self.depth += 1;
        for _ in 0..self.rng.range(1, 6) {
            self.statement();
        }
        let yields: Vec<String> = types.iter().map(|&t| self.operand(t)).collect();
        if !types.is_empty() {
            let tys: Vec<&str> = types.iter().map(|t| t.text()).collect();
            self.line(&format!(
                "scf.yield {} : {}",
                yields.join(", "),
                tys.join(", ")
            ));
        }
        self.depth -= 1;
        self.indent -= 2;
        self.pop_scope();
        yields
    }

    fn push_scope(&mut self, values: Vec<Val>) {
        self.scopes.push(values);
        self.mems.push(Vec::new());
    }

    fn pop_scope(&mut self) {
        self.scopes.pop();
        self.mems.pop();
    }

    /// A `memref.alloca` of four elements, every one stored first (compiled memory
    /// starts undefined), or a store or load at an index reduced modulo 4.
    fn memory(&mut self) {
        let visible: Vec<(String, Ty)> = self.mems.iter().flatten().cloned().collect();
        if visible.is_empty() || self.rng.chance(25) {
            let ty = self.rng.pick(&TYPES);
            let m = self.fresh();
            let t = ty.text();
            let bytes = match ty {
                Ty::I1 => 0,
                Ty::I8 => 1,
                Ty::I32 | Ty::F32 => 4,
                Ty::I64 | Ty::Index | Ty::F64 => 8,
            };
            if bytes > 0 && self.rng.chance(30) {
                // A view at a byte shift into a buffer of bytes (one view per buffer, so
                // no bits are read back as another type).
                let raw = self.fresh();
                let size = 4 * bytes + 8;
                self.line(&format!("{raw} = memref.alloca() : memref<{size}xi8>"));
                let at = (self.rng.below(3) * 4) as i64;
                let shift = self.int_constant(Ty::Index, at);
                self.line(&format!(
                    "{m} = memref.view {raw}[{shift}][] : memref<{size}xi8> to memref<4x{t}>"
                ));
            } else {
                self.line(&format!("{m} = memref.alloca() : memref<4x{t}>"));
            }
            for i in 0..4 {
                let v = self.operand(ty);
                let c = self.int_constant(Ty::Index, i);
                self.line(&format!("memref.store {v}, {m}[{c}] : memref<4x{t}>"));
            }
            self.mems.last_mut().expect("a scope").push((m, ty));
            return;
        }
        let (m, ty) = visible[self.rng.below(visible.len())].clone();
        let x = self.operand(Ty::Index);
        let four = self.int_constant(Ty::Index, 4);
        let i = self.binary("arith.remui", Ty::Index, &x, &four);
        let t = ty.text();
        if self.rng.chance(50) {
            let v = self.operand(ty);
            self.line(&format!("memref.store {v}, {m}[{i}] : memref<4x{t}>"));
        } else {
            self.define(ty, &format!("memref.load {m}[{i}] : memref<4x{t}>"));
        }
    }

    fn result_types(&mut self) -> Vec<Ty> {
        (0..self.rng.range(1, 3))
            .map(|_| self.rng.pick(&TYPES))
            .collect()
    }

    /// Two `vector<4xT>` or `vector<2x2xT>` from scalars, a `shuffle` of their rows
    /// (no poison entries), a slice of that inserted into the first, and its elements
    /// back as scalars.
    fn vectors(&mut self) {
        let ty = self.rng.pick(&TYPES);
        let t = ty.text();
        let two_d = self.rng.chance(40);
        let (rows, row) = if two_d { (2, "x2") } else { (4, "") };
        let vt = format!("vector<{rows}{row}x{t}>");
        let make = |g: &mut Self| {
            let es: Vec<String> = (0..4).map(|_| g.operand(ty)).collect();
            let v = g.fresh();
            g.line(&format!(
                "{v} = vector.from_elements {} : {vt}",
                es.join(", ")
            ));
            v
        };
        let (a, b) = (make(self), make(self));
        let n = 1 + self.rng.below(2 * rows);
        let mask: Vec<String> = (0..n)
            .map(|_| self.rng.below(2 * rows).to_string())
            .collect();
        let st = format!("vector<{n}{row}x{t}>");
        let s = self.fresh();
        self.line(&format!(
            "{s} = vector.shuffle {a}, {b} [{}] : {vt}, {vt}",
            mask.join(", ")
        ));
        let k = 1 + self.rng.below(n.min(rows));
        let off = self.rng.below(n - k + 1);
        let kt = format!("vector<{k}{row}x{t}>");
        let (lead, unit) = if two_d { (", 0", ", 1") } else { ("", "") };
        let slice = self.fresh();
        self.line(&format!(
            "{slice} = vector.extract_strided_slice {s} {{offsets = [{off}{lead}], \
             sizes = [{k}{row_size}], strides = [1{unit}]}} : {st} to {kt}",
            row_size = if two_d { ", 2" } else { "" },
        ));
        let at = self.rng.below(rows - k + 1);
        let r = self.fresh();
        self.line(&format!(
            "{r} = vector.insert_strided_slice {slice}, {a} {{offsets = [{at}{lead}], \
             strides = [1{unit}]}} : {kt} into {vt}"
        ));
        let e = self.fresh();
        self.line(&format!("{e}:4 = vector.to_elements {r} : {vt}"));
        self.define_results(&e, &[ty; 4]);
    }

    fn define_results(&mut self, name: &str, types: &[Ty]) {
        let scope = self.scopes.last_mut().expect("a scope");
        for (i, &ty) in types.iter().enumerate() {
            scope.push(Val {
                name: format!("{name}#{i}"),
                ty,
            });
        }
    }

    /// `scf.if` with results.
    fn if_op(&mut self) {
        let types = self.result_types();
        let c = self.operand(Ty::I1);
        let r = self.fresh();
        let tys: Vec<&str> = types.iter().map(|t| t.text()).collect();
        self.line(&format!(
            "{r}:{} = scf.if {c} -> ({}) {{",
            types.len(),
            tys.join(", ")
        ));
        self.region(&types);
        self.line("} else {");
        self.region(&types);
        self.line("}");
        self.define_results(&r, &types);
    }

    /// `scf.for` with `iter_args`, a few iterations, on `index` or an integer type.
    fn for_op(&mut self) {
        let types = self.result_types();
        let iv_ty = self
            .rng
            .pick(&[Ty::Index, Ty::Index, Ty::I8, Ty::I32, Ty::I64]);
        let lb = self.rng.range(-2, 2);
        let (ub, step) = (lb + self.rng.range(-1, 5), self.rng.range(1, 3));
        let (lb, ub, step) = (
            self.int_constant(iv_ty, lb),
            self.int_constant(iv_ty, ub),
            self.int_constant(iv_ty, step),
        );
        let inits: Vec<String> = types.iter().map(|&t| self.operand(t)).collect();
        let r = self.fresh();
        let iv = self.fresh();
        let args: Vec<String> = types.iter().map(|_| self.fresh()).collect();
        let iter_args: Vec<String> = args
            .iter()
            .zip(&inits)
            .map(|(a, i)| format!("{a} = {i}"))
            .collect();
        let tys: Vec<&str> = types.iter().map(|t| t.text()).collect();
        let typed = if iv_ty == Ty::Index {
            String::new()
        } else {
            format!(" : {}", iv_ty.text())
        };
        self.line(&format!(
            "{r}:{} = scf.for {iv} = {lb} to {ub} step {step} iter_args({}) -> ({}){typed} {{",
            types.len(),
            iter_args.join(", "),
            tys.join(", ")
        ));
        // The induction variable and the carried values are in scope in the body.
        let mut scope = vec![Val {
            name: iv,
            ty: iv_ty,
        }];
        scope.extend(args.iter().zip(&types).map(|(a, &t)| Val {
            name: a.clone(),
            ty: t,
        }));
        self.push_scope(scope);
        self.region(&types);
        self.pop_scope();
        self.line("}");
        self.define_results(&r, &types);
    }

    /// `scf.while` counting an `index` from 0 to a small bound, carrying values.
    fn while_op(&mut self) {
        let types = self.result_types();
        let bound = self.rng.range(0, 4);
        let bound = self.int_constant(Ty::Index, bound);
        let zero = self.int_constant(Ty::Index, 0);
        let one = self.int_constant(Ty::Index, 1);
        let inits: Vec<String> = types.iter().map(|&t| self.operand(t)).collect();
        let mut all = vec![Ty::Index];
        all.extend(&types);
        let tys: Vec<&str> = all.iter().map(|t| t.text()).collect();
        let tys = tys.join(", ");
        let r = self.fresh();
        let before: Vec<String> = all.iter().map(|_| self.fresh()).collect();
        let inits: Vec<String> = std::iter::once(zero).chain(inits).collect();
        let bind: Vec<String> = before
            .iter()
            .zip(&inits)
            .map(|(a, i)| format!("{a} = {i}"))
            .collect();
        self.line(&format!(
            "{r}:{} = scf.while ({}) : ({tys}) -> ({tys}) {{",
            all.len(),
            bind.join(", ")
        ));
        let cond = self.fresh();
        self.indent += 2;
        self.line(&format!(
            "{cond} = arith.cmpi slt, {}, {bound} : index",
            before[0]
        ));
        self.line(&format!(
            "scf.condition({cond}) {} : {tys}",
            before.join(", ")
        ));
        self.indent -= 2;
        self.line("} do {");
        let after: Vec<String> = all.iter().map(|_| self.fresh()).collect();
        let params: Vec<String> = after
            .iter()
            .zip(&all)
            .map(|(a, t)| format!("{a}: {}", t.text()))
            .collect();
        self.line(&format!("^bb0({}):", params.join(", ")));
        let scope = after
            .iter()
            .zip(&all)
            .map(|(a, &ty)| Val {
                name: a.clone(),
                ty,
            })
            .collect();
        self.push_scope(scope);
        self.indent += 2;
        self.depth += 1;
        for _ in 0..self.rng.range(1, 5) {
            self.statement();
        }
        let next = self.binary("arith.addi", Ty::Index, &after[0], &one);
        let yields: Vec<String> = std::iter::once(next)
            .chain(types.iter().map(|&t| self.operand(t)))
            .collect();
        self.line(&format!("scf.yield {} : {tys}", yields.join(", ")));
        self.depth -= 1;
        self.indent -= 2;
        self.pop_scope();
        self.line("}");
        self.define_results(&r, &all);
    }
}
