"""PokerStars parser: one hand-written hand per feature, in the site's real format."""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

from datetime import UTC, datetime

import pytest

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind as K
from parsers.model import Game, LimitType, Street
from parsers.sites.pokerstars.reader import parse, sniff
from parsers.text import Chunk, split_hands


def hand(text: str):
    return parse(Chunk(text.strip("\n"), 0, 1), "test.txt")


def kinds(h):
    return [(a.seat, a.kind, a.amount, a.to) for a in h.actions]


CASH = """
PokerStars Hand #230000000001:  Hold'em No Limit ($0.25/$0.50 USD) - 2021/07/30 13:25:24 CET [2021/07/30 7:25:24 ET]
Table 'Eleonora II' 6-max Seat #1 is the button
Seat 1: Mr. [Bracket] ($50 in chips)
Seat 2: a: b ($51.20 in chips)
Seat 3: Jörg ($20 in chips)
Seat 5: Hero ($49.75 in chips) is sitting out
a: b: posts small blind $0.25
Jörg: posts big blind $0.50
*** HOLE CARDS ***
Dealt to Mr. [Bracket] [Ah Kd]
Mr. [Bracket]: raises $1 to $1.50
a: b: calls $1.25
Jörg: folds
*** FLOP *** [2c 7d Th]
a: b: checks
Mr. [Bracket]: bets $2
a: b: raises $4 to $6
Mr. [Bracket]: calls $4
*** TURN *** [2c 7d Th] [Js]
a: b: bets $10
Mr. [Bracket]: folds
Uncalled bet ($10) returned to a: b
a: b collected $14.50 from pot
a: b: doesn't show hand
*** SUMMARY ***
Total pot $15.50 | Rake $1
Board [2c 7d Th Js]
Seat 1: Mr. [Bracket] (button) folded on the Turn
Seat 2: a: b (small blind) collected ($14.50)
Seat 3: Jörg (big blind) folded before Flop
Seat 5: Hero is sitting out
"""


def test_cash_no_limit_with_rake_and_uncalled_bet():
    h = hand(CASH)
    assert (h.site, h.hand_id, h.game, h.limit) == (
        "pokerstars", "230000000001", Game.HOLDEM, LimitType.NO_LIMIT)
    assert (h.currency, h.decimals, h.is_tournament, h.fast_fold) == ("USD", 2, False, False)
    assert (h.stakes.small_blind, h.stakes.big_blind) == (25, 50)
    assert (h.table_name, h.max_seats, h.button_seat) == ("Eleonora II", 6, 1)
    assert h.started_at == datetime(2021, 7, 30, 11, 25, 24, tzinfo=UTC)
    assert (h.local_time, h.time_zone) == ("2021/07/30 13:25:24", "CET")
    names = [s.player for s in h.seats]
    assert names == ["Mr. [Bracket]", "a: b", "Jörg", "Hero"]
    s1, s2, s3, s5 = h.seats
    assert s1.is_hero and s1.hole_cards == ("Ah", "Kd") and s1.stack == 5000
    assert s5.sitting_out and not s5.is_hero and s2.stack == 5120
    assert kinds(h) == [
        (2, K.POST_SMALL_BLIND, 25, 25),
        (3, K.POST_BIG_BLIND, 50, 50),
        (1, K.RAISE, 150, 150),
        (2, K.CALL, 125, 150),
        (3, K.FOLD, 0, 50),
        (2, K.CHECK, 0, 0),
        (1, K.BET, 200, 200),
        (2, K.RAISE, 600, 600),
        (1, K.CALL, 400, 600),
        (2, K.BET, 1000, 1000),
        (1, K.FOLD, 0, 0),
        (2, K.UNCALLED_RETURN, 1000, 0),
    ]
    assert [a.street for a in h.actions][5:9] == [Street.FLOP] * 4
    assert h.actions[2].line == 11
    assert h.boards == (("2c", "7d", "Th", "Js"),)
    r = h.report
    assert (r.total_pot, r.rake, r.fees, r.pots) == (1550, 100, (), ())
    assert [(c.seat, c.amount, c.pot_index) for c in r.collections] == [(2, 1450, None)]
    assert h.source.file == "test.txt" and h.raw_text.startswith("PokerStars Hand #2300")


