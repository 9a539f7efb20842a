//! `run_pypto::CompiledEntry`: PyPTO programs of `examples/pypto` compiled as `pto-run`
//! compiles them and called on the examples' numpy data.

use pto_interp::{npy, Value};
use pto_ir::{Context, SourceFile, SourceMgr};
use pto_mlir::CompiledEntry;
use pto_pypto_python::import_pypto;

const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/pypto");

fn context() -> Context {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    ctx
}

fn data(name: &str) -> Value {
    let bytes = std::fs::read(format!("{EXAMPLES}/data/{name}.npy")).expect("data file");
    Value::MemRef(npy::read(&bytes).expect("npy").into_memref())
}

fn floats(v: &Value) -> Vec<f64> {
    let m = v.as_memref().expect("memref");
    m.elements()
        .expect("elements")
        .iter()
        .map(Value::as_f64)
        .collect()
}

/// Compiles `examples/pypto/<file>` with entry `entry`, or the rendered error.
fn compile<'c>(ctx: &'c Context, file: &str, entry: &str) -> Result<CompiledEntry<'c>, String> {
    let path = format!("{EXAMPLES}/{file}");
    let text = std::fs::read_to_string(&path).expect("example");
    let mut srcmgr = SourceMgr::new();
    srcmgr.add(SourceFile {
        name: path.clone(),
        text: text.clone().into(),
        first_line: 1,
    });
    let mut module = import_pypto(ctx, &text, &path).expect("imports");
    CompiledEntry::compile(ctx, &mut module, &srcmgr, entry, 0)
}

fn assert_close(got: &[f64], want: &[f64], rtol: f64, atol: f64) {
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= atol + rtol * w.abs(),
            "element {i}: {g} != {w}"
        );
    }
}

#[test]
fn softmax_runs_against_numpy() {
    let ctx = context();
    let k = compile(&ctx, "softmax.py", "softmax").expect("compiles");
    assert_eq!(k.result_args, vec![Some(1)]);
    let args = k.arguments(vec![data("softmax_x")]).expect("arguments");
    // The input flattened, then the buffer of the returned tensor.
    assert_eq!(args.len(), 2);
    assert_eq!(args[1].as_memref().expect("buffer").sizes, vec![64 * 256]);
    let results = k.call(&args).expect("call");
    assert_eq!(results.len(), 1);
    assert_close(
        &floats(&results[0]),
        &floats(&data("softmax_ref")),
        1e-5,
        1e-7,
    );
    // The result is the appended buffer itself, so a second call overwrites it.
    let again = k.call(&args).expect("call");
    assert_eq!(floats(&again[0]), floats(&results[0]));
}

#[test]
fn scalar_arguments_pass_through() {
    let ctx = context();
    let k = compile(&ctx, "loop.py", "relax").expect("compiles");
    let args = k
        .arguments(vec![data("loop_x"), Value::int(5, 64)])
        .expect("arguments");
    let results = k.call(&args).expect("call");
    assert_close(&floats(&results[0]), &floats(&data("loop_ref")), 1e-5, 1e-6);
}

#[test]
fn entry_calling_other_functions() {
    let ctx = context();
    let k = compile(&ctx, "orchestration.py", "mlp").expect("compiles");
    let args = k
        .arguments(vec![data("mlp_x"), data("mlp_w1"), data("mlp_w2")])
        .expect("arguments");
    let results = k.call(&args).expect("call");
    assert_close(&floats(&results[0]), &floats(&data("mlp_ref")), 1e-4, 1e-5);
}

#[test]
fn bad_arguments_and_entries_are_errors() {
    let ctx = context();
    let err = compile(&ctx, "softmax.py", "nosuch")
        .err()
        .expect("no entry");
    assert_eq!(err, "no function named '@nosuch'");
    let k = compile(&ctx, "softmax.py", "softmax").expect("compiles");
    let err = k.arguments(Vec::new()).unwrap_err();
    assert_eq!(err, "'@softmax' takes 1 arguments, 0 given");
    let err = k.arguments(vec![data("matmul_b")]).unwrap_err();
    assert_eq!(
        err,
        "argument 0 has shape [256, 64], !pypto.tensor<[64, 256], f32> expected"
    );
}

#[test]
fn symbolic_rows_compile_once_for_every_row_count() {
    let ctx = context();
    let k = compile(&ctx, "rows.py", "rows").expect("compiles");
    assert_eq!(k.size_args, vec!["n".to_string()]);
    for n in [1, 37, 200] {
        let args = k
            .arguments(vec![data(&format!("rows_x{n}")), data("rows_g")])
            .expect("arguments");
        // x and g flattened, n, then the result's buffer of n rows.
        assert_eq!(args.len(), 4);
        assert_eq!(pto_mlir::int_value(&args[2]), Some(n as i64));
        assert_eq!(
            args[3].as_memref().expect("buffer").sizes,
            vec![n as i64 * 256]
        );
        let results = k.call(&args).expect("call");
        assert_close(
            &floats(&results[0]),
            &floats(&data(&format!("rows_ref{n}"))),
            1e-5,
            1e-6,
        );
    }
    // A declared size must agree with the arrays.
    let k = compile(&ctx, "rows.py", "scale_n").expect("compiles");
    assert!(k.size_args.is_empty());
    let err = k
        .arguments(vec![data("rows_x37"), data("rows_g"), Value::int(36, 64)])
        .unwrap_err();
    assert_eq!(
        err,
        "argument 0 has shape [37, 256], which makes 'n' 37, but argument 2 makes it 36"
    );
}
