"""Lines after a hand's end line (chat after the summary, a table's or tournament's notices,
a finish line) are ignored lines, not a ``truncated_hand`` reject.

Entraction ("Game ended ..."), OnGame ("***** End of hand ... *****"), Betfair ("Game N ends")
and WPN's classic layout ("Game ended at: ...") close every hand with an end line; their
clients write chat and notices after it."""

from __future__ import annotations

import pytest

from parsers.read import split_file
from parsers.sites._kit.lines import after_end
from pipeline.engine import replay
from tests.parsers.sites.test_betfair import SHOWDOWN as BETFAIR
from tests.parsers.sites.test_entraction import CASH as ENTRACTION
from tests.parsers.sites.test_ongame import CASH as ONGAME
from tests.parsers.sites.test_wpn import CLASSIC as WPN_CLASSIC

TAIL = ["bob: gg all", "Tournament notice: level up in 2 minutes",
        "Player9 finished the tournament in 3rd place"]

HANDS = {"entraction": ENTRACTION, "ongame": ONGAME, "betfair": BETFAIR, "wpn": WPN_CLASSIC}


def only(text: str, fmt: str):
    split = split_file(text.encode())
    assert split.format.name == fmt
    (outcome,) = list(split.hands("x.txt"))
    return outcome


@pytest.mark.parametrize("fmt", sorted(HANDS))
def test_chat_and_notices_after_the_end_line_are_ignored_lines(fmt):
    plain = only(HANDS[fmt], fmt).hand
    body = HANDS[fmt].rstrip("\n")
    text = body + "\n" + "\n".join(TAIL) + "\n"
    hand = only(text, fmt).hand
    assert hand is not None
    assert [x.text for x in hand.ignored_lines] == TAIL
    raw = hand.raw_text.split("\n")  # each at its line of the hand's text
    assert [raw[x.line - 1] for x in hand.ignored_lines] == TAIL
    assert hand.raw_text.rstrip("\n").endswith("\n".join(TAIL))
    assert hand.actions == plain.actions and hand.report == plain.report
    codes = [f.code for f in replay(hand).findings]
    assert codes.count("ignored_line") == len(hand.ignored_lines)


def test_a_header_after_the_end_line_is_not_read_past():
    lines = ["Game ended 2012-05-31 08:56:27 GMT", "Hand #5 of another layout", "x"]
    assert after_end(lines, lambda s: s.startswith("Game ended")) == (lines, ())
    lines = ["a", "b"]
    assert after_end(lines, lambda s: s == "zz") == (lines, ())
    kept, ignored = after_end(["a", "END", "chat", ""], lambda s: s == "END")
    assert kept == ["a", "END"] and [(x.line, x.text) for x in ignored] == [(3, "chat")]


def test_a_hand_with_no_end_line_is_still_truncated():
    cut = ENTRACTION.rstrip("\n").rsplit("\n", 1)[0] + "\nbob: gg all\n"
    outcome = only(cut, "entraction")
    assert outcome.hand is None and outcome.error.reason == "truncated_hand"
