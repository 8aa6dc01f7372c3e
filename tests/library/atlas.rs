//! The exhaustive-analysis engine and its atlases, against the search engines
//! and plain breadth-first searches.
//!
//! The full runs (all 29,334,498 Klotski layouts, all 67,603,900 knight
//! positions) are ignored by default; run them with
//! `cargo test --release --test library atlas:: -- --ignored`.

use crate::support;

use std::collections::{HashMap, HashSet};

use proptest::prelude::*;
use puzzle_search::analysis::{KlotskiAtlas, KnightTable};
use puzzle_search::atlas::{self, file, AtlasError, Options, Phase, UNREACHABLE};
use puzzle_search::klotski::{
    catalog, AllLayouts, CommonCode, Klotski, Layout, LayoutError, Metric, PieceCounts,
    PieceSetSpace, ShortCode, LAYOUT_COUNT,
};
use puzzle_search::knights::{Knights, Position, POSITION_COUNT};
use puzzle_search::search::{bfs, CancelFlag, Engine, Limits, Outcome, TwoWay};
use puzzle_search::{Backward, DenseSpace, Puzzle};
use support::{
    hengdaolima, named, reference_component, seeded_knight_walk, SplitMix64, HENGDAOLIMA_COMPONENT,
    HENGDAOLIMA_OPTIMA, KNIGHT_DIAMETER, KNIGHT_POSITIONS, SAMPLE_BOARDS, SAMPLE_OPTIMA,
};

fn counts(vertical: u8, horizontal: u8, soldiers: u8) -> PieceCounts {
    PieceCounts {
        vertical,
        horizontal,
        soldiers,
    }
}

fn piece_set(pieces: PieceCounts) -> PieceSetSpace {
    PieceSetSpace::new(pieces).expect("a legal piece set")
}

/// Klotski under `metric` as the atlas maps it: layouts, not mirror pairs.
fn unfolded(metric: Metric) -> Klotski {
    Klotski::new(metric).with_mirror_folding(false)
}

// ---------------------------------------------------------------- dense indices

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn klotski_ranks_round_trip(rank in 0..LAYOUT_COUNT) {
        let space = AllLayouts;
        let layout = space.unrank(u64::from(rank));
        prop_assert_eq!(space.rank(&layout), u64::from(rank));
        prop_assert_eq!(ShortCode::new(rank).unwrap().layout(), layout);
        prop_assert_eq!(ShortCode::from(layout).rank(), rank);
    }

    #[test]
    fn klotski_scans_match_unranking(start in 0..LAYOUT_COUNT - 64, length in 0u32..64) {
        let space = AllLayouts;
        let range = u64::from(start)..u64::from(start + length);
        let mut seen = Vec::new();
        space.for_each_state(range.clone(), |rank, layout| seen.push((rank, layout)));
        let expected: Vec<_> = range.map(|rank| (rank, space.unrank(rank))).collect();
        prop_assert_eq!(seen, expected);
    }

    #[test]
    fn knight_indices_round_trip(index in 0..POSITION_COUNT) {
        let position = Position::from_index(index).unwrap();
        prop_assert_eq!(position.index(), index);
        prop_assert_eq!(Knights.rank(&position), index);
        prop_assert_eq!(Knights.unrank(index), position);
        prop_assert_eq!(Position::from_code(position.code()), Some(position));
    }

    #[test]
    fn knight_positions_round_trip(position in support::random_position()) {
        prop_assert!(position.index() < POSITION_COUNT);
        prop_assert_eq!(Position::from_index(position.index()), Some(position));
    }

    #[test]
    fn knight_scans_match_unranking(start in 0..POSITION_COUNT - 300, length in 0u64..300) {
        let mut seen = Vec::new();
        Knights.for_each_state(start..start + length, |index, position| seen.push((index, position)));
        let expected: Vec<_> = (start..start + length)
            .map(|index| (index, Position::from_index(index).unwrap()))
            .collect();
        prop_assert_eq!(seen, expected);
    }
}

#[test]
fn knight_index_extremes_cross_block_boundaries() {
    // The scan passes from one empty cell's block to the next.
    let block = POSITION_COUNT / 25;
    for start in [0, block - 3, 12 * block - 2, POSITION_COUNT - 5] {
        Knights.for_each_state(start..start + 5, |index, position| {
            assert_eq!(position.index(), index);
        });
    }
    assert_eq!(Position::from_index(POSITION_COUNT), None);
}

