//! What the integration tests share, included by each test binary (`library` and `commands`) with `mod support;`:
//!
//! * the fixtures: named Klotski layouts and their optima, the SCOI2005 knight
//!   sample and its answers, the facts of the full knight table;
//! * one deterministic generator, [`SplitMix64`], for every seeded test;
//! * one reference breadth-first search, [`ReferenceBfs`], over any [`Puzzle`]
//!   with nothing but `std::collections`, which the engines are compared against;
//! * the proptest strategies: random Klotski layouts, random knight positions
//!   and random knight walks.

// Each test binary compiles this whole module but uses only part of it.
#![allow(dead_code)]

pub mod process;

use std::collections::{HashMap, HashSet, VecDeque};

/// The transposition table IDA* gets where the tests search spaces with
/// cycles and no tight heuristic (graphs, Klotski): without one, IDA* searches
/// every path within its bound, and a path may go round a cycle.
pub const TABLE: usize = 1 << 20;

use proptest::prelude::*;
use puzzle_search::klotski::{catalog, Layout, Metric};
use puzzle_search::knights::{parse_input, Jump, Position};
use puzzle_search::Puzzle;

// ---------------------------------------------------------------- Klotski fixtures

/// 横刀立马 in shape digits, as SPEC §1.3 writes it.
pub const HENGDAOLIMA_TEXT: &str = "2442/2442/2332/2112/1001";

/// 横刀立马 as the canonical 20-digit text of the JSON output.
pub const HENGDAOLIMA_DIGITS: &str = "24422442233221121001";

/// The optima of 横刀立马 under each metric (SPEC §1.2).
pub const HENGDAOLIMA_OPTIMA: [(Metric, usize); 3] = [
    (Metric::Step, 116),
    (Metric::Slide, 90),
    (Metric::Piece, 81),
];

/// The number of layouts in the connected component of 横刀立马 (SPEC §1.2).
pub const HENGDAOLIMA_COMPONENT: usize = 25_955;

/// 横刀立马, read from its shape digits: independent of the catalog, which is
/// itself under test.
pub fn hengdaolima() -> Layout {
    HENGDAOLIMA_TEXT
        .parse()
        .expect("横刀立马's shape digits parse")
}

/// The catalog's layout named `name` (its Chinese name or its slug).
pub fn named(name: &str) -> Layout {
    catalog::find(name)
        .unwrap_or_else(|| panic!("{name:?} is in the catalog"))
        .layout()
}

// ---------------------------------------------------------------- knight fixtures

/// The SCOI2005 sample input (SPEC §2).
pub const KNIGHTS_SAMPLE: &str =
    "2\n10110\n01*11\n10111\n01001\n00000\n01011\n110*1\n01110\n01010\n00100\n";

/// The first board of the sample, as its five lines.
pub const SAMPLE_FIRST_BOARD: &str = "10110\n01*11\n10111\n01001\n00000\n";

/// The sample's boards, rows separated by `/`.
pub const SAMPLE_BOARDS: [&str; 2] = [
    "10110/01*11/10111/01001/00000",
    "01011/110*1/01110/01010/00100",
];

/// The sample's boards as the 25 characters of the JSON form.
pub const SAMPLE_ROWS: [&str; 2] = ["1011001*11101110100100000", "01011110*1011100101000100"];

/// The sample's answers at the default limit of 15 moves.
pub const SAMPLE_ANSWERS: [i64; 2] = [7, -1];

/// The sample's true optima: the second board needs 18 moves.
pub const SAMPLE_OPTIMA: [u32; 2] = [7, 18];

/// The target as the 25 characters of the JSON form.
pub const TARGET_ROW: &str = "111110111100*110000100000";

/// The knight puzzle's positions: all of them reach the target (README).
pub const KNIGHT_POSITIONS: u64 = 67_603_900;

/// The most moves any knight position needs (README, CHANGELOG).
pub const KNIGHT_DIAMETER: u32 = 39;

/// The sample's boards, parsed.
pub fn sample_boards() -> Vec<Position> {
    parse_input(KNIGHTS_SAMPLE).expect("the sample parses")
}

// ---------------------------------------------------------------- the generator

/// SplitMix64 (Steele, Lea and Flood, 2014): a small generator whose sequence
/// is fixed by its seed, so that seeded tests see the same values every run.
///
/// The one exception is `tests/knights_data.rs`, whose xorshift64* generator
/// defines the checked-in boards of `tests/data/` and so stays as it is.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value in `0..n` (with the slight bias of a remainder, harmless here).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

