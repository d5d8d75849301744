"""Cake parser on small hands written for these tests."""

from __future__ import annotations

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import TOURNAMENT_CHIPS, ActionKind, LimitType, Street
from parsers.sites import cake
from parsers.text import split_hands
from pipeline.engine import replay
from pipeline.engine.result import Severity

CASH = """\
Hand#1111000000000001 - Vienna (6-max) 11111 -- $5/$10 FL Hold'em -- 2012-06-20 - 23:10:52
Dealer: Seat 9
Seat 1: Hero ($115 in chips)
Seat 3: Ann Lee ($250,50 in chips)
Seat 9: Bob ($311,50 in chips)
Seat 10: Cy ($269,50 in chips)
Cy: posts small blind $2,50
Hero: posts big blind $5
Bob:posts dead blind $-5,00 and big blind $5
Dealt to Hero [7h,8h]
Ann Lee: raises to $10
Bob: calls $5
Cy: folds
Hero: calls $5
*** FLOP *** [Jd,7d,Ts]
Hero: bets $5
Ann Lee: calls $5
Bob: folds
*** TURN *** [Qh]
Hero: checks
Ann Lee: bets $10
Hero: calls $10
*** RIVER *** [5d]
Hero: checks
Ann Lee: bets $10
Hero: folds
Ann Lee: returns uncalled bet $10
***SHOW DOWN***
Ann Lee: mucks
Ann Lee wins $60,50
Ann_Lee: mucks [Ac,Kd] (High card) .
"""

TOURNEY = """\
\u00ef\u00bb\u00bfHand#2990AB91EA000257 - $5 Bounty T11244010 -- CASH -- $5 + $0.5 -- 9 Max -- \
Table 9 -- 20/125/250 NL Hold'em -- 2012/06/12 - 13:40:16
Seat 3: Ann (1,020 in chips)
Seat 4: Bob (1 766 in chips) DEALER
Seat 5: Cy (11,168 in chips)
Ann: posts ante of 20
Bob: posts ante of 20
Cy: posts ante of 20
Cy: posts small blind 125
Ann: posts big blind 250
Dealt to Ann [8s,Js]
Bob: raises to 750
Cy: folds
Ann: is all in 750
Bob: calls 250
Ann: shows [8s Js]
Bob: shows [Ah Ad]
*** FLOP *** [Td,6d,Qs]
*** TURN *** [Kh]
*** RIVER *** [8c]
***SHOW DOWN***
Bob wins 2,185 with Pair of Aces
"""

COIN_FLIP = """\
Hand#3022AFD2BD000001 - $5.50 Coin Flip T11522749 -- TICKETCASH -- $5,25 + $0,25 -- 2 Max -- \
Table 1 -- 0/10/20 NL Hold'em -- 2012.07.15 - 00:53:42
Dealer: Seat 3
Seat 3: Hero (1\u00a0500 in chips)
Seat 8: Vil (1\u00a0500 in chips)
Dealt to Hero [Qd,4c]
Hero: shows [Qd 4c]
Vil: shows [As 2s]
*** FLOP *** [8s,4d,Jd]
*** TURN *** [Tc]
*** RIVER *** [Ts]
***SHOW DOWN***
Hero wins 3\u00a0000 with Two Pairs Tens and Fours
"""


def _hand(text: str):
    (chunk,) = split_hands(text, header=cake.HEADER)
    return cake.parse(chunk, "t.txt")


def _errors(hand) -> list[str]:
    return [f.code for f in replay(hand).findings if f.severity is Severity.ERROR]


def test_sniff() -> None:
    assert cake.sniff(CASH) and cake.sniff(TOURNEY) and cake.sniff(COIN_FLIP)
    assert not cake.sniff("Hand #1: nothing -- here\n")
    assert not cake.sniff("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)\n")


def test_cash_comma_decimals_fixed_limit_stakes_and_dead_blind() -> None:
    h = _hand(CASH)
    assert (h.hand_id, h.limit, h.currency, h.decimals) == ("1111000000000001",
                                                            LimitType.FIXED_LIMIT, "USD", 2)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.big_bet) == (250, 500, 1000)
    assert (h.button_seat, h.max_seats, h.table_name) == (9, 6, "Vienna (6-max) 11111")
    assert h.started_at is None and h.local_time == "2012/06/20 - 23:10:52"
    assert h.seat_of("Ann Lee").stack == 25050
    bob = [(a.kind, a.amount) for a in h.actions if a.seat == 9][:2]
    assert bob == [(ActionKind.POST_BIG_BLIND, 500), (ActionKind.CALL, 500)]
    assert h.seat_of("Ann Lee").hole_cards == ("Ac", "Kd")  # the underscored name
    assert [(c.seat, c.amount) for c in h.report.collections] == [(3, 6050)]
    assert h.board == ("Jd", "7d", "Ts", "Qh", "5d")
    assert _errors(h) == []
    assert {s.seat: s.net for s in replay(h).seats}[3] == 6050 - 2500


def test_tournament_header_thousands_and_all_in_resolution() -> None:
    h = _hand(TOURNEY)
    assert (h.currency, h.tournament_id, h.table_name, h.max_seats) == (
        TOURNAMENT_CHIPS, "11244010", "Table 9", 9)
    assert (h.stakes.ante, h.stakes.small_blind, h.stakes.big_blind) == (20, 125, 250)
    assert h.seat_of("Bob").stack == 1766 and h.button_seat == 4
    pre = [(a.seat, a.kind, a.amount, a.to, a.all_in) for a in h.actions
           if a.street is Street.PREFLOP and a.kind in (ActionKind.CALL, ActionKind.RAISE)]
    assert pre == [(4, ActionKind.RAISE, 750, 750, False), (3, ActionKind.RAISE, 750, 1000, True),
                   (4, ActionKind.CALL, 250, 1000, False)]
    assert _errors(h) == []
    net = {s.seat: s.net for s in replay(h).seats}
    assert (net[4], net[3], net[5]) == (2185 - 1020, -1020, -145)


def test_all_in_for_less_than_the_bet_is_a_call() -> None:
    text = CASH.replace("Hero: calls $10\n", "Hero: is all in $5\n")
    hero = [a for a in _hand(text).actions if a.seat == 1 and a.street is Street.TURN]
    assert [(a.kind, a.amount, a.all_in) for a in hero] == [
        (ActionKind.CHECK, 0, False), (ActionKind.CALL, 500, True)]


def test_coin_flip_stacks_go_in_as_all_in_antes() -> None:
    h = _hand(COIN_FLIP)
    antes = [(a.seat, a.kind, a.amount, a.all_in) for a in h.actions[:2]]
    assert antes == [(3, ActionKind.POST_ANTE, 1500, True), (8, ActionKind.POST_ANTE, 1500, True)]
    assert _errors(h) == []
    assert {s.seat: s.net for s in replay(h).seats} == {3: 1500, 8: -1500}


def test_other_games_are_unsupported() -> None:
    with pytest.raises(UnsupportedGame):
        _hand(CASH.replace("FL Hold'em", "PL Omaha"))


def test_unknown_line_fails_loudly() -> None:
    with pytest.raises(ParseError) as err:
        _hand(CASH.replace("Cy: folds", "Cy: dances"))
    assert (err.value.reason, err.value.line, err.value.site) == ("unknown_line", 13, "cake")