#[test]
fn piece_set_spaces_are_their_layouts_in_common_code_order() {
    for pieces in [counts(0, 0, 2), counts(1, 6, 0), counts(4, 1, 4)] {
        let space = piece_set(pieces);
        let layouts = space.layouts();
        assert!(layouts.iter().all(|layout| layout.counts() == pieces));
        let codes: Vec<CommonCode> = layouts.iter().map(|&l| CommonCode::from(l)).collect();
        assert!(codes.windows(2).all(|pair| pair[0] < pair[1]), "{pieces:?}");
        for (rank, layout) in layouts.iter().enumerate() {
            assert_eq!(space.rank(layout), rank as u64);
            assert_eq!(space.unrank(rank as u64), *layout);
        }
    }
    assert_eq!(piece_set(counts(0, 0, 2)).len(), 12 * 120);
    assert_eq!(piece_set(counts(4, 1, 4)).len(), 65_880);
    // Fewer than two empty cells.
    assert!(matches!(
        PieceSetSpace::new(counts(4, 1, 5)),
        Err(LayoutError::TooFewEmptyCells { found: 1 })
    ));
    assert!(matches!(
        PieceSetSpace::new(counts(9, 0, 0)),
        Err(LayoutError::TooFewEmptyCells { found: 0 })
    ));
}

// ---------------------------------------------------------------- the engine

/// A set with 2,376 layouts in 138 groups, 1,020 of them solvable, up to 53
/// moves from the exit: every layout's distance comes from its own search.
#[test]
fn piece_set_atlas_agrees_with_a_search_from_every_layout() {
    let pieces = counts(0, 6, 2);
    for metric in Metric::ALL {
        let atlas =
            KlotskiAtlas::build_piece_set(metric, piece_set(pieces), &Options::new(), &mut |_| {})
                .unwrap();
        let puzzle = Klotski::new(metric);
        let space = piece_set(pieces);
        for &layout in space.layouts() {
            let expected = match bfs(&puzzle, layout, &Limits::new()).outcome {
                Outcome::Solved(path) => Some(path.len() as u32),
                Outcome::Unsolvable => None,
                Outcome::LimitReached(limit) => panic!("no limit was set: {limit}"),
            };
            assert_eq!(atlas.distance(layout), expected, "{metric} {layout:?}");
        }
        if metric == Metric::Piece {
            let summary = atlas.summary(&Options::new(), &mut |_| {}).unwrap();
            assert_eq!(
                (
                    summary.stats.layouts,
                    summary.stats.groups,
                    summary.stats.solvable,
                    summary.stats.max_distance
                ),
                (2376, 138, 1020, Some(53))
            );
        }
    }
}

#[test]
fn groups_are_the_components_of_plain_searches() {
    let space = piece_set(counts(1, 6, 0));
    let atlas =
        KlotskiAtlas::build_piece_set(Metric::Step, space.clone(), &Options::new(), &mut |_| {})
            .unwrap();
    // The atlas maps layouts, not mirror pairs: one key per layout.
    let puzzle = unfolded(Metric::Step);
    let mut labelled: HashMap<u32, usize> = HashMap::new();
    let mut done = HashSet::new();
    for &layout in space.layouts() {
        if done.contains(&layout) {
            continue;
        }
        let members = reference_component(&puzzle, layout);
        let label = atlas.group(layout).unwrap();
        assert!(members
            .iter()
            .all(|&member| atlas.group(member) == Some(label)));
        assert_eq!(
            labelled.insert(label, members.len()),
            None,
            "label {label} used twice"
        );
        done.extend(members);
    }
    assert_eq!(labelled.len(), 44);
    assert_eq!(atlas.components().count(), 44);
    let sizes: usize = labelled.values().sum();
    assert_eq!(sizes, 180);
    let mut by_label: Vec<u32> = labelled.values().map(|&size| size as u32).collect();
    let mut reported = atlas.components().sizes().to_vec();
    by_label.sort_unstable();
    reported.sort_unstable();
    assert_eq!(by_label, reported);
}

