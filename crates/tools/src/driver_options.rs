//! The command-line options that a tool's registry adds (its dialects' driver
//! extensions, and its translations' own options), and their effects.

use clap::{Arg, ArgMatches, Command};

use pto_ir::module::Module;
use pto_ir::Context;
use pto_pass::registry::{DriverOption, DriverValues};
use pto_pass::Registry;

/// Every option of the registry's extensions and translations, each once.
fn all(tools: &Registry) -> Vec<&'static DriverOption> {
    let mut out: Vec<&'static DriverOption> = Vec::new();
    let from_ext = tools.extensions().iter().flat_map(|e| e.options().iter());
    let from_imp = tools.importers().iter().flat_map(|i| i.options.iter());
    let from_exp = tools.exporters().iter().flat_map(|e| e.options.iter());
    for o in from_ext.chain(from_imp).chain(from_exp) {
        if !out.iter().any(|x| x.name == o.name) {
            out.push(o);
        }
    }
    out
}

/// `cmd` with the registry's options.
pub fn add(mut cmd: Command, tools: &Registry) -> Command {
    for o in all(tools) {
        let mut arg = Arg::new(o.name).long(o.name).help(o.help);
        if let Some(c) = o.short {
            arg = arg.short(c);
        }
        if o.repeated {
            arg = arg.action(clap::ArgAction::Append);
        }
        if !o.values.is_empty() {
            // The extension checks the value (and says what it expects), as a dialect's
            // own flag parsing would.
            arg = arg.value_name(o.values.join("|"));
        }
        cmd = cmd.arg(arg);
    }
    cmd
}

/// The values given to the registry's options.
pub fn values(m: &ArgMatches, tools: &Registry) -> DriverValues {
    let mut v = DriverValues::default();
    for o in all(tools) {
        if o.repeated {
            if let Some(xs) = m.get_many::<String>(o.name) {
                v.set(o.name, xs.cloned().collect::<Vec<_>>().join("\n"));
            }
        } else if let Some(x) = m.get_one::<String>(o.name) {
            v.set(o.name, x.clone());
        }
    }
    v
}

/// Runs every extension's `before_parse`.
pub fn before_parse(
    tools: &Registry,
    ctx: &mut Context,
    values: &DriverValues,
    text: &str,
) -> Result<(), String> {
    for e in tools.extensions() {
        e.before_parse(ctx, values, text)?;
    }
    Ok(())
}

/// Runs every extension's `after_parse`.
pub fn after_parse<'c>(
    tools: &Registry,
    ctx: &'c Context,
    values: &DriverValues,
    module: &mut Module<'c>,
) -> Result<(), String> {
    for e in tools.extensions() {
        e.after_parse(ctx, values, module)?;
    }
    Ok(())
}
