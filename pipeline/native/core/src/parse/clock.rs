//! Civil time: days of a date, and the UTC offsets of the zones the sites print (US
//! Eastern, Central European, UTC), as zoneinfo gives them. Shared by every site reader.

/// Days since 1970-01-01 of a civil date (proleptic Gregorian).
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

pub fn weekday(days: i64) -> i64 {
    // 0 = Monday ... 6 = Sunday; 1970-01-01 was a Thursday.
    (days + 3).rem_euclid(7)
}

pub fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ => {
            if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 {
                29
            } else {
                28
            }
        }
    }
}

/// The day of the month of the n-th Sunday (n = 1..) or, with n = 0, the last Sunday.
pub fn sunday(y: i64, m: i64, n: i64) -> i64 {
    if n == 0 {
        let last = days_in_month(y, m);
        let wd = weekday(days_from_civil(y, m, last));
        last - (wd + 1) % 7
    } else {
        let wd = weekday(days_from_civil(y, m, 1));
        1 + (6 - wd) % 7 + 7 * (n - 1)
    }
}

/// The UTC offset in seconds of a local minute, as zoneinfo gives it with fold=0 (a time in
/// the skipped hour takes the offset before the change, a repeated hour the first one).
pub fn utc_offset(zone: &str, y: i64, mo: i64, d: i64, h: i64, mi: i64) -> Option<i64> {
    let local = (days_from_civil(y, mo, d) * 24 + h) * 60 + mi; // local minutes
    let at = |mo: i64, day: i64, hour: i64| (days_from_civil(y, mo, day) * 24 + hour) * 60;
    match zone {
        "UTC" => Some(0),
        "America/New_York" => {
            let (start, end) = if y >= 2007 {
                (at(3, sunday(y, 3, 2), 3), at(11, sunday(y, 11, 1), 2))
            } else if y >= 1987 {
                (at(4, sunday(y, 4, 1), 3), at(10, sunday(y, 10, 0), 2))
            } else {
                return None;
            };
            Some(if local >= start && local < end {
                -4 * 3600
            } else {
                -5 * 3600
            })
        }
        "Europe/Paris" => {
            if y < 1996 {
                return None;
            }
            let start = at(3, sunday(y, 3, 0), 3);
            let end = at(10, sunday(y, 10, 0), 3);
            Some(if local >= start && local < end {
                2 * 3600
            } else {
                3600
            })
        }
        _ => None,
    }
}

pub fn zone_of(abbrev: &str) -> Option<&'static str> {
    // The subset of pokerstars_header._ZONES whose rules are written above; others defer.
    match abbrev {
        "ET" | "EST" | "EDT" => Some("America/New_York"),
        "UTC" | "GMT" => Some("UTC"),
        "CET" => Some("Europe/Paris"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eastern_time_like_zoneinfo() {
        assert_eq!(
            utc_offset("America/New_York", 2024, 3, 10, 2, 30),
            Some(-5 * 3600)
        );
        assert_eq!(
            utc_offset("America/New_York", 2024, 3, 10, 3, 0),
            Some(-4 * 3600)
        );
        assert_eq!(
            utc_offset("America/New_York", 2024, 11, 3, 1, 30),
            Some(-4 * 3600)
        );
        assert_eq!(
            utc_offset("America/New_York", 2024, 11, 3, 2, 0),
            Some(-5 * 3600)
        );
        assert_eq!(
            utc_offset("America/New_York", 2005, 4, 3, 2, 30),
            Some(-5 * 3600)
        );
        assert_eq!(
            utc_offset("America/New_York", 2005, 10, 30, 1, 30),
            Some(-4 * 3600)
        );
        assert_eq!(
            utc_offset("Europe/Paris", 2024, 10, 27, 2, 30),
            Some(2 * 3600)
        );
        assert_eq!(utc_offset("Europe/Paris", 2024, 10, 27, 3, 0), Some(3600));
        assert_eq!(utc_offset("Europe/Paris", 2024, 3, 31, 2, 30), Some(3600));
    }
}
