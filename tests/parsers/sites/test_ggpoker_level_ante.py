"""GGPoker's 2026-on tournament header prints the level's ante in brackets after the blinds
("Level10(250/500(60))"); the header is read, the ante with it."""

from __future__ import annotations

import pytest

from parsers.errors import ParseError
from parsers.read import split_file
from parsers.sites.ggpoker.header import parse_header, stakes_of
from pipeline.engine import replay
from pipeline.engine.result import Severity
from tests.support.paths import FIXTURES

OLD = (FIXTURES / "ggpoker" / "tournament.txt").read_text().split("\n\n\n")[0]
NEW = OLD.replace("Level5(100/200)", "Level5(75/150(25))")


def level_text() -> str:
    assert NEW != OLD
    return NEW + "\n"


@pytest.mark.parametrize(("level", "stakes"), [
    ("Level10(250/500(60))", (250, 500, 60)),
    ("Level1(500/1,000(2,000))", (500, 1000, 2000)),
    ("Level16(600/1,200)", (600, 1200, 0)),
])
def test_the_level_ante_is_read(level, stakes):
    line = (f"Poker Hand #TM9: Tournament #7, Daily Hold'em No Limit - {level} - "
            "2026/04/02 03:04:05")
    h = parse_header(line)
    assert stakes_of(h, line) == stakes


def test_a_level_with_an_ante_and_three_parts_is_bad():
    line = ("Poker Hand #TM9: Tournament #7, Daily Hold'em No Limit - Level1(1/2/3(4)) - "
            "2026/04/02 03:04:05")
    with pytest.raises(ParseError):
        stakes_of(parse_header(line), line)


def test_a_hand_under_the_new_header_is_read():
    split = split_file(level_text().encode())
    assert split.format.name == "ggpoker"
    (outcome,) = list(split.hands("gg.txt"))
    h = outcome.hand
    assert h is not None, outcome.error
    assert (h.tournament_id, h.stakes.small_blind, h.stakes.big_blind, h.stakes.ante) == (
        "123456", 75, 150, 25)
    assert not [f for f in replay(h).findings if f.severity is Severity.ERROR]
