// An op with one region from an unregistered dialect may define a symbol table of its
// own, so symbol-dce cannot tell what the references inside it name.
func.func private @x()
"foo.region"() ({
  "foo.use"() {r = @x} : () -> ()
}) : () -> ()
