"""PartyPoker parser: hand-written hands in the site's real layout."""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

from datetime import UTC, datetime

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind as K
from parsers.model import LimitType
from parsers.sites.partypoker import HEADER, parse, sniff
from parsers.text import Chunk, split_hands
from pipeline.engine import replay
from pipeline.engine.result import Severity


def hand(text: str):
    return parse(Chunk(text.strip("\n"), 0, 1), "test.txt")


# "raises [$x]" is the chips added; the flop raise is never called and no line returns it:
# the winner's "wins $5.18" holds the 2.14 back (5.34 put in - 0.16 rake).
CASH = """
***** Hand History for Game 13550695573 *****
$0.05/$0.10 USD NL Texas Hold'em - Monday, January 06, 08:54:23 EST 2014
Table Bloemfontein (Real Money)
Seat 2 is the button
Total number of players : 2/6
Seat 2: Kel evra ( $22.85 USD )
Seat 5: hulk: 1969 ( $10.10 USD )
Kel evra posts small blind [$0.05 USD].
hulk: 1969 posts big blind [$0.10 USD].
** Dealing down cards **
Dealt to Kel evra [  Ah Kh ]
Kel evra raises [$0.25 USD]
hulk: 1969 raises [$0.70 USD]
Kel evra calls [$0.50 USD]
** Dealing Flop ** [ 9c, Kd, Qs ]
hulk: 1969 bets [$0.80 USD]
hulk: 1969: nice hand
Kel evra raises [$2.94 USD]
hulk: 1969 folds
Kel evra does not show cards.
Kel evra wins $5.18 USD
"""


def test_cash_hand_raises_are_chips_added_and_uncalled_is_returned():
    h = hand(CASH)
    assert (h.site, h.hand_id, h.limit, h.currency, h.decimals) == (
        "partypoker", "13550695573", LimitType.NO_LIMIT, "USD", 2)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.button_seat, h.max_seats) == (5, 10, 2, 6)
    assert h.started_at == datetime(2014, 1, 6, 13, 54, 23, tzinfo=UTC)
    assert (h.local_time, h.time_zone, h.table_name) == ("2014/01/06 08:54:23", "EST", "Bloemfontein")
    assert [(a.seat, a.kind, a.amount, a.to) for a in h.actions] == [
        (2, K.POST_SMALL_BLIND, 5, 5),
        (5, K.POST_BIG_BLIND, 10, 10),
        (2, K.RAISE, 25, 30),
        (5, K.RAISE, 70, 80),
        (2, K.CALL, 50, 80),
        (5, K.BET, 80, 80),
        (2, K.RAISE, 294, 294),
        (5, K.FOLD, 0, 80),
        (2, K.UNCALLED_RETURN, 214, 80),
    ]
    assert h.seats[0].is_hero and h.seats[0].hole_cards == ("Ah", "Kh")
    assert h.boards == (("9c", "Kd", "Qs"),)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(2, 304)]
    r = replay(h)
    assert [f for f in r.findings if f.severity is Severity.ERROR] == []
    assert {s.seat: s.net for s in r.seats} == {2: 144, 5: -160}


def test_fixed_limit_header_gives_bet_sizes_and_blinds_come_from_posts():
    text = CASH.replace("USD NL Texas", "USD FL Texas").replace("[$0.05 USD].", "[$0.02 USD].").replace("[$0.10 USD].", "[$0.05 USD].")
    h = hand(text.split("Kel evra raises")[0] + "Kel evra folds\nhulk: 1969 wins $0.07 USD\n")
    s = h.stakes
    assert (h.limit, s.small_blind, s.big_blind, s.small_bet, s.big_bet) == (
        LimitType.FIXED_LIMIT, 2, 5, 5, 10)


def test_tournament_all_in_is_call_bet_or_raise_by_the_bets():
    text = """
***** Hand History for Game 10315752770 *****
NL Texas Hold'em $11 USD Buy-in Trny: 59658912 Level: 3  Blinds-Antes(25/50 -5) - Friday, April 01, 20:00:00 CEST 2011
Table Turbo #123 (Real Money)
Seat 1 is the button
Total number of players : 2/9
Seat 1: A ( 1,500 )
Seat 4: B ( 700 )
A posts ante [5]
B posts ante [5]
A posts small blind [25].
B posts big blind [50].
** Dealing down cards **
A raises [125]
B is all-In  [645]
A calls [545]
** Dealing Flop ** [ 2c, 3d, 4h ]
** Dealing Turn ** [ 5s ]
** Dealing River ** [ 9d ]
A shows [ Ac, Ad ]a pair of Aces.
B shows [ Kc, Kd ]a pair of Kings.
A wins 1,400 chips from the main pot with a pair of Aces.
"""
    h = hand(text)
    assert h.is_tournament and (h.tournament_id, h.level, h.currency) == ("59658912", "3", "CHIPS")
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.ante) == (25, 50, 5)
    assert h.started_at == datetime(2011, 4, 1, 18, 0, tzinfo=UTC)
    shove = h.actions[5]
    assert (shove.kind, shove.amount, shove.to, shove.all_in) == (K.RAISE, 645, 695, True)
    assert h.boards == (("2c", "3d", "4h", "5s", "9d"),)
    assert [(c.seat, c.amount, c.pot_index) for c in h.report.collections] == [(1, 1400, 0)]
    assert [f for f in replay(h).findings if f.severity is Severity.ERROR] == []


def test_other_games_and_unknown_lines():
    with pytest.raises(UnsupportedGame):
        hand(CASH.replace("NL Texas Hold'em", "PL Omaha Hi-Lo"))
    with pytest.raises(ParseError) as err:
        hand(CASH.replace("hulk: 1969 folds", "hulk: 1969 dances"))
    assert (err.value.reason, err.value.line, err.value.site) == ("unknown_line", 19, "partypoker")


def test_sniff_and_split_skip_the_game_starts_lines():
    text = "Game #1 starts.\n\n#Game No : 1\n" + CASH.strip() + "\n\nGame #2 starts.\n#Game No : 2\n" + CASH.strip().replace("13550695573", "13550695574")
    assert sniff(text)
    assert not sniff("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)")
    chunks = split_hands(text, header=HEADER)
    assert [hand(c.text).hand_id for c in chunks] == ["13550695573", "13550695574"]
