//! Op interface models: what `register_all_dialects` attaches (loop regions,
//! speculatability, region invocation bounds) and the defaults without a model.

use pto_ir::op_interfaces::{
    invocation_bounds, is_speculatable, loop_regions, speculatability, InvocationBounds,
    Speculatability,
};
use pto_ir::{Body, Context, OpId};
use pto_parser::parse_source;

const SRC: &str = "func.func @f(%a: i32, %lb: index, %c: i1) {
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : i32
  %true = arith.constant true
  scf.for %i = %lb to %lb step %c1 {
    %x = arith.addi %a, %a : i32
    %d = arith.divui %a, %a : i32
    %e = arith.divui %a, %c7 : i32
  }
  scf.for %i = %lb to %lb step %lb {
  }
  scf.if %true {
  }
  return
}
";

/// Every op named `name` under `body`, with the body holding it, in pre-order.
fn find<'b, 'c>(body: &'b Body<'c>, name: &str, out: &mut Vec<(&'b Body<'c>, OpId)>) {
    for op in body.all_ops() {
        if body.op_name(op).as_str() == name {
            out.push((body, op));
        }
        if let Some(nested) = body.nested(op) {
            find(nested, name, out);
        }
    }
}

fn ops<'b, 'c>(body: &'b Body<'c>, name: &str) -> Vec<(&'b Body<'c>, OpId)> {
    let mut v = Vec::new();
    find(body, name, &mut v);
    v
}

#[test]
fn registered_models_answer_the_interfaces() {
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    let m = parse_source(&ctx, SRC, "t.mlir", &Default::default()).unwrap();
    let fors = ops(&m.body, "scf.for");
    let (b, unit_step) = fors[0];
    assert_eq!(loop_regions(&ctx, b, unit_step).map(|r| r.len()), Some(1));
    assert_eq!(
        speculatability(&ctx, b, unit_step),
        Speculatability::RecursivelySpeculatable
    );
    // Its body divides by a value that may be zero.
    assert!(!is_speculatable(&ctx, b, unit_step));
    let (b, var_step) = fors[1];
    assert_eq!(
        speculatability(&ctx, b, var_step),
        Speculatability::NotSpeculatable
    );
    let divs = ops(&m.body, "arith.divui");
    assert!(!is_speculatable(&ctx, divs[0].0, divs[0].1));
    assert!(is_speculatable(&ctx, divs[1].0, divs[1].1));
    let (b, add) = ops(&m.body, "arith.addi")[0];
    assert_eq!(speculatability(&ctx, b, add), Speculatability::Speculatable);
    assert!(loop_regions(&ctx, b, add).is_none());
    let (b, iff) = ops(&m.body, "scf.if")[0];
    let t = ctx.int_attr(ctx.int_type(1), 1);
    let bounds = invocation_bounds(&ctx, b, iff, &[Some(t)]).unwrap();
    let at_most = |n| InvocationBounds {
        lower: 0,
        upper: Some(n),
    };
    assert_eq!(bounds.as_slice(), &[at_most(1), at_most(0)]);
    let bounds = invocation_bounds(&ctx, b, iff, &[None]).unwrap();
    assert_eq!(bounds.as_slice(), &[at_most(1), at_most(1)]);
}

/// A model attached from outside the dialect (MLIR's external models).
struct NeverSpeculate;

impl pto_ir::op_interfaces::ConditionallySpeculatable for NeverSpeculate {
    fn speculatability<'c>(
        &self,
        _: &'c Context,
        _: &pto_ir::Body<'c>,
        _: pto_ir::OpId,
    ) -> Speculatability {
        Speculatability::NotSpeculatable
    }
}

