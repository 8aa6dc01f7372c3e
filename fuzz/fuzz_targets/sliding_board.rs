//! The sliding-tile parser on arbitrary text, with and without a shape: a
//! board or an error, never a panic; a board it accepts reads back the same.

#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzle_search::sliding::{parse_board, Board, Shape};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let shapes = [None, Some(Shape::EIGHT), Some(Shape::FIFTEEN), Some(Shape::TWENTY_FOUR)];
    for shape in shapes {
        match parse_board(text, shape) {
            Ok(parsed) => {
                let board = parsed.board;
                let again = parse_board(&board.to_row_string(), Some(board.shape()));
                assert_eq!(again.map(|parsed| parsed.board), Ok(board));
                assert_eq!(board.to_string().parse::<Board>(), Ok(board));
            }
            Err(error) => assert!(!error.to_string().trim().is_empty(), "{error:?}"),
        }
    }
    if let Ok(shape) = text.parse::<Shape>() {
        assert_eq!(shape.to_string().parse::<Shape>(), Ok(shape));
    }
});
