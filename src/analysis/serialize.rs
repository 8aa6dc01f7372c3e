//! With the `serde` feature: the atlas summaries as flat objects, layouts as
//! their shape digits (see [`klotski`](crate::klotski)'s forms). A summary's
//! [`LayoutStats`](super::LayoutStats), and a piece set's counts before them,
//! are flattened into it (`"vertical", "horizontal", "soldiers", "layouts",
//! ...`), in the order of their declarations; the whole atlas's
//! `"largest_group"` follows its `"groups"`.

use super::{KlotskiSummary, PieceSetSummary};
use crate::util::serialize::serialize_fields;

serialize_fields!(KlotskiSummary as "KlotskiSummary", |summary| {
    "metric": &summary.metric,
    "layouts": &summary.stats.layouts,
    "groups": &summary.stats.groups,
    "largest_group": &summary.largest_group,
    "solvable": &summary.stats.solvable,
    "max_distance": &summary.stats.max_distance,
    "hardest": &summary.stats.hardest,
    "hardest_count": &summary.stats.hardest_count,
    "histogram": &summary.histogram,
    "piece_sets": &summary.piece_sets,
});

serialize_fields!(PieceSetSummary as "PieceSetSummary", |set| {
    "vertical": &set.counts.vertical,
    "horizontal": &set.counts.horizontal,
    "soldiers": &set.counts.soldiers,
    "layouts": &set.stats.layouts,
    "groups": &set.stats.groups,
    "solvable": &set.stats.solvable,
    "max_distance": &set.stats.max_distance,
    "hardest": &set.stats.hardest,
    "hardest_count": &set.stats.hardest_count,
});
