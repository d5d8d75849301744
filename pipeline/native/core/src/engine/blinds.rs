//! The blinds of a log that prints none, inferred from who completes and who checks preflop
//! (`pipeline/engine/blinds.py`, rule for rule).
//!
//! A first preflop call of less than the bet to match (not all in) completes a blind; a first
//! preflop check while a bet stands is the big blind's option. Two blinds found: the smaller is
//! the small blind; one alone is the big blind only when it checked; anything else infers
//! nothing. The posts go before the first preflop decision, for the replay only.

use crate::model::{Action, Cards, Hand, Kind, Street};

fn is_betting(k: Kind) -> bool {
    matches!(
        k,
        Kind::Fold | Kind::Check | Kind::Call | Kind::Bet | Kind::Raise
    )
}

/// `infer_blinds`: (kind, seat, amount) of the blinds the preflop betting implies, small
/// blind first; empty where the log prints a blind or its betting does not decide them.
pub fn infer_blinds(hand: &Hand) -> Vec<(Kind, i64, i64)> {
    if hand.actions.iter().any(|a| {
        matches!(
            a.kind,
            Kind::PostSmallBlind | Kind::PostBigBlind | Kind::PostStraddle
        )
    }) {
        return Vec::new();
    }
    let mut level = 0i64;
    let mut seen: Vec<i64> = Vec::new();
    // (seat, blind, by a check)
    let mut found: Vec<(i64, i64, bool)> = Vec::new();
    for a in &hand.actions {
        if a.street != Street::Preflop || !is_betting(a.kind) {
            continue;
        }
        let first = !seen.contains(&a.seat);
        if first {
            seen.push(a.seat);
        }
        match a.kind {
            Kind::Call => {
                if first && !a.all_in && 0 < a.amount && a.amount < level {
                    found.push((a.seat, level - a.amount, false));
                }
                level = level.max(if a.to > 0 { a.to } else { a.amount });
            }
            Kind::Check => {
                if first && level > 0 {
                    found.push((a.seat, level, true));
                }
            }
            Kind::Fold => {}
            _ => level = level.max(a.to),
        }
    }
    match found.len() {
        1 if found[0].2 => vec![(Kind::PostBigBlind, found[0].0, found[0].1)],
        2 => {
            // Python's stable sort by the blind: the first found of two alike stays first
            let (small, big) = if found[1].1 < found[0].1 {
                (found[1], found[0])
            } else {
                (found[0], found[1])
            };
            if small.1 >= big.1 {
                return Vec::new();
            }
            vec![
                (Kind::PostSmallBlind, small.0, small.1),
                (Kind::PostBigBlind, big.0, big.1),
            ]
        }
        _ => Vec::new(),
    }
}

/// `with_inferred_blinds`: `hand` with the inferred blinds posted before its first preflop
/// decision, or None where nothing is inferred.
pub fn with_inferred_blinds(hand: &Hand) -> Option<Hand> {
    let blinds = infer_blinds(hand);
    if blinds.is_empty() {
        return None;
    }
    let at = hand
        .actions
        .iter()
        .position(|a| a.street == Street::Preflop && is_betting(a.kind))?;
    let line = hand.actions[at].line;
    let mut actions: Vec<Action> = Vec::with_capacity(hand.actions.len() + blinds.len());
    actions.extend_from_slice(&hand.actions[..at]);
    actions.extend(blinds.into_iter().map(|(kind, seat, amount)| Action {
        street: Street::Preflop,
        seat,
        kind,
        amount,
        to: amount,
        all_in: false,
        cards: Cards::new(),
        line,
        raise_by: None,
    }));
    actions.extend_from_slice(&hand.actions[at..]);
    Some(Hand {
        actions,
        ..hand.clone()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::button::tests::{act, hand};
    use Kind::*;
    use Street::*;

    fn money(mut a: Action, amount: i64, to: i64) -> Action {
        a.amount = amount;
        a.to = to;
        a
    }

    #[test]
    fn the_completion_is_the_small_blind_and_the_check_the_big() {
        let limped = vec![
            money(act(Preflop, 4, Call), 10, 10),
            money(act(Preflop, 1, Call), 10, 10),
            money(act(Preflop, 2, Call), 5, 5),
            act(Preflop, 3, Check),
        ];
        let h = hand(&[1, 2, 3, 4], limped.clone());
        assert_eq!(
            infer_blinds(&h),
            vec![(PostSmallBlind, 2, 5), (PostBigBlind, 3, 10)]
        );
        let posted = with_inferred_blinds(&h).unwrap();
        assert_eq!(posted.actions.len(), 6);
        assert_eq!(
            (posted.actions[0].kind, posted.actions[1].seat),
            (PostSmallBlind, 3)
        );
        // three completions fit no two blinds; a printed blind leaves the log as it is
        let mut three = limped.clone();
        three[1] = money(act(Preflop, 1, Call), 5, 5);
        assert!(infer_blinds(&hand(&[1, 2, 3, 4], three)).is_empty());
        let mut printed = limped;
        printed.insert(0, money(act(Preflop, 3, PostBigBlind), 10, 10));
        assert!(with_inferred_blinds(&hand(&[1, 2, 3, 4], printed)).is_none());
    }

    #[test]
    fn both_blinds_complete_a_raise_and_an_all_in_call_is_no_completion() {
        let raised = vec![
            money(act(Preflop, 4, Raise), 30, 30),
            act(Preflop, 1, Fold),
            money(act(Preflop, 2, Call), 25, 25),
            money(act(Preflop, 3, Call), 20, 20),
        ];
        assert_eq!(
            infer_blinds(&hand(&[1, 2, 3, 4], raised)),
            vec![(PostSmallBlind, 2, 5), (PostBigBlind, 3, 10)]
        );
        let mut short = money(act(Preflop, 2, Call), 4, 4);
        short.all_in = true;
        let h = hand(
            &[1, 2, 3],
            vec![
                money(act(Preflop, 1, Call), 10, 10),
                short,
                act(Preflop, 3, Check),
            ],
        );
        assert_eq!(infer_blinds(&h), vec![(PostBigBlind, 3, 10)]);
    }
}
