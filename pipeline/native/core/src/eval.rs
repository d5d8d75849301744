//! Hand strength: the best five of five to seven cards. Our card ids are phevaluator's
//! (`rank * 4 + suit`, suits `cdhs`).
//!
//! Five to seven cards (every showdown of hold'em) are valued in one pass by
//! `equity::value::best_value`, the valuation the all-in counts use: one valuation instead of
//! the `poker` crate's 21 five-card evaluations per seven cards (11.6k instructions a hand).
//! Its order is held to the `poker` crate's by the tests below and in `equity/tests.rs`, and
//! to phevaluator's (the Python engine's evaluator) by tests/native/test_evaluator.py, which
//! ranks hands through [`dense_ranks`]. More than seven cards (never a hold'em hand) still go
//! through the `poker` crate, the evaluator those tests hold the valuation to.

use crate::equity::value::best_value;
use crate::model::Card;
use poker::{Evaluator, FiveCard};
use std::sync::OnceLock;

/// A hand's strength: greater is better; equal strengths split the pot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Strength(Value);

/// Either valuation, picked by the card count. The two never meet in one showdown: the
/// engine ranks two hole cards with a board of five, always seven cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Value {
    Seven(u32),
    Crate(poker::Eval<FiveCard>),
}

/// The most cards valued by [`best_value`]: with seven a flush excludes quads and a full
/// house, which its split into rank and suit values relies on.
const MOST: usize = 7;

/// The strength of the best five of `cards`; None for fewer than five cards, a card id
/// outside the deck, or a repeated card.
pub fn evaluate(cards: &[Card]) -> Option<Strength> {
    if cards.len() > MOST {
        return crate_evaluate(cards);
    }
    if cards.len() < 5 {
        return None;
    }
    let mut seen = 0u64;
    for &c in cards {
        let bit = 1u64.checked_shl(u32::from(c)).filter(|_| c < 52)?;
        if seen & bit != 0 {
            return None;
        }
        seen |= bit;
    }
    Some(Strength(Value::Seven(best_value(cards))))
}

/// [`evaluate`] of `board` and `hole` together (a showdown's seven cards, gathered on the
/// stack: no allocation per seat and board).
pub fn strength(board: &[Card], hole: &[Card]) -> Option<Strength> {
    let n = board.len() + hole.len();
    if n > MOST {
        return evaluate(&[board, hole].concat());
    }
    let mut v = [0; MOST];
    for (slot, &c) in v.iter_mut().zip(board.iter().chain(hole)) {
        *slot = c;
    }
    evaluate(&v[..n])
}

/// More than seven cards through the `poker` crate (its cards converted once).
fn crate_evaluate(cards: &[Card]) -> Option<Strength> {
    struct Tables {
        evaluator: Evaluator,
        cards: [poker::Card; 52],
    }
    static T: OnceLock<Tables> = OnceLock::new();
    let t = T.get_or_init(|| Tables {
        evaluator: Evaluator::new(),
        cards: std::array::from_fn(|i| crate_card(i as Card)),
    });
    let v = cards
        .iter()
        .map(|&c| t.cards.get(c as usize).copied())
        .collect::<Option<Vec<poker::Card>>>()?;
    let e = t.evaluator.evaluate_five(&v).ok()?;
    Some(Strength(Value::Crate(e)))
}

fn crate_card(c: Card) -> poker::Card {
    let t = crate::model::card_text(c);
    poker::Card::try_from_chars(t[0] as char, t[1] as char).expect("a card of the deck")
}

/// Dense rank of each hand of `hands` (0 = the strongest): the order a test holds against
/// phevaluator's. None when a hand cannot be evaluated.
pub fn dense_ranks(hands: &[Vec<Card>]) -> Option<Vec<u32>> {
    let strengths: Vec<Strength> = hands.iter().map(|h| evaluate(h)).collect::<Option<_>>()?;
    let mut order: Vec<usize> = (0..hands.len()).collect();
    order.sort_by(|&a, &b| strengths[b].cmp(&strengths[a]));
    let mut ranks = vec![0u32; hands.len()];
    let mut rank = 0u32;
    for (k, &i) in order.iter().enumerate() {
        if k > 0 && strengths[i] != strengths[order[k - 1]] {
            rank += 1;
        }
        ranks[i] = rank;
    }
    Some(ranks)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// xorshift: deterministic deals without `rand`.
    fn deal(state: &mut u64, n: usize) -> Vec<Card> {
        let mut deck: Vec<Card> = (0..52).collect();
        for i in 0..n {
            *state ^= *state << 13;
            *state ^= *state >> 7;
            *state ^= *state << 17;
            let j = i + (*state % (52 - i) as u64) as usize;
            deck.swap(i, j);
        }
        deck.truncate(n);
        deck
    }

    fn crate_eval(e: &Evaluator, cards: &[Card]) -> poker::Eval<FiveCard> {
        let v: Vec<poker::Card> = cards.iter().map(|&c| crate_card(c)).collect();
        e.evaluate_five(&v).unwrap()
    }

    /// The showdown's order is the `poker` crate's on five, six and seven cards: the pairs
    /// share cards (a board), as at a showdown, so ties and kickers are exercised.
    #[test]
    fn orders_hands_as_the_poker_crate() {
        let e = Evaluator::new();
        let mut state = 0x2545_f491_4f6c_dd1d;
        for n in 5..=7 {
            for _ in 0..60_000 {
                let a = deal(&mut state, n + 2);
                let (x, y) = ([&a[..2], &a[4..]].concat(), a[2..].to_vec());
                let ours = evaluate(&x).unwrap().cmp(&evaluate(&y).unwrap());
                assert_eq!(
                    ours,
                    crate_eval(&e, &x).cmp(&crate_eval(&e, &y)),
                    "{x:?} vs {y:?}"
                );
                let board = &a[4..];
                let seven = strength(board, &a[..2]).unwrap();
                assert_eq!(seven, evaluate(&x).unwrap());
            }
        }
    }

    #[test]
    fn refuses_what_cannot_be_ranked() {
        assert_eq!(evaluate(&[0, 1, 2, 3]), None);
        assert_eq!(evaluate(&[0, 1, 2, 3, 3]), None);
        assert_eq!(evaluate(&[0, 1, 2, 3, 52]), None);
        assert_eq!(evaluate(&[0, 1, 2, 3, 255]), None);
        assert_eq!(strength(&[0, 1, 2], &[3]), None);
        assert_eq!(strength(&[0, 1, 2, 4, 5], &[4, 6]), None);
        assert!(evaluate(&[0, 1, 2, 3, 4, 5, 6, 7]).is_some());
        assert_eq!(evaluate(&[0, 1, 2, 3, 4, 5, 6, 6]), None);
    }
}
