//! The PokerStars hand header (`parsers/sites/pokerstars_header.py`): game, stakes, currency,
//! tournament and start time. The same regular expressions as the Python reader; a header
//! line holding anything but ASCII and the four currency signs is deferred (where Python's
//! `\s`, `\w` and `\d` could read it differently from Rust's).

use crate::model::Limit;
use crate::parse::clock::{days_from_civil, days_in_month, utc_offset, zone_of};
pub use crate::parse::Defer;
use crate::text::{parse_money, py_split, py_strip};
use regex::Regex;
use std::sync::OnceLock;

pub struct Header {
    pub hand_id: String,
    pub fast_fold: bool,
    pub tournament_id: Option<String>,
    pub level: Option<String>,
    pub currency: String,
    pub decimals: u32,
    pub limit: Limit,
    pub first_bet: i64,
    pub second_bet: i64,
    pub started_at: Option<i64>,
    pub local_time: String,
    pub time_zone: String,
}

struct Res {
    tourney: Regex,
    cash: Regex,
    plain_date: Regex,
    date: Regex,
}

fn res() -> &'static Res {
    static R: OnceLock<Res> = OnceLock::new();
    R.get_or_init(|| Res {
        tourney: Regex::new(
            r"^Tournament #(?P<tid>\d+),\s*(?P<desc>.*?)\s+-\s+(?:Match Round \w+,? )?Level (?P<level>[\w-]+)\s*\((?P<stakes>[^)]*)\)(?:\s*-\s*(?P<date>.*))?$",
        )
        .unwrap(),
        cash: Regex::new(r"^(?P<desc>.*?)\s*\((?P<stakes>[^)]*)\)(?:\s*-\s*(?P<date>.*))?$").unwrap(),
        plain_date: Regex::new(
            r"^([0-9]{4})/([0-9]{1,2})/([0-9]{1,2}) ([0-9]{1,2}):([0-9]{2}):([0-9]{2}) ([A-Z]{1,5})(?: \[([0-9]{4})/([0-9]{1,2})/([0-9]{1,2}) ([0-9]{1,2}):([0-9]{2}):([0-9]{2}) ET\])?$",
        )
        .unwrap(),
        date: Regex::new(
            r"(\d{4})/(\d{1,2})/(\d{1,2})\s+(?:-\s+)?(\d{1,2}):(\d{2}):(\d{2})(?:\s*\(?([A-Z]{1,5})\)?)?",
        )
        .unwrap(),
    })
}

fn game_limit(desc: &str) -> Result<Limit, Defer> {
    let mut inner = desc;
    if desc.contains('(') && desc.contains(')') {
        let a = desc.rfind('(').unwrap();
        let b = desc.rfind(')').unwrap();
        inner = if a < b { &desc[a + 1..b] } else { "" };
        if a >= b {
            return Err("odd_game_words");
        }
    }
    let low = inner.to_ascii_lowercase();
    let limit = if low.contains("no limit") {
        Limit::No
    } else if low.contains("pot limit") {
        Limit::Pot
    } else {
        Limit::Fixed
    };
    if low.contains("hold'em") || low.contains("holdem") || low.contains("hold\\'em") {
        if crate::parse::starlike::is_short_deck(&low) {
            return Err("unsupported_game");
        }
        return Ok(limit);
    }
    Err("unsupported_game")
}

#[derive(Clone)]
struct Described {
    tournament_id: Option<String>,
    level: Option<String>,
    currency: String,
    decimals: u32,
    limit: Limit,
    first_bet: i64,
    second_bet: i64,
}

