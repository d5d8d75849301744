"""``build_pots`` held to what a pot split must satisfy, on random tables: every chip in a pot,
each player eligible for exactly the chips he could win, and no two neighbouring pots alike."""

from __future__ import annotations

import random

import pytest

from pipeline.engine.pots import PotSlice, build_pots


def _random_table(rng: random.Random) -> tuple[dict[int, int], list[int], set[int]]:
    seats = rng.sample(range(1, 10), rng.randrange(2, 10))
    contrib = {s: rng.choice([0, 5, 10, 10, 40, 100, rng.randrange(0, 500)]) for s in seats}
    live = sorted(s for s in seats if rng.random() >= 0.3)
    all_in = {s for s in live if rng.random() < 0.4}
    return contrib, live, all_in


def test_random_tables_split_every_chip_by_what_each_player_can_win():
    rng = random.Random(11)
    for _ in range(3000):
        contrib, live, all_in = _random_table(rng)
        pots = build_pots(contrib, live, all_in)
        assert sum(p.amount for p in pots) == sum(contrib.values())
        if not live:
            assert all(p.eligible == () for p in pots)
            continue
        top = max(contrib[s] for s in live)
        for seat in live:
            winnable = sum(p.amount for p in pots if seat in p.eligible)
            if seat in all_in and contrib[seat] < top:
                # An all-in player can win from each opponent at most what he put in himself.
                assert winnable == sum(min(c, contrib[seat]) for c in contrib.values())
            else:
                assert winnable == sum(contrib.values())  # in every pot
        assert all(p.eligible == tuple(sorted(p.eligible)) for p in pots)
        assert all(a.eligible != b.eligible for a, b in zip(pots, pots[1:], strict=False))
        assert all(p.amount > 0 for p in pots[1:])  # only the main pot may be empty


def test_all_in_levels_make_side_pots_with_dead_money():
    # Seat 4 folded after putting in 30: dead money in the main and first side pot.
    pots = build_pots({1: 20, 2: 50, 3: 100, 4: 30}, [1, 2, 3], {1, 2})
    assert pots == [PotSlice(80, (1, 2, 3)), PotSlice(70, (2, 3)), PotSlice(50, (3,))]


def test_nobody_left_leaves_one_pot_nobody_can_win():
    assert build_pots({1: 10, 2: 10}, [], set()) == [PotSlice(20, ())]
    assert build_pots({1: 0, 2: 0}, [], set()) == []


def test_a_negative_pot_is_refused():
    with pytest.raises(ValueError, match="negative"):
        PotSlice(-1, (1,))
