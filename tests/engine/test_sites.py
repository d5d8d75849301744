"""Engine scenarios reported by the site engineers: each transcribes the situation of a real hand
(named in the test) that the engine used to misjudge or crash on."""

from __future__ import annotations

import dataclasses
import random

from parsers.model import Action, ActionKind, Hand, LimitType, Seat, Street
from pipeline.engine import Severity, replay
from pipeline.engine.state import UNBOUNDED
from tests.support.handbuilder import HandBuilder
from tests.support.replaykit import check_down, codes, errors, heads_up, seat


def three_way(**kw) -> HandBuilder:
    return (
        HandBuilder(sb=2, bb=5, button=1, **kw)
        .seat(1, "Button", 500)
        .seat(2, "Small", 500)
        .seat(3, "Big", 500)
        .post_sb(2)
        .post_bb(3)
    )


# ---- 1. money the site adds (GGPoker RC3812373532 "Cash Drop to Pot", Winamax HOLD-UP) -------


def _cash_drop(winner_gets: int) -> Hand:
    return (
        three_way()
        .raise_to(1, 10)
        .fold(2)
        .call(3)
        .flop("Qd 6s 7c")
        .check(3)
        .bet(1, 44)
        .fold(3)
        .uncalled(1, 44)
        .site_adds("Cash Drop", 100)
        .rake(6)
        .collect(1, winner_gets)
        .build()
    )


def test_cash_drop_counts_in_the_pot_and_goes_to_the_winner():
    h = _cash_drop(100 + 22 - 6)
    assert h.report.total_pot == 122
    r = replay(h)
    assert errors(r) == [] and "chip_conservation" not in codes(r)
    assert r.total_pot == 122 and r.pots[0].amount == 122
    assert seat(r, 1).won == 116 and seat(r, 1).net == 106


def test_cash_drop_not_paid_to_the_winner_is_a_collected_mismatch():
    assert "collected_mismatch" in codes(replay(_cash_drop(22 - 6)))


# ---- 2. unmatched chips kept in the pot and paid to their owner (Ignition 3435150735) ----------


def test_walk_with_the_big_blind_kept_in_the_pot_is_only_noted():
    # Everyone folds to the BB; Total Pot($0.07), the BB collects $0.07, no return printed.
    h = three_way().fold(1).fold(2).collect(3, 7).total_pot(7).build()
    r = replay(h)
    assert errors(r) == [] and codes(r, Severity.WARNING) == []
    assert codes(r, Severity.INFO) == ["uncalled_bet_wrong"]
    assert seat(r, 3).net == 2 and seat(r, 2).net == -2 and r.total_pot == 7


def test_walk_kept_in_the_pot_without_a_printed_total_is_only_noted():
    # Zone Poker (4101241292) prints no total: the collection alone shows the chips went back.
    r = replay(three_way().fold(1).fold(2).collect(3, 7).total_pot(None).build())
    assert errors(r) == [] and codes(r, Severity.INFO) == ["uncalled_bet_wrong"]


def test_unmatched_chips_paid_to_someone_else_are_still_an_error():
    h = three_way().fold(1).fold(2).collect(2, 7).total_pot(7).build()
    assert "uncalled_bet_wrong" in codes(replay(h), Severity.ERROR)


# ---- 3. malformed cards never crash (PartyPoker Double Hold'em: three hole cards) ---------------


def _showdown(hole1: str, hole2: str, board: str = "As 7d 4h 9c 2s") -> Hand:
    return (
        heads_up((1, "A", 1000, hole1), (2, "B", 1000, hole2))
        .call(1)
        .check(2)
        .board(board)
        .show(2, hole2)
        .show(1, hole1)
        .collect(1, 20)
        .build()
    )


def test_three_hole_cards_are_an_invalid_card_finding_not_an_exception():
    r = replay(_showdown("Ah Kc Qd", "Ad Qc"))
    assert "invalid_card" in codes(r) and not r.payouts_verified


def test_unreadable_board_card_is_an_invalid_card_finding():
    r = replay(_showdown("Ah Kc", "Ad Qc", "As 7d 4h 9c 1x"))
    assert "invalid_card" in codes(r) and not r.payouts_verified


def test_no_exception_escapes_replay_on_odd_hands():
    rng = random.Random(7)
    base = _showdown("Ah Kc", "Ad Qc")
    kinds = list(ActionKind)
    junk_cards = [(), ("Ah",), ("Ah", "Ah"), ("Zz", "1c"), ("Ah", "Kc", "Qd", "Js"), ("",)]
    for _ in range(400):
        seats = [
            Seat(rng.choice([1, 2, 2, 3]), f"p{i}", rng.choice([0, 0, 5, 1000]),
                 hole_cards=rng.choice(junk_cards + [None]), stack_known=rng.random() > 0.2)
            for i in range(rng.randint(0, 4))
        ]
        actions = tuple(
            Action(rng.choice(list(Street)), rng.randint(0, 4), rng.choice(kinds),
                   rng.choice([0, 0, 5, 10, 1000, -5]), rng.choice([0, 10, 20]),
                   rng.random() < 0.2, rng.choice(junk_cards), i, rng.choice([None, 5]))
            for i in range(rng.randint(0, 12))
        )
        hand = dataclasses.replace(
            base,
            seats=tuple(seats),
            actions=actions,
            button_seat=rng.choice([None, 1, 2, 9]),
            boards=rng.choice([((),), (("As", "7d", "4h"),), (("As",) * 5,), ((), ())]),
            limit=rng.choice(list(LimitType)),
        )
        r = replay(hand)  # must not raise
        assert all(f.code for f in r.findings)


