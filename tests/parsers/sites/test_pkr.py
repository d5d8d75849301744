"""PKR parser: hand-written hands in the site's layout."""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import TOURNAMENT_CHIPS
from parsers.model import ActionKind as K
from parsers.sites.pkr import parse, sniff
from parsers.text import Chunk
from pipeline.engine import replay
from pipeline.engine.result import Severity

# Silent uncalled bet, a new player's live post with a dead small blind, chat and emotes.
CASH = """Table #100 - Made Up
Starting Hand #5001
Start time of hand: 26 Aug 2011 17:39:25
Last Hand #5000
Game Type: HOLD'EM
Limit Type: NO LIMIT
Table Type: RING
Money Type: REAL MONEY
Blinds are now $1 / $2
Button is at seat 1
Seat 1: Ann Lee - $100
Seat 2: bob - $50.50
Seat 3: cy: x - $80 (away from table)
Seat 4: dot - $200
Shuffling Deck
Moving Button to seat 4
Ann Lee posts small blind ($1)
bob posts big blind ($2)
cy: x posts $2
cy: x posts $1 dead
Dealing Cards
Dealing [K h][2 c] to dot
dot: good luck all
Ann Lee says hello.
bob claps.
cy: x checks
dot raises to $6
Ann Lee folds
bob calls $6
cy: x calls $6
Pot sizes: $20
Dealing Flop [3 c][3 s][Q h]
bob checks
cy: x bets $10
dot folds
bob folds
Pot sizes: $20
Taking Rake of $1 from pot 1
cy: x doesn't show
cy: x wins $19
Seat 1: Ann Lee - $99
Seat 2: bob - $44.50
Seat 3: cy: x - $92
Seat 4: dot - $194
End of Hand #5001
"""

# Two all-ins: cards shown before the river, side pots, ties, per-pot wins, thousands.
TOURNEY = """Table #200 - Tournament #777 Table #3
Starting Hand #6001
Start time of hand: 02 May 2012 10:28:11
Last Hand n/a
Game Type: HOLD'EM
Limit Type: NO LIMIT
Table Type: TOURNAMENT
Money Type: TOURNAMENT CHIPS
Blinds are now 500 / 1,000
Button is at seat 3
Seat 1: short (bounty value $0.40, bounty won $0) - 1,500
Seat 2: mid (bounty value $0.40, bounty won $0) - 4,000
Seat 3: big (bounty value $0.48, bounty won $0.08) - 9,000
Shuffling Deck
Moving Button to seat 3
short posts ante of 100
mid posts ante of 100
big posts ante of 100
Pot sizes: 300
short posts small blind (500)
mid posts big blind (1,000)
Dealing Cards
big raises to 3,000
short calls 1,400 (all-in)
mid raises to 3,900 (all-in)
big calls 3,900
Pot sizes: 4,500
Pot sizes: 5,000
Player9 will be dealt in after the button
short shows [A s][A d]
mid shows [K c] [K d]
big shows [XX][7 h]
Dealing Flop [2 c][5 d][9 h]
Dealing Turn [J c]
Dealing River [3 s]
Pot sizes: 4,500
Pot sizes: 5,000
short has One Pair: Aces
short wins 4,500 with: One Pair: Aces
mid wins 5,000 from side pot #1 with: One Pair: Kings
Seat 1: short - 4,500
Seat 2: mid - 5,000
Seat 3: big - 5,000
End of Hand #6001
"""


def hand(text):
    return parse(Chunk(text, 0, 1), "t.txt")


def errors(h):
    return [f for f in replay(h).findings if f.severity is Severity.ERROR]


def test_cash_hand_silent_uncalled_and_dead_post():
    h = hand(CASH)
    assert (h.hand_id, h.currency, h.decimals, h.button_seat, h.table_name) == ("5001", "USD", 2, 4, "Made Up")
    assert (h.started_at, h.local_time) == (None, "2011-08-26 17:39:25")
    assert [s.player for s in h.seats] == ["Ann Lee", "bob", "cy: x", "dot"] and h.seats[2].sitting_out
    assert h.seats[3].hole_cards == ("Kh", "2c") and h.seats[3].is_hero
    assert [(a.seat, a.kind, a.amount) for a in h.actions[2:4]] == [(3, K.POST_BIG_BLIND, 200), (3, K.POST_DEAD, 100)]
    assert h.actions[-1].kind is K.UNCALLED_RETURN and (h.actions[-1].seat, h.actions[-1].amount) == (3, 1000)
    assert (h.report.total_pot, h.report.rake) == (2000, 100)
    assert errors(h) == []
    final = {s.seat: s.final_stack for s in replay(h).seats}
    assert final == {1: 9900, 2: 4450, 3: 9200, 4: 19400}  # the stacks PKR prints after the hand


def test_side_pots_and_early_shows():
    h = hand(TOURNEY)
    assert (h.currency, h.decimals, h.tournament_id, h.stakes.big_blind, h.stakes.ante) == (TOURNAMENT_CHIPS, 0, "777", 1000, 100)
    assert [s.bounty for s in h.seats] == [40, 40, 48]
    assert h.board == ("2c", "5d", "9h", "Jc", "3s")
    assert h.seats[2].hole_cards is None  # one card shown: not known
    assert [(p.index, p.amount) for p in h.report.pots] == [(0, 4500), (1, 5000)]
    assert [(c.seat, c.amount, c.pot_index) for c in h.report.collections] == [(1, 4500, 0), (2, 5000, 1)]
    call = next(a for a in h.actions if a.kind is K.CALL)
    assert (call.amount, call.to, call.all_in) == (900, 1400, True)  # "calls" prints the total
    assert errors(h) == []
    assert {s.seat: s.final_stack for s in replay(h).seats} == {1: 4500, 2: 5000, 3: 5000}


def test_double_printed_pots_are_one_group():
    text = CASH.replace("Pot sizes: $20\nTaking", "Pot sizes: $20\nPot sizes: $20\nTaking")
    assert hand(text).report.total_pot == 2000


def test_rejects():
    with pytest.raises(UnsupportedGame):
        hand(CASH.replace("Game Type: HOLD'EM", "Game Type: OMAHA"))
    with pytest.raises(ParseError) as err:
        hand(CASH.replace("dot raises to $6", "dot juggles"))
    assert err.value.reason == "unknown_line" and err.value.line == 27
    with pytest.raises(ParseError) as err:
        hand(CASH.replace("End of Hand #5001\n", ""))
    assert err.value.reason == "truncated_hand"


def test_sniff():
    assert sniff(CASH) and sniff("Seat 1: a - $1\nEnd of Hand #1\n\n" + CASH)  # starts mid-hand
    assert not sniff('HAND = """' + CASH)  # hands embedded in source code
    assert not sniff("PokerStars Hand #1: Hold'em No Limit ($0.25/$0.50 USD)")
