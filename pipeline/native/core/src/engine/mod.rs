//! `replay(hand)`: the walk, the rules, the pots, the showdown and the reconciliation of
//! `pipeline/engine/` (replay.py, state.py, checks.py, streets.py, pots.py, showdown.py,
//! cards.py, reconcile.py), ported rule for rule with the same finding messages.
//!
//! Seats are few (ten at most on PokerStars), so every per-seat map is a small vector that
//! keeps the insertion order a Python dict would (messages list seats in that order).
//!
//! This module holds the entry point and the output types; the rules live in the submodules,
//! one per module of `pipeline/engine/`.

use crate::codes::{finding, Finding, Severity};
use crate::model::*;
use crate::money::Amounts;

mod blinds;
mod button;
mod cards;
mod cascade;
mod checks;
mod posting;
mod pots;
mod reconcile;
pub mod sites;
mod state;
mod streets;

use cards::*;
use checks::*;
use posting::*;
use pots::*;
use reconcile::*;
use sites::*;
use state::*;
use streets::*;

pub struct PotOut {
    pub index: i64,
    pub amount: i64,
    pub eligible: Vec<i64>,
    pub winners: Vec<i64>,
}

pub struct SeatOut {
    pub seat: i64,
    pub invested: i64,
    pub won: i64,
    pub went_to_showdown: bool,
}

pub struct Replay {
    pub pots: Vec<PotOut>,
    pub seats: Vec<SeatOut>,
    pub total_pot: i64,
    pub findings: Vec<Finding>,
    pub payouts_verified: bool,
    /// The stakes the hand was judged at where they are not its header's: the blinds posted
    /// under a stale header (`cascade`); the rows store these. `None`: the header's.
    pub stakes: Option<Stakes>,
}

/// Replay `hand` through the rules; `Err` (a deferral reason) where this port cannot decide
/// exactly as the Python engine does. Where the site's table folds echoes
/// (`SiteRules::fold_stakes_echoes`), a header whose stakes are not the posted blinds is one
/// root error rather than one per rule it upsets (`cascade`). Where the log prints no blinds
/// or no button, the ones its play implies are judged (`blinds`, `button`); the hand as stored
/// keeps the log's own.
pub fn replay(hand: &Hand) -> Result<Replay, &'static str> {
    let rules = rules_for(hand.site);
    let with_blinds;
    let hand = match hand {
        // a log that may print no blind lines: the blinds its betting implies (blinds.rs),
        // before the button, which the small blind then places
        h if !rules.judge_first_actor_without_blinds => match blinds::with_inferred_blinds(h) {
            Some(b) => {
                with_blinds = b;
                &with_blinds
            }
            None => h,
        },
        h => h,
    };
    let inferred;
    let hand = match hand.button_seat {
        // a log that names no button: the one its posts and deal imply (button.rs), for the
        // replay only (the hand as stored keeps the log's own button_seat)
        None if rules.infer_button => match button::infer_button(hand) {
            Some(b) => {
                inferred = Hand {
                    button_seat: Some(b),
                    ..hand.clone()
                };
                &inferred
            }
            None => hand,
        },
        _ => hand,
    };
    let first = replay_once(hand)?;
    if rules.fold_stakes_echoes
        && first
            .findings
            .iter()
            .any(|f| f.code == "post_wrong_amount" && f.severity == Severity::Error)
    {
        return cascade::fold_stakes_echoes(hand, first, replay_once);
    }
    Ok(first)
}

/// Seat -> how many split pots it shares: the odd chips it may hold or lack, one per pot,
/// where the site's odd-chip order is not the button's.
fn odd_chips(winners: &[Vec<i64>]) -> Map {
    let mut odd: Map = Vec::new();
    for w in winners.iter().filter(|w| w.len() > 1) {
        for &s in w {
            madd(&mut odd, s, 1);
        }
    }
    odd
}

