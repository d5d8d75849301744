//! The walk over streets (streets.py, replay.py): round closing, skipped streets, uncalled
//! returns and the action loop that applies every action to the state.

use super::*;

pub(crate) fn check_round_closed(st: &mut State, next: Street, line: i64, out: &mut Out) {
    if st.folded.len() + 1 >= st.order.len() || st.next_to_act(None).is_none() {
        return;
    }
    if st.rules.leaver_after_post_folds
        && (next != Street::Showdown || !st.hand.report.collections.is_empty())
    {
        // (a log that simply stops, with no result, is a truncated log, not a player leaving)
        fold_leavers(st, None, line, out);
        if st.folded.len() + 1 >= st.order.len() || st.next_to_act(None).is_none() {
            return;
        }
    }
    let money = Amounts::of(st.hand);
    let owing: Vec<String> = st
        .order
        .iter()
        .filter(|&&s| st.pending(s, st.n_able))
        .map(|&s| {
            format!(
                "{} ({} in against {})",
                st.who(s),
                money.say(st.commit(s)),
                money.say(st.current_bet)
            )
        })
        .collect();
    out.push(money.finding(
        "round_not_closed",
        format!(
            "{} ended before {} with {} still to act",
            st.street.name(),
            next.name(),
            owing.join(", ")
        ),
        line,
        None,
    ));
}

/// Seats that post and then do nothing else in the whole hand (no fold, no check, no bet):
/// players who left the table after posting.
pub(crate) fn posted_only(st: &State) -> Vec<i64> {
    let acts = |s: i64| {
        st.hand
            .actions
            .iter()
            .any(|a| a.seat == s && !a.kind.is_post())
    };
    st.order.iter().copied().filter(|&s| !acts(s)).collect()
}

/// Fold every seat owed a turn after `after` that posted and then left (`posted_only`), with
/// a warning each (the site folds a player who leaves); returns who is to act then.
pub(crate) fn fold_leavers(
    st: &mut State,
    after: Option<i64>,
    line: i64,
    out: &mut Out,
) -> Option<i64> {
    let gone = posted_only(st);
    let mut expected = st.next_to_act(after);
    while let Some(e) = expected {
        if !gone.contains(&e) || st.is_folded(e) {
            break;
        }
        out.push(finding(
            "out_of_turn",
            format!(
                "{} posted and then never acted: the player left the table and is folded",
                st.who(e)
            ),
            line,
            Some(Severity::Warning),
        ));
        st.fold(e);
        expected = st.next_to_act(after);
    }
    expected
}

pub(crate) fn check_skipped_street(st: &State, street: Street, line: i64, out: &mut Out) {
    let able = st.active.len();
    if able >= 2 {
        out.push(finding(
            "round_not_closed",
            format!(
                "no betting on {} although {} players could still act",
                street.name(),
                able
            ),
            line,
            None,
        ));
    }
}

/// (seat, due, best, street, line) of a return that was due but not logged.
pub(crate) type Missing = (i64, i64, i64, Street, i64);

pub(crate) fn check_uncalled(st: &State, line: i64, out: &mut Out) -> Option<Missing> {
    if st.returned.is_empty() && st.returned_dead.is_empty() {
        let top = st.commit.iter().map(|x| x.1).max().unwrap_or(0);
        if top <= 0 || st.commit.iter().filter(|x| x.1 == top).count() > 1 {
            return None;
        }
    }
    let bets: Map = st
        .commit
        .iter()
        .map(|&(s, c)| (s, c + mget(&st.returned, s).unwrap_or(0)))
        .collect();
    let (mut best_seat, mut best, mut second) = (None, 0i64, 0i64);
    for &(s, c) in &bets {
        if c > best {
            second = best;
            best_seat = Some(s);
            best = c;
        } else if c > second {
            second = c;
        }
    }
    let due = best - second;
    let street = st.street.name();
    for &(s, chips) in &st.returned {
        if Some(s) != best_seat || chips != due {
            let money = Amounts::of(st.hand);
            let head = format!(
                "uncalled bet of {} returned to {} on {}",
                money.say(chips),
                st.who(s),
                street
            );
            let why = if Some(s) != best_seat {
                match best_seat {
                    Some(b) => format!("it was not the largest bet (largest: {})", st.who(b)),
                    None => "there was no bet".to_string(),
                }
            } else {
                format!("the uncalled amount is {}", money.say(due))
            };
            out.push(money.finding("uncalled_bet_wrong", format!("{head}: {why}"), line, None));
        }
    }
    for &(s, chips) in &st.returned_dead {
        let others = st
            .contrib
            .iter()
            .filter(|x| x.0 != s)
            .map(|x| x.1)
            .max()
            .unwrap_or(0);
        // with a bet on the street, the dead part rides on a live return of the whole
        // unmatched bet (a short all-in's unmatched ante, see `State::live_part`)
        let live = mget(&st.returned, s);
        let with_bet = best > 0 && !(Some(s) == best_seat && live == Some(due));
        if with_bet || st.contrib(s) != others {
            let money = Amounts::of(st.hand);
            let head = format!(
                "uncalled bet of {} returned to {} on {}",
                money.say(chips + live.unwrap_or(0)),
                st.who(s),
                street
            );
            let why = if with_bet {
                format!(
                    "{} more than the bet of {} it made",
                    money.say(chips),
                    money.say(st.commit(s) + mget(&st.returned, s).unwrap_or(0))
                )
            } else {
                format!(
                    "that leaves {} in against at most {} from the others",
                    money.say(st.contrib(s)),
                    money.say(others)
                )
            };
            out.push(money.finding("uncalled_bet_wrong", format!("{head}: {why}"), line, None));
        }
    }
    if due > 0 {
        if let Some(b) = best_seat {
            if mget(&st.returned, b).is_none() {
                return Some((b, due, best, st.street, line));
            }
        }
    }
    None
}

