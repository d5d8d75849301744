"""Chat after the summary: a "NAME: text" line below the hand's summary marker, where clients
write what was said as the hand closed (issue 33 section 4, 888/Pacific first).

Nothing after the summary is an action, so the speaker may be seated: such a line is read past
and kept as an ``info`` ``ignored_line`` finding (:mod:`parsers.sites._kit.ignorable`). The
same line in the body, or a line after the summary that reads as an action (a betting verb, an
amount, cards), still rejects the hand as before. Each hand is one of the site's own
hand-written test hands, with the line put at its end (after the summary)."""

from __future__ import annotations

import pytest

from parsers.read import split_file
from parsers.sites._kit.ignorable import summary_line
from pipeline.engine import replay
from pipeline.engine.result import Severity
from tests.parsers.sites.test_rabbit_hunt import _hand, _money, _text

#: (site, the test module's hand): each with a summary section and no end line after it
SITES = [
    ("pacific888", "HAND"), ("betonline", "HAND"), ("cereus", "DEAD_POST"), ("enet", "DEAD_POSTS"),
    ("fulltilt", "CASH"), ("kingsclub", "SIDE_POT"), ("unibet", "RIVER_BET"), ("winamax", "CASH"),
    ("winamax", "TOURNEY"),
]
IDS = [f"{s}-{n}" for s, n in SITES]


def _outcome(text: str):
    (out,) = list(split_file(text.encode()).hands("chat.txt"))
    return out


@pytest.mark.parametrize(("site", "name"), SITES, ids=IDS)
def test_chat_after_the_summary_is_an_ignored_line(site, name):
    text = _text(site, name)
    plain = _hand(text)
    line = f"{plain.seats[0].player}: gg, nice hand"
    hand = _hand(text + "\n" + line)
    assert [ig.text for ig in hand.ignored_lines] == [line]
    assert _money(hand) == _money(plain)
    findings = replay(hand).findings
    assert [f.severity for f in findings if f.code == "ignored_line"] == [Severity.INFO]
    assert not [f for f in findings if f.severity is Severity.ERROR]


@pytest.mark.parametrize(("site", "name"), SITES[:4], ids=IDS[:4])
@pytest.mark.parametrize("said", ["raises $5 to $10", "shows [Ah Kd]", "I had 50 chips"])
def test_an_action_after_the_summary_still_rejects(site, name, said):
    text = _text(site, name)
    player = _hand(text).seats[0].player
    assert _outcome(text + f"\n{player}: {said}").hand is None


def test_the_same_chat_in_the_body_still_rejects_on_888():
    text = _text("pacific888", "HAND")
    lines = text.split("\n")
    at = next(k for k, ln in enumerate(lines) if "Dealing flop" in ln)
    player = _hand(text).seats[0].player
    out = _outcome("\n".join(lines[:at] + [f"{player}: gg, nice hand"] + lines[at:]))
    assert out.hand is None and out.error.reason == "unknown_line"


@pytest.mark.parametrize(("lines", "want"), [
    (["a", "*** SUMMARY ***", "b"], 2), (["** Summary **"], 1), (["x", "------ Summary ------"], 2),
    (["Summary:"], 1), (["Summary of the day was good"], 0), (["a", "b"], 0),
])
def test_summary_line(lines, want):
    assert summary_line(lines) == want
