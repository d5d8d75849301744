"""Seats, turn order, cascades and awards by each site's conventions (pipeline/engine/sites.py,
cascade.py): one scenario per rule, each hand written as the site's log would run.
"""

from __future__ import annotations

from parsers.model import LimitType
from pipeline.engine import Severity, replay
from pipeline.engine.cascade import posted_stakes
from tests.support.handbuilder import HandBuilder
from tests.support.replaykit import codes, errors, table

# ---- one root cause, one error -------------------------------------------------------------


def _previous_level(site: str) -> HandBuilder:
    """888 tournament 778807232: the header says 200/400, the players post 150/300 (the level
    before) and bet 300 on the flop and turn."""
    b = table(3, stack=5000, button=1, sb=200, bb=400, site=site)
    b.post_sb(2, 150).post_bb(3, 300).call(1, 300).call(2, 150).check(3)
    b.flop("2c 7d 9h").check(2).bet(3, 300).call(1).fold(2)
    b.turn("Jh").bet(3, 300).call(1).river("Qs").check(3).check(1)
    return b.board("2c 7d 9h Jh Qs").show(3, "Ah Ad").show(1, "Kc Kd").collect(3, 2100)


def test_stakes_from_the_previous_level_are_one_warning():
    """A correct hand under a stale header: the stakes are the posts, the header's fault one
    warning that explains the findings it would have caused (no error at all)."""
    r = replay(_previous_level("pacific888").build())
    assert codes(r, Severity.ERROR) == []
    (root,) = [f.message for f in r.findings if f.code == "post_wrong_amount"]
    assert [f.severity for f in r.findings if f.code == "post_wrong_amount"] == [
        Severity.WARNING]
    assert "($1.50/$3.00)" in root and "($2.00/$4.00)" in root and "explains 4 findings" in root
    # the stakes stored are the ones the hand was judged at
    assert (r.stakes.small_blind, r.stakes.big_blind) == (150, 300)


def test_stakes_echoes_fold_on_the_big_three_too():
    # One root warning on PokerStars, GGPoker and Ignition as well (both cores fold them).
    for site in ("pokerstars", "ggpoker", "ignition"):
        r = replay(_previous_level(site).build())
        assert codes(r, Severity.ERROR) == [], site
        assert codes(r, Severity.WARNING) == ["post_wrong_amount"], site


def test_a_real_fault_after_a_wrong_header_is_still_reported():
    # Judged at the posted blinds, a raise too small there is still an error of its own, and
    # the header's fault stays an error beside it.
    b = table(3, stack=5000, button=1, sb=200, bb=400, site="pacific888")
    b.post_sb(2, 150).post_bb(3, 300).raise_to(1, 400).fold(2).fold(3).uncalled(1, 100)
    r = replay(b.collect(1, 750).build())
    assert codes(r, Severity.ERROR) == ["post_wrong_amount", "raise_too_small"]
    assert "minimum raise is to $6.00" in errors(r)[1][1]  # measured from the posted 300


def test_stakes_in_other_units_scale_the_fixed_limit_bets():
    b = table(2, button=1, sb=500, bb=1000, limit=LimitType.FIXED_LIMIT, small_bet=1000,
              big_bet=2000)
    b.post_sb(1, 100).post_bb(2, 200)
    stakes, _ = posted_stakes(b.build())
    assert (stakes.small_blind, stakes.big_blind, stakes.small_bet, stakes.big_bet) == (
        100, 200, 200, 400)


def test_one_wrong_blind_is_its_own_finding_not_a_header_fault():
    b = table(3, button=1, site="pacific888").post_sb(2, 4).post_bb(3).fold(1).fold(2)
    assert posted_stakes(b.build()) is None
    assert replay(b.build()).stakes is None  # the header's stakes stand


# ---- turn order where the log cannot say -----------------------------------------------------


def _no_blind_lines(site: str, first: int) -> HandBuilder:
    """A tournament log that prints no blind lines: the first actor cannot be judged."""
    b = table(4, button=1, site=site)
    b.raise_to(first, 30, 30)
    for s in [s for s in (3, 4, 1, 2) if s != first]:
        b.fold(s)
    return b.uncalled(first, 30).collect(first, 0)


def test_no_blind_lines_leave_the_first_actor_unjudged():
    r = replay(_no_blind_lines("test", 3).build())
    assert "out_of_turn" not in codes(r)
    # ... but the order after him is judged (a call ahead of seat 4's turn)
    b = table(4, button=1).raise_to(3, 30, 30).call(1, 30).fold(4).fold(2)
    assert "out_of_turn" in codes(replay(b.build()), Severity.ERROR)


