//! What the PokerStars-like formats (PokerStars, GGPoker) share: amounts and numbers read
//! exactly, the seat line's parts, the street words of the `*** ... ***` markers, the
//! name lookups of "name: verb" lines, and the boards of a run-it-twice hand.

use crate::model::*;
use crate::parse::Defer;
use crate::text::find_str;
use crate::text::parse_money;

/// `parse_money`, a deferral where Python raises.
pub fn money(text: &str, dec: u32) -> Result<i64, Defer> {
    parse_money(text, dec).ok_or("bad_amount")
}

/// One seat line: number, name, stack, and whether the player sits out.
pub struct SeatLine {
    pub seat: i64,
    pub name: String,
    pub stack: i64,
    pub sitting_out: bool,
}

/// An ASCII decimal number of at most 12 digits (Python's `int()` of the same digits).
pub fn ascii_int(s: &str) -> Result<i64, Defer> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || s.len() > 12 {
        return Err("odd_number");
    }
    Ok(s.parse().unwrap())
}

const STREET_WORDS: [(&str, Street); 3] = [
    ("FLOP", Street::Flop),
    ("TURN", Street::Turn),
    ("RIVER", Street::River),
];

pub fn street_word(w: &str) -> Option<Street> {
    STREET_WORDS.iter().find(|(k, _)| *k == w).map(|(_, s)| *s)
}

/// A seat's value in a small seat-keyed map (insertion order kept, as a Python dict).
pub fn get<T: Clone + Default>(m: &[(i64, T)], seat: i64) -> T {
    m.iter()
        .find(|x| x.0 == seat)
        .map_or_else(T::default, |x| x.1.clone())
}

/// Set a seat's value in a small seat-keyed map.
pub fn put<T>(m: &mut Vec<(i64, T)>, seat: i64, v: T) {
    match m.iter_mut().find(|x| x.0 == seat) {
        Some(x) => x.1 = v,
        None => m.push((seat, v)),
    }
}

/// The seated names, longest first: who a line that starts with a name is about.
pub struct Names {
    /// (name, seat), longest name first (ties in seat-list order).
    pub by_length: Vec<(String, i64)>,
}

impl Names {
    pub fn new<'a>(seats: impl Iterator<Item = (&'a str, i64)>) -> Names {
        let mut by_length: Vec<(String, i64)> = seats.map(|(n, s)| (n.to_string(), s)).collect();
        by_length.sort_by_key(|x| std::cmp::Reverse(x.0.chars().count()));
        Names { by_length }
    }

    /// The seat of exactly this name.
    pub fn seat_of(&self, name: &str) -> Option<i64> {
        self.by_length.iter().find(|x| x.0 == name).map(|x| x.1)
    }

    /// (seat, length of the name) for a line that starts with a seated name and a blank.
    pub fn prefix(&self, line: &str) -> Option<(i64, usize)> {
        self.by_length
            .iter()
            .find(|(nm, _)| line.starts_with(nm.as_str()) && line[nm.len()..].starts_with(' '))
            .map(|(nm, s)| (*s, nm.len()))
    }
}

/// One board per run: each run's board, or the shared board where a run's is shorter (a run
/// that never got past the shared cards); no runs: the one board.
pub fn final_boards(mut runs: Vec<(usize, Cards)>, board: Cards) -> Vec<Cards> {
    if runs.is_empty() {
        return vec![board];
    }
    runs.sort_by_key(|x| x.0);
    runs.into_iter()
        .map(|(_, b)| {
            if b.len() >= board.len() {
                b
            } else {
                board.clone()
            }
        })
        .collect()
}

