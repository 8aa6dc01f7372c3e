//! The knight puzzle against an independent model: a board of 25 symbol bytes with
//! its own move generator, and exact distances from the reference BFS over that model.

use crate::support;

use std::collections::HashMap;
use std::sync::OnceLock;

use proptest::prelude::*;
use puzzle_search::analysis::min_moves;
use puzzle_search::knights::{
    parse_input, parse_input_bytes, Cell, Jump, Knights, KnightsInputError, ParsePositionError,
    Position, DEFAULT_LIMIT,
};
use puzzle_search::search::{Engine, Limit, Limits, Outcome, TwoWay};
use puzzle_search::{Backward, Puzzle};
use support::{
    knight_walk, random_position, random_walk, sample_boards, ReferenceBfs, SplitMix64,
    KNIGHTS_SAMPLE as SAMPLE, SAMPLE_ANSWERS, SAMPLE_OPTIMA, SAMPLE_ROWS, TARGET_ROW,
};

/// The model: the 25 symbols row-major, as in the JSON form.
type Board = [u8; 25];

const TARGET_BOARD: &Board = b"111110111100*110000100000";

/// The model as a puzzle, for the reference BFS: its own boards and moves,
/// nothing of the library's.
struct Model;

impl Puzzle for Model {
    type State = Board;
    type Move = ();
    type Key = Board;

    fn encode(&self, board: &Board) -> Board {
        *board
    }
    fn successors(&self, board: &Board, mut emit: impl FnMut((), Board)) {
        for next in model_successors(board) {
            emit((), next);
        }
    }
    fn is_goal(&self, board: &Board) -> bool {
        board == TARGET_BOARD
    }
}

fn board_of(position: Position) -> Board {
    position.to_row_string().as_bytes().try_into().unwrap()
}

fn position_of(board: &Board) -> Position {
    std::str::from_utf8(board).unwrap().parse().unwrap()
}

/// The model's moves: every board one knight's jump into the empty cell away.
fn model_successors(board: &Board) -> Vec<Board> {
    let empty = board.iter().position(|&c| c == b'*').unwrap();
    let (row, column) = ((empty / 5) as i32, (empty % 5) as i32);
    let mut next = Vec::new();
    for (dr, dc) in [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ] {
        let (r, c) = (row + dr, column + dc);
        if (0..5).contains(&r) && (0..5).contains(&c) {
            let mut moved = *board;
            moved.swap(empty, (r * 5 + c) as usize);
            next.push(moved);
        }
    }
    next
}

/// Exact distances to the target of every board within this many moves.
const TABLE_DEPTH: u32 = 10;

fn table() -> &'static HashMap<Board, u32> {
    static TABLE: OnceLock<HashMap<Board, u32>> = OnceLock::new();
    TABLE.get_or_init(|| {
        ReferenceBfs::new(&Model, [*TARGET_BOARD])
            .take_while(|&(_, depth)| depth <= TABLE_DEPTH)
            .collect()
    })
}

/// The exact distance of `position` to the target, for distances up to `2 * TABLE_DEPTH`.
///
/// Beyond the table, a BFS from `position` stops at the first layer that touches
/// the table: a shortest path of length `d` passes, after `d - TABLE_DEPTH` moves,
/// through a board exactly `TABLE_DEPTH` from the target, and no earlier layer
/// can touch the table.
fn reference_distance(position: Position) -> u32 {
    let table = table();
    // The first layer that touches the table, and the best distance through it.
    let mut touched: Option<(u32, u32)> = None;
    for (board, moves) in ReferenceBfs::new(&Model, [board_of(position)]) {
        if moves > TABLE_DEPTH || touched.is_some_and(|(layer, _)| moves > layer) {
            break;
        }
        if let Some(&rest) = table.get(&board) {
            let best = touched.map_or(u32::MAX, |(_, best)| best);
            touched = Some((moves, best.min(moves + rest)));
        }
    }
    match touched {
        Some((_, distance)) => distance,
        None => panic!("{position} is too far for the reference"),
    }
}

fn walk(choices: &[u8]) -> Position {
    knight_walk(choices.iter().map(|&choice| usize::from(choice)), false)
}

