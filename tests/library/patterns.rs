//! Pattern databases: the engine's tables against exact distances, the
//! heuristic's admissibility, their files, and Korf's 100 instances.

#![cfg(feature = "analysis")]

use std::collections::HashMap;
use std::sync::OnceLock;

use puzzle_search::analysis::{
    build_pattern_database, load_pattern_database, pattern_space_name, save_pattern_database,
};
use puzzle_search::atlas::{self, file::FileError, AtlasError, Options, UNREACHABLE};
use puzzle_search::search::{Engine, Limits, TwoWay};
use puzzle_search::sliding::{
    Board, Partition, PatternDatabase, PatternSpace, Shape, Sliding, SolvableBoards,
};
use puzzle_search::{Abstraction, DenseSpace, Puzzle};

/// The pattern databases of `partition`, built on all cores.
fn build(shape: Shape, partition: &str) -> PatternDatabase {
    let partition = Partition::parse(shape, partition).unwrap();
    build_pattern_database(partition, &Options::new(), &mut |_, _| {}).unwrap()
}

/// Every solvable board of `shape` with its exact distance, by the atlas.
fn exact(shape: Shape) -> Vec<(Board, u32)> {
    let space = SolvableBoards::new(shape).unwrap();
    let distances =
        atlas::distances(&Sliding::new(), &space, &Options::new(), &mut |_| {}).unwrap();
    (0..space.len())
        .map(|rank| {
            let distance = distances
                .get(rank)
                .expect("every solvable board is reached");
            (space.unrank(rank), u32::from(distance))
        })
        .collect()
}

/// Checks that `database` bounds every board of `boards` and vanishes at
/// the goal (and, when its groups hold every tile, only there); returns how
/// many boards it gets exactly.
fn check_bounds(database: &PatternDatabase, boards: &[(Board, u32)]) -> usize {
    let partition = database.partition();
    let covered: usize = partition.groups().map(<[u8]>::len).sum();
    let complete = covered == partition.shape().cells() - 1;
    let mut exact = 0;
    for &(board, distance) in boards {
        let estimate = database.estimate(&board);
        assert!(estimate <= distance, "{board:?}: {estimate} > {distance}");
        if distance == 0 || complete {
            assert_eq!(estimate == 0, distance == 0, "{board:?}");
        }
        exact += usize::from(estimate == distance);
    }
    exact
}

#[test]
fn one_group_of_every_tile_is_the_exact_distance() {
    for shape in [
        Shape::EIGHT,
        Shape::new(2, 3).unwrap(),
        Shape::new(3, 2).unwrap(),
    ] {
        let boards = exact(shape);
        let database =
            build_pattern_database(Partition::for_shape(shape), &Options::new(), &mut |_, _| {})
                .unwrap();
        assert_eq!(database.partition().groups().len(), 1, "{shape}");
        assert_eq!(check_bounds(&database, &boards), boards.len(), "{shape}");
    }
}

#[test]
fn additive_databases_bound_every_eight_puzzle_board() {
    let boards = exact(Shape::EIGHT);
    let mut exactly = HashMap::new();
    for partition in [
        "4-4",
        "1,2,3,4/5,6,7,8",
        "3-3-2",
        "2-2-2-2",
        "1,3,5,7/2,4,6,8",
        "1,2",
    ] {
        let database = build(Shape::EIGHT, partition);
        assert!(database.mirrors());
        exactly.insert(partition, check_bounds(&database, &boards));
    }
    // Larger groups know more: 4-4 is exact more often than 2-2-2-2.
    assert!(exactly["4-4"] > exactly["3-3-2"]);
    assert!(exactly["3-3-2"] > exactly["2-2-2-2"]);
    // And every database is at least the Manhattan distance, which is the
    // sum of the one-tile databases.
    let database = build(Shape::EIGHT, "1/2/3/4/5/6/7/8");
    for &(board, _) in &boards {
        assert_eq!(database.estimate(&board), board.manhattan(), "{board:?}");
    }
}

