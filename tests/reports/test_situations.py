"""Preflop all-in situations are counted once per process, up to the suits' names
(``reports.situations``): the key names the same situation whatever the suits are called and
the cards' order, never two different ones; a situation met again is looked up, and the
counts looked up are the ones a fresh count gives."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from reports import equity, situations
from reports.equity import board_tallies, card_id, reference_tallies
from reports.situations import Memo, canonical


@pytest.fixture(autouse=True)
def fresh_memo():
    situations.memo.clear()
    yield
    situations.memo.clear()


def _renamed(cards, order):
    return [(c & ~3) | order[c & 3] for c in cards]


def test_a_renaming_of_the_suits_or_the_cards_order_keeps_the_key():
    rng = random.Random(32)
    for _ in range(300):
        players = rng.randint(2, 6)
        known = rng.choice([0, 3, 4])
        cards = rng.sample(range(52), 2 * players + known)
        holes = [cards[2 * i:2 * i + 2] for i in range(players)]
        board = cards[2 * players:]
        masks = [rng.randint(1, (1 << players) - 1) for _ in range(rng.randint(1, 3))]
        order = rng.sample(range(4), 4)
        shuffled = [list(reversed(_renamed(h, order))) if rng.random() < 0.5
                    else _renamed(h, order) for h in holes]
        assert canonical(shuffled, _renamed(board, order)[::-1], masks) == \
            canonical(holes, board, masks)


def test_situations_that_differ_get_other_keys():
    c = card_id
    suited_same = [(c("Ah"), c("Kh")), (c("Qh"), c("Jh"))]
    suited_apart = [(c("Ah"), c("Kh")), (c("Qs"), c("Js"))]
    offsuit = [(c("Ah"), c("Kd")), (c("Qs"), c("Jc"))]
    keys = {canonical(h, (), [3]) for h in (suited_same, suited_apart, offsuit)}
    assert len(keys) == 3
    # the same cards with the players swapped, or another pot, are other situations
    assert canonical(suited_same[::-1], (), [3]) != canonical(suited_same, (), [3])
    assert canonical(offsuit, (), [1, 3]) != canonical(offsuit, (), [3])


def test_a_situation_met_again_is_looked_up_with_the_counts_of_a_fresh_count(monkeypatch):
    c = card_id
    first = ({1: (c("Ah"), c("Ad")), 2: (c("Kc"), c("Ks"))}, (), [1, 2],
             [(Fraction(10), (1, 2))])
    # the same matchup, suits renamed, other seats, the cards in another order
    again = ({4: (c("Ac"), c("As")), 7: (c("Kd"), c("Kh"))}, (), [4, 7],
             [(Fraction(3), (4, 7))])
    counted: list[int] = []
    real = equity._count

    def spy(jobs):
        counted.append(len(jobs))
        return real(jobs)

    monkeypatch.setattr(equity, "_count", spy)
    both = board_tallies([first, again])
    assert counted == [1]  # one count for the two
    assert both == [reference_tallies(*first), reference_tallies(*again)]
    tallies, boards = both[1]
    assert boards == 1_712_304 and tallies[0][(4,)] > tallies[0][(7,)]  # aces, seat 4, lead
    assert board_tallies([again]) == [both[1]] and counted == [1, 0]  # looked up
    assert situations.memo.hits >= 1


def test_flop_situations_and_cards_dealt_twice_are_counted_every_time(monkeypatch):
    c = card_id
    flop = ({1: (c("Ah"), c("Ad")), 2: (c("Kc"), c("Ks"))}, (c("2h"), c("7d"), c("9c")),
            [1, 2], [(Fraction(10), (1, 2))])
    twice = ({1: (c("Ah"), c("Ad")), 2: (c("Ah"), c("Ks"))}, (), [1, 2],
             [(Fraction(10), (1, 2))])
    assert board_tallies([flop, twice]) == [reference_tallies(*flop), None]
    assert board_tallies([flop, twice]) == [reference_tallies(*flop), None]
    assert not situations.memo.counts


def test_the_memo_keeps_at_most_its_size_the_oldest_leaving_first():
    memo = Memo(size=2)
    for k in range(3):
        memo.put(((( k, k + 4),), (), (1,)), (k, ()))
    assert list(memo.counts.values()) == [(1, ()), (2, ())]
    assert memo.get((((0, 4),), (), (1,))) is None and memo.misses == 1


def test_looked_up_counts_equal_fresh_counts_over_many_isomorphic_variants(monkeypatch):
    """Random preflop situations (two to four players, side pots), each met again under
    random renamings of the suits, other seat numbers and the cards of each hand swapped:
    each situation is counted once, and the counts every variant gets (from one count in the
    same batch, then from the memo) are the ones a fresh count of that very variant gives
    (the counter without the memo). Fewer on the numpy counter (a second a count)."""
    situations_n, each = (40, 6) if equity.native_counting() else (4, 3)
    rng = random.Random(4)
    variants = []
    for _ in range(situations_n):
        players = rng.choice([2, 2, 2, 3, 4])
        cards = rng.sample(range(52), 2 * players)
        holes = [tuple(cards[2 * i:2 * i + 2]) for i in range(players)]
        pots = [(Fraction(rng.randint(1, 99)), tuple(range(players)))]
        if players > 2:
            pots.append((Fraction(7), tuple(range(1, players))))  # a side pot
        for _ in range(each):
            order = rng.sample(range(4), 4)
            seats = sorted(rng.sample(range(1, 10), players))
            hole = {seats[i]: tuple(_renamed(h, order)[::rng.choice([1, -1])])
                    for i, h in enumerate(holes)}
            contested = [(amount, tuple(seats[i] for i in elig)) for amount, elig in pots]
            variants.append((hole, (), seats, contested))
    rng.shuffle(variants)
    fresh = equity._count(variants)  # no memo: each variant counted as it is
    counted: list[int] = []
    real = equity._count

    def spy(jobs):
        counted.append(len(jobs))
        return real(jobs)

    monkeypatch.setattr(equity, "_count", spy)
    assert board_tallies(variants) == fresh
    assert counted == [situations_n] and len(situations.memo.counts) == situations_n
    hits = situations.memo.hits
    assert board_tallies(variants) == fresh  # now every one looked up
    assert counted[-1] == 0 and situations.memo.hits - hits == len(variants)