fn answer(engine: Engine, position: Position, limit: u32) -> Option<usize> {
    let result = engine.solve(
        TwoWay(&Knights),
        position,
        &Limits::new().with_max_depth(limit),
    );
    match result.outcome {
        Outcome::Solved(path) => {
            assert!(path.replays(&Knights), "{engine}: {path:?} does not replay");
            assert_eq!(path.start(), &position, "{engine}");
            assert_eq!(path.goal(), &Position::TARGET, "{engine}");
            Some(path.len())
        }
        Outcome::LimitReached(Limit::Depth { max }) => {
            assert_eq!(max, limit, "{engine}");
            None
        }
        outcome => panic!("{engine}: unexpected {outcome:?}"),
    }
}

// ---------------------------------------------------------------- the model

#[test]
fn target_matches_the_spec() {
    assert_eq!(
        Position::TARGET.to_string(),
        "11111\n01111\n00*11\n00001\n00000"
    );
    assert_eq!(Position::TARGET.to_row_string(), TARGET_ROW);
    assert_eq!(TARGET_BOARD, TARGET_ROW.as_bytes());
    assert_eq!(Position::TARGET.empty(), 12);
    assert_eq!(Position::TARGET.misplaced(), 0);
    assert_eq!(Knights.heuristic(&Position::TARGET), 0);
    assert!(Knights.is_goal(&Position::TARGET));
    let mut goals = Vec::new();
    Knights.goal_states(&Position::TARGET, |goal| goals.push(goal));
    assert_eq!(goals, [Position::TARGET]);
}

#[test]
fn from_code_rejects_invalid_codes() {
    let target = Position::TARGET.code();
    let empty_bit = 1 << 12;
    for code in [
        0,
        u32::MAX,
        target ^ 1,                      // 11 knights of colour 1
        target | 1 << 5,                 // 13 knights of colour 1
        target | empty_bit,              // a knight under the empty cell
        (target | empty_bit) & !1,       // ... with the count kept at 12
        target & 0x01FF_FFFF | 25 << 25, // empty index 25
        target & 0x01FF_FFFF | 31 << 25, // empty index 31
        target | 1 << 30,                // a stray high bit
        target | 1 << 31,
    ] {
        assert_eq!(Position::from_code(code), None, "{code:#x}");
    }
}

