"""Property tests: any simulated hand, written, parsed and replayed, comes out as dealt.

For hands hypothesis picks (seed, table size, limit, antes, straddle, cash or tournament):
write -> parse -> replay gives the dealer's payouts and final stacks; chips are conserved
(final stacks + rake == starting stacks); the recomputed pots add up to the contributions;
no stack goes negative; a legal hand has no error finding. And the same seed deals the same
hands. The default run keeps max_examples small; ``-m slow`` runs many more.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parsers.model import LimitType
from parsers.sites.pokerstars import reader as pokerstars
from parsers.text import split_hands
from pipeline.engine import replay
from pipeline.engine.result import Severity
from pipeline.export.pokerstars import write_hand, write_hands
from pipeline.sim.dealer import simulate

tables = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32 - 1),
        "players": st.tuples(st.integers(2, 10), st.integers(0, 8)).map(
            lambda t: (t[0], min(10, t[0] + t[1]))),
        "limit": st.sampled_from(list(LimitType)),
        "antes": st.booleans(),
        "straddle": st.booleans(),
        "tournament": st.booleans(),
    }
)


def check_hands(table: dict, n: int) -> None:
    for sim in simulate(n, **table):
        text = write_hand(sim.hand)
        chunks = split_hands(text)
        assert len(chunks) == 1
        hand = pokerstars.parse(chunks[0])
        result = replay(hand)
        errors = [f for f in result.findings if f.severity is Severity.ERROR]
        assert not errors, f"{text}\n{errors}"
        assert {r.seat: r.final_stack for r in result.seats} == sim.final_stacks, text
        assert {r.seat: r.won for r in result.seats if r.won} == sim.payouts, text
        start = sum(s.stack for s in hand.seats)
        assert sum(sim.final_stacks.values()) + sim.rake == start, text
        assert sum(p.amount for p in result.pots) == sum(sim.contributed.values()), text
        assert sum(p.amount for p in result.pots) == result.total_pot, text
        assert all(v >= 0 for v in sim.final_stacks.values()), text


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables)
def test_written_parsed_replayed_hand_matches_the_dealer(table: dict) -> None:
    check_hands(table, 4)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables)
def _many_tables(table: dict) -> None:
    check_hands(table, 25)


@pytest.mark.slow
def test_written_parsed_replayed_hand_matches_the_dealer_at_scale(
    request: pytest.FixtureRequest,
) -> None:
    """10,000 hands over 400 random tables; run with ``-m slow`` (make slow)."""
    if "slow" not in (request.config.getoption("-m") or ""):
        pytest.skip("slow: run with -m slow (make slow)")
    _many_tables()


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(list(LimitType)))
def test_same_seed_same_hands(seed: int, limit: LimitType) -> None:
    first = write_hands(s.hand for s in simulate(5, seed, limit=limit, antes=True))
    second = write_hands(s.hand for s in simulate(5, seed, limit=limit, antes=True))
    assert first == second


def test_different_seeds_differ() -> None:
    a = write_hands(s.hand for s in simulate(5, 1))
    b = write_hands(s.hand for s in simulate(5, 2))
    assert a != b
