//! The per-seat stat facts of one hand: the native core's copy of `reports/facts.py`, which
//! is itself held to the SQL reference (`reports/sql/seat_flags.sql`).
//!
//! Why here: the facts are computed where a hand is parsed (on the native core's threads)
//! and stored with its other rows (the `seat_flags` table), so the import's one writer only
//! writes them and `reports.stats.refresh` only decodes them. Each dealt seat gets every 0/1
//! fact packed as one integer (bit `i` is [`FLAGS`]`[i]`) and the three postflop counts.
//! The parity tests (tests/native) hold these rows equal to the Python core's, and the
//! Python core's to the SQL; the binding exposes [`FLAGS`] and [`VERSION`] so a test holds
//! them equal to `reports.facts.FLAGS` and `VERSION`.

use crate::model::{Action, Kind, Street};

/// Every 0/1 fact, in `reports.facts.FLAGS`' order: bit `i` of a seat's flags is `FLAGS[i]`.
pub const FLAGS: [&str; 29] = [
    "vpip_opp",
    "vpip",
    "pfr",
    "three_bet_opp",
    "three_bet",
    "fold_to_three_bet_opp",
    "fold_to_three_bet",
    "four_bet_opp",
    "four_bet",
    "fold_to_four_bet_opp",
    "fold_to_four_bet",
    "steal_opp",
    "steal",
    "fold_sb_to_steal_opp",
    "fold_sb_to_steal",
    "fold_bb_to_steal_opp",
    "fold_bb_to_steal",
    "cbet_flop_opp",
    "cbet_flop",
    "fold_to_cbet_flop_opp",
    "fold_to_cbet_flop",
    "cbet_turn_opp",
    "cbet_turn",
    "fold_to_cbet_turn_opp",
    "fold_to_cbet_turn",
    "saw_flop",
    "wtsd",
    "won_sd",
    "won_after_flop",
];
/// `reports.facts.VERSION`: raised with it whenever a fact's meaning changes.
pub const VERSION: u32 = 1;

const VPIP_OPP: u32 = 1;
const VPIP: u32 = 1 << 1;
const PFR: u32 = 1 << 2;
const THREE_BET_OPP: u32 = 1 << 3;
const THREE_BET: u32 = 1 << 4;
const FOLD_3B_OPP: u32 = 1 << 5;
const FOLD_3B: u32 = 1 << 6;
const FOUR_BET_OPP: u32 = 1 << 7;
const FOUR_BET: u32 = 1 << 8;
const FOLD_4B_OPP: u32 = 1 << 9;
const FOLD_4B: u32 = 1 << 10;
const STEAL_OPP: u32 = 1 << 11;
const STEAL: u32 = 1 << 12;
const FOLD_SB_OPP: u32 = 1 << 13;
const FOLD_SB: u32 = 1 << 14;
const FOLD_BB_OPP: u32 = 1 << 15;
const FOLD_BB: u32 = 1 << 16;
const CBET_FLOP_OPP: u32 = 1 << 17;
const CBET_FLOP: u32 = 1 << 18;
const FOLD_CF_OPP: u32 = 1 << 19;
const FOLD_CF: u32 = 1 << 20;
const CBET_TURN_OPP: u32 = 1 << 21;
const CBET_TURN: u32 = 1 << 22;
const FOLD_CT_OPP: u32 = 1 << 23;
const FOLD_CT: u32 = 1 << 24;
const SAW_FLOP: u32 = 1 << 25;
const WTSD: u32 = 1 << 26;
const WON_SD: u32 = 1 << 27;
const WWSF: u32 = 1 << 28;

/// A seat dealt in, as the facts read it: its number, position, whether it went to showdown
/// and whether it collected anything (the stored `seats` columns).
#[derive(Clone, Copy, Debug)]
pub struct Dealt {
    pub seat: i64,
    pub position: Option<&'static str>,
    pub showdown: bool,
    pub won: bool,
}

/// One dealt seat's facts: the packed flags and the postflop bets and raises, calls, folds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatFacts {
    pub flags: u32,
    pub post_aggr: u32,
    pub post_calls: u32,
    pub post_folds: u32,
}

/// A decision: the only actions the facts count.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Decision {
    Fold,
    Check,
    Call,
    Bet,
    Raise,
}

