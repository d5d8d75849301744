"""The card rules (``cards.py``): which hole cards and boards can be read, and that no card
appears twice, on clean hands and on every kind of card trouble."""

from __future__ import annotations

import pytest

from parsers.model import ActionKind, Game
from pipeline.engine.cards import check_duplicate_cards, known_cards, readable_boards
from tests.support.handbuilder import HandBuilder


def _hand(holes, shows=(), mucks=(), board="2c 7d 9h Js 3s", boards=None, game=Game.HOLDEM):
    b = HandBuilder(game=game)
    for seat, hole in holes.items():
        b.seat(seat, f"p{seat}", 1000, hole)
    b.post_sb(1).post_bb(2).call(1).check(2)
    for seat, hole in shows:
        b.show(seat, hole)
    for seat, hole in mucks:
        b.muck(seat, hole)
    if boards:
        b.board(*boards)
    elif board:
        b.board(board)
    return b.build()


def _read(hand):
    """What the replay reads of a hand's cards: (known seats, mucked seats, board sizes,
    findings as (code, message))."""
    out: list = []
    card_actions = [a for a in hand.actions if a.kind in (ActionKind.SHOW, ActionKind.MUCK)]
    known, muck = known_cards(hand, card_actions, out)
    check_duplicate_cards(hand, known, out)
    boards = readable_boards(hand, out)
    return sorted(known), sorted(muck), [len(b) for b in boards], [(f.code, f.message) for f in out]


TWICE = ("2c 7d 9h Js 3s", "2c 7d 9h 4s 5s")
CASES = {
    "clean, hero's cards only": (_hand({1: "Ah Ad", 2: None}), [1], [], [5], []),
    "clean showdown": (
        _hand({1: None, 2: None}, shows=[(1, "Ah Ad"), (2, "Kh Kd")]), [1, 2], [], [5], []
    ),
    "a muck face down": (_hand({1: "Ah Ad", 2: None}, mucks=[(2, None)]), [1], [2], [5], []),
    "a muck face up, then a show": (
        _hand({1: None, 2: None}, [(2, "Kh Kd")], [(2, "Kh Kd")]), [2], [], [5], []
    ),
    "no board": (_hand({1: "Ah Ad", 2: None}, board=""), [1], [], [0], []),
    "run it twice": (_hand({1: "Ah Ad", 2: None}, boards=TWICE), [1], [], [5, 5], []),
    "omaha": (_hand({1: "Ah Ad Kc Kd", 2: None}, game=Game.OMAHA), [1], [], [5], []),
    "a partial show": (_hand({1: None, 2: None}, shows=[(1, "Ah")]), [], [], [5], []),
    "a hole card on the board": (
        _hand({1: "Ah 2c", 2: None}),
        [1], [], [5],
        [("duplicate_card", "card 2c appears in the hole cards of seat 1 (p1) and in the board")],
    ),
    "the same card in two hands": (
        _hand({1: None, 2: None}, shows=[(1, "Ah Ad"), (2, "Ah Kd")]),
        [1, 2], [], [5],
        [("duplicate_card", "card Ah appears in the hole cards of seat 1 (p1) and in the hole "
          "cards of seat 2 (p2)")],
    ),
    "a board card twice": (
        _hand({1: "Ah Ad", 2: None}, board="2c 7d 9h Js 2c"),
        [1], [], [5],
        [("duplicate_card", "card 2c appears in the board and in the board")],
    ),
    "a hole card on the second run": (
        _hand({1: "Ah Ad", 2: None}, boards=("2c 7d 9h Js 3s", "2c 7d 9h 4s Ah")),
        [1], [], [5, 5],
        [("duplicate_card", "card Ah appears in the hole cards of seat 1 (p1) and in board 2")],
    ),
    "two identical runs": (
        _hand({1: "Ah Ad", 2: None}, boards=(TWICE[0], TWICE[0])),
        [1], [], [5, 5],
        [("duplicate_card", "two runs of the board are identical")],
    ),
    "an unreadable hole card": (
        _hand({1: "Ah Xx", 2: None}),
        [], [], [5],
        [("invalid_card", "seat 1 shows unreadable cards Ah Xx")],
    ),
    "an upper-case suit": (
        _hand({1: "AH Ad", 2: None}),
        [], [], [5],
        [("invalid_card", "seat 1 shows unreadable cards AH Ad")],
    ),
    "three hole cards": (
        _hand({1: "Ah Ad Kc", 2: None}),
        [], [], [5],
        [("invalid_card", "seat 1 holds 3 cards (Ah Ad Kc): a hold'em hand has two, so it "
          "cannot be ranked")],
    ),
    "an unreadable board": (
        _hand({1: "Ah Ad", 2: None}, board="2c 7d 9h Js ??"),
        [1], [], [0],
        [("invalid_card", "the board has unreadable cards 2c 7d 9h Js ??")],
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_cards_read_and_judged(name):
    hand, known, muck, board_sizes, findings = CASES[name]
    assert _read(hand) == (known, muck, board_sizes, findings)


def test_hidden_cards_are_never_duplicates():
    hand = _hand({1: "?? ??", 2: "?? ??"})
    out: list = []
    check_duplicate_cards(hand, {1: ("??", "??"), 2: ("??", "??")}, out)
    assert out == []
