//! The per-action rules (checks.py): post amounts, blind positions, whether and when a seat
//! may act, calls, and bet/raise sizing under each betting limit.

use super::*;

pub(crate) fn verb(kind: Kind) -> &'static str {
    match kind {
        Kind::Fold => "folds",
        Kind::Check => "checks",
        Kind::Call => "calls",
        Kind::Bet => "bets",
        Kind::Raise => "raises",
        Kind::PostSmallBlind => "posts the small blind",
        Kind::PostBigBlind => "posts the big blind",
        Kind::PostStraddle => "posts a straddle",
        Kind::PostAnte => "posts an ante",
        Kind::PostDead => "posts a dead blind",
        k => k.value(),
    }
}

/// 'seat 3 (Alice) raises to $0.60 on the flop': the start of most messages, its amount
/// named through `money`, the message's recorder.
pub(crate) fn describe(st: &State, a: &Action, money: &Amounts) -> String {
    let v = verb(a.kind);
    let what = if a.kind == Kind::Raise {
        let to = if a.to != 0 {
            a.to
        } else {
            mget(&st.commit, a.seat).unwrap_or(0) + a.amount
        };
        format!("{v} to {}", money.say(to))
    } else if a.amount != 0 {
        format!("{v} {}", money.say(a.amount))
    } else {
        v.to_string()
    };
    format!("{} {} on {}", st.who(a.seat), what, a.street.name())
}

pub(crate) type Out = Vec<Finding>;

pub(crate) fn check_post_amount(st: &State, a: &Action, out: &mut Out) {
    check_post_amount_as(st, a, out, None);
}

/// `check_post_amount` with `expected`: the amounts the site's posting rule allows, where it
/// is not the post kind's (`posting`).
pub(crate) fn check_post_amount_as(st: &State, a: &Action, out: &mut Out, allowed: Option<&[i64]>) {
    let stakes = &st.hand.stakes;
    let (kind, amount, seat) = (a.kind, a.amount, a.seat);
    let behind = mget(&st.stack, seat).unwrap_or(0);
    let all_in = a.all_in || amount >= behind;
    if st.voluntary_seen && a.street == Street::Preflop {
        let money = Amounts::of(st.hand);
        out.push(money.finding(
            "post_after_action",
            format!("{} after the betting started", describe(st, a, &money)),
            a.line,
            None,
        ));
    }
    if amount > behind {
        let money = Amounts::of(st.hand);
        out.push(money.finding(
            "bet_exceeds_stack",
            format!(
                "{}: only {} behind",
                describe(st, a, &money),
                money.say(behind)
            ),
            a.line,
            None,
        ));
    }
    let expected: Vec<i64> = match kind {
        _ if allowed.is_some() => allowed.unwrap_or_default().to_vec(),
        Kind::PostSmallBlind => vec![stakes.small_blind],
        Kind::PostBigBlind => vec![stakes.big_blind],
        Kind::PostDead => vec![stakes.small_blind, stakes.big_blind],
        Kind::PostAnte => vec![stakes.ante],
        _ => {
            let need = 2 * st.current_bet.max(stakes.big_blind);
            if amount + mget(&st.commit, seat).unwrap_or(0) < need && !all_in {
                let money = Amounts::of(st.hand);
                out.push(money.finding(
                    "post_wrong_amount",
                    format!(
                        "{}: a straddle is at least {}",
                        describe(st, a, &money),
                        money.say(need)
                    ),
                    a.line,
                    Some(Severity::Warning),
                ));
            }
            return;
        }
    };
    if !expected.iter().any(|&e| e != 0) || expected.contains(&amount) {
        return;
    }
    if all_in && amount < *expected.iter().max().unwrap() {
        return;
    }
    let sev = if matches!(kind, Kind::PostAnte | Kind::PostDead) {
        Some(Severity::Warning)
    } else {
        None
    };
    let money = Amounts::of(st.hand);
    let said = describe(st, a, &money);
    let shown: Vec<String> = expected
        .iter()
        .filter(|&&e| e != 0)
        .map(|&e| money.say(e))
        .collect();
    out.push(money.finding(
        "post_wrong_amount",
        format!("{}: the stakes say {}", said, shown.join(" or ")),
        a.line,
        sev,
    ));
}

