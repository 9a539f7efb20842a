//! `pto-run`: runs a function of an IR file on inputs.

fn main() {
    pto_tools::opt::init_logging();
    let code = pto_tools::run::run(pto_tools::opt::register_all_dialects, std::env::args());
    std::process::exit(code);
}
