//! Regression tests for inputs that once aborted, hung or bloated a search:
//! heuristics of any size, huge branching factors, limits that must answer
//! promptly.

use std::cell::Cell;

use puzzle_search::search::{CancelFlag, Engine, Limit, Limits, Outcome, TwoWay};
use puzzle_search::{Backward, Puzzle};

/// A line of `len` states, 0 to `len - 1`; the goal is the last. Dead ends
/// hang off every state: `len + i` leads nowhere.
struct Line {
    len: u64,
}

impl Puzzle for Line {
    type State = u64;
    type Move = ();
    type Key = u64;

    fn encode(&self, state: &u64) -> u64 {
        *state
    }

    fn successors(&self, &state: &u64, mut emit: impl FnMut((), u64)) {
        if state + 1 < self.len {
            emit((), state + 1);
            emit((), self.len + state);
        }
    }

    fn is_goal(&self, &state: &u64) -> bool {
        state == self.len - 1
    }

    /// Exact on the line, "infinite" on the dead ends: admissible, and as
    /// large as a `u32` gets.
    fn heuristic(&self, &state: &u64) -> u32 {
        if state < self.len {
            u32::try_from(self.len - 1 - state).unwrap_or(u32::MAX)
        } else {
            u32::MAX
        }
    }
}

impl Backward for Line {
    fn goal_states(&self, _: &u64, mut emit: impl FnMut(u64)) {
        emit(self.len - 1);
    }

    fn predecessors(&self, &state: &u64, mut emit: impl FnMut((), u64)) {
        if state > 0 && state < self.len {
            emit((), state - 1);
        }
    }
}

#[test]
fn a_heuristic_of_u32_max_costs_no_memory_by_its_size() {
    // 21 states on the line: once, the open list allocated 96 GiB here.
    let line = Line { len: 11 };
    for engine in [Engine::AStar, Engine::IdaStar] {
        let result = engine.solve(TwoWay(&line), 0, &Limits::new().with_max_states(1000));
        assert_eq!(result.outcome.path().map(|path| path.len()), Some(10));
    }
}

#[test]
fn a_heuristic_of_a_hundred_million_costs_no_memory_by_its_size() {
    let line = Line { len: 50 };
    let informed = (&line).with_heuristic(|&state: &u64| {
        if state < line.len {
            (line.len - 1 - state) as u32
        } else {
            100_000_000
        }
    });
    let result = Engine::AStar.solve(TwoWay(&informed), 0, &Limits::new());
    assert_eq!(result.outcome.path().map(|path| path.len()), Some(49));
}

#[test]
fn a_goal_two_to_the_31_moves_away_stops_at_the_state_limit() {
    let line = Line { len: 1 << 31 };
    let limits = Limits::new().with_max_states(10_000);
    for engine in Engine::ALL {
        let result = engine.solve(TwoWay(&line), 0, &limits);
        assert_eq!(
            result.outcome,
            Outcome::LimitReached(Limit::States { max: 10_000 }),
            "{engine}"
        );
        assert!(result.stats.max_stored <= 10_000, "{engine}");
    }
}

/// A star: the centre has `children` successors, none of them a goal, and
/// cancels `flag` after handing out `cancel_after` of them.
struct Star {
    children: u64,
    cancel_after: u64,
    flag: CancelFlag,
    emitted: Cell<u64>,
}

impl Puzzle for Star {
    type State = u64;
    type Move = ();
    type Key = u64;

    fn encode(&self, state: &u64) -> u64 {
        *state
    }

    fn successors(&self, &state: &u64, mut emit: impl FnMut((), u64)) {
        if state != 0 {
            return;
        }
        for child in 1..=self.children {
            if self.emitted.get() == self.cancel_after {
                self.flag.cancel();
            }
            self.emitted.set(self.emitted.get() + 1);
            emit((), child);
        }
    }

    fn is_goal(&self, _: &u64) -> bool {
        false
    }
}

impl Backward for Star {
    fn goal_states(&self, _: &u64, mut emit: impl FnMut(u64)) {
        emit(u64::MAX);
    }

    fn predecessors(&self, _: &u64, _: impl FnMut((), u64)) {}
}

