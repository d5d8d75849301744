"""Engine scenarios about money: pots, side pots, showdown, uncalled bets, reconciliation."""

from __future__ import annotations

from handbuilder import HandBuilder

from parsers.model import Game
from pipeline.engine import Severity, replay
from pipeline.engine.pots import build_pots
from pipeline.engine.showdown import split


def codes(r, severity=None):
    return [f.code for f in r.findings if severity is None or f.severity is severity]


def errors(r):
    return [(f.code, f.message) for f in r.findings if f.severity is Severity.ERROR]


def seat(r, n):
    return next(s for s in r.seats if s.seat == n)


def three_way() -> HandBuilder:
    return (
        HandBuilder(sb=5, bb=10, button=1)
        .seat(1, "Alice", 1000)
        .seat(2, "Bob", 1000)
        .seat(3, "Cara", 1000)
        .post_sb(2)
        .post_bb(3)
    )


def test_walk_everyone_folds_to_big_blind():
    h = three_way().fold(1).fold(2).uncalled(3, 5).collect(3, 10).build()
    r = replay(h)
    assert errors(r) == []
    assert r.total_pot == 10
    assert seat(r, 3).won == 10 and seat(r, 3).net == 5 and seat(r, 2).net == -5
    assert seat(r, 3).final_stack == 1005
    assert [p.winners for p in r.pots] == [(3,)]


def test_walk_without_uncalled_return_is_flagged():
    h = three_way().fold(1).fold(2).collect(3, 15).build()
    assert "uncalled_bet_wrong" in codes(replay(h))


def test_uncalled_bet_on_river_returned_to_bettor():
    h = (
        three_way()
        .call(1)
        .call(2)
        .check(3)
        .flop("2c 7d 9h")
        .check(2)
        .check(3)
        .check(1)
        .turn("Js")
        .check(2)
        .check(3)
        .check(1)
        .river("Qd")
        .bet(2, 50)
        .fold(3)
        .fold(1)
        .uncalled(2, 50)
        .collect(2, 30)
        .build()
    )
    r = replay(h)
    assert errors(r) == []
    assert seat(r, 2).invested == 10 and seat(r, 2).won == 30


def test_uncalled_wrong_amount_and_wrong_player():
    base = three_way().raise_to(1, 40).fold(2).fold(3)
    assert "uncalled_bet_wrong" in codes(replay(base.uncalled(1, 20).build()))
    base = three_way().raise_to(1, 40).fold(2).fold(3)
    r = replay(base.uncalled(3, 30).build())
    assert codes(r).count("uncalled_bet_wrong") == 2  # wrong player, and the due one missing


def test_three_all_ins_make_side_pots_with_dead_money():
    h = (
        HandBuilder(sb=5, bb=10, button=1)
        .seat(1, "Alice", 100, "Ah Ad")
        .seat(2, "Bob", 300, "Kh Kd")
        .seat(3, "Cara", 600, "Qh Qd")
        .seat(4, "Dan", 1000, "2c 3d")
        .post_sb(2)
        .post_bb(3)
        .raise_to(4, 50)
        .all_in(1)
        .all_in(2)
        .all_in(3)
        .fold(4)
        .uncalled(3, 300)
        .board("As Kc 7d 8h 2s")
        .show(1, "Ah Ad")
        .show(2, "Kh Kd")
        .show(3, "Qh Qd")
        .collect(1, 350)
        .collect(2, 400)
        .collect(3, 0)
        .build()
    )
    r = replay(h)
    assert errors(r) == []
    # main: 100 x3 + Dan's dead 50 = 350; side 1: (300-100) x2 = 400; Cara's excess returned.
    assert [(p.amount, p.eligible, p.winners) for p in r.pots] == [
        (350, (1, 2, 3), (1,)),
        (400, (2, 3), (2,)),
    ]
    assert seat(r, 4).net == -50 and seat(r, 3).net == -300
    assert all(s.went_to_showdown for s in r.seats if s.seat != 4)