#[test]
fn results_do_not_depend_on_the_number_of_threads() {
    let space = piece_set(counts(2, 4, 2));
    let one = Options::new().with_threads(1);
    let distances = atlas::distances(&unfolded(Metric::Piece), &space, &one, &mut |_| {}).unwrap();
    let components =
        atlas::components(&unfolded(Metric::Piece), &space, &one, &mut |_| {}).unwrap();
    for threads in [2, 3, 8] {
        let options = Options::new().with_threads(threads);
        assert_eq!(
            atlas::distances(&unfolded(Metric::Piece), &space, &options, &mut |_| {}).unwrap(),
            distances
        );
        assert_eq!(
            atlas::components(&unfolded(Metric::Piece), &space, &options, &mut |_| {}).unwrap(),
            components
        );
    }
    assert_eq!(components.count(), 1074);
    assert_eq!(distances.max(), Some(77));
    let partial = Options::new().with_max_depth(14);
    let knights = KnightTable::build(&partial.clone().with_threads(1), &mut |_| {}).unwrap();
    let knights_two = KnightTable::build(&partial.with_threads(2), &mut |_| {}).unwrap();
    assert_eq!(knights, knights_two);
}

/// The flood finds the union–find's components, labelled alike, on piece
/// sets under every metric and with any number of threads: sets of many
/// groups, six soldiers in one group and in many.
#[test]
fn flood_components_equal_union_find_components() {
    flood_matches_union_find(&[
        counts(2, 4, 2),
        counts(0, 6, 2),
        counts(4, 1, 4),
        counts(1, 3, 6),
        counts(0, 0, 6),
    ]);
}

/// As [`flood_components_equal_union_find_components`], on a set of 964,656
/// layouts in one group.
#[test]
#[ignore = "964,656 layouts under three metrics: some ten seconds"]
fn flood_components_equal_union_find_components_on_a_large_set() {
    flood_matches_union_find(&[counts(1, 1, 6)]);
}

fn flood_matches_union_find(sets: &[PieceCounts]) {
    for &pieces in sets {
        let space = piece_set(pieces);
        for metric in Metric::ALL {
            let puzzle = unfolded(metric);
            let reference =
                atlas::components(&puzzle, &space, &Options::new(), &mut |_| {}).unwrap();
            for threads in [1, 2] {
                let options = Options::new().with_threads(threads);
                let graph = atlas::MoveGraph::new(&puzzle, &space);
                let mut reports = Vec::new();
                let flooded =
                    atlas::flood(&graph, &options, &mut |report| reports.push(report)).unwrap();
                assert_eq!(flooded, reference, "{pieces:?} {metric:?} {threads}");
                assert!(reports
                    .iter()
                    .all(|report| report.phase == Phase::Components));
                assert_eq!(reports.last().map(|report| report.done), Some(space.len()));
            }
        }
    }
}

/// Every entry of the engine stops with `Cancelled`, and returns no table,
/// once the flag is set from its progress callback, on one thread or two.
#[test]
fn a_cancelled_run_returns_no_table() {
    let space = piece_set(counts(2, 4, 2));
    let puzzle = unfolded(Metric::Piece);
    for threads in [1, 2] {
        let flag = CancelFlag::new();
        let options = Options::new()
            .with_threads(threads)
            .with_cancel_flag(flag.clone());
        let mut cancel = |_| flag.cancel();
        let cancelled =
            |result: Result<(), AtlasError>| matches!(result, Err(AtlasError::Cancelled));
        assert!(cancelled(
            atlas::distances(&puzzle, &space, &options, &mut cancel).map(|_| ())
        ));
        assert!(cancelled(
            atlas::components(&puzzle, &space, &options, &mut cancel).map(|_| ())
        ));
        let graph = atlas::MoveGraph::new(&puzzle, &space);
        assert!(cancelled(
            atlas::flood(&graph, &options, &mut cancel).map(|_| ())
        ));
        let parted = MirroredPieceSet {
            space: space.clone(),
            puzzle,
        };
        assert!(cancelled(
            atlas::distances_by_parts(&parted, &options, &mut cancel).map(|_| ())
        ));
        assert!(cancelled(
            KnightTable::build(&options, &mut cancel).map(|_| ())
        ));
        assert!(cancelled(
            puzzle_search::analysis::klotski_groups(&options, &mut cancel).map(|_| ())
        ));
        assert!(cancelled(
            KlotskiAtlas::build(Metric::Piece, &options, &mut cancel).map(|_| ())
        ));
        // The same options without the flag set run to the end.
        let fresh = Options::new()
            .with_threads(threads)
            .with_cancel_flag(CancelFlag::new());
        let complete = atlas::distances(&puzzle, &space, &fresh, &mut |_| {}).unwrap();
        assert_eq!(complete.len(), space.len());
    }
}

