//! Hardening of every parser: arbitrary strings and bytes, near-valid input
//! (valid text with one character replaced, inserted or deleted, odd separators,
//! random hex, random ShortCode characters) always give `Ok` or a typed error with
//! a message that says what and where, never a panic; and every valid value
//! printed in each of its text forms parses back to itself.
//!
//! The unit tests at the end are regressions for bugs found this way.

use crate::support;

use proptest::prelude::*;
use proptest::sample::select;
use puzzle_search::klotski::{
    catalog, CellPosition, CommonCode, Layout, LayoutError, ShortCode, LAYOUT_COUNT,
};
use puzzle_search::knights::{
    parse_input, parse_input_bytes, KnightsInputError, ParsePositionError, Position,
};
use puzzle_search::sliding::{parse_board, BoardError, Partition, Shape};
use support::{named, random_position};

// ---------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------

/// Any legal layout: built cell by cell, drawn by rank, or from the catalog.
fn layout() -> impl Strategy<Value = Layout> {
    prop_oneof![
        2 => support::random_layout(),
        2 => (0..LAYOUT_COUNT).prop_map(|rank| ShortCode::new(rank).unwrap().layout()),
        1 => select(catalog::ENTRIES.to_vec()).prop_map(|entry| entry.layout()),
    ]
}

/// A board format, by the symbols of its 20 cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Digits,
    Letters,
    Labels,
}

fn form() -> impl Strategy<Value = Form> {
    select(vec![Form::Digits, Form::Letters, Form::Labels])
}

/// The 20 cells of `layout` in `form`, row-major.
fn cells_of(layout: Layout, form: Form) -> Vec<char> {
    let text = match form {
        Form::Digits => layout.to_shape_digits(),
        Form::Letters => layout.to_shape_letters(),
        Form::Labels => layout.to_string(),
    };
    let cells: Vec<char> = text.chars().filter(|c| !matches!(c, '/' | '\n')).collect();
    assert_eq!(cells.len(), 20, "{form:?} of {layout:?}");
    cells
}

/// What may stand between rows; "" writes the board as one run of 20 symbols.
const SEPARATORS: [&str; 12] = [
    "", "/", "\n", "\r\n", " ", "|", ",", " / ", "\t", " ,\n", "//", "\n\n",
];

/// Symbols for piece labels: the row separators, punctuation, digits, CJK, and
/// letters other than the shape letters.
const LABEL_SYMBOLS: &str = "/|,-+*#@!?~^&%$=:;<>()[]{}0123456789abcdxyzAEGKZ将兵马卒";

/// `cells` as 5 rows of 4 joined by `separator`.
fn board_text(cells: &[char], separator: &str) -> String {
    cells
        .chunks(4)
        .map(|row| row.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join(separator)
}

/// Characters likely to confuse a parser, and now and then any character at all.
fn tricky_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => select(vec![
            '0', '1', '2', '3', '4', '5', '9', '*', 'B', 'V', 'H', 'S', '.', 'b', 'x', 'a',
            'Z', 'I', 'O', '/', '|', ',', ' ', '\n', '\r', '\t', '\u{0}', '\u{7f}',
            '\u{feff}', '\u{200b}', '\u{3000}', '２', '４', '０', '１', '＊', 'é', '曹', '①',
            '٣', '\u{10ffff}',
        ]),
        1 => any::<char>(),
    ]
}

/// One edit of a text, by character position (taken modulo the length).
#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, char),
    Insert(usize, char),
    Delete(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), tricky_char()).prop_map(|(at, c)| Edit::Replace(at, c)),
        (any::<usize>(), tricky_char()).prop_map(|(at, c)| Edit::Insert(at, c)),
        any::<usize>().prop_map(Edit::Delete),
    ]
}

fn apply(text: &str, edit: &Edit) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    match *edit {
        Edit::Replace(at, c) if !chars.is_empty() => {
            let at = at % chars.len();
            chars[at] = c;
        }
        Edit::Insert(at, c) => chars.insert(at % (chars.len() + 1), c),
        Edit::Delete(at) if !chars.is_empty() => {
            chars.remove(at % chars.len());
        }
        _ => {}
    }
    chars.into_iter().collect()
}

/// A valid SCOI2005 input for `boards`, with the tolerated oddities: a BOM,
/// Windows line endings, blank lines, trailing spaces and tabs.
fn scoi_text(boards: &[Position], style: &[u8], bom: bool, crlf: bool) -> String {
    let newline = if crlf { "\r\n" } else { "\n" };
    let mut lines = vec![boards.len().to_string()];
    for board in boards {
        let row = board.to_row_string();
        for start in (0..25).step_by(5) {
            lines.push(row[start..start + 5].to_owned());
        }
    }
    let mut text = String::from(if bom { "\u{feff}" } else { "" });
    for (i, line) in lines.iter().enumerate() {
        let style = style.get(i % style.len().max(1)).copied().unwrap_or(0);
        if i > 0 && style == 3 {
            text.push_str(newline); // a blank line before this one
        }
        if i > 0 && style == 4 {
            text.push_str(" \t");
            text.push_str(newline); // a line of only spaces and tabs
        }
        text.push_str(line);
        match style {
            1 => text.push(' '),
            2 => text.push_str("\t  "),
            _ => {}
        }
        text.push_str(newline);
    }
    text
}

