//! Quoting user input in error messages: a short excerpt, never the whole text.

/// The characters of input an error message quotes at most.
const MAX_CHARS: usize = 40;

/// `text`, cut after [`MAX_CHARS`] characters with `…` when longer: an error
/// names what is wrong without echoing a huge input back.
#[cfg_attr(not(any(feature = "engines", feature = "puzzles")), allow(dead_code))]
pub(crate) fn excerpt(text: &str) -> String {
    match text.char_indices().nth(MAX_CHARS) {
        Some((end, _)) => format!("{}…", text.get(..end).unwrap_or(text)),
        None => text.to_owned(),
    }
}
