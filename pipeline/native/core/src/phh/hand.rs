//! One PHH hand (a `.phh` document or a `.phhs` table) -> the model's Hand, field for field
//! as `parsers/sites/phh/reader.py` builds it (see its docstring for the mapping and why).
//! `Err` (a deferral reason) wherever the Python reader raises, or reads something this port
//! does not reproduce exactly (a tournament level, an unknown zone, amounts finer than the
//! store keeps, numbers too large): the Python path then decides that hand.

use super::time;
use super::toml::{get, Table, Value};
use super::walk::{Fail, Walk};
use crate::model::*;
use crate::text::{is_py_space, py_split};

/// An amount as written: `mantissa / 10 ** scale`.
#[derive(Clone, Copy)]
struct Amount(i128, u32);

impl Amount {
    /// `_places`: the decimal places of the normalized amount.
    fn places(self) -> u32 {
        let (mut m, mut s) = (self.0, self.1);
        while s > 0 && m % 10 == 0 {
            m /= 10;
            s -= 1;
        }
        s
    }
    /// Exact minor units with `decimals` places (at least `places()`); bounded far below
    /// the store's limit, so a larger amount defers the hand.
    fn minor(self, decimals: u32) -> Result<i64, Fail> {
        let places = self.places();
        let m = self.0 / 10i128.pow(self.1 - places);
        let v = m
            .checked_mul(10i128.pow(decimals - places))
            .ok_or("large_numbers")?;
        if v >= 1_000_000_000_000_000 {
            return Err("large_numbers");
        }
        Ok(v as i64)
    }
}

fn amount(v: &Value) -> Result<Amount, Fail> {
    match v {
        Value::Int(i) => Ok(Amount(*i as i128, 0)),
        Value::Dec(m, s) => Ok(Amount(*m, *s)),
        _ => Err("bad_amount"),
    }
}

/// A `cbr` amount as written (digits, optionally a fraction); other spellings Decimal reads
/// (exponents, signs, underscores) are the Python path's.
fn bet_amount(text: &str) -> Result<Amount, Fail> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || (text.contains('.') && !digits(frac)) || whole.len() + frac.len() > 30 {
        return Err("bad_amount");
    }
    let m: i128 = format!("{whole}{frac}").parse().map_err(|_| "bad_amount")?;
    Ok(Amount(m, frac.len() as u32))
}

const MONEY_LISTS: [&str; 5] = [
    "antes",
    "blinds_or_straddles",
    "starting_stacks",
    "finishing_stacks",
    "winnings",
];
const MONEY_VALUES: [&str; 4] = ["small_bet", "big_bet", "min_bet", "bring_in"];

/// `_list(doc, key, n)`.
fn list<'a>(doc: &'a Table, key: &str, n: Option<usize>) -> Result<&'a [Value], Fail> {
    match get(doc, key) {
        Some(Value::Arr(items)) if n.is_none_or(|n| items.len() == n) => Ok(items),
        _ => Err("missing_field"),
    }
}

/// `_load`: the hand's table (the document, or its one table).
pub fn hand_table(doc: &Table) -> Result<&Table, Fail> {
    if get(doc, "variant").is_some() {
        return Ok(doc);
    }
    let tables: Vec<&Table> = doc
        .iter()
        .filter_map(|(_, v)| match v {
            Value::Table(t) => Some(t),
            _ => None,
        })
        .collect();
    match tables.as_slice() {
        [t] if get(t, "variant").is_some() => Ok(t),
        _ => Err("bad_header"),
    }
}