TOURNEY = """
PokerStars Hand #240000000002: Tournament #3000000001, $1.40+$0.10 USD Hold'em No Limit - Level IV (50/100) - 2021/01/15 21:00:00 MSK [2021/01/15 13:00:00 ET]
Table '3000000001 7' 9-max Seat #3 is the button
Seat 1: alpha (2500 in chips, $0.75 bounty)
Seat 3: beta (1200 in chips, $0.75 bounty)
Seat 4: gamma (4000 in chips, $1.50 bounty)
alpha: posts the ante 10
beta: posts the ante 10
gamma: posts the ante 10
gamma: posts small blind 50
alpha: posts big blind 100
*** HOLE CARDS ***
Dealt to gamma [Qs Qh]
beta: raises 1090 to 1190 and is all-in
gamma: raises 2800 to 3990 and is all-in
alpha: calls 2390 and is all-in
Uncalled bet (1500) returned to gamma
*** FLOP *** [3c 8d 9s]
*** TURN *** [3c 8d 9s] [Kc]
*** RIVER *** [3c 8d 9s Kc] [2h]
*** SHOW DOWN ***
alpha: shows [Ac Ad] (a pair of Aces)
gamma: shows [Qs Qh] (a pair of Queens)
beta: shows [7h 7c] (a pair of Sevens)
alpha collected 2600 from side pot
alpha collected 3600 from main pot
alpha wins the $0.75 bounty for eliminating beta
beta finished the tournament in 45th place
*** SUMMARY ***
Total pot 6200 Main pot 3600. Side pot 2600. | Rake 0
Board [3c 8d 9s Kc 2h]
Seat 1: alpha (big blind) showed [Ac Ad] and won (6200) with a pair of Aces
Seat 3: beta (button) showed [7h 7c] and lost with a pair of Sevens
Seat 4: gamma (small blind) showed [Qs Qh] and lost with a pair of Queens
"""


def test_tournament_with_antes_bounty_and_side_pot():
    h = hand(TOURNEY)
    assert h.is_tournament and (h.tournament_id, h.level) == ("3000000001", "IV")
    assert (h.currency, h.decimals) == ("CHIPS", 0)
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.ante) == (50, 100, 10)
    assert h.started_at == datetime(2021, 1, 15, 18, 0, tzinfo=UTC)
    assert [s.bounty for s in h.seats] == [75, 75, 150]
    assert [s.hole_cards for s in h.seats] == [("Ac", "Ad"), ("7h", "7c"), ("Qs", "Qh")]
    antes = [a for a in h.actions if a.kind is K.POST_ANTE]
    assert [(a.amount, a.to) for a in antes] == [(10, 0)] * 3
    raise_ = h.actions[5]
    assert (raise_.kind, raise_.amount, raise_.to, raise_.all_in) == (K.RAISE, 1190, 1190, True)
    assert (h.actions[6].amount, h.actions[6].to) == (3940, 3990)
    assert (h.actions[7].kind, h.actions[7].amount, h.actions[7].to) == (K.CALL, 2390, 2490)
    shows = [a for a in h.actions if a.kind is K.SHOW]
    assert [a.street for a in shows] == [Street.SHOWDOWN] * 3
    assert shows[0].cards == ("Ac", "Ad")
    r = h.report
    assert r.total_pot == 6200 and r.rake == 0
    assert [(p.index, p.amount) for p in r.pots] == [(0, 3600), (1, 2600)]
    assert [(c.amount, c.pot_index) for c in r.collections] == [(2600, 1), (3600, 0)]
    assert sum(a.amount for a in h.actions if a.kind is not K.UNCALLED_RETURN) - 1500 == 6200


