// C = A @ B as Eclat writes it: both operands expanded to [M, K, N], multiplied and
// summed over K. The lowering fuses the product into the reduction's loop, so the
// M x K x N tensor never exists.
program {
    graph<M, K, N> matmul(a: f32[M, K], b: f32[K, N]) -> f32[M, N] {
        let a_expanded = expand(unsqueeze(a, axis=2), [M, K, N]);
        let b_expanded = expand(unsqueeze(b, axis=0), [M, K, N]);
        let product = a_expanded * b_expanded;
        let result = sum(product, axis=1);
        return squeeze(result, axis=1);
    }
}
