//! Dominance within one region: the immediate dominators of its blocks (Cooper, Harvey
//! and Kennedy's iterative algorithm over reverse post-order), used by the verifier and
//! by transformations that need the dominator tree (CSE).

use rustc_hash::FxHashMap;

use super::{BlockId, Body, RegionId};

/// The dominator tree of one region's blocks.
pub struct Dominators {
    /// Each block's index in region order.
    pub index: FxHashMap<BlockId, usize>,
    /// The immediate dominator of each block, by index (the entry is its own).
    pub idom: Vec<usize>,
    /// Whether each block is reachable from the entry.
    pub reachable: Vec<bool>,
}

/// The blocks of `region` reachable from its entry, in reverse post-order of a
/// depth-first walk that takes successors in order (LLVM's `post_order`, reversed):
/// every block comes after its dominators. MLIR's dialect conversion visits blocks in
/// this order (its `ForwardDominanceIterator`), so ops of unreachable blocks are left
/// as they are.
pub fn reverse_post_order(body: &Body<'_>, region: RegionId) -> Vec<BlockId> {
    let blocks: Vec<BlockId> = body.region_blocks(region).collect();
    if blocks.len() <= 1 {
        return blocks;
    }
    let index: FxHashMap<BlockId, usize> =
        blocks.iter().enumerate().map(|(i, b)| (*b, i)).collect();
    let succs: Vec<Vec<usize>> = blocks
        .iter()
        .map(|&b| {
            body.last_op(b).map_or_else(Vec::new, |t| {
                body.successors(t)
                    .iter()
                    .filter_map(|s| index.get(s).copied())
                    .collect()
            })
        })
        .collect();
    reverse_post_order_indices(&succs)
        .into_iter()
        .map(|i| blocks[i])
        .collect()
}

/// Reverse post-order from node 0 of the graph given by successor lists.
fn reverse_post_order_indices(succs: &[Vec<usize>]) -> Vec<usize> {
    let n = succs.len();
    let mut rpo = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    let mut stack = Vec::new();
    if n > 0 {
        seen[0] = true;
        stack.push((0usize, 0usize));
    }
    while let Some((b, i)) = stack.pop() {
        if i < succs[b].len() {
            stack.push((b, i + 1));
            let s = succs[b][i];
            if !seen[s] {
                seen[s] = true;
                stack.push((s, 0));
            }
        } else {
            rpo.push(b);
        }
    }
    rpo.reverse();
    rpo
}

/// Cooper-Harvey-Kennedy iterative dominators over a region's CFG.
pub fn compute_dominators(body: &Body<'_>, region: RegionId) -> Dominators {
    let blocks: Vec<BlockId> = body.region_blocks(region).collect();
    let index: FxHashMap<BlockId, usize> =
        blocks.iter().enumerate().map(|(i, b)| (*b, i)).collect();
    let n = blocks.len();
    let mut succs = vec![Vec::new(); n];
    let mut preds = vec![Vec::new(); n];
    for (i, &b) in blocks.iter().enumerate() {
        if let Some(t) = body.last_op(b) {
            for s in body.successors(t) {
                if let Some(&j) = index.get(s) {
                    succs[i].push(j);
                    preds[j].push(i);
                }
            }
        }
    }
    let rpo = reverse_post_order_indices(&succs);
    let mut order = vec![usize::MAX; n];
    for (i, &b) in rpo.iter().enumerate() {
        order[b] = i;
    }
    let undefined = usize::MAX;
    let mut idom = vec![undefined; n];
    if n > 0 {
        idom[0] = 0;
    }
    let mut changed = true;
    while changed {
        changed = false;
        for &b in rpo.iter().skip(1) {
            let mut new = undefined;
            for &p in &preds[b] {
                if idom[p] == undefined {
                    continue;
                }
                new = if new == undefined {
                    p
                } else {
                    let (mut x, mut y) = (p, new);
                    while x != y {
                        while order[x] > order[y] {
                            x = idom[x];
                        }
                        while order[y] > order[x] {
                            y = idom[y];
                        }
                    }
                    x
                };
            }
            if new != undefined && idom[b] != new {
                idom[b] = new;
                changed = true;
            }
        }
    }
    let mut reachable = vec![false; n];
    for &b in &rpo {
        reachable[b] = true;
    }
    for (i, d) in idom.iter_mut().enumerate() {
        if *d == undefined {
            *d = i;
        }
    }
    Dominators {
        index,
        idom,
        reachable,
    }
}

impl Dominators {
    /// The blocks (by index in region order) that `i` immediately dominates.
    pub fn children(&self) -> Vec<Vec<usize>> {
        let mut out = vec![Vec::new(); self.idom.len()];
        for (j, &d) in self.idom.iter().enumerate() {
            if j != 0 && d != usize::MAX && self.reachable[j] {
                out[d].push(j);
            }
        }
        out
    }
}
