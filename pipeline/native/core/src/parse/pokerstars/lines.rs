//! The lines of a PokerStars hand's play, each read as `parsers/sites/pokerstars/reader.py`
//! reads it: "name: verb ..." (posts, bets, shows), the seat and table lines, "collected".

use crate::model::*;
use crate::parse::cards::{parse_cards, shown_cards};
use crate::parse::starlike::{ascii_int, money, SeatLine};
use crate::parse::Defer;
use crate::text::find_str;
use regex::Regex;
use std::sync::OnceLock;

pub(super) struct Res {
    pub table: Regex,
    pub seat: Regex,
    pub collected: Regex,
    pub cashed: Regex,
    pub ignorable: Regex,
}

pub(super) fn res() -> &'static Res {
    static R: OnceLock<Res> = OnceLock::new();
    R.get_or_init(|| Res {
        table: Regex::new(
            r"^Table (?:ID )?'(?P<name>.*)'(?:\s+(?P<max>\d+)-[mM]ax)?(?:\s+\(Play Money\))?(?:\s+Seat #(?P<button>\d+) is the button)?",
        )
        .unwrap(),
        seat: Regex::new(
            r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>(?:Rs\. )?[^ ()]*[\d.]) in chips(?:, (?P<bounty>\S+) bounty)?\)(?P<tail>.*)$",
        )
        .unwrap(),
        collected: Regex::new(
            r"^ collected ([$€£]?([0-9]+)\.([0-9]{2})|([0-9]+)|.+?) from (pot|main pot|side pot(?:-(\d+))?)$",
        )
        .unwrap(),
        cashed: Regex::new(r"^ cashed out the hand for (\S+)(?: \| Cash Out Fee (\S+))?$").unwrap(),
        ignorable: Regex::new(concat!(
            r#"^.*? (?:joins the table at seat #\d+|leaves the table|said, ".*|is disconnected|"#,
            r"is connected|has timed out.*|has returned|was removed from the table.*|",
            r"will be allowed to play after the button|is sitting out|sits out|",
            r"finished the tournament.*|wins the tournament.*|wins the \S+ bounty.*|",
            r"wins \S+ for eliminating.*|wins an entry to tournament.*|re-buys and receives.*|",
            r"takes the add-on.*|is feeling .*|has been disqualified.*|",
            r"(?:wins|receives) .*(?:ticket|entry).*|is (?:not )?being knocked out.*|",
            r"was moved from another table.*)$"
        ))
        .unwrap(),
    })
}

// --- "name: ..." readings -------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq)]
pub(super) enum Code {
    NoChips,
    Adds,
    Raises,
    Ante,
    SbBb,
    Blind,
    Show,
    Ignored,
}

pub(super) struct Act {
    pub code: Code,
    pub kind: Option<Kind>,
    pub amount: i64,
    pub raise_to: i64,
    pub all_in: bool,
    pub cards: Option<Cards>,
}

fn act(code: Code, kind: Kind, amount: i64, all_in: bool) -> Act {
    Act {
        code,
        kind: Some(kind),
        amount,
        raise_to: 0,
        all_in,
        cards: None,
    }
}