#[test]
fn a_cancel_is_noticed_among_the_children_of_one_state() {
    for engine in Engine::ALL {
        let flag = CancelFlag::new();
        let star = Star {
            children: 200_000,
            cancel_after: 5_000,
            flag: flag.clone(),
            emitted: Cell::new(0),
        };
        let result = engine.solve(TwoWay(&star), 0, &Limits::new().with_cancel_flag(flag));
        assert_eq!(
            result.outcome,
            Outcome::LimitReached(Limit::Cancelled),
            "{engine}"
        );
        // The engine looks at the flag every 1,024 children at the latest, and
        // stores nothing once it has seen it.
        assert!(
            result.stats.max_stored <= 5_000 + 2_048,
            "{engine}: {} states stored after the cancel",
            result.stats.max_stored
        );
    }
}

// ---------------------------------------------------------------- table files

mod table_files {
    use puzzle_search::atlas::file::{self, FileError, ImpossibleDistances, HEADER_LEN};
    use puzzle_search::atlas::{AtlasError, Distances};

    /// The checksum of the file format (see `atlas::file`), over `bytes` with
    /// the checksum field read as zero.
    fn checksum(bytes: &[u8]) -> u64 {
        let mut unsummed = bytes.to_vec();
        unsummed[48..56].fill(0);
        unsummed
            .chunks(8)
            .fold(0x243F_6A88_85A3_08D3, |hash: u64, chunk| {
                let mut word = [0u8; 8];
                word[..chunk.len()].copy_from_slice(chunk);
                (hash ^ u64::from_le_bytes(word))
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    .rotate_left(29)
            })
    }

    /// `bytes` with its checksum made right again: a forger's file.
    fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
        let sum = checksum(&bytes);
        bytes[48..56].copy_from_slice(&sum.to_le_bytes());
        bytes
    }

    fn saved(distances: &[u8]) -> Vec<u8> {
        let mut bytes = Vec::new();
        let distances = Distances::from_bytes(distances.to_vec());
        file::save(&mut bytes, "klotski/piece", &distances, None).unwrap();
        bytes
    }

    fn file_error(bytes: &[u8], name: &str) -> FileError {
        match file::load(bytes, name, (bytes.len() - HEADER_LEN) as u64) {
            Err(AtlasError::File(error)) => error,
            other => panic!("expected a file error, got {other:?}"),
        }
    }

    #[test]
    fn the_checksum_covers_the_header() {
        let bytes = saved(&[0, 1, 1, 2, 255]);
        assert_eq!(checksum(&bytes).to_le_bytes(), bytes[48..56]);
        // The metric renamed: `piece` becomes `pieca`, read as that space.
        let mut renamed = bytes.clone();
        renamed[8 + "klotski/piec".len()] = b'a';
        assert_eq!(
            file_error(&renamed, "klotski/pieca"),
            FileError::BadChecksum
        );
    }

    #[test]
    fn reserved_bytes_must_stay_zero() {
        for offset in [44, 47, 56, 63, 8 + "klotski/piece".len() + 1] {
            let mut edited = saved(&[0, 1, 2]);
            edited[offset] = 1;
            let edited = resealed(edited);
            assert_eq!(
                file_error(&edited, "klotski/piece"),
                FileError::ReservedByte { offset },
                "offset {offset}"
            );
        }
    }

    #[test]
    fn forged_distances_that_no_search_gives_are_refused() {
        // A layer missing: states 3 moves away, none 2 away.
        let mut forged = saved(&[0, 1, 1, 2]);
        forged[HEADER_LEN + 3] = 3;
        assert_eq!(
            file_error(&resealed(forged), "klotski/piece"),
            FileError::ImpossibleDistances(ImpossibleDistances::MissingLayer { distance: 3 })
        );
        // No goal at all, yet states at a distance.
        let mut forged = saved(&[0, 1, 1, 2]);
        forged[HEADER_LEN] = 255;
        assert!(matches!(
            file_error(&resealed(forged), "klotski/piece"),
            FileError::ImpossibleDistances(ImpossibleDistances::MissingLayer { distance: 1 })
        ));
    }

    #[test]
    fn old_format_files_are_named_as_such() {
        let mut old = saved(&[0, 1]);
        old[..8].copy_from_slice(b"PZATLAS1");
        assert_eq!(file_error(&old, "klotski/piece"), FileError::OldFormat);
    }

    #[test]
    fn absurd_sizes_are_errors_not_panics() {
        let bytes = saved(&[0]);
        for states in [u64::MAX, u64::MAX / 5 + 1, 1 << 62] {
            let mut claimed = bytes.clone();
            claimed[32..40].copy_from_slice(&states.to_le_bytes());
            let claimed = resealed(claimed);
            let result = file::load(&claimed[..], "klotski/piece", states);
            assert!(
                matches!(result, Err(AtlasError::TooLarge { .. })),
                "{states}: {result:?}"
            );
        }
    }
}

