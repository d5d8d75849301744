//! The `*** SUMMARY ***` section of a PokerStars hand (`pokerstars/summary.py`): total pot,
//! rake, fees, the printed pots, the summary boards and the cards shown there.

use crate::model::*;
use crate::parse::cards::{cards_in_brackets, shown_group};
use crate::parse::starlike::{ascii_int, money, summary_cards};
use crate::parse::Defer;
use crate::text::{find_str, split_once_str};
use regex::Regex;
use std::sync::OnceLock;

struct Res {
    plain_pot: Regex,
    side_pot: Regex,
    pot_part: Regex,
}

fn res() -> &'static Res {
    static R: OnceLock<Res> = OnceLock::new();
    const AMOUNT: &str = r"[^\d\s|]?[\d,]*\.?\d+";
    R.get_or_init(|| Res {
        plain_pot: Regex::new(&format!(
            r"^Total pot ({AMOUNT})(?: Main pot ({AMOUNT})\.((?: Side pot-[0-9]+ {AMOUNT}\.)+))? \| Rake ({AMOUNT})$"
        ))
        .unwrap(),
        side_pot: Regex::new(&format!(r" Side pot-([0-9]+) ({AMOUNT})\.")).unwrap(),
        // _POT_PART with its lookahead `(?=\s|$)` consuming the blank instead: a label starts
        // with a letter, so the next match cannot need it (same matches, same groups).
        pot_part: Regex::new(&format!(
            r"(?P<label>[A-Za-z][A-Za-z]*(?: [A-Za-z]+)*(?:-(?P<n>\d+))?) (?P<amt>(?:Rs\. ?)?{AMOUNT})\.?(?:\s|$)"
        ))
        .unwrap(),
    })
}

/// What the summary says: total pot, rake, fees, printed pots (index, amount), boards.
#[derive(Default)]
pub(super) struct Summary {
    pub total_pot: Option<i64>,
    pub rake: Option<i64>,
    pub fees: Vec<(String, i64)>,
    pub pots: Vec<(i64, i64)>,
    pub boards: Vec<Cards>,
}

/// Read the summary lines after `lines[summary_at]`; cards shown there join `hole` where the
/// play gave none.
pub(super) fn read_summary(
    lines: &[&str],
    summary_at: usize,
    dec: u32,
    hole: &mut Vec<(i64, Cards)>,
) -> Result<Summary, Defer> {
    let mut total_pot = None;
    let mut rake = None;
    let mut fees: Vec<(String, i64)> = Vec::new();
    let mut pots: Vec<(i64, i64)> = Vec::new();
    let mut summary_boards: Vec<Cards> = Vec::new();
    for line in &lines[summary_at + 1..] {
        let line = *line;
        if line.is_empty() {
            break;
        }
        if line.starts_with('S') {
            if line.contains("ed [") && line.starts_with("Seat ") {
                if let Some((seat, text)) = summary_cards(line, &["showed [", "mucked ["])? {
                    let cards = shown_group(text)?;
                    if !cards.is_empty() && !hole.iter().any(|x| x.0 == seat) {
                        hole.push((seat, cards));
                    }
                }
                continue;
            }
        } else if line.starts_with("Total pot ") {
            if let Some((total, printed, rake_text)) = plain_pot(line) {
                total_pot = Some(money(total, dec)?);
                for (k, amount) in printed {
                    pots.push((ascii_int(k)?, money(amount, dec)?));
                }
                rake = Some(money(rake_text, dec)?);
                continue;
            }
            if let Some(m) = res().plain_pot.captures(line) {
                total_pot = Some(money(&m[1], dec)?);
                if let Some(main) = m.get(2) {
                    pots.push((0, money(main.as_str(), dec)?));
                    for s in res().side_pot.captures_iter(&m[3]) {
                        let k = ascii_int(&s[1])?;
                        pots.push((k, money(&s[2], dec)?));
                    }
                }
                rake = Some(money(&m[4], dec)?);
                continue;
            }
            // _pot_parts: every "Label amount" part, in order
            let mut side = 0i64;
            for m in res().pot_part.captures_iter(line) {
                let label = &m["label"];
                let amt = money(m["amt"].trim_end_matches('.'), dec)?;
                if label == "Total pot" {
                    total_pot = Some(amt);
                } else if label == "Main pot" {
                    pots.push((0, amt));
                } else if label.starts_with("Side pot") {
                    side = match m.name("n") {
                        Some(x) => ascii_int(x.as_str())?,
                        None => side + 1,
                    };
                    pots.push((side, amt));
                } else if label == "Rake" {
                    rake = Some(amt);
                } else {
                    fees.push((label.to_string(), amt));
                }
            }
            continue;
        }
        if line.contains("Board [") {
            summary_boards.push(cards_in_brackets(line)?);
        }
    }

    Ok(Summary {
        total_pot,
        rake,
        fees,
        pots,
        boards: summary_boards,
    })
}

/// `_AMOUNT` (`[^\d\s|]?[\d,]*\.?\d+`) matching all of `s` (an ASCII text).
fn is_amount(s: &str) -> bool {
    let b = s.as_bytes();
    let body = match b.first() {
        Some(c) if !c.is_ascii_digit() && *c != b'|' && !c.is_ascii_whitespace() => &b[1..],
        _ => b,
    };
    let (int, frac) = match body.iter().position(|&c| c == b'.') {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let int_ok = int.iter().all(|&c| c.is_ascii_digit() || c == b',');
    match frac {
        Some(f) => int_ok && !f.is_empty() && f.iter().all(u8::is_ascii_digit),
        None => int_ok && int.last().is_some_and(u8::is_ascii_digit),
    }
}

/// The pot and rake texts of a `_PLAIN_POT` line, read by hand (ASCII lines): (total,
/// [(pot index, amount)], rake). None: read it with the regexes.
type PotTexts<'a> = (&'a str, Vec<(&'a str, &'a str)>, &'a str);

fn plain_pot(line: &str) -> Option<PotTexts<'_>> {
    if !line.is_ascii() || line.contains(['\x0b', '\x0c']) {
        return None;
    }
    let body = line.strip_prefix("Total pot ")?;
    let (before, rake) = split_once_str(body, " | Rake ")?;
    if !is_amount(rake) {
        return None;
    }
    let Some((total, mut r)) = split_once_str(before, " Main pot ") else {
        return is_amount(before).then_some((before, vec![], rake));
    };
    if !is_amount(total) {
        return None;
    }
    let mut pots = Vec::new();
    let k = find_str(r, ". Side pot-")?;
    if !is_amount(&r[..k]) {
        return None;
    }
    pots.push(("0", &r[..k]));
    r = &r[k + 1..];
    while !r.is_empty() {
        let t = r.strip_prefix(" Side pot-")?;
        let digits = t.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || !t[digits..].starts_with(' ') {
            return None;
        }
        let after = &t[digits + 1..];
        let end = after.find(' ').unwrap_or(after.len());
        let amount = after[..end].strip_suffix('.')?;
        if !is_amount(amount) {
            return None;
        }
        pots.push((&t[..digits], amount));
        r = &after[end..];
    }
    Some((total, pots, rake))
}
