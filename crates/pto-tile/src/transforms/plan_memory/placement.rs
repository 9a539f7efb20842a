//! First-fit placement of buffers with lifetimes in one address space.
//!
//! Buffers are placed in the order given (program order of their starts). Each gets the
//! lowest aligned offset where it overlaps no buffer that is still live when it starts,
//! nor a reserved range. Lifetimes are inclusive position intervals, so two buffers
//! used by the same op (a scratch operand and the destination) always overlap. Buffers
//! whose lifetime ended are dropped from the live set through a heap ordered by their
//! last position; the live set is kept ordered by offset, so a placement costs a walk
//! over the buffers live at that point.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// One buffer to place.
#[derive(Clone, Copy, Debug)]
pub(super) struct Request {
    /// First position at which it is live.
    pub first: u32,
    /// Last position at which it is live.
    pub last: u32,
    /// Bytes, already a multiple of the alignment.
    pub size: u64,
}

/// Places `requests` in the order of `order` (indices into `requests`), avoiding the
/// byte ranges `reserved` (`[start, end)`, live throughout). Capacity is not checked
/// here: offsets past it tell the caller what would be needed. Returns one offset per
/// request.
pub(super) fn first_fit(
    requests: &[Request],
    order: &[usize],
    reserved: &[(u64, u64)],
    align: u64,
) -> Vec<u64> {
    let align = align.max(1);
    let mut offsets = vec![0u64; requests.len()];
    // Live ranges by (start, key) -> end; keys of reserved ranges follow the requests'.
    let mut live: BTreeMap<(u64, usize), u64> = BTreeMap::new();
    for (k, &(start, end)) in reserved.iter().enumerate() {
        live.insert((start, requests.len() + k), end);
    }
    let mut expiry: BinaryHeap<Reverse<(u32, u64, usize)>> = BinaryHeap::new();
    for &i in order {
        let r = requests[i];
        while let Some(&Reverse((last, start, k))) = expiry.peek() {
            if last >= r.first {
                break;
            }
            expiry.pop();
            live.remove(&(start, k));
        }
        let mut at = 0u64;
        for (&(start, _), &end) in &live {
            if at + r.size <= start {
                break;
            }
            at = at.max(end.next_multiple_of(align));
        }
        offsets[i] = at;
        live.insert((at, i), at + r.size);
        expiry.push(Reverse((r.last, at, i)));
    }
    offsets
}

/// Lays `requests` out one after another in the order of `order`, from offset 0,
/// stepping over the byte ranges `reserved`: PTOAS's placement when nothing needs to
/// share. One step per request and per reserved range it has to step over.
pub(super) fn one_after_another(
    requests: &[Request],
    order: &[usize],
    reserved: &[(u64, u64)],
    align: u64,
) -> Vec<u64> {
    let align = align.max(1);
    let mut reserved = reserved.to_vec();
    reserved.sort_unstable();
    let mut next = 0;
    let mut offsets = vec![0u64; requests.len()];
    let mut at = 0u64;
    for &i in order {
        let size = requests[i].size;
        // Ranges are sorted by start. Those ending before `at` no longer matter; the
        // buffer steps over each one it would overlap, up to the first that starts
        // after it.
        while reserved.get(next).is_some_and(|&(_, end)| end <= at) {
            next += 1;
        }
        for &(start, end) in &reserved[next..] {
            if at + size <= start {
                break;
            }
            if end > at {
                at = end.next_multiple_of(align);
            }
        }
        offsets[i] = at;
        at += size;
    }
    offsets
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(first: u32, last: u32, size: u64) -> Request {
        Request { first, last, size }
    }

    #[test]
    fn live_buffers_stack_and_dead_ones_are_reused() {
        let rs = [req(1, 5, 64), req(2, 3, 32), req(4, 6, 32), req(7, 8, 128)];
        let offs = first_fit(&rs, &[0, 1, 2, 3], &[], 32);
        assert_eq!(offs, vec![0, 64, 64, 0]);
    }

    #[test]
    fn a_hole_between_live_buffers_is_filled() {
        let rs = [req(1, 9, 32), req(2, 3, 32), req(2, 9, 32), req(5, 9, 32)];
        let offs = first_fit(&rs, &[0, 1, 2, 3], &[], 32);
        assert_eq!(offs, vec![0, 32, 64, 32]);
    }

    #[test]
    fn reserved_ranges_are_skipped_and_offsets_realigned() {
        let rs = [req(1, 2, 64), req(1, 2, 32)];
        let offs = first_fit(&rs, &[0, 1], &[(0, 40), (200, 300)], 32);
        assert_eq!(offs, vec![64, 128]);
    }

    #[test]
    fn one_after_another_steps_over_reserved_ranges() {
        let rs = [req(1, 2, 64), req(3, 4, 32), req(5, 6, 32)];
        let offs = one_after_another(&rs, &[0, 1, 2], &[(96, 100), (64, 70)], 32);
        assert_eq!(offs, vec![0, 128, 160]);
    }

    #[test]
    fn touching_lifetimes_overlap() {
        let rs = [req(1, 4, 32), req(4, 5, 32)];
        assert_eq!(first_fit(&rs, &[0, 1], &[], 32), vec![0, 32]);
    }
}
