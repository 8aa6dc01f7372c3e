//! The SCOI2005 reader on arbitrary bytes, and one board on arbitrary text: an
//! answer, never a panic; boards it accepts, written out again, read back the same.

#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzle_search::knights::{parse_input, parse_input_bytes, Position};

fuzz_target!(|data: &[u8]| {
    match parse_input_bytes(data) {
        Ok(boards) => {
            let mut text = format!("{}\n", boards.len());
            for board in &boards {
                text.push_str(&board.to_string());
                text.push('\n');
                assert_eq!(board.to_row_string().parse::<Position>(), Ok(*board));
            }
            assert_eq!(parse_input(&text), Ok(boards));
        }
        Err(error) => assert!(!error.to_string().trim().is_empty(), "{error:?}"),
    }
    if let Ok(text) = std::str::from_utf8(data) {
        assert_eq!(parse_input_bytes(data), parse_input(text));
        match text.parse::<Position>() {
            Ok(position) => {
                assert_eq!(position.to_string().parse::<Position>(), Ok(position));
                assert_eq!(position.to_row_string().parse::<Position>(), Ok(position));
            }
            Err(error) => assert!(!error.to_string().trim().is_empty(), "{error:?}"),
        }
    }
});