#[test]
fn threads_split_layers_without_changing_the_table_or_its_progress() {
    // Six tiles of the 3x4 board: layers of up to a hundred thousand states,
    // expanded and sorted in several runs on three threads.
    let shape = Shape::new(3, 4).unwrap();
    let partition = Partition::parse(shape, "1,2,3,4,5,6").unwrap();
    let space = PatternSpace::new(&partition, 0).unwrap();
    let run = |threads: usize| {
        let mut reports = Vec::new();
        let options = Options::new().with_threads(threads);
        let table = atlas::pattern_database(&space, &space, &options, &mut |progress| {
            reports.push((progress.depth, progress.done))
        })
        .unwrap();
        (table, reports)
    };
    let (table, reports) = run(1);
    assert_eq!(run(3), (table.clone(), reports.clone()));
    let histogram = table.histogram();
    let mut known = 0;
    // One report a layer: the patterns known by then.
    for (depth, &(reported, done)) in reports.iter().enumerate().take(histogram.len()) {
        known += histogram[depth];
        assert_eq!((reported, done), (depth as u32, known));
    }
    assert_eq!(known, space.patterns());
    // Abstract states may lie deeper than any pattern's least distance.
    let &(deepest, done) = reports.last().unwrap();
    assert!(deepest as usize >= histogram.len() - 1);
    assert_eq!(done, known);
}

#[test]
fn tables_are_the_fewest_moves_of_the_group() {
    // Tiles 1 and 2 of the 2x3 board: every entry is the distance in the
    // abstraction by a plain breadth-first search over its states.
    let shape = Shape::new(2, 3).unwrap();
    let partition = Partition::parse(shape, "1,2").unwrap();
    let space = PatternSpace::new(&partition, 0).unwrap();
    let mut reports = Vec::new();
    let table = atlas::pattern_database(&space, &space, &Options::new(), &mut |progress| {
        reports.push(progress)
    })
    .unwrap();
    assert_eq!(table.len(), space.patterns());
    let mut best = vec![UNREACHABLE; space.patterns() as usize];
    let mut frontier = Vec::new();
    space.for_each_goal(|goal| frontier.push(goal));
    let mut seen = std::collections::HashSet::new();
    let mut depth = 0u8;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for state in frontier {
            if !seen.insert(space.rank(&state)) {
                continue;
            }
            let entry = &mut best[space.pattern_of(space.rank(&state)) as usize];
            *entry = (*entry).min(depth);
            space.successors(&state, |_, after| next.push(after));
        }
        frontier = next;
        depth += 1;
    }
    assert_eq!(table.as_bytes(), &best[..]);
    // After each layer, the patterns known are those at most that many moves
    // from home.
    assert!(reports.len() > 2);
    for progress in &reports {
        let known = best
            .iter()
            .filter(|&&entry| u32::from(entry) <= progress.depth);
        assert_eq!(progress.done, known.count() as u64, "{progress:?}");
        assert_eq!(progress.total, space.patterns());
    }
    // Every placement of two tiles is reachable, the goal's at 0.
    assert!(best.iter().all(|&entry| entry != UNREACHABLE));
    assert_eq!(best.iter().filter(|&&entry| entry == 0).count(), 1);
}

