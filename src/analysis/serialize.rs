//! With the `serde` feature: the atlas summaries, field by field in the order
//! of their declarations, layouts as their shape digits (see
//! [`klotski`](crate::klotski)'s forms); a piece set's counts are flattened
//! into its summary (`"vertical", "horizontal", "soldiers", "layouts", ...`).

use super::{KlotskiSummary, PieceSetSummary};
use crate::util::serialize::serialize_fields;

serialize_fields!(KlotskiSummary as "KlotskiSummary", |summary| {
    "metric": &summary.metric,
    "layouts": &summary.layouts,
    "groups": &summary.groups,
    "largest_group": &summary.largest_group,
    "solvable": &summary.solvable,
    "max_distance": &summary.max_distance,
    "hardest": &summary.hardest,
    "hardest_count": &summary.hardest_count,
    "histogram": &summary.histogram,
    "piece_sets": &summary.piece_sets,
});

serialize_fields!(PieceSetSummary as "PieceSetSummary", |set| {
    "vertical": &set.counts.vertical,
    "horizontal": &set.counts.horizontal,
    "soldiers": &set.counts.soldiers,
    "layouts": &set.layouts,
    "groups": &set.groups,
    "solvable": &set.solvable,
    "max_distance": &set.max_distance,
    "hardest": &set.hardest,
    "hardest_count": &set.hardest_count,
});