pub(crate) fn blind_seats(st: &State, posts: &[Action]) -> (Option<i64>, Option<i64>) {
    let mut sb = None;
    let mut bbs = Vec::new();
    for a in posts {
        if a.kind == Kind::PostBigBlind {
            bbs.push(a.seat);
        } else if a.kind == Kind::PostSmallBlind && sb.is_none() {
            sb = Some(a.seat);
        }
    }
    if bbs.is_empty() {
        return (sb, None);
    }
    if bbs.len() == 1 {
        return (sb, Some(bbs[0]));
    }
    let start = sb.or(st.hand.button_seat);
    let Some(start) = start else {
        return (sb, Some(bbs[0]));
    };
    // min(bbs, key=(s - start - 1) % 100): the first of equal keys
    let mut best = bbs[0];
    for &s in &bbs[1..] {
        if (s - start - 1).rem_euclid(100) < (best - start - 1).rem_euclid(100) {
            best = s;
        }
    }
    (sb, Some(best))
}

pub(crate) fn line_of(posts: &[Action], seat: i64) -> i64 {
    // {a.seat: a.line for a in posts}.get(seat, 0): the last post of the seat
    posts
        .iter()
        .rev()
        .find(|a| a.seat == seat)
        .map_or(0, |a| a.line)
}

pub(crate) fn check_blind_positions(
    st: &State,
    sb: Option<i64>,
    bb: Option<i64>,
    posts: &[Action],
    out: &mut Out,
) {
    let Some(button) = st.hand.button_seat else {
        return;
    };
    let order = &st.order;
    if order.len() < 2 {
        return;
    }
    if order.len() == 2 {
        let other = if order[1] == button {
            order[0]
        } else {
            order[1]
        };
        if order.contains(&button) {
            if let Some(sb) = sb {
                if sb != button {
                    // The swap itself (button on the big blind) is what a table's move to
                    // heads-up looks like on sites that keep the blinds where they were.
                    let swap = sb == other && bb == Some(button) && st.rules.heads_up_swap_is_error;
                    let sev = if swap {
                        Severity::Error
                    } else {
                        Severity::Warning
                    };
                    out.push(finding(
                        "post_wrong_seat",
                        format!(
                            "{} posts the small blind heads-up on preflop: the button {} posts it",
                            st.who(sb),
                            st.who(button)
                        ),
                        line_of(posts, sb),
                        Some(sev),
                    ));
                }
            }
        }
        return;
    }
    let i = bisect_right(order, button);
    let ring: Vec<i64> = order.iter().chain(order.iter()).copied().collect();
    let after = &ring[i..(i + 2).min(ring.len())];
    if sb.is_none_or(|s| s == after[0]) && bb.is_none_or(|b| after.contains(&b)) {
        return;
    }
    if let Some(sb) = sb {
        if sb != after[0] {
            out.push(finding(
                "post_wrong_seat",
                format!(
                    "{} posts the small blind on preflop: the first seat left of the button (seat {}) is seat {}",
                    st.who(sb),
                    button,
                    after[0]
                ),
                line_of(posts, sb),
                None,
            ));
        }
    }
    if let Some(bb) = bb {
        if !after.contains(&bb) {
            let expected = if sb.is_some() { after[1] } else { after[0] };
            out.push(finding(
                "post_wrong_seat",
                format!(
                    "{} posts the big blind on preflop: expected seat {} (button seat {})",
                    st.who(bb),
                    expected,
                    button
                ),
                line_of(posts, bb),
                None,
            ));
        }
    }
}

