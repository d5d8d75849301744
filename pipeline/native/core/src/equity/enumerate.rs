//! Every completion of the board, counted without dealing most boards one by one.
//!
//! Why not one evaluation per board: a heads-up preflop all-in has 1,712,304 boards. A player's
//! hand, unless it is a flush, depends only on the *ranks* of the board, and only 6,188 rank
//! multisets of five cards exist; each stands for as many boards as its suits can be chosen.
//! So the count goes in two passes:
//!
//! 1. every rank multiset of the missing cards, weighted by its number of boards, valued by
//!    ranks alone (as if no flush could happen);
//! 2. the boards on which a flush *is* possible: a five-card board holds three or more cards
//!    of at most one suit, so per suit, every choice of that suit's board cards times every
//!    rank multiset of the other cards (from the other suits). Where some contender then holds
//!    a flush, the board's outcome is recounted: its weight moves from the ranks-only winners
//!    (pass 1 counted it there) to the real winners.
//!
//! Pass 2 values nobody's ranks again: a board's ranks-only values are pass 1's for the same
//! rank multiset, kept in a table indexed by the multiset's rank among all multisets of its
//! size ([`MultisetIndex`]). Pass 2 visits ~150,000 boards of a preflop all-in against pass
//! 1's 6,188, so re-evaluating them was most of the count.
//!
//! The counts are exact integers; the money (pots, shares, rake) stays in Python as fractions.

use super::value::{flush_table, rank_value_words, words, RankCounts};

/// Boards counted per set of winners, for each pot asked about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// How many boards complete the known board.
    pub boards: u64,
    /// Per pot (in the order asked): (bit mask of the winning contenders, boards), masks
    /// ascending, counts above zero.
    pub pots: Vec<Vec<(u32, u64)>>,
}

/// Why a hand cannot be counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A card id outside 0..52.
    NotACard,
    /// The same card twice among the holes and the board.
    CardTwice,
    /// More than five board cards, no contender, or more than [`super::EQUITY_MAX_CONTENDERS`].
    Shape,
    /// A pot whose eligible mask names no contender or one that is not there.
    Pot,
}

struct Counter<'a> {
    base: Vec<RankCounts>,
    hole_suits: Vec<[u16; 4]>,
    pots: &'a [u32],
    /// per pot, boards per winner mask (signed: pass 2 moves weight between masks)
    tallies: Vec<Vec<i64>>,
}

impl Counter<'_> {
    fn winners(&self, values: &[u32], eligible: u32) -> usize {
        let best = (0..values.len())
            .filter(|&i| eligible >> i & 1 == 1)
            .map(|i| values[i])
            .max()
            .unwrap_or(0);
        (0..values.len())
            .filter(|&i| eligible >> i & 1 == 1 && values[i] == best)
            .fold(0usize, |m, i| m | 1 << i)
    }

    fn add(&mut self, values: &[u32], weight: i64) {
        for p in 0..self.pots.len() {
            let w = self.winners(values, self.pots[p]);
            self.tallies[p][w] += weight;
        }
    }
}

fn choose(n: u8, k: u8) -> u64 {
    if k > n {
        return 0;
    }
    (0..u64::from(k)).fold(1, |acc, i| acc * (u64::from(n) - i) / (i + 1))
}

/// Every multiset of `size` ranks with at most `avail[r]` of rank r, with its number of
/// suit choices.
fn multisets(avail: &[u8; 13], size: u8) -> Vec<(RankCounts, u64)> {
    fn walk(
        avail: &[u8; 13],
        r: usize,
        left: u8,
        cur: &mut RankCounts,
        w: u64,
        out: &mut Vec<(RankCounts, u64)>,
    ) {
        if left == 0 {
            out.push((*cur, w));
            return;
        }
        if r == 13 {
            return;
        }
        for c in 0..=left.min(avail[r]) {
            cur[r] = c;
            walk(avail, r + 1, left - c, cur, w * choose(avail[r], c), out);
        }
        cur[r] = 0;
    }
    let mut out = Vec::new();
    walk(avail, 0, size, &mut [0; 13], 1, &mut out);
    out
}

/// The colex rank of a multiset of at most five ranks among all multisets of its size
/// (0..C(12 + size, size)): sorted ascending `r_0 <= r_1 <= ...`, the distinct numbers
/// `r_i + i` form a combination, ranked as usual by the sum of C(r_i + i, i + 1). The
/// copies of one rank add a run of those terms, tabled by (rank, copies before it, copies).
struct MultisetIndex {
    run: [[[u32; 6]; 6]; 13],
    len: [u32; 6],
}

impl MultisetIndex {
    fn new() -> Self {
        let c = |n: usize, k: usize| choose(n as u8, k as u8) as u32;
        let mut run = [[[0u32; 6]; 6]; 13];
        for (r, by_before) in run.iter_mut().enumerate() {
            for (before, by_copies) in by_before.iter_mut().enumerate() {
                for (copies, v) in by_copies.iter_mut().enumerate() {
                    *v = (before..(before + copies).min(5))
                        .map(|i| c(r + i, i + 1))
                        .sum();
                }
            }
        }
        MultisetIndex {
            run,
            len: std::array::from_fn(|size| c(12 + size, size)),
        }
    }

    /// Multisets of `size` ranks: the table's length.
    fn len(&self, size: u8) -> usize {
        self.len[usize::from(size)] as usize
    }

    /// The index of the multiset `counts`, whose ranks held are the bits of `mask`.
    fn of(&self, counts: &RankCounts, mut mask: u16) -> usize {
        let (mut index, mut before) = (0u32, 0usize);
        while mask != 0 {
            let r = mask.trailing_zeros() as usize;
            let copies = usize::from(counts[r]);
            index += self.run[r][before][copies];
            before += copies;
            mask &= mask - 1;
        }
        index as usize
    }
}

