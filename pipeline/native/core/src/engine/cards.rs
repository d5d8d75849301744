//! Hole cards and boards (cards.py): gathering shown cards, duplicate-card and board checks.

use super::*;

/// (seat, cards) as the log last printed them, borrowed from the hand.
pub(crate) type Known<'h> = Vec<(i64, &'h [Card])>;

/// (seat, cards) as the log last printed them, and the seats that mucked unseen.
pub(crate) fn gathered(hand: &Hand) -> (Known<'_>, Vec<i64>) {
    let mut known: Known = Vec::new();
    for s in &hand.seats {
        if let Some(h) = &s.hole {
            if !h.is_empty() {
                set_cards(&mut known, s.seat, h);
            }
        }
    }
    let mut muck = Vec::new();
    let mut shown = Vec::new();
    for a in hand
        .actions
        .iter()
        .filter(|a| matches!(a.kind, Kind::Show | Kind::Muck))
    {
        if !a.cards.is_empty() {
            set_cards(&mut known, a.seat, &a.cards);
        }
        let set = if a.kind == Kind::Muck {
            &mut muck
        } else {
            &mut shown
        };
        if !set.contains(&a.seat) {
            set.push(a.seat);
        }
    }
    if !muck.is_empty() && !shown.is_empty() {
        muck.retain(|s| !shown.contains(s));
    }
    (known, muck)
}

pub(crate) fn set_cards<'h>(v: &mut Known<'h>, s: i64, c: &'h [Card]) {
    match v.iter_mut().find(|x| x.0 == s) {
        Some(x) => x.1 = c,
        None => v.push((s, c)),
    }
}

pub(crate) fn read_cards<'h>(hand: &'h Hand, out: &mut Out) -> (Known<'h>, Vec<i64>) {
    let (mut known, muck) = gathered(hand);
    if hand.boards.len() <= 1 {
        let board: &[Card] = hand.boards.first().map_or(&[], |b| b);
        let all_two = known.iter().all(|(_, h)| h.len() == 2);
        if all_two {
            let mut seen = 0u64;
            let mut dup = false;
            for &c in board.iter().chain(known.iter().flat_map(|(_, h)| h.iter())) {
                if seen & (1 << c) != 0 {
                    dup = true;
                }
                seen |= 1 << c;
            }
            if !dup {
                return (known, muck);
            }
        }
    }
    // known_cards (every card is canonical: the parser made it so)
    known.retain(|(seat, cards)| {
        if cards.len() < 2 {
            return false;
        }
        if cards.len() != 2 {
            out.push(finding(
                "invalid_card",
                format!(
                    "seat {} holds {} cards ({}): a hold'em hand has two, so it cannot be ranked",
                    seat,
                    cards.len(),
                    join_cards(cards)
                ),
                0,
                None,
            ));
            return false;
        }
        true
    });
    check_duplicate_cards(hand, &known, out);
    (known, muck)
}

pub(crate) fn check_duplicate_cards(hand: &Hand, known: &[(i64, &[Card])], out: &mut Out) {
    if hand.boards.len() <= 1 {
        let mut cards: Vec<Card> = hand.boards.first().map_or_else(Vec::new, |b| b.to_vec());
        for (_, h) in known {
            cards.extend_from_slice(h);
        }
        let mut sorted = cards.clone();
        sorted.sort();
        sorted.dedup();
        if sorted.len() == cards.len() {
            return;
        }
    }
    let boards: Vec<&Cards> = hand.boards.iter().filter(|b| !b.is_empty()).collect();
    let mut prefix = 0;
    if boards.len() > 1 {
        let first = boards[0];
        while prefix < first.len()
            && boards
                .iter()
                .all(|b| b.len() > prefix && b[prefix] == first[prefix])
        {
            prefix += 1;
        }
    }
    let mut distinct: Vec<&Cards> = boards.clone();
    distinct.sort();
    distinct.dedup();
    if distinct.len() < boards.len() {
        out.push(finding(
            "duplicate_card",
            "two runs of the board are identical".to_string(),
            0,
            None,
        ));
    }
    let mut seen: Vec<(Card, String)> = Vec::new();
    let names = |seat: i64| {
        hand.seats
            .iter()
            .rev()
            .find(|s| s.seat == seat)
            .map_or("?".to_string(), |s| s.player.clone())
    };
    let mut see = |c: Card, wher: String, out: &mut Out| {
        if let Some((_, w)) = seen.iter().find(|x| x.0 == c) {
            let t = card_text(c);
            out.push(finding(
                "duplicate_card",
                format!(
                    "card {}{} appears in {} and in {}",
                    t[0] as char, t[1] as char, w, wher
                ),
                0,
                None,
            ));
        } else {
            seen.push((c, wher));
        }
    };
    for (seat, cards) in known {
        for &c in *cards {
            see(
                c,
                format!("the hole cards of seat {} ({})", seat, names(*seat)),
                out,
            );
        }
    }
    if !boards.is_empty() {
        for &c in &boards[0][..prefix] {
            see(c, "the board".to_string(), out);
        }
        for (i, b) in boards.iter().enumerate() {
            for &c in &b[prefix..] {
                let w = if boards.len() > 1 {
                    format!("board {}", i + 1)
                } else {
                    "the board".to_string()
                };
                see(c, w, out);
            }
        }
    }
}

pub(crate) fn check_boards(hand: &Hand, last: Street, showdown: bool, out: &mut Out) {
    const SIZE: [usize; 5] = [0, 3, 4, 5, 5];
    const ENDED: [&str; 5] = ["preflop", "the flop", "the turn", "the river", "showdown"];
    let expected = if showdown { 5 } else { SIZE[last as usize] };
    let empty = vec![Cards::new()];
    let boards = if hand.boards.is_empty() {
        &empty
    } else {
        &hand.boards
    };
    for (i, b) in boards.iter().enumerate() {
        let n = b.len();
        if n == expected || (showdown && boards.len() == 1 && n == 5) {
            continue;
        }
        let which = if boards.len() > 1 {
            format!("board {}", i + 1)
        } else {
            "the board".to_string()
        };
        let reason = if showdown {
            "the hand went to showdown".to_string()
        } else {
            format!("the hand ended on {}", ENDED[last as usize])
        };
        out.push(finding(
            "wrong_board_size",
            format!("{which} has {n} cards: {reason}, so it needs {expected}"),
            0,
            None,
        ));
    }
}

// ---- pots and the showdown ---------------------------------------------------------------
