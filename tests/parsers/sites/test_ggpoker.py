"""GGPoker parser: hand-written hands in GG's format, one per feature, replayed by the engine."""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

from datetime import UTC, datetime

import pytest

from parsers import registry
from parsers.errors import ParseError, UnsupportedGame
from parsers.model import ActionKind as K
from parsers.model import CashOut, Game, LimitType, Street
from parsers.sites.ggpoker.reader import HEADER, parse, sniff
from parsers.text import Chunk, read_file, split_hands
from pipeline.engine import replay
from pipeline.engine.result import Severity
from tests.support.paths import FIXTURES as SITE_FIXTURES

FIXTURES = SITE_FIXTURES / "ggpoker"


def load(name: str):
    """Every hand of a fixture file, split and parsed as an import would."""
    chunks, _ = read_file(FIXTURES / name, HEADER)
    return [parse(c, name) for c in chunks]


def hand(text: str):
    return parse(Chunk(text.strip("\n"), 0, 1), "inline.txt")


def errors(h):
    return [f for f in replay(h).findings if f.severity is Severity.ERROR]


def kinds(h):
    return [(a.seat, a.kind, a.amount, a.to) for a in h.actions]


def test_rush_and_cash_hand_reads_every_field():
    h, walk = load("cash_rush.txt")
    assert (h.site, h.hand_id, h.game, h.limit) == ("ggpoker", "RC1000000001", Game.HOLDEM, LimitType.NO_LIMIT)
    assert (h.currency, h.decimals, h.is_tournament, h.fast_fold) == ("USD", 2, False, True)
    assert (h.stakes.small_blind, h.stakes.big_blind) == (2, 5)
    assert (h.table_name, h.max_seats, h.button_seat) == ("RushAndCash100", 6, 1)
    assert h.started_at == datetime(2025, 8, 9, 8, 19, 13, tzinfo=UTC)
    assert (h.local_time, h.time_zone) == ("2025/08/09 08:19:13", "")
    assert [s.player for s in h.seats] == ["Hero", "a1b2c3d4", "Mr: X y", "7dbd291a"]
    assert [s.stack for s in h.seats] == [500, 544, 320, 100641]
    hero = h.seats[0]
    assert hero.is_hero and hero.hole_cards == ("Ah", "Kd")
    assert not any(s.is_hero for s in h.seats[1:])
    assert kinds(h) == [
        (2, K.POST_SMALL_BLIND, 2, 2),
        (3, K.POST_BIG_BLIND, 5, 5),
        (4, K.FOLD, 0, 0),
        (1, K.RAISE, 15, 15),
        (2, K.FOLD, 0, 2),
        (3, K.CALL, 10, 15),
        (3, K.CHECK, 0, 0),
        (1, K.BET, 20, 20),
        (3, K.CALL, 20, 20),
        (3, K.CHECK, 0, 0),
        (1, K.BET, 50, 50),
        (3, K.FOLD, 0, 0),
        (1, K.UNCALLED_RETURN, 50, 0),
    ]
    assert [a.street for a in h.actions][-3:] == [Street.TURN] * 3
    assert h.boards == (("2c", "7d", "Th", "Js"),)
    rep = h.report
    assert (rep.total_pot, rep.rake) == (72, 3)
    assert rep.fees == (("Jackpot", 1), ("Bingo", 0), ("Fortune", 0), ("Tax", 1))
    assert [(c.seat, c.amount, c.board_index) for c in rep.collections] == [(1, 67, None)]
    # collected + rake + every fee == total pot
    assert sum(c.amount for c in rep.collections) + rep.rake + sum(v for _, v in rep.fees) == rep.total_pot
    assert errors(h) == []
    assert walk.hand_id == "RC1000000000" and errors(walk) == []
    assert {r.seat: r.net for r in replay(walk).seats} == {1: -2, 2: 2, 4: 0}


