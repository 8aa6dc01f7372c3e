//! With the `serde` feature: a [`Position`] as its 25 characters row-major
//! (`0`, `1`, `*`), the form of the JSON contracts; a [`Jump`] as
//! `{"from", "to"}`, cells indexed `5 * row + column`.

use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::{Jump, Position};

impl Serialize for Position {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_str(&self.to_row_string())
    }
}

impl Serialize for Jump {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut jump = serializer.serialize_struct("Jump", 2)?;
        jump.serialize_field("from", &self.from)?;
        jump.serialize_field("to", &self.to)?;
        jump.end()
    }
}