#[test]
fn files_keep_the_tables_and_refuse_what_is_not_theirs() {
    let partition = Partition::parse(Shape::EIGHT, "3-3-2").unwrap();
    let database = build(Shape::EIGHT, "3-3-2");
    let mut bytes = Vec::new();
    save_pattern_database(&mut bytes, &database).unwrap();
    let sizes: u64 = (0..3).map(|group| partition.patterns(group) + 64).sum();
    assert_eq!(bytes.len() as u64, sizes);
    let loaded = load_pattern_database(&bytes[..], partition.clone()).unwrap();
    for group in 0..3 {
        assert_eq!(loaded.table(group), database.table(group));
    }
    assert_eq!(pattern_space_name(Shape::EIGHT, &[1, 2, 3]), "pdb 3x3 e");

    let error = |bytes: &[u8]| match load_pattern_database(bytes, partition.clone()) {
        Err(AtlasError::File(error)) => error,
        other => panic!("{:?}", other.map(|_| ())),
    };
    // A byte changed, a byte missing, a byte too many.
    let mut damaged = bytes.clone();
    damaged[64 + 100] ^= 0x10;
    assert_eq!(error(&damaged), FileError::BadChecksum);
    assert!(matches!(
        error(&bytes[..bytes.len() - 1]),
        FileError::Truncated { .. }
    ));
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(error(&longer), FileError::TrailingBytes { .. }));
    // The tables of another partition, and a table of distances.
    let other = Partition::parse(Shape::EIGHT, "1,2,4/3,5,6/7,8").unwrap();
    match load_pattern_database(&bytes[..], other) {
        Err(AtlasError::File(FileError::WrongSpace { expected, found })) => {
            assert_eq!(
                (expected.as_str(), found.as_str()),
                ("pdb 3x3 16", "pdb 3x3 e")
            );
        }
        other => panic!("{:?}", other.map(|_| ())),
    }
    let mut distances = Vec::new();
    let table = atlas::Distances::from_bytes(vec![0; 504]);
    atlas::file::save(&mut distances, "pdb 3x3 e", &table, None).unwrap();
    assert!(matches!(error(&distances), FileError::WrongKind { .. }));
}

#[test]
fn tables_must_fit_their_groups() {
    let partition = Partition::parse(Shape::EIGHT, "1,2/3").unwrap();
    assert!(PatternDatabase::from_tables(partition.clone(), vec![vec![0; 72], vec![0; 9]]).is_ok());
    assert!(PatternDatabase::from_tables(partition.clone(), vec![vec![0; 72]]).is_err());
    assert!(
        PatternDatabase::from_tables(partition.clone(), vec![vec![0; 71], vec![0; 9]]).is_err()
    );
    assert!(
        PatternDatabase::from_tables(partition, vec![vec![0; 72], vec![0; 9], vec![]]).is_err()
    );
}

#[test]
fn an_abstraction_too_large_for_memory_is_an_error_not_an_abort() {
    // Eleven tiles of the 24-puzzle: 25!/14! placements, far beyond memory.
    let partition = Partition::parse(Shape::TWENTY_FOUR, "1,2,3,4,5,6,7,8,9,10,11").unwrap();
    let result = build_pattern_database(partition, &Options::new(), &mut |_, _| {});
    assert!(matches!(result, Err(AtlasError::TooLarge { .. })));
}

// ------------------------------------------------------------- Korf's instances

/// Korf's 100 instances and their optimal lengths (tests/data).
fn korf() -> Vec<(Board, usize)> {
    let boards = include_str!("../data/korf100.txt");
    let answers = include_str!("../data/korf100.ans");
    let data = |text: &'static str| {
        text.lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
            .collect::<Vec<_>>()
    };
    data(boards)
        .into_iter()
        .zip(data(answers))
        .map(|(board, answer)| {
            let board = puzzle_search::sliding::parse_board(board, None).unwrap();
            let fields: Vec<usize> = answer.split(' ').map(|f| f.parse().unwrap()).collect();
            assert_eq!(board.instance, Some(fields[0] as u64));
            (board.board, fields[1])
        })
        .collect()
}

/// The 15-puzzle's default databases (6-6-3), built once for all tests.
fn fifteen() -> &'static PatternDatabase {
    static DATABASE: OnceLock<PatternDatabase> = OnceLock::new();
    DATABASE.get_or_init(|| {
        let partition = Partition::for_shape(Shape::FIFTEEN);
        build_pattern_database(partition, &Options::new(), &mut |_, _| {}).unwrap()
    })
}

