//! The replay state (state.py): stacks, commitments, contributions, folds and the betting
//! level of the current street, with the small ordered seat maps every rule reads.

use super::*;

pub(crate) type Map = Vec<(i64, i64)>;

pub(crate) fn mget(m: &Map, s: i64) -> Option<i64> {
    m.iter().find(|x| x.0 == s).map(|x| x.1)
}
pub(crate) fn mset(m: &mut Map, s: i64, v: i64) {
    match m.iter_mut().find(|x| x.0 == s) {
        Some(x) => x.1 = v,
        None => m.push((s, v)),
    }
}
pub(crate) fn madd(m: &mut Map, s: i64, v: i64) {
    let cur = mget(m, s).unwrap_or(0);
    mset(m, s, cur + v);
}

pub(crate) struct State<'h> {
    pub(crate) hand: &'h Hand,
    pub(crate) order: Vec<i64>,
    pub(crate) stack: Map,
    pub(crate) commit: Map,
    pub(crate) contrib: Map,
    pub(crate) folded: Vec<i64>,
    pub(crate) acted: Map,
    pub(crate) street: Street,
    pub(crate) current_bet: i64,
    pub(crate) min_raise: i64,
    pub(crate) full_raise_level: i64,
    pub(crate) bets: i64,
    pub(crate) last_actor: Option<i64>,
    pub(crate) returned: Map,
    pub(crate) returned_dead: Map,
    pub(crate) voluntary_seen: bool,
    pub(crate) anchor: Option<i64>,
    pub(crate) limit: Limit,
    pub(crate) big_blind: i64,
    pub(crate) small_bet: i64,
    pub(crate) big_bet: i64,
    pub(crate) n_able: i64,
    pub(crate) active: Vec<i64>,
    /// the site's conventions (`sites.rs`): posts, turn order, awards
    pub(crate) rules: SiteRules,
    /// seat -> chips the other reading of a post whose liveness the log decides would add to
    /// the street bet (`posting::resolve`)
    pub(crate) flex: Map,
}

pub(crate) fn bisect_right(v: &[i64], x: i64) -> usize {
    v.partition_point(|&e| e <= x)
}

pub(crate) fn insort(v: &mut Vec<i64>, x: i64) {
    let i = bisect_right(v, x);
    v.insert(i, x);
}

pub(crate) fn remove(v: &mut Vec<i64>, x: i64) {
    if let Some(i) = v.iter().position(|&e| e == x) {
        v.remove(i);
    } else {
        panic!("list.remove(x): x not in list");
    }
}

impl<'h> State<'h> {
    pub(crate) fn new(hand: &'h Hand, in_hand: Vec<i64>) -> Self {
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
        let seats = in_hand.len();
        State {
            hand,
            n_able: active.len() as i64,
            active,
            order: in_hand,
            stack,
            commit: zeros.clone(),
            contrib: zeros,
            // (one entry per seat in the hand at most: sized once, cleared per street)
            folded: Vec::with_capacity(seats),
            acted: Vec::with_capacity(seats),
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
            rules: rules_for(hand.site),
            flex: Vec::new(),
        }
    }

