"""WPN parser: hand-written hands in both of the site's layouts, one per feature."""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

from datetime import UTC, datetime

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind as K
from parsers.model import LimitType, Street
from parsers.sites.wpn import HEADER, parse, sniff
from parsers.text import Chunk, split_hands
from pipeline.engine import replay
from pipeline.engine.result import Severity


def hand(text: str):
    return parse(Chunk(text.strip("\n"), 0, 1), "test.txt")


def errors(h):
    return [f for f in replay(h).findings if f.severity is Severity.ERROR]


# Classic layout: "raises (X)" adds X chips (the small blind's 0.25 + 1.25 = 1.50 total);
# the shown cards appear only in the summary; Pot is net of rake and jackpot fee.
CLASSIC = """
Game started at: 2016/6/21 21:6:22
Game ID: 123456789 0.25/0.50 Quartz (PRR) - 6 (Hold'em)
Seat 1 is the button
Seat 1: Ann Lee (50).
Seat 2: bob (20.50).
Seat 3: c(at) (30).
Player bob has small blind (0.25)
Player c(at) has big blind (0.50)
Player Ann Lee received a card.
Player Ann Lee received a card.
Player bob received card: [Ah]
Player bob received card: [Kd]
Player c(at) received a card.
Player c(at) received a card.
Player Ann Lee folds
Player bob raises (1.25)
Player c(at) calls (1)
*** FLOP ***: [2c 7d 9h]
Player bob bets (2)
Player c(at) allin (28.50)
Player bob allin (17)
Uncalled bet (9.50) returned to c(at)
*** TURN ***: [2c 7d 9h] [Ks]
*** RIVER ***: [2c 7d 9h Ks] [3s]
------ Summary ------
Pot: 39.60. Rake 1.16. JP fee 0.24
Board: [2c 7d 9h Ks 3s]
Player Ann Lee does not show cards.Bets: 0. Collects: 0. Wins: 0.
*Player bob shows: One pair of Ks [Ah Kd]. Bets: 20.50. Collects: 39.60. Wins: 19.10.
Player c(at) shows: High card A [Qc Jc]. Bets: 20.50. Collects: 0. Loses: 20.50.
Game ended at: 2016/6/21 21:8:21
"""


def test_classic_layout_amounts_are_chips_added():
    h = hand(CLASSIC)
    assert (h.site, h.hand_id, h.limit, h.currency, h.decimals) == ("wpn", "123456789", LimitType.NO_LIMIT, "USD", 2)
    assert h.started_at is None and h.local_time == "2016/06/21 21:06:22"
    assert (h.stakes.small_blind, h.stakes.big_blind, h.button_seat) == (25, 50, 1)
    raise_ = next(a for a in h.actions if a.kind is K.RAISE)
    assert (raise_.seat, raise_.amount, raise_.to) == (2, 125, 150)
    flop = [(a.seat, a.kind, a.amount, a.to, a.all_in) for a in h.actions if a.street is Street.FLOP]
    assert flop[:3] == [(2, K.BET, 200, 200, False), (3, K.RAISE, 2850, 2850, True), (2, K.CALL, 1700, 1900, True)]
    assert h.report.total_pot == 4100 and h.report.rake == 116
    assert h.report.fees == (("jp_fee", 24),)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(2, 3960)]
    assert h.seats[1].is_hero and h.seats[1].hole_cards == ("Ah", "Kd")
    assert h.seats[2].hole_cards == ("Qc", "Jc")
    assert errors(h) == []


def test_classic_fixed_limit_is_read_from_the_posts():
    text = CLASSIC.replace("0.25/0.50", "0.50/1").replace("(1.25)", "(0.75)").replace("calls (1)", "calls (0.50)")
    h = hand(text.split("*** FLOP")[0] + "------ Summary ------\nPot: 2\nGame ended at: 2016/6/21 21:8:21")
    assert h.limit is LimitType.FIXED_LIMIT
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.small_bet, h.stakes.big_bet) == (25, 50, 50, 100)


