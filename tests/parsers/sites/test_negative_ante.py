"""A negative ante line, on every site the ignorable-line rule covers (issue 33 section 4).

No post takes chips out of the pot, so "posts the ante -10" is no post: the hand imports with
its money as it was, and the line is kept as an ``info`` ``ignored_line`` finding with its text
(:mod:`parsers.sites._kit.ignorable`). It used to reject the whole hand as ``bad_amount``. Each
hand is one of the site's own hand-written test hands, the line written in the site's own ante
wording and put after its seat list."""

from __future__ import annotations

import pytest

from parsers.sites._kit.ignorable import is_negative_ante
from pipeline.engine import replay
from pipeline.engine.result import Severity
from tests.parsers.sites.test_rabbit_hunt import _hand, _money, _text

#: (site, test module's hand, the site's ante line with a negative amount)
SITES = [
    ("pokerstars", "TOURNEY", "{p}: posts the ante -10"),
    ("winamax", "TOURNEY", "{p} posts ante -140"),
    ("pkr", "TOURNEY", "{p} posts ante of -100"),
    ("cake", "TOURNEY", "{p}: posts ante of -20"),
    ("kingsclub", "SIDE_POT", "{p}: posts ante -50"),
    ("fulltilt", "CASH", "{p} antes -$5"),
    ("betonline", "HAND", "{p}: ante processed -5.00"),
    ("pacific888", "HAND", "{p} posts ante [$-0.05]"),
    ("unibet", "RIVER_BET", "{p} posts ante -€0.05"),
    ("wpn", "CLASSIC", "Player {p} ante (-5)"),
    ("sealswithclubs", "SIDE_POT", "{p} posts ante -5"),
    ("enet", "DEAD_POSTS", "{p} posts the ante -5"),
]


def _after_seats(text: str, line: str) -> str:
    lines = text.split("\n")
    last_seat = max(k for k, ln in enumerate(lines[:15])
                    if ln.startswith(("Seat ", "Player ")) and "button" not in ln)
    return "\n".join(lines[: last_seat + 1] + [line] + lines[last_seat + 1:])


@pytest.mark.parametrize(("site", "name", "form"), SITES, ids=[s[0] for s in SITES])
def test_a_negative_ante_is_an_info_finding_not_a_reject(site, name, form):
    text = _text(site, name)
    plain = _hand(text)
    line = form.format(p=plain.seats[-1].player)
    hand = _hand(_after_seats(text, line))
    assert [ig.text for ig in hand.ignored_lines if "ante" in ig.text] == [line]
    assert _money(hand) == _money(plain)  # no chips moved by it, the same nets
    findings = replay(hand).findings
    assert [f.severity for f in findings if f.code == "ignored_line" and line in f.message] \
        == [Severity.INFO]
    assert not [f for f in findings if f.severity is Severity.ERROR]
    assert [s.net for s in replay(hand).seats] == [s.net for s in replay(plain).seats]


@pytest.mark.parametrize("line", [
    "Hero: posts the ante -10", "bob posts ante [$-0.05]", "Player bob ante (-5)",
    "ann antes -$5", "Ante -€0.05 by Ann", "ed: ante processed $-5.00",
])
def test_negative_ante_lines(line):
    assert is_negative_ante(line)


@pytest.mark.parametrize("line", [
    "Hero: posts the ante 10",  # a real ante
    "Hero: posts the ante 10 - Level-5",  # a minus inside a word
    "Tournament 2012-04-09: antes 25",  # a date
    "Hero: raises -10 to 20",  # no ante
    "Hero: posts the ante -10 [Ah Kd]",  # cards: never read past
])
def test_not_negative_ante_lines(line):
    assert not is_negative_ante(line)