impl Decision {
    fn of(kind: Kind) -> Option<Decision> {
        match kind {
            Kind::Fold => Some(Decision::Fold),
            Kind::Check => Some(Decision::Check),
            Kind::Call => Some(Decision::Call),
            Kind::Bet => Some(Decision::Bet),
            Kind::Raise => Some(Decision::Raise),
            _ => None,
        }
    }
    fn aggressive(self) -> bool {
        matches!(self, Decision::Bet | Decision::Raise)
    }
}

/// What one seat did (seat_flags.sql's `sa` row): its first decision at each raise level.
#[derive(Clone, Copy, Debug, Default)]
pub struct SeatState {
    seat: i64,
    pre: bool,
    vpip: bool,
    pfr: bool,
    folded_pre: bool,
    opened: bool,
    first_clean: bool,
    uncalled_1: bool,
    first_kind: Option<Decision>,
    pre_1: Option<Decision>,
    pre_2: Option<Decision>,
    pre_3: Option<Decision>,
    flop_0: Option<Decision>,
    flop_1: Option<Decision>,
    turn_0: Option<Decision>,
    turn_1: Option<Decision>,
    aggr: u32,
    calls: u32,
    folds: u32,
}

/// The seat's state in `states` (added, blank, on its first decision).
fn state_of(states: &mut Vec<SeatState>, seat: i64) -> &mut SeatState {
    let at = match states.iter().position(|s| s.seat == seat) {
        Some(at) => at,
        None => {
            states.push(SeatState {
                seat,
                ..SeatState::default()
            });
            states.len() - 1
        }
    };
    &mut states[at]
}

fn is_steal_position(position: Option<&str>) -> bool {
    matches!(position, Some("CO" | "BTN" | "SB"))
}

/// The facts of each seat in `dealt`, in its order, appended to `out`; false (nothing
/// appended) when two dealt seats share a number: such a hand's facts are left to the SQL.
/// `states` is scratch, reused across hands.
pub fn hand_facts(
    dealt: &[Dealt],
    has_flop: bool,
    actions: &[Action],
    states: &mut Vec<SeatState>,
    out: &mut Vec<SeatFacts>,
) -> bool {
    if dealt
        .iter()
        .enumerate()
        .any(|(i, d)| dealt[..i].iter().any(|e| e.seat == d.seat))
    {
        return false;
    }
    states.clear();
    let mut raises = [0u32; 4];
    let mut calls = [0u32; 4];
    let mut pre_entered = false;
    let (mut pf_aggressor, mut flop_bettor, mut turn_bettor) = (None, None, None);
    for a in actions {
        let Some(kind) = Decision::of(a.kind) else {
            continue;
        };
        if a.street == Street::Showdown {
            continue;
        }
        let street = a.street.index();
        let (r, c) = (raises[street], calls[street]);
        if kind.aggressive() {
            raises[street] += 1;
        } else if kind == Decision::Call {
            calls[street] += 1;
        }
        let s = state_of(states, a.seat);
        if a.street == Street::Preflop {
            if !s.pre {
                s.pre = true;
                s.first_kind = Some(kind);
                s.first_clean = r == 0 && c == 0;
            }
            match kind {
                Decision::Fold => s.folded_pre = true,
                Decision::Check => {}
                _ => {
                    s.vpip = true;
                    pre_entered = true;
                    if kind.aggressive() {
                        s.pfr = true;
                        pf_aggressor = Some(a.seat); // the last preflop raise's seat
                        if r == 0 {
                            s.opened = true;
                        }
                    }
                }
            }
            match r {
                1 if s.pre_1.is_none() => {
                    s.pre_1 = Some(kind);
                    s.uncalled_1 = c == 0;
                }
                2 if s.pre_2.is_none() => s.pre_2 = Some(kind),
                3 if s.pre_3.is_none() => s.pre_3 = Some(kind),
                _ => {}
            }
            continue;
        }
        match kind {
            Decision::Bet | Decision::Raise => s.aggr += 1,
            Decision::Call => s.calls += 1,
            Decision::Fold => s.folds += 1,
            Decision::Check => {}
        }
        let (first, second, bettor) = match a.street {
            Street::Flop => (&mut s.flop_0, &mut s.flop_1, &mut flop_bettor),
            Street::Turn => (&mut s.turn_0, &mut s.turn_1, &mut turn_bettor),
            _ => continue,
        };
        match r {
            0 if first.is_none() => *first = Some(kind),
            1 if second.is_none() => *second = Some(kind),
            _ => {}
        }
        if kind == Decision::Bet && bettor.is_none() {
            *bettor = Some(a.seat);
        }
    }
    let hand = Hand {
        has_flop,
        pre_entered,
        pf_aggressor,
        flop_cbet: pf_aggressor.is_some() && flop_bettor == pf_aggressor,
        turn_bettor,
    };
    seat_facts(dealt, &hand, states, out);
    true
}