pub(crate) fn check_can_act(st: &mut State, a: &Action, out: &mut Out) {
    let seat = a.seat;
    if st.is_folded(seat) {
        let money = Amounts::of(st.hand);
        out.push(money.finding(
            "acted_after_fold",
            format!("{} after folding", describe(st, a, &money)),
            a.line,
            None,
        ));
        return;
    }
    if st.stack(seat) <= 0 && st.contrib(seat) > 0 {
        if a.kind == Kind::Fold {
            let money = Amounts::of(st.hand);
            out.push(money.finding(
                "acted_after_all_in",
                format!(
                    "{} after going all-in: the chips are forfeited",
                    describe(st, a, &money)
                ),
                a.line,
                Some(Severity::Warning),
            ));
            st.fold(seat);
            return;
        }
        let money = Amounts::of(st.hand);
        if a.kind == Kind::Check
            && st.rules.forced_all_in_may_check
            && a.street == Street::Preflop
            && mget(&st.acted, seat).is_none()
        {
            // All in on a forced post, printed checking (Full Tilt's all-in antes): a check
            // moves nothing and decides nothing.
            out.push(money.finding(
                "acted_after_all_in",
                format!(
                    "{} after going all-in: a check moves nothing",
                    describe(st, a, &money)
                ),
                a.line,
                Some(Severity::Warning),
            ));
            return;
        }
        out.push(money.finding(
            "acted_after_all_in",
            format!("{} after going all-in", describe(st, a, &money)),
            a.line,
            None,
        ));
    }
}

/// Judges the turn (`checks.check_turn`); true for an advance fold (`advance_fold`): the
/// fold is the player's, taken when his turn comes, so the caller leaves the turn where it was.
pub(crate) fn check_turn(st: &mut State, a: &Action, out: &mut Out) -> bool {
    let after = st.last_actor.or(st.anchor);
    if after.is_none() && st.last_actor.is_none() {
        return false;
    }
    let mut expected = st.next_to_act(after);
    if expected == Some(a.seat) {
        return false;
    }
    if expected.is_some() && st.rules.leaver_after_post_folds {
        expected = fold_leavers(st, after, a.line, out);
        if expected == Some(a.seat) {
            return false;
        }
    }
    let advance = expected.is_some()
        && a.kind == Kind::Fold
        && st.rules.advance_fold
        && owes_a_decision(st, a.seat);
    let sev = if advance || (st.hand.fast_fold && a.kind == Kind::Fold) {
        Some(Severity::Warning)
    } else {
        None
    };
    let mut why = match expected {
        None => "the betting round was already closed".to_string(),
        Some(e) => format!("it was {}'s turn", st.who(e)),
    };
    if advance {
        why.push_str(" (an advance fold: taken when the turn comes)");
    }
    let money = Amounts::of(st.hand);
    out.push(money.finding(
        "out_of_turn",
        format!("{}: {}", describe(st, a, &money), why),
        a.line,
        sev,
    ));
    advance
}

/// Whether the round will still come to `seat`: it can bet and is below the bet or has not
/// acted on the street.
fn owes_a_decision(st: &State, seat: i64) -> bool {
    st.active.binary_search(&seat).is_ok()
        && (st.commit(seat) < st.current_bet || mget(&st.acted, seat).is_none())
}

pub(crate) fn check_call(st: &State, a: &Action, out: &mut Out) {
    let seat = a.seat;
    let (commit, stack) = (st.commit(seat), st.stack(seat));
    let owed = st.current_bet - commit;
    let expected = owed.min(stack);
    if a.amount > stack {
        let money = Amounts::of(st.hand);
        out.push(money.finding(
            "bet_exceeds_stack",
            format!(
                "{}: only {} behind",
                describe(st, a, &money),
                money.say(stack)
            ),
            a.line,
            None,
        ));
        return;
    }
    if owed <= 0 {
        let money = Amounts::of(st.hand);
        out.push(money.finding(
            "wrong_call_amount",
            format!("{}: there is nothing to call", describe(st, a, &money)),
            a.line,
            None,
        ));
        return;
    }
    if a.amount == expected {
        return;
    }
    if a.street == Street::Preflop {
        let posted = st.commit.iter().map(|x| x.1).max().unwrap_or(0);
        if a.amount == posted - commit {
            return;
        }
    }
    let money = Amounts::of(st.hand);
    out.push(money.finding(
        "wrong_call_amount",
        format!(
            "{}: the call is {} ({} to match, {} already in)",
            describe(st, a, &money),
            money.say(expected),
            money.say(st.current_bet),
            money.say(commit)
        ),
        a.line,
        None,
    ));
}

