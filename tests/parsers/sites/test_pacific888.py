"""888poker parser: hand-written hands in the site's layout (comma decimals, German suits)."""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind as K
from parsers.model import LimitType
from parsers.sites.pacific888 import parse, sniff
from parsers.text import Chunk
from pipeline.engine import replay
from pipeline.engine.result import Severity

HAND = """
#Game No : 900000001
***** 888poker Hand History for Game 900000001 *****
0,01 $/0,02 $ Blinds No Limit Holdem - *** 28 01 2020 15:56:31
Table Akron 9 Max (Real Money)
Seat 3 is the button
Total number of players : 3
Seat 1: Anna Maria ( 1.002,50 $ )
Seat 3: bob ( 2 $ )
Seat 5: carl ( 0,77 $ )
carl posts small blind [0,01 $]
Anna Maria posts big blind [0,02 $]
** Dealing down cards **
Dealt to bob [ 3Karo, KKreuz ]
bob raises [0,06 $]
carl folds
Anna Maria calls [0,04 $]
** Dealing flop ** [ QHerz, JPik, 10Karo ]
Anna Maria bets [0,10 $]
bob folds
** Summary **
Anna Maria did not show his hand
Anna Maria collected [ 0,13 $ ]
"""


def hand(text: str):
    return parse(Chunk(text.strip("\n"), 0, 1), "t.txt")


def test_comma_decimals_german_cards_and_implicit_return():
    h = hand(HAND)
    assert (h.hand_id, h.currency, h.decimals, h.limit) == ("900000001", "USD", 2, LimitType.NO_LIMIT)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.button_seat) == (1, 2, 3)
    assert [(s.player, s.stack) for s in h.seats] == [("Anna Maria", 100250), ("bob", 200), ("carl", 77)]
    assert h.seats[1].is_hero and h.seats[1].hole_cards == ("3d", "Kc")
    assert h.board == ("Qh", "Js", "Td")
    assert [(a.seat, a.kind, a.amount, a.to) for a in h.actions] == [
        (5, K.POST_SMALL_BLIND, 1, 1), (1, K.POST_BIG_BLIND, 2, 2), (3, K.RAISE, 6, 6),
        (5, K.FOLD, 0, 1), (1, K.CALL, 4, 6), (1, K.BET, 10, 10), (3, K.FOLD, 0, 0),
        (1, K.UNCALLED_RETURN, 10, 0)]
    assert [(c.seat, c.amount) for c in h.report.collections] == [(1, 13)]
    rep = replay(h)
    assert [f for f in rep.findings if f.severity is Severity.ERROR] == []
    assert {s.seat: s.net for s in rep.seats} == {1: 7, 3: -6, 5: -1}


def test_russian_rank_letters_as_cyrillic_or_as_their_cp1251_bytes():
    """The Russian client writes В Д К Т (jack, queen, king, ace) as cp1251 bytes; a file that
    is otherwise ASCII is decoded as cp1252, where those bytes read Â Ä Ê Ò."""
    russian = HAND.replace("[ 3Karo, KKreuz ]", "[ Тd, Кc ]").replace(
        "[ QHerz, JPik, 10Karo ]", "[ Дh, Вs, 10d ]")
    h = hand(russian)
    assert h.seats[1].hole_cards == ("Ad", "Kc") and h.board == ("Qh", "Js", "Td")
    as_bytes = russian.encode("cp1251").decode("cp1252")
    assert "Ò" in as_bytes and hand(as_bytes).board == h.board
    assert hand(as_bytes).seats[1].hole_cards == ("Ad", "Kc")


def test_unknown_line_and_omaha():
    with pytest.raises(ParseError) as err:
        hand(HAND.replace("carl folds", "carl dances"))
    assert err.value.reason == "unknown_line" and err.value.line == 15
    with pytest.raises(UnsupportedGame):
        hand(HAND.replace("No Limit Holdem", "Pot Limit Omaha"))


def test_sniff_rejects_partypoker_banner():
    assert sniff(HAND)
    party = "#Game No : 1\n***** Hand History for Game 1 *****\n$0.01/$0.02 USD NL Texas Hold'em - Tuesday, April 03, 03:48:45 EDT 2012\n"
    assert not sniff(party)


def _errors(h):
    return [f for f in replay(h).findings if f.severity is Severity.ERROR]


MIXED = """
#Game No : 900000002
***** 888poker Hand History for Game 900000002 *****
0,01\xa0$/0,02\xa0$ Blinds No Limit Holdem - *** 10 02 2020 19:04:52
Table Akron 9 Max (Real Money)
Seat 2 is the button
Total number of players : 3
Seat 2: ann ( 2\xa0$ )
Seat 3: bo b ( 1.002,77\xa0$ )
Seat 5: cy ( 0,84\xa0$ )
bo b posts small blind [0,01\xa0$]
cy posts big blind [0,02\xa0$]
ann posts dead blind [0,01\xa0$ + 0,02\xa0$]
** Dealing down cards **
ann raises [0,08\xa0$]
bo b folds
cy calls [$0.08]
** Dealing flop ** [ 8s, 5c, Qh ]
cy bets [$0.74]
ann calls [$0.74]
** Dealing turn ** [ 2c ]
** Dealing river ** [ 8c ]
** Summary **
cy shows [ Kd, Ad ]
ann shows [ Kh, Ks ]
ann collected [ $1.70 ]
"""