/// What every seat's flags read of the hand as a whole.
struct Hand {
    has_flop: bool,
    pre_entered: bool,
    pf_aggressor: Option<i64>,
    flop_cbet: bool,
    turn_bettor: Option<i64>,
}

/// The flags of each dealt seat (seat_flags.sql's final SELECT, its conditions in order).
fn seat_facts(dealt: &[Dealt], hand: &Hand, states: &[SeatState], out: &mut Vec<SeatFacts>) {
    let blank = SeatState::default();
    let state = |seat: i64| states.iter().find(|s| s.seat == seat).unwrap_or(&blank);
    // the seat that raised first in from a steal position (the highest number, as max())
    let stealer = dealt
        .iter()
        .filter(|d| {
            let s = state(d.seat);
            is_steal_position(d.position) && s.first_clean && s.first_kind == Some(Decision::Raise)
        })
        .map(|d| d.seat)
        .max();
    let turn_cbet = hand.flop_cbet && hand.turn_bettor == hand.pf_aggressor;
    for d in dealt {
        let s = state(d.seat);
        let mut f = 0u32;
        if s.pre || hand.pre_entered {
            f |= VPIP_OPP;
        }
        if s.vpip {
            f |= VPIP;
        }
        if s.pfr {
            f |= PFR;
        }
        if let Some(k1) = s.pre_1 {
            f |= THREE_BET_OPP;
            if k1 == Decision::Raise {
                f |= THREE_BET;
                if let Some(k3) = s.pre_3 {
                    f |= FOLD_4B_OPP | if k3 == Decision::Fold { FOLD_4B } else { 0 };
                }
            }
        }
        if let (true, Some(k2)) = (s.opened, s.pre_2) {
            f |= FOLD_3B_OPP | FOUR_BET_OPP;
            match k2 {
                Decision::Fold => f |= FOLD_3B,
                Decision::Raise => f |= FOUR_BET,
                _ => {}
            }
        }
        if is_steal_position(d.position) && s.first_clean {
            f |= STEAL_OPP;
            if s.first_kind == Some(Decision::Raise) {
                f |= STEAL;
            }
        }
        if let (Some(stealer), Some(k1), true) = (stealer, s.pre_1, s.uncalled_1) {
            let folded = k1 == Decision::Fold;
            if d.position == Some("SB") && stealer != d.seat {
                f |= FOLD_SB_OPP | if folded { FOLD_SB } else { 0 };
            } else if d.position == Some("BB") {
                f |= FOLD_BB_OPP | if folded { FOLD_BB } else { 0 };
            }
        }
        if let Some(aggressor) = hand.pf_aggressor {
            if d.seat == aggressor {
                if s.flop_0.is_some() {
                    f |= CBET_FLOP_OPP;
                }
                if hand.flop_cbet {
                    f |= CBET_FLOP;
                    if s.turn_0.is_some() {
                        f |= CBET_TURN_OPP;
                    }
                }
                if turn_cbet {
                    f |= CBET_TURN;
                }
            } else {
                if let (true, Some(k)) = (hand.flop_cbet, s.flop_1) {
                    f |= FOLD_CF_OPP | if k == Decision::Fold { FOLD_CF } else { 0 };
                }
                if let (true, Some(k)) = (turn_cbet, s.turn_1) {
                    f |= FOLD_CT_OPP | if k == Decision::Fold { FOLD_CT } else { 0 };
                }
            }
        }
        if hand.has_flop && !s.folded_pre {
            f |= SAW_FLOP | if d.showdown { WTSD } else { 0 } | if d.won { WWSF } else { 0 };
        }
        if d.showdown && d.won {
            f |= WON_SD;
        }
        out.push(SeatFacts {
            flags: f,
            post_aggr: s.aggr,
            post_calls: s.calls,
            post_folds: s.folds,
        });
    }
}