pub(crate) fn report_missing_return(st: &State, m: Missing, how: &str, out: &mut Out) {
    let (seat, due, best, street, line) = m;
    let street = street.name();
    let money = Amounts::of(st.hand);
    let head = format!(
        "{} bet {} on {}, {} more than anyone matched",
        st.who(seat),
        money.say(best),
        street,
        money.say(due)
    );
    let (msg, sev) = match how {
        "returned" => (
            format!(
                "{head}: the log prints no return but the site's total pot shows {} was given back",
                money.say(due)
            ),
            Some(Severity::Info),
        ),
        "kept" => (
            format!(
                "{head}: the site left the {} in the pot and paid it back to its owner with the pot",
                money.say(due)
            ),
            Some(Severity::Info),
        ),
        _ => (
            format!("{head}, but no uncalled bet was returned"),
            None,
        ),
    };
    out.push(money.finding("uncalled_bet_wrong", msg, line, sev));
}

// ---- the walk ----------------------------------------------------------------------------

pub(crate) struct Walk {
    pub(crate) posts: Vec<Action>,
    pub(crate) begun: bool,
    pub(crate) missing: Vec<Missing>,
}

pub(crate) fn begin_betting(st: &mut State, w: &mut Walk, out: &mut Out) {
    w.begun = true;
    let (sb, bb) = blind_seats(st, &w.posts);
    check_blind_positions(st, sb, bb, &w.posts, out);
    let bb = if bb.is_none() {
        nominal_big_blind(st, sb)
    } else {
        bb
    };
    let straddle = w
        .posts
        .iter()
        .rev()
        .find(|a| a.kind == Kind::PostStraddle)
        .map(|a| a.seat);
    st.anchor = straddle.or(bb).or(sb);
    if st.anchor.is_none() && st.rules.judge_first_actor_without_blinds {
        st.anchor = st.hand.button_seat;
    }
    // (else no blind posted, tournament logs without blind lines: who opens the betting
    // cannot be known, only the order after him)
}

pub(crate) fn nominal_big_blind(st: &mut State, sb: Option<i64>) -> Option<i64> {
    let start = sb.or(st.hand.button_seat)?;
    if st.order.is_empty() || st.big_blind <= 0 {
        return None;
    }
    let seat = st
        .order
        .iter()
        .copied()
        .find(|&s| s > start)
        .unwrap_or(st.order[0]);
    if Some(seat) == sb || st.stack(seat) > 0 || st.contrib(seat) <= 0 {
        return None;
    }
    if sb.is_none()
        && st
            .order
            .iter()
            .filter(|&&s| s != seat && st.stack(s) > 0)
            .count()
            < 1
    {
        return None;
    }
    if st.big_blind > st.current_bet {
        st.current_bet = st.big_blind;
        st.full_raise_level = st.big_blind;
        st.bets = 1;
    }
    Some(seat)
}

pub(crate) fn advance(st: &mut State, w: &mut Walk, street: Street, line: i64, out: &mut Out) {
    if !w.begun {
        begin_betting(st, w, out);
    }
    check_round_closed(st, street, line, out);
    if let Some(m) = check_uncalled(st, line, out) {
        w.missing.push(m);
    }
    if street as usize > st.street as usize + 1 {
        let mut reported = false;
        for skipped in &STREETS[st.street as usize + 1..street as usize] {
            st.start_street(*skipped);
            if !reported {
                let before = out.len();
                check_skipped_street(st, *skipped, line, out);
                reported = out.len() > before;
            }
        }
    }
    st.start_street(street);
}

pub(crate) fn settle_missing_returns(st: &mut State, w: &Walk, out: &mut Out) {
    if w.missing.is_empty() {
        return;
    }
    let report = &st.hand.report;
    let printed = report.total_pot;
    let pot = st.pot_total() + report.site_added;
    let mut how = "missing";
    let missing_sum: i64 = w.missing.iter().map(|m| m.1).sum();
    if printed == Some(pot - missing_sum) {
        how = "returned";
    } else if (printed == Some(pot) || printed.is_none()) && paid_back(st, w, pot) {
        how = "kept";
    }
    for &m in &w.missing {
        report_missing_return(st, m, how, out);
        if how == "returned" {
            st.refund(m.0, m.1);
        }
    }
}

