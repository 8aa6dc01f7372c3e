//! Attacks on the engines: searches that used to abort, hang or overshoot
//! their limits, each run against every engine it concerns.
//!
//! * out of memory is an answer ([`Limit::Memory`]), not an abort;
//! * IDA*'s frames on the heap hold a window of children, not all of them;
//! * limits are looked at every few milliseconds, whatever a step costs;
//! * a zero time budget stops every engine before it expands anything;
//! * an endless successor iterator given to `adapt::from_fn` is stopped by
//!   any limit, and by an answer.
//!
//! A test binary of its own, beside `library` and `commands`: it counts the
//! bytes each thread allocates with a global allocator of its own, which the
//! other tests need not pay for.
//!
//! No test measures time: they count states, or bound a search by a budget
//! far longer than it needs, so that a regression fails instead of hanging.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fmt::Debug;
use std::time::Duration;

use puzzle_search::search::{
    all_optimal, astar, bfs, bidirectional_bfs, costs, farthest, idastar, idastar_count,
    CancelFlag, Limit, Limits, OptimalOutcome, Outcome,
};
use puzzle_search::{adapt, Backward, Puzzle};

/// Counts the bytes each thread holds, and the most it held: the memory of
/// a search run on a thread of its own.
struct Counting;

thread_local! {
    static HELD: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn count(bytes: isize) {
    // `try_with`: the counters may be gone while a thread ends.
    let _ = HELD.try_with(|held| {
        let now = held.get() + bytes;
        held.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

// SAFETY: every call is passed on to `System` unchanged; only sizes are counted.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-(layout.size() as isize));
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size as isize - layout.size() as isize);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// The most bytes held at once by `work`, run on a thread of its own with a
/// stack of 2 MiB (the default for a new thread), beyond what the thread
/// held when it began.
fn peak_bytes<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> (T, usize) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let base = HELD.with(Cell::get);
            PEAK.with(|peak| peak.set(base));
            let answer = work();
            let peak = PEAK.with(Cell::get) - base;
            (answer, peak.max(0) as usize)
        })
        .unwrap()
        .join()
        .unwrap()
}

/// How one engine answered.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Answer {
    /// A path of this many moves (for `farthest`: the largest distance).
    Solved(usize),
    Unsolvable,
    Limit(Limit),
}

impl Answer {
    fn of<S, M>(outcome: &Outcome<S, M>) -> Self {
        match outcome {
            Outcome::Solved(path) => Answer::Solved(path.len()),
            Outcome::Unsolvable => Answer::Unsolvable,
            Outcome::LimitReached(limit) => Answer::Limit(*limit),
        }
    }

    /// The answer of a search for every optimal path, with the first path
    /// of its graph if it has one.
    fn of_graph<G, S, M>(
        outcome: &OptimalOutcome<G>,
        first: Option<Option<puzzle_search::Path<S, M>>>,
    ) -> Self {
        match (outcome.limit(), first) {
            (Some(limit), _) => Answer::Limit(*limit),
            (None, Some(path)) => Answer::Solved(path.map_or(0, |path| path.len())),
            (None, None) => Answer::Unsolvable,
        }
    }
}

/// The engines that store the states they reach, which a state or byte
/// limit stops.
const STORING: [&str; 7] = [
    "bfs",
    "astar",
    "dijkstra",
    "weighted astar",
    "all_optimal",
    "cheapest all_optimal",
    "farthest",
];

