//! Generators shared by the integration tests.

use proptest::prelude::*;
use puzzle_search::klotski::Layout;

/// A legal layout built without the library's ranking code: the general
/// somewhere, then each free cell in row-major order gets a random item that fits.
pub fn random_layout() -> impl Strategy<Value = Layout> {
    (0usize..12, prop::collection::vec(0u8..6, 16)).prop_filter_map(
        "fewer than two empty cells",
        |(general, choices)| {
            let anchor = [0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14][general];
            let mut cells = [None::<char>; 20];
            for offset in [0, 1, 4, 5] {
                cells[anchor + offset] = Some('4');
            }
            let mut choices = choices.into_iter();
            for cell in 0..20 {
                if cells[cell].is_some() {
                    continue;
                }
                let (row, col) = (cell / 4, cell % 4);
                match choices.next().unwrap_or(0) {
                    1 => cells[cell] = Some('1'),
                    2 if row < 4 && cells[cell + 4].is_none() => {
                        cells[cell] = Some('2');
                        cells[cell + 4] = Some('2');
                    }
                    3 if col < 3 && cells[cell + 1].is_none() => {
                        cells[cell] = Some('3');
                        cells[cell + 1] = Some('3');
                    }
                    _ => cells[cell] = Some('0'),
                }
            }
            let text: String = cells.iter().map(|cell| cell.unwrap_or('0')).collect();
            text.parse::<Layout>().ok()
        },
    )
}

/// A legal layout with exactly two empty cells, like every classic layout: a
/// random layout with all but two of its empty cells (chosen at random) made
/// soldiers.
#[allow(dead_code)] // Not every test file that includes this module uses it.
pub fn random_layout_with_two_empty_cells() -> impl Strategy<Value = Layout> {
    (
        random_layout(),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
    )
        .prop_map(|(layout, first, second)| {
            let digits: Vec<char> = layout.to_shape_digits().chars().collect();
            let empty: Vec<usize> = (0..digits.len())
                .filter(|&cell| digits[cell] == '0')
                .collect();
            let keep_first = first.index(empty.len());
            let mut keep_second = second.index(empty.len() - 1);
            if keep_second >= keep_first {
                keep_second += 1;
            }
            let keep = [empty[keep_first], empty[keep_second]];
            let text: String = digits
                .iter()
                .enumerate()
                .map(|(cell, &digit)| {
                    if digit == '0' && !keep.contains(&cell) {
                        '1'
                    } else {
                        digit
                    }
                })
                .collect();
            text.parse::<Layout>().unwrap()
        })
}
