//! With the `serde` feature: the atlas summaries, field by field in the order
//! of their declarations, layouts as their shape digits (see
//! [`klotski`](crate::klotski)'s forms); a piece set's counts are flattened
//! into its summary (`"vertical", "horizontal", "soldiers", "layouts", ...`).

use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::{KlotskiSummary, PieceSetSummary};

impl Serialize for KlotskiSummary {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut summary = serializer.serialize_struct("KlotskiSummary", 10)?;
        summary.serialize_field("metric", &self.metric)?;
        summary.serialize_field("layouts", &self.layouts)?;
        summary.serialize_field("groups", &self.groups)?;
        summary.serialize_field("largest_group", &self.largest_group)?;
        summary.serialize_field("solvable", &self.solvable)?;
        summary.serialize_field("max_distance", &self.max_distance)?;
        summary.serialize_field("hardest", &self.hardest)?;
        summary.serialize_field("hardest_count", &self.hardest_count)?;
        summary.serialize_field("histogram", &self.histogram)?;
        summary.serialize_field("piece_sets", &self.piece_sets)?;
        summary.end()
    }
}

impl Serialize for PieceSetSummary {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut set = serializer.serialize_struct("PieceSetSummary", 9)?;
        set.serialize_field("vertical", &self.counts.vertical)?;
        set.serialize_field("horizontal", &self.counts.horizontal)?;
        set.serialize_field("soldiers", &self.counts.soldiers)?;
        set.serialize_field("layouts", &self.layouts)?;
        set.serialize_field("groups", &self.groups)?;
        set.serialize_field("solvable", &self.solvable)?;
        set.serialize_field("max_distance", &self.max_distance)?;
        set.serialize_field("hardest", &self.hardest)?;
        set.serialize_field("hardest_count", &self.hardest_count)?;
        set.end()
    }
}