/// A piece set as a [`atlas::PartedSpace`] of one part, a layout and its
/// mirror image one key, as the full atlas searches every piece set.
struct MirroredPieceSet {
    space: PieceSetSpace,
    puzzle: Klotski,
}

impl atlas::PartedSpace for MirroredPieceSet {
    type Node = Layout;
    fn len(&self) -> u64 {
        self.space.len()
    }
    fn parts(&self) -> u64 {
        1
    }
    fn for_each_goal(&self, _part: u64, emit: impl FnMut(Layout)) {
        self.space.for_each_goal(emit);
    }
    fn key(&self, layout: &Layout) -> u64 {
        layout.mirror_folded_code()
    }
    fn for_each_rank(&self, layout: &Layout, mut emit: impl FnMut(u64)) {
        emit(self.space.rank(layout));
        if layout.mirror() != *layout {
            emit(self.space.rank(&layout.mirror()));
        }
    }
    fn predecessors(&self, layout: &Layout, mut emit: impl FnMut(Layout)) {
        self.puzzle
            .predecessors(layout, |_, previous| emit(previous));
    }
}

/// The search part by part, mirror images folded, finds the distances of the
/// generic engine, with and without a depth limit.
#[test]
fn distances_by_parts_equal_the_generic_distances() {
    for pieces in [counts(2, 4, 2), counts(0, 6, 2), counts(4, 1, 4)] {
        for metric in Metric::ALL {
            let space = piece_set(pieces);
            let puzzle = unfolded(metric);
            for options in [Options::new(), Options::new().with_max_depth(9)] {
                let reference = atlas::distances(&puzzle, &space, &options, &mut |_| {}).unwrap();
                let parted = MirroredPieceSet {
                    space: space.clone(),
                    puzzle,
                };
                let mut reports = Vec::new();
                let found = atlas::distances_by_parts(&parted, &options, &mut |report| {
                    reports.push(report)
                })
                .unwrap();
                assert_eq!(found, reference, "{pieces:?} {metric:?}");
                let last = reports.last().unwrap();
                assert_eq!((last.done, last.total), (space.len(), space.len()));
                assert_eq!(last.depth, u32::from(reference.max().unwrap()));
            }
        }
    }
}

/// Rings of different sizes, split into parts: every thread count labels them
/// by their smallest rank, whichever thread floods which ring.
#[test]
fn flood_parts_are_labelled_as_one() {
    /// State `n` lies on ring `n % 7`; its neighbours are the states 7 before
    /// and after it on that ring (rings wrap around).
    struct Rings;
    const STATES: u64 = 7 * 40 + 3;
    impl atlas::Graph for Rings {
        type Node = u64;
        fn len(&self) -> u64 {
            STATES
        }
        fn parts(&self) -> u64 {
            7
        }
        fn part(&self, node: &u64) -> u64 {
            node % 7
        }
        fn for_each_node(&self, ranks: core::ops::Range<u64>, mut visit: impl FnMut(u64, u64)) {
            ranks.for_each(|rank| visit(rank, rank));
        }
        fn key(&self, node: &u64) -> u64 {
            *node
        }
        fn rank(&self, node: &u64) -> u64 {
            *node
        }
        fn neighbours(&self, node: &u64, mut emit: impl FnMut(u64)) {
            let ring = node % 7;
            let last = (STATES - 1 - ring) / 7 * 7 + ring;
            emit(if *node + 7 > last { ring } else { node + 7 });
            emit(if *node < 7 { last } else { node - 7 });
        }
    }
    for threads in [1, 2, 3, 8] {
        let options = Options::new().with_threads(threads);
        let components = atlas::flood(&Rings, &options, &mut |_| {}).unwrap();
        assert_eq!(components.count(), 7);
        let labels: Vec<u32> = (0..STATES).map(|n| (n % 7) as u32).collect();
        assert_eq!(components.labels(), &labels[..]);
        assert_eq!(components.sizes(), &[41, 41, 41, 40, 40, 40, 40]);
    }
}

