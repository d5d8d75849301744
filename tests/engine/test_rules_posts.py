"""Engine rules about posts: blinds and their seats, amounts, new players, antes, straddles.

Each rule has a broken hand that must yield its code and a clean twin that must yield no error.
(Turn order, rounds and cards: test_engine_rules_order.py; bet sizes and limits:
test_engine_rules_sizes.py.)
"""

from __future__ import annotations

from pipeline.engine import CODES, Severity, catalogue
from tests.support.handbuilder import HandBuilder
from tests.support.replaykit import BOARD, check_down, codes, errors, table, three_handed


def test_catalogue_is_consistent():
    assert len({c.code for c in catalogue()}) == len(catalogue()) == len(CODES)
    assert all(c.description for c in catalogue())


def test_blinds_in_position_are_clean():
    h = table(4).post_sb(2).post_bb(3).fold(4).fold(1).fold(2).uncalled(3, 5).build()
    assert errors(h) == []


def test_small_blind_out_of_position_warns():
    h = table(4).post_sb(3).post_bb(4).fold(1).fold(2).fold(3).uncalled(4, 5).build()
    assert "post_wrong_seat" in codes(h, Severity.WARNING)


def test_heads_up_button_posts_small_blind():
    ok = table(2, button=1).post_sb(1).post_bb(2).fold(1).uncalled(2, 5).build()
    assert errors(ok) == []
    swap = table(2, button=1, site="pokerstars").post_sb(2).post_bb(1).fold(2).uncalled(1, 5)
    assert "post_wrong_seat" in codes(swap.build(), Severity.ERROR)
    # Elsewhere the button on the big blind heads-up is a table's move to heads-up with the
    # blinds kept: the log cannot tell, so it is a warning.
    moved = table(2, button=1).post_sb(2).post_bb(1).fold(2).uncalled(1, 5).build()
    assert "post_wrong_seat" in codes(moved, Severity.WARNING) and errors(moved) == []


def test_heads_up_order_button_first_preflop_last_postflop():
    limped = table(2, button=1).post_sb(1).post_bb(2).call(1).check(2)
    assert "out_of_turn" not in codes(check_down(limped, (2, 1), *BOARD).build())
    bad = table(2, button=1).post_sb(1).post_bb(2).check(2).call(1).build()
    assert "out_of_turn" in codes(bad)
    bad = (
        table(2, button=1).post_sb(1).post_bb(2).call(1).check(2).flop("2c 3d 4h").check(1).build()
    )
    assert "out_of_turn" in codes(bad)


def test_post_amounts():
    assert "post_wrong_amount" in codes(table().post_sb(2, 4).post_bb(3).build())
    assert "post_wrong_amount" in codes(table().post_sb(2).post_bb(3, 20).build())
    # all-in for less than the blind is fine, and the others still owe the full blind
    h = (
        three_handed(c=6)
        .call(1)
        .fold(2)
        .flop("2c 3d 4h")
        .turn("5s")
        .river("6c")
        .show(1, "Ah Ad")
        .show(3, "Kh Kd")
        .build()
    )
    assert "post_wrong_amount" not in codes(h)
    assert "wrong_call_amount" not in codes(h)


def test_new_player_big_blind_and_small_and_big_blinds():
    # seat 4 posts a big blind on entering; seat 5 posts small & big blinds (live BB + dead SB)
    b = (
        table(5)
        .post_sb(2)
        .post_bb(3)
        .post_bb(4)
        .post_bb(5)
        .post_dead(5)
        .check(4)
        .check(5)
        .fold(1)
        .fold(2)
        .check(3)
    )
    h = check_down(b, (3, 4, 5), *BOARD).show(3, "Qh Qd").show(4, "Ah Ad").show(5, "Kh Kd")
    assert errors(h.build()) == []


def test_antes_and_dead_blind_amounts_warn():
    h = table(ante=2).post_ante(1, 3).post_ante(2).post_ante(3).post_sb(2).post_bb(3).build()
    assert "post_wrong_amount" in codes(h, Severity.WARNING)


def test_straddle_moves_the_first_action():
    b = table(4).post_sb(2).post_bb(3).post_straddle(4).call(1).fold(2).fold(3).check(4)
    ok = check_down(b, (4, 1), *BOARD).show(1, "Ah Ad").show(4, "Kh Kd").build()
    assert errors(ok) == []
    bad = table(4).post_sb(2).post_bb(3).post_straddle(4).fold(4).build()
    assert "out_of_turn" in codes(bad)
    small = table(4).post_sb(2).post_bb(3).post_straddle(4, 15).build()
    assert "post_wrong_amount" in codes(small, Severity.WARNING)


def test_post_after_action_warns():
    h = table(4).post_sb(2).post_bb(3).fold(4).post_bb(1).build()
    assert "post_after_action" in codes(h, Severity.WARNING)


def test_big_blind_all_in_on_the_ante_still_owes_the_others_the_full_blind():
    # Hand 47655901719: the big blind's ante puts him all-in, no blind is posted, and the
    # others call the full 120 (the small blind completes with 60).
    def hand(call_amount):
        return (
            HandBuilder(sb=60, bb=120, ante=15, button=4)
            .seat(1, "A", 4960, "Ah Ad")
            .seat(2, "B", 11, "2c 4d")
            .seat(3, "C", 10000)
            .seat(4, "D", 10000)
            .antes(1, 2, 3, 4)
            .post_sb(1)
            .call(3, call_amount)
            .fold(4)
            .call(1, 60)
            .flop("Kc 7d 9h")
            .bet(1, 200)
            .fold(3)
            .uncalled(1, 200)
            .turn("Js")
            .river("3s")
            .show(1, "Ah Ad")
            .show(2, "2c 4d")
            .collect(1, 44, pot=0)
            .collect(1, 252, pot=1)
            .build()
        )

    assert errors(hand(120)) == []
    # Twin: calling only the small blind's 60 leaves the round open.
    assert "round_not_closed" in codes(hand(60), Severity.ERROR)