def _advance_fold(site: str) -> HandBuilder:
    """888 436408568's shape: seat 4 (the button's left-hand opener's neighbour) ticks the
    fold box and the log prints his fold before seat 3 acts, whose turn it was; the rest
    play in turn."""
    b = table(5, button=5, site=site).post_sb(1).post_bb(2)
    b.fold(4).call(3).fold(5).call(1, 5).check(2)
    b.flop("2c 7d 9h").check(1).check(2).check(3).turn("Jh").check(1).check(2).check(3)
    b.river("Qs").check(1).check(2).check(3).board("2c 7d 9h Jh Qs")
    return b.show(1, "Ah Ad").show(2, "2h 3h").show(3, "4c 5c").collect(1, 30)


def test_an_advance_fold_takes_effect_at_the_players_turn():
    """A fold printed ahead of its turn while the round still owes the player a decision is
    his advance fold: one warning, and the turn stays where it was (the next player in turn
    is not out of turn)."""
    r = replay(_advance_fold("pacific888").build())
    assert errors(r) == []
    warned = [f for f in r.findings if f.code == "out_of_turn"]
    assert len(warned) == 1 and warned[0].severity is Severity.WARNING
    assert "advance fold" in warned[0].message and "seat 4" in warned[0].message
    assert [s.net for s in r.seats] == [20, -10, -10, 0, 0]


def test_an_advance_fold_is_out_of_turn_on_pokerstars():
    """PokerStars prints folds in turn: a fold ahead of it is judged, and the next player's
    action after it too."""
    assert "out_of_turn" in codes(replay(_advance_fold("pokerstars").build()), Severity.ERROR)


def test_no_blind_lines_on_pokerstars_judge_from_the_button():
    assert "out_of_turn" in codes(replay(_no_blind_lines("pokerstars", 3).build()))


def _leaver(site: str) -> HandBuilder:
    """Seat 4 posts a returning big blind and leaves; the others play on without him."""
    b = table(4, button=1, site=site).post_sb(2).post_bb(3).post_bb(4)
    return b.call(1).call(2, 5).check(3).flop("2c 7d 9h").check(2).check(3).check(1)


def test_a_player_who_leaves_after_posting_is_folded_with_a_warning():
    b = _leaver("test").turn("Jh").check(2).check(3).check(1).river("Qs")
    b = b.check(2).check(3).check(1)
    b = b.board("2c 7d 9h Jh Qs").show(2, "Ah Ad").show(3, "2h 3h").show(1, "4c 5c")
    r = replay(b.collect(2, 40).build())
    assert errors(r) == [] and "out_of_turn" in codes(r, Severity.WARNING)


def test_a_player_who_leaves_after_posting_is_out_of_turn_on_pokerstars():
    assert "out_of_turn" in codes(replay(_leaver("pokerstars").build()), Severity.ERROR)


def test_a_log_that_stops_after_the_posts_is_not_a_leaver():
    # Merge 33325037-509: one fold, then nothing, no result: the log is cut off.
    b = table(4, button=1).post_sb(2).post_bb(3).fold(4)
    assert "round_not_closed" in codes(replay(b.build()), Severity.ERROR)


# ---- awards ----------------------------------------------------------------------------------


def _rounded_fee(site: str, collected: int) -> HandBuilder:
    """GGPoker RC3793645305: fees of 17 on a pot of 201 leave 184; the site pays 185."""
    b = HandBuilder(sb=2, bb=5, button=1, site=site).seat(1, "A", 1000).seat(2, "B", 1000)
    b.post_sb(1).post_bb(2).raise_to(1, 100).fold(2).uncalled(1, 95)
    b.total_pot(10).rake(1)
    return b.collect(1, collected)


def test_a_fee_rounded_half_a_chip_is_one_warning():
    r = replay(_rounded_fee("winamax", 10).build())
    assert errors(r) == [] and codes(r, Severity.WARNING) == ["pot_not_distributed"]


def test_a_fee_rounded_on_pokerstars_stays_two_errors():
    r = replay(_rounded_fee("pokerstars", 10).build())
    assert codes(r, Severity.ERROR) == ["pot_not_distributed", "collected_mismatch"]


def test_two_chips_off_is_not_a_rounding():
    r = replay(_rounded_fee("winamax", 11).build())
    assert "collected_mismatch" in codes(r, Severity.ERROR)


def test_a_printed_fee_the_site_did_not_take_is_one_error():
    # as GGPoker RC3793645305 (on a site with the generic rules): "Tax $0.01" printed, the
    # winner paid as if it were not taken.
    b = HandBuilder(sb=2, bb=5, button=1, site="winamax").seat(1, "A", 1000).seat(2, "B", 1000)
    b.post_sb(1).post_bb(2).raise_to(1, 100).fold(2).uncalled(1, 95)
    r = replay(b.total_pot(10).rake(0).fee("Tax", 1).collect(1, 10).build())
    assert codes(r, Severity.ERROR) == ["pot_not_distributed"]
    assert "printed a fee (Tax) it did not take" in errors(r)[0][1]
