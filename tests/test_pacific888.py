"""888poker parser: hand-written hands in the site's layout (comma decimals, German suits)."""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind as K
from parsers.model import LimitType
from parsers.sites.pacific888 import parse, sniff
from parsers.text import Chunk
from pipeline.engine import replay
from pipeline.engine.result import Severity

HAND = """
#Game No : 900000001
***** 888poker Hand History for Game 900000001 *****
0,01 $/0,02 $ Blinds No Limit Holdem - *** 28 01 2020 15:56:31
Table Akron 9 Max (Real Money)
Seat 3 is the button
Total number of players : 3
Seat 1: Anna Maria ( 1.002,50 $ )
Seat 3: bob ( 2 $ )
Seat 5: carl ( 0,77 $ )
carl posts small blind [0,01 $]
Anna Maria posts big blind [0,02 $]
** Dealing down cards **
Dealt to bob [ 3Karo, KKreuz ]
bob raises [0,06 $]
carl folds
Anna Maria calls [0,04 $]
** Dealing flop ** [ QHerz, JPik, 10Karo ]
Anna Maria bets [0,10 $]
bob folds
** Summary **
Anna Maria did not show his hand
Anna Maria collected [ 0,13 $ ]
"""


def hand(text: str):
    return parse(Chunk(text.strip("\n"), 0, 1), "t.txt")


def test_comma_decimals_german_cards_and_implicit_return():
    h = hand(HAND)
    assert (h.hand_id, h.currency, h.decimals, h.limit) == ("900000001", "USD", 2, LimitType.NO_LIMIT)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.button_seat) == (1, 2, 3)
    assert [(s.player, s.stack) for s in h.seats] == [("Anna Maria", 100250), ("bob", 200), ("carl", 77)]
    assert h.seats[1].is_hero and h.seats[1].hole_cards == ("3d", "Kc")
    assert h.board == ("Qh", "Js", "Td")
    assert [(a.seat, a.kind, a.amount, a.to) for a in h.actions] == [
        (5, K.POST_SMALL_BLIND, 1, 1), (1, K.POST_BIG_BLIND, 2, 2), (3, K.RAISE, 6, 6),
        (5, K.FOLD, 0, 1), (1, K.CALL, 4, 6), (1, K.BET, 10, 10), (3, K.FOLD, 0, 0),
        (1, K.UNCALLED_RETURN, 10, 0)]
    assert [(c.seat, c.amount) for c in h.report.collections] == [(1, 13)]
    rep = replay(h)
    assert [f for f in rep.findings if f.severity is Severity.ERROR] == []
    assert {s.seat: s.net for s in rep.seats} == {1: 7, 3: -6, 5: -1}


def test_unknown_line_and_omaha():
    with pytest.raises(ParseError) as err:
        hand(HAND.replace("carl folds", "carl dances"))
    assert err.value.reason == "unknown_line" and err.value.line == 15
    with pytest.raises(UnsupportedGame):
        hand(HAND.replace("No Limit Holdem", "Pot Limit Omaha"))


def test_sniff_rejects_partypoker_banner():
    assert sniff(HAND)
    party = "#Game No : 1\n***** Hand History for Game 1 *****\n$0.01/$0.02 USD NL Texas Hold'em - Tuesday, April 03, 03:48:45 EDT 2012\n"
    assert not sniff(party)
