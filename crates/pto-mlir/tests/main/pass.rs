//! Pass infrastructure: declared options, textual pipelines, running a pipeline on
//! functions in parallel with the same result (IR, dumps, errors, counters) as serially,
//! and verification after each pass.

use pto_ir::printer::{print_module, PrintOptions};
use pto_ir::Context;
use pto_parser::parse_source;
use pto_pass::{
    parse_pipeline, statistics_report, Event, IrPrinting, PassOptions, PassRegistry, RunOptions,
    StatisticsDisplay,
};

fn registry() -> PassRegistry {
    let mut r = PassRegistry::new();
    pto_transforms::register_all_passes(&mut r);
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
    static OPTS: &[pto_pass::OptionSpec] = &[
        pto_pass::OptionSpec {
            name: "max-iterations",
            kind: pto_pass::OptionKind::Int,
            default: "10",
            help: "",
        },
        pto_pass::OptionSpec {
            name: "top-down",
            kind: pto_pass::OptionKind::Bool,
            default: "true",
            help: "",
        },
    ];
    static INFO: pto_pass::PassInfo = pto_pass::PassInfo {
        argument: "t",
        name: "T",
        summary: "",
        anchor: None,
        options: OPTS,
        statistics: &[],
        create: |_| Box::new(pto_transforms::CSE::new(Default::default())),
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
        pto_mlir::register_all_dialects(&mut ctx);
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

/// 16 functions `@f<i>` with one redundant `arith.addi` each, then `@g` without any.
fn functions() -> String {
    let mut src = String::new();
    for i in 0..16 {
        src.push_str(&format!(
            "func.func @f{i}(%a: i32) -> i32 {{\n  %0 = arith.addi %a, %a : i32\n  %1 = arith.addi %a, %a : i32\n  %2 = arith.muli %0, %1 : i32\n  return %2 : i32\n}}\n"
        ));
    }
    src.push_str("func.func @g(%a: i32) -> i32 {\n  return %a : i32\n}\n");
    src
}

/// Runs `pipeline` on `src` and renders what the run reported (IR dumps and diagnostics,
/// in order), its success, and the pipeline-form statistics report.
fn run_reported(
    pipeline: &str,
    src: &str,
    options: &RunOptions,
    registry: &PassRegistry,
) -> (String, bool, String) {
    let pm = parse_pipeline(pipeline, registry).unwrap();
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    let mut m = parse_source(&ctx, src, "t.mlir", &Default::default()).unwrap();
    let report = pm.run_on_module(&ctx, &mut m, options, None);
    let mut log = String::new();
    for e in &report.events {
        match e {
            Event::Output(t) => log.push_str(t),
            Event::Diagnostic(d) => log.push_str(&format!("error: {}\n", d.message)),
        }
    }
    let stats = statistics_report(&pm, &report.statistics, StatisticsDisplay::Pipeline);
    (log, report.success, stats)
}

#[test]
fn instrumentation_does_not_depend_on_threading() {
    let mut r = registry();
    pto_pass::testing::register_test_passes(&mut r);
    let printing = IrPrinting::from_flags(true, Vec::new(), true, Vec::new(), true, false, false);
    let mut outputs = Vec::new();
    for pipeline in [
        "builtin.module(func.func(cse),func.func(cse),cse)",
        "builtin.module(func.func(cse,test-pass-failure))",
    ] {
        for threading in [false, true] {
            let options = RunOptions {
                threading,
                ir_printing: printing.clone(),
                ..Default::default()
            };
            outputs.push(run_reported(pipeline, &functions(), &options, &r));
        }
    }
    assert_eq!(outputs[0], outputs[1]);
    assert_eq!(outputs[2], outputs[3]);
    // After-change: each @f changes under the first CSE only, @g never.
    let (log, ok, stats) = &outputs[0];
    assert!(ok);
    assert_eq!(log.matches("IR Dump Before CSE (cse)").count(), 17 * 2 + 1);
    assert_eq!(log.matches("IR Dump After CSE (cse)").count(), 16);
    assert!(stats.contains("'func.func' Pipeline\n  CSE\n    (S) 16 num-cse'd"));
    // Every function fails (and reports it), in order.
    let (log, ok, _) = &outputs[2];
    assert!(!ok);
    assert_eq!(log.matches("error: illegal operation").count(), 17);
    let f15 = log.find("func.func @f15").unwrap();
    assert!(log[f15..].contains("func.func @g"));
}

/// Erases the terminator of every function's entry block: IR the verifier rejects.
struct DropTerminator;

static DROP_TERMINATOR: pto_pass::PassInfo = pto_pass::PassInfo {
    argument: "test-drop-terminator",
    name: "DropTerminator",
    summary: "",
    anchor: Some("func.func"),
    options: &[],
    statistics: &[pto_pass::StatisticSpec {
        name: "dropped",
        description: "Number of terminators erased",
    }],
    create: |_| Box::new(DropTerminator),
};

impl pto_pass::Pass for DropTerminator {
    fn run<'c>(
        &self,
        _ctx: &'c Context,
        target: &mut pto_pass::PassTarget<'_, 'c>,
    ) -> Result<(), pto_ir::Diagnostic<'c>> {
        let body = &mut *target.body;
        let entry = body
            .root_regions()
            .first()
            .and_then(|&r| body.entry_block(r));
        if let Some(last) = entry.and_then(|b| body.last_op(b)) {
            body.erase_op(last).unwrap();
            target.statistics.add(&DROP_TERMINATOR.statistics[0], 1);
        }
        Ok(())
    }
}

