//! PokerStars hold'em hand text -> [`Hand`], line for line as `parsers/sites/pokerstars.py`
//! reads it. Anything the Python parser would reject, and anything this port does not read
//! exactly, is a deferral (`Err(reason)`): the Python path then decides the hand.

use crate::header::{parse_header, Defer};
use crate::model::*;
use crate::text::{parse_money, py_split};
use regex::Regex;
use std::sync::OnceLock;

struct Res {
    table: Regex,
    seat: Regex,
    collected: Regex,
    cashed: Regex,
    ignorable: Regex,
    plain_pot: Regex,
    side_pot: Regex,
    pot_part: Regex,
}

fn res() -> &'static Res {
    static R: OnceLock<Res> = OnceLock::new();
    const AMOUNT: &str = r"[^\d\s|]?[\d,]*\.?\d+";
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

// --- cards ----------------------------------------------------------------------------------

/// `normalize_card`.
fn normalize_card(text: &str) -> Result<Card, Defer> {
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
fn parse_cards(text: &str) -> Result<Cards, Defer> {
    let replaced = text.replace(['[', ']'], " ");
    let tokens: Vec<&str> = py_split(&replaced).collect();
    if let Some(cards) = tokens.iter().map(|t| card(t)).collect::<Option<Cards>>() {
        return Ok(cards);
    }
    if tokens.len() == 1 && tokens[0].chars().count() > 3 {
        let s: Vec<char> = tokens[0].chars().collect();
        let mut out = Vec::new();
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

/// `bracketed_cards(text, start)`.
fn bracketed_cards(text: &str, start: usize) -> Result<Cards, Defer> {
    let b = text[start..]
        .find('[')
        .map(|i| i + start)
        .ok_or("bad_card")?;
    let e = text[b + 1..]
        .find(']')
        .map(|i| i + b + 1)
        .ok_or("bad_card")?;
    parse_cards(&text[b..=e])
}

/// `cards_in_brackets(text)`: every card of every complete `[...]` group.
fn cards_in_brackets(text: &str) -> Result<Cards, Defer> {
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
    let joined = groups.join(" ");
    if let Some(cards) = py_split(&joined).map(card).collect::<Option<Cards>>() {
        return Ok(cards);
    }
    let mut out = Vec::new();
    for g in groups {
        out.extend(parse_cards(g)?);
    }
    Ok(out)
}

// --- "name: ..." readings -------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq)]
enum Code {
    NoChips,
    Adds,
    Raises,
    Ante,
    SbBb,
    Blind,
    Show,
    Ignored,
}

struct Act {
    code: Code,
    kind: Option<Kind>,
    amount: i64,
    raise_to: i64,
    all_in: bool,
    cards: Option<Cards>,
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

fn money(text: &str, dec: u32) -> Result<i64, Defer> {
    parse_money(text, dec).ok_or("bad_amount")
}

fn read_act(rest: &str, dec: u32) -> Result<Act, Defer> {
    let all_in = rest.ends_with(" and is all-in");
    let rest = if all_in {
        &rest[..rest.len() - 14]
    } else {
        rest
    };
    if rest.starts_with("shows ") || rest.starts_with("mucks") {
        let cards = if let Some(b) = rest.find('[') {
            bracketed_cards(rest, b)?
        } else if rest != "mucks hand" {
            return Err("unknown_line");
        } else {
            Vec::new()
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
        let t = t.find(" and has reached the ").map_or(t, |i| &t[..i]);
        return Ok(act(Code::Adds, Kind::Bet, money(t, dec)?, all_in));
    }
    if rest.starts_with("raises ") {
        let rest = rest
            .find(" and has reached the ")
            .map_or(rest, |i| &rest[..i]);
        // the first " to " from the second character of the amount on
        let from = 7 + rest[7..].chars().next().map_or(0, char::len_utf8);
        let cut = rest
            .get(from..)
            .and_then(|s| s.find(" to "))
            .map(|i| i + from);
        let Some(cut) = cut.filter(|&c| rest.len() > c + 4) else {
            return Err("odd_raise");
        };
        let to = money(&rest[cut + 4..], dec)?;
        let by = money(&rest[7..cut], dec)?;
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

struct SeatLine {
    seat: i64,
    name: String,
    stack: i64,
    sitting_out: bool,
}

fn ascii_int(s: &str) -> Result<i64, Defer> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || s.len() > 12 {
        return Err("odd_number");
    }
    Ok(s.parse().unwrap())
}

/// `_read_seat`: the plain form by hand (its name ends at the line's last " ("), every other
/// form by `_SEAT`.
fn read_seat(line: &str, dec: u32) -> Result<Option<SeatLine>, Defer> {
    if let Some(body) = line.strip_suffix(" in chips)") {
        if let (Some(colon), Some(open)) = (body.find(": "), body.rfind(" (")) {
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

fn read_table(line: &str) -> Result<(String, Option<i64>, Option<i64>), Defer> {
    let Some(q) = line.rfind('\'') else {
        return Ok((String::new(), None, None));
    };
    if !line[q..].is_ascii() {
        return Err("odd_table_line");
    }
    let Some(t) = res().table.captures(line) else {
        return Ok((String::new(), None, None));
    };
    let num = |k: &str| t.name(k).map(|m| ascii_int(m.as_str())).transpose();
    Ok((t["name"].to_string(), num("max")?, num("button")?))
}

// --- the hand -------------------------------------------------------------------------------

const STREET_WORDS: [(&str, Street); 3] = [
    ("FLOP", Street::Flop),
    ("TURN", Street::Turn),
    ("RIVER", Street::River),
];

fn street_word(w: &str) -> Option<Street> {
    STREET_WORDS.iter().find(|(k, _)| *k == w).map(|(_, s)| *s)
}

/// Parse one chunk (its lines as `chunk.text.split("\n")`).
pub fn parse_hand(chunk_lines: &[&str], offset: i64, first_line: i64) -> Result<Hand, Defer> {
    if chunk_lines
        .iter()
        .any(|l| l.contains(['\x1c', '\x1d', '\x1e', '\x1f']))
    {
        return Err("separator_chars");
    }
    let mut lines: Vec<&str> = chunk_lines.to_vec();
    let mut numbers: Option<Vec<i64>> = None;
    if lines.len() > 2 && (lines[1].is_empty() || lines[1].starts_with(' ')) {
        let mut kept = Vec::new();
        let mut nums = Vec::new();
        for (no, l) in chunk_lines.iter().enumerate() {
            let l = l.trim_start_matches(' ');
            if !l.is_empty() && !l.starts_with("*********** #") {
                kept.push(l);
                nums.push(no as i64 + 1);
            }
        }
        lines = kept;
        numbers = Some(nums);
    }
    if lines.is_empty() {
        return Err("empty_chunk");
    }
    let lineno = |idx: usize| -> i64 { numbers.as_ref().map_or(idx as i64 + 1, |n| n[idx]) };
    let head = lines[0].trim_start_matches([' ', '\t', '\u{feff}']);
    let h = parse_header(head)?;
    let dec = h.decimals;

    let (mut table_name, mut max_seats, mut button) = (String::new(), None, None);
    let mut i = 1;
    if lines.len() > 1 && lines[1].starts_with("Table ") {
        (table_name, max_seats, button) = read_table(lines[1])?;
        i = 2;
    }
    let n = lines.len();
    let mut seats: Vec<SeatLine> = Vec::new();
    while i < n && lines[i].starts_with("Seat ") {
        match read_seat(lines[i], dec)? {
            Some(s) => {
                if seats.iter().any(|o| o.seat == s.seat || o.name == s.name) {
                    return Err("repeated_seat_or_name");
                }
                if s.seat > 1000 {
                    return Err("odd_number");
                }
                seats.push(s);
            }
            None => break,
        }
        i += 1;
    }
    if seats.is_empty() {
        return Err("no_seats");
    }
    let seat_of = |name: &str| seats.iter().find(|s| s.name == name).map(|s| s.seat);
    let mut by_length: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
    by_length.sort_by_key(|s| std::cmp::Reverse(s.chars().count()));
    let colon_names: Vec<String> = by_length
        .iter()
        .filter(|nm| nm.contains(": "))
        .map(|nm| format!("{nm}:"))
        .collect();
    let name_prefix = |line: &str| -> Option<(i64, usize)> {
        for nm in &by_length {
            if line.starts_with(nm) && line[nm.len()..].starts_with(' ') {
                return Some((seat_of(nm).unwrap(), nm.len()));
            }
        }
        None
    };

    let limit = h.limit;
    let (first_bet, second_bet) = (h.first_bet, h.second_bet);
    let (mut small_blind, big_blind, small_bet, big_bet) = if limit == Limit::Fixed {
        (first_bet / 2, first_bet, first_bet, second_bet)
    } else {
        (first_bet, second_bet, 0, 0)
    };

    let mut actions: Vec<Action> = Vec::new();
    let mut street = Street::Preflop;
    let mut totals: Vec<(i64, i64)> = Vec::new();
    let total = |t: &Vec<(i64, i64)>, s: i64| t.iter().find(|x| x.0 == s).map_or(0, |x| x.1);
    fn set_total(t: &mut Vec<(i64, i64)>, s: i64, v: i64) {
        match t.iter_mut().find(|x| x.0 == s) {
            Some(x) => x.1 = v,
            None => t.push((s, v)),
        }
    }
    let mut hole: Vec<(i64, Cards)> = Vec::new();
    fn set_hole(h: &mut Vec<(i64, Cards)>, s: i64, c: Cards) {
        match h.iter_mut().find(|x| x.0 == s) {
            Some(x) => x.1 = c,
            None => h.push((s, c)),
        }
    }
    let mut dealt_to: Vec<i64> = Vec::new();
    let mut board0: Cards = Vec::new();
    let mut run_boards: Vec<(usize, Cards)> = Vec::new();
    let mut collections: Vec<Collection> = Vec::new();
    let mut cash_outs: Vec<CashOut> = Vec::new();
    let mut in_showdown = false;
    let mut summary_at: Option<usize> = None;
    let mut ante = 0i64;
    let mut sb_posted: Option<i64> = None;
    let mut bb_posted = false;
    let mk = |street: Street,
              seat: i64,
              kind: Kind,
              amount: i64,
              to: i64,
              all_in: bool,
              cards: Cards,
              line: i64,
              raise_by: Option<i64>| Action {
        street,
        seat,
        kind,
        amount,
        to,
        all_in,
        cards,
        line,
        raise_by,
    };

    #[allow(clippy::needless_range_loop)] // idx is also the line number's index
    for idx in i..n {
        let line = lines[idx];
        if line.is_empty() {
            continue;
        }
        let ln = lineno(idx);
        if let Some(after) = line.strip_prefix("*** ") {
            let end = line[3..].find(" ***").map(|e| e + 3);
            let marker = match end {
                Some(e) if e >= 4 => &line[4..e],
                Some(_) => return Err("odd_marker"),
                None => after,
            };
            if let Some(s) = street_word(marker) {
                board0 = cards_in_brackets(line)?;
                street = s;
                totals.clear();
                continue;
            }
            if matches!(marker, "HOLE CARDS" | "PRE-FLOP" | "DEALING HANDS") {
                continue;
            }
            if marker == "SUMMARY" {
                summary_at = Some(idx);
                break;
            }
            if matches!(marker, "SHOW DOWN" | "SHOWDOWN") {
                in_showdown = true;
                continue;
            }
            let (w0, w1) = marker.split_once(' ').unwrap_or((marker, ""));
            let run = match w0 {
                "FIRST" => Some(0usize),
                "SECOND" => Some(1),
                "THIRD" => Some(2),
                _ => None,
            };
            if let Some(run) = run {
                if matches!(w1, "SHOW DOWN" | "SHOWDOWN") {
                    in_showdown = true;
                    continue;
                }
                if let Some(s) = street_word(w1) {
                    let cards = cards_in_brackets(line)?;
                    match run_boards.iter_mut().find(|x| x.0 == run) {
                        Some(x) => x.1 = cards,
                        None => run_boards.push((run, cards)),
                    }
                    if s > street {
                        street = s;
                        totals.clear();
                    }
                    continue;
                }
            }
            return Err("unknown_line");
        }

        // "name: verb ..." lines
        let mut found: Option<(i64, &str)> = None;
        for nm in &colon_names {
            if line.starts_with(nm.as_str()) {
                found = Some((
                    seat_of(&nm[..nm.len() - 1]).unwrap(),
                    line[nm.len()..].trim_start_matches(' '),
                ));
                break;
            }
        }
        if found.is_none() {
            if let Some((name, rest)) = line.split_once(": ") {
                if !name.is_empty() {
                    found = seat_of(name).map(|s| (s, rest));
                }
            }
            if found.is_none() && line.ends_with(':') && seat_of(&line[..line.len() - 1]).is_some()
            {
                continue;
            }
        }
        if let Some((seat, rest)) = found {
            let r = read_act(rest, dec)?;
            let kind = r.kind;
            match r.code {
                Code::NoChips => {
                    actions.push(mk(
                        street,
                        seat,
                        kind.unwrap(),
                        0,
                        total(&totals, seat),
                        false,
                        vec![],
                        ln,
                        None,
                    ));
                    if let Some(c) = r.cards {
                        set_hole(&mut hole, seat, c);
                    }
                }
                Code::Adds => {
                    let to = total(&totals, seat) + r.amount;
                    set_total(&mut totals, seat, to);
                    actions.push(mk(
                        street,
                        seat,
                        kind.unwrap(),
                        r.amount,
                        to,
                        r.all_in,
                        vec![],
                        ln,
                        None,
                    ));
                }
                Code::Show => {
                    let cards = r.cards.unwrap_or_default();
                    if !cards.is_empty() {
                        set_hole(&mut hole, seat, cards.clone());
                    }
                    let st = if in_showdown || street == Street::River {
                        Street::Showdown
                    } else {
                        street
                    };
                    actions.push(mk(
                        st,
                        seat,
                        kind.unwrap(),
                        0,
                        total(&totals, seat),
                        false,
                        cards,
                        ln,
                        None,
                    ));
                }
                Code::Raises => {
                    let before = total(&totals, seat);
                    actions.push(mk(
                        street,
                        seat,
                        Kind::Raise,
                        r.raise_to - before,
                        r.raise_to,
                        r.all_in,
                        vec![],
                        ln,
                        Some(r.amount),
                    ));
                    set_total(&mut totals, seat, r.raise_to);
                }
                Code::Blind => {
                    let kind = kind.unwrap();
                    if kind == Kind::PostSmallBlind {
                        if sb_posted.is_some() || bb_posted {
                            actions.push(mk(
                                street,
                                seat,
                                Kind::PostDead,
                                r.amount,
                                total(&totals, seat),
                                r.all_in,
                                vec![],
                                ln,
                                None,
                            ));
                            continue;
                        }
                        sb_posted = Some(r.amount);
                    } else if kind == Kind::PostBigBlind {
                        bb_posted = true;
                    }
                    let to = total(&totals, seat) + r.amount;
                    set_total(&mut totals, seat, to);
                    actions.push(mk(
                        street,
                        seat,
                        kind,
                        r.amount,
                        to,
                        r.all_in,
                        vec![],
                        ln,
                        None,
                    ));
                }
                Code::Ante => {
                    if !r.all_in && r.amount > ante {
                        ante = r.amount;
                    }
                    actions.push(mk(
                        street,
                        seat,
                        Kind::PostAnte,
                        r.amount,
                        total(&totals, seat),
                        r.all_in,
                        vec![],
                        ln,
                        None,
                    ));
                }
                Code::SbBb => {
                    let live = r.amount.min(big_blind);
                    let to = total(&totals, seat) + live;
                    set_total(&mut totals, seat, to);
                    actions.push(mk(
                        street,
                        seat,
                        Kind::PostBigBlind,
                        live,
                        to,
                        r.all_in && r.amount == live,
                        vec![],
                        ln,
                        None,
                    ));
                    if r.amount > live {
                        actions.push(mk(
                            street,
                            seat,
                            Kind::PostDead,
                            r.amount - live,
                            to,
                            r.all_in,
                            vec![],
                            ln,
                            None,
                        ));
                    }
                }
                Code::Ignored => {}
            }
            continue;
        }

        if let Some(after) = line.strip_prefix("Uncalled bet (") {
            let close = line.find(") returned to ").ok_or("unknown_line")?;
            let _ = after;
            let who = &line[close + 14..];
            let seat = seat_of(who).ok_or("unknown_line")?;
            let amt = money(&line[14..close], dec)?;
            let to = total(&totals, seat) - amt;
            set_total(&mut totals, seat, to);
            actions.push(mk(
                street,
                seat,
                Kind::UncalledReturn,
                amt,
                to,
                false,
                vec![],
                ln,
                None,
            ));
            continue;
        }
        if let Some(after) = line.strip_prefix("Dealt to ") {
            let (seat, len) = name_prefix(after).ok_or("unknown_line")?;
            let rest = &after[len..];
            if rest.contains('[') {
                let cards = cards_in_brackets(rest)?;
                if !cards.is_empty() {
                    set_hole(&mut hole, seat, cards);
                    dealt_to.push(seat);
                }
            }
            continue;
        }
        if let Some((seat, len)) = name_prefix(line) {
            let rest = &line[len..];
            if let Some(t) = rest.strip_prefix(" collected ") {
                let (text, pot) = match collected_fast(t)? {
                    Some(got) => got,
                    None => {
                        let m = res().collected.captures(rest).ok_or("unknown_line")?;
                        let pot = match &m[5] {
                            "pot" => None,
                            "main pot" => Some(0),
                            _ => Some(match m.get(6) {
                                Some(x) => ascii_int(x.as_str())?,
                                None => 1,
                            }),
                        };
                        (m.get(1).unwrap().as_str(), pot)
                    }
                };
                // (the regex's digit groups give what parse_money gives for the same text)
                let amt = money(text, dec)?;
                collections.push(Collection {
                    seat,
                    amount: amt,
                    pot_index: pot,
                });
                continue;
            }
            if rest.starts_with(" cashed out the hand for ") {
                let m = res().cashed.captures(rest).ok_or("unknown_line")?;
                let fee = match m.get(2) {
                    Some(f) => money(f.as_str(), dec)?,
                    None => 0,
                };
                cash_outs.push(CashOut {
                    seat,
                    amount: money(&m[1], dec)?,
                    fee,
                });
                continue;
            }
        }
        if line == "Betting is capped" || res().ignorable.is_match(line) {
            continue;
        }
        return Err("unknown_line");
    }
    let summary_at = summary_at.ok_or("truncated_hand")?;

    // --- summary (pokerstars_summary.read_summary)
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
                if let Some((seat, text)) = summary_cards(line)? {
                    let cards = parse_cards(text)?;
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

    let boards: Vec<Cards> = if !run_boards.is_empty() {
        let mut runs = run_boards.clone();
        runs.sort_by_key(|x| x.0);
        runs.into_iter()
            .map(|(_, b)| {
                if b.len() >= board0.len() {
                    b
                } else {
                    board0.clone()
                }
            })
            .collect()
    } else if summary_boards.len() > 1 {
        summary_boards
    } else {
        vec![board0]
    };
    if limit == Limit::Fixed {
        if let Some(sb) = sb_posted {
            if sb != 0 && sb < big_blind {
                small_blind = sb;
            }
        }
    }
    let hero = if dealt_to.len() == 1 {
        Some(dealt_to[0])
    } else {
        None
    };
    let mut seat_objs: Vec<Seat> = seats
        .into_iter()
        .map(|s| Seat {
            seat: s.seat,
            is_hero: Some(s.seat) == hero,
            hole: hole.iter().find(|x| x.0 == s.seat).map(|x| x.1.clone()),
            player: s.name,
            stack: s.stack,
            sitting_out: s.sitting_out,
        })
        .collect();
    seat_objs.sort_by_key(|s| s.seat);
    Ok(Hand {
        hand_id: h.hand_id,
        limit,
        currency: h.currency,
        decimals: dec,
        stakes: Stakes {
            small_blind,
            big_blind,
            ante,
            small_bet,
            big_bet,
        },
        seats: seat_objs,
        actions,
        button_seat: button,
        boards,
        report: Report {
            total_pot,
            rake,
            fees,
            pots,
            collections,
            cash_outs,
        },
        started_at: h.started_at,
        local_time: h.local_time,
        time_zone: h.time_zone,
        table_name,
        max_seats,
        tournament_id: h.tournament_id,
        level: h.level,
        fast_fold: h.fast_fold,
        offset,
        line: first_line,
    })
}

/// `_COLLECTED` for the usual line: the one split of `t` (after " collected ") into an amount
/// and " from pot|main pot|side pot[-N]" at the end. None: read it with the regex.
fn collected_fast(t: &str) -> Result<Option<(&str, Option<i64>)>, Defer> {
    let mut found = None;
    let mut at = 0;
    while let Some(i) = t[at..].find(" from ") {
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
    let (before, rake) = body.split_once(" | Rake ")?;
    if !is_amount(rake) {
        return None;
    }
    let Some((total, mut r)) = before.split_once(" Main pot ") else {
        return is_amount(before).then_some((before, vec![], rake));
    };
    if !is_amount(total) {
        return None;
    }
    let mut pots = Vec::new();
    let k = r.find(". Side pot-")?;
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

/// `_SUMMARY_CARDS`: `^Seat (\d+): .*?\b(?:showed|mucked) \[([^\]]*)\]`, read by hand: the
/// first "showed [" / "mucked [" after the name with a word boundary before it and a closing
/// bracket after it. A boundary next to a non-ASCII character is deferred.
fn summary_cards(line: &str) -> Result<Option<(i64, &str)>, Defer> {
    let rest = &line[5..];
    let Some(colon) = rest.find(": ") else {
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
    for word in ["showed [", "mucked ["] {
        let mut at = 0;
        while let Some(i) = body[at..].find(word) {
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
    let open = pos + 8;
    let close = body[open..].find(']').unwrap() + open;
    Ok(Some((ascii_int(number)?, &body[open..close])))
}
