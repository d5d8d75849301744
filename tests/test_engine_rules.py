"""Engine scenarios about the rules: posts, turn order, bet legality, streets and cards.

Each rule has a broken hand that must yield its code and a clean twin that must yield no error.
"""

from __future__ import annotations

from handbuilder import HandBuilder

from parsers.model import LimitType
from pipeline.engine import CODES, Severity, catalogue, replay


def codes(h, severity=None):
    return [f.code for f in replay(h).findings if severity is None or f.severity is severity]


def errors(h):
    return [(f.code, f.message) for f in replay(h).findings if f.severity is Severity.ERROR]


def table(n=3, stack=1000, **kw) -> HandBuilder:
    b = HandBuilder(**kw)
    for i in range(1, n + 1):
        b.seat(i, "ABCDEFGHIJ"[i - 1] * 3, stack)
    return b


def test_catalogue_is_consistent():
    assert len({c.code for c in catalogue()}) == len(catalogue()) == len(CODES)
    assert all(c.description for c in catalogue())


# ---- posts --------------------------------------------------------------------------------


def test_blinds_in_position_are_clean():
    h = table(4).post_sb(2).post_bb(3).fold(4).fold(1).fold(2).uncalled(3, 5).build()
    assert errors(h) == []


def test_small_blind_out_of_position_warns():
    h = table(4).post_sb(3).post_bb(4).fold(1).fold(2).fold(3).uncalled(4, 5).build()
    assert "post_wrong_seat" in codes(h, Severity.WARNING)


def test_heads_up_button_posts_small_blind():
    ok = table(2, button=1).post_sb(1).post_bb(2).fold(1).uncalled(2, 5).build()
    assert errors(ok) == []
    bad = table(2, button=1).post_sb(2).post_bb(1).fold(2).uncalled(1, 5).build()
    assert "post_wrong_seat" in codes(bad, Severity.ERROR)


def test_heads_up_order_button_first_preflop_last_postflop():
    ok = (
        table(2, button=1)
        .post_sb(1)
        .post_bb(2)
        .call(1)
        .check(2)
        .flop("2c 3d 4h")
        .check(2)
        .check(1)
        .turn("5s")
        .check(2)
        .check(1)
        .river("9d")
        .check(2)
        .check(1)
        .build()
    )
    assert "out_of_turn" not in codes(ok)
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
        HandBuilder(button=1)
        .seat(1, "A", 1000)
        .seat(2, "B", 1000)
        .seat(3, "C", 6)
        .post_sb(2)
        .post_bb(3)
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
    h = (
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
        .flop("2c 3d 4h")
        .check(3)
        .check(4)
        .check(5)
        .turn("5s")
        .check(3)
        .check(4)
        .check(5)
        .river("9d")
        .check(3)
        .check(4)
        .check(5)
        .show(3, "Qh Qd")
        .show(4, "Ah Ad")
        .show(5, "Kh Kd")
        .build()
    )
    assert errors(h) == []


def test_antes_and_dead_blind_amounts_warn():
    h = table(ante=2).post_ante(1, 3).post_ante(2).post_ante(3).post_sb(2).post_bb(3).build()
    assert "post_wrong_amount" in codes(h, Severity.WARNING)


def test_straddle_moves_the_first_action():
    ok = (
        table(4)
        .post_sb(2)
        .post_bb(3)
        .post_straddle(4)
        .call(1)
        .fold(2)
        .fold(3)
        .check(4)
        .flop("2c 3d 4h")
        .check(4)
        .check(1)
        .turn("5s")
        .check(4)
        .check(1)
        .river("9d")
        .check(4)
        .check(1)
        .show(1, "Ah Ad")
        .show(4, "Kh Kd")
        .build()
    )
    assert errors(ok) == []
    bad = table(4).post_sb(2).post_bb(3).post_straddle(4).fold(4).build()
    assert "out_of_turn" in codes(bad)
    small = table(4).post_sb(2).post_bb(3).post_straddle(4, 15).build()
    assert "post_wrong_amount" in codes(small, Severity.WARNING)


def test_post_after_action_warns():
    h = table(4).post_sb(2).post_bb(3).fold(4).post_bb(1).build()
    assert "post_after_action" in codes(h, Severity.WARNING)


# ---- turn order ---------------------------------------------------------------------------


def test_out_of_turn_preflop():
    h = table(4).post_sb(2).post_bb(3).fold(1).fold(4).build()
    assert "out_of_turn" in codes(h)


