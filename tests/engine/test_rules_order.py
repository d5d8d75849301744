"""Engine rules about turn order, betting rounds, streets and cards.

Each rule has a broken hand that must yield its code and a clean twin that must yield no error.
(Posts: test_engine_rules_posts.py; bet sizes and limits: test_engine_rules_sizes.py.)
"""

from __future__ import annotations

import pytest

from pipeline.engine import Severity, replay
from tests.support.handbuilder import HandBuilder
from tests.support.replaykit import BOARD, check_down, codes, errors, table, three_handed

# ---- turn order ---------------------------------------------------------------------------


def test_out_of_turn_preflop():
    h = table(4).post_sb(2).post_bb(3).fold(1).fold(4).build()
    assert "out_of_turn" in codes(h)


def test_postflop_starts_left_of_button_skipping_folded():
    b = table(4).post_sb(2).post_bb(3).call(4).call(1).fold(2).check(3)
    ok = check_down(b, (3, 4, 1), *BOARD).show(3, "Ah Ad").show(4, "Kh Kd").show(1, "Qh Qd")
    assert errors(ok.build()) == []


def test_acted_after_fold_and_all_in():
    h = table().post_sb(2).post_bb(3).fold(1).fold(2).call(2).build()
    assert "acted_after_fold" in codes(h)
    b = table().post_sb(2).post_bb(3).all_in(1).call(2).call(3)
    assert "acted_after_all_in" in codes(check_down(b, (2, 3, 1), BOARD[0]).build())


def test_action_after_round_closed():
    h = table().post_sb(2).post_bb(3).call(1).call(2).check(3).check(1).build()
    assert "out_of_turn" in codes(h)


def test_fast_fold_early_fold_is_a_warning():
    h = table(4, fast_fold=True).post_sb(2).post_bb(3).fold(2).fold(4).fold(1).build()
    assert "out_of_turn" in codes(h, Severity.WARNING)
    assert "out_of_turn" not in codes(h, Severity.ERROR)


def test_fold_after_all_in_blind_is_a_warning_and_forfeits():
    h = (
        three_handed(c=10)
        .fold(1)
        .fold(2)
        .fold(3)
        .build()
    )
    assert "acted_after_all_in" in codes(h, Severity.WARNING)
    assert "acted_after_all_in" not in codes(h, Severity.ERROR)


# ---- rounds -------------------------------------------------------------------------------


def test_round_not_closed():
    h = table().post_sb(2).post_bb(3).raise_to(1, 30).call(2).flop("2c 3d 4h").check(2).build()
    assert "round_not_closed" in codes(h)
    # the river was never played though two players could bet
    limped = table(2, button=1).post_sb(1).post_bb(2).call(1).check(2)
    h = check_down(limped, (2, 1), *BOARD[:2]).board("2c 3d 4h 5s 9d")
    assert "round_not_closed" in codes(h.show(1, "Ah Ad").show(2, "Kh Kd").build())


def test_round_not_closed_names_every_seat_still_owing_in_seat_order():
    # Seat 3 raises last: the seats after it (4, then round to 1 and 2) still owe a decision.
    b = table(4).post_sb(2).post_bb(3).call(4).call(1).call(2).raise_to(3, 30)
    r = replay(b.flop("2c 3d 4h").check(2).build())
    first = next(f for f in r.findings if f.code == "round_not_closed")
    assert first.message == (
        "preflop ended before flop with seat 1 (AAA) ($0.10 in against $0.30), seat 2 (BBB) "
        "($0.10 in against $0.30), seat 4 (DDD) ($0.10 in against $0.30) still to act"
    )
    assert first.line == 16


def test_last_player_with_chips_calls_only_what_the_all_ins_put_in():
    # Hand 25234313412: the big blind is all-in short (360 of 600), the next player all-in for
    # 480; the small blind, alone with chips, calls to 480 and the round is over.
    h = (
        HandBuilder(sb=300, bb=600, button=1)
        .seat(1, "A", 5000)
        .seat(2, "B", 1720, "Kh Kd")
        .seat(3, "C", 360, "Qh Qd")
        .seat(4, "D", 480, "Ah Ad")
        .post_sb(2)
        .post_bb(3)
        .call(4, 480)
        .fold(1)
        .call(2, 180)
        .board("2c 7d 9h Js 3s")
        .collect(4, 1320)
        .build()
    )
    assert errors(h) == []
    # Twin: someone else with chips still owes the full big blind, so stopping at 480 is wrong.
    broken = (
        HandBuilder(sb=300, bb=600, button=1)
        .seat(1, "A", 5000)
        .seat(2, "B", 1720)
        .seat(3, "C", 360)
        .seat(4, "D", 480)
        .post_sb(2)
        .post_bb(3)
        .call(4, 480)
        .call(1, 600)
        .call(2, 180)
        .build()
    )
    assert "round_not_closed" in codes(broken)


# ---- streets and cards --------------------------------------------------------------------


def _heads_up_all_in(*boards: str) -> HandBuilder:
    """Both all in preflop, the board(s) run out with no betting, both show."""
    return (
        table(2, button=1)
        .post_sb(1)
        .post_bb(2)
        .all_in(1)
        .call(2)
        .board(*boards)
        .show(1, "Ah Ad")
        .show(2, "Kh Kd")
    )


@pytest.mark.parametrize("boards", [
    ("2c 3d 4h 5s 9d",),  # all in: the board runs out without betting
    ("2c 3d 4h 5s 9d", "2c 3d 4h 6s 9c"),  # run twice: the second run shares only the flop
])
def test_all_in_runs_out_the_board_without_betting(boards):
    assert errors(_heads_up_all_in(*boards).build()) == []


@pytest.mark.parametrize(("boards", "code"), [
    (("2c 3d 4h 5s",), "wrong_board_size"),
    (("Ah 3d 4h 5s 9d",), "duplicate_card"),  # the board holds a hole card
    (("2c 3d 4h 5s 9d", "2c 3d 4h 6s 9d"), "duplicate_card"),  # 9d on both rivers
])
def test_broken_run_out_boards(boards, code):
    assert code in codes(_heads_up_all_in(*boards).build())


def test_wrong_board_size_on_a_street():
    h = table().post_sb(2).post_bb(3).call(1).call(2).check(3).flop("2c 3d 4h 5s").check(2).build()
    assert "wrong_board_size" in codes(h)
