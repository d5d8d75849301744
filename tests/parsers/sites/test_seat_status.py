"""A seat's status after its seat line ("- waiting for big blind", "(sitting out)"), and a
player's "is waiting for the big blind" notice: read, never a reject.

Seals With Clubs prints a seat waiting for the big blind as "Seat 2: NAME (10) - waiting for
big blind"; other kit sites print "(sitting out)" or "is sitting out" after a seat their own
seat pattern does not expect. The seat is read (sitting out unless it plays); a notice line
about it is an ``ignored_line``."""

from __future__ import annotations

import re

import pytest

from parsers.sites import sealswithclubs
from parsers.sites._kit.ignorable import is_ignorable
from parsers.sites._kit.lines import read_listed_seats, read_seats
from parsers.text import split_hands
from pipeline.engine import replay
from pipeline.engine.result import Severity
from tests.parsers.sites.test_sealswithclubs import SIDE_POT


def _hand(text: str):
    (chunk,) = split_hands(text, header=sealswithclubs.HEADER)
    return sealswithclubs.parse(chunk, "t.txt")


def test_a_seat_waiting_for_the_big_blind_is_read():
    text = SIDE_POT.replace("Seat 5: Dee (55) - sitting out",
                            "Seat 5: Dee (55) - waiting for big blind")
    h = _hand(text)
    assert [s.player for s in h.seats] == ["Ann", "Bob Two", "Cy: x", "Dee", "Zed"]
    assert {s.seat: (s.stack, s.sitting_out) for s in h.seats}[5] == (5500, True)
    assert not [f for f in replay(h).findings if f.severity is Severity.ERROR]


def test_a_waiting_seat_that_posts_plays():
    text = SIDE_POT.replace("Seat 6: Zed (80)", "Seat 6: Zed (80) - waiting for big blind")
    h = _hand(text)
    assert any(a.seat == 6 for a in h.actions)
    assert not [f for f in replay(h).findings if f.severity is Severity.ERROR]


PLAIN = re.compile(r"Seat (\d+): (.+) \((\d+)\)$")


@pytest.mark.parametrize("suffix", [
    " - waiting for big blind", " (waiting for BB)", " is sitting out", " (sitting out)",
    " - sitting out", " waiting for the big blind",
])
def test_kit_seat_readers_cut_a_status_suffix(suffix):
    lines = ["Seat 1: ann (100)", f"Seat 2: bob (200){suffix}", "ann posts small blind 1"]
    seats, end = read_seats(lines, 0, PLAIN, int)
    assert end == 2 and seats[2][:3] == ["bob", 200, True] and seats[1][2] is False
    listed, end = read_listed_seats(lines, 0, PLAIN, lambda s: [s[2], int(s[3]), False, None])
    assert end == 2 and listed[2][:3] == ["bob", 200, True]


def test_an_unknown_seat_suffix_is_still_loud():
    with pytest.raises(Exception) as err:
        read_seats(["Seat 1: ann (100) owes 5"], 0, PLAIN, int)
    assert err.value.reason == "bad_seat"


@pytest.mark.parametrize("line", [
    "bob is waiting for the big blind",
    "bob: waiting for big blind",
    "bob is waiting for BB",
    "bob waits for big blind",
])
def test_a_waiting_notice_is_ignorable(line):
    assert is_ignorable(line, ["bob", "ann"])