def test_postflop_starts_left_of_button_skipping_folded():
    ok = (
        table(4)
        .post_sb(2)
        .post_bb(3)
        .call(4)
        .call(1)
        .fold(2)
        .check(3)
        .flop("2c 3d 4h")
        .check(3)
        .check(4)
        .check(1)
        .turn("5s")
        .check(3)
        .check(4)
        .check(1)
        .river("9d")
        .check(3)
        .check(4)
        .check(1)
        .show(3, "Ah Ad")
        .show(4, "Kh Kd")
        .show(1, "Qh Qd")
        .build()
    )
    assert errors(ok) == []


def test_acted_after_fold_and_all_in():
    h = table().post_sb(2).post_bb(3).fold(1).fold(2).call(2).build()
    assert "acted_after_fold" in codes(h)
    h = (
        table()
        .post_sb(2)
        .post_bb(3)
        .all_in(1)
        .call(2)
        .call(3)
        .flop("2c 3d 4h")
        .check(2)
        .check(3)
        .check(1)
        .build()
    )
    assert "acted_after_all_in" in codes(h)


def test_action_after_round_closed():
    h = table().post_sb(2).post_bb(3).call(1).call(2).check(3).check(1).build()
    assert "out_of_turn" in codes(h)


def test_fast_fold_early_fold_is_a_warning():
    h = table(4, fast_fold=True).post_sb(2).post_bb(3).fold(2).fold(4).fold(1).build()
    assert "out_of_turn" in codes(h, Severity.WARNING)
    assert "out_of_turn" not in codes(h, Severity.ERROR)


# ---- legality -----------------------------------------------------------------------------


def test_illegal_check():
    assert "illegal_check" in codes(table().post_sb(2).post_bb(3).check(1).build())
    assert "illegal_check" not in codes(
        table().post_sb(2).post_bb(3).call(1).call(2).check(3).build()
    )


def test_wrong_call_amount_and_short_all_in_call():
    assert "wrong_call_amount" in codes(table().post_sb(2).post_bb(3).call(1, 5).build())
    h = (
        HandBuilder(button=1)
        .seat(1, "A", 1000)
        .seat(2, "B", 30)
        .seat(3, "C", 1000)
        .post_sb(2)
        .post_bb(3)
        .raise_to(1, 100)
        .call(2)
        .fold(3)
        .uncalled(1, 70)
        .flop("2c 3d 4h")
        .turn("5s")
        .river("6c")
        .show(1, "Ah Ad")
        .show(2, "Kh Kd")
        .build()
    )
    assert errors(h) == []


def test_raise_too_small_and_bet_too_small():
    h = table().post_sb(2).post_bb(3).raise_to(1, 30).raise_to(2, 40).build()
    assert "raise_too_small" in codes(h)
    msg = [f.message for f in replay(h).findings if f.code == "raise_too_small"][0]
    assert msg == "seat 2 (BBB) raises to 40 on preflop: minimum raise is to 50"
    ok = table().post_sb(2).post_bb(3).raise_to(1, 30).raise_to(2, 50).build()
    assert "raise_too_small" not in codes(ok)
    h = table().post_sb(2).post_bb(3).call(1).call(2).check(3).flop("2c 3d 4h").bet(2, 5).build()
    assert "bet_too_small" in codes(h)


def test_short_all_in_raise_does_not_reopen():
    def hand():
        return (
            HandBuilder(button=1)
            .seat(1, "A", 1000)
            .seat(2, "B", 1000)
            .seat(3, "C", 45)
            .post_sb(2)
            .post_bb(3, 10)
        )

    # A raises to 30, B calls, C all-in to 45 (a short raise of 15 < 20): A and B may only call.
    bad = hand().raise_to(1, 30).call(2).all_in(3).raise_to(1, 100).build()
    assert "reopen_violation" in codes(bad)
    ok = (
        hand()
        .raise_to(1, 30)
        .call(2)
        .all_in(3)
        .call(1)
        .call(2)
        .flop("2c 3d 4h")
        .check(2)
        .check(1)
        .turn("5s")
        .check(2)
        .check(1)
        .river("9d")
        .check(2)
        .check(1)
        .show(1, "Ah Ad")
        .show(2, "Kh Kd")
        .show(3, "Qh Qd")
        .build()
    )
    assert errors(ok) == []


def test_full_all_in_raise_reopens():
    h = (
        HandBuilder(button=1)
        .seat(1, "A", 1000)
        .seat(2, "B", 1000)
        .seat(3, "C", 60)
        .post_sb(2)
        .post_bb(3)
        .raise_to(1, 30)
        .call(2)
        .all_in(3)
        .raise_to(1, 200)
        .build()
    )
    assert "reopen_violation" not in codes(h)