FIXED = """
PokerStars Game #48397944918:  Hold'em Limit ($0.10/$0.20 USD) - 2010/08/20 5:01:22 MSK [2010/08/19 21:01:22 ET]
Table 'Pollux III' 9-max Seat #2 is the button
Seat 1: one ($4 in chips)
Seat 2: two ($5.20 in chips)
Seat 3: three ($3 in chips)
Seat 4: four ($4 in chips)
three: posts small blind $0.05
four: posts big blind $0.10
one: posts small & big blinds $0.15
*** HOLE CARDS ***
one: raises $0.10 to $0.20
two: folds
three: calls $0.15
four: calls $0.10
*** FLOP *** [5d 5c Ks]
three: bets $0.10
four: raises $0.10 to $0.20
Betting is capped
one: calls $0.20
three: calls $0.10
*** TURN *** [5d 5c Ks] [Qh]
three: checks
four: bets $0.20
one: folds
three: folds
Uncalled bet ($0.20) returned to four
four collected $1.16 from pot
*** SUMMARY ***
Total pot $1.25 | Rake $0.09
Board [5d 5c Ks Qh]
"""


def test_fixed_limit_and_posts_small_and_big_blinds():
    h = hand(FIXED)
    assert h.limit is LimitType.FIXED_LIMIT
    st = h.stakes
    assert (st.small_bet, st.big_bet, st.small_blind, st.big_blind) == (10, 20, 5, 10)
    assert h.started_at == datetime(2010, 8, 20, 1, 1, 22, tzinfo=UTC)
    assert kinds(h)[:5] == [
        (3, K.POST_SMALL_BLIND, 5, 5),
        (4, K.POST_BIG_BLIND, 10, 10),
        (1, K.POST_BIG_BLIND, 10, 10),
        (1, K.POST_DEAD, 5, 10),
        (1, K.RAISE, 10, 20),
    ]
    contributed = sum(a.amount for a in h.actions if a.kind is not K.UNCALLED_RETURN) - 20
    assert contributed == h.report.total_pot == 125


POT_LIMIT_ZOOM = """
PokerStars Zoom Hand #250000000003:  Hold'em Pot Limit (€0.05/€0.10) - 2022/03/01 18:00:00 WET [2022/03/01 13:00:00 ET]
Table 'Donati' 6-max Seat #1 is the button
Seat 1: p1 (€10 in chips)
Seat 2: p2 (€10.50 in chips)
Seat 3: p3 (€9.80 in chips)
p2: posts small blind €0.05
p3: posts big blind €0.10
newbie: sits out
*** HOLE CARDS ***
p1: raises €0.25 to €0.35
p2: folds
p3: calls €0.25
*** FLOP *** [As 4s 4d]
p3: checks
p1: checks
*** TURN *** [As 4s 4d] [8h]
p3: bets €0.50
p1: calls €0.50
*** RIVER *** [As 4s 4d 8h] [8s]
p3: checks
p1: checks
*** SHOW DOWN ***
p3: shows [Ks Kh] (two pair, Kings and Eights)
p1: mucks hand
p3 collected €1.70 from pot
*** SUMMARY ***
Total pot €1.75 | Rake €0.05
Board [As 4s 4d 8h 8s]
Seat 1: p1 (button) mucked [Qc Jc]
Seat 3: p3 (big blind) showed [Ks Kh] and won (€1.70) with two pair, Kings and Eights
"""


def test_pot_limit_zoom_euro():
    h = hand(POT_LIMIT_ZOOM)
    assert h.fast_fold and h.limit is LimitType.POT_LIMIT
    assert (h.currency, h.stakes.small_blind, h.stakes.big_blind) == ("EUR", 5, 10)
    assert h.started_at == datetime(2022, 3, 1, 18, 0, tzinfo=UTC)
    assert h.seats[0].hole_cards == ("Qc", "Jc")  # from the summary's "mucked [..]"
    muck = [a for a in h.actions if a.kind is K.MUCK]
    assert muck and muck[0].cards == () and muck[0].street is Street.SHOWDOWN


