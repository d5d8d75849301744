"""Cereus (Absolute Poker / UltimateBet) parser on small hands written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind, LimitType, Street
from parsers.sites import cereus
from parsers.text import Chunk, split_hands
from pipeline.engine import replay
from pipeline.engine.result import Severity

DEAD_POST = """\
Stage #C100000001: Holdem  No Limit $1 Turbo - 2010-12-14 17:14:02.005 (ET) [ 2010-12-14 17:14:02 ]
Table: ELM ST (Real Money) Seat #4 is the dealer
Seat 4 - Big - Al ($50 in chips)
Seat 5 - Big ($40 in chips)
Seat 6 - Hero ($100 in chips)
Seat 2 - late comer ($20 in chips)
Big - Posts small blind $0.50
Hero - Posts big blind $1
late comer - Posts $1 dead $0.50
*** POCKET CARDS ***
Dealt to Hero [10c 3h]
late comer - Checks (Preselection)
Big - Al - Folds
Big - Raises $3.50 to $4
Hero - Folds
late comer - Calls $3
*** FLOP *** [9d Ad 3s]
Big - Bets $6
late comer - Folds
Big - returned ($6) : not called
*** SHOW DOWN ***
Big - Does not show
Big Collects $8.55 from main pot
*** SUMMARY ***
Total Pot($9.50) | Rake ($0.45) | Jackpot Rake ($0.50)
Board [9d Ad 3s]
Seat 2: late comer Folded on the FLOP
Seat 4: Big - Al (dealer) Folded on the POCKET CARDS
Seat 5: Big (small blind) collected Total ($8.55) HI:($8.55)  [Does not show]
Seat 6: Hero (big blind) Folded on the POCKET CARDS
"""

ALL_INS = """\
Stage #200000002: Holdem  Normal $200/$400 - 2010-07-24 00:50:15 (ET)
Table: OAK HWY (Real Money) Seat #3 is the dealer
Seat 3 - Hero ($5,000 in chips)
Seat 4 - Ann ($4,000 in chips)
Seat 1 - Bob ($150 in chips)
Seat 2 - Cy ($3,000 in chips)
Ann - Posts small blind $100
Bob - All-In $150
*** POCKET CARDS ***
Dealt to Hero [Qh 7d]
Cy - Raises $400 to $400
Hero - Folds
Ann - Folds
Cy - returned ($250) : not called
*** FLOP *** [5d 3c 9d]
*** TURN *** [5d 3c 9d] [8d]
*** RIVER *** [5d 3c 9d 8d] [7s]
*** SHOW DOWN ***
Bob - Shows [9h 6d] (Straight, five to nine)
Cy - Mucks
Bob Collects $396 from main pot
*** SUMMARY ***
Total Pot($400) | Rake ($4)
Board [5d 3c 9d 8d 7s]
Seat 1: Bob (big blind) won Total ($396) All-In HI:($396) with Straight [9h 6d - P:9h]
Seat 2: Cy HI: [Mucked] [Kc Kd]
"""


def _hand(text: str):
    (chunk,) = split_hands(text, header=cereus.HEADER)
    return cereus.parse(chunk, "t.txt")


def _errors(hand) -> list[str]:
    return [f.code for f in replay(hand).findings if f.severity is Severity.ERROR]


def test_sniff_claims_cereus_and_not_pokerstars() -> None:
    assert cereus.sniff(DEAD_POST) and cereus.sniff("\n   \n" + ALL_INS)
    assert not cereus.sniff("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)\n")
    assert not cereus.sniff("Stage #12: nothing else")


def test_header_stakes_time_and_report() -> None:
    h = _hand(DEAD_POST)
    assert (h.site, h.hand_id, h.limit, h.currency) == ("cereus", "C100000001",
                                                          LimitType.NO_LIMIT, "USD")
    assert (h.stakes.small_blind, h.stakes.big_blind) == (50, 100)
    assert h.started_at == datetime(2010, 12, 14, 22, 14, 2, tzinfo=UTC)
    assert (h.local_time, h.time_zone, h.table_name, h.button_seat) == (
        "2010-12-14 17:14:02", "ET", "ELM ST", 4)
    assert (h.report.total_pot, h.report.rake, h.report.fees) == (950, 45, (("jackpot", 50),))
    assert [(c.seat, c.amount, c.pot_index) for c in h.report.collections] == [(5, 855, 0)]
    assert h.seat_of("Hero").hole_cards == ("Tc", "3h") and h.seat_of("Hero").is_hero
    assert _errors(h) == []


def test_dead_post_names_with_dashes_and_preselection() -> None:
    h = _hand(DEAD_POST)
    late = [(a.kind, a.amount, a.to) for a in h.actions if a.seat == 2]
    assert late[:4] == [(ActionKind.POST_BIG_BLIND, 100, 100), (ActionKind.POST_DEAD, 50, 100),
                        (ActionKind.CHECK, 0, 100), (ActionKind.CALL, 300, 400)]
    assert [a.kind for a in h.actions if a.seat == 4] == [ActionKind.FOLD]
    ret = h.actions[-1]
    assert (ret.kind, ret.seat, ret.amount, ret.street) == (ActionKind.UNCALLED_RETURN, 5, 600,
                                                            Street.FLOP)


def test_old_dead_post_prints_the_total_first() -> None:
    text = DEAD_POST.replace("late comer - Posts $1 dead $0.50",
                             "late comer - Posts dead $1.50 dead $0.50")
    late = [(a.kind, a.amount) for a in _hand(text).actions if a.seat == 2][:2]
    assert late == [(ActionKind.POST_BIG_BLIND, 100), (ActionKind.POST_DEAD, 50)]


def test_all_in_is_resolved_to_post_and_fixed_limit_stakes() -> None:
    h = _hand(ALL_INS)
    assert h.limit is LimitType.FIXED_LIMIT
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.small_bet, h.stakes.big_bet) == (
        10000, 20000, 20000, 40000)
    bob = h.actions[1]
    assert (bob.kind, bob.amount, bob.all_in) == (ActionKind.POST_BIG_BLIND, 15000, True)
    assert h.seat_of("Cy").hole_cards == ("Kc", "Kd")  # from the summary's [Mucked]
    assert _errors(h) == []
    net = {s.seat: s.net for s in replay(h).seats}
    assert net[1] == 39600 - 15000 and net[2] == -15000


def test_all_in_bet_call_and_raise_postflop() -> None:
    text = DEAD_POST.replace("Big - Bets $6\nlate comer - Folds\nBig - returned ($6) : not called",
                             "Big - Bets $6\nlate comer - All-In $16\nBig - All-In $10")
    acts = [a for a in _hand(text).actions if a.street is Street.FLOP]
    assert [(a.kind, a.amount, a.to, a.all_in) for a in acts] == [
        (ActionKind.BET, 600, 600, False), (ActionKind.RAISE, 1600, 1600, True),
        (ActionKind.CALL, 1000, 1600, True)]
    text = DEAD_POST.replace("Big - Bets $6", "Big - All-In $6")
    bet = [a for a in _hand(text).actions if a.street is Street.FLOP][0]
    assert (bet.kind, bet.all_in) == (ActionKind.BET, True)


def test_other_games_are_unsupported() -> None:
    for words in ("Omaha Hi/Lo (1 on 1)  Normal $30/$60", "Seven Card Hi/Lo  Normal $1/$2"):
        text = DEAD_POST.replace("Holdem  No Limit $1 Turbo", words)
        with pytest.raises(UnsupportedGame):
            _hand(text)


def test_unknown_line_fails_loudly_with_its_line() -> None:
    text = DEAD_POST.replace("Hero - Folds", "Hero - Dances")
    with pytest.raises(ParseError) as err:
        _hand(text)
    assert err.value.reason == "unknown_line" and err.value.line == 15
    assert err.value.text == "Hero - Dances" and err.value.site == "cereus"


def test_raise_whose_two_numbers_disagree_is_rejected() -> None:
    text = DEAD_POST.replace("Raises $3.50 to $4", "Raises $3 to $4")
    with pytest.raises(ParseError) as err:
        _hand(text)
    assert err.value.reason == "bad_amount"


def test_hand_without_summary_is_truncated() -> None:
    text = DEAD_POST.split("*** SUMMARY ***")[0]
    with pytest.raises(ParseError) as err:
        cereus.parse(Chunk(text, 0, 1))
    assert err.value.reason == "truncated_hand"
