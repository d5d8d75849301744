//! The header line of a GGPoker hand (`parsers/sites/ggpoker/header.py`): id, limit,
//! stakes, currency, tournament and time, with the Python reader's regular expressions. A
//! header holding anything but ASCII and the four currency signs is deferred (where Python's
//! `\s`, `\w` and `\d` could read it differently from Rust's).

use crate::model::Limit;
use crate::parse::clock::{days_from_civil, days_in_month};
use crate::parse::Defer;
use crate::text::{parse_money, py_strip};
use regex::Regex;
use std::sync::OnceLock;

pub struct Header {
    pub hand_id: String,
    pub tournament_id: Option<String>,
    pub level: Option<String>,
    pub currency: &'static str,
    pub decimals: u32,
    pub limit: Limit,
    /// (first, second, ante) of the printed stakes.
    pub stakes: (i64, i64, i64),
    pub started_at: Option<i64>,
    pub local_time: String,
}

struct Res {
    head: Regex,
    tourney: Regex,
    cash: Regex,
    date: Regex,
}

fn res() -> &'static Res {
    static R: OnceLock<Res> = OnceLock::new();
    R.get_or_init(|| Res {
        head: Regex::new(r"^Poker Hand #(?P<id>[A-Za-z]{0,4}\d+):\s*(?P<rest>.*)$").unwrap(),
        tourney: Regex::new(
            r"^Tournament #(?P<tid>\d+),?\s*(?P<desc>.*?)\s+-\s+Level\s*(?P<level>\w+)\s*\((?P<stakes>[^()]*(?:\([^()]*\))?)\)\s*-\s*(?P<date>.*)$",
        )
        .unwrap(),
        cash: Regex::new(r"^(?P<desc>.*?)\s*\((?P<stakes>[^)]*)\)\s*-\s*(?P<date>.*)$").unwrap(),
        date: Regex::new(r"(\d{4})/(\d{1,2})/(\d{1,2})\s+(\d{1,2}):(\d{2}):(\d{2})").unwrap(),
    })
}

/// The hand-header test of the splitter: `Poker Hand #[A-Za-z]{0,4}\d+: ` after blanks.
/// `Err` when the digit test would need Python's Unicode digits.
pub fn is_header(line: &str) -> Result<bool, &'static str> {
    let s = line.trim_start_matches([' ', '\t']);
    let Some(s) = s.strip_prefix("Poker Hand #") else {
        return Ok(false);
    };
    let letters = s
        .bytes()
        .take(4)
        .take_while(u8::is_ascii_alphabetic)
        .count();
    let rest = &s[letters..];
    let unicode_digit = |t: &str| t.starts_with(|c: char| !c.is_ascii() && c.is_numeric());
    if unicode_digit(rest) {
        return Err("unicode_digit_header");
    }
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Ok(false);
    }
    let rest = &rest[digits..];
    if unicode_digit(rest) {
        return Err("unicode_digit_header");
    }
    Ok(rest.starts_with(": "))
}

/// `_game_of`: the limit of a hold'em description; other games are the Python path's.
fn limit_of(desc: &str) -> Result<Limit, Defer> {
    let low = desc.to_ascii_lowercase();
    let limit = if low.contains("no limit") {
        Limit::No
    } else if low.contains("pot limit") || low.contains("plo") {
        Limit::Pot
    } else {
        Limit::Fixed
    };
    if crate::parse::starlike::is_short_deck(&low) {
        return Err("unsupported_game");
    }
    if low.contains("hold'em") || low.contains("holdem") {
        return Ok(limit);
    }
    Err("unsupported_game")
}

/// `stakes_of`: "$0.02/$0.05" or "200/400" (a third part is an ante), or the 2026-on
/// tournament level's "250/500(60)" (the ante in brackets after the blinds).
fn stakes_of(text: &str, dec: u32) -> Result<(i64, i64, i64), Defer> {
    let (text, ante) = match text.strip_suffix(')').and_then(|t| t.split_once('(')) {
        Some((blinds, ante)) => (blinds, Some(ante)),
        None => (text, None),
    };
    let mut parts: Vec<&str> = text.split('/').map(py_strip).collect();
    match ante {
        Some(a) if parts.len() == 2 => parts.push(py_strip(a)),
        Some(_) => parts.clear(),
        None => {}
    }
    if parts.len() != 2 && parts.len() != 3 {
        return Err("bad_header");
    }
    let mut amounts = Vec::with_capacity(3);
    for p in parts {
        amounts.push(parse_money(p, dec).ok_or("bad_amount")?);
    }
    Ok((amounts[0], amounts[1], amounts.get(2).copied().unwrap_or(0)))
}