// ---------------------------------------------------------------- broken contracts

mod broken_contracts {
    use proptest::prelude::*;
    use puzzle_search::search::{Engine, Limits, Outcome, TwoWay};
    use puzzle_search::{Backward, Puzzle};

    /// A random graph whose `encode` folds states that are not interchangeable:
    /// the key is the state modulo `modulus`, whatever the edges.
    #[derive(Debug)]
    struct Folded {
        edges: Vec<Vec<u32>>,
        reverse: Vec<Vec<u32>>,
        goal: u32,
        modulus: u32,
    }

    impl Puzzle for Folded {
        type State = u32;
        type Move = (u32, u32);
        type Key = u32;
        fn encode(&self, state: &u32) -> u32 {
            state % self.modulus
        }
        fn successors(&self, &state: &u32, mut emit: impl FnMut((u32, u32), u32)) {
            for &next in &self.edges[state as usize] {
                emit((state, next), next);
            }
        }
        fn is_goal(&self, state: &u32) -> bool {
            *state == self.goal
        }
    }

    impl Backward for Folded {
        fn goal_states(&self, _: &u32, mut emit: impl FnMut(u32)) {
            emit(self.goal);
        }
        fn predecessors(&self, &state: &u32, mut emit: impl FnMut((u32, u32), u32)) {
            for &previous in &self.reverse[state as usize] {
                emit((previous, state), previous);
            }
        }
    }