def test_side_pots_printed_and_compared():
    def hand(main, side):
        return (
            HandBuilder(sb=5, bb=10, button=3)
            .seat(1, "A", 100, "Ah Ad")
            .seat(2, "B", 500, "Kh Kd")
            .seat(3, "C", 500, "2c 3d")
            .post_sb(1)
            .post_bb(2)
            .call(3)
            .all_in(1)
            .raise_to(2, 300)
            .call(3)
            .flop("As Kc 7d")
            .bet(2, 200)
            .fold(3)
            .uncalled(2, 200)
            .board("As Kc 7d 9s 2d")
            .show(1, "Ah Ad")
            .show(2, "Kh Kd")
            .pots(main, side)
            .collect(2, side)
            .collect(1, main)
            .build()
        )

    r = replay(hand(300, 400))
    assert errors(r) == [] and [p.amount for p in r.pots] == [300, 400]
    r = replay(hand(310, 390))
    assert "side_pot_mismatch" in codes(r)


def test_side_pots_printed_net_of_rake_are_accepted():
    h = (
        HandBuilder(sb=5, bb=10, button=3)
        .seat(1, "A", 100, "Ah Ad")
        .seat(2, "B", 500, "Kh Kd")
        .seat(3, "C", 500, "2c 3d")
        .post_sb(1)
        .post_bb(2)
        .call(3)
        .all_in(1)
        .raise_to(2, 300)
        .call(3)
        .flop("As Kc 7d")
        .check(2)
        .check(3)
        .turn("9s")
        .check(2)
        .check(3)
        .river("Td")
        .check(2)
        .check(3)
        .show(1, "Ah Ad")
        .show(2, "Kh Kd")
        .show(3, "2c 3d")
        .rake(3)
        .pots(297, 400)
        .collect(1, 297)
        .collect(2, 400)
        .build()
    )
    assert errors(replay(h)) == []


def test_split_pot_odd_chip_goes_left_of_button():
    # Both play the board's straight; 25 chips cannot split: the odd one to seat 3 (left of btn 2).
    def hand(button):
        return (
            HandBuilder(sb=5, bb=10, button=button)
            .seat(1, "A", 1000, "2c 3d")
            .seat(3, "C", 1000, "4c 5d")
            .seat(5, "E", 1000, "Ks Qs")
            .post_ante(1, 5)
            .post_ante(3, 5)
            .post_ante(5, 5)
            .board("Ts Js Qh Kd Ac")
        )

    h = (
        hand(2)
        .post_sb(3)
        .post_bb(5)
        .call(1)
        .call(3)
        .check(5)
        .flop()
        .check(3)
        .check(5)
        .check(1)
        .turn()
        .check(3)
        .check(5)
        .check(1)
        .river()
        .check(3)
        .check(5)
        .check(1)
        .show(3, "4c 5d")
        .show(5, "Ks Qs")
        .show(1, "2c 3d")
        .build()
    )
    r = replay(h)
    assert errors(r) == []
    # total 45: three-way split of a Broadway board: 15 each, no odd chip
    assert {s.seat: s.won for s in r.seats} == {1: 15, 3: 15, 5: 15}

    h = (
        HandBuilder(sb=5, bb=10, button=1)
        .seat(1, "A", 1000, "2c 3d")
        .seat(3, "C", 1000, "4c 5d")
        .post_ante(1, 1)
        .post_ante(3, 0)
        .post_sb(1)
        .post_bb(3)
        .call(1)
        .check(3)
        .flop("Ts Js Qh")
        .check(3)
        .check(1)
        .turn("Kd")
        .check(3)
        .check(1)
        .river("Ac")
        .check(3)
        .check(1)
        .show(3, "4c 5d")
        .show(1, "2c 3d")
        .collect(3, 11)
        .collect(1, 10)
        .build()
    )
    r = replay(h)  # 21 chips, heads-up, button 1: seat 3 is first left of the button
    assert errors(r) == [] and seat(r, 3).won == 11 and seat(r, 1).won == 10
    assert r.pots[0].winners == (1, 3)


