//! GGPoker / Natural8 hold'em text (`parsers/sites/ggpoker/`): the header (`header`), the
//! play and the summary (`body`), and the hand they make (here). The layout is PokerStars'
//! with GG's own words: hand ids with letters (RC, HD, TM), no time zone (read as UTC), a
//! "Dealt to" line per seat, run it twice with each run's whole board, EV cash-outs and
//! insurance, fees beside the rake (jackpot, bingo, fortune, tax).

mod body;
pub mod header;

use crate::model::*;
use crate::parse::starlike::{ascii_int, final_boards, money};
use crate::parse::Defer;
use body::{read_summary, Body};
pub use header::is_header;
use header::parse_header;
use regex::Regex;
use std::sync::OnceLock;

struct Res {
    table: Regex,
    seat: Regex,
}

fn res() -> &'static Res {
    static R: OnceLock<Res> = OnceLock::new();
    R.get_or_init(|| Res {
        table: Regex::new(
            r"^Table '(?P<name>.*)'(?:\s+(?P<max>\d+)-max)?(?:\s+Seat #(?P<button>\d+) is the button)?",
        )
        .unwrap(),
        seat: Regex::new(
            r"^Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^ ()]*\d) in chips(?:, (?P<bounty>\S+) bounty)?\)(?P<tail>.*)$",
        )
        .unwrap(),
    })
}

/// One seat line: (seat, name, stack, sitting out).
type SeatRow = (i64, String, i64, bool);

/// `_read_seats`: the seat lines from `lines[i]`; the index after them.
fn read_seats(lines: &[&str], mut i: usize, dec: u32) -> Result<(Vec<SeatRow>, usize), Defer> {
    let mut seats: Vec<SeatRow> = Vec::new();
    while i < lines.len() && lines[i].starts_with("Seat ") {
        let row = match plain_seat(lines[i], dec)? {
            Some(row) => row,
            None => {
                let Some(s) = res().seat.captures(lines[i]) else {
                    break;
                };
                let stack = money(&s["stack"], dec)?;
                if let Some(b) = s.name("bounty") {
                    money(b.as_str(), 2)?;
                }
                let seat = ascii_int(&s["seat"])?;
                (
                    seat,
                    s["name"].to_string(),
                    stack,
                    s["tail"].contains("sitting out"),
                )
            }
        };
        // (the Python reader keeps the last of a repeated seat or name: not read here)
        if row.0 > 1000 || seats.iter().any(|o| o.0 == row.0 || o.1 == row.1) {
            return Err("repeated_seat_or_name");
        }
        seats.push(row);
        i += 1;
    }
    if seats.is_empty() {
        return Err("no_seats");
    }
    Ok((seats, i))
}

/// `_SEAT` for the plain "Seat 3: name ($1.23 in chips)" by hand: the name ends at the
/// line's last " (" (the stack holds no blank or parenthesis), nothing follows the stack.
/// None: read it with the regex.
fn plain_seat(line: &str, dec: u32) -> Result<Option<SeatRow>, Defer> {
    let Some(body) = line.strip_suffix(" in chips)") else {
        return Ok(None);
    };
    let (Some(colon), Some(open)) = (body.find(": "), body.rfind(" (")) else {
        return Ok(None);
    };
    let number = &body[5..colon];
    let stack = &body[open + 2..];
    if colon + 2 > open
        || number.is_empty()
        || !number.bytes().all(|b| b.is_ascii_digit())
        || stack.is_empty()
        || stack.contains([' ', '(', ')'])
        || !stack.ends_with(|c: char| c.is_ascii_digit())
    {
        return Ok(None);
    }
    let name = body[colon + 2..open].to_string();
    Ok(Some((ascii_int(number)?, name, money(stack, dec)?, false)))
}

fn read_table(line: &str) -> Result<(String, Option<i64>, Option<i64>), Defer> {
    let Some(t) = res().table.captures(line) else {
        return Ok((String::new(), None, None));
    };
    let num = |k: &str| t.name(k).map(|m| ascii_int(m.as_str())).transpose();
    Ok((t["name"].to_string(), num("max")?, num("button")?))
}

