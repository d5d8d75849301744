"""Engine scenarios about showdown money: hand ranking, kickers and ties, the odd chip, unknown
and mucked cards, run-it-twice boards, and payouts net of rake.

(Uncalled bets, totals, rake and cash-outs: test_engine_money_reconcile.py; pots and side
pots: test_engine_money_sidepots.py.)
"""

from __future__ import annotations

from parsers.model import Game
from pipeline.engine import Severity, replay
from pipeline.engine.pots import build_pots
from pipeline.engine.showdown import award_pots
from tests.support.handbuilder import HandBuilder
from tests.support.replaykit import check_down, codes, errors, heads_up, seat


def _heads_up_checked(board: str, hole1: str | None = None, hole2: str | None = None,
                      game: Game = Game.HOLDEM) -> HandBuilder:
    """A limps, B checks, both check every street of ``board`` (flop, turn, river)."""
    limped = heads_up((1, "A", 1000, hole1), (2, "B", 1000, hole2), game=game).call(1).check(2)
    return check_down(limped, (2, 1), board[:8], board[9:11], board[12:])


def _showdown(hole1, hole2, board, collect1, collect2):
    b = _heads_up_checked(board, hole1, hole2).show(2, hole2).show(1, hole1)
    return b.collect(1, collect1).collect(2, collect2).build()


# ---- ranking and splits -------------------------------------------------------------------


def test_kicker_decides():
    h = _showdown("Ah Kc", "Ad Qc", "As 7d 4h 9c 2s", 20, 0)
    assert errors(replay(h)) == []
    h = _showdown("Ah Kc", "Ad Qc", "As 7d 4h 9c 2s", 0, 20)
    assert "collected_mismatch" in codes(replay(h))


def test_board_plays_is_a_tie():
    h = _showdown("2h 3c", "2d 3d", "As Ks Qs Js Ts", 10, 10)
    r = replay(h)
    assert errors(r) == [] and r.pots[0].winners == (1, 2)


def test_short_collection_without_rake_is_not_distributed():
    h = _showdown("Ah Kc", "Ad Qc", "As 7d 4h 9c 2s", 19, 0)
    assert codes(replay(h)) == ["pot_not_distributed", "collected_mismatch"]


def test_split_pot_odd_chip_goes_left_of_button():
    # Both play the board's straight; 25 chips cannot split: the odd one to seat 3 (left of btn 2).
    limped = (
        HandBuilder(sb=5, bb=10, button=2)
        .seat(1, "A", 1000, "2c 3d")
        .seat(3, "C", 1000, "4c 5d")
        .seat(5, "E", 1000, "Ks Qs")
        .post_ante(1, 5)
        .post_ante(3, 5)
        .post_ante(5, 5)
        .board("Ts Js Qh Kd Ac")
        .post_sb(3)
        .post_bb(5)
        .call(1)
        .call(3)
        .check(5)
    )
    h = check_down(limped, (3, 5, 1), "", "", "").show(3, "4c 5d").show(5, "Ks Qs")
    r = replay(h.show(1, "2c 3d").build())
    assert errors(r) == []
    # total 45: three-way split of a Broadway board: 15 each, no odd chip
    assert {s.seat: s.won for s in r.seats} == {1: 15, 3: 15, 5: 15}

    r = replay(_odd_chip({1: 1, 3: 0}, {3: 11, 1: 10}))
    # 21 chips, heads-up, button 1: seat 3 is first left of the button
    assert errors(r) == [] and seat(r, 3).won == 11 and seat(r, 1).won == 10
    assert r.pots[0].winners == (1, 3)


def test_odd_chip_to_the_wrong_player_is_flagged():
    # PokerStars documents the odd chip's order: first seat left of the button.
    h = _odd_chip({1: 1}, {3: 10, 1: 11}, "pokerstars")
    assert codes(replay(h), Severity.ERROR) == ["collected_mismatch", "collected_mismatch"]


def test_odd_chip_order_unpublished_accepts_either_winner():
    # A site whose odd-chip order is not published: the chip may go to either winner, but not
    # two chips, and not to a seat that did not win.
    assert errors(replay(_odd_chip({1: 1}, {3: 10, 1: 11}))) == []
    assert "collected_mismatch" in codes(replay(_odd_chip({1: 1}, {3: 9, 1: 12})))


