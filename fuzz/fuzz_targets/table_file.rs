//! The table loader on arbitrary bytes: a table or an error, never a panic or
//! an allocation beyond the space asked for; a table it accepts, saved again,
//! is the same bytes.

#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzle_search::atlas::file;

fuzz_target!(|data: &[u8]| {
    // The size the loader is told to expect: the file's own claim when it has
    // one within reason, so that forged headers reach the checks past it.
    let claimed = data
        .get(32..40)
        .and_then(|bytes| bytes.try_into().ok())
        .map(u64::from_le_bytes)
        .filter(|&states| states <= 1 << 16)
        .unwrap_or(16);
    for name in ["toy", "knights", "klotski/piece"] {
        match file::load(data, name, claimed) {
            Ok((distances, components)) => {
                let mut bytes = Vec::new();
                file::save(&mut bytes, name, &distances, components.as_ref()).unwrap();
                assert_eq!(bytes, data);
            }
            Err(error) => assert!(!error.to_string().trim().is_empty(), "{error:?}"),
        }
    }
});
