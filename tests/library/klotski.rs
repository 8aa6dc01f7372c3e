//! Klotski: optima, paths, the component of 横刀立马, heuristics, the catalog,
//! text formats and codes.

use crate::support;

use std::collections::{BTreeSet, HashMap, HashSet};

use proptest::prelude::*;
use puzzle_search::klotski::{
    catalog, CellPosition, CommonCode, CommonCodeError, Klotski, Layout, LayoutError, Metric, Move,
    PieceCounts, PieceSetSpace, Shape, ShortCode, ShortCodeError, LAYOUT_COUNT,
};
use puzzle_search::search::{Engine, Limit, Limits, Outcome, TwoWay};
use puzzle_search::{Backward, Puzzle};
use support::{
    hengdaolima, named, reference_component, ReferenceBfs, HENGDAOLIMA_COMPONENT,
    HENGDAOLIMA_OPTIMA, TABLE,
};

/// The goals a bidirectional search starts from are exactly the solved layouts
/// that an unsolved layout leads to, one per key.
#[test]
fn goal_states_are_the_solved_layouts_an_unsolved_one_leads_to() {
    let piece_sets = [
        (4, 1, 4),
        (5, 0, 4),
        (0, 5, 2),
        (2, 2, 2),
        (1, 0, 3),
        (0, 0, 2),
    ];
    for (vertical, horizontal, soldiers) in piece_sets {
        let counts = PieceCounts {
            vertical,
            horizontal,
            soldiers,
        };
        for metric in Metric::ALL {
            let space = PieceSetSpace::new(counts).unwrap();
            let start = space.layouts()[0];
            for mirror_folding in [false, true] {
                let puzzle = Klotski::new(metric).with_mirror_folding(mirror_folding);
                let expected: BTreeSet<u64> = space
                    .layouts()
                    .iter()
                    .filter(|layout| layout.is_solved())
                    .filter(|layout| {
                        let mut from_outside = false;
                        puzzle.predecessors(layout, |_, previous| {
                            from_outside |= !previous.is_solved();
                        });
                        from_outside
                    })
                    .map(|layout| puzzle.encode(layout))
                    .collect();
                let mut emitted = Vec::new();
                puzzle.goal_states(&start, |goal| {
                    assert!(goal.is_solved() && goal.counts() == counts, "{goal:?}");
                    emitted.push(puzzle.encode(&goal));
                });
                let what = format!("{counts:?} {metric} folding={mirror_folding}");
                let distinct: BTreeSet<u64> = emitted.iter().copied().collect();
                assert_eq!(distinct.len(), emitted.len(), "{what}: a key twice");
                assert!(!expected.is_empty(), "{what}");
                assert_eq!(distinct, expected, "{what}");
            }
        }
    }
}

#[test]
fn hengdaolima_optima_under_every_engine_and_metric() {
    for (metric, optimum) in HENGDAOLIMA_OPTIMA {
        for mirror_folding in [true, false] {
            let puzzle = Klotski::new(metric).with_mirror_folding(mirror_folding);
            for engine in Engine::ALL {
                let result = engine.solve(
                    TwoWay(&puzzle),
                    hengdaolima(),
                    &Limits::new().with_table_capacity(TABLE),
                );
                let path = result
                    .outcome
                    .path()
                    .unwrap_or_else(|| panic!("{metric} {engine}: {:?}", result.outcome));
                assert_eq!(
                    path.len(),
                    optimum,
                    "{metric} {engine} folding={mirror_folding}"
                );
                assert_eq!(*path.start(), hengdaolima());
                assert!(path.goal().is_solved());
                assert!(
                    path.replays(&puzzle),
                    "{metric} {engine}: path does not replay"
                );
            }
        }
    }
}

/// Klotski under `metric` without mirror folding: one key per layout.
fn unfolded(metric: Metric) -> Klotski {
    Klotski::new(metric).with_mirror_folding(false)
}

/// Every layout reachable from `start`, by the reference BFS.
fn component(start: Layout, metric: Metric) -> Vec<Layout> {
    reference_component(&unfolded(metric), start)
}

/// Exact distances to the nearest solved layout of `component`, by the
/// reference BFS from all of them (every move can be undone, so the graph is
/// undirected: `hengdaolima_component_has_25955_layouts` checks it).
fn distances(component: &[Layout], metric: Metric) -> HashMap<Layout, u32> {
    let solved = component
        .iter()
        .copied()
        .filter(|layout| layout.is_solved());
    ReferenceBfs::new(&unfolded(metric), solved).collect()
}

