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
