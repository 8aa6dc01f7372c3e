//! With the `serde` feature: the results of a search.
//!
//! * [`SearchResult`]: `{"outcome": ..., "stats": ...}`;
//! * [`Outcome`]: `{"solved": <path>}`, `"unsolvable"` or
//!   `{"limit_reached": <limit>}`;
//! * [`Stats`]: `{"expanded", "generated", "max_stored", "elapsed_us"}`;
//! * [`Limit`] and [`Engine`]: their names (`"states"`, `"idastar"`), as the
//!   examples' JSON writes them.

use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::{Engine, Limit, Outcome, SearchResult, Stats};

impl<S: Serialize, M: Serialize> Serialize for Outcome<S, M> {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        match self {
            Outcome::Solved(path) => {
                serializer.serialize_newtype_variant("Outcome", 0, "solved", path)
            }
            Outcome::Unsolvable => serializer.serialize_unit_variant("Outcome", 1, "unsolvable"),
            Outcome::LimitReached(limit) => {
                serializer.serialize_newtype_variant("Outcome", 2, "limit_reached", limit)
            }
        }
    }
}

impl<S: Serialize, M: Serialize> Serialize for SearchResult<S, M> {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut result = serializer.serialize_struct("SearchResult", 2)?;
        result.serialize_field("outcome", &self.outcome)?;
        result.serialize_field("stats", &self.stats)?;
        result.end()
    }
}

impl Serialize for Stats {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let elapsed_us = u64::try_from(self.elapsed.as_micros()).unwrap_or(u64::MAX);
        let mut stats = serializer.serialize_struct("Stats", 4)?;
        stats.serialize_field("expanded", &self.expanded)?;
        stats.serialize_field("generated", &self.generated)?;
        stats.serialize_field("max_stored", &self.max_stored)?;
        stats.serialize_field("elapsed_us", &elapsed_us)?;
        stats.end()
    }
}

impl Serialize for Limit {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_str(self.name())
    }
}

impl Serialize for Engine {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_str(self.name())
    }
}
