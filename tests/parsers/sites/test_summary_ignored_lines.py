"""A summary line its reader does not know: the kit's rule (``parsers.sites._kit.ignorable``)
decides, as in the body. A line that names no seated player and moves no chips is read past and
reported (``Hand.ignored_lines``, an ``info`` ``ignored_line`` finding); a line that could move
chips still rejects the hand with ``unknown_line``. Written on each site's own hand-written hand
(Winamax, Cereus, BetOnline, Full Tilt), with the line put into its summary."""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

from __future__ import annotations

from dataclasses import replace

import pytest

from parsers.errors import ParseError
from parsers.sites import betonline, cereus, fulltilt, winamax
from parsers.text import Chunk
from pipeline.engine import replay
from pipeline.engine.result import Severity
from tests.parsers.sites import test_betonline, test_cereus, test_fulltilt, test_winamax

# (site, parse, a hand, the summary line the new line follows)
SITES = [
    ("winamax", winamax.parse, test_winamax.CASH, "Total pot 19.82€ | Rake 0.98€"),
    ("cereus", cereus.parse, test_cereus.DEAD_POST,
     "Total Pot($9.50) | Rake ($0.45) | Jackpot Rake ($0.50)"),
    ("betonline", betonline.parse, test_betonline.HAND, "Board [6c 7s Qc]"),
    ("fulltilt", fulltilt.parse, test_fulltilt.CASH, "Total pot $626 | Rake $0.50"),
]
HARMLESS = "The table will close in 5 minutes"
CHIPS = "Bad beat jackpot paid 5.00"


def _with(text: str, anchor: str, extra: str) -> str:
    assert text.count(anchor + "\n") == 1
    return text.replace(anchor + "\n", f"{anchor}\n{extra}\n")


def _parse(parse, text: str):
    return parse(Chunk(text.strip("\n"), 0, 1), "t.txt")


def _unlined(hand):
    """Actions, collections and boards without their line numbers."""
    return ([replace(a, line=0) for a in hand.actions],
            [replace(c, line=0) for c in hand.report.collections],
            replace(hand.report, collections=()), hand.boards)


def _findings(hand) -> list[tuple[Severity, str]]:
    return sorted((f.severity, f.code) for f in replay(hand).findings)


@pytest.mark.parametrize(("site", "parse", "text", "anchor"), SITES, ids=[s[0] for s in SITES])
def test_a_harmless_summary_line_is_reported_not_dropped(site, parse, text, anchor):
    plain = _parse(parse, text)
    assert plain.ignored_lines == ()
    h = _parse(parse, _with(text, anchor, HARMLESS))
    assert [ig.text for ig in h.ignored_lines] == [HARMLESS]
    found = replay(h).findings
    info = [f for f in found if f.code == "ignored_line"]
    assert [f.severity for f in info] == [Severity.INFO]
    assert HARMLESS in info[0].message
    # nothing else about the hand changes
    assert [f for f in _findings(h) if f[1] != "ignored_line"] == _findings(plain)
    assert _unlined(h) == _unlined(plain)  # (the lines after the new one move down by one)


@pytest.mark.parametrize(("site", "parse", "text", "anchor"), SITES, ids=[s[0] for s in SITES])
def test_a_summary_line_that_could_move_chips_rejects_the_hand(site, parse, text, anchor):
    with pytest.raises(ParseError) as err:
        _parse(parse, _with(text, anchor, CHIPS))
    assert err.value.reason == "unknown_line"
    assert err.value.text.strip() == CHIPS