    fn folded() -> impl Strategy<Value = Folded> {
        (2usize..24, 1u32..6)
            .prop_flat_map(|(states, modulus)| {
                let edges =
                    prop::collection::vec(prop::collection::vec(0..states as u32, 0..4), states);
                (edges, 0..states as u32, Just(modulus))
            })
            .prop_map(|(edges, goal, modulus)| {
                let mut reverse = vec![Vec::new(); edges.len()];
                for (from, targets) in edges.iter().enumerate() {
                    for &to in targets {
                        reverse[to as usize].push(from as u32);
                    }
                }
                Folded {
                    edges,
                    reverse,
                    goal,
                    modulus,
                }
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// No engine panics, and a path reported as solved is real and ends at a goal.
        #[test]
        fn a_broken_encode_never_yields_a_false_path(puzzle in folded(), start in 0u32..24) {
            let start = start % puzzle.edges.len() as u32;
            for engine in Engine::ALL {
                let limits = Limits::new().with_max_depth(64).with_table_capacity(1 << 16);
                let result = engine.solve(TwoWay(&puzzle), start, &limits);
                if let Outcome::Solved(path) = &result.outcome {
                    prop_assert_eq!(*path.start(), start);
                    prop_assert!(path.replays(&puzzle), "{}: {:?}", engine, path);
                }
            }
        }
    }
}

// ---------------------------------------------------------------- arbitrary table files

mod arbitrary_tables {
    use proptest::prelude::*;
    use puzzle_search::atlas::file::{self, HEADER_LEN};
    use puzzle_search::atlas::Distances;

    /// A valid table file, then `edits` applied to its bytes.
    fn edited(distances: Vec<u8>, edits: &[(usize, u8)]) -> Vec<u8> {
        let mut bytes = Vec::new();
        file::save(&mut bytes, "toy", &Distances::from_bytes(distances), None).unwrap();
        for &(at, value) in edits {
            let at = at % bytes.len();
            bytes[at] = value;
        }
        bytes
    }

    proptest! {
        /// The loader on arbitrary bytes and on edited tables: a table or an
        /// error, never a panic; a table it accepts saves back to the same bytes.
        #[test]
        fn the_loader_answers_anything(
            noise in prop::collection::vec(any::<u8>(), 0..200),
            distances in prop::collection::vec(0u8..4, 1..40),
            edits in prop::collection::vec((any::<usize>(), any::<u8>()), 0..4),
        ) {
            let valid = edited(distances, &edits);
            for bytes in [noise.clone(), valid] {
                let states = bytes.len().saturating_sub(HEADER_LEN) as u64;
                match file::load(&bytes[..], "toy", states) {
                    Ok((distances, components)) => {
                        let mut again = Vec::new();
                        file::save(&mut again, "toy", &distances, components.as_ref()).unwrap();
                        prop_assert_eq!(again, bytes);
                    }
                    Err(error) => prop_assert!(!error.to_string().is_empty()),
                }
            }
        }
    }
}

/// How late each engine notices its deadline when every state has 200,000
/// children: `cargo test --release --test library hardening::how_late -- --ignored --nocapture`.
#[test]
#[ignore = "a timing, for release builds"]
fn how_late_a_deadline_is_noticed() {
    use std::time::{Duration, Instant};
    let wide = puzzle_search::adapt::from_fn(
        |&state: &u64| (0..200_000u64).map(move |child| state * 200_000 + child + 1),
        |_| false,
    );
    let budget = Duration::from_millis(100);
    for engine in [Engine::Bfs, Engine::AStar, Engine::IdaStar] {
        let clock = Instant::now();
        let result = engine
            .solve(&wide, 0, &Limits::new().with_time_budget(budget))
            .unwrap();
        let late = clock.elapsed().saturating_sub(budget);
        assert_eq!(result.outcome.limit().map(Limit::name), Some("time"));
        println!(
            "{engine}: {late:?} after the deadline, {} states stored",
            result.stats.max_stored
        );
    }
}

/// The heuristic checker finds an inadmissible heuristic as A* and IDA* run,
/// and finds nothing wrong with the puzzles' own heuristics, whose
/// incremental updates (`heuristic_after`) it compares with fresh ones.
#[test]
fn a_checked_heuristic_reports_its_first_violation() {
    use puzzle_search::adapt::HeuristicError;
    use puzzle_search::search::{astar, idastar};
    use puzzle_search::sliding::{Board, Shape, Sliding};

    let start: Board = "8 6 7 2 5 4 3 0 1".parse().unwrap();
    let tripled = Sliding::new()
        .with_heuristic(|board: &Board| 3 * Sliding::new().heuristic(board))
        .checked_heuristic();
    let result = astar(&tripled, start, &Limits::new());
    // The tripled heuristic finds a path, but cannot vouch for it.
    assert!(result.outcome.path().is_some());
    assert!(matches!(
        tripled.check(),
        Err(HeuristicError::DropsTooFast { .. })
    ));

    let own = Sliding::new().checked_heuristic();
    let solved = idastar(&own, start, &Limits::new());
    let optimum = puzzle_search::search::bfs(&Sliding::new(), start, &Limits::new());
    let length = |outcome: &Outcome<Board, _>| outcome.path().map(|path| path.len());
    assert_eq!(length(&solved.outcome), length(&optimum.outcome));
    assert_eq!(own.check(), Ok(()));
    let own = Sliding::new().checked_heuristic();
    let _ = astar(&own, Board::goal(Shape::FIFTEEN), &Limits::new());
    assert_eq!(own.check(), Ok(()));
}

/// A start whose heuristic is `u32::MAX` ("no goal from here") is
/// unsolvable to IDA* as it is to A*, at once: a bound of `u32::MAX` would
/// prune nothing and go round a cycle for ever.
#[test]
fn idastar_reads_an_infinite_heuristic_as_no_goal() {
    let cycle = puzzle_search::adapt::from_fn(|&n: &u8| [1 - n], |_| false)
        .with_heuristic(|_: &u8| u32::MAX);
    for engine in [Engine::AStar, Engine::IdaStar] {
        let result = engine.solve(&cycle, 0, &Limits::new()).unwrap();
        assert_eq!(result.outcome, Outcome::Unsolvable, "{engine}");
        assert!(result.stats.generated <= 2, "{engine}: {:?}", result.stats);
    }
}
