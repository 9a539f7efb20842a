// Elementwise addition with broadcasting: a row vector added to every row.
program {
    graph<M, N> add(a: f32[M, N], b: f32[N]) -> f32[M, N] {
        return a + b;
    }
}
