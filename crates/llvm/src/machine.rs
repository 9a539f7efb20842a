//! Target machines, LLVM's optimization pipelines and emission of a module as text,
//! bitcode, assembly or an object file.
//!
//! Target machines are the host's by default, position-independent (PIC). On x86, unless
//! features are given, AVX512-BF16 and AVX-NE-CONVERT are turned off, because their
//! `f32 -> bf16` conversion flushes subnormals that LLVM's IR semantics keep. Optimization
//! is LLVM's `default<On>` pipeline through `Module::run_passes`. Plain `--emit=llvm -O0`
//! output keeps the module's own triple and data layout (none unless given), as
//! mlir-translate does (`pto-translate` decides).

use std::sync::Once;

use inkwell::attributes::AttributeLoc;
use inkwell::module::Module;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{
    CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple,
};
use inkwell::OptimizationLevel;

/// What to produce from a module (`--emit=`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EmitKind {
    /// LLVM IR text (`.ll`).
    Llvm,
    /// LLVM bitcode (`.bc`).
    Bitcode,
    /// Target assembly (`.s`).
    Assembly,
    /// A relocatable object file (`.o`).
    Object,
}

impl EmitKind {
    /// The kind named `name` (`llvm`, `bc`, `asm`, `obj`).
    pub fn from_name(name: &str) -> Option<EmitKind> {
        Some(match name {
            "llvm" | "ll" => EmitKind::Llvm,
            "bc" => EmitKind::Bitcode,
            "asm" | "s" => EmitKind::Assembly,
            "obj" | "o" => EmitKind::Object,
            _ => return None,
        })
    }
    /// Whether the output needs a target machine (machine code).
    pub fn needs_codegen(self) -> bool {
        matches!(self, EmitKind::Assembly | EmitKind::Object)
    }
}

/// The target to compile for.
#[derive(Clone, Debug, Default)]
pub struct TargetOptions {
    /// The target triple (`x86_64-unknown-linux-gnu`); the host's when `None`.
    pub triple: Option<String>,
    /// The CPU (`skylake`, `native`); the host's when `None` or `native`.
    pub cpu: Option<String>,
    /// Target features (`+avx2,-fma`); the host's when `None` and the CPU is the host's.
    pub features: Option<String>,
    /// Optimization level 0-3, for the IR pipeline and code generation.
    pub opt_level: u8,
}

static INIT_TARGETS: Once = Once::new();

/// Registers every target LLVM was built with (once per process).
pub fn initialize_targets() {
    INIT_TARGETS.call_once(|| Target::initialize_all(&InitializationConfig::default()));
}

fn codegen_level(level: u8) -> OptimizationLevel {
    match level {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    }
}

/// A target machine for `opts` (position-independent code, as clang's default on
/// Linux, so objects link into executables and shared libraries alike).
pub fn target_machine(opts: &TargetOptions) -> Result<TargetMachine, String> {
    initialize_targets();
    let host = opts.triple.is_none();
    let triple = match &opts.triple {
        Some(t) => TargetTriple::create(t),
        None => TargetMachine::get_default_triple(),
    };
    let target = Target::from_triple(&triple).map_err(|e| {
        format!(
            "no target for triple '{}': {}",
            triple.as_str().to_string_lossy(),
            e.to_string_lossy()
        )
    })?;
    let host_cpu = matches!(opts.cpu.as_deref(), None | Some("native") | Some("host"));
    let cpu = if host_cpu {
        if host {
            TargetMachine::get_host_cpu_name().to_string()
        } else {
            "generic".to_string()
        }
    } else {
        opts.cpu.clone().unwrap_or_default()
    };
    let features = match &opts.features {
        Some(f) => f.clone(),
        None if host && host_cpu => TargetMachine::get_host_cpu_features().to_string(),
        None => String::new(),
    };
    let features = if opts.features.is_none() && triple_is_x86(&triple) {
        without_flushing_bf16(&features)
    } else {
        features
    };
    let (machine, complaints) = capture_stderr(|| {
        target.create_target_machine(
            &triple,
            &cpu,
            &features,
            codegen_level(opts.opt_level),
            RelocMode::PIC,
            CodeModel::Default,
        )
    });
    let triple_name = triple.as_str().to_string_lossy();
    let machine = machine.ok_or_else(|| {
        format!("cannot create a target machine for '{triple_name}' (cpu '{cpu}')")
    })?;
    // LLVM only warns about an unknown CPU or feature and goes on with the generic
    // one, which for x86-64 ends in a fatal error in code generation ("64-bit code
    // requested on a subtarget that doesn't support it"): an unknown name is the
    // user's error, reported before anything is compiled.
    for line in complaints.lines() {
        if let Some(name) =
            line.strip_suffix(" is not a recognized processor for this target (ignoring processor)")
        {
            return Err(format!(
                "unknown target CPU {name} for '{triple_name}' (`llc -mtriple={triple_name} -mcpu=help` lists them)"
            ));
        }
        if let Some(name) =
            line.strip_suffix(" is not a recognized feature for this target (ignoring feature)")
        {
            return Err(format!(
                "unknown target feature {name} for '{triple_name}' (`llc -mtriple={triple_name} -mattr=help` lists them)"
            ));
        }
        eprintln!("{line}");
    }
    Ok(machine)
}

