"""BetOnline parser: hand-written hands in the site's layout (and its skins')."""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import TOURNAMENT_CHIPS, LimitType, Stakes
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
dee: ante processed 0.00
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
Total pot 5.94 | Rake 0.31
Board [6c 7s Qc]
Total pot 5.94 | Rake 0.31
Seat 7: ed collected (5.94)
"""

# Three-way all-in: the side pot is printed (net of its rake share) before the showdown, the
# main pot in the summary; the streets after the flop are only in the summary's board.
SIDE_POT = """BetOnline Poker Game #555: Hold'em No Limit ($0.01/0.02) - 2016/05/04 10:36:39 Eastern Daylight Time
Table '24' 10-Max, Seat #1 is the button
Seat 1: btn (0.63 in chips) - The button
Seat 2: sb (1.00 in chips) - Small Blind
Seat 3: bb (2.00 in chips) - Big Blind
Seat 4: shorty (0.50 in chips)
Seat 5: mid (1.00 in chips)
sb: posts small blind 0.01
bb: posts big blind 0.02
*** HOLE CARDS ***
shorty: raises 0.04 to 0.04
mid: calls 0.04
btn: folds
sb: folds
bb: calls 0.02
*** FLOP *** [5d Ad 4h]
bb: checks
shorty: bets 0.46 and is all in
mid: raises 0.96 to 0.96 and is all in
bb: calls 0.96
Total pot 0.98 | Rake 0.05
*** SHOW DOWN ***
mid shows Qh Ac
shorty shows 9d 8d
bb shows 5s 4s
*** SUMMARY ***
Total pot 1.48 | Rake 0.05
Board [5d Ad 4h 5c 9s]
Seat 3: bb showed [5s 4s] and won (1.48)
Seat 4: shorty showed [9d 8d] but did not win
Seat 5: mid showed [Qh Ac] but did not win
"""

# Gear Poker: seats counted counter-clockwise, capitalised verbs, no uncalled-bet line.
GEAR = """Gear Poker Game #777: Hold'em - 2012-04-09 12:14:36
Table 3875596-33 (Play Money) Seat #9 is the button
Seat 9: Dealer (990.00 in Chips)
Seat 8: Small (970.00 in Chips)
Seat 7: Big (1150.00 in Chips)
Seat 6: Early (1000.00 in Chips)
Small: Posts small blind 10.00.
Big: Posts big blind 20.00.
*** HOLE CARDS ***
Dealt To Early [7S 7H]
Early: Raises 1000.00 and is All In.
Dealer: Folds.
Small: Folds.
Big: Folds.
*** SUMMARY ***
Total Pot 50.00 | Rake 0.00
Seat 6: Early collected (50.00) from the Pot.
Seat 7: Big (Big Blind)  Folded before Flop
"""

# A tournament hand: header stakes that are not the blinds, a blank-named player all-in on the
# small blind, two players listed in one seat (the second never acts), a player leaving.
TOURNEY = """BetOnline Poker Game #888: Tournament #4157956: Hold'em $10.00/$20.00 - 2012/10/13 20:13:28 Eastern Daylight Time
Table '4157956-06' 10-Max, Seat #3 is the button
Seat 1: one (9420.00 in chips)
Seat 3: Hero (3670.00 in chips) - The button
Seat 4:  (100.00 in chips)
Seat 5: bigb (6625.00 in chips) - Big Blind
Seat 5: ghost (6625.00 in chips)
Seat 7: seven (8200.00 in chips)
ghost: ante processed 0.00
: posts small blind 100.00
bigb: posts big blind 400.00
*** HOLE CARDS ***
Dealt to ghost [2c 2d]
seven: calls 400.00
one: calls 400.00
Hero: raises 1600.00 to 1600.00
bigb: folds
seven has left the table
one: folds
Uncalled bet (1200.00) returned to Hero
Total pot 1200.00
*** SHOW DOWN ***
 shows 8h 7s