fn describe(rest: &str) -> Result<Described, Defer> {
    let r = res();
    let (tournament_id, level, currency, decimals, desc, stakes);
    let t = if rest.starts_with("Tournament #") {
        r.tourney.captures(rest)
    } else {
        None
    };
    if let Some(t) = t {
        tournament_id = Some(t["tid"].to_string());
        level = Some(t["level"].to_string());
        desc = t["desc"].to_string();
        stakes = t["stakes"].to_string();
        currency = "CHIPS".to_string();
        decimals = 0;
    } else {
        let c = r.cash.captures(rest).ok_or("bad_header")?;
        if rest.starts_with("Tournament #") {
            return Err("bad_header");
        }
        tournament_id = None;
        level = None;
        let mut d = c["desc"].to_string();
        let mut s = c["stakes"].to_string();
        if s.contains(',') {
            let first = py_strip(s.split(',').next().unwrap_or(""));
            if !first.chars().last().is_some_and(|ch| ch.is_ascii_digit()) {
                let (words, after) = s.split_once(',').unwrap();
                d = format!("{d} ({words})");
                s = after.to_string();
            }
        }
        desc = d;
        let code = py_split(&s).last().unwrap_or("");
        currency = if code.len() == 3 && code.chars().all(|ch| ch.is_ascii_uppercase()) {
            code.to_string()
        } else {
            match py_strip(&s).chars().next() {
                Some('$') => "USD",
                Some('€') => "EUR",
                Some('£') => "GBP",
                Some('¥') => "CNY",
                Some('₹') | Some('R') => "INR",
                _ => "PLAY",
            }
            .to_string()
        };
        decimals = if currency == "PLAY" { 0 } else { 2 };
        stakes = s;
    }
    let limit = game_limit(&desc)?;
    // _stakes_pair
    let text = py_strip(stakes.split(" - ").next().unwrap_or("")).replace("Rs. ", "Rs.");
    let first_word = py_split(&text).next().unwrap_or("");
    let parts: Vec<&str> = if text.is_empty() {
        vec![]
    } else {
        first_word.split('/').collect()
    };
    if parts.len() != 2 {
        return Err("bad_header");
    }
    let first_bet = parse_money(parts[0], decimals).ok_or("bad_amount")?;
    let second_bet = parse_money(parts[1], decimals).ok_or("bad_amount")?;
    Ok(Described {
        tournament_id,
        level,
        currency,
        decimals,
        limit,
        first_bet,
        second_bet,
    })
}

/// `_HEAD` by hand (the line is ASCII but for currency signs, so `\d` and `\s` are ASCII's):
/// (fast-fold kind, hand id, rest).
fn head(line: &str) -> Option<(bool, &str, &str)> {
    let s = line.strip_prefix("PokerStars ")?;
    let (fast, s) = if let Some(t) = s.strip_prefix("Zoom ").or_else(|| s.strip_prefix("Rush ")) {
        (true, t)
    } else {
        (false, s.strip_prefix("Home Game ").unwrap_or(s))
    };
    let s = s
        .strip_prefix("Hand #")
        .or_else(|| s.strip_prefix("Game #"))?;
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || !s[digits..].starts_with(':') {
        return None;
    }
    let blanks: &[char] = &[' ', '\t', '\n', '\r', '\x0b', '\x0c'];
    let mut rest = s[digits + 1..].trim_start_matches(blanks);
    if let Some(club) = rest.strip_prefix('{') {
        if let Some(close) = club.find('}') {
            rest = club[close + 1..].trim_start_matches(blanks);
        }
    }
    Some((fast, &s[..digits], rest))
}

type Cache = Vec<(String, std::rc::Rc<Described>)>;