/// Runs `f` with the process's stderr sent to a temporary file, and returns what was
/// written there. LLVM's C API has no way to ask whether a CPU or feature name is
/// valid (`MCSubtargetInfo::isCPUStringValid` is C++ only); creating the subtarget
/// prints a warning to file descriptor 2 instead, so that is where we read it. Only
/// called while a target machine is created, before any worker thread runs.
fn capture_stderr<T>(f: impl FnOnce() -> T) -> (T, String) {
    use std::io::{Read, Seek};
    use std::os::fd::AsRawFd;
    let Ok(mut file) = tempfile_in_tmp() else {
        return (f(), String::new());
    };
    // SAFETY: plain descriptor juggling on descriptors we own; fd 2 is restored
    // before returning on every path.
    let saved = unsafe { libc::dup(2) };
    if saved < 0 || unsafe { libc::dup2(file.as_raw_fd(), 2) } < 0 {
        if saved >= 0 {
            unsafe { libc::close(saved) };
        }
        return (f(), String::new());
    }
    let out = f();
    unsafe {
        libc::dup2(saved, 2);
        libc::close(saved);
    }
    let mut text = String::new();
    if file.rewind().is_ok() {
        let mut bytes = Vec::new();
        let _ = file.read_to_end(&mut bytes);
        text = String::from_utf8_lossy(&bytes).into_owned();
    }
    (out, text)
}

/// An anonymous temporary file (unlinked at once, so nothing is left behind).
fn tempfile_in_tmp() -> std::io::Result<std::fs::File> {
    // SAFETY: `tmpfile` returns a new stream or null; we take its descriptor over
    // (duplicated) and close the stream.
    unsafe {
        let stream = libc::tmpfile();
        if stream.is_null() {
            return Err(std::io::Error::last_os_error());
        }
        let fd = libc::dup(libc::fileno(stream));
        libc::fclose(stream);
        if fd < 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(<std::fs::File as std::os::fd::FromRawFd>::from_raw_fd(fd))
    }
}

/// x86's native `f32 -> bf16` conversion (`vcvtneps2bf16`, from AVX512-BF16 and
/// AVX-NE-CONVERT) always flushes subnormals to zero, whatever MXCSR says, yet LLVM
/// selects it for a plain `fptrunc` and constant-folds the same conversion exactly.
/// Compiled code would then disagree with the interpreter, with `-O0` vs `-O2` and
/// with machines without the extension, so unless the user names features these two
/// are turned off (as Julia's JIT does): the conversion is then expanded in IEEE
/// arithmetic. Features the string already names are overridden, the rest appended.
fn without_flushing_bf16(features: &str) -> String {
    const FLUSHING: [&str; 2] = ["avx512bf16", "avxneconvert"];
    let mut out: Vec<String> = features
        .split(',')
        .filter(|f| !f.is_empty())
        .filter(|f| !FLUSHING.contains(&f.trim_start_matches(['+', '-'])))
        .map(str::to_string)
        .collect();
    out.extend(FLUSHING.iter().map(|f| format!("-{f}")));
    out.join(",")
}

/// Whether `triple` names an x86 target (32- or 64-bit).
fn triple_is_x86(triple: &TargetTriple) -> bool {
    let t = triple.as_str().to_string_lossy();
    let arch = t.split('-').next().unwrap_or("");
    arch == "x86_64" || arch == "x86" || (arch.starts_with('i') && arch.ends_with("86"))
}