/// `_posted_blinds`: a tournament header may name the next level while the table still
/// posts the previous one; the first full blind posts are the blinds played.
fn posted_blinds(actions: &[Action], small: i64, big: i64) -> (i64, i64) {
    let first = |k: Kind| {
        actions
            .iter()
            .find(|a| a.kind == k && !a.all_in)
            .map(|a| a.amount)
    };
    let (sb, bb) = (first(Kind::PostSmallBlind), first(Kind::PostBigBlind));
    match bb {
        Some(bb) if bb != big && sb.is_none_or(|sb| sb <= bb) => (sb.unwrap_or(small), bb),
        _ => (small, big),
    }
}

/// Parse one chunk (its lines as `chunk.text.split("\n")`).
pub fn parse_hand(lines: &[&str], offset: i64, first_line: i64) -> Result<Hand, Defer> {
    if crate::text::has_separator(lines) {
        return Err("separator_chars");
    }
    let h = parse_header(lines[0].trim_start_matches([' ', '\t', '\u{feff}']))?;
    let dec = h.decimals;
    let (first, second, header_ante) = h.stakes;
    let (mut table_name, mut max_seats, mut button) = (String::new(), None, None);
    let mut i = 1;
    if lines.len() > 1 && lines[1].starts_with("Table ") {
        (table_name, max_seats, button) = read_table(lines[1])?;
        i = 2;
    }
    let (seats, i) = read_seats(lines, i, dec)?;
    let (mut small_blind, mut big_blind, small_bet, big_bet) = if h.limit == Limit::Fixed {
        (first / 2, first, first, second)
    } else {
        (first, second, 0, 0)
    };
    let named: Vec<(i64, String)> = seats.iter().map(|s| (s.0, s.1.clone())).collect();
    let mut body = Body::new(&named, dec);
    let mut summary_at = None;
    for (idx, &line) in lines.iter().enumerate().skip(i) {
        if line.is_empty() {
            continue;
        }
        let lineno = idx as i64 + 1;
        if line.starts_with("*** ") {
            if body.marker(line)? {
                summary_at = Some(idx);
                break;
            }
            continue;
        }
        match body.colon_split(line) {
            Some((seat, rest)) => body.player_action(seat, rest, lineno)?,
            None => body.other_line(line, lineno)?,
        }
    }
    let summary_at = summary_at.ok_or("truncated_hand")?;
    let (total_pot, rake, fees) = read_summary(lines, summary_at, dec, &mut body.hole)?;
    if h.tournament_id.is_some() {
        (small_blind, big_blind) = posted_blinds(&body.actions, small_blind, big_blind);
    }
    let boards = final_boards(std::mem::take(&mut body.run_boards), body.board.clone());
    let hero = seats
        .iter()
        .find(|s| s.1 == "Hero")
        .map(|s| s.0)
        .or(if body.dealt_to.len() == 1 {
            Some(body.dealt_to[0])
        } else {
            None
        });
    let mut seat_objs: Vec<Seat> = seats
        .into_iter()
        .map(|(seat, player, stack, sitting_out)| Seat {
            seat,
            is_hero: Some(seat) == hero,
            hole: body.hole.iter().find(|x| x.0 == seat).map(|x| x.1.clone()),
            player,
            stack,
            sitting_out,
        })
        .collect();
    seat_objs.sort_by_key(|s| s.seat);
    let fast_fold = h.hand_id.starts_with("RC") || table_name.starts_with("RushAndCash");
    Ok(Hand {
        site: "ggpoker",
        hand_id: h.hand_id,
        limit: h.limit,
        currency: h.currency.to_string(),
        decimals: dec,
        stakes: Stakes {
            small_blind,
            big_blind,
            ante: if body.ante != 0 {
                body.ante
            } else {
                header_ante
            },
            small_bet,
            big_bet,
        },
        seats: seat_objs,
        actions: body.actions,
        button_seat: button,
        boards,
        report: Report {
            total_pot,
            rake,
            fees,
            pots: vec![],
            collections: body.collections,
            cash_outs: body.cash_outs,
            site_added: body.cash_drop,
        },
        started_at: h.started_at,
        local_time: h.local_time,
        time_zone: String::new(),
        table_name,
        max_seats,
        tournament_id: h.tournament_id,
        level: h.level,
        fast_fold,
        offset,
        line: first_line,
    })
}
