//! `replay(hand)`: the walk, the rules, the pots, the showdown and the reconciliation of
//! `pipeline/engine/` (replay.py, state.py, checks.py, streets.py, pots.py, showdown.py,
//! cards.py, reconcile.py), ported rule for rule with the same finding messages.
//!
//! Seats are few (ten at most on PokerStars), so every per-seat map is a small vector that
//! keeps the insertion order a Python dict would (messages list seats in that order).

use crate::codes::{finding, Finding, Severity};
use crate::model::*;

type Map = Vec<(i64, i64)>;

fn mget(m: &Map, s: i64) -> Option<i64> {
    m.iter().find(|x| x.0 == s).map(|x| x.1)
}
fn mset(m: &mut Map, s: i64, v: i64) {
    match m.iter_mut().find(|x| x.0 == s) {
        Some(x) => x.1 = v,
        None => m.push((s, v)),
    }
}
fn madd(m: &mut Map, s: i64, v: i64) {
    let cur = mget(m, s).unwrap_or(0);
    mset(m, s, cur + v);
}

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
}

struct State<'h> {
    hand: &'h Hand,
    order: Vec<i64>,
    stack: Map,
    commit: Map,
    contrib: Map,
    folded: Vec<i64>,
    acted: Map,
    street: Street,
    current_bet: i64,
    min_raise: i64,
    full_raise_level: i64,
    bets: i64,
    last_actor: Option<i64>,
    returned: Map,
    returned_dead: Map,
    voluntary_seen: bool,
    anchor: Option<i64>,
    limit: Limit,
    big_blind: i64,
    small_bet: i64,
    big_bet: i64,
    n_able: i64,
    active: Vec<i64>,
}

fn bisect_right(v: &[i64], x: i64) -> usize {
    v.partition_point(|&e| e <= x)
}

fn insort(v: &mut Vec<i64>, x: i64) {
    let i = bisect_right(v, x);
    v.insert(i, x);
}

fn remove(v: &mut Vec<i64>, x: i64) {
    if let Some(i) = v.iter().position(|&e| e == x) {
        v.remove(i);
    } else {
        panic!("list.remove(x): x not in list");
    }
}

impl<'h> State<'h> {
    fn new(hand: &'h Hand, in_hand: Vec<i64>) -> Self {
        let stack: Map = in_hand
            .iter()
            .map(|&s| {
                (
                    s,
                    hand.seats
                        .iter()
                        .find(|x| x.seat == s)
                        .map_or(0, |x| x.stack),
                )
            })
            .collect();
        let zeros: Map = in_hand.iter().map(|&s| (s, 0)).collect();
        let active: Vec<i64> = in_hand
            .iter()
            .copied()
            .filter(|&s| mget(&stack, s).unwrap() > 0)
            .collect();
        let limit = hand.limit;
        let st = &hand.stakes;
        let small_bet = if st.small_bet != 0 {
            st.small_bet
        } else {
            st.big_blind
        };
        let big_bet = if st.big_bet != 0 {
            st.big_bet
        } else {
            2 * small_bet
        };
        State {
            hand,
            n_able: active.len() as i64,
            active,
            order: in_hand,
            stack,
            commit: zeros.clone(),
            contrib: zeros,
            folded: Vec::new(),
            acted: Vec::new(),
            street: Street::Preflop,
            current_bet: 0,
            min_raise: if limit == Limit::Fixed {
                small_bet
            } else {
                st.big_blind
            },
            full_raise_level: 0,
            bets: 0,
            last_actor: None,
            returned: Vec::new(),
            returned_dead: Vec::new(),
            voluntary_seen: false,
            anchor: None,
            limit,
            big_blind: st.big_blind,
            small_bet,
            big_bet,
        }
    }

    fn name(&self, seat: i64) -> Option<&str> {
        // `{s.seat: s.player for s in hand.seats}`: the last seat of a number wins
        self.hand
            .seats
            .iter()
            .rev()
            .find(|s| s.seat == seat)
            .map(|s| s.player.as_str())
    }
    fn who(&self, seat: i64) -> String {
        match self.name(seat) {
            Some(n) if !n.is_empty() => format!("seat {seat} ({n})"),
            _ => format!("seat {seat}"),
        }
    }
    fn name_or_q(&self, seat: i64) -> String {
        self.name(seat).unwrap_or("?").to_string()
    }
    fn stack(&self, s: i64) -> i64 {
        mget(&self.stack, s).unwrap()
    }
    fn commit(&self, s: i64) -> i64 {
        mget(&self.commit, s).unwrap()
    }
    fn contrib(&self, s: i64) -> i64 {
        mget(&self.contrib, s).unwrap()
    }
    fn is_folded(&self, s: i64) -> bool {
        self.folded.contains(&s)
    }
    fn unit(&self) -> i64 {
        if self.limit == Limit::Fixed {
            if self.street <= Street::Flop {
                self.small_bet
            } else {
                self.big_bet
            }
        } else {
            self.big_blind
        }
    }
    fn live(&self) -> Vec<i64> {
        self.order
            .iter()
            .copied()
            .filter(|&s| !self.is_folded(s))
            .collect()
    }
    fn top_other(&self, seat: i64) -> i64 {
        self.commit
            .iter()
            .filter(|(s, _)| *s != seat && !self.is_folded(*s))
            .map(|x| x.1)
            .max()
            .unwrap_or(0)
    }
    fn pending(&self, seat: i64, able_count: i64) -> bool {
        if self.is_folded(seat) || self.stack(seat) <= 0 {
            return false;
        }
        let c = self.commit(seat);
        if c < self.current_bet {
            return able_count >= 2 || c < self.top_other(seat);
        }
        mget(&self.acted, seat).is_none() && able_count >= 2
    }
    fn next_to_act(&self, after: Option<i64>) -> Option<i64> {
        if self.active.is_empty() {
            return None;
        }
        let start = after.map_or(0, |a| bisect_right(&self.active, a));
        let bet = self.current_bet;
        let several = self.n_able >= 2;
        let n = self.active.len();
        for k in 0..n {
            let s = self.active[(start + k) % n];
            let c = self.commit(s);
            if c < bet {
                if several || c < self.top_other(s) {
                    return Some(s);
                }
            } else if several && mget(&self.acted, s).is_none() {
                return Some(s);
            }
        }
        None
    }
    fn pot_total(&self) -> i64 {
        self.contrib.iter().map(|x| x.1).sum()
    }

