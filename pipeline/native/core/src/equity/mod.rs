//! All-in equity: for a hand whose chips all went in before the river, how many of the
//! remaining boards each set of contenders wins, per pot (main and side pots have different
//! eligible players). `reports/equity.py` turns these exact counts into each seat's expected
//! share with fractions; its numpy enumeration is the reference the tests hold this to.
//!
//! Hands are counted on several threads at once (std scoped threads, no pool: the import forks
//! worker processes, and a pool's threads would not survive a fork).

mod enumerate;
pub mod value;

#[cfg(test)]
mod tests;

pub use enumerate::{count, Refusal, Tally};

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The most contenders a hand may have: a pot's winners are a bit mask, and 2^k tallies per pot.
pub const EQUITY_MAX_CONTENDERS: usize = 10;

/// One hand to count: the contenders' hole cards, the board known when the chips went in, and
/// each pot's eligible contenders as a bit mask over `holes`.
#[derive(Clone, Debug)]
pub struct EquityHand {
    pub holes: Vec<[u8; 2]>,
    pub known: Vec<u8>,
    pub pots: Vec<u32>,
}

/// Count every hand, in order, on up to `threads` threads (at least one).
pub fn count_all(hands: &[EquityHand], threads: usize) -> Vec<Result<Tally, Refusal>> {
    let threads = threads.clamp(1, hands.len().max(1));
    if threads == 1 {
        return hands
            .iter()
            .map(|h| count(&h.holes, &h.known, &h.pots))
            .collect();
    }
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<Tally, Refusal>>>> = Mutex::new(vec![None; hands.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(h) = hands.get(i) else { break };
                let tally = count(&h.holes, &h.known, &h.pots);
                if let Ok(mut all) = results.lock() {
                    all[i] = Some(tally);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .map(|r| r.unwrap_or(Err(Refusal::Shape)))
        .collect()
}
