//! A PokerStars hold'em hand -> [`Hand`], line for line as
//! `parsers/sites/pokerstars/reader.py` reads it: header, table and seats, then the play to
//! the summary. Anything the Python parser would reject, and anything this port does not read
//! exactly, is a deferral (`Err(reason)`): the Python path then decides the hand.

use super::header::parse_header;
use super::lines::{collected_fast, read_act, read_seat, read_table, res, Code};
use super::summary::read_summary;
use crate::model::*;
use crate::parse::cards::{cards_in_brackets, kept_hole};
use crate::parse::starlike::{ascii_int, final_boards, money, street_word, SeatLine};
use crate::parse::Defer;
use crate::text::{find_str, split_once_str};

// --- the hand -------------------------------------------------------------------------------

/// Parse one chunk (its lines as `chunk.text.split("\n")`).
pub fn parse_hand(chunk_lines: &[&str], offset: i64, first_line: i64) -> Result<Hand, Defer> {
    if crate::text::has_separator(chunk_lines) {
        return Err("separator_chars");
    }
    // PokerStars India's "Rs." joined to its amount by a no-break space: the Python reader
    // reads it as "Rs. " (`_RUPEES_NBSP`); this port leaves such a rare hand to it.
    if chunk_lines.iter().any(|l| l.contains("Rs.\u{a0}")) {
        return Err("rupees_nbsp");
    }
    let mut lines: std::borrow::Cow<[&str]> = std::borrow::Cow::Borrowed(chunk_lines);
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
        lines = std::borrow::Cow::Owned(kept);
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

    let mut actions: Vec<Action> = Vec::with_capacity(n);
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
    let mut board0: Cards = Cards::new();
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
            let end = find_str(&line[3..], " ***").map(|e| e + 3);
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
            if let Some((name, rest)) = split_once_str(line, ": ") {
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
                        Cards::new(),
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
                        Cards::new(),
                        ln,
                        None,
                    ));
                }
                Code::Show => {
                    let cards = r.cards.unwrap_or_default();
                    let known = hole.iter().find(|x| x.0 == seat).map(|x| &x.1);
                    if let Some(kept) = kept_hole(known, &cards) {
                        set_hole(&mut hole, seat, kept);
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
                        Cards::new(),
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
                                Cards::new(),
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
                        Cards::new(),
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
                        Cards::new(),
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
                        Cards::new(),
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
                            Cards::new(),
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
            let close = find_str(line, ") returned to ").ok_or("unknown_line")?;
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
                Cards::new(),
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

    let sm = read_summary(&lines, summary_at, dec, &mut hole)?;
    let boards: Vec<Cards> = if run_boards.is_empty() && sm.boards.len() > 1 {
        sm.boards
    } else {
        final_boards(run_boards, board0)
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
            // (seats are distinct: each seat's cards move out of `hole` once)
            hole: hole
                .iter_mut()
                .find(|x| x.0 == s.seat)
                .map(|x| std::mem::take(&mut x.1)),
            player: s.name,
            stack: s.stack,
            sitting_out: s.sitting_out,
        })
        .collect();
    seat_objs.sort_by_key(|s| s.seat);
    Ok(Hand {
        site: "pokerstars",
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
            total_pot: sm.total_pot,
            rake: sm.rake,
            fees: sm.fees,
            pots: sm.pots,
            collections,
            cash_outs,
            site_added: 0,
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
