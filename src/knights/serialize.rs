//! With the `serde` feature: a [`Position`] as its 25 characters row-major
//! (`0`, `1`, `*`), the form of the JSON contracts; a [`Jump`] as
//! `{"from", "to"}`, cells indexed `5 * row + column`.

use serde::ser::{Serialize, Serializer};

use super::{Jump, Position};
use crate::util::serialize::serialize_fields;

impl Serialize for Position {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_str(&self.to_row_string())
    }
}

serialize_fields!(Jump as "Jump", |jump| {
    "from": &jump.from,
    "to": &jump.to,
});