pub(crate) fn raise_target(st: &State, a: &Action, out: &mut Out) -> i64 {
    let commit = st.commit(a.seat);
    if a.kind == Kind::Bet {
        let to = commit + a.amount;
        if a.to != 0 && a.to != to {
            let money = Amounts::of(st.hand);
            out.push(money.finding(
                "raise_to_mismatch",
                format!(
                    "{}: the bet brings the total to {}, not {}",
                    describe(st, a, &money),
                    money.say(to),
                    money.say(a.to)
                ),
                a.line,
                None,
            ));
        }
        return to;
    }
    if a.to == 0 {
        return commit + a.amount;
    }
    if a.amount != 0 && a.to - commit != a.amount {
        let money = Amounts::of(st.hand);
        out.push(money.finding(
            "raise_to_mismatch",
            format!(
                "{}: raising to {} adds {} with {} already in, the log says {}",
                describe(st, a, &money),
                money.say(a.to),
                money.say(a.to - commit),
                money.say(commit),
                money.say(a.amount)
            ),
            a.line,
            None,
        ));
    }
    if let Some(by) = a.raise_by {
        // the increment over a bet in, or (converters' dialect) the chips the raiser adds
        if by != a.to - st.current_bet
            && by != a.to - st.commit(a.seat)
            && st
                .commit
                .iter()
                .all(|&(s, c)| !(s != a.seat && c > 0) || a.to - c != by)
        {
            let money = Amounts::of(st.hand);
            out.push(money.finding(
                "raise_to_mismatch",
                format!(
                    "{}: that raises the bet of {} by {}, the log says by {}",
                    describe(st, a, &money),
                    money.say(st.current_bet),
                    money.say(a.to - st.current_bet),
                    money.say(by)
                ),
                a.line,
                None,
            ));
        }
    }
    a.to
}

pub(crate) fn check_bet_or_raise(st: &State, a: &Action, to: i64, out: &mut Out) {
    let seat = a.seat;
    let bet = st.current_bet;
    let increment = to - bet;
    if st.limit == Limit::No
        && (a.kind == Kind::Raise) == (bet > 0)
        && to - st.commit(seat) <= st.stack(seat)
        && increment >= st.min_raise
        && increment > 0
        && mget(&st.acted, seat).is_none()
    {
        return;
    }
    judge_bet_or_raise(st, a, to, out);
}

pub(crate) const FIXED_LIMIT_CAP: i64 = 4;

