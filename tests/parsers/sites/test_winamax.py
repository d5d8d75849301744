"""Winamax parser: hand-written hands, one per feature, in the site's real layout."""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

from datetime import UTC, datetime

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind as K
from parsers.model import LimitType, Street
from parsers.sites.winamax import HEADER, parse, sniff
from parsers.text import Chunk, split_hands
from pipeline.engine import replay
from pipeline.engine.result import Severity


def hand(text: str):
    return parse(Chunk(text.strip("\n"), 0, 1), "test.txt")


def kinds(h):
    return [(a.seat, a.kind, a.amount, a.to) for a in h.actions]


def errors(h):
    return [f for f in replay(h).findings if f.severity is Severity.ERROR]


# The bettor's unmatched 5.70€ is not returned by a line: Winamax counts it in the pot and in
# "collected", and prints the total pot net of rake (20.80 put in - 0.98 rake = 19.82).
CASH = """
Winamax Poker - CashGame - HandId: #1234567-89-1300000000 - Holdem no limit (0.50€/1€) - 2013/10/25 01:25:38 UTC
Table: 'Nice 02' 9-max (real money) Seat #7 is the button
Seat 7: Jean Paul (40.18€)
Seat 8: a: b (40.50€)
Seat 9: [Zoé] (166.67€)
*** ANTE/BLINDS ***
a: b posts small blind 0.50€
[Zoé] posts big blind 1€
*** PRE-FLOP ***
Jean Paul raises 1.50€ to 2.50€
a: b calls 2€
[Zoé] calls 1.50€
*** FLOP *** [Td Kc 5h]
a: b checks
[Zoé] bets 3.80€
Jean Paul raises 5.70€ to 9.50€
a: b folds
[Zoé] folds
Jean Paul collected 19.82€ from pot
*** SUMMARY ***
Total pot 19.82€ | Rake 0.98€
Board: [Td Kc 5h]
Seat 7: Jean Paul (button) won 19.82€
"""


def test_cash_hand_normalizes_uncalled_bet_and_net_total():
    h = hand(CASH)
    assert (h.site, h.hand_id, h.limit, h.currency, h.decimals) == (
        "winamax", "1234567-89-1300000000", LimitType.NO_LIMIT, "EUR", 2)
    assert (h.stakes.small_blind, h.stakes.big_blind) == (50, 100)
    assert (h.table_name, h.max_seats, h.button_seat) == ("Nice 02", 9, 7)
    assert h.started_at == datetime(2013, 10, 25, 1, 25, 38, tzinfo=UTC)
    assert (h.local_time, h.time_zone) == ("2013/10/25 01:25:38", "UTC")
    assert [s.player for s in h.seats] == ["Jean Paul", "a: b", "[Zoé]"]
    assert h.actions[7].raise_by == 570
    assert kinds(h) == [
        (8, K.POST_SMALL_BLIND, 50, 50),
        (9, K.POST_BIG_BLIND, 100, 100),
        (7, K.RAISE, 250, 250),
        (8, K.CALL, 200, 250),
        (9, K.CALL, 150, 250),
        (8, K.CHECK, 0, 0),
        (9, K.BET, 380, 380),
        (7, K.RAISE, 950, 950),
        (8, K.FOLD, 0, 0),
        (9, K.FOLD, 0, 380),
    ]
    assert h.actions[7].street is Street.FLOP
    # 20.80 put in - 5.70 uncalled = 15.10; the winner collects 15.10 - 0.98 rake.
    assert (h.report.total_pot, h.report.rake) == (1510, 98)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(7, 1412)]
    r = replay(h)
    assert errors(h) == []
    assert {s.seat: s.net for s in r.seats}[7] == 782