#[test]
fn sample_boards_read_as_written() {
    let boards = sample_boards();
    assert_eq!(boards.len(), 2);
    assert_eq!(boards[0].to_string(), "10110\n01*11\n10111\n01001\n00000");
    assert_eq!(boards[0].to_row_string(), SAMPLE_ROWS[0]);
    assert_eq!(boards[1].to_row_string(), SAMPLE_ROWS[1]);
    assert_eq!(boards[0].empty(), 7);
    assert_eq!(boards[0].cell(7), Some(Cell::Empty));
    assert_eq!(boards[0].cell(0), Some(Cell::Black));
    assert_eq!(boards[0].cell(1), Some(Cell::White));
    assert_eq!(boards[0].cell(25), None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn codes_and_texts_round_trip(position in random_position()) {
        prop_assert_eq!(Position::from_code(position.code()), Some(position));
        let row_string = position.to_row_string();
        prop_assert_eq!(row_string.len(), 25);
        prop_assert_eq!(row_string.parse::<Position>(), Ok(position));
        prop_assert_eq!(position.to_string().parse::<Position>(), Ok(position));
        prop_assert_eq!(position.to_string().lines().count(), 5);
        let slashed = position.to_string().replace('\n', "/");
        prop_assert_eq!(slashed.parse::<Position>(), Ok(position));
        let windows = format!("{}\r\n", position.to_string().replace('\n', "\r\n"));
        prop_assert_eq!(windows.parse::<Position>(), Ok(position));
        let cells: String = position.cells().map(Cell::symbol).collect();
        prop_assert_eq!(&cells, &row_string);
        prop_assert_eq!(position.cell(position.empty()), Some(Cell::Empty));
        prop_assert_eq!(cells.matches('1').count(), 12);
        prop_assert_eq!(cells.matches('0').count(), 12);
    }

    #[test]
    fn scoi_input_round_trips(positions in prop::collection::vec(random_position(), 0..6)) {
        let mut text = format!("{}\n", positions.len());
        for position in &positions {
            text.push_str(&position.to_string());
            text.push('\n');
        }
        prop_assert_eq!(parse_input(&text), Ok(positions.clone()));
        // The tolerated variations read the same boards.
        let messy = format!("\u{feff}\n{}", text.replace('\n', " \t\r\n\r\n"));
        prop_assert_eq!(parse_input(&messy), Ok(positions.clone()));
        prop_assert_eq!(parse_input_bytes(messy.as_bytes()), Ok(positions));
    }

    #[test]
    fn from_code_accepts_exactly_the_valid_codes(code in any::<u32>()) {
        let empty = code >> 25;
        let colours = code & 0x01FF_FFFF;
        let valid = empty < 25 && colours.count_ones() == 12 && colours >> empty & 1 == 0;
        prop_assert_eq!(Position::from_code(code).is_some(), valid);
        if let Some(position) = Position::from_code(code) {
            prop_assert_eq!(position.code(), code);
            prop_assert_eq!(position.empty(), empty as usize);
        }
    }

    #[test]
    fn successors_match_the_model(position in random_position()) {
        let mut successors = Vec::new();
        Knights.successors(&position, |jump, next| {
            assert_eq!(usize::from(jump.to), position.empty());
            assert_eq!(usize::from(jump.from), next.empty());
            assert_eq!(position.play(jump), Some(next));
            successors.push(board_of(next));
        });
        let mut expected = model_successors(&board_of(position));
        successors.sort_unstable();
        expected.sort_unstable();
        prop_assert_eq!(successors, expected);
    }

    #[test]
    fn predecessors_lead_back(position in random_position()) {
        let mut count = 0;
        Knights.predecessors(&position, |jump, previous| {
            assert_eq!(previous.play(jump), Some(position));
            count += 1;
        });
        prop_assert_eq!(count, position.jumps().count());
    }

    #[test]
    fn only_legal_jumps_are_played(position in random_position()) {
        let cells = (0..27u8).chain([u8::MAX]);
        for jump in cells.clone().flat_map(|from| cells.clone().map(move |to| Jump { from, to })) {
            let legal = position.jumps().any(|legal| legal == jump);
            prop_assert_eq!(position.play(jump).is_some(), legal, "{:?}", jump);
        }
    }

    #[test]
    fn heuristic_is_consistent(position in random_position()) {
        let h = Knights.heuristic(&position);
        prop_assert!(h >= position.misplaced());
        Knights.successors(&position, |_, next| {
            assert_eq!(Knights.heuristic(&next).abs_diff(h), 1, "{position}\n->\n{next}");
        });
    }
}

#[test]
fn heuristic_is_admissible_within_the_table() {
    for (board, &distance) in table() {
        let position = position_of(board);
        let misplaced = board
            .iter()
            .zip(TARGET_BOARD)
            .filter(|&(&cell, &target)| cell != b'*' && cell != target)
            .count() as u32;
        assert_eq!(position.misplaced(), misplaced, "{position}");
        let h = Knights.heuristic(&position);
        assert!(h <= distance, "h = {h} > {distance} for\n{position}");
        assert_eq!(h % 2, distance % 2, "parity of\n{position}");
    }
}

// ---------------------------------------------------------------- the engines

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn engines_find_the_reference_distance(position in random_walk(16)) {
        let distance = reference_distance(position);
        for engine in Engine::ALL {
            let found = engine.solve(TwoWay(&Knights), position, &Limits::new());
            let Outcome::Solved(path) = &found.outcome else {
                return Err(TestCaseError::fail(format!("{engine}: {:?}", found.outcome)));
            };
            prop_assert_eq!(path.len(), distance as usize, "{}", engine);
            prop_assert!(path.replays(&Knights), "{}", engine);
            prop_assert_eq!(path.start(), &position);
            prop_assert_eq!(path.goal(), &Position::TARGET);
        }
    }

    #[test]
    fn the_limit_is_inclusive(position in random_walk(16)) {
        let distance = reference_distance(position);
        for engine in Engine::ALL {
            prop_assert_eq!(answer(engine, position, distance), Some(distance as usize), "{}", engine);
            if distance > 0 {
                prop_assert_eq!(answer(engine, position, distance - 1), None, "{}", engine);
            }
        }
    }
}

#[test]
fn far_positions_agree_with_the_reference() {
    // Walks of twice the table's depth, too far for BFS to be quick.
    let mut rng = SplitMix64::new(0x2545_F491_4F6C_DD1D);
    for walk_number in 0..10 {
        let choices: Vec<u8> = (0..2 * TABLE_DEPTH).map(|_| rng.next_u64() as u8).collect();
        let position = walk(&choices);
        let distance = reference_distance(position);
        assert_eq!(
            min_moves(position, distance),
            Some(distance),
            "walk {walk_number}"
        );
        for engine in [Engine::AStar, Engine::Bidirectional] {
            assert_eq!(
                answer(engine, position, distance),
                Some(distance as usize),
                "walk {walk_number}: {engine}"
            );
        }
    }
}

