//! The head of an Ignition / Bovada / Bodog hand (`parsers/sites/ignition/header.py`): the
//! header line, the MVS `Table Info` line and the seat list of position labels, up to the
//! first line of play. Headers and seat lines holding anything but ASCII are deferred.

use crate::model::Limit;
use crate::parse::clock::{days_from_civil, days_in_month, utc_offset};
use crate::parse::starlike::ascii_int;
use crate::parse::Defer;
use crate::text::{parse_money, py_split, py_strip};
use regex::Regex;
use std::sync::OnceLock;

struct Res {
    head: Regex,
    level: Regex,
    seat: Regex,
    mvs_stakes: Regex,
}

fn res() -> &'static Res {
    static R: OnceLock<Res> = OnceLock::new();
    R.get_or_init(|| Res {
        head: Regex::new(
            r"^(?:Ignition|Bovada|Bodog(?:\.com|\.eu|\.net| UK| Canada|88)?) Hand #(?P<id>\d+):?\s+(?P<rest>.*?)\s+-\s+(?P<date>\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})(?:\s+(?P<tz>[A-Z]{2,5}))?$",
        )
        .unwrap(),
        level: Regex::new(r"Level (?P<level>\w+) \((?P<sb>[\d,]+)/(?P<bb>[\d,]+)\)").unwrap(),
        seat: Regex::new(r"^Seat (?P<seat>\d+): (?P<label>.+?) \((?P<stack>[^()]*) in chips\)")
            .unwrap(),
        mvs_stakes: Regex::new(r"Stakes: (\S+)-(\S+?),").unwrap(),
    })
}

/// The splitter's hand header: `(?:Ignition|Bovada|Bodog) Hand #\d` after blanks (`Err`:
/// a Unicode digit, which only the Python path reads).
pub fn is_header<'a>(line: &'a str) -> Result<bool, &'static str> {
    let s = line.trim_start_matches([' ', '\t']);
    // the brands, and Bodog's skins as `parsers/sites/ignition/reader.py`'s HEADER names them
    let bodog = |s: &'a str| -> Option<&'a str> {
        let s = s.strip_prefix("Bodog")?;
        Some(
            [".com", ".eu", ".net", " UK", " Canada", "88"]
                .iter()
                .find_map(|skin| s.strip_prefix(skin).filter(|t| t.starts_with(" Hand #")))
                .unwrap_or(s),
        )
    };
    let Some(s) = ["Ignition", "Bovada"]
        .iter()
        .find_map(|b| s.strip_prefix(b))
        .or_else(|| bodog(s))
        .and_then(|s| s.strip_prefix(" Hand #"))
    else {
        return Ok(false);
    };
    match s.chars().next() {
        Some(c) if c.is_ascii_digit() => Ok(true),
        Some(c) if !c.is_ascii() && c.is_numeric() => Err("unicode_digit_header"),
        _ => Ok(false),
    }
}

/// `label_of`: ("Big Blind", true) from "Big Blind  [ME]".
pub fn label_of(text: &str) -> (String, bool) {
    if text.contains("[ME]") {
        let t = text.replace("[ME]", " ");
        (py_split(&t).collect::<Vec<_>>().join(" "), true)
    } else {
        (py_strip(text).to_string(), false)
    }
}

/// The seat list: labels -> seats (renumbered 1..n in listed order when the printed numbers
/// are not increasing table seats).
pub struct Seats {
    /// (seat, label, stack, hero) in listed order.
    pub rows: Vec<(i64, String, i64, bool)>,
    /// printed number -> seat
    pub by_printed: Vec<(i64, i64)>,
    pub renumbered: bool,
}

impl Seats {
    fn new(rows: Vec<(i64, String, i64, bool)>) -> Result<Seats, Defer> {
        let printed: Vec<i64> = rows.iter().map(|r| r.0).collect();
        let increasing = printed.windows(2).all(|w| w[0] < w[1]);
        let renumber = !increasing || printed[printed.len() - 1] > 10 || printed[0] < 1;
        let mut out = Seats {
            rows: Vec::new(),
            by_printed: Vec::new(),
            renumbered: renumber,
        };
        for (i, (num, label, stack, me)) in rows.into_iter().enumerate() {
            let seat = if renumber { i as i64 + 1 } else { num };
            if out.by_printed.iter().any(|x| x.0 == num) {
                return Err("repeated_seat"); // (a dict there: the last one wins)
            }
            out.by_printed.push((num, seat));
            if out.rows.iter().any(|r| r.1 == label) {
                return Err("bad_seat");
            }
            out.rows.push((seat, label, stack, me));
        }
        if out.rows.iter().filter(|r| r.3).count() > 1 {
            return Err("two_heroes");
        }
        Ok(out)
    }

    pub fn by_label(&self, label: &str) -> Option<i64> {
        self.rows.iter().find(|r| r.1 == label).map(|r| r.0)
    }
}

/// What the lines before the first line of play say.
pub struct Head {
    pub hand_id: String,
    pub date: String,
    pub zone: Option<String>,
    pub limit: Limit,
    pub tournament_id: Option<String>,
    pub level: Option<String>,
    /// the printed tournament blinds ("Level n (sb/bb)")
    pub level_blinds: Option<(i64, i64)>,
    pub table_name: String,
    pub fast_fold: bool,
    pub decimals: u32,
    pub mvs_stakes: Option<(i64, i64)>,
    pub seats: Seats,
    pub body_start: usize,
}

/// `rest.partition(key)[2].split()[0]` (None where Python raises IndexError).
fn word_after<'a>(rest: &'a str, key: &str) -> Option<&'a str> {
    let at = rest.find(key)? + key.len();
    py_split(&rest[at..]).next()
}

