//! `CommonCode` and `ShortCode`, from text and from numbers: an answer, never a
//! panic; a code accepted prints and parses back to itself and names a layout
//! whose code it is.

#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzle_search::klotski::{CommonCode, ShortCode, LAYOUT_COUNT};

fuzz_target!(|input: (u64, u32, &str)| {
    let (value, rank, text) = input;
    match text.parse::<CommonCode>() {
        Ok(code) => check_common(code),
        Err(error) => assert!(!error.to_string().is_empty()),
    }
    match text.parse::<ShortCode>() {
        Ok(code) => {
            assert_eq!(code.to_string(), text.to_ascii_uppercase());
            check_short(code);
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
    match CommonCode::new(value) {
        Ok(code) => {
            assert_eq!(code.value(), value);
            check_common(code);
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
    match ShortCode::new(rank) {
        Ok(code) => {
            assert!(rank < LAYOUT_COUNT);
            check_short(code);
        }
        Err(error) => {
            assert!(rank >= LAYOUT_COUNT);
            assert!(!error.to_string().is_empty());
        }
    }
});

fn check_common(code: CommonCode) {
    assert!(code.value() >> 36 == 0);
    assert_eq!(code.to_string().parse::<CommonCode>(), Ok(code));
    assert_eq!(CommonCode::from(code.layout()), code);
    assert!(code.layout().empty_cells() >= 2);
}

fn check_short(code: ShortCode) {
    assert!(code.rank() < LAYOUT_COUNT);
    assert_eq!(code.to_string().parse::<ShortCode>(), Ok(code));
    assert_eq!(ShortCode::from(code.layout()), code);
}
