//! A PHH hand's date, time and zone -> (UTC start, printed local time, zone name), as
//! `parsers/sites/phh/reader.py::_time` gives them. The zones this port knows are UTC and
//! America/New_York (what `ET`, `EST`, `EDT` stand for) under its rules since 2007; any other
//! zone, an earlier Eastern date or a local time the clock change makes ambiguous or skips is
//! `Err`: the Python path (zoneinfo) reads that hand.

use super::toml::{get, Table, Value};

pub type Fail = &'static str;

pub struct When {
    /// Microseconds since the epoch, UTC.
    pub started_at: Option<i64>,
    pub local_time: String,
    pub time_zone: String,
}

#[derive(Clone, Copy)]
enum Zone {
    Utc,
    NewYork,
}

/// Days from 1970-01-01 to the civil date (proleptic Gregorian).
fn days(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn valid_date(y: i64, m: i64, d: i64) -> bool {
    let len = [
        31,
        if leap(y) { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    (1..=9999).contains(&y) && (1..=12).contains(&m) && d >= 1 && d <= len[(m - 1) as usize]
}

/// The day of the month of the `k`-th Sunday (1-based) of month `m`.
fn sunday(y: i64, m: i64, k: i64) -> i64 {
    let weekday = (days(y, m, 1) + 4).rem_euclid(7); // 0 = Sunday (1970-01-01 a Thursday)
    1 + (7 - weekday) % 7 + 7 * (k - 1)
}

/// The UTC offset in seconds of a New York local time, or Err near a clock change.
fn new_york(y: i64, m: i64, d: i64, hour: i64) -> Result<i64, Fail> {
    if !(2007..=2099).contains(&y) {
        return Err("zone_rules");
    }
    let start = (3, sunday(y, 3, 2));
    let end = (11, sunday(y, 11, 1));
    if ((m, d) == start || (m, d) == end) && hour < 4 {
        return Err("clock_change");
    }
    let summer = (m, d) >= start && (m, d) < end;
    Ok(if summer { -4 * 3600 } else { -5 * 3600 })
}

fn text(doc: &Table, key: &str) -> Result<Option<String>, Fail> {
    match get(doc, key) {
        None => Ok(None),
        Some(Value::Str(s)) => Ok(Some(s.clone())),
        Some(_) => Err("odd_field"),
    }
}

fn int(doc: &Table, key: &str) -> Result<Option<i64>, Fail> {
    match get(doc, key) {
        Some(Value::Int(v)) => Ok(Some(*v)),
        Some(Value::Bool(_)) => Err("odd_field"), // a bool is an int to Python
        _ => Ok(None),
    }
}

/// `_time(doc)`.
pub fn when(doc: &Table) -> Result<When, Fail> {
    let zone_field = text(doc, "time_zone")?;
    let abbreviation = text(doc, "time_zone_abbreviation")?;
    let zone_name = zone_field
        .clone()
        .filter(|s| !s.is_empty())
        .or_else(|| abbreviation.clone().filter(|s| !s.is_empty()))
        .unwrap_or_default();
    let none = |local: String| When {
        started_at: None,
        local_time: local,
        time_zone: zone_name.clone(),
    };
    let (Some(y), Some(mo), Some(d)) = (int(doc, "year")?, int(doc, "month")?, int(doc, "day")?)
    else {
        return Ok(none(String::new()));
    };
    let mut local = format!("{y:04}/{mo:02}/{d:02}");
    let Some(Value::Time(h, mi, s)) = get(doc, "time") else {
        return Ok(none(local));
    };
    local += &format!(" {h:02}:{mi:02}:{s:02}");
    let zone = if let Some(key) = &zone_field {
        match key.as_str() {
            "UTC" => Zone::Utc,
            _ => return Err("zone"), // zoneinfo decides (or knows no such zone)
        }
    } else if let Some(a) = &abbreviation {
        match a.as_str() {
            "UTC" | "GMT" => Zone::Utc,
            "ET" | "EST" | "EDT" => Zone::NewYork,
            "CT" | "PT" | "CET" | "CEST" => return Err("zone"),
            _ => fallback(doc).ok_or("no_zone")?,
        }
    } else {
        fallback(doc).ok_or("no_zone")?
    };
    if !valid_date(y, mo, d) {
        return Ok(none(local));
    }
    let (h, mi, s) = (*h as i64, *mi as i64, *s as i64);
    let offset = match zone {
        Zone::Utc => 0,
        Zone::NewYork => new_york(y, mo, d, h)?,
    };
    let seconds = days(y, mo, d) * 86_400 + h * 3600 + mi * 60 + s - offset;
    Ok(When {
        started_at: Some(seconds * 1_000_000),
        local_time: local,
        time_zone: if zone_name.is_empty() {
            "UTC".into()
        } else {
            zone_name
        },
    })
}

/// No zone given: UTC, unless the hand names a full location (then no start: None here
/// means the caller keeps the local time only, which this port leaves to Python).
fn fallback(doc: &Table) -> Option<Zone> {
    let located = ["city", "region", "country"]
        .iter()
        .all(|k| get(doc, k).is_some());
    (!located).then_some(Zone::Utc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_eastern_time() {
        assert_eq!(days(1970, 1, 1), 0);
        assert_eq!(days(2009, 7, 1), 14_426);
        assert_eq!(sunday(2009, 3, 2), 8);
        assert_eq!(sunday(2009, 11, 1), 1);
        assert_eq!(new_york(2009, 7, 1, 0), Ok(-4 * 3600));
        assert_eq!(new_york(2009, 12, 1, 0), Ok(-5 * 3600));
        assert!(new_york(2009, 3, 8, 2).is_err());
        assert!(!valid_date(2009, 2, 29) && valid_date(2008, 2, 29));
    }
}