/// Every amount of the hand in minor units: the lists, the values, and the cbr amounts.
struct Amounts {
    decimals: u32,
    lists: Vec<(&'static str, Vec<i64>)>,
    values: Vec<(&'static str, i64)>,
    bets: Vec<(String, i64)>,
}

impl Amounts {
    fn list(&self, key: &str) -> Option<&[i64]> {
        self.lists
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.as_slice())
    }
    fn value(&self, key: &str) -> Option<i64> {
        self.values.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }
}

fn amounts(doc: &Table, n: usize, bets: &[&str], floor: u32) -> Result<Amounts, Fail> {
    let mut lists = Vec::new();
    for key in MONEY_LISTS {
        if get(doc, key).is_some() {
            let items = list(doc, key, Some(n))?;
            lists.push((
                key,
                items.iter().map(amount).collect::<Result<Vec<_>, _>>()?,
            ));
        }
    }
    let mut values = Vec::new();
    for key in MONEY_VALUES {
        if let Some(v) = get(doc, key) {
            values.push((key, amount(v)?));
        }
    }
    let bet_amounts = bets
        .iter()
        .map(|t| bet_amount(t))
        .collect::<Result<Vec<_>, _>>()?;
    let decimals = lists
        .iter()
        .flat_map(|(_, v)| v.iter())
        .chain(values.iter().map(|(_, v)| v))
        .chain(bet_amounts.iter())
        .map(|a| a.places())
        .chain([floor])
        .max()
        .unwrap_or(floor);
    if decimals > 2 {
        return Err("unsupported_precision"); // the store keeps cents: a reject in Python
    }
    let minor =
        |v: &[Amount]| -> Result<Vec<i64>, Fail> { v.iter().map(|a| a.minor(decimals)).collect() };
    Ok(Amounts {
        decimals,
        lists: lists
            .iter()
            .map(|(k, v)| Ok((*k, minor(v)?)))
            .collect::<Result<_, Fail>>()?,
        values: values
            .iter()
            .map(|(k, v)| Ok((*k, v.minor(decimals)?)))
            .collect::<Result<_, Fail>>()?,
        bets: bets
            .iter()
            .zip(&bet_amounts)
            .map(|(t, a)| Ok((t.to_string(), a.minor(decimals)?)))
            .collect::<Result<_, Fail>>()?,
    })
}

fn string_field(doc: &Table, key: &str) -> Result<Option<String>, Fail> {
    match get(doc, key) {
        None => Ok(None),
        Some(Value::Str(s)) => Ok(Some(s.clone())),
        Some(_) => Err("odd_field"),
    }
}

/// `_currency`: an ISO code, a known symbol's code, else tournament chips.
fn currency(doc: &Table) -> Result<String, Fail> {
    if let Some(Value::Str(code)) = get(doc, "currency") {
        if !code.is_ascii() {
            return Err("odd_field"); // str.isalpha and upper() on other scripts
        }
        if code.len() == 3 && code.bytes().all(|b| b.is_ascii_alphabetic()) {
            return Ok(code.to_ascii_uppercase());
        }
    }
    if let Some(Value::Str(symbol)) = get(doc, "currency_symbol") {
        match symbol.as_str() {
            "$" => return Ok("USD".into()),
            "€" => return Ok("EUR".into()),
            "£" => return Ok("GBP".into()),
            "¥" => return Ok("JPY".into()),
            _ => {}
        }
    }
    Ok("CHIPS".into())
}

/// `_seat_numbers`.
fn seat_numbers(doc: &Table, n: usize) -> Result<Vec<i64>, Fail> {
    let (key, least) = if get(doc, "_venue_seats").is_some() {
        ("_venue_seats", 0)
    } else if get(doc, "seats").is_some() {
        ("seats", 1)
    } else {
        return Ok((1..=n as i64).collect());
    };
    let seats = list(doc, key, Some(n))?
        .iter()
        .map(|v| match v {
            Value::Int(i) if *i >= least => Ok(*i),
            _ => Err("bad_field"),
        })
        .collect::<Result<Vec<i64>, _>>()?;
    let mut distinct = seats.clone();
    distinct.sort();
    distinct.dedup();
    if distinct.len() != n || seats.iter().any(|&s| s >= 1_000_000) {
        return Err("bad_field");
    }
    Ok(seats)
}

/// `_names`: the players, `p1`.. where none is given.
fn names(doc: &Table, n: usize) -> Result<Vec<String>, Fail> {
    if get(doc, "players").is_none() {
        return Ok((1..=n).map(|i| format!("p{i}")).collect());
    }
    list(doc, "players", Some(n))?
        .iter()
        .enumerate()
        .map(|(i, v)| match v {
            Value::Str(s) if s.is_empty() => Ok(format!("p{}", i + 1)),
            Value::Str(s) => Ok(s.clone()),
            _ => Err("odd_field"),
        })
        .collect()
}

/// `_hand_id`: the `hand` field when the file also says where the hand was played, else a
/// digest of the hand's content (with the number in front when there is one).
fn hand_id(doc: &Table, text: &str) -> Result<String, Fail> {
    let hand = match get(doc, "hand") {
        None => None,
        Some(Value::Int(i)) => Some(i.to_string()),
        Some(Value::Str(s)) => Some(s.clone()),
        Some(_) => return Err("odd_field"),
    };
    let context = ["table", "event", "venue", "year"]
        .iter()
        .any(|k| get(doc, k).is_some());
    if let (Some(h), true) = (&hand, context) {
        return Ok(h.clone());
    }
    let body: Vec<&str> = text
        .split('\n')
        .filter(|l| {
            let t = l.trim_start_matches(is_py_space);
            !(t.starts_with('#') || t.starts_with('['))
        })
        .collect();
    let digest = super::digest::blake2b_hex(body.join("\n").as_bytes(), 6);
    Ok(match hand {
        Some(h) => format!("{h}-{digest}"),
        None => digest,
    })
}

/// `_action_lines`: the 1-based line in the chunk of each action string (0 if not found).
fn action_lines(text: &str, actions: &[&str]) -> Vec<i64> {
    let mut pos = text.find("actions").unwrap_or(0);
    let (mut line, mut counted) = (1i64, 0usize);
    let mut out = Vec::with_capacity(actions.len());
    for s in actions {
        let single = text[pos..].find(&format!("'{s}'")).map(|a| a + pos);
        let double = text[pos..].find(&format!("\"{s}\"")).map(|a| a + pos);
        let Some(at) = single.into_iter().chain(double).min() else {
            out.push(0);
            continue;
        };
        line += text[counted..at].bytes().filter(|&b| b == b'\n').count() as i64;
        counted = at;
        pos = at;
        out.push(line);
    }
    out
}

/// The hand's site: `venue` when it names a site sidepot reads, else "phh".
pub fn site(doc: &Table, sites: &[String]) -> Result<String, Fail> {
    let Some(Value::Str(venue)) = get(doc, "venue") else {
        return Ok("phh".into());
    };
    if !venue.is_ascii() {
        return Err("odd_field"); // Unicode lower-casing: the Python path's
    }
    let key = crate::text::py_strip(venue).to_ascii_lowercase();
    Ok(if sites.contains(&key) {
        key
    } else {
        "phh".into()
    })
}

/// `_parse` of `parsers/sites/phh/reader.py`: the hand of one chunk (`text`, its first byte
/// `offset` and first line `line` in the file).
pub fn build(doc: &Table, text: &str, offset: i64, line: i64) -> Result<Hand, Fail> {
    let limit = match get(doc, "variant") {
        Some(Value::Str(v)) if v == "NT" => Limit::No,
        Some(Value::Str(v)) if v == "FT" => Limit::Fixed,
        Some(Value::Str(v)) if v == "PT" => Limit::Pot,
        _ => return Err("variant"),
    };
    if get(doc, "level").is_some() {
        return Err("tournament_level"); // is_tournament without a tournament id: not modelled
    }
    let n = list(doc, "starting_stacks", None)?.len();
    if n < 2 {
        return Err("no_seats");
    }
    list(doc, "antes", Some(n))?;
    list(doc, "blinds_or_straddles", Some(n))?;
    let raw: Vec<&str> = list(doc, "actions", None)?
        .iter()
        .map(|v| match v {
            Value::Str(s) => Ok(s.as_str()),
            _ => Err("odd_field"),
        })
        .collect::<Result<_, _>>()?;
    let steps: Vec<Vec<&str>> = raw
        .iter()
        .map(|r| py_split(r.split('#').next().unwrap_or("")).collect())
        .collect();
    let currency = currency(doc)?;
    let bets: Vec<&str> = steps
        .iter()
        .filter(|p| p.len() == 3 && p[1] == "cbr")
        .map(|p| p[2])
        .collect();
    let floor = if currency == "CHIPS" { 0 } else { 2 };
    let am = amounts(doc, n, &bets, floor)?;
    let blinds = am.list("blinds_or_straddles").ok_or("missing_field")?;
    let antes = am.list("antes").ok_or("missing_field")?;
    let mut stakes = Stakes {
        small_blind: blinds[0],
        big_blind: blinds[1],
        ante: antes.iter().copied().max().unwrap_or(0),
        small_bet: 0,
        big_bet: 0,
    };
    if limit == Limit::Fixed {
        stakes.small_bet = am.value("small_bet").unwrap_or(0);
        stakes.big_bet = am.value("big_bet").unwrap_or(0);
    } else if let Some(min_bet) = am.value("min_bet") {
        stakes.big_blind = min_bet;
    }
    let starting = am.list("starting_stacks").ok_or("missing_field")?;
    let seats = seat_numbers(doc, n)?;
    let players = names(doc, n)?;
    let mut walk = Walk::new(&seats, starting, stakes.big_blind);
    // the spec reverses forced bets heads-up: p2 (the button) posts the small blind
    let (mut antes, mut blinds) = (antes.to_vec(), blinds.to_vec());
    if n == 2 {
        antes.reverse();
        blinds.reverse();
    }
    walk.posts(&antes, &blinds);
    let bet = |t: &str| am.bets.iter().find(|(k, _)| k == t).map(|(_, v)| *v);
    for (parts, at) in steps.iter().zip(action_lines(text, &raw)) {
        walk.act(parts, at, &bet)?;
    }
    walk.close_round(walk.last_line);
    let collections = report(&am, &seats, starting, &walk.invested);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| seats[i]);
    let seat_rows = order
        .iter()
        .map(|&i| Seat {
            seat: seats[i],
            player: players[i].clone(),
            stack: starting[i],
            sitting_out: false,
            is_hero: false,
            hole: walk.hole.get(&i).cloned(),
        })
        .collect();
    let max_seats = match get(doc, "_venue_seat_count").or_else(|| get(doc, "seat_count")) {
        Some(Value::Int(v)) => Some(*v),
        Some(Value::Bool(_)) => return Err("odd_field"),
        _ => None,
    };
    let when = time::when(doc)?;
    Ok(Hand {
        // the rows take the venue's site from `Tables::set_site`
        site: "phh",
        hand_id: hand_id(doc, text)?,
        limit,
        currency,
        decimals: am.decimals,
        stakes,
        seats: seat_rows,
        actions: std::mem::take(&mut walk.actions),
        button_seat: Some(seats[n - 1]),
        boards: boards(doc, std::mem::take(&mut walk.board))?,
        report: Report {
            collections,
            ..Report::default()
        },
        started_at: when.started_at,
        local_time: when.local_time,
        time_zone: when.time_zone,
        table_name: string_field(doc, "table")?.unwrap_or_default(),
        max_seats,
        tournament_id: None,
        level: None,
        fast_fold: false,
        offset,
        line,
    })
}

