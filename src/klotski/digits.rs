//! The digits of a code written in an alphabet: what the text of a
//! CommonCode and of a ShortCode have in common.

use core::ops::RangeInclusive;

/// The number a code's `text` spells in the digits of `alphabet`, most
/// significant first, and its number of digits. A digit is worth its place in
/// `alphabet`, which is written in capitals: a small letter reads as its capital.
///
/// A number of characters outside `lengths` is the error `count` makes of
/// it; otherwise the first symbol that is no digit is the error `symbol`
/// makes of it.
pub(super) fn read_digits<E>(
    text: &str,
    lengths: RangeInclusive<usize>,
    alphabet: &[u8],
    count: impl FnOnce(usize) -> E,
    symbol: impl FnOnce(char) -> E,
) -> Result<(u64, usize), E> {
    // The longest text's value fits: 9 hex digits (36 bits) or 5 base-32
    // digits (25 bits) today.
    debug_assert!(
        u32::try_from(*lengths.end())
            .ok()
            .and_then(|digits| (alphabet.len() as u64).checked_pow(digits))
            .is_some(),
        "the value of {} digits of {} must fit in a u64",
        lengths.end(),
        alphabet.len()
    );
    let found = text.chars().count();
    if !lengths.contains(&found) {
        return Err(count(found));
    }
    let mut value = 0u64;
    for character in text.chars() {
        let capital = character.to_ascii_uppercase();
        let Some(digit) = alphabet
            .iter()
            .position(|&letter| char::from(letter) == capital)
        else {
            return Err(symbol(character));
        };
        value = value * alphabet.len() as u64 + digit as u64;
    }
    Ok((value, found))
}
