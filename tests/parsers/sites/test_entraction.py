"""Entraction parser on small hands written for these tests (not copied from the corpus)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import TOURNAMENT_CHIPS, ActionKind, LimitType, Street
from parsers.registry import detect
from parsers.sites import entraction
from parsers.text import split_hands
from pipeline.engine import replay

CASH = """Game # 5000000001 - Texas Hold'em No Limit EUR 0.50/1.00 - Table "Testby"

Players(max 2):
Ann Lee                     (EUR 1,100.00 in seat 1)
bob                         (EUR 80.00 in seat 2)

Dealer:                     bob
Big Blind:                  Ann Lee     (1.00)
Small Blind:                bob         (0.50)

Ann Lee was dealt:          Ah - Kd

bob                         Raise       (2.50)
Ann Lee                     Call        (2.00)

Flop                        2c - 7d - 9h

Ann Lee                     Check
bob                         Bet         (3.00)
Ann Lee                     Raise       (12.00)
bob                         All-In      (74.00)
Ann Lee                     Call        (65.00)

Turn                        2c - 7d - 9h - Ks

River                       2c - 7d - 9h - Ks - 3s

bob shows:                  Qs - Qd
Ann Lee shows:              Ah - Kd

Ann Lee wins:               EUR 158.00
Rake:                       EUR 2.00

Game ended 2012-05-31 08:00:00 GMT+01:00
"""

TOURNEY = """Game # 5000000002 - Texas Hold'em No Limit 100/200 and 10 ante - Table "Cup 998877 4"

Players(max 9):
p1                          (1,000.00 in seat 1)
p2                          (2,000.00 in seat 2)
p3                          (3,000.00 in seat 3)

Dealer:                     p1

p1                          Ante        (10.00)
p2                          Ante        (10.00)
p3                          Ante        (10.00)

Small Blind:                p2       (100.00)
Big Blind:                  p3       (200.00)

p1                          Raise       (500.00)
p2                          Fold
p3                          Fold
p1                          Payback     (300.00)

p1 didn't show hand

p1 wins:                    530.00

Game ended 2012-06-25 21:00:00 BST
"""


def _hand(text: str):
    chunks = split_hands(text, "utf-8", entraction.HEADER)
    assert len(chunks) == 1
    return entraction.parse(chunks[0], "t.txt")


def test_cash_hand_amounts_are_chips_added() -> None:
    h = _hand(CASH)
    assert (h.currency, h.decimals, h.limit) == ("EUR", 2, LimitType.NO_LIMIT)
    assert h.seats[0].player == "Ann Lee" and h.seats[0].stack == 110000
    assert h.seats[0].hole_cards == ("Ah", "Kd") and h.seats[0].is_hero
    # the big blind is listed first, yet the small blind is posted first and stays live
    posts = [(a.kind, a.seat) for a in h.actions if a.kind.is_post]
    assert posts == [(ActionKind.POST_SMALL_BLIND, 2), (ActionKind.POST_BIG_BLIND, 1)]
    flop = [(a.kind, a.amount, a.to, a.all_in) for a in h.actions if a.street is Street.FLOP]
    assert flop[2] == (ActionKind.RAISE, 1200, 1200, False)
    assert flop[3] == (ActionKind.RAISE, 7400, 7700, True)  # All-In above the top bet
    assert flop[4] == (ActionKind.CALL, 6500, 7700, False)
    assert h.board == ("2c", "7d", "9h", "Ks", "3s")
    assert h.report.rake == 200 and h.report.collections[0].amount == 15800
    assert h.started_at == datetime(2012, 5, 31, 7, 0, tzinfo=UTC)
    assert h.time_zone == "GMT+01:00" and h.max_seats == 2
    assert not h.button_posts_big_blind_heads_up
    r = replay(h)
    assert not r.has_errors, r.findings
    assert {s.seat: s.net for s in r.seats} == {1: 7800, 2: -8000}


def test_tournament_antes_payback_and_time_zone() -> None:
    h = _hand(TOURNEY)
    assert (h.currency, h.decimals, h.is_tournament) == (TOURNAMENT_CHIPS, 0, True)
    assert h.tournament_id == "998877" and h.stakes.ante == 10
    assert [a.kind for a in h.actions[:3]] == [ActionKind.POST_ANTE] * 3
    ret = [a for a in h.actions if a.kind is ActionKind.UNCALLED_RETURN]
    assert [(a.seat, a.amount) for a in ret] == [(1, 300)]
    assert h.started_at == datetime(2012, 6, 25, 20, 0, tzinfo=UTC)  # BST is UTC+1 in June
    r = replay(h)
    assert not r.has_errors, r.findings
    assert {s.seat: s.net for s in r.seats} == {1: 320, 2: -110, 3: -210}


def test_heads_up_at_a_ring_table_is_marked() -> None:
    text = CASH.replace("Players(max 2)", "Players(max 6)")
    assert _hand(text).button_posts_big_blind_heads_up


def test_muck_with_cards_and_lowercase_hero() -> None:
    text = CASH.replace("Ann Lee was dealt:", "ann lee was dealt:").replace(
        "bob shows:                  Qs - Qd", "bob didn't show hand (Qs - Qd)")
    h = _hand(text)
    assert h.seats[0].hole_cards == ("Ah", "Kd")
    muck = [a for a in h.actions if a.kind is ActionKind.MUCK]
    assert [(a.seat, a.cards) for a in muck] == [(2, ("Qs", "Qd"))]


def test_omaha_is_unsupported() -> None:
    text = CASH.replace("Texas Hold'em No Limit", "Omaha High Pot Limit")
    with pytest.raises(UnsupportedGame):
        _hand(text)


def test_unknown_line_is_loud() -> None:
    text = CASH.replace("Ann Lee                     Check", "Ann Lee                     Dance")
    with pytest.raises(ParseError) as err:
        _hand(text)
    assert err.value.reason == "unknown_line" and "Dance" in err.value.text


def test_missing_end_line_is_truncated() -> None:
    text = CASH.rsplit("Game ended", 1)[0]
    with pytest.raises(ParseError) as err:
        _hand(text)
    assert err.value.reason == "truncated_hand"


def test_detection_and_splitting_glued_hands() -> None:
    assert entraction.sniff(CASH) and detect(CASH).name == "entraction"
    glued = CASH.rstrip("\n") + "\n" + TOURNEY  # appended without a blank line
    chunks = split_hands(glued, "utf-8", entraction.HEADER)
    assert [entraction.parse(c).hand_id for c in chunks] == ["5000000001", "5000000002"]
    assert not entraction.sniff("Game # 12 - something else entirely\n")