RUN_TWICE = """
PokerStars Hand #228683697310:  Hold'em No Limit ($0.25/$0.50 USD) - 2021/07/30 13:25:24 ET
Table 'Eleonora II' 9-max Seat #1 is the button
Seat 1: btn ($33.49 in chips)
Seat 2: sb ($60.11 in chips)
Seat 3: bb ($58.35 in chips)
sb: posts small blind $0.25
bb: posts big blind $0.50
*** HOLE CARDS ***
btn: folds
sb: raises $59.61 to $60.11 and is all-in
bb: calls $57.85 and is all-in
Uncalled bet ($1.76) returned to sb
*** FIRST FLOP *** [8s Tc 2h]
*** FIRST TURN *** [8s Tc 2h] [3d]
*** FIRST RIVER *** [8s Tc 2h 3d] [9d]
*** SECOND FLOP *** [7h Kd 8d]
*** SECOND TURN *** [7h Kd 8d] [7d]
*** SECOND RIVER *** [7h Kd 8d 7d] [Td]
*** FIRST SHOW DOWN ***
sb: shows [As Ks] (high card Ace)
bb: shows [Kc Ad] (high card Ace)
sb collected $28.68 from pot
bb collected $28.67 from pot
*** SECOND SHOW DOWN ***
sb: shows [As Ks] (two pair, Kings and Sevens)
bb: shows [Kc Ad] (a flush, Ace high)
bb collected $57.35 from pot
*** SUMMARY ***
Total pot $116.70 | Rake $2
Hand was run twice
FIRST Board [8s Tc 2h 3d 9d]
SECOND Board [7h Kd 8d 7d Td]
Seat 2: sb (small blind) showed [As Ks] and won ($28.68) with high card Ace, and lost with two pair, Kings and Sevens
Seat 3: bb (big blind) showed [Kc Ad] and won ($28.67) with high card Ace, and won ($57.35) with a flush, Ace high
"""


def test_run_it_twice():
    h = hand(RUN_TWICE)
    assert h.boards == (("8s", "Tc", "2h", "3d", "9d"), ("7h", "Kd", "8d", "7d", "Td"))
    cols = [(c.seat, c.amount, c.board_index) for c in h.report.collections]
    assert cols == [(2, 2868, 0), (3, 2867, 0), (3, 5735, 1)]
    assert sum(c for _, c, _ in cols) + h.report.rake == h.report.total_pot


SHARED_FLOP = RUN_TWICE.replace(
    "*** FIRST FLOP *** [8s Tc 2h]\n", "*** FLOP *** [8s Tc 2h]\n"
).replace("*** SECOND FLOP *** [7h Kd 8d]\n", "").replace(
    "*** SECOND TURN *** [7h Kd 8d] [7d]", "*** SECOND TURN *** [8s Tc 2h] [7d]"
).replace("*** SECOND RIVER *** [7h Kd 8d 7d] [Td]", "*** SECOND RIVER *** [8s Tc 2h 7d] [Td]")


def test_run_it_twice_repeats_shared_cards():
    h = hand(SHARED_FLOP)
    assert h.boards == (("8s", "Tc", "2h", "3d", "9d"), ("8s", "Tc", "2h", "7d", "Td"))