// ---------------------------------------------------------------- the reference search

/// A plain breadth-first search over [`Puzzle::successors`] from every state of
/// `sources` at once, by `std::collections` alone: it yields every state
/// reached, one per [`Puzzle::encode`] key, with its distance from the nearest
/// source, in order of distance.
///
/// It never calls `successors_after`, the heuristic or the goal test, so it
/// shares none of the engines' pruning or bookkeeping. A state's successors
/// are generated when the state is yielded, so stopping early saves the rest.
pub struct ReferenceBfs<'p, P: Puzzle> {
    puzzle: &'p P,
    seen: HashSet<P::Key>,
    queue: VecDeque<(P::State, u32)>,
}

impl<'p, P: Puzzle> ReferenceBfs<'p, P> {
    pub fn new(puzzle: &'p P, sources: impl IntoIterator<Item = P::State>) -> Self {
        let mut seen = HashSet::new();
        let mut queue = VecDeque::new();
        for source in sources {
            if seen.insert(puzzle.encode(&source)) {
                queue.push_back((source, 0));
            }
        }
        ReferenceBfs {
            puzzle,
            seen,
            queue,
        }
    }
}

impl<P: Puzzle> Iterator for ReferenceBfs<'_, P> {
    type Item = (P::State, u32);

    fn next(&mut self) -> Option<Self::Item> {
        let (state, distance) = self.queue.pop_front()?;
        let Self {
            puzzle,
            seen,
            queue,
        } = self;
        puzzle.successors(&state, |_, next| {
            if seen.insert(puzzle.encode(&next)) {
                queue.push_back((next, distance + 1));
            }
        });
        Some((state, distance))
    }
}

/// The fewest moves from `start` to a goal, or `None` when no goal is reachable.
pub fn reference_moves<P: Puzzle>(puzzle: &P, start: &P::State) -> Option<usize> {
    ReferenceBfs::new(puzzle, [start.clone()])
        .find(|(state, _)| puzzle.is_goal(state))
        .map(|(_, moves)| moves as usize)
}

/// The distance from the nearest of `sources` of every key reachable from them.
pub fn reference_distances<P: Puzzle>(
    puzzle: &P,
    sources: impl IntoIterator<Item = P::State>,
) -> HashMap<P::Key, u32> {
    ReferenceBfs::new(puzzle, sources)
        .map(|(state, distance)| (puzzle.encode(&state), distance))
        .collect()
}

/// Every state reachable from `start`, one per key, in breadth-first order.
pub fn reference_component<P: Puzzle>(puzzle: &P, start: P::State) -> Vec<P::State> {
    ReferenceBfs::new(puzzle, [start])
        .map(|(state, _)| state)
        .collect()
}

// ---------------------------------------------------------------- knight walks

/// The position reached from the target by one jump per item of `choices`:
/// each jump is the choice, taken modulo the number of jumps open, among the
/// open jumps in [`Position::jumps`] order. Unless `backtrack`, a jump never
/// undoes the one before it, so that a walk wanders off instead of dithering.
pub fn knight_walk(choices: impl IntoIterator<Item = usize>, backtrack: bool) -> Position {
    let mut position = Position::TARGET;
    let mut last: Option<Jump> = None;
    for choice in choices {
        let jumps: Vec<Jump> = position
            .jumps()
            .filter(|&jump| backtrack || Some(jump.reversed()) != last)
            .collect();
        let jump = jumps[choice % jumps.len()];
        position = position.play(jump).expect("a jump from Position::jumps");
        last = Some(jump);
    }
    position
}

/// `steps` jumps from the target, each chosen by `rng`, undoing allowed.
pub fn seeded_knight_walk(rng: &mut SplitMix64, steps: usize) -> Position {
    knight_walk((0..steps).map(|_| rng.next_u64() as usize), true)
}

// ---------------------------------------------------------------- strategies

