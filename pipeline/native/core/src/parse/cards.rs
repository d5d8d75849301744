//! Card text -> card ids, as `parsers/cards.py` reads it (`normalize_card`, `parse_cards`,
//! `bracketed_cards`, `cards_in_brackets`): shared by every PokerStars-like site.

use crate::model::*;
use crate::parse::Defer;
use crate::text::{is_py_space, py_split};

/// `normalize_card`.
pub fn normalize_card(text: &str) -> Result<Card, Defer> {
    if let Some(c) = card(text) {
        return Ok(c);
    }
    let t = crate::text::py_strip(text);
    let chars: Vec<char> = t.chars().collect();
    let t: Vec<char> = if chars.len() == 3 && chars[0] == '1' && chars[1] == '0' {
        vec!['T', chars[2]]
    } else {
        chars
    };
    if t.len() == 2 && t[0].is_ascii() && t[1].is_ascii() {
        let s = format!("{}{}", t[0].to_ascii_uppercase(), t[1].to_ascii_lowercase());
        if let Some(c) = card(&s) {
            return Ok(c);
        }
    }
    Err("bad_card")
}

/// `parse_cards`.
pub fn parse_cards(text: &str) -> Result<Cards, Defer> {
    if let Some(cards) = plain_cards(text) {
        return Ok(cards);
    }
    // the blank-separated words once the brackets are blanks (no copy of the text made)
    let words = || {
        text.split(|c: char| c == '[' || c == ']' || is_py_space(c))
            .filter(|t| !t.is_empty())
    };
    if let Some(cards) = words().map(card).collect::<Option<Cards>>() {
        return Ok(cards);
    }
    let tokens: Vec<&str> = words().collect();
    if tokens.len() == 1 && tokens[0].chars().count() > 3 {
        let s: Vec<char> = tokens[0].chars().collect();
        let mut out = Cards::new();
        let mut i = 0;
        while i < s.len() {
            let step = if s[i] == '1' && s.get(i + 1) == Some(&'0') {
                3
            } else {
                2
            };
            let piece: String = s[i..(i + step).min(s.len())].iter().collect();
            out.push(normalize_card(&piece)?);
            i += step;
        }
        return Ok(out);
    }
    tokens.iter().map(|t| normalize_card(t)).collect()
}

/// [`parse_cards`] for the usual text: cards of two characters each, between blanks and
/// brackets (`[Ah Kd]`, `Ah Kd`), read by bytes. None for anything else (another blank, a
/// `10h`, a lower-case rank...): the general reading decides those. Where this reads a card,
/// so does the general reading: a word of two card characters holds no blank of any kind, and
/// the bytes between the words are ASCII blanks and brackets, which it splits on too.
fn plain_cards(text: &str) -> Option<Cards> {
    let mut out = Cards::new();
    for word in text
        .as_bytes()
        .split(|&c| c == b' ' || c == b'[' || c == b']')
    {
        if !word.is_empty() {
            out.push(card_of_bytes(word)?);
        }
    }
    Some(out)
}

/// The byte positions of the first `[` at or after `start` and of the `]` that closes it
/// (the brackets are ASCII: found by bytes).
fn bracket_span(text: &str, start: usize) -> Result<(usize, usize), Defer> {
    let bytes = text.as_bytes();
    let b = memchr::memchr(b'[', &bytes[start..])
        .map(|i| i + start)
        .ok_or("bad_card")?;
    let e = memchr::memchr(b']', &bytes[b + 1..])
        .map(|i| i + b + 1)
        .ok_or("bad_card")?;
    Ok((b, e))
}

/// `bracketed_cards(text, start)`: the cards of the first bracketed group from `start`.
pub fn bracketed_cards(text: &str, start: usize) -> Result<Cards, Defer> {
    let (b, e) = bracket_span(text, start)?;
    parse_cards(&text[b..=e])
}

/// `HIDDEN_CARDS`: what a log prints in a shown hand for a card it does not show.
const HIDDEN_CARDS: [&str; 11] = ["?", "??", "X", "x", "XX", "xx", "Xx", "*", "**", "-", "--"];

/// `shown_cards(text, start)`: [`bracketed_cards`] with the placeholders of the cards not
/// shown left out (`[?? Kd]` gives one card).
pub fn shown_cards(text: &str, start: usize) -> Result<Cards, Defer> {
    let (b, e) = bracket_span(text, start)?;
    shown_group(&text[b + 1..e])
}

/// `shown_group(group)`: [`parse_cards`] of a shown group's text without the placeholders.
pub fn shown_group(group: &str) -> Result<Cards, Defer> {
    if !py_split(group).any(|w| HIDDEN_CARDS.contains(&w)) {
        return parse_cards(group);
    }
    let kept: Vec<&str> = py_split(group)
        .filter(|w| !HIDDEN_CARDS.contains(w))
        .collect();
    parse_cards(&kept.join(" "))
}

/// `kept_hole(known, shown)`: a seat's hole cards once it shows `shown` (fewer than two
/// cards add to nothing already known). None: leave the seat's hole cards as they are.
pub fn kept_hole(known: Option<&Cards>, shown: &Cards) -> Option<Cards> {
    if shown.is_empty() || (known.is_some_and(|k| !k.is_empty()) && shown.len() < 2) {
        return None;
    }
    Some(shown.clone())
}

/// `cards_in_brackets(text)`: every card of every complete `[...]` group.
pub fn cards_in_brackets(text: &str) -> Result<Cards, Defer> {
    if let Some(cards) = plain_cards_in_brackets(text) {
        return Ok(cards);
    }
    let mut groups = Vec::new();
    let mut at = 0;
    while let Some(b) = text[at..].find('[') {
        let b = at + b;
        match text[b + 1..].find(']') {
            Some(e) => {
                groups.push(&text[b + 1..b + 1 + e]);
                at = b + 1 + e + 1;
            }
            None => break,
        }
    }
    // the words of the groups joined by blanks: each group's words, in turn
    if let Some(cards) = groups
        .iter()
        .flat_map(|g| py_split(g))
        .map(card)
        .collect::<Option<Cards>>()
    {
        return Ok(cards);
    }
    let mut out = Cards::new();
    for g in groups {
        out.extend_from_slice(&parse_cards(g)?);
    }
    Ok(out)
}

/// [`cards_in_brackets`] for the form nearly every line has: groups of cards written as
/// two characters each, one blank apart (`[Ah Kd]`). None for anything else (another
/// blank, a `10h`, a lower-case rank...): the general reading decides those. Where this
/// reads a card, so does the general reading (a word of two card characters holds no blank).
fn plain_cards_in_brackets(text: &str) -> Option<Cards> {
    let b = text.as_bytes();
    let mut out = Cards::new();
    let mut at = 0;
    while let Some(open) = memchr::memchr(b'[', &b[at..]) {
        let start = at + open + 1;
        let Some(close) = memchr::memchr(b']', &b[start..]) else {
            break;
        };
        for word in b[start..start + close].split(|&c| c == b' ') {
            if !word.is_empty() {
                out.push(card_of_bytes(word)?);
            }
        }
        at = start + close + 1;
    }
    Some(out)
}
