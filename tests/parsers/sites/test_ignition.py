"""Ignition / Bovada parser: hand-written hands, one per feature, in the site's layout."""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

from datetime import UTC, datetime

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind as K
from parsers.model import Game, LimitType, Street
from parsers.sites.ignition.header import read_head
from parsers.sites.ignition.reader import HERO, parse, sniff
from pipeline.engine import replay
from pipeline.engine.result import Severity
from tests.support.ignition_zone import zone_hand


def hand(text: str):
    return parse(_chunk(text), "test.txt")


def _chunk(text: str):
    from parsers.text import Chunk

    return Chunk(text.strip("\n"), 0, 1)


def kinds(h):
    return [(a.seat, a.kind, a.amount, a.to) for a in h.actions]


def errors(h):
    return [f for f in replay(h).findings if f.severity is Severity.ERROR]


ZONE = "\n" + zone_hand()


def test_zone_cash_hand_labels_amounts_and_report():
    h = hand(ZONE)
    assert (h.site, h.hand_id, h.game, h.limit) == ("ignition", "4000000001", Game.HOLDEM, LimitType.NO_LIMIT)
    assert (h.currency, h.decimals, h.fast_fold, h.is_tournament) == ("USD", 2, True, False)
    assert (h.stakes.small_blind, h.stakes.big_blind) == (10, 25)
    assert h.button_seat == 3
    # Zoneless times are US Eastern: 03:44 EDT is 07:44 UTC.
    assert h.started_at == datetime(2019, 4, 6, 7, 44, 15, tzinfo=UTC)
    assert (h.local_time, h.time_zone) == ("2019-04-06 03:44:15", "")
    assert [s.player for s in h.seats] == [HERO, "UTG", "Dealer", "Small Blind"]
    assert h.seats[0].is_hero and h.seats[0].hole_cards == ("Kh", "9s")
    assert h.seats[1].hole_cards == ("Jh", "3d")
    assert kinds(h)[:5] == [
        (4, K.POST_SMALL_BLIND, 10, 10),
        (1, K.POST_BIG_BLIND, 25, 25),
        (2, K.FOLD, 0, 0),
        (3, K.RAISE, 75, 75),
        (4, K.CALL, 65, 75),
    ]
    assert (h.actions[-2].kind, h.actions[-2].amount) == (K.UNCALLED_RETURN, 125)
    assert h.actions[-1].kind is K.MUCK and h.actions[-1].cards == ("Ah", "Jd")
    assert h.board == ("Js", "7c", "2h")
    assert (h.report.total_pot, h.report.rake) == (175, 8)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(3, 167)]
    assert errors(h) == []
    nets = {s.seat: s.net for s in replay(h).seats}
    assert nets == {1: -25, 2: 0, 3: 167 - 75, 4: -75}


TOURNEY = """
Ignition Hand #4328078333: HOLDEM Tournament #41678164 TBL#81, Normal- Level 13 (300/600) - 2021-06-06 18:26:13
Seat 1243: UTG (48,153 in chips)
Seat 94: Dealer (30,784 in chips)
Seat 534: Small Blind (20,773 in chips)
Seat 360: Big Blind [ME] (5,142 in chips)
Dealer : Set dealer [2]
UTG : Ante chip 60
Dealer : Ante chip 60
Small Blind : Ante chip 60
Big Blind [ME] : Ante chip 60
Small Blind : Small blind 300
Big Blind [ME] : Big blind 600
*** HOLE CARDS ***
UTG : Card dealt to a spot [Kh 6h]
Dealer : Card dealt to a spot [Th 8s]
Small Blind : Card dealt to a spot [Qh Kc]
Big Blind [ME] : Card dealt to a spot [2s As]
UTG : Folds
Dealer : Folds
Small Blind : All-in(raise) 20413 to 20713
Big Blind [ME] : All-in 4482
Small Blind : Return uncalled portion of bet 15631
*** FLOP *** [3s 9c 7c]
*** TURN *** [3s 9c 7c] [8d]
*** RIVER *** [3s 9c 7c 8d] [2d]
Small Blind : Showdown [Kc Qh 9c 8d 7c] (High Card)
Big Blind [ME] : Showdown [2s 2d As 9c 8d] (One pair)
Big Blind [ME] : Hand Result 10404
*** SUMMARY ***
Total Pot(10404)
Board [3s 9c 7c 8d 2d]
Seat+1243: UTG Folded before the FLOP
Seat+94: Dealer Folded before the FLOP
Seat+534: Small Blind lose with High Card [Qh Kc-Kc Qh 9c 8d 7c]
Seat+360: Big Blind 10404  with One pair [2s As-2s 2d As 9c 8d]
"""