#[test]
fn hengdaolima_component_has_25955_layouts() {
    for metric in Metric::ALL {
        let puzzle = unfolded(metric);
        let members = component(hengdaolima(), metric);
        assert_eq!(members.len(), HENGDAOLIMA_COMPONENT, "{metric}");
        for layout in &members {
            puzzle.successors(layout, |_, next| {
                let mut back = false;
                puzzle.successors(&next, |_, previous| back |= previous == *layout);
                assert!(back, "{metric}: a move that cannot be undone");
            });
        }
    }
}

#[test]
fn exhaustive_search_reports_the_component_as_explored() {
    // With no goal reachable, BFS explores the whole component and says so.
    let no_exit = |_: &Layout| false;
    let unfolded = puzzle_search::search::bfs(
        &Klotski::default()
            .with_mirror_folding(false)
            .with_goal(no_exit),
        hengdaolima(),
        &Limits::new(),
    );
    assert_eq!(unfolded.outcome, Outcome::Unsolvable);
    assert_eq!(unfolded.stats.max_stored, HENGDAOLIMA_COMPONENT);
    assert_eq!(unfolded.stats.expanded, HENGDAOLIMA_COMPONENT as u64);
    let folded = puzzle_search::search::bfs(
        &Klotski::default().with_goal(no_exit),
        hengdaolima(),
        &Limits::new(),
    );
    let symmetric = component(hengdaolima(), Metric::Piece)
        .into_iter()
        .filter(|layout| layout.mirror() == *layout)
        .count();
    assert_eq!(
        folded.stats.max_stored,
        (HENGDAOLIMA_COMPONENT + symmetric) / 2
    );
}

#[test]
fn heuristics_are_admissible_over_the_hengdaolima_component() {
    for metric in Metric::ALL {
        let puzzle = Klotski::new(metric);
        let distance = distances(&component(hengdaolima(), metric), metric);
        let optimum = HENGDAOLIMA_OPTIMA[metric as usize];
        assert_eq!(optimum.0, metric);
        assert_eq!(distance[&hengdaolima()] as usize, optimum.1, "{metric}");
        for (layout, &d) in &distance {
            assert!(
                puzzle.heuristic(layout) <= d,
                "{metric}: h = {} > {d} for {layout:?}",
                puzzle.heuristic(layout)
            );
        }
        assert!(distance.keys().any(|layout| puzzle.heuristic(layout) > 0));
    }
}

#[test]
fn heuristics_are_admissible_with_many_empty_cells() {
    // Few pieces, many empty cells: the general can travel far in one move.
    for text in [
        "4400/4400/0000/0000/0000",
        "0000/0044/0044/0100/0000",
        "1000/0000/0000/0440/0440",
    ] {
        let start: Layout = text.parse().unwrap();
        for metric in Metric::ALL {
            let puzzle = Klotski::new(metric);
            for (layout, d) in distances(&component(start, metric), metric) {
                assert!(puzzle.heuristic(&layout) <= d, "{metric}: {layout:?}");
            }
        }
    }
}

#[test]
fn catalog_entries_have_their_published_optima() {
    let puzzle = Klotski::new(Metric::Piece);
    for entry in &catalog::ENTRIES {
        let layout = entry.layout();
        assert_eq!(
            CommonCode::new(entry.common_code).map(CommonCode::layout),
            Ok(layout),
            "{}",
            entry.name
        );
        assert_eq!(catalog::find(entry.name), Some(entry));
        assert_eq!(catalog::find(entry.slug), Some(entry));
        for engine in [Engine::Bfs, Engine::Bidirectional, Engine::AStar] {
            let outcome = engine
                .solve(
                    TwoWay(&puzzle),
                    layout,
                    &Limits::new().with_table_capacity(TABLE),
                )
                .outcome;
            match entry.piece_moves {
                Some(moves) => {
                    let path = outcome
                        .path()
                        .unwrap_or_else(|| panic!("{} {engine}", entry.name));
                    assert_eq!(path.len(), moves as usize, "{} {engine}", entry.name);
                    assert!(path.replays(&puzzle));
                }
                None => assert_eq!(outcome, Outcome::Unsolvable, "{} {engine}", entry.name),
            }
        }
    }
}