# ---- 4. a muck at showdown is a dead hand (888 539478640) ---------------------------------------


def _muck(paid: int, all_in: bool = False, site: str = "pacific888") -> Hand:
    b = HandBuilder(sb=5, bb=10, button=1, site=site).seat(1, "Jack3bet", 1000)
    b = b.seat(2, "MomWasRight", 20 if all_in else 1000).post_sb(1).post_bb(2)
    if all_in:
        b = b.raise_to(1, 20).call(2)
    else:
        b = check_down(b.call(1).check(2), (2, 1), "", "", "")
    return (
        b.board("Ks 4d 9h 9c 2s")
        .show(1, "Kc Qd")
        .muck(2, "4s 4c")
        .collect(paid, 40 if all_in else 20)
        .build()
    )


def test_mucked_better_hand_forfeits_the_pot():
    r = replay(_muck(paid=1))
    assert errors(r) == [] and r.payouts_verified and r.pots[0].winners == (1,)


def test_paying_the_player_who_mucked_the_worse_hand_is_a_collected_mismatch():
    # A paid summary muck is ranked by its cards: paying it when they lose is still an error.
    b = HandBuilder(sb=5, bb=10, button=1, site="pokerstars").seat(1, "A", 1000)
    b = check_down(b.seat(2, "B", 1000).post_sb(1).post_bb(2).call(1).check(2), (2, 1), "", "",
                   "")
    h = b.board("Ks 4d 9h 9c 2s").show(1, "Kc Qd").muck(2, "5s 6c").collect(2, 20).build()
    assert "collected_mismatch" in codes(replay(h), Severity.ERROR)


def test_a_summary_muck_the_site_paid_still_holds_the_best_hand():
    # Elsewhere "mucks [4s 4c]" in the summary from the best hand is the summary's wording: the
    # site paid it, and the cards say it won.
    r = replay(_muck(paid=2))
    assert errors(r) == [] and r.pots[0].winners == (2,)


def test_an_all_in_hand_is_tabled_and_ranked_even_when_the_log_says_mucks():
    # 888 190631995: an all-in player "mucks [Qc, Ad]" and is paid the pot he won.
    r = replay(_muck(paid=2, all_in=True))
    assert errors(r) == [] and r.pots[0].winners == (2,)


# ---- 5. fixed limit after a short all-in (iPoker 2855501026, Ignition 2596795140) ---------------


def _fl_river_after_short_all_in(short: int, raise_to: int) -> Hand:
    # FL 10/20: on the river Player4 bets all-in short of the 20 bet; Player13 raises.
    limped = (
        HandBuilder(sb=5, bb=10, button=1, limit=LimitType.FIXED_LIMIT, small_bet=10, big_bet=20)
        .seat(1, "Player1", 1000)
        .seat(2, "Player4", 10 + short)
        .seat(3, "Player13", 1000)
        .post_sb(2)
        .post_bb(3)
        .call(1)
        .call(2)
        .check(3)
    )
    river = check_down(limped, (2, 3, 1), "2c 7d 9h", "Js").river("3s")
    return river.all_in(2).raise_to(3, raise_to).build()


def fl_errors(short: int, raise_to: int) -> list[str]:
    """The sizing findings of the raise (the hand stops there, so its round stays open)."""
    r = replay(_fl_river_after_short_all_in(short, raise_to))
    return [c for c, _ in errors(r) if c not in ("round_not_closed", "uncalled_bet_wrong")]


def test_fixed_limit_raise_to_two_bets_over_a_short_all_in_bet_is_legal():
    assert fl_errors(13, 40) == []  # iPoker 2855501026: 0.13 all-in, raise to 0.40


def test_fixed_limit_raise_of_one_bet_over_the_short_all_in_is_legal():
    assert fl_errors(13, 33) == []  # the all-in of half a bet or more treated as a full bet


def test_fixed_limit_completing_a_short_all_in_under_half_a_bet_is_legal():
    assert fl_errors(8, 20) == []


def test_fixed_limit_raise_beyond_the_structure_is_still_wrong():
    assert "fixed_limit_wrong_size" in fl_errors(13, 50)


# ---- 6. everyone all in on the antes, no blinds (OnGame T5-295703542-3, PKR 2050887314) ---------