#[test]
fn external_models_attach_once_and_only_to_registered_ops() {
    use pto_ir::op_interfaces::ConditionallySpeculatable;
    use pto_ir::InterfaceError;
    let mut ctx = Context::new();
    ctx.register_dialect(&pto_dialects::func::DIALECT);
    ctx.register_dialect(&pto_dialects::arith::DIALECT);
    ctx.register_dialect(&pto_dialects::scf::DIALECT);
    let m = parse_source(&ctx, SRC, "t.mlir", &Default::default()).unwrap();
    // Declared without memory effects and without a model: speculatable by default.
    let (b, add) = ops(&m.body, "arith.addi")[0];
    assert_eq!(speculatability(&ctx, b, add), Speculatability::Speculatable);
    drop(m);

    // An op without a model of the interface takes one, by its typed wrapper.
    ctx.attach_op_interface::<pto_dialects::arith::AddIOp, dyn ConditionallySpeculatable>(
        &NeverSpeculate,
    )
    .expect("attaches");
    let m = parse_source(&ctx, SRC, "t.mlir", &Default::default()).unwrap();
    let (b, add) = ops(&m.body, "arith.addi")[0];
    assert_eq!(
        speculatability(&ctx, b, add),
        Speculatability::NotSpeculatable
    );
    drop(m);

    // A second model is an error, whether the first was attached or declared in ODS.
    let again = ctx
        .attach_op_interface::<pto_dialects::arith::AddIOp, dyn ConditionallySpeculatable>(
            &NeverSpeculate,
        );
    assert!(matches!(again, Err(InterfaceError::Duplicate { .. })));
    let declared = ctx
        .attach_op_interface::<pto_dialects::arith::DivUIOp, dyn ConditionallySpeculatable>(
            &NeverSpeculate,
        );
    let err = declared.unwrap_err();
    assert!(matches!(err, InterfaceError::Duplicate { .. }));
    assert!(err
        .to_string()
        .contains("'arith.divui' already has a model of ConditionallySpeculatable"));

    // An op that is not registered has no models.
    let unregistered =
        ctx.attach_interface::<dyn ConditionallySpeculatable>("memref.load", &NeverSpeculate);
    assert!(matches!(
        unregistered,
        Err(InterfaceError::UnregisteredOp { .. })
    ));
}

/// `BranchOpInterface`: the `cf` and `llvm` branches pick their successor for constant
/// operands; other ops do not declare it.
#[test]
fn branches_choose_successors_for_constants() {
    use pto_ir::op_interfaces::BranchOpInterface;
    let mut ctx = Context::new();
    pto_mlir::register_all_dialects(&mut ctx);
    let src = "func.func @f(%c: i1, %x: i32) {
  cf.cond_br %c, ^a, ^b
^a:
  cf.switch %x : i32, [default: ^b, 4: ^a, 9: ^b]
^b:
  llvm.cond_br %c, ^a, ^b
}
";
    let m = parse_source(&ctx, src, "t.mlir", &Default::default()).unwrap();
    let i = |v: i128, w| Some(ctx.int_attr(ctx.int_type(w), v));
    let model = |b: &Body<'_>, op: OpId| {
        b.op_name(op)
            .def
            .and_then(|d| d.declared_interface::<dyn BranchOpInterface>())
    };
    for name in ["cf.cond_br", "llvm.cond_br"] {
        let (b, op) = ops(&m.body, name)[0];
        let br = model(b, op).expect("declared");
        assert_eq!(br.successor_for_operands(b, op, &[i(1, 1)]), Some(0));
        assert_eq!(br.successor_for_operands(b, op, &[i(0, 1)]), Some(1));
        assert_eq!(br.successor_for_operands(b, op, &[None]), None);
    }
    let (b, switch) = ops(&m.body, "cf.switch")[0];
    let br = model(b, switch).expect("declared");
    assert_eq!(br.successor_for_operands(b, switch, &[i(9, 32)]), Some(2));
    assert_eq!(br.successor_for_operands(b, switch, &[i(5, 32)]), Some(0));
    let (b, func) = ops(&m.body, "func.func")[0];
    assert!(model(b, func).is_none());
}