#[test]
fn zoutouwulu_is_unsolvable_under_idastar_too() {
    let layout = named("zoutouwulu");
    assert_eq!(
        Engine::IdaStar
            .solve(
                TwoWay(&Klotski::default()),
                layout,
                &Limits::new().with_table_capacity(TABLE)
            )
            .outcome,
        Outcome::Unsolvable
    );
}

#[test]
fn every_format_reads_hengdaolima() {
    for text in [
        "2442/2442/2332/2112/1001",
        "24422442233221121001",
        "2442 2442 2332 2112 1001",
        "2442\n2442\n2332\n2112\n1001\n",
        "2442|2442|2332|2112|1001",
        "2442,2442,2332,2112,1001",
        "VBBV/VBBV/VHHV/VSSV/S..S",
        "aBBb/aBBb/cdde/cfge/h..i",
        "甲曹曹乙\n甲曹曹乙\n丙关关丁\n丙兵卒丁\n士..相",
        "1A9BF0C",
        "1a9bf0c00",
        "common:1A9BF0C",
        "4WVE1",
        "short:4WVE1",
    ] {
        assert_eq!(text.parse::<Layout>(), Ok(hengdaolima()), "{text:?}");
    }
    assert_eq!(hengdaolima().to_shape_letters(), "VBBV/VBBV/VHHV/VSSV/S..S");
    assert_eq!(hengdaolima().to_string(), "aBBb\naBBb\ncdde\ncfge\nh..i");
}

#[test]
fn a_text_legal_as_both_codes_is_a_common_code() {
    // "12345" is a legal CommonCode (general at the top left) and a legal ShortCode.
    let common: CommonCode = "12345".parse().unwrap();
    let short: ShortCode = "12345".parse().unwrap();
    assert_ne!(common.layout(), short.layout());
    assert_eq!("12345".parse::<Layout>(), Ok(common.layout()));
    assert_eq!("short:12345".parse::<Layout>(), Ok(short.layout()));
}

