//! The checked-in set of hard knight boards used by the benchmarks and the
//! side-by-side comparison with the C++ reference: 1,000 boards at distance 13 to
//! 18, generated from a fixed seed. `cargo test --release -- --ignored
//! regenerate_hard_boards` writes them again (the same bytes).

use std::fs;

use puzzle_search::knights::{Knights, Position, DEFAULT_LIMIT};
use puzzle_search::search::{bidirectional_bfs, Limits, Outcome};
use puzzle_search::Puzzle;

const BOARDS: &str = "tests/data/knights_hard.txt";
const ANSWERS: &str = "tests/data/knights_hard.ans";

/// xorshift64*: a small generator whose sequence is fixed by its seed.
///
/// The documented exception to the one generator of `tests/support`
/// (SplitMix64): its sequence from the seed `0x5C01_2005` defines the
/// checked-in boards of `tests/data/`, so it must stay exactly as it is for
/// `regenerate_hard_boards` to write the same bytes again.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn exact_distance(position: Position) -> Option<usize> {
    let limits = Limits::new().with_max_depth(18);
    match bidirectional_bfs(&Knights, position, &limits).outcome {
        Outcome::Solved(path) => Some(path.len()),
        _ => None,
    }
}

fn board_text(position: Position) -> String {
    format!("{position}\n")
}

#[test]
#[ignore = "rewrites tests/data; run by hand"]
fn regenerate_hard_boards() {
    let mut rng = Rng(0x5C01_2005);
    let per_distance = 1000 / 6 + 1;
    let mut buckets: Vec<Vec<(Position, usize)>> = vec![Vec::new(); 6];
    while buckets.iter().map(Vec::len).sum::<usize>() < 1000 {
        let mut position = Position::TARGET;
        for _ in 0..13 + rng.below(28) {
            let mut moves = Vec::new();
            Knights.successors(&position, |_, next| moves.push(next));
            position = moves[rng.below(moves.len() as u64) as usize];
        }
        if let Some(d) = exact_distance(position).filter(|d| (13..=18).contains(d)) {
            let bucket = &mut buckets[d - 13];
            if bucket.len() < per_distance && bucket.iter().all(|(p, _)| *p != position) {
                bucket.push((position, d));
            }
        }
    }
    let mut boards: Vec<(Position, usize)> = Vec::new();
    let mut i = 0;
    while boards.len() < 1000 {
        if let Some(&entry) = buckets[i % 6].get(i / 6) {
            boards.push(entry);
        }
        i += 1;
    }
    let mut text = format!("{}\n", boards.len());
    let mut answers = String::new();
    for (position, d) in boards {
        text += &board_text(position);
        let answer = if d as u32 <= DEFAULT_LIMIT {
            d as i64
        } else {
            -1
        };
        answers += &format!("{answer}\n");
    }
    fs::write(BOARDS, text).unwrap();
    fs::write(ANSWERS, answers).unwrap();
}

#[test]
fn hard_boards_have_their_recorded_answers() {
    let boards = puzzle_search::knights::parse_input(&fs::read_to_string(BOARDS).unwrap()).unwrap();
    let answers: Vec<i64> = fs::read_to_string(ANSWERS)
        .unwrap()
        .lines()
        .map(|line| line.parse().unwrap())
        .collect();
    assert_eq!(boards.len(), 1000);
    assert_eq!(answers.len(), 1000);
    for (board, answer) in boards.iter().zip(&answers).step_by(7) {
        let expected = exact_distance(*board)
            .filter(|&d| d as u32 <= DEFAULT_LIMIT)
            .map_or(-1, |d| d as i64);
        assert_eq!(expected, *answer, "{board}");
    }
    assert!(answers.iter().filter(|&&a| a == -1).count() >= 300);
    assert!(answers.iter().filter(|&&a| a >= 13).count() >= 300);
}

#[test]
fn endgame_table_is_exact_and_its_bound_admissible() {
    use puzzle_search::analysis::EndgameTable;
    use puzzle_search::search::{idastar, Engine, TwoWay};
    let table = EndgameTable::new(6);
    let wider = EndgameTable::new(9);
    for board in puzzle_search::knights::parse_input(&fs::read_to_string(BOARDS).unwrap())
        .unwrap()
        .iter()
        .step_by(50)
    {
        let exact = exact_distance(*board);
        if let Some(d) = exact {
            assert!(table.lower_bound(*board) as usize <= d);
            assert!(wider.lower_bound(*board) as usize <= d);
        }
        let limits = Limits::new().with_max_depth(18);
        for engine in Engine::ALL {
            let path = engine
                .solve(TwoWay(&table.puzzle()), *board, &limits)
                .outcome
                .into_path();
            assert_eq!(path.as_ref().map(|p| p.len()), exact, "{engine}");
            assert!(path.is_none_or(|p| p.replays(&table.puzzle())));
        }
        let outcome = idastar(&wider.puzzle(), *board, &limits).outcome;
        assert_eq!(outcome.path().map(|p| p.len()), exact);
    }
    // Walking outwards one table layer at a time meets positions at exactly that distance.
    let mut near = Position::TARGET;
    for step in 1..=6 {
        let mut next = None;
        Knights.successors(&near, |_, candidate| {
            if next.is_none() && table.distance(candidate) == Some(step) {
                next = Some(candidate);
            }
        });
        near = next.unwrap();
        assert_eq!(exact_distance(near), Some(step as usize));
    }
}