/// `_boards`: every board of a hand run more than once (sidepot's user-defined field), else
/// the one board the actions deal. A malformed `_boards` is the Python reader's `bad_field`
/// reject, so the hand is deferred to it.
fn boards(doc: &Table, dealt: Cards) -> Result<Vec<Cards>, Fail> {
    let Some(value) = get(doc, "_boards") else {
        return Ok(vec![dealt]);
    };
    let Value::Arr(items) = value else {
        return Err("bad_field");
    };
    if items.len() < 2 {
        return Err("bad_field");
    }
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let Value::Str(text) = item else {
            return Err("bad_field");
        };
        match super::walk::cards(text) {
            Ok(Some(board)) if board.len() == 5 => out.push(board),
            _ => return Err("bad_field"),
        }
    }
    if out[0] != dealt {
        return Err("bad_field");
    }
    Ok(out)
}

/// `_report`: each player's collection from the finishing stacks, else the winnings.
fn report(am: &Amounts, seats: &[i64], starting: &[i64], invested: &[i64]) -> Vec<Collection> {
    let got: Vec<i64> = if let Some(finishing) = am.list("finishing_stacks") {
        (0..seats.len())
            .map(|i| finishing[i] - starting[i] + invested[i])
            .collect()
    } else if let Some(winnings) = am.list("winnings") {
        winnings.to_vec()
    } else {
        return Vec::new();
    };
    seats
        .iter()
        .zip(got)
        .filter(|(_, g)| *g != 0)
        .map(|(&seat, amount)| Collection {
            seat,
            amount,
            pot_index: None,
        })
        .collect()
}
