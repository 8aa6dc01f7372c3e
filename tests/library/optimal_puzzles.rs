//! Every optimal solution of the catalogued Klotski layouts: the counts of
//! `search::all_optimal` on the unfolded puzzle (real positions, a layout and
//! its mirror image apart) against a plain reference count, and the published
//! end layouts of 横刀立马; the counts of knight positions, bounded and
//! pruned by the endgame table's heuristic, against the same reference; and
//! IDA*'s count of sliding-tile boards against the graph's and across
//! heuristics.

use crate::support;

use std::collections::HashSet;

use puzzle_search::adapt;
use puzzle_search::analysis::EndgameTable;
use puzzle_search::klotski::{catalog, CommonCode, Klotski, Layout, Metric};
use puzzle_search::knights::Knights;
use puzzle_search::search::{all_optimal, costs, idastar, idastar_count, Limits, PathCount};
use puzzle_search::sliding::{parse_board, Board, HeuristicKind, Shape, Sliding};
use puzzle_search::Puzzle;
use support::{hengdaolima, reference_path_count, seeded_knight_walk, SplitMix64};

/// 横刀立马's two optimal end layouts in the piece metric, as the C++ klotski
/// engine gives them: mirror images of each other.
#[test]
fn hengdaolima_ends_in_the_two_published_layouts() {
    let published: HashSet<Layout> = ["DAAF4CC00", "DAA7F3000"]
        .iter()
        .map(|code| code.parse::<CommonCode>().unwrap().layout())
        .collect();
    for folding in [false, true] {
        let puzzle = Klotski::new(Metric::Piece).with_mirror_folding(folding);
        let graph = all_optimal(&puzzle, hengdaolima(), &Limits::new())
            .outcome
            .into_graph()
            .unwrap();
        assert_eq!(graph.cost(), 81);
        let ends: HashSet<Layout> = graph.goals().iter().copied().collect();
        assert_eq!(ends, published, "folding {folding}");
        let [one, other] = graph.goals() else {
            panic!("two end layouts");
        };
        assert_eq!(one.mirror(), *other);
        for path in graph.paths().take(50) {
            assert!(path.replays(&puzzle));
            assert_eq!(path.len(), 81);
        }
    }
}

/// The number of distinct optimal solutions of each catalogued layout in
/// each metric, counted twice: by the graph of `all_optimal` and by a plain
/// layered count (tests/support), on the unfolded puzzle; both must also give
/// the table below, computed once by the reference count. The mirror-folded
/// search gives the same graph of real layouts.
#[test]
fn the_catalogue_counts_agree_with_a_reference_count() {
    let mut table = Vec::new();
    for entry in catalog::ENTRIES {
        for metric in Metric::ALL {
            let puzzle = Klotski::new(metric).with_mirror_folding(false);
            let reference = reference_path_count(&puzzle, entry.layout());
            let result = all_optimal(&puzzle, entry.layout(), &Limits::new());
            let graph = result.outcome.graph();
            match (graph, &reference) {
                (Some(graph), Some((moves, count, ends))) => {
                    assert_eq!(
                        graph.cost() as usize,
                        *moves as usize,
                        "{} {metric}",
                        entry.slug
                    );
                    assert_eq!(
                        graph.count(),
                        PathCount::Exact(*count),
                        "{} {metric}",
                        entry.slug
                    );
                    let found: HashSet<u64> = graph
                        .goals()
                        .iter()
                        .map(|goal| puzzle.encode(goal))
                        .collect();
                    assert_eq!(&found, ends, "{} {metric}", entry.slug);
                    // Folding mirror images makes the search smaller, not the answer.
                    let folded = all_optimal(&Klotski::new(metric), entry.layout(), &Limits::new());
                    let folded = folded.outcome.into_graph().unwrap();
                    assert_eq!(folded.count(), graph.count(), "{} {metric}", entry.slug);
                    let set = |graph: &[Layout]| graph.iter().copied().collect::<HashSet<_>>();
                    assert_eq!(set(folded.goals()), set(graph.goals()));
                    assert_eq!(set(folded.states()), set(graph.states()));
                }
                (None, None) => {}
                _ => panic!(
                    "{} {metric}: {:?} against {reference:?}",
                    entry.slug,
                    graph.map(|g| g.count())
                ),
            }
            table.push((
                entry.slug,
                metric,
                reference.map(|(moves, count, ends)| (moves, count, ends.len())),
            ));
        }
    }
    assert_eq!(table, COUNTS.to_vec());
}