/// The ranks held in `counts`, as a 13-bit mask.
fn held(counts: &RankCounts) -> u16 {
    counts
        .iter()
        .enumerate()
        .fold(0, |m, (r, &c)| if c > 0 { m | 1 << r } else { m })
}

fn plus(a: &RankCounts, b: &RankCounts) -> RankCounts {
    std::array::from_fn(|r| a[r] + b[r])
}

/// Count every completion of `known` for the contenders' `holes`, per pot eligible mask.
pub fn count(holes: &[[u8; 2]], known: &[u8], pots: &[u32]) -> Result<Tally, Refusal> {
    let k = holes.len();
    if k == 0 || k > super::EQUITY_MAX_CONTENDERS || known.len() > 5 {
        return Err(Refusal::Shape);
    }
    if pots.iter().any(|&m| m == 0 || m >> k != 0) {
        return Err(Refusal::Pot);
    }
    let mut dead = 0u64;
    for &c in holes.iter().flatten().chain(known) {
        if c >= 52 {
            return Err(Refusal::NotACard);
        }
        if dead >> c & 1 == 1 {
            return Err(Refusal::CardTwice);
        }
        dead |= 1 << c;
    }
    let live = |c: u8| dead >> c & 1 == 0;
    let missing = (5 - known.len()) as u8;
    let avail: [u8; 13] =
        std::array::from_fn(|r| (0..4).filter(|&s| live(r as u8 * 4 + s)).count() as u8);
    let mut known_counts = [0u8; 13];
    let mut known_suits = [0u16; 4];
    for &c in known {
        known_counts[usize::from(c / 4)] += 1;
        known_suits[usize::from(c % 4)] |= 1 << (c / 4);
    }
    let mut counter = Counter {
        base: holes
            .iter()
            .map(|h| {
                let mut counts = known_counts;
                for &c in h {
                    counts[usize::from(c / 4)] += 1;
                }
                counts
            })
            .collect(),
        hole_suits: holes
            .iter()
            .map(|h| {
                let mut suits = [0u16; 4];
                for &c in h {
                    suits[usize::from(c % 4)] |= 1 << (c / 4);
                }
                suits
            })
            .collect(),
        pots,
        tallies: vec![vec![0; 1 << k]; pots.len()],
    };
    let mut values = vec![0u32; k];
    let mut boards = 0u64;
    // pass 1: ranks only; each multiset's values kept for pass 2
    let index = MultisetIndex::new();
    let mut memo = vec![0u32; index.len(missing) * k];
    let base: Vec<(u64, u64)> = counter.base.iter().map(words).collect();
    for (ms, w) in multisets(&avail, missing) {
        let (lo, hi) = words(&ms);
        for (v, &(base_lo, base_hi)) in values.iter_mut().zip(&base) {
            *v = rank_value_words(base_lo + lo, base_hi + hi);
        }
        let at = index.of(&ms, held(&ms)) * k;
        memo[at..at + k].copy_from_slice(&values);
        counter.add(&values, w as i64);
        boards += w;
    }
    // pass 2: the boards with three or more cards of one suit
    let flush_of = flush_table();
    let mut real = vec![0u32; k];
    let mut flushes = vec![0u32; k]; // each contender's flush on the board's suit, or 0
    for s in 0..4u8 {
        let suit_live: u16 = (0..13)
            .filter(|&r| live(r * 4 + s))
            .fold(0, |m, r| m | 1 << r);
        let on_board = known_suits[usize::from(s)].count_ones() as u8;
        let others: [u8; 13] =
            std::array::from_fn(|r| avail[r] - u8::from(suit_live >> r & 1 == 1));
        for j in 3u8.saturating_sub(on_board)..=missing {
            let rest: Vec<(RankCounts, u64, u16)> = multisets(&others, missing - j)
                .into_iter()
                .map(|(ms, w)| (ms, w, held(&ms)))
                .collect();
            for pick in
                (0..=suit_live).filter(|&m| m & !suit_live == 0 && m.count_ones() == u32::from(j))
            {
                let board_suit = known_suits[usize::from(s)] | pick;
                let mut any = false;
                for (f, h) in flushes.iter_mut().zip(&counter.hole_suits) {
                    *f = flush_of[usize::from(board_suit | h[usize::from(s)])];
                    any |= *f != 0;
                }
                if !any {
                    continue; // nobody holds a flush: pass 1 counted these boards right
                }
                let pick_counts: RankCounts = std::array::from_fn(|r| u8::from(pick >> r & 1 == 1));
                for (ms, w, ms_held) in &rest {
                    let at = index.of(&plus(&pick_counts, ms), pick | ms_held) * k;
                    let ranks_only = &memo[at..at + k];
                    let mut changed = false;
                    for ((r, &v), &f) in real.iter_mut().zip(ranks_only).zip(&flushes) {
                        *r = v.max(f);
                        changed |= *r != v;
                    }
                    if changed {
                        counter.add(ranks_only, -(*w as i64));
                        counter.add(&real, *w as i64);
                    }
                }
            }
        }
    }
    let pots = counter
        .tallies
        .into_iter()
        .map(|t| {
            t.into_iter()
                .enumerate()
                .filter(|&(_, n)| n != 0)
                .map(|(mask, n)| {
                    (
                        mask as u32,
                        u64::try_from(n).expect("a count is never below zero"),
                    )
                })
                .collect()
        })
        .collect();
    Ok(Tally { boards, pots })
}
