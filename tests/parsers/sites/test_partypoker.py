"""PartyPoker parser: hand-written hands in the site's real layout."""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

from datetime import UTC, datetime

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind as K
from parsers.model import LimitType
from parsers.sites.partypoker.reader import HEADER, parse, sniff
from parsers.text import Chunk, split_hands
from pipeline.engine import replay
from pipeline.engine.result import Severity


def hand(text: str):
    return parse(Chunk(text.strip("\n"), 0, 1), "test.txt")


# "raises [$x]" is the chips added; the flop raise is never called and no line returns it:
# the winner's "wins $5.18" holds the 2.14 back (5.34 put in - 0.16 rake).
CASH = """
***** Hand History for Game 13550695573 *****
$0.05/$0.10 USD NL Texas Hold'em - Monday, January 06, 08:54:23 EST 2014
Table Bloemfontein (Real Money)
Seat 2 is the button
Total number of players : 2/6
Seat 2: Kel evra ( $22.85 USD )
Seat 5: hulk: 1969 ( $10.10 USD )
Kel evra posts small blind [$0.05 USD].
hulk: 1969 posts big blind [$0.10 USD].
** Dealing down cards **
Dealt to Kel evra [  Ah Kh ]
Kel evra raises [$0.25 USD]
hulk: 1969 raises [$0.70 USD]
Kel evra calls [$0.50 USD]
** Dealing Flop ** [ 9c, Kd, Qs ]
hulk: 1969 bets [$0.80 USD]
hulk: 1969: nice hand
Kel evra raises [$2.94 USD]
hulk: 1969 folds
Kel evra does not show cards.
Kel evra wins $5.18 USD
"""


def test_cash_hand_raises_are_chips_added_and_uncalled_is_returned():
    h = hand(CASH)
    assert (h.site, h.hand_id, h.limit, h.currency, h.decimals) == (
        "partypoker", "13550695573", LimitType.NO_LIMIT, "USD", 2)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.button_seat, h.max_seats) == (5, 10, 2, 6)
    assert h.started_at == datetime(2014, 1, 6, 13, 54, 23, tzinfo=UTC)
    assert (h.local_time, h.time_zone, h.table_name) == ("2014/01/06 08:54:23", "EST", "Bloemfontein")
    assert [(a.seat, a.kind, a.amount, a.to) for a in h.actions] == [
        (2, K.POST_SMALL_BLIND, 5, 5),
        (5, K.POST_BIG_BLIND, 10, 10),
        (2, K.RAISE, 25, 30),
        (5, K.RAISE, 70, 80),
        (2, K.CALL, 50, 80),
        (5, K.BET, 80, 80),
        (2, K.RAISE, 294, 294),
        (5, K.FOLD, 0, 80),
        (2, K.UNCALLED_RETURN, 214, 80),
    ]
    assert h.seats[0].is_hero and h.seats[0].hole_cards == ("Ah", "Kh")
    assert h.boards == (("9c", "Kd", "Qs"),)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(2, 304)]
    r = replay(h)
    assert [f for f in r.findings if f.severity is Severity.ERROR] == []
    assert {s.seat: s.net for s in r.seats} == {2: 144, 5: -160}


def test_fixed_limit_header_gives_bet_sizes_and_blinds_come_from_posts():
    text = CASH.replace("USD NL Texas", "USD FL Texas").replace("[$0.05 USD].", "[$0.02 USD].").replace("[$0.10 USD].", "[$0.05 USD].")
    h = hand(text.split("Kel evra raises")[0] + "Kel evra folds\nhulk: 1969 wins $0.07 USD\n")
    s = h.stakes
    assert (h.limit, s.small_blind, s.big_blind, s.small_bet, s.big_bet) == (
        LimitType.FIXED_LIMIT, 2, 5, 5, 10)