/// The width in bits of this machine's vector registers for `f32` kernels: 512 with
/// AVX-512, 256 with AVX, else 128 (SSE, NEON). What the JIT drivers pass to
/// `convert-pto-to-loops{vector-bits=...}`, whose default is 256 so that its output
/// does not depend on the machine it runs on.
pub fn host_vector_bits() -> u32 {
    initialize_targets();
    vector_bits(&TargetMachine::get_host_cpu_features().to_string())
}

/// The vector width of a target with `features` (`+avx2,+fma,...`).
fn vector_bits(features: &str) -> u32 {
    let has = |name: &str| features.split(',').any(|f| f == name);
    if has("+avx512f") {
        512
    } else if has("+avx") {
        256
    } else {
        128
    }
}

/// Gives `module` the machine's triple and data layout (what optimization and code
/// generation rely on), and its functions the machine's CPU and features as
/// `target-cpu` / `target-features` attributes, as clang does: code generators that
/// build their own subtarget (MCJIT's) then use the same instructions the optimizer's
/// cost model assumed, not the generic CPU's. On AVX-512 machines functions also get
/// `prefer-vector-width=512`: LLVM's default there is 256 bits (it keeps short bursts
/// of vector code in mixed programs from lowering the clock), which leaves half of the
/// vector unit idle in tile kernels, which are nothing but long vector loops.
pub fn configure_module(module: &Module<'_>, machine: &TargetMachine) {
    module.set_triple(&machine.get_triple());
    module.set_data_layout(&machine.get_target_data().get_data_layout());
    let context = module.get_context();
    let cpu = machine.get_cpu().to_string_lossy().into_owned();
    let features = machine.get_feature_string().to_string_lossy().into_owned();
    for f in module
        .get_functions()
        .filter(|f| f.count_basic_blocks() > 0)
    {
        if !cpu.is_empty() {
            f.add_attribute(
                AttributeLoc::Function,
                context.create_string_attribute("target-cpu", &cpu),
            );
        }
        if !features.is_empty() {
            f.add_attribute(
                AttributeLoc::Function,
                context.create_string_attribute("target-features", &features),
            );
        }
        if vector_bits(&features) == 512 {
            f.add_attribute(
                AttributeLoc::Function,
                context.create_string_attribute("prefer-vector-width", "512"),
            );
        }
    }
}

/// Runs LLVM's default pipeline for `level` (`default<O2>`, as `opt -O2`) on `module`.
/// Level 0 still runs `default<O0>` (always-inline and the like), as `opt -O0` does.
pub fn optimize(module: &Module<'_>, machine: &TargetMachine, level: u8) -> Result<(), String> {
    let pipeline = format!("default<O{}>", level.min(3));
    module
        .run_passes(&pipeline, machine, PassBuilderOptions::create())
        .map_err(|e| {
            format!(
                "LLVM pass pipeline '{pipeline}' failed: {}",
                e.to_string_lossy()
            )
        })
}

/// Checks `module` with LLVM's verifier.
pub fn verify(module: &Module<'_>) -> Result<(), String> {
    module
        .verify()
        .map_err(|e| format!("the LLVM IR is invalid: {}", e.to_string_lossy().trim_end()))
}

/// The bytes of `module` in form `kind` (`machine` is needed for assembly and objects).
pub fn emit(
    module: &Module<'_>,
    kind: EmitKind,
    machine: Option<&TargetMachine>,
) -> Result<Vec<u8>, String> {
    match kind {
        EmitKind::Llvm => Ok(module.print_to_string().to_bytes().to_vec()),
        EmitKind::Bitcode => Ok(module.write_bitcode_to_memory().as_slice().to_vec()),
        EmitKind::Assembly | EmitKind::Object => {
            let machine = machine.ok_or("machine code needs a target machine")?;
            let ft = if kind == EmitKind::Assembly {
                FileType::Assembly
            } else {
                FileType::Object
            };
            machine
                .write_to_memory_buffer(module, ft)
                .map(|b| b.as_slice().to_vec())
                .map_err(|e| format!("code generation failed: {}", e.to_string_lossy()))
        }
    }
}