TOURNEY = """
Winamax Poker - Tournament "SUNDAY ÉTÉ" buyIn: 18€ + 2€ level: 11 - HandId: #2357799155578961958-128-1653325811 - Holdem no limit (140/600/1200) - 2022/05/23 17:10:11 UTC
Table: 'SUNDAY ÉTÉ(548967895)#0037' 6-max (real money) Seat #3 is the button
Seat 3: Le Chat (177705, 45€ bounty)
Seat 4: Bob (45031, 17.43€ bounty)
Seat 5: Hero (77283, 27€ bounty)
*** ANTE/BLINDS ***
Bob posts ante 140
Hero posts ante 140
Le Chat posts ante 140
Bob posts small blind 600
Hero posts big blind 1200
Dealt to Hero [3c 9c]
*** PRE-FLOP ***
Le Chat raises 1440 to 2640
Bob folds
Hero calls 1440
*** FLOP *** [8d Ac Jc]
Hero checks
Le Chat bets 2218
Hero calls 2218
*** TURN *** [8d Ac Jc][Tc]
Hero bets 7200
Le Chat calls 7200
*** RIVER *** [8d Ac Jc Tc][2h]
Hero bets 19167
Le Chat calls 19167
*** SHOW DOWN ***
Le Chat shows [9d Qd] (Straight Queen high)
Hero shows [3c 9c] (Flush Ace high)
Hero collected 63470 from pot
*** SUMMARY ***
Total pot 63470 | No rake
Board: [8d Ac Jc Tc 2h]
Seat 3: Le Chat (button) showed [9d Qd] and lost with Straight Queen high
Seat 5: Hero (big blind) showed [3c 9c] and won 63470 with Flush Ace high
"""


def test_tournament_with_antes_and_bounties():
    h = hand(TOURNEY)
    assert h.is_tournament and (h.tournament_id, h.level) == ("548967895", "11")
    assert (h.currency, h.decimals) == ("CHIPS", 0)
    assert (h.stakes.ante, h.stakes.small_blind, h.stakes.big_blind) == (140, 600, 1200)
    assert [s.bounty for s in h.seats] == [4500, 1743, 2700]
    assert [a.kind for a in h.actions[:3]] == [K.POST_ANTE] * 3
    assert h.actions[0].to == 0  # antes are dead: not part of the street bet
    hero = h.seats[2]
    assert hero.is_hero and hero.hole_cards == ("3c", "9c")
    assert h.seats[0].hole_cards == ("9d", "Qd")
    assert h.boards == (("8d", "Ac", "Jc", "Tc", "2h"),)
    assert (h.report.total_pot, h.report.rake) == (63470, 0)
    assert errors(h) == []


def test_abbreviated_total_is_checked_against_collections():
    text = TOURNEY.replace("Total pot 63470 | No rake", "Total pot 63.47k | No rake")
    assert hand(text).report.total_pot == 63470
    # A total that the collections do not abbreviate to is unknown, not invented.
    wrong = TOURNEY.replace("Total pot 63470 | No rake", "Total pot 70.1k | No rake")
    assert hand(wrong).report.total_pot is None


HOLD_UP = """
Winamax Poker - Go Fast "Floride" - HandId: #17650968-184911-1663973134 - Holdem no limit (0.05€/0.10€) - 2022/09/23 22:45:34 UTC
Table: 'Floride' 6-max (real money) Seat #6 is the button
Seat 1: P0 (11.61€)
Seat 2: P1 (5.28€)
Seat 4: Hero (1.04€)
Seat 6: P4 (20.98€)
Hold-up to Pot: total 2.50€
*** ANTE/BLINDS ***
P0 posts small blind 0.05€
P1 posts big blind 0.10€
Dealt to Hero [9s 5d]
*** PRE-FLOP ***
Hero raises 0.94€ to 1.04€ and is all-in
P4 folds
P0 raises 10.57€ to 11.61€ and is all-in
P1 folds
*** FLOP *** [Th 9h 3h]
*** TURN *** [Th 9h 3h][4c]
*** RIVER *** [Th 9h 3h 4c][Td]
*** SHOW DOWN ***
P0 shows [Kc 7s] (One pair : Tens)
Hero shows [9s 5d] (Two pairs : Tens and 9)
Hero collected 4.41€ from main pot
P0 collected 10.57€ from side pot 1
*** SUMMARY ***
Total pot 14.98€ | Rake 0.27€
Board: [Th 9h 3h 4c Td]
"""