/// The weighted graph of every cheapest path, on Klotski at one cost a
/// move (mirror images folded by the search), holds what the graph of
/// every shortest path holds: the same count, end layouts and paths, for
/// three catalogued layouts in each metric.
#[test]
fn cheapest_paths_at_unit_costs_are_the_shortest_paths() {
    for name in ["hengdaolima", "yilujinjun", "yushengxili"] {
        for metric in [Metric::Step, Metric::Slide, Metric::Piece] {
            let puzzle = Klotski::new(metric);
            let start = support::named(name);
            let shortest = all_optimal(&puzzle, start, &Limits::new())
                .outcome
                .into_graph()
                .unwrap();
            let unit = adapt::unit_costs(&puzzle);
            let cheapest = costs::all_optimal(&unit, start, &Limits::new())
                .outcome
                .into_graph()
                .unwrap();
            assert_eq!(cheapest.count(), shortest.count(), "{name} {metric:?}");
            assert_eq!(cheapest.cost(), shortest.cost(), "{name} {metric:?}");
            // Grouped by cost, the cheapest paths' states are the shortest
            // paths' layers (each in its own search's order).
            let layers = |layers: Vec<&[Layout]>| -> Vec<HashSet<Layout>> {
                layers
                    .into_iter()
                    .map(|layer| layer.iter().copied().collect())
                    .collect()
            };
            assert_eq!(
                layers(cheapest.layers().collect()),
                layers(shortest.layers().collect()),
                "{name} {metric:?}"
            );
            let goals = |goals: &[Layout]| goals.iter().copied().collect::<HashSet<Layout>>();
            assert_eq!(
                goals(cheapest.goals()),
                goals(shortest.goals()),
                "{name} {metric:?}"
            );
            let paths = |paths: &mut dyn Iterator<Item = puzzle_search::Path<Layout, _>>| {
                paths
                    .take(300)
                    .map(|path| path.states().to_vec())
                    .collect::<HashSet<_>>()
            };
            if shortest.count() <= PathCount::Exact(300) {
                assert_eq!(
                    paths(&mut cheapest.paths()),
                    paths(&mut shortest.paths()),
                    "{name} {metric:?}"
                );
            }
        }
    }
}

/// The optimal moves, the number of optimal solutions and of end layouts.
type Counted = (u32, u128, usize);

