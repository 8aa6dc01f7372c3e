//! The `serde` feature: every public result serializes in the form its
//! documentation gives (the examples' JSON is built from these forms, and
//! tests/cli.rs checks it against SPEC §3).

#![cfg(feature = "serde")]

use crate::support;

use puzzle_search::analysis::KlotskiAtlas;
use puzzle_search::atlas::Options;
use puzzle_search::klotski::{path_labels, Klotski, Layout, Metric, PieceCounts, PieceSetSpace};
use puzzle_search::knights::{Jump, Knights, Position, DEFAULT_LIMIT};
use puzzle_search::search::{bfs, idastar, Engine, Limit, Limits, Outcome};
use puzzle_search::DenseSpace;
use serde_json::{json, Value};
use support::{hengdaolima, HENGDAOLIMA_DIGITS};

fn to_value(value: &impl serde::Serialize) -> Value {
    serde_json::to_value(value).expect("serializes")
}

#[test]
fn klotski_values_are_their_canonical_text() {
    let start = hengdaolima();
    assert_eq!(to_value(&start), json!(HENGDAOLIMA_DIGITS));
    assert_eq!(to_value(&Metric::Slide), json!("slide"));
    assert_eq!(to_value(&Engine::Bidirectional), json!("bidir"));
    assert_eq!(to_value(&Engine::IdaStar), json!("idastar"));
    let counts = PieceCounts {
        vertical: 4,
        horizontal: 1,
        soldiers: 4,
    };
    assert_eq!(
        to_value(&counts),
        json!({"vertical": 4, "horizontal": 1, "soldiers": 4})
    );
}

#[test]
fn a_solved_search_serializes_its_path_and_stats() {
    let start = hengdaolima();
    let result = bfs(&Klotski::new(Metric::Piece), start, &Limits::new());
    let value = to_value(&result);
    let object = value.as_object().expect("an object");
    assert_eq!(object.keys().collect::<Vec<_>>(), ["outcome", "stats"]);
    let path = &value["outcome"]["solved"];
    let states = path["states"].as_array().expect("states");
    let moves = path["moves"].as_array().expect("moves");
    assert_eq!(states.len(), 82);
    assert_eq!(moves.len(), 81);
    assert_eq!(states[0], json!(HENGDAOLIMA_DIGITS));
    // Each move is its shape and its top-left cells, and replays.
    let Outcome::Solved(solution) = &result.outcome else {
        panic!("横刀立马 is solvable")
    };
    for ((before, mv, after), value) in solution.steps().zip(moves) {
        assert_eq!(
            *value,
            json!({"shape": mv.shape.name(), "from": mv.from, "to": mv.to})
        );
        assert_eq!(before.move_to(*after), Some(*mv));
    }
    let stats = value["stats"].as_object().expect("stats");
    assert_eq!(
        stats.keys().collect::<Vec<_>>(),
        ["expanded", "generated", "max_stored", "elapsed_us"]
    );
    assert_eq!(stats["expanded"], json!(result.stats.expanded));
    assert_eq!(stats["max_stored"], json!(result.stats.max_stored));
}

#[test]
fn outcomes_without_a_path_serialize_as_their_kind() {
    let solved = "2442/2442/2332/2112/1001".parse::<Layout>().unwrap();
    let limited = bfs(
        &Klotski::new(Metric::Piece),
        solved,
        &Limits::new().with_max_states(10),
    );
    assert_eq!(
        to_value(&limited.outcome),
        json!({"limit_reached": "states"})
    );
    for (limit, name) in [
        (Limit::States { max: 3 }, "states"),
        (Limit::Depth { max: 3 }, "depth"),
        (Limit::Cancelled, "cancelled"),
    ] {
        assert_eq!(to_value(&limit), json!(name));
    }
    let zoutouwulu = support::named("走投无路");
    let none = bfs(&Klotski::new(Metric::Piece), zoutouwulu, &Limits::new());
    assert_eq!(to_value(&none.outcome), json!("unsolvable"));
}

#[test]
fn knight_positions_and_jumps() {
    let start: Position = "10110/01*11/10111/01001/00000".parse().unwrap();
    assert_eq!(to_value(&start), json!("1011001*11101110100100000"));
    assert_eq!(
        to_value(&Jump { from: 1, to: 12 }),
        json!({"from": 1, "to": 12})
    );
    let limits = Limits::new().with_max_depth(DEFAULT_LIMIT);
    let path = idastar(&Knights, start, &limits)
        .outcome
        .into_path()
        .unwrap();
    let value = to_value(&path);
    assert_eq!(value["states"].as_array().map(Vec::len), Some(8));
    assert_eq!(value["moves"].as_array().map(Vec::len), Some(7));
}

#[test]
fn move_details_and_labels_follow_the_path() {
    let start = hengdaolima();
    let path = bfs(&Klotski::new(Metric::Slide), start, &Limits::new())
        .outcome
        .into_path()
        .unwrap();
    let labels = path_labels(path.states()).expect("every pair is one move");
    assert_eq!(labels.len(), path.states().len());
    for (index, (before, mv, _)) in path.steps().enumerate() {
        let detail = mv.describe(*before).expect("a move of the path");
        let value = to_value(&detail);
        assert_eq!(value["shape"], json!(mv.shape.name()));
        let directions = value["directions"].as_array().unwrap();
        assert!(
            directions.windows(2).all(|pair| pair[0] == pair[1]),
            "a slide"
        );
        // The label leaves the cells before and covers the cells after.
        let label = labels[index][usize::from(mv.from)];
        for &cell in &detail.after {
            assert_eq!(labels[index + 1][usize::from(cell)], label);
        }
        for &cell in detail.before.iter().filter(|c| !detail.after.contains(c)) {
            assert_eq!(labels[index + 1][usize::from(cell)], '.');
        }
    }
}

#[test]
fn a_piece_set_summary_serializes_field_by_field() {
    let counts = PieceCounts {
        vertical: 0,
        horizontal: 0,
        soldiers: 2,
    };
    let space = PieceSetSpace::new(counts).expect("a legal piece set");
    let layouts = DenseSpace::len(&space);
    let atlas = KlotskiAtlas::build_piece_set(Metric::Piece, space, &Options::new(), &mut |_| {})
        .expect("a small piece set");
    let summary = atlas.summary(&Options::new(), &mut |_| {}).unwrap();
    let value = to_value(&summary);
    assert_eq!(value["metric"], json!("piece"));
    assert_eq!(value["layouts"], json!(layouts));
    let set = &value["piece_sets"][0];
    let keys: Vec<&String> = set.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        [
            "vertical",
            "horizontal",
            "soldiers",
            "layouts",
            "groups",
            "solvable",
            "max_distance",
            "hardest",
            "hardest_count"
        ]
    );
    assert_eq!(set["soldiers"], json!(2));
}
