//! From the graph of every optimal path of keys, as the search finds it, to
//! the graph of every optimal path of real states.

use super::graph::OptimalGraph;
use crate::Puzzle;

/// The graph of every optimal path of keys: the keys layer by layer, and
/// from each the keys of the next layer it leads to.
pub(super) struct KeyGraph<K> {
    keys: Vec<K>,
    /// Where each layer starts, and where the last ends.
    layers: Vec<u32>,
    /// Where the children of each key start, and where the last ends.
    offsets: Vec<u32>,
    children: Vec<u32>,
}

impl<K: Copy + Eq> KeyGraph<K> {
    /// The graph of the `keys` kept of a search, in order: `kept[i]` says
    /// whether state `i` of the search is one; `bounds` are the search's
    /// layers, and `edges` its edges between kept states (parent, child) in
    /// the order of their parents.
    pub(super) fn new(
        keys: impl Iterator<Item = K>,
        kept: &[bool],
        bounds: &[u32],
        edges: impl Iterator<Item = (u32, u32)>,
    ) -> Self {
        // `rank[i]`: the kept states before state `i` of the search, the new
        // index of state `i` if it is kept.
        let mut rank = Vec::with_capacity(kept.len() + 1);
        let mut count = 0u32;
        rank.push(0);
        for &keep in kept {
            count += u32::from(keep);
            rank.push(count);
        }
        let new = |index: u32| rank.get(index as usize).copied().unwrap_or(0);
        let keys: Vec<K> = keys.collect();
        let mut offsets = vec![0u32; keys.len() + 1];
        let children = edges
            .map(|(parent, child)| {
                if let Some(offset) = offsets.get_mut(new(parent) as usize + 1) {
                    *offset += 1;
                }
                new(child)
            })
            .collect();
        for index in 1..offsets.len() {
            let before = offsets.get(index - 1).copied().unwrap_or(0);
            if let Some(offset) = offsets.get_mut(index) {
                *offset += before;
            }
        }
        KeyGraph {
            keys,
            layers: bounds.iter().map(|&bound| new(bound)).collect(),
            offsets,
            children,
        }
    }

    /// The keys key `index` leads to.
    fn children(&self, index: usize) -> &[u32] {
        match (self.offsets.get(index), self.offsets.get(index + 1)) {
            (Some(&start), Some(&end)) => self
                .children
                .get(start as usize..end as usize)
                .unwrap_or_default(),
            _ => &[],
        }
    }

    /// The graph of real states: from `start` (the state of key 0), layer
    /// after layer, every successor of a state whose key is a child of the
    /// state's key, each state once per layer.
    ///
    /// # Complexity
    ///
    /// One expansion per real state of the graph but the goals; a state is
    /// looked for among those of its key only.
    pub(super) fn lift<P>(
        &self,
        puzzle: &P,
        starts: Vec<P::State>,
    ) -> OptimalGraph<P::State, P::Move>
    where
        P: Puzzle<Key = K>,
        P::State: PartialEq,
    {
        // The starts are the first keys, one each.
        let roots = starts.len() as u32;
        let mut states = starts;
        // The key of each real state, and the real states of each key.
        let mut key_of: Vec<u32> = (0..roots).collect();
        let mut members: Vec<Vec<u32>> = vec![Vec::new(); self.keys.len()];
        for (root, members) in members.iter_mut().take(roots as usize).enumerate() {
            members.push(root as u32);
        }
        let mut layers = vec![0u32, roots];
        let mut offsets = vec![0u32];
        let mut edges: Vec<(u32, P::Move)> = Vec::new();
        for _ in 1..self.layers.len().saturating_sub(1) {
            let [.., start, end] = layers[..] else {
                break;
            };
            for index in start..end {
                let Some(state) = states.get(index as usize).cloned() else {
                    break;
                };
                let children =
                    self.children(key_of.get(index as usize).copied().unwrap_or(0) as usize);
                let from = edges.len();
                puzzle.successors(&state, |mv, next| {
                    let key = puzzle.encode(&next);
                    let Some(&child) = children
                        .iter()
                        .find(|&&child| self.keys.get(child as usize) == Some(&key))
                    else {
                        return;
                    };
                    let Some(same_key) = members.get_mut(child as usize) else {
                        return;
                    };
                    let known = same_key
                        .iter()
                        .copied()
                        .find(|&other| states.get(other as usize) == Some(&next));
                    let real = known.unwrap_or_else(|| {
                        let real = states.len() as u32;
                        same_key.push(real);
                        states.push(next);
                        key_of.push(child);
                        real
                    });
                    let twice = edges.get(from..).unwrap_or_default();
                    if !twice.iter().any(|(other, _)| *other == real) {
                        edges.push((real, mv));
                    }
                });
                offsets.push(edges.len() as u32);
            }
            layers.push(states.len() as u32);
        }
        // The goals lead nowhere.
        offsets.resize(states.len() + 1, edges.len() as u32);
        OptimalGraph::from_layers(states, layers, offsets, edges)
    }
}