    // ---- unchecked transitions
    fn crossed(&mut self, seat: i64, after: i64) {
        if !self.is_folded(seat) {
            if after > 0 {
                insort(&mut self.active, seat);
            } else {
                remove(&mut self.active, seat);
            }
        }
    }
    fn put_in(&mut self, seat: i64, chips: i64, live: bool) {
        let before = self.stack(seat);
        let after = before - chips;
        mset(&mut self.stack, seat, after);
        if (before > 0) != (after > 0) {
            if before > 0 && !self.is_folded(seat) {
                self.n_able -= 1;
            }
            self.crossed(seat, after);
        }
        madd(&mut self.contrib, seat, chips);
        if live {
            madd(&mut self.commit, seat, chips);
        }
    }
    fn refund(&mut self, seat: i64, chips: i64) {
        let before = self.stack(seat);
        let after = before + chips;
        mset(&mut self.stack, seat, after);
        if (before > 0) != (after > 0) {
            if after > 0 && !self.is_folded(seat) {
                self.n_able += 1;
            }
            self.crossed(seat, after);
        }
        madd(&mut self.contrib, seat, -chips);
    }
    fn apply_post(&mut self, a: &Action) {
        let (seat, kind, chips) = (a.seat, a.kind, a.amount);
        self.put_in(seat, chips, false);
        if !matches!(
            kind,
            Kind::PostBigBlind | Kind::PostSmallBlind | Kind::PostStraddle
        ) {
            return;
        }
        let mut to = self.commit(seat) + chips;
        mset(&mut self.commit, seat, to);
        if kind == Kind::PostStraddle {
            if to > self.current_bet {
                self.min_raise = self.min_raise.max(to - self.current_bet);
                self.current_bet = to;
                self.full_raise_level = to;
                self.bets += 1;
            }
            self.anchor = Some(seat);
            return;
        }
        if kind == Kind::PostBigBlind && self.bets == 0 {
            self.bets = 1;
        }
        let nominal = if kind == Kind::PostBigBlind {
            self.big_blind
        } else {
            0
        };
        if nominal > to && (a.all_in || self.stack(seat) <= 0) {
            to = nominal;
        }
        if to > self.current_bet {
            self.current_bet = to;
            self.full_raise_level = to;
        }
    }
    fn fold(&mut self, seat: i64) {
        if !self.is_folded(seat) {
            self.folded.push(seat);
            if self.stack(seat) > 0 {
                self.n_able -= 1;
                remove(&mut self.active, seat);
            }
        }
    }
    fn apply_bet_or_raise(&mut self, a: &Action, to: i64) {
        let seat = a.seat;
        let c = self.commit(seat);
        self.put_in(seat, to - c, true);
        let mut bet = self.current_bet;
        let increment = to - bet;
        if increment > 0 {
            if self.limit == Limit::Fixed {
                if 2 * increment >= self.unit() {
                    self.full_raise_level = to;
                    self.bets += 1;
                }
            } else if increment >= self.min_raise {
                self.min_raise = increment;
                self.full_raise_level = to;
                self.bets += 1;
            }
            self.current_bet = to;
            bet = to;
        }
        mset(&mut self.acted, seat, bet);
        self.last_actor = Some(seat);
    }
    fn apply_return(&mut self, a: &Action) {
        let (seat, chips) = (a.seat, a.amount);
        self.refund(seat, chips);
        let any_commit = self.commit.iter().any(|x| x.1 != 0);
        let live = if any_commit || !self.returned.is_empty() {
            chips
        } else {
            chips.min(0.max(self.commit(seat)))
        };
        madd(&mut self.commit, seat, -live);
        if live != 0 {
            madd(&mut self.returned, seat, live);
        }
        if chips > live {
            madd(&mut self.returned_dead, seat, chips - live);
        }
        self.current_bet = self.commit.iter().map(|x| x.1).max().unwrap_or(0);
    }
    fn start_street(&mut self, street: Street) {
        self.street = street;
        for x in self.commit.iter_mut() {
            x.1 = 0;
        }
        self.acted.clear();
        self.returned.clear();
        self.returned_dead.clear();
        self.current_bet = 0;
        self.full_raise_level = 0;
        self.bets = 0;
        self.min_raise = self.unit();
        self.last_actor = None;
        self.anchor = self.hand.button_seat;
    }
}

// ---- checks ------------------------------------------------------------------------------

fn verb(kind: Kind) -> &'static str {
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

fn describe(st: &State, a: &Action) -> String {
    let v = verb(a.kind);
    let what = if a.kind == Kind::Raise {
        let to = if a.to != 0 {
            a.to
        } else {
            mget(&st.commit, a.seat).unwrap_or(0) + a.amount
        };
        format!("{v} to {to}")
    } else if a.amount != 0 {
        format!("{v} {}", a.amount)
    } else {
        v.to_string()
    };
    format!("{} {} on {}", st.who(a.seat), what, a.street.name())
}

type Out = Vec<Finding>;

