//! `search::farthest` against a brute force on random small directed graphs.

use std::collections::{BTreeSet, VecDeque};

use proptest::prelude::*;
use puzzle_search::adapt;
use puzzle_search::search::{farthest, Limits};

/// Distances from 0 by a plain queue: (reached, largest distance, states at it).
fn brute_force(edges: &[Vec<usize>]) -> (usize, u32, BTreeSet<usize>) {
    let mut distance = vec![None; edges.len()];
    distance[0] = Some(0u32);
    let mut queue = VecDeque::from([0usize]);
    while let Some(node) = queue.pop_front() {
        for &next in &edges[node] {
            if distance[next].is_none() {
                distance[next] = Some(distance[node].unwrap() + 1);
                queue.push_back(next);
            }
        }
    }
    let reached = distance.iter().flatten().count();
    let far = distance.iter().flatten().copied().max().unwrap();
    let at = (0..edges.len())
        .filter(|&n| distance[n] == Some(far))
        .collect();
    (reached, far, at)
}

fn graphs() -> impl Strategy<Value = Vec<Vec<usize>>> {
    (1usize..40).prop_flat_map(|n| prop::collection::vec(prop::collection::vec(0..n, 0..4), n))
}

proptest! {
    #[test]
    fn farthest_matches_a_brute_force(edges in graphs()) {
        let graph = adapt::from_fn(|&n: &usize| edges[n].clone(), |_| false);
        let (reached, far, at) = brute_force(&edges);
        let result = farthest(&graph, 0, &Limits::new());
        let answer = result.outcome.unwrap();
        prop_assert_eq!(answer.reached, reached);
        prop_assert_eq!(answer.distance, far);
        prop_assert_eq!(answer.states.iter().copied().collect::<BTreeSet<_>>(), at);
        prop_assert_eq!(answer.states.len(), answer.states.iter().collect::<BTreeSet<_>>().len());
        prop_assert_eq!(result.stats.max_stored, reached);

        // A limit is not an answer: one state short, or one move short.
        let short = farthest(&graph, 0, &Limits::new().with_max_states(reached - 1));
        prop_assert_eq!(short.outcome.err().map(|l| l.name()), Some("states"));
        let exact = farthest(&graph, 0, &Limits::new().with_max_states(reached));
        prop_assert!(exact.outcome.is_ok());
        if far > 0 {
            let shallow = farthest(&graph, 0, &Limits::new().with_max_depth(far - 1));
            prop_assert_eq!(shallow.outcome.err().map(|l| l.name()), Some("depth"));
        }
        prop_assert!(farthest(&graph, 0, &Limits::new().with_max_depth(far)).outcome.is_ok());
    }
}

/// A cancelled search says so.
#[test]
fn a_cancelled_search_is_no_answer() {
    let flag = puzzle_search::search::CancelFlag::new();
    flag.cancel();
    let line = adapt::from_fn(|&n: &u32| (n < 100_000).then_some(n + 1), |_| false);
    let result = farthest(&line, 0, &Limits::new().with_cancel_flag(flag));
    assert_eq!(result.outcome.err().map(|l| l.name()), Some("cancelled"));
}
