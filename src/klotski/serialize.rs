//! With the `serde` feature: Klotski's values in the forms of the JSON
//! contracts.
//!
//! * [`Layout`]: its 20 shape digits (`"24422442233221121001"`), the
//!   canonical text; [`CommonCode`] and [`ShortCode`] as their text;
//! * [`Metric`], [`Shape`] and [`Direction`]: their names;
//! * [`Move`]: `{"shape", "from", "to"}` (top-left cells);
//! * [`MoveDetail`]: `{"shape", "before", "after", "directions"}` (the cells
//!   covered before and after, the unit steps of the route);
//! * [`PieceCounts`]: `{"vertical", "horizontal", "soldiers"}`.

use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::{
    CommonCode, Direction, Layout, Metric, Move, MoveDetail, PieceCounts, Shape, ShortCode,
};

/// Serializes each type as the text `text` gives it.
macro_rules! as_text {
    ($($type:ty => $text:expr;)*) => {$(
        impl Serialize for $type {
            fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
                #[allow(clippy::redundant_closure_call)]
                serializer.collect_str(&($text)(self))
            }
        }
    )*};
}

as_text! {
    Layout => |layout: &Layout| layout.to_shape_digits();
    CommonCode => |code: &CommonCode| code.to_string();
    ShortCode => |code: &ShortCode| code.to_string();
    Metric => |metric: &Metric| metric.name();
    Shape => |shape: &Shape| shape.name();
    Direction => |direction: &Direction| direction.name();
}

impl Serialize for Move {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut mv = serializer.serialize_struct("Move", 3)?;
        mv.serialize_field("shape", &self.shape)?;
        mv.serialize_field("from", &self.from)?;
        mv.serialize_field("to", &self.to)?;
        mv.end()
    }
}

impl Serialize for MoveDetail {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut detail = serializer.serialize_struct("MoveDetail", 4)?;
        detail.serialize_field("shape", &self.mv.shape)?;
        detail.serialize_field("before", self.before.as_slice())?;
        detail.serialize_field("after", self.after.as_slice())?;
        detail.serialize_field("directions", self.route.as_slice())?;
        detail.end()
    }
}

impl Serialize for PieceCounts {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut counts = serializer.serialize_struct("PieceCounts", 3)?;
        counts.serialize_field("vertical", &self.vertical)?;
        counts.serialize_field("horizontal", &self.horizontal)?;
        counts.serialize_field("soldiers", &self.soldiers)?;
        counts.end()
    }
}