pub(super) fn read_act(rest: &str, dec: u32) -> Result<Act, Defer> {
    let mut all_in = rest.ends_with(" and is all-in");
    let mut rest = if all_in {
        &rest[..rest.len() - 14]
    } else {
        rest
    };
    // a capped no-limit game: the player reached the cap and plays on as if all-in (any verb)
    if !all_in && rest.ends_with(" cap") {
        if let Some(i) = find_str(rest, " and has reached the ") {
            rest = &rest[..i];
            all_in = true;
        }
    }
    if rest.starts_with("shows ") || rest.starts_with("mucks") {
        let cards = if let Some(b) = rest.find('[') {
            shown_cards(rest, b)?
        } else if rest != "mucks hand" {
            return Err("unknown_line");
        } else {
            Cards::new()
        };
        let kind = if rest.starts_with('s') {
            Kind::Show
        } else {
            Kind::Muck
        };
        return Ok(Act {
            code: Code::Show,
            kind: Some(kind),
            amount: 0,
            raise_to: 0,
            all_in,
            cards: Some(cards),
        });
    }
    if rest.starts_with("folds") {
        let cards = if rest.chars().count() > 6 && rest.contains('[') {
            Some(parse_cards(&rest[rest.find('[').unwrap()..])?)
        } else {
            None
        };
        return Ok(Act {
            code: Code::NoChips,
            kind: Some(Kind::Fold),
            amount: 0,
            raise_to: 0,
            all_in,
            cards,
        });
    }
    if rest == "checks" {
        return Ok(act(Code::NoChips, Kind::Check, 0, all_in));
    }
    if let Some(t) = rest.strip_prefix("calls ") {
        return Ok(act(Code::Adds, Kind::Call, money(t, dec)?, all_in));
    }
    if let Some(t) = rest.strip_prefix("bets ") {
        return Ok(act(Code::Adds, Kind::Bet, money(t, dec)?, all_in));
    }
    if let Some(said) = rest.strip_prefix("raises ") {
        // the first " to " from the second character of the amount on
        let from = said.chars().next().map_or(0, char::len_utf8);
        let cut = said
            .get(from..)
            .and_then(|s| find_str(s, " to "))
            .map(|i| i + from);
        let Some(cut) = cut.filter(|&c| said.len() > c + 4) else {
            return Err("odd_raise");
        };
        let to = money(&said[cut + 4..], dec)?;
        let by = money(&said[..cut], dec)?;
        return Ok(Act {
            code: Code::Raises,
            kind: Some(Kind::Raise),
            amount: by,
            raise_to: to,
            all_in,
            cards: None,
        });
    }
    if let Some(what) = rest.strip_prefix("posts ") {
        if let Some(t) = what.strip_prefix("the ante ") {
            return Ok(act(Code::Ante, Kind::PostAnte, money(t, dec)?, all_in));
        }
        if let Some(t) = what.strip_prefix("small & big blinds ") {
            return Ok(act(Code::SbBb, Kind::PostBigBlind, money(t, dec)?, all_in));
        }
        for (prefix, kind) in [
            ("small blind ", Kind::PostSmallBlind),
            ("big blind ", Kind::PostBigBlind),
            ("straddle ", Kind::PostStraddle),
        ] {
            if let Some(t) = what.strip_prefix(prefix) {
                return Ok(act(Code::Blind, kind, money(t, dec)?, all_in));
            }
        }
        return Err("unknown_line");
    }
    const IGNORED: [&str; 9] = [
        "sits out",
        "is sitting out",
        "has returned",
        "doesn't show hand",
        "is disconnected",
        "is connected",
        "has timed out",
        "sitting out",
        "",
    ];
    if IGNORED.contains(&rest)
        || rest.starts_with("is sitting out")
        || rest.starts_with("has timed out")
        || rest.starts_with("sits out")
    {
        return Ok(Act {
            code: Code::Ignored,
            kind: None,
            amount: 0,
            raise_to: 0,
            all_in,
            cards: None,
        });
    }
    Err("unknown_line")
}

// --- seats and table --------------------------------------------------------------------------

/// `_read_seat`: the plain form by hand (its name ends at the line's last " ("), every other
/// form by `_SEAT`.
/// `body.rfind(" (")` by a backwards byte scan for the parenthesis.
fn last_open(body: &str) -> Option<usize> {
    let b = body.as_bytes();
    memchr::memrchr_iter(b'(', b)
        .find(|&i| i > 0 && b[i - 1] == b' ')
        .map(|i| i - 1)
}

