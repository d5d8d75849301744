"""OnGame parser: hand-written hands in the network's real layout."""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

from datetime import UTC, datetime

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind as K
from parsers.model import LimitType, Street
from parsers.sites.ongame import HEADER, parse, sniff
from parsers.text import Chunk, split_hands
from pipeline.engine import replay
from pipeline.engine.result import Severity


def hand(text: str):
    return parse(Chunk(text.strip("\n"), 0, 1), "test.txt")


# The river bet of $300 is matched by only $40 (all in): the site prints no return, and its
# main pot ($183) leaves the $260 out. The winner's cards are in the summary only.
CASH = """
***** History for hand R5-11111111-7 *****
Start hand: Wed Aug 01 18:09:42 EEST 2012
Table: Nowhere [11111111] (NO_LIMIT TEXAS_HOLDEM $1/$2, Real money)
User: Me Myself
Button: seat 1
Players in round: 3 (6)
Seat 1: Me Myself ($100)
Seat 2: a: b ($1,350.50)
Seat 4: Zed ($50)
a: b posts small blind ($1)
Zed posts big blind ($2)
---
Dealing pocket cards
Dealing to Me Myself: [Ah, Kd]
Me Myself folds
a: b raises $6 to $6
Zed calls $4
--- Dealing flop [Jh, Th, 5c]
a: b bets $4
Zed calls $4
--- Dealing turn [Kc]
a: b checks
Zed checks
--- Dealing river [3s]
a: b bets $300
Zed calls $40 [all in]
--- Dealing river [3s]
---
Summary:
Main pot: $100 won by a: b ($97)
Rake taken: $3
Seat 1: Me Myself ($100)
Seat 2: a: b ($1,397.50), net: +$47, [Js, Jc] (THREE_OF_A_KIND JACK)
Seat 4: Zed ($0), net: -$50, [9c, 8c] (HIGH_CARD JACK)
***** End of hand R5-11111111-7 *****
"""

TOURNEY = """
***** History for hand T5-222-3 (TOURNAMENT: "NL Holdem", S-9-99, buy-in: €20) *****
Start hand: Mon Mar 28 23:07:03 GMT+0200 2011
Table: Table #1 [222] (NO_LIMIT TEXAS_HOLDEM 10/20, ante: 5, TC)
User: Zaz
Button: seat 3
Players in round: 3
Seat 3: Zaz (1500)
Seat 5: Bo (1500)
Seat 7: Cy (1500)
Zaz posts ante 5
Bo posts ante 5
Cy posts ante 5
Bo posts small blind (10)
Cy posts big blind (20)
---
Dealing pocket cards
Dealing to Zaz: [Jd, 8d]
Zaz raises 60 to 60
Bo folds
Cy folds
---
Summary:
Main pot: 65 won by Zaz (65)
Rake taken: €0
Seat 3: Zaz (1540), net: +40
Seat 5: Bo (1485), net: -15
Seat 7: Cy (1475), net: -25
***** End of hand T5-222-3 *****
"""


def test_cash_hand_amounts_names_and_silent_return():
    h = hand(CASH)
    assert (h.site, h.hand_id, h.limit, h.currency, h.decimals) == ("ongame", "R5-11111111-7", LimitType.NO_LIMIT, "USD", 2)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.button_seat, h.max_seats) == (100, 200, 1, 6)
    assert h.started_at == datetime(2012, 8, 1, 15, 9, 42, tzinfo=UTC)
    assert (h.time_zone, h.table_name) == ("EEST", "Nowhere")
    assert [s.stack for s in h.seats] == [10000, 135050, 5000]
    river = [(a.seat, a.kind, a.amount, a.to, a.all_in) for a in h.actions if a.street is Street.RIVER]
    assert river == [(2, K.BET, 30000, 30000, False), (4, K.CALL, 4000, 4000, True),
                     (2, K.UNCALLED_RETURN, 26000, 4000, False)]
    shows = [(a.seat, a.kind, a.cards) for a in h.actions if a.street is Street.SHOWDOWN]
    assert shows == [(2, K.SHOW, ("Js", "Jc")), (4, K.SHOW, ("9c", "8c"))]
    assert h.board == ("Jh", "Th", "5c", "Kc", "3s")  # the repeated river line adds nothing
    assert h.seats[1].hole_cards == ("Js", "Jc")
    assert h.seats[0].hole_cards == ("Ah", "Kd") and h.seats[0].is_hero
    assert (h.report.total_pot, h.report.rake) == (10000, 300)
    assert [(c.seat, c.amount, c.pot_index) for c in h.report.collections] == [(2, 9700, 0)]
    r = replay(h)
    assert not [f for f in r.findings if f.severity is Severity.ERROR]
    assert {s.seat: s.net for s in r.seats} == {1: 0, 2: 4700, 4: -5000}


