"""Everleaf's chat and client notices: read past as ``ignored_line`` info findings, never a
reject, while a chat-looking line that could be an action still rejects the hand.

Hands written for these tests in Everleaf's format (not copied from the corpus): chat is
"NAME: text", notices are "NAME has joined the table", "NAME has been reseated to this table"
and the French skin's "NAME est déconnecté et dispose de 20 secondes supplémentaires".
"""

from __future__ import annotations

import pytest

from parsers.errors import ParseError
from parsers.sites import everleaf
from parsers.sites._kit.ignorable import is_colon_chat
from parsers.text import split_hands
from pipeline.engine import Severity, replay

HEAD = """Everleaf Gaming Game #900000101
***** Hand history for game #900000101 *****
Blinds $0.05/$0.10 NL Hold'em - 2011/03/01 - 21:00:00
Table Chatty
Seat 1 is the button
Total number of players: 3
Seat 1: Ann (  $ 5 USD )
Seat 2: Bo (  $ 5 USD )
Seat 3: Cy (  $ 5 USD )
Ann: posts small blind [$ 0.05 USD]
Bo: posts big blind [$ 0.10 USD]
** Dealing down cards **
"""
TAIL = """Cy raises [$ 0.30 USD]
Ann folds
Bo folds
Cy does not show cards
Cy wins $ 0.25 USD from main pot
"""


def _parse(extra: str):
    text = HEAD + extra + TAIL
    chunks = split_hands(text, "utf-8", everleaf.HEADER)
    assert len(chunks) == 1
    return everleaf.parse(chunks[0], "t.txt"), text.split("\n")


def _check_ignored(extra: str) -> None:
    h, lines = _parse(extra)
    wanted = [line for line in extra.split("\n") if line]
    got = [(ig.line, ig.text) for ig in h.ignored_lines]
    assert [text for _, text in got] == wanted
    assert all(lines[n - 1] == text for n, text in got)  # numbered in the hand's own text
    r = replay(h)
    assert not r.has_errors, r.findings
    found = [f for f in r.findings if f.code == "ignored_line"]
    assert len(found) == len(wanted) and all(f.severity is Severity.INFO for f in found)
    # the action around the line is still read: Cy's raise wins the blinds
    assert {s.seat: s.net for s in r.seats if s.net} == {1: -5, 2: -10, 3: 15}


@pytest.mark.parametrize("extra", [
    "Bo: nice hand sir\n",                                 # seated speaker
    "Railbird99: what is the store called ?\n",            # watcher; "called" as a word
    "Ann: gl all\nCy: ty\n",
])
def test_chat_is_ignored(extra: str) -> None:
    _check_ignored(extra)


@pytest.mark.parametrize("extra", [
    "Dee has joined the table\n",
    "Dee has been reseated to this table\n",
    "Bo est déconnecté et dispose de 20 secondes supplémentaires\n",
    "Bo has disconnected and has been given a further 20 seconds to react\n",
])
def test_notice_is_ignored(extra: str) -> None:
    _check_ignored(extra)


@pytest.mark.parametrize("extra", [
    "Bo: raises [$ 0.50 USD]\n",     # an action glued to a colon: not chat
    "Bo: calls 0.20\n",
    "Bo: is all-in\n",
    "Railbird99: he called 40\n",    # a betting word beside a number
    "Bo: shows [ Ah, Kd ]\n",        # cards
    "Bo: $ 2 USD\n",                 # an amount with a currency
])
def test_chat_that_could_move_chips_rejects(extra: str) -> None:
    assert not is_colon_chat(extra.strip())
    with pytest.raises(ParseError) as err:
        _parse(extra)
    assert err.value.reason == "unknown_line"


def test_action_lines_still_parse() -> None:
    """A colon action ("Bo: bets [") and a name-space action are read as actions, not chat."""
    h, _ = _parse("")
    assert h.ignored_lines == ()
    kinds = [(a.seat, a.kind.name, a.amount) for a in h.actions if not a.kind.is_post]
    assert (3, "RAISE", 30) in kinds and (1, "FOLD", 0) in kinds