def _odd_chip(antes: dict[int, int], collected: dict[int, int], site: str = "test"):
    """Heads-up, button 1, both play a Broadway board: 20 chips plus the antes to split."""
    b = (
        HandBuilder(sb=5, bb=10, button=1, site=site)
        .seat(1, "A", 1000, "2c 3d")
        .seat(3, "C", 1000, "4c 5d")
    )
    for s, ante in antes.items():
        b.post_ante(s, ante)
    limped = b.post_sb(1).post_bb(3).call(1).check(3)
    h = check_down(limped, (3, 1), "Ts Js Qh", "Kd", "Ac").show(3, "4c 5d").show(1, "2c 3d")
    for s, amount in collected.items():
        h.collect(s, amount)
    return h.build()


# ---- unknown and mucked cards -------------------------------------------------------------


def _one_shows_other_unknown(loser_mucks: bool):
    b = _heads_up_checked("As 7d 4h 9c 2s").show(2, "Ad Qc")
    if loser_mucks:
        b = b.muck(1)
    return b.collect(2, 20).build()


def test_unknown_cards_make_payout_unverified_not_an_error():
    r = replay(_one_shows_other_unknown(loser_mucks=False))
    assert errors(r) == []
    assert codes(r) == ["payout_unverified"]
    assert not r.payouts_verified
    assert seat(r, 2).won == 20 and r.pots[0].winners == (2,)


def test_mucking_at_showdown_concedes_so_the_payout_is_verified():
    r = replay(_one_shows_other_unknown(loser_mucks=True))
    assert r.findings == () and r.payouts_verified
    assert seat(r, 2).won == 20 and r.pots[0].winners == (2,)


def test_mucked_hand_known_from_summary_is_verified():
    h = _showdown("Ah Kc", "Ad Qc", "As 7d 4h 9c 2s", 20, 0)
    assert replay(h).payouts_verified


def test_non_holdem_showdown_unverified():
    b = _heads_up_checked("2c 7d 9h 3s 4s", "Ah Ad Kc Kd", "Qh Qd Jc Js", game=Game.OMAHA)
    h = b.show(2, "Qh Qd Jc Js").show(1, "Ah Ad Kc Kd").collect(1, 20).build()
    r = replay(h)
    assert errors(r) == [] and "payout_unverified" in codes(r)


# ---- run it twice -------------------------------------------------------------------------


def _run_it_twice() -> HandBuilder:
    """All in preflop for B's 5000, run twice: A wins the first board, B the second."""
    return (
        heads_up((1, "A", 10000, "Jc Ac"), (2, "B", 5000, "9s Ah"), sb=100, bb=200)
        .all_in(1)
        .call(2)
        .uncalled(1, 5000)
        .board("Js 9h Jh Qs 2d", "2c 9c 9d 3s 4h")
        .show(1, "Jc Ac")
        .show(2, "9s Ah")
    )


def test_run_it_twice_split_per_board():
    h = _run_it_twice().rake(3).collect(1, 4999, board=0).collect(2, 4998, board=1).build()
    r = replay(h)
    assert errors(r) == [], errors(r)
    assert seat(r, 1).won == 4999 and seat(r, 2).won == 4998
    assert r.pots[0].winners == (1, 2)


def test_run_it_twice_wrong_split():
    h = _run_it_twice().collect(1, 10000).build()
    assert "collected_mismatch" in codes(replay(h))


# ---- payouts ------------------------------------------------------------------------------


def test_award_pays_net_and_gross_from_one_showdown():
    pots = build_pots({1: 100, 2: 100, 3: 40}, [1, 2, 3], {3})
    known = {1: ("Ah", "Ad"), 2: ("Kh", "Kd"), 3: ("Qh", "Qd")}
    board = [("2c", "7d", "9h", "Js", "3s")]
    raked = award_pots(pots, board, known, 1, deduction=7)
    plain = award_pots(pots, board, known, 1)
    assert raked.gross == plain.payout == {1: 240}
    assert raked.payout == {1: 233}
    assert plain.gross is plain.payout
