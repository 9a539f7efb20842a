// Softmax over the rows: exp(x - max(x)) / sum(exp(x - max(x))), rows of any count.
program {
    graph<M> softmax(x: f32[M, 1024]) -> f32[M, 1024] {
        let x_max = max(x, axis=1);
        let x_shifted = x - expand(x_max, [M, 1024]);
        let exp_x = exp(x_shifted);
        let sum_exp = sum(exp_x, axis=1);
        return exp_x / expand(sum_exp, [M, 1024]);
    }
}