fn check_post_amount(st: &State, a: &Action, out: &mut Out) {
    let stakes = &st.hand.stakes;
    let (kind, amount, seat) = (a.kind, a.amount, a.seat);
    let behind = mget(&st.stack, seat).unwrap_or(0);
    let all_in = a.all_in || amount >= behind;
    if st.voluntary_seen && a.street == Street::Preflop {
        out.push(finding(
            "post_after_action",
            format!("{} after the betting started", describe(st, a)),
            a.line,
            None,
        ));
    }
    if amount > behind {
        out.push(finding(
            "bet_exceeds_stack",
            format!("{}: only {} behind", describe(st, a), behind),
            a.line,
            None,
        ));
    }
    let expected: Vec<i64> = match kind {
        Kind::PostSmallBlind => vec![stakes.small_blind],
        Kind::PostBigBlind => vec![stakes.big_blind],
        Kind::PostDead => vec![stakes.small_blind, stakes.big_blind],
        Kind::PostAnte => vec![stakes.ante],
        _ => {
            let need = 2 * st.current_bet.max(stakes.big_blind);
            if amount + mget(&st.commit, seat).unwrap_or(0) < need && !all_in {
                out.push(finding(
                    "post_wrong_amount",
                    format!("{}: a straddle is at least {}", describe(st, a), need),
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
    let shown: Vec<String> = expected
        .iter()
        .filter(|&&e| e != 0)
        .map(|e| e.to_string())
        .collect();
    out.push(finding(
        "post_wrong_amount",
        format!("{}: the stakes say {}", describe(st, a), shown.join(" or ")),
        a.line,
        sev,
    ));
}

fn blind_seats(st: &State, posts: &[Action]) -> (Option<i64>, Option<i64>) {
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

fn line_of(posts: &[Action], seat: i64) -> i64 {
    // {a.seat: a.line for a in posts}.get(seat, 0): the last post of the seat
    posts
        .iter()
        .rev()
        .find(|a| a.seat == seat)
        .map_or(0, |a| a.line)
}

fn check_blind_positions(
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
                    let sev = if sb == other && bb == Some(button) {
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

fn check_can_act(st: &mut State, a: &Action, out: &mut Out) {
    let seat = a.seat;
    if st.is_folded(seat) {
        out.push(finding(
            "acted_after_fold",
            format!("{} after folding", describe(st, a)),
            a.line,
            None,
        ));
        return;
    }
    if st.stack(seat) <= 0 && st.contrib(seat) > 0 {
        if a.kind == Kind::Fold {
            out.push(finding(
                "acted_after_all_in",
                format!(
                    "{} after going all-in: the chips are forfeited",
                    describe(st, a)
                ),
                a.line,
                Some(Severity::Warning),
            ));
            st.fold(seat);
            return;
        }
        out.push(finding(
            "acted_after_all_in",
            format!("{} after going all-in", describe(st, a)),
            a.line,
            None,
        ));
    }
}

fn check_turn(st: &State, a: &Action, out: &mut Out) {
    let after = st.last_actor.or(st.anchor);
    if after.is_none() && st.last_actor.is_none() {
        return;
    }
    let expected = st.next_to_act(after);
    if expected == Some(a.seat) {
        return;
    }
    let sev = if st.hand.fast_fold && a.kind == Kind::Fold {
        Some(Severity::Warning)
    } else {
        None
    };
    let why = match expected {
        None => "the betting round was already closed".to_string(),
        Some(e) => format!("it was {}'s turn", st.who(e)),
    };
    out.push(finding(
        "out_of_turn",
        format!("{}: {}", describe(st, a), why),
        a.line,
        sev,
    ));
}

fn check_call(st: &State, a: &Action, out: &mut Out) {
    let seat = a.seat;
    let (commit, stack) = (st.commit(seat), st.stack(seat));
    let owed = st.current_bet - commit;
    let expected = owed.min(stack);
    if a.amount > stack {
        out.push(finding(
            "bet_exceeds_stack",
            format!("{}: only {} behind", describe(st, a), stack),
            a.line,
            None,
        ));
        return;
    }
    if owed <= 0 {
        out.push(finding(
            "wrong_call_amount",
            format!("{}: there is nothing to call", describe(st, a)),
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
    out.push(finding(
        "wrong_call_amount",
        format!(
            "{}: the call is {} ({} to match, {} already in)",
            describe(st, a),
            expected,
            st.current_bet,
            commit
        ),
        a.line,
        None,
    ));
}

fn raise_target(st: &State, a: &Action, out: &mut Out) -> i64 {
    let commit = st.commit(a.seat);
    if a.kind == Kind::Bet {
        let to = commit + a.amount;
        if a.to != 0 && a.to != to {
            out.push(finding(
                "raise_to_mismatch",
                format!(
                    "{}: the bet brings the total to {}, not {}",
                    describe(st, a),
                    to,
                    a.to
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
        out.push(finding(
            "raise_to_mismatch",
            format!(
                "{}: raising to {} adds {} with {} already in, the log says {}",
                describe(st, a),
                a.to,
                a.to - commit,
                commit,
                a.amount
            ),
            a.line,
            None,
        ));
    }
    if let Some(by) = a.raise_by {
        if by != a.to - st.current_bet
            && st
                .commit
                .iter()
                .all(|&(s, c)| !(s != a.seat && c > 0) || a.to - c != by)
        {
            out.push(finding(
                "raise_to_mismatch",
                format!(
                    "{}: that raises the bet of {} by {}, the log says by {}",
                    describe(st, a),
                    st.current_bet,
                    a.to - st.current_bet,
                    by
                ),
                a.line,
                None,
            ));
        }
    }
    a.to
}

fn check_bet_or_raise(st: &State, a: &Action, to: i64, out: &mut Out) {
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

const FIXED_LIMIT_CAP: i64 = 4;

fn judge_bet_or_raise(st: &State, a: &Action, to: i64, out: &mut Out) {
    let (seat, kind, line) = (a.seat, a.kind, a.line);
    let (commit, stack) = (st.commit(seat), st.stack(seat));
    let added = to - commit;
    let all_in = a.all_in || added >= stack;
    let facing = st.current_bet > 0;
    if kind == Kind::Bet && facing {
        out.push(finding(
            "bet_when_facing_bet",
            format!(
                "{}: there is already a bet of {}, this is a raise",
                describe(st, a),
                st.current_bet
            ),
            line,
            None,
        ));
    } else if kind == Kind::Raise && !facing {
        out.push(finding(
            "raise_without_bet",
            format!("{}: there is no bet to raise", describe(st, a)),
            line,
            None,
        ));
    }
    if added > stack {
        out.push(finding(
            "bet_exceeds_stack",
            format!("{}: only {} behind", describe(st, a), stack),
            line,
            None,
        ));
    }
    let increment = to - st.current_bet;
    if increment <= 0 {
        if !all_in {
            out.push(finding(
                "raise_too_small",
                format!(
                    "{}: that does not exceed the current bet of {}",
                    describe(st, a),
                    st.current_bet
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
            out.push(finding(
                "fixed_limit_wrong_size",
                format!(
                    "{}: the {} bet size is {}, {} by {}",
                    describe(st, a),
                    st.street.name(),
                    unit,
                    if !facing { "bet" } else { "raise" },
                    increment
                ),
                line,
                None,
            ));
        }
        if st.bets >= FIXED_LIMIT_CAP {
            let heads_up = st.live().len() <= 2;
            out.push(finding(
                "fixed_limit_cap",
                format!(
                    "{}: the betting is capped at {} bets{}",
                    describe(st, a),
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
            out.push(finding(
                "raise_too_small",
                format!(
                    "{}: minimum raise is to {}{}",
                    describe(st, a),
                    minimum,
                    if site_rule {
                        format!(
                            " (the site measured it from the last full bet: at least {lenient})"
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
            out.push(finding(
                "bet_too_small",
                format!("{}: minimum bet is {}", describe(st, a), st.min_raise),
                line,
                None,
            ));
        }
    }
    if limit == Limit::Pot {
        let owed = st.current_bet - commit;
        let maximum = st.current_bet + st.pot_total() + owed;
        if to > maximum {
            out.push(finding(
                "pot_limit_exceeded",
                format!(
                    "{}: the pot-limit maximum is {}{}",
                    describe(st, a),
                    if facing { "to " } else { "" },
                    maximum
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
                out.push(finding(
                    "reopen_violation",
                    format!(
                        "{}: the raise to {} since this player acted at {} was a short all-in and did not reopen the betting",
                        describe(st, a),
                        st.current_bet,
                        level
                    ),
                    line,
                    None,
                ));
            }
        }
    }
}

// ---- streets -----------------------------------------------------------------------------

fn check_round_closed(st: &State, next: Street, line: i64, out: &mut Out) {
    if st.folded.len() + 1 >= st.order.len() || st.next_to_act(None).is_none() {
        return;
    }
    let owing: Vec<String> = st
        .order
        .iter()
        .filter(|&&s| st.pending(s, st.n_able))
        .map(|&s| {
            format!(
                "{} ({} in against {})",
                st.who(s),
                st.commit(s),
                st.current_bet
            )
        })
        .collect();
    out.push(finding(
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

fn check_skipped_street(st: &State, street: Street, line: i64, out: &mut Out) {
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
type Missing = (i64, i64, i64, Street, i64);

fn check_uncalled(st: &State, line: i64, out: &mut Out) -> Option<Missing> {
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
            let why = if Some(s) != best_seat {
                match best_seat {
                    Some(b) => format!("it was not the largest bet (largest: {})", st.who(b)),
                    None => "there was no bet".to_string(),
                }
            } else {
                format!("the uncalled amount is {due}")
            };
            out.push(finding(
                "uncalled_bet_wrong",
                format!(
                    "uncalled bet of {} returned to {} on {}: {}",
                    chips,
                    st.who(s),
                    street,
                    why
                ),
                line,
                None,
            ));
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
        if best > 0 || st.contrib(s) != others {
            let why = if best > 0 {
                format!(
                    "{} more than the bet of {} it made",
                    chips,
                    st.commit(s) + mget(&st.returned, s).unwrap_or(0)
                )
            } else {
                format!(
                    "that leaves {} in against at most {} from the others",
                    st.contrib(s),
                    others
                )
            };
            out.push(finding(
                "uncalled_bet_wrong",
                format!(
                    "uncalled bet of {} returned to {} on {}: {}",
                    chips,
                    st.who(s),
                    street,
                    why
                ),
                line,
                None,
            ));
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

fn report_missing_return(st: &State, m: Missing, how: &str, out: &mut Out) {
    let (seat, due, best, street, line) = m;
    let street = street.name();
    let (msg, sev) = match how {
        "returned" => (
            format!(
                "{} bet {} on {}, {} more than anyone matched: the log prints no return but the site's total pot shows {} was given back",
                st.who(seat), best, street, due, due
            ),
            Some(Severity::Info),
        ),
        "kept" => (
            format!(
                "{} bet {} on {}, {} more than anyone matched: the site left the {} in the pot and paid it back to its owner with the pot",
                st.who(seat), best, street, due, due
            ),
            Some(Severity::Info),
        ),
        _ => (
            format!(
                "{} bet {} on {}, {} more than anyone matched, but no uncalled bet was returned",
                st.who(seat), best, street, due
            ),
            None,
        ),
    };
    out.push(finding("uncalled_bet_wrong", msg, line, sev));
}

// ---- the walk ----------------------------------------------------------------------------

struct Walk {
    posts: Vec<Action>,
    begun: bool,
    missing: Vec<Missing>,
}

fn begin_betting(st: &mut State, w: &mut Walk, out: &mut Out) {
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
    st.anchor = straddle.or(bb).or(sb).or(st.hand.button_seat);
}

fn nominal_big_blind(st: &mut State, sb: Option<i64>) -> Option<i64> {
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

fn advance(st: &mut State, w: &mut Walk, street: Street, line: i64, out: &mut Out) {
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

fn settle_missing_returns(st: &mut State, w: &Walk, out: &mut Out) {
    if w.missing.is_empty() {
        return;
    }
    let report = &st.hand.report;
    let printed = report.total_pot;
    let pot = st.pot_total();
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

fn paid_back(st: &State, w: &Walk, printed: i64) -> bool {
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

fn walk_actions(st: &mut State, w: &mut Walk, out: &mut Out) {
    let hand = st.hand;
    let stakes = &hand.stakes;
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
            out.push(finding(
                "negative_amount",
                format!("{}: an amount cannot be negative", describe(st, a)),
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
                out.push(finding(
                    "out_of_turn",
                    format!("{} after {} began", describe(st, a), st.street.name()),
                    a.line,
                    None,
                ));
            }
        }
        if kind.is_post() {
            let stake = match kind {
                Kind::PostSmallBlind => stakes.small_blind,
                Kind::PostBigBlind => stakes.big_blind,
                Kind::PostAnte => stakes.ante,
                _ => -1,
            };
            if st.voluntary_seen || a.amount > st.stack(seat) || a.amount != stake {
                check_post_amount(st, a, out);
            }
            st.apply_post(a);
            w.posts.push(a.clone());
            continue;
        }
        if !st.voluntary_seen {
            if !w.begun {
                begin_betting(st, w, out);
            }
            st.voluntary_seen = true;
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
        let after = st.last_actor.or(st.anchor);
        if let Some(after_seat) = after {
            let fast = behind > 0
                && st.n_able >= 2
                && !st.active.is_empty()
                && st.active[bisect_right(&st.active, after_seat) % st.active.len()] == seat
                && (st.commit(seat) < st.current_bet || mget(&st.acted, seat).is_none());
            if !fast && st.next_to_act(Some(after_seat)) != Some(seat) {
                check_turn(st, a, out);
            }
        }
        match kind {
            Kind::Fold => {
                st.folded.push(seat);
                if behind > 0 {
                    st.n_able -= 1;
                    remove(&mut st.active, seat);
                }
                st.last_actor = Some(seat);
            }
            Kind::Check => {
                if st.current_bet > st.commit(seat) {
                    let owed = st.current_bet - st.commit(seat);
                    out.push(finding(
                        "illegal_check",
                        format!(
                            "{} facing a bet of {} ({} to call)",
                            describe(st, a),
                            st.current_bet,
                            owed
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

/// (seat, cards) as the log last printed them, and the seats that mucked unseen.
fn gathered(hand: &Hand) -> (Vec<(i64, Cards)>, Vec<i64>) {
    let mut known: Vec<(i64, Cards)> = Vec::new();
    for s in &hand.seats {
        if let Some(h) = &s.hole {
            if !h.is_empty() {
                set_cards(&mut known, s.seat, h.clone());
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
            set_cards(&mut known, a.seat, a.cards.clone());
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

fn set_cards(v: &mut Vec<(i64, Cards)>, s: i64, c: Cards) {
    match v.iter_mut().find(|x| x.0 == s) {
        Some(x) => x.1 = c,
        None => v.push((s, c)),
    }
}

fn read_cards(hand: &Hand, out: &mut Out) -> (Vec<(i64, Cards)>, Vec<i64>) {
    let (mut known, muck) = gathered(hand);
    if hand.boards.len() <= 1 {
        let mut cards: Cards = hand.boards.first().cloned().unwrap_or_default();
        let mut all_two = true;
        for (_, h) in &known {
            if h.len() != 2 {
                all_two = false;
                break;
            }
            cards.extend(h);
        }
        if all_two {
            let mut seen = 0u64;
            let mut dup = false;
            for &c in &cards {
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

fn check_duplicate_cards(hand: &Hand, known: &[(i64, Cards)], out: &mut Out) {
    if hand.boards.len() <= 1 {
        let mut cards: Cards = hand.boards.first().cloned().unwrap_or_default();
        for (_, h) in known {
            cards.extend(h);
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
        for &c in cards {
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

fn check_boards(hand: &Hand, last: Street, showdown: bool, out: &mut Out) {
    const SIZE: [usize; 5] = [0, 3, 4, 5, 5];
    const ENDED: [&str; 5] = ["preflop", "the flop", "the turn", "the river", "showdown"];
    let expected = if showdown { 5 } else { SIZE[last as usize] };
    let empty = vec![Vec::new()];
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

/// `pots.slices`: (amounts, eligible seats) by contribution level.
fn slices(contrib: &Map, live: &[i64], all_in: &[i64], total: i64) -> (Vec<i64>, Vec<Vec<i64>>) {
    if live.is_empty() {
        return if total != 0 {
            (vec![total], vec![vec![]])
        } else {
            (vec![], vec![])
        };
    }
    if all_in.is_empty() {
        return (vec![total], vec![live.to_vec()]);
    }
    let c = |s: i64| mget(contrib, s).unwrap();
    let top = live.iter().map(|&s| c(s)).max().unwrap();
    let mut levels: Vec<i64> = live
        .iter()
        .filter(|&&s| all_in.contains(&s) && c(s) < top)
        .map(|&s| c(s))
        .collect();
    levels.sort();
    levels.dedup();
    levels.push(top);
    let mut chips: Vec<i64> = contrib.iter().map(|x| x.1).collect();
    chips.sort();
    let n = chips.len();
    let mut amounts: Vec<i64> = Vec::new();
    let mut eligibles: Vec<Vec<i64>> = Vec::new();
    let mut low = 0i64;
    let last = levels.len() - 1;
    for (i, &high) in levels.iter().enumerate() {
        let above_low = bisect_right(&chips, low);
        let amount = if i == last {
            chips[above_low..].iter().sum::<i64>() - low * (n - above_low) as i64
        } else {
            let upto = above_low + bisect_right(&chips[above_low..], high);
            chips[above_low..upto].iter().sum::<i64>() - low * (upto - above_low) as i64
                + (high - low) * (n - upto) as i64
        };
        let eligible: Vec<i64> = live
            .iter()
            .copied()
            .filter(|&s| c(s) >= high || !all_in.contains(&s))
            .collect();
        if eligibles.last() == Some(&eligible) {
            *amounts.last_mut().unwrap() += amount;
        } else if amount > 0 || eligibles.is_empty() {
            amounts.push(amount);
            eligibles.push(eligible);
        }
        low = high;
    }
    (amounts, eligibles)
}

struct Award {
    payout: Map,
    gross: Map,
    winners: Vec<Vec<i64>>,
    net_amounts: Vec<i64>,
    unverified: Vec<(usize, Vec<i64>)>,
}

fn clockwise_from_button(seats: &[i64], button: Option<i64>) -> Vec<i64> {
    let mut ordered = seats.to_vec();
    ordered.sort();
    match button {
        None => ordered,
        Some(b) => ordered
            .iter()
            .copied()
            .filter(|&s| s > b)
            .chain(ordered.iter().copied().filter(|&s| s <= b))
            .collect(),
    }
}

#[allow(clippy::too_many_arguments)]
fn award(
    amounts: &[i64],
    eligibles: &[Vec<i64>],
    boards_in: &[Cards],
    known: &[(i64, Cards)],
    button: Option<i64>,
    deduction: i64,
    mucked: &[i64],
) -> Result<Award, &'static str> {
    let mut r = Award {
        payout: vec![],
        gross: vec![],
        winners: vec![],
        net_amounts: vec![],
        unverified: vec![],
    };
    let raked = deduction != 0;
    let mut rankable: Option<bool> = None;
    let mut boards: Vec<Cards> = boards_in.to_vec();
    let mut left = deduction;
    let mut ranks: Vec<Vec<(i64, crate::eval::Strength)>> = Vec::new();
    for (index, &full) in amounts.iter().enumerate() {
        let mut amount = full;
        if left != 0 {
            let take = left.min(full);
            left -= take;
            amount = full - take;
        }
        r.net_amounts.push(amount);
        let mut eligible = eligibles[index].clone();
        let pay_one = |r: &mut Award, seat: i64| {
            madd(&mut r.payout, seat, amount);
            if raked {
                madd(&mut r.gross, seat, full);
            }
        };
        if eligible.len() == 1 {
            pay_one(&mut r, eligible[0]);
            r.winners.push(eligible);
            continue;
        }
        if eligible.is_empty() {
            r.winners.push(vec![]);
            continue;
        }
        if !mucked.is_empty() {
            let live: Vec<i64> = eligible
                .iter()
                .copied()
                .filter(|s| !mucked.contains(s))
                .collect();
            if live.len() == 1 {
                pay_one(&mut r, live[0]);
                r.winners.push(live);
                continue;
            }
            if !live.is_empty() {
                eligible = live;
            }
        }
        if rankable.is_none() {
            if boards.len() != 1 || boards[0].len() != 5 {
                boards.retain(|b| !b.is_empty());
                if boards.is_empty() {
                    boards.push(vec![]);
                }
            }
            rankable = Some(boards.iter().all(|b| b.len() == 5));
            ranks = vec![Vec::new(); boards.len()];
        }
        let has = |s: &i64| known.iter().any(|k| k.0 == *s);
        if !rankable.unwrap() || !eligible.iter().all(has) {
            let missing: Vec<i64> = eligible.iter().copied().filter(|s| !has(s)).collect();
            r.unverified.push((index, missing));
            r.winners.push(vec![]);
            continue;
        }
        let mut per_board: Vec<Vec<i64>> = Vec::new();
        for (b, board) in boards.iter().enumerate() {
            let mut got = Vec::with_capacity(eligible.len());
            for &s in &eligible {
                let strength = match ranks[b].iter().find(|x| x.0 == s) {
                    Some(x) => x.1,
                    None => {
                        let hole = &known.iter().find(|k| k.0 == s).unwrap().1;
                        let Some(v) = crate::eval::strength(board, hole) else {
                            return Err("unrankable_cards");
                        };
                        ranks[b].push((s, v));
                        v
                    }
                };
                got.push(strength);
            }
            let top = *got.iter().max().unwrap();
            let winners: Vec<i64> = eligible
                .iter()
                .zip(&got)
                .filter(|(_, g)| **g == top)
                .map(|(s, _)| *s)
                .collect();
            per_board.push(if winners.len() == 1 {
                winners
            } else {
                clockwise_from_button(&winners, button)
            });
        }
        if per_board[0].len() == 1 && per_board.len() == 1 {
            let seat = per_board[0][0];
            pay_one(&mut r, seat);
            r.winners.push(vec![seat]);
            continue;
        }
        let n_boards = per_board.len() as i64;
        for (b, winners) in per_board.iter().enumerate() {
            let targets: Vec<(bool, i64)> = if raked {
                vec![(false, amount), (true, full)]
            } else {
                vec![(false, amount)]
            };
            for (is_gross, chips) in targets {
                let share = chips.div_euclid(n_boards);
                let first_extra = chips.rem_euclid(n_boards);
                let board_amount = share + if b == 0 { first_extra } else { 0 };
                let k = winners.len() as i64;
                let (each, odd) = (board_amount.div_euclid(k), board_amount.rem_euclid(k));
                for (i, &w) in winners.iter().enumerate() {
                    let won = each + if (i as i64) < odd { 1 } else { 0 };
                    madd(
                        if is_gross {
                            &mut r.gross
                        } else {
                            &mut r.payout
                        },
                        w,
                        won,
                    );
                }
            }
        }
        let mut all: Vec<i64> = per_board.iter().flatten().copied().collect();
        all.sort();
        all.dedup();
        r.winners.push(all);
    }
    if !raked {
        r.gross = r.payout.clone();
    }
    Ok(r)
}

// ---- reconciliation ----------------------------------------------------------------------

fn pot_name(i: usize) -> String {
    if i == 0 {
        "main pot".to_string()
    } else {
        format!("side pot {i}")
    }
}

fn deduction(hand: &Hand, total: i64, paid: i64) -> i64 {
    let rep = &hand.report;
    let fees: i64 = rep.fees.iter().map(|f| f.1).sum();
    if let Some(rake) = rep.rake {
        return rake + fees;
    }
    if !rep.collections.is_empty() {
        let paid = paid + rep.cash_outs.iter().map(|c| c.amount).sum::<i64>();
        return 0.max(total.min(rep.total_pot.unwrap_or(total) - paid));
    }
    fees
}

fn check_totals(hand: &Hand, total: i64, ded: i64, out: &mut Out) {
    let rep = &hand.report;
    if let Some(tp) = rep.total_pot {
        if tp != total {
            out.push(finding(
                "total_pot_mismatch",
                format!("the site's total pot is {tp}, the chips put in (less uncalled bets) come to {total}"),
                0,
                None,
            ));
        }
    }
    if let Some(rake) = rep.rake {
        if rake < 0 || ded > total.max(rep.total_pot.unwrap_or(0)) {
            out.push(finding(
                "rake_mismatch",
                format!(
                    "rake {} plus fees {} cannot come out of a pot of {}",
                    rake,
                    ded - rake,
                    total
                ),
                0,
                None,
            ));
        }
    }
}

fn split_at_levels(printed: &[i64], amounts: &[i64], contrib: &Map, cut: &[i64], ded: i64) -> bool {
    let s: i64 = amounts.iter().sum();
    let p: i64 = printed.iter().sum();
    if p != s && p != s - ded {
        return false;
    }
    let mut levels: Vec<i64> = cut.to_vec();
    levels.push(contrib.iter().map(|x| x.1).max().unwrap_or(0));
    levels.sort();
    levels.dedup();
    let mut ours = Vec::new();
    let mut low = 0;
    for &high in &levels {
        ours.push(
            contrib
                .iter()
                .filter(|x| x.1 > low)
                .map(|x| x.1.min(high) - low)
                .sum::<i64>(),
        );
        low = high;
    }
    ours.retain(|&a| a > 0);
    if ours.len() != printed.len() {
        return false;
    }
    let diffs: Vec<i64> = ours.iter().zip(printed).map(|(a, p)| a - p).collect();
    let sum: i64 = diffs.iter().sum();
    diffs.iter().all(|&d| 0 <= d && d <= ded) && (sum == 0 || sum == ded)
}

fn check_side_pots(
    st: &State,
    gross: &[i64],
    eligibles: &[Vec<i64>],
    net: &[i64],
    ded: i64,
    out: &mut Out,
) {
    let mut sorted = st.hand.report.pots.clone();
    sorted.sort_by_key(|p| p.0);
    let printed: Vec<i64> = sorted.iter().map(|p| p.1).collect();
    if printed.is_empty() || printed == gross || printed == net {
        return;
    }
    if st
        .folded
        .iter()
        .any(|&s| st.stack(s) <= 0 && st.contrib(s) > 0)
    {
        let mut cut: Vec<i64> = st
            .contrib
            .iter()
            .filter(|&&(s, c)| st.stack(s) <= 0 && c > 0)
            .map(|x| x.1)
            .collect();
        cut.sort();
        cut.dedup();
        if split_at_levels(&printed, gross, &st.contrib, &cut, ded) {
            return;
        }
    }
    if printed.len() == gross.len() {
        let diffs: Vec<i64> = gross.iter().zip(&printed).map(|(g, p)| g - p).collect();
        let sum: i64 = diffs.iter().sum();
        if diffs.iter().all(|&d| 0 <= d && d <= ded) && (sum == 0 || sum == ded) {
            return;
        }
        for (i, (&g, &p)) in gross.iter().zip(&printed).enumerate() {
            if g != p && net[i] != p {
                let el: Vec<String> = eligibles[i].iter().map(|s| s.to_string()).collect();
                out.push(finding(
                    "side_pot_mismatch",
                    format!(
                        "the site's {} is {}, recomputed {} ({} after rake) for seats {}",
                        pot_name(i),
                        p,
                        g,
                        net[i],
                        el.join(", ")
                    ),
                    0,
                    None,
                ));
            }
        }
        return;
    }
    let total: i64 = gross.iter().sum();
    let ps: i64 = printed.iter().sum();
    let same = ps == total || ps == total - ded;
    let j = |v: &[i64]| {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    out.push(finding(
        "side_pot_mismatch",
        format!(
            "the site printed {} pots ({}), the engine computed {} ({})",
            printed.len(),
            j(&printed),
            gross.len(),
            j(gross)
        ),
        0,
        if same { Some(Severity::Warning) } else { None },
    ));
}

fn check_distribution(
    hand: &Hand,
    total: i64,
    ded: i64,
    out: &mut Out,
    withheld: (i64, i64),
    paid: i64,
) -> bool {
    let rep = &hand.report;
    if rep.collections.is_empty() && rep.total_pot.is_none() {
        return true;
    }
    let target = rep.total_pot.unwrap_or(total);
    if paid + ded == target {
        return true;
    }
    let sev = if !rep.cash_outs.is_empty() {
        let cashed: i64 = rep.cash_outs.iter().map(|c| c.amount).sum();
        let cash_fees: i64 = rep.cash_outs.iter().map(|c| c.fee).sum();
        if target == paid + ded + cashed || target == paid + ded + cash_fees {
            return true;
        }
        let kept = target - paid - ded;
        let (net, full) = withheld;
        if full != 0 && (kept == net || (full - ded <= kept && kept <= full)) {
            return true;
        }
        Some(Severity::Warning)
    } else {
        None
    };
    out.push(finding(
        "pot_not_distributed",
        format!(
            "collected {} + rake and fees {} = {}, the total pot is {}",
            paid,
            ded,
            paid + ded,
            target
        ),
        0,
        sev,
    ));
    false
}

#[allow(clippy::too_many_arguments)]
fn check_collections(
    st: &State,
    payout: &Map,
    gross: &Map,
    ded: i64,
    skip: &[i64],
    site: &Map,
    out: &mut Out,
) -> Map {
    let same = site.len() == payout.len() && site.iter().all(|&(s, v)| mget(payout, s) == Some(v));
    if skip.is_empty() && same {
        return site.clone();
    }
    let mut won: Map = Vec::new();
    let lone = gross.iter().filter(|x| x.1 > 0).count() <= 1;
    let mut seats: Vec<i64> = payout
        .iter()
        .chain(site.iter())
        .chain(gross.iter())
        .map(|x| x.0)
        .collect();
    seats.sort();
    seats.dedup();
    for seat in seats {
        let got = mget(site, seat).unwrap_or(0);
        if skip.contains(&seat) {
            mset(&mut won, seat, got);
            continue;
        }
        let (net, full) = (
            mget(payout, seat).unwrap_or(0),
            mget(gross, seat).unwrap_or(0),
        );
        if got == net || (!lone && full - ded <= got && got <= full) {
            mset(&mut won, seat, got);
            continue;
        }
        mset(&mut won, seat, net);
        let extra = if ded != 0 && full != net {
            format!(" ({full} before rake and fees of {ded})")
        } else {
            String::new()
        };
        out.push(finding(
            "collected_mismatch",
            format!(
                "seat {} ({}) collected {}, the engine pays {}{}",
                seat,
                st.name_or_q(seat),
                got,
                net,
                extra
            ),
            0,
            None,
        ));
    }
    won
}

/// Replay `hand` through the rules; `Err` (a deferral reason) where this port cannot decide
/// exactly as the Python engine does.
pub fn replay(hand: &Hand) -> Result<Replay, &'static str> {
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
fn settle(
    hand: &Hand,
    st: &State,
    live: &[i64],
    showdown: bool,
    known: &[(i64, Cards)],
    muck: &[i64],
    mut out: Out,
) -> Result<Replay, &'static str> {
    let contrib = &st.contrib;
    let rep = &hand.report;
    let chips: i64 = contrib.iter().map(|x| x.1).sum();
    let total = chips;
    let all_in: Vec<i64> = live
        .iter()
        .copied()
        .filter(|s| !st.active.contains(s))
        .collect();
    let (amounts, eligibles) = if contrib.iter().any(|x| x.1 < 0) {
        let floor: Map = contrib.iter().map(|&(s, c)| (s, c.max(0))).collect();
        let t = floor.iter().map(|x| x.1).sum();
        slices(&floor, live, &all_in, t)
    } else {
        slices(contrib, live, &all_in, chips)
    };
    let mut site: Map = Vec::new();
    for c in &rep.collections {
        madd(&mut site, c.seat, c.amount);
    }
    let paid: i64 = site.iter().map(|x| x.1).sum();
    let ded = deduction(hand, total, paid);
    let mucked: Vec<i64> = muck
        .iter()
        .copied()
        .filter(|s| !all_in.contains(s))
        .collect();
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
        out.push(finding(
            "payout_unverified",
            format!(
                "{} of {} (seats {}): {}; the site's collections are taken as the payout",
                pot_name(*index),
                amounts[*index],
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
            out.push(finding(
                "cash_out",
                format!(
                    "seat {} ({}) cashed out for {}{}: the site paid the cash-out instead of the pot share",
                    co.seat,
                    st.name_or_q(co.seat),
                    co.amount,
                    if co.fee != 0 { format!(" (fee {})", co.fee) } else { String::new() }
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
    let distributed = check_distribution(hand, total, ded, &mut out, withheld, paid);
    let site_reported = !rep.collections.is_empty() || rep.total_pot.is_some();
    if showdown && rep.collections.is_empty() && total > 0 && cash_outs.is_empty() {
        out.push(finding(
            "no_collections",
            format!(
                "the site printed no winner for the pot of {}{}: the payout cannot be compared",
                total,
                if showdown { " after the showdown" } else { "" }
            ),
            0,
            None,
        ));
    }
    let won = if site_reported {
        check_collections(st, &aw.payout, &aw.gross, ded, &skip, &site, &mut out)
    } else {
        aw.payout.clone()
    };
    let verified = aw.unverified.is_empty();
    let mut seats = Vec::new();
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
        && net_sum + ded != 0
        && !out
            .iter()
            .any(|f| f.code == "collected_mismatch" || f.code == "pot_not_distributed")
    {
        let gap = net_sum + ded;
        out.push(finding(
            "chip_conservation",
            format!(
                "players' nets add up to {}, with rake and fees {} the table {} {}",
                net_sum,
                ded,
                if gap > 0 { "gains" } else { "loses" },
                gap.abs()
            ),
            0,
            None,
        ));
    }
    // result pots: the engine's winners, or the site's where it could not tell
    let mut pots = Vec::new();
    for (i, eligible) in eligibles.iter().enumerate() {
        let mut winners = aw.winners.get(i).cloned().unwrap_or_default();
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
            eligible: eligible.clone(),
            winners,
        });
    }
    Ok(Replay {
        pots,
        seats,
        total_pot: total,
        findings: out,
        payouts_verified: verified,
    })
}