#[test]
fn progress_reports_every_layer_and_ends_complete() {
    let space = piece_set(counts(0, 6, 2));
    let mut reports = Vec::new();
    let distances = atlas::distances(
        &unfolded(Metric::Piece),
        &space,
        &Options::new(),
        &mut |report| reports.push(report),
    )
    .unwrap();
    assert!(reports
        .iter()
        .all(|report| report.phase == Phase::Distances));
    assert!(reports.iter().all(|report| report.total == space.len()));
    assert!(reports.windows(2).all(|pair| pair[0].done <= pair[1].done));
    let last = reports.last().unwrap();
    assert_eq!((last.done, last.depth), (space.len(), 53));
    assert_eq!(reports.len(), 53 + 2);
    assert_eq!(distances.histogram().len(), 54);

    let mut reports = Vec::new();
    atlas::components(
        &unfolded(Metric::Piece),
        &space,
        &Options::new(),
        &mut |report| reports.push(report),
    )
    .unwrap();
    assert!(reports
        .iter()
        .all(|report| report.phase == Phase::Components));
    assert_eq!(reports.last().map(|report| report.done), Some(space.len()));
}

#[test]
fn a_depth_limit_leaves_farther_states_unreached() {
    let space = piece_set(counts(0, 6, 2));
    let full = atlas::distances(
        &unfolded(Metric::Piece),
        &space,
        &Options::new(),
        &mut |_| {},
    )
    .unwrap();
    let partial = atlas::distances(
        &unfolded(Metric::Piece),
        &space,
        &Options::new().with_max_depth(10),
        &mut |_| {},
    )
    .unwrap();
    for (&all, &near) in full.as_bytes().iter().zip(partial.as_bytes()) {
        assert_eq!(near, if all <= 10 { all } else { UNREACHABLE });
    }
}

// ---------------------------------------------------------------- 横刀立马

#[test]
fn hengdaolima_group_agrees_with_single_solves() {
    let start = hengdaolima();
    let space = piece_set(start.counts());
    let atlas =
        KlotskiAtlas::build_piece_set(Metric::Piece, space.clone(), &Options::new(), &mut |_| {})
            .unwrap();
    assert_eq!(atlas.distance(start), Some(81));
    let label = atlas.group(start).unwrap();
    let members: Vec<Layout> = space
        .layouts()
        .iter()
        .copied()
        .filter(|&layout| atlas.group(layout) == Some(label))
        .collect();
    assert_eq!(members.len(), HENGDAOLIMA_COMPONENT);
    assert_eq!(
        atlas.components().sizes()[label as usize] as usize,
        HENGDAOLIMA_COMPONENT
    );
    let mut plain = reference_component(&unfolded(Metric::Piece), start);
    plain.sort_unstable();
    let mut sorted = members.clone();
    sorted.sort_unstable();
    assert_eq!(plain, sorted);
    // Every 500th member, solved on its own.
    let puzzle = Klotski::new(Metric::Piece);
    for &layout in members.iter().step_by(500) {
        let result = Engine::Bidirectional.solve(TwoWay(&puzzle), layout, &Limits::new());
        let moves = result.outcome.path().map(|path| path.len() as u32);
        assert_eq!(atlas.distance(layout), moves, "{layout:?}");
    }
    // The catalog's layouts of this piece set have their published optima.
    for entry in catalog::ENTRIES {
        if entry.layout().counts() == start.counts() {
            assert_eq!(
                atlas.distance(entry.layout()),
                entry.piece_moves,
                "{}",
                entry.name
            );
        }
    }
}

// ---------------------------------------------------------------- knights

/// Positions exactly `moves` random jumps from the target (so at most that far).
fn random_walks(seed: u64, walks: usize, moves: usize) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    (0..walks)
        .map(|_| seeded_knight_walk(&mut rng, moves))
        .collect()
}

#[test]
fn knight_distances_near_the_target_agree_with_searches() {
    let depth = 12;
    let options = Options::new().with_max_depth(depth);
    let table = KnightTable::build(&options, &mut |_| {}).unwrap();
    // The generic engine over `Knights` as a dense space finds the same table.
    let generic = atlas::distances(&Knights, &Knights, &options, &mut |_| {}).unwrap();
    assert_eq!(table.distances(), &generic);
    assert_eq!(
        table.histogram(),
        [1, 8, 14, 38, 148, 368, 1001, 2440, 6468, 14116, 32825, 64782, 137262]
    );
    for moves in [1, 4, 7, 10, 12] {
        for position in random_walks(moves as u64, 40, moves) {
            let result = Engine::Bfs.solve(TwoWay(&Knights), position, &Limits::new());
            let expected = result.outcome.path().map(|path| path.len() as u32);
            assert_eq!(table.distance(position), expected, "{position}");
            let path = table.path(position).unwrap();
            assert_eq!(path.len() as u32 - 1, expected.unwrap());
            assert_eq!(path.last(), Some(&Position::TARGET));
            assert!(path.windows(2).all(|pair| {
                let mut adjacent = false;
                Knights.successors(&pair[0], |_, next| adjacent |= next == pair[1]);
                adjacent
            }));
        }
    }
    // Beyond the depth the partial table does not know.
    let far: Position = SAMPLE_BOARDS[1].parse().unwrap();
    assert_eq!(table.distance(far), None);
    assert_eq!(table.path(far), None);
}