def test_tournament_seat_ids_are_renumbered_in_table_order():
    h = hand(TOURNEY)
    assert (h.is_tournament, h.tournament_id, h.level, h.currency, h.decimals) == (
        True, "41678164", "13", "CHIPS", 0)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.ante) == (300, 600, 60)
    assert [(s.seat, s.player, s.stack) for s in h.seats] == [
        (1, "UTG", 48153), (2, "Dealer", 30784), (3, "Small Blind", 20773), (4, HERO, 5142)]
    assert h.button_seat == 2
    raise_, allin = h.actions[8], h.actions[9]
    assert (raise_.kind, raise_.amount, raise_.to, raise_.all_in) == (K.RAISE, 20413, 20713, True)
    assert (allin.kind, allin.amount, allin.to, allin.all_in) == (K.CALL, 4482, 5082, True)
    shows = [a for a in h.actions if a.kind is K.SHOW]
    assert [(a.seat, a.cards, a.street) for a in shows] == [
        (3, ("Qh", "Kc"), Street.SHOWDOWN), (4, ("2s", "As"), Street.SHOWDOWN)]
    assert errors(h) == []
    assert {s.seat: s.won for s in replay(h).seats}[4] == 10404


OLD_LIMIT = """
Bovada Hand #2596777580 TBL#951467 HOLDEM  Fixed Limit - 2012-04-03 16:25:23
Seat 1: Small Blind ($678 in chips)
Seat 2: Big Blind ($147.50 in chips)
Seat 3: UTG [ME] ($320 in chips)
Seat 6: Dealer ($293 in chips)
Dealer : Set dealer/Bring in spot [6]
Small Blind : Ante/Small Blind $4
Big Blind : Big blind/Bring in $8
UTG [ME] : Seat sit out
*** HOLE CARDS ***
Small Blind : Card dealt to a spot [Qd Kc]
Big Blind : Card dealt to a spot [6c As]
Dealer : Card dealt to a spot [4s Kd]
Dealer : Folds
Small Blind : Raises $16
Big Blind : Calls $8
Card dealt to table [Ks 7c 9s]
Small Blind : Bets $8
Big Blind : Raises $16
Small Blind : Raises $24
Big Blind : Calls $8
Card dealt to table [8h]
Small Blind : Bets $16
Big Blind : Calls $16
Card dealt to table [4c]
Small Blind : Bets $16
Big Blind : Folds
Small Blind : Return uncalled portion of bet $16
Small Blind : Does not show [Qd Kc] (One pair)
Small Blind : Hand result $111
*** SUMMARY ***
Total Pot($112) | Rake ($1)
Board [Ks 7c 9s 8h 4c]
Seat 1: Small Blind $111 [Does not show]
Seat 2: Big Blind Folded on the RIVER
Seat 6: Dealer Folded on the POCKET CARDS
"""


