// Random initialization: a uniform and a normal draw (counter-based, so the same
// numbers on any number of threads), scaled like a He-initialized weight.
program {
    graph uniform() -> f32[256, 256] {
        return randu([256, 256], seed=1);
    }
    graph he() -> f32[256, 256] {
        return randn([256, 256], seed=2) * sqrt(2.0 / 256.0);
    }
}
