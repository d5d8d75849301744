"""Full Tilt parser: hand-written hands in the site's layout, one per feature."""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

from datetime import UTC, datetime

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind as K
from parsers.model import LimitType
from parsers.sites.fulltilt import HEADER, parse, sniff
from parsers.text import Chunk, split_hands
from pipeline.engine import replay
from pipeline.engine.result import Severity


def hand(text: str):
    return parse(Chunk(text.strip("\n"), 0, 1), "test.txt")


def errors(h):
    return [f for f in replay(h).findings if f.severity is Severity.ERROR]


CASH = """
Full Tilt Poker Game #1000000001: Table Iowa (6 max) - NL Hold'em - $5/$10 - 12:40:19 ET - 2014/01/06
Seat 1: Jo Betz ($2,094.70)
Seat 2: king: 88 ($308)
Seat 3: [zoé] ($500)
king: 88 posts the small blind of $5
[zoé] posts the big blind of $10
The button is in seat #1
*** HOLE CARDS ***
Dealt to Jo Betz [Ac 9s]
Jo Betz raises to $25
king: 88 calls $20
[zoé] folds
king: 88: nice hand earlier
*** FLOP *** [9h As 9d] (Total Pot: $60, 2 Players)
king: 88 checks
Jo Betz bets $25
king: 88 raises to $120
Jo Betz has 15 seconds left to act
Jo Betz calls $95
*** TURN *** [9h As 9d] [8s] (Total Pot: $300, 2 Players)
king: 88 bets $163, and is all in
Jo Betz calls $163
*** RIVER *** [9h As 9d 8s] [8h] (Total Pot: $626, 2 Players)
*** SHOW DOWN ***
king: 88 shows [Kd Kh] two pair, Kings and Nines
Jo Betz shows [Ac 9s] a full house, Nines full of Aces
Jo Betz wins the pot ($625.50) with a full house, Nines full of Aces
*** SUMMARY ***
Total pot $626 | Rake $0.50
Board: [9h As 9d 8s 8h]
Seat 1: Jo Betz (button) showed [Ac 9s] and won ($625.50) with a full house, Nines full of Aces
Seat 2: king: 88 (small blind) showed [Kd Kh] and lost with two pair, Kings and Nines
Seat 3: [zoé] (big blind) folded before the Flop
"""


def test_cash_hand_with_chat_and_names_with_colons():
    h = hand(CASH)
    assert (h.site, h.hand_id, h.limit, h.currency, h.decimals, h.button_seat) == (
        "fulltilt", "1000000001", LimitType.NO_LIMIT, "USD", 2, 1)
    assert h.started_at == datetime(2014, 1, 6, 17, 40, 19, tzinfo=UTC)
    assert (h.table_name, h.max_seats) == ("Iowa", 6)
    assert h.seats[0].stack == 209470
    acts = [(a.seat, a.kind, a.amount, a.to) for a in h.actions if a.kind in (K.RAISE, K.CALL)]
    assert acts[:3] == [(1, K.RAISE, 2500, 2500), (2, K.CALL, 2000, 2500), (2, K.RAISE, 12000, 12000)]
    assert (h.report.total_pot, h.report.rake) == (62600, 50)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(1, 62550)]
    assert h.seats[1].hole_cards == ("Kd", "Kh")
    assert errors(h) == []


MATRIX_WALK = """
Full Tilt Poker Game #1000000002: $26 Super Turbo Matrix (244669447), Match 1 - 15/30 - No Limit Hold'em - 09:20:53 EET - 2012/11/23 [02:20:53 ET - 2012/11/23]
Seat 1: Hero (285)
Seat 2: Player4 (255)
Seat 3: Player3 (270)
Player3 posts the small blind of 15
Hero posts the big blind of 30
The button is in seat #2
*** HOLE CARDS ***
Dealt to Hero [Qh Tc]
Player4 folds
*** SUMMARY ***
Total pot 30 | Rake 0
Seat 1: Hero (big blind) collected (30), mucked
Seat 2: Player4 (button) didn't bet (folded)
Seat 3: Player3 (small blind) folded before the Flop
"""


def test_tournament_walk_read_from_the_summary():
    h = hand(MATRIX_WALK)
    assert (h.is_tournament, h.tournament_id, h.currency, h.decimals) == (True, "244669447", "CHIPS", 0)
    assert h.started_at == datetime(2012, 11, 23, 7, 20, 53, tzinfo=UTC) and h.time_zone == "EET"
    tail = [(a.seat, a.kind, a.amount) for a in h.actions[-2:]]
    assert tail == [(3, K.FOLD, 0), (1, K.UNCALLED_RETURN, 15)]
    assert [(c.seat, c.amount) for c in h.report.collections] == [(1, 30)]
    assert errors(h) == []