/// `int(text.replace(",", ""))` for ASCII digits.
fn chips(text: &str) -> Result<i64, Defer> {
    ascii_int(&text.replace(',', ""))
}

fn limit_of(rest: &str) -> Result<Limit, Defer> {
    let words = rest.to_ascii_uppercase();
    if !words.contains("HOLDEM") {
        return Err("unsupported_game");
    }
    Ok(if words.contains("FIXED LIMIT") {
        Limit::Fixed
    } else if words.contains("POT LIMIT") {
        Limit::Pot
    } else {
        Limit::No
    })
}

/// `read_head`: the head of a chunk split into lines.
pub fn read_head(lines: &[&str]) -> Result<Head, Defer> {
    let head = lines[0].trim_start_matches([' ', '\t', '\u{feff}']);
    if !head.is_ascii() {
        return Err("non_ascii_header");
    }
    let m = res().head.captures(head).ok_or("bad_header")?;
    let rest = m.name("rest").map_or("", |x| x.as_str());
    let limit = limit_of(rest)?;
    let fast_fold = rest.contains("Zone Poker") || rest.contains("ZonePoker");
    let (mut tournament_id, mut level, mut level_blinds) = (None, None, None);
    if rest.contains("Tournament #") {
        let w = word_after(rest, "Tournament #").ok_or("internal_error")?;
        tournament_id = Some(w.trim_end_matches(',').to_string());
        if let Some(lv) = res().level.captures(rest) {
            level = Some(lv["level"].to_string());
            level_blinds = Some((chips(&lv["sb"])?, chips(&lv["bb"])?));
        }
    }
    let table_name = if rest.contains("TBL#") {
        let w = word_after(rest, "TBL#").ok_or("internal_error")?;
        w.trim_end_matches(',').to_string()
    } else if rest.contains("ID#") {
        format!("Zone {}", word_after(rest, "ID#").ok_or("internal_error")?)
    } else {
        String::new()
    };
    let dec = if tournament_id.is_some() { 0 } else { 2 };
    let (seats, mvs_stakes, body_start) = read_seats(lines, dec)?;
    Ok(Head {
        hand_id: m["id"].to_string(),
        date: m["date"].to_string(),
        zone: m.name("tz").map(|z| z.as_str().to_string()),
        limit,
        tournament_id,
        level,
        level_blinds,
        table_name,
        fast_fold,
        decimals: dec,
        mvs_stakes,
        seats,
        body_start,
    })
}

type SeatList = (Seats, Option<(i64, i64)>, usize);

/// The seat lines, and the MVS "Table Info" line that may sit before them.
fn read_seats(lines: &[&str], dec: u32) -> Result<SeatList, Defer> {
    let money = |t: &str| parse_money(t, dec).ok_or("bad_amount");
    let mut rows = Vec::new();
    let mut mvs = None;
    let mut i = 1;
    while i < lines.len() {
        let line = lines[i];
        if line.starts_with("Seat ") && line.ends_with(" in chips)") {
            if !line.is_ascii() {
                return Err("non_ascii_seat");
            }
            let s = res().seat.captures(line).ok_or("bad_seat")?;
            let (label, me) = label_of(&s["label"]);
            let stack = money(&s["stack"])?;
            rows.push((ascii_int(&s["seat"])?, label, stack, me));
        } else if line.starts_with("Table Info:") {
            if let Some(ms) = res().mvs_stakes.captures(line) {
                if !line.is_ascii() {
                    return Err("non_ascii_table_info");
                }
                mvs = Some((money(&ms[1])?, money(&ms[2])?));
            }
        } else {
            break;
        }
        i += 1;
    }
    if rows.is_empty() {
        return Err("no_seats");
    }
    Ok((Seats::new(rows)?, mvs, i))
}

/// The header's time in UTC microseconds; a zoneless time is US Eastern. None where Python
/// gives None (a date `strptime` refuses, a zone Ignition does not print).
pub fn started_at(date: &str, zone: Option<&str>) -> Result<Option<i64>, Defer> {
    let n = |a: usize, b: usize| -> i64 { date[a..b].parse().unwrap_or(-1) };
    let (y, mo, d, h, mi, s) = (n(0, 4), n(5, 7), n(8, 10), n(11, 13), n(14, 16), n(17, 19));
    if y < 1
        || !(1..=12).contains(&mo)
        || d < 1
        || d > days_in_month(y, mo)
        || h > 23
        || mi > 59
        || s > 61
    {
        return Ok(None);
    }
    if s > 59 {
        return Err("odd_date"); // strptime takes seconds 60 and 61
    }
    let where_ = match zone.unwrap_or("ET") {
        "UTC" | "GMT" => "UTC",
        "ET" | "EST" | "EDT" => "America/New_York",
        _ => return Ok(None),
    };
    let offset = utc_offset(where_, y, mo, d, h, mi).ok_or("unknown_zone")?;
    let secs = ((days_from_civil(y, mo, d) * 24 + h) * 60 + mi) * 60 + s - offset;
    Ok(Some(secs * 1_000_000))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_labels_and_times() {
        assert_eq!(is_header("Bovada Hand #123 TBL#1"), Ok(true));
        assert_eq!(is_header("Bovada Hand #x"), Ok(false));
        assert_eq!(label_of("Big Blind  [ME]"), ("Big Blind".to_string(), true));
        assert_eq!(label_of(" UTG+1 "), ("UTG+1".to_string(), false));
        // 2024-07-01 12:00:00 Eastern (EDT, UTC-4) is 16:00 UTC
        assert_eq!(
            started_at("2024-07-01 12:00:00", None),
            Ok(Some(1_719_849_600_000_000))
        );
        assert_eq!(started_at("2024-07-01 12:00:00", Some("CET")), Ok(None));
    }
}