def test_pot_limit_max():
    def hand():
        return table(limit=LimitType.POT_LIMIT).post_sb(2).post_bb(3)

    # pot 15 + call 10 = 25 on top of the 10: raise to 35 at most
    assert "pot_limit_exceeded" not in codes(hand().raise_to(1, 35).build())
    assert "pot_limit_exceeded" in codes(hand().raise_to(1, 36).build())
    h = hand().call(1).call(2).check(3).flop("2c 3d 4h").bet(2, 31).build()
    assert "pot_limit_exceeded" in codes(h)


def test_fixed_limit_sizes_and_cap():
    def hand(n=3):
        return table(n, limit=LimitType.FIXED_LIMIT, sb=5, bb=10, small_bet=10, big_bet=20)

    h = hand().post_sb(2).post_bb(3).raise_to(1, 30).build()
    assert "fixed_limit_wrong_size" in codes(h)
    ok = (
        hand()
        .post_sb(2)
        .post_bb(3)
        .raise_to(1, 20)
        .raise_to(2, 30)
        .raise_to(3, 40)
        .call(1)
        .call(2)
        .flop("2c 3d 4h")
        .bet(2, 10)
        .call(3)
        .call(1)
        .turn("5s")
        .bet(2, 20)
        .call(3)
        .call(1)
        .river("9d")
        .check(2)
        .check(3)
        .check(1)
        .show(1, "Ah Ad")
        .show(2, "Kh Kd")
        .show(3, "Qh Qd")
        .build()
    )
    assert errors(ok) == []
    capped = hand().post_sb(2).post_bb(3).raise_to(1, 20).raise_to(2, 30).raise_to(3, 40)
    assert "fixed_limit_cap" in codes(capped.raise_to(1, 50).build(), Severity.ERROR)
    hu = (
        hand(2)
        .post_sb(1)
        .post_bb(2)
        .raise_to(1, 20)
        .raise_to(2, 30)
        .raise_to(1, 40)
        .raise_to(2, 50)
        .build()
    )
    assert "fixed_limit_cap" in codes(hu, Severity.WARNING)
    assert "fixed_limit_cap" not in codes(hu, Severity.ERROR)
    turn = (
        hand()
        .post_sb(2)
        .post_bb(3)
        .call(1)
        .call(2)
        .check(3)
        .flop("2c 3d 4h")
        .check(2)
        .check(3)
        .check(1)
        .turn("5s")
        .bet(2, 10)
        .build()
    )
    assert "fixed_limit_wrong_size" in codes(turn)


def test_bet_exceeds_stack():
    h = (
        HandBuilder(button=1)
        .seat(1, "A", 50)
        .seat(2, "B", 1000)
        .seat(3, "C", 1000)
        .post_sb(2)
        .post_bb(3)
        .raise_to(1, 60)
        .build()
    )
    assert "bet_exceeds_stack" in codes(h)


def test_bet_when_facing_bet_and_raise_without_bet():
    h = table().post_sb(2).post_bb(3).call(1).call(2).check(3).flop("2c 3d 4h").bet(2, 10)
    assert "bet_when_facing_bet" in codes(h.bet(3, 30).build(), Severity.WARNING)
    h = table().post_sb(2).post_bb(3).call(1).call(2).check(3).flop("2c 3d 4h")
    assert "raise_without_bet" in codes(h.raise_to(2, 20).build(), Severity.WARNING)


def test_raise_to_mismatch():
    h = table().post_sb(2).post_bb(3).raise_to(1, 30, amount=25).build()
    assert "raise_to_mismatch" in codes(h)


# ---- streets and cards --------------------------------------------------------------------


def test_round_not_closed():
    h = table().post_sb(2).post_bb(3).raise_to(1, 30).call(2).flop("2c 3d 4h").check(2).build()
    assert "round_not_closed" in codes(h)
    # the river was never played though two players could bet
    h = (
        table(2, button=1)
        .post_sb(1)
        .post_bb(2)
        .call(1)
        .check(2)
        .flop("2c 3d 4h")
        .check(2)
        .check(1)
        .turn("5s")
        .check(2)
        .check(1)
        .board("2c 3d 4h 5s 9d")
        .show(1, "Ah Ad")
        .show(2, "Kh Kd")
        .build()
    )
    assert "round_not_closed" in codes(h)