/// One judgement of `hand` at the stakes it carries.
fn replay_once(hand: &Hand) -> Result<Replay, &'static str> {
    let mut out: Out = Vec::new();
    let mut acting: Vec<i64> = hand
        .actions
        .iter()
        .filter(|a| !matches!(a.kind, Kind::Show | Kind::Muck))
        .map(|a| a.seat)
        .collect();
    acting.sort();
    acting.dedup();
    // (every acting seat is listed: the parser attributes lines to seated players only)
    let mut st = State::new(hand, acting);
    let mut w = Walk {
        posts: Vec::new(),
        begun: false,
        missing: Vec::new(),
    };
    walk_actions(&mut st, &mut w, &mut out);
    let live = st.live();
    let showdown = live.len() >= 2;
    if showdown && st.street < Street::River {
        check_skipped_street(&st, STREETS[st.street as usize + 1], 0, &mut out);
    }
    let last_street = if showdown { Street::River } else { st.street };
    check_boards(hand, last_street, showdown, &mut out);
    let (known, muck) = read_cards(hand, &mut out);
    settle(hand, &st, &live, showdown, &known, &muck, out)
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn settle(
    hand: &Hand,
    st: &State,
    live: &[i64],
    showdown: bool,
    known: &[(i64, &[Card])],
    muck: &[i64],
    mut out: Out,
) -> Result<Replay, &'static str> {
    let contrib = &st.contrib;
    let rep = &hand.report;
    let chips: i64 = contrib.iter().map(|x| x.1).sum();
    let added = rep.site_added;
    let total = chips + added;
    let all_in: Vec<i64> = live
        .iter()
        .copied()
        .filter(|s| !st.active.contains(s))
        .collect();
    let (mut amounts, mut eligibles) = if contrib.iter().any(|x| x.1 < 0) {
        let floor: Map = contrib.iter().map(|&(s, c)| (s, c.max(0))).collect();
        let t = floor.iter().map(|x| x.1).sum();
        slices(&floor, live, &all_in, t)
    } else {
        slices(contrib, live, &all_in, chips)
    };
    if added != 0 {
        // Money the site put in (GGPoker cash drops) goes to the main pot.
        if amounts.is_empty() {
            amounts.push(added);
            eligibles.push(live.to_vec());
        } else {
            amounts[0] += added;
        }
    }
    let mut site: Map = Vec::new();
    for c in &rep.collections {
        madd(&mut site, c.seat, c.amount);
    }
    let paid: i64 = site.iter().map(|x| x.1).sum();
    let ded = deduction(hand, total, paid);
    let mut mucked: Vec<i64> = muck
        .iter()
        .copied()
        .filter(|s| !all_in.contains(s))
        .collect();
    if st.rules.paid_muck_contends {
        // a hand the summary prints as mucked but the site paid is not dead: it won
        mucked.retain(|&s| mget(&site, s).unwrap_or(0) <= 0);
    }
    let aw = award(
        &amounts,
        &eligibles,
        &hand.boards,
        known,
        hand.button_seat,
        ded,
        &mucked,
    )?;
    check_totals(hand, total, ded, &mut out);
    if !rep.pots.is_empty() {
        check_side_pots(st, &amounts, &eligibles, &aw.net_amounts, ded, &mut out);
    }
    let mut skip: Vec<i64> = Vec::new();
    for (index, missing) in &aw.unverified {
        let eligible = &eligibles[*index];
        for &s in eligible {
            if !skip.contains(&s) {
                skip.push(s);
            }
        }
        let why = if !missing.is_empty() {
            let who: Vec<String> = missing
                .iter()
                .map(|&s| format!("seat {} ({})", s, st.name_or_q(s)))
                .collect();
            format!("the cards of {} are not known", who.join(", "))
        } else {
            "holdem showdowns are not ranked".to_string()
        };
        let el: Vec<String> = eligible.iter().map(|s| s.to_string()).collect();
        let money = Amounts::of(hand);
        out.push(money.finding(
            "payout_unverified",
            format!(
                "{} of {} (seats {}): {}; the site's collections are taken as the payout",
                pot_name(*index),
                money.say(amounts[*index]),
                el.join(", "),
                why
            ),
            0,
            None,
        ));
    }
    let cash_outs = &rep.cash_outs;
    let mut withheld = (0, 0);
    if !cash_outs.is_empty() {
        for co in cash_outs {
            if !skip.contains(&co.seat) {
                skip.push(co.seat);
            }
            let money = Amounts::of(hand);
            out.push(money.finding(
                "cash_out",
                format!(
                    "seat {} ({}) cashed out for {}{}: the site paid the cash-out instead of the pot share",
                    co.seat,
                    st.name_or_q(co.seat),
                    money.say(co.amount),
                    if co.fee != 0 { format!(" (fee {})", money.say(co.fee)) } else { String::new() }
                ),
                0,
                None,
            ));
        }
        withheld = (
            cash_outs
                .iter()
                .map(|c| mget(&aw.payout, c.seat).unwrap_or(0))
                .sum(),
            cash_outs
                .iter()
                .map(|c| mget(&aw.gross, c.seat).unwrap_or(0))
                .sum(),
        );
    }
    let rules = st.rules;
    let distributed = check_distribution(
        hand,
        total,
        ded,
        &mut out,
        withheld,
        paid,
        rules.one_chip_rounding,
    );
    let site_reported = !rep.collections.is_empty() || rep.total_pot.is_some();
    if showdown && rep.collections.is_empty() && total > 0 && cash_outs.is_empty() {
        let money = Amounts::of(hand);
        out.push(money.finding(
            "no_collections",
            format!(
                "the site printed no winner for the pot of {}{}: the payout cannot be compared",
                money.say(total),
                if showdown { " after the showdown" } else { "" }
            ),
            0,
            None,
        ));
    }
    let won = if site_reported {
        let slack = Slack {
            odd_chips: if rules.odd_chip == OddChip::AnyWinner {
                odd_chips(&aw.winners)
            } else {
                Vec::new()
            },
            rounding: if rules.one_chip_rounding {
                rounding(hand, ded, paid)
            } else {
                0
            },
        };
        check_collections(
            st, &aw.payout, &aw.gross, ded, &skip, &site, &mut out, slack,
        )
    } else {
        aw.payout
    };
    let verified = aw.unverified.is_empty();
    let mut seats = Vec::with_capacity(hand.seats.len());
    let mut net_sum = 0;
    for s in &hand.seats {
        let invested = mget(contrib, s.seat).unwrap_or(0);
        let w = mget(&won, s.seat).unwrap_or(0);
        net_sum += w - invested;
        seats.push(SeatOut {
            seat: s.seat,
            invested,
            won: w,
            went_to_showdown: showdown && live.contains(&s.seat),
        });
    }
    let checkable = (verified || site_reported) && cash_outs.is_empty() && distributed;
    if checkable
        && net_sum + ded != added
        && !out
            .iter()
            .any(|f| f.code == "collected_mismatch" || f.code == "pot_not_distributed")
    {
        let gap = net_sum + ded - added;
        let money = Amounts::of(hand);
        out.push(money.finding(
            "chip_conservation",
            format!(
                "players' nets add up to {}, with rake and fees {}{} the table {} {}",
                money.say(net_sum),
                money.say(ded),
                if added != 0 {
                    format!(" less the {} the site added", money.say(added))
                } else {
                    String::new()
                },
                if gap > 0 { "gains" } else { "loses" },
                money.say(gap.abs())
            ),
            0,
            None,
        ));
    }
    // result pots: the engine's winners, or the site's where it could not tell
    let mut pots = Vec::with_capacity(eligibles.len());
    let mut engine_winners = aw.winners.into_iter();
    for (i, eligible) in eligibles.into_iter().enumerate() {
        let mut winners = engine_winners.next().unwrap_or_default();
        if winners.is_empty() {
            winners = eligible
                .iter()
                .copied()
                .filter(|&s| {
                    rep.collections.iter().any(|c| {
                        c.amount > 0
                            && c.seat == s
                            && (c.pot_index == Some(i as i64) || c.pot_index.is_none())
                    })
                })
                .collect();
        }
        pots.push(PotOut {
            index: i as i64,
            amount: amounts[i],
            eligible,
            winners,
        });
    }
    Ok(Replay {
        pots,
        seats,
        total_pot: total,
        findings: out,
        payouts_verified: verified,
        stakes: None,
    })
}
