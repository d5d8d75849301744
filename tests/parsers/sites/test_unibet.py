"""Unibet parser on small hands written for these tests."""

from __future__ import annotations

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind, Street
from parsers.sites import unibet
from parsers.text import split_hands
from pipeline.engine import replay
from pipeline.engine.result import Severity

# The river bet is never called and never returned in the log: "wins" and the total count it.
RIVER_BET = """\
Game #77001: Table €2 NL - 0.01/0.02 - No Limit Hold'Em - 20:01:02 2021/06/30
*** Seated players ***
Seat 1: Ann (€0.41)
Seat 2: Bob - x (€1.50)
Seat 3: Cy: 9 (€3.10)
*** Blinds and button ***
Ann has the button
Bob - x posts small blind €0.01
Cy: 9 posts big blind €0.02
*** Hole cards ***
Dealt to Ann [Qs Qd]
Dealt in Bob - x
Dealt in Cy: 9
*** Preflop ***
Ann raises €0.06 to €0.06
Bob - x folds
Cy: 9 calls €0.04
*** Flop *** [2h 7s 8c]
Cy: 9 checks
Ann bets €0.10
Cy: 9 calls €0.10
*** Turn *** [2h 7s 8c] [Jd]
Cy: 9 checks
Ann checks
*** River *** [2h 7s 8c Jd] [3c]
Cy: 9 checks
Ann bets €0.25, and is all-in
Cy: 9 folds
Ann wins €0.57
*** Summary ***
Total pot €0.58 Rake €0.01
Seat 1: Ann: bet €0.41 and won €0.57, net result: €0.16
Seat 2: Bob - x: bet €0.01 and won €0, net result: €-0.01
Seat 3: Cy: 9: bet €0.16 and won €0, net result: €-0.16
"""


def _hand(text: str):
    (chunk,) = split_hands(text, header=unibet.HEADER)
    return unibet.parse(chunk, "t.txt")


def test_sniff() -> None:
    assert unibet.sniff(RIVER_BET)
    assert not unibet.sniff(RIVER_BET.replace("*** Seated players ***", "Seat 1: Ann (€2)"))


def test_header_and_seats() -> None:
    h = _hand(RIVER_BET)
    assert (h.hand_id, h.currency, h.decimals) == ("77001", "EUR", 2)
    assert (h.stakes.small_blind, h.stakes.big_blind) == (1, 2)
    assert h.table_name == "Table €2 NL"
    assert h.local_time == "20:01:02 2021/06/30" and h.started_at is None
    assert h.button_seat == 1
    assert [s.player for s in h.seats] == ["Ann", "Bob - x", "Cy: 9"]
    assert h.seats[0].is_hero and h.seats[0].hole_cards == ("Qs", "Qd")


def test_betting_amounts() -> None:
    h = _hand(RIVER_BET)
    got = [(a.street, a.seat, a.kind, a.amount, a.to) for a in h.actions
           if a.kind in (ActionKind.RAISE, ActionKind.CALL, ActionKind.BET)]
    assert got == [
        (Street.PREFLOP, 1, ActionKind.RAISE, 6, 6),
        (Street.PREFLOP, 3, ActionKind.CALL, 4, 6),
        (Street.FLOP, 1, ActionKind.BET, 10, 10),
        (Street.FLOP, 3, ActionKind.CALL, 10, 10),
        (Street.RIVER, 1, ActionKind.BET, 25, 25),
    ]
    assert h.boards == (("2h", "7s", "8c", "Jd", "3c"),)


def test_silent_return_comes_out_of_the_win_and_total() -> None:
    h = _hand(RIVER_BET)
    back = [(a.seat, a.amount) for a in h.actions if a.kind is ActionKind.UNCALLED_RETURN]
    assert back == [(1, 25)]
    assert [(c.seat, c.amount) for c in h.report.collections] == [(1, 32)]
    assert (h.report.total_pot, h.report.rake) == (33, 1)


def test_engine_agrees_with_printed_nets() -> None:
    r = replay(_hand(RIVER_BET))
    assert [f.code for f in r.findings if f.severity is Severity.ERROR] == []
    assert {s.seat: s.net for s in r.seats} == {1: 16, 2: -1, 3: -16}


def test_summary_bet_disagreeing_with_the_log_is_loud() -> None:
    with pytest.raises(ParseError) as err:
        _hand(RIVER_BET.replace("Cy: 9 calls €0.04", "Cy: 9 calls €0.06"))
    assert err.value.reason == "bad_amount"


def test_omaha_is_unsupported() -> None:
    with pytest.raises(UnsupportedGame):
        _hand(RIVER_BET.replace("No Limit Hold'Em", "Pot Limit Omaha"))


def test_unknown_line_is_loud() -> None:
    with pytest.raises(ParseError) as err:
        _hand(RIVER_BET.replace("Ann checks", "Ann waves"))
    assert err.value.reason == "unknown_line" and err.value.text == "Ann waves"