def test_odd_chip_to_the_wrong_player_is_flagged():
    h = (
        HandBuilder(sb=5, bb=10, button=1)
        .seat(1, "A", 1000, "2c 3d")
        .seat(3, "C", 1000, "4c 5d")
        .post_ante(1, 1)
        .post_sb(1)
        .post_bb(3)
        .call(1)
        .check(3)
        .flop("Ts Js Qh")
        .check(3)
        .check(1)
        .turn("Kd")
        .check(3)
        .check(1)
        .river("Ac")
        .check(3)
        .check(1)
        .show(3, "4c 5d")
        .show(1, "2c 3d")
        .collect(3, 10)
        .collect(1, 11)
        .build()
    )
    assert codes(replay(h), Severity.ERROR) == ["collected_mismatch", "collected_mismatch"]


def _showdown(hole1, hole2, board, collect1, collect2):
    return (
        HandBuilder(sb=5, bb=10, button=1)
        .seat(1, "A", 1000, hole1)
        .seat(2, "B", 1000, hole2)
        .post_sb(1)
        .post_bb(2)
        .call(1)
        .check(2)
        .flop(board[:8])
        .check(2)
        .check(1)
        .turn(board[9:11])
        .check(2)
        .check(1)
        .river(board[12:])
        .check(2)
        .check(1)
        .show(2, hole2)
        .show(1, hole1)
        .collect(1, collect1)
        .collect(2, collect2)
        .build()
    )


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


def test_rake_and_fees_reconcile():
    h = (
        HandBuilder(sb=5, bb=10, button=1)
        .seat(1, "A", 1000, "Ah Kc")
        .seat(2, "B", 1000, "Ad Qc")
        .post_sb(1)
        .post_bb(2)
        .raise_to(1, 100)
        .call(2)
        .flop("As 7d 4h")
        .check(2)
        .check(1)
        .turn("9c")
        .check(2)
        .check(1)
        .river("2s")
        .check(2)
        .check(1)
        .show(2, "Ad Qc")
        .show(1, "Ah Kc")
        .rake(9)
        .fee("jackpot", 1)
        .collect(1, 190)
        .build()
    )
    r = replay(h)
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
    h = three_way().fold(1).fold(2).uncalled(3, 5).collect(3, 10).total_pot(12).build()
    r = replay(h)
    assert "total_pot_mismatch" in codes(r) and "pot_not_distributed" in codes(r)


def _one_shows_other_unknown(loser_mucks: bool):
    b = (
        HandBuilder(sb=5, bb=10, button=1)
        .seat(1, "A", 1000)
        .seat(2, "B", 1000)
        .post_sb(1)
        .post_bb(2)
        .call(1)
        .check(2)
        .flop("As 7d 4h")
        .check(2)
        .check(1)
        .turn("9c")
        .check(2)
        .check(1)
        .river("2s")
        .check(2)
        .check(1)
        .show(2, "Ad Qc")
    )
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


def test_run_it_twice_split_per_board():
    h = (
        HandBuilder(sb=100, bb=200, button=1)
        .seat(1, "A", 10000, "Jc Ac")
        .seat(2, "B", 5000, "9s Ah")
        .post_sb(1)
        .post_bb(2)
        .all_in(1)
        .call(2)
        .uncalled(1, 5000)
        .board("Js 9h Jh Qs 2d", "2c 9c 9d 3s 4h")
        .show(1, "Jc Ac")
        .show(2, "9s Ah")
        .rake(3)
        .collect(1, 4999, board=0)
        .collect(2, 4998, board=1)
        .build()
    )
    r = replay(h)
    assert errors(r) == [], errors(r)
    assert seat(r, 1).won == 4999 and seat(r, 2).won == 4998
    assert r.pots[0].winners == (1, 2)