def test_run_it_twice_gives_two_complete_boards_and_per_run_collections():
    (h,) = load("run_twice.txt")
    assert h.fast_fold is False and h.hand_id == "HD2000000002"
    assert h.boards == (
        ("2c", "7d", "9h", "Js", "3s"),
        ("Kd", "4c", "8s", "5h", "Qc"),
    )
    assert [(c.seat, c.amount, c.board_index) for c in h.report.collections] == [
        (2, 14850, 0), (3, 14850, 1)]
    shows = [a for a in h.actions if a.kind is K.SHOW]
    assert [(a.seat, a.street, a.cards) for a in shows] == [
        (3, Street.PREFLOP, ("Kh", "Ks")), (2, Street.PREFLOP, ("Ac", "Ad"))]
    assert h.report.fees == (("Jackpot", 200), ("Bingo", 0))
    r = replay(h)
    assert [f for f in r.findings if f.severity is Severity.ERROR] == []
    assert {s.seat: s.net for s in r.seats} == {2: -150, 3: -150, 5: -200}


def test_run_three_times_markers_are_read():
    text = (FIXTURES / "run_twice.txt").read_text()
    text = text.replace("*** FIRST SHOWDOWN ***", "*** THIRD FLOP *** [Qd Jd Td]\n*** THIRD TURN *** [Qd Jd Td] [6c]\n*** THIRD RIVER *** [Qd Jd Td 6c] [6d]\n*** FIRST SHOWDOWN ***")
    h = hand(text)
    assert len(h.boards) == 3 and h.boards[2] == ("Qd", "Jd", "Td", "6c", "6d")


def test_ev_cashout_when_the_player_loses_is_paid_by_the_site():
    (h,) = load("ev_cashout.txt")
    assert h.report.cash_outs == (CashOut(2, 1405, 0),)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(3, 1950)]
    r = replay(h)
    assert [f for f in r.findings if f.severity is Severity.ERROR] == []
    assert any(f.code == "cash_out" for f in r.findings)


def test_ev_cashout_when_the_player_wins_pays_the_risk_out_of_the_pot():
    text = (FIXTURES / "ev_cashout.txt").read_text()
    text = (text.replace("[Ac]", "[3h]").replace("Tc Ac]", "Tc 3h]")
            .replace("Hero: Receives Cashout ($14.05)", "Hero: Pays Cashout Risk ($5.25)")
            .replace("cc33dd44 collected $19.5", "Hero collected $19.5"))
    h = hand(text)
    assert h.report.cash_outs == (CashOut(2, 0, 525),)
    assert [(c.seat, c.amount) for c in h.report.collections] == [(2, 1950)]
    assert errors(h) == []


def test_cash_drop_is_site_money_in_the_pot():
    text = (FIXTURES / "cash_rush.txt").read_text().split("\n\n\n")[1]
    text = (text.replace("Hero: posts small blind", "Cash Drop to Pot : total $0.5\nHero: posts small blind")
            .replace("collected $0.04", "collected $0.54").replace("Total pot $0.04", "Total pot $0.54"))
    h = hand(text)
    assert h.report.site_added == (("Cash Drop", 50),)
    put_in = sum(a.amount if a.kind is not K.UNCALLED_RETURN else -a.amount for a in h.actions)
    assert put_in + 50 == h.report.total_pot == 54


def test_tournament_chips_antes_and_the_blinds_really_posted():
    (h,) = load("tournament.txt")
    assert (h.is_tournament, h.tournament_id, h.level) == (True, "123456", "5")
    assert (h.currency, h.decimals, h.fast_fold) == ("CHIPS", 0, False)
    # The header names the next level (100/200); the table posted 75/150 and raised from it.
    assert (h.stakes.small_blind, h.stakes.big_blind, h.stakes.ante) == (75, 150, 25)
    assert [s.stack for s in h.seats] == [12500, 9875, 1150]
    assert kinds(h)[:5] == [(1, K.POST_ANTE, 25, 0), (2, K.POST_ANTE, 25, 0), (3, K.POST_ANTE, 25, 0),
                            (2, K.POST_SMALL_BLIND, 75, 75), (3, K.POST_BIG_BLIND, 150, 150)]
    allin = next(a for a in h.actions if a.all_in)
    assert (allin.seat, allin.kind, allin.amount, allin.to) == (3, K.RAISE, 975, 1125)  # 150 already in as the big blind
    assert h.report.total_pot == 2400 and h.report.rake == 0
    r = replay(h)
    assert [f for f in r.findings if f.severity is Severity.ERROR] == []
    assert {s.seat: s.net for s in r.seats} == {1: 1250, 2: -100, 3: -1150}