/// Per layout and metric: the optimal moves, the number of optimal solutions
/// and of optimal end layouts (`None`: unsolvable), as the reference count in
/// tests/support gave them once.
#[rustfmt::skip]
const COUNTS: [(&str, Metric, Option<Counted>); 75] = [
    ("hengdaolima", Metric::Step, Some((116, 4_112_640_000, 2))),
    ("hengdaolima", Metric::Slide, Some((90, 4_096, 2))),
    ("hengdaolima", Metric::Piece, Some((81, 256, 2))),
    ("zhihuiruoding", Metric::Step, Some((100, 121_856_000, 2))),
    ("zhihuiruoding", Metric::Slide, Some((79, 6_144, 2))),
    ("zhihuiruoding", Metric::Piece, Some((70, 48, 2))),
    ("jiangyongcaoying", Metric::Step, Some((101, 67_415_040, 2))),
    ("jiangyongcaoying", Metric::Slide, Some((78, 320, 1))),
    ("jiangyongcaoying", Metric::Piece, Some((72, 32, 1))),
    ("qitoubingjin", Metric::Step, Some((85, 224_716_800, 4))),
    ("qitoubingjin", Metric::Slide, Some((66, 1_536, 2))),
    ("qitoubingjin", Metric::Piece, Some((60, 768, 2))),
    ("bingfensanlu", Metric::Step, Some((92, 56_179_200, 4))),
    ("bingfensanlu", Metric::Slide, Some((77, 492_800, 2))),
    ("bingfensanlu", Metric::Piece, Some((72, 26_880, 2))),
    ("yushengxili", Metric::Step, Some((60, 3_319_680, 1))),
    ("yushengxili", Metric::Slide, Some((52, 17_920, 1))),
    ("yushengxili", Metric::Piece, Some((47, 840, 1))),
    ("zuoyoububing", Metric::Step, Some((78, 3_502_080, 4))),
    ("zuoyoububing", Metric::Slide, Some((61, 768, 2))),
    ("zuoyoububing", Metric::Piece, Some((54, 192, 2))),
    ("taohuayuanzhong", Metric::Step, Some((100, 76_608_000, 4))),
    ("taohuayuanzhong", Metric::Slide, Some((77, 768, 2))),
    ("taohuayuanzhong", Metric::Piece, Some((70, 96, 2))),
    ("yilujinjun", Metric::Step, Some((81, 25_536, 2))),
    ("yilujinjun", Metric::Slide, Some((64, 16, 1))),
    ("yilujinjun", Metric::Piece, Some((58, 16, 1))),
    ("yilushunfeng", Metric::Step, Some((49, 174_720, 1))),
    ("yilushunfeng", Metric::Slide, Some((43, 13_440, 1))),
    ("yilushunfeng", Metric::Piece, Some((39, 2_520, 1))),
    ("weierhoujian", Metric::Step, Some((80, 139_426_560, 1))),
    ("weierhoujian", Metric::Slide, Some((69, 143_360, 1))),
    ("weierhoujian", Metric::Piece, Some((62, 1_680, 1))),
    ("jiezuxiandeng", Metric::Step, Some((47, 134_400, 1))),
    ("jiezuxiandeng", Metric::Slide, Some((38, 4_480, 1))),
    ("jiezuxiandeng", Metric::Piece, Some((32, 70, 1))),
    ("chachinanfei", Metric::Step, Some((77, 4_921_280, 1))),
    ("chachinanfei", Metric::Slide, Some((68, 52_416, 1))),
    ("chachinanfei", Metric::Piece, Some((62, 756, 1))),
    ("shoukouruping", Metric::Step, Some((103, 267_111_936, 1))),
    ("shoukouruping", Metric::Slide, Some((88, 104_832, 1))),
    ("shoukouruping", Metric::Piece, Some((81, 3_276, 1))),
    ("cengcengshefang", Metric::Step, Some((138, 57_761_206_272_000, 2))),
    ("cengcengshefang", Metric::Slide, Some((111, 1_382_400, 2))),
    ("cengcengshefang", Metric::Piece, Some((102, 288_000, 2))),
    ("bingdangjiangzu", Metric::Step, Some((118, 33_932_304_000, 2))),
    ("bingdangjiangzu", Metric::Slide, Some((96, 35_840, 2))),
    ("bingdangjiangzu", Metric::Piece, Some((87, 3_840, 1))),
    ("shuixiebutong", Metric::Step, Some((114, 73_728_000, 1))),
    ("shuixiebutong", Metric::Slide, Some((88, 4_608, 1))),
    ("shuixiebutong", Metric::Piece, Some((79, 1_152, 1))),
    ("wujiangbigong", Metric::Step, Some((49, 8_640, 2))),
    ("wujiangbigong", Metric::Slide, Some((40, 180, 2))),
    ("wujiangbigong", Metric::Piece, Some((36, 120, 2))),
    ("qiandanghouzu", Metric::Step, Some((53, 2_580, 1))),
    ("qiandanghouzu", Metric::Slide, Some((45, 6, 1))),
    ("qiandanghouzu", Metric::Piece, Some((42, 9, 1))),
    ("jinzaizhichi", Metric::Step, Some((124, 1_437_013_760, 1))),
    ("jinzaizhichi", Metric::Slide, Some((107, 1_886_976, 1))),
    ("jinzaizhichi", Metric::Piece, Some((98, 12_096, 1))),
    ("zoutouwulu", Metric::Step, None),
    ("zoutouwulu", Metric::Slide, None),
    ("zoutouwulu", Metric::Piece, None),
    ("xiaoyanchuchao", Metric::Step, Some((134, 93_373_378_560_000, 2))),
    ("xiaoyanchuchao", Metric::Slide, Some((110, 552_960, 2))),
    ("xiaoyanchuchao", Metric::Piece, Some((103, 259_200, 2))),
    ("biyihengkong", Metric::Step, Some((39, 160, 1))),
    ("biyihengkong", Metric::Slide, Some((34, 16, 1))),
    ("biyihengkong", Metric::Piece, Some((28, 2, 2))),
    ("sijianglianguan", Metric::Step, Some((55, 47_520, 1))),
    ("sijianglianguan", Metric::Slide, Some((46, 96, 1))),
    ("sijianglianguan", Metric::Piece, Some((39, 3, 1))),
    ("fenghuiluzhuan", Metric::Step, Some((179, 18_376_232_749_056_000, 1))),
    ("fenghuiluzhuan", Metric::Slide, Some((150, 110_073_600, 1))),
    ("fenghuiluzhuan", Metric::Piece, Some((138, 10_160_640, 1))),
];

