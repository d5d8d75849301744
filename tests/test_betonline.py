"""BetOnline parser: hand-written hands in the site's layout."""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind as K
from parsers.sites.betonline import parse, sniff
from parsers.text import Chunk
from pipeline.engine import replay
from pipeline.engine.result import Severity

HAND = """BetOnline Poker Game #123456789: Hold'em No Limit ($0.25/0.50) - 2012/04/11 01:59:39 GMT Daylight Time
Table 'Made Up' 10-Max, Seat #5 is the button
Seat 4: al (43.42 in chips)
Seat 5: b o (126.09 in chips) - The button
Seat 6: cid (60.12 in chips) - Small Blind
Seat 0: dee (39.79 in chips) - Sitting out
Seat 7: ed (48.25 in chips) - Big Blind
Seat 3: fi (38.63 in chips)
cid: posts small blind 0.25
ed: posts big blind 0.50
fi: post dead 0.50
*** HOLE CARDS ***
Dealt to al [10h 3c]
fi: checks
al: raises 1.50 to 1.50
b o: folds
cid: calls 1.25
ed: calls 1.00
fi: calls 1.00
*** FLOP *** [6c 7s Qc]
cid: checks
ed: bets 4.68
fi: folds
al: folds
cid: folds
Uncalled bet (4.68) returned to ed
*** SUMMARY ***
Total pot 5.70 | Rake 0.30
Board [6c 7s Qc]
Seat 7: ed collected (5.70)
"""


def hand(text):
    return parse(Chunk(text, 0, 1), "t.txt")


def test_reads_hand_with_live_dead_post_and_net_total_pot():
    h = hand(HAND)
    assert (h.hand_id, h.currency, h.stakes.small_blind, h.stakes.big_blind, h.button_seat) == ("123456789", "USD", 25, 50, 5)
    assert h.started_at.isoformat() == "2012-04-11T00:59:39+00:00"  # BST
    assert h.time_zone == "GMT Daylight Time"
    assert [s.seat for s in h.seats if s.sitting_out] == [0]
    assert h.seats[2].hole_cards == ("Th", "3c") and h.seats[2].is_hero
    assert [(a.seat, a.kind, a.amount, a.to) for a in h.actions[2:5]] == [(3, K.POST_BIG_BLIND, 50, 50), (3, K.CHECK, 0, 50), (4, K.RAISE, 150, 150)]
    assert (h.report.total_pot, h.report.rake) == (600, 30)
    rep = replay(h)
    assert [f for f in rep.findings if f.severity is Severity.ERROR] == []
    assert {s.seat: s.net for s in rep.seats}[7] == 420


def test_unknown_player_and_omaha_and_unknown_line():
    with pytest.raises(ParseError) as err:
        hand(HAND.replace("b o: folds", "Unknown player: raises 3.00 to 3.00"))
    assert err.value.reason == "unknown_player" and err.value.line == 16
    with pytest.raises(UnsupportedGame):
        hand(HAND.replace("Dealt to al [10h 3c]", "Dealt to al [10h 3c 4d 5d]"))
    with pytest.raises(ParseError) as err:
        hand(HAND.replace("b o: folds", "b o: dances"))
    assert err.value.reason == "unknown_line"


def test_sniff():
    assert sniff(HAND)
    assert not sniff("PokerStars Hand #1: Hold'em No Limit ($0.25/$0.50 USD)")
