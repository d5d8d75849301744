use super::value::{
    best_value, flush_table, flush_value, masks, rank_value, rank_value_words, words, RankCounts,
};
use super::*;
use poker::{Card, Evaluator};

/// A small deterministic generator (xorshift): the tests need no `rand`.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn deal(&mut self, n: usize) -> Vec<u8> {
        let mut deck: Vec<u8> = (0..52).collect();
        for i in 0..n {
            let j = i + (self.next() % (52 - i) as u64) as usize;
            deck.swap(i, j);
        }
        deck.truncate(n);
        deck
    }
}

fn poker_cards(cards: &[u8]) -> Vec<Card> {
    cards
        .iter()
        .map(|&c| {
            let t = crate::model::card_text(c);
            Card::try_from_chars(t[0] as char, t[1] as char).unwrap()
        })
        .collect()
}

#[test]
fn values_order_five_card_hands_as_the_engines_evaluator() {
    let eval = Evaluator::new();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..200_000 {
        let a = rng.deal(10);
        let (x, y) = (&a[..5], &a[5..]);
        let ours = best_value(x).cmp(&best_value(y));
        let theirs = eval
            .evaluate_five(poker_cards(x))
            .unwrap()
            .cmp(&eval.evaluate_five(poker_cards(y)).unwrap());
        assert_eq!(ours, theirs, "{x:?} vs {y:?}");
    }
}

#[test]
fn values_order_seven_card_hands_as_the_engines_evaluator() {
    let eval = Evaluator::new();
    let mut rng = Rng(12345);
    for _ in 0..100_000 {
        let a = rng.deal(9);
        let x = [&a[..2], &a[4..9]].concat();
        let y = [&a[2..4], &a[4..9]].concat();
        let ours = best_value(&x).cmp(&best_value(&y));
        let theirs = eval
            .evaluate_five(poker_cards(&x))
            .unwrap()
            .cmp(&eval.evaluate_five(poker_cards(&y)).unwrap());
        assert_eq!(ours, theirs, "{x:?} vs {y:?}");
    }
}

/// Every board one by one: the definition the two-pass count must equal.
fn brute(holes: &[[u8; 2]], known: &[u8], pots: &[u32]) -> Tally {
    let dead: Vec<u8> = holes.iter().flatten().chain(known).copied().collect();
    let deck: Vec<u8> = (0..52).filter(|c| !dead.contains(c)).collect();
    let missing = 5 - known.len();
    let mut tallies = vec![std::collections::BTreeMap::<u32, u64>::new(); pots.len()];
    let mut boards = 0;
    let mut pick = vec![0usize; missing];
    fn next(pick: &mut [usize], n: usize) -> bool {
        let m = pick.len();
        for i in (0..m).rev() {
            if pick[i] < n - m + i {
                pick[i] += 1;
                for j in i + 1..m {
                    pick[j] = pick[j - 1] + 1;
                }
                return true;
            }
        }
        false
    }
    for (i, p) in pick.iter_mut().enumerate() {
        *p = i;
    }
    loop {
        let board: Vec<u8> = known
            .iter()
            .copied()
            .chain(pick.iter().map(|&i| deck[i]))
            .collect();
        let values: Vec<u32> = holes
            .iter()
            .map(|h| best_value(&[&h[..], &board].concat()))
            .collect();
        for (p, &elig) in pots.iter().enumerate() {
            let best = (0..holes.len())
                .filter(|&i| elig >> i & 1 == 1)
                .map(|i| values[i])
                .max()
                .unwrap();
            let mask = (0..holes.len())
                .filter(|&i| elig >> i & 1 == 1 && values[i] == best)
                .fold(0u32, |m, i| m | 1 << i);
            *tallies[p].entry(mask).or_default() += 1;
        }
        boards += 1;
        if missing == 0 || !next(&mut pick, deck.len()) {
            break;
        }
    }
    Tally {
        boards,
        pots: tallies
            .into_iter()
            .map(|t| t.into_iter().collect())
            .collect(),
    }
}

#[test]
fn two_passes_equal_every_board_dealt_one_by_one() {
    let mut rng = Rng(777);
    for case in 0..300 {
        let k = 2 + case % 4;
        let known_n = [3, 4, 4, 5][case % 4];
        let cards = rng.deal(2 * k + known_n);
        let holes: Vec<[u8; 2]> = (0..k).map(|i| [cards[2 * i], cards[2 * i + 1]]).collect();
        let known = &cards[2 * k..];
        let all = (1u32 << k) - 1;
        let pots = [all, all & !1, 0b11];
        assert_eq!(
            count(&holes, known, &pots).unwrap(),
            brute(&holes, known, &pots),
            "{holes:?} {known:?}"
        );
    }
}

#[test]
fn a_few_preflop_hands_equal_the_brute_count() {
    // suited against suited of the same suit: the flush pass is busiest here
    for holes in [[[48, 44], [40, 36]], [[51, 47], [3, 7]], [[0, 1], [50, 46]]] {
        assert_eq!(count(&holes, &[], &[3]).unwrap(), brute(&holes, &[], &[3]));
    }
}

#[test]
fn refusals() {
    assert_eq!(count(&[[0, 1], [1, 2]], &[], &[3]), Err(Refusal::CardTwice));
    assert_eq!(
        count(&[[0, 1], [2, 3]], &[1, 5, 9], &[3]),
        Err(Refusal::CardTwice)
    );
    assert_eq!(count(&[[0, 52], [2, 3]], &[], &[3]), Err(Refusal::NotACard));
    assert_eq!(count(&[[0, 1], [2, 3]], &[], &[4]), Err(Refusal::Pot));
    assert_eq!(count(&[], &[], &[]), Err(Refusal::Shape));
}

#[test]
fn threads_change_nothing() {
    let mut rng = Rng(99);
    let hands: Vec<EquityHand> = (0..40)
        .map(|i| {
            let cards = rng.deal(7);
            EquityHand {
                holes: vec![[cards[0], cards[1]], [cards[2], cards[3]]],
                known: cards[4..4 + (i % 2) * 3].to_vec(),
                pots: vec![3],
            }
        })
        .collect();
    assert_eq!(count_all(&hands, 1), count_all(&hands, 3));
}

#[test]
fn rank_masks_from_words_equal_the_counts_loop() {
    // random counts of 0..=4 copies a rank: each "at least k" mask as a plain loop gives it
    let mut rng = Rng(77);
    for _ in 0..200_000 {
        let counts: RankCounts = std::array::from_fn(|_| (rng.next() % 5) as u8);
        let (lo, hi) = words(&counts);
        let want: [u32; 4] = std::array::from_fn(|i| {
            (0..13).fold(0u32, |m, r| {
                if usize::from(counts[r]) > i {
                    m | 1 << r
                } else {
                    m
                }
            })
        });
        assert_eq!(masks(lo, hi), want);
        assert_eq!(rank_value(&counts), rank_value_words(lo, hi));
    }
    for m in 0..1u16 << 13 {
        assert_eq!(flush_table()[usize::from(m)], flush_value(m).unwrap_or(0));
    }
}
