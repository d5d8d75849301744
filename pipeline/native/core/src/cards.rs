//! [`Cards`]: a hand's few cards (a board, a player's hole cards, the cards of a line) without
//! a heap allocation each. A hand held some 70 of them as `Vec<u8>`, a fifth of the stage's
//! malloc/free; up to [`INLINE`] cards now live inline, and any more (odd text the checks
//! must still see whole) spill to a `Vec`, so no count of cards is refused or cut.

use crate::model::Card;
use std::cmp::Ordering;
use std::ops::{Deref, DerefMut};

/// Cards held inline: hold'em's most in one place (a board of five and two hole cards).
pub const INLINE: usize = 7;

/// A sequence of card ids in order, read as a slice (`Deref<Target = [Card]>`).
#[derive(Clone)]
pub enum Cards {
    Inline { len: u8, ids: [Card; INLINE] },
    Heap(Vec<Card>),
}

impl Cards {
    pub const fn new() -> Cards {
        Cards::Inline {
            len: 0,
            ids: [0; INLINE],
        }
    }

    pub fn as_slice(&self) -> &[Card] {
        match self {
            Cards::Inline { len, ids } => &ids[..usize::from(*len)],
            Cards::Heap(v) => v,
        }
    }

    pub fn push(&mut self, c: Card) {
        match self {
            Cards::Inline { len, ids } if usize::from(*len) < INLINE => {
                ids[usize::from(*len)] = c;
                *len += 1;
            }
            Cards::Inline { .. } => {
                let mut v = Vec::with_capacity(2 * INLINE);
                v.extend_from_slice(self.as_slice());
                v.push(c);
                *self = Cards::Heap(v);
            }
            Cards::Heap(v) => v.push(c),
        }
    }

    pub fn extend_from_slice(&mut self, cards: &[Card]) {
        for &c in cards {
            self.push(c);
        }
    }
}

impl Default for Cards {
    fn default() -> Cards {
        Cards::new()
    }
}

impl Deref for Cards {
    type Target = [Card];
    fn deref(&self) -> &[Card] {
        self.as_slice()
    }
}

impl DerefMut for Cards {
    fn deref_mut(&mut self) -> &mut [Card] {
        match self {
            Cards::Inline { len, ids } => &mut ids[..usize::from(*len)],
            Cards::Heap(v) => v,
        }
    }
}

impl From<&[Card]> for Cards {
    fn from(cards: &[Card]) -> Cards {
        let mut out = Cards::new();
        out.extend_from_slice(cards);
        out
    }
}

impl<const N: usize> From<[Card; N]> for Cards {
    fn from(cards: [Card; N]) -> Cards {
        Cards::from(&cards[..])
    }
}

impl FromIterator<Card> for Cards {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Cards {
        let mut out = Cards::new();
        out.extend(iter);
        out
    }
}

impl Extend<Card> for Cards {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, iter: I) {
        for c in iter {
            self.push(c);
        }
    }
}

impl<'a> IntoIterator for &'a Cards {
    type Item = &'a Card;
    type IntoIter = std::slice::Iter<'a, Card>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl IntoIterator for Cards {
    type Item = Card;
    type IntoIter = IntoIter;
    fn into_iter(self) -> IntoIter {
        IntoIter { cards: self, at: 0 }
    }
}

/// The cards of a [`Cards`] by value, in order.
pub struct IntoIter {
    cards: Cards,
    at: usize,
}

impl Iterator for IntoIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        let c = self.cards.get(self.at).copied();
        self.at += 1;
        c
    }
}

// Equality and order are the slice's, whichever way the cards are stored.
impl PartialEq for Cards {
    fn eq(&self, other: &Cards) -> bool {
        self.as_slice() == other.as_slice()
    }
}
impl Eq for Cards {}
impl PartialOrd for Cards {
    fn partial_cmp(&self, other: &Cards) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Cards {
    fn cmp(&self, other: &Cards) -> Ordering {
        self.as_slice().cmp(other.as_slice())
    }
}
impl std::hash::Hash for Cards {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}
impl std::fmt::Debug for Cards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.as_slice().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spills_past_the_inline_cards_keeping_every_card_in_order() {
        let all: Vec<Card> = (0..20).rev().collect();
        let mut c = Cards::new();
        for (i, &id) in all.iter().enumerate() {
            c.push(id);
            assert_eq!(c.as_slice(), &all[..=i]);
            assert_eq!(matches!(c, Cards::Heap(_)), i >= INLINE);
        }
        let inline = Cards::from([5, 9]);
        let mut spilled = Cards::from(&all[..]);
        assert!(matches!(spilled, Cards::Heap(_)));
        spilled.sort();
        assert_eq!(spilled.first(), Some(&0));
        // equal and ordered by the cards alone, however stored
        let mut heap = Cards::Heap(vec![5, 9]);
        assert_eq!(inline, heap);
        heap.push(1);
        assert!(inline < heap);
        assert_eq!(format!("{inline:?}"), "[5, 9]");
    }
}