def test_tournament_all_in_is_call_bet_or_raise_by_the_bets():
    text = """
***** Hand History for Game 10315752770 *****
NL Texas Hold'em $11 USD Buy-in Trny: 59658912 Level: 3  Blinds-Antes(25/50 -5) - Friday, April 01, 20:00:00 CEST 2011
Table Turbo #123 (Real Money)
Seat 1 is the button
Total number of players : 2/9
Seat 1: A ( 1,500 )
Seat 4: B ( 700 )
A posts ante [5]
B posts ante [5]
A posts small blind [25].
B posts big blind [50].
** Dealing down cards **
A raises [125]
B is all-In  [645]
A calls [545]
** Dealing Flop ** [ 2c, 3d, 4h ]
** Dealing Turn ** [ 5s ]
** Dealing River ** [ 9d ]
A shows [ Ac, Ad ]a pair of Aces.
B shows [ Kc, Kd ]a pair of Kings.
A wins 1,400 chips from the main pot with a pair of Aces.
"""
    h = hand(text)
    assert h.is_tournament and (h.tournament_id, h.level, h.currency) == ("59658912", "3", "CHIPS")
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.ante) == (25, 50, 5)
    assert h.started_at == datetime(2011, 4, 1, 18, 0, tzinfo=UTC)
    shove = h.actions[5]
    assert (shove.kind, shove.amount, shove.to, shove.all_in) == (K.RAISE, 645, 695, True)
    assert h.boards == (("2c", "3d", "4h", "5s", "9d"),)
    assert [(c.seat, c.amount, c.pot_index) for c in h.report.collections] == [(1, 1400, 0)]
    assert [f for f in replay(h).findings if f.severity is Severity.ERROR] == []


def test_other_games_and_unknown_lines():
    with pytest.raises(UnsupportedGame):
        hand(CASH.replace("NL Texas Hold'em", "PL Omaha Hi-Lo"))
    with pytest.raises(ParseError) as err:
        hand(CASH.replace("hulk: 1969 folds", "hulk: 1969 dances"))
    assert (err.value.reason, err.value.line, err.value.site) == ("unknown_line", 19, "partypoker")


def test_sniff_and_split_skip_the_game_starts_lines():
    text = "Game #1 starts.\n\n#Game No : 1\n" + CASH.strip() + "\n\nGame #2 starts.\n#Game No : 2\n" + CASH.strip().replace("13550695573", "13550695574")
    assert sniff(text)
    assert not sniff("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)")
    chunks = split_hands(text, header=HEADER)
    assert [hand(c.text).hand_id for c in chunks] == ["13550695573", "13550695574"]


def _errors(h):
    return [f.code for f in replay(h).findings if f.severity is Severity.ERROR]


# "Mo ney" joins and posts the big blind before the site lists him: no seat line, no stack.
# The log's order puts him after the small blind (seat 5) and before the next actor (seat 2):
# seat 6 is the free number in that gap. He later raises all the way: no stack bounds him.
UNSEATED = """
***** Hand History for Game 111 *****
$1/$2 USD NL Texas Hold'em - Friday, August 01, 22:45:59 EDT 2014
Table Lyon (Real Money)
Seat 2 is the button
Total number of players : 3/6
Seat 4: Sitter ( $100 USD )
Seat 2: Ann ( $200 USD )
Seat 5: Bob ( $150 USD )
Mo ney has joined the table.
Sitter is sitting out
Bob posts small blind [$1 USD].
Mo ney posts big blind [$2 USD].
** Dealing down cards **
Ann raises [$6 USD]
Bob folds
Mo ney raises [$500 USD]
Ann folds
Mo ney does not show cards.
Mo ney wins $13 USD
"""


def test_unseated_poster_gets_the_free_seat_the_order_implies_and_an_unknown_stack():
    h = hand(UNSEATED)
    mo = h.seat_of("Mo ney")
    assert (mo.seat, mo.stack_known, mo.stack) == (6, False, 50200)
    assert h.seat_of("Ann").stack_known and h.seat_of("Ann").stack == 20000
    assert [(a.seat, a.kind) for a in h.actions][:2] == [(5, K.POST_SMALL_BLIND),
                                                         (6, K.POST_BIG_BLIND)]
    assert _errors(h) == []


def test_unseated_poster_in_a_gap_with_no_free_number_wraps_above_the_top_seat():
    full = UNSEATED.replace("3/6", "6/6").replace(
        "Seat 4: Sitter ( $100 USD )",
        "Seat 4: Sitter ( $100 USD )\nSeat 6: S6 ( $5 USD )\nSeat 1: S1 ( $5 USD )\n"
        "Seat 3: S3 ( $5 USD )")
    h = hand(full)
    assert h.seat_of("Mo ney").seat == 7  # after seat 6, before seat 1 in the engine's order
    assert _errors(h) == []


# A 2011 tournament: no posts printed, the level's blinds repeated after the seats (and the
# level changed since the header: 50/100 above, 100/200 below). The posts are derived.
NO_POSTS = """
***** Hand History for Game 222 *****
NL Texas Hold'em $11 USD Buy-in Trny: 5965 Level: 3  Blinds(50/100) - Friday, April 01, 11:22:47 CEST 2011
Table Turbo #1 (Real Money)
Seat 2 is the button
Total number of players : 4/6
Seat 1: Ada ( 2,000 )
Seat 2: Ben ( 2,000 )
Seat 3: Cy ( 150 )
Seat 4: Di ( 2,000 )
Trny: 5965 Level: 4
Blinds(100/200)
** Dealing down cards **
Ada folds
Ben folds
Cy folds
Di does not show cards.
Di wins 300 chips
"""