// ---------------------------------------------------------------- table files

#[test]
fn table_files_round_trip_and_reject_damage() {
    let space = piece_set(counts(0, 6, 2));
    let atlas =
        KlotskiAtlas::build_piece_set(Metric::Slide, space.clone(), &Options::new(), &mut |_| {})
            .unwrap();
    let mut bytes = Vec::new();
    atlas.save(&mut bytes).unwrap();
    assert_eq!(bytes.len(), file::HEADER_LEN + 5 * 2376);
    let loaded = KlotskiAtlas::load_piece_set(&bytes[..], Metric::Slide, space.clone()).unwrap();
    assert_eq!(loaded.distances(), atlas.distances());
    assert_eq!(loaded.components(), atlas.components());

    let message = |result: Result<KlotskiAtlas, AtlasError>| result.unwrap_err().to_string();
    let truncated = message(KlotskiAtlas::load_piece_set(
        &bytes[..bytes.len() - 1],
        Metric::Slide,
        space.clone(),
    ));
    assert!(truncated.contains("truncated"), "{truncated}");
    let short = message(KlotskiAtlas::load_piece_set(
        &bytes[..10],
        Metric::Slide,
        space.clone(),
    ));
    assert!(short.contains("truncated"), "{short}");
    let mut longer = bytes.clone();
    longer.push(0);
    let extra = message(KlotskiAtlas::load_piece_set(
        &longer[..],
        Metric::Slide,
        space.clone(),
    ));
    assert!(extra.contains("extra bytes"), "{extra}");
    let mut flipped = bytes.clone();
    flipped[file::HEADER_LEN + 100] ^= 1;
    let corrupt = message(KlotskiAtlas::load_piece_set(
        &flipped[..],
        Metric::Slide,
        space.clone(),
    ));
    assert!(corrupt.contains("checksum"), "{corrupt}");
    let wrong = message(KlotskiAtlas::load_piece_set(
        &bytes[..],
        Metric::Piece,
        space.clone(),
    ));
    assert!(
        wrong.contains("klotski/slide/0-6-2") && wrong.contains("klotski/piece/0-6-2"),
        "{wrong}"
    );
    let junk = message(KlotskiAtlas::load_piece_set(
        &b"hello, world"[..],
        Metric::Slide,
        space.clone(),
    ));
    assert!(junk.contains("not a puzzle-search table"), "{junk}");
    let empty = message(KlotskiAtlas::load_piece_set(&b""[..], Metric::Slide, space));
    assert!(empty.contains("not a puzzle-search table"), "{empty}");
    let knights = KnightTable::load(&bytes[..]).unwrap_err().to_string();
    assert!(knights.contains("\"knights\""), "{knights}");
}

#[test]
fn knight_tables_round_trip() {
    let table = KnightTable::build(&Options::new().with_max_depth(6), &mut |_| {}).unwrap();
    let mut bytes = Vec::new();
    table.save(&mut bytes).unwrap();
    assert_eq!(bytes.len() as u64, file::HEADER_LEN as u64 + POSITION_COUNT);
    assert_eq!(KnightTable::load(&bytes[..]).unwrap(), table);
    let error = KnightTable::load(&bytes[..bytes.len() / 2])
        .unwrap_err()
        .to_string();
    assert!(error.contains("truncated"), "{error}");
}

// ---------------------------------------------------------------- full runs

