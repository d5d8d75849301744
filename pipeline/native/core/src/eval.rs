//! Hand strength through the `poker` crate (see the workspace Cargo.toml for why this crate):
//! the best five of five to seven cards. Our card ids are phevaluator's (`rank * 4 + suit`,
//! suits `cdhs`), converted once into the crate's cards.

use crate::model::Card;
use poker::{Eval, Evaluator, FiveCard};
use std::cmp::Ordering;
use std::sync::OnceLock;

/// A hand's strength: greater is better; equal strengths split the pot.
#[derive(Clone, Copy, Debug)]
pub struct Strength(Eval<FiveCard>);

impl PartialEq for Strength {
    fn eq(&self, other: &Self) -> bool {
        self.0.cmp(&other.0) == Ordering::Equal
    }
}
impl Eq for Strength {}
impl PartialOrd for Strength {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Strength {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.cmp(&other.0)
    }
}

struct Tables {
    evaluator: Evaluator,
    cards: [poker::Card; 52],
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let cards = std::array::from_fn(|i| {
            let t = crate::model::card_text(i as Card);
            poker::Card::try_from_chars(t[0] as char, t[1] as char).expect("a card of the deck")
        });
        Tables {
            evaluator: Evaluator::new(),
            cards,
        }
    })
}

/// The strength of the best five of `board` + `hole`; None for fewer than five cards, a card
/// id outside the deck, or a repeated card.
pub fn evaluate(cards: &[Card]) -> Option<Strength> {
    let t = tables();
    let v = cards
        .iter()
        .map(|&c| t.cards.get(c as usize).copied())
        .collect::<Option<Vec<poker::Card>>>()?;
    t.evaluator.evaluate_five(&v).ok().map(Strength)
}

/// [`evaluate`] of `board` and `hole` together (a showdown's seven cards, converted on the
/// stack: no allocation per seat and board).
pub fn strength(board: &[Card], hole: &[Card]) -> Option<Strength> {
    const MOST: usize = 7;
    if board.len() + hole.len() > MOST {
        return evaluate(&[board, hole].concat());
    }
    let t = tables();
    let mut v = [t.cards[0]; MOST];
    for (slot, &c) in v.iter_mut().zip(board.iter().chain(hole)) {
        *slot = *t.cards.get(c as usize)?;
    }
    let n = board.len() + hole.len();
    t.evaluator.evaluate_five(&v[..n]).ok().map(Strength)
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
