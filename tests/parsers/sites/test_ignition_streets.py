"""The 2012 Bodog layout that prints no street lines (no "*** FLOP ***", no "Card dealt to
table"): the reader opens each street when a player takes a turn after the betting round has
closed, as the rules end a round (every player still in with chips behind has acted since the
last bet or raise and matched it; the big blind's post is not an action). The summary's board,
where printed, must hold the cards of every street the betting reached; betting after the
river's round closed cannot be read and rejects the hand. Hand-written hands in the layout of
the site's 2012-05 files."""
# ruff: noqa: E501, W291  (hand histories are quoted verbatim: long lines, the site's trailing blanks)

from __future__ import annotations

import pytest

from parsers.errors import ParseError
from parsers.model import ActionKind as K
from parsers.model import Street as S
from parsers.sites.ignition.reader import parse
from parsers.text import Chunk
from pipeline.engine import replay
from pipeline.engine.result import Severity

HEAD_FL = """Bodog Hand #2700000001 TBL#1266397 HOLDEM Fixed Limit - 2012-05-22 14:54:12
Seat 1: Dealer ($100 in chips)
Seat 3: Small Blind ($100 in chips)
Seat 5: Big Blind [ME] ($100 in chips)
Dealer : Set dealer/Bring in spot [1] 
Small Blind : Ante/Small Blind $1 
Big Blind  [ME] : Big blind/Bring in $2 
*** HOLE CARDS ***
Dealer : Card dealt to a spot [7d 2c] 
Small Blind : Card dealt to a spot [Ah Kd] 
Big Blind  [ME] : Card dealt to a spot [Qs Qc] 
"""

# Preflop called around and the big blind's option; the flop checked around; a turn raise;
# a river bet and call.
PLAY_FL = """Dealer : Calls $2 
Small Blind : Calls $1 
Big Blind  [ME] : Checks
Small Blind : Checks
Big Blind  [ME] : Checks
Dealer : Checks
Small Blind : Bets $4 
Big Blind  [ME] : Raises $8 
Dealer : Folds
Small Blind : Calls $4 
Small Blind : Checks
Big Blind  [ME] : Bets $4 
Small Blind : Calls $4 
"""

END_FL = """Small Blind : Showdown [Ah Kd Jd 9h 5c] (High Card)
Big Blind  [ME] : Showdown [Qs Qc Jd 9h 5c] (One pair)
Big Blind  [ME] : Hand result $29 
*** SUMMARY ***
Total Pot($30) | Rake ($1) 
Board [2s 9h 5c Jd 3h]
Seat 1: Dealer Folded on the TURN
Seat 3: Small Blind  lost with High Card [Ah Kd-Ah Kd Jd 9h 5c]  
Seat 5: Big Blind $29  with One pair [Qs Qc-Qs Qc Jd 9h 5c]  
"""

# No limit: the small blind bets its whole stack on the flop with a plain "Bets" (no all-in
# mark), so only its chips say it cannot act again; the other two play the turn and river.
NL = """Bodog Hand #2700000002 TBL#1266398 HOLDEM No Limit - 2012-05-22 15:01:40
Seat 1: Dealer ($50 in chips)
Seat 2: Small Blind ($20 in chips)
Seat 4: Big Blind ($50 in chips)
Dealer : Set dealer/Bring in spot [1] 
Small Blind : Ante/Small Blind $0.25 
Big Blind : Big blind/Bring in $0.50 
*** HOLE CARDS ***
Dealer : Card dealt to a spot [Ac Ad] 
Small Blind : Card dealt to a spot [Kc Kd] 
Big Blind : Card dealt to a spot [Qc Qd] 
Dealer : Calls $0.50 
Small Blind : Calls $0.25 
Big Blind : Checks
Small Blind : Bets $19.50 
Big Blind : Calls $19.50 
Dealer : Calls $19.50 
Big Blind : Checks
Dealer : Checks
Big Blind : Bets $10 
Dealer : Calls $10 
Big Blind : Showdown [Qc Qd 9c 7h 4d] (One pair)
Dealer : Showdown [Ac Ad 9c 7h 4d] (One pair)
Small Blind : Showdown [Kc Kd 9c 7h 4d] (One pair)
Dealer : Hand result-Side pot $20 
Dealer : Hand result $60 
*** SUMMARY ***
Total Pot($80) | Rake ($0) 
Board [2s 7h 9c 4d 3h]
Seat 1: Dealer $80  with One pair [Ac Ad-Ac Ad 9c 7h 4d]  
Seat 2: Small Blind  lost with One pair [Kc Kd-Kc Kd 9c 7h 4d]  
Seat 4: Big Blind  lost with One pair [Qc Qd-Qc Qd 9c 7h 4d]  
"""


def _parse(text: str):
    return parse(Chunk(text.strip("\n"), 0, 1), "test.txt")


def _errors(h):
    return [f"{f.code}: {f.message}" for f in replay(h).findings if f.severity is Severity.ERROR]


