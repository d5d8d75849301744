"""Seals With Clubs parser on small hands written for these tests."""

from __future__ import annotations

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind, Street
from parsers.sites import sealswithclubs
from parsers.text import split_hands
from pipeline.engine import replay
from pipeline.engine.result import Severity

# A short all-in makes a side pot; Zed posts small & big blind to come in; mBTC with cents.
SIDE_POT = """\
Hand #900100-7 - 2013-05-02 21:14:05
Game: NL Hold'em (20 - 100) - Blinds 0.50/1
Site: Seals With Clubs
Table: NLHE 6max .5/1 #4
Seat 1: Ann (40)
Seat 2: Bob Two (2.25)
Seat 3: Cy: x (100.10)
Seat 5: Dee (55) - sitting out
Seat 6: Zed (80)
Ann has the dealer button
Bob Two posts small blind 0.50
Cy: x posts big blind 1
Zed posts small & big blind 1.50
** Hole Cards **
Dealt to Ann [Ah Kh]
Zed folds
Ann raises to 4
Bob Two calls 1.75 (All-in)
Cy: x calls 3
** Flop ** [2c 7d Kc]
Cy: x checks
Ann bets 6.50
Cy: x folds
Ann refunded 6.50
** Turn ** [9s]
** River ** [3h]
Ann wins Side Pot 1 (3.45)
Rake (0.05)
** Main Pot Show Down ** [2c 7d Kc 9s 3h]
Bob Two shows [Qd Qs] (One Pair, Queens)
Ann shows [Ah Kh] (One Pair, Kings)
Ann wins Main Pot (8.20) with One Pair
Rake (0.05)
Bob Two adds 50 chips
"""


def _hand(text: str):
    (chunk,) = split_hands(text, header=sealswithclubs.HEADER)
    return sealswithclubs.parse(chunk, "t.txt")


def test_sniff() -> None:
    assert sealswithclubs.sniff(SIDE_POT)
    assert not sealswithclubs.sniff(SIDE_POT.replace("Site: Seals With Clubs", "Site: Other"))


def test_header_seats_and_currency() -> None:
    h = _hand(SIDE_POT)
    assert (h.hand_id, h.currency, h.decimals) == ("900100-7", "mBTC", 2)
    assert (h.stakes.small_blind, h.stakes.big_blind) == (50, 100)
    assert h.table_name == "NLHE 6max .5/1 #4" and h.max_seats == 6
    assert h.local_time == "2013-05-02 21:14:05" and h.started_at is None
    assert h.button_seat == 1
    assert [s.player for s in h.seats] == ["Ann", "Bob Two", "Cy: x", "Dee", "Zed"]
    assert [s.sitting_out for s in h.seats] == [False, False, False, True, False]
    assert h.seats[0].is_hero and h.seats[0].hole_cards == ("Ah", "Kh")


def test_posts_and_betting() -> None:
    h = _hand(SIDE_POT)
    got = [(a.seat, a.kind, a.amount, a.to, a.all_in) for a in h.actions
           if a.street is Street.PREFLOP and a.kind is not ActionKind.FOLD]
    assert got == [
        (2, ActionKind.POST_SMALL_BLIND, 50, 50, False),
        (3, ActionKind.POST_BIG_BLIND, 100, 100, False),
        (6, ActionKind.POST_BIG_BLIND, 100, 100, False),
        (6, ActionKind.POST_DEAD, 50, 100, False),
        (1, ActionKind.RAISE, 400, 400, False),
        (2, ActionKind.CALL, 175, 225, True),
        (3, ActionKind.CALL, 300, 400, False),
    ]
    back = [(a.seat, a.amount) for a in h.actions if a.kind is ActionKind.UNCALLED_RETURN]
    assert back == [(1, 650)]


def test_pots_rake_and_board() -> None:
    h = _hand(SIDE_POT)
    assert [(c.seat, c.amount, c.pot_index) for c in h.report.collections] == [
        (1, 345, 1), (1, 820, 0)]
    assert (h.report.total_pot, h.report.rake) == (None, 10)
    assert h.boards == (("2c", "7d", "Kc", "9s", "3h"),)


def test_engine_agrees() -> None:
    r = replay(_hand(SIDE_POT))
    assert [f.code for f in r.findings if f.severity is Severity.ERROR] == []
    nets = {s.seat: s.net for s in r.seats}
    assert nets == {1: 765, 2: -225, 3: -400, 5: 0, 6: -150}


def test_other_games_are_unsupported() -> None:
    with pytest.raises(UnsupportedGame):
        _hand(SIDE_POT.replace("NL Hold'em", "PL Omaha"))


def test_unknown_line_is_loud() -> None:
    with pytest.raises(ParseError) as err:
        _hand(SIDE_POT.replace("Cy: x checks", "Cy: x sings"))
    assert err.value.reason == "unknown_line" and err.value.text == "Cy: x sings"


def test_finer_than_the_store_is_loud() -> None:
    with pytest.raises(ParseError) as err:
        _hand(SIDE_POT.replace("Ann bets 6.50", "Ann bets 6.505"))
    assert err.value.reason == "bad_amount"


def test_refund_beyond_the_bet_is_loud() -> None:
    with pytest.raises(ParseError) as err:
        _hand(SIDE_POT.replace("Ann refunded 6.50", "Ann refunded 7"))
    assert err.value.reason == "bad_amount"
