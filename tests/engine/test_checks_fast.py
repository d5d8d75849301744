"""``checks.check_bet_or_raise`` returns at once for a plainly legal no-limit wager; held here
against the full judgment (``judge_bet_or_raise``) on random betting states of every limit."""

from __future__ import annotations

import random

from parsers.model import Action, ActionKind, LimitType, Street
from pipeline.engine.checks import check_bet_or_raise, judge_bet_or_raise
from pipeline.engine.state import TableState
from tests.support.handbuilder import HandBuilder


def _state(rng: random.Random, limit: LimitType) -> TableState:
    b = HandBuilder(sb=5, bb=10, limit=limit, small_bet=10, big_bet=20)
    for seat in (1, 2, 3, 4):
        b.seat(seat, f"p{seat}", 1000)
    state = TableState(b.build(), [1, 2, 3, 4])
    state.street = rng.choice(list(Street)[:4])
    for seat in (1, 2, 3, 4):
        state.stack[seat] = rng.choice([0, 5, 20, 100, 1000])
        state.commit[seat] = rng.choice([0, 0, 10, 20, 40])
        state.contrib[seat] = state.commit[seat] + rng.choice([0, 10])
        if rng.random() < 0.3:
            state.acted[seat] = rng.choice([0, 10, 20])
    state.current_bet = rng.choice([0, 0, 10, 20, 40])
    state.min_raise = rng.choice([0, 10, 20])
    state.full_raise_level = rng.choice([0, state.current_bet])
    state.bets = rng.randrange(0, 5)
    return state


def test_the_shortcut_never_hides_a_finding():
    rng = random.Random(3)
    quiet = loud = 0
    for _ in range(5000):
        limit = rng.choice([LimitType.NO_LIMIT, LimitType.NO_LIMIT, *LimitType])
        state = _state(rng, limit)
        seat = rng.choice((1, 2, 3, 4))
        kind = rng.choice((ActionKind.BET, ActionKind.RAISE))
        to = state.commit[seat] + rng.choice([0, 5, 10, 20, 30, 60, 200, 2000])
        action = Action(state.street, seat, kind, to - state.commit[seat], to, False, (), 7)
        fast: list = []
        full: list = []
        check_bet_or_raise(state, action, to, fast)
        judge_bet_or_raise(state, action, to, full)
        assert fast == full, (state.current_bet, state.min_raise, action)
        quiet += not full
        loud += bool(full)
    assert quiet > 500 and loud > 500  # both legal and illegal wagers were drawn
