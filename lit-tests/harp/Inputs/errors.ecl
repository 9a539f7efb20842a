program {
    graph<M> f(x: f32[M, 4]) -> f32[M, 4] {
        let y = x + undefined_name;
        return y;
    }
}
