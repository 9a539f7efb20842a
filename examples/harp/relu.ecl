// ReLU over symbolic sizes that the command line binds, as upstream's example is
// used: pto-translate --import-ecl relu.ecl -D batch=32 -D hidden=64.
program {
    graph relu(x: f32[batch, hidden]) -> f32[batch, hidden] {
        return where(x > 0.0, x, 0.0);
    }
}