/// Solves `instances` with IDA* on the default databases, checking each
/// path; returns the nodes generated.
fn solve(instances: &[(Board, usize)]) -> u64 {
    let puzzle = Sliding::new().with_heuristic(fifteen());
    let mut generated = 0;
    for (index, &(start, optimum)) in instances.iter().enumerate() {
        assert!(fifteen().estimate(&start) as usize <= optimum);
        let result = Engine::IdaStar.solve(TwoWay(&puzzle), start, &Limits::new());
        let path = result
            .outcome
            .path()
            .expect("Korf's instances are solvable");
        assert_eq!(path.len(), optimum, "instance {}", index + 1);
        assert!(path.replays(&puzzle));
        assert_eq!(path.start(), &start);
        assert!(puzzle.is_goal(path.goal()));
        generated += result.stats.generated;
    }
    generated
}

#[test]
fn korf_instances_are_one_hundred_permutations() {
    let instances = korf();
    assert_eq!(instances.len(), 100);
    assert!(instances.iter().all(|(board, _)| board.is_solvable()));
    let lengths: Vec<usize> = instances.iter().map(|&(_, moves)| moves).collect();
    assert_eq!(lengths.iter().sum::<usize>(), 5_305);
    assert_eq!(
        (lengths.iter().min(), lengths.iter().max()),
        (Some(&41), Some(&66))
    );
}

#[test]
fn a_handful_of_korf_instances_solve_optimally() {
    // The first five, and the longest solution (instance 17, 66 moves).
    let instances = korf();
    let chosen: Vec<(Board, usize)> = [0, 1, 2, 3, 4, 16]
        .iter()
        .map(|&index| instances[index])
        .collect();
    assert!(solve(&chosen) > 0);
}

/// All 100: `cargo test --release --test library patterns:: -- --ignored`. The nodes
/// are the README's: 884 times fewer than Korf's 35,911,891,875 with the
/// Manhattan distance.
#[test]
#[ignore = "all of Korf's instances: seconds in release, long in debug"]
fn all_korf_instances_solve_optimally() {
    assert_eq!(solve(&korf()), 40_626_014);
    let korf_nodes: u64 = include_str!("../data/korf100.ans")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split(' ').nth(2)?.parse::<u64>().ok())
        .sum();
    assert_eq!(korf_nodes, 35_911_891_875);
}

/// The FNV-1a hash of `database`'s file: a check that the tables stay the
/// very bytes they were.
fn file_hash(database: &PatternDatabase) -> u64 {
    let mut bytes = Vec::new();
    save_pattern_database(&mut bytes, database).unwrap();
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn the_fifteen_puzzle_databases_are_the_bytes_they_were() {
    // The hash of the 6-6-3 file as `sliding --pdb FILE` wrote it before
    // the groups were built at the same time (11,535,072 bytes).
    assert_eq!(file_hash(fifteen()), 0xb49a_eb52_2a27_f506);
}

#[test]
fn groups_built_at_the_same_time_make_the_tables_of_one_thread() {
    // Three groups of five (built apart, one thread each, when there are
    // two threads), and groups of five and three on the 8-puzzle (the five
    // as large as the rest: built alone, on every thread).
    for (shape, partition, hash) in [
        (Shape::FIFTEEN, "5-5-5", 0xc6cc_31f1_d2e5_4cf5),
        (Shape::EIGHT, "5-3", 0xc521_0fe9_be8c_9d27),
    ] {
        let built = |threads: usize| {
            let partition = Partition::parse(shape, partition).unwrap();
            let mut last = HashMap::new();
            let options = Options::new().with_threads(threads);
            let database = build_pattern_database(partition, &options, &mut |group, report| {
                last.insert(group, (report.done, report.total));
            })
            .unwrap();
            (file_hash(&database), last)
        };
        let (one, reports) = built(1);
        assert_eq!(one, hash, "{partition}");
        assert_eq!(built(2), (one, reports.clone()), "{partition}");
        // Each group's last report says all of its patterns are known.
        assert_eq!(reports.len(), partition.split('-').count());
        assert!(reports.values().all(|&(done, total)| done == total));
    }
}
