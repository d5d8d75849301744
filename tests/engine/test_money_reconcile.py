"""Engine scenarios about money against what the site printed: uncalled bets, totals, rake and
fees, cash-outs, and chips conserved.

(Pots and side pots: test_engine_money_sidepots.py; who wins what at showdown:
test_engine_money_showdown.py.)
"""

from __future__ import annotations

from pipeline.engine import Severity, replay
from tests.support.handbuilder import HandBuilder
from tests.support.replaykit import check_down, codes, errors, heads_up, seat


def three_way() -> HandBuilder:
    return (
        HandBuilder(sb=5, bb=10, button=1)
        .seat(1, "Alice", 1000)
        .seat(2, "Bob", 1000)
        .seat(3, "Cara", 1000)
        .post_sb(2)
        .post_bb(3)
    )


def _walk() -> HandBuilder:
    """Everyone folds to the big blind, whose unmatched 5 comes back; he collects the 10."""
    return three_way().fold(1).fold(2).uncalled(3, 5).collect(3, 10)


def _heads_up_all_in(board: str) -> HandBuilder:
    """A (aces) and B (kings) all in preflop, the board run out; nothing collected yet."""
    return (
        heads_up((1, "A", 1000, "Ah Ad"), (2, "B", 1000, "Kh Kd"))
        .all_in(1)
        .call(2)
        .board(board)
    )


# ---- uncalled bets ------------------------------------------------------------------------


def test_walk_everyone_folds_to_big_blind():
    r = replay(_walk().build())
    assert errors(r) == []
    assert r.total_pot == 10
    assert seat(r, 3).won == 10 and seat(r, 3).net == 5 and seat(r, 2).net == -5
    assert seat(r, 3).final_stack == 1005
    assert [p.winners for p in r.pots] == [(3,)]


def test_walk_without_uncalled_return_is_flagged():
    h = three_way().fold(1).fold(2).collect(3, 15).build()
    assert "uncalled_bet_wrong" in codes(replay(h))


def test_uncalled_bet_on_river_returned_to_bettor():
    limped = three_way().call(1).call(2).check(3)
    h = check_down(limped, (2, 3, 1), "2c 7d 9h", "Js").river("Qd").bet(2, 50).fold(3).fold(1)
    r = replay(h.uncalled(2, 50).collect(2, 30).build())
    assert errors(r) == []
    assert seat(r, 2).invested == 10 and seat(r, 2).won == 30


def test_uncalled_wrong_amount_and_wrong_player():
    base = three_way().raise_to(1, 40).fold(2).fold(3)
    assert "uncalled_bet_wrong" in codes(replay(base.uncalled(1, 20).build()))
    base = three_way().raise_to(1, 40).fold(2).fold(3)
    r = replay(base.uncalled(3, 30).build())
    assert codes(r).count("uncalled_bet_wrong") == 2  # wrong player, and the due one missing


def test_unlogged_uncalled_return_implied_by_site_total_is_only_noted():
    # Old PokerStars logs (2007 tournaments) omit the return line; the printed total shows it
    # happened, so the rule held: an info note, neither an error nor a warning.
    h = three_way().raise_to(1, 35).fold(2).fold(3).collect(1, 25).total_pot(25).build()
    r = replay(h)
    assert errors(r) == []
    assert "uncalled_bet_wrong" in codes(r, Severity.INFO)
    assert "uncalled_bet_wrong" not in codes(r, Severity.WARNING)
    assert seat(r, 1).net == 15 and r.total_pot == 25


# ---- totals, rake and fees ----------------------------------------------------------------


def test_rake_and_fees_reconcile():
    raised = (
        HandBuilder(sb=5, bb=10, button=1)
        .seat(1, "A", 1000, "Ah Kc")
        .seat(2, "B", 1000, "Ad Qc")
        .post_sb(1)
        .post_bb(2)
        .raise_to(1, 100)
        .call(2)
    )
    h = check_down(raised, (2, 1), "As 7d 4h", "9c", "2s").show(2, "Ad Qc").show(1, "Ah Kc")
    r = replay(h.rake(9).fee("jackpot", 1).collect(1, 190).build())
    assert errors(r) == [] and seat(r, 1).won == 190 and seat(r, 1).net == 90
    bad = (
        HandBuilder(sb=5, bb=10, button=1)
        .seat(1, "A", 1000)
        .seat(2, "B", 1000)
        .post_sb(1)
        .post_bb(2)
        .fold(1)
        .uncalled(2, 5)
        .rake(-1)
        .collect(2, 11)
        .build()
    )
    assert "rake_mismatch" in codes(replay(bad))


def test_total_pot_mismatch():
    r = replay(_walk().total_pot(12).build())
    assert "total_pot_mismatch" in codes(r) and "pot_not_distributed" in codes(r)


def test_lone_winner_collecting_more_than_pot_less_rake_is_a_collected_mismatch():
    # The rake tolerance covers which pot pays it when pots have different winners; one winner
    # of everything must collect exactly the pot less rake (corrupted real hands did +$1).
    def hand(collected):
        return (
            three_way()
            .raise_to(1, 300)
            .fold(2)
            .call(3)
            .flop("2c 7d 9h")
            .check(3)
            .bet(1, 200)
            .fold(3)
            .uncalled(1, 200)
            .collect(1, collected)
            .rake(30)
            .build()
        )

    assert errors(replay(hand(575))) == []
    assert "collected_mismatch" in codes(replay(hand(595)))


# ---- cash-outs ----------------------------------------------------------------------------


def test_cash_out_is_info_not_error():
    h = _heads_up_all_in("2c 7d 9h Js Kc").cash_out(1, 1500).collect(2, 2000).build()
    r = replay(h)
    assert errors(r) == [] and "cash_out" in codes(r, Severity.INFO)


def _cashed_out_winner(collected_by_loser: int):
    b = _heads_up_all_in("2c 7d 9h Js 3s").cash_out(1, 1500, 15).total_pot(2000).rake(100)
    if collected_by_loser:
        b.collect(2, collected_by_loser)
    return b.build()


def test_cashed_out_winner_share_is_withheld_not_undistributed():
    # PokerStars 2021 cash-out hands: the winner cashed out, "pot not awarded": nobody collects,
    # the pot less rake is the share the site kept. collected + rake + that share == total.
    r = replay(_cashed_out_winner(0))
    assert "pot_not_distributed" not in codes(r)
    assert errors(r) == []
    # A collection that leaves a remainder other than the cashed-out share is still reported.
    assert "pot_not_distributed" in codes(replay(_cashed_out_winner(300)))


# ---- conservation -------------------------------------------------------------------------


def test_chip_conservation_holds_on_clean_hands():
    r = replay(_walk().build())
    assert sum(s.net for s in r.seats) == 0