def test_fixed_limit_streets_follow_the_closed_rounds():
    h = _parse(HEAD_FL + PLAY_FL + END_FL)
    bets = [(a.street, a.seat, a.kind, a.amount, a.to) for a in h.actions]
    assert bets == [
        (S.PREFLOP, 3, K.POST_SMALL_BLIND, 100, 100),
        (S.PREFLOP, 5, K.POST_BIG_BLIND, 200, 200),
        (S.PREFLOP, 1, K.CALL, 200, 200),
        (S.PREFLOP, 3, K.CALL, 100, 200),
        (S.PREFLOP, 5, K.CHECK, 0, 200),  # the option: the round was open until now
        (S.FLOP, 3, K.CHECK, 0, 0),
        (S.FLOP, 5, K.CHECK, 0, 0),
        (S.FLOP, 1, K.CHECK, 0, 0),
        (S.TURN, 3, K.BET, 400, 400),
        (S.TURN, 5, K.RAISE, 800, 800),  # "Raises $8": the street total
        (S.TURN, 1, K.FOLD, 0, 0),
        (S.TURN, 3, K.CALL, 400, 800),
        (S.RIVER, 3, K.CHECK, 0, 0),
        (S.RIVER, 5, K.BET, 400, 400),
        (S.RIVER, 3, K.CALL, 400, 400),
        (S.SHOWDOWN, 3, K.SHOW, 0, 400),
        (S.SHOWDOWN, 5, K.SHOW, 0, 400),
    ]
    assert h.board == ("2s", "9h", "5c", "Jd", "3h")
    assert _errors(h) == []


def test_a_player_all_in_without_the_mark_does_not_hold_a_round_open():
    h = _parse(NL)
    streets = [(a.street, a.seat, a.kind) for a in h.actions if not a.kind.is_post]
    assert streets[3:] == [
        (S.FLOP, 2, K.BET), (S.FLOP, 4, K.CALL), (S.FLOP, 1, K.CALL),
        (S.TURN, 4, K.CHECK), (S.TURN, 1, K.CHECK),
        (S.RIVER, 4, K.BET), (S.RIVER, 1, K.CALL),
        (S.SHOWDOWN, 4, K.SHOW), (S.SHOWDOWN, 1, K.SHOW), (S.SHOWDOWN, 2, K.SHOW),
    ]
    assert _errors(h) == []


def test_betting_after_the_river_closed_is_not_guessed():
    extra = PLAY_FL + "Big Blind  [ME] : Bets $4 \nSmall Blind : Calls $4 \n"
    with pytest.raises(ParseError) as err:
        _parse(HEAD_FL + extra + END_FL)
    assert err.value.reason == "streets_unknown"


def test_a_board_shorter_than_the_streets_played_rejects_the_hand():
    short = END_FL.replace("Board [2s 9h 5c Jd 3h]", "Board [2s 9h 5c]")
    with pytest.raises(ParseError) as err:
        _parse(HEAD_FL + PLAY_FL + short)
    assert err.value.reason == "streets_unknown"


def test_a_hand_that_ends_preflop_is_read_as_before():
    play = "Dealer : Folds\nSmall Blind : Raises $4 \nBig Blind  [ME] : Folds\n"
    end = ("Small Blind : Return uncalled portion of bet $2 \nSmall Blind : Hand result $4 \n"
           "*** SUMMARY ***\nTotal Pot($4) \nSeat 1: Dealer Folded on the POCKET CARDS\n"
           "Seat 3: Small Blind $4 \nSeat 5: Big Blind Folded on the POCKET CARDS\n")
    h = _parse(HEAD_FL + play + end)
    assert {a.street for a in h.actions} == {S.PREFLOP}
    assert _errors(h) == []


@pytest.mark.parametrize("text", [HEAD_FL + PLAY_FL + END_FL, NL])
def test_the_native_core_stores_the_same_rows(text: str):
    """The native reader infers the streets too (``parse/ignition/play.rs``): it claims such
    a hand and stores the Python reader's rows."""
    pytest.importorskip("sidepot_native", reason="the native core is not built")
    from tests.native.parity_sites import SiteTally, compare_site_file

    t = SiteTally()
    compare_site_file(text.encode(), "bodog-2012.txt", "ignition", t)
    assert (t.mismatches, dict(t.deferred), t.compared) == ([], {}, 1)


@pytest.mark.parametrize("text", [
    HEAD_FL + PLAY_FL + "Big Blind  [ME] : Bets $4 \nSmall Blind : Calls $4 \n" + END_FL,
    HEAD_FL + PLAY_FL + END_FL.replace("Board [2s 9h 5c Jd 3h]", "Board [2s 9h 5c]"),
])
def test_the_native_core_leaves_an_unknown_street_to_the_python_reject(text: str):
    """Betting past the river, or a board shorter than the streets played: the native core
    claims no rows and the Python reader rejects the hand (``streets_unknown``)."""
    pytest.importorskip("sidepot_native", reason="the native core is not built")
    from tests.native.parity_sites import SiteTally, compare_site_file

    t = SiteTally()
    compare_site_file(text.encode(), "bodog-2012.txt", "ignition", t)
    assert (t.mismatches, dict(t.rejected_by_python), t.compared) == (
        [], {"streets_unknown": 1}, 0)
