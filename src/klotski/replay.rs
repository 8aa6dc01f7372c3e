//! Moves told for machines and for people: which piece moved between two
//! layouts, the cells it covered before and after, the steps of its route,
//! and labels that follow every piece along a whole path.

use super::layout::{Layout, CELLS};
use super::moves::{Direction, Move};
use super::pieces::Piece;

/// One move, told so that it can be replayed without comparing boards: the
/// piece's shape, the cells it covers before and after the move, and a
/// shortest route of unit steps between them (one step under the `step`
/// metric, one direction under `slide`, any turns under `piece`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveDetail {
    /// The move: the piece's shape and its top-left cell before and after.
    pub mv: Move,
    /// The cells (`4 * row + col`) the piece covers before the move, ascending.
    pub before: Vec<u8>,
    /// The cells it covers after the move, ascending.
    pub after: Vec<u8>,
    /// A shortest route of unit steps from `before` to `after`.
    pub route: Vec<Direction>,
}

/// The cells of `mask`, ascending.
fn cells_of(mut mask: u32) -> Vec<u8> {
    let mut cells = Vec::with_capacity(mask.count_ones() as usize);
    while mask != 0 {
        cells.push(mask.trailing_zeros() as u8);
        mask &= mask - 1;
    }
    cells
}

impl Move {
    /// This move on `before`, the layout it is made on, told in full; `None`
    /// if it is not a move there.
    ///
    /// ```
    /// use puzzle_search::klotski::{Direction, Layout, Move, Shape};
    ///
    /// let before: Layout = "2442/2442/2332/2102/1101".parse()?;
    /// let detail = Move { shape: Shape::Soldier, from: 17, to: 14 }.describe(before).unwrap();
    /// assert_eq!(detail.before.as_slice(), &[17]);
    /// assert_eq!(detail.after.as_slice(), &[14]);
    /// assert_eq!(detail.route.as_slice(), &[Direction::Right, Direction::Up]);
    /// # Ok::<(), puzzle_search::klotski::LayoutError>(())
    /// ```
    pub fn describe(self, before: Layout) -> Option<MoveDetail> {
        let route = self.route(before)?;
        let piece = |anchor| Piece {
            shape: self.shape,
            anchor,
        };
        Some(MoveDetail {
            mv: self,
            before: cells_of(piece(self.from).cells()),
            after: cells_of(piece(self.to).cells()),
            route,
        })
    }
}

impl Layout {
    /// The one move that turns this layout into `after`: exactly one piece
    /// is elsewhere, and `after` is reached by moving it through empty cells.
    /// `None` if the two layouts are equal or differ otherwise (pieces of the
    /// same shape are interchangeable, so a move is a change of place of one
    /// shape).
    ///
    /// ```
    /// use puzzle_search::klotski::{Layout, Shape};
    ///
    /// let before: Layout = "2442/2442/2332/2112/1001".parse()?;
    /// let after: Layout = "2442/2442/2332/2112/0101".parse()?;
    /// let mv = before.move_to(after).unwrap();
    /// assert_eq!((mv.shape, mv.from, mv.to), (Shape::Soldier, 16, 17));
    /// # Ok::<(), puzzle_search::klotski::LayoutError>(())
    /// ```
    pub fn move_to(self, after: Layout) -> Option<Move> {
        let mut gone = self.pieces().filter(|piece| !after.has(*piece));
        let mut came = after.pieces().filter(|piece| !self.has(*piece));
        let (from, to) = (gone.next()?, came.next()?);
        if gone.next().is_some() || came.next().is_some() || from.shape != to.shape {
            return None;
        }
        let mv = Move {
            shape: from.shape,
            from: from.anchor,
            to: to.anchor,
        };
        mv.route(self).map(|_| mv)
    }

    /// Whether `piece` is on this layout.
    fn has(self, piece: Piece) -> bool {
        self.piece_anchored_at(piece.anchor) == Some(piece.shape)
    }
}

/// The labels of every layout of a path, each piece keeping its label from
/// the first layout (see [`Layout::labels`]) to the last, however the pieces
/// of one shape change places; `None` if two layouts in a row are not one
/// move apart.
///
/// ```
/// use puzzle_search::klotski::{path_labels, Layout};
///
/// let path: Vec<Layout> = ["2442/2442/2332/2112/1001", "2442/2442/2332/2112/0101"]
///     .iter()
///     .map(|text| text.parse())
///     .collect::<Result<_, _>>()?;
/// let labels = path_labels(&path).unwrap();
/// // The soldier `h` in the bottom-left corner moves right and keeps its label.
/// assert_eq!(labels[0][16..].iter().collect::<String>(), "h..i");
/// assert_eq!(labels[1][16..].iter().collect::<String>(), ".h.i");
/// # Ok::<(), puzzle_search::klotski::LayoutError>(())
/// ```
pub fn path_labels(path: &[Layout]) -> Option<Vec<[char; CELLS]>> {
    let first = path.first()?;
    let mut labels = vec![first.labels()];
    for (before, after) in path.iter().zip(path.iter().skip(1)) {
        let mv = before.move_to(*after)?;
        let mut next = *labels.last()?;
        let label = *next.get(usize::from(mv.from))?;
        let piece = |anchor| Piece {
            shape: mv.shape,
            anchor,
        };
        for (anchor, symbol) in [(mv.from, '.'), (mv.to, label)] {
            for cell in cells_of(piece(anchor).cells()) {
                *next.get_mut(usize::from(cell))? = symbol;
            }
        }
        labels.push(next);
    }
    Some(labels)
}