pub(super) fn read_seat(line: &str, dec: u32) -> Result<Option<SeatLine>, Defer> {
    if let Some(body) = line.strip_suffix(" in chips)") {
        if let (Some(colon), Some(open)) = (find_str(body, ": "), last_open(body)) {
            let number = &body[5..colon];
            let stack = &body[open + 2..];
            if colon + 2 <= open
                && !number.is_empty()
                && number.bytes().all(|b| b.is_ascii_digit())
                && !stack.is_empty()
                && !stack.contains([' ', '(', ')'])
                && stack.ends_with(|c: char| c.is_ascii_digit() || c == '.')
            {
                return Ok(Some(SeatLine {
                    seat: ascii_int(number)?,
                    name: body[colon + 2..open].to_string(),
                    stack: money(stack, dec)?,
                    sitting_out: false,
                }));
            }
        }
    }
    let Some(s) = res().seat.captures(line) else {
        return Ok(None);
    };
    let stack = money(&s["stack"], dec)?;
    if let Some(b) = s.name("bounty") {
        money(b.as_str(), 2)?;
    }
    let tail = &s["tail"];
    Ok(Some(SeatLine {
        seat: ascii_int(&s["seat"])?,
        name: s["name"].to_string(),
        stack,
        sitting_out: tail.contains("sitting out") || tail.contains("out of hand"),
    }))
}

/// The table line's name, seat count and button seat.
pub(super) type TableLine = (String, Option<i64>, Option<i64>);

pub(super) fn read_table(line: &str) -> Result<TableLine, Defer> {
    let Some(q) = line.rfind('\'') else {
        return Ok((String::new(), None, None));
    };
    if !line[q..].is_ascii() {
        return Err("odd_table_line");
    }
    if let Some(got) = plain_table(line, q) {
        return got;
    }
    let Some(t) = res().table.captures(line) else {
        return Ok((String::new(), None, None));
    };
    let num = |k: &str| t.name(k).map(|m| ascii_int(m.as_str())).transpose();
    Ok((t["name"].to_string(), num("max")?, num("button")?))
}

/// `_TABLE` for the usual line, `Table 'name' N-max Seat #B is the button` (each part after
/// the name optional, one blank before it), read by hand; `q` is the line's last quote, and
/// all after it ASCII. None: any other form (the regex reads it).
fn plain_table(line: &str, q: usize) -> Option<Result<TableLine, Defer>> {
    if !line.starts_with("Table '") || q < 7 {
        return None;
    }
    let mut rest = &line[q + 1..];
    let number = |t: &str| -> Option<usize> {
        let n = t.bytes().take_while(u8::is_ascii_digit).count();
        (n > 0).then_some(n)
    };
    let mut max = None;
    if let Some(t) = rest.strip_prefix(' ') {
        if let Some(n) = number(t) {
            if let Some(after) = t[n..].strip_prefix("-max").or(t[n..].strip_prefix("-Max")) {
                max = Some(&t[..n]);
                rest = after;
            }
        }
    }
    let mut button = None;
    if let Some(t) = rest.strip_prefix(" Seat #") {
        if let Some(n) = number(t) {
            if t[n..].starts_with(" is the button") {
                button = Some(&t[..n]);
                rest = &t[n + 14..];
            }
        }
    }
    // what follows must not be one the regex would read on: another blank, a "(Play Money)"
    if rest.starts_with(|c: char| c.is_ascii_whitespace() || c == '\x0b') {
        return None;
    }
    let num = |m: Option<&str>| m.map(ascii_int).transpose();
    Some(num(max).and_then(|max| Ok((line[7..q].to_string(), max, num(button)?))))
}

/// `_COLLECTED` for the usual line: the one split of `t` (after " collected ") into an amount
/// and " from pot|main pot|side pot[-N]" at the end. None: read it with the regex.
pub(super) fn collected_fast(t: &str) -> Result<Option<(&str, Option<i64>)>, Defer> {
    let mut found = None;
    let mut at = 0;
    while let Some(i) = find_str(&t[at..], " from ") {
        let p = at + i;
        let where_ = &t[p + 6..];
        let pot = match where_ {
            "pot" => Some(None),
            "main pot" => Some(Some(0)),
            "side pot" => Some(Some(1)),
            w => match w.strip_prefix("side pot-") {
                Some(n) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                    Some(Some(ascii_int(n)?))
                }
                Some(n) if !n.is_ascii() => return Ok(None),
                _ => None,
            },
        };
        if let Some(pot) = pot {
            if found.is_some() || p == 0 {
                return Ok(None);
            }
            found = Some((&t[..p], pot));
        }
        at = p + 1;
    }
    Ok(found)
}
