//! `Layout::from_str` on arbitrary UTF-8: an answer, never a panic; a layout it
//! accepts comes back from each of its text forms and codes.

#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzle_search::klotski::{CommonCode, Layout, ShortCode};

fuzz_target!(|text: &str| {
    match text.parse::<Layout>() {
        Ok(layout) => {
            assert!(layout.empty_cells() >= 2, "{text:?} gave {layout:?}");
            for form in [
                layout.to_shape_digits(),
                layout.to_shape_letters(),
                layout.to_string(),
            ] {
                assert_eq!(
                    form.parse::<Layout>(),
                    Ok(layout),
                    "{text:?} printed as {form:?}"
                );
            }
            let common = CommonCode::from(layout);
            assert_eq!(common.layout(), layout);
            assert_eq!(common.to_string().parse::<CommonCode>(), Ok(common));
            assert_eq!(format!("common:{common}").parse::<Layout>(), Ok(layout));
            let short = ShortCode::from(layout);
            assert_eq!(short.layout(), layout);
            assert_eq!(format!("short:{short}").parse::<Layout>(), Ok(layout));
        }
        Err(error) => assert!(!error.to_string().trim().is_empty(), "{error:?}"),
    }
});