/// A legal layout built without the library's ranking code: the general
/// somewhere, then each free cell in row-major order gets a random item that fits.
pub fn random_layout() -> impl Strategy<Value = Layout> {
    (0usize..12, prop::collection::vec(0u8..6, 16)).prop_filter_map(
        "fewer than two empty cells",
        |(general, choices)| {
            let anchor = [0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14][general];
            let mut cells = [None::<char>; 20];
            for offset in [0, 1, 4, 5] {
                cells[anchor + offset] = Some('4');
            }
            let mut choices = choices.into_iter();
            for cell in 0..20 {
                if cells[cell].is_some() {
                    continue;
                }
                let (row, col) = (cell / 4, cell % 4);
                match choices.next().unwrap_or(0) {
                    1 => cells[cell] = Some('1'),
                    2 if row < 4 && cells[cell + 4].is_none() => {
                        cells[cell] = Some('2');
                        cells[cell + 4] = Some('2');
                    }
                    3 if col < 3 && cells[cell + 1].is_none() => {
                        cells[cell] = Some('3');
                        cells[cell + 1] = Some('3');
                    }
                    _ => cells[cell] = Some('0'),
                }
            }
            let text: String = cells.iter().map(|cell| cell.unwrap_or('0')).collect();
            text.parse::<Layout>().ok()
        },
    )
}

/// A legal layout with exactly two empty cells, like every classic layout: a
/// random layout with all but two of its empty cells (chosen at random) made
/// soldiers.
pub fn random_layout_with_two_empty_cells() -> impl Strategy<Value = Layout> {
    (
        random_layout(),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
    )
        .prop_map(|(layout, first, second)| {
            let digits: Vec<char> = layout.to_shape_digits().chars().collect();
            let empty: Vec<usize> = (0..digits.len())
                .filter(|&cell| digits[cell] == '0')
                .collect();
            let keep_first = first.index(empty.len());
            let mut keep_second = second.index(empty.len() - 1);
            if keep_second >= keep_first {
                keep_second += 1;
            }
            let keep = [empty[keep_first], empty[keep_second]];
            let text: String = digits
                .iter()
                .enumerate()
                .map(|(cell, &digit)| {
                    if digit == '0' && !keep.contains(&cell) {
                        '1'
                    } else {
                        digit
                    }
                })
                .collect();
            text.parse::<Layout>().unwrap()
        })
}

/// Any knight position, uniformly: the empty cell anywhere, the twelve `1`
/// knights on any twelve of the other cells.
pub fn random_position() -> impl Strategy<Value = Position> {
    (
        0..25u32,
        prop::sample::subsequence((0..24u32).collect::<Vec<_>>(), 12),
    )
        .prop_map(|(empty, ones)| {
            // Cells other than the empty one, numbered 0..24, mapped onto 0..25.
            let colours = ones
                .iter()
                .map(|&cell| 1 << (cell + u32::from(cell >= empty)))
                .fold(0, |acc, bit| acc | bit);
            Position::from_code(colours | empty << 25).unwrap()
        })
}

/// The position after a random walk of `0..=max_len` jumps from the target,
/// none of which undoes the one before (see [`knight_walk`]).
pub fn random_walk(max_len: usize) -> impl Strategy<Value = Position> {
    prop::collection::vec(any::<u8>(), 0..=max_len)
        .prop_map(|choices| knight_walk(choices.into_iter().map(usize::from), false))
}

// ---------------------------------------------------------------- path counting

/// The optimal number of moves from `start`, the number of distinct optimal
/// paths (sequences of keys: two moves from one state to one key are one
/// step) and the keys of the optimal goals, by a plain layered breadth-first
/// search with a count per key; `None` when no goal is reachable.
pub fn reference_path_count<P: Puzzle>(
    puzzle: &P,
    start: P::State,
) -> Option<(u32, u128, HashSet<P::Key>)> {
    let mut depth_of: HashMap<P::Key, u32> = HashMap::from([(puzzle.encode(&start), 0)]);
    let mut count_of: HashMap<P::Key, u128> = HashMap::from([(puzzle.encode(&start), 1)]);
    let mut layer = vec![start];
    let mut depth = 0;
    while !layer.is_empty() {
        let goals: HashSet<P::Key> = layer
            .iter()
            .filter(|state| puzzle.is_goal(state))
            .map(|state| puzzle.encode(state))
            .collect();
        if !goals.is_empty() {
            let count = goals.iter().map(|key| count_of[key]).sum();
            return Some((depth, count, goals));
        }
        let mut next = Vec::new();
        for state in &layer {
            let here = count_of[&puzzle.encode(state)];
            let mut children = HashSet::new();
            puzzle.successors(state, |_, child| {
                let key = puzzle.encode(&child);
                if !children.insert(key) {
                    return;
                }
                match depth_of.get(&key) {
                    None => {
                        depth_of.insert(key, depth + 1);
                        count_of.insert(key, here);
                        next.push(child);
                    }
                    Some(&d) if d == depth + 1 => *count_of.get_mut(&key).unwrap() += here,
                    Some(_) => {}
                }
            });
        }
        layer = next;
        depth += 1;
    }
    None
}