#[test]
fn sample_answers_7_and_minus_1_with_every_engine() {
    for engine in Engine::ALL {
        let answers: Vec<_> = sample_boards()
            .into_iter()
            .map(|board| answer(engine, board, DEFAULT_LIMIT))
            .collect();
        // -1 is no answer within the limit.
        let expected = SAMPLE_ANSWERS.map(|answer| usize::try_from(answer).ok());
        assert_eq!(answers, expected, "{engine}");
    }
    let optima: Vec<u32> = sample_boards()
        .into_iter()
        .map(reference_distance)
        .collect();
    assert_eq!(optima, SAMPLE_OPTIMA);
}

#[test]
fn sample_answers_18_with_limit_20() {
    // BFS takes about a second here in release mode: see the ignored test below.
    for engine in [Engine::Bidirectional, Engine::AStar, Engine::IdaStar] {
        assert_eq!(answer(engine, sample_boards()[1], 20), Some(18), "{engine}");
        assert_eq!(answer(engine, sample_boards()[1], 17), None, "{engine}");
    }
    assert_eq!(min_moves(sample_boards()[1], 20), Some(18));
    assert_eq!(min_moves(sample_boards()[1], 18), Some(18));
    assert_eq!(min_moves(sample_boards()[1], 17), None);
}

#[test]
#[ignore = "slow: BFS stores every position within 18 moves of the board"]
fn sample_answers_18_with_limit_20_under_bfs() {
    assert_eq!(answer(Engine::Bfs, sample_boards()[1], 20), Some(18));
}

#[test]
fn state_limit_is_reported_as_such() {
    for engine in Engine::ALL {
        // IDA* holds only its path, 19 states for the 18 moves: a limit below that.
        let max = if engine == Engine::IdaStar { 10 } else { 100 };
        let limits = Limits::new().with_max_depth(20).with_max_states(max);
        let result = engine.solve(TwoWay(&Knights), sample_boards()[1], &limits);
        assert_eq!(
            result.outcome,
            Outcome::LimitReached(Limit::States { max }),
            "{engine}"
        );
        assert!(
            result.stats.max_stored <= max,
            "{engine}: {:?}",
            result.stats
        );
    }
}

// ---------------------------------------------------------------- one board