def test_tournament_antes_and_fixed_offset_zone():
    h = hand(TOURNEY)
    assert (h.currency, h.decimals, h.is_tournament, h.tournament_id) == ("CHIPS", 0, True, "S-9-99")
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.ante) == (10, 20, 5)
    assert h.started_at == datetime(2011, 3, 28, 21, 7, 3, tzinfo=UTC)
    assert [a.kind for a in h.actions[:5]] == [K.POST_ANTE] * 3 + [K.POST_SMALL_BLIND, K.POST_BIG_BLIND]
    assert h.actions[-1].kind is K.UNCALLED_RETURN and h.actions[-1].amount == 40
    r = replay(h)
    assert not [f for f in r.findings if f.severity is Severity.ERROR]
    assert {s.seat: s.net for s in r.seats} == {3: 40, 5: -15, 7: -25}


def test_fixed_limit_table_names_the_bets():
    text = CASH.replace("NO_LIMIT TEXAS_HOLDEM $1/$2", "LIMIT TEXAS_HOLDEM $2/$4")
    h = hand(text)
    assert h.limit is LimitType.FIXED_LIMIT
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.small_bet, h.stakes.big_bet) == (100, 200, 200, 400)


def test_omaha_is_unsupported_game():
    with pytest.raises(UnsupportedGame):
        hand(CASH.replace("TEXAS_HOLDEM", "OMAHA_HI"))


def test_unknown_action_line_is_loud():
    with pytest.raises(ParseError) as err:
        hand(CASH.replace("Zed calls $4\n--- Dealing flop", "Zed juggles $4\n--- Dealing flop"))
    assert err.value.reason == "unknown_line" and "juggles" in err.value.text


def test_missing_end_line_is_truncated():
    with pytest.raises(ParseError) as err:
        hand(CASH.rsplit("*****", 2)[0])
    assert err.value.reason == "truncated_hand"


def test_street_dealt_again_with_other_cards_is_loud():
    with pytest.raises(ParseError) as err:
        hand(CASH.replace("--- Dealing river [3s]\n---", "--- Dealing river [4s]\n---"))
    assert err.value.reason == "unknown_line"


def test_sniff_and_split():
    two = CASH + "\n" + TOURNEY
    assert sniff(two)
    assert not sniff("***** Hand History for Game 1 *****\n")  # PartyPoker's header
    chunks = split_hands(two.strip("\n"), header=HEADER)
    assert [c.text.split("\n", 1)[0][:30] for c in chunks] == [
        "***** History for hand R5-1111", "***** History for hand T5-222-"]


# A returning player posts the big blind he missed live, on its own line, and the small blind
# he missed as "dead blind"; a second returning player posts only the dead small blind (he
# owes no big blind yet). The dead money is in the pot, not in either's bet: the first checks
# his option, the second calls the whole big blind.
RETURNING = """
***** History for hand R5-22222222-9 *****
Start hand: Wed Aug 01 18:19:42 EEST 2012
Table: Nowhere [22222222] (NO_LIMIT TEXAS_HOLDEM $1/$2, Real money)
User: Anna
Button: seat 1
Players in round: 5 (6)
Seat 1: Anna ($100)
Seat 2: Bert ($100)
Seat 3: Cleo ($100)
Seat 4: Dirk ($100)
Seat 5: Emma ($100)
Bert posts small blind ($1)
Cleo posts big blind ($2)
Dirk posts big blind ($2)
Dirk posts dead blind ($1)
Emma posts dead blind ($1)
---
Dealing pocket cards
Dealing to Anna: [2h, 7d]
Dirk checks
Emma calls $2
Anna folds
Bert calls $1
Cleo checks
--- Dealing flop [Jh, Th, 5c]
Bert checks
Cleo checks
Dirk bets $10
Emma folds
Bert folds
Cleo folds
---
Summary:
Main pot: $10 won by Dirk ($10)
Rake taken: $0
Seat 1: Anna ($100)
Seat 2: Bert ($98), net: -$2
Seat 3: Cleo ($98), net: -$2
Seat 4: Dirk ($107), net: +$7
Seat 5: Emma ($97), net: -$3
***** End of hand R5-22222222-9 *****
"""


def test_a_dead_blind_is_dead_money_beside_a_big_blind_or_below_one():
    """Issue 33 section 2: "posts dead blind" read as a live big blind made the returning
    player's option a bet he never faced (and his net wrong by the dead small blind)."""
    h = hand(RETURNING)
    posts = [(a.seat, a.kind, a.amount) for a in h.actions if a.kind.is_post]
    assert posts == [(2, K.POST_SMALL_BLIND, 100), (3, K.POST_BIG_BLIND, 200),
                     (4, K.POST_BIG_BLIND, 200), (4, K.POST_DEAD, 100), (5, K.POST_DEAD, 100)]
    r = replay(h)
    assert not [f for f in r.findings if f.severity is Severity.ERROR]
    assert {s.seat: s.net for s in r.seats} == {1: 0, 2: -200, 3: -200, 4: 700, 5: -300}
