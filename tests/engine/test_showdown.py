"""Showdown ranking (``showdown.award_pots``) against phevaluator, side pots and run-it-twice."""

from __future__ import annotations

import random

from phevaluator import evaluate_cards

from pipeline.engine.pots import build_pots
from pipeline.engine.showdown import award_pots

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def _expected_winners(board, holes):
    """The winners by phevaluator's string interface, in seat order."""
    ranks = {seat: evaluate_cards(*board, *cards) for seat, cards in holes.items()}
    best = min(ranks.values())
    return tuple(s for s in sorted(holes) if ranks[s] == best)


def test_ranked_winners_match_phevaluator_on_random_deals():
    rng = random.Random(7)
    for _ in range(300):
        players = rng.randrange(2, 7)
        cards = rng.sample(DECK, 5 + 2 * players)
        board = tuple(cards[:5])
        holes = {i + 1: tuple(cards[5 + 2 * i : 7 + 2 * i]) for i in range(players)}
        stakes = {s: 100 for s in holes}
        award = award_pots(build_pots(stakes, sorted(stakes), set()), [board], holes, button=1)
        assert award.winners == [_expected_winners(board, holes)]
        assert sum(award.payout.values()) == 100 * players


def test_side_pots_reuse_the_ranks_of_the_main_pot():
    board = ("2c", "7d", "9h", "Js", "3s")
    holes = {1: ("Ah", "Ad"), 2: ("Kh", "Kd"), 3: ("Qh", "Qd")}
    # Seat 1 all-in short: the main pot is his, the side pot goes to the next best hand.
    pots = build_pots({1: 50, 2: 200, 3: 200}, [1, 2, 3], {1})
    award = award_pots(pots, [board], holes, button=3)
    assert award.winners == [(1,), (2,)]
    assert award.payout == {1: 150, 2: 300}


def test_an_upper_case_spelling_ranks_like_the_usual_one():
    board = ("2c", "7d", "9h", "Js", "3s")
    pots = build_pots({1: 100, 2: 100}, [1, 2], set())
    usual = award_pots(pots, [board], {1: ("As", "Ad"), 2: ("Kh", "Kd")}, button=1)
    shouted = award_pots(pots, [board], {1: ("AS", "AD"), 2: ("Kh", "Kd")}, button=1)
    assert usual.winners == shouted.winners == [(1,)]


def test_a_card_the_evaluator_refuses_leaves_the_pot_unverified():
    board = ("2c", "7d", "9h", "Js", "3s")
    pots = build_pots({1: 100, 2: 100}, [1, 2], set())
    award = award_pots(pots, [board], {1: ("1c", "Ad"), 2: ("Kh", "Kd")}, button=1)
    assert award.unverified == [(0, ())] and award.winners == [()] and award.payout == {}


def test_run_it_twice_ranks_each_board():
    boards = [("2c", "7d", "9h", "Js", "3s"), ("2c", "7d", "9h", "Kc", "Ks")]
    holes = {1: ("Ah", "Ad"), 2: ("Qh", "Qd")}
    pots = build_pots({1: 101, 2: 101}, [1, 2], set())
    award = award_pots(pots, boards, holes, button=2)
    # Aces win the first board; the second board's kings pair both, aces still best.
    assert award.winners == [(1,)] and award.payout == {1: 202}
    boards[1] = ("2c", "7d", "9h", "Qc", "Ks")  # queens make a set on the second run
    award = award_pots(pots, boards, holes, button=2)
    assert award.winners == [(1, 2)] and award.payout == {1: 101, 2: 101}