CASH_OUT = """
PokerStars Hand #159212572783:  Hold'em No Limit ($1/$2 USD) - 2021/03/21 11:21:25 ET
Table 'Abetti I' 6-max Seat #2 is the button
Seat 2: m788 ($133.5 in chips)
Seat 3: k12sat ($146.48 in chips)
Seat 4: ontaba23 ($20 in chips)
k12sat: posts small blind $1
ontaba23: posts big blind $2
*** HOLE CARDS ***
m788: raises $4 to $6
k12sat: folds
ontaba23: raises $14 to $20 and is all-in
m788: calls $14
*** FLOP *** [Jd 3s 7h]
*** TURN *** [Jd 3s 7h] [4h]
*** RIVER *** [Jd 3s 7h 4h] [Kd]
*** SHOW DOWN ***
ontaba23: shows [7d As] (a pair of Sevens)
m788: shows [Th Ts] (a pair of Tens)
m788 cashed out the hand for $26.10 | Cash Out Fee $0.26
*** SUMMARY ***
Total pot $41 | Rake $2.05
Board [Jd 3s 7h 4h Kd]
Seat 2: m788 (button) showed [Th Ts] and won ($38.95) with a pair of Tens (pot not awarded as player cashed out)
"""


def test_cash_out():
    h = hand(CASH_OUT)
    (co,) = h.report.cash_outs
    assert (co.seat, co.amount, co.fee) == (2, 2610, 26)
    assert h.report.collections == ()


def test_fees_beside_rake_and_numbered_side_pots():
    text = TOURNEY.replace(
        "Total pot 6200 Main pot 3600. Side pot 2600. | Rake 0",
        "Total pot 6200 Main pot 3000. Side pot-1 2000. Side pot-2 1100. | Rake 50 | Jackpot 50",
    )
    r = hand(text).report
    assert [(p.index, p.amount) for p in r.pots] == [(0, 3000), (1, 2000), (2, 1100)]
    assert (r.rake, r.fees) == (50, (("Jackpot", 50),))


def test_dead_small_blind_of_a_new_player():
    text = CASH.replace(
        "Jörg: posts big blind $0.50\n",
        "Jörg: posts big blind $0.50\nMr. [Bracket]: posts small blind $0.25\n",
    )
    h = hand(text)
    assert (h.actions[2].kind, h.actions[2].amount, h.actions[2].to) == (K.POST_DEAD, 25, 0)
    assert (h.actions[3].kind, h.actions[3].amount, h.actions[3].to) == (K.RAISE, 150, 150)


def test_table_events_and_chat_are_not_errors():
    extra = (
        "newguy joins the table at seat #4\n"
        "Jörg leaves the table\n"
        'Hero said, "nice hand: really"\n'
        "a: b is disconnected\n"
        "a: b has timed out\n"
        "a: b is connected\n"
        "Hero has returned\n"
        "Jörg: sits out\n"
    )
    text = CASH.replace("*** FLOP ***", extra + "*** FLOP ***")
    assert len(hand(text).actions) == len(hand(CASH).actions)


def test_omaha_is_unsupported():
    text = CASH.replace("Hold'em No Limit", "Omaha Pot Limit").replace(
        "Dealt to Mr. [Bracket] [Ah Kd]", "Dealt to Mr. [Bracket] [Ah Kd Qs Jc]")
    with pytest.raises(UnsupportedGame) as info:
        hand(text)
    assert info.value.reason == "unsupported_game" and info.value.line == 1
    assert info.value.site == "pokerstars"


def test_mixed_game_round_of_razz_is_unsupported_but_holdem_round_parses():
    head = ("PokerStars Home Game Hand #99632234066: {Dazzle's Room} Tournament #743144019, "
            "100+9 8-Game (Razz Limit) - Match Round I Level I (10/20) - 2013/06/11 16:01:01 ET")
    rest = "\n".join(TOURNEY.strip("\n").split("\n")[1:])
    with pytest.raises(UnsupportedGame):
        hand(head + "\n" + rest)
    h = hand(head.replace("Razz Limit", "Hold'em No Limit") + "\n" + rest)
    assert h.game is Game.HOLDEM and h.level == "I"


def test_garbled_line_reports_its_line_number():
    text = CASH.replace("a: b: checks", "a: b: chekcs")
    with pytest.raises(ParseError) as info:
        hand(text)
    err = info.value
    assert (err.reason, err.line, err.text) == ("unknown_line", 15, "a: b: chekcs")
    assert "line 15" in str(err) and "unknown_line" in str(err)