pub(crate) fn judge_bet_or_raise(st: &State, a: &Action, to: i64, out: &mut Out) {
    let (seat, kind, line) = (a.seat, a.kind, a.line);
    let (commit, stack) = (st.commit(seat), st.stack(seat));
    let added = to - commit;
    let all_in = a.all_in || added >= stack;
    let facing = st.current_bet > 0;
    if kind == Kind::Bet && facing {
        let money = Amounts::of(st.hand);
        out.push(money.finding(
            "bet_when_facing_bet",
            format!(
                "{}: there is already a bet of {}, this is a raise",
                describe(st, a, &money),
                money.say(st.current_bet)
            ),
            line,
            None,
        ));
    } else if kind == Kind::Raise && !facing {
        let money = Amounts::of(st.hand);
        out.push(money.finding(
            "raise_without_bet",
            format!("{}: there is no bet to raise", describe(st, a, &money)),
            line,
            None,
        ));
    }
    if added > stack {
        let money = Amounts::of(st.hand);
        out.push(money.finding(
            "bet_exceeds_stack",
            format!(
                "{}: only {} behind",
                describe(st, a, &money),
                money.say(stack)
            ),
            line,
            None,
        ));
    }
    let increment = to - st.current_bet;
    if increment <= 0 {
        if !all_in {
            let money = Amounts::of(st.hand);
            out.push(money.finding(
                "raise_too_small",
                format!(
                    "{}: that does not exceed the current bet of {}",
                    describe(st, a, &money),
                    money.say(st.current_bet)
                ),
                line,
                None,
            ));
        }
        return;
    }
    let limit = st.limit;
    if limit == Limit::Fixed {
        let unit = st.unit();
        let nominal = (st.bets + 1) * unit;
        if increment != unit
            && !(to == nominal && st.current_bet < nominal)
            && !(all_in && increment < unit)
        {
            let money = Amounts::of(st.hand);
            out.push(money.finding(
                "fixed_limit_wrong_size",
                format!(
                    "{}: the {} bet size is {}, {} by {}",
                    describe(st, a, &money),
                    st.street.name(),
                    money.say(unit),
                    if !facing { "bet" } else { "raise" },
                    money.say(increment)
                ),
                line,
                None,
            ));
        }
        if st.bets >= FIXED_LIMIT_CAP {
            let heads_up = st.live().len() <= 2;
            let money = Amounts::of(st.hand);
            out.push(money.finding(
                "fixed_limit_cap",
                format!(
                    "{}: the betting is capped at {} bets{}",
                    describe(st, a, &money),
                    FIXED_LIMIT_CAP,
                    if heads_up {
                        " (heads-up: many sites lift the cap)"
                    } else {
                        ""
                    }
                ),
                line,
                if heads_up {
                    Some(Severity::Warning)
                } else {
                    None
                },
            ));
        }
    } else if increment < st.min_raise && !all_in {
        if facing {
            let minimum = st.current_bet + st.min_raise;
            let lenient = st.full_raise_level + st.min_raise;
            let site_rule = st.current_bet > st.full_raise_level && to >= lenient;
            let money = Amounts::of(st.hand);
            out.push(money.finding(
                "raise_too_small",
                format!(
                    "{}: minimum raise is to {}{}",
                    describe(st, a, &money),
                    money.say(minimum),
                    if site_rule {
                        format!(
                            " (the site measured it from the last full bet: at least {})",
                            money.say(lenient)
                        )
                    } else {
                        String::new()
                    }
                ),
                line,
                if site_rule {
                    Some(Severity::Warning)
                } else {
                    None
                },
            ));
        } else {
            let money = Amounts::of(st.hand);
            out.push(money.finding(
                "bet_too_small",
                format!(
                    "{}: minimum bet is {}",
                    describe(st, a, &money),
                    money.say(st.min_raise)
                ),
                line,
                None,
            ));
        }
    }
    if limit == Limit::Pot {
        let owed = st.current_bet - commit;
        let maximum = st.current_bet + st.pot_total() + owed;
        if to > maximum {
            let money = Amounts::of(st.hand);
            out.push(money.finding(
                "pot_limit_exceeded",
                format!(
                    "{}: the pot-limit maximum is {}{}",
                    describe(st, a, &money),
                    if facing { "to " } else { "" },
                    money.say(maximum)
                ),
                line,
                None,
            ));
        }
    }
    if facing {
        if let Some(level) = mget(&st.acted, seat) {
            let mut reopened =
                st.full_raise_level > level || st.current_bet - level >= st.min_raise;
            if limit == Limit::Fixed {
                reopened = st.full_raise_level > level || 2 * (st.current_bet - level) >= st.unit();
            }
            if !reopened {
                let money = Amounts::of(st.hand);
                out.push(money.finding(
                    "reopen_violation",
                    format!("{}: the raise to {} since this player acted at {} was a short all-in and did not reopen the betting", describe(st, a, &money), money.say(st.current_bet), money.say(level)),
                    line,
                    None,
                ));
            }
        }
    }
}

// ---- streets -----------------------------------------------------------------------------