fn error(text: &str) -> String {
    match text.parse::<Layout>() {
        Ok(layout) => panic!("{text:?} parsed as {layout:?}"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn bad_boards_say_what_and_where() {
    let cases: &[(&str, &[&str])] = &[
        ("2442/2442/2332/2112", &["5 rows", "found 4"]),
        ("2442/2442/2332/2112/1001/0000", &["found 6 rows"]),
        ("2442/2442/23320/2112/1001", &["row 3", "5 cells"]),
        ("2442/2442/2332/2112/100", &["row 5", "3 cells"]),
        ("2442/2442/2332/2152/1001", &["'5'", "row 4, column 3"]),
        (
            "２４４２/２４４２/２３３２/２１１２/１００１",
            &["'２'", "row 1, column 1"],
        ),
        ("2442/2442/2332/2112/2001", &["vertical", "row 5, column 1"]),
        ("2442/2442/2333/2112/1001", &["horizontal", "row 3"]),
        ("2442/2412/2332/2112/1001", &["general", "row 1, column 2"]),
        ("2002/2002/2332/2112/1111", &["no general"]),
        (
            "4400/4400/4400/4400/0000",
            &["second general", "row 3, column 1"],
        ),
        (
            "2442/2442/2332/2112/1011",
            &["too few empty cells", "found 1", "at least two"],
        ),
        ("VBBV/VBBV/VHHV/VSSV/SSSS", &["found 0"]),
        (
            "aBBb/aBBb/cdde/cfge/hi.f",
            &["piece 'f'", "row 4, column 2", "row 5, column 4"],
        ),
        ("aBBb/aBBb/cdde/cfge/hg.i", &["piece 'g'", "rectangle"]),
        ("aBBa/aBBa/cdde/cfge/h..i", &["piece 'a'"]),
        ("244224422332211210011", &["20 cells", "found 21"]),
        ("FFFFFFFFF", &["CommonCode", "general"]),
        ("1A9BF0C01", &["CommonCode"]),
        ("1FFFFFFFF", &["CommonCode"]),
        ("1A9BF0C000", &["CommonCode"]),
        ("common:xyz", &["CommonCode", "hex"]),
        ("short:ZZZZZ", &["ShortCode", "rank"]),
        ("short:4WVE", &["ShortCode", "5 characters"]),
        ("short:4WVEI", &["ShortCode", "'I'"]),
        ("hello", &["ShortCode"]),
        ("", &["empty"]),
        ("  \n ", &["empty"]),
        ("#", &["not a layout"]),
    ];
    for (text, needles) in cases {
        let message = error(text);
        for needle in *needles {
            assert!(
                message.contains(needle),
                "{text:?}: {message:?} should mention {needle:?}"
            );
        }
    }
    assert!(matches!(
        "2442/2442/2332/2112/1011".parse::<Layout>(),
        Err(LayoutError::TooFewEmptyCells { found: 1 })
    ));
}

/// Each way a code can be wrong has its own reason, which the message spells out.
#[test]
fn bad_codes_give_typed_reasons() {
    let common = |code: &str, reason| LayoutError::InvalidCommonCode {
        code: code.to_owned(),
        reason,
    };
    let short = |code: &str, reason| LayoutError::InvalidShortCode {
        code: code.to_owned(),
        reason,
    };
    let cases = [
        (
            "common:",
            common("", CommonCodeError::DigitCount { found: 0 }),
        ),
        (
            "common:1A9BF0C000",
            common("1A9BF0C000", CommonCodeError::DigitCount { found: 10 }),
        ),
        (
            "common:xyz",
            common("xyz", CommonCodeError::NotHex { symbol: 'x' }),
        ),
        (
            "FFFFFFFFF",
            common(
                "FFFFFFFFF",
                CommonCodeError::GeneralOffBoard {
                    at: CellPosition { row: 4, column: 4 },
                },
            ),
        ),
        (
            "common:0D",
            common(
                "0D",
                CommonCodeError::PieceDoesNotFit {
                    shape: Shape::Horizontal,
                    at: CellPosition { row: 1, column: 4 },
                },
            ),
        ),
        (
            "1A9BF0CFF",
            common("1A9BF0CFF", CommonCodeError::ItemsLeftOver),
        ),
        (
            "common:0FFFFFFFF",
            common("0FFFFFFFF", CommonCodeError::TooFewEmptyCells { found: 0 }),
        ),
        (
            "short:4WVE",
            short("4WVE", ShortCodeError::CharacterCount { found: 4 }),
        ),
        (
            "4WVEI",
            short("4WVEI", ShortCodeError::BadCharacter { symbol: 'I' }),
        ),
        (
            "ZZZZZ",
            short("ZZZZZ", ShortCodeError::RankOutOfRange { rank: 33_554_431 }),
        ),
    ];
    for (text, expected) in cases {
        let error = text.parse::<Layout>().unwrap_err();
        assert_eq!(error, expected, "{text:?}");
    }
    assert_eq!(
        CommonCode::new(1 << 36),
        Err(common("1000000000", CommonCodeError::TooManyBits))
    );
    assert_eq!(
        ShortCode::new(LAYOUT_COUNT),
        Err(short(
            "29334498",
            ShortCodeError::RankOutOfRange { rank: LAYOUT_COUNT }
        ))
    );
    // The message is the code and then its reason's own.
    let error = "common:xyz".parse::<Layout>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid CommonCode \"xyz\": a CommonCode has only hex digits 0-9 and A-F, not 'x'"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn text_forms_and_codes_round_trip(layout in support::random_layout()) {
        prop_assert!(layout.empty_cells() >= 2);
        prop_assert_eq!(layout.to_shape_digits().parse::<Layout>(), Ok(layout));
        prop_assert_eq!(layout.to_shape_letters().parse::<Layout>(), Ok(layout));
        prop_assert_eq!(layout.to_string().parse::<Layout>(), Ok(layout));
        let common = CommonCode::from(layout);
        prop_assert_eq!(common.layout(), layout);
        prop_assert_eq!(common.to_string().parse::<CommonCode>(), Ok(common));
        prop_assert_eq!(format!("common:{common}").parse::<Layout>(), Ok(layout));
        prop_assert_eq!(common.to_string().trim_end_matches('0').parse::<CommonCode>(), Ok(common));
        let short = ShortCode::from(layout);
        prop_assert!(short.rank() < LAYOUT_COUNT);
        prop_assert_eq!(short.layout(), layout);
        prop_assert_eq!(format!("short:{short}").parse::<Layout>(), Ok(layout));
        prop_assert_eq!(layout.mirror().mirror(), layout);
        prop_assert_eq!(layout.mirror().counts(), layout.counts());
        prop_assert_eq!(layout.mirror_folded_code(), layout.mirror().mirror_folded_code());
        let shapes: String = layout.to_shape_digits().chars().collect::<Vec<_>>().chunks(4).map(|row| row.iter().rev().collect::<String>()).collect();
        prop_assert_eq!(layout.mirror().to_shape_digits(), shapes);
    }

    #[test]
    fn ranks_round_trip_and_follow_common_code_order(a in 0..LAYOUT_COUNT, b in 0..LAYOUT_COUNT) {
        let (first, second) = (ShortCode::new(a).unwrap(), ShortCode::new(b).unwrap());
        prop_assert_eq!(ShortCode::from(first.layout()), first);
        prop_assert_eq!(first.to_string().parse::<ShortCode>(), Ok(first));
        let (code_a, code_b) = (CommonCode::from(first.layout()), CommonCode::from(second.layout()));
        prop_assert_eq!(a.cmp(&b), code_a.cmp(&code_b));
    }

    #[test]
    fn searches_from_random_layouts_agree(layout in support::random_layout(), metric in prop::sample::select(Metric::ALL.to_vec())) {
        const MAX_STATES: usize = 200_000;
        let puzzle = Klotski::new(metric);
        let limits = Limits::new().with_max_states(MAX_STATES).with_table_capacity(TABLE);
        let mut reference = None;
        for engine in [Engine::Bfs, Engine::Bidirectional, Engine::AStar] {
            let result = engine.solve(TwoWay(&puzzle), layout, &limits);
            prop_assert!(result.stats.max_stored <= MAX_STATES, "{} {}: {:?}", metric, engine, result.stats);
            if let Outcome::LimitReached(limit) = &result.outcome {
                prop_assert_eq!(*limit, Limit::States { max: MAX_STATES }, "{} {}", metric, engine);
            }
            let outcome = result.outcome;
            let Some(reference) = &reference else {
                reference = Some(outcome);
                continue;
            };
            match (reference, &outcome) {
                (Outcome::Solved(a), Outcome::Solved(b)) => {
                    prop_assert_eq!(a.len(), b.len(), "{} {}", metric, engine);
                    prop_assert!(b.replays(&puzzle));
                }
                (Outcome::Unsolvable, Outcome::Unsolvable) => {}
                (Outcome::LimitReached(_), _) | (_, Outcome::LimitReached(_)) => {}
                _ => prop_assert!(false, "{} {}: {:?} vs {:?}", metric, engine, reference, outcome),
            }
        }
    }
}

/// Every move of `layout` under `metric`, found cell by cell on a grid of piece
/// labels: an independent check of the library's bit-parallel move generator.
fn reference_moves(layout: Layout, metric: Metric) -> HashSet<(Move, Layout)> {
    let labels = layout.labels();
    let mut moves = HashSet::new();
    let pieces: BTreeSet<char> = labels.iter().copied().filter(|&c| c != '.').collect();
    for label in pieces {
        let cells: Vec<usize> = (0..20).filter(|&cell| labels[cell] == label).collect();
        let from = cells[0];
        let shape = layout.shape_at(from / 4, from % 4).unwrap();
        // Offsets of the piece's cells from its top-left cell, as (row, col).
        let offsets: Vec<(i32, i32)> = cells
            .iter()
            .map(|&c| {
                (
                    (c / 4) as i32 - (from / 4) as i32,
                    (c % 4) as i32 - (from % 4) as i32,
                )
            })
            .collect();
        let fits = |anchor: (i32, i32)| {
            offsets.iter().all(|&(dr, dc)| {
                let (r, c) = (anchor.0 + dr, anchor.1 + dc);
                (0..5).contains(&r)
                    && (0..4).contains(&c)
                    && matches!(labels[(4 * r + c) as usize], '.')
                        | (labels[(4 * r + c) as usize] == label)
            })
        };
        let start = ((from / 4) as i32, (from % 4) as i32);
        let steps = [(-1, 0), (1, 0), (0, -1), (0, 1)];
        let mut reached = BTreeSet::new();
        match metric {
            Metric::Step => {
                for (dr, dc) in steps {
                    let to = (start.0 + dr, start.1 + dc);
                    if fits(to) {
                        reached.insert(to);
                    }
                }
            }
            Metric::Slide => {
                for (dr, dc) in steps {
                    let mut to = (start.0 + dr, start.1 + dc);
                    while fits(to) {
                        reached.insert(to);
                        to = (to.0 + dr, to.1 + dc);
                    }
                }
            }
            Metric::Piece => {
                let mut queue = vec![start];
                while let Some(at) = queue.pop() {
                    for (dr, dc) in steps {
                        let to = (at.0 + dr, at.1 + dc);
                        if to != start && fits(to) && reached.insert(to) {
                            queue.push(to);
                        }
                    }
                }
            }
        }
        for (row, col) in reached {
            let mut grid = labels;
            for &cell in &cells {
                grid[cell] = '.';
            }
            for &(dr, dc) in &offsets {
                grid[(4 * (row + dr) + col + dc) as usize] = label;
            }
            let text: String = grid.iter().collect();
            let after: Layout = text.parse().unwrap();
            let to = (4 * row + col) as u8;
            moves.insert((
                Move {
                    shape,
                    from: from as u8,
                    to,
                },
                after,
            ));
        }
    }
    moves
}

/// The library's moves of `layout`, after no move and after each of them, against
/// the reference.
fn check_moves(layout: Layout, metric: Metric) -> Result<(), TestCaseError> {
    let puzzle = Klotski::new(metric);
    let mut moves = HashSet::new();
    puzzle.successors(&layout, |mv, after| {
        moves.insert((mv, after));
    });
    let expected = reference_moves(layout, metric);
    prop_assert_eq!(
        &moves,
        &expected,
        "{} on {}",
        metric,
        layout.to_shape_digits()
    );
    // After a move, the moves of the same piece that the layout before it
    // reaches in one move may be left out, and nothing else.
    for &(last, after) in &expected {
        let before = reference_moves(after, metric);
        let mut kept = HashSet::new();
        puzzle.successors_after(&after, &last, |mv, next| {
            kept.insert((mv, next));
        });
        for (mv, next) in reference_moves(after, metric) {
            let skippable = next == layout || expected.iter().any(|&(_, other)| other == next);
            prop_assert!(
                kept.contains(&(mv, next)) || skippable,
                "{} after {:?} on {}: {:?} left out",
                metric,
                last,
                after.to_shape_digits(),
                mv
            );
        }
        prop_assert!(kept.is_subset(&before));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn moves_match_a_cell_by_cell_reference(layout in support::random_layout(), metric in prop::sample::select(Metric::ALL.to_vec())) {
        check_moves(layout, metric)?;
    }

    /// Layouts with two empty cells take their moves from a table.
    #[test]
    fn moves_with_two_empty_cells_match_the_reference(layout in support::random_layout_with_two_empty_cells(), metric in prop::sample::select(Metric::ALL.to_vec())) {
        prop_assert_eq!(layout.empty_cells(), 2);
        check_moves(layout, metric)?;
    }
}

#[test]
fn a_last_move_that_cannot_have_led_here_bars_nothing() {
    let general_free: Layout = "0441/0441/1111/1111/1111".parse().unwrap();
    for (layout, metric) in [hengdaolima(), general_free]
        .into_iter()
        .flat_map(|layout| Metric::ALL.map(|metric| (layout, metric)))
    {
        let puzzle = Klotski::new(metric);
        let mut all = HashSet::new();
        puzzle.successors(&layout, |mv, next| {
            all.insert((mv, next));
        });
        // Moves off the board, and a general said to have moved where it is not.
        let shapes = [
            Shape::General,
            Shape::Vertical,
            Shape::Horizontal,
            Shape::Soldier,
        ];
        let off_board = [(200, 250), (3, 255), (255, 3), (40, 40)];
        let bogus = shapes
            .into_iter()
            .flat_map(|shape| off_board.map(|(from, to)| Move { shape, from, to }))
            .chain([Move {
                shape: Shape::General,
                from: 9,
                to: 10,
            }]);
        for last in bogus {
            let mut kept = HashSet::new();
            puzzle.successors_after(&layout, &last, |mv, next| {
                kept.insert((mv, next));
            });
            assert_eq!(kept, all, "{metric} after {last:?}");
        }
    }
}

#[test]
fn short_code_extremes() {
    let first = ShortCode::new(0).unwrap();
    let last = ShortCode::new(LAYOUT_COUNT - 1).unwrap();
    assert_eq!(first.to_string(), "11111");
    assert_eq!(ShortCode::from(first.layout()), first);
    assert_eq!(ShortCode::from(last.layout()), last);
    assert!(ShortCode::new(LAYOUT_COUNT).is_err());
    assert!(CommonCode::from(first.layout()) < CommonCode::from(last.layout()));
}