/// Every engine that searches forwards, on `puzzle` from `start`: the name,
/// the answer, and the states expanded.
fn every_engine<P>(puzzle: &P, start: P::State, limits: &Limits) -> Vec<(&'static str, Answer, u64)>
where
    P: Puzzle,
    P::State: PartialEq + Debug,
{
    engines(puzzle, start, limits, &[])
}

/// The engines named in `only` (every one if it is empty), as [`every_engine`].
fn engines<P>(
    puzzle: &P,
    start: P::State,
    limits: &Limits,
    only: &[&str],
) -> Vec<(&'static str, Answer, u64)>
where
    P: Puzzle,
    P::State: PartialEq + Debug,
{
    let mut answers = every_forward(puzzle, start, limits, |engine| {
        only.is_empty() || only.contains(&engine)
    });
    answers.retain(|(engine, ..)| only.is_empty() || only.contains(engine));
    answers
}

/// Every forward engine that `run` accepts.
fn every_forward<P>(
    puzzle: &P,
    start: P::State,
    limits: &Limits,
    run: impl Fn(&str) -> bool,
) -> Vec<(&'static str, Answer, u64)>
where
    P: Puzzle,
    P::State: PartialEq + Debug,
{
    let weighted = adapt::unit_costs(puzzle);
    let mut answers = Vec::new();
    macro_rules! engine {
        ($name:literal, $result:expr, $answer:expr) => {
            if run($name) {
                let result = $result;
                let answer = $answer(&result);
                answers.push(($name, answer, result.stats.expanded));
            }
        };
    }
    engine!(
        "bfs",
        bfs(puzzle, start.clone(), limits),
        |r: &puzzle_search::search::SearchResult<_, _>| Answer::of(&r.outcome)
    );
    engine!(
        "astar",
        astar(puzzle, start.clone(), limits),
        |r: &puzzle_search::search::SearchResult<_, _>| Answer::of(&r.outcome)
    );
    engine!(
        "idastar",
        idastar(puzzle, start.clone(), limits),
        |r: &puzzle_search::search::SearchResult<_, _>| Answer::of(&r.outcome)
    );
    let tabled = limits.clone().with_table_capacity(1 << 16);
    engine!(
        "idastar+table",
        idastar(puzzle, start.clone(), &tabled),
        |r: &puzzle_search::search::SearchResult<_, _>| Answer::of(&r.outcome)
    );
    engine!(
        "dijkstra",
        costs::dijkstra(&weighted, start.clone(), limits),
        |r: &costs::CostResult<_, _, _>| Answer::of(&r.outcome)
    );
    engine!(
        "weighted astar",
        costs::astar(&weighted, start.clone(), limits),
        |r: &costs::CostResult<_, _, _>| Answer::of(&r.outcome)
    );
    engine!(
        "weighted idastar",
        costs::idastar(&weighted, start.clone(), limits),
        |r: &costs::CostResult<_, _, _>| Answer::of(&r.outcome)
    );
    engine!(
        "all_optimal",
        all_optimal(puzzle, start.clone(), limits),
        |r: &puzzle_search::search::OptimalResult<puzzle_search::search::OptimalGraph<_, _>>| {
            let first = r.outcome.graph().map(|graph| graph.paths().next());
            Answer::of_graph(&r.outcome, first)
        }
    );
    engine!(
        "cheapest all_optimal",
        costs::all_optimal(&weighted, start.clone(), limits),
        |r: &puzzle_search::search::OptimalResult<puzzle_search::search::OptimalGraph<_, _, _>>| {
            let first = r.outcome.graph().map(|graph| graph.paths().next());
            Answer::of_graph(&r.outcome, first)
        }
    );
    engine!(
        "idastar_count",
        idastar_count(puzzle, start.clone(), limits),
        |r: &puzzle_search::search::CountResult<_, _>| {
            match r.outcome.limit() {
                Some(limit) => Answer::Limit(*limit),
                None => Answer::Solved(0),
            }
        }
    );
    engine!(
        "farthest",
        farthest(puzzle, start.clone(), limits),
        |r: &puzzle_search::search::FarthestResult<_>| {
            match &r.outcome {
                Ok(found) => Answer::Solved(found.distance as usize),
                Err(limit) => Answer::Limit(*limit),
            }
        }
    );
    answers
}

/// A king's walk on an unbounded board, from the origin to a square `far`
/// steps away: every engine must store about `far²` squares.
#[derive(Clone, Copy)]
struct Plane {
    far: i32,
}

impl Puzzle for Plane {
    type State = (i32, i32);
    type Move = u8;
    type Key = (i32, i32);
    fn encode(&self, s: &(i32, i32)) -> (i32, i32) {
        *s
    }
    fn successors(&self, &(x, y): &(i32, i32), mut emit: impl FnMut(u8, (i32, i32))) {
        emit(0, (x + 1, y));
        emit(1, (x - 1, y));
        emit(2, (x, y + 1));
        emit(3, (x, y - 1));
    }
    fn is_goal(&self, s: &(i32, i32)) -> bool {
        *s == (self.far, self.far)
    }
}

impl Backward for Plane {
    fn goal_states(&self, _start: &(i32, i32), mut emit: impl FnMut((i32, i32))) {
        emit((self.far, self.far));
    }
    fn predecessors(&self, s: &(i32, i32), emit: impl FnMut(u8, (i32, i32))) {
        self.successors(s, emit);
    }
}

// ---- Out of memory is an answer ----

/// A byte limit too small for the search stops BFS, bidirectional BFS,
/// A*, Dijkstra, `farthest` and `all_optimal` with the memory limit; the
/// same searches without it solve.
#[test]
fn a_byte_limit_is_the_memory_limit_for_every_engine_that_stores_states() {
    let plane = Plane { far: 60 };
    let capped = Limits::new().with_max_bytes(64 << 10);
    let memory = Answer::Limit(Limit::Memory {
        max_bytes: Some(64 << 10),
    });
    for (engine, answer, expanded) in engines(&plane, (0, 0), &capped, &STORING) {
        assert_eq!(answer, memory, "{engine}");
        // The tables start small under the limit: the search ran until they
        // had to grow past it.
        assert!(expanded > 100, "{engine}: {expanded} expanded");
    }
    let result = bidirectional_bfs(&plane, (0, 0), &capped);
    assert_eq!(Answer::of(&result.outcome), memory);
    let result = costs::bidirectional_dijkstra(&adapt::unit_costs(&plane), (0, 0), &capped);
    assert_eq!(Answer::of(&result.outcome), memory);

    let free = Limits::new();
    for engine in ["bfs", "astar", "dijkstra"] {
        let answer = match engine {
            "bfs" => Answer::of(&bfs(&plane, (0, 0), &free).outcome),
            "astar" => Answer::of(&astar(&plane, (0, 0), &free).outcome),
            _ => Answer::of(&costs::dijkstra(&adapt::unit_costs(&plane), (0, 0), &free).outcome),
        };
        assert_eq!(answer, Answer::Solved(120), "{engine}");
    }
    let result = bidirectional_bfs(&plane, (0, 0), &free);
    assert_eq!(Answer::of(&result.outcome), Answer::Solved(120));
    // A generous limit changes nothing.
    let roomy = Limits::new().with_max_bytes(1 << 30);
    assert_eq!(
        Answer::of(&bfs(&plane, (0, 0), &roomy).outcome),
        Answer::Solved(120)
    );
}

/// A search that fits in the byte limit holds no more than it: the peak
/// bytes of a capped BFS stay near the limit, however far it could go.
#[test]
fn a_capped_search_holds_about_the_limit() {
    let cap = 1 << 20;
    let (answer, peak) = peak_bytes(move || {
        let plane = Plane { far: 100_000 };
        Answer::of(&bfs(&plane, (0, 0), &Limits::new().with_max_bytes(cap)).outcome)
    });
    assert_eq!(
        answer,
        Answer::Limit(Limit::Memory {
            max_bytes: Some(cap)
        })
    );
    // The tables, within the limit, and a little for the answer.
    assert!(peak <= cap + (64 << 10), "{peak} bytes");
}

/// IDA*'s transposition table does not stop the search when it cannot grow:
/// it stores nothing more, and IDA* solves within the byte limit.
#[test]
fn idastar_goes_on_when_its_table_cannot_grow() {
    let plane = Plane { far: 6 };
    let h = |&(x, y): &(i32, i32)| (6 - x).unsigned_abs() + (6 - y).unsigned_abs();
    let informed = (&plane).with_heuristic(h);
    let limits = Limits::new()
        .with_table_capacity(1 << 20)
        .with_max_bytes(4 << 10);
    let result = idastar(&informed, (0, 0), &limits);
    assert_eq!(Answer::of(&result.outcome), Answer::Solved(12));
}

// ---- IDA*'s frames on the heap ----

/// A walk 20,000 moves deep where every state has 1,000 children, the
/// first on the way to the goal and the others dead ends: deep enough that
/// IDA* goes on with its frames on the heap. Frames that listed every child
/// held 4 KB each, 80 MB in all; windows of children hold a few MB.
#[test]
fn idastar_frames_on_the_heap_hold_a_window_not_every_child() {
    const DEPTH: u64 = 20_000;
    const WIDTH: u64 = 1_000;
    let ((answer, generated), peak) = peak_bytes(|| {
        let walk = adapt::from_fn(
            |&n: &u64| {
                let depth = n / WIDTH;
                (0..WIDTH).map(move |i| (depth + 1) * WIDTH + i * u64::from(depth < DEPTH))
            },
            |&n| n == DEPTH * WIDTH,
        )
        .with_heuristic(|&n: &u64| {
            if n % WIDTH == 0 {
                (DEPTH - n / WIDTH) as u32
            } else {
                u32::MAX
            }
        });
        let result = idastar(&walk, 0, &Limits::new());
        (Answer::of(&result.outcome), result.stats.generated)
    });
    assert_eq!(answer, Answer::Solved(DEPTH as usize));
    assert!(generated >= DEPTH);
    // The path's states and 32-child windows: about 3 MB.
    assert!(peak < 16 << 20, "{peak} bytes for a path {DEPTH} deep");
}

// ---- Limits looked at whatever a step costs ----

/// A walk whose every expansion takes 2 ms.
fn slow_walk() -> impl Puzzle<State = u64, Move = ()> {
    adapt::from_fn(
        |&n: &u64| {
            std::thread::sleep(Duration::from_millis(2));
            [n + 1, n + 2]
        },
        |&n| n == u64::MAX,
    )
}

/// With steps of 2 ms and a budget of 50 ms, every engine stops with the
/// time limit after some 25 expansions: the looks at the clock adapt to the
/// cost of a step. (Looks every 1,024 children or expansions let each engine
/// expand hundreds of states, for a second or more.)
#[test]
fn a_time_budget_is_honoured_however_slow_the_steps() {
    let budget = Duration::from_millis(50);
    let limits = Limits::new().with_time_budget(budget);
    for (engine, answer, expanded) in every_engine(&slow_walk(), 0, &limits) {
        assert_eq!(answer, Answer::Limit(Limit::Time { budget }), "{engine}");
        // 25 expansions fit in the budget; 200 would be 400 ms.
        assert!(expanded <= 200, "{engine}: {expanded} expanded");
    }
}

/// A cancel flag set while the search runs is noticed as the clock is.
#[test]
fn a_cancel_flag_is_noticed_however_slow_the_steps() {
    let flag = CancelFlag::new();
    let limits = Limits::new().with_cancel_flag(flag.clone());
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        flag.cancel();
    });
    let result = bfs(&slow_walk(), 0, &limits);
    canceller.join().unwrap();
    assert_eq!(Answer::of(&result.outcome), Answer::Limit(Limit::Cancelled));
    assert!(result.stats.expanded <= 200, "{}", result.stats.expanded);
}

/// The rule for every engine: a zero budget or a flag cancelled already
/// stops the search before it expands anything, unless the start is a goal
/// (a path of no moves whatever the limits).
#[test]
fn a_zero_budget_stops_every_engine_before_it_expands() {
    let short = adapt::from_fn(|&n: &u32| [n + 1], |&n| n == 2);
    let zero = Limits::new().with_time_budget(Duration::ZERO);
    let time = Answer::Limit(Limit::Time {
        budget: Duration::ZERO,
    });
    for (engine, answer, expanded) in every_engine(&short, 0, &zero) {
        assert_eq!(answer, time, "{engine}");
        assert_eq!(expanded, 0, "{engine}");
    }
    let flag = CancelFlag::new();
    flag.cancel();
    let cancelled = Limits::new().with_cancel_flag(flag);
    for (engine, answer, _) in every_engine(&short, 0, &cancelled) {
        assert_eq!(answer, Answer::Limit(Limit::Cancelled), "{engine}");
    }
    for (engine, answer, _) in every_engine(&short, 2, &zero) {
        if engine != "farthest" {
            assert_eq!(answer, Answer::Solved(0), "{engine}");
        }
    }
}

// ---- Endless successor iterators ----

/// A budget no test should need: a search that ignores its stop ends here
/// and fails, rather than hang.
const GUARD: Duration = Duration::from_secs(30);

/// Successors that never end, all the same state: a time budget of 200 ms
/// stops every engine with the time limit.
#[test]
fn a_time_budget_stops_an_endless_successor_iterator() {
    let endless = adapt::from_fn(|&n: &u64| std::iter::repeat(n + 1), |_| false);
    let budget = Duration::from_millis(200);
    let limits = Limits::new().with_time_budget(budget);
    for (engine, answer, _) in every_engine(&endless, 0, &limits) {
        assert_eq!(answer, Answer::Limit(Limit::Time { budget }), "{engine}");
    }
}

/// Successors that never end, each a new state: the state limit stops the
/// engines that store states, and the iterator with them.
#[test]
fn a_state_limit_stops_an_endless_successor_iterator() {
    let endless = adapt::from_fn(|&n: &u64| (1..).map(move |i| n * 1_000_000 + i), |_| false);
    let limits = Limits::new().with_max_states(1_000).with_time_budget(GUARD);
    let states = Answer::Limit(Limit::States { max: 1_000 });
    for (engine, answer, _) in engines(&endless, 1, &limits, &STORING) {
        assert_eq!(answer, states, "{engine}");
    }
}

/// Successors that never end but hold the goal: once an engine has its
/// answer the iterator stops, and the answer comes back.
#[test]
fn an_answer_stops_an_endless_successor_iterator() {
    // The heuristic lets IDA*'s first bound reach the goal: a bound below
    // it would try the endless children for ever, as it must.
    let endless = adapt::from_fn(|&n: &u64| (0..).map(move |i| n + i), |&n| n == 3)
        .with_heuristic(|&n: &u64| u32::from(n != 3));
    let limits = Limits::new().with_time_budget(GUARD);
    for engine in ["bfs", "idastar"] {
        let outcome = match engine {
            "bfs" => bfs(&endless, 1, &limits).outcome,
            _ => idastar(&endless, 1, &limits).outcome,
        };
        assert_eq!(Answer::of(&outcome), Answer::Solved(1), "{engine}");
    }
}

/// A cancel flag stops an endless iterator too, set from another thread.
#[test]
fn a_cancel_flag_stops_an_endless_successor_iterator() {
    let endless = adapt::from_fn(|&n: &u64| std::iter::repeat(n + 1), |_| false);
    let flag = CancelFlag::new();
    let limits = Limits::new()
        .with_cancel_flag(flag.clone())
        .with_time_budget(GUARD);
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        flag.cancel();
    });
    let result = idastar(&endless, 0, &limits);
    canceller.join().unwrap();
    assert_eq!(Answer::of(&result.outcome), Answer::Limit(Limit::Cancelled));
}
