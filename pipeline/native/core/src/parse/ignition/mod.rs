//! Ignition / Bovada / Bodog hold'em text (`parsers/sites/ignition/`): one software, three
//! brands. Players are anonymous position labels ("Dealer", "Small Blind", "UTG+1"...), the
//! hero's marked `[ME]` and named "Hero"; tournament seat numbers are player ids, renumbered
//! 1..n in table order; cash stakes are the posted blinds; a zoneless time is US Eastern.
//! The head (`head`) and the play (`play`) are read apart; the summary and the hand are here.

mod head;
mod play;

use crate::model::*;
use crate::parse::cards::{cards_in_brackets, parse_cards};
use crate::parse::starlike::{ascii_int, money};
use crate::parse::Defer;
pub use head::is_header;
use head::{read_head, started_at, Head, Seats};
use play::Play;

/// The name of the `[ME]` seat, so one player's hands can be followed across hands.
const HERO: &str = "Hero";

/// Total pot, rake and board of the summary; hole cards it reveals join `hole`.
type Summary = (Option<i64>, Option<i64>, Cards);

/// `_SUMMARY_HOLE` (`\[([2-9TJQKA][cdhs](?: [2-9TJQKA][cdhs])+)-`): the hole cards before the
/// dash of "[Qh Kc-Kc Qh 9c 8d 7c]".
fn summary_hole(line: &str) -> Option<&str> {
    let b = line.as_bytes();
    let card = |i: usize| {
        i + 1 < b.len() && b"23456789TJQKA".contains(&b[i]) && b"cdhs".contains(&b[i + 1])
    };
    let mut at = 0;
    while let Some(k) = line[at..].find('[') {
        let start = at + k + 1;
        let mut i = start;
        if card(i) {
            i += 2;
            let mut n = 1;
            while i < b.len() && b[i] == b' ' && card(i + 1) {
                i += 3;
                n += 1;
            }
            if n >= 2 && i < b.len() && b[i] == b'-' {
                return Some(&line[start..i]);
            }
        }
        at = start;
    }
    None
}

/// `_SUMMARY_SEAT` (`Seat\+?(\d+):`) at the line's start: the printed seat number.
fn summary_seat(line: &str) -> Result<Option<i64>, Defer> {
    let rest = line.strip_prefix("Seat").unwrap_or("");
    let rest = rest.strip_prefix('+').unwrap_or(rest);
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if rest[digits..].starts_with(|c: char| !c.is_ascii() && c.is_numeric()) {
        return Err("odd_number");
    }
    if digits == 0 || !rest[digits..].starts_with(':') {
        return Ok(None);
    }
    ascii_int(&rest[..digits]).map(Some)
}

fn read_summary(
    lines: &[&str],
    start: usize,
    dec: u32,
    seats: &Seats,
    hole: &mut Vec<(i64, Cards)>,
) -> Result<Summary, Defer> {
    let (mut total, mut rake, mut board) = (None, None, Cards::new());
    for (idx, &line) in lines.iter().enumerate().skip(start + 1) {
        if line.is_empty() {
            if idx > start + 1 {
                break;
            }
            continue;
        }
        if line.starts_with("Total Pot(") {
            let close = line.find(')').ok_or("unknown_line")?;
            total = Some(money(line.get(10..close).ok_or("unknown_line")?, dec)?);
            if let Some(r) = line.find("Rake (") {
                let close = line[r..].find(')').ok_or("unknown_line")? + r;
                rake = Some(money(line.get(r + 6..close).ok_or("unknown_line")?, dec)?);
            }
        } else if line.starts_with("Board [") {
            board = cards_in_brackets(line)?;
        } else if line.starts_with("Seat") {
            if let (Some(printed), Some(cards)) = (summary_seat(line)?, summary_hole(line)) {
                if let Some(seat) = seats
                    .by_printed
                    .iter()
                    .find(|x| x.0 == printed)
                    .map(|x| x.1)
                {
                    if !hole.iter().any(|x| x.0 == seat) {
                        hole.push((seat, parse_cards(cards)?));
                    }
                }
            }
        }
    }
    Ok((total, rake, board))
}