fn scoi_input() -> impl Strategy<Value = (Vec<Position>, String)> {
    (
        prop::collection::vec(random_position(), 0..6),
        prop::collection::vec(0u8..8, 1..40),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(boards, style, bom, crlf, final_newline)| {
            let mut text = scoi_text(&boards, &style, bom, crlf);
            if !final_newline {
                while text.ends_with(['\n', '\r']) {
                    text.pop();
                }
            }
            (boards, text)
        })
}

// ---------------------------------------------------------------------------
// Checks shared by the properties
// ---------------------------------------------------------------------------

/// Whether `at` is on the board, counted from 1.
fn in_board(at: CellPosition) -> bool {
    (1..=5).contains(&at.row) && (1..=4).contains(&at.column)
}

/// Every Klotski error says what is wrong, and where when a place is at fault.
fn check_layout_error(text: &str, error: &LayoutError) -> Result<(), TestCaseError> {
    let message = error.to_string();
    prop_assert!(!message.trim().is_empty(), "empty message for {:?}", error);
    match error {
        LayoutError::UnknownSymbol { symbol, at, .. } => {
            prop_assert!(in_board(*at), "{:?}", error);
            prop_assert!(text.contains(*symbol), "{:?} not in {:?}", symbol, text);
            let place = format!("row {}, column {}", at.row, at.column);
            prop_assert!(message.contains(&place), "{} lacks {}", message, place);
            let symbol_text = format!("{symbol:?}");
            prop_assert!(message.contains(&symbol_text), "{}", message);
        }
        LayoutError::CutPiece { cells, .. } => {
            prop_assert!(!cells.0.is_empty(), "{:?}", error);
            prop_assert!(cells.0.iter().all(|&at| in_board(at)), "{:?}", error);
            let first = cells.0[0];
            let place = format!("row {}, column {}", first.row, first.column);
            prop_assert!(message.contains(&place), "{} lacks {}", message, place);
        }
        LayoutError::SecondGeneral { at } => {
            prop_assert!(in_board(*at), "{:?}", error);
            let place = format!("row {}, column {}", at.row, at.column);
            prop_assert!(message.contains(&place), "{} lacks {}", message, place);
        }
        LayoutError::ColumnCount { row, found } => {
            prop_assert!((1..=5).contains(row) && *found != 4, "{:?}", error);
            prop_assert!(message.contains(&format!("row {row}")), "{}", message);
        }
        LayoutError::RowCount { found } => prop_assert!(*found != 5, "{:?}", error),
        LayoutError::CellCount { found } => prop_assert!(*found != 20, "{:?}", error),
        LayoutError::TooFewEmptyCells { found } => prop_assert!(*found < 2, "{:?}", error),
        LayoutError::InvalidCommonCode { code, reason } => {
            prop_assert!(!reason.to_string().is_empty(), "{:?}", error);
            prop_assert!(message.contains(&reason.to_string()), "{}", message);
            prop_assert!(message.contains(&format!("{code:?}")), "{}", message);
        }
        LayoutError::InvalidShortCode { code, reason } => {
            prop_assert!(!reason.to_string().is_empty(), "{:?}", error);
            prop_assert!(message.contains(&reason.to_string()), "{}", message);
            prop_assert!(message.contains(&format!("{code:?}")), "{}", message);
        }
        LayoutError::Empty | LayoutError::NoGeneral | LayoutError::Unrecognised { .. } => {}
        // `LayoutError` is non-exhaustive: a new variant fails here until it is checked.
        _ => prop_assert!(false, "no check for {:?}", error),
    }
    Ok(())
}

/// A layout that parsed comes back from each of its forms.
fn check_layout_round_trip(layout: Layout) -> Result<(), TestCaseError> {
    prop_assert!(layout.empty_cells() >= 2);
    prop_assert_eq!(layout.to_shape_digits().parse::<Layout>(), Ok(layout));
    prop_assert_eq!(layout.to_shape_letters().parse::<Layout>(), Ok(layout));
    prop_assert_eq!(layout.to_string().parse::<Layout>(), Ok(layout));
    let common = CommonCode::from(layout);
    prop_assert_eq!(common.to_string().parse::<CommonCode>(), Ok(common));
    prop_assert_eq!(common.layout(), layout);
    Ok(())
}

fn check_layout_result(
    text: &str,
    result: &Result<Layout, LayoutError>,
) -> Result<(), TestCaseError> {
    match result {
        Ok(layout) => check_layout_round_trip(*layout),
        Err(error) => check_layout_error(text, error),
    }
}

/// The `line`-th line (from 1) of `text` as the knights parser counts lines.
fn knights_line(text: &str, line: usize) -> Option<&str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.split('\n').nth(line.checked_sub(1)?)
}

