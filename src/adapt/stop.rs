//! An engine's request to stop emitting successors, for successor lists
//! that may never end.
//!
//! [`Puzzle::successors`](crate::Puzzle::successors) hands its children to a
//! callback that returns nothing, so an engine cannot tell a puzzle to stop:
//! once it has its answer or a limit, it ignores the children still to come.
//! That is free for a puzzle with a few children a state, but an iterator
//! given to [`from_fn`](super::from_fn) may never end. So an engine that
//! ignores a child asks the thread to stop ([`request`]), and `from_fn`'s
//! loop looks ([`requested`]) after each child it emits and returns when
//! asked: every level of a recursive search (IDA*) returns in turn.
//!
//! The request is per thread, and each search keeps its own: a [`Scope`]
//! begins clear, so a search run from inside a puzzle's successors starts
//! clear and gives the outer search's request back when it ends.

use std::cell::Cell;

thread_local! {
    static REQUESTED: Cell<bool> = const { Cell::new(false) };
}

/// Asks the successor lists under way on this thread to stop.
#[cold]
pub(crate) fn request() {
    REQUESTED.with(|requested| requested.set(true));
}

/// Whether the search under way on this thread asked for no more successors.
#[inline]
pub(crate) fn requested() -> bool {
    REQUESTED.with(Cell::get)
}

/// Withdraws the request: the search under way calls the puzzle again,
/// having dealt with the stop (to rebuild a path, say).
pub(crate) fn withdraw() {
    REQUESTED.with(|requested| requested.set(false));
}

/// One search's request: clear while the scope lives, and the request of
/// the search around it (if any) given back when it ends.
pub(crate) struct Scope {
    outer: bool,
}

impl Scope {
    /// Begins a search's scope, with no request.
    pub(crate) fn enter() -> Self {
        Scope {
            outer: REQUESTED.with(|requested| requested.replace(false)),
        }
    }
}

impl Drop for Scope {
    fn drop(&mut self) {
        let outer = self.outer;
        REQUESTED.with(|requested| requested.set(outer));
    }
}
