"""Enet parser on small hands written for these tests."""

from __future__ import annotations

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind, LimitType, Stakes, Street
from parsers.sites import enet
from parsers.text import split_hands
from pipeline.engine import replay
from pipeline.engine.result import Severity

# Header button "#1" is seat 2 (counted from 0); Dora missed her blind and pays it dead; Eve
# waits for the big blind without paying it. Every amount is the chips the action adds.
DEAD_POSTS = """\
Game #501: Hold'em (€0,10/€0,20) - 21:05:09 14.11.2012 - %6
Table 'Lisboa 2 - No Limit' 6-max Seat #1 is the button
Seat 1: Dora (€20 in chips)
Seat 2: Carl [x] (€12,50 in chips)
Seat 3: Anna: 1 (€8,40 in chips)
Seat 4: Bo (€30 in chips)
Seat 5: Eve (€5 in chips)
Anna: 1: posts small blind €0,10
Bo: posts big blind €0,20
Eve: posts big blind
Dora: posts small blind
*** HOLECARDS ***
Dora: calls €0,20
Carl [x]: raises €0,80
Anna: 1: folds
Bo: calls €0,60
Dora: calls €0,60
Rake: €0,05
*** FLOP *** [Ah7c2d]
Bo: checks
Dora: bets €1,20
Carl [x]: goes all-in €11,70
Bo: folds
Dora: calls €10,50
Rake: €0,50
*** TURN *** [Ah7c2d9s]
*** RIVER *** [Ah7c2d9sKh]
*** SHOWDOWN ***
Dora: shows [AdKc] (Two Pairs, Aces and Kings)
Carl [x]: shows [7s7d] (Three of a kind, Sevens)
Carl [x]: collected (€25,45) from pot
*** SUMMARY ***
Total pot €26,00 | Rake €0,55
Board [Ah7c2d9sKh]
Seat 1: Dora  showed [AdKc] and lost with Two Pairs, Aces and Kings
Seat 2: Carl [x] (dealer) showed [7s7d] and won (€25,45) with Three of a kind, Sevens
Seat 3: Anna: 1 (small blind) folded
Seat 4: Bo (big blind) folded
Seat 5: Eve  showed [] and lost with
"""

OMAHA = """\
Game #502: Omaha (€0,25/€0,50) - 21:06:00 14.11.2012 - %6
Table 'Roma 1 - Pot Limit' 9-max Seat #3 is the button
Seat 1: Anna (€20 in chips)
"""


def _hand(text: str):
    (chunk,) = split_hands(text, header=enet.HEADER)
    return enet.parse(chunk, "t.txt")


def test_sniff() -> None:
    assert enet.sniff(DEAD_POSTS)
    assert enet.sniff(OMAHA)
    assert not enet.sniff("Game #501: Hold'em (€0,10/€0,20) - 21:05:09 14.11.2012\nSeat 1: A\n")
    assert not enet.sniff("Game #1: Table €1 NL - 0.05/0.10 - No Limit Hold'Em - 13:22:50 "
                          "2021/04/04\n*** Seated players ***\n")


def test_header_and_seats() -> None:
    h = _hand(DEAD_POSTS)
    assert (h.hand_id, h.currency, h.decimals) == ("501", "EUR", 2)
    assert (h.stakes.small_blind, h.stakes.big_blind) == (10, 20)
    assert h.table_name == "Lisboa 2" and h.max_seats == 6
    assert h.local_time == "21:05:09 14.11.2012" and h.started_at is None
    assert h.button_seat == 2  # the summary's "(dealer)"; the header counts from 0
    assert [s.player for s in h.seats] == ["Dora", "Carl [x]", "Anna: 1", "Bo", "Eve"]
    assert [s.stack for s in h.seats] == [2000, 1250, 840, 3000, 500]
    assert [s.sitting_out for s in h.seats] == [False, False, False, False, True]


def test_amountless_posts() -> None:
    h = _hand(DEAD_POSTS)
    posts = [(a.seat, a.kind, a.amount) for a in h.actions if a.kind.is_post]
    assert posts == [(3, ActionKind.POST_SMALL_BLIND, 10), (4, ActionKind.POST_BIG_BLIND, 20),
                     (1, ActionKind.POST_DEAD, 10)]
    assert not any(a.seat == 5 for a in h.actions)


def test_amounts_are_chips_added() -> None:
    h = _hand(DEAD_POSTS)
    pre = [(a.seat, a.kind, a.amount, a.to) for a in h.actions
           if a.street is Street.PREFLOP and not a.kind.is_post and a.kind is not ActionKind.FOLD]
    assert pre == [(1, ActionKind.CALL, 20, 20), (2, ActionKind.RAISE, 80, 80),
                   (4, ActionKind.CALL, 60, 80), (1, ActionKind.CALL, 60, 80)]
    flop = [(a.seat, a.kind, a.amount, a.to, a.all_in) for a in h.actions
            if a.street is Street.FLOP and a.kind in (ActionKind.BET, ActionKind.RAISE,
                                                      ActionKind.CALL)]
    assert flop == [(1, ActionKind.BET, 120, 120, False), (2, ActionKind.RAISE, 1170, 1170, True),
                    (1, ActionKind.CALL, 1050, 1170, False)]