/// "2024/01/02 03:04:05" exactly (two-digit fields): the six numbers, read without `_DATE`.
fn usual_date(date: &str) -> Option<[i64; 6]> {
    let b = date.as_bytes();
    if b.len() != 19
        || b[4] != b'/'
        || b[7] != b'/'
        || b[10] != b' '
        || b[13] != b':'
        || b[16] != b':'
    {
        return None;
    }
    let n = |i: usize, k: usize| -> Option<i64> {
        let t = &b[i..i + k];
        t.iter()
            .all(u8::is_ascii_digit)
            .then(|| t.iter().fold(0, |a, &c| a * 10 + (c - b'0') as i64))
    };
    Some([
        n(0, 4)?,
        n(5, 2)?,
        n(8, 2)?,
        n(11, 2)?,
        n(14, 2)?,
        n(17, 2)?,
    ])
}

/// (UTC microseconds, printed local time) of the first date in `date`: GG prints no zone,
/// the time is read as UTC; a date `datetime` refuses gives no start time.
fn started_at(date: &str) -> Result<(Option<i64>, String), Defer> {
    let mut f = [0i64; 6];
    if let Some(usual) = usual_date(date) {
        f = usual;
    } else {
        let Some(d) = res().date.captures(date) else {
            return Ok((None, String::new()));
        };
        for (i, x) in f.iter_mut().enumerate() {
            let t = &d[i + 1];
            if !t.is_ascii() {
                return Err("odd_date");
            }
            *x = t.parse().map_err(|_| "odd_date")?;
        }
    }
    let [y, mo, dd, hh, mi, ss] = f;
    let local = format!("{y}/{mo:02}/{dd:02} {hh:02}:{mi:02}:{ss:02}");
    let valid = (1..=9999).contains(&y)
        && (1..=12).contains(&mo)
        && dd >= 1
        && dd <= days_in_month(y, mo)
        && hh <= 23
        && mi <= 59
        && ss <= 59;
    if !valid {
        return Ok((None, local));
    }
    let secs = ((days_from_civil(y, mo, dd) * 24 + hh) * 60 + mi) * 60 + ss;
    Ok((Some(secs * 1_000_000), local))
}

/// `\s` on an ASCII character (Python's and Rust's agree there; `\x1c`-`\x1f`, which only
/// Python's takes, defer the whole hand first).
fn is_blank(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c')
}

/// `_HEAD` by hand (an ASCII line but for currency signs): (hand id, rest).
fn head(line: &str) -> Option<(&str, &str)> {
    let s = line.strip_prefix("Poker Hand #")?;
    let letters = s
        .bytes()
        .take(4)
        .take_while(u8::is_ascii_alphabetic)
        .count();
    let digits = s[letters..].bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || !s[letters + digits..].starts_with(':') {
        return None;
    }
    let rest = s[letters + digits + 1..].trim_start_matches(|c: char| is_blank(c));
    Some((&s[..letters + digits], rest))
}

/// `_CASH` by hand where its first "(" gives the match: (desc, stakes, date). None: read it
/// with the regex.
fn plain_cash(rest: &str) -> Option<(&str, &str, &str)> {
    let open = rest.find('(')?;
    let close = open + rest[open..].find(')')?;
    let after = rest[close + 1..].trim_start_matches(|c: char| is_blank(c));
    let date = after
        .strip_prefix('-')?
        .trim_start_matches(|c: char| is_blank(c));
    let desc = rest[..open].trim_end_matches(|c: char| is_blank(c));
    Some((desc, &rest[open + 1..close], date))
}