def test_shorthand_tournament_chips_and_antes():
    text = MATRIX_WALK.replace("15/30 -", "1K/2K Ante 250 -").replace("(285)", "(28,500)").replace(
        "(255)", "(25,500)").replace("(270)", "(27,000)").replace("of 15", "of 1,000").replace(
        "of 30", "of 2,000").replace("collected (30)", "collected (2,750)").replace(
        "Total pot 30", "Total pot 2,750").replace("Player3 posts the small", "Hero antes 250\nPlayer4 antes 250\nPlayer3 antes 250\nPlayer3 posts the small")
    h = hand(text)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.ante) == (1000, 2000, 250)
    assert errors(h) == []


def test_fixed_limit_stakes_are_bets():
    text = CASH.replace("NL Hold'em - $5/$10", "Limit Hold'em - $10/$20")
    h = hand(text.split("*** FLOP")[0] + "*** SUMMARY ***\nTotal pot $60 | Rake $0")
    assert h.limit is LimitType.FIXED_LIMIT
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.small_bet, h.stakes.big_bet) == (500, 1000, 1000, 2000)


def test_omaha_is_unsupported_and_unknown_lines_are_loud():
    with pytest.raises(UnsupportedGame):
        hand(CASH.replace("NL Hold'em", "PL Omaha Hi"))
    with pytest.raises(ParseError) as err:
        hand(CASH.replace("[zoé] folds", "[zoé] juggles"))
    assert err.value.reason == "unknown_line" and err.value.line == 12


def test_sniff_and_split():
    both = CASH.strip() + "\n\n\n" + MATRIX_WALK.strip()
    assert sniff(both) and not sniff("PokerStars Hand #1: Hold'em")
    assert [c.line for c in split_hands(both, header=HEADER)] == [1, 36]


RUN_IT_TWICE = """
Full Tilt Poker Game #1000000009: Table Myra (6 max) - NL Hold'em - $5/$10 - 04:44:44 ET - 2015/04/08
Seat 2: Ann ($500)
Seat 3: Bo b ($300)
Seat 4: Cy ($600)
Bo b posts the small blind of $5
Cy posts the big blind of $10
The button is in seat #2
*** HOLE CARDS ***
Ann folds
Bo b raises to $300, and is all in
Cy calls $290
Players agree to Run It Twice
Bo b shows [Jd Qd]
Cy shows [6d Ad]
*** FLOP 1 *** [Td 3d 3h] (Total Pot: $600, 2 Players, 1 All-In)
*** FLOP 2 *** [Ts 5c 2h] (Total Pot: $600, 2 Players, 1 All-In)
*** TURN 1 *** [Td 3d 3h] [Qh] (Total Pot: $600, 2 Players, 1 All-In)
*** TURN 2 *** [Ts 5c 2h] [7c] (Total Pot: $600, 2 Players, 1 All-In)
*** RIVER 1 *** [Td 3d 3h Qh] [Ac] (Total Pot: $600, 2 Players, 1 All-In)
*** RIVER 2 *** [Ts 5c 2h 7c] [Qs] (Total Pot: $600, 2 Players, 1 All-In)
*** SHOW DOWN 1 ***
*** SHOW DOWN 2 ***
Cy wins pot 1 ($298) with two pair, Aces and Threes
Bo b wins pot 2 ($299) with a pair of Queens
*** SUMMARY ***
Total pot $600 | Rake $3
*** SUMMARY 1 ***
Pot 1 $298
Board: [Td 3d 3h Qh Ac]
Seat 3: Bo b (small blind) showed [Jd Qd] and lost with two pair, Queens and Threes
Seat 4: Cy (big blind) showed [6d Ad] and won ($298) with two pair, Aces and Threes
*** SUMMARY 2 ***
Pot 2 $299
Board: [Ts 5c 2h 7c Qs]
Seat 3: Bo b (small blind) showed [Jd Qd] and won ($299) with a pair of Queens
Seat 4: Cy (big blind) showed [6d Ad] and lost with Ace King high
"""


def test_run_it_twice_holds_one_complete_board_and_collections_per_run():
    h = hand(RUN_IT_TWICE)
    assert h.boards == (("Td", "3d", "3h", "Qh", "Ac"), ("Ts", "5c", "2h", "7c", "Qs"))
    assert [(c.seat, c.amount, c.pot_index, c.board_index) for c in h.report.collections] == [
        (4, 29800, 0, 0), (3, 29900, 0, 1)]
    assert (h.report.total_pot, h.report.rake) == (60000, 300)
    assert errors(h) == []
