//! The button of a log that does not mark it, inferred from the posts and the deal
//! (`pipeline/engine/button.py`, rule for rule).
//!
//! Without a button the engine cannot say who opens the betting after the flop, nor who should
//! have posted the blinds. The rules of hold'em fix where the button is relative to what the log
//! does print: the small blind is the first dealt seat left of the button (heads-up the button
//! posts it, unless the small blind opens the flop: a table turning heads-up left the button on
//! the big blind); heads-up with only a big blind, the button is the other seat; else the deal order
//! (antes printed one per dealt seat, clockwise from the first seat left of the button) or the
//! first bettor after the flop decides, and where neither does nothing is inferred.
//!
//! Ignition prints no dealer at all when the button's seat is empty (a dead button) or at the
//! tables whose "Set dealer" line names no seat; those hands are the ones this decides.

use crate::model::{Hand, Kind, Street};

/// Seats in the hand: those that post or act before the flop and are listed (`_dealt`).
fn dealt(hand: &Hand) -> Vec<i64> {
    let mut seats: Vec<i64> = hand
        .actions
        .iter()
        .filter(|a| a.street == Street::Preflop)
        .map(|a| a.seat)
        .filter(|s| hand.seats.iter().any(|x| x.seat == *s))
        .collect();
    seats.sort_unstable();
    seats.dedup();
    seats
}

/// The dealt seat `k` places clockwise from `dealt[i]` (negative `k` counterclockwise).
fn step(dealt: &[i64], i: usize, k: i64) -> i64 {
    let n = dealt.len() as i64;
    dealt[((i as i64 + k).rem_euclid(n)) as usize]
}

fn index(dealt: &[i64], seat: i64) -> Option<usize> {
    dealt.iter().position(|&s| s == seat)
}

/// `_deal_start`: the seat the deal starts at, when the antes come one per dealt seat in
/// clockwise order (the order the cards are dealt in): its first poster.
fn deal_start(hand: &Hand, dealt: &[i64]) -> Option<i64> {
    let antes: Vec<i64> = hand
        .actions
        .iter()
        .filter(|a| a.kind == Kind::PostAnte)
        .map(|a| a.seat)
        .collect();
    let mut sorted = antes.clone();
    sorted.sort_unstable();
    if antes.len() < 3 || sorted != dealt {
        return None;
    }
    let first = index(dealt, antes[0])?;
    let rotated: Vec<i64> = dealt[first..]
        .iter()
        .chain(&dealt[..first])
        .copied()
        .collect();
    (antes == rotated).then_some(antes[0])
}

/// `infer_button`: the button seat the log's posts and deal imply, or None where they do not
/// decide it.
pub fn infer_button(hand: &Hand) -> Option<i64> {
    let dealt = dealt(hand);
    if dealt.len() < 2 {
        return None;
    }
    let preflop = || hand.actions.iter().filter(|a| a.street == Street::Preflop);
    let sb = preflop()
        .find(|a| a.kind == Kind::PostSmallBlind)
        .map(|a| a.seat);
    if let Some(i) = sb.and_then(|s| index(&dealt, s)) {
        if dealt.len() > 2 {
            return Some(step(&dealt, i, -1));
        }
        // Heads-up the button posts the small blind and acts last after the flop, except on the
        // hand a table turns heads-up, where the button may sit on the big blind: the small
        // blind opening the flop says so.
        return Some(if first_postflop_actor(hand) == Some(dealt[i]) {
            dealt[1 - i]
        } else {
            dealt[i]
        });
    }
    let bb = preflop()
        .find(|a| a.kind == Kind::PostBigBlind)
        .map(|a| a.seat)?;
    let b = index(&dealt, bb)?;
    if dealt.len() == 2 {
        return Some(dealt[1 - b]);
    }
    if let Some(start) = deal_start(hand, &dealt) {
        let s = index(&dealt, start)?;
        if start != bb && step(&dealt, s, 1) == bb {
            // the deal starts left of the button: at the small blind's seat, which posted nothing
            return Some(step(&dealt, s, -1));
        }
    }
    from_first_postflop_actor(hand, &dealt, bb)
}

/// `_first_postflop_actor`: the seat of the first betting decision after the flop.
fn first_postflop_actor(hand: &Hand) -> Option<i64> {
    hand.actions
        .iter()
        .find(|a| {
            a.street > Street::Preflop
                && matches!(
                    a.kind,
                    Kind::Fold | Kind::Check | Kind::Call | Kind::Bet | Kind::Raise
                )
        })
        .map(|a| a.seat)
}