def test_summary_collections_rake_and_cards() -> None:
    h = _hand(DEAD_POSTS)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(2, 2545)]
    assert (h.report.total_pot, h.report.rake) == (2600, 55)
    assert h.boards == (("Ah", "7c", "2d", "9s", "Kh"),)
    assert h.seats[0].hole_cards == ("Ad", "Kc")


def test_engine_agrees() -> None:
    r = replay(_hand(DEAD_POSTS))
    assert [f.code for f in r.findings if f.severity is Severity.ERROR] == []
    nets = {s.seat: s.net for s in r.seats}
    assert nets == {1: -1260, 2: 1295, 3: -10, 4: -80, 5: 0}


def test_omaha_is_unsupported() -> None:
    with pytest.raises(UnsupportedGame):
        _hand(OMAHA)


def test_header_button_counts_from_zero_without_dealer_marker() -> None:
    text = DEAD_POSTS.replace("Carl [x] (dealer) showed", "Carl [x]  showed")
    assert _hand(text).button_seat == 2


def test_amountless_big_blind_who_plays_is_loud() -> None:
    text = DEAD_POSTS.replace("Anna: 1: folds\n", "Anna: 1: folds\nEve: folds\n")
    with pytest.raises(ParseError) as err:
        _hand(text)
    assert err.value.reason == "bad_post"


def test_unknown_line_is_loud() -> None:
    text = DEAD_POSTS.replace("Bo: checks\n", "Bo: dances\n")
    with pytest.raises(ParseError) as err:
        _hand(text)
    assert err.value.reason == "unknown_line" and err.value.text == "Bo: dances"


def test_return_beyond_the_bet_is_loud() -> None:
    text = DEAD_POSTS.replace("*** TURN ***", "Uncalled bet (€5) returned to Bo\n*** TURN ***")
    with pytest.raises(ParseError) as err:
        _hand(text)
    assert err.value.reason == "bad_amount"


def test_play_money_and_missing_currency() -> None:
    play = DEAD_POSTS.replace("'Lisboa 2 - No Limit' 6-max", "'Lisboa 2 - No Limit' 6-max "
                              "(Play Money)").replace("€", "")
    assert _hand(play).currency == "PLAY"
    with pytest.raises(ParseError) as err:
        _hand(DEAD_POSTS.replace("€", ""))
    assert err.value.reason == "bad_header"


def test_tournament_is_refused_loudly() -> None:
    text = DEAD_POSTS.replace("Game #501: Hold'em", "Game #501: Tournament #77, €1+€0,10 Hold'em")
    with pytest.raises(ParseError) as err:
        _hand(text)
    assert err.value.reason == "bad_header"


# A fixed-limit table ("- Limit"): the header prints the small and big bet (0,20/0,40); the
# blinds are 0,10/0,20.
FIXED = """\
Game #503: Hold'em (€0,20/€0,40) - 21:07:00 14.11.2012 - %6
Table 'Lisboa 3 - Limit' 6-max Seat #0 is the button
Seat 1: Dora (€20 in chips)
Seat 2: Carl (€20 in chips)
Seat 3: Anna (€20 in chips)
Carl: posts small blind €0,10
Anna: posts big blind €0,20
*** HOLECARDS ***
Dora: raises €0,40
Carl: calls €0,30
Anna: calls €0,20
*** FLOP *** [Ah7c2d]
Carl: checks
Anna: bets €0,20
Dora: calls €0,20
Carl: folds
*** TURN *** [Ah7c2d9s]
Anna: bets €0,40
Dora: raises €0,80
Anna: calls €0,40
*** RIVER *** [Ah7c2d9sKh]
Anna: checks
Dora: checks
*** SHOWDOWN ***
Dora: shows [AdKc] (Two Pairs, Aces and Kings)
Anna: shows [7s7d] (Three of a kind, Sevens)
Anna: collected (€3,20) from pot
*** SUMMARY ***
Total pot €3,20 | Rake €0
Board [Ah7c2d9sKh]
Seat 1: Dora (dealer) showed [AdKc] and lost with Two Pairs, Aces and Kings
Seat 2: Carl (small blind) folded
Seat 3: Anna (big blind) showed [7s7d] and won (€3,20) with Three of a kind, Sevens
"""


def test_fixed_limit_header_prints_the_small_and_big_bet() -> None:
    h = _hand(FIXED)
    assert h.limit is LimitType.FIXED_LIMIT
    assert h.stakes == Stakes(10, 20, 0, 20, 40)
    assert not [f for f in replay(h).findings if f.severity is Severity.ERROR]
