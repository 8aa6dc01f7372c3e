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

use serde::ser::{Serialize, Serializer};

use super::{
    CommonCode, Direction, Layout, Metric, Move, MoveDetail, PieceCounts, Shape, ShortCode,
};
use crate::util::serialize::serialize_fields;

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

serialize_fields!(Move as "Move", |mv| {
    "shape": &mv.shape,
    "from": &mv.from,
    "to": &mv.to,
});

serialize_fields!(MoveDetail as "MoveDetail", |detail| {
    "shape": &detail.mv.shape,
    "before": detail.before.as_slice(),
    "after": detail.after.as_slice(),
    "directions": detail.route.as_slice(),
});

serialize_fields!(PieceCounts as "PieceCounts", |counts| {
    "vertical": &counts.vertical,
    "horizontal": &counts.horizontal,
    "soldiers": &counts.soldiers,
});
