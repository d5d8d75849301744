"""Rabbit hunting on every site the ignorable-line rule covers (parsers/sites/_kit/ignorable.py).

After a hand has ended a player may ask to see the cards that would have come. The site prints
them ("Rabbit hunt: [Kd 5s]", "Jo Betz rabbit hunts [Kd] [5s]", "*** RABBIT HUNT *** [Kd
5s]"): nobody plays them, so the line moves no chips and changes no board, even where it names
the player who asked. Each hand below is one of the site's own hand-written test hands with
such a line added where the site prints its after-hand notices (before the summary, or at the
end of a site that prints none): it imports, its board and money unchanged, and the line is
an ``info`` finding ``ignored_line`` with its text.
"""

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
