//! The classic named layouts, with their optimal move counts.
//!
//! ```
//! use puzzle_search::klotski::catalog;
//!
//! let entry = catalog::find("hengdaolima").unwrap();
//! assert_eq!(entry.name, "横刀立马");
//! assert_eq!(entry.piece_moves, Some(81));
//! assert_eq!(catalog::ENTRIES.len(), 25);
//! ```

use super::{CommonCode, Layout};

/// A named layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The Chinese name, e.g. `横刀立马`.
    pub name: &'static str,
    /// The name in pinyin without tones or spaces, e.g. `hengdaolima`.
    pub slug: &'static str,
    /// The layout's CommonCode value.
    pub common_code: u64,
    /// The optimal number of moves in the `piece` metric, or `None` if unsolvable.
    pub piece_moves: Option<u32>,
}

impl Entry {
    /// The layout.
    pub fn layout(&self) -> Layout {
        // Every entry's code is checked by the tests.
        CommonCode::new(self.common_code)
            .map(CommonCode::layout)
            .unwrap_or_else(|_| Layout::from_parts(0, 0, 0, 0))
    }
}

const fn entry(
    name: &'static str,
    slug: &'static str,
    short_hex: u64,
    piece_moves: Option<u32>,
) -> Entry {
    // The published codes leave out two trailing zero digits.
    Entry {
        name,
        slug,
        common_code: short_hex << 8,
        piece_moves,
    }
}

/// Every named layout, in the order of the specification.
pub const ENTRIES: [Entry; 25] = [
    entry("横刀立马", "hengdaolima", 0x1A9BF0C, Some(81)),
    entry("指挥若定", "zhihuiruoding", 0x1ADEF80, Some(70)),
    entry("将拥曹营", "jiangyongcaoying", 0x10AAF7C, Some(72)),
    entry("齐头并进", "qitoubingjin", 0x1AFF980, Some(60)),
    entry("兵分三路", "bingfensanlu", 0x1FA6F80, Some(72)),
    entry("雨声淅沥", "yushengxili", 0x1BE68CC, Some(47)),
    entry("左右布兵", "zuoyoububing", 0x1FFAA10, Some(54)),
    entry("桃花园中", "taohuayuanzhong", 0x1FAAF10, Some(70)),
    entry("一路进军", "yilujinjun", 0x1BEAF10, Some(58)),
    entry("一路顺风", "yilushunfeng", 0x1BE6E30, Some(39)),
    entry("围而后歼", "weierhoujian", 0x1BE7AC0, Some(62)),
    entry("捷足先登", "jiezuxiandeng", 0x1FF12A8, Some(32)),
    entry("插翅难飞", "chachinanfei", 0x1BDF980, Some(62)),
    entry("守口如瓶", "shoukouruping", 0x1AE3CD4, Some(81)),
    entry("层层设防", "cengcengshefang", 0x1ADF710, Some(102)),
    entry("兵挡将阻", "bingdangjiangzu", 0x1EE7710, Some(87)),
    entry("水泄不通", "shuixiebutong", 0x1BD570C, Some(79)),
    entry("五将逼宫", "wujiangbigong", 0x55ADF0C, Some(36)),
    entry("前挡后阻", "qiandanghouzu", 0x06EBF10, Some(42)),
    entry("近在咫尺", "jinzaizhichi", 0xEEADF40, Some(98)),
    entry("走投无路", "zoutouwulu", 0x1AAEF0C, None),
    entry("小燕出巢", "xiaoyanchuchao", 0x1A5DF0C, Some(103)),
    entry("比翼横空", "biyihengkong", 0x255CECC, Some(28)),
    entry("四将连关", "sijianglianguan", 0x05A7F0C, Some(39)),
    entry("峰回路转", "fenghuiluzhuan", 0x4FEA134, Some(138)),
];

/// The entry whose Chinese name or slug is `name` (the slug in any case),
/// ignoring surrounding whitespace and a leading byte-order mark.
pub fn find(name: &str) -> Option<&'static Entry> {
    let name = name.trim_start_matches('\u{FEFF}').trim();
    ENTRIES
        .iter()
        .find(|entry| entry.name == name || entry.slug.eq_ignore_ascii_case(name))
}

/// The entries whose name or slug is nearest to `name` (by edit distance,
/// counted in characters, the slug in any case), nearest first, at most
/// `count` of them and only those within a third of the name's length: the
/// suggestions for a misspelled name.
///
/// ```
/// use puzzle_search::klotski::catalog;
///
/// let near = catalog::nearest("hengdaolma", 3);
/// assert_eq!(near.first().map(|entry| entry.slug), Some("hengdaolima"));
/// assert_eq!(catalog::nearest("横刀立", 1)[0].name, "横刀立马");
/// assert!(catalog::nearest("xyzzy", 3).is_empty());
/// ```
pub fn nearest(name: &str, count: usize) -> Vec<&'static Entry> {
    let name: Vec<char> = name
        .trim_start_matches('\u{FEFF}')
        .trim()
        .chars()
        .flat_map(char::to_lowercase)
        .collect();
    let within = name.len().div_ceil(3).max(1);
    let mut scored: Vec<(usize, &'static Entry)> = ENTRIES
        .iter()
        .map(|entry| {
            let slug: Vec<char> = entry.slug.chars().collect();
            let chinese: Vec<char> = entry.name.chars().collect();
            (
                edit_distance(&name, &slug).min(edit_distance(&name, &chinese)),
                entry,
            )
        })
        .filter(|&(distance, _)| distance <= within)
        .collect();
    scored.sort_by_key(|&(distance, _)| distance);
    scored
        .into_iter()
        .take(count)
        .map(|(_, entry)| entry)
        .collect()
}

/// The Levenshtein distance between `a` and `b`.
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &x) in a.iter().enumerate() {
        let mut diagonal = i;
        if let Some(first) = row.first_mut() {
            *first = i + 1;
        }
        for (j, &y) in b.iter().enumerate() {
            let above = row.get(j + 1).copied().unwrap_or(usize::MAX);
            let left = row.get(j).copied().unwrap_or(usize::MAX);
            let here = (diagonal + usize::from(x != y))
                .min(above.saturating_add(1))
                .min(left.saturating_add(1));
            diagonal = above;
            if let Some(cell) = row.get_mut(j + 1) {
                *cell = here;
            }
        }
    }
    row.last().copied().unwrap_or(a.len())
}
