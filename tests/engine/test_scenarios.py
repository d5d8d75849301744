"""Rule scenarios worked out by hand: a three-way split with odd chips, four all-ins of
different sizes, and a big-blind ante. Each hand reads like a hand history; the expected
payouts are computed in the comments, not by the engine."""

from __future__ import annotations

from pipeline.engine import replay
from tests.support.handbuilder import HandBuilder
from tests.support.replaykit import errors


def _won(result) -> dict[int, int]:
    return {s.seat: s.won for s in result.seats}


def test_three_way_split_gives_the_odd_chips_clockwise_from_the_button():
    # Royal flush on the board: seats 1, 2 and 3 tie; seat 4 folded on the flop.
    # Antes 4 x 1 + preflop 4 x 10 + flop 3 x 11 = 77 = 3 x 25 + 2 odd chips.
    # The odd chips go one each to the first winners left of the button (seat 4): 1, then 2.
    h = (
        HandBuilder(sb=5, bb=10, ante=1, button=4)
        .seat(1, "Ann", 500, "2c 3d")
        .seat(2, "Bob", 500, "4c 5d")
        .seat(3, "Cid", 500, "6c 7d")
        .seat(4, "Dee", 500, "8c 9d")
        .antes(1, 2, 3, 4)
        .post_sb(1)
        .post_bb(2)
        .call(3)
        .call(4)
        .call(1)
        .check(2)
        .flop("Ts Js Qs")
        .bet(1, 11)
        .call(2)
        .call(3)
        .fold(4)
        .turn("Ks")
        .check(1)
        .check(2)
        .check(3)
        .river("As")
        .check(1)
        .check(2)
        .check(3)
        .show(1, "2c 3d")
        .show(2, "4c 5d")
        .show(3, "6c 7d")
        .collect(1, 26)
        .collect(2, 26)
        .collect(3, 25)
        .total_pot(77)
        .build()
    )
    result = replay(h)
    assert errors(result) == []
    assert result.total_pot == 77
    assert _won(result) == {1: 26, 2: 26, 3: 25, 4: 0}


def test_four_all_ins_of_different_sizes_make_four_pots():
    # Stacks 100/200/300/400 all in, seat 5 (1000) calls 400. Levels 100, 200, 300, 400:
    # main 5 x 100 = 500, side-1 4 x 100 = 400, side-2 3 x 100 = 300, side-3 2 x 100 = 200.
    # Hands rank AA > KK > QQ > TT > 5-4 high, so each pot goes to its shortest eligible stack.
    h = (
        HandBuilder(sb=5, bb=10, button=5)
        .seat(1, "Ann", 100, "As Ah")
        .seat(2, "Bob", 200, "Ks Kh")
        .seat(3, "Cid", 300, "Qs Qh")
        .seat(4, "Dee", 400, "Ts Th")
        .seat(5, "Eve", 1000, "5c 4d")
        .post_sb(1)
        .post_bb(2)
        .all_in(3)
        .all_in(4)
        .call(5)
        .call(1)
        .call(2)
        .flop("2c 7d 9h")
        .turn("Jc")
        .river("3s")
        .show(1, "As Ah")
        .show(2, "Ks Kh")
        .show(3, "Qs Qh")
        .show(4, "Ts Th")
        .show(5, "5c 4d")
        .collect(1, 500)
        .collect(2, 400)
        .collect(3, 300)
        .collect(4, 200)
        .total_pot(1400)
        .pots(500, 400, 300, 200)
        .build()
    )
    result = replay(h)
    assert errors(result) == []
    assert [p.amount for p in result.pots] == [500, 400, 300, 200]
    assert [set(p.eligible) for p in result.pots] == [
        {1, 2, 3, 4, 5}, {2, 3, 4, 5}, {3, 4, 5}, {4, 5}
    ]
    assert [p.winners for p in result.pots] == [(1,), (2,), (3,), (4,)]
    assert _won(result) == {1: 500, 2: 400, 3: 300, 4: 200, 5: 0}
    assert {s.seat: s.net for s in result.seats}[5] == -400


def test_big_blind_ante_is_dead_money_posted_by_the_big_blind_alone():
    # Big-blind ante: the big blind pays the table's ante (10) before the blind. Everyone folds
    # to him: the small blind's 5 is matched, his other 5 comes back uncalled, and he collects
    # 5 + 5 + the ante 10 = 20, a net of +5 (he put in 10 + 10, got 5 back, collects 20).
    h = (
        HandBuilder(sb=5, bb=10, ante=10, button=1)
        .seat(1, "Ann", 1000)
        .seat(2, "Bob", 1000)
        .seat(3, "Cid", 1000)
        .post_ante(3, 10)
        .post_sb(2)
        .post_bb(3)
        .fold(1)
        .fold(2)
        .uncalled(3, 5)
        .collect(3, 20)
        .total_pot(20)
        .build()
    )
    result = replay(h)
    assert errors(result) == []
    assert result.total_pot == 20
    seats = {s.seat: s for s in result.seats}
    assert (seats[3].invested, seats[3].won, seats[3].net) == (15, 20, 5)
    assert seats[2].net == -5 and seats[1].net == 0
