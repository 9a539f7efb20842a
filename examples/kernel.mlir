// A vector-add kernel over tiles, written in generic form. The func/arith/scf/memref
// dialects are read as unregistered ops until they are defined in ODS.
#tile = affine_map<(d0, d1) -> (d0 * 32 + d1)>
module @kernels attributes {pto.target_arch = "a3"} {
  "func.func"() <{function_type = (memref<32x32xf32, #tile>, memref<32x32xf32, #tile>, memref<32x32xf32, #tile>) -> (), sym_name = "vadd"}> ({
  ^bb0(%a: memref<32x32xf32, #tile>, %b: memref<32x32xf32, #tile>, %c: memref<32x32xf32, #tile>):
    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %c1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %c32 = "arith.constant"() <{value = 32 : index}> : () -> index
    "scf.for"(%c0, %c32, %c1) ({
    ^bb0(%i: index):
      "scf.for"(%c0, %c32, %c1) ({
      ^bb0(%j: index):
        %x = "memref.load"(%a, %i, %j) : (memref<32x32xf32, #tile>, index, index) -> f32
        %y = "memref.load"(%b, %i, %j) : (memref<32x32xf32, #tile>, index, index) -> f32
        %s = "arith.addf"(%x, %y) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        "memref.store"(%s, %c, %i, %j) : (f32, memref<32x32xf32, #tile>, index, index) -> ()
        "scf.yield"() : () -> ()
      }) : (index, index, index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}