/// `_stakes`: the level's blinds, the MVS stakes, else the posted blinds (a short all-in big
/// blind's stake from the first limp).
fn stakes(head: &Head, play: &Play) -> Result<Stakes, Defer> {
    let (small_blind, big_blind) = if let Some(b) = head.level_blinds {
        b
    } else if let Some(b) = head.mvs_stakes {
        b
    } else if let Some(posted) = play.bb_post {
        // a big blind all-in for less is not the stake: the first limp calls it whole
        let bb = match play.limp {
            Some(limp) if play.bb_short && limp > posted => limp,
            _ => posted,
        };
        (play.sb_post.unwrap_or(bb / 2), bb)
    } else {
        return Err("bad_header");
    };
    let (small_bet, big_bet) = if head.limit == Limit::Fixed {
        (big_blind, 2 * big_blind)
    } else {
        (0, 0)
    };
    Ok(Stakes {
        small_blind,
        big_blind,
        ante: play.ante,
        small_bet,
        big_bet,
    })
}

/// `_button`: the seat labelled Dealer; else the "Set dealer" number (a list position where
/// the seats were renumbered).
fn button(seats: &Seats, set_dealer: Option<i64>) -> Option<i64> {
    if let Some(r) = seats.rows.iter().find(|r| r.1 == "Dealer") {
        return Some(r.0);
    }
    let d = set_dealer?;
    if seats.renumbered && !(1..=seats.rows.len() as i64).contains(&d) {
        return None;
    }
    Some(d)
}

/// Parse one chunk (its lines as `chunk.text.split("\n")`).
pub fn parse_hand(lines: &[&str], offset: i64, first_line: i64) -> Result<Hand, Defer> {
    if crate::text::has_separator(lines) {
        return Err("separator_chars");
    }
    let head = read_head(lines)?;
    let dec = head.decimals;
    let mut play = Play::new(&head.seats, dec);
    let summary_at = play.read(lines, head.body_start)?;
    let (total_pot, rake, summary_board) =
        read_summary(lines, summary_at, dec, &head.seats, &mut play.hole)?;
    let board_size = [0, 3, 4, 5, 5][(play.street as usize).min(4)];
    if play.inferred && !summary_board.is_empty() && summary_board.len() < board_size {
        // betting reached a street whose cards the summary's board does not hold
        return Err("streets_unknown");
    }
    let board = if play.board.is_empty() {
        summary_board
    } else {
        play.board.clone()
    };
    for &k in &play.pending_show {
        let seat = play.actions[k].seat;
        if let Some(cards) = play.hole.iter().find(|x| x.0 == seat).map(|x| x.1.clone()) {
            play.actions[k].cards = cards;
        }
    }
    let stakes = stakes(&head, &play)?;
    let mut seats: Vec<Seat> = head
        .seats
        .rows
        .iter()
        .map(|(seat, label, stack, me)| Seat {
            seat: *seat,
            player: if *me { HERO.to_string() } else { label.clone() },
            stack: *stack,
            sitting_out: !play.actions.iter().any(|a| a.seat == *seat)
                && !play.dealt.contains(seat),
            is_hero: *me,
            hole: play.hole.iter().find(|x| x.0 == *seat).map(|x| x.1.clone()),
        })
        .collect();
    if seats.iter().any(|s| !s.is_hero && s.player == HERO) {
        return Err("label_is_hero");
    }
    seats.sort_by_key(|s| s.seat);
    Ok(Hand {
        site: "ignition",
        hand_id: head.hand_id.clone(),
        limit: head.limit,
        currency: if head.tournament_id.is_some() {
            "CHIPS"
        } else {
            "USD"
        }
        .to_string(),
        decimals: dec,
        stakes,
        seats,
        actions: play.actions,
        button_seat: button(&head.seats, play.set_dealer),
        boards: vec![board],
        report: Report {
            total_pot,
            rake,
            collections: play.collections,
            ..Report::default()
        },
        started_at: started_at(&head.date, head.zone.as_deref())?,
        local_time: head.date.clone(),
        time_zone: head.zone.clone().unwrap_or_default(),
        table_name: head.table_name.clone(),
        max_seats: None,
        tournament_id: head.tournament_id.clone(),
        level: head.level.clone(),
        fast_fold: head.fast_fold,
        offset,
        line: first_line,
    })
}