/// For the benchmark's facts stage (`pipeline/dev/bench_targets.py`): read the PokerStars
/// hands of `data` natively, gather each one's dealt seats as [`crate::rows::Tables`] does,
/// then time `repeat` passes of [`hand_facts`] alone over them. (hands, seconds a pass).
pub fn cost(data: &[u8], repeat: usize) -> (usize, f64) {
    let site = &crate::parse::POKERSTARS;
    let Ok(split) = crate::text::split_with(data, 0, true, site.is_header) else {
        return (0, 0.0);
    };
    let hands: Vec<_> = split
        .chunks
        .iter()
        .filter_map(|c| crate::one_hand(&split.chunk_lines(c), c.offset, c.line).ok())
        .collect();
    let (mut active, mut pos) = (Vec::new(), Vec::new());
    let dealt: Vec<Vec<Dealt>> = hands
        .iter()
        .map(|(h, r)| {
            crate::rows::positions_into(h, &mut active, &mut pos);
            let result = |seat: i64| r.seats.iter().rev().find(|x| x.seat == seat);
            h.seats
                .iter()
                .filter(|s| !s.sitting_out)
                .map(|s| Dealt {
                    seat: s.seat,
                    position: pos.iter().find(|p| p.0 == s.seat).map(|p| p.1),
                    showdown: result(s.seat).is_some_and(|x| x.went_to_showdown),
                    won: result(s.seat).is_some_and(|x| x.won > 0),
                })
                .collect()
        })
        .collect();
    let (mut states, mut out) = (Vec::new(), Vec::new());
    let start = std::time::Instant::now();
    for _ in 0..repeat.max(1) {
        for ((h, _), d) in hands.iter().zip(&dealt) {
            out.clear();
            let flop = h.boards.first().is_some_and(|b| b.len() >= 3);
            std::hint::black_box(hand_facts(d, flop, &h.actions, &mut states, &mut out));
        }
    }
    let seconds = start.elapsed().as_secs_f64() / repeat.max(1) as f64;
    (hands.len(), seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn act(street: Street, seat: i64, kind: Kind) -> Action {
        Action::bare(street, seat, kind)
    }

    fn names(flags: u32) -> Vec<&'static str> {
        FLAGS
            .iter()
            .enumerate()
            .filter(|(i, _)| flags >> i & 1 == 1)
            .map(|(_, n)| *n)
            .collect()
    }

    fn dealt(seat: i64, position: &'static str, showdown: bool, won: bool) -> Dealt {
        Dealt {
            seat,
            position: Some(position),
            showdown,
            won,
        }
    }

    /// reports/facts.py's first test: a steal, a fold to it, a 3-bet, a flop c-bet.
    #[test]
    fn steal_three_bet_and_flop_cbet() {
        use Kind::*;
        use Street::*;
        let seats = [
            dealt(1, "BTN", false, false),
            dealt(2, "SB", false, false),
            dealt(3, "BB", false, true),
            dealt(4, "CO", false, false),
        ];
        let actions = [
            act(Preflop, 2, PostSmallBlind),
            act(Preflop, 3, PostBigBlind),
            act(Preflop, 4, Fold),
            act(Preflop, 1, Raise),
            act(Preflop, 2, Fold),
            act(Preflop, 3, Raise),
            act(Preflop, 1, Call),
            act(Flop, 3, Bet),
            act(Flop, 1, Fold),
            act(Flop, 1, UncalledReturn),
        ];
        let (mut states, mut out) = (Vec::new(), Vec::new());
        assert!(hand_facts(&seats, true, &actions, &mut states, &mut out));
        assert_eq!(names(out[3].flags), ["vpip_opp", "steal_opp"]);
        assert_eq!(
            names(out[0].flags),
            [
                "vpip_opp",
                "vpip",
                "pfr",
                "fold_to_three_bet_opp",
                "four_bet_opp",
                "steal_opp",
                "steal",
                "fold_to_cbet_flop_opp",
                "fold_to_cbet_flop",
                "saw_flop"
            ]
        );
        assert_eq!(out[0].post_folds, 1);
        assert_eq!(
            names(out[1].flags),
            [
                "vpip_opp",
                "three_bet_opp",
                "fold_sb_to_steal_opp",
                "fold_sb_to_steal"
            ]
        );
        assert_eq!(
            names(out[2].flags),
            [
                "vpip_opp",
                "vpip",
                "pfr",
                "three_bet_opp",
                "three_bet",
                "fold_bb_to_steal_opp",
                "cbet_flop_opp",
                "cbet_flop",
                "saw_flop",
                "won_after_flop"
            ]
        );
        assert_eq!(out[2].post_aggr, 1);
    }

    #[test]
    fn repeated_seat_number_is_left_to_the_sql() {
        let seats = [dealt(1, "BTN", false, false), dealt(1, "BB", false, false)];
        let (mut states, mut out) = (Vec::new(), Vec::new());
        assert!(!hand_facts(&seats, false, &[], &mut states, &mut out));
        assert!(out.is_empty());
    }
}