def test_2012_layout_raise_totals_and_board_lines():
    h = hand(OLD_LIMIT)
    assert h.limit is LimitType.FIXED_LIMIT
    assert (h.stakes.small_bet, h.stakes.big_bet) == (800, 1600)
    raise_ = h.actions[3]
    assert (raise_.kind, raise_.amount, raise_.to) == (K.RAISE, 1200, 1600)
    assert h.board == ("Ks", "7c", "9s", "8h", "4c")
    assert [a.street for a in h.actions if a.kind is K.BET] == [Street.FLOP, Street.TURN, Street.RIVER]
    assert h.seats[2].sitting_out and h.seats[2].is_hero
    assert errors(h) == []


def test_dead_post_splits_live_big_blind_and_dead_small_blind():
    text = ZONE.replace("Big Blind  [ME] : Big blind $0.25\n",
                        "Big Blind  [ME] : Big blind $0.25\nUTG : Posts dead chip $0.35\n")
    h = hand(text)
    posts = [(a.seat, a.kind, a.amount) for a in h.actions if a.kind.is_post]
    assert posts[2:] == [(2, K.POST_BIG_BLIND, 25), (2, K.POST_DEAD, 10)]


def test_all_in_blind_is_a_post():
    text = ZONE.replace("Big Blind  [ME] : Big blind $0.25", "Big Blind  [ME] : All-in $0.20")
    h = hand(text)
    bb = h.actions[1]
    assert (bb.kind, bb.amount, bb.all_in) == (K.POST_BIG_BLIND, 20, True)


def test_repeated_chip_line_is_a_corrupt_hand():
    text = ZONE.replace("Small Blind : Calls $0.65\n", "Small Blind : Calls $0.65\nSmall Blind : Calls $0.65\n")
    with pytest.raises(ParseError) as err:
        hand(text)
    assert err.value.reason == "corrupt_hand" and err.value.line == 18


def test_unknown_line_is_loud():
    text = ZONE.replace("Small Blind : Checks", "Small Blind : Juggles $5")
    with pytest.raises(ParseError) as err:
        hand(text)
    assert err.value.reason == "unknown_line" and "Juggles" in err.value.text


def test_omaha_is_unsupported():
    text = ZONE.replace("HOLDEMZonePoker No Limit", "OMAHA Pot Limit")
    with pytest.raises(UnsupportedGame):
        hand(text)


def test_mvs_utc_time_and_printed_stakes():
    text = ZONE.replace("No Limit - 2019-04-06 03:44:15", "No Limit [MVS] - 2021-03-11 22:58:57 UTC").replace(
        "Seat 1:", "Table Info: Version: 1, Type: MVS, Stakes: $0.25-$0.50, Table: 000A\nSeat 1:", 1)
    h = hand(text)
    assert h.started_at == datetime(2021, 3, 11, 22, 58, 57, tzinfo=UTC) and h.time_zone == "UTC"
    assert (h.stakes.small_blind, h.stakes.big_blind) == (25, 50)


def test_sniff():
    assert sniff("\ufeffIgnition Hand #1 TBL#2 HOLDEM No Limit - 2016-08-09 12:41:32\n")
    assert sniff("Bodog Hand #1 TBL#2 HOLDEM Fixed Limit - 2012-05-22 14:54:12\n")
    assert not sniff("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02)\n")
    assert not sniff("export const HAND = `Ignition Hand #1 ...")


def test_head_stops_at_the_first_line_of_play_and_maps_printed_seats():
    lines = TOURNEY.strip("\n").split("\n")
    head = read_head(lines)
    assert lines[head.body_start] == "Dealer : Set dealer [2]"
    assert (head.hand_id, head.table_name, head.level_blinds, head.zone) == (
        "4328078333", "81", ("300", "600"), None)
    assert head.seats.by_printed == {1243: 1, 94: 2, 534: 3, 360: 4}
    assert (head.seats.by_label["Big Blind"], head.seats.hero, head.seats.renumbered) == (4, 4, True)
    with pytest.raises(ParseError) as err:
        read_head(lines[:1] + ["*** HOLE CARDS ***"])
    assert (err.value.reason, err.value.line) == ("no_seats", 2)
