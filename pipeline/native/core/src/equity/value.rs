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
    let mask = u32::from(mask);
    for top in (4..13).rev() {
        let run = 0b11111 << (top - 4);
        if mask & run == run {
            return Some(top);
        }
    }
    const WHEEL: u32 = 0b1_0000_0000_1111;
    (mask & WHEEL == WHEEL).then_some(3)
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

/// The best hand that is not a flush, from rank counts of five to seven cards.
pub fn rank_value(counts: &RankCounts) -> u32 {
    let mut mask = 0u16;
    // ranks by how many of each are held, highest rank first
    let (mut quads, mut trips, mut pairs, mut singles) =
        ([0u32; 1], [0u32; 2], [0u32; 3], [0u32; 7]);
    let (mut nq, mut nt, mut np, mut ns) = (0, 0, 0, 0);
    for r in (0..13u32).rev() {
        let c = counts[r as usize];
        if c > 0 {
            mask |= 1 << r;
        }
        match c {
            0 => {}
            1 => {
                singles[ns] = r;
                ns += 1;
            }
            2 => {
                if np < 3 {
                    pairs[np] = r;
                    np += 1;
                }
            }
            3 => {
                if nt < 2 {
                    trips[nt] = r;
                    nt += 1;
                }
            }
            _ => {
                quads[0] = r;
                nq = 1;
            }
        }
    }
    // the highest rank held other than the ones named, for kickers
    let kicker = |skip: &[u32]| {
        (0..13u32)
            .rev()
            .find(|r| mask >> r & 1 == 1 && !skip.contains(r))
    };
    if nq == 1 {
        return pack(QUADS, &[quads[0], kicker(&quads).unwrap_or(0)]);
    }
    if nt >= 1 && (nt == 2 || np >= 1) {
        let pair = if nt == 2 {
            trips[1].max(if np > 0 { pairs[0] } else { 0 })
        } else {
            pairs[0]
        };
        return pack(FULL_HOUSE, &[trips[0], pair]);
    }
    if let Some(top) = straight_high(mask) {
        return pack(STRAIGHT, &[top]);
    }
    if nt == 1 {
        let mut rest = [0u32; 2];
        let mut n = 0;
        for r in (0..13u32).rev() {
            if mask >> r & 1 == 1 && r != trips[0] && n < 2 {
                rest[n] = r;
                n += 1;
            }
        }
        return pack(TRIPS, &[trips[0], rest[0], rest[1]]);
    }
    if np >= 2 {
        let k = kicker(&pairs[..2]).unwrap_or(0);
        return pack(TWO_PAIR, &[pairs[0], pairs[1], k]);
    }
    if np == 1 {
        let mut ranks = [pairs[0], 0, 0, 0];
        let mut n = 1;
        for r in (0..13u32).rev() {
            if mask >> r & 1 == 1 && r != pairs[0] && n < 4 {
                ranks[n] = r;
                n += 1;
            }
        }
        return pack(PAIR, &ranks);
    }
    pack(HIGH, &singles[..ns.min(5)])
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
