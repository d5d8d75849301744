"""The per-seat stat facts of one hand, computed in Python: the Python core's copy of the
definition in ``reports/sql/seat_flags.sql``.

Why a second definition: the SQL computes every fact with a windowed pass over all actions,
serially, in the one process that writes the store (~45 us a hand). The cores compute the same
facts where each hand is parsed (in the worker processes, or on the native core's threads)
and the import stores them with the hand's other rows (the ``seat_flags`` table,
:mod:`pipeline.store.seat_flags`); ``reports.stats.refresh`` then only decodes them. The SQL
stays the readable reference: the parity tests (``tests/reports/test_facts_parity.py``) hold
this module, and the native core's ``facts.rs``, equal to it. A new stat is defined in the SQL
first, then here and in Rust, with :data:`VERSION` raised.

What a seat gets: every 0/1 column the SQL gives (:data:`FLAGS`) packed as bits of one
integer (bit ``i`` is ``FLAGS[i]``), and the three postflop counts (:data:`COUNTS`). The
other columns of a ``seat_stats`` row (player, position, money, the hand's stakes and time)
are the seat's and hand's stored columns, joined when the flags are decoded.

This module reads plain values, not the parser's model (``reports`` imports neither
``parsers`` nor ``pipeline``): a hand is its seats dealt in, whether it has a flop, and its
actions as (street, seat, kind) names, exactly the stored ``seats``/``actions`` columns.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence

__all__ = ["COUNTS", "FLAGS", "VERSION", "SeatFacts", "definition", "hand_facts", "unpack"]

#: Every 0/1 column of seat_flags.sql's rows that the cores compute, in its order: bit ``i``
#: of a seat's packed flags is ``FLAGS[i]``. (went_to_showdown, is_hero and anonymous are
#: seat columns, read from ``seats``.)
FLAGS: tuple[str, ...] = (
    "vpip_opp", "vpip", "pfr",
    "three_bet_opp", "three_bet", "fold_to_three_bet_opp", "fold_to_three_bet",
    "four_bet_opp", "four_bet", "fold_to_four_bet_opp", "fold_to_four_bet",
    "steal_opp", "steal", "fold_sb_to_steal_opp", "fold_sb_to_steal",
    "fold_bb_to_steal_opp", "fold_bb_to_steal",
    "cbet_flop_opp", "cbet_flop", "fold_to_cbet_flop_opp", "fold_to_cbet_flop",
    "cbet_turn_opp", "cbet_turn", "fold_to_cbet_turn_opp", "fold_to_cbet_turn",
    "saw_flop", "wtsd", "won_sd", "won_after_flop",
)
#: The per-seat counts, flop to river: bets and raises, calls, folds.
COUNTS: tuple[str, ...] = ("post_aggr", "post_calls", "post_folds")
#: Raised whenever the meaning of a fact changes without its name changing: stored flags of
#: another :func:`definition` are not used (the SQL reference computes those hands' facts).
VERSION = 1

#: (flags, post_aggr, post_calls, post_folds) of one dealt seat.
SeatFacts = tuple[int, int, int, int]

_BIT = {name: 1 << i for i, name in enumerate(FLAGS)}
(_VPIP_OPP, _VPIP, _PFR, _3B_OPP, _3B, _F3B_OPP, _F3B, _4B_OPP, _4B, _F4B_OPP, _F4B,
 _STEAL_OPP, _STEAL, _FSB_OPP, _FSB, _FBB_OPP, _FBB, _CF_OPP, _CF, _FCF_OPP, _FCF,
 _CT_OPP, _CT, _FCT_OPP, _FCT, _SAW_FLOP, _WTSD, _WON_SD, _WWSF) = (_BIT[n] for n in FLAGS)

_STREETS = frozenset({"preflop", "flop", "turn", "river"})
_DECISIONS = frozenset({"fold", "check", "call", "bet", "raise"})
_AGGRESSIVE = frozenset({"bet", "raise"})
_STEAL_POSITIONS = frozenset({"CO", "BTN", "SB"})


def definition() -> str:
    """A fingerprint of this definition (version, flag and count names, in order): flags
    stored under another one are recognised as such and not used."""
    text = f"{VERSION}:{','.join(FLAGS)};{','.join(COUNTS)}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def unpack(flags: int) -> dict[str, bool]:
    """Packed flags -> {fact name: bool} (for tests and debugging)."""
    return {name: bool(flags & bit) for name, bit in _BIT.items()}


class _Seat:
    """What one seat did: seat_flags.sql's ``sa`` row (first decisions by raise level)."""

    __slots__ = ("aggr", "calls", "first_clean", "first_kind", "flop_0", "flop_1", "folded_pre",
                 "folds", "opened", "pfr", "pre", "pre_1", "pre_2", "pre_3", "turn_0",
                 "turn_1", "uncalled_1", "vpip")

    def __init__(self) -> None:
        self.pre = self.vpip = self.pfr = self.folded_pre = self.opened = False
        self.first_clean = self.uncalled_1 = False
        self.first_kind = self.pre_1 = self.pre_2 = self.pre_3 = None
        self.flop_0 = self.flop_1 = self.turn_0 = self.turn_1 = None
        self.aggr = self.calls = self.folds = 0