def test_classic_jackpot_table_fee_comes_from_the_bets_column():
    text = CLASSIC.replace("Quartz (PRR)", "Tantalite   (JP)").replace(
        "Pot: 39.60. Rake 1.16. JP fee 0.24", "Pot: 39.60. Rake 1.15")
    h = hand(text)
    assert h.report.fees == (("jackpot", 25),)
    assert h.report.total_pot == 4100
    assert errors(h) == []


def test_classic_nameless_player_is_rejected_not_invented():
    text = CLASSIC.replace("Player c(at) has big blind (0.50)", "Player  has big blind (0.50)")
    with pytest.raises(ParseError) as err:
        hand(text)
    assert err.value.reason == "unknown_player" and err.value.line == 8


def test_classic_truncated_summary_is_rejected():
    with pytest.raises(ParseError) as err:
        hand(CLASSIC.rsplit("\n", 2)[0])
    assert err.value.reason == "truncated_hand"


def test_classic_omaha_is_unsupported():
    with pytest.raises(UnsupportedGame):
        hand(CLASSIC.replace("(Hold'em)", "(Omaha HiLow)"))


CURRENT = """
Hand #700000001 - Holdem(No Limit) - $0.01/$0.02 - 2019/09/10 12:02:11 UTC
Joppa 6-max Seat #3 is the button
Seat 1: Player One ($7.98)
Seat 2: p2 ($0.80)
Seat 3: p3 ($2.94)
Seat 4: p4 ($0.26)
Seat 5: p5 ($0.80) is sitting out
p4 posts the small blind $0.01
Player One posts the big blind $0.02
p2 posts dead $0.03
*** HOLE CARDS ***
Dealt to p3 [Ah Ad]
p2 checks
p3 raises $0.08 to $0.08
p4 raises $0.25 to $0.26 and is all-in
Player One folds
p2 folds
p3 calls $0.18
*** FLOP *** [2c 7d 9h]
Main pot $0.57 | Rake $0.01
*** TURN *** [2c 7d 9h] [Ks]
*** RIVER *** [2c 7d 9h Ks] [3s]
*** SHOW DOWN ***
p4 shows [Kc Qd] (a pair of Kings [Ks Kc Qd 9h 7d])
p3 shows [Ah Ad] (a pair of Aces [Ah Ad Ks 9h 7d])
p3 collected $0.56 from main pot
*** SUMMARY ***
Total pot $0.57 | Rake $0.01
Board [2c 7d 9h Ks 3s]
Seat 3: p3 (button) showed [Ah Ad] and won $0.56 with a pair of Aces [Ah Ad Ks 9h 7d]
Seat 4: p4 (small blind) showed [Kc Qd] and lost with a pair of Kings [Ks Kc Qd 9h 7d]
"""


def test_current_layout_raise_prints_chips_added_then_total():
    h = hand(CURRENT)
    assert (h.hand_id, h.currency, h.started_at) == ("700000001", "USD", datetime(2019, 9, 10, 12, 2, 11, tzinfo=UTC))
    assert (h.table_name, h.max_seats, h.button_seat) == ("Joppa", 6, 3)
    raises = [(a.seat, a.amount, a.to, a.all_in) for a in h.actions if a.kind is K.RAISE]
    assert raises == [(3, 8, 8, False), (4, 25, 26, True)]
    posts = [(a.seat, a.kind, a.amount) for a in h.actions if a.kind.is_post]
    assert posts[2:] == [(2, K.POST_BIG_BLIND, 2), (2, K.POST_DEAD, 1)]
    assert (h.report.total_pot, h.report.rake) == (57, 1)
    assert h.seats[2].is_hero and h.seats[3].hole_cards == ("Kc", "Qd")
    assert h.seats[4].sitting_out
    assert errors(h) == []


