"""``build_pots`` against the rule written out plainly: slice every contribution at each level."""

from __future__ import annotations

import random

import pytest

from pipeline.engine.pots import PotSlice, build_pots


def _reference(contrib, folded, all_in):
    """Main and side pots the slow, obvious way (the rule as pots.py's docstring states it)."""
    live = sorted(s for s in contrib if s not in folded)
    if not live:
        total = sum(contrib.values())
        return [(total, ())] if total else []
    if not all_in:
        return [(sum(contrib.values()), tuple(live))]
    top = max(contrib[s] for s in live)
    levels = sorted({contrib[s] for s in live if s in all_in and contrib[s] < top} | {top})
    pots: list[tuple[int, tuple[int, ...]]] = []
    low = 0
    for i, high in enumerate(levels):
        if i == len(levels) - 1:  # money above every live level goes to the last pot
            amount = sum(c - low for c in contrib.values() if c > low)
        else:
            amount = sum(min(c, high) - low for c in contrib.values() if c > low)
        eligible = tuple(s for s in live if contrib[s] >= high or s not in all_in)
        if pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + amount, eligible)
        elif amount > 0 or not pots:
            pots.append((amount, eligible))
        low = high
    return pots


def test_random_tables_match_the_reference():
    rng = random.Random(11)
    for _ in range(3000):
        seats = rng.sample(range(1, 10), rng.randrange(2, 10))
        contrib = {s: rng.choice([0, 5, 10, 10, 40, 100, rng.randrange(0, 500)]) for s in seats}
        folded = {s for s in seats if rng.random() < 0.3}
        all_in = {s for s in seats if s not in folded and rng.random() < 0.4}
        got = [(p.amount, p.eligible) for p in build_pots(contrib, folded, all_in)]
        assert got == _reference(contrib, folded, all_in), (contrib, folded, all_in)
        assert sum(a for a, _ in got) == sum(contrib.values())


def test_all_in_levels_make_side_pots_with_dead_money():
    # Seat 4 folded after putting in 30: dead money in the main and first side pot.
    pots = build_pots({1: 20, 2: 50, 3: 100, 4: 30}, {4}, {1, 2})
    assert pots == [PotSlice(80, (1, 2, 3)), PotSlice(70, (2, 3)), PotSlice(50, (3,))]


def test_a_negative_pot_is_refused():
    with pytest.raises(ValueError, match="negative"):
        PotSlice(-1, (1,))