def test_all_in_runs_out_the_board_without_betting():
    h = (
        table(2, button=1)
        .post_sb(1)
        .post_bb(2)
        .all_in(1)
        .call(2)
        .board("2c 3d 4h 5s 9d")
        .show(1, "Ah Ad")
        .show(2, "Kh Kd")
        .build()
    )
    assert errors(h) == []


def test_wrong_board_size():
    h = table().post_sb(2).post_bb(3).call(1).call(2).check(3).flop("2c 3d 4h 5s").check(2).build()
    assert "wrong_board_size" in codes(h)
    h = (
        table(2, button=1)
        .post_sb(1)
        .post_bb(2)
        .all_in(1)
        .call(2)
        .board("2c 3d 4h 5s")
        .show(1, "Ah Ad")
        .show(2, "Kh Kd")
        .build()
    )
    assert "wrong_board_size" in codes(h)


def test_duplicate_card():
    h = (
        table(2, button=1)
        .post_sb(1)
        .post_bb(2)
        .all_in(1)
        .call(2)
        .board("Ah 3d 4h 5s 9d")
        .show(1, "Ah Ad")
        .show(2, "Kh Kd")
        .build()
    )
    assert "duplicate_card" in codes(h)
    rit = (
        table(2, button=1)
        .post_sb(1)
        .post_bb(2)
        .all_in(1)
        .call(2)
        .board("2c 3d 4h 5s 9d", "2c 3d 4h 6s 9d")
        .show(1, "Ah Ad")
        .show(2, "Kh Kd")
        .build()
    )
    assert "duplicate_card" in codes(rit)
    ok = (
        table(2, button=1)
        .post_sb(1)
        .post_bb(2)
        .all_in(1)
        .call(2)
        .board("2c 3d 4h 5s 9d", "2c 3d 4h 6s 9c")
        .show(1, "Ah Ad")
        .show(2, "Kh Kd")
        .build()
    )
    assert errors(ok) == []


def test_messages_name_seat_street_and_amounts():
    h = table().post_sb(2).post_bb(3).check(1).build()
    (f,) = [f for f in replay(h).findings if f.code == "illegal_check"]
    assert "seat 1 (AAA)" in f.message and "preflop" in f.message and "10" in f.message
    assert f.line > 0


def test_fold_after_all_in_blind_is_a_warning_and_forfeits():
    h = (
        HandBuilder(button=1)
        .seat(1, "A", 1000)
        .seat(2, "B", 1000)
        .seat(3, "C", 10)
        .post_sb(2)
        .post_bb(3)
        .fold(1)
        .fold(2)
        .fold(3)
        .build()
    )
    assert "acted_after_all_in" in codes(h, Severity.WARNING)
    assert "acted_after_all_in" not in codes(h, Severity.ERROR)


# ---- real-log shapes (PokerStars corpus) -----------------------------------------------------


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


def test_raise_measured_from_last_full_bet_after_short_all_in_is_a_warning():
    # Hand 194070799107: 30 big blind, an all-in raise to 51 (short), then a raise to 72.
    # The full-raise rule says at least 81; PokerStars allowed it (at least 60 from the last full
    # bet): a warning. Below even that, it is an error.
    def hand(to):
        return (
            table(4, stack=1000, sb=15, bb=30, button=1)
            .seat(5, "EEE", 51)
            .post_sb(2)
            .post_bb(3)
            .fold(4)
            .all_in(5)
            .fold(1)
            .raise_to(2, to)
            .build()
        )

    assert "raise_too_small" in codes(hand(72), Severity.WARNING)
    assert "raise_too_small" not in codes(hand(72), Severity.ERROR)
    assert "raise_too_small" in codes(hand(59), Severity.ERROR)
    assert "raise_too_small" not in codes(hand(81))


def test_printed_raise_increment_is_checked():
    # PokerStars prints "raises 20 to 40": the increment over the bet. A corrupted increment
    # (a real fpdb sample, hand 2667630751, prints the chips added instead) is caught.
    def hand(by):
        return table(2, sb=10, bb=20, button=2).post_sb(2).post_bb(1).raise_to(2, 40, by=by).build()

    assert "raise_to_mismatch" not in codes(hand(20))
    assert "raise_to_mismatch" in codes(hand(30), Severity.ERROR)
    # With the big blind all-in short (160 of 200) the site measures from the chips in.
    short = (
        table(3, sb=100, bb=200, button=1)
        .seat(4, "DDD", 160)
        .post_sb(2)
        .post_bb(4)
        .raise_to(3, 560, by=400)
        .build()
    )
    assert "raise_to_mismatch" not in codes(short)