pub(crate) fn paid_back(st: &State, w: &Walk, printed: i64) -> bool {
    let report = &st.hand.report;
    let mut got: Map = Vec::new();
    for c in &report.collections {
        madd(&mut got, c.seat, c.amount);
    }
    let fees = report.rake.unwrap_or(0) + report.fees.iter().map(|f| f.1).sum::<i64>();
    if got.iter().map(|x| x.1).sum::<i64>() + fees != printed {
        return false;
    }
    w.missing
        .iter()
        .all(|m| mget(&got, m.0).unwrap_or(0) >= m.1)
}

pub(crate) fn walk_actions(st: &mut State, w: &mut Walk, out: &mut Out) {
    let hand = st.hand;
    let mut street_now = st.street;
    for a in &hand.actions {
        let kind = a.kind;
        if matches!(kind, Kind::Show | Kind::Muck) {
            continue;
        }
        let seat = a.seat;
        if !st.order.contains(&seat) {
            continue;
        }
        if a.amount < 0 {
            let money = Amounts::of(st.hand);
            out.push(money.finding(
                "negative_amount",
                format!("{}: an amount cannot be negative", describe(st, a, &money)),
                a.line,
                None,
            ));
        }
        if kind == Kind::UncalledReturn {
            st.apply_return(a);
            continue;
        }
        let street = a.street;
        if street != street_now && street != Street::Showdown {
            if street > street_now {
                advance(st, w, street, a.line, out);
                street_now = st.street;
            } else {
                let money = Amounts::of(st.hand);
                out.push(money.finding(
                    "out_of_turn",
                    format!(
                        "{} after {} began",
                        describe(st, a, &money),
                        st.street.name()
                    ),
                    a.line,
                    None,
                ));
            }
        }
        if kind.is_post() {
            post(st, a, out, &mut w.posts);
            continue;
        }
        if !st.voluntary_seen {
            if !w.begun {
                begin_betting(st, w, out);
            }
            st.voluntary_seen = true;
        }
        if !st.flex.is_empty() {
            resolve(st, a);
        }
        let behind = st.stack(seat);
        if st.is_folded(seat) || (behind <= 0 && st.contrib(seat) > 0) {
            check_can_act(st, a, out);
            if kind == Kind::Call {
                st.put_in(seat, a.amount, true);
            } else if matches!(kind, Kind::Bet | Kind::Raise) {
                let to = raise_target(st, a, out);
                let c = st.commit(seat);
                st.put_in(seat, to - c, true);
            }
            continue;
        }
        let mut advance = false;
        let after = st.last_actor.or(st.anchor);
        if let Some(after_seat) = after {
            let fast = behind > 0
                && st.n_able >= 2
                && !st.active.is_empty()
                && st.active[bisect_right(&st.active, after_seat) % st.active.len()] == seat
                && (st.commit(seat) < st.current_bet || mget(&st.acted, seat).is_none());
            if !fast && st.next_to_act(Some(after_seat)) != Some(seat) {
                advance = check_turn(st, a, out);
            }
        }
        match kind {
            Kind::Fold => {
                st.folded.push(seat);
                if behind > 0 {
                    st.n_able -= 1;
                    remove(&mut st.active, seat);
                }
                if !advance {
                    // (an advance fold leaves the turn where it was)
                    st.last_actor = Some(seat);
                }
            }
            Kind::Check => {
                if st.current_bet > st.commit(seat) {
                    let owed = st.current_bet - st.commit(seat);
                    let money = Amounts::of(st.hand);
                    out.push(money.finding(
                        "illegal_check",
                        format!(
                            "{} facing a bet of {} ({} to call)",
                            describe(st, a, &money),
                            money.say(st.current_bet),
                            money.say(owed)
                        ),
                        a.line,
                        None,
                    ));
                }
                mset(&mut st.acted, seat, st.current_bet);
                st.last_actor = Some(seat);
            }
            Kind::Call => {
                let amount = a.amount;
                let bet = st.current_bet;
                let owed = bet - st.commit(seat);
                if owed <= 0
                    || amount > behind
                    || amount != if owed < behind { owed } else { behind }
                {
                    check_call(st, a, out);
                }
                let left = behind - amount;
                mset(&mut st.stack, seat, left);
                if (behind > 0) != (left > 0) {
                    if behind > 0 {
                        st.n_able -= 1;
                    }
                    st.crossed(seat, left);
                }
                madd(&mut st.contrib, seat, amount);
                madd(&mut st.commit, seat, amount);
                mset(&mut st.acted, seat, bet);
                st.last_actor = Some(seat);
            }
            _ => {
                let to = raise_target(st, a, out);
                check_bet_or_raise(st, a, to, out);
                st.apply_bet_or_raise(a, to);
            }
        }
        if a.all_in && matches!(kind, Kind::Call | Kind::Bet | Kind::Raise) {
            st.set_aside(seat);
        }
    }
    if !w.begun {
        begin_betting(st, w, out);
    }
    check_round_closed(st, Street::Showdown, 0, out);
    if let Some(m) = check_uncalled(st, 0, out) {
        w.missing.push(m);
    }
    settle_missing_returns(st, w, out);
}

// ---- cards -------------------------------------------------------------------------------