    pub(crate) fn name(&self, seat: i64) -> Option<&str> {
        // `{s.seat: s.player for s in hand.seats}`: the last seat of a number wins
        self.hand
            .seats
            .iter()
            .rev()
            .find(|s| s.seat == seat)
            .map(|s| s.player.as_str())
    }
    pub(crate) fn who(&self, seat: i64) -> String {
        match self.name(seat) {
            Some(n) if !n.is_empty() => format!("seat {seat} ({n})"),
            _ => format!("seat {seat}"),
        }
    }
    pub(crate) fn name_or_q(&self, seat: i64) -> String {
        self.name(seat).unwrap_or("?").to_string()
    }
    pub(crate) fn stack(&self, s: i64) -> i64 {
        mget(&self.stack, s).unwrap()
    }
    pub(crate) fn commit(&self, s: i64) -> i64 {
        mget(&self.commit, s).unwrap()
    }
    pub(crate) fn contrib(&self, s: i64) -> i64 {
        mget(&self.contrib, s).unwrap()
    }
    pub(crate) fn is_folded(&self, s: i64) -> bool {
        self.folded.contains(&s)
    }
    pub(crate) fn unit(&self) -> i64 {
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
    pub(crate) fn live(&self) -> Vec<i64> {
        self.order
            .iter()
            .copied()
            .filter(|&s| !self.is_folded(s))
            .collect()
    }
    pub(crate) fn top_other(&self, seat: i64) -> i64 {
        self.commit
            .iter()
            .filter(|(s, _)| *s != seat && !self.is_folded(*s))
            .map(|x| x.1)
            .max()
            .unwrap_or(0)
    }
    pub(crate) fn pending(&self, seat: i64, able_count: i64) -> bool {
        if self.is_folded(seat) || self.stack(seat) <= 0 {
            return false;
        }
        let c = self.commit(seat);
        if c < self.current_bet {
            return able_count >= 2 || c < self.top_other(seat);
        }
        mget(&self.acted, seat).is_none() && able_count >= 2
    }
    pub(crate) fn next_to_act(&self, after: Option<i64>) -> Option<i64> {
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
    pub(crate) fn pot_total(&self) -> i64 {
        self.contrib.iter().map(|x| x.1).sum()
    }

    // ---- unchecked transitions
    pub(crate) fn crossed(&mut self, seat: i64, after: i64) {
        if !self.is_folded(seat) {
            if after > 0 {
                insort(&mut self.active, seat);
            } else {
                remove(&mut self.active, seat);
            }
        }
    }
    pub(crate) fn put_in(&mut self, seat: i64, chips: i64, live: bool) {
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
    /// A wager the log calls all-in that leaves chips behind (a capped no-limit game's
    /// player who reached the cap, a stack printed rounded up): those chips are out of play
    /// and the seat acts no more (the Python engine's `state.set_aside`).
    pub(crate) fn set_aside(&mut self, seat: i64) {
        if self.stack(seat) > 0 && !self.is_folded(seat) {
            mset(&mut self.stack, seat, 0);
            self.n_able -= 1;
            self.crossed(seat, 0);
        }
    }
    pub(crate) fn refund(&mut self, seat: i64, chips: i64) {
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
    pub(crate) fn apply_post(&mut self, a: &Action) {
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
    pub(crate) fn fold(&mut self, seat: i64) {
        if !self.is_folded(seat) {
            self.folded.push(seat);
            if self.stack(seat) > 0 {
                self.n_able -= 1;
                remove(&mut self.active, seat);
            }
        }
    }
    pub(crate) fn apply_bet_or_raise(&mut self, a: &Action, to: i64) {
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
    pub(crate) fn apply_return(&mut self, a: &Action) {
        let (seat, chips) = (a.seat, a.amount);
        let live = self.live_part(seat, chips);
        self.refund(seat, chips);
        madd(&mut self.commit, seat, -live);
        if live != 0 {
            madd(&mut self.returned, seat, live);
        }
        if chips > live {
            madd(&mut self.returned_dead, seat, chips - live);
        }
        self.current_bet = self.commit.iter().map(|x| x.1).max().unwrap_or(0);
    }
    /// `_live_part` of state.py: the part of a return that comes off the street bet (the
    /// rest comes out of the seat's dead posts).
    fn live_part(&self, seat: i64, chips: i64) -> i64 {
        let any_commit = self.commit.iter().any(|x| x.1 != 0);
        if !any_commit && self.returned.is_empty() {
            return chips.min(0.max(self.commit(seat)));
        }
        let most_other = |m: &Map| {
            m.iter()
                .filter(|x| x.0 != seat)
                .map(|x| x.1)
                .max()
                .unwrap_or(0)
        };
        let unmatched = self.commit(seat) - most_other(&self.commit);
        if self.street == Street::Preflop && 0 < unmatched && unmatched < chips {
            let whole = self.contrib(seat) - most_other(&self.contrib);
            if chips <= whole {
                return unmatched;
            }
        }
        chips
    }
    pub(crate) fn start_street(&mut self, street: Street) {
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
