//! The frame-and-soldiers index of all Klotski layouts, cheaper to compute
//! than the ShortCode rank; the groups of the analyses flood over it.
//!
//! A layout is its *frame* (where the general, the verticals and the
//! horizontals stand: 73,900 frames in all) and the soldiers spread over the
//! cells the frame leaves free. Within a piece set the frame leaves the same
//! number `n` of free cells, so with `s` soldiers each frame holds exactly
//! C(`n`, `s`) layouts: a layout's *index* is its frame's place among the
//! piece set's frames times C(`n`, `s`), plus the colexicographic rank of its
//! soldiers among the free cells. That is a table lookup per frame (and none
//! at all for a soldier's move, which keeps the frame) and a few shifts,
//! against about 250 instructions for a rank; and the index of every layout of
//! a piece set is dense, so a flood marks the layouts it reaches in a table
//! instead of a hash set.
//!
//! | room | job |
//! | --- | --- |
//! | `packing` | soldiers packed to their frame's free cells and back, and their colexicographic rank |
//! | `index` | [`FrameIndex`]: frames by class, piece sets, a layout's index and back |
// Crate-internal: only the analyses use it (the puzzle itself needs no index
// but the rank), so a build of the puzzles alone leaves it unused.
#![cfg_attr(not(feature = "analysis"), allow(dead_code, unused_imports))]

mod index;
mod packing;

pub(crate) use index::{Frame, FrameCache, FrameClass, FrameIndex, PieceSet};
pub(crate) use packing::{compress, deposit};