def test_harmless_line_unknown_line_and_bad_amount():
    # a line that names no seated player and moves no chips is read past and kept
    kept = hand(CASH.replace("*** FLOP ***", "The dealer sneezes\n*** FLOP ***"))
    assert [x.text for x in kept.ignored_lines] == ["The dealer sneezes"]
    # one that names a seated player with an amount could move chips: the hand is rejected
    with pytest.raises(ParseError) as info:
        hand(CASH.replace("*** FLOP ***", "J\u00f6rg: tips the dealer $1\n*** FLOP ***"))
    assert info.value.reason == "unknown_line"
    with pytest.raises(ParseError) as info:
        hand(CASH.replace("calls $1.25", "calls $1.255"))
    assert (info.value.reason, info.value.line) == ("bad_amount", 12)


def test_truncated_hand_and_no_seats():
    with pytest.raises(ParseError) as info:
        hand(CASH.split("*** SUMMARY ***")[0])
    assert info.value.reason == "truncated_hand"
    lines = CASH.strip("\n").split("\n")
    with pytest.raises(ParseError) as info:
        hand("\n".join(lines[:2] + lines[6:]))
    assert info.value.reason == "no_seats"


def test_bad_header():
    with pytest.raises(ParseError) as info:
        hand("PokerStars Hand #12: something odd\nTable 'x' 6-max Seat #1 is the button")
    assert info.value.reason == "bad_header"


PLAY = """
PokerStars Hand #260000000004:  Hold'em No Limit (25/50) - 2019/05/05 12:00:00 ET
Table 'Play Table' 6-max (Play Money) Seat #1 is the button
Seat 1: p1 (5000 in chips)
Seat 2: p2 (5000 in chips)
Seat 3: p3 (5000 in chips)
p2: posts small blind 25
p3: posts big blind 50
p1: posts straddle 100
*** HOLE CARDS ***
p2: calls 75
p3: folds
p1: checks
*** FLOP *** [2c 3c 4c]
p2: checks
p1: checks
*** TURN *** [2c 3c 4c] [5c]
p2: checks
p1: checks
*** RIVER *** [2c 3c 4c 5c] [6c]
p2: checks
p1: checks
*** SHOW DOWN ***
p2: shows [Ah Ad] (a straight flush, Six high)
p1: shows [Kh Kd] (a straight flush, Six high)
p2 collected 125 from pot
p1 collected 125 from pot
*** SUMMARY ***
Total pot 250 | Rake 0
Board [2c 3c 4c 5c 6c]
"""


def test_play_money_and_straddle():
    h = hand(PLAY)
    assert (h.currency, h.decimals, h.max_seats) == ("PLAY", 0, 6)
    post = [a for a in h.actions if a.kind is K.POST_STRADDLE]
    assert [(a.seat, a.amount, a.to) for a in post] == [(1, 100, 100)]
    assert (h.actions[3].amount, h.actions[3].to) == (75, 100)
    with pytest.raises(ParseError) as info:  # play money is whole chips
        hand(PLAY.replace("calls 75", "calls 75.5"))
    assert info.value.reason == "bad_amount"


def test_sniff_and_split_then_parse():
    two = CASH.strip() + "\n\n\n" + TOURNEY.strip() + "\n"
    assert sniff("\ufeff" + two) and not sniff("hello")
    chunks = split_hands(two, "utf-8")
    assert [parse(c).hand_id for c in chunks] == ["230000000001", "240000000002"]
    assert chunks[1].line == 34


