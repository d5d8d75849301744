//! Hold'em hand values split in the two parts the board enumeration counts separately: the
//! value of a player's ranks alone (every hand but a flush) and the value of one suit's cards
//! (a flush or straight flush). The best hand of seven cards is the greater of the two: with
//! seven cards a flush excludes quads and a full house, so the split loses nothing.
//!
//! A value orders hands exactly as the rules do (greater wins, equal splits):
//! `category << 20` plus the ranks that break ties inside the category, four bits each,
//! most significant first. Categories: 0 high card, 1 pair, 2 two pair, 3 trips,
//! 4 straight, 5 flush, 6 full house, 7 quads, 8 straight flush. The tests hold this order
//! to the `poker` crate's (the engine's evaluator) on every five-card hand and on random
//! seven-card hands.

use std::sync::OnceLock;

/// Rank counts of a player's cards, deuce (0) to ace (12).
pub type RankCounts = [u8; 13];

const HIGH: u32 = 0;
const PAIR: u32 = 1;
const TWO_PAIR: u32 = 2;
const TRIPS: u32 = 3;
const STRAIGHT: u32 = 4;
const FLUSH: u32 = 5;
const FULL_HOUSE: u32 = 6;
const QUADS: u32 = 7;
const STRAIGHT_FLUSH: u32 = 8;

fn pack(category: u32, ranks: &[u32]) -> u32 {
    let mut value = category << 20;
    for (i, &r) in ranks.iter().take(5).enumerate() {
        value |= r << (16 - 4 * i);
    }
    value
}

/// The top rank of the best straight in a 13-bit rank mask (the wheel's top is the five).
pub fn straight_high(mask: u16) -> Option<u32> {
    let m = u32::from(mask);
    // bit r set: ranks r-4..=r all held
    let runs = m & m << 1 & m << 2 & m << 3 & m << 4;
    if runs != 0 {
        return Some(31 - runs.leading_zeros());
    }
    const WHEEL: u32 = 0b1_0000_0000_1111;
    (m & WHEEL == WHEEL).then_some(3)
}

/// The highest `n` ranks of a 13-bit mask, highest first, packed four bits each from `shift`.
fn top(mut mask: u32, n: usize, mut shift: u32) -> u32 {
    let mut out = 0;
    for _ in 0..n {
        if mask == 0 {
            break;
        }
        let r = 31 - mask.leading_zeros();
        out |= r << shift;
        mask &= !(1 << r);
        shift = shift.wrapping_sub(4);
    }
    out
}

/// The best flush or straight flush within one suit's 13-bit rank mask, None under five cards.
pub fn flush_value(mask: u16) -> Option<u32> {
    if mask.count_ones() < 5 {
        return None;
    }
    if let Some(top) = straight_high(mask) {
        return Some(pack(STRAIGHT_FLUSH, &[top]));
    }
    let mut ranks = [0u32; 5];
    let mut n = 0;
    for r in (0..13).rev() {
        if mask >> r & 1 == 1 && n < 5 {
            ranks[n] = r;
            n += 1;
        }
    }
    Some(pack(FLUSH, &ranks))
}

/// Rank counts as two words, one byte a rank (deuce to nine, then ten to ace): two players'
/// or a player's and a board's counts add as words (no count reaches a byte's top bit).
pub fn words(counts: &RankCounts) -> (u64, u64) {
    let mut bytes = [0u8; 16];
    bytes[..13].copy_from_slice(counts);
    let (lo, hi) = bytes.split_at(8);
    (
        u64::from_le_bytes(lo.try_into().unwrap_or_default()),
        u64::from_le_bytes(hi.try_into().unwrap_or_default()),
    )
}

/// Bit i set where byte i of `x` is at least `k` (every byte under 0x80, k in 1..=4): the
/// byte's top bit after adding 0x80 - k (no carry crosses a byte), gathered by one multiply.
fn at_least(x: u64, k: u64) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const TOPS: u64 = 0x8080_8080_8080_8080;
    let flags = (x + (0x80 - k) * ONES) & TOPS;
    ((flags >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// The ranks held at least once, twice, three and four times, as 13-bit masks, from the
/// counts' [`words`].
pub(crate) fn masks(lo: u64, hi: u64) -> [u32; 4] {
    std::array::from_fn(|i| at_least(lo, i as u64 + 1) | at_least(hi, i as u64 + 1) << 8)
}

/// The best hand that is not a flush, from rank counts of five to seven cards: by masks of
/// the ranks held at least once, twice, three and four times, each category's ranks the
/// highest bits of one of them.
pub fn rank_value(counts: &RankCounts) -> u32 {
    let (lo, hi) = words(counts);
    rank_value_words(lo, hi)
}

/// [`rank_value`] of counts given as [`words`] (pass 1 of the board count adds a player's
/// words to each board's: no array is built per player and board).
pub fn rank_value_words(lo: u64, hi: u64) -> u32 {
    let [m1, m2, m3, m4] = masks(lo, hi);
    let high = |m: u32| 31 - m.leading_zeros();
    if m4 != 0 {
        let q = high(m4);
        return QUADS << 20 | q << 16 | top(m1 & !(1 << q), 1, 12);
    }
    if m3 != 0 {
        let t = high(m3);
        let pairs = m2 & !(1 << t);
        if pairs != 0 {
            return FULL_HOUSE << 20 | t << 16 | high(pairs) << 12;
        }
    }
    if let Some(s) = straight_high(m1 as u16) {
        return STRAIGHT << 20 | s << 16;
    }
    if m3 != 0 {
        let t = high(m3);
        return TRIPS << 20 | t << 16 | top(m1 & !(1 << t), 2, 12);
    }
    if m2 != 0 {
        let p = high(m2);
        let rest = m2 & !(1 << p);
        if rest != 0 {
            let p2 = high(rest);
            let kicker = top(m1 & !(1 << p) & !(1 << p2), 1, 8);
            return TWO_PAIR << 20 | p << 16 | p2 << 12 | kicker;
        }
        return PAIR << 20 | p << 16 | top(m1 & !(1 << p), 3, 12);
    }
    HIGH << 20 | top(m1, 5, 16)
}

/// [`flush_value`] of every 13-bit suit mask, 0 where it holds no flush: built once a process
/// (32 KB), so the board count looks a flush up instead of valuing it per board.
pub fn flush_table() -> &'static [u32] {
    static TABLE: OnceLock<Vec<u32>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..1u16 << 13)
            .map(|m| flush_value(m).unwrap_or(0))
            .collect()
    })
}

/// The value of the best five of `cards` (five to seven card ids, rank * 4 + suit).
pub fn best_value(cards: &[u8]) -> u32 {
    let mut counts = [0u8; 13];
    let mut suits = [0u16; 4];
    for &c in cards {
        counts[usize::from(c / 4)] += 1;
        suits[usize::from(c % 4)] |= 1 << (c / 4);
    }
    let flush = suits.iter().filter_map(|&m| flush_value(m)).max();
    rank_value(&counts).max(flush.unwrap_or(0))
}
