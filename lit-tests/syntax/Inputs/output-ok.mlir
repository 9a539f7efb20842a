func.func @ok() {
  return
}