/// Every knights input error says what is wrong, and names the line, column and
/// character that are really there.
fn check_input_error(text: &str, error: &KnightsInputError) -> Result<(), TestCaseError> {
    let message = error.to_string();
    prop_assert!(!message.trim().is_empty(), "empty message for {:?}", error);
    match error {
        KnightsInputError::UnexpectedCharacter {
            board,
            line,
            column,
            character,
        } => {
            prop_assert!(*board >= 1);
            let found = knights_line(text, *line).and_then(|l| l.chars().nth(column - 1));
            prop_assert_eq!(found, Some(*character), "{} in {:?}", message, text);
            prop_assert!(message.contains(&format!("line {line}")), "{}", message);
        }
        KnightsInputError::WrongLength { line, found, .. } => {
            prop_assert!(*found != 5, "{:?}", error);
            let text_line =
                knights_line(text, *line).map(|l| l.trim_end_matches([' ', '\t', '\r']));
            prop_assert_eq!(
                text_line.map(|l| l.chars().count()),
                Some(*found),
                "{}",
                message
            );
        }
        KnightsInputError::WrongCounts {
            line,
            ones,
            zeros,
            empties,
            ..
        } => {
            prop_assert!((*ones, *zeros, *empties) != (12, 12, 1), "{:?}", error);
            prop_assert_eq!(ones + zeros + empties, 25);
            prop_assert!(knights_line(text, *line).is_some(), "{}", message);
        }
        KnightsInputError::BadCount { line, .. }
        | KnightsInputError::CountTooLarge { line, .. } => {
            prop_assert!(knights_line(text, *line).is_some(), "{}", message);
        }
        KnightsInputError::TrailingText { line, .. } => {
            let text_line = knights_line(text, *line).unwrap_or_default();
            prop_assert!(
                !text_line.trim_end_matches([' ', '\t', '\r']).is_empty(),
                "{}",
                message
            );
        }
        KnightsInputError::TruncatedBoard { rows, .. } => prop_assert!((1..5).contains(rows)),
        KnightsInputError::MissingBoards {
            announced,
            found,
            line,
        } => {
            prop_assert!(found < announced);
            prop_assert_eq!(*line, text.lines().count() + 1);
        }
        _ => {}
    }
    Ok(())
}

fn check_input_result(
    text: &str,
    result: &Result<Vec<Position>, KnightsInputError>,
) -> Result<(), TestCaseError> {
    match result {
        Ok(boards) => {
            for &board in boards {
                prop_assert_eq!(board.to_row_string().parse::<Position>(), Ok(board));
            }
            Ok(())
        }
        Err(error) => check_input_error(text, error),
    }
}

