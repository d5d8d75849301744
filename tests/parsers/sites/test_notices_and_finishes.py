"""Client system notices inside a hand and tournament finish lines, on every site the
ignorable-line rule covers (issue 33 section 4).

A notice ("The tournament is now on a break") names nobody and moves no chips; a finish line
("NAME finished the tournament in 2nd place and received $10.00", "NAME wins the tournament and
receives $25.00 - congratulations!") names a seated player but pays him outside the pot. Both
are ``info`` ``ignored_line`` findings: the hand imports with its accounting unchanged (the
prize is never a collection); PokerStars, Winamax and PKR read their own finish lines past
unreported. Each hand is one of the site's own hand-written test hands."""

from __future__ import annotations

import re

import pytest

from pipeline.engine import replay
from pipeline.engine.result import Severity
from tests.parsers.sites.test_rabbit_hunt import _hand, _money, _text

SITES = [
    ("betonline", "TOURNEY"), ("cereus", "DEAD_POST"), ("enet", "DEAD_POSTS"),
    ("fulltilt", "CASH"), ("kingsclub", "SIDE_POT"), ("ongame", "TOURNEY"),
    ("pacific888", "HAND"), ("unibet", "RIVER_BET"), ("winamax", "TOURNEY"), ("wpn", "CURRENT"),
    ("cake", "TOURNEY"), ("partypoker", "CASH"), ("sealswithclubs", "SIDE_POT"),
    ("pokerstars", "TOURNEY"), ("pkr", "TOURNEY"),
]
IDS = [s for s, _ in SITES]
#: sites whose readers know the finish lines and skip them without a finding
OWN_FINISH_RULE = {"pokerstars", "winamax", "pkr"}
NOTICES = ["The tournament is now on a break", "Tournament is in hand-for-hand mode"]
FINISHES = ["{p} finished the tournament in 2nd place and received $10.00",
            "{p} wins the tournament and receives $25.00 - congratulations!",
            "{p} finished the tournament in 3rd place"]


def _insert(text: str, before: str, line: str) -> str:
    lines = text.split("\n")
    at = next((k for k, ln in enumerate(lines) if k > 2 and re.search(before, ln, re.I)),
              len(lines))
    return "\n".join(lines[:at] + [line] + lines[at:])


def _same_but(plain, hand, lines: list[str]) -> None:
    assert [ig.text for ig in hand.ignored_lines] == lines
    assert _money(hand) == _money(plain)
    findings = replay(hand).findings
    reported = [f.severity for f in findings if f.code == "ignored_line"]
    assert reported == [Severity.INFO] * len(lines)
    assert not [f for f in findings if f.severity is Severity.ERROR]


@pytest.mark.parametrize(("site", "name"), SITES, ids=IDS)
@pytest.mark.parametrize("notice", NOTICES)
def test_a_system_notice_before_the_flop_is_an_ignored_line(site, name, notice):
    text = _text(site, name)
    if not re.search("flop", text.split("\n", 3)[-1], re.I):
        pytest.skip("the hand has no flop")
    _same_but(_hand(text), _hand(_insert(text, "flop", notice)), [notice])


@pytest.mark.parametrize(("site", "name"), SITES, ids=IDS)
@pytest.mark.parametrize("form", FINISHES)
def test_a_finish_line_before_the_summary_is_an_ignored_line(site, name, form):
    text = _text(site, name)
    plain = _hand(text)
    line = form.format(p=plain.seats[0].player)
    reported = [] if site in OWN_FINISH_RULE else [line]
    _same_but(plain, _hand(_insert(text, "summary", line)), reported)