def _antes_only(returned: int) -> Hand:
    return (
        HandBuilder(sb=0, bb=0, ante=20, button=2)
        .seat(1, "Player0", 10, "5d 2c")
        .seat(2, "Hero", 20, "2h 8s")
        .post_ante(1)
        .post_ante(2)
        .uncalled(2, returned)
        .board("Js Qs Qh 7s Jd")
        .show(1, "5d 2c")
        .show(2, "2h 8s")
        .collect(2, 20)
        .build()
    )


def test_unmatched_part_of_an_all_in_ante_is_returned_without_a_blind():
    r = replay(_antes_only(10))
    assert errors(r) == [] and r.total_pot == 20
    assert seat(r, 2).won == 20 and seat(r, 1).net == -10 and seat(r, 2).final_stack == 30


def test_returning_more_than_the_unmatched_ante_is_an_error():
    assert "uncalled_bet_wrong" in codes(replay(_antes_only(15)), Severity.ERROR)


# ---- 7. ring blinds kept heads-up (Entraction 2645975604) --------------------------------------


def _ring_blinds_heads_up(flag: bool, site: str = "pokerstars") -> Hand:
    # Button seat 4 posts the big blind; seat 5 posts the small blind and acts first throughout.
    return (
        HandBuilder(sb=50, bb=100, button=4, button_posts_big_blind_heads_up=flag, site=site)
        .seat(4, "GrossoGatto", 10000)
        .seat(5, "ORFEO", 4850)
        .post_sb(5)
        .post_bb(4)
        .call(5)
        .check(4)
        .flop("2c 7d 9h")
        .check(5)
        .bet(4, 100)
        .fold(5)
        .uncalled(4, 100)
        .collect(4, 200)
        .build()
    )


def test_button_posting_the_big_blind_heads_up_is_honoured_when_flagged():
    r = replay(_ring_blinds_heads_up(True))
    assert r.findings == ()


def test_button_posting_the_big_blind_heads_up_is_wrong_without_the_flag():
    assert "post_wrong_seat" in codes(replay(_ring_blinds_heads_up(False)), Severity.ERROR)


# ---- 8. raise increment counted from a short all-in big blind (Winamax ...-31-1343075816) -------


def test_raise_increment_counted_from_a_short_big_blind_is_not_a_mismatch():
    h = (
        HandBuilder(sb=100, bb=200, button=1)
        .seat(1, "Player1", 5000)
        .seat(2, "Player2", 5000)
        .seat(3, "Player3", 119)
        .post_sb(2)
        .post_bb(3)
        .raise_to(1, 1795, by=1676)  # "raises 1676 to 1795": the 1676 counted from the 119
        .build()
    )
    assert "raise_to_mismatch" not in codes(replay(h))
    wrong = dataclasses.replace(
        h, actions=h.actions[:-1] + (dataclasses.replace(h.actions[-1], raise_by=1000),)
    )
    assert "raise_to_mismatch" in codes(replay(wrong))


# ---- 9. a showdown with no collection printed (Cake 3165C58A73000009) ---------------------------


def _no_collections() -> Hand:
    return (
        heads_up((3, "Hero", 265, "2d Ks"), (8, "Player0", 735, "Qd Qs"), sb=20, bb=40)
        .all_in(3)
        .call(8)
        .board("Qc As 4s Kd Ad")
        .show(3, "2d Ks")
        .show(8, "Qd Qs")
        .build()
    )


def test_showdown_without_any_collection_is_a_warning():
    r = replay(_no_collections())
    assert codes(r, Severity.WARNING) == ["no_collections"] and errors(r) == []


def test_showdown_without_collections_in_a_format_without_results_is_a_note():
    r = replay(dataclasses.replace(_no_collections(), site="phh"))
    assert codes(r, Severity.INFO) == ["no_collections"] and codes(r, Severity.WARNING) == []


# ---- 10. unknown stacks never leak the engine's unbounded stand-in -----------------------------


def test_unknown_stack_bounds_nothing_and_leaks_nowhere():
    h = (
        HandBuilder(sb=5, bb=10, button=1)
        .seat(1, "A", 1000)
        .seat(2, "Joiner", 10, stack_known=False)  # the log shows only the 10 he posts
        .post_sb(1)
        .post_bb(2)
        .raise_to(1, 100)
        .raise_to(2, 300)  # more than the lower bound: no stack rule may fire
        .fold(1)
        .uncalled(2, 200)
        .collect(2, 200)
        .build()
    )
    r = replay(h)
    assert errors(r) == []
    for s in r.seats:
        assert abs(s.final_stack) < UNBOUNDED // 2 and abs(s.net) < UNBOUNDED // 2
    assert all(abs(x) < UNBOUNDED // 2 for f in r.findings for x in f.amounts)
    assert seat(r, 2).won == 200 and seat(r, 2).net == 100


def test_button_posting_the_big_blind_heads_up_is_a_warning_where_the_log_cannot_tell():
    r = replay(_ring_blinds_heads_up(False, site="test"))
    assert errors(r) == [] and "post_wrong_seat" in codes(r, Severity.WARNING)
