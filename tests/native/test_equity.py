"""The native board counter (``sidepot_native.equity_tallies``) against the numpy enumeration
it replaces (``reports.equity.reference_tallies``): the same exact board counts per pot and
set of winners, on random situations of every shape, on the hands that stress the flush pass,
and the same refusals."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from reports import equity, situations
from reports.equity import board_tallies, card_id, equity_shares, reference_tallies

native = pytest.importorskip("sidepot_native")


def _job(rng: random.Random, contenders: int, known: int):
    cards = rng.sample(range(52), 2 * contenders + known)
    seats = rng.sample(range(1, 10), contenders)
    hole = {s: (cards[2 * i], cards[2 * i + 1]) for i, s in enumerate(seats)}
    contested = [(Fraction(100), tuple(seats))]
    if contenders > 2:  # a side pot for all but one, as a short all-in leaves
        contested.append((Fraction(37), tuple(seats[1:])))
    return hole, tuple(cards[2 * contenders:]), sorted(seats), contested


@pytest.mark.parametrize("known", [0, 3, 4])
def test_native_counts_equal_the_numpy_enumeration(known, monkeypatch):
    rng = random.Random(1600 + known)
    jobs = [_job(rng, rng.choice([2, 2, 3, 4, 6]), known) for _ in range(40 if known else 12)]
    assert equity._native_counter() is not None
    counted = board_tallies(jobs)
    assert counted == [reference_tallies(*job) for job in jobs]
    monkeypatch.setenv("SIDEPOT_CORE", "python")  # the reference path, by the same entry
    assert equity._native_counter() is None
    situations.memo.clear()  # (else the preflop jobs are looked up, not counted again)
    assert board_tallies(jobs) == counted


def test_suited_hands_where_the_flush_pass_decides():
    c = card_id
    situations = [
        ((c("Ah"), c("Kh")), (c("Qh"), c("Jh")), ()),               # same suit, preflop
        ((c("2h"), c("3h")), (c("As"), c("Ad")), (c("4h"), c("5h"), c("Kc"))),  # flush draw
        ((c("9s"), c("8s")), (c("Ts"), c("2d")), (c("Js"), c("Qs"), c("3s"))),  # flush made
    ]
    for h0, h1, known in situations:
        job = ({1: h0, 2: h1}, known, [1, 2], [(Fraction(10), (1, 2))])
        assert board_tallies([job]) == [reference_tallies(*job)]


def test_a_card_dealt_twice_is_not_counted_on_either_path(monkeypatch):
    c = card_id
    job = ({1: (c("Ah"), c("Kh")), 2: (c("Ah"), c("Qd"))}, (), [1, 2], [(Fraction(10), (1, 2))])
    assert board_tallies([job]) == [None]
    assert reference_tallies(*job) is None
    monkeypatch.setenv("SIDEPOT_CORE", "python")
    assert board_tallies([job]) == [None]


def test_shares_add_up_to_the_pots_and_threads_change_nothing():
    rng = random.Random(7)
    jobs = [_job(rng, 3, 3) for _ in range(20)]
    args = [([hole[s] for s in seats], list(known),
              [sum(1 << seats.index(x) for x in elig) for _, elig in pots])
             for hole, known, seats, pots in jobs]
    assert native.equity_tallies(args, threads=1) == native.equity_tallies(args, threads=4)
    for hole, known, _, pots in jobs:
        shares = equity_shares(hole, known, pots)
        assert sum(shares.values()) == sum(amount for amount, _ in pots)


def test_heads_up_preflop_counts_every_board():
    c = card_id
    job = ({1: (c("Ah"), c("Ad")), 2: (c("Kc"), c("Ks"))}, (), [1, 2], [(Fraction(1), (1, 2))])
    (tallies, boards), = board_tallies([job])
    assert boards == 1_712_304 == sum(tallies[0].values())
    assert 0.80 < tallies[0][(1,)] / boards < 0.83  # aces over kings, about four to one
    assert (tallies, boards) == reference_tallies(*job)
