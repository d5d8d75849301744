"""``cards.read_cards``: its one-pass fast path against the general functions it stands for
(``known_cards``, ``check_duplicate_cards``, ``readable_boards``), side by side on clean hands
and on every kind of card trouble."""

from __future__ import annotations

import random

from parsers.model import ActionKind, Game
from pipeline.engine.cards import known_cards, read_cards, readable_boards
from pipeline.engine.showdown import check_duplicate_cards
from tests.support.handbuilder import HandBuilder

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def _slow(hand):
    """The general path, as the replay ran it before the fast path existed."""
    out: list = []
    card_actions = [a for a in hand.actions if a.kind in (ActionKind.SHOW, ActionKind.MUCK)]
    known, muck = known_cards(hand, card_actions, out)
    check_duplicate_cards(hand, known, out)
    boards = readable_boards(hand, out)
    return known, muck, boards, out


def _fast(hand):
    out: list = []
    card_actions = [a for a in hand.actions if a.kind in (ActionKind.SHOW, ActionKind.MUCK)]
    known, muck, boards = read_cards(hand, card_actions, out)
    if boards is None:
        boards = readable_boards(hand, out)
    return known, muck, list(boards), out


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


CASES = {
    "clean, hero's cards only": _hand({1: "Ah Ad", 2: None}),
    "clean showdown": _hand({1: None, 2: None}, shows=[(1, "Ah Ad"), (2, "Kh Kd")]),
    "a muck face down": _hand({1: "Ah Ad", 2: None}, mucks=[(2, None)]),
    "a muck face up, then a show": _hand({1: None, 2: None}, [(2, "Kh Kd")], [(2, "Kh Kd")]),
    "no board": _hand({1: "Ah Ad", 2: None}, board=""),
    "a hole card on the board": _hand({1: "Ah 2c", 2: None}),
    "the same card in two hands": _hand({1: None, 2: None}, shows=[(1, "Ah Ad"), (2, "Ah Kd")]),
    "an unreadable hole card": _hand({1: "Ah Xx", 2: None}),
    "an upper-case suit": _hand({1: "AH Ad", 2: None}),
    "a partial show": _hand({1: None, 2: None}, shows=[(1, "Ah")]),
    "three hole cards": _hand({1: "Ah Ad Kc", 2: None}),
    "an unreadable board": _hand({1: "Ah Ad", 2: None}, board="2c 7d 9h Js ??"),
    "a board card twice": _hand({1: "Ah Ad", 2: None}, board="2c 7d 9h Js 2c"),
    "run it twice": _hand({1: "Ah Ad", 2: None}, boards=("2c 7d 9h Js 3s", "2c 7d 9h 4s 5s")),
    "omaha": _hand({1: "Ah Ad Kc Kd", 2: None}, game=Game.OMAHA),
}


def test_fast_path_equals_the_general_functions_on_every_kind_of_hand():
    taken = []
    for name, hand in CASES.items():
        assert _fast(hand) == _slow(hand), name
        taken.append(read_cards(hand, [], [])[2] is not None)
    # Both paths are exercised: the clean hands take the fast one, the troubled ones do not.
    assert taken[0] and taken[2] and not taken[5] and not taken[7]


def test_fast_path_equals_the_general_functions_on_random_deals():
    rng = random.Random(5)
    for _ in range(500):
        players = rng.randrange(2, 7)
        cards = rng.sample(DECK, 5 + 2 * players)
        if rng.random() < 0.3:  # a card dealt twice
            cards[rng.randrange(len(cards))] = rng.choice(cards)
        holes = {i + 1: " ".join(cards[5 + 2 * i : 7 + 2 * i]) for i in range(players)}
        shown = [(s, h) for s, h in holes.items() if rng.random() < 0.5]
        hand = _hand(dict.fromkeys(holes), shows=shown, board=" ".join(cards[:5]))
        assert _fast(hand) == _slow(hand)