def test_fast_built_objects_are_ordinary_frozen_model_objects():
    import dataclasses

    from parsers.model import Action, Hand, Seat

    h = hand(CASH)
    rebuilt = [Action(**{f.name: getattr(a, f.name) for f in dataclasses.fields(a)})
               for a in h.actions]
    assert list(h.actions) == rebuilt and [hash(a) for a in h.actions] == [
        hash(a) for a in rebuilt]
    seat = h.seats[0]
    assert type(seat) is Seat and seat == Seat(**{f.name: getattr(seat, f.name)
                                                    for f in dataclasses.fields(seat)})
    assert type(h) is Hand and h == dataclasses.replace(h)
    assert h.button_posts_big_blind_heads_up is False and seat.stack_known is True
    with pytest.raises(dataclasses.FrozenInstanceError):
        h.actions[0].amount = 1  # type: ignore[misc]


def test_each_hand_reads_its_own_decimals_and_players():
    # The same seat and action texts in a cash game (cents) and a play-money game (chips).
    cash = PLAY.replace("Hold'em No Limit (25/50)", "Hold'em No Limit ($25/$50 USD)")
    chips, cents = hand(PLAY), hand(cash)
    assert chips.decimals == 0 and cents.decimals == 2
    assert [s.stack for s in chips.seats] == [5000] * 3
    assert [s.stack for s in cents.seats] == [500000] * 3
    assert [a.amount for a in chips.actions][:4] == [25, 50, 100, 75]
    assert [a.amount for a in cents.actions][:4] == [2500, 5000, 10000, 7500]
    # The same line text read again with other seat numbers for the same names.
    moved = hand(PLAY.replace("Seat 1: p1", "Seat 6: p1").replace("Seat 1 is", "Seat 6 is"))
    assert [a.seat for a in moved.actions][:4] == [2, 3, 6, 2]
    # A name holding ": " is matched whole; renamed, its lines go to the shorter name.
    assert [a.seat for a in hand(CASH).actions][:2] == [2, 3]
    renamed = hand(CASH.replace("a: b", "a"))
    assert [(a.seat, a.amount) for a in renamed.actions][:2] == [(2, 25), (3, 50)]


def test_bad_amount_is_reported_on_every_reading():
    for _ in range(2):
        with pytest.raises(ParseError) as info:
            hand(CASH.replace("calls $1.25", "calls $1.255"))
        assert (info.value.reason, info.value.line) == ("bad_amount", 12)


@pytest.mark.parametrize(
    ("line", "dec", "want"),
    [
        ("Seat 1: Sasha. ($1.10 in chips)", 2, (1, "Sasha.", 110, False, None)),
        ("Seat 5: Gus: the Bus ($1.03 in chips)", 2, (5, "Gus: the Bus", 103, False, None)),
        ("Seat 2: Bob (x) ($4 in chips)", 2, (2, "Bob (x)", 400, False, None)),  # last " ("
        ("Seat 3: A ($1 in chips) B ($2 in chips)", 2, (3, "A ($1 in chips) B", 200, False,
                                                        None)),
        ("Seat 4:  ($3 in chips)", 2, (4, "", 300, False, None)),  # an empty name
        ("Seat 9: Mr. [Bracket] (1500 in chips)", 0, (9, "Mr. [Bracket]", 1500, False, None)),
        ("Seat 1: Hero ($49.75 in chips) is sitting out", 2, (1, "Hero", 4975, True, None)),
        ("Seat 2: Bo (3000 in chips, $2.50 bounty)", 0, (2, "Bo", 3000, False, 250)),
        ("Seat 3: Ann (Rs. 100 in chips)", 0, (3, "Ann", 100, False, None)),
        ("Seat 4: Joe (1,500 in chips) out of hand (moved from another table into small "
         "blind)", 0, (4, "Joe", 1500, True, None)),
        ("Seat ٣: Uni ($1 in chips)", 2, (3, "Uni", 100, False, None)),
        ("Seat 2: Jörg (€0.05 in chips)", 2, (2, "Jörg", 5, False, None)),
        ("Seat 8: x (00012 in chips)", 0, (8, "x", 12, False, None)),
        ("Seat 5: Nobody (moved from another table into small blind)", 0, None),
    ],
)
def test_seat_lines(line, dec, want):
    from parsers.sites.pokerstars.reader import _read_seat

    assert _read_seat(line, dec) == want