thread_local! {
    /// Description texts already read (with the " - " before the date), newest last.
    static DESCRIBED: std::cell::RefCell<Cache> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A date text after which the regexes cannot read the description differently: no
/// parenthesis, and it starts with a digit (not a blank or dash the separator could take).
fn plain_tail(date: &str) -> bool {
    date.starts_with(|c: char| c.is_ascii_digit()) && !date.contains(['(', ')'])
}

/// Read a header line (leading blanks and BOM already dropped).
pub fn parse_header(line: &str) -> Result<Header, Defer> {
    if !line.is_ascii()
        && line
            .chars()
            .any(|c| !c.is_ascii() && !matches!(c, '€' | '£' | '¥' | '₹'))
    {
        return Err("non_ascii_header");
    }
    let (fast_fold, hand_id, rest) = head(line).ok_or("bad_header")?;
    let cached = DESCRIBED.with(|d| {
        d.borrow()
            .iter()
            .rev()
            .find(|(k, _)| rest.starts_with(k.as_str()) && plain_tail(&rest[k.len()..]))
            .map(|(k, v)| (k.len(), v.clone()))
    });
    let (described, date) = match cached {
        Some((n, v)) => (v, Some(&rest[n..])),
        None => {
            let r = res();
            let c = if rest.starts_with("Tournament #") {
                r.tourney.captures(rest)
            } else {
                r.cash.captures(rest)
            };
            let c = c.ok_or("bad_header")?;
            let date = c.name("date");
            let key = match date {
                Some(d) => &rest[..d.start()],
                None => rest,
            };
            let described = std::rc::Rc::new(describe(key)?);
            if let Some(d) = date {
                if plain_tail(d.as_str()) {
                    DESCRIBED.with(|m| {
                        let mut m = m.borrow_mut();
                        if m.len() >= 64 {
                            m.remove(0);
                        }
                        m.push((key.to_string(), described.clone()));
                    });
                }
            }
            (described, date.map(|d| d.as_str()))
        }
    };
    let (started_at, local_time, time_zone) = started_at(date.unwrap_or(""))?;
    Ok(Header {
        hand_id: hand_id.to_string(),
        fast_fold,
        tournament_id: described.tournament_id.clone(),
        level: described.level.clone(),
        currency: described.currency.clone(),
        decimals: described.decimals,
        limit: described.limit,
        first_bet: described.first_bet,
        second_bet: described.second_bet,
        started_at,
        local_time,
        time_zone,
    })
}

type Started = (Option<i64>, String, String);

/// The usual "2024/03/11 10:00:15 ET" and "2023/10/03 18:42:51 CET [2023/10/03 12:42:51 ET]"
/// (two digits for month, day and hour), read without the regex; None: any other text.
fn usual_date(date: &str) -> Option<Result<Started, Defer>> {
    let b = date.as_bytes();
    let stamp = |b: &[u8]| -> Option<[i64; 6]> {
        if b.len() < 19
            || b[4] != b'/'
            || b[7] != b'/'
            || b[10] != b' '
            || b[13] != b':'
            || b[16] != b':'
        {
            return None;
        }
        let d = |i: usize, n: usize| -> Option<i64> {
            let t = &b[i..i + n];
            t.iter()
                .all(u8::is_ascii_digit)
                .then(|| t.iter().fold(0i64, |a, &c| a * 10 + (c - b'0') as i64))
        };
        Some([
            d(0, 4)?,
            d(5, 2)?,
            d(8, 2)?,
            d(11, 2)?,
            d(14, 2)?,
            d(17, 2)?,
        ])
    };
    let first = stamp(b)?;
    let rest = &date[19..];
    let rest = rest.strip_prefix(' ')?;
    let zlen = rest.bytes().take_while(u8::is_ascii_uppercase).count();
    if !(1..=5).contains(&zlen) {
        return None;
    }
    let zone = &rest[..zlen];
    let tail = &rest[zlen..];
    let (fields, where_) = if tail.is_empty() {
        (first, zone_of(zone)?)
    } else {
        let inner = tail.strip_prefix(" [")?.strip_suffix(" ET]")?;
        if inner.len() != 19 {
            return None;
        }
        let second = stamp(inner.as_bytes())?;
        if zone != "ET" {
            (second, "America/New_York")
        } else {
            (first, "America/New_York")
        }
    };
    let [y, mo, d, h, mi, s] = fields;
    if !(1..=12).contains(&mo)
        || d < 1
        || d > days_in_month(y, mo)
        || h > 23
        || mi > 59
        || s > 59
        || y < 1
    {
        return None;
    }
    let offset = utc_offset(where_, y, mo, d, h, mi)?;
    let secs = ((days_from_civil(y, mo, d) * 24 + h) * 60 + mi) * 60 + s - offset;
    Some(Ok((
        Some(secs * 1_000_000),
        date[..19].to_string(),
        zone.to_string(),
    )))
}

/// `started_at(date)`: (UTC microseconds, printed local time, its zone) for the usual forms;
/// anything else (the general reading of `_started_at`) is deferred.
fn started_at(date: &str) -> Result<Started, Defer> {
    if let Some(got) = usual_date(date) {
        return got;
    }
    let Some(g) = res().plain_date.captures(date) else {
        return general_started_at(date);
    };
    let zone = &g[7];
    let num = |i: usize| -> i64 { g[i].parse().unwrap_or(-1) };
    let (base, where_) = if g.get(8).is_some() && zone != "ET" {
        (7, "America/New_York")
    } else {
        (0, zone_of(zone).ok_or("unknown_zone")?)
    };
    let (y, mo, d, h, mi, s) = (
        num(base + 1),
        num(base + 2),
        num(base + 3),
        num(base + 4),
        num(base + 5),
        num(base + 6),
    );
    let local = if g[2].len() == 2 && g[3].len() == 2 && g[4].len() == 2 {
        date[..19].to_string()
    } else {
        format!(
            "{}/{:02}/{:02} {:02}:{}:{}",
            &g[1],
            num(2),
            num(3),
            num(4),
            &g[5],
            &g[6]
        )
    };
    if !(1..=12).contains(&mo)
        || d < 1
        || d > days_in_month(y, mo)
        || h > 23
        || mi > 59
        || s > 59
        || y < 1
    {
        return Err("odd_date");
    }
    let offset = utc_offset(where_, y, mo, d, h, mi).ok_or("unknown_zone")?;
    let secs = ((days_from_civil(y, mo, d) * 24 + h) * 60 + mi) * 60 + s - offset;
    Ok((Some(secs * 1_000_000), local, zone.to_string()))
}

/// `_started_at`: every date of the text; the first ET one (else the first in a known zone)
/// is converted, the first one printed is kept as the local time.
fn general_started_at(date: &str) -> Result<Started, Defer> {
    const ZONES: [&str; 25] = [
        "ET", "EST", "EDT", "CT", "MT", "PT", "AT", "AKT", "HT", "BRT", "ART", "UTC", "GMT", "WET",
        "CET", "EET", "MSK", "IST", "CCT", "JST", "KST", "AWST", "ACST", "AEST", "NZT",
    ];
    let found: Vec<regex::Captures> = res().date.captures_iter(date).collect();
    let Some(first) = found.first() else {
        return Ok((None, String::new(), String::new()));
    };
    let n = |g: &regex::Captures, i: usize| -> Result<i64, Defer> {
        let t = &g[i];
        if !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err("odd_date");
        }
        Ok(t.parse().unwrap())
    };
    let zone_of_g =
        |g: &regex::Captures| g.get(7).map_or(String::new(), |z| z.as_str().to_string());
    let local = format!(
        "{}/{:02}/{:02} {:02}:{}:{}",
        &first[1],
        n(first, 2)?,
        n(first, 3)?,
        n(first, 4)?,
        &first[5],
        &first[6]
    );
    let zone = zone_of_g(first);
    let chosen = found.iter().find(|g| zone_of_g(g) == "ET").or_else(|| {
        found
            .iter()
            .find(|g| ZONES.contains(&zone_of_g(g).as_str()))
    });
    let Some(c) = chosen else {
        return Ok((None, local, zone));
    };
    let (y, mo, d, h, mi, s) = (n(c, 1)?, n(c, 2)?, n(c, 3)?, n(c, 4)?, n(c, 5)?, n(c, 6)?);
    if !(1..=12).contains(&mo)
        || d < 1
        || d > days_in_month(y, mo)
        || h > 23
        || mi > 59
        || s > 59
        || y < 1
    {
        return Ok((None, local, zone));
    }
    let tz = zone_of(&zone_of_g(c)).ok_or("unknown_zone")?;
    let offset = utc_offset(tz, y, mo, d, h, mi).ok_or("unknown_zone")?;
    let secs = ((days_from_civil(y, mo, d) * 24 + h) * 60 + mi) * 60 + s - offset;
    Ok((Some(secs * 1_000_000), local, zone))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cash_header() {
        let h = parse_header(
            "PokerStars Hand #123: Hold'em No Limit ($0.01/$0.02 USD) - 2024/03/11 10:00:15 ET",
        )
        .unwrap();
        assert_eq!(h.hand_id, "123");
        assert_eq!((h.first_bet, h.second_bet, h.decimals), (1, 2, 2));
        assert_eq!(h.currency, "USD");
        assert_eq!(h.local_time, "2024/03/11 10:00:15");
        assert_eq!(h.started_at, Some(1710165615 * 1_000_000));
    }
}