def test_current_walk_returns_the_unmatched_big_blind():
    text = """
Hand #700000002 - Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:33:50 UTC
Fort Lupton 9-max Seat #5 is the button
Seat 5: a ($3.14)
Seat 6: b ($1.53)
Seat 7: c ($5.03)
b posts the small blind $0.02
c posts the big blind $0.05
*** HOLE CARDS ***
a folds
b folds
c does not show
*** SUMMARY ***
Total pot $0.07
Seat 7: c did not show and won $0.07
"""
    h = hand(text)
    last = h.actions[-1]
    assert (last.seat, last.kind, last.amount) == (7, K.UNCALLED_RETURN, 3)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(7, 4)]
    assert h.report.total_pot == 4
    assert errors(h) == []


def test_tournament_button_draw_cards_are_not_hole_cards():
    text = """
Game Hand #600000001 - Tournament #23123480 - Holdem(No Limit) - Level 5 (1000.00/2000.00)- 2020/12/15 21:20:06 UTC
Table '1' 9-max Seat #1 is the button
Seat 1: Sgt. Fury (36850.00)
Seat 2: yaya (28150.00)
Dealt to Sgt. Fury [4s]
Dealt to yaya [Kc]
Sgt. Fury posts ante 200.00
yaya posts ante 200.00
Sgt. Fury posts the small blind 1000.00
yaya posts the big blind 2000.00
*** HOLE CARDS ***
Main pot 400.00
Dealt to yaya [3h Ah]
Sgt. Fury folds
yaya does not show
*** SUMMARY ***
Total pot 3400.00
Seat 2: yaya did not show and won 3400.00
"""
    h = hand(text)
    assert (h.is_tournament, h.tournament_id, h.level, h.currency, h.decimals) == (True, "23123480", "5", "CHIPS", 0)
    assert h.seats[0].hole_cards is None and h.seats[1].hole_cards == ("3h", "Ah")
    assert h.report.total_pot == 2400
    assert errors(h) == []


def test_unknown_action_line_is_loud():
    with pytest.raises(ParseError) as err:
        hand(CURRENT.replace("p2 checks", "p2 juggles $0.02"))
    assert err.value.reason == "unknown_line" and "juggles" in err.value.text


def test_sniff_and_split_both_layouts():
    both = CLASSIC.strip() + "\n\n" + CURRENT.strip() + "\n"
    assert sniff(CLASSIC) and sniff(CURRENT) and not sniff("PokerStars Hand #1: Hold'em")
    assert [c.line for c in split_hands(both, header=HEADER)] == [1, 33]


def test_classic_blanked_name_belongs_to_the_one_seat_never_named_again():
    # every line of c(at) but the seat line lost its name: "Player  ..." is seat 3
    body, _, tail = CLASSIC.partition("Player bob has small blind")
    text = body + "Player bob has small blind" + tail.replace(
        "Player c(at) ", "Player  ").replace("returned to c(at)", "returned to ")
    assert "c(at)" not in text.split("Seat 3: c(at) (30).")[1]
    h = hand(text)
    assert [a.seat for a in h.actions if a.kind is K.POST_BIG_BLIND] == [3]
    assert h.seat_of("c(at)").stack == 3000
    assert errors(h) == []


def test_current_one_card_shown_after_a_fold_is_a_show_not_a_contender():
    """WPN lets a player who folded show one card ("p2 shows [Kh]"): read as a show of that
    card; the folded player wins nothing and the hand has no error (issue 15, class 2)."""
    h = hand(CURRENT.replace("p2 folds\n", "p2 folds\np2 shows [Kh]\n"))
    shows = [(a.seat, a.cards) for a in h.actions if a.kind is K.SHOW]
    assert (2, ("Kh",)) in shows
    assert errors(h) == []
    assert {r.seat: r.won for r in replay(h).seats}[2] == 0
