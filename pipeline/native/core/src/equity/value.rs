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

/// The best hand that is not a flush, from rank counts of five to seven cards: by masks of
/// the ranks held at least once, twice, three and four times, each category's ranks the
/// highest bits of one of them.
pub fn rank_value(counts: &RankCounts) -> u32 {
    let (mut m1, mut m2, mut m3, mut m4) = (0u32, 0u32, 0u32, 0u32);
    for (r, &c) in counts.iter().enumerate() {
        let bit = 1u32 << r;
        m1 |= if c >= 1 { bit } else { 0 };
        m2 |= if c >= 2 { bit } else { 0 };
        m3 |= if c >= 3 { bit } else { 0 };
        m4 |= if c >= 4 { bit } else { 0 };
    }
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