def test_locale_is_read_per_amount_and_dead_blind_is_sb_dead_plus_bb_live():
    # "$0.08" inside a "0,01 $" hand was read as 8 dollars before (100x amounts, "Abakan").
    h = hand(MIXED)
    assert [(s.seat, s.stack) for s in h.seats] == [(2, 200), (3, 100277), (5, 84)]
    assert [(a.seat, a.kind, a.amount, a.to) for a in h.actions[:7]] == [
        (3, K.POST_SMALL_BLIND, 1, 1), (5, K.POST_BIG_BLIND, 2, 2),
        (2, K.POST_BIG_BLIND, 2, 2), (2, K.POST_DEAD, 1, 2),
        (2, K.RAISE, 8, 10), (3, K.FOLD, 0, 1), (5, K.CALL, 8, 10)]
    assert h.actions[7].amount == 74 and h.report.collections[0].amount == 170
    assert _errors(h) == []
    assert {s.seat: s.net for s in replay(h).seats} == {2: 85, 3: -1, 5: -84}


def test_dead_blind_with_zero_live_part_is_dead_only():
    text = HAND.replace("Anna Maria posts big blind [0,02 $]\n",
                        "Anna Maria posts big blind [0,02 $]\nbob posts dead blind [0,01 $ + 0 $]\n")
    h = hand(text)
    assert [(a.seat, a.kind, a.amount, a.to) for a in h.actions[2:4]] == [
        (3, K.POST_DEAD, 1, 0), (3, K.RAISE, 6, 6)]


WALK = """
#Game No : 900000003
***** 888poker Hand History for Game 900000003 *****
$0.01/$0.02 Blinds No Limit Holdem - *** 27 01 2019 16:33:31
Table Ravenna 9 Max (Real Money)
Seat 2 is the button
Total number of players : 4
Seat 1: dan ( $1.92 )
Seat 2: eve ( $1 )
Seat 3: fay ( $3.10 )
Seat 4: gus ( $1.43 )
fay posts small blind [$0.01]
dan folds
gus posts big blind [$0.02]
** Dealing down cards **
eve folds
fay folds
** Summary **
gus did not show his hand
gus collected [ $0.03 ]
"""


def test_walk_collection_includes_the_returned_blind_and_pre_deal_fold_is_not_dealt_in():
    h = hand(WALK)
    assert h.started_at.isoformat() == "2019-01-27T21:33:31+00:00"  # 16:33:31 US Eastern
    assert (h.local_time, h.time_zone) == ("2019-01-27 16:33:31", "ET")
    assert h.actions[-1] == h.actions[-1].__class__(0, 4, K.UNCALLED_RETURN, 1, 1, line=17)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(4, 2)]
    assert [s.seat for s in h.seats if s.sitting_out] == [1]
    assert all(a.seat != 1 for a in h.actions)
    assert _errors(h) == []
    assert {s.seat: s.net for s in replay(h).seats} == {1: 0, 2: 0, 3: -1, 4: 1}


def test_unmatched_all_in_printed_as_its_own_collection_is_taken_back():
    text = WALK.replace("eve folds\nfay folds\n", "eve raises [$1.50]\nfay folds\ngus calls [$0.98]\n"
                        "** Dealing flop ** [ 2c, 3c, 4c ]\n** Dealing turn ** [ 5d ]\n"
                        "** Dealing river ** [ 9h ]\n").replace(
        "gus did not show his hand\ngus collected [ $0.03 ]",
        "gus shows [ Ac, Kd ]\neve shows [ 7h, 7d ]\ngus collected [ $2.01 ]\neve collected [ $0.50 ]"
    ).replace("Seat 4: gus ( $1.43 )", "Seat 4: gus ( $1 )").replace("eve ( $1 )", "eve ( $3 )")
    h = hand(text)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(4, 201)]
    assert [(a.seat, a.amount) for a in h.actions if a.kind is K.UNCALLED_RETURN] == [(2, 50)]
    assert _errors(h) == []


def test_banner_first_export_and_undated_tournament_with_grouped_chips():
    text = """***** 888poker Hand History for Game 900000004 *****
25 000/50 000 Blinds No Limit Holdem - ***
Tournament #154648012 Turbo 10 Max (Real Money)
Seat 1 is the button
Total number of players : 2
Seat 1: hh ( 1 123 698 )
Seat 2: ii ( 8.000 $ )
hh posts ante [6 000]
ii posts ante [6 000]
hh posts small blind [25 000]
ii posts big blind [2.000 $]
** Dealing down cards **
hh folds
** Summary **
ii collected [ 39 000 ]
"""
    h = hand(text)
    assert (h.hand_id, h.is_tournament, h.tournament_id, h.started_at) == ("900000004", True, "154648012", None)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.ante) == (25000, 50000, 6000)
    assert [s.stack for s in h.seats] == [1123698, 8000]
    from parsers.sites.pacific888 import HEADER
    from parsers.text import split_hands
    two = "#Game No : 1\n" + HAND.strip("\n").split("\n", 1)[1] + "\n\n" + text
    assert [c.line for c in split_hands(two, header=HEADER)] == [1, 24]


def test_fixed_limit_012_game_has_a_025_big_bet():
    text = HAND.replace("0,01 $/0,02 $ Blinds No Limit", "$0.06/$0.12 Blinds Fix Limit")
    h = hand(text)
    assert (h.limit, h.stakes.small_bet, h.stakes.big_bet) == (LimitType.FIXED_LIMIT, 12, 25)