/// `_from_first_postflop_actor`: the dealt seat before the first player to act after the
/// flop, when the big blind is one of the two seats after it (any seat between that player
/// and the live seat before him gives the same turn order and odd-chip order).
fn from_first_postflop_actor(hand: &Hand, dealt: &[i64], bb: i64) -> Option<i64> {
    let first = first_postflop_actor(hand)?;
    let f = index(dealt, first)?;
    let button = step(dealt, f, -1);
    let i = index(dealt, button)?;
    (step(dealt, i, 1) == bb || step(dealt, i, 2) == bb).then_some(button)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::model::{Action, Seat};

    pub(crate) fn act(street: Street, seat: i64, kind: Kind) -> Action {
        Action::bare(street, seat, kind)
    }

    pub(crate) fn hand(seats: &[i64], actions: Vec<Action>) -> Hand {
        Hand {
            site: "ignition",
            hand_id: "1".into(),
            limit: crate::model::Limit::No,
            currency: "USD".into(),
            decimals: 2,
            stakes: crate::model::Stakes {
                small_blind: 1,
                big_blind: 2,
                ante: 0,
                small_bet: 2,
                big_bet: 4,
            },
            seats: seats
                .iter()
                .map(|&s| Seat {
                    seat: s,
                    player: format!("p{s}"),
                    stack: 100,
                    sitting_out: false,
                    is_hero: false,
                    hole: None,
                })
                .collect(),
            actions,
            button_seat: None,
            boards: Vec::new(),
            report: crate::model::Report::default(),
            started_at: None,
            local_time: String::new(),
            time_zone: String::new(),
            table_name: String::new(),
            max_seats: None,
            tournament_id: None,
            level: None,
            fast_fold: false,
            offset: 0,
            line: 0,
        }
    }

    use Kind::*;
    use Street::*;

    #[test]
    fn the_seat_before_the_small_blind_is_the_button() {
        let h = hand(
            &[1, 3, 5],
            vec![
                act(Preflop, 5, PostSmallBlind),
                act(Preflop, 1, PostBigBlind),
                act(Preflop, 3, Fold),
            ],
        );
        assert_eq!(infer_button(&h), Some(3));
        // heads-up the small blind is the button; with only a big blind, the other seat
        let hu = hand(
            &[2, 4],
            vec![
                act(Preflop, 4, PostSmallBlind),
                act(Preflop, 2, PostBigBlind),
            ],
        );
        assert_eq!(infer_button(&hu), Some(4));
        let bb_only = hand(
            &[2, 4],
            vec![act(Preflop, 2, PostBigBlind), act(Preflop, 4, Fold)],
        );
        assert_eq!(infer_button(&bb_only), Some(4));
        // the small blind opens the flop: the table just turned heads-up, the button is left on
        // the big blind; the big blind opening it keeps the small blind the button
        let mut turned = hu.clone();
        turned.actions.extend([
            act(Preflop, 4, Call),
            act(Preflop, 2, Check),
            act(Flop, 4, Check),
        ]);
        assert_eq!(infer_button(&turned), Some(2));
        let mut usual = hu.clone();
        usual.actions.extend([
            act(Preflop, 4, Call),
            act(Preflop, 2, Check),
            act(Flop, 2, Check),
        ]);
        assert_eq!(infer_button(&usual), Some(4));
    }

    #[test]
    fn the_deal_order_or_the_first_bettor_decides_without_a_small_blind() {
        let antes = |from: &[i64]| from.iter().map(|&s| act(Preflop, s, PostAnte)).collect();
        let mut a: Vec<Action> = antes(&[5, 7, 1, 3]);
        a.push(act(Preflop, 7, PostBigBlind));
        a.extend([act(Preflop, 1, Call), act(Preflop, 3, Call)]);
        assert_eq!(infer_button(&hand(&[1, 3, 5, 7], a)), Some(3));
        // no antes: seat 1 first on the flop makes the seat before it (7) the button, since
        // the big blind (seat 3) is one of the two after it
        let b = vec![
            act(Preflop, 3, PostBigBlind),
            act(Preflop, 5, Call),
            act(Preflop, 7, Fold),
            act(Preflop, 1, Call),
            act(Flop, 1, Check),
        ];
        assert_eq!(infer_button(&hand(&[1, 3, 5, 7], b.clone())), Some(7));
        // nobody bets after the flop: nothing is inferred
        assert_eq!(infer_button(&hand(&[1, 3, 5, 7], b[..4].to_vec())), None);
    }
}
