"""KingsClub parser on small hands written for these tests."""

from __future__ import annotations

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind, Street
from parsers.sites import kingsclub
from parsers.text import split_hands
from pipeline.engine import replay
from pipeline.engine.result import Severity

SIDE_POT = """\
#100: No Limit Holdem - 100/200
2021-03-01 20:00:00
Table 'Room: A' Seat 1 is the button
Seat 1: Short Stack (250)
Seat 2: Ann (10,000)
Seat 3: Bob (10,000)
Short Stack: posts ante 50
Ann: posts ante 50
Bob: posts ante 50
Ann: posts the small blind 100
Bob: posts the big blind 200
*** HOLE CARDS ***
Dealt to Short Stack: [X X]
Dealt to Ann: [Qc Ks]
Dealt to Bob: [X X]
Short Stack calls 200, and is all in
Ann raises to 600
Bob calls 600
*** FLOP *** [8d 4d 3c]
Ann bets 1,000.50
Bob calls 1,000.50
*** TURN *** [8d 4d 3c] [5c]
Ann checks
Bob bets 3,333
Ann folds
*** RIVER *** [8d 4d 3c 5c] [7s]
Bob shows [Kd 6d]
Short Stack shows [3h 4s]
*** SUMMARY ***
Seat 1: Short Stack (0) -250
Seat 2: Ann (8,349.50) -1,650.50
Seat 3: Bob (11,899.50) +1,899.50
Rake 1
Bob wins pot (749)
"""


def _hand(text: str):
    (chunk,) = split_hands(text, header=kingsclub.HEADER)
    return kingsclub.parse(chunk, "t.txt")


def test_sniff() -> None:
    assert kingsclub.sniff(SIDE_POT)
    assert not kingsclub.sniff("#100: No Limit Holdem - 100/200\nnot a date\n")


def test_calls_are_street_totals_and_the_silent_return_is_made() -> None:
    h = _hand(SIDE_POT)
    assert (h.hand_id, h.table_name, h.button_seat, h.currency) == ("100", "Room: A", 1, "USD")
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.ante) == (10000, 20000, 5000)
    short = [a for a in h.actions if a.seat == 1 and a.kind is ActionKind.CALL][0]
    assert (short.amount, short.to, short.all_in) == (20000, 20000, True)
    ann_call = [a for a in h.actions if a.seat == 3 and a.kind is ActionKind.CALL][0]
    assert (ann_call.amount, ann_call.to) == (40000, 60000)
    ret = next(a for a in h.actions if a.kind is ActionKind.UNCALLED_RETURN)
    assert h.actions.index(ret) == len(h.actions) - 3  # before the shows
    assert (ret.kind, ret.seat, ret.amount, ret.street) == (ActionKind.UNCALLED_RETURN, 3,
                                                            333300, Street.TURN)
    assert h.seat_of("Ann").hole_cards == ("Qc", "Ks") and h.started_at is None


def test_collections_come_from_the_final_stacks() -> None:
    h = _hand(SIDE_POT)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(3, 355000)]
    assert h.report.rake == 100
    r = replay(h)
    assert [f.code for f in r.findings if f.severity is Severity.ERROR] == []
    assert {s.seat: s.net for s in r.seats} == {1: -25000, 2: -165050, 3: 189950}


def test_wins_line_above_the_stacks_is_rejected() -> None:
    with pytest.raises(ParseError) as err:
        _hand(SIDE_POT.replace("Bob wins pot (749)", "Bob wins pot (9,999)"))
    assert err.value.reason == "bad_amount"


def test_short_deck_and_unknown_lines() -> None:
    with pytest.raises(UnsupportedGame):
        _hand(SIDE_POT.replace("No Limit Holdem", "No Limit Short Deck Holdem"))
    with pytest.raises(ParseError) as err:
        _hand(SIDE_POT.replace("Ann checks", "Ann sings"))
    assert (err.value.reason, err.value.line) == ("unknown_line", 23)