def test_run_it_twice_wrong_split():
    h = (
        HandBuilder(sb=100, bb=200, button=1)
        .seat(1, "A", 10000, "Jc Ac")
        .seat(2, "B", 5000, "9s Ah")
        .post_sb(1)
        .post_bb(2)
        .all_in(1)
        .call(2)
        .uncalled(1, 5000)
        .board("Js 9h Jh Qs 2d", "2c 9c 9d 3s 4h")
        .show(1, "Jc Ac")
        .show(2, "9s Ah")
        .collect(1, 10000)
        .build()
    )
    assert "collected_mismatch" in codes(replay(h))


def test_tournament_antes_are_dead_money():
    h = (
        HandBuilder(sb=50, bb=100, ante=10, button=1)
        .seat(1, "A", 5000)
        .seat(2, "B", 5000)
        .seat(3, "C", 5000)
        .antes(1, 2, 3)
        .post_sb(2)
        .post_bb(3)
        .raise_to(1, 200)
        .fold(2)
        .fold(3)
        .uncalled(1, 100)
        .collect(1, 280)
        .build()
    )
    r = replay(h)
    assert errors(r) == []
    assert r.total_pot == 280 and seat(r, 1).net == 170


def test_all_in_for_the_ante_only_gets_the_ante_pot():
    h = (
        HandBuilder(sb=50, bb=100, ante=10, button=1)
        .seat(1, "A", 8, "Ah Ad")
        .seat(2, "B", 5000, "Kh Kd")
        .seat(3, "C", 5000, "2c 3d")
        .antes(1, 2, 3)
        .post_sb(2)
        .post_bb(3)
        .call(2)
        .check(3)
        .flop("2h 7s 8d")
        .check(2)
        .check(3)
        .turn("9c")
        .check(2)
        .check(3)
        .river("Jd")
        .check(2)
        .check(3)
        .show(1, "Ah Ad")
        .show(2, "Kh Kd")
        .show(3, "2c 3d")
        .collect(1, 24)
        .collect(2, 204)
        .build()
    )
    r = replay(h)
    assert errors(r) == [], errors(r)
    assert [(p.amount, p.eligible) for p in r.pots] == [(24, (1, 2, 3)), (204, (2, 3))]


def test_cash_out_is_info_not_error():
    h = (
        HandBuilder(sb=5, bb=10, button=1)
        .seat(1, "A", 1000, "Ah Ad")
        .seat(2, "B", 1000, "Kh Kd")
        .post_sb(1)
        .post_bb(2)
        .all_in(1)
        .call(2)
        .board("2c 7d 9h Js Kc")
        .cash_out(1, 1500)
        .collect(2, 2000)
        .build()
    )
    r = replay(h)
    assert errors(r) == [] and "cash_out" in codes(r, Severity.INFO)


def test_non_holdem_showdown_unverified():
    h = (
        HandBuilder(sb=5, bb=10, button=1, game=Game.OMAHA)
        .seat(1, "A", 1000, "Ah Ad Kc Kd")
        .seat(2, "B", 1000, "Qh Qd Jc Js")
        .post_sb(1)
        .post_bb(2)
        .call(1)
        .check(2)
        .flop("2c 7d 9h")
        .check(2)
        .check(1)
        .turn("3s")
        .check(2)
        .check(1)
        .river("4s")
        .check(2)
        .check(1)
        .show(2, "Qh Qd Jc Js")
        .show(1, "Ah Ad Kc Kd")
        .collect(1, 20)
        .build()
    )
    r = replay(h)
    assert errors(r) == [] and "payout_unverified" in codes(r)


def test_chip_conservation_holds_on_clean_hands():
    h = three_way().fold(1).fold(2).uncalled(3, 5).collect(3, 10).build()
    r = replay(h)
    assert sum(s.net for s in r.seats) == 0