/// The header of a cash hand from its parts.
fn cash_header(hand_id: &str, desc: &str, stakes: &str, date: &str) -> Result<Header, Defer> {
    let currency = match py_strip(stakes).chars().next() {
        Some('$') => "USD",
        Some('€') => "EUR",
        Some('£') => "GBP",
        Some('¥') => "CNY",
        _ => "PLAY",
    };
    let decimals = if currency == "PLAY" { 0 } else { 2 };
    let (started_at, local_time) = started_at(date)?;
    Ok(Header {
        hand_id: hand_id.to_string(),
        tournament_id: None,
        level: None,
        currency,
        decimals,
        limit: limit_of(desc)?,
        stakes: stakes_of(stakes, decimals)?,
        started_at,
        local_time,
    })
}

/// Read a header line (leading blanks and BOM already dropped).
pub fn parse_header(line: &str) -> Result<Header, Defer> {
    if line
        .chars()
        .any(|c| !c.is_ascii() && !matches!(c, '€' | '£' | '¥' | '₹'))
    {
        return Err("non_ascii_header");
    }
    let r = res();
    let (hand_id, rest) = match head(line) {
        Some(got) => got,
        None => {
            let m = r.head.captures(line).ok_or("bad_header")?;
            let rest = m.name("rest").map_or("", |x| x.as_str());
            (m.name("id").map_or("", |x| x.as_str()), rest)
        }
    };
    if !rest.starts_with("Tournament #") {
        if let Some((desc, stakes, date)) = plain_cash(rest) {
            return cash_header(hand_id, desc, stakes, date);
        }
    }
    let t = if rest.starts_with("Tournament #") {
        r.tourney.captures(rest)
    } else {
        None
    };
    let (tournament_id, level, currency, decimals, desc, stakes, date);
    if let Some(t) = t {
        tournament_id = Some(t["tid"].to_string());
        level = Some(t["level"].to_string());
        (desc, stakes, date) = (t.name("desc"), t.name("stakes"), t.name("date"));
        (currency, decimals) = ("CHIPS", 0);
    } else {
        let c = r.cash.captures(rest).ok_or("bad_header")?;
        if rest.starts_with("Tournament #") {
            return Err("bad_header");
        }
        (tournament_id, level) = (None, None);
        (desc, stakes, date) = (c.name("desc"), c.name("stakes"), c.name("date"));
        let text = stakes.map_or("", |x| x.as_str());
        currency = match py_strip(text).chars().next() {
            Some('$') => "USD",
            Some('€') => "EUR",
            Some('£') => "GBP",
            Some('¥') => "CNY",
            _ => "PLAY",
        };
        decimals = if currency == "PLAY" { 0 } else { 2 };
    }
    fn text<'t>(x: Option<regex::Match<'t>>) -> &'t str {
        x.map_or("", |x| x.as_str())
    }
    let limit = limit_of(text(desc))?;
    let stakes = stakes_of(text(stakes), decimals)?;
    let (started_at, local_time) = started_at(text(date))?;
    Ok(Header {
        hand_id: hand_id.to_string(),
        tournament_id,
        level,
        currency,
        decimals,
        limit,
        stakes,
        started_at,
        local_time,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cash_and_tournament_headers() {
        let h = parse_header(
            "Poker Hand #RC1234: Hold'em No Limit ($0.02/$0.05) - 2024/01/02 03:04:05",
        )
        .unwrap();
        assert_eq!(h.hand_id, "RC1234");
        assert_eq!((h.stakes, h.currency, h.decimals), ((2, 5, 0), "USD", 2));
        assert_eq!(h.local_time, "2024/01/02 03:04:05");
        assert_eq!(h.started_at, Some(1_704_164_645_000_000));
        let t = parse_header(
            "Poker Hand #TM9: Tournament #7, Daily Hold'em No Limit - Level3(40/80) - 2024/1/2 3:04:05",
        )
        .unwrap();
        assert_eq!(t.tournament_id.as_deref(), Some("7"));
        assert_eq!(
            (t.level.as_deref(), t.stakes, t.decimals),
            (Some("3"), (40, 80, 0), 0)
        );
        assert_eq!(t.local_time, "2024/01/02 03:04:05");
        assert_eq!(is_header("Poker Hand #HD12: x"), Ok(true));
        assert_eq!(is_header("Poker Hand #12:x"), Ok(false));
        assert_eq!(limit_of("PLO-5").err(), Some("unsupported_game"));
    }
}