/// Every board error names the row, column and character that are really there.
fn check_position_result(
    text: &str,
    result: &Result<Position, ParsePositionError>,
) -> Result<(), TestCaseError> {
    match result {
        Ok(position) => {
            prop_assert_eq!(position.to_row_string().parse::<Position>(), Ok(*position));
            prop_assert_eq!(position.to_string().parse::<Position>(), Ok(*position));
        }
        Err(error) => {
            let message = error.to_string();
            prop_assert!(!message.trim().is_empty());
            if let ParsePositionError::UnexpectedCharacter {
                row,
                column,
                character,
            } = error
            {
                let trimmed = text.trim();
                let found = if trimmed.contains(['/', '\n']) {
                    trimmed
                        .split(['/', '\n'])
                        .nth(row - 1)
                        .and_then(|line| line.chars().nth(column - 1))
                } else {
                    trimmed.chars().nth((row - 1) * 5 + column - 1)
                };
                prop_assert_eq!(found, Some(*character), "{} in {:?}", message, text);
                let place = format!("row {row}, column {column}");
                prop_assert!(message.contains(&place), "{} lacks {}", message, place);
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Arbitrary strings: every parser answers, and its answer is consistent.
    #[test]
    fn every_parser_answers_arbitrary_strings(text in any::<String>()) {
        check_layout_result(&text, &text.parse::<Layout>())?;
        if let Ok(code) = text.parse::<CommonCode>() {
            prop_assert_eq!(code.to_string().parse::<CommonCode>(), Ok(code));
        }
        if let Ok(code) = text.parse::<ShortCode>() {
            prop_assert_eq!(code.to_string().parse::<ShortCode>(), Ok(code));
        }
        check_position_result(&text, &text.parse::<Position>())?;
        let input = parse_input(&text);
        check_input_result(&text, &input)?;
        prop_assert_eq!(parse_input_bytes(text.as_bytes()), input);
    }

    /// Strings over the symbols and separators of the formats.
    #[test]
    fn every_parser_answers_strings_of_format_symbols(
        text in "[0-4BVHS.xa*/|, \\n\\r\\t\u{feff}]{0,48}",
    ) {
        check_layout_result(&text, &text.parse::<Layout>())?;
        check_position_result(&text, &text.parse::<Position>())?;
        check_input_result(&text, &parse_input(&text))?;
    }

    /// Arbitrary bytes: the byte parser agrees with the text parser on UTF-8 and
    /// names a real place otherwise.
    #[test]
    fn knights_input_answers_arbitrary_bytes(bytes in any::<Vec<u8>>()) {
        let result = parse_input_bytes(&bytes);
        match std::str::from_utf8(&bytes) {
            Ok(text) => prop_assert_eq!(result, parse_input(text)),
            Err(utf8) => {
                let error = result.unwrap_err();
                prop_assert!(!error.to_string().is_empty());
                let KnightsInputError::InvalidUtf8 { line, column, .. } = error else {
                    return Err(TestCaseError::fail(format!("{error:?} for invalid UTF-8")));
                };
                let valid = std::str::from_utf8(&bytes[..utf8.valid_up_to()]).unwrap();
                prop_assert_eq!(line, 1 + valid.matches('\n').count());
                prop_assert!(column >= 1);
            }
        }
    }

    /// Byte strings that are SCOI2005 input but for a few stray bytes.
    #[test]
    fn knights_input_answers_near_valid_bytes(
        (_, text) in scoi_input(),
        edits in prop::collection::vec((any::<usize>(), any::<u8>()), 1..4),
    ) {
        let mut bytes = text.into_bytes();
        for (at, byte) in edits {
            if bytes.is_empty() {
                bytes.push(byte);
            } else {
                let at = at % bytes.len();
                bytes[at] = byte;
            }
        }
        let result = parse_input_bytes(&bytes);
        if let Ok(text) = std::str::from_utf8(&bytes) {
            check_input_result(text, &result)?;
        } else {
            let is_utf8_error = matches!(result, Err(KnightsInputError::InvalidUtf8 { .. }));
            prop_assert!(is_utf8_error, "{:?}", result);
        }
    }

    /// Each text form of a layout, with any separators, reads back the layout.
    #[test]
    fn layouts_round_trip_through_every_form(
        layout in layout(),
        form in form(),
        separator in select(SEPARATORS.to_vec()),
        bom in any::<bool>(),
        padding in select(vec!["", " ", "\n", "\r\n", "\t \n"]),
    ) {
        check_layout_round_trip(layout)?;
        let text = format!(
            "{}{padding}{}{padding}",
            if bom { "\u{feff}" } else { "" },
            board_text(&cells_of(layout, form), separator),
        );
        prop_assert_eq!(text.parse::<Layout>(), Ok(layout), "{:?}", text);
    }

    /// Piece labels may be any visible symbol but `.`, the row separators
    /// included, in a board of five lines. (The shape letters are left out: a
    /// board in them alone that is legal as shape letters reads as shape letters.)
    #[test]
    fn any_visible_symbols_label_pieces_in_a_five_line_board(
        layout in layout(),
        symbols in Just(LABEL_SYMBOLS.chars().collect::<Vec<char>>()).prop_shuffle(),
        line_end in select(vec!["\n", "\r\n"]),
    ) {
        let mut relabel = std::collections::HashMap::new();
        let cells: Vec<char> = cells_of(layout, Form::Labels)
            .into_iter()
            .map(|label| match label {
                '.' => '.',
                label => {
                    let next = symbols[relabel.len()];
                    *relabel.entry(label).or_insert(next)
                }
            })
            .collect();
        let text = board_text(&cells, line_end);
        prop_assert_eq!(text.parse::<Layout>(), Ok(layout), "{:?}", text);
    }

    /// A valid board with one character replaced, inserted or deleted.
    #[test]
    fn near_valid_boards_give_a_layout_or_a_located_error(
        layout in layout(),
        form in form(),
        separator in select(SEPARATORS.to_vec()),
        edits in prop::collection::vec(edit(), 1..3),
    ) {
        let mut text = board_text(&cells_of(layout, form), separator);
        for edit in &edits {
            text = apply(&text, edit);
        }
        check_layout_result(&text, &text.parse::<Layout>())?;
    }

    /// One cell of a shape-digit or shape-letter board replaced by a symbol foreign
    /// to the format: the error names that symbol and that cell.
    #[test]
    fn a_stray_symbol_in_a_shape_board_is_named_with_its_cell(
        layout in layout(),
        form in select(vec![Form::Digits, Form::Letters]),
        separator in select(SEPARATORS.to_vec()),
        cell in 0usize..20,
        symbol in tricky_char(),
    ) {
        let foreign = match form {
            Form::Digits => !matches!(symbol, '0'..='4'),
            _ => !matches!(symbol, 'B' | 'V' | 'H' | 'S' | '.'),
        };
        let separates = symbol.is_whitespace() || matches!(symbol, '/' | '|' | ',' | '\u{feff}');
        prop_assume!(foreign && !separates);
        let mut cells = cells_of(layout, form);
        cells[cell] = symbol;
        let text = board_text(&cells, separator);
        let at = CellPosition { row: cell / 4 + 1, column: cell % 4 + 1 };
        match text.parse::<Layout>() {
            // A sparse board of shape letters with one stray symbol may be a legal
            // board of piece labels; digits never are (five labels cover at most 12 cells).
            Ok(parsed) => {
                prop_assert_eq!(form, Form::Letters, "{:?} parsed as {:?}", text, parsed);
                check_layout_round_trip(parsed)?;
            }
            Err(error) => {
                check_layout_error(&text, &error)?;
                let is_named = matches!(
                    error,
                    LayoutError::UnknownSymbol { symbol: found, at: place, .. }
                        if found == symbol && place == at
                );
                prop_assert!(is_named, "{:?}: {}", text, error);
            }
        }
    }

    /// Random hex: a CommonCode is the digits followed by enough zeros to make nine.
    #[test]
    fn hex_strings_read_as_common_codes(text in "[0-9a-fA-F]{0,12}") {
        let result = text.parse::<CommonCode>();
        match &result {
            Ok(code) => {
                prop_assert!((1..=9).contains(&text.len()));
                let value = u64::from_str_radix(&text, 16).unwrap() << (4 * (9 - text.len()));
                prop_assert_eq!(code.value(), value);
                prop_assert_eq!(code.to_string().parse::<CommonCode>(), Ok(*code));
                prop_assert_eq!(code.to_string().to_lowercase().parse::<CommonCode>(), Ok(*code));
                prop_assert_eq!(CommonCode::from(code.layout()), *code);
                prop_assert_eq!(text.parse::<Layout>(), Ok(code.layout()));
                prop_assert_eq!(format!("common:{text}").parse::<Layout>(), Ok(code.layout()));
                check_layout_round_trip(code.layout())?;
            }
            Err(error) => {
                prop_assert!(matches!(error, LayoutError::InvalidCommonCode { .. }), "{:?}", error);
                check_layout_error(&text, error)?;
                check_layout_result(&text, &text.parse::<Layout>())?;
            }
        }
    }

    /// Any 36-bit value: legal exactly when it is the code of the layout it decodes to.
    #[test]
    fn common_code_values_are_canonical(
        value in prop_oneof![
            any::<u64>(),
            (0u64..16, any::<u32>()).prop_map(|(general, items)| general << 32 | u64::from(items)),
            // Few items, so that more of them are legal.
            (0u64..16, any::<u32>(), 0u32..32)
                .prop_map(|(general, items, shift)| general << 32 | u64::from(items >> shift << shift)),
        ],
    ) {
        match CommonCode::new(value) {
            Ok(code) => {
                prop_assert_eq!(code.value(), value);
                prop_assert_eq!(CommonCode::from(code.layout()), code);
                prop_assert_eq!(code.to_string().parse::<CommonCode>(), Ok(code));
                check_layout_round_trip(code.layout())?;
            }
            Err(error) => check_layout_error("", &error)?,
        }
    }

    /// Random ShortCode characters: legal exactly when the rank is in range.
    #[test]
    fn short_code_strings_read_by_rank(text in "[1-9A-HJKMNP-Za-hjkmnp-z]{5}") {
        const ALPHABET: &str = "123456789ABCDEFGHJKMNPQRSTUVWXYZ";
        let upper = text.to_ascii_uppercase();
        let rank = upper.chars().fold(0u64, |rank, c| rank * 32 + ALPHABET.find(c).unwrap() as u64);
        let result = text.parse::<ShortCode>();
        prop_assert_eq!(result.is_ok(), rank < u64::from(LAYOUT_COUNT), "{:?} {:?}", text, result);
        match result {
            Ok(code) => {
                prop_assert_eq!(u64::from(code.rank()), rank);
                prop_assert_eq!(code.to_string(), upper);
                prop_assert_eq!(ShortCode::from(code.layout()), code);
                prop_assert_eq!(format!("short:{text}").parse::<Layout>(), Ok(code.layout()));
                if !text.chars().all(|c| c.is_ascii_hexdigit()) {
                    prop_assert_eq!(text.parse::<Layout>(), Ok(code.layout()));
                }
                check_layout_round_trip(code.layout())?;
            }
            Err(error) => {
                check_layout_error(&text, &error)?;
                check_layout_result(&text, &text.parse::<Layout>())?;
            }
        }
    }

    /// Any rank: legal exactly below the number of layouts, and round trips.
    #[test]
    fn short_code_ranks_round_trip(rank in prop_oneof![any::<u32>(), 0..LAYOUT_COUNT]) {
        match ShortCode::new(rank) {
            Ok(code) => {
                prop_assert!(rank < LAYOUT_COUNT);
                prop_assert_eq!(code.to_string().parse::<ShortCode>(), Ok(code));
                prop_assert_eq!(code.to_string().to_lowercase().parse::<ShortCode>(), Ok(code));
                prop_assert_eq!(ShortCode::from(code.layout()), code);
            }
            Err(error) => {
                prop_assert!(rank >= LAYOUT_COUNT);
                prop_assert!(!error.to_string().is_empty());
            }
        }
    }

    /// Random 5-character strings over mixed alphabets.
    #[test]
    fn short_code_parser_answers_five_characters(text in "[0-9A-Za-z*.!\u{ff10}-\u{ff19}]{5}") {
        if let Ok(code) = text.parse::<ShortCode>() {
            prop_assert_eq!(code.to_string(), text.to_ascii_uppercase());
        } else {
            check_layout_error(&text, &text.parse::<ShortCode>().unwrap_err())?;
        }
        check_layout_result(&text, &text.parse::<Layout>())?;
    }

    /// A knight position comes back from each of its text forms.
    #[test]
    fn positions_round_trip(position in random_position(), separator in select(vec!["/", "\n", "\r\n"])) {
        prop_assert_eq!(position.to_row_string().parse::<Position>(), Ok(position));
        prop_assert_eq!(position.to_string().parse::<Position>(), Ok(position));
        let row = position.to_row_string();
        let rows: Vec<&str> = (0..25).step_by(5).map(|start| &row[start..start + 5]).collect();
        let text = format!(" {}\n", rows.join(separator));
        prop_assert_eq!(text.parse::<Position>(), Ok(position));
    }

    /// A valid board with one or two characters replaced, inserted or deleted.
    #[test]
    fn near_valid_positions_give_a_position_or_a_located_error(
        position in random_position(),
        separator in select(vec!["", "/", "\n", "\r\n"]),
        edits in prop::collection::vec(edit(), 1..3),
    ) {
        let row = position.to_row_string();
        let rows: Vec<&str> = (0..25).step_by(5).map(|start| &row[start..start + 5]).collect();
        let mut text = rows.join(separator);
        for edit in &edits {
            text = apply(&text, edit);
        }
        check_position_result(&text, &text.parse::<Position>())?;
    }

    /// A generated SCOI2005 input, with every tolerated oddity, reads back its boards.
    #[test]
    fn scoi_inputs_round_trip((boards, text) in scoi_input()) {
        prop_assert_eq!(parse_input(&text), Ok(boards.clone()), "{:?}", text);
        prop_assert_eq!(parse_input_bytes(text.as_bytes()), Ok(boards));
    }

    /// A valid SCOI2005 input with one or two characters replaced, inserted or deleted.
    #[test]
    fn near_valid_inputs_give_boards_or_a_located_error(
        (_, text) in scoi_input(),
        edits in prop::collection::vec(edit(), 1..3),
    ) {
        let mut text = text;
        for edit in &edits {
            text = apply(&text, edit);
        }
        let result = parse_input(&text);
        check_input_result(&text, &result)?;
        prop_assert_eq!(parse_input_bytes(text.as_bytes()), result);
    }

    /// Odd counts on the first line: too many, too few, signs, spaces, full-width digits.
    #[test]
    fn odd_board_counts_are_answered(
        count in prop_oneof![
            "[0-9]{1,25}",
            "[-+ ]?[0-9\u{ff10}-\u{ff19}]{1,3}[ .]?[0-9]?",
        ],
        boards in prop::collection::vec(random_position(), 0..4),
    ) {
        let mut text = format!("{count}\n");
        for board in &boards {
            text.push_str(&board.to_string());
            text.push('\n');
        }
        let result = parse_input(&text);
        check_input_result(&text, &result)?;
        if let Ok(parsed) = &result {
            prop_assert_eq!(count.trim_end().parse::<usize>(), Ok(boards.len()));
            prop_assert_eq!(parsed, &boards);
        }
    }
}

// ---------------------------------------------------------------------------
// Regressions and named cases
// ---------------------------------------------------------------------------

/// A typo in a board of shape digits or shape letters used to fall through to the
/// piece-label reading and be reported as a cut piece of the whole column of `2`s
/// (or `V`s); it names the stray symbol and its cell.
#[test]
fn a_typo_in_a_shape_board_names_the_symbol_and_its_cell() {
    let at = |row, column| CellPosition { row, column };
    for (text, symbol, place, expected) in [
        (
            "2442/2442/2332/2112/10x1",
            'x',
            at(5, 3),
            "a shape digit 0-4",
        ),
        (
            "2442/2442/2332/2112/1..1",
            '.',
            at(5, 2),
            "a shape digit 0-4",
        ),
        ("24422442233221121B01", 'B', at(5, 2), "a shape digit 0-4"),
        (
            "2442/2442/2332/2112/1005",
            '5',
            at(5, 4),
            "a shape digit 0-4",
        ),
        (
            "VBBV/VBBV/VHHV/VSSV/S.xS",
            'x',
            at(5, 3),
            "a shape letter B, V, H, S or .",
        ),
        (
            "VBBV/VBBV/VHHV/VSSV/S0.S",
            '0',
            at(5, 2),
            "a shape letter B, V, H, S or .",
        ),
    ] {
        let error = text.parse::<Layout>().unwrap_err();
        assert_eq!(
            error,
            LayoutError::UnknownSymbol {
                symbol,
                at: place,
                expected
            },
            "{text}"
        );
        let message = error.to_string();
        assert!(message.contains(&format!("{symbol:?}")), "{message}");
        assert!(
            message.contains(&format!("row {}, column {}", place.row, place.column)),
            "{message}"
        );
    }
    // Real piece labels are unaffected, even when most of them are shape letters.
    let labels: Layout = "BBV./BBVa/..../..HH/S...".parse().unwrap();
    assert_eq!(labels.to_shape_digits(), "44204421000000331000");
    // And a cut piece in a real label board is still reported as one.
    assert!(matches!(
        "aBBb/aBBb/cdde/cfge/h.hi".parse::<Layout>(),
        Err(LayoutError::CutPiece { .. })
    ));
}

/// Shape letters are legal piece labels too. A board of these letters that is
/// not a legal board of shape letters is read as labels; if it is neither, the
/// error is the shape-letter one.
#[test]
fn a_board_in_shape_letters_that_only_labels_can_read_is_read_as_labels() {
    for (text, digits) in [
        ("BBV./BBV./H.../H.../S...", "44204420200020001000"),
        ("BBVH/BBVH/S.../..../....", "44224422100000000000"),
        ("S..S/VBBV/VBBV/VHHV/VSSV", "10012442244223322112"),
    ] {
        let layout: Layout = text
            .parse()
            .unwrap_or_else(|error| panic!("{text}: {error}"));
        assert_eq!(layout.to_shape_digits(), digits, "{text}");
    }
    // Shape letters win where both readings are legal: `HH` is one horizontal
    // piece, not a two-cell label.
    let letters: Layout = "VBBV/VBBV/VHHV/VSSV/S..S".parse().unwrap();
    assert_eq!(letters, named("hengdaolima"));
    // Neither reading: the letters' own error.
    let error = "VBBV/VBBV/VHHV/VSHV/S..S".parse::<Layout>().unwrap_err();
    assert!(
        matches!(&error, LayoutError::CutPiece { what, .. } if what.contains("horizontal")),
        "{error}"
    );
}

/// Piece labels may be any visible symbol but `.`, the row separators included:
/// inside a board of five lines of four symbols, `/`, `|` and `,` are labels.
#[test]
fn separator_symbols_are_labels_inside_a_five_line_board() {
    let hengdaolima = named("hengdaolima");
    for text in [
        "aBBb\naBBb\nc||e\ncfge\nh..i",
        "a//b\na//b\nc,,e\ncfge\nh..i\n",
        "|BB/\r\n|BB/\r\nc--e\r\ncfge\r\nh..i\r\n",
        // At the ends of the lines they separate rows where four symbols are left.
        "aBBb/\naBBb/\nc||e/\ncfge/\nh..i",
    ] {
        assert_eq!(text.parse::<Layout>(), Ok(hengdaolima), "{text:?}");
    }
    // Line by line: here `/` ends two lines as a label and three as a separator.
    assert_eq!(
        "aBB/\naBB/\ncdde/\ncfge/\nh..i/".parse::<Layout>(),
        Ok(hengdaolima)
    );
    // On one line they separate rows, as always, and a line of them is blank.
    assert_eq!(
        "aBBb|aBBb|cdde|cfge|h..i".parse::<Layout>(),
        Ok(hengdaolima)
    );
    assert_eq!(
        "////\n////\n1A9B\n////\n////".parse::<Layout>(),
        "1A9B".parse::<Layout>()
    );
    assert!("1A9B".parse::<Layout>().is_ok());
}

#[test]
fn full_width_digits_are_named() {
    let error = "２４４２/2442/2332/2112/1001"
        .parse::<Layout>()
        .unwrap_err();
    assert!(matches!(
        error,
        LayoutError::UnknownSymbol {
            symbol: '２',
            at: CellPosition { row: 1, column: 1 },
            ..
        }
    ));
    let error = "２４４２２４４２２３３２２１１２１００１"
        .parse::<Layout>()
        .unwrap_err();
    assert!(matches!(
        error,
        LayoutError::UnknownSymbol { symbol: '２', .. }
    ));
    assert!(matches!(
        parse_input("１\n"),
        Err(KnightsInputError::BadCount { line: 1, .. })
    ));
    assert!(matches!(
        parse_input("1\n10110\n0１*11\n10111\n01001\n00000\n"),
        Err(KnightsInputError::UnexpectedCharacter {
            board: 1,
            line: 3,
            column: 2,
            character: '１'
        })
    ));
}

#[test]
fn bom_and_windows_line_endings_are_tolerated() {
    let hengdaolima = named("hengdaolima");
    for text in [
        "\u{feff}2442\r\n2442\r\n2332\r\n2112\r\n1001\r\n",
        "\u{feff}VBBV\r\nVBBV\r\nVHHV\r\nVSSV\r\nS..S",
        "\u{feff}1A9BF0C\r\n",
        "\u{feff}common:1A9BF0C",
        "\u{feff}4WVE1\r\n",
    ] {
        assert_eq!(text.parse::<Layout>(), Ok(hengdaolima), "{text:?}");
    }
    for name in ["\u{feff}横刀立马\r\n", "\u{feff}hengdaolima\n"] {
        assert_eq!(
            catalog::find(name).map(|entry| entry.layout()),
            Some(hengdaolima),
            "{name:?}"
        );
    }
    let sample = "\u{feff}1\r\n10110\r\n01*11\r\n10111\r\n01001\r\n00000\r\n";
    let boards = parse_input(sample).unwrap();
    assert_eq!(boards[0].to_row_string(), "1011001*11101110100100000");
}

#[test]
fn a_huge_announced_count_allocates_nothing_for_missing_boards() {
    let text = "1000000000\n10110\n01*11\n10111\n01001\n00000\n";
    assert_eq!(
        parse_input(text),
        Err(KnightsInputError::MissingBoards {
            announced: 1_000_000_000,
            found: 1,
            line: 7
        })
    );
    assert_eq!(
        parse_input(&format!("{}\n", u64::MAX)),
        Err(KnightsInputError::MissingBoards {
            announced: u64::MAX,
            found: 0,
            line: 2
        })
    );
    assert!(matches!(
        parse_input("18446744073709551616\n"),
        Err(KnightsInputError::CountTooLarge { line: 1, .. })
    ));
}

#[test]
fn code_boundaries() {
    // The last rank is legal, the next one is not.
    let last = ShortCode::new(LAYOUT_COUNT - 1).unwrap();
    assert_eq!(last.to_string().parse::<ShortCode>(), Ok(last));
    let mut rest = LAYOUT_COUNT;
    let mut past_the_end = String::new();
    for _ in 0..5 {
        past_the_end.insert(
            0,
            b"123456789ABCDEFGHJKMNPQRSTUVWXYZ"[(rest % 32) as usize] as char,
        );
        rest /= 32;
    }
    assert!(matches!(
        past_the_end.parse::<ShortCode>(),
        Err(LayoutError::InvalidShortCode { .. })
    ));
    for text in [
        "",
        "F",
        "FFFFFFFFF",
        "1A9BF0C000",
        "+1A9BF0C",
        "-1",
        "0FFFFFFFF",
    ] {
        assert!(
            matches!(
                text.parse::<CommonCode>(),
                Err(LayoutError::InvalidCommonCode { .. })
            ),
            "{text:?}"
        );
    }
    for text in [
        "", "1111", "111111", "0WVE1", "4WVEI", "4WVEL", "4WVEO", "４WVE1",
    ] {
        assert!(
            matches!(
                text.parse::<ShortCode>(),
                Err(LayoutError::InvalidShortCode { .. })
            ),
            "{text:?}"
        );
    }
}

// ------------------------------------------------------------- sliding tiles

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Any text, numbers near the integer limits included, is a partition or
    /// an error: never a panic, a wrapped sum or a huge allocation.
    #[test]
    fn partitions_never_panic(
        text in "([0-9]{1,3}|18446744073709551615|4611686018427387904|9223372036854775807)([-,/ ]([0-9]{1,3}|18446744073709551615|4611686018427387904)){0,6}",
        shape in select(Shape::all().collect::<Vec<_>>()),
    ) {
        if let Ok(partition) = Partition::parse(shape, &text) {
            let tiles: usize = partition.groups().map(<[u8]>::len).sum();
            prop_assert!(tiles < shape.cells());
        }
    }
}

/// A board drawn one row a line has the shape of its drawing: a shape no
/// board has is refused by name, never read as another shape by its count.
#[test]
fn drawn_boards_keep_their_shape() {
    let two_by_eight = "8 1 2 3 4 5 6 7\n0 9 10 11 12 13 14 15";
    assert_eq!(
        parse_board(two_by_eight, None),
        Err(BoardError::UnsupportedShape {
            rows: 2,
            columns: 8
        })
    );
    let eight_by_two = "1 0\n2 3\n4 5\n6 7\n8 9\n10 11\n12 13\n14 15";
    assert_eq!(
        parse_board(eight_by_two, None),
        Err(BoardError::UnsupportedShape {
            rows: 8,
            columns: 2
        })
    );
    // One number a line is numbers separated by line breaks.
    let one_a_line = "1\n0\n2\n3\n4\n5\n6\n7\n8";
    assert_eq!(
        parse_board(one_a_line, None).unwrap().board.shape(),
        Shape::EIGHT
    );
    // With a shape given, a drawing no board has is read by the shape.
    let given = parse_board(two_by_eight, Some(Shape::FIFTEEN)).unwrap();
    assert_eq!(given.board.shape(), Shape::FIFTEEN);
    // A grid of a real shape must be the shape asked for.
    let two_by_five = "1 2 3 4 0\n5 6 7 8 9";
    assert_eq!(
        parse_board(two_by_five, Some(Shape::EIGHT)),
        Err(BoardError::ShapeMismatch {
            drawn: Shape::new(2, 5).unwrap(),
            given: Shape::EIGHT,
        })
    );
    let parsed = parse_board(two_by_five, None).unwrap();
    assert_eq!(parsed.board.shape(), Shape::new(2, 5).unwrap());
    // One line keeps its count rule.
    let line = "8 1 2 3 4 5 6 7 0 9 10 11 12 13 14 15";
    assert_eq!(
        parse_board(line, None).unwrap().board.shape(),
        Shape::FIFTEEN
    );
}

/// An input without its count line is named as such, not read with its
/// first row as the count; a count of 0s and 1s before whole boards is a count.
#[test]
fn a_missing_count_line_is_named() {
    use puzzle_search::knights::{parse_input, KnightsInputError};
    let board = "10110\n01*11\n10111\n01001\n00000\n";
    for text in [
        board.to_owned(),
        format!("{board}{board}"),
        format!("\n\n{board}"),
    ] {
        assert!(
            matches!(
                parse_input(&text),
                Err(KnightsInputError::MissingCount { .. })
            ),
            "{text:?}"
        );
    }
    let starred = "01*11\n10111\n01001\n00000\n10110\n";
    assert!(matches!(
        parse_input(starred),
        Err(KnightsInputError::MissingCount { line: 1, .. })
    ));
    // A count of 0s and 1s before a board a row short is a count: the
    // error is the boards', not a missing count.
    let short = "10000\n10110\n01*11\n10111\n01001\n";
    let error = parse_input(&format!("{short}{board}")).unwrap_err();
    assert!(
        !matches!(error, KnightsInputError::MissingCount { .. }),
        "{error}"
    );
    // 10 boards announced, 1 given: the count was a count.
    assert!(matches!(
        parse_input(&format!("10\n{board}")),
        Err(KnightsInputError::MissingBoards { announced: 10, .. })
    ));
    assert_eq!(
        parse_input(&format!("1\n{board}")).map(|boards| boards.len()),
        Ok(1)
    );
}