/// Knight positions a few jumps from the target: the count within the default
/// limit, pruned by the endgame table's heuristic, is the reference count.
#[test]
fn knight_counts_agree_with_a_reference_count() {
    let table = EndgameTable::new(EndgameTable::DEFAULT_DEPTH);
    let puzzle = table.puzzle();
    let mut rng = SplitMix64::new(25);
    for steps in (0..40).map(|walk| 2 + walk % 9) {
        let start = seeded_knight_walk(&mut rng, steps);
        let (moves, count, ends) = reference_path_count(&Knights, start).unwrap();
        let limits = Limits::new().with_max_depth(15);
        let graph = all_optimal(&puzzle, start, &limits)
            .outcome
            .into_graph()
            .unwrap();
        assert_eq!(graph.cost() as usize, moves as usize);
        assert_eq!(graph.count(), PathCount::Exact(count));
        assert_eq!(graph.goals().len(), ends.len());
        let short = Limits::new().with_max_depth(moves.saturating_sub(1));
        if moves > 0 {
            assert_eq!(
                all_optimal(&puzzle, start, &short)
                    .outcome
                    .limit()
                    .map(|l| l.name()),
                Some("depth")
            );
        }
    }
}

/// 3×3 boards: IDA*'s count (its last iteration, no table) is the graph's
/// count and the reference count; 4×4 boards: IDA*'s count under two
/// heuristics, which prune differently, is the count of the graph bounded
/// by the optimum.
#[test]
fn sliding_counts_agree_across_methods() {
    for text in [
        "1 0 2 3 4 5 6 7 8",
        "3 1 2 4 0 5 6 7 8",
        "7 2 4 5 0 6 8 3 1",
        "8 6 7 2 5 4 3 0 1",
        "8 0 6 5 4 7 2 3 1",
    ] {
        let board = parse_board(text, None).unwrap().board;
        let puzzle = Sliding::new();
        let (moves, count, _) = reference_path_count(&puzzle, board).unwrap();
        let graph = all_optimal(&puzzle, board, &Limits::new())
            .outcome
            .into_graph()
            .unwrap();
        assert_eq!(graph.count(), PathCount::Exact(count), "{text}");
        let counted = idastar_count(&puzzle, board, &Limits::new());
        assert_eq!(counted.outcome.moves(), Some(moves as usize), "{text}");
        assert_eq!(
            counted.outcome.count(),
            Some(PathCount::Exact(count)),
            "{text}"
        );
    }
    // 4×4 boards a random walk away from the goal.
    let mut rng = SplitMix64::new(15);
    for steps in [12, 18, 24, 30, 36] {
        let mut board = Board::goal("4x4".parse::<Shape>().unwrap());
        for _ in 0..steps {
            let directions: Vec<_> = board.directions().collect();
            let direction = directions[rng.next_u64() as usize % directions.len()];
            board = board.play(direction).unwrap();
        }
        let text = format!("{:?}", board.tiles().collect::<Vec<_>>());
        let counts: Vec<_> = HeuristicKind::ALL
            .iter()
            .map(|&kind| {
                idastar_count(&Sliding::new().with_heuristic(kind), board, &Limits::new())
                    .outcome
                    .count()
            })
            .collect();
        // The graph, bounded by the optimum and pruned by the Manhattan distance.
        let moves = idastar(&Sliding::new(), board, &Limits::new())
            .outcome
            .into_path()
            .unwrap()
            .len();
        let bounded = Limits::new().with_max_depth(moves as u32);
        let graph = all_optimal(&Sliding::new(), board, &bounded)
            .outcome
            .into_graph()
            .unwrap();
        assert_eq!(counts, [Some(graph.count()); 2], "{text}");
    }
}
