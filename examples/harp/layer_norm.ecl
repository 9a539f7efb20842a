// Layer normalization over the last axis, then a scale and a shift broadcast
// along the rows.
program {
    graph<B> layer_norm(x: f32[B, 1024], gamma: f32[1024], beta: f32[1024]) -> f32[B, 1024] {
        let mean = sum(x, axis=1) / 1024.0;
        let x_centered = x - expand(mean, [B, 1024]);
        let var = sum(x_centered * x_centered, axis=1) / 1024.0;
        let std = sqrt(var + 1e-5);
        let x_norm = x_centered / expand(std, [B, 1024]);
        return x_norm * gamma + beta;
    }
}
