//! With the `serde` feature: [`Path`] as `{"states": [...], "moves": [...]}`,
//! from the start to the goal, both ends included.

use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::Path;

impl<S: Serialize, M: Serialize> Serialize for Path<S, M> {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut path = serializer.serialize_struct("Path", 2)?;
        path.serialize_field("states", self.states())?;
        path.serialize_field("moves", self.moves())?;
        path.end()
    }
}

/// Implements `Serialize` for a struct as the fields listed, in order, each
/// a name and the value it serializes (`this` naming the struct):
/// `serialize_fields!(Jump as "Jump", |jump| { "from": &jump.from, "to": &jump.to });`
// The puzzles and the analyses use it.
#[cfg_attr(not(feature = "puzzles"), allow(unused_macros))]
macro_rules! serialize_fields {
    ($type:ty as $name:literal, |$this:ident| { $($field:literal: $value:expr),+ $(,)? }) => {
        impl serde::ser::Serialize for $type {
            fn serialize<Z: serde::ser::Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
                use serde::ser::SerializeStruct as _;
                let $this = self;
                let mut fields = serializer.serialize_struct($name, [$($field),+].len())?;
                $(fields.serialize_field($field, $value)?;)+
                fields.end()
            }
        }
    };
}

#[cfg_attr(not(feature = "puzzles"), allow(unused_imports))]
pub(crate) use serialize_fields;