def test_build_pots_merges_and_keeps_dead_money_above_live_levels():
    pots = build_pots({1: 15, 2: 10, 3: 10}, {1}, set())
    assert [(p.amount, p.eligible) for p in pots] == [(35, (2, 3))]
    pots = build_pots({1: 50, 2: 100, 3: 100, 4: 20}, {4}, {1})
    assert [(p.amount, p.eligible) for p in pots] == [(170, (1, 2, 3)), (100, (2, 3))]


def test_split_gives_remainder_in_order():
    assert split(10, [4, 2, 3]) == {4: 4, 2: 3, 3: 3}


def test_unlogged_uncalled_return_implied_by_site_total_is_only_noted():
    # Old PokerStars logs (2007 tournaments) omit the return line; the printed total shows it
    # happened, so the rule held: an info note, neither an error nor a warning.
    h = three_way().raise_to(1, 35).fold(2).fold(3).collect(1, 25).total_pot(25).build()
    r = replay(h)
    assert errors(r) == []
    assert "uncalled_bet_wrong" in codes(r, Severity.INFO)
    assert "uncalled_bet_wrong" not in codes(r, Severity.WARNING)
    assert seat(r, 1).net == 15 and r.total_pot == 25


def _forfeit_hand(*printed: int):
    # A short all-in big blind then folded by the site (sitting out): his chips are dead money.
    return (
        HandBuilder(sb=5, bb=10, button=1)
        .seat(1, "A", 1000)
        .seat(2, "B", 1000, "Kh Kd")
        .seat(3, "C", 10)
        .seat(4, "D", 1000, "Ah Ad")
        .post_sb(2)
        .post_bb(3)
        .raise_to(4, 100)
        .fold(1)
        .call(2)
        .fold(3)
        .flop("2c 7d 9h")
        .check(2)
        .check(4)
        .turn("Js")
        .check(2)
        .check(4)
        .river("3s")
        .check(2)
        .check(4)
        .show(2, "Kh Kd")
        .show(4, "Ah Ad")
        .collect(4, printed[0], pot=0)
        .collect(4, printed[1], pot=1)
        .pots(*printed)
        .build()
    )


def test_pots_printed_split_at_a_folded_all_in_level_are_accepted():
    # Hands 16652117062, 47656382023, 75726253875: PokerStars keeps a pot boundary at the level
    # of an all-in player it folded; nobody still in is limited by it, the chips are the same.
    r = replay(_forfeit_hand(30, 180))
    assert errors(r) == []
    assert "side_pot_mismatch" not in codes(r)
    assert [(p.amount, p.eligible) for p in r.pots] == [(210, (2, 4))]
    # The same count of pots cut at a level nobody went all-in at is still flagged.
    assert "side_pot_mismatch" in codes(replay(_forfeit_hand(40, 170)))


def _cashed_out_winner(collected_by_loser: int):
    b = (
        HandBuilder(sb=5, bb=10, button=1)
        .seat(1, "A", 1000, "Ah Ad")
        .seat(2, "B", 1000, "Kh Kd")
        .post_sb(1)
        .post_bb(2)
        .all_in(1)
        .call(2)
        .board("2c 7d 9h Js 3s")
        .cash_out(1, 1500, 15)
        .total_pot(2000)
        .rake(100)
    )
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


def test_award_pays_net_and_gross_from_one_showdown():
    from pipeline.engine.showdown import award_pots

    pots = build_pots({1: 100, 2: 100, 3: 40}, set(), {3})
    known = {1: ("Ah", "Ad"), 2: ("Kh", "Kd"), 3: ("Qh", "Qd")}
    board = [("2c", "7d", "9h", "Js", "3s")]
    raked = award_pots(pots, board, known, 1, deduction=7)
    plain = award_pots(pots, board, known, 1)
    assert raked.gross == plain.payout == {1: 240}
    assert raked.payout == {1: 233}
    assert plain.gross is plain.payout


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
