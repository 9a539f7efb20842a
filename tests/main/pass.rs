//! Pass infrastructure: declared options, textual pipelines, and running a pipeline on
//! functions in parallel with the same result as serially.

use pto_mlir::ir::Context;
use pto_mlir::pass::{parse_pipeline, PassOptions, PassRegistry, RunOptions};
use pto_mlir::syntax::parser::parse_source;
use pto_mlir::syntax::printer::{print_module, PrintOptions};

fn registry() -> PassRegistry {
    let mut r = PassRegistry::new();
    pto_mlir::transforms::register_all_passes(&mut r);
    r
}

#[test]
fn pipelines_parse_and_print_back() {
    let r = registry();
    let pm = parse_pipeline("builtin.module( func.func(cse , cse), cse)", &r).unwrap();
    assert_eq!(pm.to_text(), "builtin.module(func.func(cse,cse),cse)");
    assert_eq!(pm.count_passes(), 3);
    let err = parse_pipeline("builtin.module(cse,,cse)", &r)
        .err()
        .unwrap();
    assert!(
        err.message.contains("does not refer to a registered pass"),
        "{}",
        err.message
    );
    assert_eq!(err.pos, Some(4));
    assert!(parse_pipeline("builtin.module(cse", &r).is_err());
}

#[test]
fn options_are_checked_against_the_declared_table() {
    static OPTS: &[pto_mlir::pass::OptionSpec] = &[
        pto_mlir::pass::OptionSpec {
            name: "max-iterations",
            kind: pto_mlir::pass::OptionKind::Int,
            default: "10",
            help: "",
        },
        pto_mlir::pass::OptionSpec {
            name: "top-down",
            kind: pto_mlir::pass::OptionKind::Bool,
            default: "true",
            help: "",
        },
    ];
    static INFO: pto_mlir::pass::PassInfo = pto_mlir::pass::PassInfo {
        argument: "t",
        name: "T",
        summary: "",
        options: OPTS,
        statistics: &[],
        create: |_| Box::new(pto_mlir::transforms::cse::Cse),
    };
    let o = PassOptions::parse(&INFO, "max-iterations=3 top-down=false").unwrap();
    assert_eq!(o.int("max-iterations"), 3);
    assert!(!o.bool("top-down"));
    let d = PassOptions::parse(&INFO, "").unwrap();
    assert_eq!(d.int("max-iterations"), 10);
    assert!(d.bool("top-down"));
    assert!(PassOptions::parse(&INFO, "max-iterations=x").is_err());
    assert!(PassOptions::parse(&INFO, "nope=1").is_err());
}

#[test]
fn threaded_and_serial_runs_agree() {
    let mut src = String::new();
    for i in 0..64 {
        src.push_str(&format!(
            "func.func @f{i}(%a: i32) -> i32 {{\n  %0 = arith.addi %a, %a : i32\n  %1 = arith.addi %a, %a : i32\n  %2 = arith.muli %0, %1 : i32\n  return %2 : i32\n}}\n"
        ));
    }
    let r = registry();
    let pm = parse_pipeline("builtin.module(func.func(cse))", &r).unwrap();
    let mut outputs = Vec::new();
    for threading in [false, true] {
        let mut ctx = Context::new();
        pto_mlir::tools::opt::register_all_dialects(&mut ctx);
        let mut m = parse_source(&ctx, &src, "t.mlir", &Default::default()).unwrap();
        let options = RunOptions {
            threading,
            ..Default::default()
        };
        let report = pm.run_on_module(&ctx, &mut m, &options, None);
        assert!(report.success && report.events.is_empty());
        assert_eq!(report.statistics[0].get("num-cse'd"), 64);
        outputs.push(print_module(&m, &PrintOptions::default()));
    }
    assert_eq!(outputs[0], outputs[1]);
    assert!(!outputs[0].contains("%1 = arith.addi"));
}
