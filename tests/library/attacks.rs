//! Attacks on the library's inputs: pattern-database and table files edited
//! with their checksum recomputed, cut or extended, stale temporary files of
//! a killed save, and random partition texts and damaged database bytes.
//! Each must give a typed error or a valid value, never a panic or a wrong
//! table.

use std::sync::OnceLock;

use proptest::prelude::*;
use puzzle_search::analysis::{
    build_pattern_database, load_pattern_database, save_pattern_database,
};
use puzzle_search::atlas::file::{self, FileError, ImpossibleDistances};
use puzzle_search::atlas::{self, AtlasError, Distances, Options};
use puzzle_search::sliding::{Partition, PatternDatabase, Shape, Sliding, SolvableBoards};
use puzzle_search::DenseSpace;

fn partition() -> Partition {
    Partition::named(Shape::EIGHT, "3-3-2").expect("3-3-2 is a partition of the 8-puzzle")
}

/// The 8-puzzle's 3-3-2 databases, built once.
fn database() -> &'static PatternDatabase {
    static DATABASE: OnceLock<PatternDatabase> = OnceLock::new();
    DATABASE.get_or_init(|| {
        build_pattern_database(partition(), &Options::new(), &mut |_, _| {}).expect("it builds")
    })
}

/// The file of `tables`, its checksums recomputed as an editor would.
fn file_of(tables: Vec<Vec<u8>>) -> Vec<u8> {
    let database = PatternDatabase::from_tables(partition(), tables).expect("right sizes");
    let mut bytes = Vec::new();
    save_pattern_database(&mut bytes, &database).expect("saved in memory");
    bytes
}

fn tables() -> Vec<Vec<u8>> {
    (0..3)
        .map(|group| database().table(group).expect("three groups").to_vec())
        .collect()
}

#[track_caller]
fn assert_wrong_entry(bytes: &[u8], table: usize, at_most: u64) {
    match load_pattern_database(bytes, partition()) {
        Err(AtlasError::File(FileError::ImpossibleDistances(
            ImpossibleDistances::WrongEntry {
                table: found_table,
                rank,
                found,
                expected,
            },
        ))) => {
            assert_eq!(found_table, table);
            assert!(rank <= at_most, "rank {rank} after the edited {at_most}");
            assert_ne!(found, expected);
        }
        other => panic!("expected a wrong entry, got {other:?}"),
    }
}

#[test]
fn an_untouched_file_loads() {
    let loaded = load_pattern_database(&file_of(tables())[..], partition()).expect("it loads");
    for group in 0..3 {
        assert_eq!(loaded.table(group), database().table(group));
    }
}

#[test]
fn tripled_entries_are_refused() {
    let mut edited = tables();
    for entry in &mut edited[1] {
        *entry = entry.saturating_mul(3);
    }
    assert_wrong_entry(&file_of(edited), 2, u64::MAX);
}

#[test]
fn one_entry_raised_or_lowered_is_refused() {
    let original = tables();
    let rank = original[0]
        .iter()
        .rposition(|&entry| entry > 0 && entry < 200)
        .expect("a reachable pattern");
    for change in [1i16, -1] {
        let mut edited = original.clone();
        edited[0][rank] = (i16::from(edited[0][rank]) + change) as u8;
        assert_wrong_entry(&file_of(edited), 1, rank as u64);
    }
}

#[test]
fn a_file_cut_after_its_first_table_or_extended_names_its_length() {
    let bytes = file_of(tables());
    let first = file::HEADER_LEN + partition().patterns(0) as usize;
    match load_pattern_database(&bytes[..first], partition()) {
        Err(AtlasError::File(FileError::Truncated { expected, found })) => {
            assert_eq!((expected, found), (bytes.len() as u64, first as u64));
        }
        other => panic!("expected a truncated file, got {other:?}"),
    }
    let mut longer = bytes.clone();
    longer.push(0);
    match load_pattern_database(&longer[..], partition()) {
        Err(AtlasError::File(FileError::TrailingBytes { expected })) => {
            assert_eq!(expected, bytes.len() as u64);
        }
        other => panic!("expected extra bytes, got {other:?}"),
    }
}

#[test]
fn an_edited_distance_table_is_refused() {
    let space = SolvableBoards::new(Shape::new(2, 3).expect("a shape")).expect("small");
    let options = Options::new();
    let distances = atlas::distances(&Sliding::new(), &space, &options, &mut |_| {}).expect("ok");
    atlas::check_distances(&Sliding::new(), &space, &distances, &options).expect("untouched");
    let mut bytes = distances.into_bytes();
    let rank = bytes.iter().rposition(|&d| d > 1).expect("far boards");
    bytes[rank] -= 1;
    let mut file = Vec::new();
    file::save(&mut file, "toy", &Distances::from_bytes(bytes), None).expect("saved");
    let (loaded, _) = file::load(&file[..], "toy", space.len()).expect("the file's checks pass");
    match atlas::check_distances(&Sliding::new(), &space, &loaded, &options) {
        Err(AtlasError::File(FileError::ImpossibleDistances(
            ImpossibleDistances::WrongDistance { rank: found, .. },
        ))) => assert!(found <= rank as u64),
        other => panic!("expected a wrong distance, got {other:?}"),
    }
}

#[test]
fn a_save_removes_the_temporary_file_of_a_killed_one() {
    let directory = std::env::temp_dir().join(format!("attacks-stale-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("a scratch directory");
    // No process has a pid this large: its save was killed.
    let stale = directory.join(".puzzle-search-4294967295-0.tmp");
    std::fs::write(&stale, b"half a table").expect("written");
    let other = directory.join("not-ours.tmp");
    std::fs::write(&other, b"someone else's").expect("written");
    let path = directory.join("table");
    file::write_atomically(&path, |writer| {
        file::save(writer, "toy", &Distances::from_bytes(vec![0]), None)
    })
    .expect("saved");
    assert!(!stale.exists(), "the stale temporary file is removed");
    assert!(other.exists() && path.exists());
    std::fs::remove_dir_all(&directory).expect("cleaned up");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_partition_text_is_a_partition_or_an_error(text in "[0-9,/ x-]{0,24}|\\PC{0,12}") {
        for shape in [Shape::EIGHT, Shape::FIFTEEN] {
            if let Ok(partition) = Partition::parse(shape, &text) {
                let mut seen = 0u32;
                for group in partition.groups() {
                    prop_assert!(!group.is_empty());
                    for &tile in group {
                        prop_assert!(tile >= 1 && usize::from(tile) < shape.cells());
                        prop_assert!(seen & 1 << tile == 0);
                        seen |= 1 << tile;
                    }
                }
            }
        }
    }

    #[test]
    fn damaged_database_bytes_give_an_error_or_the_true_tables(
        edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 0..4),
        cut in proptest::option::of(any::<usize>()),
    ) {
        let mut bytes = file_of(tables());
        for (at, value) in edits {
            let len = bytes.len();
            bytes[at % len] = value;
        }
        if let Some(cut) = cut {
            bytes.truncate(cut % (bytes.len() + 1));
        }
        if let Ok(loaded) = load_pattern_database(&bytes[..], partition()) {
            for group in 0..3 {
                prop_assert_eq!(loaded.table(group), database().table(group));
            }
        }
    }
}