def hand_facts(
    dealt: Sequence[tuple[int, str | None, bool, bool]],
    has_flop: bool,
    actions: Iterable[tuple[str, int, str]],
) -> list[SeatFacts] | None:
    """The facts of each seat dealt in, in the order given; None when two of them share a
    seat number (a garbled hand: its facts are left to the SQL, which groups by number).

    ``dealt``: (seat, position, went_to_showdown, collected > 0) of every seat not sitting
    out, as stored. ``has_flop``: the hand's (first) board has three cards or more.
    ``actions``: every action of the hand in order as (street, seat, kind) names; only
    decisions (fold, check, call, bet, raise) on preflop to river count.
    """
    if len({d[0] for d in dealt}) != len(dealt):
        return None
    seats: dict[int, _Seat] = {}
    raises = {"preflop": 0, "flop": 0, "turn": 0, "river": 0}
    calls = dict(raises)
    pre_entered = False
    pf_aggressor = flop_bettor = turn_bettor = None
    for street, seat, kind in actions:
        if kind not in _DECISIONS or street not in _STREETS:
            continue
        r, c = raises[street], calls[street]
        aggressive = kind in _AGGRESSIVE
        if aggressive:
            raises[street] = r + 1
        elif kind == "call":
            calls[street] = c + 1
        s = seats.get(seat)
        if s is None:
            s = seats[seat] = _Seat()
        if street == "preflop":
            if not s.pre:
                s.pre, s.first_kind, s.first_clean = True, kind, r == 0 and c == 0
            if kind == "fold":
                s.folded_pre = True
            elif kind != "check":
                s.vpip = pre_entered = True
                if aggressive:
                    s.pfr = True
                    pf_aggressor = seat  # the last preflop raise's seat
                    if r == 0:
                        s.opened = True
            if r == 1 and s.pre_1 is None:
                s.pre_1, s.uncalled_1 = kind, c == 0
            elif r == 2 and s.pre_2 is None:
                s.pre_2 = kind
            elif r == 3 and s.pre_3 is None:
                s.pre_3 = kind
            continue
        if aggressive:
            s.aggr += 1
        elif kind == "call":
            s.calls += 1
        elif kind == "fold":
            s.folds += 1
        if street == "flop":
            if r == 0 and s.flop_0 is None:
                s.flop_0 = kind
            elif r == 1 and s.flop_1 is None:
                s.flop_1 = kind
            if kind == "bet" and flop_bettor is None:
                flop_bettor = seat
        elif street == "turn":
            if r == 0 and s.turn_0 is None:
                s.turn_0 = kind
            elif r == 1 and s.turn_1 is None:
                s.turn_1 = kind
            if kind == "bet" and turn_bettor is None:
                turn_bettor = seat
    return _seat_facts(dealt, has_flop, seats, pre_entered, pf_aggressor, flop_bettor,
                       turn_bettor)


def _seat_facts(dealt: Sequence[tuple[int, str | None, bool, bool]], has_flop: bool,
                seats: dict[int, _Seat], pre_entered: bool, pf_aggressor: int | None,
                flop_bettor: int | None, turn_bettor: int | None) -> list[SeatFacts]:
    """The flags of each dealt seat from what each seat did and the hand's facts
    (seat_flags.sql's final SELECT, its conditions in its order)."""
    blank = _Seat()
    stealer = None  # the seat that raised first in from a steal position
    for seat, position, _, _ in dealt:
        s = seats.get(seat, blank)
        if position in _STEAL_POSITIONS and s.first_clean and s.first_kind == "raise":
            stealer = seat if stealer is None else max(stealer, seat)
    flop_cbet = pf_aggressor is not None and flop_bettor == pf_aggressor
    turn_cbet = flop_cbet and turn_bettor == pf_aggressor
    out: list[SeatFacts] = []
    for seat, position, showdown, won in dealt:
        s = seats.get(seat, blank)
        f = 0
        if s.pre or pre_entered:
            f |= _VPIP_OPP
        if s.vpip:
            f |= _VPIP
        if s.pfr:
            f |= _PFR
        if s.pre_1 is not None:
            f |= _3B_OPP
            if s.pre_1 == "raise":
                f |= _3B
                if s.pre_3 is not None:
                    f |= _F4B_OPP | (_F4B if s.pre_3 == "fold" else 0)
        if s.opened and s.pre_2 is not None:
            f |= _F3B_OPP | _4B_OPP
            if s.pre_2 == "fold":
                f |= _F3B
            elif s.pre_2 == "raise":
                f |= _4B
        if position in _STEAL_POSITIONS and s.first_clean:
            f |= _STEAL_OPP
            if s.first_kind == "raise":
                f |= _STEAL
        if stealer is not None and s.pre_1 is not None and s.uncalled_1:
            folded = s.pre_1 == "fold"
            if position == "SB" and stealer != seat:
                f |= _FSB_OPP | (_FSB if folded else 0)
            elif position == "BB":
                f |= _FBB_OPP | (_FBB if folded else 0)
        if pf_aggressor is not None:
            if seat == pf_aggressor:
                if s.flop_0 is not None:
                    f |= _CF_OPP
                if flop_cbet:
                    f |= _CF
                    if s.turn_0 is not None:
                        f |= _CT_OPP
                if turn_cbet:
                    f |= _CT
            else:
                if flop_cbet and s.flop_1 is not None:
                    f |= _FCF_OPP | (_FCF if s.flop_1 == "fold" else 0)
                if turn_cbet and s.turn_1 is not None:
                    f |= _FCT_OPP | (_FCT if s.turn_1 == "fold" else 0)
        saw_flop = has_flop and not s.folded_pre
        if saw_flop:
            f |= _SAW_FLOP | (_WTSD if showdown else 0) | (_WWSF if won else 0)
        if showdown and won:
            f |= _WON_SD
        out.append((f, s.aggr, s.calls, s.folds))
    return out