/// `_SUMMARY_CARDS`: `^Seat (\d+): .*?\b(?:showed|mucked) \[([^\]]*)\]` (the `words` are the
/// alternatives, each ending " ["), read by hand: the first of them after the name with a word boundary before it and a closing
/// bracket after it. A boundary next to a non-ASCII character is deferred.
pub fn summary_cards<'a>(line: &'a str, words: &[&str]) -> Result<Option<(i64, &'a str)>, Defer> {
    let rest = &line[5..];
    let Some(colon) = find_str(rest, ": ") else {
        return Ok(None);
    };
    let number = &rest[..colon];
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        if number.chars().all(|c| c.is_numeric()) && !number.is_empty() {
            return Err("odd_number");
        }
        return Ok(None);
    }
    let body_start = 5 + colon + 2;
    let body = &line[body_start..];
    let mut best: Option<usize> = None;
    for &word in words {
        let mut at = 0;
        while let Some(i) = find_str(&body[at..], word) {
            let pos = at + i;
            let ok_boundary = match body[..pos].chars().last() {
                None => true,
                Some(c) if c.is_ascii() => !(c.is_ascii_alphanumeric() || c == '_'),
                Some(_) => return Err("odd_summary_line"),
            };
            if ok_boundary && body[pos + word.len()..].contains(']') {
                best = Some(best.map_or(pos, |b: usize| b.min(pos)));
                break;
            }
            at = pos + 1;
        }
    }
    let Some(pos) = best else {
        return Ok(None);
    };
    let open = pos + body[pos..].find('[').unwrap() + 1;
    let close = body[open..].find(']').unwrap() + open;
    Ok(Some((ascii_int(number)?, &body[open..close])))
}

/// Whether a header's game words name short deck (6+) hold'em, as the Python kit's
/// `is_short_deck` reads them: "6+" or "6 +" standing alone (a "6+" inside an amount such as
/// the buy-in "$7.36+$0.64" is no game: a digit, point or currency sign touches it),
/// "six plus"/"6 plus", "short deck"/"shortdeck", or the word "short".
pub fn is_short_deck(words: &str) -> bool {
    let low: Vec<char> = words.to_lowercase().chars().collect();
    let word = |c: Option<&char>| c.is_some_and(|c| c.is_alphanumeric() || *c == '_');
    let money_mark = |c: &char| matches!(c, '.' | ',' | '$' | '€' | '£' | '¥');
    let at = |i: usize, phrase: &str| {
        let p: Vec<char> = phrase.chars().collect();
        low.get(i..i + p.len()) == Some(&p[..])
            && !word(i.checked_sub(1).and_then(|b| low.get(b)))
            && !word(low.get(i + p.len()))
    };
    const PHRASES: [&str; 6] = [
        "short",
        "shortdeck",
        "six plus",
        "sixplus",
        "6 plus",
        "6plus",
    ];
    (0..low.len()).any(|i| {
        if PHRASES.iter().any(|p| at(i, p)) {
            return true;
        }
        if low[i] != '6' {
            return false;
        }
        let before = i.checked_sub(1).and_then(|b| low.get(b));
        if word(before) || before.is_some_and(money_mark) {
            return false;
        }
        let plus = if low.get(i + 1) == Some(&' ') {
            i + 2
        } else {
            i + 1
        };
        low.get(plus) == Some(&'+')
            && !low
                .get(plus + 1)
                .is_some_and(|c| c.is_numeric() || money_mark(c))
    })
}

#[cfg(test)]
mod short_deck_tests {
    use super::is_short_deck;

    #[test]
    fn short_deck_by_the_game_name_not_the_buy_in() {
        for yes in [
            "6+ Hold'em No Limit",
            "No Limit 6+ Hold'em",
            "Hold'em Short Deck",
            "ShortDeck",
            "Six Plus Hold'em",
            "6 + holdem",
            "short",
        ] {
            assert!(is_short_deck(yes), "{yes}");
        }
        for no in [
            "$7.36+$0.64 USD Hold'em No Limit",
            "€26+€4 EUR Hold'em No Limit",
            "Hold'em No Limit",
            "16+ players",
            "Shorthanded",
        ] {
            assert!(!is_short_deck(no), "{no}");
        }
    }
}
