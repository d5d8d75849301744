"""Engine scenarios about pots: side pots by contribution level, dead money, antes, and the
side pots the site printed.

(Uncalled bets, totals, rake and cash-outs: test_engine_money_reconcile.py; who wins what at
showdown: test_engine_money_showdown.py.)
"""

from __future__ import annotations

from pipeline.engine import replay
from pipeline.engine.pots import build_pots
from pipeline.engine.showdown import split
from tests.support.handbuilder import HandBuilder
from tests.support.replaykit import check_down, codes, errors, seat


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


def _short_all_in_then_raise() -> HandBuilder:
    """A (100, aces) all in, B (kings) raises to 300, C calls: a main pot and a side pot."""
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
    )


def test_side_pots_printed_and_compared():
    def hand(main, side):
        return (
            _short_all_in_then_raise()
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
    h = check_down(_short_all_in_then_raise(), (2, 3), "As Kc 7d", "9s", "Td")
    h = h.show(1, "Ah Ad").show(2, "Kh Kd").show(3, "2c 3d").rake(3).pots(297, 400)
    assert errors(replay(h.collect(1, 297).collect(2, 400).build())) == []


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
    limped = (
        HandBuilder(sb=50, bb=100, ante=10, button=1)
        .seat(1, "A", 8, "Ah Ad")
        .seat(2, "B", 5000, "Kh Kd")
        .seat(3, "C", 5000, "2c 3d")
        .antes(1, 2, 3)
        .post_sb(2)
        .post_bb(3)
        .call(2)
        .check(3)
    )
    h = check_down(limped, (2, 3), "2h 7s 8d", "9c", "Jd")
    h = h.show(1, "Ah Ad").show(2, "Kh Kd").show(3, "2c 3d").collect(1, 24).collect(2, 204)
    r = replay(h.build())
    assert errors(r) == [], errors(r)
    assert [(p.amount, p.eligible) for p in r.pots] == [(24, (1, 2, 3)), (204, (2, 3))]


def _forfeit_hand(*printed: int):
    # A short all-in big blind then folded by the site (sitting out): his chips are dead money.
    raised = (
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
    )
    h = check_down(raised, (2, 4), "2c 7d 9h", "Js", "3s").show(2, "Kh Kd").show(4, "Ah Ad")
    return h.collect(4, printed[0], pot=0).collect(4, printed[1], pot=1).pots(*printed).build()


def test_pots_printed_split_at_a_folded_all_in_level_are_accepted():
    # Hands 16652117062, 47656382023, 75726253875: PokerStars keeps a pot boundary at the level
    # of an all-in player it folded; nobody still in is limited by it, the chips are the same.
    r = replay(_forfeit_hand(30, 180))
    assert errors(r) == []
    assert "side_pot_mismatch" not in codes(r)
    assert [(p.amount, p.eligible) for p in r.pots] == [(210, (2, 4))]
    # The same count of pots cut at a level nobody went all-in at is still flagged.
    assert "side_pot_mismatch" in codes(replay(_forfeit_hand(40, 170)))


def test_build_pots_merges_and_keeps_dead_money_above_live_levels():
    pots = build_pots({1: 15, 2: 10, 3: 10}, [2, 3], set())
    assert [(p.amount, p.eligible) for p in pots] == [(35, (2, 3))]
    pots = build_pots({1: 50, 2: 100, 3: 100, 4: 20}, [1, 2, 3], {1})
    assert [(p.amount, p.eligible) for p in pots] == [(170, (1, 2, 3)), (100, (2, 3))]


def test_split_gives_remainder_in_order():
    assert split(10, [4, 2, 3]) == {4: 4, 2: 3, 3: 3}