def test_fast_fold_with_hold_up_money_added_to_the_pot():
    h = hand(HOLD_UP)
    assert h.fast_fold and h.button_seat == 6
    assert h.actions[2].all_in and h.actions[4].all_in
    # The site's 2.50 is in the pot; P0's unmatched 10.57 was paid back as a "side pot".
    assert h.report.site_added == (("hold_up", 250),)
    assert [(c.seat, c.amount, c.pot_index) for c in h.report.collections] == [(4, 441, 0)]
    assert h.report.total_pot == 468  # 12.75 put in + 2.50 added - 10.57 uncalled
    assert sum(c.amount for c in h.report.collections) + h.report.rake == h.report.total_pot


def test_fixed_limit_and_play_money_and_missing_button():
    text = """
Winamax Poker - CashGame - HandId: #2769259-665-1335035306 - Holdem fixed limit (0.50/1) - 2012/04/21 21:08:26 UTC
Table: 'Ostrava' 2-max (play money)
Seat 1: Hero (10)
Seat 2: Villain (1)
*** ANTE/BLINDS ***
Villain posts small blind 0.25
Hero posts big blind 0.50
Dealt to Hero [7s Kd]
*** PRE-FLOP ***
Villain calls 0.25
Hero checks
*** FLOP *** [Qc 4d 4s]
Hero bets 0.50
Villain folds
Hero collected 1.50 from pot
*** SUMMARY ***
Total pot 1.50 | No rake
Board: [Qc 4d 4s]
"""
    h = hand(text)
    assert (h.limit, h.currency, h.button_seat) == (LimitType.FIXED_LIMIT, "PLAY", None)
    s = h.stakes
    assert (s.small_blind, s.big_blind, s.small_bet, s.big_bet) == (25, 50, 50, 100)
    assert h.report.total_pot == 100 and [c.amount for c in h.report.collections] == [100]


def test_half_chip_tournament_is_read_in_hundredths():
    text = TOURNEY.replace("Hero bets 7200\nLe Chat calls 7200", "Hero bets 7200.50\nLe Chat calls 7200.50")
    h = hand(text)
    assert h.decimals == 2 and h.stakes.big_blind == 120000
    turn_bet = next(a for a in h.actions if a.street is Street.TURN)
    assert (turn_bet.kind, turn_bet.amount) == (K.BET, 720050)


def test_other_games_are_unsupported():
    text = CASH.replace("Holdem no limit", "Omaha pot limit")
    with pytest.raises(UnsupportedGame):
        hand(text)
    with pytest.raises(UnsupportedGame):
        hand(CASH.replace("Holdem no limit", "7-Card Stud fixed limit"))


def test_unknown_line_is_loud():
    text = CASH.replace("a: b checks", "a: b juggles")
    with pytest.raises(ParseError) as err:
        hand(text)
    assert err.value.reason == "unknown_line" and err.value.line == 14
    assert err.value.text == "a: b juggles" and err.value.site == "winamax"


def test_missing_summary_is_truncated():
    with pytest.raises(ParseError) as err:
        hand(CASH.split("*** SUMMARY ***")[0])
    assert err.value.reason == "truncated_hand"


def test_sniff_and_split():
    two = CASH.strip() + "\n\n\n" + TOURNEY.strip() + "\n"
    assert sniff("\ufeff" + two)
    assert not sniff("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)")
    assert not sniff("Winamax Poker - Tournament summary : SUNDAY")
    chunks = split_hands(two, header=HEADER)
    assert [hand_.text.split("#")[1][:7] for hand_ in chunks] == ["1234567", "2357799"]