def test_missed_blind_is_dead_and_straddle_is_live():
    text = """
Poker Hand #HD5000000006: Hold'em No Limit  ($0.5/$1) - 2019/01/01 10:00:00
Table 'NLHGold3' 6-max Seat #1 is the button
Seat 1: p1p1p1p1 ($100 in chips)
Seat 2: p2p2p2p2 ($100 in chips)
Seat 3: p3p3p3p3 ($100 in chips)
Seat 4: Hero ($100 in chips)
Seat 5: p5p5p5p5 ($100 in chips)
p2p2p2p2: posts small blind $0.5
p3p3p3p3: posts big blind $1
p5p5p5p5: posts missed blind $0.5
p5p5p5p5: posts big blind $1
Hero: straddle $2
*** HOLE CARDS ***
Dealt to Hero [2c 2d]
p5p5p5p5: folds
p1p1p1p1: folds
p2p2p2p2: folds
p3p3p3p3: folds
Uncalled bet ($1) returned to Hero
*** SHOWDOWN ***
Hero collected $4 from pot
*** SUMMARY ***
Total pot $4 | Rake $0 | Jackpot $0 | Bingo $0
Seat 4: Hero collected ($4)
"""
    h = hand(text)
    assert kinds(h)[2:5] == [(5, K.POST_DEAD, 50, 0), (5, K.POST_BIG_BLIND, 100, 100),
                             (4, K.POST_STRADDLE, 200, 200)]
    assert h.hand_id == "HD5000000006" and h.stakes.big_blind == 100


@pytest.mark.parametrize("header", [
    "Poker Hand #OM2268205: PLO ($0.05/$0.1) - 2023/11/01 17:53:18",
    "Poker Hand #OM47349243: PLO-5 ($2/$5) - 2022/05/01 22:37:45",
    "Poker Hand #RC693190676: Omaha Pot Limit ($0.01/$0.02) - 2025/08/10 20:12:22",
    "Poker Hand #TM2697462: Tournament #25942319, Omaholic Bounty $8.40 Omaha (NL postflop) - Level1(25/50) - 2021/04/04 16:06:27",
    "Poker Hand #1171217378123557259: ShortDeck No Limit ($100) - 2021/04/01 11:44:46",
])
def test_other_games_are_unsupported(header):
    with pytest.raises(UnsupportedGame) as info:
        hand(header + "\nTable 'X' 6-max Seat #1 is the button\nSeat 1: Hero ($10 in chips)\n")
    assert info.value.reason == "unsupported_game"


def test_an_unknown_line_is_loud_and_points_at_it():
    text = (FIXTURES / "cash_rush.txt").read_text().split("\n\n\n")[0]
    text = text.replace("a1b2c3d4: folds", "a1b2c3d4: dances a jig")
    with pytest.raises(ParseError) as info:
        hand(text)
    err = info.value
    assert (err.reason, err.line, err.text, err.site) == ("unknown_line", 16, "a1b2c3d4: dances a jig", "ggpoker")


def test_a_hand_cut_before_the_summary_is_truncated():
    text = (FIXTURES / "cash_rush.txt").read_text().split("*** SUMMARY ***")[0]
    with pytest.raises(ParseError) as info:
        hand(text)
    assert info.value.reason == "truncated_hand"


def test_bad_amount_is_rejected_not_rounded():
    text = (FIXTURES / "cash_rush.txt").read_text().split("\n\n\n")[0].replace("calls $0.1\n", "calls $0.105\n", 1)
    with pytest.raises(ParseError) as info:
        hand(text)
    assert info.value.reason == "bad_amount"


def test_sniff_claims_gg_and_nothing_else():
    gg = (FIXTURES / "tournament.txt").read_text()
    assert sniff(gg) and sniff("\ufeff" + gg)
    assert not sniff("PokerStars Hand #230000000001:  Hold'em No Limit ($0.25/$0.50 USD)")
    assert not sniff("") and not sniff("\x00\xff garbage")
    assert registry.detect(gg).name == "ggpoker"


def test_split_finds_each_hand():
    text = (FIXTURES / "cash_rush.txt").read_text()
    chunks = split_hands(text, header=HEADER)
    assert [c.line for c in chunks] == [1, 38]
    assert [parse(c).hand_id for c in chunks] == ["RC1000000001", "RC1000000000"]