Hero shows Js Ad
*** SUMMARY ***
Total pot 500.00
Board [2h As 9c 2d Jh]
Seat 4:  showed [8h 7s] but did not win
Seat 3: Hero showed [Js Ad] and won (500.00)
"""


def hand(text):
    return parse(Chunk(text, 0, 1), "t.txt")


def errors(h):
    return [f for f in replay(h).findings if f.severity is Severity.ERROR]


def test_dead_post_is_live_part_plus_unprinted_dead_small_blind():
    h = hand(HAND)
    assert (h.hand_id, h.currency, h.stakes.small_blind, h.stakes.big_blind, h.button_seat) == ("123456789", "USD", 25, 50, 5)
    assert h.started_at.isoformat() == "2012-04-11T00:59:39+00:00"  # BST
    assert h.time_zone == "GMT Daylight Time"
    assert [s.seat for s in h.seats if s.sitting_out] == [0]
    assert h.seats[2].hole_cards == ("Th", "3c") and h.seats[2].is_hero
    assert [(a.seat, a.kind, a.amount, a.to) for a in h.actions[2:6]] == [
        (3, K.POST_BIG_BLIND, 50, 50), (3, K.POST_DEAD, 25, 50), (3, K.CHECK, 0, 50), (4, K.RAISE, 150, 150)]
    assert not any(a.seat == 0 for a in h.actions)  # "ante processed 0.00" is no ante
    assert (h.report.total_pot, h.report.rake) == (625, 31)  # the repeated summary line read once
    assert errors(h) == []
    assert {s.seat: s.net for s in replay(h).seats}[7] == 444


def test_side_pot_printed_before_showdown_goes_to_the_sole_winner():
    h = hand(SIDE_POT)
    assert h.board == ("5d", "Ad", "4h", "5c", "9s")
    assert [(p.index, p.amount) for p in h.report.pots] == [(0, 148), (1, 98)]
    assert h.report.total_pot == 251 == 148 + 98 + 5
    assert sorted((c.seat, c.amount, c.pot_index) for c in h.report.collections) == [(3, 98, 1), (3, 148, 0)]
    assert errors(h) == []
    assert {s.seat: s.net for s in replay(h).seats} == {1: 0, 2: -1, 3: 246 - 100, 4: -50, 5: -100}


def test_gear_poker_seats_are_mapped_to_the_order_of_play():
    h = hand(GEAR)
    assert (h.currency, h.started_at, h.local_time) == ("PLAY", None, "2012-04-09 12:14:36")
    # printed seats 9, 8, 7, 6 (counter-clockwise) become 0, 1, 2, 3
    assert [(s.seat, s.player) for s in h.seats] == [(0, "Dealer"), (1, "Small"), (2, "Big"), (3, "Early")]
    assert h.button_seat == 0 and (h.stakes.small_blind, h.stakes.big_blind) == (1000, 2000)
    assert h.seats[3].hole_cards == ("7s", "7h")
    raise_ = next(a for a in h.actions if a.kind is K.RAISE)
    assert (raise_.seat, raise_.amount, raise_.to, raise_.all_in) == (3, 100000, 100000, True)
    assert h.actions[-1].kind is K.UNCALLED_RETURN and h.actions[-1].amount == 98000
    assert errors(h) == []


def test_tournament_stakes_blank_name_duplicate_seat_and_leaver():
    h = hand(TOURNEY)
    assert (h.currency, h.tournament_id, h.stakes.small_blind, h.stakes.big_blind) == (TOURNAMENT_CHIPS, "4157956", 20000, 40000)
    assert [s.player for s in h.seats] == ["one", "Hero", "", "bigb", "seven"]  # ghost left out
    assert h.seats[2].hole_cards == ("8h", "7s")
    folds = [(a.seat, a.line) for a in h.actions if a.kind is K.FOLD]
    assert folds == [(5, 17), (7, 18), (1, 19)]  # the leaver folds where his turn came
    assert [(p.index, p.amount) for p in h.report.pots] == [(0, 50000), (1, 120000)]
    assert errors(h) == []
    assert {s.seat: s.net for s in replay(h).seats}[3] == 170000 - 40000


def test_a_seated_duplicate_who_acts_is_rejected():
    with pytest.raises(ParseError) as err:
        hand(TOURNEY.replace("seven: calls 400.00", "ghost: calls 400.00"))
    assert err.value.reason == "duplicate_seat"


def test_unknown_player_and_omaha_and_unknown_line():
    with pytest.raises(ParseError) as err:
        hand(HAND.replace("b o: folds", "Unknown player: raises 3.00 to 3.00"))
    assert err.value.reason == "unknown_player" and err.value.line == 17
    with pytest.raises(UnsupportedGame):
        hand(HAND.replace("Dealt to al [10h 3c]", "Dealt to al [10h 3c 4d 5d]"))
    with pytest.raises(ParseError) as err:
        hand(HAND.replace("b o: folds", "b o: dances"))
    assert err.value.reason == "unknown_line"
    with pytest.raises(ParseError) as err:
        hand(HAND.split("*** SUMMARY ***")[0])
    assert err.value.reason == "truncated_hand"


def test_sniff():
    assert sniff(HAND) and sniff(GEAR)
    assert sniff(HAND.replace("BetOnline Poker Game", "PayNoRake Game"))
    assert not sniff("PokerStars Hand #1: Hold'em No Limit ($0.25/$0.50 USD)")


@pytest.mark.parametrize("line", ["ed: mucks hand", "ed: doesn't show hand", "ed: does not show"])
def test_bet_and_muck_lines_of_the_uncalled_winner(line):
    # the winner of an uncalled bet keeps his cards, in PokerStars' words ("mucks hand" was
    # read as the cards "[hand]", a bad_card reject)
    plain = hand(HAND)
    text = HAND.replace("Uncalled bet (4.68) returned to ed\n",
                        f"Uncalled bet (4.68) returned to ed\n{line}\n")
    h = hand(text)
    assert not errors(h) and not h.ignored_lines
    kinds = [a.kind for a in h.actions]
    assert [k for k in kinds if k not in (K.SHOW, K.MUCK)] == [a.kind for a in plain.actions]
    assert [a.cards for a in h.actions if a.kind is K.MUCK] == ([()] if "mucks" in line else [])
    assert [s.net for s in replay(h).seats] == [s.net for s in replay(plain).seats]


# Fixed limit: the cash header prints the small and big bet (0.50/1.00), as PokerStars does;
# the blinds are 0.25/0.50 (the big blind is the small bet).
FIXED = """BetOnline Poker Game #123456790: Hold'em Limit ($0.50/1.00) - 2012/04/11 02:00:00 GMT Daylight Time
Table 'Made Up' 10-Max, Seat #5 is the button
Seat 4: al (20.00 in chips)
Seat 5: b o (20.00 in chips) - The button
Seat 6: cid (20.00 in chips) - Small Blind
Seat 7: ed (20.00 in chips) - Big Blind
cid: posts small blind 0.25
ed: posts big blind 0.50
*** HOLE CARDS ***
Dealt to al [10h 3c]
al: raises 1.00 to 1.00
b o: folds
cid: calls 0.75
ed: calls 0.50
*** FLOP *** [6c 7s Qc]
cid: checks
ed: bets 0.50
al: calls 0.50
cid: folds
*** TURN *** [6c 7s Qc] [2d]
ed: bets 1.00
al: folds
Uncalled bet (1.00) returned to ed
*** SUMMARY ***
Total pot 3.80 | Rake 0.20
Board [6c 7s Qc 2d]
Seat 7: ed collected (3.80)
"""


def test_fixed_limit_header_prints_the_small_and_big_bet():
    h = hand(FIXED)
    assert h.limit is LimitType.FIXED_LIMIT
    assert h.stakes == Stakes(25, 50, 0, 50, 100)
    assert not errors(h)
    # read as blinds (the old reading), the bets were a half bet each: fixed_limit_wrong_size
    assert [s.net for s in replay(h).seats] == [-150, 0, -100, 230]
