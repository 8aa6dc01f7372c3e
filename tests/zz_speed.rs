use puzzle_search::blocks::{self, Setup};
use puzzle_search::klotski::{catalog, Klotski, Metric};
use puzzle_search::search::{bfs, Limits};

#[test]
#[ignore]
fn speed() {
    let which = std::env::var("WHICH").unwrap();
    let start = catalog::find("hengdaolima").unwrap().layout();
    let setup: Setup = "ABBC\nABBC\nDEEF\nDGHF\nI..J\ngoal B 4,2\n".parse().unwrap();
    let k = Klotski::new(Metric::Piece);
    let b = setup.puzzle(blocks::Metric::Piece);
    let mut total = 0;
    for _ in 0..3 {
        total += match which.as_str() {
            "k" => bfs(&k, start, &Limits::new()).stats.expanded,
            _ => bfs(&b, setup.start(), &Limits::new()).stats.expanded,
        };
    }
    eprintln!("{total}");
}