@pytest.mark.parametrize(
    ("line", "dec"), [("Seat 6: A ($1.234 in chips)", 2), ("Seat 1: A ($1.10 in chips)", 0)],
)
def test_seat_line_with_finer_stack_is_a_bad_amount(line, dec):
    from parsers.sites.pokerstars.reader import _read_seat

    with pytest.raises(ParseError) as info:
        _read_seat(line, dec)
    assert info.value.reason == "bad_amount"


@pytest.mark.parametrize(
    ("rest", "want"),
    [
        ("collected $1.52 from side pot-3", ("$1.52", "side pot-3", "3")),
        ("collected 1500 from main pot", ("1500", "main pot", None)),
        ("collected $1.00 from pot from pot", ("$1.00 from pot", "pot", None)),  # lazy amount
        ("collected 10 from side pot", ("10", "side pot", None)),  # pot 1
        ("collected  from pot", None),
        ("collected $1.00 from pots", None),
    ],
)
def test_collected_lines(rest, want):
    from parsers.sites.pokerstars.reader import _COLLECTED

    m = _COLLECTED.match(rest)
    assert (m.groups() if m else None) == want


@pytest.mark.parametrize(
    ("said", "want"),
    [
        ("raises $0.75 to $1.25", (K.RAISE, 100, 125, 75, False)),  # 0.25 already in
        ("raises 100 to 300 and is all-in", (K.RAISE, 29975, 30000, 10000, True)),
        ("raises $1 to $2 to $3", "bad_amount"),  # cut at the first " to ": "$2 to $3"
        # a capped game's player who reached the cap plays on as if all-in (test_capped)
        ("raises $1 to $2 and has reached the $10 cap", (K.RAISE, 175, 200, 100, True)),
        ("raises  to  to $2", "bad_amount"),  # "raises ( to ) to ($2)"
        ("raises to $1", "unknown_line"),
        ("raises $1 to ", "unknown_line"),
        ("raises $1to $2", "unknown_line"),
    ],
)
def test_raise_lines(said, want):
    from parsers.sites.pokerstars.reader import _Names, _Play

    play = _Play(_Names({1: ("A", 10000, False, None)}), 2, 50)
    play.totals[1] = 25
    try:
        play.act(1, said, 7)
    except ParseError as err:
        assert err.reason == want
        return
    (a,) = play.actions
    assert (a.kind, a.amount, a.to, a.raise_by, a.all_in) == want and play.totals[1] == a.to


def test_table_lines():
    from parsers.sites.pokerstars.reader import _read_table

    assert _read_table("Table 'Capella I' 9-max Seat #5 is the button") == ("Capella I", 9, 5)
    assert _read_table("Table 'X' Seat #1 is the button") == ("X", None, 1)
    assert _read_table("Table ID 'Y' 6-max (Play Money)") == ("Y", 6, None)
    assert _read_table("Table oops") == ("", None, None)


@pytest.mark.parametrize("buyin", ["$7.36+$0.64 USD", "$6+$0.60 USD", "€2.16+€0.24 EUR"])
def test_a_buy_in_holding_6_plus_is_no_short_deck_game(buyin):
    """Short deck is told by the game's name ("6+ Hold'em", "Short Deck"), never by the digits
    of a buy-in that happen to read "6+"; both cores read the hand alike."""
    from tests.native.parity import same_packed

    text = TOURNEY.replace("$1.40+$0.10 USD", buyin)
    h = hand(text)
    assert (h.game, h.hand_id) == (Game.HOLDEM, "240000000002")
    same_packed(text.strip().encode(), "buyin.txt")
    short = TOURNEY.replace("$1.40+$0.10 USD Hold'em No Limit", "$1.40+$0.10 USD 6+ Hold'em No Limit")
    with pytest.raises(UnsupportedGame):
        hand(short)
