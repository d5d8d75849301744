"""Rabbit hunting on every site the ignorable-line rule covers (parsers/sites/_kit/ignorable.py).

After a hand has ended a player may ask to see the cards that would have come. The site prints
them ("Rabbit hunt: [Kd 5s]", "Jo Betz rabbit hunts [Kd] [5s]", "*** RABBIT HUNT *** [Kd
5s]"): nobody plays them, so the line moves no chips and changes no board, even where it names
the player who asked. Each hand below is one of the site's own hand-written test hands with
such a line added where the site prints its after-hand notices (before the summary, or at the
end of a site that prints none): it imports, its board and money unchanged, and the line is
an ``info`` finding ``ignored_line`` with its text.
"""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

from __future__ import annotations

import importlib

import pytest

from parsers.read import split_file
from pipeline.engine import replay
from pipeline.engine.result import Severity

#: (site, the test module's hand) for the sites with a summary section, then those without.
WITH_SUMMARY = [
    ("betonline", "HAND"), ("cereus", "DEAD_POST"), ("enet", "DEAD_POSTS"),
    ("fulltilt", "CASH"), ("kingsclub", "SIDE_POT"), ("ongame", "CASH"),
    ("pacific888", "HAND"), ("unibet", "RIVER_BET"), ("winamax", "CASH"), ("wpn", "CLASSIC"),
    ("wpn", "CURRENT"),
]
AT_THE_END = [("cake", "CASH"), ("partypoker", "CASH"), ("sealswithclubs", "SIDE_POT")]


def _text(site: str, name: str) -> str:
    return getattr(importlib.import_module(f"tests.parsers.sites.test_{site}"), name).strip("\n")


def _hand(text: str):
    (out,) = list(split_file(text.encode()).hands("rabbit.txt"))
    assert out.hand is not None, out.error
    return out.hand


def _with_rabbit(site: str, name: str, line_of) -> tuple[object, object, str]:
    text = _text(site, name)
    plain = _hand(text)
    line = line_of(plain.seats[0].player)
    lines = text.split("\n")
    if (site, name) in WITH_SUMMARY:
        at = next(k for k, ln in enumerate(lines) if k > 2 and "summary" in ln.lower())
    else:
        at = len(lines)
    return plain, _hand("\n".join(lines[:at] + [line] + lines[at:])), line


def _money(hand) -> tuple:
    actions = [(a.street, a.seat, a.kind, a.amount, a.to, a.all_in, a.cards) for a in hand.actions]
    paid = [(c.seat, c.amount, c.pot_index) for c in hand.report.collections]
    return actions, paid, hand.report.total_pot, hand.report.rake


LINES = [
    lambda player: f"{player} rabbit hunts [Kd] [5s]",
    lambda player: "*** RABBIT HUNT *** [Kd 5s]",
    lambda player: "Rabbit Hunting: turn [Kd] river [5s]",
]


@pytest.mark.parametrize("line_of", LINES, ids=["named", "marker", "plain"])
@pytest.mark.parametrize(("site", "name"), WITH_SUMMARY + AT_THE_END)
def test_a_rabbit_hunt_is_an_ignored_line_not_a_reject(site, name, line_of):
    plain, hand, line = _with_rabbit(site, name, line_of)
    assert [ig.text for ig in hand.ignored_lines] == [line]
    assert hand.boards == plain.boards
    assert _money(hand) == _money(plain)  # the same chips moved, only line numbers shifted
    found = [f for f in replay(hand).findings if f.code == "ignored_line"]
    assert [f.severity for f in found] == [Severity.INFO] and line in found[0].message
    assert not [f for f in replay(hand).findings if f.severity is Severity.ERROR]


# A rabbit hunt printed as the streets themselves, after the last opponent folded: the cards
# are not the board (parsers/sites/_kit/rabbit.py). Written in PokerStars' layout (the rule is
# the kit's, for every site read through with_site).
FOLDED_PREFLOP = """PokerStars Hand #200000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/01/01 12:00:00 ET
Table 'Alpha' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Cy ($10 in chips)
Bob: posts small blind $0.05
Cy: posts big blind $0.10
*** HOLE CARDS ***
Ann: raises $0.20 to $0.30
Bob: folds
Cy: folds
Uncalled bet ($0.20) returned to Ann
Ann collected $0.25 from pot
Ann: doesn't show hand
*** FLOP *** [Kd 5s 2c]
*** TURN *** [Kd 5s 2c] [7h]
*** SUMMARY ***
Total pot $0.25 | Rake $0
Board [Kd 5s 2c 7h]
Seat 1: Ann (button) collected ($0.25)
Seat 2: Bob (small blind) folded before Flop
Seat 3: Cy (big blind) folded before Flop
"""
FOLDED_ON_THE_FLOP = """PokerStars Hand #200000000002:  Hold'em No Limit ($0.05/$0.10 USD) - 2020/01/01 12:01:00 ET
Table 'Alpha' 6-max Seat #2 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Bob: posts small blind $0.05
Ann: posts big blind $0.10
*** HOLE CARDS ***
Bob: calls $0.05
Ann: checks
*** FLOP *** [Kd 5s 2c]
Ann: bets $0.20
Bob: folds
Uncalled bet ($0.20) returned to Ann
Ann collected $0.20 from pot
Ann: doesn't show hand
*** TURN *** [Kd 5s 2c] [7h]
*** RIVER *** [Kd 5s 2c 7h] [3d]
*** SUMMARY ***
Total pot $0.20 | Rake $0
Board [Kd 5s 2c 7h 3d]
Seat 1: Ann (big blind) collected ($0.20)
Seat 2: Bob (button) (small blind) folded on the Flop
"""


def _rabbit_hand(text: str):
    (out,) = list(split_file(text.encode()).hands("rabbit.txt"))
    assert out.hand is not None, out.error
    return out.hand


@pytest.mark.parametrize(("text", "board", "line"), [
    (FOLDED_PREFLOP, (), "*** FLOP *** [Kd 5s 2c]"),
    (FOLDED_ON_THE_FLOP, ("Kd", "5s", "2c"), "*** TURN *** [Kd 5s 2c] [7h]"),
], ids=["preflop", "flop"])
def test_streets_dealt_after_the_last_fold_are_no_board(text, board, line):
    hand = _rabbit_hand(text)
    assert hand.boards == (board,)
    assert [ig.text for ig in hand.ignored_lines] == [line]
    assert text.split("\n")[hand.ignored_lines[0].line - 1] == line
    result = replay(hand)
    assert not [f for f in result.findings if f.severity is not Severity.INFO]
    winner = hand.seats[0].seat
    assert [c.seat for c in hand.report.collections] == [winner]
    assert {s.seat: s.net for s in result.seats}[winner] > 0


def test_a_log_that_goes_on_after_the_fold_keeps_its_board():
    # someone acts after the "last" fold: the hand did not end there (a line is missing or
    # wrong), so its board is left as printed and the engine says what is wrong
    text = FOLDED_ON_THE_FLOP.replace("*** RIVER *** [Kd 5s 2c 7h] [3d]",
                                      "*** RIVER *** [Kd 5s 2c 7h] [3d]\nAnn: checks")
    hand = _rabbit_hand(text)
    assert hand.boards == (("Kd", "5s", "2c", "7h", "3d"),)
    assert not hand.ignored_lines