#[test]
fn position_text_errors() {
    let cases: [(&str, ParsePositionError); 7] = [
        (
            "10110/01*11/10x11/01001/00000",
            ParsePositionError::UnexpectedCharacter {
                row: 3,
                column: 3,
                character: 'x',
            },
        ),
        (
            "1011001*11101110100100x00",
            ParsePositionError::UnexpectedCharacter {
                row: 5,
                column: 3,
                character: 'x',
            },
        ),
        (
            "1011001*111011101001000",
            ParsePositionError::Length { found: 23 },
        ),
        ("", ParsePositionError::Length { found: 0 }),
        (
            "10110/01*11/101111/01001/00000",
            ParsePositionError::RowLength { row: 3, found: 6 },
        ),
        (
            "10110/01*11/10111/01001",
            ParsePositionError::RowCount { found: 4 },
        ),
        (
            "10110/01*11/10111/01001/0000*",
            ParsePositionError::WrongCounts {
                ones: 12,
                zeros: 11,
                empties: 2,
            },
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(text.parse::<Position>(), Err(expected), "{text:?}");
    }
    assert_eq!(
        "10110/01*11/10111/01001/0000*"
            .parse::<Position>()
            .unwrap_err()
            .to_string(),
        "expected 12 '1', 12 '0' and one '*', found 12 '1', 11 '0' and 2 '*'"
    );
}

// ---------------------------------------------------------------- SCOI2005 input

/// Parses `input`, expecting an error that matches `expected` and whose message
/// holds every one of `fragments`.
fn expect_error(input: &str, expected: KnightsInputError, fragments: &[&str]) {
    let error = parse_input(input).unwrap_err();
    assert_eq!(error, expected, "{input:?}");
    let message = error.to_string();
    for fragment in fragments {
        assert!(message.contains(fragment), "{message:?} lacks {fragment:?}");
    }
    assert_eq!(parse_input_bytes(input.as_bytes()), Err(error));
}

#[test]
fn tolerated_variations() {
    let expected = sample_boards();
    let variations = [
        SAMPLE.replace('\n', "\r\n"),
        format!("\u{feff}{SAMPLE}"),
        SAMPLE.replace('\n', " \t\n"),
        SAMPLE.replace('\n', "\n\n"),
        format!("\n\n{SAMPLE}\n\n"),
        SAMPLE.trim_end().to_owned(),
        "002\n10110\n01*11\n10111\n01001\n00000\n01011\n110*1\n01110\n01010\n00100".to_owned(),
    ];
    for text in &variations {
        assert_eq!(parse_input(text).as_ref(), Ok(&expected), "{text:?}");
    }
    assert_eq!(parse_input("0\n"), Ok(vec![]));
    assert_eq!(parse_input("0"), Ok(vec![]));
}

#[test]
fn bad_board_count() {
    for text in ["-1", "+2", "2.0", "two", " 2", "2 2", "２", "0x2"] {
        expect_error(
            &format!("{text}\n10110\n"),
            KnightsInputError::BadCount {
                line: 1,
                text: text.to_owned(),
            },
            &["line 1", text],
        );
    }
    expect_error(
        "99999999999999999999999\n",
        KnightsInputError::CountTooLarge {
            line: 1,
            text: "99999999999999999999999".to_owned(),
        },
        &["line 1", "99999999999999999999999", "too large"],
    );
    expect_error("", KnightsInputError::Empty, &["empty"]);
    expect_error(" \n\r\n\t\n", KnightsInputError::Empty, &["empty"]);
    // A long first line is shortened in the message.
    let long = "x".repeat(1000);
    let error = parse_input(&long).unwrap_err();
    assert!(error.to_string().len() < 200, "{error}");
}

#[test]
fn bad_characters() {
    expect_error(
        "2\n10110\n01*11\n10111\n01001\n00000\n01011\n110*1\n01x10\n01010\n00100\n",
        KnightsInputError::UnexpectedCharacter {
            board: 2,
            line: 9,
            column: 3,
            character: 'x',
        },
        &["board 2, line 9, column 3: unexpected character 'x' (expected '0', '1' or '*')"],
    );
    // A full-width digit is reported as itself, not as its bytes.
    expect_error(
        "1\n10110\n01*11\n1０111\n01001\n00000\n",
        KnightsInputError::UnexpectedCharacter {
            board: 1,
            line: 4,
            column: 2,
            character: '０',
        },
        &["board 1", "line 4", "column 2", "'０'"],
    );
    // Inner spaces and leading spaces are not tolerated.
    expect_error(
        "1\n10110\n 01*11\n10111\n01001\n00000\n",
        KnightsInputError::UnexpectedCharacter {
            board: 1,
            line: 3,
            column: 1,
            character: ' ',
        },
        &["line 3", "column 1", "' '"],
    );
    expect_error(
        "1\n10110\n01*11\n10111\n01001\n00000 00000\n",
        KnightsInputError::UnexpectedCharacter {
            board: 1,
            line: 6,
            column: 6,
            character: ' ',
        },
        &["line 6", "column 6"],
    );
}

#[test]
fn bad_line_lengths() {
    expect_error(
        "1\n10110\n01*11\n101110\n01001\n00000\n",
        KnightsInputError::WrongLength {
            board: 1,
            line: 4,
            found: 6,
        },
        &["board 1, line 4", "expected 5 characters, found 6"],
    );
    expect_error(
        "1\n\n10110\n01*1\n10111\n01001\n00000\n",
        KnightsInputError::WrongLength {
            board: 1,
            line: 4,
            found: 4,
        },
        &["board 1, line 4", "found 4"],
    );
}

#[test]
fn bad_counts() {
    expect_error(
        "2\n10110\n01*11\n10111\n01001\n00000\n\n01011\n110*1\n01111\n01010\n00100\n",
        KnightsInputError::WrongCounts {
            board: 2,
            line: 8,
            ones: 13,
            zeros: 11,
            empties: 1,
        },
        &["board 2", "line 8", "13 '1'", "11 '0'", "1 '*'"],
    );
    expect_error(
        "1\n10110\n01111\n10111\n01001\n00000\n",
        KnightsInputError::WrongCounts {
            board: 1,
            line: 2,
            ones: 13,
            zeros: 12,
            empties: 0,
        },
        &["board 1", "line 2", "0 '*'"],
    );
}

#[test]
fn missing_boards() {
    // Three boards where a billion are announced: fails at once, in bounded memory.
    let board = "10110\n01*11\n10111\n01001\n00000\n";
    let started = std::time::Instant::now();
    expect_error(
        &format!("1000000000\n{board}{board}{board}"),
        KnightsInputError::MissingBoards {
            announced: 1_000_000_000,
            found: 3,
            line: 17,
        },
        &["board 4", "line 17", "ended", "3 of the 1000000000"],
    );
    assert!(started.elapsed().as_secs() < 1);
    expect_error(
        &format!("3\n{board}{board}01011\n110*1\n"),
        KnightsInputError::TruncatedBoard {
            board: 3,
            line: 12,
            rows: 2,
        },
        &["board 3", "line 12", "ended after 2 of its 5 lines"],
    );
}

#[test]
fn text_after_the_last_board() {
    expect_error(
        &format!("{SAMPLE}\n\n10110\n"),
        KnightsInputError::TrailingText {
            line: 14,
            announced: 2,
        },
        &["line 14", "after the last board"],
    );
    expect_error(
        "0\nhello\n",
        KnightsInputError::TrailingText {
            line: 2,
            announced: 0,
        },
        &["line 2"],
    );
}

#[test]
fn invalid_utf8_names_the_line() {
    let mut bytes = SAMPLE.as_bytes().to_vec();
    bytes[SAMPLE.find("01*11").unwrap() + 2] = 0xFF; // line 3, column 3
    let error = parse_input_bytes(&bytes).unwrap_err();
    assert_eq!(
        error,
        KnightsInputError::InvalidUtf8 {
            board: Some(1),
            line: 3,
            column: 3
        }
    );
    assert!(error.to_string().contains("board 1, line 3"), "{error}");
    // In the second board, after blank lines.
    let text = SAMPLE.replacen("\n01011", "\n\n\n01011", 1);
    let mut bytes = text.as_bytes().to_vec();
    bytes[text.find("110*1").unwrap() + 1] = 0xFF;
    assert_eq!(
        parse_input_bytes(&bytes),
        Err(KnightsInputError::InvalidUtf8 {
            board: Some(2),
            line: 10,
            column: 2
        })
    );
    // On the count line, and after the last board: no board to name.
    assert_eq!(
        parse_input_bytes(b"\xFF\xFE2\0"),
        Err(KnightsInputError::InvalidUtf8 {
            board: None,
            line: 1,
            column: 1
        })
    );
    let mut bytes = format!("{SAMPLE}\n").into_bytes();
    bytes.push(0xFF);
    let error = parse_input_bytes(&bytes).unwrap_err();
    assert_eq!(
        error,
        KnightsInputError::InvalidUtf8 {
            board: None,
            line: 13,
            column: 1
        }
    );
    assert!(
        error.to_string().starts_with("line 13, column 1"),
        "{error}"
    );
    // After a count that is itself invalid, no board is named.
    assert_eq!(
        parse_input_bytes(b"+1\n10110\n\xff"),
        Err(KnightsInputError::InvalidUtf8 {
            board: None,
            line: 3,
            column: 1
        })
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn no_input_makes_the_parsers_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = parse_input_bytes(&bytes);
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse_input(&text);
        let _ = text.parse::<Position>();
    }

    #[test]
    fn edited_samples_parse_or_fail_cleanly(
        at in 0..SAMPLE.len(),
        replacement in prop::sample::select(vec!["", "0", "1", "*", "\n", "\r\n", " ", "x", "１", "00000\n"]),
    ) {
        let mut text = SAMPLE.to_owned();
        text.replace_range(at..=at, replacement);
        match parse_input(&text) {
            Ok(boards) => prop_assert!(boards.len() <= 2),
            Err(error) => prop_assert!(!error.to_string().is_empty()),
        }
    }
}

/// The README's numbers of the endgame table: the positions within 10 moves
/// of the target (the example's depth), and none beyond.
#[test]
fn the_endgame_table_holds_the_57_427_positions_within_10_moves() {
    let table = puzzle_search::analysis::EndgameTable::new(
        puzzle_search::analysis::EndgameTable::DEFAULT_DEPTH,
    );
    assert_eq!(table.depth(), 10);
    assert_eq!(table.len(), 57_427);
    assert_eq!(table.distance(Position::TARGET), Some(0));
}
