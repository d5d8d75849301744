//! `cargo run --release --example bench_equity`: the all-in counter on random preflop
//! situations of 2 to 9 players (one pot, all eligible; seeded, the same every run), one
//! thread, as milliseconds a count per player count: what the import pays for a situation it
//! has not met before. `N=...` sets the situations per player count (default 40).
use sidepot_core::equity::count;
use std::time::Instant;

/// A small seeded generator (xorshift64*): the same situations every run, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// `n` distinct cards of 0..52.
    fn cards(&mut self, n: usize) -> Vec<u8> {
        let mut deck: Vec<u8> = (0..52).collect();
        for i in 0..n {
            let j = i + (self.next() % (52 - i as u64)) as usize;
            deck.swap(i, j);
        }
        deck.truncate(n);
        deck
    }
}

fn main() {
    let n: usize = std::env::var("N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40);
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut total = 0.0;
    let mut checksum = 0u64;
    for players in 2..=9usize {
        let situations: Vec<Vec<[u8; 2]>> = (0..n)
            .map(|_| {
                let c = rng.cards(2 * players);
                c.chunks(2).map(|h| [h[0], h[1]]).collect()
            })
            .collect();
        let pot = [(1u32 << players) - 1];
        let start = Instant::now();
        for holes in &situations {
            if let Ok(t) = count(holes, &[], &pot) {
                checksum =
                    checksum.wrapping_add(t.pots[0].iter().map(|&(m, b)| u64::from(m) * b).sum());
            }
        }
        let spent = start.elapsed().as_secs_f64();
        total += spent;
        println!(
            "{players} players: {:.3} ms a count",
            1e3 * spent / n as f64
        );
    }
    println!("all: {total:.2} s ({checksum})");
}