def test_unprinted_posts_are_derived_from_the_repeated_blinds_line():
    h = hand(NO_POSTS)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.level) == (100, 200, "4")
    posts = [(a.seat, a.kind, a.amount, a.all_in, a.line) for a in h.actions if a.kind.is_post]
    # the small blind is the first seat left of the button, the big blind the next
    assert posts == [(3, K.POST_SMALL_BLIND, 100, False, 11), (4, K.POST_BIG_BLIND, 200, False, 11)]
    assert _errors(h) == []


def test_fixed_limit_stakes_line_gives_bets_and_half_a_small_bet_small_blind():
    text = NO_POSTS.replace("NL Texas", "FL Texas").replace("Blinds(50/100)", "Stakes(200/400)") \
        .replace("Blinds(100/200)", "Stakes(200/400)")
    h = hand(text)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.small_bet, h.stakes.big_bet) == \
        (100, 200, 200, 400)
    assert [a.amount for a in h.actions if a.kind.is_post] == [100, 200]
    assert _errors(h) == []


GLUED = """
***** Hand History for Game 333 *****
$25 USD NL Texas Hold'em - Sunday,December 9, 14:29:49 ICT 2012
Table Ponce ( Real Money )
Seat 2 is the button
Total number of players : 4/6
seat 1: Ann ( $24,72 USD )
seat 2: Bob ( $26,43 USD )
seat 3: Cy ( $27,03 USD )
seat 4: Di ( $25 USD )
Bob posts small blind [$0,10 USD].
Di is sitting outCy posts big blind [$0,25 USD].
** Dealing down cards **
Ann folds
Bob folds
Cy does not show cards.Cy wins $0,35 USD
"""


def test_messages_written_without_a_line_break_are_cut_in_two():
    h = hand(GLUED)
    assert [(a.seat, a.kind, a.amount) for a in h.actions if a.kind.is_post] == [
        (2, K.POST_SMALL_BLIND, 10), (3, K.POST_BIG_BLIND, 25)]
    assert [(c.seat, c.amount) for c in h.report.collections] == [(3, 20)]  # 0.15 returned
    assert _errors(h) == []


# The big blind has one cent: his post is all-in, the blind is the 0.02 the others call.
SHORT_BB = """
***** Hand History for Game 444 *****
$0.80 USD NL Texas Hold'em - Saturday, July 31, 13:52:16 EDT 2010
Table 20BB Min (Real Money)
Seat 1 is the button
Total number of players : 3/9
Seat 3: Ann ( $1.64 USD )
Seat 5: Bob ( $0.01 USD )
Seat 1: Cy ( $1.20 USD )
Ann posts small blind [$0.01 USD].
Bob posts big blind [$0.01 USD].
** Dealing down cards **
Cy calls [$0.02 USD]
Cy Forward Folds
Ann calls [$0.01 USD]
** Dealing Flop ** [ Td, 7c, 9h ]
Ann bets [$0.04 USD]
Cy folds
** Dealing Turn ** [ Jc ]
** Dealing River ** [ 3h ]
Ann shows [ 8h, Kc ]a straight, Seven to Jack.
Bob shows [ Ts, Jd ]two pairs, Jacks and Tens.
Ann wins $0.06 USD from the side pot 1 with a straight, Seven to Jack.
Ann wins $0.03 USD from the main pot with a straight, Seven to Jack.
"""


def test_short_all_in_big_blind_does_not_set_the_stakes_and_forward_fold_waits():
    h = hand(SHORT_BB.replace("Cy Forward Folds\n", ""))
    assert (h.stakes.small_blind, h.stakes.big_blind) == (1, 2)
    assert [a.all_in for a in h.actions if a.kind.is_post] == [False, True]
    assert _errors(h) == []
    # "Forward Folds" with no later "folds" of the same player is the fold itself
    h2 = hand(SHORT_BB.replace("Cy folds\n", ""))
    assert [a.kind for a in h2.actions if a.seat == 1] == [K.CALL, K.FOLD]


def test_listed_player_with_zero_stack_who_posts_has_an_unknown_stack():
    text = UNSEATED.replace("Seat 4: Sitter ( $100 USD )", "Seat 6: Mo ney ( $0 USD )")
    h = hand(text)
    mo = h.seat_of("Mo ney")
    assert (mo.seat, mo.stack_known, mo.stack) == (6, False, 50200)
    assert _errors(h) == []