/// All 29,334,498 layouts under the `piece` metric, against the published numbers.
#[test]
#[ignore = "maps all 29 million layouts: about 10 s per metric in release"]
fn full_klotski_atlas() {
    let atlas = KlotskiAtlas::build(Metric::Piece, &Options::new(), &mut |_| {}).unwrap();
    let summary = atlas.summary(&Options::new(), &mut |_| {}).unwrap();
    assert_eq!(summary.stats.layouts, u64::from(LAYOUT_COUNT));
    assert_eq!(summary.stats.groups, 25_422);
    assert_eq!(summary.largest_group, 964_656);
    assert_eq!(summary.stats.solvable, 28_913_089);
    assert_eq!(summary.piece_sets.len(), 203);
    let two_empty: u64 = summary
        .piece_sets
        .iter()
        .filter(|set| set.counts.empty_cells() == 2)
        .map(|set| set.stats.layouts)
        .sum();
    assert_eq!(two_empty, 1_588_914);
    assert_eq!(
        summary
            .piece_sets
            .iter()
            .map(|set| set.stats.layouts)
            .sum::<u64>(),
        summary.stats.layouts
    );
    assert_eq!(
        summary
            .piece_sets
            .iter()
            .map(|set| u64::from(set.stats.groups))
            .sum::<u64>(),
        25_422
    );
    for entry in catalog::ENTRIES {
        assert_eq!(
            atlas.distance(entry.layout()),
            entry.piece_moves,
            "{}",
            entry.name
        );
    }
    let start = hengdaolima();
    assert_eq!(atlas.distance(start), Some(81));
    let label = atlas.group(start).unwrap();
    assert_eq!(
        atlas.components().sizes()[label as usize] as usize,
        HENGDAOLIMA_COMPONENT
    );
    // 峰回路转, the catalog's hardest, is among the hardest of all.
    let hardest = named("fenghuiluzhuan");
    assert_eq!(summary.stats.max_distance, Some(138));
    assert!(summary.stats.hardest.contains(&hardest));

    // The groups are the same in every metric; the distances are not: the
    // hardest layouts need 179 steps or 150 slides (the README's numbers).
    for (metric, moves) in HENGDAOLIMA_OPTIMA {
        if metric == Metric::Piece {
            continue;
        }
        let moves = moves as u32;
        let other = KlotskiAtlas::build(metric, &Options::new(), &mut |_| {}).unwrap();
        assert_eq!(other.components(), atlas.components());
        assert_eq!(other.distance(start), Some(moves));
        assert_eq!(other.distances().reachable(), summary.stats.solvable);
        let hardest = match metric {
            Metric::Step => 179,
            _ => 150,
        };
        assert_eq!(
            other.distances().max().map(u32::from),
            Some(hardest),
            "{metric}"
        );
    }
}

/// The flood of all layouts by piece set finds the union–find's groups.
#[test]
#[ignore = "labels all 29 million layouts twice: about 15 s in release"]
fn full_klotski_groups_equal_union_find() {
    let flooded = puzzle_search::analysis::klotski_groups(&Options::new(), &mut |_| {}).unwrap();
    let reference = atlas::components(
        &unfolded(Metric::Step),
        &AllLayouts,
        &Options::new(),
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(flooded.count(), 25_422);
    assert_eq!(flooded.largest(), 964_656);
    assert_eq!(flooded, reference);
}

/// The search by piece set, mirror images folded, finds the generic engine's
/// distances for all layouts.
#[test]
#[ignore = "maps all 29 million layouts twice: about 30 s in release"]
fn full_klotski_distances_by_parts_equal_the_generic_distances() {
    let atlas = KlotskiAtlas::build(Metric::Piece, &Options::new(), &mut |_| {}).unwrap();
    let generic = atlas::distances(
        &unfolded(Metric::Piece),
        &AllLayouts,
        &Options::new(),
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(atlas.distances(), &generic);
}

/// All 67,603,900 knight positions.
#[test]
#[ignore = "maps all 67 million positions: a few seconds in release"]
fn full_knight_table() {
    let table = KnightTable::build(&Options::new(), &mut |_| {}).unwrap();
    assert_eq!(table.distances().len(), KNIGHT_POSITIONS);
    assert_eq!(table.distances().reachable(), KNIGHT_POSITIONS);
    assert_eq!(table.histogram().iter().sum::<u64>(), KNIGHT_POSITIONS);
    assert_eq!(table.diameter(), KNIGHT_DIAMETER);
    for (board, optimum) in SAMPLE_BOARDS.iter().zip(SAMPLE_OPTIMA) {
        let position: Position = board.parse().unwrap();
        assert_eq!(table.distance(position), Some(optimum), "{board}");
    }
    // The generic engine agrees position by position.
    let generic = atlas::distances(&Knights, &Knights, &Options::new(), &mut |_| {}).unwrap();
    assert_eq!(table.distances(), &generic);
}