#[test]
fn verify_each_fails_the_pass_that_broke_the_ir() {
    let mut r = registry();
    r.register(&DROP_TERMINATOR);
    let pipeline = "builtin.module(func.func(test-drop-terminator,cse))";
    let after_failure = RunOptions {
        ir_printing: IrPrinting::from_flags(
            false,
            Vec::new(),
            false,
            Vec::new(),
            false,
            true,
            false,
        ),
        ..Default::default()
    };
    let (log, ok, stats) = run_reported(pipeline, &functions(), &after_failure, &r);
    assert!(!ok);
    // One error per function, each followed by the dump of the failed pass (generic, since
    // the IR does not verify); CSE never runs.
    assert_eq!(log.matches("error: ").count(), 17, "{log}");
    assert_eq!(
        log.matches("IR Dump After DropTerminator Failed (test-drop-terminator)")
            .count(),
        17
    );
    assert!(log.contains("\"func.func\"() <{function_type"));
    assert!(stats.contains("DropTerminator\n    (S) 17 dropped - Number of terminators erased"));
    assert!(stats.contains("  CSE\n    (S) 0 num-cse'd"));

    let unverified = RunOptions {
        verify_each: false,
        ..Default::default()
    };
    let (log, ok, _) = run_reported(pipeline, &functions(), &unverified, &r);
    assert!(ok && log.is_empty(), "{log}");
}

#[test]
fn pipelines_that_cannot_run_are_refused_before_running() {
    let mut r = registry();
    r.register(&DROP_TERMINATOR);
    let (log, ok, _) = run_reported(
        "builtin.module(test-drop-terminator)",
        &functions(),
        &RunOptions::default(),
        &r,
    );
    assert!(!ok);
    assert_eq!(
        log,
        "error: unable to schedule pass 'DropTerminator' on a PassManager intended to run on 'builtin.module'!\n"
    );
    // An op-agnostic manager skips the ops its passes do not take: the function runs, the
    // nested module does not.
    let unverified = RunOptions {
        verify_each: false,
        ..Default::default()
    };
    let src =
        "func.func @f() {\n  return\n}\nmodule @m {\n  func.func @h() {\n    return\n  }\n}\n";
    let (log, ok, stats) = run_reported(
        "builtin.module(any(test-drop-terminator))",
        src,
        &unverified,
        &r,
    );
    assert!(ok && log.is_empty(), "{log}");
    assert!(stats.contains("(S) 1 dropped"), "{stats}");
}
