"""Everleaf parser on small hands written for these tests (not copied from the corpus)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import TOURNAMENT_CHIPS, ActionKind, Street
from parsers.registry import detect
from parsers.sites import everleaf
from parsers.text import split_hands
from pipeline.engine import replay

CASH = """Everleaf Gaming Game #900000001
***** Hand history for game #900000001 *****
Blinds $0.05/$0.10 NL Hold'em - 2010/08/29 - 20:00:00
Table Testville II
Seat 3 is the button
Total number of players: 4
Seat 1: Al: B (  $ 10 USD )
Seat 2: Hero (  $ 6 USD )
Seat 3: cat (  $ 1,204.20 USD )
Seat 4: dan ( new player )
Al: B: posts small blind [$ 0.05 USD]
Hero: posts big blind [$ 0.10 USD]
** Dealing down cards **
Dealt to Hero [ Ac, Kc ]
cat raises [$ 0.35 USD]
Al: B: nice hand
Al: B folds
Hero raises [$ 1.10 USD]
dan has joined the table
cat calls [$ 0.85 USD]
** Dealing Flop ** [ 2c, 7c, 9d ]
Hero: bets [$ 4.40 USD]
cat calls [$ 4.40 USD]
** Dealing Turn ** [ Kd ]
Hero checks
cat checks
** Dealing River ** [ 3s ]
Hero checks
cat checks
cat shows [ Qs, Qd ] a pair of queens
Hero shows [ Ac, Kc ] a pair of kings
Hero wins $ 11.25 USD from main pot with a pair of kings, with ace, queen, nine and
seven [ Kc, Kd, Ac, 9d, 7c ]
"""

TOURNEY = """- - Grand Poker - Game #900000002
***** Hand history for game #900000002 *****
Tournament #4242 - Level 3
Blinds 50/100 NL Hold'em - 6 Max - 2019/01/21 - 13:00:00
Table 1
Seat 1 is the button
Total number of players: 3
Seat 1: x ( 1000 )
Seat 2: y ( 2000 )
Seat 3: z ( 3000 )
x: posts ante [ 10 Chips]
y: posts ante [ 10 Chips]
z: posts ante [ 10 Chips]
y: posts small blind [ 50 Chips]
z: posts big blind [ 100 Chips]
** Dealing down cards **
x folds
y calls [ 50 Chips]
z checks
** Dealing Flop ** [ Qd, Ah, 5d ]
y: bets [ 1,000 Chips]
z folds
y does not show cards
y wins 230 chips from main pot
"""


def _hand(text: str, file: str = "t.txt"):
    chunks = split_hands(text, "utf-8", everleaf.HEADER)
    assert len(chunks) == 1
    return everleaf.parse(chunks[0], file)


def test_cash_hand() -> None:
    h = _hand(CASH)
    assert (h.hand_id, h.currency, h.decimals, h.button_seat) == ("900000001", "USD", 2, 3)
    assert h.table_name == "Testville II"
    assert [s.player for s in h.seats] == ["Al: B", "Hero", "cat", "dan"]
    assert h.seats[2].stack == 120420 and h.seats[3].sitting_out
    assert h.seats[1].is_hero and h.seats[1].hole_cards == ("Ac", "Kc")
    pre = [(a.seat, a.kind, a.amount, a.to) for a in h.actions if a.street is Street.PREFLOP
           and not a.kind.is_post]
    assert pre[0] == (3, ActionKind.RAISE, 35, 35)  # amounts are chips added
    assert pre[2] == (2, ActionKind.RAISE, 110, 120)
    assert pre[3] == (3, ActionKind.CALL, 85, 120)
    assert h.started_at == datetime(2010, 8, 29, 20, 0, tzinfo=UTC) and h.time_zone == ""
    assert h.report.rake is None and h.report.collections[0].amount == 1125
    r = replay(h)
    assert not r.has_errors, r.findings
    assert {s.seat: s.net for s in r.seats if s.net} == {1: -5, 2: 565, 3: -560}


def test_tournament_returns_the_uncalled_bet() -> None:
    h = _hand(TOURNEY)
    assert (h.currency, h.decimals, h.is_tournament) == (TOURNAMENT_CHIPS, 0, True)
    assert (h.tournament_id, h.level, h.max_seats, h.stakes.ante) == ("4242", "Level 3", 6, 10)
    ret = [(a.seat, a.amount, a.street) for a in h.actions
           if a.kind is ActionKind.UNCALLED_RETURN]
    assert ret == [(2, 1000, Street.FLOP)]
    r = replay(h)
    assert not r.has_errors, r.findings
    assert {s.seat: s.net for s in r.seats} == {1: -10, 2: 120, 3: -110}


def test_tournament_id_from_export_file_name() -> None:
    text = TOURNEY.replace("Tournament #4242 - Level 3\n", "")
    assert _hand(text, "/x/TID_777-2.txt").tournament_id == "777"


def test_euro_and_caret() -> None:
    for sym in ("€", "ˆ"):
        text = CASH.replace("$ ", f"{sym} ").replace("$", sym).replace("USD", "EURO")
        h = _hand(text)
        assert h.currency == "EUR" and h.seats[0].stack == 1000


def test_stud_is_unsupported() -> None:
    text = CASH.replace("Blinds $0.05/$0.10 NL Hold'em", "$0.05/$0.10 7 Card Stud")
    with pytest.raises(UnsupportedGame):
        _hand(text)


def test_unknown_line_is_loud() -> None:
    text = CASH.replace("Al: B folds", "Al: B juggles")
    with pytest.raises(ParseError) as err:
        _hand(text)
    assert err.value.reason == "unknown_line" and "juggles" in err.value.text


def test_cut_hand_is_truncated() -> None:
    text = CASH.split("cat shows")[0]
    with pytest.raises(ParseError) as err:
        _hand(text)
    assert err.value.reason == "truncated_hand"


def test_detection_and_splitting() -> None:
    both = CASH + "\n\n\n" + TOURNEY
    assert everleaf.sniff(both) and detect(both).name == "everleaf"
    chunks = split_hands(both, "utf-8", everleaf.HEADER)
    assert [c.line for c in chunks] == [1, CASH.count("\n") + 4]
    assert [everleaf.parse(c).hand_id for c in chunks] == ["900000001", "900000002"]
    assert not everleaf.sniff("***** Hand History for Game 12 *****\n")


# The sniffer finds the hand line and looks back at its banner instead of searching for
# HEADER (whose open-ended banner made it slow); on any text it must say what a search for
# HEADER at a line start says.
_HEADER_AT_LINE = re.compile(r"(?:^|\n)[ \t\ufeff]*(?:" + everleaf.HEADER.pattern + ")")
_PIECES = ["Everleaf Gaming Game #123", "Poker", "Gaming", "Game #", "Game #9", "\n", " ", "\t",
           "\ufeff", "x", "**", "***** Hand history for game #", "**** Hand history for game #",
           "*** Historique des Mains pour la partie "]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=14))
def test_sniff_says_what_a_search_for_the_header_says(pieces):
    text = "".join(pieces)
    assert everleaf.sniff(text) == (_HEADER_AT_LINE.search(text) is not None)
